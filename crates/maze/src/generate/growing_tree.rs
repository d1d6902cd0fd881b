//! Growing Tree: keep a list of active cells; grow from the newest one half of the time (like
//! the backtracker) and from a random one otherwise (like Prim), which mixes long corridors
//! with bushy branches.

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
    let mut active = vec![start];
    while !active.is_empty() {
        let i = if bits.coin(rng) {
            active.len() - 1
        } else {
            rng.index(active.len())
        };
        let cell = active[i];
        let open = neighbours_where(maze, cell, |c| !visited.contains(c));
        if open.is_empty() {
            active.swap_remove(i);
            continue;
        }
        let dir = open.pick(&mut bits, rng);
        maze.carve(cell, dir);
        let next = step(maze, cell, dir);
        visited.insert(next);
        active.push(next);
    }
}
