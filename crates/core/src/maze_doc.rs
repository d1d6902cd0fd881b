//! The typed view of a `kind = "maze"` document.

use crate::doc::{Document, Kind};
use crate::error::{Error, Result};
use crate::geom::{Dir, Pos};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

/// One tile of a maze map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tile {
    Wall,
    Open,
    /// Two passages crossing, one over the other (a weave maze): `'|'` when the north-south
    /// passage is on top, `'-'` when the east-west one is. A path through it goes straight.
    Crossing(Axis),
}

/// The two axes of a four-connected grid: north-south and east-west.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Axis {
    NorthSouth,
    EastWest,
}

impl Axis {
    /// The axis a step in `dir` runs along.
    pub const fn of(dir: Dir) -> Axis {
        match dir {
            Dir::North | Dir::South => Axis::NorthSouth,
            Dir::East | Dir::West => Axis::EastWest,
        }
    }

    pub const fn other(self) -> Axis {
        match self {
            Axis::NorthSouth => Axis::EastWest,
            Axis::EastWest => Axis::NorthSouth,
        }
    }
}

impl Tile {
    pub const fn to_char(self) -> u8 {
        match self {
            Tile::Wall => b'#',
            Tile::Open => b' ',
            Tile::Crossing(Axis::NorthSouth) => b'|',
            Tile::Crossing(Axis::EastWest) => b'-',
        }
    }

    /// Whether a path may stand on the tile (floor or a crossing).
    pub const fn is_open(self) -> bool {
        !matches!(self, Tile::Wall)
    }

    pub const fn is_crossing(self) -> bool {
        matches!(self, Tile::Crossing(_))
    }
}

/// What a solver found, as docs/format.md writes it under `solution`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    pub algorithm: String,
    /// Start to goal, each step to a four-neighbour; `None` when there is no path.
    pub path: Option<Vec<Pos>>,
    /// Steps in `path` (its length minus one); `None` with no path.
    pub length: Option<usize>,
    /// Tiles the solver examined.
    pub explored: usize,
    /// The examined tiles in order, with `--trace`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explored_order: Option<Vec<Pos>>,
    /// Why the solver stopped without a path when that proves nothing (a wall follower going
    /// round in circles): `path` is then `null` though a path may exist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gave_up: Option<String>,
}

/// What a maze's `trace` records. docs/format.md defines the carving order; a wall-adding
/// generator (recursive division) starts from an open field and records the walls it raises
/// instead, and says so with `trace_mode: "wall"` (an extension of the format).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum TraceMode {
    #[default]
    Carve,
    Wall,
}

/// The figures of one maze (`stats`, written by `mazesolve --stats`; computed by
/// `grid_maze::stats`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MazeStats {
    /// Nodes: cells of a cell maze, open tiles of another map.
    pub cells: usize,
    /// Nodes with one way out.
    pub dead_ends: usize,
    /// `dead_ends / cells`.
    pub dead_end_share: f64,
    /// Nodes with three ways out.
    pub junctions3: usize,
    /// Nodes with four ways out.
    pub junctions4: usize,
    /// Steps between nodes (cells) of the shortest path from start to goal; `None` when
    /// there is none. `solution.length` counts tiles: twice this on a cell maze. Read under
    /// its earlier name `solution_length` too.
    #[serde(alias = "solution_length")]
    pub solution_length_cells: Option<usize>,
    /// Changes of direction along that path.
    pub turns: Option<usize>,
    /// Nodes along that path, start and goal left out, where more than one way leads on: the
    /// choices a walker makes.
    pub decisions: Option<usize>,
    /// Steps between nodes (cells) of the longest path between two nodes (the maze's diameter; exact for perfect
    /// mazes, two breadth-first searches from a node of each piece otherwise).
    #[serde(alias = "longest_path")]
    pub longest_path_cells: usize,
    /// How long the corridors run: the mean number of steps of a corridor, a stretch of
    /// nodes with two ways out between two nodes that have one, three or four. Long winding
    /// corridors (hunt-and-kill, backtracker) give a high river, many short branches
    /// (Prim, Kruskal) a low one.
    pub river: f64,
}

/// A maze document, read and checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MazeDoc {
    pub tiles: Grid<Tile>,
    pub start: Pos,
    pub goal: Pos,
    /// `[W, H]` of a cell maze (`meta.cells`), when the grid really has that shape.
    pub cells: Option<(usize, usize)>,
    pub trace: Option<Vec<Pos>>,
    pub trace_mode: TraceMode,
    pub solution: Option<Solution>,
}

impl MazeDoc {
    /// Reads and checks a maze document: the grid holds only `#`, ` ` and the crossings `|`
    /// and `-` (each with open tiles on all four sides), start and goal are open tiles inside
    /// it (or default to the first and last open tiles in reading order).
    pub fn from_document(doc: &Document) -> Result<Self> {
        if doc.kind() != Kind::Maze {
            return Err(Error::input(format!(
                "expected a maze document, found kind \"{}\"",
                doc.kind()
            )));
        }
        // A grid of tiles is one flat square maze: a wrap or levels would be read as not
        // there, and the maze walked as another than the one written.
        if doc.has("wrap") {
            return Err(Error::input(
                "field `wrap`: a maze written as a `grid` of tiles does not wrap; square cells \
                 with joined edges are a `\"tiling\": \"wrapped\"` maze",
            ));
        }
        if doc.has("levels") {
            return Err(Error::input(
                "field `levels`: a maze written as a `grid` of tiles has one level; stacked \
                 grids are a `\"tiling\": \"levels\"` maze",
            ));
        }
        let bytes = doc
            .grid_bytes()?
            .ok_or_else(|| Error::input("field `grid`: missing"))?;
        let tiles = tiles_of(&bytes)?;
        let start = end_point(doc, "start", &tiles, || {
            tiles.cells().iter().position(|t| t.is_open())
        })?;
        let goal = end_point(doc, "goal", &tiles, || {
            tiles.cells().iter().rposition(|t| t.is_open())
        })?;
        let cells = doc
            .meta_field::<(usize, usize)>("cells")?
            .filter(|&(w, h)| is_cell_maze(&tiles, w, h));
        let trace: Option<Vec<Pos>> = doc.field("trace")?;
        if let Some(p) = trace.iter().flatten().find(|p| !tiles.contains(**p)) {
            return Err(Error::input(format!(
                "field `trace`: {p} is outside the {}x{} grid",
                tiles.width(),
                tiles.height()
            )));
        }
        Ok(MazeDoc {
            start,
            goal,
            cells,
            trace,
            trace_mode: doc.field("trace_mode")?.unwrap_or_default(),
            solution: doc.field("solution")?,
            tiles,
        })
    }

    /// Writes the fields this view owns into `doc`, keeping every other field.
    pub fn write_into(&self, doc: &mut Document) {
        doc.set_grid(&self.tiles, |t| t.to_char());
        doc.set("start", self.start);
        doc.set("goal", self.goal);
        if let Some(trace) = &self.trace {
            doc.set("trace", trace);
            if self.trace_mode != TraceMode::Carve {
                doc.set("trace_mode", self.trace_mode);
            }
        }
        if let Some(solution) = &self.solution {
            doc.set("solution", solution);
        }
    }

    /// The tiles outside a masked cell maze's shape, to be drawn as background: the cells the
    /// mask leaves out, the walls with such cells (or the edge) on both sides, and the
    /// corners with no cell of the maze around them. `None` when nothing is left out.
    pub fn outside(&self) -> Option<Grid<bool>> {
        let (w, h) = self.cells?;
        let tiles = &self.tiles;
        let cell_out =
            |r: usize, c: usize| r >= h || c >= w || tiles[cell_tile(r, c)] == Tile::Wall;
        if !(0..h).any(|r| (0..w).any(|c| cell_out(r, c))) {
            return None;
        }
        // The cells around a tile, as cell coordinates offset by one so that the edge is -1.
        let out = |r: isize, c: isize| r < 0 || c < 0 || cell_out(r as usize, c as usize);
        let mut grid = Grid::new(tiles.width(), tiles.height(), false);
        for p in tiles.positions() {
            let (r, c) = (p.row as isize, p.col as isize);
            grid[p] = match (p.row % 2, p.col % 2) {
                (1, 1) => out((r - 1) / 2, (c - 1) / 2),
                (1, 0) => out((r - 1) / 2, c / 2 - 1) && out((r - 1) / 2, c / 2),
                (0, 1) => out(r / 2 - 1, (c - 1) / 2) && out(r / 2, (c - 1) / 2),
                _ => {
                    let (a, b) = (r / 2 - 1, c / 2 - 1);
                    out(a, b) && out(a, b + 1) && out(a + 1, b) && out(a + 1, b + 1)
                }
            };
        }
        Some(grid)
    }

    /// A new document holding this maze (and `meta`, to be filled in by the caller).
    pub fn to_document(&self) -> Document {
        let mut doc = Document::new(Kind::Maze);
        self.write_into(&mut doc);
        doc
    }
}

/// The tile of cell `(r, c)` of a cell maze.
fn cell_tile(r: usize, c: usize) -> Pos {
    Pos::new(2 * r + 1, 2 * c + 1)
}

fn tiles_of(bytes: &Grid<u8>) -> Result<Grid<Tile>> {
    let mut cells = Vec::with_capacity(bytes.len());
    let mut crossings = false;
    for (i, &b) in bytes.cells().iter().enumerate() {
        cells.push(match b {
            b'#' => Tile::Wall,
            b' ' => Tile::Open,
            b'|' => Tile::Crossing(Axis::NorthSouth),
            b'-' => Tile::Crossing(Axis::EastWest),
            other => {
                let p = bytes.pos_of(i);
                return Err(Error::input(format!(
                    "field `grid`: row {} column {} has {:?}; a maze has only '#' (wall), ' ' \
                     (floor) and the crossings '|' and '-'",
                    p.row, p.col, other as char
                )));
            }
        });
        crossings |= b == b'|' || b == b'-';
    }
    let tiles = Grid::from_vec(bytes.width(), bytes.height(), cells).expect("same size");
    if crossings {
        check_crossings(&tiles)?;
    }
    Ok(tiles)
}

/// Every crossing has open tiles on its four sides: the two passages it carries.
fn check_crossings(tiles: &Grid<Tile>) -> Result<()> {
    for p in tiles.positions().filter(|&p| tiles[p].is_crossing()) {
        let closed = Dir::ALL.into_iter().find(|&d| {
            p.step(d)
                .filter(|&q| tiles.contains(q))
                .is_none_or(|q| !tiles[q].is_open())
        });
        if let Some(d) = closed {
            return Err(Error::input(format!(
                "field `grid`: the crossing {:?} at row {} column {} has no passage to the {}; \
                 a crossing needs open tiles on all four sides",
                tiles[p].to_char() as char,
                p.row,
                p.col,
                d.name()
            )));
        }
    }
    Ok(())
}

fn end_point(
    doc: &Document,
    name: &str,
    tiles: &Grid<Tile>,
    default: impl FnOnce() -> Option<usize>,
) -> Result<Pos> {
    match doc.field::<Pos>(name)? {
        Some(p) if !tiles.contains(p) => Err(Error::input(format!(
            "field `{name}`: {p} is outside the {}x{} grid",
            tiles.width(),
            tiles.height()
        ))),
        Some(p) if !tiles[p].is_open() => {
            Err(Error::input(format!("field `{name}`: {p} is a wall")))
        }
        Some(p) => Ok(p),
        None => default().map(|i| tiles.pos_of(i)).ok_or_else(|| {
            Error::input(format!(
                "field `{name}`: missing, and the grid has no open tile to use instead"
            ))
        }),
    }
}

/// Whether `tiles` has the shape of a W x H cell maze: (2W+1) x (2H+1) tiles, walls at every
/// even/even position, crossings only on cell tiles, and walls all round a cell tile that is
/// a wall (a cell left out by a mask).
pub fn is_cell_maze(tiles: &Grid<Tile>, w: usize, h: usize) -> bool {
    if w == 0 || h == 0 || tiles.width() != 2 * w + 1 || tiles.height() != 2 * h + 1 {
        return false;
    }
    let walled = |p: Pos| {
        Dir::ALL
            .into_iter()
            .all(|d| p.step(d).is_some_and(|q| tiles[q] == Tile::Wall))
    };
    tiles.positions().all(|p| match (p.row % 2, p.col % 2) {
        (0, 0) => tiles[p] == Tile::Wall,
        (1, 1) => tiles[p] != Tile::Wall || walled(p),
        _ => !tiles[p].is_crossing(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<MazeDoc> {
        MazeDoc::from_document(&Document::from_json(text)?)
    }

    const SMALL: &str = r######"{"kind":"maze","version":1,"width":5,"height":3,"grid":["#####","#   #","#####"],"meta":{"cells":[2,1]}}"######;

    #[test]
    fn start_and_goal_default_to_the_first_and_last_open_tiles() {
        let m = parse(SMALL).unwrap();
        assert_eq!(m.start, Pos::new(1, 1));
        assert_eq!(m.goal, Pos::new(1, 3));
        assert_eq!(m.cells, Some((2, 1)));
    }

    #[test]
    fn start_in_a_wall_is_refused() {
        let text = SMALL.replace(r#""meta""#, r#""start":[0,0],"meta""#);
        let e = parse(&text).unwrap_err().to_string();
        assert_eq!(e, "field `start`: [0, 0] is a wall");
        let text = SMALL.replace(r#""meta""#, r#""goal":[9,0],"meta""#);
        assert!(parse(&text).unwrap_err().to_string().contains("outside"));
    }

    #[test]
    fn strange_characters_are_named_with_their_place() {
        let text = SMALL.replace("#   #", "# x #");
        let e = parse(&text).unwrap_err().to_string();
        assert!(e.contains("row 1 column 2 has 'x'"), "{e}");
    }

    #[test]
    fn cells_that_do_not_fit_the_grid_are_ignored() {
        let text = SMALL.replace("[2,1]", "[3,1]");
        assert_eq!(parse(&text).unwrap().cells, None);
    }

    #[test]
    fn crossings_are_read_and_need_four_open_sides() {
        let text = r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["## ##","## ##","  |  ","## ##","## ##"],"start":[2,0],"goal":[2,4]}"######;
        let m = parse(text).unwrap();
        assert_eq!(m.tiles[Pos::new(2, 2)], Tile::Crossing(Axis::NorthSouth));
        let closed = text.replace(
            r######""## ##","  |  ""######,
            r######""#####","  |  ""######,
        );
        let e = parse(&closed).unwrap_err().to_string();
        assert!(
            e.contains("row 2 column 2 has no passage to the north"),
            "{e}"
        );
    }

    #[test]
    fn left_out_cells_make_background_tiles() {
        // A 2x2 cell maze whose bottom-right cell is left out.
        let text = r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["#####","#   #","# ###","# ###","#####"],"meta":{"cells":[2,2]}}"######;
        let m = parse(text).unwrap();
        assert_eq!(m.cells, Some((2, 2)));
        let out = m.outside().unwrap();
        let rows: Vec<String> = (0..5)
            .map(|r| {
                (0..5)
                    .map(|c| if out[Pos::new(r, c)] { 'o' } else { '.' })
                    .collect()
            })
            .collect();
        assert_eq!(rows, [".....", ".....", ".....", "...oo", "...oo"]);
        assert_eq!(parse(SMALL).unwrap().outside(), None);
    }

    #[test]
    fn a_round_trip_keeps_unknown_fields() {
        let text = SMALL.replace(r#""meta""#, r#""colour":"red","meta""#);
        let mut doc = Document::from_json(&text).unwrap();
        let m = MazeDoc::from_document(&doc).unwrap();
        m.write_into(&mut doc);
        assert_eq!(doc.raw("colour").unwrap().get(), "\"red\"");
        assert_eq!(MazeDoc::from_document(&doc).unwrap(), m);
    }
}
