//! Prim's algorithm, in the simplified form maze makers use: the frontier is every cell next
//! to the maze; a random frontier cell joins the maze through a random neighbour inside it.

use super::{DirSet, Weave, random_cell, take};
use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Rng};

/// Where a cell stands, as its mark in the maze (`CellMaze::mark`).
const OUT: u8 = 0;
const FRONTIER: u8 = 1;
const IN: u8 = 2;
/// Left out by the maze's mask: never frontier, never joined.
const LEFT_OUT: u8 = 3;

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    if maze.mask().is_some() {
        for cell in 0..maze.len() {
            if !maze.contains(cell) {
                maze.set_mark(cell, LEFT_OUT);
            }
        }
    }
    let mut frontier = Frontier::default();
    let mut bits = BitSource::new();
    let start = random_cell(maze, rng);
    maze.begin(start);
    add(maze, start, maze.neighbour_marks(start), &mut frontier);
    while frontier.len > 0 {
        let cell = frontier.take(rng.index(frontier.len)) as usize;
        let around = maze.neighbour_marks(cell);
        let joins = DirSet::where_mark(around, IN);
        let step = weave.choose(maze, cell, joins, |c| maze.mark(c) == IN, &mut bits, rng);
        take(maze, cell, step.expect("a frontier cell touches the maze"));
        add(maze, cell, around, &mut frontier);
    }
    maze.clear_marks();
}

/// The frontier cells in no particular order, with room for four more than it holds so that a
/// cell can be written unconditionally and kept by counting it: which neighbours are still
/// outside the maze is a coin toss, and a branch on it would mispredict half the time.
#[derive(Default)]
struct Frontier {
    cells: Vec<u32>,
    len: usize,
}

impl Frontier {
    /// Removes and returns the cell at `i`, the last one taking its place.
    #[inline]
    fn take(&mut self, i: usize) -> u32 {
        let cell = self.cells[i];
        self.len -= 1;
        self.cells[i] = self.cells[self.len];
        cell
    }
}

/// Takes `cell` into the maze and its outside neighbours (from `around`, their marks) into the
/// frontier.
#[inline(always)]
fn add(maze: &mut CellMaze, cell: usize, around: [u8; 4], frontier: &mut Frontier) {
    maze.set_mark(cell, IN);
    let outside = DirSet::where_mark(around, OUT);
    if frontier.cells.len() < frontier.len + 4 {
        frontier.cells.resize(2 * frontier.len + 4, 0);
    }
    let slots = &mut frontier.cells[frontier.len..frontier.len + 4];
    let mut added = 0;
    for dir in Dir::ALL {
        let is_out = outside.contains(dir);
        // Written whether or not it is kept; `cell` stands in for a neighbour off the board.
        let next = if is_out { maze.step(cell, dir) } else { cell };
        slots[added] = next as u32;
        added += usize::from(is_out);
        maze.or_mark(next, if is_out { FRONTIER } else { 0 });
    }
    frontier.len += added;
}
