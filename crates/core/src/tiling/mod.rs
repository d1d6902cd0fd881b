//! Mazes on other tilings than the square grid (docs/format.md, "Other tilings"): hexagons,
//! triangles, octagons with squares, and the rings of a polar maze; and the topologies
//! beyond the plane: square grids stacked in levels, square grids whose edges wrap around,
//! and the six faces of a cube.
//!
//! A [`Topology`] says which cells there are, which cell lies across each side of a cell (in
//! clockwise order around it, the order a wall follower turns by) and which cell's forward
//! bit holds the passage through that side. A [`TiledMaze`] keeps those bits, one byte a
//! cell, exactly as the document's `cells` rows write them. Generators and solvers are
//! generic over the topology, so each inner loop is compiled for one tiling, with no dynamic
//! dispatch; [`AnyMaze`] picks the tiling once, at the top.

pub use document::{TiledDoc, is_hex_wrap, tiling_of, write_shape};
pub use hex::Hex;
pub use hex_wrap::HexWrap;
pub use maze::{AnyMaze, TiledMaze};
pub use octagon::Octagon;
pub use polar::Polar;
pub use triangle::Triangle;
pub use wrapped::{Wrap, Wrapped};
pub use {cube::Cube, cube::FACE_NAMES, cube::face_frame, levels::Levels};

use crate::Pos;
use std::fmt;
use std::str::FromStr;

/// The shape of a maze's cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tiling {
    Square,
    Hex,
    Triangle,
    Octagon,
    Polar,
    Levels,
    Wrapped,
    Cube,
}

impl Tiling {
    pub const ALL: [Tiling; 8] = [
        Tiling::Square,
        Tiling::Hex,
        Tiling::Triangle,
        Tiling::Octagon,
        Tiling::Polar,
        Tiling::Levels,
        Tiling::Wrapped,
        Tiling::Cube,
    ];

    /// The name in the document's `tiling` field and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Tiling::Square => "square",
            Tiling::Hex => "hex",
            Tiling::Triangle => "triangle",
            Tiling::Octagon => "octagon",
            Tiling::Polar => "polar",
            Tiling::Levels => "levels",
            Tiling::Wrapped => "wrapped",
            Tiling::Cube => "cube",
        }
    }

    /// Whether the tiling's cells lie flat in the picture as drawn (see
    /// [`Topology::PLANE`]); not so for levels, wrapped edges and the cube.
    pub fn is_plane(self) -> bool {
        !matches!(self, Tiling::Levels | Tiling::Wrapped | Tiling::Cube)
    }

    /// What a row of `cells` is called in messages: a polar maze's rows are its rings.
    pub fn row_word(self) -> &'static str {
        match self {
            Tiling::Polar => "ring",
            _ => "row",
        }
    }
}

/// The name; `{:#}` puts the article before it, as a sentence needs ("a hex", "an
/// octagon").
impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if f.alternate() {
            return f.write_str(&crate::words::with_article(self.name()));
        }
        f.write_str(self.name())
    }
}

impl FromStr for Tiling {
    type Err = crate::choice::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::choice::parse(s)
    }
}

impl crate::choice::Named for Tiling {
    const ALL: &'static [Self] = &Tiling::ALL;
    const WHAT: &'static str = "tiling";
    fn name(self) -> &'static str {
        Tiling::name(self)
    }
    fn summary(self) -> &'static str {
        match self {
            Tiling::Square => "square cells, drawn as a grid of tiles",
            Tiling::Hex => "flat-topped hexagons in columns, six neighbours",
            Tiling::Triangle => "triangles pointing up and down, three neighbours",
            Tiling::Octagon => "octagons with small squares between them, eight or four",
            Tiling::Polar => "rings of cells around a centre, split as they grow",
            Tiling::Levels => "square grids stacked in levels, joined by stairs",
            Tiling::Wrapped => {
                "square cells whose edges wrap around: a cylinder, a torus or a Möbius strip"
            }
            Tiling::Cube => "the six square faces of a cube, joined at its edges",
        }
    }
}

/// A cell number of a tiling: its place in reading order, rows (rings) one after another.
pub type Cell = u32;

/// Where a side leads when there is no cell across it: the edge of the tiling.
pub const NO_CELL: Cell = Cell::MAX;

/// One side of a cell: the cell across it, and where the passage through it is kept (the
/// forward bit `bit` of cell `owner`, as the document writes it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Side {
    pub to: Cell,
    pub owner: Cell,
    pub bit: u8,
}

impl Side {
    /// A side on the edge of the tiling: no cell across, no passage.
    pub const EDGE: Side = Side {
        to: NO_CELL,
        owner: NO_CELL,
        bit: 0,
    };

    /// A side to `to` whose passage is `owner`'s forward `bit`.
    pub const fn new(to: Cell, owner: Cell, bit: u8) -> Side {
        Side { to, owner, bit }
    }

    pub const fn is_edge(self) -> bool {
        self.to == NO_CELL
    }
}

/// What a step between two neighbouring cells goes through: a plain side, stairs between
/// levels, or a seam (a wrapped edge, or an edge of a cube).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Passage {
    Plain,
    Stairs,
    Seam,
}

/// A point of a picture, in the tiling's own units (a cell is about one unit across).
pub type Point = (f64, f64);

/// The line a side of a cell is drawn as: straight from `from` to `to`, or along the circle
/// around the origin through both (the rings of a polar maze), clockwise or not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Edge {
    pub from: Point,
    pub to: Point,
    pub arc: Option<Arc>,
}

/// An arc around the origin (the centre of a polar maze).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    pub radius: f64,
    /// Turning clockwise on the picture (y pointing down) from `from` to `to`.
    pub clockwise: bool,
}

impl Edge {
    pub const fn line(from: Point, to: Point) -> Edge {
        Edge {
            from,
            to,
            arc: None,
        }
    }
}

/// The cells of a tiling and how they touch. Implemented by each tiling; every generator,
/// solver and drawing is generic over it.
pub trait Topology: Clone + fmt::Debug + Send + Sync {
    const TILING: Tiling;

    /// Whether every cell but the first has a neighbour earlier in reading order (so that
    /// the first cell not yet in a growing maze always touches it, when the maze holds the
    /// first cell and every earlier one). Not so for triangles: an up triangle at the left
    /// edge has its neighbours to the east and south.
    const EARLIER_NEIGHBOUR: bool = true;

    /// Whether the cells lie in the plane as drawn: each cell's sides go round it clockwise
    /// (so a wall follower's turns mean something), and neighbours' centres are at most
    /// [`Topology::max_step`] apart (so the straight line over it bounds the steps between
    /// two cells). Not so for levels (stairs), wrapped edges and the cube (seams).
    const PLANE: bool = true;

    /// Whether every side of a cell away from the outer rows and columns leads to a cell at
    /// most one row and one column away in reading order (Kruskal's regions count on it).
    /// Not so for stairs between levels and the seams of a cube.
    const LOCAL_NEIGHBOURS: bool = true;

    /// Cells in all, those a mask leaves out included.
    fn len(&self) -> usize;

    /// Whether the tiling has no cells (never, for a checked one).
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Rows of cells (rings, for polar).
    fn rows(&self) -> usize;

    /// Cells in row `row`.
    fn row_len(&self, row: usize) -> usize;

    /// The cell number of the first cell of row `row`.
    fn row_start(&self, row: usize) -> usize;

    /// The cell at `pos`, when the tiling has one there.
    fn cell(&self, pos: Pos) -> Option<Cell> {
        (pos.row < self.rows() && pos.col < self.row_len(pos.row))
            .then(|| (self.row_start(pos.row) + pos.col) as Cell)
    }

    /// The row and column (ring and index) of a cell.
    fn position(&self, cell: Cell) -> Pos;

    /// The sides of `cell` in clockwise order around it, edges of the tiling included, into
    /// `out` (cleared first).
    fn sides(&self, cell: Cell, out: &mut Vec<Side>);

    /// The name of forward bit `bit` of `cell`, for messages ("SE", "inward").
    fn bit_name(&self, cell: Cell, bit: u8) -> &'static str;

    /// The centre of a cell, where a path through it is drawn.
    fn center(&self, cell: Cell) -> Point;

    /// The lines of `cell`'s sides, in the order of [`Topology::sides`], into `out` (cleared
    /// first): together they outline the cell.
    fn edges(&self, cell: Cell, out: &mut Vec<Edge>);

    /// The corners of the smallest rectangle holding every cell: (least x, least y) and
    /// (greatest x, greatest y).
    fn extent(&self) -> (Point, Point);

    /// The longest distance between the centres of two neighbouring cells: a path of `n`
    /// steps covers at most `n` times this, which makes the straight-line distance over it
    /// an admissible A* estimate.
    fn max_step(&self) -> f64;

    /// The fewest steps from `from` to `to` through any passages, or fewer (an admissible
    /// A* estimate); asked only of a topology not in the [`Topology::PLANE`], whose straight
    /// lines on the picture say nothing.
    fn steps_at_least(&self, _from: Cell, _to: Cell) -> f64 {
        0.0
    }

    /// The grids stacked in the rows of `cells`, and the rows of each: a levels maze's
    /// levels; one grid of every row for the other tilings.
    fn layers(&self) -> (usize, usize) {
        (1, self.rows())
    }

    /// What the step between neighbours `from` and `to` goes through.
    fn passage(&self, _from: Cell, _to: Cell) -> Passage {
        Passage::Plain
    }

    /// The forward bits `cell` may set: one for each side to a cell that it owns.
    fn forward_bits(&self, cell: Cell, scratch: &mut Vec<Side>) -> u8 {
        self.sides(cell, scratch);
        scratch
            .iter()
            .filter(|s| !s.is_edge() && s.owner == cell)
            .fold(0, |bits, s| bits | s.bit)
    }
}

/// Division by a width fixed for a tiling's lifetime, by one multiplication (Lemire, Kaser
/// and Kurz, "Faster remainder by direct computation", 2019): every step of a generator
/// asks for a cell's row and column, and a hardware division would take several times as
/// long on the path each next step waits for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Divisor {
    divisor: u32,
    inverse: u64,
}

impl Divisor {
    pub fn new(divisor: usize) -> Divisor {
        let divisor = u32::try_from(divisor).expect("tilings are checked to fit 32 bits");
        assert!(divisor > 0, "no division by zero");
        Divisor {
            divisor,
            inverse: (u64::MAX / u64::from(divisor)).wrapping_add(1),
        }
    }

    pub fn divisor(self) -> u32 {
        self.divisor
    }

    /// `(n / divisor, n % divisor)` for any 32-bit `n`.
    #[inline(always)]
    pub fn div_rem(self, n: u32) -> (u32, u32) {
        let q = if self.divisor == 1 {
            n
        } else {
            ((u128::from(self.inverse) * u128::from(n)) >> 64) as u32
        };
        (q, n - q * self.divisor)
    }
}

/// The rows of a rectangular tiling (hex, triangle, octagon): `width` cells in each of
/// `height` rows, numbered in reading order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    pub(crate) width: usize,
    pub(crate) height: usize,
    columns: Divisor,
}

impl Rect {
    /// At least one cell; the caller has checked the size.
    pub fn new(width: usize, height: usize) -> Rect {
        assert!(width >= 1 && height >= 1, "a tiling has at least one cell");
        Rect {
            width,
            height,
            columns: Divisor::new(width),
        }
    }

    #[inline]
    pub fn position(&self, cell: Cell) -> Pos {
        let (row, col) = self.columns.div_rem(cell);
        Pos::new(row as usize, col as usize)
    }

    /// The row and column of the `n`-th cell, as a pair.
    #[inline]
    pub fn columns_of(&self, n: Cell) -> (usize, usize) {
        let (row, col) = self.columns.div_rem(n);
        (row as usize, col as usize)
    }
}

/// The four sides of the unit square around `centre`, clockwise from the top (N, E, S, W),
/// into `out` (cleared first).
pub(crate) fn square_edges((x, y): Point, out: &mut Vec<Edge>) {
    out.clear();
    let (l, r, t, b) = (x - 0.5, x + 0.5, y - 0.5, y + 0.5);
    out.extend([
        Edge::line((l, t), (r, t)),
        Edge::line((r, t), (r, b)),
        Edge::line((r, b), (l, b)),
        Edge::line((l, b), (l, t)),
    ]);
}

/// The methods every rectangular tiling shares, on its `rect` field.
macro_rules! rectangular {
    ($tiling:ident) => {
        impl $tiling {
            /// A tiling of at least one cell; the caller has checked the size.
            pub fn new(width: usize, height: usize) -> $tiling {
                $tiling {
                    rect: super::Rect::new(width, height),
                }
            }

            pub fn width(&self) -> usize {
                self.rect.width
            }

            pub fn height(&self) -> usize {
                self.rect.height
            }
        }
    };
}

/// The row methods of [`Topology`] for a rectangular tiling.
macro_rules! rectangular_rows {
    () => {
        fn len(&self) -> usize {
            self.rect.width * self.rect.height
        }
        fn rows(&self) -> usize {
            self.rect.height
        }
        fn row_len(&self, _row: usize) -> usize {
            self.rect.width
        }
        fn row_start(&self, row: usize) -> usize {
            row * self.rect.width
        }
        #[inline]
        fn position(&self, cell: Cell) -> Pos {
            self.rect.position(cell)
        }
    };
}

pub(crate) use {rectangular, rectangular_rows};

mod cube;
mod document;
mod hex;
mod hex_wrap;
mod levels;
mod maze;
mod octagon;
mod polar;
mod triangle;
mod wrapped;

/// The limit of cells a document or a request may have, as for a square maze's tiles.
pub const MAX_CELLS: usize = crate::MAX_TILES;

#[cfg(test)]
mod tests;
