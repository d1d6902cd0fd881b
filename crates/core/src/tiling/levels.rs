//! Square grids stacked in levels, with stairs between a cell and the one above or below
//! it. Cells are numbered level by level, each level in reading order, so that the
//! document's rows are the rows of level 0, then those of level 1, and so on.

use super::{Cell, Divisor, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// `levels` square grids of `width` x `height` cells each.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Levels {
    rect: super::Rect,
    height: usize,
    levels: usize,
    /// Cells in a level.
    floor: Cell,
    floors: Divisor,
}

/// Forward bits: east, south, and the stairs to the same cell one level up (level + 1).
const E: u8 = 1;
const S: u8 = 2;
pub const STAIRS: u8 = 4;

/// The columns between two levels drawn side by side.
const GAP: f64 = 1.0;

impl Levels {
    /// `levels` grids of `width` x `height`; the caller has checked the size (at least one
    /// cell, at most [`super::MAX_CELLS`] in all).
    pub fn new(width: usize, height: usize, levels: usize) -> Levels {
        assert!(levels >= 1, "a maze has at least one level");
        let floor = width * height;
        Levels {
            rect: super::Rect::new(width, height * levels),
            height,
            levels,
            floor: floor as Cell,
            floors: Divisor::new(floor),
        }
    }

    pub fn width(&self) -> usize {
        self.rect.width
    }

    /// Rows of one level.
    pub fn height(&self) -> usize {
        self.height
    }

    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The level of a cell.
    #[inline]
    pub fn level(&self, cell: Cell) -> usize {
        self.floors.div_rem(cell).0 as usize
    }
}

impl Topology for Levels {
    const TILING: Tiling = Tiling::Levels;
    const PLANE: bool = false;
    const LOCAL_NEIGHBOURS: bool = false;

    super::rectangular_rows!();

    /// North, east, south, west, then the stairs up and the stairs down.
    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let (level, at) = self.floors.div_rem(cell);
        let (r, c) = self.rect.columns_of(at);
        let (w, h) = (self.rect.width, self.height);
        let wc = w as Cell;
        let up = if (level as usize) + 1 < self.levels {
            Side::new(cell + self.floor, cell, STAIRS)
        } else {
            Side::EDGE
        };
        let down = if level > 0 {
            let below = cell - self.floor;
            Side::new(below, below, STAIRS)
        } else {
            Side::EDGE
        };
        if r > 0 && r + 1 < h && c > 0 && c + 1 < w {
            out.extend_from_slice(&[
                Side::new(cell - wc, cell - wc, S),
                Side::new(cell + 1, cell, E),
                Side::new(cell + wc, cell, S),
                Side::new(cell - 1, cell - 1, E),
                up,
                down,
            ]);
            return;
        }
        let side = |ok: bool, to: Cell, owner: Cell, bit: u8| {
            if ok {
                Side::new(to, owner, bit)
            } else {
                Side::EDGE
            }
        };
        out.extend_from_slice(&[
            side(r > 0, cell.wrapping_sub(wc), cell.wrapping_sub(wc), S),
            side(c + 1 < w, cell + 1, cell, E),
            side(r + 1 < h, cell + wc, cell, S),
            side(c > 0, cell.wrapping_sub(1), cell.wrapping_sub(1), E),
            up,
            down,
        ]);
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            E => "E",
            S => "S",
            STAIRS => "stairs up",
            _ => "8",
        }
    }

    /// Levels are drawn side by side, level 0 on the left, one column apart.
    fn center(&self, cell: Cell) -> Point {
        let (level, at) = self.floors.div_rem(cell);
        let (r, c) = self.rect.columns_of(at);
        let left = f64::from(level) * (self.rect.width as f64 + GAP);
        (left + c as f64 + 0.5, r as f64 + 0.5)
    }

    /// The four walls of the square; the stairs are drawn as no line (a point at the
    /// centre), for they lead out of the picture's plane.
    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        let centre = self.center(cell);
        super::square_edges(centre, out);
        out.extend([Edge::line(centre, centre), Edge::line(centre, centre)]);
    }

    fn extent(&self) -> (Point, Point) {
        let l = self.levels as f64;
        (
            (0.0, 0.0),
            (
                l * self.rect.width as f64 + (l - 1.0) * GAP,
                self.height as f64,
            ),
        )
    }

    fn max_step(&self) -> f64 {
        self.rect.width as f64 + GAP
    }

    /// Every step changes the level, the row or the column by one.
    fn steps_at_least(&self, from: Cell, to: Cell) -> f64 {
        let (la, a) = self.floors.div_rem(from);
        let (lb, b) = self.floors.div_rem(to);
        let ((ra, ca), (rb, cb)) = (self.rect.columns_of(a), self.rect.columns_of(b));
        (la.abs_diff(lb) as usize + ra.abs_diff(rb) + ca.abs_diff(cb)) as f64
    }

    fn layers(&self) -> (usize, usize) {
        (self.levels, self.height)
    }

    fn passage(&self, from: Cell, to: Cell) -> super::Passage {
        if from.abs_diff(to) == self.floor && self.level(from) != self.level(to) {
            super::Passage::Stairs
        } else {
            super::Passage::Plain
        }
    }
}
