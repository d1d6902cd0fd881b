//! The machine words the bit-parallel line solvers compute in: one bit per cell boundary.
//!
//! A line of up to 62 cells fits a `u64` with room for its two ends, one of up to 126 a
//! `u128`. The solvers are written once over [`Word`] and run on the narrower word when the
//! line fits it: a `u128` shift by a variable amount takes several instructions where a
//! `u64` one takes one, and the learning search, which solves and explains lines millions of
//! times, keeps its line states in half the memory.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr};

/// An unsigned machine word used as a set of bits.
pub trait Word:
    Copy
    + Debug
    + Eq
    + Hash
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + From<bool>
{
    const ZERO: Self;
    const ONE: Self;
    const MAX: Self;
    const BITS: u32;
    fn wrapping_add(self, other: Self) -> Self;
    fn wrapping_sub(self, other: Self) -> Self;
    fn trailing_zeros(self) -> u32;
    fn leading_zeros(self) -> u32;
    /// The word as a `u128`, for code that keeps every line in one type.
    fn widen(self) -> u128;
    /// The low bits of a `u128` (the caller knows the rest are zero).
    fn narrow(wide: u128) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn wrapping_add(self, other: Self) -> Self {
                <$t>::wrapping_add(self, other)
            }
            #[inline]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn widen(self) -> u128 {
                self as u128
            }
            #[inline]
            fn narrow(wide: u128) -> Self {
                wide as $t
            }
        }
    };
}

word!(u64);
word!(u128);

/// Whether a line of `n` cells fits the word, with its boundaries `0..=n + 1`.
#[inline]
pub fn holds<W: Word>(n: usize) -> bool {
    n + 2 <= W::BITS as usize
}

/// The bit `i`.
#[inline]
pub(crate) fn bit<W: Word>(i: u32) -> W {
    W::ONE << i
}

/// The bits below `n`.
#[inline]
pub(crate) fn low<W: Word>(n: u32) -> W {
    if n >= W::BITS {
        W::MAX
    } else {
        bit::<W>(n).wrapping_sub(W::ONE)
    }
}

/// Positions `b` such that cells `b..b + len` are all in `cells`.
#[inline]
pub(crate) fn run_starts<W: Word>(cells: W, len: u32) -> W {
    let (mut run, mut have) = (cells, 1);
    while have < len {
        let step = have.min(len - have);
        run &= run >> step;
        have += step;
    }
    run
}

/// The cells covered by a block of `len` starting at any of `starts`.
#[inline]
pub(crate) fn smear<W: Word>(starts: W, len: u32) -> W {
    let (mut cover, mut have) = (starts, 1);
    while have < len {
        let step = have.min(len - have);
        cover |= cover << step;
        have += step;
    }
    cover
}

/// Everything reachable from `seeds` by steps up one bit, onto bits of `open` only.
///
/// This is how carries move in an adder: a seed generates a carry and an open bit passes
/// it on, so one addition does the whole fill. With `a = seeds | open` and `b = seeds`, the
/// carry into each bit of `a + b` is `(a + b) ^ a ^ b`.
#[inline]
pub(crate) fn fill_up<W: Word>(seeds: W, open: W) -> W {
    let a = seeds | open;
    let carries = a.wrapping_add(seeds) ^ a ^ seeds;
    seeds | (open & carries)
}

/// Everything reachable from `seeds` by steps down one bit, onto bits of `open` only.
/// (Carries only move up, so this one doubles its reach step by step: a Kogge-Stone fill.)
#[inline]
pub(crate) fn fill_down<W: Word>(seeds: W, open: W) -> W {
    let (mut g, mut p) = (seeds, open);
    let mut shift = 1;
    while shift < W::BITS {
        g |= p & (g >> shift);
        p &= p >> shift;
        shift *= 2;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each fill, bit by bit, against one step at a time; in both words, the narrow one
    /// agreeing with the wide one on the same bits.
    #[test]
    fn fills_reach_along_open_bits() {
        let mut rng = grid_core::Rng::seeded(4);
        for _ in 0..2000 {
            let open = rng.next_u64() as u128 | (rng.next_u64() as u128) << 64;
            let open = open | open >> 1; // longer runs
            let seeds = (rng.next_u64() & rng.next_u64() & rng.next_u64()) as u128
                | ((rng.next_u64() & rng.next_u64()) as u128) << 64;
            let (mut up, mut down) = (seeds, seeds);
            for i in 1..128 {
                up |= open & (up << 1) & (1 << i);
            }
            for i in (0..127).rev() {
                down |= open & (down >> 1) & (1 << i);
            }
            assert_eq!(fill_up(seeds, open), up);
            assert_eq!(fill_down(seeds, open), down);
            let (seeds64, open64) = (seeds as u64, open as u64);
            assert_eq!(
                fill_up(seeds64, open64),
                fill_up(seeds, open & u64::MAX as u128) as u64
            );
            let below = fill_down(seeds64 as u128, open64 as u128) as u64;
            assert_eq!(fill_down(seeds64, open64), below);
        }
    }

    #[test]
    fn runs_and_smears_are_the_same_in_either_word() {
        let mut rng = grid_core::Rng::seeded(5);
        for _ in 0..2000 {
            let cells = rng.next_u64() | rng.next_u64();
            let len = 1 + rng.below(12) as u32;
            assert_eq!(
                run_starts(cells, len) as u128,
                run_starts(cells as u128, len)
            );
            let starts = cells & rng.next_u64() & rng.next_u64();
            assert_eq!(smear(starts, len), smear(starts as u128, len) as u64);
        }
        assert_eq!(low::<u64>(64), u64::MAX);
        assert_eq!(low::<u128>(3), 0b111);
    }
}
