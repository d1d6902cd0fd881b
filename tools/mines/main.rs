//! mines: Minesweeper to play in the terminal, and to script in pipelines.

mod bench;
mod record;
mod replay;
mod summary;
mod text;
mod tui;

use clap::{Args, Parser, Subcommand};
use grid_cli::args::{InputArgs, PrettyArg, SeedArg, named};
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Input, Output, Place, Result, Status};
use grid_core::Pos;
use grid_core::mines_doc::{FirstClick, MinesDoc, Move, Rules};
use grid_mines::{Game, Level, Setup};
use std::io::{IsTerminal, Write};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mines                                  play a beginner game in the terminal
  mines play --level expert
  mines play --width 20 --height 10 --mines 30 --seed 7
  mines play --level expert --no-guess       a board that never needs a guess
  mines new --level beginner --seed 1 | mines open 4 4 | mines flag 0 3 | gridrender
  printf '4 4\\nf 0 3\\n' | mines play --seed 1      text moves: R C opens, f R C flags, c R C chords
  mines new --seed 1 | mines open 4 4 | mines solve | gridrender -o odds.png

Keys in the terminal game: arrows or hjkl move, space or enter opens, f flags, ? marks,
c chords (so does opening a number), i hint, p odds, g no-guess on/off (starts a new game),
n new game, q or Esc quits. Mouse: left opens,
right flags, middle or left+right chords.";

/// Minesweeper: play in the terminal, or script games through grid documents.
#[derive(Debug, Parser)]
#[command(name = "mines", version, after_help = EXAMPLES, args_conflicts_with_subcommands = true,
          allow_negative_numbers = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    play: PlayArgs,

    #[command(flatten)]
    generate: GenerateArg,
}

/// `mines play`: the game, and how text moves are taken.
#[derive(Debug, Clone, Args)]
struct PlayArgs {
    #[command(flatten)]
    game: GameArgs,

    /// Without a terminal: end the game (status 2) on a move that cannot be read or played,
    /// as a script wants, instead of saying what was wrong and reading the next line.
    #[arg(long)]
    strict: bool,

    /// Save each finished game into the folder DIR as an EVF replay (Metasweeper's format,
    /// which `mines replay` and ms-toollib read).
    #[arg(long, value_name = "DIR")]
    record: Option<std::path::PathBuf>,

    /// The player's name the recorded replays give (EVF's player field); none without it.
    #[arg(long, value_name = "NAME", requires = "record")]
    player: Option<String>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play: full screen on a terminal; text moves line by line otherwise.
    #[command(after_help = "Examples:
  mines play --level expert --no-guess
  printf '4 4\\nf 0 3\\n' | mines play --seed 1      moves as text; a bad line is said, and skipped
  mines play --strict --seed 1 < moves.txt         a script: a bad line ends the game (status 2)
  mines play --level expert --record replays/      each finished game saved as an .evf
  mines play --record replays/ --player \"Ann Lee\"  recorded under the player's name")]
    Play(PlayArgs),
    /// Write a new game document.
    #[command(after_help = "Examples:
  mines new --level intermediate --seed 7 > game.json
  mines new --width 20 --height 10 --mines 30 --no-guess | mines open 5 5 | gridrender
  mines new --level intermediate --no-guess --count 6 --seed 1 > boards.jsonl")]
    New(NewArgs),
    /// Open a tile (on an opened number: chord) in the game read from FILE or stdin.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | gridrender
  mines open 0 0 game.json > next.json")]
    Open(MoveArgs),
    /// Put or take away a flag.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | mines flag 0 3 | gridrender")]
    Flag(MoveArgs),
    /// Put or take away a question mark.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | mines question 0 3 | gridrender")]
    Question(MoveArgs),
    /// Open the neighbours of a number whose flags are all placed.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | mines flag 0 3 | mines flag 1 4 | mines chord 1 3")]
    Chord(MoveArgs),
    /// Add the exact chance of a mine on every covered tile, the certain ones, and the move to
    /// play (`analysis`) to each position read (mines documents, or JSMinesweeper text); the
    /// layout is never looked at.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | mines solve | jq -c .analysis.best
  mines solve position.txt | gridrender -o odds.png     JSMinesweeper text in")]
    Solve(SolveArgs),
    /// Play seeded games with the solver alone, on every core, and report the win rate.
    #[command(after_help = "Examples:
  mines bench --level expert --games 10000 --seed 1
  mines bench --level beginner --no-guess --games 1000 --json | tail -n 1 | jq .win_rate
  mines bench --level expert --games 1000000 --seed 1 --shard 3/8 > shard-3.json
  mines bench --merge shard-*.json                 one report from all eight shards")]
    Bench(bench::BenchArgs),
    /// Write each position as JSMinesweeper text (WxHxM, then rows of 0-8, F, H), or with
    /// `--board` the whole board, its mines marked.
    #[command(after_help = "Examples:
  mines new --seed 1 | mines open 4 4 | mines export > position.txt
  mines new --seed 1 | mines open 4 4 | mines export --board > board.txt")]
    Export(ExportArgs),
    /// Read replays (.avf, .evf, .rmv, .mvf) and write a mines document for each: the board,
    /// the events, and the figures players rank games by (3BV/s, IOE, RQP, STNB, ZiNi, ...).
    #[command(after_help = "Examples:
  mines replay game.avf | jq .stats
  mines replay --judge *.evf | jq -c .replay.judgement
  mines replay game.rmv | gridrender
  mines replay --summary ~/replays --table         a whole archive, per player and level
  mines replay --merge part-*.json > all.json      summaries of parts, as one of the whole")]
    Replay(replay::ReplayArgs),
}

#[derive(Debug, Clone, Args)]
struct ExportArgs {
    /// Write the whole board, its mines marked (`m` covered, `M` flagged), as JSMinesweeper
    /// reads a board to play it: the way to give another solver the same game
    #[arg(long)]
    board: bool,

    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Clone, Args)]
struct SolveArgs {
    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    pretty: PrettyArg,
}

/// The board and its rules.
#[derive(Debug, Clone, Args)]
pub struct GameArgs {
    /// A classic level: beginner 9x9/10, intermediate 16x16/40, expert 30x16/99.
    #[arg(long, short, value_parser = named::<Level>(),
          conflicts_with_all = ["width", "height", "mines"])]
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

    #[command(flatten)]
    seed: SeedArg,

    /// What the first click is promised.
    #[arg(long, value_enum, default_value = "opening", value_name = "RULE")]
    first_click: FirstClickArg,

    /// A board that deduction alone clears from the first click: never a guess (mines are
    /// moved where deduction would get stuck; at most 35% of the tiles may be mines on small
    /// boards, falling to 8% on a million tiles).
    #[arg(long)]
    no_guess: bool,
}

#[derive(Debug, Clone, Args)]
struct NewArgs {
    #[command(flatten)]
    game: GameArgs,

    /// Number of games to write (default 1); game i gets seed SEED+i, so each can be made
    /// again alone, as `mazegen --count` does.
    #[arg(long, value_name = "K", value_parser = grid_cli::args::at_least(1, "games"))]
    count: Option<u64>,

    #[command(flatten)]
    pretty: PrettyArg,
}

#[derive(Debug, Clone, Args)]
struct MoveArgs {
    /// Row, from 0 at the top.
    row: usize,
    /// Column, from 0 at the left.
    col: usize,

    #[command(flatten)]
    input: InputArgs,

    #[command(flatten)]
    pretty: PrettyArg,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FirstClickArg {
    /// The first click opens an area (a 0).
    Opening,
    /// The first click is never a mine.
    Safe,
    /// Nothing is promised.
    Any,
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
        Game::new(self.setup(), self.rules(), self.seed.or_fresh())
            .map_err(|e| Error::usage(e.to_string()))
    }
}

fn main() -> ExitCode {
    grid_cli::run::main("mines", |cli: Cli| match cli.command {
        None => play(&cli.play),
        Some(Command::Play(args)) => play(&args),
        Some(Command::New(args)) => new(&args),
        Some(Command::Open(m)) => apply(&m, Move::Open),
        Some(Command::Flag(m)) => apply(&m, Move::Flag),
        Some(Command::Question(m)) => apply(&m, Move::Question),
        Some(Command::Chord(m)) => apply(&m, Move::Chord),
        Some(Command::Solve(a)) => solve(&a),
        Some(Command::Bench(a)) => bench::run(&a),
        Some(Command::Export(a)) => export(&a),
        Some(Command::Replay(a)) => replay::run(&a),
    })
}

fn play(args: &PlayArgs) -> Result<Status> {
    let game = args.game.new_game()?;
    let recorder = args
        .record
        .as_deref()
        .map(|dir| record::Recorder::new(dir, &game.setup(), args.player.as_deref()))
        .transpose()?;
    if std::io::stdin().is_terminal() && std::io::stdout().is_terminal() {
        if args.strict {
            return Err(Error::usage(
                "--strict is for moves read as text (a pipe or a file), not for the game on a \
                 terminal",
            ));
        }
        tui::run(game, args.game.seed.seed.is_some(), recorder)
    } else {
        text::run(game, args.strict, recorder)
    }
}

fn new(args: &NewArgs) -> Result<Status> {
    let (setup, rules) = (args.game.setup(), args.game.rules());
    let first = args.game.seed.or_fresh();
    let mut out = Output::stdout();
    for i in 0..args.count.unwrap_or(1) {
        let game = Game::new(setup, rules, first.wrapping_add(i))
            .map_err(|e| Error::usage(e.to_string()))?;
        out.document(&game.to_doc().to_document(), args.pretty.pretty)?;
    }
    out.finish()?;
    Ok(Status::Ok)
}

/// Each position of the inputs, one at a time: mines documents, or JSMinesweeper text (told
/// by the content), handed to `answer` as soon as it has been read.
fn each_position(
    files: &[std::path::PathBuf],
    mut answer: impl FnMut(Place, grid_core::Document) -> Result<()>,
) -> Result<()> {
    for path in grid_cli::input::paths(files) {
        let mut input = Input::open(&path)?;
        let first = input.sniff()?;
        if first.is_none() {
            // An empty input holds no documents (docs/format.md, "Reading and writing").
            continue;
        }
        if first == Some(b'{') {
            for item in input.documents() {
                let (place, doc) = item?;
                answer(place, doc)?;
            }
            continue;
        }
        let place = Place {
            source: input.name.clone(),
            line: input.lines_before() + 1,
        };
        let skipped = input.lines_before();
        let text = input.read_text()?;
        let position = grid_mines::position::parse(&text).map_err(|e| {
            Error::input(format!("{} (JSMinesweeper text)", e.problem))
                .at_line(e.line + skipped)
                .in_source(&place.source)
        })?;
        answer(place, position.to_doc().to_document())?;
    }
    Ok(())
}

/// Writes each position as JSMinesweeper text.
fn export(args: &ExportArgs) -> Result<Status> {
    let mut out = Output::stdout();
    each_position(&args.input.files, |place, doc| {
        let view = MinesDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        let text = if args.board {
            let layout = view.layout.as_ref().ok_or_else(|| {
                place.locate(Error::input(
                    "the board has no layout yet: it is made at the first opening",
                ))
            })?;
            grid_mines::position::write_board(&view.view, layout)
        } else {
            grid_mines::position::write(&view.view, view.mines).ok_or_else(|| {
                place.locate(Error::input(
                    "the game is over: its mines have no JSMinesweeper tile (--board writes them)",
                ))
            })?
        };
        out.write_all(text.as_bytes())?;
        out.answered()
    })?;
    out.finish()?;
    Ok(Status::Ok)
}

/// Adds the solver's analysis to each position.
fn solve(args: &SolveArgs) -> Result<Status> {
    let mut out = Output::stdout();
    each_position(&args.input.files, |place, mut doc| {
        let view = MinesDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        let found = grid_mines::analyse(&view.view, view.mines)
            .map_err(|e| place.locate(Error::input(e.to_string())))?;
        doc.set("analysis", found.to_doc());
        out.document(&doc, args.pretty.pretty)
    })?;
    out.finish()?;
    Ok(Status::Ok)
}

/// Reads each game document, plays the move on it and writes the next document.
fn apply(args: &MoveArgs, make: fn(Pos) -> Move) -> Result<Status> {
    let mv = make(Pos::new(args.row, args.col));
    let mut out = Output::stdout();
    for item in grid_cli::documents(&args.input.files) {
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
        game.write_into(&mut doc);
        out.document(&doc, args.pretty.pretty)?;
    }
    out.finish()?;
    Ok(Status::Ok)
}
