//! Kruskal's algorithm with crossings, as "Mazes for Programmers" weaves it: before any wall
//! is taken, crossings are laid at random cells, each joining the trees of the passage over
//! it and of the passage under it; then the walls are taken in random order as usual.
//!
//! The crossings join trees that are not on a tile, so this runs on the whole maze at once
//! rather than tile by tile: one shuffle of the walls, one union-find over the cells.

use super::forest::Forest;
use crate::cells::CellMaze;
use crate::generate::{Weave, random_cell};
use grid_core::{Axis, BitSource, Dir, Rng};

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    let mut forest = Forest::default();
    forest.reset(maze.len());
    // The share `weave.p` of the cells is tried, each a random cell with a random passage on
    // top; a try fails where a crossing cannot go.
    let tries = (weave.share() * maze.cell_count() as f64).round() as usize;
    let mut bits = BitSource::new();
    for _ in 0..tries {
        let cell = random_cell(maze, rng);
        let over = if bits.coin(rng) {
            Axis::NorthSouth
        } else {
            Axis::EastWest
        };
        lay_crossing(maze, &mut forest, cell, over);
    }
    let mut walls = walls_between_plain_cells(maze);
    rng.shuffle(&mut walls);
    let width = maze.width() as u32;
    for wall in walls {
        let cell = wall / 2;
        let (other, dir) = if wall & 1 == 0 {
            (cell + 1, Dir::East)
        } else {
            (cell + width, Dir::South)
        };
        if forest.union(cell as usize, other as usize) {
            maze.carve(cell as usize, dir);
        }
    }
}

/// Lays a crossing at `cell` with the passage along `over` on top, when it can go there: the
/// cell and its four neighbours are in the maze, the cell has no passage yet, and the two
/// passages join four trees into two without closing a loop.
///
/// In a shaped maze a crossing at a neck can cut the maze in two (a passage running under a
/// one-cell corridor leaves the cells beside it no way round). There the eight cells around
/// a crossing must be plain cells of the maze: they ring the crossing with walls Kruskal's
/// algorithm can still open, so every way the cell joined stays open around it.
fn lay_crossing(maze: &mut CellMaze, forest: &mut Forest, cell: usize, over: Axis) -> bool {
    if maze.degree(cell) != 0 || (maze.mask().is_some() && !ringed_by_plain_cells(maze, cell)) {
        return false;
    }
    let around = Dir::ALL.map(|d| maze.neighbour(cell, d).filter(|&n| maze.contains(n)));
    let [Some(north), Some(east), Some(south), Some(west)] = around else {
        return false;
    };
    let (rn, rs, re, rw) = (
        forest.root(north),
        forest.root(south),
        forest.root(east),
        forest.root(west),
    );
    // Each passage joins two different trees, and not the same two as the other.
    let same_pair = (rn == re && rs == rw) || (rn == rw && rs == re);
    if rn == rs || re == rw || same_pair {
        return false;
    }
    let ((a, b), (c, d)) = match over {
        Axis::NorthSouth => ((north, south), (west, east)),
        Axis::EastWest => ((west, east), (north, south)),
    };
    // The cell itself stands on the upper passage; the lower one joins its two ends.
    forest.union(a, cell);
    forest.union(cell, b);
    forest.union(c, d);
    for dir in Dir::ALL {
        maze.carve(cell, dir);
    }
    maze.set_crossing(cell, over);
    true
}

/// Whether the eight cells around `cell` are cells of the maze and none is a crossing.
fn ringed_by_plain_cells(maze: &CellMaze, cell: usize) -> bool {
    let (w, h) = (maze.width(), maze.height());
    let (r, c) = (cell / w, cell % w);
    if r == 0 || c == 0 || r + 1 >= h || c + 1 >= w {
        return false;
    }
    (r - 1..=r + 1).all(|y| {
        (c - 1..=c + 1).all(|x| {
            let n = y * w + x;
            n == cell || (maze.contains(n) && maze.crossing(n).is_none())
        })
    })
}

/// The walls between two cells of the maze that are not crossings (a crossing's four walls
/// are open already), numbered as the tiled Kruskal numbers them.
fn walls_between_plain_cells(maze: &CellMaze) -> Vec<u32> {
    let (w, n) = (maze.width(), maze.len());
    let plain = |c: usize| maze.contains(c) && maze.crossing(c).is_none();
    let mut walls = Vec::with_capacity(2 * maze.cell_count());
    for cell in (0..n).filter(|&c| plain(c)) {
        if (cell + 1) % w != 0 && plain(cell + 1) {
            walls.push(2 * cell as u32);
        }
        if cell + w < n && plain(cell + w) {
            walls.push(2 * cell as u32 + 1);
        }
    }
    walls
}
