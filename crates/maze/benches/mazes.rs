//! Throughput of every generator and solver, in cells per second.
//!
//!   cargo bench -p maze              # all
//!   cargo bench -p maze -- generate  # generators only

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use grid_core::{Pos, Rng};
use grid_maze::{Algorithm, Solver, braid, generate, solve};
use std::hint::black_box;

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

criterion_group!(benches, generators, drawing, solvers);
criterion_main!(benches);
