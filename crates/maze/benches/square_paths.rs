//! The square grid's own generators and solvers beside the tilings' generic ones run on a
//! square topology, at 2000 x 2000 cells: what keeps the square grid on a path of its own
//! (docs/architecture.md, "Two maze paths").
//!
//!   cargo bench -p grid-maze --bench square_paths
//!
//! The square topology here has the fast paths the other tilings have (a division by one
//! multiplication, no edge tests inside the grid), so the comparison is of the two designs,
//! not of a slow topology.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grid_core::tiling::{Cell, Divisor, Edge, Point, Side, TiledMaze, Tiling, Topology};
use grid_core::{Pos, Rng};
use grid_maze::tiled::{carve_on, solve_on};
use grid_maze::{Algorithm, Solver, generate, solve};
use std::hint::black_box;

const SIDE: usize = 2000;

/// Square cells, `width` x `height`, numbered in reading order.
#[derive(Debug, Clone, Copy)]
struct Square {
    width: usize,
    height: usize,
    columns: Divisor,
}

const E: u8 = 1;
const S: u8 = 2;

impl Square {
    fn new(width: usize, height: usize) -> Square {
        Square {
            width,
            height,
            columns: Divisor::new(width),
        }
    }
}

impl Topology for Square {
    const TILING: Tiling = Tiling::Square;

    fn len(&self) -> usize {
        self.width * self.height
    }

    fn rows(&self) -> usize {
        self.height
    }

    fn row_len(&self, _row: usize) -> usize {
        self.width
    }

    fn row_start(&self, row: usize) -> usize {
        row * self.width
    }

    #[inline]
    fn position(&self, cell: Cell) -> Pos {
        let (row, col) = self.columns.div_rem(cell);
        Pos::new(row as usize, col as usize)
    }

    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let Pos { row: r, col: c } = self.position(cell);
        let w = self.width as Cell;
        let side = |ok: bool, to: Cell, owner: Cell, bit: u8| {
            if ok {
                Side::new(to, owner, bit)
            } else {
                Side::EDGE
            }
        };
        out.extend([
            side(r > 0, cell.wrapping_sub(w), cell.wrapping_sub(w), S),
            side(c + 1 < self.width, cell + 1, cell, E),
            side(r + 1 < self.height, cell + w, cell, S),
            side(c > 0, cell.wrapping_sub(1), cell.wrapping_sub(1), E),
        ]);
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        if bit == E { "E" } else { "S" }
    }

    fn center(&self, cell: Cell) -> Point {
        let Pos { row, col } = self.position(cell);
        (col as f64 + 0.5, row as f64 + 0.5)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        out.clear();
        let Pos { row, col } = self.position(cell);
        let (x, y) = (col as f64, row as f64);
        let corners = [(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)];
        for i in 0..4 {
            out.push(Edge {
                from: corners[i],
                to: corners[(i + 1) % 4],
                arc: None,
            });
        }
    }

    fn extent(&self) -> (Point, Point) {
        ((0.0, 0.0), (self.width as f64, self.height as f64))
    }

    fn max_step(&self) -> f64 {
        1.0
    }
}

/// The generators both paths have.
const SHARED: [Algorithm; 4] = [
    Algorithm::HuntKill,
    Algorithm::Backtracker,
    Algorithm::Prim,
    Algorithm::Kruskal,
];

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("square_paths/generate");
    group.sample_size(10);
    group.throughput(Throughput::Elements((SIDE * SIDE) as u64));
    for algo in SHARED {
        group.bench_function(BenchmarkId::new("square", algo.name()), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(generate(algo, SIDE, SIDE, &mut Rng::seeded(seed), false))
            })
        });
        group.bench_function(BenchmarkId::new("tiled", algo.name()), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let mut maze = TiledMaze::new(Square::new(SIDE, SIDE));
                carve_on(&mut maze, algo, &mut Rng::seeded(seed));
                black_box(maze)
            })
        });
    }
    group.finish();
}

fn solvers(c: &mut Criterion) {
    let mut group = c.benchmark_group("square_paths/solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements((SIDE * SIDE) as u64));
    let (start, goal) = (Pos::new(0, 0), Pos::new(SIDE - 1, SIDE - 1));
    // The same maze both ways: the square grid's tiles, and its passages as a tiled maze.
    let tiles = generate(Algorithm::HuntKill, SIDE, SIDE, &mut Rng::seeded(1), false).to_tiles();
    let mut tiled = TiledMaze::new(Square::new(SIDE, SIDE));
    for r in 0..SIDE {
        for c in 0..SIDE {
            let open = |row: usize, col: usize| tiles[Pos::new(row, col)].is_open();
            let east = c + 1 < SIDE && open(2 * r + 1, 2 * c + 2);
            let south = r + 1 < SIDE && open(2 * r + 2, 2 * c + 1);
            tiled.set_links(
                (r * SIDE + c) as Cell,
                (u8::from(east) * E) | (u8::from(south) * S),
            );
        }
    }
    for solver in [Solver::Bfs, Solver::AStar, Solver::DeadEndFilling] {
        group.bench_function(BenchmarkId::new("square", solver.name()), |b| {
            b.iter(|| black_box(solve(solver, &tiles, start, goal, false)))
        });
        group.bench_function(BenchmarkId::new("tiled", solver.name()), |b| {
            b.iter(|| black_box(solve_on(solver, &tiled, start, goal, false)))
        });
    }
    group.finish();
}

criterion_group!(benches, generators, solvers);
criterion_main!(benches);
