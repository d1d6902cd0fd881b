//! Hunt-and-Kill (as "Mazes for Programmers" names it): walk at random into unvisited
//! cells until stuck (the "kill"), then "hunt" for the next unvisited cell beside the maze,
//! join it, walk again.
//!
//! The textbook hunt scans from the top row at every hunt, which is quadratic on big mazes. Here the
//! hunt resumes where the last one stopped: once the top-left cell is in the maze, the first
//! unvisited cell in reading order always touches it (the cells above it and to its left come
//! earlier, so they are visited), and cells only ever become visited, so one forward cursor
//! serves every hunt and the whole run stays linear. That is why the first walk starts in the
//! top-left corner.
//!
//! In a shaped maze the first unvisited cell may touch no visited one: its cells above and to
//! the left can be left out by the mask. The hunt then joins a cell beside the most recently
//! visited cell that still has an unvisited neighbour, found on a stack of the visited cells
//! that each cell leaves once: still linear.

use super::{Step, Weave, left_out, neighbours_where, take};
use crate::cells::CellMaze;
use grid_core::{BitSource, Rng};

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    let n = maze.len();
    let mut visited = left_out(maze);
    let mut bits = BitSource::new();
    let mut cell = maze.first_cell();
    visited.insert(cell);
    maze.begin(cell);
    let mut cursor = 0;
    let mut recent: Option<Vec<u32>> = maze.mask().map(|_| Vec::new());
    loop {
        // Kill: walk while there is somewhere new to go.
        loop {
            if let Some(recent) = recent.as_mut() {
                recent.push(cell as u32);
            }
            let fresh = |c: usize| !visited.contains(c);
            let open = neighbours_where(maze, cell, fresh);
            let Some(step) = weave.choose(maze, cell, open, fresh, &mut bits, rng) else {
                break;
            };
            cell = take(maze, cell, step);
            visited.insert(cell);
        }
        // Hunt: the first unvisited cell in reading order, joined to a visited neighbour.
        while cursor < n && visited.contains(cursor) {
            cursor += 1;
        }
        if cursor == n {
            return;
        }
        let joins = neighbours_where(maze, cursor, |c| visited.contains(c) && maze.contains(c));
        if joins.is_empty() {
            let recent = recent
                .as_mut()
                .expect("only a mask hides a cell from the hunt");
            cell = join_recent(maze, recent, |c| !visited.contains(c), &mut bits, rng);
        } else {
            cell = cursor;
            let dir = joins.pick(&mut bits, rng);
            maze.carve(maze.step(cell, dir), dir.opposite());
        }
        visited.insert(cell);
    }
}

/// Carves from the most recently visited cell that has a neighbour for which `fresh` holds
/// into that neighbour, dropping from `recent` the cells that have none; returns the cell
/// carved into.
fn join_recent(
    maze: &mut CellMaze,
    recent: &mut Vec<u32>,
    fresh: impl Fn(usize) -> bool,
    bits: &mut BitSource,
    rng: &mut Rng,
) -> usize {
    loop {
        let top = *recent
            .last()
            .expect("a connected mask has a cell beside the maze") as usize;
        let open = neighbours_where(maze, top, &fresh);
        if open.is_empty() {
            recent.pop();
            continue;
        }
        return take(maze, top, Step::Carve(open.pick(bits, rng)));
    }
}
