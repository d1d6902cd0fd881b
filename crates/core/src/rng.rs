//! The seeded random number generator every tool uses.
//!
//! "The same `--seed` gives byte-identical output on every run and platform" rules out any
//! generator or sampling method whose algorithm a dependency may change: `StdRng` may switch
//! algorithms between releases, and `rand`'s range sampling has changed before. So the
//! generator is PCG-64 (MCG variant, fixed by its specification), seeded through SplitMix64,
//! and the few samplers we need (bounded integers, coin flips, shuffles) are defined here,
//! where a change would show in our own tests. The generator speaks `rand`'s traits
//! ([`rand::TryRng`], [`rand::SeedableRng`]) so that it works wherever they are expected, and
//! `rand` supplies the operating system's entropy for runs without a seed.

use rand::Rng as _;
use rand::{SeedableRng, TryRng};
use rand_pcg::Pcg64Mcg;
use std::convert::Infallible;

/// Largest seed written into documents: JSON readers such as `jq` and JavaScript keep integers
/// exactly only up to 2^53, and a seed must survive a round trip through them.
pub const MAX_PORTABLE_SEED: u64 = (1 << 53) - 1;

/// A portable, seeded random number generator.
#[derive(Debug, Clone)]
pub struct Rng {
    inner: Pcg64Mcg,
}

/// SplitMix64, the standard way to spread a small seed over a larger state.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator for `seed`: equal seeds give equal streams, everywhere.
    pub fn seeded(seed: u64) -> Self {
        let mut s = seed;
        let hi = splitmix64(&mut s) as u128;
        let lo = splitmix64(&mut s) as u128;
        Rng {
            inner: Pcg64Mcg::new((hi << 64) | lo),
        }
    }

    /// A fresh seed from the operating system, small enough to be written into a document
    /// and read back exactly ([`MAX_PORTABLE_SEED`]).
    pub fn fresh_seed() -> u64 {
        let raw = rand::rngs::SysRng.try_next_u64().unwrap_or_else(|_| {
            // No entropy source: the clock still gives a different maze each run.
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos() as u64)
                .unwrap_or(0)
        });
        raw & MAX_PORTABLE_SEED
    }

    /// 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.inner.next_u64()
    }

    /// A uniform integer in `0..n` (Lemire's multiply-and-reject, unbiased). `n` must be > 0.
    #[inline]
    pub fn below(&mut self, n: u64) -> u64 {
        debug_assert!(n > 0);
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform index into a slice of length `n`.
    #[inline]
    pub fn index(&mut self, n: usize) -> usize {
        self.below(n as u64) as usize
    }

    /// `true` with probability `p` (clamped to 0..=1).
    #[inline]
    pub fn chance(&mut self, p: f64) -> bool {
        // 53 random bits make a uniform float in [0, 1).
        let u = (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        u < p
    }

    /// Fisher-Yates shuffle.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.index(i + 1);
            items.swap(i, j);
        }
    }
}

impl TryRng for Rng {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok((self.next_u64() >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(self.next_u64())
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        for chunk in dst.chunks_mut(8) {
            let bytes = self.next_u64().to_le_bytes();
            chunk.copy_from_slice(&bytes[..chunk.len()]);
        }
        Ok(())
    }
}

/// The seed is the `--seed` number, little-endian: `seed_from_u64(n)` is [`Rng::seeded`]`(n)`,
/// so that code written against `rand`'s traits makes the same mazes as our own.
impl SeedableRng for Rng {
    type Seed = [u8; 8];

    fn from_seed(seed: [u8; 8]) -> Self {
        Rng::seeded(u64::from_le_bytes(seed))
    }

    fn seed_from_u64(seed: u64) -> Self {
        Rng::seeded(seed)
    }
}

/// A buffer of random bits handed out a few at a time: most maze steps need only one or two
/// bits, and drawing a whole `u64` for each would dominate the fastest generators.
#[derive(Debug, Clone)]
pub struct BitSource {
    bits: u64,
    left: u32,
}

impl Default for BitSource {
    fn default() -> Self {
        Self::new()
    }
}

impl BitSource {
    pub const fn new() -> Self {
        BitSource { bits: 0, left: 0 }
    }

    /// `n` random bits (1..=32) as the low bits of the result.
    #[inline]
    pub fn take(&mut self, rng: &mut Rng, n: u32) -> u64 {
        debug_assert!((1..=32).contains(&n));
        if self.left < n {
            self.bits = rng.next_u64();
            self.left = 64;
        }
        let out = self.bits & ((1 << n) - 1);
        self.bits >>= n;
        self.left -= n;
        out
    }

    /// A uniform integer in `0..n` (`n` > 0) from 32 of the bits: Lemire's multiply, with
    /// the rejection that keeps it exactly uniform (taken about n times in 2^32 draws). Half
    /// the cost of `Rng::below` where bounds are small and draws many.
    #[inline]
    pub fn below(&mut self, rng: &mut Rng, n: u32) -> u32 {
        debug_assert!(n > 0);
        loop {
            let m = self.take(rng, 32) * u64::from(n);
            let low = m as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 32) as u32;
            }
        }
    }

    /// One fair coin flip.
    #[inline]
    pub fn coin(&mut self, rng: &mut Rng) -> bool {
        self.take(rng, 1) == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rands_traits_give_the_same_stream() {
        let mut ours = Rng::seeded(42);
        let mut theirs = <Rng as SeedableRng>::seed_from_u64(42);
        let mut bytes = [0u8; 8];
        theirs.fill_bytes(&mut bytes);
        assert_eq!(u64::from_le_bytes(bytes), ours.next_u64());
        assert_eq!(rand::Rng::next_u64(&mut theirs), ours.next_u64());
        assert_eq!(
            Rng::from_seed(7u64.to_le_bytes()).next_u64(),
            Rng::seeded(7).next_u64()
        );
    }

    #[test]
    fn the_stream_of_a_seed_never_changes() {
        // Pinned values: if this fails, every seeded output of the toolkit has changed.
        let mut r = Rng::seeded(42);
        let got: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        let mut again = Rng::seeded(42);
        assert_eq!(got, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        assert_eq!(got, PINNED_42);
    }

    const PINNED_42: [u64; 3] = [
        9488631487095002522,
        256833948629588205,
        10517606510214314269,
    ];

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut r = Rng::seeded(1);
        let mut seen = [false; 7];
        for _ in 0..1000 {
            let v = r.below(7) as usize;
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut r = Rng::seeded(3);
        let mut v: Vec<u32> = (0..100).collect();
        r.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }

    #[test]
    fn fresh_seeds_are_portable() {
        for _ in 0..100 {
            assert!(Rng::fresh_seed() <= MAX_PORTABLE_SEED);
        }
    }

    #[test]
    fn bit_source_gives_both_values() {
        let mut r = Rng::seeded(9);
        let mut b = BitSource::new();
        let heads = (0..1000).filter(|_| b.coin(&mut r)).count();
        assert!((400..600).contains(&heads));
    }

    #[test]
    fn bits_below_stay_in_range_and_are_even() {
        let (mut r, mut b) = (Rng::seeded(4), BitSource::new());
        for n in [1, 2, 3, 7, 1000] {
            let mut seen = vec![0u32; n as usize];
            for _ in 0..n * 600 {
                seen[b.below(&mut r, n) as usize] += 1;
            }
            assert!(
                seen.iter().all(|&c| (450..750).contains(&c)),
                "{n}: {seen:?}"
            );
        }
    }
}
