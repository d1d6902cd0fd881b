//! Small rooms finished in one step.
//!
//! Two thirds of the divisions of a big maze happen in rooms of at most 3 x 4 cells, where
//! pushing, popping and cutting cost far more than the few walls they raise. Every way
//! recursive division can end in such a room is written out once, in a table with each
//! ending as often as the division would pick it; one draw then finishes the room.
//!
//! The table is exact, not an approximation: entry `r` of a room's table is the ending the
//! division reaches when its choices are read from `r` as digits of a mixed radix (the cut,
//! then the number of the first part's ending, then the second's). The table's length is a
//! multiple of every product of choice counts along the way, so a uniform `r` makes every
//! choice uniform and independent, as separate draws would.

use super::{Cut, Room};
use crate::cells::{EAST, SOUTH};
use std::sync::LazyLock;

/// The largest rooms finished from a table: at most 4 cells each way and 12 in all, so each
/// table stays under 2^15 entries (a 3 x 4 room has 6912) and all of them under 60 KB.
const SIDE: usize = 4;
const MAX_CELLS: usize = 12;

/// Which table a room of `height` x `width` cells uses, as `(height - 1) * 4 + width - 1`;
/// rooms too big for one get `BIG`, the slot a 4 x 4 room would take, whose table holds a
/// single ending without walls.
pub(super) const BIG: usize = SIDE * SIDE - 1;

/// The slot every corridor uses (the 1 x 1 room's): one ending, without walls.
pub(super) const CORRIDOR: usize = 0;

/// The walls of a room's ending: one byte a row, two bits a cell (`EAST` and `SOUTH` as in
/// the cell bytes), for rows and columns counted from the room's corner.
pub(super) type Walls = u32;

/// Every ending of every small room.
pub(super) struct SmallRooms {
    /// Where each shape's endings start in `walls`, and how many it has.
    start: [usize; SIDE * SIDE],
    count: [usize; SIDE * SIDE],
    walls: Vec<Walls>,
}

pub(super) static SMALL_ROOMS: LazyLock<SmallRooms> = LazyLock::new(SmallRooms::build);

/// The table slot of a room: `BIG` for one that is divided cut by cut, and the 1 x 1 room's
/// for any corridor, which has nothing to divide.
#[inline]
pub(super) fn shape(room: Room) -> usize {
    let small = room.height <= SIDE && room.width <= SIDE;
    let slot = (room.height.wrapping_sub(1) * SIDE + room.width.wrapping_sub(1)) % (SIDE * SIDE);
    let slot = if small { slot } else { BIG };
    if room.is_corridor() { CORRIDOR } else { slot }
}

impl SmallRooms {
    /// How many endings the table of `shape` has: draws for it are below this.
    #[inline]
    pub fn count(&self, shape: usize) -> usize {
        self.count[shape]
    }

    /// Ending number `r` of a room of `shape`.
    #[inline]
    pub fn walls(&self, shape: usize, r: usize) -> Walls {
        self.walls[self.entry(shape, r)]
    }

    /// Where ending number `r` of a room of `shape` is kept, for `walls_at`: a number
    /// under 2^14.
    #[inline]
    pub fn entry(&self, shape: usize, r: usize) -> usize {
        self.start[shape] + r
    }

    #[inline]
    pub fn walls_at(&self, entry: usize) -> Walls {
        self.walls[entry]
    }

    /// The tables, smallest rooms first: a room's ending is its first cut and one ending of
    /// each part, and the parts are smaller rooms whose tables are already there.
    fn build() -> Self {
        let mut rooms = SmallRooms {
            start: [0; SIDE * SIDE],
            count: [1; SIDE * SIDE],
            walls: Vec::new(),
        };
        for height in 1..=SIDE {
            for width in 1..=SIDE {
                let room = Room::sized(height, width);
                let slot = shape(room);
                rooms.start[slot] = rooms.walls.len();
                if height * width > MAX_CELLS || room.is_corridor() {
                    rooms.walls.push(0);
                    continue;
                }
                rooms.count[slot] = rooms.endings(room);
                rooms.add_table(room);
            }
        }
        rooms
    }

    /// The number of endings in the table of `room`: the least common multiple, over its
    /// first cuts, of the cut's choice count times its parts' ending counts.
    fn endings(&self, room: Room) -> usize {
        (0..choices(room))
            .map(|c| {
                let (first, rest) = self.parts(room, c);
                choices(room) * self.count(shape(first)) * self.count(shape(rest))
            })
            .fold(1, lcm)
    }

    /// Appends the table of `room`. Entry `r` is what `decode` reads from `r`: cut number
    /// `r % choices`, then the parts' endings from the rest, so the entries of each cut
    /// are written in one sweep over its parts' tables.
    fn add_table(&mut self, room: Room) {
        let ways = choices(room);
        let count = self.count(shape(room));
        let start = self.walls.len();
        self.walls.resize(start + count, 0);
        for c in 0..ways {
            let (cut, _, _) = decode(room, c, |part| self.count(shape(part))).unwrap();
            let (first, rest) = room.split(cut.horizontal, cut.at);
            let (first_shape, rest_shape) = (shape(first), shape(rest));
            let (first_count, rest_count) = (self.count(first_shape), self.count(rest_shape));
            let walls = cut_walls(room, cut);
            let mut r = start + c;
            for _ in 0..count / (ways * first_count * rest_count) {
                for rest_r in 0..rest_count {
                    let rest_walls = self.walls(rest_shape, rest_r) << offset(room, rest);
                    for first_r in 0..first_count {
                        let first_walls = self.walls(first_shape, first_r) << offset(room, first);
                        self.walls[r] = walls | first_walls | rest_walls;
                        r += ways;
                    }
                }
            }
        }
    }

    /// The two parts left by cut number `c` of `room`.
    fn parts(&self, room: Room, c: usize) -> (Room, Room) {
        let (cut, _, _) = decode(room, c, |part| self.count(shape(part))).unwrap();
        room.split(cut.horizontal, cut.at)
    }

    /// Calls `raise` with each cut of ending `r` of `room`, in the order recursive division
    /// would make them, for a traced maze that shows its walls going up one by one.
    pub fn for_each_cut(&self, room: Room, r: usize, mut raise: impl FnMut(Room, Cut)) {
        // Depth-first with an explicit stack: a room of 12 cells has at most 11 cuts.
        let mut todo = vec![(room, r)];
        while let Some((room, r)) = todo.pop() {
            let Some((cut, first_r, rest_r)) = decode(room, r, |part| self.count(shape(part)))
            else {
                continue;
            };
            raise(room, cut);
            let (first, rest) = room.split(cut.horizontal, cut.at);
            todo.push((rest, rest_r));
            todo.push((first, first_r));
        }
    }
}

/// How many first cuts `room` has: the coin for a square, where the wall goes, where its
/// gap is.
fn choices(room: Room) -> usize {
    let coin = if room.width == room.height { 2 } else { 1 };
    let (span, across) = room.extent(room.cuts_horizontally(false));
    coin * (span - 1) * across
}

/// Reads ending number `r` of `room` as its first cut and the ending numbers of the two
/// parts, given how many endings a part's table has; `None` for a corridor.
fn decode(room: Room, r: usize, count: impl Fn(Room) -> usize) -> Option<(Cut, usize, usize)> {
    if room.is_corridor() {
        return None;
    }
    let square = room.width == room.height;
    let coin = square && r & 1 == 1;
    let r = if square { r / 2 } else { r };
    let horizontal = room.cuts_horizontally(coin);
    let (span, across) = room.extent(horizontal);
    let at = r % (span - 1);
    let r = r / (span - 1);
    let gap = r % across;
    let r = r / across;
    let (first, rest) = room.split(horizontal, at);
    let first_count = count(first);
    let cut = Cut {
        horizontal,
        at,
        gap,
    };
    Some((cut, r % first_count, r / first_count % count(rest)))
}

/// The walls of one cut of `room`, in the bits of `Walls` for the room's own corner.
fn cut_walls(room: Room, cut: Cut) -> Walls {
    let (_, across) = room.extent(cut.horizontal);
    (0..across)
        .filter(|&i| i != cut.gap)
        .map(|i| {
            if cut.horizontal {
                cell_bit(cut.at, i, SOUTH)
            } else {
                cell_bit(i, cut.at, EAST)
            }
        })
        .fold(0, |walls, bit| walls | bit)
}

/// The bit of wall `side` (`EAST` or `SOUTH`) of the cell at `row`, `col` of a room.
fn cell_bit(row: usize, col: usize, side: u8) -> Walls {
    Walls::from(side) << (8 * row + 2 * col)
}

/// How far a part's walls move to sit where the part is in `room`.
fn offset(room: Room, part: Room) -> usize {
    8 * (part.row - room.row) + 2 * (part.col - room.col)
}

fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// The chance of each ending of `room`, as a count out of `total`, by following every
    /// path of the division itself: what the tables must reproduce.
    fn by_division(room: Room, total: u64) -> HashMap<Walls, u64> {
        let mut endings = HashMap::new();
        // (rooms still to divide, walls so far, weight out of `total`)
        let mut paths = vec![(vec![room], 0, total)];
        while let Some((mut todo, walls, weight)) = paths.pop() {
            let Some(part) = todo.pop() else {
                *endings.entry(walls).or_insert(0) += weight;
                continue;
            };
            if part.is_corridor() {
                paths.push((todo, walls, weight));
                continue;
            }
            let coins: &[bool] = if part.width == part.height {
                &[false, true]
            } else {
                &[false]
            };
            let ways = choices(part) as u64;
            assert_eq!(weight % ways, 0, "the table is too short for {part:?}");
            for &coin in coins {
                let horizontal = part.cuts_horizontally(coin);
                let (span, across) = part.extent(horizontal);
                for at in 0..span - 1 {
                    for gap in 0..across {
                        let cut = Cut {
                            horizontal,
                            at,
                            gap,
                        };
                        let (first, rest) = part.split(horizontal, at);
                        let mut next = todo.clone();
                        next.extend([first, rest]);
                        let placed = cut_walls(part, cut) << offset(room, part);
                        paths.push((next, walls | placed, weight / ways));
                    }
                }
            }
        }
        endings
    }

    #[test]
    fn every_table_holds_each_ending_as_often_as_division_reaches_it() {
        let tables = SmallRooms::build();
        for height in 1..=SIDE {
            for width in 1..=SIDE {
                let room = Room::sized(height, width);
                if height * width > MAX_CELLS {
                    continue;
                }
                let slot = shape(room);
                let n = tables.count(slot);
                let mut seen: HashMap<Walls, u64> = HashMap::new();
                for r in 0..n {
                    *seen.entry(tables.walls(slot, r)).or_insert(0) += 1;
                }
                assert_eq!(seen, by_division(room, n as u64), "{height}x{width}");
            }
        }
    }

    #[test]
    fn the_cuts_of_an_ending_raise_its_walls() {
        let tables = SmallRooms::build();
        let room = Room::sized(3, 4);
        let slot = shape(room);
        for r in 0..tables.count(slot) {
            let mut walls = 0;
            tables.for_each_cut(room, r, |part, cut| {
                walls |= cut_walls(part, cut) << offset(room, part)
            });
            assert_eq!(walls, tables.walls(slot, r), "ending {r}");
        }
    }

    #[test]
    fn the_tables_are_as_small_as_promised() {
        let tables = SmallRooms::build();
        assert_eq!(tables.count(shape(Room::sized(3, 4))), 6912);
        assert_eq!(tables.count(shape(Room::sized(2, 2))), 4);
        assert!(tables.walls.len() < 1 << 14);
        assert_eq!(shape(Room::sized(4, 4)), BIG);
        assert_eq!(shape(Room::sized(2, 5)), BIG);
        assert_eq!(shape(Room::sized(9, 1)), shape(Room::sized(1, 1)));
    }
}
