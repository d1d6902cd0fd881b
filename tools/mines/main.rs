//! mines: Minesweeper to play in the terminal, and to script in pipelines.

mod best;
#[path = "../common/mod.rs"]
mod common;
mod text;
mod tui;

use clap::{Args, Parser, Subcommand};
use grid_core::mines_doc::{FirstClick, MinesDoc, Move, Rules};
use grid_core::{Error, Pos, Result, Rng};
use mines::{Game, Level, Setup};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mines                                  play a beginner game in the terminal
  mines play --level expert
  mines play --width 20 --height 10 --mines 30 --seed 7
  mines play --level expert --no-guess       a board that never needs a guess
  mines new --level beginner --seed 1 | mines open 4 4 | mines flag 0 0 | gridrender
  printf '4 4\\nf 0 0\\n' | mines play --seed 1      text moves: R C opens, f R C flags, c R C chords
  mines new --seed 1 | mines open 4 4 | mines solve | gridrender -o odds.png

Keys in the terminal game: arrows or hjkl move, space or enter opens, f flags, ? marks,
c chords (so does opening a number), i hint, p odds, g no-guess on/off (starts a new game),
n new game, q or Esc quits. Mouse: left opens,
right flags, middle or left+right chords.";

/// Minesweeper: play in the terminal, or script games through grid documents.
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    play: GameArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play: full screen on a terminal; text moves line by line otherwise.
    Play(GameArgs),
    /// Write a new game document.
    New(NewArgs),
    /// Open a tile (on an opened number: chord) in the game read from FILE or stdin.
    Open(MoveArgs),
    /// Put or take away a flag.
    Flag(MoveArgs),
    /// Put or take away a question mark.
    Question(MoveArgs),
    /// Open the neighbours of a number whose flags are all placed.
    Chord(MoveArgs),
    /// Add the exact chance of a mine on every covered tile, the certain ones, and the move to
    /// play (`analysis`) to each position read (mines documents, or JSMinesweeper text); the
    /// layout is never looked at.
    Solve(SolveArgs),
    /// Play seeded games with the solver alone, on every core, and report the win rate.
    Bench(BenchArgs),
    /// Write each position as JSMinesweeper text (WxHxM, then rows of 0-8, F, H).
    Export(SolveArgs),
}

#[derive(Debug, Clone, Args)]
struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,

    /// Number of games (at least 1: a win rate over no games means nothing).
    #[arg(long, default_value_t = 1000, value_parser = parse_games)]
    games: u64,

    /// Print one JSON object on the last line.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Args)]
struct SolveArgs {
    /// Positions (mines documents); stdin when none or `-`.
    files: Vec<PathBuf>,
    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,
}

/// The board and its rules.
#[derive(Debug, Clone, Args)]
struct GameArgs {
    /// A classic level: beginner 9x9/10, intermediate 16x16/40, expert 30x16/99.
    #[arg(long, short, value_parser = parse_level, conflicts_with_all = ["width", "height", "mines"])]
    level: Option<Level>,

    /// Custom board width (with --height and --mines).
    #[arg(long, requires_all = ["height", "mines"])]
    width: Option<usize>,

    /// Custom board height.
    #[arg(long, requires_all = ["width", "mines"])]
    height: Option<usize>,

    /// Custom number of mines.
    #[arg(long, requires_all = ["width", "height"])]
    mines: Option<usize>,

    /// Seed for a reproducible game; drawn at random when absent.
    #[arg(long, short)]
    seed: Option<u64>,

    /// What the first click is promised: an opening (a zero), a safe tile, or nothing.
    #[arg(long, value_enum, default_value = "opening")]
    first_click: FirstClickArg,

    /// A board that deduction alone clears from the first click: never a guess (mines are
    /// moved where deduction would get stuck; at most 35% of the tiles may be mines).
    #[arg(long)]
    no_guess: bool,
}

#[derive(Debug, Clone, Args)]
struct NewArgs {
    #[command(flatten)]
    game: GameArgs,

    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,
}

#[derive(Debug, Clone, Args)]
struct MoveArgs {
    /// Row, from 0 at the top.
    row: usize,
    /// Column, from 0 at the left.
    col: usize,
    /// Game documents; stdin when none or `-`.
    files: Vec<PathBuf>,
    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FirstClickArg {
    Opening,
    Safe,
    Any,
}

fn parse_level(s: &str) -> std::result::Result<Level, String> {
    s.parse()
}

fn parse_games(s: &str) -> std::result::Result<u64, String> {
    match s.parse::<u64>() {
        Ok(0) => Err("a bench plays at least 1 game".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a whole number of games, 1 or more".into()),
    }
}

impl GameArgs {
    fn setup(&self) -> Setup {
        match (self.level, self.width, self.height, self.mines) {
            (_, Some(width), Some(height), Some(mines)) => Setup {
                width,
                height,
                mines,
            },
            (Some(level), ..) => level.setup(),
            _ => Level::Beginner.setup(),
        }
    }

    fn rules(&self) -> Rules {
        Rules {
            first_click: match self.first_click {
                FirstClickArg::Opening => FirstClick::Opening,
                FirstClickArg::Safe => FirstClick::Safe,
                FirstClickArg::Any => FirstClick::Any,
            },
            no_guess: self.no_guess,
        }
    }

    /// A new game from these arguments, with the seed given or drawn.
    fn new_game(&self) -> Result<Game> {
        let seed = self.seed.unwrap_or_else(Rng::fresh_seed);
        Game::new(self.setup(), self.rules(), seed).map_err(Error::usage)
    }
}

fn main() -> ExitCode {
    common::run("mines", || {
        let cli = Cli::parse();
        match cli.command {
            None => play(&cli.play),
            Some(Command::Play(args)) => play(&args),
            Some(Command::New(args)) => new(&args),
            Some(Command::Open(m)) => apply(&m, Move::Open),
            Some(Command::Flag(m)) => apply(&m, Move::Flag),
            Some(Command::Question(m)) => apply(&m, Move::Question),
            Some(Command::Chord(m)) => apply(&m, Move::Chord),
            Some(Command::Solve(a)) => solve(&a),
            Some(Command::Bench(a)) => bench(&a),
            Some(Command::Export(a)) => export(&a),
        }
    })
}

fn play(args: &GameArgs) -> Result<i32> {
    let game = args.new_game()?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        tui::run(game, args.seed.is_some())
    } else {
        text::run(game)
    }
}

fn new(args: &NewArgs) -> Result<i32> {
    let game = args.game.new_game()?;
    let mut out = common::stdout();
    common::write_doc(&mut out, &game.to_doc().to_document(), args.pretty)?;
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}

/// Plays the games on every core and reports the win rate.
fn bench(args: &BenchArgs) -> Result<i32> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let setup = args.game.setup();
    let rules = args.game.rules();
    setup.check(rules.first_click).map_err(Error::usage)?;
    let first_seed = args.game.seed.unwrap_or_else(Rng::fresh_seed);
    let wins = AtomicU64::new(0);
    let progress = common::Progress::new("mines bench", args.games as usize);
    let start = std::time::Instant::now();
    let threads = mines::bench::play_all(setup, rules, first_seed, args.games, |i, won| {
        if won {
            wins.fetch_add(1, Ordering::Relaxed);
        }
        progress.tick(i as usize + 1);
    });
    let seconds = start.elapsed().as_secs_f64();
    let wins = wins.into_inner();
    let (rate, ci) = mines::bench::win_rate(wins, args.games);
    let level = setup.level().map_or_else(
        || format!("{}x{}/{}", setup.width, setup.height, setup.mines),
        |l| l.name().to_string(),
    );
    let first_click = rules.first_click.name();
    let mut out = common::stdout();
    writeln!(
        out,
        "level        {level} ({}x{}, {} mines)",
        setup.width, setup.height, setup.mines
    )?;
    writeln!(out, "first click  {first_click}")?;
    writeln!(
        out,
        "seeds        {first_seed} to {}",
        first_seed.wrapping_add(args.games.saturating_sub(1))
    )?;
    writeln!(out, "games        {}", args.games)?;
    writeln!(out, "wins         {wins}")?;
    writeln!(
        out,
        "win rate     {:.2}% ± {:.2}% (95% confidence)",
        rate * 100.0,
        ci * 100.0
    )?;
    writeln!(
        out,
        "time         {:.3} ms a game ({seconds:.1} s on {threads} threads)",
        seconds * 1000.0 / args.games.max(1) as f64
    )?;
    if args.json {
        let summary = serde_json::json!({
            "level": level,
            "games": args.games,
            "wins": wins,
            "win_rate": rate,
            "ci95": ci,
            "first_click": first_click,
            "seconds": seconds,
        });
        writeln!(out, "{summary}")?;
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}

/// The positions of the inputs: mines documents, or JSMinesweeper text (told by the content).
fn positions(files: &[PathBuf]) -> Result<Vec<(common::Place, grid_core::Document)>> {
    let names: Vec<PathBuf> = if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    };
    let mut out = Vec::new();
    for path in names {
        let (source, text) = common::read_text(&path)?;
        if text.trim_start().starts_with('{') {
            for item in grid_core::DocReader::new(text.as_bytes(), source.clone()) {
                let (line, doc) = item?;
                out.push((
                    common::Place {
                        source: source.clone(),
                        line,
                    },
                    doc,
                ));
            }
        } else {
            let p = mines::position::parse(&text).map_err(|e| {
                Error::input(format!("{e} (JSMinesweeper text)")).in_source(&source)
            })?;
            let view = MinesDoc {
                state: if p.view.cells().iter().all(|c| c.is_closed()) {
                    grid_core::mines_doc::GameState::New
                } else {
                    grid_core::mines_doc::GameState::Playing
                },
                view: p.view,
                mines: p.mines,
                layout: None,
                rules: Rules::default(),
                seed: None,
                moves: Vec::new(),
            };
            out.push((common::Place { source, line: 1 }, view.to_document()));
        }
    }
    Ok(out)
}

/// Writes each position as JSMinesweeper text.
fn export(args: &SolveArgs) -> Result<i32> {
    let mut out = common::stdout();
    for (place, doc) in positions(&args.files)? {
        let view = MinesDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        let text = mines::position::write(&view.view, view.mines).ok_or_else(|| {
            place.locate(Error::input(
                "the game is over: its mines have no JSMinesweeper tile",
            ))
        })?;
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}

/// Adds the solver's analysis to each position.
fn solve(args: &SolveArgs) -> Result<i32> {
    let mut out = common::stdout();
    for (place, mut doc) in positions(&args.files)? {
        let view = MinesDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        let found = mines::solver::analyse(&view.view, view.mines)
            .map_err(|e| place.locate(Error::input(e)))?;
        let probability: Vec<Vec<Option<f64>>> =
            found.probability.rows().map(<[_]>::to_vec).collect();
        let analysis = grid_core::mines_doc::Analysis {
            safe: found.safe,
            mines: found.mines,
            probability,
            best: found.best,
        };
        doc.set("analysis", analysis);
        common::write_doc(&mut out, &doc, args.pretty)?;
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}

/// Reads each game document, plays the move on it and writes the next document.
fn apply(args: &MoveArgs, make: fn(Pos) -> Move) -> Result<i32> {
    let mv = make(Pos::new(args.row, args.col));
    let mut out = common::stdout();
    for item in common::documents(&args.files) {
        let (place, mut doc) = item?;
        let view = MinesDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        let mut game = Game::from_doc(&view).map_err(|e| place.locate(e))?;
        game.play(mv).map_err(|e| {
            place.locate(Error::input(format!(
                "{} {} {}: {e}",
                mv.name(),
                args.row,
                args.col
            )))
        })?;
        game.to_doc().write_into(&mut doc);
        common::write_doc(&mut out, &doc, args.pretty)?;
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}
