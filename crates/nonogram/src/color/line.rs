//! The exact line solver of colour puzzles.
//!
//! A cell is a set of the colours it may still take ([`Colors`], bit 0 the background). Two
//! sweeps of a dynamic programme over (cell, blocks placed) find every placement of every
//! block that belongs to some complete arrangement of the line; a cell keeps exactly the
//! colours that some arrangement gives it. Blocks of one colour need a background cell
//! between them, blocks of different colours may touch, which is the only difference from
//! black and white: the programme keeps, besides "the first `i` cells hold the first `j`
//! blocks", whether cell `i - 1` is background, for a next block of the same colour.

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
    /// `misfits[j * w + i]`: cells before `i` that cannot take block `j`'s colour.
    misfits: Vec<u32>,
    /// Per block, a difference array of the cells its placements cover.
    cover: Vec<i32>,
    /// Each block's first and last possible start, from the last successful solve.
    first_start: Vec<usize>,
    last_start: Vec<usize>,
}

impl LineSolver {
    pub fn new() -> Self {
        Self::default()
    }

    /// Narrows every cell of `cells` to the colours some arrangement of `clues` gives it.
    /// Returns false when no arrangement fits (the cells are then left as they were).
    pub fn solve(&mut self, clues: &[Block], cells: &mut [Colors]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        let w = n + 1;
        if !self.sweep(clues, cells) {
            return false;
        }
        let mut possible = vec![0 as Colors; n];
        // Background: j blocks before the cell, and the rest after it.
        for (i, p) in possible.iter_mut().enumerate() {
            if cells[i] & BACKGROUND != 0
                && (0..=k).any(|j| self.forward[j * w + i] && self.backward[j * w + i + 1])
            {
                *p |= BACKGROUND;
            }
        }
        self.first_start.clear();
        self.last_start.clear();
        for (j, block) in clues.iter().enumerate() {
            let len = block.len as usize;
            self.cover.clear();
            self.cover.resize(n + 1, 0);
            let (mut first, mut last) = (usize::MAX, 0);
            for s in 0..=(n - len.min(n)) {
                if self.placed(clues, j, s, w) {
                    self.cover[s] += 1;
                    self.cover[s + len] -= 1;
                    first = first.min(s);
                    last = s;
                }
            }
            self.first_start.push(first);
            self.last_start.push(last);
            let mut covered = 0;
            for (i, p) in possible.iter_mut().enumerate() {
                covered += self.cover[i];
                if covered > 0 {
                    *p |= 1 << block.color;
                }
            }
        }
        for (cell, p) in cells.iter_mut().zip(possible) {
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

    /// Whether block `j` can start at `s` in a complete arrangement.
    fn placed(&self, clues: &[Block], j: usize, s: usize, w: usize) -> bool {
        let end = s + clues[j].len as usize;
        self.fits(j, s, end, w) && self.before_ok(clues, j, s, w) && self.after_ok(clues, j, end, w)
    }

    /// Cells `s..end` all allow block `j`'s colour.
    #[inline]
    fn fits(&self, j: usize, s: usize, end: usize, w: usize) -> bool {
        end < w && self.misfits[j * w + end] == self.misfits[j * w + s]
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

    /// Fills the tables; false when the line has no arrangement.
    fn sweep(&mut self, clues: &[Block], cells: &[Colors]) -> bool {
        let (n, k) = (cells.len(), clues.len());
        let w = n + 1;
        self.misfits.clear();
        self.misfits.resize(k.max(1) * w, 0);
        for (j, block) in clues.iter().enumerate() {
            let bit = 1 << block.color;
            for (i, &cell) in cells.iter().enumerate() {
                self.misfits[j * w + i + 1] = self.misfits[j * w + i] + u32::from(cell & bit == 0);
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
        // Forward, position by position: every table entry at i depends on entries before.
        for i in 0..=n {
            for j in 0..=k {
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
        for i in (0..=n).rev() {
            for j in (0..=k).rev() {
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
        let mut got = cells.to_vec();
        let ok = solver.solve(clues, &mut got);
        assert_eq!(ok, any, "{clues:?} on {cells:?}");
        if ok {
            assert_eq!(got, expected, "{clues:?} on {cells:?}");
        } else {
            assert_eq!(got, cells, "a failed solve leaves the line alone");
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
