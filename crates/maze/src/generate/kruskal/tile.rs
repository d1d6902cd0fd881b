//! Step 1 of the tiled Kruskal: one tile's walls, decided or handed on.

use super::forest::Forest;
use super::weights::order_statistics;
use super::{ACROSS, Candidate, Order};
use crate::cells::{Band, EAST, SOUTH};
use crate::mask::Mask;
use grid_core::{Axis, BitSource, Rng};
use std::sync::Arc;

/// The maze cut into square tiles (smaller ones along the east and south edges).
///
/// Within a tile, cell `(r, c)` is `r * side + c` whatever the tile's width; its east wall is
/// twice that and its south wall one more. Shifts take these numbers apart, and they run in
/// the same order as the maze's own numbers for the same walls.
#[derive(Debug)]
pub(super) struct Tiling {
    width: usize,
    height: usize,
    /// The side of a tile is `1 << shift` cells.
    shift: u32,
    across: usize,
    down: usize,
    /// The maze's cells, when it has a shape: walls that touch a cell left out are never
    /// drawn, so Kruskal's algorithm runs on the mask's cells alone.
    mask: Option<Arc<Mask>>,
    /// The share of a tile's cells tried as crossings (weave; 0 for none).
    weave: f64,
}

/// One tile: its first cell and its size, and its place in the tiling.
#[derive(Debug)]
pub(super) struct Tile {
    pub index: usize,
    row: usize,
    col: usize,
    height: usize,
    width: usize,
}

impl Tiling {
    /// Tiles of `side` x `side` cells, `side` a power of two.
    pub fn new(width: usize, height: usize, side: usize) -> Self {
        // A tile's walls are numbered in 16 bits.
        assert!(
            side.is_power_of_two() && side <= 128,
            "a tile's side is a power of two up to 128"
        );
        Tiling {
            width,
            height,
            shift: side.trailing_zeros(),
            across: width.div_ceil(side),
            down: height.div_ceil(side),
            mask: None,
            weave: 0.0,
        }
    }

    /// The tiling of a weave maze, `share` of each tile's cells tried as crossings.
    pub fn with_weave(mut self, share: f64) -> Self {
        self.weave = share;
        self
    }

    /// The tiling of a maze shaped by `mask`.
    pub fn with_mask(mut self, mask: Option<Arc<Mask>>) -> Self {
        self.mask = mask;
        self
    }

    /// Whether the wall between maze cells `a` and `b` joins two cells of the maze.
    #[inline]
    fn joins_cells(&self, a: usize, b: usize) -> bool {
        self.mask
            .as_ref()
            .is_none_or(|m| m.contains(a) && m.contains(b))
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Tiles in a row of tiles.
    pub fn across(&self) -> usize {
        self.across
    }

    pub fn side(&self) -> usize {
        1 << self.shift
    }

    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        (0..self.down).flat_map(|row| self.row_of_tiles(row))
    }

    /// The tiles of row `row` of tiles, west to east.
    pub fn row_of_tiles(&self, row: usize) -> impl Iterator<Item = Tile> + '_ {
        let side = self.side();
        (row * self.across..(row + 1) * self.across).map(move |index| {
            let (row, col) = (index / self.across * side, index % self.across * side);
            Tile {
                index,
                row,
                col,
                height: side.min(self.height - row),
                width: side.min(self.width - col),
            }
        })
    }

    /// Where each tile's block of step-2 vertices starts (one vertex per border cell at
    /// most), and after the last, how many there are in all.
    pub fn vertex_blocks(&self) -> Vec<u32> {
        let mut starts = vec![0u32];
        let mut total = 0u32;
        for t in self.tiles() {
            t.for_each_border_cell(self, |_, _| total += 1);
            starts.push(total);
        }
        starts
    }
}

impl Tile {
    fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Whether the tile has neighbours to the north, west, south and east.
    fn neighbours(&self, tiling: &Tiling) -> [bool; 4] {
        [
            self.row > 0,
            self.col > 0,
            self.row + self.height < tiling.height,
            self.col + self.width < tiling.width,
        ]
    }

    /// Calls `f` on each of the tile's cells that has a neighbour in another tile, once.
    fn for_each_border_cell(&self, tiling: &Tiling, mut f: impl FnMut(usize, usize)) {
        let [north, west, south, east] = self.neighbours(tiling);
        let (h, w) = (self.height, self.width);
        for r in 0..h {
            if (r == 0 && north) || (r + 1 == h && south) {
                (0..w).for_each(|c| f(r, c));
            } else {
                if west {
                    f(r, 0);
                }
                if east && (w > 1 || !west) {
                    f(r, w - 1);
                }
            }
        }
    }

    /// The two cells of the tile's wall `local`.
    #[inline]
    fn wall_cells(&self, tiling: &Tiling, local: usize) -> (usize, usize) {
        let a = local / 2;
        let step = if local & 1 == 0 { 1 } else { tiling.side() };
        (a, a + step)
    }

    /// The maze's number of the tile's wall `local`.
    #[inline]
    fn wall(&self, tiling: &Tiling, local: usize) -> u32 {
        let cell = local / 2;
        let (r, c) = (cell >> tiling.shift, cell & (tiling.side() - 1));
        let global = (self.row + r) * tiling.width + self.col + c;
        (2 * global + local % 2) as u32
    }
}

/// The vertex step 2 knows each border cell by, on each side of each tile.
#[derive(Debug)]
pub(super) struct Borders {
    /// Indexed by maze row, then tile column.
    west: Vec<u32>,
    east: Vec<u32>,
    /// Indexed by tile row, then maze column.
    north: Vec<u32>,
    south: Vec<u32>,
}

/// The part of `Borders` one row of tiles writes.
#[derive(Debug)]
pub(super) struct BorderBand<'a> {
    first_row: usize,
    west: &'a mut [u32],
    east: &'a mut [u32],
    north: &'a mut [u32],
    south: &'a mut [u32],
}

impl Borders {
    pub fn new(tiling: &Tiling) -> Self {
        let rows = tiling.height * tiling.across;
        let cols = tiling.down * tiling.width;
        Borders {
            west: vec![0; rows],
            east: vec![0; rows],
            north: vec![0; cols],
            south: vec![0; cols],
        }
    }

    /// One band for each row of tiles.
    pub fn bands(&mut self, tiling: &Tiling) -> Vec<BorderBand<'_>> {
        let across = tiling.side() * tiling.across;
        self.west
            .chunks_mut(across)
            .zip(self.east.chunks_mut(across))
            .zip(self.north.chunks_mut(tiling.width))
            .zip(self.south.chunks_mut(tiling.width))
            .enumerate()
            .map(|(i, (((west, east), north), south))| BorderBand {
                first_row: i * tiling.side(),
                west,
                east,
                north,
                south,
            })
            .collect()
    }

    /// The vertices a wall between two tiles joins.
    pub fn ends(&self, tiling: &Tiling, wall: u32) -> (u32, u32) {
        let wall = wall as usize;
        let cell = wall / 2;
        let (row, col) = (cell / tiling.width, cell % tiling.width);
        if wall & 1 == 0 {
            let at = row * tiling.across + (col >> tiling.shift);
            (self.east[at], self.west[at + 1])
        } else {
            let at = (row >> tiling.shift) * tiling.width + col;
            (self.south[at], self.north[at + tiling.width])
        }
    }
}

impl BorderBand<'_> {
    /// Which row of tiles the band belongs to.
    pub fn tile_row(&self, tiling: &Tiling) -> usize {
        self.first_row >> tiling.shift
    }

    fn record(&mut self, tiling: &Tiling, tile: &Tile, r: usize, c: usize, vertex: u32) {
        let across = (tile.row + r - self.first_row) * tiling.across + (tile.col >> tiling.shift);
        let col = tile.col + c;
        if c == 0 {
            self.west[across] = vertex;
        }
        if c + 1 == tile.width {
            self.east[across] = vertex;
        }
        if r == 0 {
            self.north[col] = vertex;
        }
        if r + 1 == tile.height {
            self.south[col] = vertex;
        }
    }
}

const NO_VERTEX: u16 = u16::MAX;

/// A wall's place in the order both steps share: its weight, then its number.
///
/// A tile takes its walls in a random order and leaves the weights for later, so it breaks
/// ties between equal weights its own way. That never spoils the maze (step 2 makes a
/// spanning tree of the tiles' vertices whatever the order) and, at one chance in four
/// billion for two given walls, does not change its character either.
fn order(weight: u32, wall: u32) -> Order {
    u64::from(weight) << 32 | u64::from(wall)
}

/// The working memory of step 1, reused from tile to tile so that it stays in cache.
#[derive(Debug, Default)]
pub(super) struct TilePass {
    /// The walls inside the tile in Kruskal's order: a random one.
    walls: Vec<u16>,
    /// Kruskal's forest over the tile's cells.
    trees: Forest,
    /// Whether the tree of each root of `trees` holds a border cell.
    reaches_border: Vec<bool>,
    /// The passages the tile opens, as a maze stores them, a byte a cell.
    passages: Vec<u8>,
    /// The walls the tile opens, and those it leaves to step 2: `rank << 16 | wall`.
    decided: Vec<u32>,
    undecided: Vec<u32>,
    /// The trees of the walls the tile opens: the tile's vertices in step 2.
    carved: Forest,
    /// The step-2 vertex of each root of `carved`, once numbered.
    vertex: Vec<u16>,
    ranks: Vec<u32>,
    weights: Vec<u32>,
    /// Weave: the tile's crossings (local cell, passage on top), which cells are crossings,
    /// and which have a passage from one.
    crossings: Vec<(usize, Axis)>,
    is_crossing: Vec<bool>,
    touched: Vec<bool>,
}

impl TilePass {
    /// Runs step 1 on `tile`: opens the walls it decides (in its passages, or when `held`
    /// is given, there with their places in the order), numbers the tile's vertices from
    /// `first_vertex` and records those of its border cells, and hands the undecided walls
    /// and the walls east and south out of the tile to `candidates` (the latter `ACROSS`).
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &mut self,
        tile: &Tile,
        tiling: &Tiling,
        rng: &mut Rng,
        mut held: Option<&mut Vec<(Order, u32)>>,
        first_vertex: u32,
        borders: &mut BorderBand,
        candidates: &mut Vec<Candidate>,
        crossings: &mut Vec<(u32, Axis)>,
    ) {
        let weights_seed = rng.next_u64();
        self.begin(tile, tiling);
        let woven = tiling.weave > 0.0;
        let joined = if woven {
            self.lay_crossings(tile, tiling, rng)
        } else {
            0
        };
        let skip = woven.then_some(&self.is_crossing[..]);
        shuffled_walls(tile, tiling, rng, &mut self.walls, skip);
        self.kruskal(tile, tiling, joined);
        let in_order = held.is_some();
        self.weigh(in_order, weights_seed);
        let side = tiling.side();
        self.passages.clear();
        self.passages.resize(side * side, 0);
        for &(cell, over) in &self.crossings {
            let (north, south, west, east) = (cell - side, cell + side, cell - 1, cell + 1);
            for (a, bit) in [(cell, EAST), (west, EAST), (cell, SOUTH), (north, SOUTH)] {
                self.passages[a] |= bit;
                if let Some(held) = held.as_mut() {
                    // Crossings come before every wall: the lightest of all.
                    let wall = tile.wall(tiling, 2 * a + usize::from(bit == SOUTH));
                    held.push((order(0, wall), wall));
                }
            }
            let ((a, b), (c, d)) = match over {
                Axis::NorthSouth => ((north, south), (west, east)),
                Axis::EastWest => ((west, east), (north, south)),
            };
            self.carved.union(a, cell);
            self.carved.union(cell, b);
            self.carved.union(c, d);
            let (r, col) = (cell / side, cell % side);
            crossings.push((
                ((tile.row + r) * tiling.width + tile.col + col) as u32,
                over,
            ));
        }
        for i in 0..self.decided.len() {
            let (rank, local) = split(self.decided[i]);
            let (a, b) = tile.wall_cells(tiling, local);
            self.carved.union(a, b);
            self.passages[a] |= if local & 1 == 0 { EAST } else { SOUTH };
            if let Some(held) = held.as_mut() {
                let wall = tile.wall(tiling, local);
                held.push((order(self.weights[rank], wall), wall));
            }
        }
        self.hand_on(tile, tiling, in_order, first_vertex, borders, candidates);
        crossing_walls(tile, tiling, rng, candidates);
    }

    /// Opens in the maze the passages the last tile run opened: a row at a time, in
    /// memory order.
    pub fn write(&self, tile: &Tile, tiling: &Tiling, band: &mut Band) {
        let side = tiling.side();
        for r in 0..tile.height {
            let row = &self.passages[r * side..r * side + tile.width];
            band.open(tile.row + r, tile.col, row);
        }
    }

    /// Fresh forests for a tile, its border cells marked.
    fn begin(&mut self, tile: &Tile, tiling: &Tiling) {
        let side = tiling.side();
        self.trees.reset(side * side);
        self.carved.reset(side * side);
        self.reaches_border.clear();
        self.reaches_border.resize(side * side, false);
        tile.for_each_border_cell(tiling, |r, c| self.reaches_border[r * side + c] = true);
        self.crossings.clear();
    }

    /// Lays the tile's crossings before any wall is taken, as "Mazes for Programmers" weaves
    /// Kruskal's mazes: the tile's share of cells, each a random cell with a random passage
    /// on top, joining the trees of the passage over it and of the passage under it. Returns
    /// the joins made.
    ///
    /// A crossing lies inside the tile with its four neighbours, so that its joins are the
    /// tile's own: the cells along a tile's edge are never crossings. It needs a cell with no
    /// passage yet, and two passages that join four trees into two without a loop. In a
    /// shaped maze a crossing at a neck could cut the maze in two (a passage running under a
    /// one-cell corridor leaves the cells beside it no way round), so there the eight cells
    /// around it must be plain cells of the maze: their walls keep every way round it open.
    fn lay_crossings(&mut self, tile: &Tile, tiling: &Tiling, rng: &mut Rng) -> usize {
        let side = tiling.side();
        self.is_crossing.clear();
        self.is_crossing.resize(side * side, false);
        self.touched.clear();
        self.touched.resize(side * side, false);
        if tile.width < 3 || tile.height < 3 {
            return 0;
        }
        let inside = |r: usize, c: usize| {
            tiling
                .mask
                .as_ref()
                .is_none_or(|m| m.contains((tile.row + r) * tiling.width + tile.col + c))
        };
        let tries = (tiling.weave * tile.cells() as f64).round() as usize;
        let mut bits = BitSource::new();
        let mut joined = 0;
        for _ in 0..tries {
            let r = 1 + bits.below(rng, tile.height as u32 - 2) as usize;
            let c = 1 + bits.below(rng, tile.width as u32 - 2) as usize;
            let over = if bits.coin(rng) {
                Axis::NorthSouth
            } else {
                Axis::EastWest
            };
            let cell = r * side + c;
            let around = [cell - side, cell + 1, cell + side, cell - 1];
            let open = inside(r, c)
                && !self.touched[cell]
                && if tiling.mask.is_some() {
                    (r - 1..=r + 1).all(|y| {
                        (c - 1..=c + 1).all(|x| inside(y, x) && !self.is_crossing[y * side + x])
                    })
                } else {
                    inside(r - 1, c) && inside(r + 1, c) && inside(r, c - 1) && inside(r, c + 1)
                };
            if !open {
                continue;
            }
            let [north, east, south, west] = around.map(|n| self.trees.root(n));
            let same_pair = (north == east && south == west) || (north == west && south == east);
            if north == south || east == west || same_pair {
                continue;
            }
            let ((a, b), (x, y)) = match over {
                Axis::NorthSouth => ((around[0], around[2]), (around[3], around[1])),
                Axis::EastWest => ((around[3], around[1]), (around[0], around[2])),
            };
            for (p, q) in [(a, cell), (cell, b), (x, y)] {
                let (rp, rq) = (self.trees.root(p), self.trees.root(q));
                let root = self.trees.join(rp, rq);
                self.reaches_border[root] = self.reaches_border[rp] | self.reaches_border[rq];
            }
            joined += 3;
            self.is_crossing[cell] = true;
            self.touched[cell] = true;
            for n in around {
                self.touched[n] = true;
            }
            self.crossings.push((cell, over));
        }
        joined
    }

    /// Kruskal's algorithm on the walls inside the tile, after `joined` joins made by its
    /// crossings, sorting the walls it opens into those it decides and those it leaves
    /// undecided.
    fn kruskal(&mut self, tile: &Tile, tiling: &Tiling, joined: usize) {
        // Each wall goes to one list or the other, or to neither when it would close a
        // cycle, by moving the lists' ends rather than by branching.
        let n = tile.cells();
        self.undecided.clear();
        self.undecided.resize(n, 0);
        self.decided.clear();
        self.decided.resize(n, 0);
        let (mut undecided, mut decided, mut joined) = (0, 0, joined);
        for (rank, &local) in self.walls.iter().enumerate() {
            let (a, b) = tile.wall_cells(tiling, local.into());
            let (ra, rb) = (self.trees.root(a), self.trees.root(b));
            let apart = ra != rb;
            let both_reach = self.reaches_border[ra] & self.reaches_border[rb];
            let root = self.trees.join(ra, rb);
            self.reaches_border[root] = self.reaches_border[ra] | self.reaches_border[rb];
            let entry = (rank as u32) << 16 | u32::from(local);
            self.undecided[undecided] = entry;
            undecided += usize::from(apart & both_reach);
            self.decided[decided] = entry;
            decided += usize::from(apart & !both_reach);
            joined += usize::from(apart);
            if joined + 1 == n {
                break;
            }
        }
        self.undecided.truncate(undecided);
        self.decided.truncate(decided);
    }

    /// Draws the weights of the undecided walls, or of every wall when `all`, into
    /// `weights`: by position in `undecided`, or by rank when `all`.
    fn weigh(&mut self, all: bool, seed: u64) {
        self.ranks.clear();
        if all {
            self.ranks.extend(0..self.walls.len() as u32);
        } else {
            self.ranks.extend(self.undecided.iter().map(|&e| e >> 16));
        }
        order_statistics(self.walls.len(), &self.ranks, seed, &mut self.weights);
    }

    /// Numbers the tile's vertices, records those of its border cells and hands on the
    /// undecided walls between them.
    fn hand_on(
        &mut self,
        tile: &Tile,
        tiling: &Tiling,
        by_rank: bool,
        first_vertex: u32,
        borders: &mut BorderBand,
        candidates: &mut Vec<Candidate>,
    ) {
        let side = tiling.side();
        self.vertex.clear();
        self.vertex.resize(side * side, NO_VERTEX);
        let base = first_vertex;
        let mut next = 0u16;
        let mut vertex_of = |pass: &mut TilePass, cell: usize| {
            let root = pass.carved.root(cell);
            if pass.vertex[root] == NO_VERTEX {
                pass.vertex[root] = next;
                next += 1;
            }
            base + u32::from(pass.vertex[root])
        };
        tile.for_each_border_cell(tiling, |r, c| {
            let v = vertex_of(self, r * side + c);
            borders.record(tiling, tile, r, c, v);
        });
        for i in 0..self.undecided.len() {
            let (rank, local) = split(self.undecided[i]);
            let (a, b) = tile.wall_cells(tiling, local);
            let weight = self.weights[if by_rank { rank } else { i }];
            let wall = tile.wall(tiling, local);
            candidates.push(Candidate {
                order: order(weight, wall),
                a: vertex_of(self, a),
                b: vertex_of(self, b),
            });
        }
    }
}

/// The rank and the wall of an entry of `decided` or `undecided`.
#[inline]
fn split(entry: u32) -> (usize, usize) {
    ((entry >> 16) as usize, (entry & 0xFFFF) as usize)
}

/// The walls inside the tile, numbered within it, in a random order; none of a crossing's
/// (`crossing`, by local cell), which are open already.
fn shuffled_walls(
    tile: &Tile,
    tiling: &Tiling,
    rng: &mut Rng,
    walls: &mut Vec<u16>,
    crossing: Option<&[bool]>,
) {
    walls.clear();
    let side = tiling.side();
    let plain = |a: usize, b: usize| crossing.is_none_or(|x| !x[a] && !x[b]);
    for r in 0..tile.height {
        let first = (tile.row + r) * tiling.width + tile.col;
        for c in 0..tile.width {
            let at = r * side + c;
            let local = 2 * at as u16;
            let cell = first + c;
            if c + 1 < tile.width && tiling.joins_cells(cell, cell + 1) && plain(at, at + 1) {
                walls.push(local);
            }
            if r + 1 < tile.height
                && tiling.joins_cells(cell, cell + tiling.width)
                && plain(at, at + side)
            {
                walls.push(local + 1);
            }
        }
    }
    let mut bits = BitSource::new();
    for i in (1..walls.len()).rev() {
        let j = bits.below(rng, i as u32 + 1) as usize;
        walls.swap(i, j);
    }
}

/// The walls east and south out of the tile (each wall between two tiles belongs to the
/// western or northern one), with their weights.
fn crossing_walls(tile: &Tile, tiling: &Tiling, rng: &mut Rng, crossings: &mut Vec<Candidate>) {
    let mut push = |wall: usize| {
        let weight = (rng.next_u64() >> 32) as u32;
        crossings.push(Candidate {
            order: order(weight, wall as u32),
            a: ACROSS,
            b: ACROSS,
        });
    };
    if tile.col + tile.width < tiling.width {
        for r in 0..tile.height {
            let cell = (tile.row + r) * tiling.width + tile.col + tile.width - 1;
            if tiling.joins_cells(cell, cell + 1) {
                push(2 * cell);
            }
        }
    }
    if tile.row + tile.height < tiling.height {
        for c in 0..tile.width {
            let cell = (tile.row + tile.height - 1) * tiling.width + tile.col + c;
            if tiling.joins_cells(cell, cell + tiling.width) {
                push(2 * cell + 1);
            }
        }
    }
}

/// Every wall the tile draws, inside it and out of it, with its place in the order and the
/// maze's number for it (for the tests' plain Kruskal).
#[cfg(test)]
pub(super) fn all_walls(tile: &Tile, tiling: &Tiling, rng: &mut Rng) -> Vec<(Order, u32)> {
    let weights_seed = rng.next_u64();
    let mut walls = Vec::new();
    shuffled_walls(tile, tiling, rng, &mut walls, None);
    let ranks: Vec<u32> = (0..walls.len() as u32).collect();
    let mut weights = Vec::new();
    order_statistics(walls.len(), &ranks, weights_seed, &mut weights);
    let mut all: Vec<(Order, u32)> = walls
        .iter()
        .enumerate()
        .map(|(rank, &local)| {
            let wall = tile.wall(tiling, local.into());
            (order(weights[rank], wall), wall)
        })
        .collect();
    let mut crossings = Vec::new();
    crossing_walls(tile, tiling, rng, &mut crossings);
    all.extend(crossings.iter().map(|c| (c.order, c.wall())));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiles_cover_the_maze_once() {
        let tiling = Tiling::new(10, 7, 4);
        let mut seen = [[0; 10]; 7];
        for t in tiling.tiles() {
            for r in 0..t.height {
                for c in 0..t.width {
                    seen[t.row + r][t.col + c] += 1;
                }
            }
        }
        assert!(seen.iter().flatten().all(|&n| n == 1));
    }

    #[test]
    fn border_cells_are_those_with_a_neighbour_elsewhere() {
        let tiling = Tiling::new(10, 7, 4);
        for t in tiling.tiles() {
            let mut listed = Vec::new();
            t.for_each_border_cell(&tiling, |r, c| listed.push((r, c)));
            let mut expected = Vec::new();
            for r in 0..t.height {
                for c in 0..t.width {
                    let (row, col) = (t.row + r, t.col + c);
                    let outside = |nr: usize, nc: usize| {
                        nr < 7
                            && nc < 10
                            && (nr < t.row
                                || nr >= t.row + t.height
                                || nc < t.col
                                || nc >= t.col + t.width)
                    };
                    if (row > 0 && outside(row - 1, col))
                        || (col > 0 && outside(row, col - 1))
                        || outside(row + 1, col)
                        || outside(row, col + 1)
                    {
                        expected.push((r, c));
                    }
                }
            }
            assert_eq!(listed, expected, "tile {}", t.index);
        }
    }
}
