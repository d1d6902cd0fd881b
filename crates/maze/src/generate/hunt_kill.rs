//! Hunt-and-Kill, as a classic spreadsheet maze game carves it: walk at random into unvisited
//! cells until stuck (the "kill"), then "hunt" for the next unvisited cell beside the maze,
//! join it, walk again.
//!
//! The textbook hunt scans from the top row at every hunt, which is quadratic on big mazes. Here the
//! hunt resumes where the last one stopped: once the top-left cell is in the maze, the first
//! unvisited cell in reading order always touches it (the cells above it and to its left come
//! earlier, so they are visited), and cells only ever become visited, so one forward cursor
//! serves every hunt and the whole run stays linear. That is why the first walk starts in the
//! top-left corner.

use super::bits::CellSet;
use super::neighbours_where;
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    let n = maze.len();
    let mut visited = CellSet::new(n);
    let mut bits = BitSource::new();
    let mut cell = 0;
    visited.insert(cell);
    maze.begin(cell);
    let mut cursor = 0;
    loop {
        // Kill: walk while there is somewhere new to go.
        loop {
            let open = neighbours_where(maze, cell, |c| !visited.contains(c));
            if open.is_empty() {
                break;
            }
            let dir = open.pick(&mut bits, rng);
            maze.carve(cell, dir);
            cell = maze.step(cell, dir);
            visited.insert(cell);
        }
        // Hunt: the first unvisited cell in reading order, joined to a visited neighbour.
        while cursor < n && visited.contains(cursor) {
            cursor += 1;
        }
        if cursor == n {
            return;
        }
        cell = cursor;
        let joins = neighbours_where(maze, cell, |c| visited.contains(c));
        let dir = joins.pick(&mut bits, rng);
        maze.carve(maze.step(cell, dir), dir.opposite());
        visited.insert(cell);
    }
}
