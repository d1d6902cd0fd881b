//! nonosolve: solves nonograms and proves what it finds.

#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use grid_core::nonogram_doc::{Clues, NonogramDoc};
use grid_core::{DocReader, Document, EXIT_NO_ANSWER, EXIT_OK, Error, Grid, Result};
use nonogram::formats::{self, Format};
use nonogram::{Board, Cell, Options, Puzzle, Report, Status};
use serde_json::{Value, json};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

const EXAMPLES: &str = "\
Examples:
  nonosolve puzzle.non | gridrender
  nonosolve --explain cat.xml | jq -r '.solution.steps[]'
  nonosolve --all --limit 10 ambiguous.g
  nonosolve --timeout 5 hard.json

Formats: grid documents (JSON Lines), Steve Simpson's .non, webpbn XML (.xml, .pbn) and
Olšák's .g, told by the file's extension or its content (black and white puzzles).
Exit status: 0 solved (unique, multiple or unfinished); 1 some puzzle has no solution;
2 bad input.";

/// Solve nonograms like a person does (line logic, proof by contradiction), prove uniqueness.
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None)]
struct Args {
    /// Solutions to look for (at least two are looked for, to prove uniqueness).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    limit: u32,

    /// Write every solution found (in `solution.grids`).
    #[arg(long)]
    all: bool,

    /// Stop after this many seconds with what was deduced ("unfinished").
    #[arg(long, value_parser = parse_seconds)]
    timeout: Option<Duration>,

    /// Write the deductions in words (`solution.steps`).
    #[arg(long)]
    explain: bool,

    /// The input format, when neither the extension nor the content tells.
    #[arg(long, value_enum, default_value = "auto")]
    format: FormatArg,

    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,

    /// Puzzle files; stdin when none or `-`.
    files: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum FormatArg {
    Auto,
    Json,
    Non,
    Xml,
    G,
}

fn parse_seconds(s: &str) -> std::result::Result<Duration, String> {
    match s.parse::<f64>() {
        Ok(t) if t > 0.0 && t.is_finite() && t < 1e9 => Ok(Duration::from_secs_f64(t)),
        _ => Err("expected a number of seconds greater than 0".into()),
    }
}

fn main() -> ExitCode {
    common::run("nonosolve", || run(Args::parse()))
}

fn run(args: Args) -> Result<i32> {
    let options = Options {
        limit: args.limit as usize,
        timeout: args.timeout,
        explain: args.explain,
    };
    let files = if args.files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    let mut out = common::stdout();
    let mut status = EXIT_OK;
    for path in &files {
        let (name, text) = common::read_text(path)?;
        let format = match args.format {
            FormatArg::Auto => Format::from_path(path).unwrap_or_else(|| Format::sniff(&text)),
            FormatArg::Json => Format::Json,
            FormatArg::Non => Format::Non,
            FormatArg::Xml => Format::Xml,
            FormatArg::G => Format::Olsak,
        };
        for item in puzzles(&name, &text, format) {
            let (mut doc, puzzle, start) = item?;
            let report = nonogram::solve(&puzzle, start, &options);
            if report.status == Status::None {
                status = EXIT_NO_ANSWER;
                let why = report
                    .conflict
                    .as_deref()
                    .unwrap_or("the clues contradict each other");
                eprintln!("nonosolve: {name}: no solution: {why}");
            }
            write_report(&mut doc, &report, &args);
            common::write_doc(&mut out, &doc, args.pretty)?;
        }
    }
    out.flush()?;
    Ok(status)
}

/// A puzzle to solve: its document (to be completed), its clues and any cells already known.
type Job = (Document, Puzzle, Option<Board>);

/// Each puzzle of a file.
fn puzzles<'a>(
    name: &'a str,
    text: &'a str,
    format: Format,
) -> Box<dyn Iterator<Item = Result<Job>> + 'a> {
    if format == Format::Json {
        return Box::new(DocReader::new(text.as_bytes(), name).map(move |item| {
            let (line, doc) = item?;
            let at = |e: Error| e.at_line(line).in_source(name);
            let view = NonogramDoc::from_document(&doc).map_err(at)?;
            let puzzle = Puzzle::new(view.clues.rows.clone(), view.clues.cols.clone())
                .map_err(|m| at(Error::input(format!("field `clues`: {m}"))))?;
            let start = view.grid.as_ref().map(board_of);
            Ok((doc, puzzle, start))
        }));
    }
    let parsed = formats::parse(text, format).map_err(|e| {
        let err = Error::input(format!("{} ({} format)", e.message, format.name()));
        let err = match e.line {
            Some(l) => err.at_line(l),
            None => err,
        };
        err.in_source(name)
    });
    Box::new(std::iter::once(parsed.map(|p| {
        let view = NonogramDoc {
            clues: Clues {
                rows: p.puzzle.rows().to_vec(),
                cols: p.puzzle.cols().to_vec(),
            },
            grid: None,
        };
        let mut doc = view.to_document();
        let mut meta = serde_json::Map::new();
        for (key, value) in p.meta {
            meta.insert(key, Value::String(value));
        }
        meta.insert("format".into(), Value::String(format.name().into()));
        if name != "stdin" {
            meta.insert("file".into(), Value::String(name.to_string()));
        }
        doc.set_value("meta", Value::Object(meta));
        (doc, p.puzzle, None)
    })))
}

fn board_of(grid: &Grid<u8>) -> Board {
    grid.map(|&c| Cell::from_char(c).unwrap_or(Cell::Unknown))
}

fn grid_rows(board: &Board) -> Vec<String> {
    board
        .rows()
        .map(|r| r.iter().map(|c| c.to_char() as char).collect())
        .collect()
}

/// Writes the grid and the `solution` object into the document.
fn write_report(doc: &mut Document, report: &Report, args: &Args) {
    doc.set_grid(&report.board, |c| c.to_char());
    let mut solution = json!({
        "status": report.status.name(),
        "solutions": report.solutions.len(),
        "method": report.method.name(),
    });
    let shown = match (args.all, report.status) {
        (true, _) => report.solutions.len().min(args.limit as usize),
        (false, Status::Multiple) => 2,
        _ => 0,
    };
    if shown > 0 {
        let grids: Vec<Vec<String>> = report.solutions.iter().take(shown).map(grid_rows).collect();
        solution["grids"] = json!(grids);
    }
    if let Some(why) = &report.conflict {
        solution["conflict"] = json!(why);
    }
    if args.explain {
        solution["steps"] = json!(report.steps);
    }
    solution["stats"] = json!({
        "line_solves": report.stats.line_solves,
        "probes": report.stats.probes,
        "nodes": report.stats.nodes,
    });
    doc.set_value("solution", solution);
}
