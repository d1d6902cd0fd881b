//! Searches over a tiled maze's cells: distances, pieces, and where start and goal go.

use crate::Endpoints;
use grid_core::Rng;
use grid_core::tiling::{Cell, TiledMaze, Topology};
use std::collections::VecDeque;

/// Steps from `from` to every cell through open passages (`u32::MAX` where none leads).
pub fn distances<T: Topology>(maze: &TiledMaze<T>, from: Cell) -> Vec<u32> {
    let mut dist = vec![u32::MAX; maze.topology().len()];
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut queue = VecDeque::from([from]);
    dist[from as usize] = 0;
    while let Some(cell) = queue.pop_front() {
        maze.exits(cell, &mut sides, &mut exits);
        for &next in &exits {
            if dist[next as usize] == u32::MAX {
                dist[next as usize] = dist[cell as usize] + 1;
                queue.push_back(next);
            }
        }
    }
    dist
}

/// The cell farthest from `from` (the first in reading order among equals) and its distance.
pub fn farthest_from<T: Topology>(maze: &TiledMaze<T>, from: Cell) -> (Cell, usize) {
    farthest_in(&distances(maze, from), from)
}

/// The farthest cell by `dist`, the distances from `from` ([`distances`]), and its distance.
pub(crate) fn farthest_in(dist: &[u32], from: Cell) -> (Cell, usize) {
    let mut best = (from, 0);
    for (cell, &d) in dist.iter().enumerate() {
        if d != u32::MAX && d as usize > best.1 {
            best = (cell as Cell, d as usize);
        }
    }
    best
}

/// Start and goal by default on wrapped edges, where the corners are neighbours across the
/// seam and no cell is a corner of the topology: the two ends of the longest path, as
/// [`Endpoints::Farthest`] places them, or, when one is given, the cell farthest from it
/// through the maze.
pub(crate) fn apart<T: Topology>(
    maze: &TiledMaze<T>,
    start: Option<Cell>,
    goal: Option<Cell>,
) -> (Cell, Cell) {
    match (start, goal) {
        (Some(a), Some(b)) => (a, b),
        (Some(a), None) => (a, farthest_from(maze, a).0),
        (None, Some(b)) => (farthest_from(maze, b).0, b),
        (None, None) => longest_ends(maze),
    }
}

/// The two ends of the longest path: the cell farthest from the first, and the cell
/// farthest from that (exact on a perfect maze).
fn longest_ends<T: Topology>(maze: &TiledMaze<T>) -> (Cell, Cell) {
    let first = maze.cells().next().expect("a maze has a cell");
    let (a, _) = farthest_from(maze, first);
    (a, farthest_from(maze, a).0)
}

/// The pieces the maze's cells fall into when every side between two of its cells is a
/// passage: each cell's piece number (`u32::MAX` for cells left out), numbered in reading
/// order of their first cells, and how many there are.
pub fn pieces<T: Topology>(maze: &TiledMaze<T>) -> (Vec<u32>, usize) {
    let mut label = vec![u32::MAX; maze.topology().len()];
    let mut sides = Vec::new();
    let mut count = 0u32;
    let mut stack = Vec::new();
    for first in maze.cells() {
        if label[first as usize] != u32::MAX {
            continue;
        }
        label[first as usize] = count;
        stack.push(first);
        while let Some(cell) = stack.pop() {
            maze.sides(cell, &mut sides);
            for s in sides.iter().filter(|s| !s.is_edge()) {
                if label[s.to as usize] == u32::MAX {
                    label[s.to as usize] = count;
                    stack.push(s.to);
                }
            }
        }
        count += 1;
    }
    (label, count as usize)
}

/// Start and goal by `how`: the first and last cells, the two ends of the longest path, or
/// two different cells drawn from `rng`.
pub(crate) fn place<T: Topology>(
    maze: &TiledMaze<T>,
    how: Endpoints,
    rng: &mut Rng,
) -> (Cell, Cell) {
    let first = maze.cells().next().expect("a maze has a cell");
    match how {
        Endpoints::Corners => (first, maze.cells().last().expect("a maze has a cell")),
        Endpoints::Farthest => longest_ends(maze),
        Endpoints::Random => {
            let cells: Vec<Cell> = maze.cells().collect();
            if cells.len() == 1 {
                return (cells[0], cells[0]);
            }
            let a = rng.index(cells.len());
            let mut b = rng.index(cells.len() - 1);
            if b >= a {
                b += 1;
            }
            (cells[a], cells[b])
        }
    }
}
