//! Which tile to guess when the first click of an expert game, in the corner under the safe
//! rule, shows a number: the games of `mines bench --level expert --first-click safe` played
//! once as the solver plays them and once for each tile named, that tile guessed in place of
//! the solver's first guess wherever the corner shows a number (about half of the games; the
//! others open an area and are played alike).
//!
//!   cargo run --release -p grid-mines --example second_guess -- 10000 100001 15,0 0,2 > g.txt
//!
//! Prints a record a line, the solver's first (`ours`), in `win_record`'s form (one
//! character a game from the first seed on, `1` won): `win_record compare` reads two records
//! cut out of it. On stderr, how often the solver chose which tile for each number shown.

use grid_core::Pos;
use grid_core::mines_doc::{Cell, FirstClick, Rules};
use grid_mines::setup::Level;
use grid_mines::simulate::{on_every_core, play_out_with};
use grid_mines::{Game, analyse};
use std::collections::BTreeMap;
use std::sync::Mutex;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(games), Some(from), Some(tiles)) = (
        args.first().and_then(|s| s.parse::<usize>().ok()),
        args.get(1).and_then(|s| s.parse::<u64>().ok()),
        args[2.min(args.len())..]
            .iter()
            .map(|s| tile(s))
            .collect::<Option<Vec<Pos>>>(),
    ) else {
        eprintln!("usage: second_guess GAMES FIRST_SEED ROW,COL... > RECORDS");
        std::process::exit(2);
    };
    let setup = Level::Expert.setup();
    let rules = Rules {
        first_click: FirstClick::Safe,
        no_guess: false,
    };
    let corner = Pos::new(0, 0);
    // The corner's number, for the games where it shows one.
    let shown = |view: &grid_core::Grid<Cell>| -> Option<u8> {
        let opened = view.cells().iter().filter(|c| !c.is_closed()).count();
        match view[corner] {
            Cell::Open(n) if opened == 1 => Some(n),
            _ => None,
        }
    };
    let records = Mutex::new(vec![vec![b'?'; games]; tiles.len() + 1]);
    let chosen = Mutex::new(BTreeMap::<(u8, Pos), u64>::new());
    on_every_core(games as u64, |i| {
        let i = i as usize;
        let seed = from + i as u64;
        let mut game = Game::new(setup, rules, seed).expect("expert is a valid setup");
        let mut number = None;
        let won = play_out_with(&mut game, corner, |view| {
            if let Some(n) = shown(view) {
                number = Some(n);
                let ours = analyse(view, setup.mines).ok()?.best?;
                *chosen.lock().unwrap().entry((n, ours)).or_default() += 1;
            }
            None
        });
        let mut row = vec![won];
        for &tile in &tiles {
            row.push(match number {
                // The corner opened an area: no guess to change.
                None => won,
                Some(_) => {
                    let mut game = Game::new(setup, rules, seed).unwrap();
                    play_out_with(&mut game, corner, |view| shown(view).map(|_| tile))
                }
            });
        }
        let mut records = records.lock().unwrap();
        for (record, won) in records.iter_mut().zip(row) {
            record[i] = if won { b'1' } else { b'0' };
        }
    });
    for ((n, tile), count) in chosen.into_inner().unwrap() {
        eprintln!("corner shows {n}: the solver guesses {tile} in {count} games");
    }
    let names = std::iter::once("ours".to_string()).chain(args[2..].iter().cloned());
    for (name, record) in names.zip(records.into_inner().unwrap()) {
        println!("{name} {}", String::from_utf8(record).unwrap());
    }
}

/// `ROW,COL`.
fn tile(s: &str) -> Option<Pos> {
    let (row, col) = s.split_once(',')?;
    Some(Pos::new(row.parse().ok()?, col.parse().ok()?))
}
