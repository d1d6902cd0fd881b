//! The Pledge algorithm (found by John Pledge at twelve; Abelson and diSessa, "Turtle
//! Geometry", 1980): a wall follower that keeps a heading and counts its turns.
//!
//! The walker goes straight in its heading until a wall stops it; then it keeps its right
//! hand on the wall, adding up its turns (a quarter turn right +1, left -1), and leaves the
//! wall when the sum is back at 0, which is exactly when it faces the heading again. A plain
//! wall follower that starts beside an island of a braided maze goes round the island
//! forever; the Pledge walker does not, because going once round an island turns it a whole
//! turn, which the count remembers: it leaves the island the way the heading points.
//!
//! The heading points towards the goal along the longer of the two axes between start and
//! goal, so that the straight runs make progress. The walk is the path (not a shortest one).
//! On a map whose goal the walk never meets it would walk forever: it is given up after as
//! many steps as four walks over every tile in each direction, more than any walk that
//! arrives takes on a generated maze.

use super::Explored;
use super::board::Board;
use super::wall_follower::Walk;
use grid_core::Dir;

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
) -> Option<Vec<usize>> {
    let heading = heading(board);
    let limit = 16 * board.len();
    let mut walk = Walk::start(board, explorer);
    let mut at = board.start;
    let mut facing = heading;
    // The quarter turns made since the walk last left a wall: 0 when walking the heading.
    let mut turns: i64 = 0;
    for _ in 0..limit {
        if board.is_goal(at) {
            return Some(walk.path);
        }
        if turns == 0 {
            if !board.can_step(at, heading) {
                // A wall ahead: turn left, so that the right hand is on it.
                facing = heading.left();
                turns = -1;
                continue;
            }
            facing = heading;
        } else if board.can_step(at, facing.right()) {
            facing = facing.right();
            turns += 1;
        } else if !board.can_step(at, facing) {
            facing = facing.left();
            turns -= 1;
            continue;
        }
        at = board.step(at, facing).expect("the step was checked");
        walk.enter(at, board, explorer);
    }
    board.is_goal(at).then_some(walk.path)
}

/// Towards the goal along the longer axis between start and goal (rows on a tie).
fn heading<const W: bool>(board: &Board<W>) -> Dir {
    let (from, to) = (board.pos(board.start), board.pos(board.goal));
    let rows = to.row as isize - from.row as isize;
    let cols = to.col as isize - from.col as isize;
    match (rows.abs() >= cols.abs(), rows >= 0, cols >= 0) {
        (true, true, _) => Dir::South,
        (true, false, _) => Dir::North,
        (false, _, true) => Dir::East,
        (false, _, false) => Dir::West,
    }
}
