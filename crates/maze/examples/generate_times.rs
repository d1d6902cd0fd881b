//! In-process time of one generator at one size, over several seeds: the generator's own work,
//! without starting a process or writing the document. For comparing two builds of a change.
//!
//!   cargo run --release -p grid-maze --example generate_times -- recursive-division 1000 50

use grid_core::Rng;
use grid_maze::{Algorithm, generate};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(algo), Some(side), Some(runs)) = (
        args.first().and_then(|a| a.parse::<Algorithm>().ok()),
        args.get(1).and_then(|s| s.parse::<usize>().ok()),
        args.get(2).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: generate_times ALGORITHM SIDE RUNS");
        std::process::exit(2);
    };
    let mut times: Vec<f64> = (0..runs.max(1))
        .map(|seed| {
            let start = Instant::now();
            let maze = generate(algo, side, side, &mut Rng::seeded(seed), false);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            std::hint::black_box(maze);
            ms
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!(
        "{algo} {side}x{side}: median {:.3} ms, fastest {:.3} ms ({} seeds)",
        times[times.len() / 2],
        times[0],
        times.len()
    );
}
