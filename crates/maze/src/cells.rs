//! `CellMaze`: a maze of W x H cells whose walls are the borders between cells, the shape
//! every generator builds before it is drawn as tiles.
//!
//! Each cell stores two bits, "open to the east" and "open to the south"; the west and north
//! passages are the east and south bits of the neighbours. One byte a cell keeps a
//! 2000 x 2000 maze in 4 MB, and generators touch only the cells they carve.
//!
//! A maze may have a shape (a [`Mask`]: cells left out, which no passage touches) and
//! crossings (a weave maze: a cell where one passage runs over another, two bits of its
//! byte saying which is on top). Paths through a weave maze run over *nodes*: a plain cell
//! is one node, a crossing two, one for each level ([`CellMaze::exits`]).

use crate::mask::Mask;
use grid_core::{Axis, Dir, Grid, Pos, RowSource, Tile};
use std::sync::Arc;

pub(crate) const EAST: u8 = 1;
pub(crate) const SOUTH: u8 = 2;
const PASSAGES: u8 = EAST | SOUTH;
/// A crossing with the north-south passage on top (`'|'`), or the east-west one (`'-'`).
const OVER_NS: u8 = 1 << 6;
const OVER_EW: u8 = 1 << 7;
const CROSSING: u8 = OVER_NS | OVER_EW;
/// What a cell's byte keeps for good; the rest is a generator's scratch mark.
const KEPT: u8 = PASSAGES | CROSSING;
/// Where a generator's marks start in a cell's byte (see `CellMaze::mark`).
const MARK_SHIFT: u8 = 2;
const MARK_BITS: u8 = 0xF;
/// What `CellMaze::neighbour_marks` gives for a neighbour off the board: no mark is this large.
pub(crate) const NO_CELL: u8 = u8::MAX;

/// A cell maze under construction, recording the carving order when asked to.
#[derive(Debug, Clone)]
pub struct CellMaze {
    width: usize,
    height: usize,
    /// `width` as a divisor, for the column of a cell number.
    columns: Divisor,
    links: Vec<u8>,
    trace: Option<Trace>,
    /// The cells of the maze, when it has a shape; every cell of the rectangle otherwise.
    mask: Option<Arc<Mask>>,
    crossings: usize,
}

/// A divisor fixed for a maze's lifetime, with the remainder by two multiplications
/// (Lemire, Kaser and Kurz, "Faster remainder by direct computation", 2019): the walking
/// generators want the column of a cell at every step, and a division takes several times
/// as long, on the path every next step waits for.
#[derive(Debug, Clone, Copy)]
struct Divisor {
    divisor: u32,
    inverse: u64,
}

impl Divisor {
    fn new(divisor: u32) -> Self {
        assert!(divisor > 0, "no division by zero");
        Divisor {
            divisor,
            inverse: (u64::MAX / u64::from(divisor)).wrapping_add(1),
        }
    }

    /// `n % divisor`, for any 32-bit `n`.
    #[inline(always)]
    fn rem(self, n: u32) -> u32 {
        let fraction = self.inverse.wrapping_mul(u64::from(n));
        ((u128::from(fraction) * u128::from(self.divisor)) >> 64) as u32
    }
}

/// Where the wall between `cell` and `other`, its neighbour in `dir`, is kept: in the byte
/// of the western or northern of the two, as its `EAST` or `SOUTH` bit.
#[inline]
fn wall_bit(cell: usize, other: usize, dir: Dir) -> (usize, u8) {
    let bit = if dir.index() & 1 == 1 { EAST } else { SOUTH };
    (cell.min(other), bit)
}

/// Some whole rows of a maze, lent out by `CellMaze::bands`.
#[derive(Debug)]
pub(crate) struct Band<'a> {
    first_row: usize,
    width: usize,
    links: &'a mut [u8],
}

impl Band<'_> {
    /// Opens the passages set in `passages` (`EAST` and `SOUTH` bits, one byte a cell) in
    /// row `row` of the maze from column `col` on. The row must be in the band.
    pub fn open(&mut self, row: usize, col: usize, passages: &[u8]) {
        let first = (row - self.first_row) * self.width + col;
        for (bits, &open) in self.links[first..first + passages.len()]
            .iter_mut()
            .zip(passages)
        {
            *bits |= open & PASSAGES;
        }
    }
}

/// The carving order as tile positions, each tile recorded the first time it opens.
#[derive(Debug, Clone)]
struct Trace {
    order: Vec<Pos>,
    cell_seen: Vec<bool>,
}

impl CellMaze {
    /// A maze with every wall standing. `width` and `height` are at least 1; the caller has
    /// checked the size fits in memory.
    pub fn new(width: usize, height: usize, trace: bool) -> Self {
        assert!(width >= 1 && height >= 1, "a maze has at least one cell");
        CellMaze {
            width,
            height,
            columns: Divisor::new(width as u32),
            links: vec![0; width * height],
            trace: trace.then(|| Trace {
                order: Vec::new(),
                cell_seen: vec![false; width * height],
            }),
            mask: None,
            crossings: 0,
        }
    }

    /// A maze in the shape of `mask`, every wall standing.
    pub fn shaped(mask: Arc<Mask>, trace: bool) -> Self {
        let mut maze = CellMaze::new(mask.width(), mask.height(), trace);
        maze.mask = Some(mask);
        maze
    }

    /// The maze's shape, when it has one.
    pub fn mask(&self) -> Option<&Mask> {
        self.mask.as_deref()
    }

    /// The maze's shape, to share with what works beside the maze.
    pub(crate) fn shared_mask(&self) -> Option<Arc<Mask>> {
        self.mask.clone()
    }

    /// Whether cell number `cell` is part of the maze (not left out by its mask).
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.mask.as_ref().is_none_or(|m| m.contains(cell))
    }

    /// The number of cells in the maze (those of the mask, or the whole rectangle).
    pub fn cell_count(&self) -> usize {
        self.mask.as_ref().map_or(self.links.len(), |m| m.count())
    }

    /// The first cell of the maze in reading order.
    pub fn first_cell(&self) -> usize {
        self.mask
            .as_ref()
            .and_then(|m| m.first_and_last())
            .map_or(0, |(first, _)| first)
    }

    /// The `k`-th cell of the maze in reading order, for a start drawn at random (`k` below
    /// [`CellMaze::cell_count`]).
    pub fn nth_cell(&self, k: usize) -> usize {
        self.mask.as_ref().map_or(k, |m| m.nth(k))
    }

    /// The passage on top at `cell`, when two cross there.
    #[inline]
    pub fn crossing(&self, cell: usize) -> Option<Axis> {
        match self.links[cell] & CROSSING {
            0 => None,
            OVER_NS => Some(Axis::NorthSouth),
            _ => Some(Axis::EastWest),
        }
    }

    /// The number of crossings.
    pub fn crossing_count(&self) -> usize {
        self.crossings
    }

    /// Makes `cell` a crossing with the passage along `over` on top. The caller opens its
    /// four walls.
    pub fn set_crossing(&mut self, cell: usize, over: Axis) {
        debug_assert!(self.crossing(cell).is_none());
        self.links[cell] |= match over {
            Axis::NorthSouth => OVER_NS,
            Axis::EastWest => OVER_EW,
        };
        self.crossings += 1;
    }

    /// Whether a passage from `cell` can run under its neighbour in `dir` to the cell beyond,
    /// for which `beyond` holds: the neighbour is a plain corridor across `dir` (open on its
    /// two sides across, walled along `dir`) and the cell beyond exists.
    #[inline]
    pub fn can_tunnel(&self, cell: usize, dir: Dir, beyond: impl Fn(usize) -> bool) -> bool {
        let Some(under) = self.neighbour(cell, dir) else {
            return false;
        };
        let Some(far) = self.neighbour(under, dir) else {
            return false;
        };
        // The cell beyond first: on most steps of a walk it is the one that says no.
        self.contains(far)
            && beyond(far)
            && self.crossing(under).is_none()
            && self.is_linked(under, dir.left())
            && self.is_linked(under, dir.right())
            && !self.is_linked(under, dir)
            && !self.is_linked(under, dir.opposite())
    }

    /// Carves a passage from `cell` under its neighbour in `dir` (which [`can_tunnel`]
    /// allowed) to the cell beyond, and returns that cell.
    ///
    /// [`can_tunnel`]: CellMaze::can_tunnel
    pub fn tunnel(&mut self, cell: usize, dir: Dir) -> usize {
        let under = self.step(cell, dir);
        self.carve(cell, dir);
        self.carve(under, dir);
        self.set_crossing(under, Axis::of(dir).other());
        self.step(under, dir)
    }

    /// How many nodes a path can stand on: one a cell, and a second for the lower level of
    /// each crossing (numbered `cell + len`, for the east-west level).
    pub fn node_count(&self) -> usize {
        if self.crossings > 0 {
            2 * self.links.len()
        } else {
            self.links.len()
        }
    }

    /// The cell a node stands on.
    #[inline]
    pub fn node_cell(&self, node: usize) -> usize {
        if node >= self.links.len() {
            node - self.links.len()
        } else {
            node
        }
    }

    /// The node a step in `dir` into `cell` arrives at: at a crossing, the level that runs
    /// along `dir`.
    #[inline]
    pub fn node_entered(&self, cell: usize, dir: Dir) -> usize {
        match (self.crossing(cell), Axis::of(dir)) {
            (Some(_), Axis::EastWest) => cell + self.links.len(),
            _ => cell,
        }
    }

    /// The ways on from `node`, as the direction and the node each leads to: every open
    /// passage of a plain cell, straight on along a crossing's level.
    pub fn exits(&self, node: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        let cell = self.node_cell(node);
        let along = self.crossing(cell).map(|_| {
            if node >= self.links.len() {
                Axis::EastWest
            } else {
                Axis::NorthSouth
            }
        });
        Dir::ALL
            .into_iter()
            .filter(move |&d| along.is_none_or(|a| Axis::of(d) == a) && self.is_linked(cell, d))
            .map(move |d| {
                let next = self.step(cell, d);
                (d, self.node_entered(next, d))
            })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn len(&self) -> usize {
        self.links.len()
    }

    pub fn is_empty(&self) -> bool {
        self.links.is_empty()
    }

    pub fn is_tracing(&self) -> bool {
        self.trace.is_some()
    }

    /// Cell index of `(row, col)`.
    #[inline]
    pub fn index(&self, row: usize, col: usize) -> usize {
        row * self.width + col
    }

    /// The column of cell number `cell`, which fits in 32 bits (the size limit sees to it).
    #[inline(always)]
    pub(crate) fn col(&self, cell: usize) -> usize {
        self.columns.rem(cell as u32) as usize
    }

    #[inline]
    pub fn pos(&self, cell: usize) -> Pos {
        Pos::new(cell / self.width, cell % self.width)
    }

    /// The cell next to `cell` in `dir`, if there is one.
    #[inline]
    pub fn neighbour(&self, cell: usize, dir: Dir) -> Option<usize> {
        let w = self.width;
        match dir {
            Dir::North => (cell >= w).then(|| cell - w),
            Dir::South => (cell + w < self.links.len()).then(|| cell + w),
            Dir::West => (!cell.is_multiple_of(w)).then(|| cell - 1),
            Dir::East => (!(cell + 1).is_multiple_of(w)).then(|| cell + 1),
        }
    }

    /// Whether the wall between `cell` and its neighbour in `dir` is open.
    #[inline]
    pub fn is_linked(&self, cell: usize, dir: Dir) -> bool {
        match dir {
            Dir::East => self.links[cell] & EAST != 0,
            Dir::South => self.links[cell] & SOUTH != 0,
            Dir::West => !cell.is_multiple_of(self.width) && self.links[cell - 1] & EAST != 0,
            Dir::North => cell >= self.width && self.links[cell - self.width] & SOUTH != 0,
        }
    }

    /// Number of open passages out of `cell`.
    pub fn degree(&self, cell: usize) -> usize {
        Dir::ALL
            .into_iter()
            .filter(|&d| self.is_linked(cell, d))
            .count()
    }

    /// A generator's own mark on `cell` (0..16), kept in the spare bits of the cell's byte:
    /// a generator that reads a cell's mark and then carves its wall touches one cache line
    /// instead of two, which is what bounds the random-order generators on big mazes.
    #[inline]
    pub(crate) fn mark(&self, cell: usize) -> u8 {
        self.links[cell] >> MARK_SHIFT & MARK_BITS
    }

    #[inline]
    pub(crate) fn set_mark(&mut self, cell: usize, mark: u8) {
        debug_assert!(mark <= MARK_BITS);
        self.links[cell] = self.links[cell] & KEPT | mark << MARK_SHIFT;
    }

    /// The marks of the four neighbours of `cell`, clockwise from north, `NO_CELL` for those
    /// off the board: one look at the neighbourhood for generators that ask several questions
    /// of it.
    #[inline(always)]
    pub(crate) fn neighbour_marks(&self, cell: usize) -> [u8; 4] {
        let w = self.width;
        let col = self.col(cell);
        let mark = |ok: bool, c: usize| if ok { self.mark(c) } else { NO_CELL };
        [
            mark(cell >= w, cell.wrapping_sub(w)),
            mark(col + 1 < w, cell + 1),
            mark(cell + w < self.links.len(), cell + w),
            mark(col > 0, cell.wrapping_sub(1)),
        ]
    }

    /// Adds the bits of `mark` to the mark of `cell` (0 leaves it as it is).
    #[inline]
    pub(crate) fn or_mark(&mut self, cell: usize, mark: u8) {
        self.links[cell] |= mark << MARK_SHIFT;
    }

    /// Wipes every mark, leaving the passages: generators that mark cells call this last.
    pub(crate) fn clear_marks(&mut self) {
        for bits in &mut self.links {
            *bits &= KEPT;
        }
    }

    /// Records `cell` as carved, the start of a walk or a tree (a cell already recorded is
    /// not recorded again).
    #[inline]
    pub fn begin(&mut self, cell: usize) {
        if self.trace.is_some() {
            self.record_cell(cell);
        }
    }

    /// The cell one step from `cell` in `dir`, which must lead inside the maze.
    ///
    /// Arithmetic rather than a `match`: generators step in random directions, and a jump
    /// table on a random direction mispredicts on most steps.
    #[inline]
    pub fn step(&self, cell: usize, dir: Dir) -> usize {
        let d = dir.index() as isize;
        let offset = if d & 1 == 1 {
            2 - d // East +1, West -1
        } else {
            (d - 1) * self.width as isize // North -width, South +width
        };
        cell.wrapping_add_signed(offset)
    }

    /// Opens the wall between `cell` and its neighbour in `dir`, which must exist.
    #[inline]
    pub fn carve(&mut self, cell: usize, dir: Dir) {
        let other = self.step(cell, dir);
        let (owner, bit) = wall_bit(cell, other, dir);
        self.links[owner] |= bit;
        if self.trace.is_some() {
            self.record_carve(cell, dir, other);
        }
    }

    /// Opens the wall between `cell` and its neighbour in `dir` when `when` holds, without a
    /// branch on it (for generators that decide on coin flips, which no predictor learns).
    #[inline]
    pub fn carve_when(&mut self, cell: usize, dir: Dir, when: bool) {
        if self.trace.is_some() {
            if when {
                self.carve(cell, dir);
            }
            return;
        }
        let (owner, bit) = wall_bit(cell, self.step(cell, dir), dir);
        self.links[owner] |= bit * u8::from(when);
    }

    /// Opens the east walls of `len` cells from `first` on, joining `len + 1` cells of a row
    /// (the same as `len` carves east, in order).
    #[inline]
    pub fn carve_east_run(&mut self, first: usize, len: usize) {
        if self.trace.is_some() {
            for cell in first..first + len {
                self.carve(cell, Dir::East);
            }
            return;
        }
        for bits in &mut self.links[first..first + len] {
            *bits |= EAST;
        }
    }

    /// Closes the wall between `cell` and its neighbour in `dir` (for wall-adding
    /// generators, which start from an open field).
    #[inline]
    pub fn build_wall(&mut self, cell: usize, dir: Dir) {
        let w = self.width;
        match dir {
            Dir::East => self.links[cell] &= !EAST,
            Dir::South => self.links[cell] &= !SOUTH,
            Dir::West => self.links[cell - 1] &= !EAST,
            Dir::North => self.links[cell - w] &= !SOUTH,
        }
    }

    /// Raises the walls on side `side` (south or east) of `len` cells from `first` on,
    /// `stride` apart, all but the one at offset `gap`, inside an open room: one stroke of
    /// recursive division, along a row (stride 1, south walls) or down a column (stride the
    /// width, east walls).
    #[inline]
    pub fn build_walls(&mut self, first: usize, stride: usize, len: usize, gap: usize, side: Dir) {
        let bit = if side == Dir::South { SOUTH } else { EAST };
        for bits in self.links[first..].iter_mut().step_by(stride).take(len) {
            *bits &= !bit;
        }
        self.links[first + gap * stride] |= bit;
    }

    /// Raises the walls in `walls` (for each of the four cells from `first` on, a byte of
    /// `EAST` and `SOUTH` bits, first cell lowest) inside an open room. Bytes past the end of
    /// the maze must be zero, and the maze at least four cells.
    #[inline(always)]
    pub(crate) fn build_row_walls(&mut self, first: usize, walls: u32) {
        // One four-byte read and write, except in the last three cells of the maze.
        if let Some(window) = self.links.get_mut(first..first + 4) {
            let window: &mut [u8; 4] = window.try_into().unwrap();
            *window = (u32::from_le_bytes(*window) & !walls).to_le_bytes();
        } else {
            for (i, bits) in self.links[first..].iter_mut().enumerate() {
                *bits &= !(walls >> (8 * i)) as u8;
            }
        }
    }

    /// Opens every wall inside the rectangle: the open field recursive division starts from.
    pub fn open_field(&mut self) {
        // Every cell open east and south, then the east column and the south row closed: a
        // fill and two short sweeps rather than a test per cell.
        self.links.fill(EAST | SOUTH);
        let (w, h) = (self.width, self.height);
        for bits in self.links[w - 1..].iter_mut().step_by(w) {
            *bits &= !EAST;
        }
        for bits in &mut self.links[(h - 1) * w..] {
            *bits &= !SOUTH;
        }
    }

    /// The maze cut into bands of `rows` rows (the last may be shorter), for a generator
    /// that carves separate parts of the maze on separate threads. Such carving is not
    /// traced.
    pub(crate) fn bands(&mut self, rows: usize) -> Vec<Band<'_>> {
        debug_assert!(self.trace.is_none(), "bands bypass the trace");
        let width = self.width;
        self.links
            .chunks_mut(rows * width)
            .enumerate()
            .map(|(i, links)| Band {
                first_row: i * rows,
                width,
                links,
            })
            .collect()
    }

    /// Appends a tile to the trace as it is (for wall-adding generators' own records).
    pub fn record_tile(&mut self, tile: Pos) {
        if let Some(t) = &mut self.trace {
            t.order.push(tile);
        }
    }

    fn record_cell(&mut self, cell: usize) {
        let pos = self.cell_tile(cell);
        let t = self.trace.as_mut().expect("tracing");
        if !t.cell_seen[cell] {
            t.cell_seen[cell] = true;
            t.order.push(pos);
        }
    }

    fn record_carve(&mut self, from: usize, dir: Dir, to: usize) {
        self.record_cell(from);
        let wall = self.wall_tile(from, dir);
        self.trace.as_mut().expect("tracing").order.push(wall);
        self.record_cell(to);
    }

    /// The tile of a cell: (2r+1, 2c+1).
    pub fn cell_tile(&self, cell: usize) -> Pos {
        let p = self.pos(cell);
        Pos::new(2 * p.row + 1, 2 * p.col + 1)
    }

    /// The tile between `cell` and its neighbour in `dir`.
    pub fn wall_tile(&self, cell: usize, dir: Dir) -> Pos {
        let t = self.cell_tile(cell);
        t.step(dir).expect("a cell tile is never on the border")
    }

    /// The carving order recorded so far (empty when not tracing).
    pub fn take_trace(&mut self) -> Option<Vec<Pos>> {
        self.trace.take().map(|t| t.order)
    }

    /// Draws the maze as tiles: (2W+1) x (2H+1), walls on the border and at every even/even
    /// position, cells open, passages open where carved.
    pub fn to_tiles(&self) -> Grid<Tile> {
        let tw = 2 * self.width + 1;
        let th = 2 * self.height + 1;
        let mut tiles = vec![Tile::Wall; tw * th];
        let open_if = |linked: bool| if linked { Tile::Open } else { Tile::Wall };
        // Below the top border, each row of cells owns two tile rows: its own, and the one
        // under it (passages south, or the bottom border, where no south bit is ever set).
        let bands = tiles[tw..].chunks_exact_mut(2 * tw);
        for (cells, band) in self.links.chunks_exact(self.width).zip(bands) {
            let (mid, below) = band.split_at_mut(tw);
            for (col, &bits) in cells.iter().enumerate() {
                let x = 2 * col + 1;
                mid[x] = match bits & CROSSING {
                    0 => Tile::Open,
                    OVER_NS => Tile::Crossing(Axis::NorthSouth),
                    _ => Tile::Crossing(Axis::EastWest),
                };
                // Written unconditionally (no branch on random bits): the east tile of the last
                // column is the border, and its east bit is never set.
                mid[x + 1] = open_if(bits & EAST != 0);
                below[x] = open_if(bits & SOUTH != 0);
            }
        }
        if let Some(mask) = &self.mask {
            for cell in (0..self.len()).filter(|&c| !mask.contains(c)) {
                let p = self.cell_tile(cell);
                tiles[p.row * tw + p.col] = Tile::Wall;
            }
        }
        Grid::from_vec(tw, th, tiles).expect("sized above")
    }

    /// Counts passages: a spanning tree of N nodes has exactly N - 1.
    pub fn passage_count(&self) -> usize {
        self.links
            .iter()
            .map(|b| (b & EAST != 0) as usize + (b & SOUTH != 0) as usize)
            .sum()
    }

    /// Whether every node (every cell, and both levels of each crossing) is reachable from
    /// the first cell through open passages, and no passage leads out of the maze's shape.
    pub fn is_connected(&self) -> bool {
        let sealed = (0..self.len())
            .filter(|&c| !self.contains(c))
            .all(|c| self.degree(c) == 0);
        let first = self.first_cell();
        let mut seen = vec![false; self.node_count()];
        let mut stack = vec![first];
        seen[first] = true;
        let mut count = 1;
        while let Some(node) = stack.pop() {
            for (_, next) in self.exits(node) {
                if !seen[next] {
                    seen[next] = true;
                    count += 1;
                    stack.push(next);
                }
            }
        }
        sealed && count == self.cell_count() + self.crossings
    }

    /// A perfect maze: connected, and with no loops (exactly N - 1 passages for N nodes).
    pub fn is_perfect(&self) -> bool {
        self.passage_count() + 1 == self.cell_count() + self.crossings && self.is_connected()
    }
}

/// The tile rows of the maze, written straight from the passage bits (the same characters
/// [`CellMaze::to_tiles`] gives), so that a big maze is written without a tile grid.
impl RowSource for CellMaze {
    fn width(&self) -> usize {
        2 * self.width + 1
    }

    fn height(&self) -> usize {
        2 * self.height + 1
    }

    fn write_row(&self, r: usize, out: &mut Vec<u8>) {
        let start = out.len();
        out.resize(start + 2 * self.width + 1, b'#');
        if r == 0 || r == 2 * self.height {
            return;
        }
        let cells = &self.links[(r - 1) / 2 * self.width..][..self.width];
        // Two characters a cell, written as one 16-bit word chosen without a branch: the
        // loop runs over 16 million tiles on a big maze.
        let pairs = out[start + 1..].chunks_exact_mut(2).zip(cells);
        if r % 2 == 1 {
            // A row of cells: the cell, then its east wall.
            for (pair, &bits) in pairs {
                let east = if bits & EAST != 0 { b' ' } else { b'#' };
                pair.copy_from_slice(&[b' ', east]);
            }
            if self.mask.is_some() || self.crossings > 0 {
                let row = (r - 1) / 2 * self.width;
                for (i, &bits) in cells.iter().enumerate() {
                    let tile = &mut out[start + 1 + 2 * i];
                    match bits & CROSSING {
                        0 if !self.contains(row + i) => *tile = b'#',
                        0 => {}
                        OVER_NS => *tile = b'|',
                        _ => *tile = b'-',
                    }
                }
            }
        } else {
            // A row of walls: the south wall, then the corner.
            for (pair, &bits) in pairs {
                pair[0] = if bits & SOUTH != 0 { b' ' } else { b'#' };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn divisor_gives_the_remainder(divisor in 1u32.., n: u32) {
            prop_assert_eq!(Divisor::new(divisor).rem(n), n % divisor);
        }
    }

    #[test]
    fn divisor_gives_the_remainder_at_the_edges() {
        for divisor in [1, 2, 3, 7, 2000, 16383, u32::MAX - 1, u32::MAX] {
            for n in [0, 1, divisor - 1, divisor, u32::MAX - 1, u32::MAX] {
                assert_eq!(Divisor::new(divisor).rem(n), n % divisor, "{n} % {divisor}");
            }
        }
    }

    #[test]
    fn carving_opens_both_sides() {
        let mut m = CellMaze::new(3, 2, false);
        m.carve(4, Dir::North);
        assert!(m.is_linked(1, Dir::South));
        assert!(m.is_linked(4, Dir::North));
        m.carve(4, Dir::West);
        assert!(m.is_linked(3, Dir::East));
        assert_eq!(m.degree(4), 2);
    }

    #[test]
    fn neighbours_stop_at_the_border() {
        let m = CellMaze::new(3, 2, false);
        assert_eq!(m.neighbour(2, Dir::East), None);
        assert_eq!(m.neighbour(3, Dir::West), None);
        assert_eq!(m.neighbour(1, Dir::North), None);
        assert_eq!(m.neighbour(4, Dir::South), None);
        assert_eq!(m.neighbour(1, Dir::South), Some(4));
    }

    #[test]
    fn marks_ride_beside_the_passages_and_clear_without_them() {
        let mut m = CellMaze::new(3, 2, false);
        m.carve(0, Dir::East);
        m.set_mark(0, 5);
        m.or_mark(4, 2);
        assert_eq!(m.neighbour_marks(1), [NO_CELL, 0, 2, 5]);
        assert_eq!(m.neighbour_marks(3), [5, 2, NO_CELL, NO_CELL]);
        assert!(m.is_linked(0, Dir::East) && !m.is_linked(0, Dir::South));
        let plain = m.to_tiles();
        m.clear_marks();
        assert_eq!(m.mark(0), 0);
        assert_eq!(m.to_tiles(), plain);
    }

    #[test]
    fn steps_and_carves_in_every_direction() {
        let mut m = CellMaze::new(3, 3, false);
        for (dir, to) in [
            (Dir::North, 1),
            (Dir::East, 5),
            (Dir::South, 7),
            (Dir::West, 3),
        ] {
            assert_eq!(m.step(4, dir), to);
            m.carve(4, dir);
            assert!(m.is_linked(4, dir) && m.is_linked(to, dir.opposite()));
        }
        assert_eq!(m.passage_count(), 4);
    }

    #[test]
    fn tiles_show_carved_passages() {
        let mut m = CellMaze::new(2, 1, false);
        m.carve(0, Dir::East);
        let t = m.to_tiles();
        let text = t.text_rows(|t| t.to_char());
        assert_eq!(text, ["#####", "#   #", "#####"]);
    }

    #[test]
    fn rows_written_directly_match_the_tiles() {
        let m = crate::generate(
            crate::Algorithm::Kruskal,
            7,
            4,
            &mut grid_core::Rng::seeded(1),
            false,
        );
        let tiles = m.to_tiles();
        for (r, row) in tiles.rows().enumerate() {
            let mut out = Vec::new();
            m.write_row(r, &mut out);
            let expected: Vec<u8> = row.iter().map(|t| t.to_char()).collect();
            assert_eq!(out, expected, "row {r}");
        }
    }

    #[test]
    fn trace_records_each_tile_once_in_order() {
        let mut m = CellMaze::new(2, 2, true);
        m.begin(0);
        m.carve(0, Dir::East);
        m.carve(1, Dir::South);
        let t = m.take_trace().unwrap();
        assert_eq!(
            t,
            [(1, 1), (1, 2), (1, 3), (2, 3), (3, 3)].map(|(r, c)| Pos::new(r, c))
        );
    }

    #[test]
    fn a_field_with_walls_is_perfect_only_as_a_tree() {
        let mut m = CellMaze::new(2, 2, false);
        m.open_field();
        assert!(!m.is_perfect());
        m.build_wall(0, Dir::East);
        assert!(m.is_perfect());
    }
}
