//! Breadth-first search: tiles in order of distance from the start, so the first time the
//! goal is reached it is by a shortest path.

use super::Explored;
use super::board::{Board, Came};

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
) -> Option<Vec<usize>> {
    shortest_within(board, explorer, |_| true)
}

/// BFS over the open tiles for which `allowed` holds (dead-end filling reuses it on what
/// filling leaves).
pub(crate) fn shortest_within<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
    allowed: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    let mut came: Vec<Came> = vec![0; board.len()];
    // Every node enters the queue once, so a list read from the front is the queue; node
    // numbers fit in 32 bits (the grid's limit), which halves its memory traffic.
    let mut queue: Vec<u32> = Vec::new();
    queue.push(board.start as u32);
    let mut head = 0;
    // The start is marked as reached (by any direction) so it is never queued again; the
    // walk back stops at it before reading the mark.
    came[board.start] = 1;
    while let Some(&i) = queue.get(head) {
        head += 1;
        let i = i as usize;
        explorer.visit(i);
        if board.is_goal(i) {
            return Some(board.walk_back(&came, i));
        }
        for (dir, n) in board.open_neighbours(i) {
            if came[n] == 0 && allowed(n) {
                came[n] = Board::<W>::came_by(dir);
                queue.push(n as u32);
            }
        }
    }
    None
}
