//! The slowest analyses met in solver-played games: every position the bench's solver
//! analyses, timed.
//!
//!   cargo run --release -p grid-mines --example analyse_times -- LEVEL GAMES [safe|opening]
//!
//! FROM=S starts at seed S; SLOWEST=FILE writes the slowest position met to FILE.

use grid_core::Pos;
use grid_core::mines_doc::{FirstClick, GameState, Move, Rules};
use grid_mines::solver::analyse;
use grid_mines::{Game, Level};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level: Level = args[0].parse().expect("a level");
    let games: u64 = args[1].parse().expect("a number of games");
    let first_click = match args.get(2).map(String::as_str) {
        Some("safe") => FirstClick::Safe,
        _ => FirstClick::Opening,
    };
    let setup = level.setup();
    let rules = Rules {
        first_click,
        no_guess: false,
    };
    let mut times = Vec::new();
    let from: u64 = std::env::var("FROM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    for seed in from..from + games {
        let mut game = Game::new(setup, rules, seed).unwrap();
        let mut next = Pos::new(setup.height / 2, setup.width / 2);
        while (!game.view()[next].is_closed() || game.play(Move::Open(next)).is_ok())
            && game.state() == GameState::Playing
        {
            let start = Instant::now();
            let analysis = analyse(game.view(), setup.mines).unwrap();
            let ms = start.elapsed().as_secs_f64() * 1e3;
            // SLOWEST=FILE keeps the slowest position as JSMinesweeper text (for `mines solve`).
            if let Some(path) = std::env::var_os("SLOWEST")
                && times.iter().all(|t: &(f64, u64)| t.0 < ms)
            {
                let text = grid_mines::position::write(game.view(), setup.mines).unwrap();
                std::fs::write(path, text).unwrap();
            }
            times.push((ms, seed));
            for &p in analysis.safe.iter().skip(1) {
                if game.state() == GameState::Playing && game.view()[p].is_closed() {
                    game.play(Move::Open(p)).unwrap();
                }
            }
            match analysis.best {
                Some(p) if game.state() == GameState::Playing => next = p,
                _ => break,
            }
        }
    }
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let n = times.len();
    println!(
        "{} analyses: median {:.3} ms, 99th percentile {:.2} ms, worst {:.1} ms (seed {})",
        n,
        times[n / 2].0,
        times[n * 99 / 100].0,
        times[n - 1].0,
        times[n - 1].1
    );
}
