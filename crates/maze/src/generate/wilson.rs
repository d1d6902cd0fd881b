//! Wilson's algorithm: from each cell not yet in the maze, a random walk runs until it hits
//! the maze; the walk with its loops erased becomes a new branch. Uniform over all spanning
//! trees, and much faster than Aldous-Broder once the maze has some cells.
//!
//! Loops are erased implicitly: each cell remembers only the direction in which the walk last
//! left it, so retracing from the walk's start follows the loop-erased path.

use super::{COL_STEP, ROW_STEP, stays_on_board};
use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let n = maze.len();
    let mut in_maze = vec![false; n];
    let mut exit = vec![Dir::North; n];
    let mut bits = BitSource::new();
    let root = rng.index(n);
    in_maze[root] = true;
    maze.begin(root);
    // Walks start from the cells in a random order, as the algorithm asks for any order and
    // a random one keeps the carving animation from sweeping in rows.
    let mut starts: Vec<u32> = (0..n as u32).collect();
    rng.shuffle(&mut starts);
    for &start in &starts {
        let start = start as usize;
        if in_maze[start] {
            continue;
        }
        let mut cell = start;
        let (mut row, mut col) = (start / w, start % w);
        while !in_maze[cell] {
            // Two random bits a step, drawn again off the board (see Aldous-Broder).
            let d = loop {
                let d = bits.take(rng, 2) as usize;
                if stays_on_board(row, col, w, h, d) {
                    break d;
                }
            };
            let dir = Dir::ALL[d];
            exit[cell] = dir;
            cell = maze.step(cell, dir);
            row = row.wrapping_add_signed(ROW_STEP[d]);
            col = col.wrapping_add_signed(COL_STEP[d]);
        }
        let mut cell = start;
        while !in_maze[cell] {
            in_maze[cell] = true;
            let dir = exit[cell];
            maze.carve(cell, dir);
            cell = maze.step(cell, dir);
        }
    }
}
