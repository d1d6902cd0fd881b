//! Positions for tests.

use crate::layout::neighbours;
use crate::solver::{Weighed, weigh};
use grid_core::mines_doc::Cell;
use grid_core::{Grid, Pos, Rng};

/// A position from a random small board: `w` x `h` with 3 to 7 mines, a few tiles opened at
/// random (those that are not mines), and its number of mines.
pub(crate) fn random_position(rng: &mut Rng, w: usize, h: usize) -> (Grid<Cell>, usize) {
    let mines = 3 + rng.index(5);
    let mut is_mine = Grid::new(w, h, false);
    let mut placed = 0;
    while placed < mines {
        let p = Pos::new(rng.index(h), rng.index(w));
        if !is_mine[p] {
            is_mine[p] = true;
            placed += 1;
        }
    }
    let mut view = Grid::new(w, h, Cell::Covered);
    for _ in 0..4 + rng.index(10) {
        let p = Pos::new(rng.index(h), rng.index(w));
        if !is_mine[p] {
            let n = neighbours(&view, p).filter(|&q| is_mine[q]).count();
            view[p] = Cell::Open(n as u8);
        }
    }
    (view, mines)
}

/// A position from rows of the document's characters (`#` covered, `0`-`8` open, `F` flagged).
pub(crate) fn position(rows: &[&str]) -> Grid<Cell> {
    let cells = rows
        .iter()
        .flat_map(|r| r.bytes().map(|b| Cell::from_char(b).expect("a cell")))
        .collect();
    Grid::from_vec(rows[0].len(), rows.len(), cells).unwrap()
}

/// The odds of a position that must have some, counted without a budget.
pub(crate) fn weighed(view: &Grid<Cell>, mines: usize) -> Weighed {
    weigh(view, mines, &mut u64::MAX.clone()).unwrap().unwrap()
}
