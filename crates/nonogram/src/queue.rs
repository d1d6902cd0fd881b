//! The lines waiting to be solved, as both engines (black and white, and colour) keep them:
//! each line at most once, in the order the engine takes them.

use crate::numbering::Lines;
use std::collections::VecDeque;

/// The order in which queued lines are solved. Propagation ends at the same board either
/// way (each line only ever adds what its clues force), so verdicts do not depend on it;
/// the work does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Order {
    /// First in, first out: a line waits while the lines queued before it settle more of its
    /// cells: half the line solves of last in, first out on webpbn-00436, and a third to a
    /// half fewer on random colour puzzles.
    FirstIn,
    /// Last in, first out: the order `--explain` writes its steps in, and the one whose
    /// line solves nonogen's hardening counts as effort, so that both stay as they are.
    LastIn,
}

/// Line numbers ([`Lines`]) waiting to be solved, each at most once.
#[derive(Debug)]
pub(crate) struct LineQueue {
    waiting: VecDeque<usize>,
    /// Per line: whether it is in `waiting`.
    queued: Vec<bool>,
    order: Order,
}

impl LineQueue {
    /// An empty queue for `lines` lines, taken in `order`.
    pub fn new(lines: usize, order: Order) -> Self {
        LineQueue {
            waiting: VecDeque::with_capacity(lines),
            queued: vec![false; lines],
            order,
        }
    }

    /// Queues line `l`, unless it is waiting already.
    #[inline]
    pub fn push(&mut self, l: usize) {
        if !self.queued[l] {
            self.queued[l] = true;
            self.waiting.push_back(l);
        }
    }

    /// Queues every line.
    pub fn push_all(&mut self) {
        for l in 0..self.queued.len() {
            self.push(l);
        }
    }

    /// Queues the row and the column through the cell at `index`.
    #[inline]
    pub fn push_cell(&mut self, lines: &Lines, index: usize) {
        let [row, col] = lines.through(index);
        self.push(row);
        self.push(col);
    }

    /// The next line to solve, in the queue's order.
    #[inline]
    pub fn pop(&mut self) -> Option<usize> {
        let l = match self.order {
            Order::FirstIn => self.waiting.pop_front(),
            Order::LastIn => self.waiting.pop_back(),
        }?;
        self.queued[l] = false;
        Some(l)
    }

    /// Empties the queue (after a conflict, which leaves the rest unsolved).
    pub fn clear(&mut self) {
        for &l in &self.waiting {
            self.queued[l] = false;
        }
        self.waiting.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_waits_once_and_leaves_in_the_order_asked() {
        for (order, expected) in [(Order::FirstIn, [2, 0, 1]), (Order::LastIn, [1, 0, 2])] {
            let mut queue = LineQueue::new(3, order);
            for l in [2, 0, 2, 1, 0] {
                queue.push(l);
            }
            let taken: Vec<usize> = std::iter::from_fn(|| queue.pop()).collect();
            assert_eq!(taken, expected, "{order:?}");
        }
    }

    #[test]
    fn a_cleared_line_can_be_queued_again() {
        let mut queue = LineQueue::new(4, Order::FirstIn);
        queue.push_cell(&Lines::new(2, 2), 3);
        queue.clear();
        assert_eq!(queue.pop(), None);
        queue.push(3);
        assert_eq!(queue.pop(), Some(3));
    }
}
