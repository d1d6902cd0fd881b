//! mazegen: writes perfect mazes as grid documents (FORMAT.md, kind "maze").

#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use grid_core::{Document, Error, Kind, MAX_TILES, Pos, Result, Rng, TraceMode};
use maze::{Algorithm, braid, generate};
use serde_json::{Value, json};
use std::io::Write;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mazegen 25                              a 25x25 Hunt-and-Kill maze
  mazegen --algo wilson --seed 7 40 20    40 cells wide, 20 high, reproducible
  mazegen --count 100 --seed 1 30 > mazes.jsonl
  mazegen --braid 0.5 20 | mazesolve --algo right-hand
  mazegen --trace 15 | gridrender";

/// Generate perfect mazes (spanning trees of a grid of cells) as JSON Lines grid documents.
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None)]
struct Args {
    /// Generation algorithm.
    #[arg(long, short, default_value = "hunt-kill", value_parser = algo_parser())]
    algo: Algorithm,

    /// Seed for a reproducible maze; drawn at random (and written into meta.seed) when absent.
    /// With --count, the maze number i gets seed SEED+i.
    #[arg(long, short)]
    seed: Option<u64>,

    /// Number of mazes to write.
    #[arg(long, short = 'n', default_value_t = 1)]
    count: usize,

    /// Fraction of dead ends to remove (0 to 1), which adds loops.
    #[arg(long, default_value_t = 0.0, value_parser = parse_fraction)]
    braid: f64,

    /// Record the carving order in `trace`, for animation.
    #[arg(long)]
    trace: bool,

    /// Start cell as ROW,COL (default: top-left).
    #[arg(long, value_parser = parse_cell)]
    start: Option<(usize, usize)>,

    /// Goal cell as ROW,COL (default: bottom-right).
    #[arg(long, value_parser = parse_cell)]
    goal: Option<(usize, usize)>,

    /// Pretty-print the JSON (one document over many lines).
    #[arg(long)]
    pretty: bool,

    /// Width in cells.
    #[arg(value_parser = parse_size)]
    width: usize,

    /// Height in cells (default: the width).
    #[arg(value_parser = parse_size)]
    height: Option<usize>,
}

/// The algorithms with a line on each, listed by `--help` and checked by clap.
fn algo_parser() -> impl clap::builder::TypedValueParser<Value = Algorithm> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let names = Algorithm::ALL
        .iter()
        .map(|a| PossibleValue::new(a.name()).help(a.summary()));
    PossibleValuesParser::new(names)
        .map(|s| s.parse().expect("clap only lets listed names through"))
}

fn parse_size(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("a maze is at least 1 cell wide and high".into()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a whole number of cells, 1 or more".into()),
    }
}

fn parse_fraction(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(p) if (0.0..=1.0).contains(&p) => Ok(p),
        _ => Err("expected a fraction from 0 to 1".into()),
    }
}

fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let parsed = s
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    parsed.ok_or_else(|| "expected ROW,COL with whole numbers, such as 0,0".into())
}

fn main() -> ExitCode {
    common::run("mazegen", || run(Args::parse()))
}

fn run(args: Args) -> Result<i32> {
    let (w, h) = (args.width, args.height.unwrap_or(args.width));
    check_size(w, h)?;
    let start = cell_option("--start", args.start, (0, 0), w, h)?;
    let goal = cell_option("--goal", args.goal, (h - 1, w - 1), w, h)?;
    let first_seed = args.seed.unwrap_or_else(Rng::fresh_seed);
    let progress = common::Progress::new("mazegen", args.count);
    let mut out = common::stdout();
    for i in 0..args.count {
        let seed = first_seed.wrapping_add(i as u64);
        write_one(&mut out, &args, (w, h), (start, goal), seed)?;
        progress.tick(i + 1);
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}

/// Generates one maze and writes its document.
fn write_one(
    out: &mut impl Write,
    args: &Args,
    (w, h): (usize, usize),
    (start, goal): (Pos, Pos),
    seed: u64,
) -> Result<()> {
    let mut rng = Rng::seeded(seed);
    let mut cells = generate(args.algo, w, h, &mut rng, args.trace);
    braid(&mut cells, args.braid, &mut rng);
    let mut doc = Document::new(Kind::Maze);
    doc.set("width", 2 * w + 1);
    doc.set("height", 2 * h + 1);
    // The grid is written from the cells as the document goes out (write_streaming).
    doc.set_value("grid", Value::Null);
    doc.set("start", start);
    doc.set("goal", goal);
    if let Some(trace) = cells.take_trace() {
        doc.set("trace", trace);
        if args.algo.trace_mode() != TraceMode::Carve {
            doc.set("trace_mode", args.algo.trace_mode());
        }
    }
    let mut meta = json!({
        "generator": "mazegen",
        "algorithm": args.algo.name(),
        "seed": seed,
        "cells": [w, h],
    });
    if args.braid > 0.0 {
        meta["braid"] = json!(args.braid);
    }
    doc.set_value("meta", meta);
    if args.pretty {
        doc.set_grid(&cells.to_tiles(), |t| t.to_char());
        doc.write_to(out, true)
    } else {
        doc.write_streaming(out, &cells)
    }
}

/// Refuses sizes whose document would not fit, before any memory is taken.
fn check_size(w: usize, h: usize) -> Result<()> {
    let tiles = w
        .checked_mul(2)
        .and_then(|tw| (tw + 1).checked_mul(h.checked_mul(2)? + 1));
    match tiles {
        Some(t) if t <= MAX_TILES => Ok(()),
        _ => Err(Error::usage(format!(
            "a {w}x{h} maze is too large: its grid would have more than {MAX_TILES} tiles \
             (the largest square maze is 16383x16383 cells)"
        ))),
    }
}

/// A cell given on the command line, as its tile position.
fn cell_option(
    flag: &str,
    given: Option<(usize, usize)>,
    default: (usize, usize),
    w: usize,
    h: usize,
) -> Result<Pos> {
    let (r, c) = given.unwrap_or(default);
    if r >= h || c >= w {
        return Err(Error::usage(format!(
            "{flag} {r},{c} is outside the maze of {w}x{h} cells (rows 0 to {}, columns 0 to {})",
            h - 1,
            w - 1
        )));
    }
    Ok(Pos::new(2 * r + 1, 2 * c + 1))
}
