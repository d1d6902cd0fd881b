//! A flat square topology for the benches, with the fast paths the other tilings have (a
//! division by one multiplication, no edge tests inside the grid), so that the generic maze
//! code on it is measured, not a slow topology. Included by `square_paths` and `topologies`.

use grid_core::Pos;
use grid_core::tiling::{Cell, Divisor, Edge, Point, Side, Tiling, Topology};

/// Square cells, `width` x `height`, numbered in reading order.
#[derive(Debug, Clone, Copy)]
pub struct Square {
    pub width: usize,
    pub height: usize,
    columns: Divisor,
}

pub const E: u8 = 1;
pub const S: u8 = 2;

impl Square {
    pub fn new(width: usize, height: usize) -> Square {
        Square {
            width,
            height,
            columns: Divisor::new(width),
        }
    }
}

impl Topology for Square {
    const TILING: Tiling = Tiling::Square;

    fn len(&self) -> usize {
        self.width * self.height
    }

    fn rows(&self) -> usize {
        self.height
    }

    fn row_len(&self, _row: usize) -> usize {
        self.width
    }

    fn row_start(&self, row: usize) -> usize {
        row * self.width
    }

    #[inline]
    fn position(&self, cell: Cell) -> Pos {
        let (row, col) = self.columns.div_rem(cell);
        Pos::new(row as usize, col as usize)
    }

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let w = self.width as Cell;
        let side = |ok: bool, to: Cell, owner: Cell, bit: u8| {
            if ok {
                Side::new(to, owner, bit)
            } else {
                Side::EDGE
            }
        };
        out.extend([
            side(r > 0, cell.wrapping_sub(w), cell.wrapping_sub(w), S),
            side(c + 1 < self.width, cell + 1, cell, E),
            side(r + 1 < self.height, cell + w, cell, S),
            side(c > 0, cell.wrapping_sub(1), cell.wrapping_sub(1), E),
        ]);
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        if bit == E { "E" } else { "S" }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row, col } = self.position(cell);
        (col as f64 + 0.5, row as f64 + 0.5)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let Pos { row, col } = self.position(cell);
        let (x, y) = (col as f64, row as f64);
        let corners = [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)];
        for i in 0..4 {
            out.push(Edge {
                from: corners[i],
                to: corners[(i + 1) % 4],
                arc: None,
            });
        }
    }

    fn extent(&self) -> (Point, Point) {
        ((0.0, 0.0), (self.width as f64, self.height as f64))
    }

    fn max_step(&self) -> f64 {
        1.0
    }
}
