//! Recursive division: start from an open field and divide it by a wall with one gap, then
//! divide each side the same way until the rooms are corridors. The only wall adder here: its
//! trace records the wall tiles it raises (`trace_mode: "wall"`).
//!
//! "Recursive" names the idea, not the code: the rooms still to divide wait on a heap stack.

use crate::cells::CellMaze;
use grid_core::{BitSource, Dir, Pos, Rng};

/// A rectangle of cells still to divide.
#[derive(Clone, Copy)]
struct Room {
    row: usize,
    col: usize,
    height: usize,
    width: usize,
}

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    maze.open_field();
    let mut bits = BitSource::new();
    let mut rooms = Vec::new();
    push(
        &mut rooms,
        Room {
            row: 0,
            col: 0,
            height: maze.height(),
            width: maze.width(),
        },
    );
    while let Some(room) = rooms.pop() {
        let horizontal = match room.width.cmp(&room.height) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => bits.coin(rng),
        };
        if horizontal {
            // A wall below row `at` of the room, with a gap at column `gap`.
            let at = bits.below(rng, (room.height - 1) as u32) as usize;
            let gap = bits.below(rng, room.width as u32) as usize;
            let r = room.row + at;
            let first = maze.index(r, room.col);
            maze.build_south_walls(first, room.width, gap);
            if maze.is_tracing() {
                record_wall(maze, first, 1, room.width, gap, Dir::South);
            }
            push(
                &mut rooms,
                Room {
                    height: at + 1,
                    ..room
                },
            );
            push(
                &mut rooms,
                Room {
                    row: r + 1,
                    height: room.height - at - 1,
                    ..room
                },
            );
        } else {
            let at = bits.below(rng, (room.width - 1) as u32) as usize;
            let gap = bits.below(rng, room.height as u32) as usize;
            let c = room.col + at;
            let first = maze.index(room.row, c);
            let w = maze.width();
            maze.build_east_walls(first, room.height, gap);
            if maze.is_tracing() {
                record_wall(maze, first, w, room.height, gap, Dir::East);
            }
            push(
                &mut rooms,
                Room {
                    width: at + 1,
                    ..room
                },
            );
            push(
                &mut rooms,
                Room {
                    col: c + 1,
                    width: room.width - at - 1,
                    ..room
                },
            );
        }
    }
}

/// Keeps a room for dividing, unless it is a corridor (one cell wide or high) already.
fn push(rooms: &mut Vec<Room>, room: Room) {
    if room.width >= 2 && room.height >= 2 {
        rooms.push(room);
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
