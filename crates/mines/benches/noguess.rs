//! Time to make a no-guess board at each level, the first click in the middle.
//!
//!   cargo bench -p grid-mines --bench noguess
//!
//! The worst case over many seeds matters as much as the mean (a player waits for it):
//! `cargo run --release -p grid-mines --example noguess_times -- 30 16 99 2000` prints both.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grid_core::mines_doc::FirstClick;
use grid_core::{Pos, Rng};
use grid_mines::{Level, noguess};
use std::hint::black_box;

fn no_guess(c: &mut Criterion) {
    let mut group = c.benchmark_group("no-guess");
    for level in Level::ALL {
        let setup = level.setup();
        let click = Pos::new(setup.height / 2, setup.width / 2);
        group.bench_with_input(
            BenchmarkId::from_parameter(level.name()),
            &setup,
            |b, setup| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    let mut rng = Rng::seeded(seed);
                    black_box(noguess::no_guess_layout(
                        setup,
                        FirstClick::Opening,
                        click,
                        &mut rng,
                    ))
                })
            },
        );
    }
    group.finish();
}

criterion_group!(benches, no_guess);
criterion_main!(benches);
