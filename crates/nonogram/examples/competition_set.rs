//! The task set of the Computer Olympiad and TAAI nonogram tournaments, made from a seed:
//! 1,000 random 25 x 25 puzzles, each cell filled with a probability that falls evenly from
//! 0.5 for the first puzzle to 0.35 for the last. A solver must find one solution of each
//! (most have several). Writes grid documents, one a line:
//!
//!     cargo run --release -p grid-nonogram --example competition_set -- SEED [COUNT] > set.jsonl
//!
//! bench/competition.sh times nonosolve and nonogrid on such a set. Puzzle `i` is drawn from
//! `Rng::seeded(SEED + i)`, so a set is the same on every machine.

use grid_core::{Grid, Rng};
use grid_nonogram::Puzzle;
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;

/// Cells on a side, as the tournaments set them.
const SIDE: usize = 25;
/// The first puzzle's and the last puzzle's chance of a filled cell.
const FIRST: f64 = 0.5;
const LAST: f64 = 0.35;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |k: usize, default: u64| match args.get(k) {
        None => Some(default),
        Some(text) => text.parse::<u64>().ok(),
    };
    let (Some(seed), Some(count)) = (number(0, 1), number(1, 1000)) else {
        eprintln!("competition_set: usage: competition_set [SEED] [COUNT] (whole numbers)");
        return ExitCode::from(2);
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for i in 0..count {
        let density = if count > 1 {
            FIRST - (FIRST - LAST) * i as f64 / (count - 1) as f64
        } else {
            FIRST
        };
        let mut rng = Rng::seeded(seed.wrapping_add(i));
        let cells = (0..SIDE * SIDE).map(|_| rng.chance(density)).collect();
        let picture = Grid::from_vec(SIDE, SIDE, cells).expect("25 x 25 cells");
        let puzzle = Puzzle::from_picture(&picture);
        let doc = json!({
            "kind": "nonogram",
            "version": 1,
            "width": SIDE,
            "height": SIDE,
            "clues": { "rows": puzzle.rows(), "cols": puzzle.cols() },
            "meta": {
                "generator": "competition_set",
                "seed": seed.wrapping_add(i),
                "density": density,
                "title": format!("competition puzzle {}", i + 1),
            },
        });
        if let Err(e) = writeln!(out, "{doc}") {
            return failed(&e);
        }
    }
    match out.flush() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => failed(&e),
    }
}

/// A closed pipe is quiet (nothing more is wanted); any other failure to write is said.
fn failed(e: &std::io::Error) -> ExitCode {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return ExitCode::SUCCESS;
    }
    eprintln!("competition_set: writing the set to stdout failed: {e}");
    ExitCode::from(2)
}
