//! The words every stage of a black-and-white or colour solve shares: the board, the
//! counters, why a stage stopped and how a search with a budget ended. A leaf: it imports
//! nothing of the crate but the line numbering's [`LineId`] and the [`Cell`].

use crate::line::Cell;
use crate::puzzle::LineId;
use grid_core::Grid;

/// The board: one cell per square of the puzzle.
pub type Board = Grid<Cell>;

/// Counters for the curious and for benchmarks; a solution's `stats` field.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Stats {
    pub line_solves: u64,
    pub probes: u64,
    /// Search nodes: branches of the depth-first search, decisions of the learning one.
    pub nodes: u64,
    /// Conflicts the learning search analysed (each one a clause learnt), and the clauses
    /// CaDiCaL learnt after it.
    pub conflicts: u64,
}

/// Why a solve ended [`Status::Unfinished`](crate::solve::Status::Unfinished).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Halt {
    /// The time given (`Options::timeout`) ran out.
    Timeout,
    /// The solve was asked to stop (`Options::stop`).
    Interrupted,
    /// The search spent its budget where CaDiCaL would take over, and this build has no SAT
    /// stage (the `sat` feature is off).
    NoSatStage,
}

impl Halt {
    /// The name written in a document's `solution.halt`.
    pub fn name(self) -> &'static str {
        match self {
            Halt::Timeout => "timeout",
            Halt::Interrupted => "interrupted",
            Halt::NoSatStage => "no-sat-stage",
        }
    }
}

/// Why solving stopped short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A line has no arrangement left: the board (or the assumption behind it) is impossible.
    Conflict(LineId),
    /// Out of time.
    Timeout,
    /// The search spent its budget and would hand over to CaDiCaL, which this build lacks
    /// (the `sat` feature is off).
    #[cfg(not(feature = "sat"))]
    NoSatStage,
}

impl Stop {
    /// Why a solve that stopped here is unfinished; `None` for a conflict, which is an answer.
    pub fn halt(self) -> Option<Halt> {
        match self {
            Stop::Conflict(_) => None,
            Stop::Timeout => Some(Halt::Timeout),
            #[cfg(not(feature = "sat"))]
            Stop::NoSatStage => Some(Halt::NoSatStage),
        }
    }
}

/// How a search with a budget (of nodes, probes or conflicts) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Searched {
    /// It found what it was asked for, or proved there is no more.
    Done,
    /// The budget ran out first.
    OutOfBudget,
}
