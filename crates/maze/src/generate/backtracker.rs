//! Recursive backtracker (depth-first search): the growing tree that always grows from its
//! newest cell, so its list of active cells is the depth-first stack, kept on the heap: a maze
//! of any size never overflows the call stack.

use super::Weave;
use super::growing_tree::grow;
use crate::cells::CellMaze;
use grid_core::Rng;

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    grow(maze, weave, rng, |len, _, _| len - 1);
}
