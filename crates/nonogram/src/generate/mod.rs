//! Making puzzles: random pictures turned into puzzles with one solution at exactly the
//! difficulty asked ([`random()`]), and given pictures repaired, by givens or by flipped
//! pixels, until their puzzle has one solution a person can reach ([`repair()`]).
//!
//! Both work the same way. The solver says how far the techniques allowed take the puzzle;
//! where cells stay open, one of them is changed (a pixel flipped, or shown as a given) and
//! the puzzle is judged again. The difficulty of a puzzle is the grade `nonosolve` writes in
//! `solution.method`: the strongest technique it needs.

mod color;
mod random;
mod repair;

pub use color::{ColorMade, STANDARD_COLORS, color_picture, random_color, standard_palette};
pub use random::{ATTEMPTS, GenerateError, RandomSpec, Tried, random};
pub use repair::{Repair, Unrepaired, repair};

use crate::line::Cell;
use crate::puzzle::Puzzle;
use crate::solve::{Method, Status, solve_up_to};
use crate::terms::Board;
use grid_core::Grid;

/// A puzzle made from a picture: the picture is its one solution.
#[derive(Debug, Clone)]
pub struct Made {
    /// The solution, `true` for a filled cell.
    pub picture: Grid<bool>,
    pub puzzle: Puzzle,
    /// Cells shown at the start (indices in reading order), in the order they were chosen.
    pub givens: Vec<usize>,
    /// Pixels of the picture given that were flipped (indices in reading order).
    pub flips: Vec<usize>,
    /// The strongest technique the puzzle needs, from its givens.
    pub method: Method,
}

impl Made {
    /// The puzzle of `picture` as it is: no givens, no flips.
    pub fn as_drawn(picture: Grid<bool>, method: Method) -> Made {
        Made {
            puzzle: Puzzle::from_picture(&picture),
            picture,
            givens: Vec::new(),
            flips: Vec::new(),
            method,
        }
    }

    /// The board a solver starts from: the givens known, every other cell unknown; `None`
    /// when there are no givens.
    pub fn start(&self) -> Option<Board> {
        (!self.givens.is_empty()).then(|| start_with(&self.picture, &self.givens))
    }
}

/// The board with `givens` known, as `picture` has them.
fn start_with(picture: &Grid<bool>, givens: &[usize]) -> Board {
    let mut board = Grid::new(picture.width(), picture.height(), Cell::Unknown);
    for &i in givens {
        board.cells_mut()[i] = cell_of(picture.cells()[i]);
    }
    board
}

fn cell_of(filled: bool) -> Cell {
    if filled { Cell::Filled } else { Cell::Empty }
}

/// How far the techniques up to a difficulty take a puzzle whose clues come from a picture
/// (so that it has at least one solution).
#[derive(Debug)]
enum Judged {
    /// Solved, uniquely, with this as the strongest technique.
    Solved(Method),
    /// Not solved: the cells still open (unknown to logic, or where two solutions differ),
    /// and the board as logic left it.
    Open { cells: Vec<usize>, board: Board },
}

fn judge(puzzle: &Puzzle, start: Option<Board>, difficulty: Method) -> Judged {
    let report = solve_up_to(puzzle, start, difficulty);
    match report.status {
        Status::Unique => Judged::Solved(report.method),
        Status::Multiple => {
            let (a, b) = (&report.solutions[0], &report.solutions[1]);
            let cells = (0..a.len())
                .filter(|&i| a.cells()[i] != b.cells()[i])
                .collect();
            Judged::Open {
                cells,
                board: report.board,
            }
        }
        Status::Found => unreachable!("solve_up_to looks for two solutions"),
        // A picture's clues always have a solution, and nothing here has a deadline.
        Status::None | Status::Unfinished => Judged::Open {
            cells: unknown_cells(&report.board),
            board: report.board,
        },
    }
}

fn unknown_cells(board: &Board) -> Vec<usize> {
    (0..board.len())
        .filter(|&i| board.cells()[i] == Cell::Unknown)
        .collect()
}

/// The cells line logic leaves unknown from `board`.
fn unknown_after_lines(puzzle: &Puzzle, board: Board) -> usize {
    let report = solve_up_to(puzzle, Some(board), Method::Line);
    report
        .board
        .cells()
        .iter()
        .filter(|&&c| c == Cell::Unknown)
        .count()
}
