//! Mean and worst time to make a no-guess board, over many seeds (the first click in the
//! middle, the opening rule):
//!
//!   cargo run --release -p grid-mines --example noguess_times -- WIDTH HEIGHT MINES SEEDS

use grid_core::mines_doc::FirstClick;
use grid_core::{Pos, Rng};
use grid_mines::{Setup, noguess};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("numbers: WIDTH HEIGHT MINES SEEDS"))
        .collect();
    let [width, height, mines, seeds] = args[..] else {
        eprintln!("usage: noguess_times WIDTH HEIGHT MINES SEEDS");
        std::process::exit(2);
    };
    let setup = Setup {
        width,
        height,
        mines,
    };
    let click = Pos::new(height / 2, width / 2);
    let (mut worst, mut failed) = (0.0f64, 0);
    let start = Instant::now();
    for seed in 0..seeds as u64 {
        let one = Instant::now();
        let layout =
            noguess::no_guess_layout(&setup, FirstClick::Opening, click, &mut Rng::seeded(seed));
        worst = worst.max(one.elapsed().as_secs_f64());
        failed += usize::from(layout.is_none());
    }
    let mean = start.elapsed().as_secs_f64() / seeds.max(1) as f64;
    println!(
        "{width}x{height}/{mines}: mean {:.2} ms, worst {:.1} ms, {failed} of {seeds} not found",
        mean * 1e3,
        worst * 1e3
    );
}
