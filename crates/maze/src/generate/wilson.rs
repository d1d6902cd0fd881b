//! Wilson's algorithm: from each cell not yet in the maze, a random walk runs until it hits
//! the maze; the walk with its loops erased becomes a new branch. Uniform over all spanning
//! trees, and much faster than Aldous-Broder once the maze has some cells.
//!
//! Loops are erased implicitly: each cell remembers only the direction in which the walk last
//! left it, so retracing from the walk's start follows the loop-erased path.
//!
//! In a weave maze a walk that is about to hit the maze at a corridor may instead pass under
//! it and end at the maze cell beyond. A tunnel ends the walk there, so loop erasure never
//! cuts one in half.

use super::{COL_STEP, ROW_STEP, Weave, random_cell, stays_on_board};
use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    if maze.mask().is_some() || weave.is_on() {
        walks::<true>(maze, weave, rng);
    } else {
        walks::<false>(maze, weave, rng);
    }
}

/// The walks, `SHAPED` when the maze has a mask or crossings (kept apart so that the plain
/// maze's walk does no more work a step than it needs).
fn walks<const SHAPED: bool>(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    let (w, h) = (maze.width(), maze.height());
    let n = maze.len();
    let mut in_maze = vec![false; n];
    let mut exit = vec![Dir::North; n];
    let mut bits = BitSource::new();
    let root = random_cell(maze, rng);
    in_maze[root] = true;
    maze.begin(root);
    // Walks start from the cells in a random order, as the algorithm asks for any order and
    // a random one keeps the carving animation from sweeping in rows.
    let mut starts: Vec<u32> = (0..n as u32)
        .filter(|&c| maze.contains(c as usize))
        .collect();
    rng.shuffle(&mut starts);
    for &start in &starts {
        let start = start as usize;
        if in_maze[start] {
            continue;
        }
        let mut cell = start;
        let mut tunnel_from = None;
        let (mut row, mut col) = (start / w, start % w);
        while !in_maze[cell] {
            // Two random bits a step, drawn again off the board (see Aldous-Broder).
            let d = loop {
                let d = bits.take(rng, 2) as usize;
                if stays_on_board(row, col, w, h, d)
                    && (!SHAPED || maze.contains(maze.step(cell, Dir::ALL[d])))
                {
                    break d;
                }
            };
            let dir = Dir::ALL[d];
            exit[cell] = dir;
            let next = maze.step(cell, dir);
            if SHAPED
                && in_maze[next]
                && weave.is_on()
                && maze.can_tunnel(cell, dir, |far| in_maze[far])
                && weave.tries(rng)
            {
                tunnel_from = Some(cell);
                cell = maze.step(next, dir);
                continue;
            }
            cell = next;
            row = row.wrapping_add_signed(ROW_STEP[d]);
            col = col.wrapping_add_signed(COL_STEP[d]);
        }
        let mut cell = start;
        while !in_maze[cell] {
            in_maze[cell] = true;
            let dir = exit[cell];
            if tunnel_from == Some(cell) {
                cell = maze.tunnel(cell, dir);
            } else {
                maze.carve(cell, dir);
                cell = maze.step(cell, dir);
            }
        }
    }
}
