//! Breadth-first search: tiles in order of distance from the start, so the first time the
//! goal is reached it is by a shortest path.

use super::Explorer;
use super::board::{Board, Came};
use std::collections::VecDeque;

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explorer<W>,
) -> Option<Vec<usize>> {
    shortest_within(board, explorer, |_| true)
}

/// BFS over the open tiles for which `allowed` holds (dead-end filling reuses it on what
/// filling leaves).
pub(crate) fn shortest_within<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explorer<W>,
    allowed: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut came: Vec<Came> = vec![0; board.len()];
    let mut queue = VecDeque::new();
    queue.push_back(board.start);
    // The start is marked as reached (by any direction) so it is never queued again; the
    // walk back stops at it before reading the mark.
    came[board.start] = 1;
    while let Some(i) = queue.pop_front() {
        explorer.visit(i);
        if board.is_goal(i) {
            return Some(board.walk_back(&came, i));
        }
        for (dir, n) in board.open_neighbours(i) {
            if came[n] == 0 && allowed(n) {
                came[n] = Board::<W>::came_by(dir);
                queue.push_back(n);
            }
        }
    }
    None
}
