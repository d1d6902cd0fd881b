//! Conflict-driven search: the search of a SAT solver (CDCL), with the rows and columns as its
//! constraints instead of clauses.
//!
//! The depth-first search of the engine forgets why a branch failed, and on the hardest
//! puzzles it meets the same dead end in branch after branch. This search learns instead:
//! every cell it sets has a reason (a decision, a learnt clause, or a line whose clues force
//! it), and when a line or a clause can no longer be satisfied it follows the reasons back
//! to the first decision level cut that explains the conflict and learns that as a clause
//! (the "first unique implication point" of Chaff). The line solver is the explainer: the
//! reason a line gives is the smallest set of its known cells, found by dropping cells one at
//! a time, from which its clues still force the cell (or have no arrangement). This is lazy
//! clause generation: the clauses of a line are never written out, only the ones a conflict
//! needs.
//!
//! Cells are decided by activity (VSIDS), given the value they had in the longest
//! conflict-free run of the search since its last restart (CaDiCaL's "target phase"), else
//! the value they had last; the search restarts on the Luby sequence, and learnt clauses of
//! many decision levels are forgotten at restarts, or sooner when they pile up. A solution is
//! kept and excluded by the clause of its decisions, so that running out of choices at level
//! zero proves there are no more: "unique" stays a proof.

mod clauses;
mod lit;
mod order;
mod recent;

use crate::clock::Clock;
use crate::line::{Cell, LineSolver, Masks};
use crate::numbering::Lines;
use crate::puzzle::Puzzle;
use crate::terms::{Board, Searched, Stats, Stop};
use crate::word::{Word, bit, holds};
use clauses::{ClauseRef, Clauses};
use lit::Lit;
use order::Order;
use recent::Recent;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Whether every line of `puzzle` suits the bit-parallel line solver, which the learning
/// search's explanations call many times: the puzzles it can search.
pub(crate) fn lines_fit(puzzle: &Puzzle) -> bool {
    puzzle
        .lines()
        .all(|id| LineSolver::takes_masks(puzzle.clues(id), puzzle.line_len(id)))
}

/// Why a cell has its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Reason {
    /// Known before the search, or forced by a unit clause: true in every solution left.
    Root,
    Decision,
    Clause(ClauseRef),
    /// Line `line` forced it from the cells known before trail position `known`.
    Line {
        line: u32,
        known: u32,
    },
}

/// A line state whose reason was found: the line, its known cells (with the target's other
/// value assumed) and the target (`1 +` its literal's index; 0 for a broken line). The
/// reason is stored as the mask of its cells, whose values the known cells give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct ReasonKey<W> {
    known: Masks<W>,
    line: u32,
    target: u32,
}

/// The reason a line gives for a cell, kept while the cell stays set. Its room is kept
/// after that, so that explaining, the search's most frequent work, allocates nothing once
/// the search is under way.
#[derive(Debug, Clone, Default)]
struct Explanation {
    valid: bool,
    lits: Vec<Lit>,
}

/// What could not be satisfied.
#[derive(Debug, Clone, Copy)]
enum Conflict {
    Clause(ClauseRef),
    Line(usize),
}

/// Conflicts before the first restart; the Luby sequence multiplies it. With target phases,
/// 512 takes the least time on webpbn-12548 and webpbn-22336 together of the units from 100
/// to 2,048, and is level with the rest on random 40 x 40 puzzles.
const RESTART_UNIT: u64 = 512;
/// Learnt clauses kept before the first clean-up, and what each clean-up adds to that. A
/// clean-up waits for the next restart, unless the clauses reach twice the limit first: the
/// Luby sequence's long intervals (hundreds of thousands of conflicts, minutes into a search)
/// would otherwise let them pile up and slow every conflict: Knotty's reached 180,000 at
/// 200 s, and its conflicts came at a third of the rate.
const FIRST_CLEANUP: usize = 2000;
const CLEANUP_GROWTH: usize = 300;
/// Line reasons remembered before the memory starts afresh: 64 bytes each, in a table that
/// grows to 2^20 slots for them (about 68 MB).
const REASONS_KEPT: usize = 500_000;
/// Clauses of this many decision levels or fewer are never forgotten.
const GLUE: u32 = 2;

/// Room the analysis of a conflict reuses from one conflict to the next: the search
/// analyses thousands a second, and taking fresh memory for each cost 4% of its time
/// (`perf record` on the competition's 287 puzzles that reach it).
#[derive(Default)]
struct Scratch {
    /// The known cells of the line being explained (`explain`, the search's most frequent
    /// work): trail place, bit in the line, value.
    candidates: Vec<(u32, usize, Lit)>,
    /// Cells whose reasons are still to be followed back, and one such reason (`implied`).
    stack: Vec<usize>,
    reason: Vec<Lit>,
    /// Cells marked while a learnt clause is minimised.
    marked: Vec<usize>,
    /// Runs of candidates still to be tried without (`explain`).
    runs: Vec<(usize, usize)>,
    /// The levels of a learnt clause, to count them.
    levels: Vec<u32>,
}

/// The learning search in the narrowest word every line fits: the same search, its
/// conflicts a fifth cheaper in 64 bits than in 128 (docs/performance.md, "The tournaments'
/// task").
pub(crate) enum Learning<'a> {
    Narrow(Learner<'a, u64>),
    Wide(Learner<'a, u128>),
}

impl<'a> Learning<'a> {
    /// [`Learner::new`], in the word the puzzle's longest line fits.
    pub fn new(
        puzzle: &'a Puzzle,
        clock: &'a Clock,
        stats: &'a mut Stats,
        activity: Vec<f64>,
    ) -> Self {
        let longest = puzzle.width().max(puzzle.height());
        if holds::<u64>(longest) {
            Learning::Narrow(Learner::new(puzzle, clock, stats, activity))
        } else {
            Learning::Wide(Learner::new(puzzle, clock, stats, activity))
        }
    }

    /// [`Learner::run`].
    pub fn run(
        &mut self,
        board: &Board,
        limit: usize,
        found: &mut Vec<Board>,
        budget: u64,
    ) -> Result<Searched, Stop> {
        match self {
            Learning::Narrow(learner) => learner.run(board, limit, found, budget),
            Learning::Wide(learner) => learner.run(board, limit, found, budget),
        }
    }

    /// [`Learner::root`].
    pub fn root(&mut self) -> Board {
        match self {
            Learning::Narrow(learner) => learner.root(),
            Learning::Wide(learner) => learner.root(),
        }
    }
}

pub(crate) struct Learner<'a, W: Word> {
    puzzle: &'a Puzzle,
    lines: Lines,
    solver: LineSolver,
    clock: &'a Clock,
    stats: &'a mut Stats,
    width: usize,
    /// The board, and each line's known cells as masks (rows, then columns).
    cells: Vec<Cell>,
    masks: Vec<Masks<W>>,
    /// For each cell: its decision level, its place on the trail and its reason.
    level: Vec<u32>,
    place: Vec<u32>,
    reason: Vec<Reason>,
    /// The cells set, in order; `starts[d]` is where decision level `d + 1` begins.
    trail: Vec<Lit>,
    starts: Vec<usize>,
    /// The first trail entry whose clauses have not been looked at.
    next: usize,
    /// Lines whose cells changed since they were last solved.
    dirty: VecDeque<usize>,
    queued: Vec<bool>,
    clauses: Clauses,
    /// Line solves met lately.
    recent: Recent<W>,
    order: Order,
    /// The value each cell had when last undone, tried first when it is decided again.
    phase: Vec<Cell>,
    /// The values of the longest run of cells set without a conflict since the last
    /// restart (its "target phase"), tried before the saved values: a search for solutions
    /// goes back to the assignment that came closest to one.
    target: Vec<Cell>,
    /// How many cells that run set.
    target_len: usize,
    /// Cells met in the conflict being analysed.
    seen: Vec<bool>,
    /// Line reasons already explained, while their cells stay set.
    explained: Vec<Explanation>,
    /// Reasons found before, by line, known cells and target: the search meets the same
    /// line states again and again, in conflict after conflict.
    reasons: FxHashMap<ReasonKey<W>, W>,
    scratch: Scratch,
    /// Learnt clauses kept before the first clean-up (`FIRST_CLEANUP`, or fewer in tests).
    first_cleanup: usize,
}

impl<'a, W: Word> Learner<'a, W> {
    /// A search of `puzzle` from `board` (which propagation has settled). `activity` starts
    /// the choice of cells; `clock` and `stats` are the engine's.
    pub fn new(
        puzzle: &'a Puzzle,
        clock: &'a Clock,
        stats: &'a mut Stats,
        activity: Vec<f64>,
    ) -> Self {
        let (w, h) = (puzzle.width(), puzzle.height());
        let vars = w * h;
        Learner {
            puzzle,
            lines: Lines::new(w, h),
            solver: LineSolver::new(),
            clock,
            stats,
            width: w,
            cells: vec![Cell::Unknown; vars],
            masks: vec![(W::ZERO, W::ZERO); w + h],
            level: vec![0; vars],
            place: vec![0; vars],
            reason: vec![Reason::Root; vars],
            trail: Vec::with_capacity(vars),
            starts: Vec::new(),
            next: 0,
            dirty: VecDeque::with_capacity(w + h),
            queued: vec![false; w + h],
            clauses: Clauses::new(vars),
            recent: Recent::new(w + h),
            order: Order::new(activity),
            phase: vec![Cell::Filled; vars],
            target: vec![Cell::Unknown; vars],
            target_len: 0,
            seen: vec![false; vars],
            explained: vec![Explanation::default(); vars],
            reasons: FxHashMap::default(),
            scratch: Scratch::default(),
            first_cleanup: FIRST_CLEANUP,
        }
    }

    /// The same search with clean-ups from `first` learnt clauses on, so that tests reach
    /// them on small puzzles.
    #[cfg(test)]
    fn with_first_cleanup(mut self, first: usize) -> Self {
        self.first_cleanup = first;
        self
    }

    /// Looks for solutions of `board` other than those already in `found`, until `found`
    /// holds `limit` of them, there are no more, or `budget` conflicts have been analysed.
    /// `Err(Timeout)` when time ran out.
    pub fn run(
        &mut self,
        board: &Board,
        limit: usize,
        found: &mut Vec<Board>,
        budget: u64,
    ) -> Result<Searched, Stop> {
        for (var, &value) in board.cells().iter().enumerate() {
            if value != Cell::Unknown {
                self.assign(Lit::new(var, value), Reason::Root);
            }
        }
        for l in 0..self.queued.len() {
            self.enqueue(l);
        }
        for solution in found.iter() {
            // Not that one again: some cell open on `board` differs from it.
            let differ: Vec<Lit> = (0..self.cells.len())
                .filter(|&v| self.cells[v] == Cell::Unknown)
                .map(|v| Lit::new(v, solution.cells()[v].opposite()))
                .collect();
            if !self.require(differ) {
                return Ok(Searched::Done);
            }
        }
        if found.len() >= limit {
            return Ok(Searched::Done);
        }
        let last = self.stats.conflicts.saturating_add(budget);
        let mut restarts = Luby::default();
        let mut restart_at = self.stats.conflicts + RESTART_UNIT * restarts.next_term();
        let mut cleanup_at = self.first_cleanup;
        loop {
            match self.propagate() {
                Err(conflict) => {
                    self.stats.conflicts += 1;
                    if self.starts.is_empty() {
                        return Ok(Searched::Done);
                    }
                    if self.stats.conflicts > last {
                        return Ok(Searched::OutOfBudget);
                    }
                    if self.clock.out_of_time(self.stats) {
                        return Err(Stop::Timeout);
                    }
                    self.keep_target();
                    let false_lits = self.conflict_lits(conflict);
                    let (learnt, back, lbd) = self.analyze(false_lits);
                    self.backtrack(back);
                    self.learn(learnt, lbd);
                    self.order.decay();
                    if self.clauses.len() >= 2 * cleanup_at {
                        self.forget();
                        cleanup_at += CLEANUP_GROWTH;
                    }
                }
                Ok(()) if self.stats.conflicts >= restart_at => {
                    restart_at = self.stats.conflicts + RESTART_UNIT * restarts.next_term();
                    self.target_len = 0;
                    self.backtrack(0);
                    if self.clauses.len() >= cleanup_at {
                        self.forget();
                        cleanup_at += CLEANUP_GROWTH;
                    }
                }
                Ok(()) => match self.pick() {
                    Some(var) => {
                        self.stats.nodes += 1;
                        self.starts.push(self.trail.len());
                        self.assign(Lit::new(var, self.preferred(var)), Reason::Decision);
                    }
                    None => {
                        found.push(
                            Board::from_vec(self.width, self.puzzle.height(), self.cells.clone())
                                .expect("the board has the puzzle's size"),
                        );
                        if found.len() >= limit || !self.exclude_solution() {
                            return Ok(Searched::Done);
                        }
                    }
                },
            }
        }
    }

    /// What the search has proved so far: the board's cells, and the cells true in every
    /// solution it has not found yet. Its decisions are undone.
    pub fn root(&mut self) -> Board {
        self.backtrack(0);
        Board::from_vec(self.width, self.puzzle.height(), self.cells.clone())
            .expect("the board has the puzzle's size")
    }

    /// Adds a clause that must hold from now on (all of its literals open at level zero);
    /// false when it cannot (there are then no solutions).
    fn require(&mut self, lits: Vec<Lit>) -> bool {
        match lits.len() {
            0 => false,
            1 => {
                self.assign(lits[0], Reason::Root);
                true
            }
            _ => {
                self.clauses.add(lits, 0);
                true
            }
        }
    }

    /// Excludes the solution on the board by the clause "some decision goes the other
    /// way", and goes back to where that clause forces the last one; false when nothing was
    /// decided (the solution was the only one left).
    fn exclude_solution(&mut self) -> bool {
        let lits: Vec<Lit> = self
            .starts
            .iter()
            .rev()
            .map(|&s| self.trail[s].negate())
            .collect();
        let Some(&last) = lits.first() else {
            return false;
        };
        let back = self.starts.len() - 1;
        self.backtrack(back);
        if lits.len() == 1 {
            self.assign(last, Reason::Root);
        } else {
            let r = self.clauses.add(lits, 0);
            self.assign(last, Reason::Clause(r));
        }
        true
    }

    /// At a conflict: the cells set before the last decision agree with every line and
    /// clause; when there are more of them than in the target, they are the new target.
    fn keep_target(&mut self) {
        let consistent = *self.starts.last().expect("a conflict above level zero");
        if consistent > self.target_len {
            self.target_len = consistent;
            for &lit in &self.trail[..consistent] {
                self.target[lit.var()] = lit.value();
            }
        }
    }

    /// The value a decision gives a cell: its target value, else the value it last had.
    fn preferred(&self, var: usize) -> Cell {
        match self.target[var] {
            Cell::Unknown => self.phase[var],
            value => value,
        }
    }

    /// The next open cell to decide, most active first.
    fn pick(&mut self) -> Option<usize> {
        while let Some(var) = self.order.pop() {
            if self.cells[var] == Cell::Unknown {
                return Some(var);
            }
        }
        None
    }

    /// The line numbers through a cell, and the cell's bit in each.
    #[inline]
    fn places(&self, var: usize) -> [(usize, usize); 2] {
        let [row, col] = self.lines.through(var);
        [(row, var % self.width), (col, var / self.width)]
    }

    /// Sets a cell, at the current decision level.
    fn assign(&mut self, lit: Lit, reason: Reason) {
        let var = lit.var();
        debug_assert_eq!(self.cells[var], Cell::Unknown);
        let value = lit.value();
        self.cells[var] = value;
        self.level[var] = self.starts.len() as u32;
        self.place[var] = self.trail.len() as u32;
        self.reason[var] = reason;
        self.trail.push(lit);
        for (l, b) in self.places(var) {
            let m = &mut self.masks[l];
            match value {
                Cell::Filled => m.0 |= bit::<W>(b as u32),
                _ => m.1 |= bit::<W>(b as u32),
            }
            self.enqueue(l);
        }
    }

    fn enqueue(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.dirty.push_back(l);
        }
    }

    /// Undoes every level above `level`.
    fn backtrack(&mut self, level: usize) {
        if level >= self.starts.len() {
            return;
        }
        let from = self.starts[level];
        for i in from..self.trail.len() {
            let var = self.trail[i].var();
            self.phase[var] = self.cells[var];
            self.cells[var] = Cell::Unknown;
            self.explained[var].valid = false;
            for (l, b) in self.places(var) {
                let m = &mut self.masks[l];
                m.0 &= !bit::<W>(b as u32);
                m.1 &= !bit::<W>(b as u32);
            }
            self.order.insert(var);
        }
        self.trail.truncate(from);
        self.starts.truncate(level);
        self.next = self.next.min(from);
        // The lines were settled when this level was reached.
        for &l in &self.dirty {
            self.queued[l] = false;
        }
        self.dirty.clear();
    }

    /// Clauses first (they are cheap), then the lines, until nothing changes.
    fn propagate(&mut self) -> Result<(), Conflict> {
        loop {
            while self.next < self.trail.len() {
                let lit = self.trail[self.next];
                self.next += 1;
                self.propagate_clauses(lit)?;
            }
            let Some(l) = self.dirty.pop_front() else {
                return Ok(());
            };
            self.queued[l] = false;
            self.propagate_line(l)?;
        }
    }

    /// Visits the clauses watching `¬lit`, which has just become false.
    fn propagate_clauses(&mut self, lit: Lit) -> Result<(), Conflict> {
        let mut list = self.clauses.take_watches(lit);
        let false_lit = lit.negate();
        let mut kept = 0;
        let mut result = Ok(());
        let mut i = 0;
        while i < list.len() {
            let r = list[i];
            i += 1;
            let lits = self.clauses.lits_mut(r);
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            if truth(&self.cells, first) == Some(true) {
                list[kept] = r;
                kept += 1;
                continue;
            }
            let cells = &self.cells;
            if let Some(k) = (2..lits.len()).find(|&k| truth(cells, lits[k]) != Some(false)) {
                lits.swap(1, k);
                let watched = lits[1].negate();
                self.clauses.watch(watched, r);
                continue;
            }
            list[kept] = r;
            kept += 1;
            if truth(&self.cells, first) == Some(false) {
                while i < list.len() {
                    list[kept] = list[i];
                    kept += 1;
                    i += 1;
                }
                result = Err(Conflict::Clause(r));
            } else {
                self.assign(first, Reason::Clause(r));
            }
        }
        list.truncate(kept);
        self.clauses.put_watches(lit, list);
        result
    }

    /// Solves line `l` on its known cells and sets what it forces.
    fn propagate_line(&mut self, l: usize) -> Result<(), Conflict> {
        let known = self.masks[l];
        let result = match self.recent.get(l, known) {
            Some(result) => result,
            None => {
                let id = self.lines.id(l);
                self.stats.line_solves += 1;
                let result =
                    self.solver
                        .solve_masks(self.puzzle.clues(id), self.lines.len(id), known);
                self.recent.insert(l, known, result);
                result
            }
        };
        let Some((filled, empty)) = result else {
            return Err(Conflict::Line(l));
        };
        let id = self.lines.id(l);
        let stamp = self.trail.len() as u32;
        for (mut new, value) in [
            (filled & !known.0, Cell::Filled),
            (empty & !known.1, Cell::Empty),
        ] {
            while new != W::ZERO {
                let b = new.trailing_zeros() as usize;
                new &= new.wrapping_sub(W::ONE);
                let var = self.lines.cell_index(id, b);
                let reason = Reason::Line {
                    line: l as u32,
                    known: stamp,
                };
                self.assign(Lit::new(var, value), reason);
            }
        }
        Ok(())
    }

    /// The conflict as a clause all of whose literals are false.
    fn conflict_lits(&mut self, conflict: Conflict) -> Vec<Lit> {
        match conflict {
            Conflict::Clause(r) => self.clauses.lits(r).to_vec(),
            Conflict::Line(l) => {
                let known = self.trail.len() as u32;
                let mut lits = Vec::new();
                self.explain(l, known, None, &mut lits);
                for lit in &mut lits {
                    *lit = lit.negate();
                }
                lits
            }
        }
    }

    /// Adds to `out` the cells set true that forced `var` (the other literals of its reason
    /// clause, negated, are false).
    fn antecedents(&mut self, var: usize, out: &mut Vec<Lit>) {
        match self.reason[var] {
            Reason::Clause(r) => {
                let lits = self.clauses.lits(r);
                debug_assert_eq!(
                    lits[0],
                    Lit::new(var, self.cells[var]),
                    "a reason's first literal"
                );
                out.extend(lits[1..].iter().map(|lit| lit.negate()));
            }
            Reason::Line { line, known } => {
                if !self.explained[var].valid {
                    let lit = Lit::new(var, self.cells[var]);
                    let mut lits = std::mem::take(&mut self.explained[var].lits);
                    lits.clear();
                    self.explain(line as usize, known, Some(lit), &mut lits);
                    self.explained[var] = Explanation { valid: true, lits };
                }
                out.extend_from_slice(&self.explained[var].lits);
            }
            Reason::Root | Reason::Decision => {}
        }
    }

    /// The cells of line `l` set before trail position `known` that its clues need to force
    /// `target` (or, without one, to have no arrangement): the line's known cells, less
    /// every one the rest still force it without, dropped latest first. The line solver is
    /// exact, so what is left is a true reason, and dropping cells keeps learnt clauses short.
    fn explain(&mut self, l: usize, known: u32, target: Option<Lit>, reason: &mut Vec<Lit>) {
        let id = self.lines.id(l);
        let (n, clues) = (self.lines.len(id), self.puzzle.clues(id));
        let mut candidates = std::mem::take(&mut self.scratch.candidates);
        candidates.clear();
        candidates.extend((0..n).filter_map(|bit| {
            let var = self.lines.cell_index(id, bit);
            let value = self.cells[var];
            (value != Cell::Unknown && self.place[var] < known)
                .then(|| (self.place[var], bit, Lit::new(var, value)))
        }));
        candidates.sort_unstable_by_key(|c| std::cmp::Reverse(c.0));
        // The target's other value, assumed: the reason must leave the line no arrangement.
        let assumed: Masks<W> = match target {
            None => (W::ZERO, W::ZERO),
            Some(t) => {
                let b = self
                    .places(t.var())
                    .iter()
                    .find(|p| p.0 == l)
                    .map_or(0, |p| p.1 as u32);
                match t.value() {
                    Cell::Filled => (W::ZERO, bit::<W>(b)),
                    _ => (bit::<W>(b), W::ZERO),
                }
            }
        };
        let mut kept: Masks<W> = assumed;
        for &(_, b, lit) in &candidates {
            match lit.value() {
                Cell::Filled => kept.0 |= bit::<W>(b as u32),
                _ => kept.1 |= bit::<W>(b as u32),
            }
        }
        let key = ReasonKey {
            known: kept,
            line: l as u32,
            target: target.map_or(0, |t| 1 + t.index() as u32),
        };
        if let Some(&cells) = self.reasons.get(&key) {
            reason.extend(
                candidates
                    .iter()
                    .filter(|c| (cells >> c.1 as u32) & W::ONE == W::ONE)
                    .map(|c| c.2),
            );
            self.scratch.candidates = candidates;
            return;
        }
        // Runs of candidates are dropped at once while the line still fails without them,
        // and halved when it does not: a reason is usually a few cells of many, and this
        // finds them in far fewer solves than dropping one cell at a time. A cell is kept
        // only when the line has an arrangement without it, and dropping more cells later
        // cannot take that arrangement away, so no kept cell could be dropped at the end.
        let mut runs = std::mem::take(&mut self.scratch.runs);
        runs.push((0, candidates.len()));
        while let Some((from, to)) = runs.pop() {
            // The run's cells as a mask, as each half of `Masks` holds them.
            let run = candidates[from..to]
                .iter()
                .fold(W::ZERO, |m, c| m | bit::<W>(c.1 as u32));
            let without = (kept.0 & !run, kept.1 & !run);
            self.stats.line_solves += 1;
            if !LineSolver::fits_masks(clues, n, without) {
                kept = without;
            } else if to - from == 1 {
                reason.push(candidates[from].2);
            } else {
                let middle = (from + to) / 2;
                runs.push((middle, to));
                runs.push((from, middle));
            }
        }
        if self.reasons.len() >= REASONS_KEPT {
            self.reasons.clear();
        }
        self.reasons
            .insert(key, (kept.0 & !assumed.0) | (kept.1 & !assumed.1));
        self.scratch.candidates = candidates;
        self.scratch.runs = runs;
    }

    /// The first-UIP clause of a conflict (all of whose literals are false): the cells of
    /// the current level are resolved away along their reasons until one is left. Returns
    /// the clause with that literal first and the one of the highest other level second,
    /// the level to go back to, and the clause's number of levels.
    fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, usize, u32) {
        let current = self.starts.len() as u32;
        let mut learnt = vec![conflict[0]];
        let mut open = 0;
        let mut pending = conflict;
        let mut at = self.trail.len();
        let uip = loop {
            for lit in pending.drain(..) {
                let var = lit.var();
                if self.seen[var] || self.level[var] == 0 {
                    continue;
                }
                self.seen[var] = true;
                self.order.bump(var);
                if self.level[var] == current {
                    open += 1;
                } else {
                    learnt.push(lit);
                }
            }
            // The latest cell of the conflict on the trail.
            loop {
                at -= 1;
                if self.seen[self.trail[at].var()] {
                    break;
                }
            }
            let lit = self.trail[at];
            self.seen[lit.var()] = false;
            open -= 1;
            if open == 0 {
                break lit;
            }
            self.antecedents(lit.var(), &mut pending);
            for lit in &mut pending {
                *lit = lit.negate();
            }
        };
        learnt[0] = uip.negate();
        let mut marked = std::mem::take(&mut self.scratch.marked);
        marked.clear();
        marked.extend(learnt[1..].iter().map(|lit| lit.var()));
        self.minimize(&mut learnt, &mut marked);
        for &var in &marked {
            self.seen[var] = false;
        }
        self.scratch.marked = marked;
        // The highest other level second: the clause is unit there.
        let mut back = 0;
        if learnt.len() > 1 {
            let (best, _) = learnt[1..]
                .iter()
                .enumerate()
                .max_by_key(|(i, lit)| (self.level[lit.var()], std::cmp::Reverse(*i)))
                .expect("the clause has a second literal");
            learnt.swap(1, best + 1);
            back = self.level[learnt[1].var()] as usize;
        }
        let levels = &mut self.scratch.levels;
        levels.clear();
        levels.extend(learnt.iter().map(|lit| self.level[lit.var()]));
        levels.sort_unstable();
        levels.dedup();
        (learnt, back, levels.len() as u32)
    }

    /// Drops the literals of a learnt clause that the others imply: those whose reasons lead,
    /// through implied cells only, back to cells of the clause (MiniSat's recursive
    /// minimisation). The cells met are left marked in `seen` and listed in `marked`.
    fn minimize(&mut self, learnt: &mut Vec<Lit>, marked: &mut Vec<usize>) {
        let mut kept = 1;
        for i in 1..learnt.len() {
            let lit = learnt[i];
            if self.reason[lit.var()] == Reason::Decision || !self.implied(lit.var(), marked) {
                learnt[kept] = lit;
                kept += 1;
            }
        }
        learnt.truncate(kept);
    }

    /// Whether every way back from `var` through reasons ends at cells marked in `seen`
    /// or known at level zero, never at a decision. What it marks stays marked when it is.
    fn implied(&mut self, var: usize, marked: &mut Vec<usize>) -> bool {
        let top = marked.len();
        let mut stack = std::mem::take(&mut self.scratch.stack);
        let mut reason = std::mem::take(&mut self.scratch.reason);
        stack.clear();
        stack.push(var);
        let mut holds = true;
        'follow: while let Some(v) = stack.pop() {
            reason.clear();
            self.antecedents(v, &mut reason);
            for &a in &reason {
                let u = a.var();
                if self.seen[u] || self.level[u] == 0 {
                    continue;
                }
                if self.reason[u] == Reason::Decision {
                    for &m in &marked[top..] {
                        self.seen[m] = false;
                    }
                    marked.truncate(top);
                    holds = false;
                    break 'follow;
                }
                self.seen[u] = true;
                marked.push(u);
                stack.push(u);
            }
        }
        self.scratch.stack = stack;
        self.scratch.reason = reason;
        holds
    }

    /// Adds a learnt clause, after going back to where it is unit, and sets its first literal.
    fn learn(&mut self, learnt: Vec<Lit>, lbd: u32) {
        let first = learnt[0];
        if learnt.len() == 1 {
            self.assign(first, Reason::Root);
        } else {
            let r = self.clauses.add(learnt, lbd.max(1));
            self.assign(first, Reason::Clause(r));
        }
    }

    /// Forgets the learnt clauses of more decision levels: the worse half of those above
    /// `GLUE`, but never one that is the reason of a cell set above level zero.
    fn forget(&mut self) {
        let mut lbds: Vec<u32> = self.clauses.lbds().filter(|&lbd| lbd > GLUE).collect();
        if lbds.is_empty() {
            return;
        }
        lbds.sort_unstable();
        let limit = lbds[lbds.len() / 2];
        let mut locked: Vec<ClauseRef> = self
            .trail
            .iter()
            .filter(|lit| self.level[lit.var()] > 0)
            .filter_map(|lit| match self.reason[lit.var()] {
                Reason::Clause(r) => Some(r),
                _ => None,
            })
            .collect();
        locked.sort_unstable();
        let moves = self
            .clauses
            .retain(|r, lbd| lbd < limit || lbd <= GLUE || locked.binary_search(&r).is_ok());
        for lit in &self.trail {
            let var = lit.var();
            if let Reason::Clause(r) = self.reason[var] {
                self.reason[var] = match self.level[var] {
                    0 => Reason::Root,
                    _ => Reason::Clause(moves.get(r).expect("a reason is kept")),
                };
            }
        }
    }
}

/// Whether a literal holds on the board: `None` while its cell is open.
#[inline]
fn truth(cells: &[Cell], lit: Lit) -> Option<bool> {
    match cells[lit.var()] {
        Cell::Unknown => None,
        value => Some(value == lit.value()),
    }
}

/// The Luby sequence (1, 1, 2, 1, 1, 2, 4, ...): the restart intervals that are within a
/// constant factor of the best for any search, when nothing is known of it.
#[derive(Debug, Default)]
struct Luby {
    index: u64,
}

impl Luby {
    fn next_term(&mut self) -> u64 {
        self.index += 1;
        luby(self.index)
    }
}

fn luby(mut i: u64) -> u64 {
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros() as u64;
        if i == (1 << k) - 1 {
            return 1 << (k - 1);
        }
        i -= (1 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Engine, State};
    use crate::puzzle::brute_force;
    use crate::queue::Order as LineOrder;
    use crate::solve::{Budget, learn_then_sat};
    use grid_core::{Grid, Rng};
    use proptest::prelude::*;

    /// The learning search, from what line logic settles, asked for `limit` solutions with
    /// `known` of them given as found already; CaDiCaL takes over after `conflicts`.
    fn learn(puzzle: &Puzzle, limit: usize, known: Vec<Board>, conflicts: u64) -> Vec<Vec<Cell>> {
        let clock = Clock::unwatched();
        let mut engine = Engine::new(puzzle, &clock, false, LineOrder::FirstIn);
        let mut state = State::new(engine.blank_board());
        engine.queue_all();
        if engine.propagate(&mut state).is_err() {
            return Vec::new();
        }
        let mut found = known;
        let scores = vec![[0, 0]; state.len()];
        let budget = Budget {
            conflicts,
            ..Budget::DEFAULT
        };
        learn_then_sat(
            &mut engine,
            state.board(),
            limit,
            &mut found,
            &scores,
            budget,
        )
        .unwrap();
        found.into_iter().map(|b| b.cells().to_vec()).collect()
    }

    /// The learning search alone on `puzzle` from a blank board, forgetting clauses from
    /// `first_cleanup` learnt ones on, asked for `limit` solutions.
    fn learn_forgetting(puzzle: &Puzzle, limit: usize, first_cleanup: usize) -> Vec<Vec<Cell>> {
        learn_in::<u64>(puzzle, limit, first_cleanup)
    }

    /// [`learn_forgetting`] with the line states in words of `W`.
    fn learn_in<W: Word>(puzzle: &Puzzle, limit: usize, first_cleanup: usize) -> Vec<Vec<Cell>> {
        let clock = Clock::unwatched();
        let mut stats = Stats::default();
        let (w, h) = (puzzle.width(), puzzle.height());
        let blank = Board::from_vec(w, h, vec![Cell::Unknown; w * h]).unwrap();
        let mut found = Vec::new();
        Learner::<W>::new(puzzle, &clock, &mut stats, vec![0.0; w * h])
            .with_first_cleanup(first_cleanup)
            .run(&blank, limit, &mut found, u64::MAX)
            .unwrap();
        found.into_iter().map(|b| b.cells().to_vec()).collect()
    }

    fn sorted(mut boards: Vec<Vec<Cell>>) -> Vec<Vec<Cell>> {
        boards.sort_by_key(|c| c.iter().map(|&x| x == Cell::Filled).collect::<Vec<_>>());
        boards
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(100))]

        /// Asked for every solution, the learning search finds exactly the pictures brute
        /// force finds: what it learns never cuts a solution off, and what it excludes is
        /// only what it found. This is what makes "unique" a proof when it takes over.
        #[test]
        fn the_learning_search_finds_every_solution(
            w in 1usize..5, h in 1usize..6, seed in any::<u64>(), density in 0.2f64..0.8,
            conflicts in prop_oneof![0u64..3, Just(u64::MAX)],
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(density)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            // Without CaDiCaL there is nobody to hand over to: the learning search goes on.
            let conflicts = if cfg!(feature = "sat") { conflicts } else { u64::MAX };
            let expected = sorted(brute_force(&puzzle));
            prop_assert_eq!(sorted(learn(&puzzle, 1 << 20, Vec::new(), conflicts)), expected.clone());
            // The same search in the wider word, which lines of over 62 cells take.
            prop_assert_eq!(sorted(learn_in::<u128>(&puzzle, 1 << 20, usize::MAX / 2)), expected.clone());
            // Given the first solution as found, it finds the others and only them.
            let first = Board::from_vec(w, h, expected[0].clone()).unwrap();
            prop_assert_eq!(sorted(learn(&puzzle, 1 << 20, vec![first], conflicts)), expected);
        }

        /// On puzzles too big for brute force, it finds the same solutions as the
        /// depth-first search, up to a limit, and proves the same verdict.
        #[test]
        fn the_learning_search_agrees_with_the_depth_first_one(
            w in 6usize..16, h in 6usize..16, seed in any::<u64>(),
        ) {
            let mut rng = Rng::seeded(seed);
            let cells = (0..w * h).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(w, h, cells).unwrap());
            let limit = 40;
            let options = crate::solve::Options { limit, ..Default::default() };
            let depth_first = crate::solve::solve(&puzzle, None, &options);
            let expected = sorted(depth_first.solutions.iter().map(|b| b.cells().to_vec()).collect());
            let found = learn(&puzzle, limit, Vec::new(), u64::MAX);
            prop_assert_eq!(found.len(), expected.len());
            if expected.len() < limit {
                prop_assert_eq!(sorted(found), expected);
            }
        }
    }

    /// Clauses forgotten in the middle of the search, many of them the reasons of cells
    /// set, change nothing it finds: a clause that is a reason is kept, and follows its
    /// cell when the clauses move. Two random 20 x 20 puzzles with 8 and 103 solutions,
    /// each found in a few hundred conflicts, all of them found with clean-ups at every
    /// conflict as without any.
    #[test]
    fn forgetting_clauses_mid_search_loses_no_solution() {
        for (seed, count) in [(78, 8), (153, 103)] {
            let mut rng = Rng::seeded(seed);
            let cells = (0..400).map(|_| rng.chance(0.5)).collect();
            let puzzle = Puzzle::from_picture(&Grid::from_vec(20, 20, cells).unwrap());
            let kept = sorted(learn_forgetting(&puzzle, 1000, usize::MAX / 2));
            assert_eq!(kept.len(), count);
            for first in [0, 1, 4] {
                assert_eq!(sorted(learn_forgetting(&puzzle, 1000, first)), kept);
            }
        }
    }

    #[test]
    fn the_luby_sequence_starts_as_published() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
