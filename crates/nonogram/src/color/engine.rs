//! The colour solving engine: propagation of the colour line solver over rows and columns,
//! probing (assume a colour for a cell; a contradiction rules the colour out, and what every
//! colour left agrees on is certain), and a complete search.

use super::line::{BACKGROUND, Colors, LineSolver};
use super::memo::{LineMemo, Recall};
use super::{ColorBoard, ColorPuzzle};
use crate::clock::Clock;
use crate::explain;
use crate::numbering::Lines;
use crate::puzzle::LineId;
use crate::queue::{LineQueue, Order};
use crate::terms::{Searched, Stats, Stop};

pub(crate) struct Engine<'a> {
    puzzle: &'a ColorPuzzle,
    solver: LineSolver,
    line: Vec<Colors>,
    before: Vec<Colors>,
    /// Lines to solve, first in first out ([`Order::FirstIn`]).
    queue: LineQueue,
    /// What each line taught from each state of its cells met.
    memo: LineMemo,
    lines: Lines,
    /// The solve's deadline, progress and stop.
    clock: &'a Clock,
    /// Deductions in words, when asked for.
    pub steps: Option<Vec<String>>,
    /// Inside the search (cells are then probed in reading order).
    searching: bool,
    /// While probing: each cell changed, with its value before, so that the probe can be
    /// undone.
    trail: Vec<(usize, Colors)>,
    trailing: bool,
    /// The cells the probes of one cell changed, with the values they reached.
    diffs: Vec<(usize, Colors)>,
    /// Per cell: the probe that last listed it in `diffs` (its generation), and how many
    /// probes changed it and to what, for `agreed`.
    stamp: Vec<u32>,
    generation: u32,
    count: Vec<u32>,
    union: Vec<Colors>,
    pub stats: Stats,
}

/// What assuming each colour of one cell found.
#[derive(Debug, Default)]
struct Probed {
    /// The colours that led to a contradiction, and the line of the last one.
    ruled_out: Colors,
    conflict: Option<LineId>,
    /// Cells changed by each consistent colour, in the order of `diffs`.
    changes: Vec<u32>,
    /// Some colour was not probed (an earlier probe showed it consistent).
    skipped: bool,
}

impl<'a> Engine<'a> {
    /// An engine for `puzzle` that watches `clock` and records its deductions in words when
    /// `explain` is asked.
    pub fn new(puzzle: &'a ColorPuzzle, clock: &'a Clock, explain: bool) -> Self {
        let lines = puzzle.width() + puzzle.height();
        Engine {
            puzzle,
            solver: LineSolver::new(),
            line: Vec::new(),
            before: Vec::new(),
            queue: LineQueue::new(lines, Order::FirstIn),
            memo: LineMemo::default(),
            lines: Lines::new(puzzle.width(), puzzle.height()),
            clock,
            steps: explain.then(Vec::new),
            searching: false,
            trail: Vec::new(),
            trailing: false,
            diffs: Vec::new(),
            stamp: vec![u32::MAX; puzzle.width() * puzzle.height()],
            generation: 0,
            count: vec![0; puzzle.width() * puzzle.height()],
            union: vec![0; puzzle.width() * puzzle.height()],
            stats: Stats::default(),
        }
    }

    pub fn blank_board(&self) -> ColorBoard {
        ColorBoard::new(
            self.puzzle.width(),
            self.puzzle.height(),
            self.puzzle.all_colors(),
        )
    }

    pub fn queue_all(&mut self) {
        self.queue.push_all();
    }

    /// Solves queued lines until nothing changes. On a conflict the board is left part-way.
    pub fn propagate(&mut self, board: &mut ColorBoard) -> Result<(), Stop> {
        while let Some(l) = self.queue.pop() {
            let id = self.lines.id(l);
            if !self.propagate_line(board, l, id) {
                self.queue.clear();
                return Err(Stop::Conflict(id));
            }
        }
        Ok(())
    }

    /// Line `l` against its clues, through the cache; false on a conflict.
    fn propagate_line(&mut self, board: &mut ColorBoard, l: usize, id: LineId) -> bool {
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        self.before.clear();
        match id {
            LineId::Row(r) => self
                .before
                .extend_from_slice(&board.cells()[r * w..(r + 1) * w]),
            LineId::Col(c) => self.before.extend((0..h).map(|r| board.cells()[r * w + c])),
        }
        let explaining = self.steps.is_some();
        match self.memo.get(l, &self.before) {
            Some(Recall::Conflict) => return false,
            Some(Recall::Unchanged) if !explaining => return true,
            Some(Recall::Narrowed(after)) if !explaining => {
                self.line.clear();
                self.line.extend_from_slice(after);
            }
            _ => {
                self.line.clear();
                self.line.extend_from_slice(&self.before);
                self.stats.line_solves += 1;
                let ok = self.solver.solve(self.puzzle.clues(id), &mut self.line);
                self.memo
                    .insert(l, &self.before, ok.then_some(self.line.as_slice()));
                if !ok {
                    return false;
                }
            }
        }
        let mut changed = false;
        for i in 0..self.line.len() {
            if self.line[i] != self.before[i] {
                changed = true;
                let index = self.lines.cell_index(id, i);
                self.set(board, index, self.line[i]);
                self.queue.push(self.lines.crossing(id, i));
            }
        }
        if changed && explaining {
            let text = self.line_step(id);
            if let Some(steps) = &mut self.steps {
                steps.push(text);
            }
        }
        true
    }

    /// What line `id` just settled, in words: the overlap of a block's range first, then
    /// what every arrangement agrees on.
    fn line_step(&self, id: LineId) -> String {
        let clues = self.puzzle.clues(id);
        let mut parts = Vec::new();
        let settled = |i: usize| self.line[i] != self.before[i] && self.line[i].count_ones() == 1;
        let mut explained = vec![false; self.line.len()];
        for (block, (first, last)) in clues.iter().zip(self.solver.ranges()) {
            let core: Vec<usize> = (last..first + block.len as usize)
                .filter(|&i| settled(i) && self.line[i] == 1 << block.color)
                .collect();
            if core.is_empty() {
                continue;
            }
            core.iter().for_each(|&i| explained[i] = true);
            parts.push(format!(
                "the {} {} can only lie in cells {} to {}, so {} {} {}",
                self.puzzle.color_name(block.color),
                block.len,
                first + 1,
                last + block.len as usize,
                explain::cells(&core),
                explain::are(&core),
                self.puzzle.color_name(block.color)
            ));
        }
        let mut by_color: Vec<(Colors, Vec<usize>)> = Vec::new();
        for i in (0..self.line.len()).filter(|&i| self.line[i] != self.before[i] && !explained[i]) {
            match by_color.iter_mut().find(|(set, _)| *set == self.line[i]) {
                Some((_, cells)) => cells.push(i),
                None => by_color.push((self.line[i], vec![i])),
            }
        }
        for (set, cells) in by_color {
            let what = if set == BACKGROUND {
                "blank".to_string()
            } else {
                self.colors_in_words(set)
            };
            parts.push(format!(
                "every arrangement makes {} {what}",
                explain::cells(&cells)
            ));
        }
        format!(
            "{id} ({}): {}",
            self.puzzle.describe(clues),
            parts.join("; ")
        )
    }

    /// "red", "red or blank", "red, green or blank".
    fn colors_in_words(&self, set: Colors) -> String {
        let mut words: Vec<String> = (1..32u8)
            .filter(|&c| set >> c & 1 == 1)
            .map(|c| self.puzzle.color_name(c))
            .collect();
        if set & BACKGROUND != 0 {
            words.push("blank".into());
        }
        match words.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => "impossible".into(),
        }
    }

    /// Sets a cell, on the trail while probing.
    #[inline]
    fn set(&mut self, board: &mut ColorBoard, index: usize, value: Colors) {
        let cell = &mut board.cells_mut()[index];
        if self.trailing {
            self.trail.push((index, *cell));
        }
        *cell = value;
    }

    fn assume(&mut self, board: &mut ColorBoard, index: usize, set: Colors) -> Result<(), Stop> {
        self.set(board, index, set);
        self.queue.push_cell(&self.lines, index);
        self.propagate(board)
    }

    /// Probing rounds until nothing more is learnt; `scores` keeps, per cell, how much its
    /// colours taught (the product of the cells each one settled), for the search's choice.
    pub fn probe(&mut self, board: &mut ColorBoard, scores: &mut Vec<u32>) -> Result<(), Stop> {
        scores.clear();
        scores.resize(board.len(), 0);
        while self.probe_round(board, scores)? {}
        Ok(())
    }

    /// One round: every colour of every open cell is assumed in turn. Returns whether
    /// anything was learnt; `Err` when the board itself is impossible.
    ///
    /// Each assumption is made on the board itself and undone from the trail of the cells
    /// it changed, so that a probe costs what it changes, not a copy of the board.
    fn probe_round(&mut self, board: &mut ColorBoard, scores: &mut [u32]) -> Result<bool, Stop> {
        let mut learnt = false;
        // implied[i]: colours of cell i that an earlier probe of this round reached without a
        // contradiction; probing one again finds no contradiction and no more than that
        // probe did. Cleared whenever the board learns something.
        let mut implied = vec![0 as Colors; board.len()];
        let mut recording = self.steps.take();
        let mut outcome = Ok(());
        for index in self.probe_order(board) {
            let set = board.cells()[index];
            if set.count_ones() < 2 || implied[index] & set == set {
                continue;
            }
            if self.clock.out_of_time(&self.stats) {
                outcome = Err(Stop::Timeout);
                break;
            }
            self.stats.probes += 1;
            let probed = match self.probe_cell(board, index, &implied) {
                Ok(probed) => probed,
                Err(stop) => {
                    outcome = Err(stop);
                    break;
                }
            };
            if probed.ruled_out == set {
                let conflict = probed.conflict.expect("a colour was ruled out");
                outcome = Err(Stop::Conflict(conflict));
                break;
            }
            if probed.ruled_out != 0 {
                let left = set & !probed.ruled_out;
                if let Some(steps) = &mut recording {
                    let cell = board.pos_of(index);
                    steps.push(format!(
                        "assume r{}c{} is {}: {} has no arrangement left, so it is {}",
                        cell.row + 1,
                        cell.col + 1,
                        self.colors_in_words(probed.ruled_out),
                        probed.conflict.expect("a colour was ruled out"),
                        self.colors_in_words(left)
                    ));
                }
                self.steps = recording.take();
                let again = self.assume(board, index, left);
                recording = self.steps.take();
                if let Err(stop) = again {
                    outcome = Err(stop);
                    break;
                }
                learnt = true;
                implied.fill(0);
                continue;
            }
            for &(i, then) in &self.diffs {
                if then.count_ones() == 1 {
                    implied[i] |= then;
                }
            }
            scores[index] = probed
                .changes
                .iter()
                .map(|&n| n + 1)
                .fold(1u32, u32::saturating_mul);
            if probed.skipped {
                continue;
            }
            // What every colour of the cell leads to is certain: the cells each one changed,
            // narrowed to what they took in any of them.
            let options = probed.changes.len() as u32;
            let narrowed = self.agreed(board, options);
            if narrowed.is_empty() {
                continue;
            }
            if let Some(steps) = &mut recording {
                let cell = board.pos_of(index);
                let follows: Vec<String> = narrowed
                    .iter()
                    .map(|&(i, set)| {
                        let p = board.pos_of(i);
                        format!("r{}c{} {}", p.row + 1, p.col + 1, self.colors_in_words(set))
                    })
                    .collect();
                steps.push(format!(
                    "whatever colour r{}c{} has, {} follow, so they are certain",
                    cell.row + 1,
                    cell.col + 1,
                    explain::join(&follows)
                ));
            }
            for &(i, set) in &narrowed {
                board.cells_mut()[i] = set;
                self.queue.push_cell(&self.lines, i);
            }
            self.steps = recording.take();
            let settled = self.propagate(board);
            recording = self.steps.take();
            if let Err(stop) = settled {
                outcome = Err(stop);
                break;
            }
            learnt = true;
            implied.fill(0);
        }
        self.steps = recording;
        outcome.map(|()| learnt)
    }

    /// Assumes each colour of cell `index` not in `implied` in turn, and undoes it. The
    /// consistent ones leave what they changed in `self.diffs`, one run after another.
    fn probe_cell(
        &mut self,
        board: &mut ColorBoard,
        index: usize,
        implied: &[Colors],
    ) -> Result<Probed, Stop> {
        let set = board.cells()[index];
        let mut probed = Probed::default();
        self.diffs.clear();
        for color in colors(set) {
            if implied[index] >> color & 1 == 1 {
                probed.skipped = true;
                continue;
            }
            self.trail.clear();
            self.trailing = true;
            let result = self.assume(board, index, 1 << color);
            self.trailing = false;
            if result.is_ok() {
                // A cell may change twice; its value now is what the probe reached.
                let before = self.diffs.len();
                for &(i, _) in &self.trail {
                    if self.stamp[i] != self.generation {
                        self.stamp[i] = self.generation;
                        self.diffs.push((i, board.cells()[i]));
                    }
                }
                probed.changes.push((self.diffs.len() - before) as u32);
                self.generation = self.generation.wrapping_add(1);
            }
            for &(i, old) in self.trail.iter().rev() {
                board.cells_mut()[i] = old;
            }
            match result {
                Ok(()) => {}
                Err(Stop::Conflict(l)) => {
                    probed.ruled_out |= 1 << color;
                    probed.conflict = Some(l);
                }
                Err(stop) => return Err(stop),
            }
        }
        Ok(probed)
    }

    /// The cells that all `options` runs of `self.diffs` changed, each with the union of
    /// what they took, where that narrows the board.
    fn agreed(&mut self, board: &ColorBoard, options: u32) -> Vec<(usize, Colors)> {
        for &(i, _) in &self.diffs {
            self.count[i] = 0;
            self.union[i] = 0;
        }
        for &(i, v) in &self.diffs {
            self.count[i] += 1;
            self.union[i] |= v;
        }
        let mut narrowed = Vec::new();
        for &(i, _) in &self.diffs {
            if self.count[i] == options && self.union[i] != board.cells()[i] {
                narrowed.push((i, self.union[i]));
                // Listed once.
                self.count[i] = 0;
            }
        }
        narrowed
    }

    /// Open cells, those whose row and column are most settled first (outside the search),
    /// in reading order inside it, as for black and white.
    fn probe_order(&self, board: &ColorBoard) -> Vec<usize> {
        let (w, h) = (self.puzzle.width(), self.puzzle.height());
        let cells = board.cells();
        let open = |i: usize| cells[i].count_ones() > 1;
        let mut order: Vec<usize> = (0..cells.len()).filter(|&i| open(i)).collect();
        if self.searching {
            return order;
        }
        let rows: Vec<usize> = (0..h)
            .map(|r| (0..w).filter(|&c| !open(r * w + c)).count())
            .collect();
        let cols: Vec<usize> = (0..w)
            .map(|c| (0..h).filter(|&r| !open(r * w + c)).count())
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(rows[i / w] + cols[i % w]));
        order
    }

    /// Depth-first search with probing at every node, collecting up to `limit` solutions,
    /// until its nodes have made `probes` probes.
    pub fn search(
        &mut self,
        board: ColorBoard,
        limit: usize,
        probes: u64,
        found: &mut Vec<ColorBoard>,
    ) -> Result<Searched, Stop> {
        let mut stack = vec![board];
        let mut scores = Vec::new();
        let steps = self.steps.take();
        self.searching = true;
        let last = self.stats.probes.saturating_add(probes);
        let result = (|| {
            while let Some(mut board) = stack.pop() {
                if self.stats.probes >= last {
                    return Ok(Searched::OutOfBudget);
                }
                self.stats.nodes += 1;
                match self.probe(&mut board, &mut scores) {
                    Err(Stop::Conflict(_)) => continue,
                    Err(stop) => return Err(stop),
                    Ok(()) => {}
                }
                let open = (0..board.len()).filter(|&i| board.cells()[i].count_ones() > 1);
                let Some(branch) = open
                    .max_by_key(|&i| (scores.get(i).copied().unwrap_or(0), std::cmp::Reverse(i)))
                else {
                    found.push(board);
                    if found.len() >= limit {
                        return Ok(Searched::Done);
                    }
                    continue;
                };
                // The background first onto the stack, so that colours are tried first.
                for color in colors(board.cells()[branch]) {
                    let mut child = board.clone();
                    match self.assume(&mut child, branch, 1 << color) {
                        Ok(()) => stack.push(child),
                        Err(Stop::Conflict(_)) => {}
                        Err(stop) => return Err(stop),
                    }
                }
            }
            Ok(Searched::Done)
        })();
        self.steps = steps;
        self.searching = false;
        result
    }
}

/// The colours of a set, background (0) first.
fn colors(set: Colors) -> impl Iterator<Item = u8> {
    (0..32u8).filter(move |&c| set >> c & 1 == 1)
}
