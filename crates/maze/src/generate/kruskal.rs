//! Kruskal's algorithm: take the walls in random order and open each one that joins two
//! separate trees, with a union-find forest to tell.
//!
//! A plain Fisher-Yates shuffle of the millions of walls of a big maze jumps all over memory.
//! Dealing the walls at random into cache-sized buckets and shuffling each bucket gives the
//! same uniform order (every arrangement of the walls is equally likely) at a fraction of the
//! cost.

use crate::cells::CellMaze;
use grid_core::{Dir, Rng};

/// Walls per bucket: a bucket of `u32`s stays within a typical L2 cache.
const BUCKET: usize = 1 << 14;

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    // A wall is `cell * 2` (east of cell) or `cell * 2 + 1` (south of cell).
    let walls: Vec<u32> = (0..w * h)
        .flat_map(|cell| {
            let east = (cell % w + 1 < w).then_some(2 * cell as u32);
            let south = (cell + w < w * h).then_some(2 * cell as u32 + 1);
            east.into_iter().chain(south)
        })
        .collect();
    let order = random_order(walls, rng);
    let mut forest = Forest::new(w * h);
    if let Some(&first) = order.first() {
        maze.begin(first as usize / 2);
    }
    let mut joined = 0;
    for wall in order {
        let cell = wall as usize / 2;
        let (dir, other) = if wall % 2 == 0 {
            (Dir::East, cell + 1)
        } else {
            (Dir::South, cell + w)
        };
        if forest.union(cell, other) {
            maze.carve(cell, dir);
            joined += 1;
            if joined + 1 == w * h {
                break;
            }
        }
    }
}

/// A uniformly random permutation of `items`: deal them into random buckets, then shuffle
/// each bucket in place. The bucket labels are drawn twice from the same stream (once to
/// count, once to deal) instead of being stored.
fn random_order(items: Vec<u32>, rng: &mut Rng) -> Vec<u32> {
    let buckets = items.len().div_ceil(BUCKET).max(1);
    if buckets == 1 {
        let mut items = items;
        rng.shuffle(&mut items);
        return items;
    }
    let replay = rng.clone();
    let mut starts = vec![0usize; buckets + 1];
    for _ in 0..items.len() {
        starts[rng.below(buckets as u64) as usize + 1] += 1;
    }
    for b in 0..buckets {
        starts[b + 1] += starts[b];
    }
    let mut fill = starts.clone();
    let mut out = vec![0u32; items.len()];
    let mut labels = replay;
    for &item in &items {
        let b = labels.below(buckets as u64) as usize;
        out[fill[b]] = item;
        fill[b] += 1;
    }
    for b in 0..buckets {
        rng.shuffle(&mut out[starts[b]..starts[b + 1]]);
    }
    out
}

/// Union-find with union by size and path halving; a root holds its tree's size, negated.
struct Forest {
    parent: Vec<i32>,
}

impl Forest {
    fn new(n: usize) -> Self {
        Forest {
            parent: vec![-1; n],
        }
    }

    fn root(&mut self, mut x: usize) -> usize {
        while self.parent[x] >= 0 {
            let p = self.parent[x] as usize;
            let gp = self.parent[p];
            if gp >= 0 {
                self.parent[x] = gp;
            }
            x = p;
        }
        x
    }

    /// Joins the trees of `a` and `b`; false when they were one tree already.
    fn union(&mut self, a: usize, b: usize) -> bool {
        let (mut ra, mut rb) = (self.root(a), self.root(b));
        if ra == rb {
            return false;
        }
        if self.parent[ra] > self.parent[rb] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[ra] += self.parent[rb];
        self.parent[rb] = ra as i32;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_order_is_a_permutation_across_buckets() {
        let items: Vec<u32> = (0..(BUCKET as u32 * 3 + 17)).collect();
        let mut out = random_order(items.clone(), &mut Rng::seeded(2));
        assert_ne!(out, items);
        out.sort();
        assert_eq!(out, items);
    }

    #[test]
    fn forest_joins_once() {
        let mut f = Forest::new(4);
        assert!(f.union(0, 1));
        assert!(f.union(2, 3));
        assert!(!f.union(1, 0));
        assert!(f.union(1, 3));
        assert!(!f.union(0, 2));
    }
}
