//! Our solver with another analyser's guesses in one phase of the game, to find where the
//! other plays better.
//!
//! The other analyser is any command that reads JSMinesweeper positions on stdin, one after
//! another (`WxHxM`, then the rows), and answers each with one line, `ROW COL` of the tile it
//! would open (or `none`). Games are played as `mines bench --first-click safe` plays them,
//! by our solver, except that wherever it would guess while the covered tiles number more
//! than ABOVE and at most AT_MOST, the other's answer is played instead. The result is a
//! record as `win_record` writes it, one character a game, to compare with
//! `win_record compare`:
//!
//!   cargo run --release -p grid-mines --example win_record -- expert 20000 safe 10001 > ours.txt
//!   cargo run --release -p grid-mines --example oracle_hybrid -- expert 20000 10001 0 400 \
//!       ./other-analyser > late.txt
//!   cargo run --release -p grid-mines --example win_record -- compare ours.txt late.txt
//!
//! One analyser process serves all the games, one game after another (run several over
//! parts of the seeds to use every core). docs/performance.md, "Beside JSMinesweeper's Java
//! solver", has what it measured.

use grid_core::Pos;
use grid_core::mines_doc::{FirstClick, Rules};
use grid_mines::game::Game;
use grid_mines::setup::Level;
use grid_mines::simulate::play_out_with;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [level, games, first, above, at_most, command @ ..] = &args[..] else {
        usage()
    };
    let (Ok(level), Ok(games), Ok(first), Ok(above), Ok(at_most)) = (
        level.parse::<Level>(),
        games.parse::<u64>(),
        first.parse::<u64>(),
        above.parse::<usize>(),
        at_most.parse::<usize>(),
    ) else {
        usage()
    };
    if command.is_empty() {
        usage()
    }
    let mut other = Other::start(command);
    let record: String = (first..first + games)
        .map(|seed| {
            let won = play(level, seed, &mut other, above + 1..=at_most);
            if won { '1' } else { '0' }
        })
        .collect();
    other.finish();
    println!("{record}");
}

fn usage() -> ! {
    eprintln!("usage: oracle_hybrid LEVEL GAMES FIRST_SEED ABOVE AT_MOST COMMAND [ARGS...]");
    std::process::exit(2);
}

/// The other analyser, asked one position at a time.
struct Other {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Other {
    fn start(command: &[String]) -> Other {
        let mut child = Command::new(&command[0])
            .args(&command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", command[0]));
        Other {
            input: child.stdin.take().expect("piped"),
            output: BufReader::new(child.stdout.take().expect("piped")),
            child,
        }
    }

    /// Closes its input and waits for it to end.
    fn finish(self) {
        let Other {
            mut child, input, ..
        } = self;
        drop(input);
        let _ = child.wait();
    }

    /// The tile the other would open in `position` (JSMinesweeper text).
    fn ask(&mut self, position: &str) -> Option<Pos> {
        self.input.write_all(position.as_bytes()).ok()?;
        self.input.flush().ok()?;
        let mut line = String::new();
        self.output.read_line(&mut line).ok()?;
        let mut words = line.split_whitespace().map(str::parse::<usize>);
        match (words.next(), words.next()) {
            (Some(Ok(row)), Some(Ok(col))) => Some(Pos::new(row, col)),
            _ => None,
        }
    }
}

/// Plays game `seed` on the safe rule from the corner; true on a win.
fn play(
    level: Level,
    seed: u64,
    other: &mut Other,
    phase: std::ops::RangeInclusive<usize>,
) -> bool {
    let rules = Rules {
        first_click: FirstClick::Safe,
        no_guess: false,
    };
    let mut game = Game::new(level.setup(), rules, seed).expect("a level's setup is valid");
    let mines = level.setup().mines;
    play_out_with(&mut game, Pos::new(0, 0), |view| {
        let covered = view.cells().iter().filter(|c| c.is_closed()).count();
        if !phase.contains(&covered) {
            return None;
        }
        let text = grid_mines::position::write(view, mines)?;
        other.ask(&text)
    })
}
