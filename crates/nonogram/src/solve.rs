//! Solving a puzzle from start to proof: the clues' own contradictions, line logic, probing,
//! then search, and the verdict with the technique it took.
//!
//! This is the one place that sequences the stages (`decide`, then `search_stages`): the
//! engine's propagation, probing and depth-first search, then the learning search (`learn/`),
//! then CaDiCaL (`sat.rs`), each taking over where the one before spent its `Budget`. A new
//! stage goes in here, between the two it comes between; the stages know nothing of each
//! other.

use crate::clock::Clock;
use crate::engine::{Engine, State, activity};
use crate::explain::Step;
use crate::learn::{self, Learning};
use crate::line::Cell;
use crate::puzzle::Puzzle;
use crate::queue::Order;
use crate::sat;
use crate::terms::{Board, Searched, Stats, Stop};
use grid_core::Grid;
use std::time::{Duration, Instant};

pub use crate::terms::Halt;

/// What to look for.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// Solutions to look for: two settle uniqueness; one stops at the first solution
    /// ([`Status::Found`] when a search was needed).
    pub limit: usize,
    /// Give up after this long, with what was deduced so far.
    pub timeout: Option<Duration>,
    /// Record the deductions in words.
    pub explain: bool,
    /// Told of the work done (line solves, probes, search nodes) about once a second while
    /// the solver probes and searches: what a terminal shows during a long solve.
    pub progress: Option<fn(&Stats)>,
    /// Once set (by a Ctrl-C handler, say), the solve stops as at its timeout, with what it
    /// has, and says it was interrupted.
    pub stop: Option<&'static std::sync::atomic::AtomicBool>,
}

impl Options {
    /// The clock of a solve with these options, started now.
    pub(crate) fn clock(&self) -> Clock {
        let deadline = self.timeout.map(|t| Instant::now() + t);
        Clock::new(deadline, self.progress, self.stop)
    }
}

impl Default for Options {
    fn default() -> Self {
        Options {
            limit: 2,
            timeout: None,
            explain: false,
            progress: None,
            stop: None,
        }
    }
}

/// The verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Exactly one solution, proved.
    Unique,
    /// At least two solutions (both in `solutions`).
    Multiple,
    /// One solution, found by a search asked for one only ([`Options::limit`] 1): it
    /// satisfies the clues; whether it is the only one was not asked.
    Found,
    /// The clues contradict each other.
    None,
    /// The solver stopped before a verdict: [`Report::halt`] says why.
    Unfinished,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Unique => "unique",
            Status::Multiple => "multiple",
            Status::Found => "found",
            Status::None => "none",
            Status::Unfinished => "unfinished",
        }
    }
}

/// The strongest technique the puzzle needed: the measure of difficulty puzzle authors use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Method {
    /// Each line on its own, again and again.
    Line,
    /// Proof by contradiction on single cells.
    Probing,
    /// Trying values and backtracking.
    Search,
}

impl Method {
    pub fn name(self) -> &'static str {
        match self {
            Method::Line => "line",
            Method::Probing => "probing",
            Method::Search => "search",
        }
    }
}

/// Everything the solver found out; the cells are [`Cell`]s for black and white, and sets of
/// colours ([`crate::color::Colors`]) for a colour puzzle.
#[derive(Debug, Clone)]
pub struct Report<C = Cell> {
    pub status: Status,
    pub method: Method,
    /// The solutions found (up to the limit).
    pub solutions: Vec<Grid<C>>,
    /// The best board known: the solution when unique, else what logic settled.
    pub board: Grid<C>,
    /// Why there is no solution, when there is none.
    pub conflict: Option<String>,
    /// Why the solver stopped short: with [`Status::Unfinished`], or with
    /// [`Status::Multiple`] before it found as many solutions as were asked for.
    pub halt: Option<Halt>,
    /// The deductions in words, when asked for.
    pub steps: Vec<String>,
    pub stats: Stats,
}

/// Solves `puzzle`, starting from `start` (all unknown, or cells already known).
pub fn solve(puzzle: &Puzzle, start: Option<Board>, options: &Options) -> Report {
    let budget = match options.limit {
        1 => Budget::FIRST_SOLUTION,
        _ => Budget::DEFAULT,
    };
    solve_within(puzzle, start, options, budget)
}

/// How long each stage of the search goes on before the next takes over.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Budget {
    /// Nodes of depth-first search before the conflict-driven one takes over. The
    /// depth-first search with probing finds and proves most puzzles in a few hundred
    /// nodes; what it has not settled by then is where learning pays.
    pub nodes: u64,
    /// Nodes of depth-first search before CaDiCaL takes over, on a puzzle whose lines are
    /// too long for the learning search (over 126 cells). Probing every cell against such
    /// lines makes a node dear (0.08 to 0.22 s on a random 130 x 25), and CaDiCaL finishes
    /// in seconds what the depth-first search does not in minutes (docs/performance.md,
    /// "Random puzzles").
    pub long_nodes: u64,
    /// Conflicts of the learning search before CaDiCaL takes over: every puzzle the learning
    /// search was tuned on takes well under this (webpbn-22336, the most, 18,453), while
    /// Knotty, Meow and Faase take millions, which CaDiCaL cuts short (docs/performance.md,
    /// "Which stage finishes the hard ones").
    pub conflicts: u64,
    /// Probes of a colour puzzle's depth-first search before CaDiCaL takes over (colour
    /// puzzles have no learning search). Counted in probes, not nodes, because a node's
    /// cost is its open cells: random colour puzzles that need a search find their two
    /// solutions within 2,700 probes (a few milliseconds), while on webpbn's large ones a
    /// node costs 130 to 350 probes and CaDiCaL, over the board narrowed by probing, finishes
    /// sooner than the search would (docs/performance.md, "Colour puzzles, beside nonogrid").
    pub color_probes: u64,
}

impl Budget {
    pub const DEFAULT: Budget = Budget {
        nodes: 2000,
        long_nodes: 20,
        conflicts: 200_000,
        color_probes: 3000,
    };

    /// For the first solution only (`--limit 1`, the competitions' task): a tenth of the
    /// depth-first nodes. A random puzzle has many solutions, and probing every cell at
    /// every node pays for proofs that are not asked; the learning search reaches a first
    /// solution sooner. On 1,000 competition puzzles (bench/competition.sh) this halves the
    /// time: 88.6 s of CPU against 160.4 s with the default budget.
    pub const FIRST_SOLUTION: Budget = Budget {
        nodes: 200,
        ..Budget::DEFAULT
    };
}

/// [`solve()`], with each stage of the search going on for its `budget`.
pub(crate) fn solve_within(
    puzzle: &Puzzle,
    start: Option<Board>,
    options: &Options,
    budget: Budget,
) -> Report {
    let clock = options.clock();
    let order = if options.explain {
        Order::LastIn
    } else {
        Order::FirstIn
    };
    let mut engine = Engine::new(puzzle, &clock, options.explain, order);
    let board = start.unwrap_or_else(|| engine.blank_board());
    let mut verdict = decide(
        &mut engine,
        puzzle,
        board,
        options.limit.max(1),
        Method::Search,
        budget,
    );
    if verdict.halt == Some(Halt::Timeout) && clock.stopped() {
        verdict.halt = Some(Halt::Interrupted);
    }
    let steps = engine.steps.take().unwrap_or_default();
    verdict.into_report(steps.iter().map(Step::text).collect(), engine.stats)
}

/// What one stage of solving concluded.
pub(crate) struct Verdict<C = Cell> {
    pub status: Status,
    pub method: Method,
    pub board: Grid<C>,
    pub solutions: Vec<Grid<C>>,
    pub conflict: Option<String>,
    pub halt: Option<Halt>,
}

impl<C: Clone> Verdict<C> {
    pub fn into_report(self, steps: Vec<String>, stats: Stats) -> Report<C> {
        Report {
            status: self.status,
            method: self.method,
            solutions: self.solutions,
            board: self.board,
            conflict: self.conflict,
            halt: self.halt,
            steps,
            stats,
        }
    }

    pub fn solved(method: Method, board: Grid<C>) -> Self {
        Verdict {
            status: Status::Unique,
            method,
            solutions: vec![board.clone()],
            board,
            conflict: None,
            halt: None,
        }
    }

    /// Logic stopped (at the ceiling, or out of time) with cells open.
    pub fn open(method: Method, board: Grid<C>) -> Self {
        Verdict {
            status: Status::Unfinished,
            method,
            board,
            solutions: Vec::new(),
            conflict: None,
            halt: None,
        }
    }

    /// The solver stopped with cells open, for `halt`.
    pub fn halted(method: Method, board: Grid<C>, halt: Halt) -> Self {
        Verdict {
            halt: Some(halt),
            ..Verdict::open(method, board)
        }
    }

    /// What a search for `limit` solutions found from `board`: nothing (no solution), one
    /// solution (unique; found, when one was all that was asked), two or more (multiple), or,
    /// when time ran out, what it had.
    pub fn searched(
        outcome: Result<(), Stop>,
        mut found: Vec<Grid<C>>,
        board: Grid<C>,
        limit: usize,
    ) -> Self {
        match (outcome, found.len()) {
            (Ok(()), 0) => Verdict::impossible(
                Method::Search,
                board,
                "a complete search finds no solution: the clues cannot all hold".into(),
            ),
            // The search stopped at its first solution: not a proof that it is the only one.
            (_, 1) if limit == 1 => Verdict {
                status: Status::Found,
                ..Verdict::solved(Method::Search, found.remove(0))
            },
            (Ok(()), 1) => Verdict::solved(Method::Search, found.remove(0)),
            (_, n) => Verdict {
                status: if n >= 2 {
                    Status::Multiple
                } else {
                    Status::Unfinished
                },
                method: Method::Search,
                board,
                solutions: found,
                conflict: None,
                // Also with two or more: the search stopped short of the limit asked.
                halt: outcome.err().and_then(Stop::halt),
            },
        }
    }

    pub fn impossible(method: Method, board: Grid<C>, why: String) -> Self {
        Verdict {
            status: Status::None,
            method,
            board,
            solutions: Vec::new(),
            conflict: Some(why),
            halt: None,
        }
    }
}

/// How far logic alone takes a puzzle: the verdict of the stages up to `ceiling`, with
/// status `Unfinished` and the board as the last stage left it when they leave cells open.
/// This is what a generator asks ("can a person solve this with lines alone?") many times a
/// puzzle, so it has no deadline, explanation or progress to keep.
pub(crate) fn solve_up_to(puzzle: &Puzzle, start: Option<Board>, ceiling: Method) -> Report {
    let clock = Clock::unwatched();
    let mut engine = Engine::new(puzzle, &clock, false, Order::LastIn);
    let board = start.unwrap_or_else(|| engine.blank_board());
    let verdict = decide(&mut engine, puzzle, board, 2, ceiling, Budget::DEFAULT);
    verdict.into_report(Vec::new(), engine.stats)
}

/// The stages in turn, each one only when the ones before left cells open, and none past
/// `ceiling`.
fn decide(
    engine: &mut Engine,
    puzzle: &Puzzle,
    board: Board,
    limit: usize,
    ceiling: Method,
    budget: Budget,
) -> Verdict {
    if let Some(why) = puzzle.contradiction() {
        return Verdict::impossible(Method::Line, board, why);
    }
    let mut state = State::new(board);
    engine.queue_all();
    if let Err(Stop::Conflict(l)) = engine.propagate(&mut state) {
        let why =
            format!("{l} cannot be completed: its clues contradict what the crossing lines force");
        return Verdict::impossible(Method::Line, state.into_board(), why);
    }
    if is_solved(state.board()) {
        return Verdict::solved(Method::Line, state.into_board());
    }
    if ceiling == Method::Line {
        return Verdict::open(Method::Line, state.into_board());
    }
    let mut scores = Vec::new();
    match engine.probe(&mut state, &mut scores) {
        Err(Stop::Conflict(l)) => {
            let why = format!(
                "every value of some cell leads to a contradiction (the last in {l}): the clues cannot all hold"
            );
            return Verdict::impossible(Method::Probing, state.into_board(), why);
        }
        Err(stop) => {
            let halt = stop.halt().unwrap_or(Halt::Timeout);
            return Verdict::halted(Method::Probing, state.into_board(), halt);
        }
        Ok(()) if is_solved(state.board()) => {
            return Verdict::solved(Method::Probing, state.into_board());
        }
        Ok(()) if ceiling == Method::Probing => {
            return Verdict::open(Method::Probing, state.into_board());
        }
        Ok(()) => {}
    }
    if let Some(steps) = &mut engine.steps {
        let unknown = state
            .cells()
            .iter()
            .filter(|&&c| c == Cell::Unknown)
            .count();
        steps.push(Step::Search { unknown });
    }
    let mut found = Vec::new();
    let outcome = search_stages(engine, &state, limit, budget, &mut found);
    Verdict::searched(outcome, found, state.into_board(), limit)
}

/// The searches in turn from `state`, which probing has settled, until `found` holds `limit`
/// solutions or there are no more: the engine's depth-first search, then the learning search
/// on a puzzle whose lines it takes, then CaDiCaL on a puzzle whose clauses fit it, each
/// after the one before spent its `budget`. CaDiCaL takes over directly from the depth-first
/// search on lines too long for the learning search.
fn search_stages(
    engine: &mut Engine,
    state: &State,
    limit: usize,
    budget: Budget,
    found: &mut Vec<Board>,
) -> Result<(), Stop> {
    let (puzzle, clock) = (engine.puzzle(), engine.clock());
    let learns = learn::lines_fit(puzzle);
    let nodes = if learns {
        budget.nodes
    } else if sat::fits_cadical(puzzle) {
        budget.long_nodes
    } else {
        u64::MAX
    };
    let mut scores = vec![[0, 0]; state.len()];
    match engine.search(state.clone(), limit, nodes, found, &mut scores)? {
        Searched::Done => Ok(()),
        Searched::OutOfBudget if learns => {
            learn_then_sat(engine, state.board(), limit, found, &scores, budget)
        }
        Searched::OutOfBudget => sat::search(
            puzzle,
            state.board(),
            limit,
            found,
            clock,
            &mut engine.stats,
        ),
    }
}

/// The learning search from `board`, for solutions other than those in `found`, until
/// `found` holds `limit`, with the engine's clock and counters; `scores` (the probes'
/// yields) start its choice of cells where probing found the most to learn. After
/// `budget.conflicts` conflicts CaDiCaL takes over from what the learning search has
/// proved, when the puzzle's clauses fit it (else the learning search goes on).
pub(crate) fn learn_then_sat(
    engine: &mut Engine,
    board: &Board,
    limit: usize,
    found: &mut Vec<Board>,
    scores: &[[u32; 2]],
    budget: Budget,
) -> Result<(), Stop> {
    let (puzzle, clock) = (engine.puzzle(), engine.clock());
    let stats = &mut engine.stats;
    let conflicts = if sat::fits_cadical(puzzle) {
        budget.conflicts
    } else {
        u64::MAX
    };
    // The learning search's memory is given back before CaDiCaL takes its own.
    let proved = {
        let mut learning = Learning::new(puzzle, clock, stats, activity(scores));
        match learning.run(board, limit, found, conflicts)? {
            Searched::Done => None,
            Searched::OutOfBudget => Some(learning.root()),
        }
    };
    match proved {
        None => Ok(()),
        Some(root) => sat::search(puzzle, &root, limit, found, clock, stats),
    }
}

fn is_solved(board: &Board) -> bool {
    board.cells().iter().all(|&c| c != Cell::Unknown)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::{Grid, Rng};
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(40))]

        /// The order of the line queue changes the work, never the answer: solving with
        /// explanations (last in, first out) and without (first in, first out) gives the
        /// same verdict, boards, solutions, probes and search nodes.
        #[test]
        fn the_queues_order_changes_the_work_not_the_answer(
            w in 1usize..16, h in 1usize..16, seed in any::<u64>(),
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let quick = solve(&puzzle, None, &Options::default());
            let told = solve(&puzzle, None, &Options { explain: true, ..Options::default() });
            prop_assert_eq!(quick.status, told.status);
            prop_assert_eq!(quick.method, told.method);
            prop_assert_eq!(&quick.board, &told.board);
            prop_assert_eq!(&quick.solutions, &told.solutions);
            prop_assert_eq!(quick.stats.probes, told.stats.probes);
            prop_assert_eq!(quick.stats.nodes, told.stats.nodes);
        }

        /// The search misses no solution: asked for all of them, it finds exactly the
        /// pictures that brute force over every grid finds to have the same clues. This is
        /// what makes "unique" a proof.
        #[test]
        fn the_search_finds_every_solution(w in 1usize..5, h in 1usize..5, seed in any::<u64>()) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let mut expected = crate::puzzle::brute_force(&puzzle);
            let report = solve(&puzzle, None, &Options { limit: 1 << 16, ..Options::default() });
            let mut found: Vec<Vec<Cell>> = report.solutions.iter().map(|g| g.cells().to_vec()).collect();
            expected.sort_by_key(|c| c.iter().map(|&x| x == Cell::Filled).collect::<Vec<_>>());
            found.sort_by_key(|c| c.iter().map(|&x| x == Cell::Filled).collect::<Vec<_>>());
            prop_assert_eq!(found, expected);
        }

        /// Whenever the conflict-driven search takes over (from the start, or after a
        /// few nodes, when the depth-first search may have found a solution already), and
        /// whenever CaDiCaL takes over from it (after a few conflicts, when either search
        /// may have found solutions), the verdict and the solutions are those of the
        /// depth-first search alone.
        #[test]
        fn the_handovers_keep_the_answer(
            w in 6usize..16, h in 6usize..16, seed in any::<u64>(), nodes in 0u64..6,
            conflicts in prop_oneof![0u64..4, Just(u64::MAX)],
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let options = Options { limit: 30, ..Options::default() };
            let alone = Budget { nodes: u64::MAX, long_nodes: u64::MAX, conflicts: u64::MAX, color_probes: u64::MAX };
            let depth_first = solve_within(&puzzle, None, &options, alone);
            // Only a search hands over.
            prop_assume!(depth_first.method == Method::Search);
            let handed_over =
                solve_within(&puzzle, None, &options, Budget { nodes, long_nodes: nodes, conflicts, color_probes: u64::MAX });
            if handed_over.halt == Some(Halt::NoSatStage) {
                // A build without CaDiCaL stops where it would hand over, and says so.
                prop_assert!(!cfg!(feature = "sat"));
                let status = handed_over.status;
                prop_assert!(status == Status::Unfinished || status == depth_first.status);
                return Ok(());
            }
            prop_assert_eq!(depth_first.status, handed_over.status);
            prop_assert_eq!(handed_over.solutions.len(), depth_first.solutions.len());
            if depth_first.solutions.len() < 30 {
                prop_assert_eq!(solution_set(&handed_over), solution_set(&depth_first));
            }
            if depth_first.status == Status::Unique {
                prop_assert_eq!(&handed_over.board, &depth_first.board);
            }
        }

        /// Lines longer than the learning search takes go from the depth-first search
        /// straight to CaDiCaL, with the same verdict and solutions as the depth-first
        /// search alone.
        #[test]
        fn long_lines_hand_over_to_cadical(
            w in 127usize..140, h in 2usize..5, seed in any::<u64>(), nodes in 0u64..4,
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            prop_assert!(!learn::lines_fit(&puzzle));
            let options = Options { limit: 30, ..Options::default() };
            let alone = Budget { nodes: u64::MAX, long_nodes: u64::MAX, conflicts: u64::MAX, color_probes: u64::MAX };
            let depth_first = solve_within(&puzzle, None, &options, alone);
            let budget = Budget { nodes: u64::MAX, long_nodes: nodes, conflicts: 0, color_probes: u64::MAX };
            let handed_over = solve_within(&puzzle, None, &options, budget);
            if handed_over.halt == Some(Halt::NoSatStage) {
                prop_assert!(!cfg!(feature = "sat"));
                let status = handed_over.status;
                prop_assert!(status == Status::Unfinished || status == depth_first.status);
                return Ok(());
            }
            prop_assert_eq!(depth_first.status, handed_over.status);
            prop_assert_eq!(handed_over.solutions.len(), depth_first.solutions.len());
            if depth_first.solutions.len() < 30 {
                prop_assert_eq!(solution_set(&handed_over), solution_set(&depth_first));
            }
        }
    }

    fn solution_set(r: &Report) -> Vec<Vec<bool>> {
        let mut s: Vec<Vec<bool>> = r
            .solutions
            .iter()
            .map(|g| g.cells().iter().map(|&c| c == Cell::Filled).collect())
            .collect();
        s.sort();
        s
    }
}
