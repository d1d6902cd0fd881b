//! The natural 3D forms of the generators defined on rows, on square grids stacked in
//! levels ("Mazes for Programmers" names them for the plane): binary tree and sidewinder
//! lean towards one corner of the box (north, east and up), and recursive division cuts
//! the box with planes.
//!
//! A cell of a levels maze is `(level * height + row) * width + col`: [`Topology::layers`]
//! gives the levels and the rows of each.

use super::Carving;
use grid_core::tiling::{Cell, Side, Topology};
use grid_core::{BitSource, Rng};

/// A levels topology's size: levels, rows of each, columns.
#[derive(Debug, Clone, Copy)]
struct Box3 {
    levels: usize,
    height: usize,
    width: usize,
}

impl Box3 {
    fn of<T: Topology>(t: &T) -> Box3 {
        let (levels, height) = t.layers();
        Box3 {
            levels,
            height,
            width: t.row_len(0),
        }
    }

    fn cell(self, level: usize, row: usize, col: usize) -> Cell {
        ((level * self.height + row) * self.width + col) as Cell
    }
}

/// The side from `from` to its neighbour `to`.
fn side_to<T: Topology>(c: &mut Carving<T>, from: Cell, to: Cell) -> Side {
    c.maze.sides(from, &mut c.sides);
    *c.sides
        .iter()
        .find(|s| !s.is_edge() && s.to == to)
        .expect("the cells are neighbours")
}

/// The sides of `cell` north, east and up that lead to cells (in that order), into
/// `choices`; the levels topology gives its sides as north, east, south, west, up, down.
fn forward<T: Topology>(c: &mut Carving<T>, cell: Cell, east: bool) -> usize {
    c.maze.sides(cell, &mut c.sides);
    c.choices.clear();
    for i in [0, 1, 4] {
        let s = c.sides[i];
        if !s.is_edge() && (east || i != 1) {
            c.choices.push(s);
        }
    }
    c.choices.len()
}

/// Binary tree in three dimensions: every cell opens north, east or up, at random among
/// those that lead to a cell. Each step goes up a level, or north or east on one, so the
/// passages lead from every cell to the top level's north-east corner: a spanning tree.
pub(super) fn binary_tree<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let n = c.maze.topology().len() as Cell;
    for cell in 0..n {
        c.joined(cell);
        if forward(c, cell, true) > 0 {
            let side = c.pick(rng);
            c.maze.open(side);
        }
    }
}

/// Sidewinder in three dimensions: each row of each level in runs of cells joined east; a
/// run ends at random (always at the row's east end) and opens north or up, at random
/// among those that lead on, from one of its cells. The top level's north row is one run.
/// Every run but that one joins a row of a higher level or a more northern row on its
/// own: a spanning tree.
pub(super) fn sidewinder<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let b = Box3::of(c.maze.topology());
    for level in 0..b.levels {
        for row in 0..b.height {
            let mut run_start = 0;
            for col in 0..b.width {
                let cell = b.cell(level, row, col);
                c.joined(cell);
                let last = col + 1 == b.width;
                let top = level + 1 == b.levels && row == 0;
                if !last && (top || c.bits.coin(rng)) {
                    let east = side_to(c, cell, cell + 1);
                    c.maze.open(east);
                    continue;
                }
                if !top {
                    let chosen = b.cell(level, row, run_start + rng.index(col - run_start + 1));
                    forward(c, chosen, false);
                    let side = c.pick(rng);
                    c.maze.open(side);
                }
                run_start = col + 1;
            }
        }
    }
}

/// A box of cells still to divide: its first level, row and column and its extent in each.
#[derive(Debug, Clone, Copy)]
struct Room {
    at: [usize; 3],
    size: [usize; 3],
}

/// Recursive division in three dimensions: a plane across the box's longest axis (levels,
/// rows or columns; among equals, one at random) at a random place cuts it in two, with one
/// gap, a passage at a random cell of the plane; each half is divided the same way until
/// it is one cell. Two spanning trees joined by one passage are one: so is the maze. The
/// rooms wait on a stack, not in recursion.
pub(super) fn division<T: Topology>(c: &mut Carving<T>, rng: &mut Rng) {
    let b = Box3::of(c.maze.topology());
    let mut rooms = vec![Room {
        at: [0, 0, 0],
        size: [b.levels, b.height, b.width],
    }];
    while let Some(room) = rooms.pop() {
        let Some(axis) = longest(room.size, &mut c.bits, rng) else {
            let [l, r, col] = room.at;
            c.joined(b.cell(l, r, col));
            continue;
        };
        // The plane lies between index `cut - 1` and `cut` along the axis.
        let cut = 1 + rng.index(room.size[axis] - 1);
        let (a1, a2) = ((axis + 1) % 3, (axis + 2) % 3);
        let mut gap = room.at;
        gap[axis] += cut - 1;
        gap[a1] += rng.index(room.size[a1]);
        gap[a2] += rng.index(room.size[a2]);
        let mut beyond = gap;
        beyond[axis] += 1;
        let (from, to) = (
            b.cell(gap[0], gap[1], gap[2]),
            b.cell(beyond[0], beyond[1], beyond[2]),
        );
        let side = side_to(c, from, to);
        c.maze.open(side);
        let (mut near, mut far) = (room, room);
        near.size[axis] = cut;
        far.at[axis] += cut;
        far.size[axis] -= cut;
        rooms.push(far);
        rooms.push(near);
    }
}

/// The axis along which a room of `size` is longest, one at random among equals; `None`
/// for a single cell.
fn longest(size: [usize; 3], bits: &mut BitSource, rng: &mut Rng) -> Option<usize> {
    let most = *size.iter().max().expect("three axes");
    if most < 2 {
        return None;
    }
    let mut tied = [0usize; 3];
    let mut count = 0;
    for (axis, &s) in size.iter().enumerate() {
        if s == most {
            tied[count] = axis;
            count += 1;
        }
    }
    Some(if count == 1 {
        tied[0]
    } else {
        tied[bits.below(rng, count as u32) as usize]
    })
}
