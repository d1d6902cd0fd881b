//! gridrender: draws grid documents on the terminal, as text, as SVG, PNG and HTML
//! pictures, as pages that play them, as PDF books, and as files for machines. This file is
//! the command line and the dispatch; what each output does lives in the modules below.

mod advice;
mod animate;
mod book;
mod chart;
mod draw;
mod machine;
mod pdf;
mod replay;
mod target;

use clap::Parser;
use grid_cli::args::{ColorArg, Given, InputArgs, number_in};
use grid_cli::run::GenerateArg;
use grid_cli::{Result, Status};
use grid_render::machine as sizes;
use std::path::PathBuf;
use std::process::ExitCode;
use target::Target;

const EXAMPLES: &str = "\
Examples:
  mazegen 25 | mazesolve | gridrender
  mazegen 25 | mazesolve | gridrender -o maze.png
  mazegen 25 | mazesolve --trace | gridrender -o maze.html
  nonosolve puzzle.non | gridrender --format svg --theme dark > puzzle.svg
  gridrender --style blocks maze.json
  mazegen 10 | gridrender --color never > maze.txt
  mines replay --summary ~/replays | gridrender -o progress.html";

/// Draw grid documents (mazes, minesweeper boards, nonograms): in colour on a terminal, as
/// plain text, as SVG, PNG and HTML pictures, as pages that play them, as PDF books, and for
/// machines (SVG and DXF strokes, STL solids). A replay summary (mines replay --summary) is
/// drawn as a chart of the player's progress: SVG, PNG or HTML.
#[derive(Debug, Parser)]
#[command(name = "gridrender", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// What to draw: term (text, in colour on a terminal), text (never colour), svg, png,
    /// html (a self-contained page where the solution can be shown and hidden), pdf (a book),
    /// dxf (strokes for a machine, with --for) or stl (a solid for a 3D printer).
    /// With -o, the file's extension decides unless this is given.
    #[arg(long, short, value_enum)]
    format: Option<Format>,

    // clap prints `{n}` in help as a line break, whatever escapes it, so a word joiner
    // (U+2060, zero width) sits inside it; `Pages` reads a name copied with it.
    #[arg(
        long,
        short,
        value_name = "FILE",
        help = "Write to this file instead of stdout (written whole, or not at all). \
                  -o page-{\u{2060}n}.svg writes one file a document, numbered from 1."
    )]
    output: Option<PathBuf>,

    #[command(flatten)]
    color: ColorArg,

    /// How to draw square mazes: thin walls for cell mazes (auto), or blocks for every tile.
    #[arg(long, value_enum, default_value_t = StyleArg::Auto)]
    style: StyleArg,

    /// Pixels a tile in pictures, or a cell for cell mazes with thin walls (default: 16 a
    /// tile, less for big documents).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=256))]
    cell_size: Option<u32>,

    /// The palette of pictures.
    #[arg(long, value_enum, default_value_t = ThemeArg::Light)]
    theme: ThemeArg,

    /// Show the figures under the drawing: a maze's stats (computed when the document has
    /// none), a game's 3BV and clicks, a nonogram's verdict.
    #[arg(long)]
    caption: bool,

    /// Nonograms: draw the answer key (`key`, written by nonogen) instead of the puzzle.
    #[arg(long)]
    solution: bool,

    /// Replay a maze's carving (`trace`), search (`explored_order`) and solution: on the
    /// terminal, or as an animated SVG or HTML page. On a `mines replay` document, play the
    /// recorded game back: on the terminal in real time, or as a page (-o replay.html).
    #[arg(long)]
    animate: bool,

    /// A page that plays the puzzle in any browser (with --format html or -o FILE.html):
    /// a maze walked, a nonogram filled, a mines board opened, with the keyboard, the mouse
    /// or a finger.
    #[arg(long)]
    play: bool,

    /// Frames a second of a maze's replay (long stages are sped up to last at most 10 s). A
    /// recorded game plays at its own pace.
    #[arg(long, default_value_t = grid_render::animate::DEFAULT_FPS,
          value_parser = number_in(0.1..=1000.0, "frames a second"))]
    fps: f64,

    /// The ids of the flags the command line gave (set in `run`), for the refusals that
    /// wait for a document: --fps for a recorded game, --style for a map that is no square
    /// maze.
    #[arg(skip)]
    typed: Vec<String>,

    /// Draw a maze for a machine, in millimetres: every wall once, joined into as few
    /// strokes as the walls allow (laser, SVG or DXF), ordered for the least pen-up travel,
    /// reported on stderr (plotter, SVG or DXF), or a solid of walls on a base (printer,
    /// STL; the default for -o FILE.stl).
    #[arg(long = "for", value_enum, value_name = "MACHINE")]
    machine: Option<MachineArg>,

    /// Millimetres a cell, for a machine.
    #[arg(long, value_name = "MM", conflicts_with = "size", default_value_t = sizes::DEFAULT_CELL_MM,
          value_parser = number_in(0.1..=1000.0, "millimetres"))]
    cell_mm: f64,

    /// The sheet or the printer's bed, WIDTHxHEIGHT in millimetres: the maze fitted
    /// inside, centred.
    #[arg(long, value_name = "WxH", value_parser = parse_sheet)]
    size: Option<(f64, f64)>,

    /// With --for laser or plotter: the outline (walls with the outside on one side) as
    /// strokes of its own, in red, for laser software that cuts by colour (the inside first).
    #[arg(long)]
    outline_layer: bool,

    /// With --for laser: cut the walls as pieces (--wall-mm thick) instead of along their
    /// centre lines, their outlines offset outward by half this beam width in millimetres,
    /// so that each piece comes out at its true size.
    #[arg(long, value_name = "MM", value_parser = number_in(0.0..=5.0, "millimetres"))]
    kerf: Option<f64>,

    /// The walls' thickness in millimetres, printed or cut as pieces.
    #[arg(long, value_name = "MM", default_value_t = sizes::DEFAULT_WALL_MM,
          value_parser = number_in(0.1..=100.0, "millimetres"))]
    wall_mm: f64,

    /// A printed maze's walls: their height above the base in millimetres.
    #[arg(long, value_name = "MM", default_value_t = sizes::DEFAULT_WALL_HEIGHT_MM,
          value_parser = number_in(0.1..=1000.0, "millimetres"))]
    wall_height: f64,

    /// A printed maze's base plate: its thickness in millimetres.
    #[arg(long, value_name = "MM", default_value_t = sizes::DEFAULT_BASE_MM,
          value_parser = number_in(0.1..=100.0, "millimetres"))]
    base_mm: f64,

    /// A printed polar maze or tube: the longest straight piece of a curved wall (round a
    /// tube, at the walls' tops), in millimetres.
    #[arg(long, value_name = "MM", default_value_t = sizes::DEFAULT_SEGMENT_MM,
          value_parser = number_in(0.01..=100.0, "millimetres"))]
    segment_mm: f64,

    #[command(flatten)]
    tube: target::TubeArg,

    /// A printed marble maze: the start and the goal open in the outer wall.
    #[arg(long)]
    marble: bool,

    /// A marble maze's ball, its diameter in millimetres: the cells are made for it to roll
    /// along the passages with a millimetre to spare.
    #[arg(long, value_name = "MM", conflicts_with = "cell_mm",
          value_parser = number_in(1.0..=100.0, "millimetres"))]
    ball_mm: Option<f64>,

    /// A printed maze as ASCII STL (binary by default).
    #[arg(long)]
    ascii: bool,

    /// A PDF book's paper (default: Letter where the locale is the United States' or
    /// Canada's, else A4).
    #[arg(long, value_enum)]
    paper: Option<PaperArg>,

    /// A PDF book's puzzles a page (default: as many as stay readable, at most 12).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=12))]
    per_page: Option<u32>,

    /// A PDF book's answers: on pages at the back (smaller), none, or a separate file
    /// (FILE-answers.pdf beside the book).
    #[arg(long, value_enum, default_value_t = AnswersArg::Back)]
    answers: AnswersArg,

    #[command(flatten)]
    generate: GenerateArg,

    #[command(flatten)]
    input: InputArgs,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum PaperArg {
    /// 210 x 297 mm.
    A4,
    /// 8.5 x 11 inches.
    Letter,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum AnswersArg {
    /// On pages after the puzzles, smaller, numbered the same.
    Back,
    /// No answers.
    None,
    /// In a file of their own, FILE-answers.pdf.
    Separate,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum MachineArg {
    /// A laser cutter: every wall cut once, in long strokes.
    Laser,
    /// A pen plotter: the strokes ordered to keep pen-up travel short.
    Plotter,
    /// A 3D printer: the walls standing on a base, one closed solid (STL).
    Printer,
}

/// A sheet, WIDTHxHEIGHT in millimetres.
fn parse_sheet(s: &str) -> std::result::Result<(f64, f64), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or("expected WIDTHxHEIGHT in millimetres, such as 300x200")?;
    let side = |t: &str| match t.trim().parse::<f64>() {
        Ok(mm) if (1.0..=10_000.0).contains(&mm) => Ok(mm),
        _ => Err(format!("expected a side of 1 to 10000 mm, not '{t}'")),
    };
    Ok((side(w)?, side(h)?))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Text, in colour on a terminal.
    Term,
    /// Plain text, never colour.
    Text,
    /// An SVG picture.
    Svg,
    /// A PNG picture.
    Png,
    /// A self-contained HTML page (the SVG inline) that shows and hides the solution.
    Html,
    /// An R12 DXF drawing in millimetres, with --for: strokes for cutter software.
    Dxf,
    /// A 3D printer's solid (binary STL; --ascii for text).
    Stl,
    /// A printable book: the puzzles blank, numbered and titled, their answers after them.
    Pdf,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum StyleArg {
    /// Thin walls for cell mazes, blocks for other maps.
    Auto,
    /// Thin walls between cells.
    Thin,
    /// Every tile a square.
    Blocks,
}

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum ThemeArg {
    /// Dark ink on a light ground.
    Light,
    /// Light ink on a dark ground.
    Dark,
}

impl Args {
    /// Whether the command line gave the flag `id` (clap's id).
    fn typed(&self, id: &str) -> bool {
        self.typed.iter().any(|t| t == id)
    }
}

fn main() -> ExitCode {
    grid_cli::run::main("gridrender", run)
}

/// Tells what the command line makes, refuses a flag that would do nothing there, and makes
/// it.
fn run(given: Given<Args>) -> Result<Status> {
    let format = target::format_of(&given.args)?;
    let target = target::target_of(&given.args, format)?;
    target::check_flags(&given, target)?;
    let typed = given.ids().to_vec();
    let mut args = given.args;
    args.typed = typed;
    let inputs = args.input.files.len();
    let drawn = match target {
        Target::Book => pdf::draw_book(&args),
        Target::Play => draw::draw_play(&args),
        Target::Printer => machine::draw_solid(&args),
        Target::Cutter(machine) => machine::draw_cut(&args, machine, format),
        Target::Text if args.animate => draw::animate_on_terminal(&args, format),
        Target::Text => draw::draw_text(&args, format),
        Target::Picture(picture) => draw::draw_picture(&args, picture),
    };
    drawn.map_err(|e| advice::summary_elsewhere(e, inputs))
}
