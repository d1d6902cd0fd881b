//! Eller's algorithm: the maze is made one row at a time, keeping for each cell of the row
//! the set (tree) it belongs to. Cells of different sets may be joined sideways; each set
//! then sends at least one passage down, so that no tree is cut off; the last row joins every
//! set that is left.
//!
//! Set labels are renumbered below the row width at every row, and a small union-find over
//! them replaces the "relabel every member" of textbook versions, which is quadratic in the
//! width.

use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};
use std::hint::select_unpredictable;

const NONE: u32 = u32::MAX;

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let mut bits = BitSource::new();
    let mut sets = Sets::new(w);
    // Label of each cell of the current row coming from the row above, NONE if none.
    let mut label = vec![NONE; w];
    maze.begin(0);
    for row in 0..h {
        let last_row = row + 1 == h;
        sets.start_row(&mut label);
        // Join neighbours sideways. `left` is the set of the cell left of the wall; after a
        // join it is also the set of the cell to the right, so it carries over.
        // Whether to join is a coin flip, so nothing here branches on it.
        let mut left = sets.find(label[0]);
        for col in 0..w - 1 {
            let right = sets.find(label[col + 1]);
            let join = left != right && (last_row | bits.coin(rng));
            sets.union_when(left, right, join);
            maze.carve_when(row * w + col, Dir::East, join);
            left = select_unpredictable(join, left, right);
        }
        if last_row {
            break;
        }
        // Every set sends at least one passage down: a cell goes down on a coin flip, and the
        // last cell of a set that has sent none must.
        for l in label.iter_mut() {
            *l = sets.find(*l);
            sets.count_member(*l);
        }
        for (col, l) in label.iter_mut().enumerate() {
            let set = *l;
            let remaining = sets.take_member(set);
            let must = remaining == 0 && !sets.went_down(set);
            let down = must | bits.coin(rng);
            sets.mark_down_when(set, down);
            maze.carve_when(row * w + col, Dir::South, down);
            *l = select_unpredictable(down, set, NONE);
        }
    }
}

/// Set labels of one row, all below the row width, with union-find over them.
struct Sets {
    parent: Vec<u32>,
    remap: Vec<u32>,
    /// The old labels `remap` holds an entry for, so that only those are cleared.
    used: Vec<u32>,
    members: Vec<u32>,
    down: Vec<bool>,
}

impl Sets {
    fn new(w: usize) -> Self {
        Sets {
            parent: vec![0; w],
            remap: vec![NONE; w],
            used: Vec::with_capacity(w),
            members: vec![0; w],
            down: vec![false; w],
        }
    }

    /// Renumbers the labels carried down and gives fresh labels to new cells, all below the
    /// width, and starts every set afresh: its own root, no members counted, none gone down.
    fn start_row(&mut self, label: &mut [u32]) {
        let mut next = 0u32;
        for l in label.iter_mut() {
            if *l == NONE {
                *l = next;
                next += 1;
                continue;
            }
            let old = *l as usize;
            if self.remap[old] == NONE {
                self.remap[old] = next;
                self.used.push(old as u32);
                next += 1;
            }
            *l = self.remap[old];
        }
        for &old in &self.used {
            self.remap[old as usize] = NONE;
        }
        self.used.clear();
        for i in 0..next as usize {
            self.parent[i] = i as u32;
            self.members[i] = 0;
            self.down[i] = false;
        }
    }

    fn find(&mut self, mut x: u32) -> u32 {
        while self.parent[x as usize] != x {
            let p = self.parent[x as usize];
            self.parent[x as usize] = self.parent[p as usize];
            x = p;
        }
        x
    }

    /// Puts root `b` under root `a` when `when` holds.
    fn union_when(&mut self, a: u32, b: u32, when: bool) {
        self.parent[b as usize] = select_unpredictable(when, a, b);
    }

    /// Counts a cell of the row as a member of its set (a root).
    fn count_member(&mut self, set: u32) {
        self.members[set as usize] += 1;
    }

    /// Takes one member of `set`; returns how many are left after it.
    fn take_member(&mut self, set: u32) -> u32 {
        self.members[set as usize] -= 1;
        self.members[set as usize]
    }

    fn went_down(&self, set: u32) -> bool {
        self.down[set as usize]
    }

    fn mark_down_when(&mut self, set: u32, when: bool) {
        self.down[set as usize] |= when;
    }
}
