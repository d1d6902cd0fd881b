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
use grid_core::tiling::{Cell, TiledMaze};
use grid_core::{Pos, Rng};
use grid_maze::tiled::{carve_on, solve_on};
use grid_maze::{Algorithm, Solver, generate, solve};
use std::hint::black_box;

const SIDE: usize = 2000;

#[path = "support/square.rs"]
mod square;
use square::{E, S, Square};

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
