//! gridrender: draws grid documents on the terminal or as text.

#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use common::ColorChoice;
use grid_core::Result;
use render::{MazeStyle, Options, render_text};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mazegen 25 | mazesolve | gridrender
  gridrender --style blocks maze.json
  mazegen 10 | gridrender --color never > maze.txt";

/// Draw grid documents (mazes, minesweeper boards, nonograms) as text, in colour on a terminal.
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None)]
struct Args {
    /// When to use colour: auto means when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorChoice,

    /// How to draw mazes: thin walls for cell mazes (auto), or blocks for every tile.
    #[arg(long, value_enum, default_value = "auto")]
    style: StyleArg,

    /// Input files of documents; stdin when none or `-`.
    files: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    Auto,
    Thin,
    Blocks,
}

fn main() -> ExitCode {
    common::run("gridrender", || run(Args::parse()))
}

fn run(args: Args) -> Result<i32> {
    let opts = Options {
        color: args.color.enabled(),
        maze_style: match args.style {
            StyleArg::Auto => MazeStyle::Auto,
            StyleArg::Thin => MazeStyle::Thin,
            StyleArg::Blocks => MazeStyle::Blocks,
        },
    };
    let mut out = common::stdout();
    for (n, item) in common::documents(&args.files).enumerate() {
        let (place, doc) = item?;
        // Drawn into memory first, so that a bad document leaves nothing half-drawn.
        let mut picture = Vec::new();
        render_text(&doc, &opts, &mut picture).map_err(|e| place.locate(e))?;
        if n > 0 {
            out.write_all(b"\n")?;
        }
        out.write_all(&picture)?;
    }
    out.flush()?;
    Ok(grid_core::EXIT_OK)
}
