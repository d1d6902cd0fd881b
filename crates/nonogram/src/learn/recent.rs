//! The line solves the learning search met lately, a few per line.

use crate::line::Masks;
use crate::word::Word;

/// Slots per line (a power of two). 64 is the one size measured (docs/performance.md).
const SLOTS: usize = 64;

/// One remembered solve: a line's known cells and what its clues make of them.
#[derive(Debug, Clone, Copy)]
struct Slot<W> {
    known: Masks<W>,
    result: Option<Masks<W>>,
}

/// A small table for each line of the solves met lately, each state in the one slot its
/// hash picks (a newer state takes the slot over).
///
/// The learning search goes back and forth over the same line states, so most line solves
/// repeat one made shortly before (two in three on Knotty, Meow and Faase). The shared
/// `LineCache` remembers half a million of them, but a lookup there mostly misses the
/// processor's caches, and that costs about as much as solving the line afresh; these tables
/// are small enough to stay near the processor.
pub(crate) struct Recent<W> {
    slots: Vec<Slot<W>>,
}

impl<W: Word> Recent<W> {
    /// The mark of an empty slot: no line has a cell both filled and blank, nor cells past
    /// its end (a word holds its line's cells and the solver's two boundaries).
    const NOTHING: Masks<W> = (W::MAX, W::MAX);

    pub fn new(lines: usize) -> Self {
        let empty = Slot {
            known: Self::NOTHING,
            result: None,
        };
        Recent {
            slots: vec![empty; lines * SLOTS],
        }
    }

    /// The slot of line `l` for the state `known`: the top bits of a multiplicative
    /// (Fibonacci) hash of the state's four words.
    #[inline]
    fn slot(l: usize, (filled, empty): Masks<W>) -> usize {
        let (filled, empty) = (filled.widen(), empty.widen());
        let mix = (filled as u64)
            ^ ((filled >> 64) as u64).rotate_left(17)
            ^ (empty as u64).rotate_left(31)
            ^ ((empty >> 64) as u64).rotate_left(47);
        let hash = mix.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros());
        l * SLOTS + hash as usize
    }

    /// What the clues of line `l` make of `known`, when it was met lately.
    #[inline]
    pub fn get(&self, l: usize, known: Masks<W>) -> Option<Option<Masks<W>>> {
        let slot = &self.slots[Self::slot(l, known)];
        (slot.known == known).then_some(slot.result)
    }

    pub fn insert(&mut self, l: usize, known: Masks<W>, result: Option<Masks<W>>) {
        self.slots[Self::slot(l, known)] = Slot { known, result };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solve_is_found_again_until_another_takes_its_slot() {
        let mut recent = Recent::<u128>::new(3);
        let a: Masks = (0b1, 0b10);
        let state = |i: u128| (i << 2, 0);
        let apart = (1..)
            .map(state)
            .find(|&b| Recent::<u128>::slot(1, b) != Recent::<u128>::slot(1, a));
        let same = (1..)
            .map(state)
            .find(|&b| Recent::<u128>::slot(1, b) == Recent::<u128>::slot(1, a));
        let (apart, same) = (apart.unwrap(), same.unwrap());
        assert_eq!(recent.get(1, a), None);
        recent.insert(1, a, Some((0b11, 0)));
        recent.insert(1, apart, None);
        assert_eq!(recent.get(1, a), Some(Some((0b11, 0))));
        assert_eq!(recent.get(1, apart), Some(None));
        // Other lines keep their own.
        assert_eq!(recent.get(0, a), None);
        assert_eq!(recent.get(2, apart), None);
        // A state with the same slot takes it over.
        recent.insert(1, same, None);
        assert_eq!(recent.get(1, a), None);
        assert_eq!(recent.get(1, same), Some(None));
        // An empty slot matches no state a line can be in.
        let full_line: Masks = ((1 << 127) - 1, 0);
        assert_eq!(recent.get(0, full_line), None);
    }
}
