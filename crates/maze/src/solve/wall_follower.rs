//! The right-hand rule of the classic console maze programs: keep one hand on the wall.
//! Facing some way, turn towards the hand if that way is open and step; else step forward if
//! open; else turn away from the hand and look again.
//!
//! The walker starts with its hand on a wall, on the outer wall when the start touches it:
//! a generated maze's start and goal both lie by the outer wall, so a hand kept on it reaches
//! the goal on any maze, braided ones with loops included. Starting with the hand in the air
//! (facing north, whatever is on the right) would follow whichever wall the first turn met,
//! often an island in a braided maze.
//!
//! In a perfect maze this always reaches the goal (not by a shortest path). On a map whose
//! goal lies by no wall the start's wall touches, the walker circles an island forever; it
//! is in the same place facing the same way twice exactly then, so each (tile, direction)
//! state is remembered and a repeat means "no path".

use super::Explored;
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

/// A walker's route, which is the path it reports: every node it stood on in order, and the
/// tiles it has examined, each counted once (a wall follower and the Pledge walker alike).
pub(super) struct Walk {
    pub path: Vec<usize>,
    seen_tile: Vec<bool>,
}

impl Walk {
    /// A walk standing on the board's start.
    pub fn start<const W: bool>(board: &Board<W>, explorer: &mut Explored<usize>) -> Walk {
        let mut walk = Walk {
            path: Vec::new(),
            seen_tile: vec![false; board.len()],
        };
        walk.enter(board.start, board, explorer);
        walk
    }

    /// Steps onto `node`.
    pub fn enter<const W: bool>(
        &mut self,
        node: usize,
        board: &Board<W>,
        explorer: &mut Explored<usize>,
    ) {
        self.path.push(node);
        let tile = board.tile(node);
        if !self.seen_tile[tile] {
            self.seen_tile[tile] = true;
            explorer.visit(node);
        }
    }
}

pub(crate) fn solve<const W: bool>(
    board: &Board<W>,
    explorer: &mut Explored<usize>,
    hand: Hand,
) -> Option<Vec<usize>> {
    // Four bits a tile: the directions it has been faced in.
    let mut states = vec![0u8; board.len()];
    let mut walk = Walk::start(board, explorer);
    let mut at = board.start;
    // In the open, walk north until a wall is ahead, then put the hand on it.
    let mut facing = match first_facing(board, at, hand) {
        Some(d) => d,
        None => {
            while !board.is_goal(at)
                && let Some(next) = board.step(at, Dir::North)
            {
                at = next;
                walk.enter(at, board, explorer);
            }
            hand.away(Dir::North)
        }
    };
    while !board.is_goal(at) {
        let bit = 1 << facing.index();
        if states[at] & bit != 0 {
            return None;
        }
        states[at] |= bit;
        let side = hand.toward(facing);
        if board.can_step(at, side) {
            facing = side;
        } else if !board.can_step(at, facing) {
            facing = hand.away(facing);
            continue;
        }
        at = board.step(at, facing).expect("the step was checked");
        walk.enter(at, board, explorer);
    }
    Some(walk.path)
}

/// A direction to face at `at` with the hand on a wall: on the outer wall if one touches `at`,
/// else on any wall; `None` when no wall touches it.
fn first_facing<const W: bool>(board: &Board<W>, at: usize, hand: Hand) -> Option<Dir> {
    let walled = |d: Dir| !board.can_step(at, hand.toward(d));
    let outer = |d: Dir| walled(d) && board.is_edge(board.tile_beside(at, hand.toward(d)));
    Dir::ALL
        .into_iter()
        .find(|&d| outer(d))
        .or_else(|| Dir::ALL.into_iter().find(|&d| walled(d)))
}
