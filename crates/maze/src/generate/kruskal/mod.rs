//! Kruskal's algorithm: take the walls in random order and open each one that joins two
//! separate trees.
//!
//! Taking the walls in random order is taking them by increasing random weight, so the maze
//! is the minimum spanning tree of random wall weights, and any way of finding that tree
//! gives Kruskal's maze exactly. The plain way jumps all over memory on a big maze (a
//! random wall, then the union-find entries of two random cells), and that was a cache miss
//! or two for every wall. Here the work is done tile by tile in memory that stays in cache:
//!
//! 1. In each square tile, Kruskal's algorithm on the walls inside it. A wall the tile's own
//!    Kruskal closes is the heaviest on a cycle, so the whole maze never opens it either. A
//!    wall that joins a tree touching no other tile is the lightest way out of that tree, so
//!    the whole maze opens it: it is carved at once. What is left is a wall joining two trees
//!    that both reach the tile's border ("undecided"), at most one per border cell.
//! 2. Each tile shrinks to a handful of vertices: the trees of carved walls that hold a
//!    border cell. Kruskal's algorithm on those vertices, over the undecided walls and the
//!    walls between tiles, decides the rest.
//!
//! A tile takes its walls in a random order and draws weights (32 random bits, ties broken by
//! the wall's number) only for the walls it hands on, as `weights` explains. Each tile draws
//! from its own stream, seeded from the maze's, so the tiles run on every core and the maze
//! does not depend on how many there are or which tile comes first.

mod forest;
mod tile;
mod weights;

pub(crate) use weights::order_statistics;

use super::Weave;
use crate::cells::{Band, CellMaze};
use forest::Forest;
use grid_core::{Axis, Dir, Rng};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use tile::{BorderBand, Borders, TilePass, Tiling};

/// The side of a tile: 128 x 128 cells keep a tile's walls and forests (about 200 KB) in
/// the L2 cache, and leave at most 508 border cells (3%) for step 2.
const TILE: usize = 128;

pub fn carve(maze: &mut CellMaze, weave: Weave, rng: &mut Rng) {
    carve_in_tiles(maze, weave, rng, TILE);
}

/// A wall's place in the order of weights: see `tile::order`.
type Order = u64;

/// A wall step 1 left undecided or a wall between tiles, with the vertices it joins.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    order: Order,
    /// `ACROSS` for a wall between tiles: its vertices are looked up in step 2, once every
    /// tile has numbered its own.
    a: u32,
    b: u32,
}

const ACROSS: u32 = u32::MAX;

impl Candidate {
    /// The wall's number: the east wall of cell `c` is `2c`, its south wall `2c + 1`.
    fn wall(&self) -> u32 {
        self.order as u32
    }
}

fn carve_in_tiles(maze: &mut CellMaze, weave: Weave, rng: &mut Rng, side: usize) {
    let tiling = Tiling::new(maze.width(), maze.height(), side)
        .with_mask(maze.shared_mask())
        .with_weave(weave.share());
    let step_one = StepOne {
        tiling: &tiling,
        stream: rng.next_u64(),
        vertex_blocks: tiling.vertex_blocks(),
    };
    let mut borders = Borders::new(&tiling);
    let mut held = maze.is_tracing().then(Vec::new);
    let parts = match held.as_mut() {
        Some(held) => {
            let rows = borders.bands(&tiling).into_iter().map(|b| (None, b));
            vec![step_one.run(rows.collect(), Some(held))]
        }
        None => {
            let rows = maze.bands(side).into_iter().map(Some);
            let rows: Vec<_> = rows.zip(borders.bands(&tiling)).collect();
            step_one.run_in_parallel(rows)
        }
    };
    let (parts, crossings): (Vec<_>, Vec<_>) = parts.into_iter().unzip();
    for (cell, over) in crossings.into_iter().flatten() {
        maze.set_crossing(cell as usize, over);
    }
    let mut forest = Forest::default();
    forest.reset(*step_one.vertex_blocks.last().unwrap_or(&0) as usize);
    for mut c in merged(parts) {
        if c.a == ACROSS {
            (c.a, c.b) = borders.ends(&tiling, c.wall());
        }
        if forest.union(c.a as usize, c.b as usize) {
            match held.as_mut() {
                Some(held) => held.push((c.order, c.wall())),
                None => open_wall(maze, c.wall()),
            }
        }
    }
    if let Some(mut held) = held {
        // The walls opened in Kruskal's own order, so that a replay looks like Kruskal's.
        held.sort_unstable();
        if let Some(&(_, first)) = held.first() {
            maze.begin(wall_cell(first));
        }
        for (_, wall) in held {
            open_wall(maze, wall);
        }
    }
}

/// Mazes smaller than this are made on one thread.
const PARALLEL_CELLS: usize = 1 << 18;

/// What step 1 hands on from a share of the tiles: its candidates in order, and the crossings
/// its tiles laid (cell, passage on top).
type StepOneOut = (Vec<Candidate>, Vec<(u32, Axis)>);

/// What step 1 needs to know, shared by its threads.
struct StepOne<'a> {
    tiling: &'a Tiling,
    /// Each tile's random stream is seeded from this and the tile's number, so that the
    /// maze does not depend on which thread makes which tile.
    stream: u64,
    vertex_blocks: Vec<u32>,
}

/// A row of tiles to run step 1 on: the maze's rows to open the tiles' passages in (none
/// when they are held to be opened in order) and the row's part of the borders.
type TileRow<'m, 'b> = (Option<Band<'m>>, BorderBand<'b>);

impl StepOne<'_> {
    /// Step 1 on the rows of tiles, shared out between the machine's cores: the candidates
    /// of each share of rows, in order.
    fn run_in_parallel(&self, rows: Vec<TileRow>) -> Vec<StepOneOut> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let small = self.tiling.width() * self.tiling.height() < PARALLEL_CELLS;
        let threads = if small { 1 } else { cores.min(rows.len()) };
        if threads <= 1 {
            return vec![self.run(rows, None)];
        }
        let per_thread = rows.len().div_ceil(threads);
        let mut rows = rows.into_iter();
        let shares: Vec<Vec<TileRow>> = (0..threads)
            .map(|_| rows.by_ref().take(per_thread).collect())
            .collect();
        std::thread::scope(|scope| {
            let workers: Vec<_> = shares
                .into_iter()
                .map(|share| scope.spawn(move || self.run(share, None)))
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a tile worker panicked"))
                .collect()
        })
    }

    /// Step 1 on the rows of tiles, on this thread: their candidates, in order.
    fn run(&self, rows: Vec<TileRow>, mut held: Option<&mut Vec<(Order, u32)>>) -> StepOneOut {
        // Room for every border cell and every wall out of a tile: no regrowing.
        let tiles = rows.len() * self.tiling.across();
        let mut candidates = Vec::with_capacity(tiles * 6 * self.tiling.side());
        let mut pass = TilePass::default();
        let mut crossings = Vec::new();
        for (mut band, mut borders) in rows {
            for t in self.tiling.row_of_tiles(borders.tile_row(self.tiling)) {
                let mut tile_rng = Rng::seeded(self.stream.wrapping_add(t.index as u64));
                pass.run(
                    &t,
                    self.tiling,
                    &mut tile_rng,
                    held.as_deref_mut(),
                    self.vertex_blocks[t.index],
                    &mut borders,
                    &mut candidates,
                    &mut crossings,
                );
                if let Some(band) = band.as_mut() {
                    pass.write(&t, self.tiling, band);
                }
            }
        }
        candidates.sort_unstable_by_key(|c| c.order);
        (candidates, crossings)
    }
}

/// The candidates of all the parts in order, each part being in order.
fn merged(parts: Vec<Vec<Candidate>>) -> impl Iterator<Item = Candidate> {
    let mut parts: Vec<_> = parts
        .into_iter()
        .map(|p| p.into_iter().peekable())
        .collect();
    let mut next: BinaryHeap<Reverse<(Order, usize)>> = parts
        .iter_mut()
        .enumerate()
        .filter_map(|(i, p)| Some(Reverse((p.peek()?.order, i))))
        .collect();
    std::iter::from_fn(move || {
        let Reverse((_, i)) = next.pop()?;
        let c = parts[i].next()?;
        if let Some(following) = parts[i].peek() {
            next.push(Reverse((following.order, i)));
        }
        Some(c)
    })
}

#[inline]
fn wall_cell(wall: u32) -> usize {
    (wall / 2) as usize
}

#[inline]
fn open_wall(maze: &mut CellMaze, wall: u32) {
    let dir = if wall & 1 == 0 { Dir::East } else { Dir::South };
    maze.carve(wall_cell(wall), dir);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Kruskal's algorithm done the plain way on the weights the tiles draw: the maze, and
    /// the walls in the order it opens them.
    fn plain_kruskal(w: usize, h: usize, seed: u64, tile: usize) -> (CellMaze, Vec<u32>) {
        let tiling = Tiling::new(w, h, tile);
        let stream = Rng::seeded(seed).next_u64();
        let mut walls: Vec<(Order, u32)> = tiling
            .tiles()
            .flat_map(|t| {
                let mut tile_rng = Rng::seeded(stream.wrapping_add(t.index as u64));
                tile::all_walls(&t, &tiling, &mut tile_rng)
            })
            .collect();
        walls.sort_unstable();
        let mut maze = CellMaze::new(w, h, false);
        let mut forest = Forest::default();
        forest.reset(w * h);
        let mut opened = Vec::new();
        for (_, wall) in walls {
            let cell = wall_cell(wall);
            let other = if wall & 1 == 0 { cell + 1 } else { cell + w };
            if forest.union(cell, other) {
                open_wall(&mut maze, wall);
                opened.push(wall);
            }
        }
        (maze, opened)
    }
    #[test]
    fn tiles_give_the_plain_kruskal_maze() {
        for (w, h, tile) in [
            (1, 1, 4),
            (9, 1, 4),
            (1, 9, 4),
            (4, 4, 4),
            (13, 9, 4),
            (30, 17, 8),
            (17, 30, 16),
            (40, 40, 2),
            (150, 70, 64),
            (64, 64, 64),
        ] {
            for seed in 0..6 {
                let mut maze = CellMaze::new(w, h, false);
                carve_in_tiles(&mut maze, Weave::NONE, &mut Rng::seeded(seed), tile);
                let (plain, _) = plain_kruskal(w, h, seed, tile);
                assert!(maze.is_perfect(), "{w}x{h} tile {tile} seed {seed}");
                assert_eq!(
                    maze.to_tiles(),
                    plain.to_tiles(),
                    "{w}x{h} tile {tile} seed {seed}"
                );
            }
        }
    }

    #[test]
    fn threads_give_the_plain_kruskal_maze() {
        let (w, h) = (600, 520);
        assert!(w * h >= PARALLEL_CELLS);
        let mut maze = CellMaze::new(w, h, false);
        carve_in_tiles(&mut maze, Weave::NONE, &mut Rng::seeded(11), TILE);
        let (plain, _) = plain_kruskal(w, h, 11, TILE);
        assert!(maze.to_tiles() == plain.to_tiles());
    }

    #[test]
    fn woven_tiles_give_perfect_mazes_traced_or_not() {
        let disc = crate::Mask::from_fn(37, 29, |r, c| {
            let (y, x) = (r as f64 - 14.0, c as f64 - 18.0);
            x * x + y * y < 200.0
        });
        let disc = std::sync::Arc::new(disc.largest_piece().unwrap());
        for (w, h, tile) in [(13, 9, 4), (30, 17, 8), (37, 29, 4), (64, 64, 16)] {
            for seed in 0..6 {
                for masked in [false, true] {
                    let make = |trace: bool| {
                        let mut maze = match masked && (w, h) == (37, 29) {
                            true => CellMaze::shaped(std::sync::Arc::clone(&disc), trace),
                            false => CellMaze::new(w, h, trace),
                        };
                        let weave = Weave { p: 0.6 };
                        carve_in_tiles(&mut maze, weave, &mut Rng::seeded(seed), tile);
                        maze
                    };
                    let (plain, traced) = (make(false), make(true));
                    assert!(plain.is_perfect(), "{w}x{h} tile {tile} seed {seed}");
                    assert!(
                        plain.crossing_count() > 0,
                        "{w}x{h} tile {tile} seed {seed}"
                    );
                    assert_eq!(plain.to_tiles(), traced.to_tiles(), "{w}x{h} seed {seed}");
                }
            }
        }
    }

    #[test]
    fn woven_threads_give_a_perfect_maze() {
        let mut maze = CellMaze::new(600, 520, false);
        carve_in_tiles(&mut maze, Weave { p: 0.5 }, &mut Rng::seeded(3), TILE);
        assert!(maze.is_perfect());
        let mut alone = CellMaze::new(600, 520, true);
        carve_in_tiles(&mut alone, Weave { p: 0.5 }, &mut Rng::seeded(3), TILE);
        assert!(
            maze.to_tiles() == alone.to_tiles(),
            "threads change nothing"
        );
    }

    #[test]
    fn the_trace_opens_walls_in_kruskals_order() {
        let mut traced = CellMaze::new(20, 15, true);
        carve_in_tiles(&mut traced, Weave::NONE, &mut Rng::seeded(4), 4);
        let (plain, opened) = plain_kruskal(20, 15, 4, 4);
        assert_eq!(traced.to_tiles(), plain.to_tiles());
        let walls: Vec<_> = opened
            .iter()
            .map(|&wall| {
                let dir = if wall & 1 == 0 { Dir::East } else { Dir::South };
                plain.wall_tile(wall_cell(wall), dir)
            })
            .collect();
        let trace = traced.take_trace().unwrap();
        let traced_walls: Vec<_> = trace
            .into_iter()
            .filter(|p| p.row % 2 == 0 || p.col % 2 == 0)
            .collect();
        assert_eq!(traced_walls, walls);
    }
}
