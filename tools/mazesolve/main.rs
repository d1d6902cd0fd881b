//! mazesolve: adds a `solution` to each maze document it reads.

mod play;
mod play_hex;
mod play_topo;

use clap::Parser;
use grid_cli::args::{InputArgs, PrettyArg, named};
use grid_cli::run::GenerateArg;
use grid_cli::{Output, Result, Status, say};
use grid_core::tiling::{TiledDoc, Tiling, tiling_of};
use grid_core::{Document, MazeDoc, Solution};
use grid_maze::{Solver, solve};
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
///
/// `solution.length` counts steps between tiles: two a cell on a square cell maze, where a
/// wall tile stands between cells (one a cell on the other tilings). `stats` counts in cells.
#[derive(Debug, Parser)]
#[command(name = "mazesolve", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// Solving algorithm.
    #[arg(long, short, default_value = "bfs", value_parser = named::<Solver>())]
    algo: Solver,

    /// Record the explored tiles in order (`solution.explored_order`), for animation.
    #[arg(long)]
    trace: bool,

    /// Solve it yourself at the keyboard: arrows or hjkl move, u and d climb a levels
    /// maze's stairs, q quits (on a hex maze q w e / a s d walk, Esc quits). The walk is
    /// written as the solution (algorithm "human"), the walk so far when you quit.
    #[arg(long, conflicts_with_all = ["algo", "trace"])]
    play: bool,

    /// Add `stats` to each document: cells, dead ends, junctions, the solution's length in
    /// cells (`solution_length_cells`), turns and decisions, the longest path in cells and
    /// the river (docs/format.md). On levels, wrapped and cube mazes the same, through their
    /// stairs and seams, and the stairs and seams the solution goes through.
    #[arg(long, conflicts_with = "play")]
    stats: bool,

    #[command(flatten)]
    pretty: PrettyArg,

    #[command(flatten)]
    generate: GenerateArg,

    #[command(flatten)]
    input: InputArgs,
}

fn main() -> ExitCode {
    grid_cli::run::main("mazesolve", run)
}

/// The solution of a maze on another tiling than the square one (a player's walk, with
/// whether the player quit); start and goal are written into the document in case they were
/// defaulted.
fn solve_tiled_doc(
    args: &Args,
    doc: &Document,
    tiling: Tiling,
) -> Result<(play::Ending, grid_core::Pos, grid_core::Pos)> {
    if args.play && tiling.is_plane() && tiling != Tiling::Hex {
        return Err(grid_cli::Error::usage(format!(
            "--play walks square, levels, wrapped and cube mazes with the arrow keys and hex \
             mazes with six keys; {tiling} mazes cannot be played here (solve them with --algo, \
             or draw them with gridrender)"
        )));
    }
    if args.play && tiling == Tiling::Wrapped && grid_core::tiling::is_hex_wrap(doc) {
        return Err(grid_cli::Error::usage(
            "--play walks wrapped mazes of square cells; a hex maze with joined edges cannot \
             be played here (solve it with --algo, or draw it with gridrender)",
        ));
    }
    if !grid_maze::tiled::solver_works(args.algo, tiling) {
        // Said of the document, which a stream may hold among others the solver takes.
        return Err(grid_cli::Error::input(no_follower(args.algo, tiling)));
    }
    if args.stats && tiling.is_plane() {
        return Err(grid_cli::Error::usage(format!(
            "--stats counts the cells and corridors of square mazes; {tiling:#} maze has none \
             of its figures"
        )));
    }
    let maze = TiledDoc::from_document(doc)?;
    if args.play {
        let ending = if tiling == Tiling::Hex {
            play_hex::play(&maze)?
        } else {
            play_topo::play(&maze)?
        };
        return Ok((ending, maze.start, maze.goal));
    }
    let found =
        grid_maze::tiled::solve_tiled(args.algo, &maze.maze, maze.start, maze.goal, args.trace);
    Ok((
        play::Ending::Solved(found.into_solution(args.algo)),
        maze.start,
        maze.goal,
    ))
}

/// A solver that gave up says so: its `"path": null` is not a proof that there is none.
fn say_gave_up(place: &grid_cli::Place, solution: &Solution) {
    if let Some(why) = &solution.gave_up {
        say(format_args!(
            "mazesolve: {} line {}: {} gave up: {why}",
            place.source, place.line, solution.algorithm
        ));
    }
}

fn run(args: Args) -> Result<Status> {
    let pretty = args.pretty.pretty;
    let mut out = Output::stdout();
    let mut status = Status::Ok;
    for item in grid_cli::documents(&args.input.files) {
        let (place, mut doc) = item?;
        let tiling = tiling_of(&doc).map_err(|e| place.locate(e))?;
        if tiling != Tiling::Square {
            let (ending, start, goal) =
                solve_tiled_doc(&args, &doc, tiling).map_err(|e| place.locate(e))?;
            let quit = ending.quit();
            let found = ending.into_solution();
            doc.set("start", start);
            doc.set("goal", goal);
            if args.stats {
                let maze = TiledDoc::from_document(&doc).map_err(|e| place.locate(e))?;
                let path = found.path.as_deref().unwrap_or_default();
                let figures = grid_maze::tiled::crossings(&maze.maze, start, goal, path);
                doc.set("stats", figures);
            }
            if found.length.is_none() {
                status = Status::NoAnswer;
                say_gave_up(&place, &found);
            }
            doc.write_with(&mut out, pretty, "solution", &found)?;
            out.answered()?;
            if quit {
                break;
            }
            continue;
        }
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        if args.play {
            // Quitting is not an error: the walk so far is written (marked in `gave_up`),
            // and the mazes after it are left unplayed.
            let ending = play::play(&maze)?;
            let quit = ending.quit();
            doc.set("start", maze.start);
            doc.set("goal", maze.goal);
            doc.write_with(&mut out, pretty, "solution", &ending.into_solution())?;
            out.answered()?;
            if quit {
                break;
            }
            continue;
        }
        let found = solve(args.algo, &maze.tiles, maze.start, maze.goal, args.trace);
        let solution = found.into_solution(args.algo);
        if solution.path.is_none() {
            status = Status::NoAnswer;
            say_gave_up(&place, &solution);
        }
        // The grid passes through untouched; start and goal are written in case they were
        // defaulted, so that every later tool agrees on them.
        doc.set("start", maze.start);
        doc.set("goal", maze.goal);
        if args.stats {
            doc.set("stats", grid_maze::stats(&maze));
        }
        doc.write_with(&mut out, pretty, "solution", &solution)?;
        out.answered()?;
    }
    out.finish()?;
    Ok(status)
}

/// Why `algo`, a wall follower, does not walk a maze of `tiling`, and what does.
fn no_follower(algo: Solver, tiling: Tiling) -> String {
    let searches = "bfs, astar, dead-end-filling or tremaux";
    let what = match tiling {
        Tiling::Levels => "stairs",
        Tiling::Wrapped => "seams",
        Tiling::Cube => "edges between faces",
        _ => {
            // Only the Pledge walker is refused on a flat tiling.
            return format!(
                "--algo {algo} keeps a heading and counts its turns in right angles, which \
                 square cells alone give; on {tiling:#} maze use right-hand, left-hand, \
                 {searches}"
            );
        }
    };
    format!(
        "--algo {algo} follows a wall by turning round a cell's sides, and {tiling:#} maze's \
         {what} have no turn: use {searches}"
    )
}
