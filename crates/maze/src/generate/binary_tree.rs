//! Binary Tree, as "Mazes for Programmers" describes it: every cell opens either north or
//! east, so the top row and the right column are unbroken corridors and every path drifts to
//! the north-east.

use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let mut bits = BitSource::new();
    maze.begin(w - 1);
    for row in 0..h {
        for col in 0..w {
            let cell = row * w + col;
            let dir = match (row == 0, col + 1 == w) {
                (true, true) => continue,
                (true, false) => Dir::East,
                (false, true) => Dir::North,
                (false, false) if bits.coin(rng) => Dir::North,
                (false, false) => Dir::East,
            };
            maze.carve(cell, dir);
        }
    }
}
