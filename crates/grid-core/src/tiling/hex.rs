//! Flat-topped hexagons in columns, odd columns half a cell lower.

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// A rectangle of `width` x `height` hexagons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hex {
    width: usize,
    height: usize,
}

const S: u8 = 1;
const NE: u8 = 2;
const SE: u8 = 4;
/// Half the height of a hexagon whose corners are 1 from its centre.
const HALF: f64 = 0.866_025_403_784_438_6;

impl Hex {
    /// A tiling of at least one cell; the caller has checked the size.
    pub fn new(width: usize, height: usize) -> Hex {
        assert!(width >= 1 && height >= 1, "a tiling has at least one cell");
        Hex { width, height }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    #[inline]
    fn at(&self, r: usize, c: usize) -> Cell {
        (r * self.width + c) as Cell
    }
}

impl Topology for Hex {
    const TILING: Tiling = Tiling::Hex;

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
    fn position(&self, cell: Cell) -> Pos {
        let cell = cell as usize;
        Pos::new(cell / self.width, cell % self.width)
    }

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let (w, h) = (self.width, self.height);
        let me = cell;
        let side = |ok: bool, r: usize, c: usize, mine: bool, bit: u8| {
            if !ok {
                return Side::EDGE;
            }
            let to = self.at(r, c);
            Side::new(to, if mine { me } else { to }, bit)
        };
        let (east, west) = (c + 1 < w, c > 0);
        // N, NE, SE, S, SW, NW.
        out.push(side(r > 0, r.wrapping_sub(1), c, false, S));
        if c % 2 == 0 {
            out.push(side(r > 0 && east, r.wrapping_sub(1), c + 1, true, NE));
            out.push(side(east, r, c + 1, true, SE));
            out.push(side(r + 1 < h, r + 1, c, true, S));
            out.push(side(west, r, c.wrapping_sub(1), false, NE));
            out.push(side(
                r > 0 && west,
                r.wrapping_sub(1),
                c.wrapping_sub(1),
                false,
                SE,
            ));
        } else {
            out.push(side(east, r, c + 1, true, NE));
            out.push(side(r + 1 < h && east, r + 1, c + 1, true, SE));
            out.push(side(r + 1 < h, r + 1, c, true, S));
            out.push(side(r + 1 < h, r + 1, c - 1, false, NE));
            out.push(side(true, r, c - 1, false, SE));
        }
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            S => "S",
            NE => "NE",
            SE => "SE",
            _ => "8",
        }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row, col } = self.position(cell);
        let lower = if col % 2 == 1 { HALF } else { 0.0 };
        (
            1.0 + 1.5 * col as f64,
            HALF + 2.0 * HALF * row as f64 + lower,
        )
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let (x, y) = self.center(cell);
        // Clockwise from the top left corner: the top side is N.
        let corners = [
            (x - 0.5, y - HALF),
            (x + 0.5, y - HALF),
            (x + 1.0, y),
            (x + 0.5, y + HALF),
            (x - 0.5, y + HALF),
            (x - 1.0, y),
        ];
        for k in 0..6 {
            out.push(Edge::line(corners[k], corners[(k + 1) % 6]));
        }
    }

    fn extent(&self) -> (Point, Point) {
        let lower = if self.width > 1 { HALF } else { 0.0 };
        (
            (0.0, 0.0),
            (
                1.5 * (self.width - 1) as f64 + 2.0,
                2.0 * HALF * self.height as f64 + lower,
            ),
        )
    }

    fn max_step(&self) -> f64 {
        2.0 * HALF
    }
}
