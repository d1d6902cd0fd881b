//! The weights of a tile's walls, drawn only where they are needed.
//!
//! A tile's walls in a random order, with the smallest of as many random weights given to
//! the first, the next smallest to the second and so on, are walls with independent random
//! weights: so a tile shuffles its walls, runs Kruskal's algorithm in that order, and then
//! draws only the weights of the few walls step 2 compares with other tiles' walls, as the
//! values at those ranks in a sorted random sample.
//!
//! The sample is a fixed function of its seed, whichever ranks are asked for: each range of
//! values the search below looks into draws from its own stream. So the weights a maze uses
//! are the same whether or not its carving order is being recorded (which asks for all).

/// Bits of a weight.
pub(super) const WEIGHT_BITS: u32 = 32;

/// Below this many values in a range, the values are drawn and sorted directly.
const SMALL: usize = 16;

/// The values at `ranks` (ascending, each below `n`) in `n` random `WEIGHT_BITS`-bit numbers
/// sorted, into `out` (one per rank). The sample is the one `seed` makes.
///
/// The sample is found by halving the range of values: how many of the numbers fall in the
/// lower half is the count of heads in as many coin tosses (a whole word of tosses at a
/// time), and each half is a sample of its own. Only halves holding a wanted rank are
/// looked into, and a half of a few numbers is drawn outright.
pub(crate) fn order_statistics(n: usize, ranks: &[u32], seed: u64, out: &mut Vec<u32>) {
    out.clear();
    out.resize(ranks.len(), 0);
    debug_assert!(ranks.windows(2).all(|w| w[0] < w[1]));
    debug_assert!(ranks.last().is_none_or(|&r| (r as usize) < n));
    split(seed, 0, WEIGHT_BITS, n, 0, ranks, out);
}

/// Fills `out` with the values at `ranks` among the `count` numbers of the sample that fall
/// in `[low, low + 2^bits)`, whose ranks in the whole sample start at `first`. Recursion is
/// at most `WEIGHT_BITS` deep.
fn split(
    seed: u64,
    low: u64,
    bits: u32,
    count: usize,
    first: usize,
    ranks: &[u32],
    out: &mut [u32],
) {
    if ranks.is_empty() {
        return;
    }
    if bits == 0 {
        out.fill(low as u32);
        return;
    }
    // The range's own stream: heap numbering names each range once.
    let mut stream = Stream(seed.wrapping_add((low >> bits) | 1 << (WEIGHT_BITS - bits)));
    if count <= SMALL {
        let mut values = [0u64; SMALL];
        let values = &mut values[..count];
        for v in values.iter_mut() {
            *v = low + (stream.next() >> (64 - bits));
        }
        values.sort_unstable();
        for (o, &r) in out.iter_mut().zip(ranks) {
            *o = values[r as usize - first] as u32;
        }
        return;
    }
    let lower = heads(&mut stream, count);
    let cut = ranks.partition_point(|&r| (r as usize) < first + lower);
    let (low_ranks, high_ranks) = ranks.split_at(cut);
    let (low_out, high_out) = out.split_at_mut(cut);
    split(seed, low, bits - 1, lower, first, low_ranks, low_out);
    let high = low + (1 << (bits - 1));
    split(
        seed,
        high,
        bits - 1,
        count - lower,
        first + lower,
        high_ranks,
        high_out,
    );
}

/// SplitMix64: a generator whose whole state is one word, so that starting one for each
/// range costs nothing.
struct Stream(u64);

impl Stream {
    #[inline]
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The number of heads in `n` fair coin tosses.
fn heads(stream: &mut Stream, n: usize) -> usize {
    let mut heads = 0;
    for _ in 0..n / 64 {
        heads += stream.next().count_ones() as usize;
    }
    let rest = n % 64;
    if rest > 0 {
        heads += (stream.next() & ((1 << rest) - 1)).count_ones() as usize;
    }
    heads
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_give_a_sorted_sample() {
        let mut out = Vec::new();
        for n in [1, 2, 15, 16, 17, 100, 8064] {
            let all: Vec<u32> = (0..n as u32).collect();
            order_statistics(n, &all, 3, &mut out);
            assert!(out.windows(2).all(|w| w[0] <= w[1]), "{n}");
            // Asking for fewer ranks reveals the same sample.
            let some: Vec<u32> = all.iter().copied().filter(|r| r % 7 == 3).collect();
            let mut part = Vec::new();
            order_statistics(n, &some, 3, &mut part);
            let expected: Vec<u32> = some.iter().map(|&r| out[r as usize]).collect();
            assert_eq!(part, expected, "{n}");
        }
    }

    #[test]
    fn ranks_have_the_order_statistics_distribution() {
        // The k-th smallest of n uniform numbers has mean (k + 1) / (n + 1) of the range.
        let (n, trials) = (40, 4000);
        let ranks = [0u32, 9, 20, 39];
        let mut sums = [0f64; 4];
        let mut out = Vec::new();
        for seed in 0..trials {
            order_statistics(n, &ranks, seed, &mut out);
            for (s, &v) in sums.iter_mut().zip(&out) {
                *s += v as f64 / 2f64.powi(WEIGHT_BITS as i32);
            }
        }
        for (&k, s) in ranks.iter().zip(sums) {
            let mean = s / trials as f64;
            let expected = (k + 1) as f64 / (n + 1) as f64;
            assert!(
                (mean - expected).abs() < 0.01,
                "rank {k}: {mean} vs {expected}"
            );
        }
    }

    #[test]
    fn heads_are_half() {
        let mut stream = Stream(1);
        let total: usize = (0..1000).map(|_| heads(&mut stream, 101)).sum();
        assert!((49_000..52_000).contains(&total), "{total}");
        assert_eq!(heads(&mut stream, 0), 0);
    }
}
