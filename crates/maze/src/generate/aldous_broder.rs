//! Aldous-Broder: a random walk over the whole grid that opens the wall into every cell it
//! enters for the first time. Slow by nature (it must cover every cell by chance), but the
//! only simple method besides Wilson's that draws uniformly from all spanning trees.
//!
//! The walk takes billions of steps on a big maze, so each step is a few instructions: two
//! random bits pick the direction and a step off the grid is simply drawn again.

use super::bits::CellSet;
use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let n = w * h;
    let mut visited = CellSet::new(n);
    let mut bits = BitSource::new();
    let start = rng.index(n);
    let (mut row, mut col) = (start / w, start % w);
    visited.insert(start);
    maze.begin(start);
    let mut left = n - 1;
    while left > 0 {
        let dir = Dir::ALL[bits.take(rng, 2) as usize];
        let (nr, nc) = match dir {
            Dir::North if row > 0 => (row - 1, col),
            Dir::South if row + 1 < h => (row + 1, col),
            Dir::West if col > 0 => (row, col - 1),
            Dir::East if col + 1 < w => (row, col + 1),
            _ => continue,
        };
        let next = nr * w + nc;
        if !visited.contains(next) {
            visited.insert(next);
            maze.carve(row * w + col, dir);
            left -= 1;
        }
        (row, col) = (nr, nc);
    }
}
