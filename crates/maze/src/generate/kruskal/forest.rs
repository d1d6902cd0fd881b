//! Union-find: which cells a set of opened walls already joins.

use std::hint::select_unpredictable;

/// Union by size with path compression. A root is its own parent. Trees stay so flat that
/// almost every lookup is two reads and no loop, and `join` does not branch on whether
/// the two trees were one already: Kruskal's algorithm asks that of every wall and the
/// answer is a coin toss a branch predictor cannot learn.
#[derive(Debug, Default)]
pub(super) struct Forest {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl Forest {
    /// `n` separate one-cell trees, reusing the forest's memory.
    pub fn reset(&mut self, n: usize) {
        self.parent.clear();
        self.parent.extend(0..n as u32);
        self.size.clear();
        self.size.resize(n, 1);
    }

    #[inline]
    pub fn root(&mut self, x: usize) -> usize {
        let p = self.parent[x] as usize;
        let gp = self.parent[p] as usize;
        if self.parent[gp] as usize == gp {
            self.parent[x] = gp as u32;
            return gp;
        }
        self.root_far(x)
    }

    /// The rare deep lookup, halving the path on the way.
    #[cold]
    fn root_far(&mut self, mut x: usize) -> usize {
        loop {
            let p = self.parent[x] as usize;
            let gp = self.parent[p] as usize;
            if p == gp {
                return p;
            }
            self.parent[x] = gp as u32;
            x = gp;
        }
    }

    /// Joins the trees of roots `a` and `b` (nothing changes when they are the same root);
    /// returns the root of the joined tree.
    #[inline(always)]
    pub fn join(&mut self, a: usize, b: usize) -> usize {
        let (big, small) = select_unpredictable(self.size[a] >= self.size[b], (a, b), (b, a));
        let apart = a != b;
        self.parent[small] = select_unpredictable(apart, big, small) as u32;
        self.size[big] += select_unpredictable(apart, self.size[small], 0);
        big
    }

    /// Joins the trees of `a` and `b`; false when they were one tree already.
    #[inline]
    pub fn union(&mut self, a: usize, b: usize) -> bool {
        let (ra, rb) = (self.root(a), self.root(b));
        self.join(ra, rb);
        ra != rb
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Rng;

    #[test]
    fn joins_once() {
        let mut f = Forest::default();
        f.reset(4);
        assert!(f.union(0, 1));
        assert!(f.union(2, 3));
        assert!(!f.union(1, 0));
        assert!(f.union(1, 3));
        assert!(!f.union(0, 2));
        f.reset(2);
        assert!(f.union(0, 1));
    }

    #[test]
    fn agrees_with_labels() {
        // A slow union-find by relabelling, against the forest on random unions.
        let mut rng = Rng::seeded(8);
        let n = 300;
        let mut label: Vec<usize> = (0..n).collect();
        let mut f = Forest::default();
        f.reset(n);
        for _ in 0..2000 {
            let (a, b) = (rng.index(n), rng.index(n));
            let apart = label[a] != label[b];
            assert_eq!(f.union(a, b), apart);
            let (from, to) = (label[b], label[a]);
            label
                .iter_mut()
                .filter(|l| **l == from)
                .for_each(|l| *l = to);
            let (x, y) = (rng.index(n), rng.index(n));
            assert_eq!(f.root(x) == f.root(y), label[x] == label[y]);
        }
    }
}
