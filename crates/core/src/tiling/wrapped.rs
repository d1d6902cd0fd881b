//! Square cells whose edges wrap around: a cylinder (`x` or `y`), a torus (`xy`) or a Möbius
//! strip (`mobius`: the left and right edges joined with a half twist, row r meeting row
//! H-1-r).

use super::{Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;
use std::fmt;
use std::str::FromStr;

/// Which edges of a rectangle of square cells are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// The left edge meets the right one, row to the same row: a cylinder standing up.
    X,
    /// The top edge meets the bottom one, column to the same column: a cylinder lying down.
    Y,
    /// Both: a torus.
    XY,
    /// The left edge meets the right one with a half twist: row r meets row H-1-r.
    Mobius,
}

impl Wrap {
    pub const ALL: [Wrap; 4] = [Wrap::X, Wrap::Y, Wrap::XY, Wrap::Mobius];

    /// The name in the document's `wrap` field and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Wrap::X => "x",
            Wrap::Y => "y",
            Wrap::XY => "xy",
            Wrap::Mobius => "mobius",
        }
    }

    /// Whether the left and right edges are joined (with or without a twist).
    pub fn across(self) -> bool {
        self != Wrap::Y
    }

    /// Whether the top and bottom edges are joined.
    pub fn down(self) -> bool {
        matches!(self, Wrap::Y | Wrap::XY)
    }

    /// The fewest cells a side must have across each joined edge: with fewer than 3, a cell
    /// would meet itself or meet the same neighbour twice.
    pub const LEAST: usize = 3;
}

impl fmt::Display for Wrap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Wrap {
    type Err = crate::choice::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        crate::choice::parse(s)
    }
}

impl crate::choice::Named for Wrap {
    const ALL: &'static [Self] = &Wrap::ALL;
    const WHAT: &'static str = "wrap";
    fn name(self) -> &'static str {
        Wrap::name(self)
    }
    fn summary(self) -> &'static str {
        match self {
            Wrap::X => "left edge joined to the right edge (a cylinder)",
            Wrap::Y => "top edge joined to the bottom edge (a cylinder)",
            Wrap::XY => "both pairs of edges joined (a torus)",
            Wrap::Mobius => "left edge joined to the right with a half twist (a Mobius strip)",
        }
    }
}

/// A rectangle of `width` x `height` square cells with edges joined as `wrap` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wrapped {
    rect: super::Rect,
    wrap: Wrap,
}

/// Forward bits: the passage east (across the right edge too) and south (across the bottom
/// edge too).
const E: u8 = 1;
const S: u8 = 2;

/// What every rectangle with joined edges has, square or hex: a constructor, the size, the
/// wrap, and the test of a step over a seam (`wrapped_rect!(Tiling)` for the inherent methods,
/// `wrapped_rect!(passage)` inside the [`Topology`] impl).
macro_rules! wrapped_rect {
    (passage) => {
        fn passage(&self, from: Cell, to: Cell) -> super::Passage {
            if self.crosses_seam(from, to) {
                super::Passage::Seam
            } else {
                super::Passage::Plain
            }
        }
    };
    ($tiling:ident) => {
        impl $tiling {
            /// A wrapped rectangle; the caller has checked its size (`Wrapped::too_narrow`
            /// for squares, `HexWrap::refusal` for hexagons).
            pub fn new(width: usize, height: usize, wrap: Wrap) -> $tiling {
                $tiling {
                    rect: super::Rect::new(width, height),
                    wrap,
                }
            }

            pub fn width(&self) -> usize {
                self.rect.width
            }

            pub fn height(&self) -> usize {
                self.rect.height
            }

            pub fn wrap(&self) -> Wrap {
                self.wrap
            }

            /// Whether the step from `a` to its neighbour `b` crosses a joined edge.
            pub fn crosses_seam(&self, a: Cell, b: Cell) -> bool {
                let (p, q) = (self.position(a), self.position(b));
                // Each joined edge is long enough (the size checks above) that only a seam
                // skips a row or a column.
                p.col.abs_diff(q.col) > 1 || p.row.abs_diff(q.row) > 1
            }
        }
    };
}

pub(super) use wrapped_rect;

wrapped_rect!(Wrapped);

impl Wrapped {
    /// Why a rectangle of this size cannot be wrapped this way, if it cannot.
    pub fn too_narrow(width: usize, height: usize, wrap: Wrap) -> Option<String> {
        let least = Wrap::LEAST;
        if wrap.across() && width < least {
            return Some(format!(
                "a maze wrapped left to right is at least {least} cells wide, not {width} (a \
                 narrower one would meet itself across the seam)"
            ));
        }
        if wrap.down() && height < least {
            return Some(format!(
                "a maze wrapped top to bottom is at least {least} cells high, not {height} (a \
                 lower one would meet itself across the seam)"
            ));
        }
        None
    }

    #[inline]
    fn at(&self, r: usize, c: usize) -> Cell {
        (r * self.rect.width + c) as Cell
    }

    /// The cell across the right edge from row `r`.
    #[inline]
    fn across_right(&self, r: usize) -> Cell {
        match self.wrap {
            Wrap::Mobius => self.at(self.rect.height - 1 - r, 0),
            _ => self.at(r, 0),
        }
    }

    /// The cell across the left edge from row `r`.
    #[inline]
    fn across_left(&self, r: usize) -> Cell {
        match self.wrap {
            Wrap::Mobius => self.at(self.rect.height - 1 - r, self.rect.width - 1),
            _ => self.at(r, self.rect.width - 1),
        }
    }
}

impl Topology for Wrapped {
    const TILING: Tiling = Tiling::Wrapped;
    const PLANE: bool = false;

    super::rectangular_rows!();

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let (w, h) = (self.rect.width, self.rect.height);
        let wc = w as Cell;
        if r > 0 && r + 1 < h && c > 0 && c + 1 < w {
            out.extend_from_slice(&[
                Side::new(cell - wc, cell - wc, S),
                Side::new(cell + 1, cell, E),
                Side::new(cell + wc, cell, S),
                Side::new(cell - 1, cell - 1, E),
            ]);
            return;
        }
        let (across, down) = (self.wrap.across(), self.wrap.down());
        let north = if r > 0 {
            Side::new(cell - wc, cell - wc, S)
        } else if down {
            let n = self.at(h - 1, c);
            Side::new(n, n, S)
        } else {
            Side::EDGE
        };
        let east = if c + 1 < w {
            Side::new(cell + 1, cell, E)
        } else if across {
            Side::new(self.across_right(r), cell, E)
        } else {
            Side::EDGE
        };
        let south = if r + 1 < h {
            Side::new(cell + wc, cell, S)
        } else if down {
            Side::new(self.at(0, c), cell, S)
        } else {
            Side::EDGE
        };
        let west = if c > 0 {
            Side::new(cell - 1, cell - 1, E)
        } else if across {
            let west = self.across_left(r);
            Side::new(west, west, E)
        } else {
            Side::EDGE
        };
        out.extend_from_slice(&[north, east, south, west]);
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
        (col as f64 + 0.5, row as f64 + 0.5)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        super::square_edges(self.center(cell), out);
    }

    fn extent(&self) -> (Point, Point) {
        (
            (0.0, 0.0),
            (self.rect.width as f64, self.rect.height as f64),
        )
    }

    fn max_step(&self) -> f64 {
        self.rect.width.max(self.rect.height) as f64
    }

    /// The fewest steps between the two cells on the plane the edges are joined into: the
    /// rows and columns apart, the short way round where the edges meet. A Möbius strip's
    /// way across the seam meets row H-1-r, so both ways are measured.
    fn steps_at_least(&self, from: Cell, to: Cell) -> f64 {
        let (p, q) = (self.position(from), self.position(to));
        let (w, h) = (self.rect.width, self.rect.height);
        let dc = p.col.abs_diff(q.col);
        let dr = p.row.abs_diff(q.row);
        let steps = match self.wrap {
            Wrap::X => dc.min(w - dc) + dr,
            Wrap::Y => dc + dr.min(h - dr),
            Wrap::XY => dc.min(w - dc) + dr.min(h - dr),
            Wrap::Mobius => (dc + dr).min(w - dc + (h - 1 - p.row).abs_diff(q.row)),
        };
        steps as f64
    }

    wrapped_rect!(passage);
}
