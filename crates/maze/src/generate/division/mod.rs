//! Recursive division: start from an open field and divide it by a wall with one gap, then
//! divide each side the same way until the rooms are corridors. The only wall adder here: its
//! trace records the wall tiles it raises (`trace_mode: "wall"`).
//!
//! "Recursive" names the idea, not the code: the rooms still to divide wait on a heap stack,
//! and rooms of a dozen cells or fewer are finished in one step from a table (`small`).

mod small;

use crate::cells::CellMaze;
use grid_core::{Dir, Pos, Rng};
use small::{BIG, SMALL_ROOMS, SmallRooms};
use std::hint::select_unpredictable;

/// A rectangle of cells still to divide.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Room {
    row: usize,
    col: usize,
    height: usize,
    width: usize,
}

/// Where a room is cut: after line `at` of its span, by a wall with a gap at `gap` along it.
/// A horizontal cut runs along a row (south walls), a vertical one down a column (east walls).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Cut {
    horizontal: bool,
    at: usize,
    gap: usize,
}

impl Room {
    fn sized(height: usize, width: usize) -> Room {
        Room {
            row: 0,
            col: 0,
            height,
            width,
        }
    }

    /// One cell wide or high: nothing left to divide.
    fn is_corridor(self) -> bool {
        self.width < 2 || self.height < 2
    }

    /// A room is cut across its longer side, and a square one as `coin` says.
    #[inline]
    fn cuts_horizontally(self, coin: bool) -> bool {
        self.width < self.height || (self.width == self.height && coin)
    }

    /// The room's length across the cuts (the lines a wall can follow) and along them.
    ///
    /// The two cuts are one cut in transposed coordinates, so one straight path serves
    /// both: which one a random room needs is a coin toss a branch would mispredict.
    #[inline]
    fn extent(self, horizontal: bool) -> (usize, usize) {
        select_unpredictable(
            horizontal,
            (self.height, self.width),
            (self.width, self.height),
        )
    }

    /// The two rooms either side of a cut after line `at`.
    #[inline]
    fn split(self, horizontal: bool, at: usize) -> (Room, Room) {
        let (span, _) = self.extent(horizontal);
        let (first_rows, first_cols) =
            select_unpredictable(horizontal, (at + 1, self.width), (self.height, at + 1));
        let first = Room {
            height: first_rows,
            width: first_cols,
            ..self
        };
        // Computed along the span, so the side not taken never underflows.
        let rest = span - at - 1;
        let rest = Room {
            row: self.row + select_unpredictable(horizontal, at + 1, 0),
            col: self.col + select_unpredictable(horizontal, 0, at + 1),
            height: select_unpredictable(horizontal, rest, self.height),
            width: select_unpredictable(horizontal, self.width, rest),
        };
        (first, rest)
    }
}

pub fn carve(maze: &mut CellMaze, rng: &mut Rng) {
    maze.open_field();
    let whole = Room::sized(maze.height(), maze.width());
    if whole.is_corridor() {
        return;
    }
    // Two copies of the loop, so that the untraced one never asks whether to trace.
    if maze.is_tracing() {
        divide::<true>(maze, rng, whole);
    } else {
        divide::<false>(maze, rng, whole);
    }
}

/// Divides `whole` and every room it leaves, recording each wall when `TRACED`.
fn divide<const TRACED: bool>(maze: &mut CellMaze, rng: &mut Rng, whole: Room) {
    let mut divider = Divider {
        rooms: Rooms::new(maze.width() + maze.height()),
        small: &SMALL_ROOMS,
        pending: Pending::default(),
    };
    let draw = rng.next_u64() as u32;
    divider.settle::<TRACED>(maze, rng, whole, draw);
    while let Some(room) = divider.rooms.pop() {
        // One word pays for the whole step: a coin, 16 bits for each of the wall and its
        // gap, and 15 for each part's ending should it be small.
        let word = rng.next_u64();
        let horizontal = room.cuts_horizontally(word & 1 == 1);
        let (span, across) = room.extent(horizontal);
        let cut = Cut {
            horizontal,
            at: below(rng, (word >> 1) as u32, 16, span - 1),
            gap: below(rng, (word >> 17) as u32, 16, across),
        };
        raise::<TRACED>(maze, room, cut);
        let (first, rest) = room.split(horizontal, cut.at);
        divider.settle::<TRACED>(maze, rng, first, (word >> 33) as u32);
        divider.settle::<TRACED>(maze, rng, rest, (word >> 48) as u32);
        if divider.pending.is_full() {
            divider.finish_pending(maze);
        }
    }
    divider.finish_pending(maze);
}

/// The rooms still to divide, and the tables that finish the small ones.
struct Divider {
    rooms: Rooms,
    /// `SMALL_ROOMS`, looked up once rather than at every room of the hot loop.
    small: &'static SmallRooms,
    pending: Pending,
}

impl Divider {
    /// Keeps `room` for dividing if it is big; if it is small, picks its ending with
    /// `draw`'s low 15 bits and finishes it (or, untraced, puts it with the pending ones).
    ///
    /// Every room goes through the same steps whether it is big, small or a corridor: which
    /// one a random cut leaves is a toss-up that a branch would mispredict.
    #[inline(always)]
    fn settle<const TRACED: bool>(
        &mut self,
        maze: &mut CellMaze,
        rng: &mut Rng,
        room: Room,
        draw: u32,
    ) {
        let shape = small::shape(room);
        let r = below(rng, draw, 15, self.small.count(shape));
        let is_small = shape != BIG && shape != small::CORRIDOR;
        if TRACED {
            if is_small {
                let raise = |part, cut| raise::<true>(maze, part, cut);
                self.small.for_each_cut(room, r, raise);
            }
        } else {
            let first = maze.index(room.row, room.col);
            let entry = self.small.entry(shape, r);
            self.pending.push_when(first, room.height, entry, is_small);
        }
        self.rooms.push_when(room, shape == BIG);
    }

    /// Raises the walls of the small rooms waiting for them, in a loop where every room
    /// has walls to raise.
    fn finish_pending(&mut self, maze: &mut CellMaze) {
        for &room in self.pending.drain() {
            let (first, height, entry) = Pending::unpack(room);
            let walls = self.small.walls_at(entry);
            for i in 0..4 {
                // Rows past the room's last have no walls; they stay on the room's last
                // row so that they stay on the board.
                let row = first + i.min(height - 1) * maze.width();
                maze.build_row_walls(row, spread_row(walls >> (8 * i)));
            }
        }
    }
}

/// Small rooms whose ending is chosen and whose walls are not raised yet, each packed in a
/// word: its first cell, its height and its ending's entry in the tables.
struct Pending {
    rooms: [u64; PENDING + 2],
    len: usize,
}

/// How many small rooms wait before their walls go up: few enough to stay in cache. A step
/// adds two at most, hence the two spare places.
const PENDING: usize = 64;

impl Default for Pending {
    fn default() -> Self {
        Pending {
            rooms: [0; PENDING + 2],
            len: 0,
        }
    }
}

impl Pending {
    /// Adds a room if `keep` holds, without a branch on it.
    #[inline(always)]
    fn push_when(&mut self, first: usize, height: usize, entry: usize, keep: bool) {
        debug_assert!(!keep || (u32::try_from(first).is_ok() && height <= 4 && entry < 1 << 14));
        self.rooms[self.len] = first as u64 | (entry as u64) << 32 | (height as u64) << 48;
        self.len += usize::from(keep);
    }

    fn unpack(room: u64) -> (usize, usize, usize) {
        let first = room as u32 as usize;
        let entry = (room >> 32) as usize & 0xffff;
        let height = (room >> 48) as usize;
        (first, height, entry)
    }

    #[inline(always)]
    fn is_full(&self) -> bool {
        self.len >= PENDING
    }

    fn drain(&mut self) -> &[u64] {
        let len = std::mem::take(&mut self.len);
        &self.rooms[..len]
    }
}

/// Spreads one row of a table ending (two bits a cell) to one byte a cell.
#[inline]
fn spread_row(bits: u32) -> u32 {
    let b = bits & 0xff;
    (b | b << 6 | b << 12 | b << 18) & 0x0303_0303
}

/// Raises the wall of `cut` in `room`, and records its tiles when the maze is traced.
#[inline(always)]
fn raise<const TRACED: bool>(maze: &mut CellMaze, room: Room, cut: Cut) {
    let (dr, dc) = select_unpredictable(cut.horizontal, (cut.at, 0), (0, cut.at));
    let first = maze.index(room.row + dr, room.col + dc);
    let (stride, side) =
        select_unpredictable(cut.horizontal, (1, Dir::South), (maze.width(), Dir::East));
    let (_, across) = room.extent(cut.horizontal);
    maze.build_walls(first, stride, across, cut.gap, side);
    if TRACED {
        record_wall(maze, first, stride, across, cut.gap, side);
    }
}

/// A uniform integer below `n` from the `bits` low bits of `draw` (Lemire's multiply).
/// Exact: on the rare rejection, or for `n` beyond what the bits can cover, a fresh draw
/// from `rng` decides instead.
#[inline]
fn below(rng: &mut Rng, draw: u32, bits: u32, n: usize) -> usize {
    let mask = (1u64 << bits) - 1;
    if n as u64 > mask {
        return rng.index(n);
    }
    let m = (u64::from(draw) & mask) * n as u64;
    let low = m & mask;
    if low < n as u64 && low < (mask + 1) % n as u64 {
        return rng.index(n);
    }
    (m >> bits) as usize
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

    /// Keeps `room` if `keep` holds: the room is written anyway and kept by moving the end,
    /// so that there is no branch on it.
    #[inline]
    fn push_when(&mut self, room: Room, keep: bool) {
        self.rooms[self.len] = room;
        self.len += usize::from(keep);
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
