//! The exact line solver of colour puzzles.
//!
//! A cell is a set of the colours it may still take ([`Colors`], bit 0 the background). Two
//! sweeps of a dynamic programme over (cell, blocks placed) find every placement of every
//! block that belongs to some complete arrangement of the line; a cell keeps exactly the
//! colours that some arrangement gives it. Blocks of one colour need a background cell
//! between them, blocks of different colours may touch, which is the only difference from
//! black and white: the programme keeps, besides "the first `i` cells hold the first `j`
//! blocks", whether cell `i - 1` is background, for a next block of the same colour.

use crate::word::{Word, bit, fill_down, fill_up, holds, low, run_starts, smear};
use grid_core::nonogram_doc::Block;

/// The colours a cell may still take: bit 0 the background, bit `c` colour `c`.
pub type Colors = u32;

/// The background's bit.
pub const BACKGROUND: Colors = 1;

/// Reusable work space, so that solving a line allocates nothing in the hot loop.
#[derive(Debug, Default)]
pub struct LineSolver {
    /// `forward[j * w + i]`: the first `i` cells hold exactly blocks `..j`.
    forward: Vec<bool>,
    /// The same, and cell `i - 1` is background (or `i` is 0).
    forward_gap: Vec<bool>,
    /// `backward[j * w + i]`: cells `i..` hold exactly blocks `j..`.
    backward: Vec<bool>,
    /// The same, and cell `i` is background (or `i` is the end).
    backward_gap: Vec<bool>,
    /// Per colour of the clues, `misfits[slot * w + i]`: cells before `i` that cannot take
    /// that colour.
    misfits: Vec<u32>,
    /// Each block's colour's slot in `misfits`.
    slot: Vec<usize>,
    /// Each block's first and last start allowed by the clues alone (packed to the left,
    /// packed to the right); tables are only filled between them.
    earliest: Vec<usize>,
    latest: Vec<usize>,
    /// The colours some arrangement gives each cell.
    possible: Vec<Colors>,
    /// Each block's first and last possible start, from the last successful solve.
    first_start: Vec<usize>,
    last_start: Vec<usize>,
    /// The bit-parallel form's rows: where each block fits, the two reaches, and the cells
    /// each colour can cover.
    /// (Widened to `u128` whatever the word the solve is in.)
    fits: Vec<u128>,
    reach_forward: Vec<u128>,
    reach_backward: Vec<u128>,
    colored: Vec<(u8, u128)>,
}

/// The longest line the bit-parallel form takes (its boundaries, and a shift past the end,
/// in one `u128`).
const BITS_MAX: usize = u128::BITS as usize - 2;

impl LineSolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Narrows every cell of `cells` to the colours some arrangement of `clues` gives it.
    /// Returns false when no arrangement fits (the cells are then left as they were).
    pub fn solve(&mut self, clues: &[Block], cells: &mut [Colors]) -> bool {
        if cells.len() <= BITS_MAX {
            self.solve_bits(clues, cells)
        } else {
            self.solve_table(clues, cells)
        }
    }

    /// The bit-parallel form, for lines of up to [`BITS_MAX`] cells, in the narrower word
    /// when the line fits it.
    fn solve_bits(&mut self, clues: &[Block], cells: &mut [Colors]) -> bool {
        if holds::<u64>(cells.len()) {
            self.solve_in::<u64>(clues, cells)
        } else {
            self.solve_in::<u128>(clues, cells)
        }
    }

    /// The same programme as the tables, but a row of a table (every boundary, for a given
    /// number of blocks placed) is one machine word, bit `i` the boundary before cell `i` and
    /// bit `n` the line's end, so that a step is a handful of word operations. Blocks of one
    /// colour step over a background cell between them; blocks of different colours need
    /// not. The rows are kept widened to `u128`, whatever the word.
    fn solve_in<W: Word>(&mut self, clues: &[Block], cells: &mut [Colors]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        if clues.iter().any(|b| b.len as usize > n) {
            return false;
        }
        let bounds = low::<W>(n as u32 + 1);
        // The line as one mask a colour of its clues (and the background): bit i when cell
        // i may take the colour. Lines have few colours, so this is a few passes without
        // branches rather than one pass over every cell's colours.
        self.colored.clear();
        self.colored.push((0, 0));
        for block in clues {
            if !self.colored.iter().any(|&(c, _)| c == block.color) {
                self.colored.push((block.color, 0));
            }
        }
        for (color, mask) in &mut self.colored {
            let mut m = W::ZERO;
            for (i, &cell) in cells.iter().enumerate() {
                m |= W::from((cell >> *color) & 1 == 1) << i as u32;
            }
            *mask = m.widen();
        }
        let allows = |color: u8| -> W {
            self.colored
                .iter()
                .find(|&&(c, _)| c == color)
                .map_or(W::ZERO, |&(_, m)| W::narrow(m))
        };
        let background = allows(0);
        // fits[j]: where block j may start, on cells that all allow its colour.
        self.fits.clear();
        for block in clues {
            self.fits
                .push(run_starts(allows(block.color), block.len).widen());
        }
        let same_as_before = |j: usize| j > 0 && clues[j - 1].color == clues[j].color;
        let step = background << 1;
        // forward[j]: boundaries with exactly blocks ..j before them.
        self.reach_forward.clear();
        self.reach_forward
            .push((fill_up(W::ONE, step) & bounds).widen());
        for (j, block) in clues.iter().enumerate() {
            let before = W::narrow(self.reach_forward[j]);
            let pre = if same_as_before(j) {
                (before & background) << 1
            } else {
                before
            };
            let ends = (W::narrow(self.fits[j]) & pre) << block.len;
            self.reach_forward
                .push((fill_up(ends, step) & bounds).widen());
        }
        if self.reach_forward[k] >> n & 1 == 0 {
            return false;
        }
        // backward[j]: boundaries from which exactly blocks j.. fill the rest.
        self.reach_backward.clear();
        self.reach_backward.resize(k + 1, 0);
        self.reach_backward[k] = (fill_down(bit::<W>(n as u32), background) & bounds).widen();
        for j in (0..k).rev() {
            let after = W::narrow(self.reach_backward[j + 1]);
            let post = if j + 1 < k && clues[j + 1].color == clues[j].color {
                (after >> 1) & background
            } else {
                after
            };
            let starts = W::narrow(self.fits[j]) & (post >> clues[j].len);
            self.reach_backward[j] = (fill_down(starts, background) & bounds).widen();
        }
        let forward = |j: usize| W::narrow(self.reach_forward[j]);
        let backward = |j: usize| W::narrow(self.reach_backward[j]);
        let mut can_blank = W::ZERO;
        for j in 0..=k {
            can_blank |= forward(j) & (backward(j) >> 1) & background;
        }
        // From here on, each colour's mask is the cells its blocks can cover.
        for (_, mask) in &mut self.colored {
            *mask = 0;
        }
        self.colored[0].1 = can_blank.widen();
        self.first_start.clear();
        self.last_start.clear();
        for (j, block) in clues.iter().enumerate() {
            let pre = if same_as_before(j) {
                (forward(j) & background) << 1
            } else {
                forward(j)
            };
            let post = if j + 1 < k && clues[j + 1].color == block.color {
                (backward(j + 1) >> 1) & background
            } else {
                backward(j + 1)
            };
            let starts = W::narrow(self.fits[j]) & pre & (post >> block.len);
            let cover = smear(starts, block.len).widen();
            if let Some((_, m)) = self.colored.iter_mut().find(|(c, _)| *c == block.color) {
                *m |= cover;
            }
            self.first_start.push(starts.trailing_zeros() as usize);
            self.last_start
                .push((W::BITS - 1 - starts.leading_zeros()) as usize);
        }
        // Back from masks to cells.
        for (i, cell) in cells.iter_mut().enumerate() {
            let mut possible: Colors = 0;
            for &(color, mask) in &self.colored {
                possible |= Colors::from((mask >> i) as u8 & 1) << color;
            }
            *cell &= possible;
        }
        true
    }

    /// The table form, for lines of any length.
    fn solve_table(&mut self, clues: &[Block], cells: &mut [Colors]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        let w = n + 1;
        if !self.bands(clues, n) || !self.sweep(clues, cells) {
            return false;
        }
        self.possible.clear();
        self.possible.resize(n, 0);
        // Background: j blocks before the cell, and the rest after it.
        for j in 0..=k {
            let (lo, hi) = self.band(clues, j, n);
            let hi = hi.min(n.saturating_sub(1));
            for (i, &cell) in cells.iter().enumerate().take(hi + 1).skip(lo) {
                if cell & BACKGROUND != 0 && self.forward[j * w + i] && self.backward[j * w + i + 1]
                {
                    self.possible[i] |= BACKGROUND;
                }
            }
        }
        self.first_start.clear();
        self.last_start.clear();
        for (j, block) in clues.iter().enumerate() {
            let len = block.len as usize;
            let bit = 1 << block.color;
            let (mut first, mut last) = (usize::MAX, 0);
            // Placements come in order of their start: each marks only past the last one.
            let mut marked = 0;
            for s in self.earliest[j]..=self.latest[j] {
                if self.placed(clues, j, s, w) {
                    for p in &mut self.possible[marked.max(s)..s + len] {
                        *p |= bit;
                    }
                    marked = s + len;
                    first = first.min(s);
                    last = s;
                }
            }
            self.first_start.push(first);
            self.last_start.push(last);
        }
        for (cell, &p) in cells.iter_mut().zip(&self.possible) {
            *cell &= p;
        }
        true
    }

    /// Each block's range from the last successful solve: its first and last possible start.
    pub fn ranges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.first_start
            .iter()
            .copied()
            .zip(self.last_start.iter().copied())
    }

    /// Each block's earliest and latest start from the clues alone; false when they do not
    /// fit in `n` cells.
    fn bands(&mut self, clues: &[Block], n: usize) -> bool {
        let k = clues.len();
        let gap = |j: usize| usize::from(j > 0 && clues[j - 1].color == clues[j].color);
        self.earliest.clear();
        let mut at = 0;
        for (j, block) in clues.iter().enumerate() {
            at += gap(j);
            self.earliest.push(at);
            at += block.len as usize;
        }
        if at > n {
            return false;
        }
        self.latest.clear();
        self.latest.resize(k, 0);
        let mut end = n;
        for j in (0..k).rev() {
            self.latest[j] = end - clues[j].len as usize;
            end = self.latest[j] - gap(j);
        }
        true
    }

    /// The positions `lo..=hi` at which "blocks `..j` before, blocks `j..` after" can hold.
    #[inline]
    fn band(&self, clues: &[Block], j: usize, n: usize) -> (usize, usize) {
        let lo = match j {
            0 => 0,
            _ => self.earliest[j - 1] + clues[j - 1].len as usize,
        };
        let hi = if j == clues.len() { n } else { self.latest[j] };
        (lo, hi)
    }

    /// Whether block `j` can start at `s` in a complete arrangement.
    #[inline]
    fn placed(&self, clues: &[Block], j: usize, s: usize, w: usize) -> bool {
        let end = s + clues[j].len as usize;
        self.fits(j, s, end, w) && self.before_ok(clues, j, s, w) && self.after_ok(clues, j, end, w)
    }

    /// Cells `s..end` all allow block `j`'s colour.
    #[inline]
    fn fits(&self, j: usize, s: usize, end: usize, w: usize) -> bool {
        let row = self.slot[j] * w;
        end < w && self.misfits[row + end] == self.misfits[row + s]
    }
    /// The cells before `s` hold blocks `..j`, with a gap before `s` when block `j - 1` has
    /// block `j`'s colour.
    #[inline]
    fn before_ok(&self, clues: &[Block], j: usize, s: usize, w: usize) -> bool {
        if j > 0 && clues[j - 1].color == clues[j].color {
            self.forward_gap[j * w + s]
        } else {
            self.forward[j * w + s]
        }
    }

    /// The cells from `end` hold blocks `j + 1..`, with a gap at `end` when block `j + 1` has
    /// block `j`'s colour.
    #[inline]
    fn after_ok(&self, clues: &[Block], j: usize, end: usize, w: usize) -> bool {
        if j + 1 < clues.len() && clues[j + 1].color == clues[j].color {
            self.backward_gap[(j + 1) * w + end]
        } else {
            self.backward[(j + 1) * w + end]
        }
    }

    /// Fills the tables, row by row of blocks and only inside each row's band; false when
    /// the line has no arrangement.
    fn sweep(&mut self, clues: &[Block], cells: &[Colors]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        let w = n + 1;
        // One row of misfits a colour of the clues, not a block: lines have many blocks and
        // few colours.
        let mut colors: Vec<u8> = Vec::new();
        self.slot.clear();
        for block in clues {
            let slot = match colors.iter().position(|&c| c == block.color) {
                Some(slot) => slot,
                None => {
                    colors.push(block.color);
                    colors.len() - 1
                }
            };
            self.slot.push(slot);
        }
        self.misfits.clear();
        self.misfits.resize(colors.len() * w, 0);
        for (slot, &color) in colors.iter().enumerate() {
            let bit = 1 << color;
            let row = &mut self.misfits[slot * w..(slot + 1) * w];
            for (i, &cell) in cells.iter().enumerate() {
                row[i + 1] = row[i] + u32::from(cell & bit == 0);
            }
        }
        let bg = |i: usize| cells[i] & BACKGROUND != 0;
        for table in [
            &mut self.forward,
            &mut self.forward_gap,
            &mut self.backward,
            &mut self.backward_gap,
        ] {
            table.clear();
            table.resize((k + 1) * w, false);
        }
        for j in 0..=k {
            let (lo, hi) = self.band(clues, j, n);
            for i in lo..=hi {
                let gap = if i == 0 {
                    j == 0
                } else {
                    bg(i - 1) && self.forward[j * w + i - 1]
                };
                let mut here = gap;
                if !here && j > 0 {
                    let len = clues[j - 1].len as usize;
                    here = i >= len && {
                        let s = i - len;
                        self.fits(j - 1, s, i, w) && self.before_ok(clues, j - 1, s, w)
                    };
                }
                self.forward_gap[j * w + i] = gap;
                self.forward[j * w + i] = here;
            }
        }
        if !self.forward[k * w + n] {
            return false;
        }
        for j in (0..=k).rev() {
            let (lo, hi) = self.band(clues, j, n);
            for i in (lo..=hi).rev() {
                let gap = if i == n {
                    j == k
                } else {
                    bg(i) && self.backward[j * w + i + 1]
                };
                let mut here = gap;
                if !here && j < k {
                    let end = i + clues[j].len as usize;
                    here = self.fits(j, i, end, w) && self.after_ok(clues, j, end, w);
                }
                self.backward_gap[j * w + i] = gap;
                self.backward[j * w + i] = here;
            }
        }
        true
    }
}

/// The blocks of a line whose every cell has one colour: its clues.
pub fn runs(cells: impl Iterator<Item = u8>) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut previous = 0;
    for color in cells {
        if color != 0 {
            match blocks.last_mut() {
                Some(b) if previous == color => b.len += 1,
                _ => blocks.push(Block { len: 1, color }),
            }
        }
        previous = color;
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn block(len: u32, color: u8) -> Block {
        Block { len, color }
    }

    fn solve(clues: &[Block], cells: &[Colors]) -> Option<Vec<Colors>> {
        let mut cells = cells.to_vec();
        LineSolver::new().solve(clues, &mut cells).then_some(cells)
    }

    const ANY3: Colors = 0b1111;

    #[test]
    fn different_colours_may_touch_the_same_may_not() {
        // Red 2 and green 1 in three cells: they fill the line, touching.
        assert_eq!(
            solve(&[block(2, 1), block(1, 2)], &[ANY3; 3]).unwrap(),
            [2, 2, 4]
        );
        // Red 2 and red 1 need a gap: four cells are exactly enough.
        assert_eq!(
            solve(&[block(2, 1), block(1, 1)], &[ANY3; 4]).unwrap(),
            [2, 2, 1, 2]
        );
        assert_eq!(solve(&[block(2, 1), block(1, 1)], &[ANY3; 3]), None);
    }

    #[test]
    fn a_cell_keeps_the_colours_some_arrangement_gives_it() {
        // Red 1 then green 1 in three cells: the first cell is red or background, the
        // middle any of the three, the last green or background.
        let got = solve(&[block(1, 1), block(1, 2)], &[ANY3; 3]).unwrap();
        assert_eq!(got, [0b011, 0b111, 0b101]);
        // The overlap rule in colour: a red 3 in five cells makes the middle red.
        assert_eq!(solve(&[block(3, 1)], &[ANY3; 5]).unwrap()[2], 0b10);
        assert_eq!(solve(&[], &[ANY3; 2]).unwrap(), [1, 1]);
        assert_eq!(solve(&[block(1, 1)], &[0b100]), None);
    }

    /// Every line of up to 10 cells in up to 3 colours: for every picture, patterns of known
    /// cells true to it (an answer must be found) and at random (an answer or a
    /// contradiction), compared with brute force over every arrangement of the clues.
    #[test]
    fn agrees_with_brute_force_on_every_line_up_to_10_in_3_colours() {
        let mut solver = LineSolver::new();
        let mut rng = grid_core::Rng::seeded(20);
        for colors in 1..=3u8 {
            for n in 0..=10 {
                let states = colors as usize + 1;
                let pictures = states.pow(n as u32);
                let mut by_clues: HashMap<Vec<Block>, Vec<Vec<u8>>> = HashMap::new();
                for code in 0..pictures {
                    let picture = decode(code, n, states);
                    by_clues
                        .entry(runs(picture.iter().copied()))
                        .or_default()
                        .push(picture);
                }
                let all: Colors = (1 << states) - 1;
                // Three colours at ten cells make a million pictures: every clue list is
                // still checked, on fewer patterns each.
                let tries = if pictures > 100_000 { 1 } else { 3 };
                for (clues, arrangements) in &by_clues {
                    for _ in 0..tries {
                        let picture = &arrangements[rng.below(arrangements.len() as u64) as usize];
                        let true_to_it: Vec<Colors> = picture
                            .iter()
                            .map(|&c| (rng.next_u64() as Colors & all) | 1 << c)
                            .collect();
                        check(&mut solver, clues, arrangements, &true_to_it);
                        let random: Vec<Colors> = (0..n)
                            .map(|_| match rng.next_u64() as Colors & all {
                                0 => all,
                                s => s,
                            })
                            .collect();
                        check(&mut solver, clues, arrangements, &random);
                    }
                }
            }
        }
    }

    fn decode(mut code: usize, n: usize, states: usize) -> Vec<u8> {
        (0..n)
            .map(|_| {
                let c = code % states;
                code /= states;
                c as u8
            })
            .collect()
    }

    /// A form of the solver: the bit-parallel one in either word, or the tables.
    type Form = fn(&mut LineSolver, &[Block], &mut [Colors]) -> bool;

    fn check(solver: &mut LineSolver, clues: &[Block], arrangements: &[Vec<u8>], cells: &[Colors]) {
        let mut expected = vec![0 as Colors; cells.len()];
        let mut any = false;
        for a in arrangements {
            if a.iter().zip(cells).all(|(&c, &set)| set >> c & 1 == 1) {
                any = true;
                for (e, &c) in expected.iter_mut().zip(a) {
                    *e |= 1 << c;
                }
            }
        }
        let forms: [Form; 3] = [
            LineSolver::solve_in::<u64>,
            LineSolver::solve_in::<u128>,
            LineSolver::solve_table,
        ];
        for form in forms {
            let mut got = cells.to_vec();
            let ok = form(solver, clues, &mut got);
            assert_eq!(ok, any, "{clues:?} on {cells:?}");
            if ok {
                assert_eq!(got, expected, "{clues:?} on {cells:?}");
            } else {
                assert_eq!(got, cells, "a failed solve leaves the line alone");
            }
        }
    }

    /// A random picture of `n` cells in three colours and the background, its clues, and
    /// its cells with some other colours still allowed at random.
    fn random_line(rng: &mut grid_core::Rng, n: usize) -> (Vec<u8>, Vec<Block>, Vec<Colors>) {
        let picture: Vec<u8> = (0..n).map(|_| rng.below(4) as u8).collect();
        let clues = runs(picture.iter().copied());
        let cells = picture
            .iter()
            .map(|&c| (rng.next_u64() as Colors & ANY3) | 1 << c)
            .collect();
        (picture, clues, cells)
    }

    /// Lines that fill a `u64` to its last usable bit: both words narrow the cells alike,
    /// and keep the picture's colours.
    #[test]
    fn both_words_agree_on_the_longest_narrow_lines() {
        let mut rng = grid_core::Rng::seeded(62);
        let mut solver = LineSolver::new();
        for _ in 0..1000 {
            let n = 50 + rng.index(13);
            let (picture, clues, cells) = random_line(&mut rng, n);
            let (mut narrow, mut wide) = (cells.clone(), cells.clone());
            assert!(solver.solve_in::<u64>(&clues, &mut narrow));
            assert!(solver.solve_in::<u128>(&clues, &mut wide));
            assert_eq!(narrow, wide);
            assert!(
                picture
                    .iter()
                    .zip(&narrow)
                    .all(|(&c, &set)| set >> c & 1 == 1)
            );
        }
    }

    #[test]
    fn long_lines_take_the_tables_and_agree_with_the_bits() {
        // 126 cells take the bit-parallel form, 127 the tables: the overlap of a red 116.
        for n in [126usize, 127, 300] {
            let got = solve(&[block(n as u32 - 10, 1)], &vec![ANY3; n]).unwrap();
            assert_eq!(got.iter().filter(|&&c| c == 0b10).count(), n - 20, "{n}");
        }
        let mut rng = grid_core::Rng::seeded(126);
        let mut solver = LineSolver::new();
        for _ in 0..200 {
            let (_, clues, cells) = random_line(&mut rng, 126);
            let (mut bits, mut table) = (cells.clone(), cells.clone());
            assert!(solver.solve_bits(&clues, &mut bits));
            let ranges: Vec<_> = solver.ranges().collect();
            assert!(solver.solve_table(&clues, &mut table));
            assert_eq!(bits, table);
            assert_eq!(solver.ranges().collect::<Vec<_>>(), ranges);
        }
    }

    #[test]
    fn runs_split_by_colour() {
        assert_eq!(
            runs([1, 1, 2, 0, 2].into_iter()),
            [block(2, 1), block(1, 2), block(1, 2)]
        );
        assert!(runs([0, 0].into_iter()).is_empty());
    }
}
