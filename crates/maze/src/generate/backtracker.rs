//! Recursive backtracker (depth-first search) with an explicit stack, so that a maze of any
//! size never overflows the call stack.

use super::bits::CellSet;
use super::{neighbours_where, step};
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let n = maze.len();
    let mut visited = CellSet::new(n);
    let mut bits = BitSource::new();
    let start = rng.index(n);
    visited.insert(start);
    maze.begin(start);
    let mut stack = vec![start];
    while let Some(&cell) = stack.last() {
        let open = neighbours_where(maze, cell, |c| !visited.contains(c));
        if open.is_empty() {
            stack.pop();
            continue;
        }
        let dir = open.pick(&mut bits, rng);
        maze.carve(cell, dir);
        let next = step(maze, cell, dir);
        visited.insert(next);
        stack.push(next);
    }
}
