//! Aldous-Broder: a random walk over the whole grid that opens the wall into every cell it
//! enters for the first time. Slow by nature (it must cover every cell by chance), but the
//! only simple method besides Wilson's that draws uniformly from all spanning trees.
//!
//! The walk takes billions of steps on a big maze, so each step is a few instructions: two
//! random bits pick the direction and a step off the grid is simply drawn again. In a shaped
//! maze a step out of the mask is drawn again too; in a weave maze a step into a visited
//! corridor may pass under it into an unvisited cell beyond.

use super::{COL_STEP, ROW_STEP, Weave, left_out, random_cell, stays_on_board};
use crate::cells::CellMaze;
use grid_core::{Dir, Rng};

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    if maze.mask().is_some() || weave.is_on() {
        walk::<true>(maze, weave, rng);
    } else {
        walk::<false>(maze, weave, rng);
    }
}

/// The walk, `SHAPED` when the maze has a mask or crossings.
fn walk<const SHAPED: bool>(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let mut visited = left_out(maze);
    let start = random_cell(maze, rng);
    let (mut row, mut col) = (start / w, start % w);
    let mut cell = start;
    visited.insert(start);
    maze.begin(start);
    let mut left = maze.cell_count() - 1;
    'walk: while left > 0 {
        // Two random bits a step, 32 steps to a word.
        let mut word = rng.next_u64();
        for _ in 0..32 {
            let d = (word & 3) as usize;
            word >>= 2;
            // Off the board (rare but at the edges) the direction is drawn again.
            if !stays_on_board(row, col, w, h, d) {
                continue;
            }
            let dir = Dir::ALL[d];
            let mut next = maze.step(cell, dir);
            if SHAPED && !maze.contains(next) {
                continue;
            }
            let mut steps = 1;
            if !visited.contains(next) {
                visited.insert(next);
                maze.carve(cell, dir);
                left -= 1;
            } else if SHAPED
                && weave.is_on()
                && maze.can_tunnel(cell, dir, |far| !visited.contains(far))
                && weave.tries(rng)
            {
                next = maze.tunnel(cell, dir);
                visited.insert(next);
                steps = 2;
                left -= 1;
            }
            if left == 0 {
                break 'walk;
            }
            row = row.wrapping_add_signed(steps * ROW_STEP[d]);
            col = col.wrapping_add_signed(steps * COL_STEP[d]);
            cell = next;
        }
    }
}
