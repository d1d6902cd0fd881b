//! mazesolve: adds a `solution` to each maze document it reads.

#[path = "../common/mod.rs"]
mod common;
mod play;

use clap::Parser;
use grid_core::{EXIT_NO_ANSWER, EXIT_OK, MazeDoc, Result, Solution};
use maze::{Solver, solve};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mazegen 25 | mazesolve | gridrender
  mazesolve --algo right-hand maze.json
  mazegen --count 1000 --seed 1 40 | mazesolve --algo astar | jq .solution.explored
  mazegen 20 | mazesolve --play | gridrender -o mine.png

Exit status: 0 solved; 1 some maze has no path (its solution has \"path\": null);
2 bad input.";

/// Solve maze documents (any map of '#' walls and ' ' floor, not only generated mazes).
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None)]
struct Args {
    /// Solving algorithm.
    #[arg(long, short, default_value = "bfs", value_parser = solver_parser())]
    algo: Solver,

    /// Record the explored tiles in order (`solution.explored_order`), for animation.
    #[arg(long)]
    trace: bool,

    /// Solve it yourself at the keyboard: arrows or hjkl move, q quits. The walk is written
    /// as the solution (algorithm "human").
    #[arg(long, conflicts_with_all = ["algo", "trace"])]
    play: bool,

    /// Pretty-print the JSON.
    #[arg(long)]
    pretty: bool,

    /// Input files of maze documents; stdin when none or `-`.
    files: Vec<PathBuf>,
}

/// The solvers with a line on each, listed by `--help` and checked by clap.
fn solver_parser() -> impl clap::builder::TypedValueParser<Value = Solver> {
    use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
    let names = Solver::ALL
        .iter()
        .map(|a| PossibleValue::new(a.name()).help(a.summary()));
    PossibleValuesParser::new(names)
        .map(|s| s.parse().expect("clap only lets listed names through"))
}

fn main() -> ExitCode {
    common::run("mazesolve", || run(Args::parse()))
}

fn run(args: Args) -> Result<i32> {
    let mut out = common::stdout();
    let mut status = EXIT_OK;
    for item in common::documents(&args.files) {
        let (place, mut doc) = item?;
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        if args.play {
            match play::play(&maze)? {
                play::Ending::Solved(solution) => {
                    doc.set("start", maze.start);
                    doc.set("goal", maze.goal);
                    doc.write_with(&mut out, args.pretty, "solution", &solution)?;
                    continue;
                }
                play::Ending::GaveUp => {
                    out.flush()?;
                    eprintln!("mazesolve: gave up before the goal");
                    return Ok(EXIT_NO_ANSWER);
                }
            }
        }
        let found = solve(args.algo, &maze.tiles, maze.start, maze.goal, args.trace);
        if found.path.is_none() {
            status = EXIT_NO_ANSWER;
        }
        let solution = Solution {
            algorithm: args.algo.name().to_string(),
            length: found.path.as_ref().map(|p| p.len() - 1),
            path: found.path,
            explored: found.explored,
            explored_order: found.order,
        };
        // The grid passes through untouched; start and goal are written in case they were
        // defaulted, so that every later tool agrees on them.
        doc.set("start", maze.start);
        doc.set("goal", maze.goal);
        doc.write_with(&mut out, args.pretty, "solution", &solution)?;
    }
    out.flush()?;
    Ok(status)
}
