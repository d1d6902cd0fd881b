//! Throughput of every generator and solver, in cells per second.
//!
//!   cargo bench -p grid-maze              # all
//!   cargo bench -p grid-maze -- generate  # generators only
//!   cargo bench -p grid-maze -- shaped    # the same on a disc mask, and weave

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grid_core::{Pos, Rng};
use grid_maze::{Algorithm, Mask, Shape, Solver, braid, generate, generate_shaped, solve};
use std::hint::black_box;
use std::sync::Arc;

const SIDE: usize = 500;

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    group.throughput(Throughput::Elements((SIDE * SIDE) as u64));
    for algo in Algorithm::ALL {
        group.bench_with_input(BenchmarkId::new(algo.name(), SIDE), &algo, |b, &algo| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                black_box(generate(algo, SIDE, SIDE, &mut Rng::seeded(seed), false))
            })
        });
    }
    group.finish();
}

/// A disc touching the sides of a `side` x `side` square: 79% of its cells.
pub fn disc(side: usize) -> Mask {
    let centre = side as f64 / 2.0;
    Mask::from_fn(side, side, |r, c| {
        let (y, x) = (r as f64 + 0.5 - centre, c as f64 + 0.5 - centre);
        x * x + y * y <= centre * centre
    })
}

/// Every algorithm that takes a mask, on a disc and with weave, beside the plain square
/// (`generate`): throughput in cells of the maze per second.
fn shaped(c: &mut Criterion) {
    let mask = Arc::new(disc(SIDE));
    let mut group = c.benchmark_group("shaped");
    group.sample_size(10);
    for algo in Algorithm::ALL.into_iter().filter(|a| a.supports_masks()) {
        let shapes = [
            (
                "disc",
                Shape {
                    mask: Some(Arc::clone(&mask)),
                    weave: 0.0,
                },
            ),
            (
                "weave",
                Shape {
                    mask: None,
                    weave: 0.5,
                },
            ),
        ];
        for (name, shape) in shapes {
            let cells = shape.mask.as_ref().map_or(SIDE * SIDE, |m| m.count());
            group.throughput(Throughput::Elements(cells as u64));
            let id = BenchmarkId::new(algo.name(), name);
            group.bench_with_input(id, &shape, |b, shape| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    let mut rng = Rng::seeded(seed);
                    black_box(generate_shaped(algo, (SIDE, SIDE), shape, &mut rng, false))
                })
            });
        }
    }
    group.finish();
}

fn drawing(c: &mut Criterion) {
    let maze = generate(
        Algorithm::Sidewinder,
        SIDE,
        SIDE,
        &mut Rng::seeded(1),
        false,
    );
    let mut group = c.benchmark_group("draw");
    group.throughput(Throughput::Elements((SIDE * SIDE) as u64));
    group.bench_function("to_tiles", |b| b.iter(|| black_box(maze.to_tiles())));
    group.finish();
}

fn solvers(c: &mut Criterion) {
    let mut rng = Rng::seeded(7);
    let perfect = generate(Algorithm::HuntKill, SIDE, SIDE, &mut rng, false).to_tiles();
    let mut braided = generate(Algorithm::Kruskal, SIDE, SIDE, &mut rng, false);
    braid(&mut braided, 0.5, &mut rng);
    let braided = braided.to_tiles();
    let (start, goal) = (Pos::new(1, 1), Pos::new(2 * SIDE - 1, 2 * SIDE - 1));
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(perfect.len() as u64));
    for solver in Solver::ALL {
        for (name, tiles) in [("perfect", &perfect), ("braided", &braided)] {
            let id = BenchmarkId::new(solver.name(), name);
            group.bench_with_input(id, tiles, |b, tiles| {
                b.iter(|| black_box(solve(solver, tiles, start, goal, false)))
            });
        }
    }
    group.finish();
}

/// Every graph generator and BFS on each other tiling, at 500 x 500 cells (polar: 250 rings,
/// about 200K cells), beside the square grid's `generate` group.
fn tilings(c: &mut Criterion) {
    use grid_core::tiling::Tiling;
    use grid_maze::tiled::{TiledRequest, TiledSize, solve_tiled};
    let mut group = c.benchmark_group("tilings");
    group.sample_size(10);
    let algos = [
        Algorithm::HuntKill,
        Algorithm::Backtracker,
        Algorithm::GrowingTree,
        Algorithm::Prim,
        Algorithm::Kruskal,
        Algorithm::Wilson,
    ];
    for tiling in [
        Tiling::Hex,
        Tiling::Triangle,
        Tiling::Octagon,
        Tiling::Polar,
    ] {
        let size = match tiling {
            Tiling::Polar => TiledSize::Rings(250),
            _ => TiledSize::Rect {
                width: SIDE,
                height: SIDE,
            },
        };
        let probe = TiledRequest::new(Algorithm::HuntKill, tiling, size, None, None).unwrap();
        let cells = grid_core::on_tiled_maze!(&probe.make(0).maze, m => m.cell_count());
        group.throughput(Throughput::Elements(cells as u64));
        for algo in algos {
            let request = TiledRequest::new(algo, tiling, size, None, None).unwrap();
            let id = BenchmarkId::new(format!("{tiling}/{}", algo.name()), cells);
            group.bench_function(id, |b| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    black_box(request.make(seed).maze)
                })
            });
        }
        let maze = probe.make(1);
        group.bench_function(BenchmarkId::new(format!("{tiling}/bfs"), cells), |b| {
            b.iter(|| {
                black_box(solve_tiled(
                    Solver::Bfs,
                    &maze.maze,
                    maze.start,
                    maze.goal,
                    false,
                ))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, generators, shaped, drawing, solvers, tilings);
criterion_main!(benches);
