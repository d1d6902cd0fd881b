//! The last stage for colour puzzles, as for black and white ([`crate::sat`]): the puzzle as
//! clauses over its blocks' starts and one variable per cell and colour
//! ([`crate::cnf::Cnf::colors`]), handed to CaDiCaL once the depth-first search has spent
//! its nodes.

use super::{ColorBoard, ColorPuzzle, Colors};
use crate::cnf::{Cnf, color_variable};
use crate::engine::{Stats, Stop};
use crate::lines::Clock;
use crate::sat::{Literals, search_cells};

/// Whether the puzzle's clauses number their variables within CaDiCaL's `i32`: the cells'
/// colours, and a generous bound on the starts (each line's blocks times its cells).
pub(crate) fn takes(puzzle: &ColorPuzzle) -> bool {
    let (w, h) = (puzzle.width() as u64, puzzle.height() as u64);
    let colors = w * h * (puzzle.palette().len() as u64 + 1);
    let blocks =
        |lines: &[Vec<super::Block>]| -> u64 { lines.iter().map(|l| l.len() as u64).sum() };
    let starts = blocks(puzzle.rows()) * w + blocks(puzzle.cols()) * h;
    colors + starts < i32::MAX as u64
}

/// Looks for solutions of `board` other than those in `found`, until `found` holds `limit`
/// of them or there are no more, as [`crate::sat::search`] does for black and white.
pub(crate) fn search(
    puzzle: &ColorPuzzle,
    board: &ColorBoard,
    limit: usize,
    found: &mut Vec<ColorBoard>,
    clock: &Clock,
    stats: &mut Stats,
) -> Result<(), Stop> {
    debug_assert!(takes(puzzle));
    let literals = InColor {
        colors: puzzle.palette().len(),
    };
    let cnf = Cnf::colors(puzzle);
    search_cells(&literals, &cnf, board, limit, found, clock, stats)
}

/// A colour board: a cell's set of colours still possible, bit 0 the background.
struct InColor {
    colors: usize,
}

impl InColor {
    fn var(&self, index: usize, color: u32) -> i32 {
        color_variable(index, color as u8, self.colors) as i32
    }
}

impl Literals for InColor {
    type Cell = Colors;

    fn open(&self, cell: Colors) -> bool {
        cell.count_ones() > 1
    }

    /// A colour ruled out is a unit clause, whether the cell is settled or not.
    fn known(&self, index: usize, cell: Colors, units: &mut Vec<i32>) {
        for color in 0..=self.colors as u32 {
            if cell >> color & 1 == 0 {
                units.push(-self.var(index, color));
            }
        }
    }

    fn is(&self, index: usize, cell: Colors) -> i32 {
        self.var(index, cell.trailing_zeros())
    }

    fn read(&self, index: usize, value: impl Fn(i32) -> Option<bool>) -> Colors {
        let color = (0..=self.colors as u32)
            .find(|&color| value(self.var(index, color)) == Some(true))
            .expect("every cell takes exactly one colour");
        1 << color
    }
}
