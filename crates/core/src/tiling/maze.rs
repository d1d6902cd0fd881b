//! A maze on a tiling: the open passages, as the forward bits of each cell.

use super::{Cell, Cube, Hex, Levels, NO_CELL, Octagon, Polar, Side, Tiling, Topology, Triangle};
use super::{HexWrap, Wrapped};
use crate::{Pos, RowSource};

/// What a cell's byte holds: its forward passages in the low four bits, and this bit for a
/// cell that is not part of the maze (a `'#'` of the document).
const OUTSIDE: u8 = 0x80;
const PASSAGES: u8 = 0x0F;

/// A maze of the cells of a tiling (those a mask keeps), with the passages between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TiledMaze<T> {
    topology: T,
    cells: Vec<u8>,
    /// Whether some cells are left out, so that sides must be checked against them.
    shaped: bool,
}

impl<T: Topology> TiledMaze<T> {
    /// Every cell of the tiling, every wall standing.
    pub fn new(topology: T) -> Self {
        let cells = vec![0; topology.len()];
        TiledMaze {
            topology,
            cells,
            shaped: false,
        }
    }

    /// The cells of the tiling for which `keep` holds, every wall standing.
    pub fn shaped(topology: T, keep: impl Fn(Cell) -> bool) -> Self {
        let cells = (0..topology.len() as Cell)
            .map(|c| if keep(c) { 0 } else { OUTSIDE })
            .collect::<Vec<u8>>();
        let shaped = cells.iter().any(|&b| b & OUTSIDE != 0);
        TiledMaze {
            topology,
            cells,
            shaped,
        }
    }

    pub fn topology(&self) -> &T {
        &self.topology
    }

    /// Whether `cell` is a cell of the maze (not left out by a mask, nor off the tiling).
    #[inline]
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells
            .get(cell as usize)
            .is_some_and(|&b| b & OUTSIDE == 0)
    }

    /// The cell at `pos`, when it is a cell of the maze.
    pub fn cell_at(&self, pos: Pos) -> Option<Cell> {
        self.topology.cell(pos).filter(|&c| self.contains(c))
    }

    /// The cells of the maze.
    pub fn cell_count(&self) -> usize {
        self.cells.iter().filter(|&&b| b & OUTSIDE == 0).count()
    }

    /// Whether some cells are left out.
    pub fn is_shaped(&self) -> bool {
        self.shaped
    }

    /// The cells of the maze in reading order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.cells.len() as Cell).filter(|&c| self.contains(c))
    }

    /// The sides of `cell` in clockwise order, each leading to a cell of the maze or marked
    /// as an edge (the tiling's edge, or a cell left out).
    #[inline]
    pub fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        self.topology.sides(cell, out);
        if self.shaped {
            for side in out.iter_mut() {
                if !side.is_edge() && self.cells[side.to as usize] & OUTSIDE != 0 {
                    *side = Side::EDGE;
                }
            }
        }
    }

    /// Whether the passage through `side` is open.
    #[inline]
    pub fn is_open(&self, side: Side) -> bool {
        side.owner != NO_CELL && self.cells[side.owner as usize] & side.bit != 0
    }

    /// Opens the passage through `side` (a side between two cells of the maze).
    #[inline]
    pub fn open(&mut self, side: Side) {
        debug_assert!(!side.is_edge());
        self.cells[side.owner as usize] |= side.bit;
    }

    /// Closes the passage through `side`.
    pub fn close(&mut self, side: Side) {
        if side.owner != NO_CELL {
            self.cells[side.owner as usize] &= !side.bit;
        }
    }

    /// The forward passages of `cell`, as the document's digit gives them.
    pub fn links(&self, cell: Cell) -> u8 {
        self.cells[cell as usize] & PASSAGES
    }

    /// Sets the forward passages of `cell` (a reader's, which has checked them).
    pub fn set_links(&mut self, cell: Cell, bits: u8) {
        let b = &mut self.cells[cell as usize];
        *b = (*b & !PASSAGES) | (bits & PASSAGES);
    }

    /// The number of open passages.
    pub fn passage_count(&self) -> usize {
        self.cells
            .iter()
            .filter(|&&b| b & OUTSIDE == 0)
            .map(|&b| (b & PASSAGES).count_ones() as usize)
            .sum()
    }

    /// The cells of the maze one step from `cell` through open passages, into `out`
    /// (cleared first); `sides` is scratch.
    #[inline]
    pub fn exits(&self, cell: Cell, sides: &mut Vec<Side>, out: &mut Vec<Cell>) {
        out.clear();
        self.sides(cell, sides);
        out.extend(
            sides
                .iter()
                .filter(|s| !s.is_edge() && self.is_open(**s))
                .map(|s| s.to),
        );
    }
}

impl<T: Topology> RowSource for TiledMaze<T> {
    fn width(&self) -> usize {
        (0..self.topology.rows())
            .map(|r| self.topology.row_len(r))
            .max()
            .unwrap_or(0)
    }
    fn height(&self) -> usize {
        self.topology.rows()
    }
    fn write_row(&self, r: usize, out: &mut Vec<u8>) {
        let start = self.topology.row_start(r);
        let row = &self.cells[start..start + self.topology.row_len(r)];
        out.extend(row.iter().map(|&b| {
            if b & OUTSIDE != 0 {
                b'#'
            } else {
                b"0123456789abcdef"[usize::from(b & PASSAGES)]
            }
        }));
    }
}

/// A maze on any tiling but the square one, which is decided once, here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnyMaze {
    Hex(TiledMaze<Hex>),
    Triangle(TiledMaze<Triangle>),
    Octagon(TiledMaze<Octagon>),
    Polar(TiledMaze<Polar>),
    Levels(TiledMaze<Levels>),
    Wrapped(TiledMaze<Wrapped>),
    /// Hexagons with edges joined: a `hex` document with a `wrap`, a wrapped maze to the
    /// tools (its seams lead out of the plane).
    HexWrap(TiledMaze<HexWrap>),
    Cube(TiledMaze<Cube>),
}

/// Runs `$body` with `$m` bound to the maze inside an [`AnyMaze`], compiled once for each
/// tiling.
#[macro_export]
macro_rules! on_tiled_maze {
    ($any:expr, $m:ident => $body:expr) => {
        match $any {
            $crate::tiling::AnyMaze::Hex($m) => $body,
            $crate::tiling::AnyMaze::Triangle($m) => $body,
            $crate::tiling::AnyMaze::Octagon($m) => $body,
            $crate::tiling::AnyMaze::Polar($m) => $body,
            $crate::tiling::AnyMaze::Levels($m) => $body,
            $crate::tiling::AnyMaze::Wrapped($m) => $body,
            $crate::tiling::AnyMaze::HexWrap($m) => $body,
            $crate::tiling::AnyMaze::Cube($m) => $body,
        }
    };
}

impl AnyMaze {
    pub fn tiling(&self) -> Tiling {
        match self {
            AnyMaze::Hex(_) => Tiling::Hex,
            AnyMaze::Triangle(_) => Tiling::Triangle,
            AnyMaze::Octagon(_) => Tiling::Octagon,
            AnyMaze::Polar(_) => Tiling::Polar,
            AnyMaze::Levels(_) => Tiling::Levels,
            AnyMaze::Wrapped(_) | AnyMaze::HexWrap(_) => Tiling::Wrapped,
            AnyMaze::Cube(_) => Tiling::Cube,
        }
    }

    /// The rows of `cells`, for writing.
    pub fn rows(&self) -> &dyn RowSource {
        on_tiled_maze!(self, m => m)
    }
}
