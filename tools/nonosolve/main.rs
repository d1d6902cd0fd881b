//! nonosolve: solves nonograms and proves what it finds.

mod batch;

use batch::{Batch, Job, Solved};
use clap::Parser;
use grid_cli::args::{InputArgs, PrettyArg};
use grid_cli::puzzle_file::{self, Opened};
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Output, Place, Result, Status};
use grid_core::Document;
use grid_core::nonogram_doc::NonogramDoc;
use grid_nonogram::document::Task;
use grid_nonogram::formats::Format;
use grid_nonogram::{Answer, Halt, Options, Stats, Status as Verdict};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  nonosolve puzzle.non | gridrender
  nonosolve --explain cat.xml | jq -r '.solution.steps[]'
  nonosolve --all ambiguous.g
  nonosolve --timeout 5 hard.json
  nonosolve --limit 1 random-25x25.jsonl      one solution each, as competitions ask
  nonogen --count 100 25 | nonosolve --jobs 0  a stream solved on every core, in order

Formats: grid documents (JSON Lines), Steve Simpson's .non, webpbn XML (.xml, .pbn) and
Olšák's .g, black and white or colour, told by the file's extension or by clear signs in its
content; --input-format names it otherwise.
Exit status: 0 solved (unique, multiple, found or unfinished); 1 some puzzle has no solution;
2 bad input.";

/// Solve nonograms like a person does (line logic, proof by contradiction), prove uniqueness.
#[derive(Debug, Parser)]
#[command(name = "nonosolve", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// Solutions to look for. Two prove uniqueness (status "unique" or "multiple"); 1 stops
    /// at the first solution, whose uniqueness is not asked (status "found" when a search
    /// was needed, "unique" when logic alone solved it), as competitions ask. Default: 2, or
    /// every solution with --all.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    limit: Option<u32>,

    /// Look for every solution (up to --limit when given) and write them all in
    /// `solution.grids`.
    #[arg(long)]
    all: bool,

    /// Stop after this many seconds with what was deduced ("unfinished").
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    timeout: Option<Duration>,

    /// Write the deductions in words (`solution.steps`).
    #[arg(long)]
    explain: bool,

    /// Solve this many puzzles of a stream at once, one a thread, the answers written in
    /// the order the puzzles were read; 0 takes one a core. The progress line of a long
    /// solve is shown with one thread only.
    #[arg(long, short, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(0..=1024))]
    jobs: u16,

    /// The input format, when neither the extension nor the content tells.
    #[arg(long, value_enum, default_value = "auto", value_name = "FORMAT")]
    input_format: FormatArg,

    #[command(flatten)]
    pretty: PrettyArg,

    #[command(flatten)]
    generate: GenerateArg,

    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum FormatArg {
    /// From the file's extension, else from clear signs in its content.
    Auto,
    /// Grid documents, one per line.
    Json,
    /// Steve Simpson's .non.
    Non,
    /// webpbn XML.
    Xml,
    /// Mirek Olšák's .g.
    G,
}

fn parse_seconds(s: &str) -> std::result::Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() && t < 1e9 => Ok(Duration::from_secs_f64(t)),
        _ => Err("expected a number of seconds greater than 0".into()),
    }
}

fn main() -> ExitCode {
    grid_cli::run::main("nonosolve", run)
}

fn run(args: Args) -> Result<Status> {
    let limit = match (args.limit, args.all) {
        (Some(n), _) => n as usize,
        (None, true) => usize::MAX,
        (None, false) => 2,
    };
    // Ctrl-C stops a solve as --timeout does: the puzzle is written with what was proved,
    // and no other is started. A second Ctrl-C ends the process at once.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::Relaxed) {
            std::process::exit(130);
        }
    });
    let threads = match args.jobs {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => usize::from(n),
    };
    let shows_progress = threads == 1 && grid_cli::progress::status_wanted();
    let options = Options {
        limit,
        timeout: args.timeout,
        explain: args.explain,
        progress: shows_progress.then_some(show_progress as fn(&Stats)),
        stop: Some(&INTERRUPTED),
    };
    let shown = Answer {
        all: args.all,
        explain: args.explain,
    };
    let solve = |job: Job| solve_job(job, &options, shown);
    std::thread::scope(|scope| {
        let mut batch = Batch::new(scope, threads, &solve, Output::stdout(), args.pretty.pretty);
        let read = read_all(&args, &mut batch);
        // The answers to what was read are written, whatever went wrong after it.
        let status = batch.finish();
        read?;
        status
    })
}

/// Reads every puzzle of the inputs into `batch`, until the end, an error or Ctrl-C.
fn read_all(args: &Args, batch: &mut Batch) -> Result<()> {
    let format = match args.input_format {
        FormatArg::Auto => None,
        FormatArg::Json => Some(Format::Json),
        FormatArg::Non => Some(Format::Non),
        FormatArg::Xml => Some(Format::Xml),
        FormatArg::G => Some(Format::Olsak),
    };
    for path in grid_cli::input::paths(&args.input.files) {
        let input = match puzzle_file::open(&path, format)? {
            Opened::Documents(input) => input,
            Opened::Puzzle(file) => {
                batch.take(Job {
                    name: file.place.source.clone(),
                    doc: file.to_document(),
                    task: file.parsed.puzzle.into(),
                })?;
                if interrupted() {
                    return Ok(());
                }
                continue;
            }
            Opened::Unknown(text) => {
                return Err(Error::input(
                    "cannot tell the format: not a grid document (no '{'), webpbn XML (no '<'), \
                     .non (no width, height, rows or columns line) or .g (no ':' or '#d' line); \
                     name it with --input-format",
                )
                .in_source(&text.name));
            }
            // An empty stream holds no documents (docs/format.md, "Reading and writing").
            Opened::Empty => continue,
        };
        let name = input.name.clone();
        for item in input.documents() {
            let (place, doc) = item?;
            let (doc, task) = from_document(&place, doc)?;
            batch.take(Job {
                name: name.clone(),
                doc,
                task,
            })?;
            if interrupted() {
                return Ok(());
            }
        }
    }
    Ok(())
}

/// Set by Ctrl-C: the solve under way stops, and no other starts.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Whether Ctrl-C asked the run to stop.
fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The work of a long solve, on a terminal's stderr, redrawn in place.
fn show_progress(stats: &Stats) {
    grid_cli::progress::status(&format!(
        "nonosolve: {} nodes, {} probes, {} conflicts (Ctrl-C stops with what is proved)",
        stats.nodes, stats.probes, stats.conflicts
    ));
}

/// Solves one puzzle: its document with the answer, and what stderr should say of it.
fn solve_job(job: Job, options: &Options, shown: Answer) -> Solved {
    let Job {
        name,
        mut doc,
        task,
    } = job;
    let (verdict, conflict, halt) = match task {
        Task::Black(puzzle, start) => {
            let report = grid_nonogram::solve(&puzzle, start, options);
            grid_cli::progress::clear_status();
            report.write_into(&mut doc, shown);
            (report.status, report.conflict, report.halt)
        }
        Task::Color(puzzle, start) => {
            let report = grid_nonogram::color::solve(&puzzle, start, options);
            grid_cli::progress::clear_status();
            report.write_into(&mut doc, shown, puzzle.palette());
            (report.status, report.conflict, report.halt)
        }
    };
    let mut notes = Vec::new();
    if halt == Some(Halt::Interrupted) {
        notes.push(format!(
            "nonosolve: {name}: interrupted: written with what was proved so far"
        ));
    }
    if halt == Some(Halt::NoSatStage) {
        notes.push(format!(
            "nonosolve: {name}: stopped short: the search would hand over to CaDiCaL, and this \
             build has no SAT stage (build with the default `sat` feature)"
        ));
    }
    let mut status = Status::Ok;
    if verdict == Verdict::None {
        status = Status::NoAnswer;
        let why = conflict
            .as_deref()
            .unwrap_or("the clues contradict each other");
        notes.push(format!("nonosolve: {name}: no solution: {why}"));
    }
    Solved { doc, status, notes }
}

/// A puzzle given as a grid document: its clues, and any cells already known.
fn from_document(place: &Place, doc: Document) -> Result<(Document, Task)> {
    let view = NonogramDoc::from_document(&doc).map_err(|e| place.locate(e))?;
    let task = grid_nonogram::document::task_of(&view)
        .map_err(|e| place.locate(Error::input(format!("field `clues`: {e}"))))?;
    Ok((doc, task))
}
