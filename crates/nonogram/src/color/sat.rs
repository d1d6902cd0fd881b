//! The last stage for colour puzzles, as for black and white ([`crate::sat`]): the puzzle as
//! clauses over its blocks' starts and one variable per cell and colour
//! ([`crate::cnf::Cnf::colors`]), handed to CaDiCaL once the depth-first search has spent
//! its nodes.

use super::{ColorBoard, ColorPuzzle, Colors};
use crate::cnf::{Cnf, color_variable};
use crate::engine::{Stats, Stop};
use crate::lines::Clock;
use crate::sat::{Literals, Size, search_cells};

/// The [`Size`] of a colour puzzle: a variable for each cell and colour, one clause that
/// each cell takes one and one for each pair it cannot take both, and its lines.
fn size(puzzle: &ColorPuzzle) -> Size {
    let (w, h) = (puzzle.width(), puzzle.height());
    let cells = (w * h) as u64;
    let values = puzzle.palette().len() as u64 + 1;
    let rows = puzzle.rows().iter().map(|l| (l.len(), w));
    let cols = puzzle.cols().iter().map(|l| (l.len(), h));
    Size::new(
        cells * values,
        cells * (1 + values * (values - 1) / 2),
        rows.chain(cols),
    )
}

/// Whether the puzzle fits CaDiCaL ([`Size::fits`]).
pub(crate) fn takes(puzzle: &ColorPuzzle) -> bool {
    size(puzzle).fits()
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::color::{Palette, Swatch};
    use grid_core::Grid;

    /// The estimate `takes` goes by is a bound on the clauses written.
    #[test]
    fn the_clauses_written_are_within_the_estimate() {
        let mut rng = grid_core::Rng::seeded(11);
        for (w, h, colors) in [(1, 1, 1), (6, 4, 2), (15, 10, 5), (30, 30, 9)] {
            let swatches = (0..colors)
                .map(|i| Swatch {
                    name: b'a' + i as u8,
                    rgb: [0, 0, 0],
                })
                .collect();
            let palette = Palette::new(swatches).unwrap();
            let cells = (0..w * h)
                .map(|_| rng.below(colors as u64 + 1) as u8)
                .collect();
            let puzzle = ColorPuzzle::from_picture(palette, &Grid::from_vec(w, h, cells).unwrap());
            let estimate = size(&puzzle).clauses;
            let written = Cnf::colors(&puzzle).clauses().len() as u64;
            assert!(written <= estimate, "{w}x{h}: {written} > {estimate}");
            assert!(takes(&puzzle));
        }
    }
}
