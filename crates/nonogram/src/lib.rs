//! Nonograms: a solver that reasons like a person and proves what it finds.
//!
//! - [`mod@line`]: the exact line solver, which finds among much else the overlap rule a
//!   person learns first ("a clue longer than half of its range fills the middle").
//! - propagation over rows and columns with a queue of changed lines, probing (assume a cell,
//!   propagate, and a contradiction proves the opposite), and a complete search, so that
//!   [`solve()`] ends with a proof: unique, multiple (two solutions shown), or none.
//! - [`explain`]: the deductions in words, and the technique the puzzle needed.
//! - [`color`]: colour nonograms, with their own line solver and engine beside the
//!   black-and-white ones, and the same stages and verdicts.
//! - [`cnf`]: a puzzle as clauses, for the SAT solver of the last stage and for any other.
//! - [`formats`]: the files puzzle collections come in.
//! - [`generate`]: puzzles made at random or from pictures, with one solution at the
//!   difficulty asked.

#![forbid(unsafe_code)]

mod clock;
pub mod cnf;
pub mod color;
pub mod document;
mod engine;
pub mod explain;
pub mod formats;
pub mod generate;
mod learn;
pub mod line;
mod numbering;
pub mod puzzle;
mod queue;
mod sat;
pub mod solve;
mod terms;
pub mod word;

pub use document::Answer;

/// A puzzle of either kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nonogram {
    Black(Puzzle),
    Color(color::ColorPuzzle),
}
pub use line::Cell;
pub use puzzle::{ClueError, LineId, Puzzle};
pub use solve::{Method, Options, Report, Status, solve};
pub use terms::Halt;
pub use terms::{Board, Stats};
