//! Positions and directions on a grid of tiles.
//!
//! Every coordinate in the toolkit is a [`Pos`]: `[row, col]`, zero-based, row 0 at the top,
//! exactly as docs/format.md writes it. Keeping one type for it (instead of loose `(usize, usize)`
//! pairs) means a row can never be passed where a column was meant.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;

/// A tile position: `row` from the top, `col` from the left, both zero-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Pos {
    pub row: usize,
    pub col: usize,
}

impl Pos {
    pub const fn new(row: usize, col: usize) -> Self {
        Pos { row, col }
    }

    /// The neighbour one step in `dir`, or `None` when that would leave the non-negative
    /// quadrant. Whether it lies inside a particular grid is the grid's question.
    pub fn step(self, dir: Dir) -> Option<Pos> {
        let (dr, dc) = dir.delta();
        self.offset(dr, dc)
    }

    /// The position `dr` rows and `dc` columns away, or `None` when that would leave the
    /// non-negative quadrant (for shapes that reach further than one step).
    pub fn offset(self, dr: isize, dc: isize) -> Option<Pos> {
        Some(Pos {
            row: self.row.checked_add_signed(dr)?,
            col: self.col.checked_add_signed(dc)?,
        })
    }

    /// Manhattan distance, the A* heuristic on a four-connected grid.
    pub fn manhattan(self, other: Pos) -> usize {
        self.row.abs_diff(other.row) + self.col.abs_diff(other.col)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.row, self.col)
    }
}

impl Serialize for Pos {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        [self.row, self.col].serialize(s)
    }
}

impl<'de> Deserialize<'de> for Pos {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let [row, col] = <[usize; 2]>::deserialize(d)?;
        Ok(Pos { row, col })
    }
}

/// One of the four directions of a four-connected grid, in clockwise order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    /// All four, clockwise from north.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// `(row, col)` change of one step.
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Dir::North => (-1, 0),
            Dir::East => (0, 1),
            Dir::South => (1, 0),
            Dir::West => (0, -1),
        }
    }

    pub const fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }

    /// A quarter turn clockwise: what "right" is for a walker facing `self`.
    pub const fn right(self) -> Dir {
        match self {
            Dir::North => Dir::East,
            Dir::East => Dir::South,
            Dir::South => Dir::West,
            Dir::West => Dir::North,
        }
    }

    /// A quarter turn counter-clockwise.
    pub const fn left(self) -> Dir {
        self.right().opposite()
    }

    /// 0..4 in clockwise order, for tables indexed by direction.
    /// The direction's name in lower case, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::North => "north",
            Dir::East => "east",
            Dir::South => "south",
            Dir::West => "west",
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_right_four_times_comes_back() {
        for d in Dir::ALL {
            assert_eq!(d.right().right().right().right(), d);
            assert_eq!(d.right().left(), d);
            assert_eq!(d.opposite().opposite(), d);
        }
    }

    #[test]
    fn steps_off_the_top_or_left_are_none() {
        assert_eq!(Pos::new(0, 3).step(Dir::North), None);
        assert_eq!(Pos::new(3, 0).step(Dir::West), None);
        assert_eq!(Pos::new(3, 3).step(Dir::South), Some(Pos::new(4, 3)));
    }

    #[test]
    fn pos_is_written_as_a_pair() {
        assert_eq!(serde_json::to_string(&Pos::new(2, 5)).unwrap(), "[2,5]");
        let p: Pos = serde_json::from_str("[7, 1]").unwrap();
        assert_eq!(p, Pos::new(7, 1));
        assert!(serde_json::from_str::<Pos>("[-1, 1]").is_err());
        assert!(serde_json::from_str::<Pos>("[1]").is_err());
    }
}
