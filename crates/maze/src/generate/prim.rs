//! Prim's algorithm, in the simplified form maze makers use: the frontier is every cell next
//! to the maze; a random frontier cell joins the maze through a random neighbour inside it.

use super::{neighbours_where, step};
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    Out,
    Frontier,
    In,
}

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let n = maze.len();
    let mut state = vec![State::Out; n];
    let mut frontier: Vec<u32> = Vec::new();
    let mut bits = BitSource::new();
    let start = rng.index(n);
    maze.begin(start);
    add(maze, start, &mut state, &mut frontier);
    while !frontier.is_empty() {
        let i = rng.index(frontier.len());
        let cell = frontier.swap_remove(i) as usize;
        let inside = neighbours_where(maze, cell, |c| state[c] == State::In);
        let dir = inside.pick(&mut bits, rng);
        maze.carve(step(maze, cell, dir), dir.opposite());
        add(maze, cell, &mut state, &mut frontier);
    }
}

/// Takes `cell` into the maze and its outside neighbours into the frontier.
fn add(maze: &CellMaze, cell: usize, state: &mut [State], frontier: &mut Vec<u32>) {
    state[cell] = State::In;
    for dir in neighbours_where(maze, cell, |c| state[c] == State::Out).iter() {
        let next = step(maze, cell, dir);
        state[next] = State::Frontier;
        frontier.push(next as u32);
    }
}
