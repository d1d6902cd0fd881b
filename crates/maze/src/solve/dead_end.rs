//! Dead-end filling: a tile with at most one open neighbour (other than the start and the
//! goal) lies on no route, so fill it; filling may make its neighbour a dead end in turn.
//! What is left holds every route from start to goal (in a perfect maze, exactly the one);
//! a breadth-first search over it picks the shortest.

use super::Explored;
use super::bfs::shortest_within;
use super::board::Board;

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
) -> Option<Vec<usize>> {
    let mut degree = vec![0u8; board.len()];
    let mut filled = vec![false; board.len()];
    let mut dead_ends = Vec::new();
    let keeps = |i: usize| i == board.start || board.is_goal(i);
    for (i, d) in degree.iter_mut().enumerate() {
        if board.is_node(i) {
            *d = board.open_neighbours(i).count() as u8;
            if *d <= 1 && !keeps(i) {
                dead_ends.push(i);
            }
        }
    }
    while let Some(i) = dead_ends.pop() {
        if filled[i] {
            continue;
        }
        filled[i] = true;
        explorer.visit(i);
        for (_, n) in board.open_neighbours(i) {
            if !filled[n] {
                degree[n] -= 1;
                if degree[n] == 1 && !keeps(n) {
                    dead_ends.push(n);
                }
            }
        }
    }
    shortest_within(board, explorer, |i| !filled[i])
}
