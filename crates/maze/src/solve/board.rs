//! The map as solvers see it: open tiles in a flat vector with a border of wall around it,
//! so that the four neighbours of any tile are found by adding an offset, without bounds
//! checks in the inner loops.
//!
//! Solvers walk over *nodes*. A tile is one node, except a crossing of a weave maze, which is
//! two: its north-south level (numbered as the tile) and its east-west level (the tile's
//! number plus the board's length). A path that enters a crossing stays on the level it came
//! in on and leaves straight ahead; on a map without crossings, nodes are tiles.

use grid_core::{Axis, Dir, Grid, Pos, Tile};

/// `WOVEN` when the map has crossings: the board of a plain map is a separate type whose
/// steps never look for one.
#[derive(Debug)]
pub(crate) struct Board<const WOVEN: bool> {
    stride: usize,
    /// Each tile's kind, one byte: one look tells whether a step may go there and how.
    kind: Vec<u8>,
    pub start: usize,
    pub goal: usize,
}

const WALL: u8 = 0;
const OPEN: u8 = 1;
const CROSSING: u8 = 2;

/// The kinds of a map's tiles with the wall around them, and whether any is a crossing: read
/// in one pass, before the board's type can be chosen.
#[derive(Debug)]
pub(crate) struct Layout {
    stride: usize,
    kind: Vec<u8>,
    pub woven: bool,
}

impl Layout {
    pub fn of(tiles: &Grid<Tile>) -> Layout {
        let stride = tiles.width() + 2;
        let mut kind = vec![WALL; stride * (tiles.height() + 2)];
        let mut woven = false;
        for (r, row) in tiles.rows().enumerate() {
            let base = (r + 1) * stride + 1;
            // Arithmetic rather than a match: walls and floor alternate at random.
            for (k, t) in kind[base..base + row.len()].iter_mut().zip(row) {
                let crossing = t.is_crossing();
                *k = u8::from(t.is_open()) * OPEN + u8::from(crossing) * (CROSSING - OPEN);
                woven |= crossing;
            }
        }
        Layout {
            stride,
            kind,
            woven,
        }
    }
}

/// Marks the direction a node was reached from; 0 means "not reached".
pub(crate) type Came = u8;

impl<const WOVEN: bool> Board<WOVEN> {
    /// The board of `layout` (see [`Layout::of`]), whose crossings `WOVEN` must match.
    pub fn new(layout: Layout, start: Pos, goal: Pos) -> Self {
        debug_assert_eq!(layout.woven, WOVEN);
        let stride = layout.stride;
        let idx = |p: Pos| (p.row + 1) * stride + p.col + 1;
        Board {
            stride,
            start: idx(start),
            goal: idx(goal),
            kind: layout.kind,
        }
    }

    /// Tiles on the board, the wall around it included.
    fn tiles(&self) -> usize {
        self.kind.len()
    }

    /// How many node numbers there are (some stand for no node: walls, and the second level
    /// of a tile that is no crossing).
    pub fn len(&self) -> usize {
        if WOVEN {
            2 * self.kind.len()
        } else {
            self.kind.len()
        }
    }

    /// The tile a node stands on.
    #[inline]
    pub fn tile(&self, node: usize) -> usize {
        if WOVEN && node >= self.tiles() {
            node - self.tiles()
        } else {
            node
        }
    }

    /// Whether `node` is a place a path can stand.
    #[inline]
    pub fn is_node(&self, node: usize) -> bool {
        let tile = self.tile(node);
        match self.kind[tile] {
            WALL => false,
            OPEN => node == tile,
            _ => true,
        }
    }

    /// Whether the node stands on the goal tile (on either level, if it is a crossing).
    #[inline]
    pub fn is_goal(&self, node: usize) -> bool {
        self.tile(node) == self.goal
    }

    /// A tile on the map's edge (or the wall around it): part of the outer wall when closed.
    pub fn is_edge(&self, i: usize) -> bool {
        let i = self.tile(i);
        let rows = self.kind.len() / self.stride;
        let (r, c) = (i / self.stride, i % self.stride);
        r <= 1 || c <= 1 || r + 2 >= rows || c + 2 >= self.stride
    }

    #[inline]
    fn step_tile(&self, tile: usize, dir: Dir) -> usize {
        match dir {
            Dir::North => tile - self.stride,
            Dir::East => tile + 1,
            Dir::South => tile + self.stride,
            Dir::West => tile - 1,
        }
    }

    /// The tile next to a node's tile in `dir`.
    #[inline]
    pub fn tile_beside(&self, node: usize, dir: Dir) -> usize {
        self.step_tile(self.tile(node), dir)
    }

    /// The node a step in `dir` from `node` arrives at, when the step is allowed: the tile
    /// there is open, and `node` is no crossing level running across `dir`.
    #[inline]
    pub fn step(&self, node: usize, dir: Dir) -> Option<usize> {
        let tile = self.tile(node);
        if WOVEN && self.kind[tile] == CROSSING && Axis::of(dir) != self.level(node) {
            return None;
        }
        let next = self.step_tile(tile, dir);
        match self.kind[next] {
            WALL => None,
            _ if !WOVEN => Some(next),
            OPEN => Some(next),
            _ => Some(self.entered(next, dir)),
        }
    }

    /// The axis a crossing's node runs along.
    #[inline]
    fn level(&self, node: usize) -> Axis {
        if node >= self.tiles() {
            Axis::EastWest
        } else {
            Axis::NorthSouth
        }
    }

    /// The node a step in `dir` into `tile` arrives at.
    #[inline]
    fn entered(&self, tile: usize, dir: Dir) -> usize {
        if WOVEN && self.kind[tile] == CROSSING && Axis::of(dir) == Axis::EastWest {
            tile + self.tiles()
        } else {
            tile
        }
    }

    /// Whether a step in `dir` from `node` is allowed.
    #[inline]
    pub fn can_step(&self, node: usize, dir: Dir) -> bool {
        self.step(node, dir).is_some()
    }

    /// The nodes one allowed step from `node`, with the direction that leads to each.
    #[inline]
    pub fn open_neighbours(&self, node: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        Dir::ALL
            .into_iter()
            .filter_map(move |d| Some((d, self.step(node, d)?)))
    }

    /// Tile position of a node.
    pub fn pos(&self, node: usize) -> Pos {
        let i = self.tile(node);
        Pos::new(i / self.stride - 1, i % self.stride - 1)
    }

    /// Manhattan distance between the tiles of two nodes: admissible, as every step moves
    /// one tile, over a crossing or not.
    #[inline]
    pub fn manhattan(&self, a: usize, b: usize) -> usize {
        let (a, b) = (self.tile(a), self.tile(b));
        let (ar, ac) = (a / self.stride, a % self.stride);
        let (br, bc) = (b / self.stride, b % self.stride);
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// The path from start to `end` by following the `came` marks back.
    pub fn walk_back(&self, came: &[Came], end: usize) -> Vec<usize> {
        let mut path = vec![end];
        let mut node = end;
        while node != self.start {
            let dir = Dir::ALL[came[node] as usize - 1];
            let back = self.step_tile(self.tile(node), dir.opposite());
            // A crossing is passed straight through, on the level along the step.
            node = if back == self.start {
                back
            } else {
                self.entered(back, dir)
            };
            path.push(node);
        }
        path.reverse();
        path
    }

    /// The mark for "reached by a step in `dir`".
    #[inline]
    pub fn came_by(dir: Dir) -> Came {
        dir.index() as u8 + 1
    }
}
