//! Tiled mazes in a terminal, as plotting tools draw there: Unicode braille, each character
//! a block of 2 x 4 dots. Walls are solid lines of dots, the path a dotted line, in colour
//! when asked except in the characters a wall passes through (a character has one colour,
//! which would run onto the wall); start and goal are the letters S and G.
//!
//! [`render_frame`] draws one frame of a replay the same way: the cells the carving has not
//! reached solid, the explored cells shaded, the path as far as it has gone.

use super::beyond::{self, Anchor, Mark};
use super::layout::{Layout, Px, Scratch, arc_points};
use crate::error::{RenderError, Result};
use grid_core::Pos;
use grid_core::tiling::{Cell, TiledDoc, TiledMaze, Tiling, Topology};
use owo_colors::{OwoColorize, Style};
use std::collections::{HashMap, HashSet};
use std::io::Write;

/// The most characters a braille drawing has across or down: past it, the maze is a
/// picture's job.
pub const MAX_TEXT_SIDE: u64 = 1000;

/// What a dot shows, in the order in which one covers another: a wall covers all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dot {
    Empty,
    Explored,
    Path,
    Wall,
}

/// What a character shows: the colour it is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Walls,
    Explored,
    Path,
    Start,
    Goal,
}

/// Braille dots a unit of each tiling: enough that a cell reads as its shape.
fn dots_per_unit(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Hex => 5.0,
        Tiling::Triangle => 6.0,
        Tiling::Octagon => 6.0,
        // A level's cell two lines high, so that its stairs' arrow stands clear of its walls.
        Tiling::Levels => 8.0,
        Tiling::Polar | Tiling::Square | Tiling::Wrapped | Tiling::Cube => 4.0,
    }
}

struct Dots {
    width: usize,
    height: usize,
    dots: Vec<Dot>,
}

impl Dots {
    fn set(&mut self, (x, y): Px, dot: Dot) {
        if x < 0.0 || y < 0.0 {
            return;
        }
        let (x, y) = (x as usize, y as usize);
        if x < self.width && y < self.height {
            let d = &mut self.dots[y * self.width + x];
            *d = (*d).max(dot);
        }
    }

    /// Sets a dot every `gap` dots along a line through `points`, counted along the whole
    /// line (a dotted line that keeps its rhythm round corners).
    fn dotted(&mut self, points: &[Px], gap: f64, dot: Dot) {
        let mut next = 0.0;
        let mut walked = 0.0;
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            while next <= walked + len {
                let t = if len > 0.0 {
                    (next - walked) / len
                } else {
                    0.0
                };
                self.set((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), dot);
                next += gap;
            }
            walked += len;
        }
    }

    /// Sets the dots inside `polygon`, or every other one (a shade) when `sparse`.
    fn fill(&mut self, polygon: &[Px], dot: Dot, sparse: bool) {
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for p in polygon {
            (x0, y0, x1, y1) = (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1));
        }
        for y in y0.max(0.0) as usize..=y1.max(0.0) as usize {
            for x in x0.max(0.0) as usize..=x1.max(0.0) as usize {
                let at = (x as f64 + 0.5, y as f64 + 0.5);
                if (!sparse || (x + y) % 2 == 0) && inside(polygon, at) {
                    self.set(at, dot);
                }
            }
        }
    }

    /// Sets the dots along a straight line, half a dot apart.
    fn line(&mut self, a: Px, b: Px, dot: Dot) {
        let steps = ((b.0 - a.0).hypot(b.1 - a.1) * 2.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let t = k as f64 / steps as f64;
            self.set((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), dot);
        }
    }
}

/// Whether `at` lies inside `polygon` (even-odd).
fn inside(polygon: &[Px], at: Px) -> bool {
    let mut odd = false;
    for (k, a) in polygon.iter().enumerate() {
        let b = polygon[(k + 1) % polygon.len()];
        if (a.1 > at.1) != (b.1 > at.1) && at.0 < a.0 + (b.0 - a.0) * (at.1 - a.1) / (b.1 - a.1) {
            odd = !odd;
        }
    }
    odd
}

/// How far a replay has gone: the first `carved` steps of the carving (`trace`), the first
/// `explored` cells of the search and the first `walked` steps of the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    pub carved: usize,
    pub explored: usize,
    pub walked: usize,
}

/// What a frame of a replay draws besides the still's drawing.
#[derive(Debug, Default)]
struct Story {
    /// The cells the carving has not reached yet, drawn solid.
    covered: HashSet<Pos>,
    /// A frame: the explored cells shaded.
    replay: bool,
}

/// Draws a tiled maze in braille, coloured when `color`.
pub fn render(doc: &TiledDoc, color: bool, out: &mut impl Write) -> Result<()> {
    render_story(doc, &Story::default(), color, out)
}

/// Draws one frame of the replay of `doc` in braille: as [`render`] draws the maze, with
/// the cells the carving has not reached solid, the explored cells shaded, the path as far
/// as `progress` and the marks of stairs and seams once their cells are carved.
pub fn render_frame(
    doc: &TiledDoc,
    progress: Progress,
    color: bool,
    out: &mut impl Write,
) -> Result<()> {
    let trace = doc.trace.as_deref().unwrap_or_default();
    let carved: HashSet<Pos> = trace[..progress.carved.min(trace.len())]
        .iter()
        .copied()
        .collect();
    let covered = trace
        .iter()
        .filter(|p| !carved.contains(p))
        .copied()
        .collect();
    let mut shown = doc.clone();
    shown.trace = None;
    if let Some(s) = &mut shown.solution {
        if let Some(order) = &mut s.explored_order {
            order.truncate(progress.explored);
        }
        if let Some(path) = &mut s.path {
            path.truncate(progress.walked + 1);
        }
    }
    let story = Story {
        covered,
        replay: true,
    };
    render_story(&shown, &story, color, out)
}

fn render_story(doc: &TiledDoc, story: &Story, color: bool, out: &mut impl Write) -> Result<()> {
    let scale = dots_per_unit(doc.maze.tiling());
    // Beyond the plane, room for the labels and seam letters: two lines, four columns.
    let margin = if doc.maze.tiling().is_plane() {
        1.0
    } else {
        8.0
    };
    let layout = Layout::with_margin(doc, scale, margin);
    let (w, h) = layout.pixels(0);
    let (columns, lines) = (w.div_ceil(2), h.div_ceil(4));
    if columns > MAX_TEXT_SIDE || lines > MAX_TEXT_SIDE {
        return Err(RenderError::TextTooLarge {
            columns,
            lines,
            max: MAX_TEXT_SIDE,
        });
    }
    let mut dots = Dots {
        width: columns as usize * 2,
        height: lines as usize * 4,
        dots: vec![Dot::Empty; columns as usize * 2 * lines as usize * 4],
    };
    let covered: HashSet<Cell> = grid_core::on_tiled_maze!(&doc.maze, m => story
        .covered
        .iter()
        .filter_map(|&p| m.cell_at(p))
        .collect());
    let mut ends = grid_core::on_tiled_maze!(&doc.maze, m => draw(m, &layout, story.replay, &covered, &mut dots));
    let marks = beyond::marks(doc, &layout);
    let carved = |cells: &[Cell]| cells.iter().all(|c| !covered.contains(c));
    let shown = marks.iter().filter(|mark| match mark {
        Mark::Stairs { cells, .. } => carved(cells),
        Mark::Seam { link, .. } => carved(&[link.0, link.1]),
        _ => true,
    });
    put_marks(shown, &mut ends);
    let mut text = String::new();
    // Blank lines below the drawing (the last row of dots may hold nothing) are left out;
    // beyond the plane, so are those above it (the margin kept for labels).
    let mut blank_lines = 0;
    let mut above = !doc.maze.tiling().is_plane();
    for line in 0..lines as usize {
        text.clear();
        // A label wider than the drawing (a narrow Möbius strip's) runs on past it.
        let wide = ends
            .keys()
            .filter(|&&(_, l)| l == line)
            .map(|&(c, _)| c + 1)
            .fold(columns as usize, usize::max);
        for column in 0..wide {
            let (glyph, shows) = match ends.get(&(column, line)) {
                Some(&(letter, shows)) => (letter, shows),
                None if column >= columns as usize => ('\u{2800}', Shows::Walls),
                None => character(&dots, column, line),
            };
            let style = match shows {
                _ if !color => None,
                Shows::Path => Some(Style::new().cyan().bold()),
                Shows::Explored => Some(Style::new().yellow()),
                Shows::Start => Some(Style::new().green().bold()),
                Shows::Goal => Some(Style::new().yellow().bold()),
                Shows::Walls => None,
            };
            match style {
                Some(s) => {
                    use std::fmt::Write as _;
                    let _ = write!(text, "{}", glyph.style(s));
                }
                None => text.push(glyph),
            }
        }
        let trimmed = text.trim_end_matches('\u{2800}');
        if trimmed.is_empty() {
            blank_lines += usize::from(!above);
            continue;
        }
        above = false;
        for _ in 0..std::mem::take(&mut blank_lines) {
            out.write_all(b"\n")?;
        }
        out.write_all(trimmed.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The braille character of the block of dots at (`column`, `line`), and what it shows. A
/// character that a wall passes through shows as a wall: the path's colour would run onto
/// the wall's dots (its own dots there stay, dotted, apart from the solid wall). A replay's
/// shade of explored cells gives way to the path, whose dots would be lost in it.
fn character(dots: &Dots, column: usize, line: usize) -> (char, Shows) {
    // The bit of each dot of a braille cell, by (x, y) within the 2 x 4 block.
    const BITS: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
    let (mut drawn, mut shade) = (0, 0);
    let (mut wall, mut path) = (false, false);
    for (dx, column_bits) in BITS.iter().enumerate() {
        for (dy, &bit) in column_bits.iter().enumerate() {
            match dots.dots[(line * 4 + dy) * dots.width + column * 2 + dx] {
                Dot::Empty => continue,
                Dot::Wall => wall = true,
                Dot::Path => path = true,
                Dot::Explored => {
                    shade |= bit;
                    continue;
                }
            }
            drawn |= bit;
        }
    }
    let (bits, shows) = match (wall, path, shade != 0) {
        (false, true, _) => (drawn, Shows::Path),
        (false, false, true) => (shade, Shows::Explored),
        _ => (drawn | shade, Shows::Walls),
    };
    (char::from_u32(0x2800 + bits).unwrap_or(' '), shows)
}

/// The characters that stand instead of dots: start and goal, and the marks of a maze
/// beyond the plane; by (column, line), each letter and what it shows.
type Letters = HashMap<(usize, usize), (char, Shows)>;

/// The character (column, line) holding the dot `at`.
fn character_at((x, y): Px) -> (usize, usize) {
    ((x.max(0.0) / 2.0) as usize, (y.max(0.0) / 4.0) as usize)
}

/// Writes the marks of a maze beyond the plane into `letters`, where start and goal do not
/// stand: labels and seam letters as text, stairs as arrows (up, down, both); the cube's
/// face names are left to pictures, for on a face they would hide its walls.
fn put_marks<'a>(marks: impl IntoIterator<Item = &'a Mark>, letters: &mut Letters) {
    // The characters seam letters took, so that two never touch.
    let mut seams: HashSet<(usize, usize)> = HashSet::new();
    for mark in marks {
        let (at, text, anchor, shows) = match mark {
            Mark::Label { at, text, anchor } => (*at, text.clone(), *anchor, Shows::Walls),
            Mark::Seam {
                at,
                side,
                pair,
                anchor,
                on_path,
                ..
            } => {
                let shows = if *on_path { Shows::Path } else { Shows::Walls };
                let name = beyond::pair_name(*pair);
                put_seam(*side, *at, &name, *anchor, shows, letters, &mut seams);
                continue;
            }
            Mark::Stairs { at, up, down, .. } => {
                let arrow = match (up, down) {
                    (true, true) => "\u{2195}",
                    (true, false) => "\u{2191}",
                    _ => "\u{2193}",
                };
                (*at, arrow.to_string(), Anchor::Middle, Shows::Walls)
            }
            Mark::Name { .. } => continue,
        };
        let (column, line) = character_at(at);
        let n = text.chars().count();
        let first = match anchor {
            Anchor::Start => column,
            Anchor::Middle => column.saturating_sub(n / 2),
            Anchor::End => (column + 1).saturating_sub(n),
        };
        for (k, ch) in text.chars().enumerate() {
            letters.entry((first + k, line)).or_insert((ch, shows));
        }
    }
}

/// Writes a seam's letter `name` beside the middle of its cell's `side`, one character out
/// from the wall's: on the line of the side for a left or right edge, the line above or below
/// for a top or bottom one (`at`, where a picture puts it, tells which way is out). Where
/// that character is taken, or touches another seam's letter, the letter moves along the
/// side, a character at a time each way, then one further out: a terminal's characters are
/// coarse, and the letters of neighbouring rows or of a net's inner corner would land on
/// one another.
fn put_seam(
    side: Px,
    at: Px,
    name: &str,
    anchor: Anchor,
    shows: Shows,
    letters: &mut Letters,
    seams: &mut HashSet<(usize, usize)>,
) {
    let (column, line) = character_at(side);
    let (column, line) = (column as isize, line as isize);
    let n = name.chars().count() as isize;
    // Where the name starts, and which way is along the side.
    let (start, along): ((isize, isize), (isize, isize)) = match anchor {
        Anchor::End => ((column - n, line), (0, 1)),
        Anchor::Start => ((column + 1, line), (0, 1)),
        Anchor::Middle if at.1 < side.1 => ((column - n / 2, line - 1), (1, 0)),
        Anchor::Middle => ((column - n / 2, line + 1), (1, 0)),
    };
    let out = match anchor {
        Anchor::End => (-1, 0),
        Anchor::Start => (1, 0),
        Anchor::Middle if at.1 < side.1 => (0, -1),
        Anchor::Middle => (0, 1),
    };
    let free = |(c, l): (isize, isize), letters: &Letters, seams: &HashSet<(usize, usize)>| {
        if c < 1 || l < 0 {
            return false;
        }
        let cells = (c..c + n).map(|k| (k as usize, l as usize));
        let touching = [(c - 1, l), (c + n, l)].map(|(k, l)| (k.max(0) as usize, l as usize));
        cells.clone().all(|p| !letters.contains_key(&p))
            && touching.iter().all(|p| !seams.contains(p))
    };
    let shifts = [0, -1, 1, -2, 2, -3, 3];
    let candidates = [0, 1].into_iter().flat_map(|further| {
        shifts.map(move |k| {
            (
                start.0 + along.0 * k + out.0 * further,
                start.1 + along.1 * k + out.1 * further,
            )
        })
    });
    let mut chosen = start;
    for c in candidates {
        if free(c, letters, seams) {
            chosen = c;
            break;
        }
    }
    let (c, l) = (chosen.0.max(0) as usize, chosen.1.max(0) as usize);
    for (k, ch) in name.chars().enumerate() {
        letters.entry((c + k, l)).or_insert((ch, shows));
        seams.insert((c + k, l));
    }
}

/// Draws the walls and the path into `dots` (a cell the path reaches and leaves over stairs
/// or seams is a dot), and in a `replay`'s frame the `covered` cells solid and the explored
/// ones shaded; returns where start and goal stand.
fn draw<T: Topology>(
    m: &TiledMaze<T>,
    layout: &Layout,
    replay: bool,
    covered: &HashSet<Cell>,
    dots: &mut Dots,
) -> Letters {
    let mut scratch = Scratch::default();
    let centre = layout.centre();
    let t = m.topology();
    for &cell in covered {
        dots.fill(
            &layout.polygon(t, cell, 1.0, &mut scratch),
            Dot::Wall,
            false,
        );
    }
    if replay {
        for &cell in &layout.explored {
            let polygon = layout.polygon(t, cell, 1.0, &mut scratch);
            dots.fill(&polygon, Dot::Explored, true);
        }
    }
    layout.for_each_wall(m, &mut scratch, |line| {
        let mut points = vec![line.from];
        if let Some((radius, clockwise)) = line.arc {
            points.extend(arc_points(
                centre, radius, line.from, line.to, clockwise, 1.0,
            ));
        }
        points.push(line.to);
        for pair in points.windows(2) {
            dots.line(pair[0], pair[1], Dot::Wall);
        }
    });
    for piece in layout.path_pieces() {
        dots.dotted(piece, 2.0, Dot::Path);
        if let ([cell], true) = (piece, layout.path.len() > 1) {
            dots.set(*cell, Dot::Path);
        }
    }
    [
        (layout.start, 'S', Shows::Start),
        (layout.goal, 'G', Shows::Goal),
    ]
    .into_iter()
    .filter_map(|(cell, letter, shows)| {
        let at = character_at(layout.place(t.center(cell?)));
        Some((at, (letter, shows)))
    })
    // Where start and goal share a character, the start stands there.
    .fold(Letters::new(), |mut letters, (at, shown)| {
        letters.entry(at).or_insert(shown);
        letters
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    /// A 3 x 3 torus whose path (and carving) runs through every cell, over two seams.
    const TORUS: &str = r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"xy","cells":["210","112","122"],"start":[2,0],"goal":[0,0],"trace":[[2,0],[2,1],[0,1],[0,2],[2,2],[1,2],[1,1],[1,0],[0,0]],"solution":{"algorithm":"bfs","path":[[2,0],[2,1],[0,1],[0,2],[2,2],[1,2],[1,1],[1,0],[0,0]],"length":8,"explored":9}}"#;

    fn torus() -> TiledDoc {
        TiledDoc::from_document(&Document::from_json(TORUS).unwrap()).unwrap()
    }

    fn frame(d: &TiledDoc, carved: usize, walked: usize) -> String {
        let mut out = Vec::new();
        let progress = Progress {
            carved,
            explored: 0,
            walked,
        };
        render_frame(d, progress, false, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_replay_starts_solid_and_ends_on_the_still_drawing() {
        let d = torus();
        let mut still = Vec::new();
        render(&d, false, &mut still).unwrap();
        assert_eq!(frame(&d, 9, 8), String::from_utf8(still).unwrap());
        let first = frame(&d, 0, 0);
        assert!(
            first.contains('\u{28ff}'),
            "uncarved cells are solid:\n{first}"
        );
        assert!(
            !first.contains(['a', 'b', 'c']),
            "no seam's letters before its cells are carved:\n{first}"
        );
    }

    #[test]
    fn a_label_wider_than_the_drawing_is_written_whole() {
        let strip = r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"mobius","cells":["000","000","000"]}"#;
        let d = TiledDoc::from_document(&Document::from_json(strip).unwrap()).unwrap();
        let mut out = Vec::new();
        render(&d, false, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("flipped: row r meets 2-r\n"), "{text}");
    }

    #[test]
    fn a_step_over_a_seam_is_seen_where_it_lands() {
        let d = torus();
        // Step 1 goes from [2, 1] over the bottom edge to [0, 1], at the top.
        let (before, after) = (frame(&d, 9, 1), frame(&d, 9, 2));
        let grid =
            |text: &str| -> Vec<Vec<char>> { text.lines().map(|l| l.chars().collect()).collect() };
        let (before, after) = (grid(&before), grid(&after));
        let changed: Vec<(usize, usize)> = (0..after.len())
            .flat_map(|line| (0..after[line].len()).map(move |col| (col, line)))
            .filter(|&(col, line)| before[line].get(col) != Some(&after[line][col]))
            .collect();
        // Where the drawing puts the cells' centres, against the start's S.
        let layout = Layout::with_margin(&d, dots_per_unit(Tiling::Wrapped), 8.0);
        let grid_core::tiling::AnyMaze::Wrapped(m) = &d.maze else {
            panic!("a wrapped maze");
        };
        let centre = |r, c| {
            let cell = m.cell_at(Pos::new(r, c)).unwrap();
            character_at(layout.place(m.topology().center(cell)))
        };
        let s = after
            .iter()
            .enumerate()
            .find_map(|(line, l)| l.iter().position(|&ch| ch == 'S').map(|col| (col, line)))
            .unwrap();
        let (start, landing) = (centre(2, 0), centre(0, 1));
        let expected = (s.0 + landing.0 - start.0, s.1 + landing.1 - start.1);
        assert_eq!(
            changed,
            vec![expected],
            "the landing's dot, and nothing else"
        );
    }
}
