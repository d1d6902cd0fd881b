//! The right-hand rule of the classic console maze programs: keep one hand on the wall.
//! Facing some way, turn towards the hand if that way is open and step; else step forward if
//! open; else turn away from the hand and look again.
//!
//! In a perfect maze this always reaches the goal (not by a shortest path). On a map with
//! loops the walker can circle an island forever; it is in the same place facing the same way
//! twice exactly then, so each (tile, direction) state is remembered and a repeat means "no
//! path".

use super::Explorer;
use super::board::Board;
use grid_core::Dir;

#[derive(Debug, Clone, Copy)]
pub(crate) enum Hand {
    Right,
    Left,
}

impl Hand {
    /// The turn towards the hand.
    fn toward(self, d: Dir) -> Dir {
        match self {
            Hand::Right => d.right(),
            Hand::Left => d.left(),
        }
    }

    /// The turn away from the hand.
    fn away(self, d: Dir) -> Dir {
        match self {
            Hand::Right => d.left(),
            Hand::Left => d.right(),
        }
    }
}

pub(crate) fn solve(board: &Board, explorer: &mut Explorer, hand: Hand) -> Option<Vec<usize>> {
    // Four bits a tile: the directions it has been faced in.
    let mut states = vec![0u8; board.len()];
    let mut seen_tile = vec![false; board.len()];
    let mut at = board.start;
    let mut facing = Dir::North;
    let mut path = vec![at];
    seen_tile[at] = true;
    explorer.visit(at);
    while at != board.goal {
        let bit = 1 << facing.index();
        if states[at] & bit != 0 {
            return None;
        }
        states[at] |= bit;
        let side = hand.toward(facing);
        if board.is_open(board.step(at, side)) {
            facing = side;
        } else if !board.is_open(board.step(at, facing)) {
            facing = hand.away(facing);
            continue;
        }
        at = board.step(at, facing);
        path.push(at);
        if !seen_tile[at] {
            seen_tile[at] = true;
            explorer.visit(at);
        }
    }
    Some(path)
}
