//! Triangles in rows, pointing up and down in turn.

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// A rectangle of `width` x `height` triangles; (r, c) points up when r + c is even.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Triangle {
    rect: super::Rect,
}

super::rectangular!(Triangle);

const E: u8 = 1;
const S: u8 = 2;
/// The height of a triangle whose sides are 1.
const TALL: f64 = 0.866_025_403_784_438_6;

impl Triangle {
    /// Whether the cell at row `r`, column `c` points up.
    pub fn points_up(r: usize, c: usize) -> bool {
        (r + c).is_multiple_of(2)
    }
}

impl Topology for Triangle {
    const TILING: Tiling = Tiling::Triangle;
    const EARLIER_NEIGHBOUR: bool = false;

    super::rectangular_rows!();

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let w = self.rect.width as Cell;
        let east = if c + 1 < self.rect.width {
            Side::new(cell + 1, cell, E)
        } else {
            Side::EDGE
        };
        let west = if c > 0 {
            Side::new(cell - 1, cell - 1, E)
        } else {
            Side::EDGE
        };
        if Triangle::points_up(r, c) {
            // E, S, W.
            let south = if r + 1 < self.rect.height {
                Side::new(cell + w, cell, S)
            } else {
                Side::EDGE
            };
            out.extend([east, south, west]);
        } else {
            // N, E, W.
            let north = if r > 0 {
                Side::new(cell - w, cell - w, S)
            } else {
                Side::EDGE
            };
            out.extend([north, east, west]);
        }
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            E => "E",
            S => "S",
            4 => "4",
            _ => "8",
        }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row, col } = self.position(cell);
        let third = if Triangle::points_up(row, col) {
            2.0 / 3.0
        } else {
            1.0 / 3.0
        };
        (0.5 * col as f64 + 0.5, TALL * (row as f64 + third))
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let Pos { row, col } = self.position(cell);
        let (left, top) = (0.5 * col as f64, TALL * row as f64);
        let bottom = top + TALL;
        if Triangle::points_up(row, col) {
            let (apex, right, left) = ((left + 0.5, top), (left + 1.0, bottom), (left, bottom));
            out.extend([
                Edge::line(apex, right),
                Edge::line(right, left),
                Edge::line(left, apex),
            ]);
        } else {
            let (tl, tr, foot) = ((left, top), (left + 1.0, top), (left + 0.5, bottom));
            out.extend([
                Edge::line(tl, tr),
                Edge::line(tr, foot),
                Edge::line(foot, tl),
            ]);
        }
    }

    fn extent(&self) -> (Point, Point) {
        (
            (0.0, 0.0),
            (
                0.5 * (self.rect.width + 1) as f64,
                TALL * self.rect.height as f64,
            ),
        )
    }

    fn max_step(&self) -> f64 {
        // Every two neighbours' centres are a third of a side times the square root of 3 apart.
        1.0 / 3.0_f64.sqrt()
    }
}
