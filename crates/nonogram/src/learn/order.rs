//! Which cell to decide next: the one most involved in recent conflicts (VSIDS, the rule of
//! Chaff and MiniSat), kept in a binary heap by activity.

/// Activities of the cells, and a max-heap of the cells that may still be decided.
#[derive(Debug)]
pub(crate) struct Order {
    activity: Vec<f64>,
    /// What a bump adds; it grows after every conflict, so recent conflicts weigh more.
    bump: f64,
    heap: Vec<usize>,
    /// Where each cell sits in `heap`, `NONE` when it is not there.
    place: Vec<usize>,
}

const NONE: usize = usize::MAX;
/// Recent conflicts count this much more than the one before (1 / 0.95).
const GROWTH: f64 = 1.0 / 0.95;
/// Activities are scaled down when they pass this, so that they stay finite.
const CEILING: f64 = 1e100;

impl Order {
    /// `vars` cells, starting with the activities given.
    pub fn new(activity: Vec<f64>) -> Self {
        let n = activity.len();
        let mut order = Order {
            activity,
            bump: 1.0,
            heap: Vec::with_capacity(n),
            place: vec![NONE; n],
        };
        for var in 0..n {
            order.insert(var);
        }
        order
    }

    /// Puts `var` back among the cells to decide (after it was unassigned).
    pub fn insert(&mut self, var: usize) {
        if self.place[var] != NONE {
            return;
        }
        self.place[var] = self.heap.len();
        self.heap.push(var);
        self.up(self.heap.len() - 1);
    }

    /// The most active cell, taken out of the heap.
    pub fn pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        self.place[top] = NONE;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.place[last] = 0;
            self.down(0);
        }
        Some(top)
    }

    /// Raises a cell that took part in a conflict.
    pub fn bump(&mut self, var: usize) {
        self.activity[var] += self.bump;
        if self.activity[var] > CEILING {
            for a in &mut self.activity {
                *a /= CEILING;
            }
            self.bump /= CEILING;
        }
        if self.place[var] != NONE {
            self.up(self.place[var]);
        }
    }

    /// After a conflict: what comes next weighs more.
    pub fn decay(&mut self) {
        self.bump *= GROWTH;
    }

    fn up(&mut self, mut i: usize) {
        let var = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.before(var, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.place[self.heap[i]] = i;
            i = parent;
        }
        self.heap[i] = var;
        self.place[var] = i;
    }

    fn down(&mut self, mut i: usize) {
        let var = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len() && self.before(self.heap[right], self.heap[left])
            {
                right
            } else {
                left
            };
            if !self.before(self.heap[child], var) {
                break;
            }
            self.heap[i] = self.heap[child];
            self.place[self.heap[i]] = i;
            i = child;
        }
        self.heap[i] = var;
        self.place[var] = i;
    }

    /// The heap's order: more active first, and the lower cell among equals, so that the
    /// same puzzle is always decided in the same order.
    fn before(&self, a: usize, b: usize) -> bool {
        let (x, y) = (self.activity[a], self.activity[b]);
        x > y || (x == y && a < b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Whatever was bumped, cells come out most active first, ties by number.
        #[test]
        fn cells_come_out_most_active_first(
            start in proptest::collection::vec(0u8..4, 1..40),
            bumps in proptest::collection::vec(0usize..40, 0..60),
        ) {
            let n = start.len();
            let mut order = Order::new(start.iter().map(|&a| f64::from(a)).collect());
            let mut expected: Vec<f64> = start.iter().map(|&a| f64::from(a)).collect();
            let mut bump = 1.0;
            for &b in &bumps {
                let var = b % n;
                order.bump(var);
                expected[var] += bump;
                order.decay();
                bump *= GROWTH;
            }
            let mut out = Vec::new();
            while let Some(var) = order.pop() {
                out.push(var);
            }
            let mut sorted: Vec<usize> = (0..n).collect();
            sorted.sort_by(|&a, &b| expected[b].total_cmp(&expected[a]).then(a.cmp(&b)));
            prop_assert_eq!(out, sorted);
        }
    }
}
