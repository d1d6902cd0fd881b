//! Recursive division: start from an open field and divide it by a wall with one gap, then
//! divide each side the same way until the rooms are corridors. The only wall adder here: its
//! trace records the wall tiles it raises (`trace_mode: "wall"`).
//!
//! "Recursive" names the idea, not the code: the rooms still to divide wait on a heap stack.

use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Pos, Rng};
use std::hint::select_unpredictable;

/// A rectangle of cells still to divide.
#[derive(Clone, Copy, Default)]
struct Room {
    row: usize,
    col: usize,
    height: usize,
    width: usize,
}

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    maze.open_field();
    let mut bits = BitSource::new();
    let mut rooms = Rooms::new(maze.width() + maze.height());
    rooms.push(Room {
        row: 0,
        col: 0,
        height: maze.height(),
        width: maze.width(),
    });
    let w = maze.width();
    while let Some(room) = rooms.pop() {
        // Across the longer side (a coin decides for a square). The two cuts are one cut in
        // transposed coordinates, so one straight path serves both: which one a random room
        // needs is a coin toss a branch would mispredict.
        let coin = bits.coin(rng);
        let horizontal = room.width < room.height || (room.width == room.height && coin);
        let (span, across) = select_unpredictable(
            horizontal,
            (room.height, room.width),
            (room.width, room.height),
        );
        // The wall runs after line `at` of the span, with a gap at `gap` along it.
        let at = bits.below(rng, (span - 1) as u32) as usize;
        let gap = bits.below(rng, across as u32) as usize;
        let (dr, dc) = select_unpredictable(horizontal, (at, 0), (0, at));
        let first = maze.index(room.row + dr, room.col + dc);
        let (stride, side) = select_unpredictable(horizontal, (1, Dir::South), (w, Dir::East));
        maze.build_walls(first, stride, across, gap, side);
        if maze.is_tracing() {
            record_wall(maze, first, stride, across, gap, side);
        }
        let (first_rows, first_cols) =
            select_unpredictable(horizontal, (at + 1, room.width), (room.height, at + 1));
        rooms.push(Room {
            height: first_rows,
            width: first_cols,
            ..room
        });
        // The rest of the span, beyond the wall.
        let rest = span - at - 1;
        rooms.push(Room {
            row: room.row + select_unpredictable(horizontal, at + 1, 0),
            col: room.col + select_unpredictable(horizontal, 0, at + 1),
            height: select_unpredictable(horizontal, rest, room.height),
            width: select_unpredictable(horizontal, room.width, rest),
        });
    }
}

/// The rooms still to divide, last in first out. Each room divided is narrower or lower than
/// the one it came from, so a stack as deep as the maze is wide and high never overflows.
struct Rooms {
    rooms: Vec<Room>,
    len: usize,
}

impl Rooms {
    fn new(depth: usize) -> Self {
        Rooms {
            rooms: vec![Room::default(); depth + 2],
            len: 0,
        }
    }

    /// Keeps a room for dividing, unless it is a corridor (one cell wide or high) already:
    /// the room is written anyway and kept by moving the end, because whether a random cut
    /// leaves a corridor is a coin toss a branch would mispredict.
    #[inline]
    fn push(&mut self, room: Room) {
        self.rooms[self.len] = room;
        self.len += usize::from(room.width >= 2 && room.height >= 2);
    }

    #[inline]
    fn pop(&mut self) -> Option<Room> {
        self.len = self.len.checked_sub(1)?;
        Some(self.rooms[self.len])
    }
}

/// Records the tiles of a wall just raised: along `len` cells from `first` (stepping by
/// `stride`), the wall tile on the `side` of each cell but the gap, and the pillar after each
/// cell but the last.
fn record_wall(
    maze: &mut CellMaze,
    first: usize,
    stride: usize,
    len: usize,
    gap: usize,
    side: Dir,
) {
    for i in 0..len {
        let cell = first + i * stride;
        if i != gap {
            let tile = maze.wall_tile(cell, side);
            maze.record_tile(tile);
        }
        if i + 1 < len {
            let t = maze.cell_tile(cell);
            maze.record_tile(Pos::new(t.row + 1, t.col + 1));
        }
    }
}
