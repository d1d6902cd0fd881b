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
    let mut rooms = vec![Room {
        row: 0,
        col: 0,
        height: maze.height(),
        width: maze.width(),
    }];
    while let Some(room) = rooms.pop() {
        if room.width < 2 || room.height < 2 {
            continue;
        }
        let horizontal = match room.width.cmp(&room.height) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => bits.coin(rng),
        };
        if horizontal {
            // A wall below row `at` of the room, with a gap at column `gap`.
            let at = rng.index(room.height - 1);
            let gap = rng.index(room.width);
            let r = room.row + at;
            for c in 0..room.width {
                let cell = maze.index(r, room.col + c);
                if c != gap {
                    maze.build_wall(cell, Dir::South);
                    maze.record_tile(maze.wall_tile(cell, Dir::South));
                }
                if c + 1 < room.width {
                    let t = maze.cell_tile(cell);
                    maze.record_tile(Pos::new(t.row + 1, t.col + 1));
                }
            }
            rooms.push(Room {
                height: at + 1,
                ..room
            });
            rooms.push(Room {
                row: r + 1,
                height: room.height - at - 1,
                ..room
            });
        } else {
            let at = rng.index(room.width - 1);
            let gap = rng.index(room.height);
            let c = room.col + at;
            for r in 0..room.height {
                let cell = maze.index(room.row + r, c);
                if r != gap {
                    maze.build_wall(cell, Dir::East);
                    maze.record_tile(maze.wall_tile(cell, Dir::East));
                }
                if r + 1 < room.height {
                    let t = maze.cell_tile(cell);
                    maze.record_tile(Pos::new(t.row + 1, t.col + 1));
                }
            }
            rooms.push(Room {
                width: at + 1,
                ..room
            });
            rooms.push(Room {
                col: c + 1,
                width: room.width - at - 1,
                ..room
            });
        }
    }
}
