//! A*: expands the tile with the least "steps so far + Manhattan distance to the goal",
//! which never overestimates, so the path is a shortest one. Ties go to the tile nearer the
//! goal, which keeps the search from fanning out across equally good tiles.

use super::Explored;
use super::board::{Board, Came};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
) -> Option<Vec<usize>> {
    let mut came: Vec<Came> = vec![0; board.len()];
    let mut cost = vec![u32::MAX; board.len()];
    let mut closed = vec![false; board.len()];
    let mut heap = BinaryHeap::new();
    let h = |i: usize| board.manhattan(i, board.goal) as u32;
    cost[board.start] = 0;
    heap.push(Reverse((h(board.start), h(board.start), board.start)));
    while let Some(Reverse((_, _, i))) = heap.pop() {
        if closed[i] {
            continue;
        }
        closed[i] = true;
        explorer.visit(i);
        if board.is_goal(i) {
            return Some(board.walk_back(&came, i));
        }
        let g = cost[i] + 1;
        for (dir, n) in board.open_neighbours(i) {
            if g < cost[n] {
                cost[n] = g;
                came[n] = Board::<W>::came_by(dir);
                heap.push(Reverse((g + h(n), h(n), n)));
            }
        }
    }
    None
}
