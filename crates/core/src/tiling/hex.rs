//! Flat-topped hexagons in columns, odd columns half a cell lower.

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// A rectangle of `width` x `height` hexagons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hex {
    rect: super::Rect,
}

super::rectangular!(Hex);

const S: u8 = 1;
const NE: u8 = 2;
const SE: u8 = 4;
/// Half the height of a hexagon whose corners are 1 from its centre.
const HALF: f64 = 0.866_025_403_784_438_6;

impl Hex {
    #[inline]
    fn at(&self, r: usize, c: usize) -> Cell {
        (r * self.rect.width + c) as Cell
    }
}

impl Topology for Hex {
    const TILING: Tiling = Tiling::Hex;

    super::rectangular_rows!();

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let (w, h) = (self.rect.width, self.rect.height);
        if r > 0 && r + 1 < h && c > 0 && c + 1 < w {
            // Inside the tiling every neighbour is there: the common case, without a test.
            let w = w as Cell;
            let (n, s) = (cell - w, cell + w);
            out.extend_from_slice(&if c % 2 == 0 {
                [
                    Side::new(n, n, S),
                    Side::new(n + 1, cell, NE),
                    Side::new(cell + 1, cell, SE),
                    Side::new(s, cell, S),
                    Side::new(cell - 1, cell - 1, NE),
                    Side::new(n - 1, n - 1, SE),
                ]
            } else {
                [
                    Side::new(n, n, S),
                    Side::new(cell + 1, cell, NE),
                    Side::new(s + 1, cell, SE),
                    Side::new(s, cell, S),
                    Side::new(s - 1, s - 1, NE),
                    Side::new(cell - 1, cell - 1, SE),
                ]
            });
            return;
        }
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
        let north = side(r > 0, r.wrapping_sub(1), c, false, S);
        let south = side(r + 1 < h, r + 1, c, true, S);
        let sides = if c % 2 == 0 {
            [
                north,
                side(r > 0 && east, r.wrapping_sub(1), c + 1, true, NE),
                side(east, r, c + 1, true, SE),
                south,
                side(west, r, c.wrapping_sub(1), false, NE),
                side(
                    r > 0 && west,
                    r.wrapping_sub(1),
                    c.wrapping_sub(1),
                    false,
                    SE,
                ),
            ]
        } else {
            [
                north,
                side(east, r, c + 1, true, NE),
                side(r + 1 < h && east, r + 1, c + 1, true, SE),
                south,
                side(r + 1 < h, r + 1, c - 1, false, NE),
                side(true, r, c - 1, false, SE),
            ]
        };
        out.extend_from_slice(&sides);
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
        let lower = if self.rect.width > 1 { HALF } else { 0.0 };
        (
            (0.0, 0.0),
            (
                1.5 * (self.rect.width - 1) as f64 + 2.0,
                2.0 * HALF * self.rect.height as f64 + lower,
            ),
        )
    }

    fn max_step(&self) -> f64 {
        2.0 * HALF
    }
}
