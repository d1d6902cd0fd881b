//! Growing Tree: keep a list of active cells, grow the maze from one of them, and drop a cell
//! once it has no unvisited neighbour. Which cell grows is the whole character: always the
//! newest is the recursive backtracker (long corridors), a random one is close to Prim (bushy
//! branches); `growing-tree` takes the newest half of the time and a random one otherwise.

use super::{Weave, left_out, neighbours_where, random_cell, take};
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    grow(maze, weave, rng, |len, bits, rng| {
        if bits.coin(rng) {
            len - 1
        } else {
            rng.index(len)
        }
    });
}

/// Grows a maze from a random cell, `choose` picking which active cell grows next (an index
/// below the number of active cells, the newest last).
pub(super) fn grow(
    maze: &mut CellMaze,
    weave: Weave,
    rng: &mut Rng,
    mut choose: impl FnMut(usize, &mut BitSource, &mut Rng) -> usize,
) {
    let mut visited = left_out(maze);
    let mut bits = BitSource::new();
    let start = random_cell(maze, rng);
    visited.insert(start);
    maze.begin(start);
    // Cell numbers fit in 32 bits: half the memory for a list read at random places.
    let mut active = vec![start as u32];
    while !active.is_empty() {
        let i = choose(active.len(), &mut bits, rng);
        let cell = active[i] as usize;
        let fresh = |c: usize| !visited.contains(c);
        let open = neighbours_where(maze, cell, fresh);
        let Some(step) = weave.choose(maze, cell, open, fresh, &mut bits, rng) else {
            active.swap_remove(i);
            continue;
        };
        let next = take(maze, cell, step);
        visited.insert(next);
        active.push(next as u32);
    }
}
