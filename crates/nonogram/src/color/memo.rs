//! What the colour line solver made of each line state met: probing and search meet the same
//! states again and again (on webpbn's colour puzzles nine lookups in ten are found).
//!
//! The states live in one run of memory, found through a table of their 64-bit hashes, so that
//! remembering a state costs no allocation of its own and forgetting them all keeps the memory
//! for the next ones. A hash met again is checked against the state it stands for, so two
//! states that share a hash are never confused: the later one simply takes the place.

use super::line::Colors;
use rustc_hash::FxHashMap;

/// Words of states kept before the memo starts afresh (32 MB): more finds no more on the
/// largest sample puzzles, and less forgets states the search comes back to.
const WORDS_KEPT: usize = 8 << 20;
// Every place in the store fits the index's 32 bits.
const _: () = assert!(WORDS_KEPT <= u32::MAX as usize);

/// What the line solver made of a state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Recall<'a> {
    /// No arrangement fits.
    Conflict,
    /// Every cell keeps the colours it had.
    Unchanged,
    /// The cells narrowed to these colours.
    Narrowed(&'a [Colors]),
}

/// Line states and their outcomes, by line.
#[derive(Debug, Default)]
pub(crate) struct LineMemo {
    /// A state's hash, to where its entry starts in `store`.
    index: FxHashMap<u64, u32>,
    /// Entries one after another: the line, the outcome (`CONFLICT`, `UNCHANGED` or
    /// `NARROWED`), the state's cells, and for a narrowed one the cells after.
    store: Vec<Colors>,
}

const CONFLICT: Colors = 0;
const UNCHANGED: Colors = 1;
const NARROWED: Colors = 2;

impl LineMemo {
    /// What line `line` in state `cells` came to, when this state was met before.
    pub fn get(&self, line: usize, cells: &[Colors]) -> Option<Recall<'_>> {
        let at = *self.index.get(&hash(line, cells))? as usize;
        let n = cells.len();
        let entry = self.store.get(at..at + 2 + n)?;
        if entry[0] as usize != line || &entry[2..] != cells {
            return None;
        }
        Some(match entry[1] {
            CONFLICT => Recall::Conflict,
            UNCHANGED => Recall::Unchanged,
            _ => Recall::Narrowed(&self.store[at + 2 + n..at + 2 + 2 * n]),
        })
    }

    /// Remembers that line `line` in state `cells` came to `after` (`None`: no arrangement).
    pub fn insert(&mut self, line: usize, cells: &[Colors], after: Option<&[Colors]>) {
        if self.store.len() + 2 + 2 * cells.len() > WORDS_KEPT {
            self.index.clear();
            self.store.clear();
        }
        if self.store.capacity() == 0 {
            // All of it at once: the pages are only taken as they are written, and the
            // states never move as the store grows.
            self.store.reserve_exact(WORDS_KEPT);
        }
        let at = self.store.len() as u32;
        let outcome = match after {
            None => CONFLICT,
            Some(after) if after == cells => UNCHANGED,
            Some(_) => NARROWED,
        };
        self.store.push(line as Colors);
        self.store.push(outcome);
        self.store.extend_from_slice(cells);
        if let (NARROWED, Some(after)) = (outcome, after) {
            self.store.extend_from_slice(after);
        }
        self.index.insert(hash(line, cells), at);
    }
}

/// The hash of a line's state: FxHash's step on four lanes of two cells each, so that the
/// multiplications of a long line overlap instead of waiting each for the one before.
fn hash(line: usize, cells: &[Colors]) -> u64 {
    const K: u64 = 0xf135_7aea_2e62_a9c5;
    let step = |h: u64, word: u64| (h.rotate_left(26) ^ word).wrapping_mul(K);
    let pair = |p: &[Colors]| u64::from(p[0]) | u64::from(p[1]) << 32;
    let mut lanes = [line as u64, 1, 2, 3];
    let mut chunks = cells.chunks_exact(8);
    for chunk in &mut chunks {
        for (lane, p) in lanes.iter_mut().zip(chunk.chunks_exact(2)) {
            *lane = step(*lane, pair(p));
        }
    }
    let tail = chunks
        .remainder()
        .iter()
        .fold(lanes[0], |h, &c| step(h, u64::from(c)));
    step(step(step(tail, lanes[1]), lanes[2]), lanes[3])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_state_is_recalled_with_its_outcome_and_only_for_its_own_line() {
        let mut memo = LineMemo::default();
        memo.insert(3, &[7, 7, 1], Some(&[4, 2, 1]));
        memo.insert(4, &[7, 7, 1], None);
        memo.insert(5, &[1, 2], Some(&[1, 2]));
        assert_eq!(memo.get(3, &[7, 7, 1]), Some(Recall::Narrowed(&[4, 2, 1])));
        assert_eq!(memo.get(4, &[7, 7, 1]), Some(Recall::Conflict));
        assert_eq!(memo.get(5, &[1, 2]), Some(Recall::Unchanged));
        assert_eq!(memo.get(3, &[7, 7, 3]), None);
        assert_eq!(memo.get(6, &[7, 7, 1]), None);
    }

    #[test]
    fn a_full_memo_starts_afresh_and_keeps_working() {
        let mut memo = LineMemo::default();
        let n = 1000;
        let cells: Vec<Colors> = vec![3; n];
        let mut after = cells.clone();
        after[0] = 1;
        let states = WORDS_KEPT / (2 + 2 * n) + 10;
        for line in 0..states {
            memo.insert(line, &cells, Some(&after));
        }
        assert!(memo.store.len() <= WORDS_KEPT);
        assert_eq!(memo.get(0, &cells), None, "forgotten");
        assert_eq!(memo.get(states - 1, &cells), Some(Recall::Narrowed(&after)));
    }
}
