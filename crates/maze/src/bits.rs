//! A set of cells as one bit each: the "visited" marks of a 2000 x 2000 maze take 0.5 MB
//! instead of the 4 MB of a `Vec<bool>`.

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CellSet {
    words: Vec<u64>,
}

impl CellSet {
    pub fn new(n: usize) -> Self {
        CellSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// The cells of `0..n` not in `self`: what a walk may not enter when `self` is a mask.
    pub fn complement(&self, n: usize) -> CellSet {
        let mut words: Vec<u64> = self.words.iter().map(|w| !w).collect();
        if !n.is_multiple_of(64)
            && let Some(last) = words.last_mut()
        {
            *last &= (1 << (n % 64)) - 1;
        }
        CellSet { words }
    }

    /// How many cells the set holds.
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.words[cell / 64] & (1 << (cell % 64)) != 0
    }

    #[inline]
    pub fn insert(&mut self, cell: usize) {
        self.words[cell / 64] |= 1 << (cell % 64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_what_was_inserted() {
        let mut s = CellSet::new(130);
        for c in [0, 63, 64, 129] {
            assert!(!s.contains(c));
            s.insert(c);
            assert!(s.contains(c));
        }
        assert!(!s.contains(1) && !s.contains(128));
    }
}
