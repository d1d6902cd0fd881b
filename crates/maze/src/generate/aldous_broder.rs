//! Aldous-Broder: a random walk over the whole grid that opens the wall into every cell it
//! enters for the first time. Slow by nature (it must cover every cell by chance), but the
//! only simple method besides Wilson's that draws uniformly from all spanning trees.
//!
//! The walk takes billions of steps on a big maze, so each step is a few instructions: two
//! random bits pick the direction and a step off the grid is simply drawn again.

use super::bits::CellSet;
use super::{COL_STEP, ROW_STEP, stays_on_board};
use crate::cells::CellMaze;
use grid_core::{Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let n = w * h;
    let mut visited = CellSet::new(n);
    let start = rng.index(n);
    let (mut row, mut col) = (start / w, start % w);
    let mut cell = start;
    visited.insert(start);
    maze.begin(start);
    let mut left = n - 1;
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
            let next = maze.step(cell, dir);
            row = row.wrapping_add_signed(ROW_STEP[d]);
            col = col.wrapping_add_signed(COL_STEP[d]);
            if !visited.contains(next) {
                visited.insert(next);
                maze.carve(cell, dir);
                left -= 1;
                if left == 0 {
                    break 'walk;
                }
            }
            cell = next;
        }
    }
}
