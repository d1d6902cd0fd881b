//! mazegen: writes perfect mazes as grid documents (docs/format.md, kind "maze").

use clap::Parser;
use grid_cli::args::{PrettyArg, SeedArg, named};
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Output, Progress, Result, Status};
use grid_maze::{Algorithm, Request, RequestError};

const EXAMPLES: &str = "\
Examples:
  mazegen 25                              a 25x25 Hunt-and-Kill maze
  mazegen --algo wilson --seed 7 40 20    40 cells wide, 20 high, reproducible
  mazegen --count 100 --seed 1 30 > mazes.jsonl
  mazegen --braid 0.5 20 | mazesolve --algo right-hand
  mazegen --trace 15 | gridrender --animate";

/// Generate perfect mazes (spanning trees of a grid of cells) as JSON Lines grid documents.
#[derive(Debug, Parser)]
#[command(name = "mazegen", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// Generation algorithm.
    #[arg(long, short, default_value = "hunt-kill", value_parser = named::<Algorithm>())]
    algo: Algorithm,

    #[command(flatten)]
    seed: SeedArg,

    /// Number of mazes to write; maze i gets seed SEED+i, so each can be made again alone.
    #[arg(long, default_value_t = 1, value_name = "K",
          value_parser = grid_cli::args::at_least(1, "mazes"))]
    count: u64,

    /// Fraction of dead ends to remove (0 to 1), which adds loops.
    #[arg(long, default_value_t = 0.0, value_name = "P", value_parser = parse_fraction)]
    braid: f64,

    /// Record the carving order in `trace`, for animation.
    #[arg(long)]
    trace: bool,

    /// Start cell as ROW,COL (default: top-left).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell)]
    start: Option<(usize, usize)>,

    /// Goal cell as ROW,COL (default: bottom-right).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell)]
    goal: Option<(usize, usize)>,

    #[command(flatten)]
    pretty: PrettyArg,

    #[command(flatten)]
    generate: GenerateArg,

    /// Width in cells.
    #[arg(value_parser = parse_size)]
    width: usize,

    /// Height in cells (default: the width).
    #[arg(value_parser = parse_size)]
    height: Option<usize>,
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

fn main() -> std::process::ExitCode {
    grid_cli::run::main("mazegen", run)
}

fn run(args: Args) -> Result<Status> {
    let size = (args.width, args.height.unwrap_or(args.width));
    let mut request = Request::new(args.algo, size, args.start, args.goal).map_err(|e| {
        let message = e.to_string();
        match e {
            // The library says "the start 9,9 is outside..."; here it is the flag.
            RequestError::Outside { .. } => Error::usage(format!(
                "--{}",
                message.strip_prefix("the ").unwrap_or(&message)
            )),
            _ => Error::usage(message),
        }
    })?;
    request.braid = args.braid;
    if args.trace {
        request = request.traced().map_err(|e| Error::usage(e.to_string()))?;
    }
    let first_seed = args.seed.or_fresh();
    let progress = Progress::new("mazegen", args.count);
    let mut out = Output::stdout();
    for i in 0..args.count {
        let maze = request.make(first_seed.wrapping_add(i));
        maze.write(&mut out, args.pretty.pretty)?;
        out.answered()?;
        progress.tick(i + 1);
    }
    out.finish()?;
    Ok(Status::Ok)
}
