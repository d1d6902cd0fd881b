//! Game-by-game results of the solver, for comparing two versions of it on the same games.
//!
//! A change to the guessing policy moves the win rate by a few tenths of a point, less than
//! the noise of 10,000 games; but most games end the same under both versions, so comparing
//! the games one by one (McNemar's test on the games only one version wins) sees what the
//! totals cannot.
//!
//!   cargo run --release -p grid-mines --example win_record -- intermediate 100000 > before.txt
//!   (change the solver)
//!   cargo run --release -p grid-mines --example win_record -- intermediate 100000 > after.txt
//!   cargo run --release -p grid-mines --example win_record -- compare before.txt after.txt
//!
//! A record is one character a game, `1` won and `0` lost, for seeds 1 on (as `mines bench
//! --seed 1` plays them), on the opening first-click rule, or with a third argument `safe`
//! on the safe rule (`mines bench --first-click safe`). A fourth argument starts the seeds
//! elsewhere (`win_record expert 20000 safe 10001`: seeds 10,001 to 30,000), for a sample
//! apart from the one a change was tried on.

use grid_core::mines_doc::{FirstClick, Rules};
use grid_mines::setup::Level;
use grid_mines::simulate::play_all;
use std::sync::Mutex;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["compare", before, after] => compare(before, after),
        [level, games] => play(level, games, FirstClick::Opening, "1"),
        [level, games, "safe"] => play(level, games, FirstClick::Safe, "1"),
        [level, games, "safe", from] => play(level, games, FirstClick::Safe, from),
        _ => usage(),
    }
}

fn play(level: &str, games: &str, first_click: FirstClick, from: &str) {
    match (
        level.parse::<Level>(),
        games.parse::<usize>(),
        from.parse::<u64>(),
    ) {
        (Ok(level), Ok(games), Ok(from)) => {
            println!("{}", record(level, games, first_click, from))
        }
        _ => usage(),
    }
}

fn usage() {
    eprintln!(
        "usage: win_record LEVEL GAMES [safe [FIRST_SEED]] > FILE, or win_record compare BEFORE AFTER"
    );
    std::process::exit(2);
}

/// The results of `games` games from seed `from` on, played on every core.
fn record(level: Level, games: usize, first_click: FirstClick, from: u64) -> String {
    let rules = Rules {
        first_click,
        no_guess: false,
    };
    let results = Mutex::new(vec![b'?'; games]);
    play_all(level.setup(), rules, from, games as u64, |i, played| {
        results.lock().unwrap()[i as usize] = if played.won { b'1' } else { b'0' };
    });
    String::from_utf8(results.into_inner().unwrap()).unwrap()
}

fn compare(before: &str, after: &str) {
    let read = |path: &str| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let (a, b) = (read(before), read(after));
    let pairs: Vec<(char, char)> = a.trim().chars().zip(b.trim().chars()).collect();
    let n = pairs.len() as f64;
    let wins = |won: fn(&(char, char)) -> bool| pairs.iter().filter(|p| won(p)).count() as f64;
    let (wa, wb) = (wins(|p| p.0 == '1'), wins(|p| p.1 == '1'));
    let only_a = wins(|p| p.0 == '1' && p.1 == '0');
    let only_b = wins(|p| p.0 == '0' && p.1 == '1');
    let z = if only_a + only_b > 0.0 {
        (only_b - only_a) / (only_a + only_b).sqrt()
    } else {
        0.0
    };
    let verdict = if z.abs() > 1.96 {
        "a real difference at 95%"
    } else {
        "within the noise at 95%"
    };
    println!(
        "{n} games: before {:.2}%, after {:.2}% ({:+.2} points); won only before {only_a}, \
         only after {only_b}; z = {z:+.2}: {verdict}",
        100.0 * wa / n,
        100.0 * wb / n,
        100.0 * (wb - wa) / n
    );
}
