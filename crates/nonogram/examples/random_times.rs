//! Times of random puzzles (each cell filled with probability 0.5), solved in-process:
//!
//!   cargo run --release -p grid-nonogram --example random_times -- SIDE COUNT [SEED,SEED,...]
//!   cargo run --release -p grid-nonogram --example random_times -- 130x25 6
//!
//! Seeds 0 to COUNT - 1, or only those listed; `VERBOSE=1` prints each puzzle's time, search
//! nodes and conflicts, which is how the few that reach the learning search are found. The
//! total of conflicts is the measure of the learning search that a busy machine cannot move.
//! `TIMEOUT=S` gives each puzzle S seconds, as `nonosolve --timeout` does.
use grid_core::{Grid, Rng};
use grid_nonogram::{Options, Puzzle, solve};
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some((width, height)), Some(count)) = (
        args.first().and_then(|s| size(s)),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: random_times SIDE|WIDTHxHEIGHT COUNT [SEED,SEED,...]");
        std::process::exit(2);
    };
    let timeout = std::env::var("TIMEOUT")
        .ok()
        .map(|s| Duration::from_secs_f64(s.parse().expect("TIMEOUT is a number of seconds")));
    let seeds: Vec<u64> = match args.get(2) {
        Some(list) => list
            .split(',')
            .map(|s| s.parse().expect("seeds are numbers separated by commas"))
            .collect(),
        None => (0..count).collect(),
    };
    let mut times = Vec::new();
    let mut conflicts = 0;
    for &seed in &seeds {
        let mut rng = Rng::seeded(seed);
        let cells = (0..width * height).map(|_| rng.chance(0.5)).collect();
        let puzzle = Puzzle::from_picture(&Grid::from_vec(width, height, cells).unwrap());
        let start = Instant::now();
        let options = Options {
            timeout,
            ..Options::default()
        };
        let report = solve(&puzzle, None, &options);
        let t = start.elapsed().as_secs_f64() * 1e3;
        if std::env::var_os("VERBOSE").is_some() {
            println!(
                "seed {seed}: {t:.2} ms {:?} {:?} {} nodes {} conflicts",
                report.status.name(),
                report.method.name(),
                report.stats.nodes,
                report.stats.conflicts
            );
        }
        conflicts += report.stats.conflicts;
        times.push(t);
    }
    times.sort_by(f64::total_cmp);
    let n = times.len();
    println!(
        "{width}x{height}, {n} puzzles: median {:.2} ms, 90th percentile {:.2} ms, worst {:.1} ms, all {:.1} s, {conflicts} conflicts",
        times[n / 2],
        times[n * 9 / 10],
        times[n - 1],
        times.iter().sum::<f64>() / 1e3
    );
}

/// `SIDE` for a square, or `WIDTHxHEIGHT`.
fn size(s: &str) -> Option<(usize, usize)> {
    match s.split_once('x') {
        Some((w, h)) => Some((w.parse().ok()?, h.parse().ok()?)),
        None => s.parse().ok().map(|side| (side, side)),
    }
}
