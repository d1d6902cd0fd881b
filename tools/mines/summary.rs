//! `mines replay --summary`: every replay under the folders given, read on every core and
//! summed up per player and level (grid_mines::archive); `--merge` puts summaries of parts of
//! an archive together, `--table` prints either for a terminal.

mod table;
mod walk;

use clap::Args;
use grid_cli::output::say;
use grid_cli::{Error, Input, Output, Result, Status};
use grid_mines::archive::{Measured, MergeError, Summary};
use grid_mines::replay;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Problems named on stderr one by one; past this many, a count.
const MAX_NAMED: usize = 20;

/// The largest summary `--merge` reads: a million games' figures.
const MAX_SUMMARY_BYTES: u64 = 256 << 20;

#[derive(Debug, Clone, Args)]
#[group(id = "archive", multiple = false)]
pub struct SummaryArgs {
    /// Sum up every replay under the folders and files given (recursively, told apart by
    /// their content; each file once, however named; `-` is one replay read from stdin): per
    /// player and level, the games, the wins, the best time and 3BV/s
    /// and their files, median and mean 3BV/s, best and median IOE, as one JSON document.
    #[arg(long, conflicts_with = "judge")]
    pub summary: bool,

    /// Merge summaries (files written by --summary) of parts of an archive into the summary
    /// of the whole, the same byte for byte as one --summary over every part.
    #[arg(long, conflicts_with = "judge")]
    pub merge: bool,
}

/// The options of `--summary` and `--merge`.
#[derive(Debug, Clone, Args)]
pub struct SummaryOptions {
    /// Print the summary as a table for a terminal instead of JSON.
    #[arg(long, requires = "archive", conflicts_with = "pretty")]
    pub table: bool,

    /// Sum up only the games of the player of this name, in any case ("thomas kolar" is
    /// "Thomas Kolar"); with --merge, keep only that player's groups.
    #[arg(long, value_name = "NAME", requires = "archive")]
    pub player: Option<String>,

    /// Read on N threads; 0 (the default) on every core.
    #[arg(long, value_name = "N", default_value_t = 0, requires = "summary",
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    pub jobs: u16,
}

impl SummaryArgs {
    /// Whether the command is a summary or a merge rather than one document per replay.
    pub fn wanted(&self) -> bool {
        self.summary || self.merge
    }
}

/// Runs `--summary` or `--merge` over `paths`.
pub fn run(
    paths: &[PathBuf],
    args: &SummaryArgs,
    options: &SummaryOptions,
    pretty: bool,
) -> Result<Status> {
    let (whole, status) = if args.merge {
        (merge(paths)?, Status::Ok)
    } else {
        summarise(paths, options)
    };
    let (summary, status) = match &options.player {
        Some(player) => of_player(whole, player, status),
        None => (whole, status),
    };
    let mut out = Output::stdout();
    if options.table {
        out.text(&table::table(&summary))?;
    } else {
        let json = if pretty {
            serde_json::to_string_pretty(&summary)
        } else {
            serde_json::to_string(&summary)
        };
        out.text(&(json.expect("plain data") + "\n"))?;
    }
    out.finish()?;
    Ok(status)
}

/// How many player names the hint of an unknown `--player` lists.
const PLAYERS_NAMED: usize = 5;

/// The summary of `player`'s groups alone; when there are none, a line on stderr names the
/// players there are, and the status says there was no answer.
fn of_player(whole: Summary, player: &str, status: Status) -> (Summary, Status) {
    let players: Vec<String> = whole.players().into_iter().map(str::to_owned).collect();
    let summary = whole.of_player(player);
    if summary.replays > 0 || players.is_empty() {
        return (summary, status);
    }
    let mut named: Vec<String> = players
        .iter()
        .take(PLAYERS_NAMED)
        .map(|p| format!("{p:?}"))
        .collect();
    if players.len() > PLAYERS_NAMED {
        named.push(format!("and {} more", players.len() - PLAYERS_NAMED));
    }
    say(format_args!(
        "mines: no replay of player {player:?}; the replays are of {}",
        named.join(", ")
    ));
    (summary, status.worst(Status::NoAnswer))
}

/// The summary of every replay under `paths`; a path or file that cannot be read is named on
/// stderr and counted, and makes the status 2.
/// The `--player` filter is left to the caller.
fn summarise(paths: &[PathBuf], options: &SummaryOptions) -> (Summary, Status) {
    let found = walk::files(paths);
    let threads = match options.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => usize::from(n),
    };
    let (measured, mut problems) = read_all(&found.files, threads);
    problems.extend(found.problems);
    problems.sort();
    let read = measured.len();
    let summary = Summary::new(None, measured, problems.len());
    for line in problems.iter().take(MAX_NAMED) {
        say(format_args!("mines: error: {line}"));
    }
    if problems.len() > MAX_NAMED {
        say(format_args!(
            "mines: error: and {} more files skipped",
            problems.len() - MAX_NAMED
        ));
    }
    if read == 0 {
        say(format_args!(
            "mines: error: no replay among the {} files found",
            found.files.len()
        ));
    }
    let status = if problems.is_empty() && read > 0 {
        Status::Ok
    } else {
        Status::BadInput
    };
    (summary, status)
}

/// Reads and measures every file on `threads` threads; each problem is one line, naming its
/// file. Only the figures of a replay are kept once it is measured.
fn read_all(files: &[PathBuf], threads: usize) -> (Vec<Measured>, Vec<String>) {
    let next = AtomicUsize::new(0);
    let results = Mutex::new((Vec::new(), Vec::new()));
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, files.len().max(1)) {
            scope.spawn(|| {
                let (mut measured, mut problems) = (Vec::new(), Vec::new());
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(path) = files.get(i) else { break };
                    match measure(path) {
                        Ok(m) => measured.push(m),
                        Err(e) => problems.push(e.to_string()),
                    }
                }
                let mut all = results.lock().expect("a reader panicked");
                all.0.append(&mut measured);
                all.1.append(&mut problems);
            });
        }
    });
    results.into_inner().expect("a reader panicked")
}

/// One replay's key figures.
fn measure(path: &Path) -> Result<Measured> {
    let name = path.display().to_string();
    let replay = crate::replay::read(path)?;
    Measured::of(name.clone(), &replay).map_err(|e| in_file(&e, &name))
}

fn in_file(e: &replay::ReplayError, name: &str) -> Error {
    Error::input(e.to_string()).in_source(name)
}

/// Reads the summaries and merges them; the first that is not one, or does not fit the
/// others, ends the run before anything is written.
fn merge(paths: &[PathBuf]) -> Result<Summary> {
    let mut parts = Vec::new();
    let mut names = Vec::new();
    for path in paths {
        let mut input = Input::open(path)?;
        let bytes = input.read_bytes(MAX_SUMMARY_BYTES, "a summary")?;
        let part: Summary = serde_json::from_slice(&bytes).map_err(|e| {
            let message = if replay::read(&bytes).is_ok() {
                "a replay, not a summary of replays (sum replays up with --summary)".to_owned()
            } else {
                format!("not a summary of replays (mines replay --summary writes one): {e}")
            };
            Error::input(message).in_source(&input.name)
        })?;
        parts.push(part);
        names.push(input.name);
    }
    Summary::merge_by(parts, identity).map_err(|e| {
        // The library counts summaries from 0; a person knows them by their files.
        let message = match &e {
            MergeError::Twice {
                file,
                other,
                as_there,
                ..
            } => {
                let also = if file == as_there {
                    String::new()
                } else {
                    format!(", as {as_there:?}")
                };
                format!("holds {file:?}, which {} holds too{also}", names[*other])
            }
            _ => e.to_string(),
        };
        Error::input(message).in_source(&names[e.part()])
    })
}

/// What tells a replay in a merge: its file's canonical path, so that one file named two ways
/// (through a link, relatively and absolutely) is one replay; the name as given where it no
/// longer resolves (a summary made on another machine).
fn identity(file: &str) -> String {
    std::fs::canonicalize(file).map_or_else(|_| file.to_owned(), |p| p.display().to_string())
}
