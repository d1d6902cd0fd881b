//! The exact line solver: what the clues of one line allow, given what is known of its cells.
//!
//! Two sweeps of a small dynamic programme find every placement of every block that belongs to
//! at least one complete arrangement consistent with the known cells; a cell is certainly
//! filled when no arrangement leaves it blank, certainly blank when no arrangement fills it.
//! This decides everything the line alone decides (not only what the overlap rule finds), in
//! time proportional to cells times clues.
//!
//! The same sweeps give each block's range (its leftmost and rightmost possible place), from
//! which the overlap rule ("a clue longer than half of its range fills the middle") is read
//! off for explanations.

use crate::word::{Word, bit, fill_down, fill_up, holds, low, run_starts, smear};

/// A cell of the puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[repr(u8)]
pub enum Cell {
    #[default]
    Unknown = 0,
    Filled = 1,
    Empty = 2,
}

impl Cell {
    pub fn to_char(self) -> u8 {
        match self {
            Cell::Unknown => b'?',
            Cell::Filled => b'#',
            Cell::Empty => b'.',
        }
    }

    pub fn from_char(c: u8) -> Option<Cell> {
        Some(match c {
            b'?' => Cell::Unknown,
            b'#' => Cell::Filled,
            b'.' => Cell::Empty,
            _ => return None,
        })
    }

    pub fn opposite(self) -> Cell {
        match self {
            Cell::Filled => Cell::Empty,
            Cell::Empty => Cell::Filled,
            Cell::Unknown => Cell::Unknown,
        }
    }
}

/// Where each block may lie: block `j` starts at `first_start[j]` at the earliest and at
/// `last_start[j]` at the latest.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ranges {
    pub first_start: Vec<usize>,
    pub last_start: Vec<usize>,
}

/// Reusable work space, so that solving a line allocates nothing in the hot loop.
#[derive(Debug, Default)]
pub struct LineSolver {
    forward: Vec<bool>,
    backward: Vec<bool>,
    empties: Vec<u32>,
    fill_marks: Vec<i32>,
    can_empty: Vec<bool>,
    /// For each position, the band of block counts that can stand before it (`lo..=hi`):
    /// a tight line has a narrow band, and the tables are only filled inside it.
    lo: Vec<usize>,
    hi: Vec<usize>,
    before: Vec<usize>,
    after: Vec<usize>,
    /// The bit-parallel solver's forward rows and blocks' starts, widened to one type.
    rows: Vec<u128>,
    ranges: Ranges,
}

impl LineSolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Solves `cells` in place against `clues`: every cell the line decides is set. Returns
    /// false when no arrangement fits (the cells are then left as they were).
    pub fn solve(&mut self, clues: &[u32], cells: &mut [Cell]) -> bool {
        let n = cells.len();
        if !cells.contains(&Cell::Unknown) {
            // Nothing to decide, only to check: do the runs match the clues?
            self.ranges.first_start.clear();
            self.ranges.last_start.clear();
            return runs_match(clues, cells);
        }
        if Self::takes_masks(clues, n) {
            return self.solve_bits(clues, cells);
        }
        self.solve_table(clues, cells)
    }

    /// The table form of the solver, for any length.
    fn solve_table(&mut self, clues: &[u32], cells: &mut [Cell]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        if !self.sweep(clues, cells) {
            return false;
        }
        let w = k + 1;
        // Mark what some arrangement fills (difference array) and what it leaves blank.
        self.fill_marks.clear();
        self.fill_marks.resize(n + 1, 0);
        self.can_empty.clear();
        self.can_empty.resize(n, false);
        self.ranges.first_start.clear();
        self.ranges.first_start.resize(k, usize::MAX);
        self.ranges.last_start.clear();
        self.ranges.last_start.resize(k, 0);
        for i in 0..=n {
            for j in self.lo[i]..=self.hi[i] {
                if !self.forward[i * w + j] {
                    continue;
                }
                if i < n && cells[i] != Cell::Filled && self.backward[(i + 1) * w + j] {
                    self.can_empty[i] = true;
                }
                if j < k && self.block_fits(clues, cells, i, j) {
                    let end = i + clues[j] as usize;
                    self.fill_marks[i] += 1;
                    self.fill_marks[end] -= 1;
                    if end < n {
                        self.can_empty[end] = true;
                    }
                    self.ranges.first_start[j] = self.ranges.first_start[j].min(i);
                    self.ranges.last_start[j] = self.ranges.last_start[j].max(i);
                }
            }
        }
        let mut covered = 0;
        for (i, cell) in cells.iter_mut().enumerate() {
            covered += self.fill_marks[i];
            let can_fill = covered > 0;
            *cell = match (can_fill, self.can_empty[i]) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                _ => *cell,
            };
        }
        true
    }

    /// The bit-parallel form of the solver, for lines of up to `BITS_MAX` cells: the same
    /// forward and backward reachability as the tables, but each table row (every position
    /// for a given number of blocks placed) is one machine word, so a step of the programme
    /// is a handful of word operations instead of a loop over the cells. Bit `b` of a row is
    /// the boundary before cell `b`; a virtual blank cell `n` closes the line.
    fn solve_bits(&mut self, clues: &[u32], cells: &mut [Cell]) -> bool {
        let decided = self.solve_masks_narrowest(clues, cells.len(), pack(cells));
        let Some((filled, empty)) = decided else {
            return false;
        };
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = match (filled >> i & 1 == 1, empty >> i & 1 == 1) {
                (true, false) => Cell::Filled,
                (false, true) => Cell::Empty,
                _ => *cell,
            };
        }
        true
    }

    /// Whether `solve_masks` takes a line of `n` cells with these clues (in a `u128`; a
    /// `u64` takes lines of up to 62 cells, [`holds`]).
    pub fn takes_masks(clues: &[u32], n: usize) -> bool {
        n <= BITS_MAX && clues.iter().all(|&c| c > 0)
    }

    /// The bit-parallel solver on a line of `n` cells given as masks of its known cells
    /// (bit `i` for cell `i`: filled, empty): the masks of every cell the line decides, or
    /// `None` when no arrangement fits. Only for lines `takes_masks` accepts, in a word
    /// that [`holds`] them.
    ///
    /// The forward pass keeps each row and each block's possible starts; the backward pass
    /// then walks the blocks from the last, combining each row with the one after it as it
    /// goes, so the backward rows are never stored.
    pub fn solve_masks<W: Word>(
        &mut self,
        clues: &[u32],
        n: usize,
        (filled, empty): Masks<W>,
    ) -> Option<Masks<W>> {
        debug_assert!(Self::takes_masks(clues, n) && holds::<W>(n));
        let k = clues.len();
        if clues.iter().any(|&c| c as usize > n) {
            return None;
        }
        let end = n as u32 + 1;
        let (line, blankable, fillable) = open_cells(n, (filled, empty));
        // Row j (boundaries reachable with blocks ..j placed before them) and where block j
        // may lie (on cells that allow it, a blankable cell after it), in turn.
        let rows = &mut self.rows;
        rows.clear();
        let mut forward = fill_up(W::ONE, blankable << 1);
        for &len in clues {
            let fits = block_starts(len, blankable, fillable);
            rows.push(forward.widen());
            rows.push(fits.widen());
            forward = fill_up((forward & fits) << (len + 1), blankable << 1);
        }
        if (forward >> end) & W::ONE == W::ZERO {
            return None;
        }
        // backward: boundaries from which blocks j.. complete the line, for j from k down.
        let mut backward = fill_down(bit::<W>(end), blankable);
        // A blank cell with j blocks before it, and a boundary on each side.
        let mut can_blank = forward & (backward >> 1);
        let mut can_fill = W::ZERO;
        self.ranges.first_start.clear();
        self.ranges.first_start.resize(k, 0);
        self.ranges.last_start.clear();
        self.ranges.last_start.resize(k, 0);
        for j in (0..k).rev() {
            let (before, fits) = (W::narrow(rows[2 * j]), W::narrow(rows[2 * j + 1]));
            let len = clues[j];
            let completed = fits & (backward >> (len + 1));
            let starts = before & completed;
            can_fill |= smear(starts, len);
            // The blank cell that closes the block.
            can_blank |= starts << len;
            self.ranges.first_start[j] = starts.trailing_zeros() as usize;
            self.ranges.last_start[j] = (W::BITS - 1 - starts.leading_zeros()) as usize;
            backward = fill_down(completed, blankable);
            can_blank |= before & (backward >> 1);
        }
        can_blank &= blankable & line;
        can_fill &= line;
        // Decided: what can only be filled, what can only be blank.
        Some((can_fill & !can_blank, can_blank & !can_fill))
    }

    /// [`solve_masks`](Self::solve_masks) on masks kept as `u128`, computed in the narrowest
    /// word that [`holds`] the line.
    pub fn solve_masks_narrowest(
        &mut self,
        clues: &[u32],
        n: usize,
        known: Masks,
    ) -> Option<Masks> {
        if !holds::<u64>(n) {
            return self.solve_masks(clues, n, known);
        }
        let narrow = (u64::narrow(known.0), u64::narrow(known.1));
        self.solve_masks(clues, n, narrow)
            .map(|(filled, empty)| (filled.widen(), empty.widen()))
    }

    /// Whether any arrangement fits a line given as in `solve_masks`: its forward pass
    /// alone, without the backward fill and the combination that find the decided cells.
    /// Explaining a forced cell asks only this, dozens of times a conflict.
    pub fn fits_masks<W: Word>(clues: &[u32], n: usize, known: Masks<W>) -> bool {
        debug_assert!(Self::takes_masks(clues, n) && holds::<W>(n));
        if clues.iter().any(|&c| c as usize > n) {
            return false;
        }
        let (_, blankable, fillable) = open_cells(n, known);
        let mut reach = fill_up(W::ONE, blankable << 1);
        for &len in clues {
            let fits = block_starts(len, blankable, fillable);
            reach = fill_up((reach & fits) << (len + 1), blankable << 1);
            if reach == W::ZERO {
                return false;
            }
        }
        (reach >> (n as u32 + 1)) & W::ONE == W::ONE
    }

    /// The ranges of the blocks found by the last successful `solve`.
    pub fn ranges(&self) -> &Ranges {
        &self.ranges
    }

    /// Whether block `j` can start at `i` in a full arrangement: it lies on no blank cell, is
    /// not touched by a filled cell after it, and the rest of the line can be completed.
    #[inline]
    fn block_fits(&self, clues: &[u32], cells: &[Cell], i: usize, j: usize) -> bool {
        let n = cells.len();
        let w = clues.len() + 1;
        let end = i + clues[j] as usize;
        if end > n || self.empties[end] != self.empties[i] {
            return false;
        }
        if end == n {
            self.backward[n * w + j + 1]
        } else {
            cells[end] != Cell::Filled && self.backward[(end + 1) * w + j + 1]
        }
    }

    /// Computes the band `lo[i]..=hi[i]` of block counts that can precede position `i`: the
    /// blocks before need their cells and a blank after each (except at the very end), the
    /// blocks after need theirs. An empty band is `lo > hi` (the loops then do nothing).
    fn band(&mut self, clues: &[u32], n: usize) {
        let k = clues.len();
        // before[j]: cells that j blocks need, each with the blank after it.
        self.before.clear();
        self.before.push(0);
        for &c in clues {
            let last = *self.before.last().expect("starts with 0");
            self.before.push(last + c as usize + 1);
        }
        // after[j]: cells that blocks j.. need, blanks only between them.
        self.after.clear();
        self.after.resize(k + 1, 0);
        for j in (0..k).rev() {
            self.after[j] = clues[j] as usize + if j + 1 < k { 1 + self.after[j + 1] } else { 0 };
        }
        self.lo.clear();
        self.hi.clear();
        let (mut lo, mut hi) = (0, 0);
        for i in 0..=n {
            let room = i + usize::from(i == n);
            while hi < k && self.before[hi + 1] <= room {
                hi += 1;
            }
            while lo <= k && self.after[lo] > n - i {
                lo += 1;
            }
            // An empty band is stored as 1..=0, which every loop skips.
            let (l, h) = if lo > hi { (1, 0) } else { (lo, hi) };
            self.lo.push(l);
            self.hi.push(h);
        }
    }

    /// Fills the forward and backward tables; false when the line has no arrangement.
    // `j` runs one past the clues (the state "all blocks placed"), so it is an index, not an
    // iterator over them.
    #[allow(clippy::needless_range_loop)]
    fn sweep(&mut self, clues: &[u32], cells: &[Cell]) -> bool {
        let n = cells.len();
        let k = clues.len();
        let w = k + 1;
        self.empties.clear();
        self.empties.push(0);
        let mut count = 0;
        for &c in cells {
            count += (c == Cell::Empty) as u32;
            self.empties.push(count);
        }
        self.band(clues, n);
        // backward[i * w + j]: cells i.. can hold blocks j.., starting fresh at i.
        self.backward.clear();
        self.backward.resize((n + 1) * w, false);
        self.backward[n * w + k] = true;
        for i in (0..n).rev() {
            for j in (self.lo[i]..=self.hi[i]).rev() {
                let mut ok = cells[i] != Cell::Filled && self.backward[(i + 1) * w + j];
                if !ok && j < k {
                    let end = i + clues[j] as usize;
                    if end <= n && self.empties[end] == self.empties[i] {
                        ok = if end == n {
                            self.backward[n * w + j + 1]
                        } else {
                            cells[end] != Cell::Filled && self.backward[(end + 1) * w + j + 1]
                        };
                    }
                }
                self.backward[i * w + j] = ok;
            }
        }
        if !self.backward[0] {
            return false;
        }
        // forward[i * w + j]: cells ..i hold blocks ..j, and i starts fresh.
        self.forward.clear();
        self.forward.resize((n + 1) * w, false);
        self.forward[0] = true;
        for i in 0..=n {
            for j in self.lo[i]..=self.hi[i] {
                if !self.forward[i * w + j] {
                    continue;
                }
                if i < n && cells[i] != Cell::Filled {
                    self.forward[(i + 1) * w + j] = true;
                }
                if j < k {
                    let end = i + clues[j] as usize;
                    if end <= n && self.empties[end] == self.empties[i] {
                        if end == n {
                            self.forward[n * w + j + 1] = true;
                        } else if cells[end] != Cell::Filled {
                            self.forward[(end + 1) * w + j + 1] = true;
                        }
                    }
                }
            }
        }
        self.forward[n * w + k]
    }
}

/// A line's known cells as bit masks, bit `i` for cell `i`: (filled, empty).
pub type Masks<W = u128> = (W, W);

/// The masks of a line of cells.
pub fn pack(cells: &[Cell]) -> Masks {
    // Cell values are 0 (unknown), 1 (filled) and 2 (empty): their two bits are the masks.
    let (mut filled, mut empty) = (0u128, 0u128);
    for (i, &c) in cells.iter().enumerate() {
        let v = c as u128;
        filled |= (v & 1) << i;
        empty |= (v >> 1) << i;
    }
    (filled, empty)
}

/// The longest line the bit-parallel solver takes (boundaries 0..=n+1 in one `u128`).
const BITS_MAX: usize = u128::BITS as usize - 2;

/// A line of `n` cells given as masks: all its cells, those that may be blank (with the
/// virtual cell `n` after the line, which always may), and those that may be filled.
#[inline]
fn open_cells<W: Word>(n: usize, (filled, empty): Masks<W>) -> (W, W, W) {
    let line = low::<W>(n as u32);
    (line, (line & !filled) | bit::<W>(n as u32), line & !empty)
}

/// Where a block of `len` may start: on cells that may be filled, with a cell that may be
/// blank after it.
#[inline]
fn block_starts<W: Word>(len: u32, blankable: W, fillable: W) -> W {
    run_starts(fillable, len) & (blankable >> len)
}

/// Whether a fully known line's runs of filled cells are exactly the clues.
fn runs_match(clues: &[u32], cells: &[Cell]) -> bool {
    let mut next = 0;
    let mut run = 0u32;
    for &c in cells.iter().chain(std::iter::once(&Cell::Empty)) {
        if c == Cell::Filled {
            run += 1;
        } else if run > 0 {
            if clues.get(next) != Some(&run) {
                return false;
            }
            next += 1;
            run = 0;
        }
    }
    next == clues.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::Word;

    fn parse(s: &str) -> Vec<Cell> {
        s.bytes().map(|b| Cell::from_char(b).unwrap()).collect()
    }

    fn show(cells: &[Cell]) -> String {
        cells.iter().map(|c| c.to_char() as char).collect()
    }

    fn solve(clues: &[u32], line: &str) -> Option<String> {
        let mut cells = parse(line);
        LineSolver::new()
            .solve(clues, &mut cells)
            .then(|| show(&cells))
    }

    #[test]
    fn the_overlap_of_a_long_clue() {
        // The first rule a person learns: 8 in 12 cells fills the middle 4.
        assert_eq!(solve(&[8], "????????????").unwrap(), "????####????");
    }

    #[test]
    fn full_and_empty_lines() {
        assert_eq!(solve(&[2, 1], "????").unwrap(), "##.#");
        assert_eq!(solve(&[], "????").unwrap(), "....");
        assert_eq!(solve(&[4], "????").unwrap(), "####");
    }

    #[test]
    fn known_cells_push_blocks_around() {
        assert_eq!(solve(&[3], "?#??.?").unwrap(), "?##?..");
        assert_eq!(solve(&[1, 1], "#???").unwrap(), "#.??");
        assert_eq!(solve(&[1], "?.#??").unwrap(), "..#..");
    }

    #[test]
    fn contradictions_are_found() {
        assert_eq!(solve(&[3], "?.?.?"), None);
        assert_eq!(solve(&[1], "#.#"), None);
        assert_eq!(solve(&[5], "????"), None);
        assert_eq!(solve(&[], "?#"), None);
    }

    /// Every line of length up to 12: for every picture (so every clue list that fits), a few
    /// patterns of known cells taken from it, and a few patterns at random, checked against
    /// brute force over all the arrangements of those clues.
    #[test]
    fn long_lines_and_clues_longer_than_the_line() {
        // 126 cells take the bit-parallel form, 127 the tables; both settle the overlap.
        for n in [126usize, 127, 200] {
            let line = "?".repeat(n);
            let got = solve(&[n as u32 - 10], &line).unwrap();
            assert_eq!(got.matches('#').count(), n - 20, "{n}");
        }
        assert_eq!(solve(&[5], "????"), None);
        assert_eq!(solve(&[200], &"?".repeat(100)), None);
    }

    #[test]
    fn agrees_with_brute_force_on_every_line_up_to_12() {
        let mut solver = LineSolver::new();
        let mut rng = grid_core::Rng::seeded(12);
        for n in 0..=12usize {
            let all = (1u32 << n) - 1;
            let mut by_clues: std::collections::HashMap<Vec<u32>, Vec<u32>> = Default::default();
            for picture in 0..=all {
                by_clues
                    .entry(clues_of(picture, n))
                    .or_default()
                    .push(picture);
            }
            let mut clue_lists: Vec<_> = by_clues.keys().cloned().collect();
            clue_lists.sort();
            for clues in &clue_lists {
                let arrangements = &by_clues[clues];
                for &picture in arrangements {
                    for _ in 0..3 {
                        // Known cells true to the picture: the solver must find an answer.
                        let known = rng.next_u64() as u32 & all;
                        let line = (picture & known, !picture & known & all);
                        check(&mut solver, clues, arrangements, n, line);
                        // Known cells at random: an answer or a contradiction.
                        let filled = rng.next_u64() as u32 & all;
                        let empty = rng.next_u64() as u32 & all & !filled;
                        check(&mut solver, clues, arrangements, n, (filled, empty));
                    }
                }
            }
        }
    }

    /// Compares the solver with brute force for one line whose known cells are given as bit
    /// masks `(filled, empty)`.
    fn check(
        solver: &mut LineSolver,
        clues: &[u32],
        arrangements: &[u32],
        n: usize,
        (filled, empty): (u32, u32),
    ) {
        let cells: Vec<Cell> = (0..n)
            .map(|i| match (filled >> i & 1, empty >> i & 1) {
                (1, _) => Cell::Filled,
                (_, 1) => Cell::Empty,
                _ => Cell::Unknown,
            })
            .collect();
        let all = (1u32 << n) - 1;
        let (mut always, mut never, mut any) = (all, all, false);
        for &p in arrangements {
            if p & filled == filled && p & empty == 0 {
                any = true;
                always &= p;
                never &= !p;
            }
        }
        if clues.iter().all(|&c| c > 0) && cells.contains(&Cell::Unknown) {
            // The table form, which the public solve keeps for long lines, must agree.
            let mut table = cells.clone();
            let ok = solver.solve_table(clues, &mut table);
            assert_eq!(ok, any, "table: {clues:?} on {}", show(&cells));
            if ok {
                let ranges = solver.ranges().clone();
                let mut bits = cells.clone();
                assert!(solver.solve_bits(clues, &mut bits));
                assert_eq!(show(&bits), show(&table), "{clues:?} on {}", show(&cells));
                assert_eq!(solver.ranges(), &ranges, "{clues:?} on {}", show(&cells));
            }
        }
        if LineSolver::takes_masks(clues, n) {
            let wide = (u128::from(filled), u128::from(empty));
            let narrow = (u64::from(filled), u64::from(empty));
            let line = show(&cells);
            assert_eq!(
                LineSolver::fits_masks(clues, n, wide),
                any,
                "{clues:?} on {line}"
            );
            assert_eq!(
                LineSolver::fits_masks(clues, n, narrow),
                any,
                "{clues:?} on {line}"
            );
            let in_wide = solver.solve_masks(clues, n, wide);
            let ranges = solver.ranges().clone();
            let in_narrow = solver.solve_masks(clues, n, narrow);
            let in_narrow = in_narrow.map(|(f, e)| (f.widen(), e.widen()));
            assert_eq!(in_narrow, in_wide, "{clues:?} on {line}");
            if any {
                assert_eq!(solver.ranges(), &ranges, "{clues:?} on {line}");
            }
        }
        let mut got = cells.clone();
        let ok = solver.solve(clues, &mut got);
        assert_eq!(ok, any, "{clues:?} on {}", show(&cells));
        if ok {
            let expected: Vec<Cell> = (0..n)
                .map(|i| match (always >> i & 1, never >> i & 1) {
                    (1, _) => Cell::Filled,
                    (_, 1) => Cell::Empty,
                    _ => Cell::Unknown,
                })
                .collect();
            assert_eq!(show(&got), show(&expected), "{clues:?} on {}", show(&cells));
        } else {
            assert_eq!(got, cells, "a failed solve leaves the line alone");
        }
    }

    /// Lines that fill a `u64` to its last usable bit: both words decide the same cells, and
    /// never against the picture the clues came from.
    #[test]
    fn both_words_agree_on_the_longest_narrow_lines() {
        let mut solver = LineSolver::new();
        let mut rng = grid_core::Rng::seeded(62);
        for _ in 0..3000 {
            let n = 50 + rng.index(13);
            let picture: Vec<bool> = (0..n).map(|_| rng.chance(0.6)).collect();
            let clues = crate::puzzle::runs(picture.iter().copied());
            let (mut filled, mut empty) = (0u64, 0u64);
            for (i, &p) in picture.iter().enumerate() {
                if rng.chance(0.3) {
                    if p {
                        filled |= 1 << i;
                    } else {
                        empty |= 1 << i;
                    }
                }
            }
            let wide = solver.solve_masks(&clues, n, (u128::from(filled), u128::from(empty)));
            let narrow = solver.solve_masks(&clues, n, (filled, empty));
            let (f, e) = narrow.expect("the picture is an arrangement");
            assert_eq!(Some((f.widen(), e.widen())), wide);
            for (i, &p) in picture.iter().enumerate() {
                let decided = if p { e } else { f };
                assert_eq!(decided >> i & 1, 0, "cell {i} decided against the picture");
            }
        }
    }

    fn clues_of(picture: u32, n: usize) -> Vec<u32> {
        crate::puzzle::runs((0..n).map(|i| picture >> i & 1 == 1))
    }
}
