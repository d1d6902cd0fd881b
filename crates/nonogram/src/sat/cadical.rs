//! CaDiCaL, given a puzzle's clauses and what is known of its cells.

use super::fits_cadical;
use crate::clock::Clock;
use crate::cnf::{Cnf, Encoding, cell_variable};
use crate::line::Cell;
use crate::puzzle::Puzzle;
use crate::terms::{Board, Stats, Stop};
use grid_core::Grid;

/// Looks for solutions of `board` other than those in `found`, until `found` holds `limit`
/// of them or there are no more; `Err(Timeout)` when `clock` runs out first. Every known
/// cell of `board` must hold in every solution not in `found`. CaDiCaL's learnt clauses are
/// counted in `stats` as conflicts, one a conflict.
pub(crate) fn search(
    puzzle: &Puzzle,
    board: &Board,
    limit: usize,
    found: &mut Vec<Board>,
    clock: &Clock,
    stats: &mut Stats,
) -> Result<(), Stop> {
    debug_assert!(fits_cadical(puzzle));
    let cnf = Cnf::new(puzzle, Encoding::Starts);
    search_cells(&BlackAndWhite, &cnf, board, limit, found, clock, stats)
}

/// How the cells of a board read as literals of a puzzle's clauses.
pub(crate) trait Literals {
    type Cell: Copy + PartialEq;
    /// The configuration CaDiCaL is set up with for these puzzles.
    const CONFIG: &'static str;
    /// Whether the cell's value is still open.
    fn open(&self, cell: Self::Cell) -> bool;
    /// The unit clauses that hold what is known of the cell at `index`.
    fn known(&self, index: usize, cell: Self::Cell, units: &mut Vec<i32>);
    /// The literal "the cell at `index` has the value `cell`" (a solution's, settled).
    fn is(&self, index: usize, cell: Self::Cell) -> i32;
    /// The value of the cell at `index` in CaDiCaL's model.
    fn read(&self, index: usize, value: impl Fn(i32) -> Option<bool>) -> Self::Cell;
}

/// A black-and-white board: a cell's variable is true when it is filled.
struct BlackAndWhite;

impl Literals for BlackAndWhite {
    type Cell = Cell;
    /// CaDiCaL's configuration for satisfiable problems: it finds Knotty's, Meow's and
    /// Faase's pictures soonest (docs/performance.md, "Which stage finishes the hard ones").
    const CONFIG: &'static str = "sat";

    fn open(&self, cell: Cell) -> bool {
        cell == Cell::Unknown
    }

    fn known(&self, index: usize, cell: Cell, units: &mut Vec<i32>) {
        if cell != Cell::Unknown {
            units.push(self.is(index, cell));
        }
    }

    fn is(&self, index: usize, cell: Cell) -> i32 {
        let var = cell_variable(index) as i32;
        if cell == Cell::Filled { var } else { -var }
    }

    fn read(&self, index: usize, value: impl Fn(i32) -> Option<bool>) -> Cell {
        match value(self.is(index, Cell::Filled)) {
            Some(false) => Cell::Empty,
            _ => Cell::Filled,
        }
    }
}

/// [`search`] for any puzzle whose clauses `cnf` are, its cells read by `literals`.
pub(crate) fn search_cells<L: Literals>(
    literals: &L,
    cnf: &Cnf,
    board: &Grid<L::Cell>,
    limit: usize,
    found: &mut Vec<Grid<L::Cell>>,
    clock: &Clock,
    stats: &mut Stats,
) -> Result<(), Stop> {
    let mut solver: cadical::Solver<Watch> = cadical::Solver::with_config(L::CONFIG)
        .expect("`Literals::CONFIG` names one of CaDiCaL's configurations");
    for clause in cnf.clauses() {
        solver.add_clause(clause.iter().map(|&lit| lit as i32));
    }
    let cells = board.cells();
    let open: Vec<usize> = (0..cells.len())
        .filter(|&i| literals.open(cells[i]))
        .collect();
    let mut units = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        literals.known(i, cell, &mut units);
    }
    for unit in units {
        solver.add_clause([unit]);
    }
    for solution in found.iter() {
        // One that disagrees with a known cell is already excluded.
        let agrees = cells
            .iter()
            .zip(solution.cells())
            .all(|(&known, &cell)| literals.open(known) || known == cell);
        if agrees && !exclude(literals, &mut solver, &open, solution) {
            return Ok(());
        }
    }
    solver.set_callbacks(Some(Watch {
        clock,
        stats: *stats,
    }));
    while found.len() < limit {
        let answer = solver.solve();
        if let Some(watch) = solver.get_callbacks() {
            *stats = watch.stats;
        }
        match answer {
            Some(true) => {
                let cells = (0..cells.len())
                    .map(|i| literals.read(i, |lit| solver.value(lit)))
                    .collect();
                let solution = Grid::from_vec(board.width(), board.height(), cells)
                    .expect("the board has the puzzle's size");
                let more = exclude(literals, &mut solver, &open, &solution);
                found.push(solution);
                if !more {
                    return Ok(());
                }
            }
            Some(false) => return Ok(()),
            None => return Err(Stop::Timeout),
        }
    }
    Ok(())
}

/// Adds the clause "some cell in `open` differs from `solution`"; false when `open` is
/// empty (the board is that solution, and there is no other).
fn exclude<L: Literals>(
    literals: &L,
    solver: &mut cadical::Solver<Watch>,
    open: &[usize],
    solution: &Grid<L::Cell>,
) -> bool {
    if open.is_empty() {
        return false;
    }
    solver.add_clause(open.iter().map(|&i| -literals.is(i, solution.cells()[i])));
    true
}

/// Keeps CaDiCaL to the clock, and counts its conflicts by the clauses it learns.
struct Watch<'a> {
    clock: &'a Clock,
    stats: Stats,
}

impl cadical::Callbacks for Watch<'_> {
    fn terminate(&mut self) -> bool {
        self.clock.out_of_time(&self.stats)
    }

    /// Every learnt clause is told of, to be counted.
    fn max_length(&self) -> i32 {
        i32::MAX
    }

    fn learn(&mut self, _clause: &[i32]) {
        self.stats.conflicts += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::tests::diagonals;
    use std::time::Instant;

    /// A solution found before the cells were proved is excluded by the proved cells, not
    /// by a clause over the cells still open: that clause could exclude a solution that
    /// differs from it only in the proved cells.
    #[test]
    fn a_solution_the_proved_cells_rule_out_excludes_nothing_more() {
        let (puzzle, diagonal, anti) = diagonals();
        let clock = Clock::unwatched();
        let mut stats = Stats::default();
        let mut found = vec![diagonal.clone()];
        search(&puzzle, &anti, 10, &mut found, &clock, &mut stats).unwrap();
        assert_eq!(found, [diagonal, anti]);
    }

    #[test]
    fn it_finds_every_solution_and_proves_there_are_no_more() {
        let (puzzle, diagonal, anti) = diagonals();
        let clock = Clock::unwatched();
        let mut stats = Stats::default();
        let blank = Board::from_vec(2, 2, vec![Cell::Unknown; 4]).unwrap();
        let mut found = Vec::new();
        search(&puzzle, &blank, 10, &mut found, &clock, &mut stats).unwrap();
        found.sort_by_key(|b| b.cells()[0] == Cell::Filled);
        assert_eq!(found, [anti, diagonal]);
    }

    #[test]
    fn a_deadline_passed_stops_it() {
        let (puzzle, ..) = diagonals();
        let clock = Clock::new(Some(Instant::now()), None, None);
        let mut stats = Stats::default();
        let blank = Board::from_vec(2, 2, vec![Cell::Unknown; 4]).unwrap();
        let mut found = Vec::new();
        let outcome = search(&puzzle, &blank, 10, &mut found, &clock, &mut stats);
        assert!(matches!(outcome, Err(Stop::Timeout)), "{outcome:?}");
    }
}
