//! Mazes as text: thin box-drawing walls for cell mazes, blocks for any other map; start,
//! goal and the solution path marked.

use crate::options::{MazeStyle, Options};
use grid_core::{Axis, Error, Grid, MazeDoc, Pos, Result, Tile};
use owo_colors::{OwoColorize, Style};
use std::io::Write;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Path,
    Start,
    Goal,
}

pub(crate) fn render(m: &MazeDoc, opts: &Options, out: &mut impl Write) -> Result<()> {
    let marks = marks(m);
    let thin = m.cells.is_some() && opts.maze_style != MazeStyle::Blocks;
    let painter = Painter { color: opts.color };
    let outside = m.outside();
    let is_out = |p: Pos| outside.as_ref().is_some_and(|o| o[p]);
    let mut line = String::new();
    for row in 0..m.tiles.height() {
        line.clear();
        for col in 0..m.tiles.width() {
            let p = Pos::new(row, col);
            let glyph = if is_out(p) {
                background(thin, p)
            } else if thin {
                thin_glyph(&m.tiles, p, marks[p], &is_out)
            } else {
                block_glyph(m.tiles[p], marks[p])
            };
            painter.push(&mut line, glyph, marks[p]);
        }
        line.push('\n');
        out.write_all(line.as_bytes()).map_err(Error::Io)?;
    }
    Ok(())
}

fn marks(m: &MazeDoc) -> Grid<Mark> {
    let mut marks = Grid::new(m.tiles.width(), m.tiles.height(), Mark::None);
    if let Some(path) = m.solution.as_ref().and_then(|s| s.path.as_ref()) {
        for &p in path {
            if marks.contains(p) {
                marks[p] = Mark::Path;
            }
        }
    }
    marks[m.start] = Mark::Start;
    marks[m.goal] = Mark::Goal;
    marks
}

/// A tile outside a masked maze: blank, as wide as the tile is drawn.
fn background(thin: bool, p: Pos) -> &'static str {
    if thin && p.col.is_multiple_of(2) {
        " "
    } else {
        "  "
    }
}

/// A crossing, two characters wide: the upper passage's two walls run through it, cutting
/// the lower passage (the marks of a path show as its colour).
fn crossing_glyph(over: Axis) -> &'static str {
    match over {
        Axis::NorthSouth => "││",
        Axis::EastWest => "══",
    }
}

fn block_glyph(tile: Tile, mark: Mark) -> &'static str {
    match (tile, mark) {
        (Tile::Wall, _) => "██",
        (Tile::Crossing(over), _) => crossing_glyph(over),
        (Tile::Open, Mark::None) => "  ",
        (Tile::Open, Mark::Path) => "··",
        (Tile::Open, Mark::Start) => "S ",
        (Tile::Open, Mark::Goal) => "G ",
    }
}

/// A cell maze drawn with lines: even/even tiles are junctions (one character), tiles between
/// two junctions are wall segments (two characters across, one down), cells are two wide.
fn thin_glyph(
    tiles: &Grid<Tile>,
    p: Pos,
    mark: Mark,
    is_out: &dyn Fn(Pos) -> bool,
) -> &'static str {
    let wide = p.col % 2 == 1;
    match (p.row.is_multiple_of(2), p.col.is_multiple_of(2)) {
        (true, true) => junction(tiles, p, is_out),
        _ if let Tile::Crossing(over) = tiles[p] => crossing_glyph(over),
        _ if tiles[p] == Tile::Wall => {
            if p.row.is_multiple_of(2) {
                "──"
            } else {
                "│"
            }
        }
        _ => match (mark, wide) {
            (Mark::None, true) => "  ",
            (Mark::None, false) => " ",
            (Mark::Path, true) => "··",
            (Mark::Path, false) => "·",
            (Mark::Start, true) => "S ",
            (Mark::Start, false) => "S",
            (Mark::Goal, true) => "G ",
            (Mark::Goal, false) => "G",
        },
    }
}

/// The box-drawing character joining the wall segments around a junction tile (segments
/// outside a masked maze are background, not walls).
fn junction(tiles: &Grid<Tile>, p: Pos, is_out: &dyn Fn(Pos) -> bool) -> &'static str {
    let wall = |d| {
        tiles
            .neighbour(p, d)
            .is_some_and(|q| tiles[q] == Tile::Wall && !is_out(q)) as usize
    };
    use grid_core::Dir::*;
    let key = wall(North) | wall(East) << 1 | wall(South) << 2 | wall(West) << 3;
    const GLYPHS: [&str; 16] = [
        " ", "╵", "╶", "└", "╷", "│", "┌", "├", "╴", "┘", "─", "┴", "┐", "┤", "┬", "┼",
    ];
    GLYPHS[key]
}

/// Adds colour to the marks when asked to.
struct Painter {
    color: bool,
}

impl Painter {
    fn push(&self, line: &mut String, glyph: &str, mark: Mark) {
        use std::fmt::Write as _;
        let style = match mark {
            _ if !self.color => None,
            Mark::None => None,
            Mark::Path => Some(Style::new().cyan().bold()),
            Mark::Start => Some(Style::new().green().bold()),
            Mark::Goal => Some(Style::new().yellow().bold()),
        };
        match style {
            None => line.push_str(glyph),
            Some(s) => {
                let _ = write!(line, "{}", glyph.style(s));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    fn draw(text: &str, style: MazeStyle) -> String {
        let doc = Document::from_json(text).unwrap();
        let m = MazeDoc::from_document(&doc).unwrap();
        let mut out = Vec::new();
        let opts = Options {
            maze_style: style,
            ..Options::default()
        };
        render(&m, &opts, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    const TWO_BY_TWO: &str = r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["#####","#   #","### #","#   #","#####"],"start":[1,1],"goal":[3,1],"meta":{"cells":[2,2]},"solution":{"algorithm":"bfs","path":[[1,1],[1,2],[1,3],[2,3],[3,3],[3,2],[3,1]],"length":6,"explored":7}}"######;

    #[test]
    fn cell_mazes_have_thin_walls_and_a_marked_path() {
        let text = draw(TWO_BY_TWO, MazeStyle::Auto);
        assert_eq!(text, "┌─────┐\n│S ···│\n├──╴··│\n│G ···│\n└─────┘\n");
    }

    #[test]
    fn left_out_cells_are_background_and_crossings_show() {
        // A 3x2 maze without its top-right cell, and a 3x3 maze with a crossing.
        let masked = r########"{"kind":"maze","version":1,"width":7,"height":5,"grid":["#######","#   ###","# #####","#     #","#######"],"meta":{"cells":[3,2]}}"########;
        let text = draw(masked, MazeStyle::Auto);
        assert_eq!(
            text,
            "┌─────┐   \n│S    │   \n│  ╶──┴──┐\n│      G │\n└────────┘\n"
        );
        let weave = r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"meta":{"cells":[3,3]}}"########;
        let text = draw(weave, MazeStyle::Auto);
        assert_eq!(text.lines().nth(3).unwrap(), "│S  ││ G │");
    }

    #[test]
    fn blocks_on_request() {
        let text = draw(TWO_BY_TWO, MazeStyle::Blocks);
        assert_eq!(text.lines().next().unwrap(), "██████████");
        assert_eq!(text.lines().nth(1).unwrap(), "██S ····██");
    }
}
