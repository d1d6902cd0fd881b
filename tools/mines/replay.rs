//! `mines replay`: the community's replay files in, one mines document each out, with the
//! figures players rank games by and, with `--judge`, every click judged.

use clap::Args;
use grid_cli::args::PrettyArg;
use grid_cli::output::say;
use grid_cli::{Error, Input, Output, Result, Status};
use grid_core::mines_doc::{FirstClick, GameState, MinesDoc, Move, Rules};
use grid_core::replay_doc::ReplayDoc;
use grid_core::words;
use grid_mines::replay::path::MousePath;
use grid_mines::replay::referee::{self, Outcome, Phase};
use grid_mines::replay::{self, Replay, document, figures, judge};
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
            Ok((doc, recorded, summary)) => {
                // The events, the bulk of the document, go straight to the output.
                doc.write_with(&mut out, args.pretty.pretty, "replay", &recorded)?;
                out.answered()?;
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

/// A replay's document: the mines document without its `replay` object, the object (written
/// last, straight to the output), and the judgement's one-line summary when asked.
type Written = (grid_core::Document, ReplayDoc, Option<String>);

/// The mines document of a replay, and the judgement's one-line summary when asked.
fn document(replay: &Replay, judge: bool) -> std::result::Result<Written, replay::ReplayError> {
    let mut moves = Vec::new();
    let mut path = MousePath::new(replay);
    let referee = referee::play(replay, |i, outcome, r| {
        path.step(&replay.events[i], r.phase());
        match outcome {
            Outcome::Nothing => {}
            Outcome::Flagged(p, _) => moves.push(Move::Flag(*p)),
            Outcome::Opened(p) => moves.push(Move::Open(*p)),
            Outcome::Chorded(p, _) => moves.push(Move::Chord(*p)),
        }
    })?;
    let stats = figures::figures(replay, &referee.counts(), replay.time_ms, path.length());
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
    let judgement = judge.then(|| judge::judge(replay)).transpose()?;
    let won = referee.phase() == Phase::Won;
    let recorded = document::to_doc(replay, won, judgement.as_ref());
    Ok((doc, recorded, judgement.map(|j| judgement_line(&j.summary))))
}

/// The one line `--judge` prints: the counts in words, then what each chance is.
fn judgement_line(s: &judge::Summary) -> String {
    format!(
        "{} ({} needless), {}; chance of surviving every guess {}; risk taken needlessly {}",
        words::count(s.guesses as u64, "guess", "guesses"),
        s.needless,
        words::count(s.mistakes as u64, "mistake", "mistakes"),
        chance(s.survival),
        chance(1.0 - s.needless_survival),
    )
}

/// A chance as a reader takes it in: three decimals, and below a thousandth (a long game of
/// guesses multiplies dozens of chances) in scientific form, so that it never reads as zero
/// when it is not.
fn chance(p: f64) -> String {
    if p == 0.0 || p >= 0.000_5 {
        format!("{p:.3}")
    } else {
        format!("{p:.1e}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(guesses: usize, mistakes: usize, survival: f64) -> judge::Summary {
        judge::Summary {
            safe: 0,
            guesses,
            needless: 0,
            mistakes,
            survival,
            needless_survival: 1.0,
        }
    }

    /// One guess and one mistake are singular; a chance far below a thousandth (39 guesses
    /// on a 60x36 board) is not printed as 0.000.
    #[test]
    fn the_line_counts_in_words_and_never_rounds_a_chance_to_zero() {
        assert_eq!(
            judgement_line(&summary(1, 1, 0.5)),
            "1 guess (0 needless), 1 mistake; chance of surviving every guess 0.500; \
             risk taken needlessly 0.000"
        );
        let line = judgement_line(&summary(39, 2, 3.2e-9));
        assert!(
            line.starts_with("39 guesses (0 needless), 2 mistakes;"),
            "{line}"
        );
        assert!(line.contains("every guess 3.2e-9;"), "{line}");
        assert_eq!(chance(0.0), "0.000");
        assert_eq!(chance(0.0004), "4.0e-4");
        assert_eq!(chance(0.001), "0.001");
    }
}
