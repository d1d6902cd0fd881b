//! Sidewinder (source document 004): each row is cut into runs of cells joined east-west,
//! and each run opens north from one of its cells; the top row is one corridor.

use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let mut bits = BitSource::new();
    maze.begin(0);
    for col in 0..w - 1 {
        maze.carve(col, Dir::East);
    }
    for row in 1..h {
        let mut run_start = 0;
        for col in 0..w {
            let cell = row * w + col;
            let close_run = col + 1 == w || bits.coin(rng);
            if close_run {
                let chosen = run_start + rng.index(col - run_start + 1);
                maze.carve(row * w + chosen, Dir::North);
                run_start = col + 1;
            } else {
                maze.carve(cell, Dir::East);
            }
        }
    }
}
