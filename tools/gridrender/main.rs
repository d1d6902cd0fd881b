//! gridrender: draws grid documents on the terminal, as text, or as SVG and PNG pictures.

mod animate;
#[path = "../common/mod.rs"]
mod common;

use clap::Parser;
use common::ColorChoice;
use grid_core::MazeDoc;
use grid_core::{Error, Result};
use render::{
    MazeStyle, Options, Picture, PictureOptions, Theme, render_animation, render_picture,
    render_text,
};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  mazegen 25 | mazesolve | gridrender
  mazegen 25 | mazesolve | gridrender -o maze.png
  mazegen 25 | mazesolve --trace | gridrender -o maze.html
  nonosolve puzzle.non | gridrender --format svg --theme dark > puzzle.svg
  gridrender --style blocks maze.json
  mazegen 10 | gridrender --color never > maze.txt";

/// Draw grid documents (mazes, minesweeper boards, nonograms): in colour on a terminal, as
/// plain text, or as SVG and PNG pictures.
#[derive(Debug, Parser)]
#[command(version, after_help = EXAMPLES, long_about = None)]
struct Args {
    /// What to draw: term (text, in colour on a terminal), text (never colour), svg, png, or
    /// html (a self-contained page where the solution can be shown and hidden).
    /// With -o, the file's extension decides unless this is given.
    #[arg(long, short, value_enum)]
    format: Option<Format>,

    /// Write to this file instead of stdout.
    #[arg(long, short)]
    output: Option<PathBuf>,

    /// When to use colour in text: auto means when stdout is a terminal and NO_COLOR is not set.
    #[arg(long, value_enum, default_value = "auto")]
    color: ColorChoice,

    /// How to draw mazes: thin walls for cell mazes (auto), or blocks for every tile.
    #[arg(long, value_enum, default_value = "auto")]
    style: StyleArg,

    /// Pixels a tile in pictures, or a cell for cell mazes with thin walls (default: 16 a
    /// tile, less for big documents).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256))]
    cell_size: Option<u32>,

    /// The palette of pictures.
    #[arg(long, value_enum, default_value = "light")]
    theme: ThemeArg,

    /// Replay a maze's carving (`trace`), search (`explored_order`) and solution: on the
    /// terminal, or as an animated SVG or HTML page.
    #[arg(long)]
    animate: bool,

    /// Frames a second of the replay (long stages are sped up to last at most 10 s).
    #[arg(long, default_value_t = 30.0, value_parser = parse_fps)]
    fps: f64,

    /// Input files of documents; stdin when none or `-`.
    files: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Term,
    Text,
    Svg,
    Png,
    Html,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum StyleArg {
    Auto,
    Thin,
    Blocks,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ThemeArg {
    Light,
    Dark,
}

fn parse_fps(s: &str) -> std::result::Result<f64, String> {
    match s.parse::<f64>() {
        Ok(f) if (0.1..=1000.0).contains(&f) => Ok(f),
        _ => Err("expected frames a second, from 0.1 to 1000".into()),
    }
}

fn main() -> ExitCode {
    common::run("gridrender", || run(Args::parse()))
}

/// The format asked for, or the one the output file's extension names.
fn format_of(args: &Args) -> Result<Format> {
    if let Some(f) = args.format {
        return Ok(f);
    }
    let Some(path) = &args.output else {
        return Ok(Format::Term);
    };
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("svg") => Ok(Format::Svg),
        Some("png") => Ok(Format::Png),
        Some("html" | "htm") => Ok(Format::Html),
        Some("txt" | "text") => Ok(Format::Text),
        Some(other) => Err(Error::usage(format!(
            "{}: unknown extension .{other} (svg, png, html or txt; or give --format)",
            path.display()
        ))),
        None => Err(Error::usage(format!(
            "{}: no extension to tell the format (svg, png, html or txt; or give --format)",
            path.display()
        ))),
    }
}

fn run(args: Args) -> Result<i32> {
    let format = format_of(&args)?;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    if format == Format::Png && to_terminal {
        return Err(Error::usage(
            "a PNG picture would garble the terminal: write it with -o FILE or redirect stdout",
        ));
    }
    let text = Options {
        color: format == Format::Term && args.output.is_none() && args.color.enabled(),
        maze_style: match args.style {
            StyleArg::Auto => MazeStyle::Auto,
            StyleArg::Thin => MazeStyle::Thin,
            StyleArg::Blocks => MazeStyle::Blocks,
        },
    };
    let pictures = PictureOptions {
        cell_size: args.cell_size,
        thin_walls: !matches!(args.style, StyleArg::Blocks),
        theme: match args.theme {
            ThemeArg::Light => Theme::Light,
            ThemeArg::Dark => Theme::Dark,
        },
    };
    if args.animate && matches!(format, Format::Term | Format::Text) {
        return animate_on_terminal(&args, format);
    }
    // Everything is drawn into memory first, so that a bad document leaves nothing half-drawn
    // and a file is only written whole.
    let mut drawing = Vec::new();
    for (n, item) in common::documents(&args.files).enumerate() {
        let (place, doc) = item?;
        let picture = match format {
            Format::Svg => Some(Picture::Svg),
            Format::Png => Some(Picture::Png),
            Format::Html => Some(Picture::Html),
            Format::Term | Format::Text => None,
        };
        if picture.is_some() && n > 0 {
            return Err(Error::usage(
                "a picture holds one document, and the input has more: draw them one at a time",
            ));
        }
        let mut one = Vec::new();
        match picture {
            Some(p) if args.animate => render_animation(&doc, p, &pictures, args.fps, &mut one),
            Some(p) => render_picture(&doc, p, &pictures, &mut one),
            None => render_text(&doc, &text, &mut one),
        }
        .map_err(|e| place.locate(e))?;
        if n > 0 {
            drawing.push(b'\n');
        }
        drawing.extend_from_slice(&one);
    }
    match &args.output {
        Some(path) => write_file(path, &drawing)?,
        None => {
            let mut out = common::stdout();
            out.write_all(&drawing)?;
            out.flush()?;
        }
    }
    Ok(grid_core::EXIT_OK)
}

/// `--animate` in the terminal: each maze document replayed in turn.
fn animate_on_terminal(args: &Args, format: Format) -> Result<i32> {
    if format == Format::Text || args.output.is_some() || !std::io::stdout().is_terminal() {
        return Err(Error::usage(
            "--animate plays on a terminal; for a file, animate with --format svg or html",
        ));
    }
    for item in common::documents(&args.files) {
        let (place, doc) = item?;
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        animate::play(&maze, args.fps)?;
    }
    Ok(grid_core::EXIT_OK)
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    std::fs::write(path, bytes).map_err(|e| {
        Error::usage(format!(
            "cannot write {}: {}",
            path.display(),
            common::plain_io(&e)
        ))
    })
}
