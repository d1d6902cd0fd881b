//! Sidewinder, as "Mazes for Programmers" describes it: each row is cut into runs of cells
//! joined east-west, and each run opens north from one of its cells; the top row is one
//! corridor.
//!
//! Where the runs end is decided 64 cells at a time from one random word (a set bit ends a
//! run), so the loop jumps from run end to run end instead of flipping a coin, and guessing
//! wrong, at every cell. Unless the carving order is recorded, a row is first opened from end
//! to end in one sweep and then closed again at each run's end, which is the same maze.

use crate::cells::CellMaze;
use grid_core::{Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let w = maze.width();
    maze.begin(0);
    maze.carve_east_run(0, w - 1);
    let in_order = maze.is_tracing();
    for row in 1..maze.height() {
        let base = row * w;
        if !in_order {
            maze.carve_east_run(base, w - 1);
        }
        let mut run_start = 0;
        for chunk in (0..w).step_by(64) {
            let len = (w - chunk).min(64);
            let mut ends = rng.next_u64() & (u64::MAX >> (64 - len));
            if chunk + len == w {
                // The last cell of a row always ends its run.
                ends |= 1 << (len - 1);
            }
            while ends != 0 {
                let end = chunk + ends.trailing_zeros() as usize;
                ends &= ends - 1;
                if in_order {
                    maze.carve_east_run(base + run_start, end - run_start);
                } else if end + 1 < w {
                    maze.build_wall(base + end, Dir::East);
                }
                let chosen = run_start + rng.index(end - run_start + 1);
                maze.carve(base + chosen, Dir::North);
                run_start = end + 1;
            }
        }
    }
}
