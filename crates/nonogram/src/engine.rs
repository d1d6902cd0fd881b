//! The solving engine: propagation of the line solver over rows and columns, probing (proof by
//! contradiction), and a complete search for what logic leaves open.

use crate::explain::Step;
use crate::line::{Cell, LineSolver};
use crate::puzzle::{LineId, Puzzle};
use grid_core::Grid;
use rustc_hash::FxHashMap;
use std::time::Instant;

/// Lines up to this long are remembered in the line cache (two 128-bit masks a line).
const CACHED_LINE: usize = 128;
/// Entries kept before the cache starts afresh (about 40 MB).
const CACHE_ENTRIES: usize = 500_000;

/// A line's known cells as bit masks: (filled, empty).
type Packed = (u128, u128);

fn pack(cells: &[Cell]) -> Packed {
    // Cell values are 0 (unknown), 1 (filled) and 2 (empty): their two bits are the masks.
    let (mut filled, mut empty) = (0u128, 0u128);
    for (i, &c) in cells.iter().enumerate() {
        let v = c as u128;
        filled |= (v & 1) << i;
        empty |= (v >> 1) << i;
    }
    (filled, empty)
}

fn unpack((filled, empty): Packed, cells: &mut [Cell]) {
    for (i, c) in cells.iter_mut().enumerate() {
        *c = match (filled >> i & 1) | (empty >> i & 1) << 1 {
            1 => Cell::Filled,
            2 => Cell::Empty,
            _ => Cell::Unknown,
        };
    }
}

/// The board: one cell per square of the puzzle.
pub type Board = Grid<Cell>;

/// Why solving stopped short.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// A line has no arrangement left: the board (or the assumption behind it) is impossible.
    Conflict(LineId),
    /// Out of time.
    Timeout,
}

/// Counters for the curious and for benchmarks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    pub line_solves: u64,
    pub probes: u64,
    pub nodes: u64,
}

pub(crate) struct Engine<'a> {
    puzzle: &'a Puzzle,
    solver: LineSolver,
    line: Vec<Cell>,
    before: Vec<Cell>,
    queue: Vec<usize>,
    queued: Vec<bool>,
    /// Lines solved before: probing and search meet the same line states again and again.
    cache: FxHashMap<(u32, Packed), Option<Packed>>,
    deadline: Option<Instant>,
    /// Deductions as a person would write them, when asked for.
    pub steps: Option<Vec<Step>>,
    /// Inside the search (which changes the order of probes).
    searching: bool,
    pub stats: Stats,
}

impl<'a> Engine<'a> {
    pub fn new(puzzle: &'a Puzzle, deadline: Option<Instant>, explain: bool) -> Self {
        let lines = puzzle.width() + puzzle.height();
        Engine {
            puzzle,
            solver: LineSolver::new(),
            line: Vec::new(),
            before: Vec::new(),
            queue: Vec::with_capacity(lines),
            queued: vec![false; lines],
            cache: FxHashMap::default(),
            deadline,
            steps: explain.then(Vec::new),
            searching: false,
            stats: Stats::default(),
        }
    }

    pub fn blank_board(&self) -> Board {
        Grid::new(self.puzzle.width(), self.puzzle.height(), Cell::Unknown)
    }

    fn line_id(&self, l: usize) -> LineId {
        let h = self.puzzle.height();
        if l < h {
            LineId::Row(l)
        } else {
            LineId::Col(l - h)
        }
    }

    fn out_of_time(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Queues every line.
    pub fn queue_all(&mut self) {
        for l in 0..self.queued.len() {
            self.enqueue(l);
        }
    }

    /// Queues the row and the column through a cell.
    fn queue_cell(&mut self, index: usize) {
        let w = self.puzzle.width();
        let h = self.puzzle.height();
        self.enqueue(index / w);
        self.enqueue(h + index % w);
    }

    fn enqueue(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.queue.push(l);
        }
    }

    fn clear_queue(&mut self) {
        for &l in &self.queue {
            self.queued[l] = false;
        }
        self.queue.clear();
    }

    /// Solves queued lines until nothing changes. On a conflict the board is left part-way.
    pub fn propagate(&mut self, board: &mut Board) -> Result<(), Stop> {
        let w = self.puzzle.width();
        let h = self.puzzle.height();
        while let Some(l) = self.queue.pop() {
            self.queued[l] = false;
            let id = self.line_id(l);
            // Read the line.
            self.line.clear();
            match id {
                LineId::Row(r) => self
                    .line
                    .extend_from_slice(&board.cells()[r * w..(r + 1) * w]),
                LineId::Col(c) => self.line.extend((0..h).map(|r| board.cells()[r * w + c])),
            }
            self.before.clear();
            self.before.extend_from_slice(&self.line);
            if !self.solve_line(l, id) {
                self.clear_queue();
                return Err(Stop::Conflict(id));
            }
            // Write back what changed, and queue the crossing lines.
            let mut changed = false;
            for i in 0..self.line.len() {
                if self.line[i] == self.before[i] {
                    continue;
                }
                changed = true;
                let index = match id {
                    LineId::Row(r) => r * w + i,
                    LineId::Col(c) => i * w + c,
                };
                board.cells_mut()[index] = self.line[i];
                let crossing = match id {
                    LineId::Row(_) => h + i,
                    LineId::Col(_) => i,
                };
                self.enqueue(crossing);
            }
            if changed && let Some(steps) = &mut self.steps {
                steps.push(Step::line(
                    id,
                    self.puzzle.clues(id),
                    &self.before,
                    &self.line,
                    self.solver.ranges(),
                ));
            }
        }
        Ok(())
    }

    /// Solves the line in `self.line`, through the cache when the line is short enough and
    /// no explanation is being written (explanations need the solver's block ranges).
    fn solve_line(&mut self, l: usize, id: LineId) -> bool {
        let cacheable = self.line.len() <= CACHED_LINE && self.steps.is_none();
        let key = (l as u32, if cacheable { pack(&self.line) } else { (0, 0) });
        if cacheable && let Some(known) = self.cache.get(&key) {
            return match *known {
                Some(result) => {
                    unpack(result, &mut self.line);
                    true
                }
                None => false,
            };
        }
        self.stats.line_solves += 1;
        let ok = self.solver.solve(self.puzzle.clues(id), &mut self.line);
        if cacheable {
            if self.cache.len() >= CACHE_ENTRIES {
                self.cache.clear();
            }
            self.cache.insert(key, ok.then(|| pack(&self.line)));
        }
        ok
    }

    /// Sets one cell and propagates.
    fn assume(&mut self, board: &mut Board, index: usize, value: Cell) -> Result<(), Stop> {
        board.cells_mut()[index] = value;
        self.queue_cell(index);
        self.propagate(board)
    }

    /// One round of probing: every unknown cell is assumed filled and blank in turn. A
    /// contradiction proves the opposite; cells that both assumptions agree on are certain.
    /// Returns whether anything was learnt; `Err` when the board itself is impossible.
    pub fn probe_round(&mut self, board: &mut Board, scores: &mut [u32]) -> Result<bool, Stop> {
        let mut learnt = false;
        let recording = self.steps.take();
        let result = self.probe_cells(board, scores, &mut learnt, recording);
        result.map(|()| learnt)
    }

    // The cell index addresses the board, the scores and the probe results at once.
    #[allow(clippy::needless_range_loop)]
    fn probe_cells(
        &mut self,
        board: &mut Board,
        scores: &mut [u32],
        learnt: &mut bool,
        mut recording: Option<Vec<Step>>,
    ) -> Result<(), Stop> {
        // implied[i]: the values of cell i already known to lead to no contradiction, because
        // an earlier probe of this round reached them (bit 1 filled, bit 2 blank). Probing such
        // a value again can only find a subset of what that probe found, so it is skipped.
        // Whatever the board learns makes the marks stale, so they are cleared then.
        let mut implied = vec![0u8; board.len()];
        let mut outcome = Ok(());
        for index in self.probe_order(board) {
            if board.cells()[index] != Cell::Unknown || implied[index] == BOTH {
                continue;
            }
            if self.out_of_time() {
                outcome = Err(Stop::Timeout);
                break;
            }
            self.stats.probes += 1;
            let try_value = |engine: &mut Self, value: Cell| -> Option<Result<Board, Stop>> {
                (implied[index] & bit(value) == 0).then(|| {
                    let mut b = board.clone();
                    engine.assume(&mut b, index, value).map(|()| b)
                })
            };
            let filled = try_value(self, Cell::Filled);
            let empty = try_value(self, Cell::Empty);
            let conflict = |r: &Option<Result<Board, Stop>>| match r {
                Some(Err(Stop::Conflict(l))) => Some(*l),
                _ => None,
            };
            if matches!(filled, Some(Err(Stop::Timeout)))
                || matches!(empty, Some(Err(Stop::Timeout)))
            {
                outcome = Err(Stop::Timeout);
                break;
            }
            match (conflict(&filled), conflict(&empty)) {
                (Some(l), Some(_)) => {
                    outcome = Err(Stop::Conflict(l));
                    break;
                }
                (Some(l), None) | (None, Some(l)) => {
                    let (assumed, other) = if conflict(&filled).is_some() {
                        (Cell::Filled, empty)
                    } else {
                        (Cell::Empty, filled)
                    };
                    if let Some(steps) = &mut recording {
                        steps.push(Step::Contradiction {
                            cell: board.pos_of(index),
                            assumed,
                            conflict: l,
                        });
                    }
                    // The other value is certain; when it was skipped, or when its
                    // consequences are to be explained line by line, propagate it here.
                    let result = match other {
                        Some(Ok(b)) if recording.is_none() => b,
                        _ => {
                            self.steps = recording.take();
                            let mut redo = board.clone();
                            let again = self.assume(&mut redo, index, assumed.opposite());
                            recording = self.steps.take();
                            again?;
                            redo
                        }
                    };
                    *board = result;
                    *learnt = true;
                    implied.fill(0);
                }
                (None, None) => {
                    let (filled, empty) = (filled.and_then(Result::ok), empty.and_then(Result::ok));
                    for b in filled.iter().chain(empty.iter()) {
                        mark_implied(&mut implied, board, b);
                    }
                    let (Some(filled), Some(empty)) = (filled, empty) else {
                        continue;
                    };
                    let changes = |b: &Board| {
                        b.cells()
                            .iter()
                            .zip(board.cells())
                            .filter(|(x, y)| x != y)
                            .count() as u32
                    };
                    scores[index] = (changes(&filled) + 1) * (changes(&empty) + 1);
                    let common: Vec<usize> = (0..board.len())
                        .filter(|&i| {
                            board.cells()[i] == Cell::Unknown
                                && filled.cells()[i] != Cell::Unknown
                                && filled.cells()[i] == empty.cells()[i]
                        })
                        .collect();
                    if !common.is_empty() {
                        if let Some(steps) = &mut recording {
                            steps.push(Step::BothWays {
                                cell: board.pos_of(index),
                                filled: common
                                    .iter()
                                    .filter(|&&i| filled.cells()[i] == Cell::Filled)
                                    .map(|&i| board.pos_of(i))
                                    .collect(),
                                empty: common
                                    .iter()
                                    .filter(|&&i| filled.cells()[i] == Cell::Empty)
                                    .map(|&i| board.pos_of(i))
                                    .collect(),
                            });
                        }
                        for &i in &common {
                            board.cells_mut()[i] = filled.cells()[i];
                            self.queue_cell(i);
                        }
                        self.steps = recording.take();
                        let settled = self.propagate(board);
                        recording = self.steps.take();
                        settled?;
                        *learnt = true;
                        implied.fill(0);
                    }
                }
            }
        }
        self.steps = recording;
        outcome
    }

    /// The unknown cells, those whose row and column are most settled first: an assumption
    /// there meets the known cells at once, so that is where contradictions are found, and
    /// each one found makes the probes after it cheaper.
    ///
    /// Inside the search, cells are probed in reading order instead: the branching rule
    /// reads the scores of this order's probes, and it measured far better so (webpbn 6574
    /// takes 0.35 s this way and 24 s the other).
    fn probe_order(&self, board: &Board) -> Vec<usize> {
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        let cells = board.cells();
        let known = |c: &Cell| *c != Cell::Unknown;
        if self.searching {
            return (0..cells.len()).filter(|&i| !known(&cells[i])).collect();
        }
        let rows: Vec<usize> = (0..h)
            .map(|r| {
                cells[r * w..(r + 1) * w]
                    .iter()
                    .filter(|c| known(c))
                    .count()
            })
            .collect();
        let cols: Vec<usize> = (0..w)
            .map(|c| (0..h).filter(|&r| known(&cells[r * w + c])).count())
            .collect();
        let mut order: Vec<usize> = (0..cells.len()).filter(|&i| !known(&cells[i])).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(rows[i / w] + cols[i % w]));
        order
    }

    /// Probing rounds until nothing more is learnt.
    pub fn probe(&mut self, board: &mut Board, scores: &mut Vec<u32>) -> Result<(), Stop> {
        scores.clear();
        scores.resize(board.len(), 0);
        while self.probe_round(board, scores)? {}
        Ok(())
    }

    /// Depth-first search with probing at every node, collecting up to `limit` solutions.
    /// `Err(Timeout)` when time ran out (the solutions found so far stay in `found`).
    pub fn search(
        &mut self,
        board: Board,
        limit: usize,
        found: &mut Vec<Board>,
    ) -> Result<(), Stop> {
        // An explicit stack of boards to explore: no recursion, whatever the depth.
        let mut stack = vec![board];
        let mut scores = Vec::new();
        let steps = self.steps.take();
        self.searching = true;
        let result = (|| {
            while let Some(mut board) = stack.pop() {
                self.stats.nodes += 1;
                match self.probe(&mut board, &mut scores) {
                    Err(Stop::Conflict(_)) => continue,
                    Err(Stop::Timeout) => return Err(Stop::Timeout),
                    Ok(()) => {}
                }
                let Some(branch) = best_branch(&board, &scores) else {
                    found.push(board);
                    if found.len() >= limit {
                        return Ok(());
                    }
                    continue;
                };
                for value in [Cell::Empty, Cell::Filled] {
                    let mut child = board.clone();
                    match self.assume(&mut child, branch, value) {
                        Ok(()) => stack.push(child),
                        Err(Stop::Conflict(_)) => {}
                        Err(Stop::Timeout) => return Err(Stop::Timeout),
                    }
                }
            }
            Ok(())
        })();
        self.steps = steps;
        self.searching = false;
        result
    }
}

/// Both values of a cell are known to be consistent.
const BOTH: u8 = 3;

/// The mark of a value in `implied`.
fn bit(value: Cell) -> u8 {
    match value {
        Cell::Filled => 1,
        Cell::Empty => 2,
        Cell::Unknown => 0,
    }
}

/// Marks the values a consistent probe reached for the cells still unknown on the board.
fn mark_implied(implied: &mut [u8], board: &Board, probed: &Board) {
    for (i, (&now, &then)) in board.cells().iter().zip(probed.cells()).enumerate() {
        if now == Cell::Unknown {
            implied[i] |= bit(then);
        }
    }
}

/// The unknown cell to branch on: the one whose two assumptions taught the most (the
/// product of the cells each one settled), or `None` when the board is solved.
fn best_branch(board: &Board, scores: &[u32]) -> Option<usize> {
    (0..board.len())
        .filter(|&i| board.cells()[i] == Cell::Unknown)
        .max_by_key(|&i| (scores.get(i).copied().unwrap_or(0), std::cmp::Reverse(i)))
}
