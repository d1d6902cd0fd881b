//! The last stage, for the puzzles the learning search does not finish soon: the puzzle as
//! clauses over its blocks' starts ([`crate::cnf`]), handed to CaDiCaL, a general SAT solver,
//! in its configuration for satisfiable problems.
//!
//! On the hardest of Wolter's survey CaDiCaL's search is the stronger one, so a search that
//! the learning search has not finished soon is handed to it (docs/performance.md, "Which
//! stage finishes the hard ones"). Its search is counted in its own steps and never in time,
//! so the same puzzle gets the same answer on every run.
//!
//! CaDiCaL is C++, so it comes with the `sat` feature (on by default). A build without it
//! runs every other stage the same; where a search would hand over, [`search`] stops with
//! [`Stop::NoSatStage`](crate::terms::Stop::NoSatStage) and the puzzle is left unfinished, never answered wrongly.

use crate::puzzle::Puzzle;

#[cfg(feature = "sat")]
mod cadical;
#[cfg(feature = "sat")]
pub(crate) use cadical::{Literals, search, search_cells};
#[cfg(not(feature = "sat"))]
pub(crate) use without::search;

/// The most clauses written for CaDiCaL, as estimated before any is: each takes about 60
/// bytes here and 30 more in CaDiCaL, so a puzzle at the limit takes about 1 GB. Knotty has
/// 36,914 clauses, Faase 327,185; a puzzle beyond the limit, only made to be one (a thousand
/// lines of hundreds of blocks with hundreds of cells to spare), stays with the search.
pub(crate) const MAX_CLAUSES: u64 = 10_000_000;

/// A bound, known before any clause is written, on the variables and clauses of a puzzle
/// over its blocks' starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Size {
    pub variables: u64,
    pub clauses: u64,
}

impl Size {
    /// The cells' own `variables` and `clauses`, and each of `lines` (its blocks, its cells):
    /// at most a start variable for each block and cell; for each block, two clauses for each
    /// of its starts and two for each cell; one clause for each cell besides.
    pub fn new(
        variables: u64,
        clauses: u64,
        lines: impl IntoIterator<Item = (usize, usize)>,
    ) -> Size {
        let start = Size { variables, clauses };
        lines.into_iter().fold(start, |size, (blocks, len)| {
            let (blocks, len) = (blocks as u64, len as u64);
            Size {
                variables: size.variables + blocks * len,
                clauses: size.clauses + (4 * blocks + 1) * len,
            }
        })
    }

    /// Whether such clauses can go to CaDiCaL: its literals are `i32`, and memory is taken
    /// only for what [`MAX_CLAUSES`] allows.
    pub fn fits(&self) -> bool {
        self.variables < i32::MAX as u64 && self.clauses <= MAX_CLAUSES
    }
}

/// The [`Size`] of a black-and-white puzzle: a variable for each cell, and its lines.
pub(crate) fn size(puzzle: &Puzzle) -> Size {
    let cells = puzzle.width() as u64 * puzzle.height() as u64;
    let lines = puzzle
        .lines()
        .map(|id| (puzzle.clues(id).len(), puzzle.line_len(id)));
    Size::new(cells, 0, lines)
}

/// Whether the puzzle's clauses fit CaDiCaL ([`Size::fits`]).
pub(crate) fn fits_cadical(puzzle: &Puzzle) -> bool {
    size(puzzle).fits()
}

/// The stand-in for CaDiCaL in a build without it, for puzzles of either kind.
#[cfg(not(feature = "sat"))]
mod without {
    use crate::clock::Clock;
    use crate::terms::{Stats, Stop};
    use grid_core::Grid;

    /// No last stage: the search stops where it would hand over.
    pub(crate) fn search<Puzzle, Cell>(
        _puzzle: &Puzzle,
        _board: &Grid<Cell>,
        _limit: usize,
        _found: &mut Vec<Grid<Cell>>,
        _clock: &Clock,
        _stats: &mut Stats,
    ) -> Result<(), Stop> {
        Err(Stop::NoSatStage)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cnf::{Cnf, Encoding};
    use crate::line::Cell;
    use crate::terms::Board;
    use grid_core::Grid;

    /// Two pictures: the diagonal and the anti-diagonal of a 2 x 2 square (the puzzle, and
    /// its two solutions).
    pub(super) fn diagonals() -> (Puzzle, Board, Board) {
        let puzzle = Puzzle::new(vec![vec![1], vec![1]], vec![vec![1], vec![1]]).unwrap();
        let (f, e) = (Cell::Filled, Cell::Empty);
        let diagonal = Board::from_vec(2, 2, vec![f, e, e, f]).unwrap();
        let anti = Board::from_vec(2, 2, vec![e, f, f, e]).unwrap();
        (puzzle, diagonal, anti)
    }

    /// The estimate `fits_cadical` goes by is a bound on the clauses written.
    #[test]
    fn the_clauses_written_are_within_the_estimate() {
        let mut rng = grid_core::Rng::seeded(7);
        for (w, h) in [(1, 1), (5, 3), (12, 9), (30, 30)] {
            let cells = (0..w * h).map(|_| rng.chance(0.4)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let estimate = size(&puzzle).clauses;
            let written = Cnf::new(&puzzle, Encoding::Starts).clauses().len() as u64;
            assert!(written <= estimate, "{w}x{h}: {written} > {estimate}");
        }
    }

    /// A puzzle made to have a huge encoding (every line 250 single cells, with 499 cells to
    /// spare) stays with the search rather than take gigabytes.
    #[test]
    fn a_puzzle_too_big_to_write_as_clauses_is_not_taken() {
        let lines = vec![vec![1; 250]; 1000];
        let huge = Puzzle::new(lines.clone(), lines).unwrap();
        assert!(!fits_cadical(&huge));
        let (small, ..) = diagonals();
        assert!(fits_cadical(&small));
    }

    #[test]
    #[cfg(not(feature = "sat"))]
    fn without_the_sat_feature_the_hand_over_stops_the_search() {
        let (puzzle, ..) = diagonals();
        let clock = crate::clock::Clock::unwatched();
        let mut stats = crate::terms::Stats::default();
        let blank = Board::from_vec(2, 2, vec![Cell::Unknown; 4]).unwrap();
        let mut found = Vec::new();
        let outcome = search(&puzzle, &blank, 10, &mut found, &clock, &mut stats);
        assert_eq!(outcome, Err(crate::terms::Stop::NoSatStage));
        assert!(found.is_empty());
    }
}
