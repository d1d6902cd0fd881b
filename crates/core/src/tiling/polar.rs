//! Rings of cells around a centre: ring 0 is the centre cell, and each ring has a multiple of
//! the cells of the ring inside it, so that each cell lies outward of exactly one.

use super::{Arc, Cell, Edge, Point, Side, Tiling, Topology};
use crate::Pos;
use std::f64::consts::TAU;

/// The rings of a polar maze: `rings[k]` cells in ring `k`, `rings[0]` = 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Polar {
    rings: Vec<usize>,
    /// The cell number of each ring's first cell, and the total at the end.
    starts: Vec<usize>,
    /// For each ring, how many of its cells lie inward of one cell of the ring inside it
    /// (the centre's is 1): a cell's inward neighbour is its index divided by this, by one
    /// multiplication rather than a division on every step of a walk.
    split: Vec<super::Divisor>,
    /// Runs of rings of the same size, for finding a cell's ring in a few steps: the rings
    /// of a big maze come in a dozen such runs.
    runs: Vec<Run>,
}

/// Rings `first_ring..` of `size` cells each, from cell `first_cell` on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Run {
    first_cell: usize,
    first_ring: usize,
    size: super::Divisor,
}

const CLOCKWISE: u8 = 1;
const INWARD: u8 = 2;

/// Why a list of ring sizes is not a polar tiling.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RingsError {
    Empty,
    /// The centre ring must have one cell.
    Centre(usize),
    /// Ring `ring` has `cells`, not a multiple of the `inside` cells of the ring inside it.
    NotMultiple {
        ring: usize,
        cells: usize,
        inside: usize,
    },
    TooMany,
    /// Ring `ring` splits each cell inward of it into more than [`MAX_SPLIT`] cells.
    Split {
        ring: usize,
        ratio: usize,
    },
}

/// The most cells a ring may put outward of one cell of the ring inside it: a cell's sides
/// are walked each time a solver passes it, and a cell of a million sides passed a million
/// times would take hours. The rings "Mazes for Programmers" splits never exceed 6.
pub const MAX_SPLIT: usize = 1024;

impl std::fmt::Display for RingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RingsError::Empty => write!(f, "a polar maze has at least one ring"),
            RingsError::Centre(n) => write!(f, "ring 0 is the centre, 1 cell, not {n}"),
            RingsError::NotMultiple {
                ring,
                cells,
                inside,
            } => write!(
                f,
                "ring {ring} has {cells} cells, not a multiple of the {inside} of ring {}",
                ring - 1
            ),
            RingsError::Split { ring, ratio } => write!(
                f,
                "ring {ring} has {ratio} times the cells of ring {}; a ring has at most \
                 {MAX_SPLIT} times the cells of the ring inside it",
                ring - 1
            ),
            RingsError::TooMany => write!(
                f,
                "the rings have more than {} cells in all",
                super::MAX_CELLS
            ),
        }
    }
}

impl Polar {
    /// The tiling of these ring sizes, checked.
    pub fn new(rings: Vec<usize>) -> Result<Polar, RingsError> {
        match rings.first() {
            None => return Err(RingsError::Empty),
            Some(&n) if n != 1 => return Err(RingsError::Centre(n)),
            _ => {}
        }
        let mut starts = Vec::with_capacity(rings.len() + 1);
        let mut total = 0usize;
        for (k, &cells) in rings.iter().enumerate() {
            if k > 0 && (cells == 0 || cells % rings[k - 1] != 0) {
                return Err(RingsError::NotMultiple {
                    ring: k,
                    cells,
                    inside: rings[k - 1],
                });
            }
            if k > 0 && cells / rings[k - 1] > MAX_SPLIT {
                return Err(RingsError::Split {
                    ring: k,
                    ratio: cells / rings[k - 1],
                });
            }
            starts.push(total);
            total = total
                .checked_add(cells)
                .filter(|&t| t <= super::MAX_CELLS)
                .ok_or(RingsError::TooMany)?;
        }
        starts.push(total);
        let split = (0..rings.len())
            .map(|k| super::Divisor::new(if k == 0 { 1 } else { rings[k] / rings[k - 1] }))
            .collect();
        let mut runs: Vec<Run> = Vec::new();
        for (k, &cells) in rings.iter().enumerate() {
            if runs
                .last()
                .is_none_or(|r| r.size.divisor() as usize != cells)
            {
                runs.push(Run {
                    first_cell: starts[k],
                    first_ring: k,
                    size: super::Divisor::new(cells),
                });
            }
        }
        Ok(Polar {
            rings,
            starts,
            split,
            runs,
        })
    }

    /// The rings of `count` rings split as "Mazes for Programmers" splits them: a ring gets
    /// as many cells as keep each about as wide as a ring is deep, rounded to a multiple of
    /// the ring inside.
    pub fn rings_for(count: usize) -> Vec<usize> {
        let mut rings = Vec::with_capacity(count);
        for k in 0..count {
            if k == 0 {
                rings.push(1);
                continue;
            }
            let inside = rings[k - 1];
            let width = TAU * k as f64 / inside as f64;
            let ratio = (width.round() as usize).max(1);
            rings.push(inside * ratio);
        }
        rings
    }

    /// The number of cells of the rings [`Polar::rings_for`] gives `count` rings, without
    /// making them: for checking a request's size first.
    pub fn cells_for(count: usize) -> Option<usize> {
        let mut inside = 1usize;
        let mut total = 1usize;
        for k in 1..count {
            let ratio = ((TAU * k as f64 / inside as f64).round() as usize).max(1);
            inside = inside.checked_mul(ratio)?;
            total = total.checked_add(inside)?;
            if total > super::MAX_CELLS {
                return None;
            }
        }
        Some(total)
    }

    pub fn rings(&self) -> &[usize] {
        &self.rings
    }

    /// The angle of the border between cells `i - 1` and `i` of ring `k`, clockwise from the top.
    fn angle(&self, k: usize, i: usize) -> f64 {
        TAU * i as f64 / self.rings[k] as f64
    }

    #[inline]
    fn at(&self, k: usize, i: usize) -> Cell {
        (self.starts[k] + i) as Cell
    }
}

/// The point at distance `r` from the centre, `angle` clockwise from the top.
fn point(r: f64, angle: f64) -> Point {
    (r * angle.sin(), -r * angle.cos())
}

impl Topology for Polar {
    const TILING: Tiling = Tiling::Polar;

    fn len(&self) -> usize {
        self.starts[self.rings.len()]
    }
    fn rows(&self) -> usize {
        self.rings.len()
    }
    fn row_len(&self, row: usize) -> usize {
        self.rings[row]
    }
    fn row_start(&self, row: usize) -> usize {
        self.starts[row]
    }
    #[inline]
    fn position(&self, cell: Cell) -> Pos {
        // The last run starting at or before the cell, then the ring within it.
        let run = &self.runs[self.runs.partition_point(|r| r.first_cell <= cell as usize) - 1];
        let (ring, index) = run.size.div_rem(cell - run.first_cell as Cell);
        Pos::new(run.first_ring + ring as usize, index as usize)
    }

    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: k, col: i } = self.position(cell);
        let n = self.rings[k];
        // Outward, from the counter-clockwise end; then clockwise, inward, counter-clockwise.
        match self.split.get(k + 1) {
            Some(split) => {
                let ratio = split.divisor() as usize;
                let first = self.at(k + 1, i * ratio);
                out.extend((first..first + ratio as Cell).map(|to| Side::new(to, to, INWARD)));
            }
            None => out.push(Side::EDGE),
        }
        if k == 0 {
            return;
        }
        let start = self.starts[k] as Cell;
        let last = start + n as Cell - 1;
        let (inward, _) = self.split[k].div_rem(i as u32);
        let inward = Side::new(self.at(k - 1, inward as usize), cell, INWARD);
        if n > 1 {
            let cw = if cell == last { start } else { cell + 1 };
            let ccw = if cell == start { last } else { cell - 1 };
            out.extend_from_slice(&[
                Side::new(cw, cell, CLOCKWISE),
                inward,
                Side::new(ccw, ccw, CLOCKWISE),
            ]);
        } else {
            out.push(inward);
        }
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            CLOCKWISE => "clockwise",
            INWARD => "inward",
            4 => "4",
            _ => "8",
        }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row: k, col: i } = self.position(cell);
        if k == 0 {
            return (0.0, 0.0);
        }
        point(
            k as f64 + 0.5,
            (self.angle(k, i) + self.angle(k, i + 1)) / 2.0,
        )
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let Pos { row: k, col: i } = self.position(cell);
        let n = self.rings[k];
        let (outer, inner) = ((k + 1) as f64, k as f64);
        let clockwise = Some(Arc {
            radius: outer,
            clockwise: true,
        });
        let pieces = self.rings.get(k + 1).map_or(1, |&o| o / n);
        let (first, last) = (self.angle(k, i), self.angle(k, i + 1));
        for p in 0..pieces {
            let a = first + (last - first) * p as f64 / pieces as f64;
            let b = first + (last - first) * (p + 1) as f64 / pieces as f64;
            out.push(Edge {
                from: point(outer, a),
                to: point(outer, b),
                arc: clockwise,
            });
        }
        if k == 0 {
            return;
        }
        if n > 1 {
            out.push(Edge::line(point(outer, last), point(inner, last)));
        }
        out.push(Edge {
            from: point(inner, last),
            to: point(inner, first),
            arc: Some(Arc {
                radius: inner,
                clockwise: false,
            }),
        });
        if n > 1 {
            out.push(Edge::line(point(inner, first), point(outer, first)));
        }
    }

    fn extent(&self) -> (Point, Point) {
        let r = self.rings.len() as f64;
        ((-r, -r), (r, r))
    }

    fn max_step(&self) -> f64 {
        let mut longest: f64 = if self.rings.len() > 1 { 1.5 } else { 0.0 };
        for k in 1..self.rings.len() {
            let (n, r) = (self.rings[k] as f64, k as f64 + 0.5);
            if self.rings[k] > 1 {
                longest = longest.max(2.0 * r * (std::f64::consts::PI / n).sin());
            }
            if let Some(&outer) = self.rings.get(k + 1) {
                // The outer cell farthest round from this one's middle.
                let turn = std::f64::consts::PI * (1.0 / n - 1.0 / outer as f64);
                let (a, b) = (r, r + 1.0);
                longest = longest.max((a * a + b * b - 2.0 * a * b * turn.cos()).sqrt());
            }
        }
        longest
    }
}
