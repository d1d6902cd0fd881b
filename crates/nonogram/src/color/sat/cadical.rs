//! CaDiCaL for a colour puzzle: its cells as literals of the colour clauses.

use super::fits_cadical;
use crate::clock::Clock;
use crate::cnf::{Cnf, color_variable};
use crate::color::{ColorBoard, ColorPuzzle, Colors};
use crate::sat::{Literals, search_cells};
use crate::terms::{Stats, Stop};

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
    debug_assert!(fits_cadical(puzzle));
    let literals = InColor {
        colors: puzzle.palette().len(),
    };
    let cnf = Cnf::colors_within(puzzle, board.cells());
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
    /// CaDiCaL without its simplification: over the clauses of a board narrowed first
    /// ([`Cnf::colors_within`]), simplifying costs more than it saves. On webpbn's colour
    /// puzzles that reach it: 0.13 s against 0.24 s with the `sat` configuration on
    /// webpbn-color-02498, 0.27 against 2.76 s on 00672.
    const CONFIG: &'static str = "plain";

    fn open(&self, cell: Colors) -> bool {
        cell.count_ones() > 1
    }

    /// A colour ruled out is a unit clause, whether the cell is settled or not, and so is
    /// the colour of a settled cell: the clauses within the board leave these variables out
    /// ([`Cnf::colors_within`]).
    fn known(&self, index: usize, cell: Colors, units: &mut Vec<i32>) {
        for color in 0..=self.colors as u32 {
            if cell >> color & 1 == 0 {
                units.push(-self.var(index, color));
            } else if cell.count_ones() == 1 {
                units.push(self.var(index, color));
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
