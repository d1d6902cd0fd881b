//! Trémaux's algorithm: walk, marking each passage; at a junction take an unmarked one;
//! at a dead end or where everything is marked, go back the way you came. It is a depth-first
//! search by hand, so here it is one, with an explicit stack: the stack holds the passages
//! marked once, which, when the goal is reached, are the path.

use super::Explored;
use super::board::Board;
use grid_core::Dir;

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
) -> Option<Vec<usize>> {
    let mut marked = vec![false; board.len()];
    // Each entry: a tile on the current route, and the next direction to try from it.
    let mut route: Vec<(usize, u8)> = vec![(board.start, 0)];
    marked[board.start] = true;
    explorer.visit(board.start);
    while let Some(top) = route.last_mut() {
        let (at, next_dir) = *top;
        if board.is_goal(at) {
            return Some(route.iter().map(|&(i, _)| i).collect());
        }
        if next_dir == 4 {
            route.pop();
            continue;
        }
        top.1 += 1;
        if let Some(n) = board.step(at, Dir::ALL[next_dir as usize])
            && !marked[n]
        {
            marked[n] = true;
            explorer.visit(n);
            route.push((n, 0));
        }
    }
    None
}
