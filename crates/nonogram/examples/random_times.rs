//! Times of random puzzles (each cell filled with probability 0.5), solved in-process:
//!
//!   cargo run --release -p nonogram --example random_times -- SIDE COUNT
use grid_core::{Grid, Rng};
use grid_nonogram::{Options, Puzzle, solve};
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse().expect("SIDE COUNT"))
        .collect();
    let [side, count] = args[..] else {
        eprintln!("usage: random_times SIDE COUNT");
        std::process::exit(2);
    };
    let mut times = Vec::new();
    for seed in 0..count as u64 {
        let mut rng = Rng::seeded(seed);
        let cells = (0..side * side).map(|_| rng.chance(0.5)).collect();
        let puzzle = Puzzle::from_picture(&Grid::from_vec(side, side, cells).unwrap());
        let start = Instant::now();
        let report = solve(&puzzle, None, &Options::default());
        let t = start.elapsed().as_secs_f64() * 1e3;
        if std::env::var_os("VERBOSE").is_some() {
            println!(
                "seed {seed}: {t:.2} ms {:?} {:?} {} nodes",
                report.status.name(),
                report.method.name(),
                report.stats.nodes
            );
        }
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    println!(
        "{side}x{side}, {count} puzzles: median {:.2} ms, 90th percentile {:.2} ms, worst {:.1} ms",
        times[count / 2],
        times[count * 9 / 10],
        times[count - 1]
    );
}
