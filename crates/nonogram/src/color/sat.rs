//! The last stage for colour puzzles, as for black and white ([`crate::sat`]): the puzzle as
//! clauses over its blocks' starts and one variable per cell and colour
//! ([`crate::cnf::Cnf::colors`]), handed to CaDiCaL once the depth-first search has spent
//! its nodes.

use super::ColorPuzzle;
use crate::sat::Size;

#[cfg(feature = "sat")]
mod cadical;
#[cfg(not(feature = "sat"))]
pub(crate) use crate::sat::search;
#[cfg(feature = "sat")]
pub(crate) use cadical::search;

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

/// Whether the puzzle's clauses fit CaDiCaL ([`Size::fits`]).
pub(crate) fn fits_cadical(puzzle: &ColorPuzzle) -> bool {
    size(puzzle).fits()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::Cnf;
    use crate::color::{Palette, Swatch};
    use grid_core::Grid;

    /// The estimate `fits_cadical` goes by is a bound on the clauses written.
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
            assert!(fits_cadical(&puzzle));
        }
    }
}
