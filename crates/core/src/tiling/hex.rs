//! Flat-topped hexagons in columns, odd columns half a cell lower.

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

/// A rectangle of `width` x `height` hexagons.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hex {
    rect: super::Rect,
}

super::rectangular!(Hex);

/// The forward bits of the hex tiling (docs/format.md): south, north-east, south-east.
pub(super) const S: u8 = 1;
pub(super) const NE: u8 = 2;
pub(super) const SE: u8 = 4;
/// Half the height of a hexagon whose corners are 1 from its centre.
pub(super) const HALF: f64 = 0.866_025_403_784_438_6;

/// N, NE, SE, S, SW, NW of a cell with a neighbour on every side, in a tiling `width` cells
/// wide: the plane's and every wrap's common case, so that it takes no test of an edge.
#[inline]
pub(super) fn inner_sides(cell: Cell, width: Cell, even_column: bool) -> [Side; 6] {
    let (n, s) = (cell - width, cell + width);
    if even_column {
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
    }
}

/// The name of a forward bit of the hex tiling.
pub(super) fn bit_name(bit: u8) -> &'static str {
    match bit {
        S => "S",
        NE => "NE",
        SE => "SE",
        _ => "8",
    }
}

/// The centre of the hexagon at `p` when hexagons' corners are `unit` from their centres.
pub(super) fn center_at(p: Pos, unit: f64) -> Point {
    let lower = if p.col % 2 == 1 { HALF } else { 0.0 };
    (
        unit * (1.0 + 1.5 * p.col as f64),
        unit * (HALF + 2.0 * HALF * p.row as f64 + lower),
    )
}

/// The six sides of the hexagon about `(x, y)` whose corners are `unit` from it, clockwise
/// from the top left corner: the top side is N.
pub(super) fn hexagon_edges((x, y): Point, unit: f64, out: &mut Vec<Edge>) {
    out.clear();
    let (half, tall) = (0.5 * unit, HALF * unit);
    let corners = [
        (x - half, y - tall),
        (x + half, y - tall),
        (x + unit, y),
        (x + half, y + tall),
        (x - half, y + tall),
        (x - unit, y),
    ];
    for k in 0..6 {
        out.push(Edge::line(corners[k], corners[(k + 1) % 6]));
    }
}

/// The far corner of the box about a `width` x `height` rectangle of hexagons whose corners
/// are `unit` from their centres; the near one is the origin.
pub(super) fn extent_of(width: usize, height: usize, unit: f64) -> Point {
    let lower = if width > 1 { HALF } else { 0.0 };
    (
        unit * (1.5 * (width - 1) as f64 + 2.0),
        unit * (2.0 * HALF * height as f64 + lower),
    )
}

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
            out.extend_from_slice(&inner_sides(cell, w as Cell, c % 2 == 0));
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
        bit_name(bit)
    }

    fn center(&self, cell: Cell) -> Point {
        center_at(self.position(cell), 1.0)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        hexagon_edges(self.center(cell), 1.0, out);
    }

    fn extent(&self) -> (Point, Point) {
        (
            (0.0, 0.0),
            extent_of(self.rect.width, self.rect.height, 1.0),
        )
    }

    fn max_step(&self) -> f64 {
        2.0 * HALF
    }
}
