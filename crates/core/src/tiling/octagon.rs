//! Octagons with small squares between them (the truncated square tiling): octagons where
//! r + c is even, squares elsewhere.

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// A rectangle of `width` x `height` cells, octagons and squares in a checkerboard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Octagon {
    rect: super::Rect,
}

super::rectangular!(Octagon);

const E: u8 = 1;
const S: u8 = 2;
const SE: u8 = 4;
const SW: u8 = 8;
/// The distance from an octagon's centre to its sides, neighbours' centres being 1 apart
/// across a square and the square root of 2 apart diagonally.
const INNER: f64 = std::f64::consts::FRAC_1_SQRT_2;
/// Half a side of the octagon, which is also half the side of a square.
const HALF_SIDE: f64 = 1.0 - INNER;

impl Octagon {
    /// Whether the cell at row `r`, column `c` is an octagon (else a square).
    pub fn is_octagon(r: usize, c: usize) -> bool {
        (r + c).is_multiple_of(2)
    }
}

impl Topology for Octagon {
    const TILING: Tiling = Tiling::Octagon;

    super::rectangular_rows!();

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let w = self.rect.width as Cell;
        let (north, south) = (r > 0, r + 1 < self.rect.height);
        let (west, east) = (c > 0, c + 1 < self.rect.width);
        if north && south && west && east {
            // Inside the tiling every neighbour is there: the common case, without a test.
            let (n, s) = (cell - w, cell + w);
            let (e, wst) = (
                Side::new(cell + 1, cell, E),
                Side::new(cell - 1, cell - 1, E),
            );
            let (up, down) = (Side::new(n, n, S), Side::new(s, cell, S));
            if Octagon::is_octagon(r, c) {
                out.extend_from_slice(&[
                    up,
                    Side::new(n + 1, n + 1, SW),
                    e,
                    Side::new(s + 1, cell, SE),
                    down,
                    Side::new(s - 1, cell, SW),
                    wst,
                    Side::new(n - 1, n - 1, SE),
                ]);
            } else {
                out.extend_from_slice(&[up, e, down, wst]);
            }
            return;
        }
        let side = |ok: bool, to: Cell, owner: Cell, bit: u8| {
            if ok {
                Side::new(to, owner, bit)
            } else {
                Side::EDGE
            }
        };
        let n = side(north, cell.wrapping_sub(w), cell.wrapping_sub(w), S);
        let e = side(east, cell + 1, cell, E);
        let s = side(south, cell + w, cell, S);
        let wst = side(west, cell.wrapping_sub(1), cell.wrapping_sub(1), E);
        if Octagon::is_octagon(r, c) {
            let ne = cell.wrapping_sub(w).wrapping_add(1);
            let se = cell + w + 1;
            let sw = (cell + w).wrapping_sub(1);
            let nw = cell.wrapping_sub(w + 1);
            out.extend([
                n,
                side(north && east, ne, ne, SW),
                e,
                side(south && east, se, cell, SE),
                s,
                side(south && west, sw, cell, SW),
                wst,
                side(north && west, nw, nw, SE),
            ]);
        } else {
            out.extend([n, e, s, wst]);
        }
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            E => "E",
            S => "S",
            SE => "SE",
            _ => "SW",
        }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row, col } = self.position(cell);
        (col as f64 + INNER, row as f64 + INNER)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let (x, y) = self.center(cell);
        let Pos { row, col } = self.position(cell);
        let (a, t) = (INNER, HALF_SIDE);
        let corners: &[Point] = if Octagon::is_octagon(row, col) {
            // Clockwise from the left end of the top side (N, NE, E, SE, S, SW, W, NW).
            &[
                (-t, -a),
                (t, -a),
                (a, -t),
                (a, t),
                (t, a),
                (-t, a),
                (-a, t),
                (-a, -t),
            ]
        } else {
            &[(-t, -t), (t, -t), (t, t), (-t, t)]
        };
        let n = corners.len();
        for k in 0..n {
            let (p, q) = (corners[k], corners[(k + 1) % n]);
            out.push(Edge::line((x + p.0, y + p.1), (x + q.0, y + q.1)));
        }
    }

    fn extent(&self) -> (Point, Point) {
        (
            (0.0, 0.0),
            (
                (self.rect.width - 1) as f64 + 2.0 * INNER,
                (self.rect.height - 1) as f64 + 2.0 * INNER,
            ),
        )
    }

    fn max_step(&self) -> f64 {
        std::f64::consts::SQRT_2
    }
}
