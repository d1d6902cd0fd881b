//! `mines replay`: the community's replay files in, one mines document each out, with the
//! figures players rank games by and, with `--judge`, every click judged.

use clap::Args;
use grid_cli::args::PrettyArg;
use grid_cli::output::say;
use grid_cli::{Error, Input, Output, Result, Status};
use grid_core::mines_doc::{FirstClick, GameState, MinesDoc, Move, Rules};
use grid_mines::replay::referee::{self, Outcome, Phase};
use grid_mines::replay::{self, Replay, figures, judge};
use serde_json::{Value, json};
use std::path::PathBuf;

/// The largest replay read: a 255x255 game of an hour is a few MiB.
const MAX_REPLAY_BYTES: u64 = 64 << 20;

#[derive(Debug, Clone, Args)]
pub struct ReplayArgs {
    /// Replay files: .avf (Arbiter), .evf (Metasweeper, versions 0 to 4), .rmv
    /// (Viennasweeper, versions 1 and 2), .mvf (Minesweeper Clone 0.97), told apart by their
    /// content; `-` reads stdin.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,

    /// Judge every click that opened a tile: the exact chance it was a mine, from what the
    /// player could see, and whether it was safe, a guess, a needless guess or a mistake.
    /// Sums it up on stderr, one line a replay.
    #[arg(long)]
    pub judge: bool,

    #[command(flatten)]
    pub archive: crate::summary::SummaryArgs,

    #[command(flatten)]
    pub archive_options: crate::summary::SummaryOptions,

    #[command(flatten)]
    pub pretty: PrettyArg,
}

/// Reads each replay and writes its document; a replay that cannot be read is said on
/// stderr (the file and the byte or event) and the others are still read.
pub fn run(args: &ReplayArgs) -> Result<Status> {
    if args.archive.wanted() {
        let (paths, pretty) = (&args.files, args.pretty.pretty);
        return crate::summary::run(paths, &args.archive, &args.archive_options, pretty);
    }
    let mut out = Output::stdout();
    let mut status = Status::Ok;
    for path in &args.files {
        let name = path.display().to_string();
        // Each error names the file once: opening and reading say it themselves.
        let doc = read(path).and_then(|replay| {
            document(&replay, args.judge).map_err(|e| Error::input(e.to_string()).in_source(&name))
        });
        match doc {
            Ok((doc, summary)) => {
                out.document(&doc, args.pretty.pretty)?;
                if let Some(line) = summary {
                    say(format_args!("mines: {name}: {line}"));
                }
            }
            Err(e) if e.is_broken_pipe() => return Err(e),
            Err(e) => {
                say(format_args!("mines: error: {e}"));
                status = status.worst(Status::BadInput);
            }
        }
    }
    out.finish()?;
    Ok(status)
}

pub(crate) fn read(path: &std::path::Path) -> Result<Replay> {
    let mut input = Input::open(path)?;
    let bytes = input.read_bytes(MAX_REPLAY_BYTES, "a replay")?;
    replay::read(&bytes).map_err(|e| Error::input(e.to_string()).in_source(&input.name))
}

/// The mines document of a replay, and the judgement's one-line summary when asked.
fn document(
    replay: &Replay,
    judge: bool,
) -> std::result::Result<(grid_core::Document, Option<String>), replay::ReplayError> {
    let mut moves = Vec::new();
    let referee = referee::play(replay, |_, outcome, _| match outcome {
        Outcome::Nothing => {}
        Outcome::Flagged(p, _) => moves.push(Move::Flag(*p)),
        Outcome::Opened(p) => moves.push(Move::Open(*p)),
        Outcome::Chorded(p, _) => moves.push(Move::Chord(*p)),
    })?;
    let stats = figures::figures(replay, &referee.counts(), replay.time_ms);
    let state = match referee.phase() {
        Phase::Won => GameState::Won,
        Phase::Lost => GameState::Lost,
        Phase::Playing => GameState::Playing,
        Phase::Ready | Phase::PreFlagging => GameState::New,
    };
    let mines = MinesDoc {
        view: referee.view().clone(),
        mines: replay.layout.count(),
        layout: Some(replay.layout.grid().clone()),
        state,
        rules: Rules {
            first_click: FirstClick::Safe,
            no_guess: replay::mode_is_no_guess(replay.mode),
        },
        seed: None,
        moves,
    };
    let mut doc = mines.to_document();
    doc.set("stats", &stats);
    let mut about = json!({
        "format": replay.format.name(),
        "version": replay.format.version(),
        "software": replay.software,
        "player": replay.player,
        "race": replay.race,
        "unique": replay.unique,
        "country": replay.country,
        "level": replay.level(),
        "mode": replay::mode_name(replay.mode),
        "mode_code": replay.mode,
        "question_marks": replay.question_marks,
        "won": referee.phase() == Phase::Won,
        "declared_won": replay.declared_won,
        "cell_px": replay.cell_px,
        "events": events(replay),
    });
    let mut summary = None;
    if judge {
        let judgement = judge::judge(replay)?;
        summary = Some(judgement.summary.line());
        about["judged"] = serde_json::to_value(&judgement.clicks).expect("plain data");
        about["judgement"] = serde_json::to_value(judgement.summary).expect("plain data");
    }
    doc.set("replay", about);
    Ok((doc, summary))
}

/// The events as `[ms, action, x, y, row, col]`, row and column `null` off the board.
fn events(replay: &Replay) -> Value {
    Value::Array(
        replay
            .events
            .iter()
            .map(|e| {
                let tile = replay.tile(e);
                json!([
                    e.ms,
                    e.action.code(),
                    e.x,
                    e.y,
                    tile.map(|p| p.row),
                    tile.map(|p| p.col)
                ])
            })
            .collect(),
    )
}
