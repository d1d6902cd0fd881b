//! Hexagons whose edges wrap around: the flat-topped hexagons of [`super::Hex`], odd columns
//! half a cell lower, with the left and right edges joined (`x`), the top and bottom ones
//! (`y`), both (`xy`, a torus), or the left and right ones with a half twist (`mobius`).
//!
//! The hex plane repeats itself every two columns, so that a seam between the last column
//! and the first lines up only where their heights differ by half a cell: an even number of
//! columns, whose last one is lower and first one higher. The columns repeat every row, so
//! any height wraps top to bottom. A half twist turns every column upside down, which swaps
//! which columns are the lower ones: the seam lines up with an odd number of columns, row r
//! meeting row H-1-r as on a square Möbius strip.

use super::hex::{self, HALF, NE, S, SE};
use super::{Cell, Edge, Point, Side, Tiling, Topology, Wrap};
use crate::Pos;

/// A rectangle of `width` x `height` hexagons with edges joined as `wrap` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexWrap {
    rect: super::Rect,
    wrap: Wrap,
}

/// The drawing's scale: neighbours' centres one unit apart, as on every topology beyond the
/// plane, so that a picture tells a passage over a seam from one between cells side by side
/// by the distance between their centres.
const UNIT: f64 = 1.0 / (2.0 * HALF);

super::wrapped::wrapped_rect!(HexWrap);

impl HexWrap {
    /// Why hexagons of this size cannot be wrapped this way, if they cannot: the seam must
    /// line up (above) and join no cell to itself or to one neighbour twice.
    pub fn refusal(width: usize, height: usize, wrap: Wrap) -> Option<String> {
        if wrap == Wrap::Mobius && width.is_multiple_of(2) {
            return Some(format!(
                "hexagons joined left to right with a half twist need an odd number of \
                 columns, not {width}: the twist turns the lower columns into higher ones, \
                 so the last column and the first line up only when both are higher"
            ));
        }
        if wrap.across() && wrap != Wrap::Mobius && !width.is_multiple_of(2) {
            return Some(format!(
                "hexagons wrapped left to right need an even number of columns, not {width}: \
                 odd columns sit half a cell lower, so the last column and the first line up \
                 only when the last is an odd one"
            ));
        }
        let least = if wrap == Wrap::Mobius { 3 } else { 4 };
        if wrap.across() && width < least {
            return Some(format!(
                "a hex maze wrapped left to right is at least {least} columns wide, not \
                 {width} (a narrower one would meet itself across the seam)"
            ));
        }
        super::Wrapped::too_narrow(super::Wrap::LEAST, height, wrap)
    }

    /// The cell at row `r` and column `c` of the plane the seams unroll into (`c` may be -1
    /// or `width`, `r` -1 or `height`), and whether the seam crossed to it turns the strip
    /// over; `None` off an edge that is not joined.
    #[inline]
    fn resolve(&self, r: isize, c: isize) -> Option<(Cell, bool)> {
        let (w, h) = (self.rect.width as isize, self.rect.height as isize);
        let (mut r, mut c, mut flipped) = (r, c, false);
        if c < 0 || c >= w {
            if !self.wrap.across() {
                return None;
            }
            c = c.rem_euclid(w);
            if self.wrap == Wrap::Mobius {
                if r < 0 || r >= h {
                    return None;
                }
                r = h - 1 - r;
                flipped = true;
            }
        }
        if r < 0 || r >= h {
            if !self.wrap.down() {
                return None;
            }
            r = r.rem_euclid(h);
        }
        Some(((r * w + c) as Cell, flipped))
    }

    /// The height of a cell's centre in half cells: a lower column's cells half a cell down.
    fn halves(&self, p: Pos) -> usize {
        2 * p.row + p.col % 2
    }
}

/// The fewest steps on the hex plane between cells `columns` apart and `halves` half cells
/// apart in height, or fewer: a step changes the column by at most one and the height by at
/// most one half cell while doing so, or by two (north, south) while not.
fn plane_steps(columns: usize, halves: usize) -> usize {
    columns + halves.saturating_sub(columns).div_ceil(2)
}

impl Topology for HexWrap {
    const TILING: Tiling = Tiling::Wrapped;
    const PLANE: bool = false;

    super::rectangular_rows!();

    /// N, NE, SE, S, SW, NW, as on the hex plane; over a seam, the cell it joins.
    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let (w, h) = (self.rect.width, self.rect.height);
        if r > 0 && r + 1 < h && c > 0 && c + 1 < w {
            // Away from every edge the neighbours are those of the plane.
            out.extend_from_slice(&hex::inner_sides(cell, w as Cell, c % 2 == 0));
            return;
        }
        let (r, c) = (r as isize, c as isize);
        // An odd column's east and west neighbours are a row lower than an even one's.
        let low = c % 2;
        let mine = |to: Option<(Cell, bool)>, bit: u8| match to {
            Some((to, _)) => Side::new(to, cell, bit),
            None => Side::EDGE,
        };
        // A west neighbour holds the passage; over a half twist its north-east side is
        // the one that faces this cell's north-west, and the other way round.
        let theirs = |to: Option<(Cell, bool)>, bit: u8, other: u8| match to {
            Some((to, false)) => Side::new(to, to, bit),
            Some((to, true)) => Side::new(to, to, other),
            None => Side::EDGE,
        };
        out.extend_from_slice(&[
            theirs(self.resolve(r - 1, c), S, S),
            mine(self.resolve(r - 1 + low, c + 1), NE),
            mine(self.resolve(r + low, c + 1), SE),
            mine(self.resolve(r + 1, c), S),
            theirs(self.resolve(r + low, c - 1), NE, SE),
            theirs(self.resolve(r - 1 + low, c - 1), SE, NE),
        ]);
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        hex::bit_name(bit)
    }

    fn center(&self, cell: Cell) -> Point {
        hex::center_at(self.position(cell), UNIT)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        hex::hexagon_edges(self.center(cell), UNIT, out);
    }

    fn extent(&self) -> (Point, Point) {
        (
            (0.0, 0.0),
            hex::extent_of(self.rect.width, self.rect.height, UNIT),
        )
    }

    fn max_step(&self) -> f64 {
        let (_, (x, y)) = self.extent();
        x.max(y)
    }

    /// The fewest steps between the two cells on the plane the seams unroll into, the short
    /// way round each joined edge (see `plane_steps`). An even width's seam keeps a cell's
    /// height; a Möbius seam turns it over, and crossing it twice goes round at least
    /// 2W - (the columns apart) columns.
    fn steps_at_least(&self, from: Cell, to: Cell) -> f64 {
        let (p, q) = (self.position(from), self.position(to));
        let (w, h) = (self.rect.width, self.rect.height);
        let dc = p.col.abs_diff(q.col);
        let (yp, yq) = (self.halves(p), self.halves(q));
        let dy = yp.abs_diff(yq);
        let round = |d: usize, period: usize| d.min(period - d);
        let steps = match self.wrap {
            Wrap::X => plane_steps(round(dc, w), dy),
            Wrap::Y => plane_steps(dc, round(dy, 2 * h)),
            Wrap::XY => plane_steps(round(dc, w), round(dy, 2 * h)),
            Wrap::Mobius => {
                let over = plane_steps(w - dc, yp.abs_diff(2 * h - 1 - yq));
                plane_steps(dc, dy).min(over).min(2 * w - dc)
            }
        };
        steps as f64
    }

    super::wrapped::wrapped_rect!(passage);
}
