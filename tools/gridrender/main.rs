//! gridrender: draws grid documents on the terminal, as text, or as SVG and PNG pictures.

mod animate;
mod book;
mod replay;

use clap::Parser;
use grid_cli::args::{ColorArg, InputArgs, number_in};
use grid_cli::input::plain_io;
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Output, Result, Status};
use grid_core::{Document, Kind, MazeDoc};
use grid_render::walls::WallGraph;
use grid_render::{
    MazeStyle, Options, Picture, PictureOptions, RenderError, Theme, render_animation,
    render_picture, render_text,
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
#[command(name = "gridrender", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// What to draw: term (text, in colour on a terminal), text (never colour), svg, png, or
    /// html (a self-contained page where the solution can be shown and hidden).
    /// With -o, the file's extension decides unless this is given.
    #[arg(long, short, value_enum)]
    format: Option<Format>,

    /// Write to this file instead of stdout (written whole, or not at all). A name holding
    /// {n} writes a file for each document, {n} its number from 1: -o 'page-{n}.svg'.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,

    #[command(flatten)]
    color: ColorArg,

    /// How to draw square mazes: thin walls for cell mazes (auto, the default), or blocks
    /// for every tile.
    #[arg(long, value_enum)]
    style: Option<StyleArg>,

    /// Pixels a tile in pictures, or a cell for cell mazes with thin walls (default: 16 a
    /// tile, less for big documents).
    #[arg(long, value_name = "PX", value_parser = clap::value_parser!(u32).range(1..=256))]
    cell_size: Option<u32>,

    /// The palette of pictures (default: light).
    #[arg(long, value_enum)]
    theme: Option<ThemeArg>,

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
    #[arg(long, conflicts_with_all = ["animate", "caption", "solution", "machine", "style", "theme", "cell_size"])]
    play: bool,

    /// Frames a second of a maze's replay (default 30; long stages are sped up to last at
    /// most 10 s). A recorded game plays at its own pace.
    #[arg(long, requires = "animate", value_parser = number_in(0.1..=1000.0, "frames a second"))]
    fps: Option<f64>,

    /// Draw a maze for a machine, in millimetres: every wall once, joined into as few
    /// strokes as the walls allow (laser, SVG or DXF), ordered for the least pen-up travel,
    /// reported on stderr (plotter, SVG or DXF), or a solid of walls on a base (printer,
    /// STL; the default for -o FILE.stl).
    #[arg(long = "for", value_enum, value_name = "MACHINE",
          conflicts_with_all = ["cell_size", "theme", "caption", "solution", "animate", "style"])]
    machine: Option<MachineArg>,

    /// Millimetres a cell, for a machine (default 10).
    #[arg(long, value_name = "MM", conflicts_with = "size",
          value_parser = number_in(0.1..=1000.0, "millimetres"))]
    cell_mm: Option<f64>,

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

    /// The walls' thickness in millimetres, printed or cut as pieces (default 1.2).
    #[arg(long, value_name = "MM", value_parser = number_in(0.1..=100.0, "millimetres"))]
    wall_mm: Option<f64>,

    /// A printed maze's walls: their height above the base in millimetres (default 8).
    #[arg(long, value_name = "MM", value_parser = number_in(0.1..=1000.0, "millimetres"))]
    wall_height: Option<f64>,

    /// A printed maze's base plate: its thickness in millimetres (default 2).
    #[arg(long, value_name = "MM", value_parser = number_in(0.1..=100.0, "millimetres"))]
    base_mm: Option<f64>,

    /// A printed polar maze: the longest straight piece of a curved wall, in millimetres
    /// (default 1).
    #[arg(long, value_name = "MM", value_parser = number_in(0.01..=100.0, "millimetres"))]
    segment_mm: Option<f64>,

    /// A printed marble maze: the start and the goal open in the outer wall.
    #[arg(long)]
    marble: bool,

    /// A marble maze's ball, its diameter in millimetres: the cells are made for it to roll
    /// along the passages with a millimetre to spare.
    #[arg(long, value_name = "MM", requires = "marble", conflicts_with = "cell_mm",
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
    #[arg(long, value_enum)]
    answers: Option<AnswersArg>,

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

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
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

fn main() -> ExitCode {
    grid_cli::run::main("gridrender", run)
}

/// The documents of the inputs: grid documents, or a nonogram in a puzzle file's format
/// (Simpson's `.non`, webpbn XML, Olšák's `.g`, told by the file's extension or by clear signs
/// in its content, as nonosolve tells them), drawn as the blank puzzle.
fn documents(
    files: &[PathBuf],
) -> impl Iterator<Item = Result<(grid_cli::Place, Document)>> + use<> {
    grid_cli::input::paths(files).into_iter().flat_map(|path| {
        let docs: Box<dyn Iterator<Item = Result<(grid_cli::Place, Document)>>> = match open(&path)
        {
            Ok(Opened::Documents(input)) => Box::new(input.documents()),
            Ok(Opened::Text {
                name,
                skipped,
                text,
            }) => Box::new(grid_cli::Input::from_text(name, skipped, text).documents()),
            Ok(Opened::Puzzle(one)) => Box::new(std::iter::once(Ok(one))),
            Ok(Opened::Empty) => Box::new(std::iter::empty()),
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        docs.map(|item| item.and_then(not_beyond_the_plane))
    })
}

/// Levels, wrapped edges and cubes have no drawing yet: such a maze is refused whole rather
/// than drawn as a flat one, which would show its stairs and seams as walls.
fn not_beyond_the_plane(
    (place, doc): (grid_cli::Place, Document),
) -> Result<(grid_cli::Place, Document)> {
    if doc.kind() == Kind::Maze
        && let Ok(tiling) = grid_core::tiling::tiling_of(&doc)
        && !tiling.is_plane()
    {
        return Err(place.locate(Error::input(format!(
            "a {tiling} maze cannot be drawn yet (its stairs and seams lead out of the \
             picture's plane); mazesolve solves it"
        ))));
    }
    Ok((place, doc))
}

/// An input, opened and told apart.
enum Opened {
    Documents(grid_cli::Input),
    /// Text that is no puzzle file: read as documents, so that what is wrong with it is said
    /// as of any document.
    Text {
        name: String,
        skipped: usize,
        text: String,
    },
    Puzzle((grid_cli::Place, Document)),
    Empty,
}

/// Opens an input once and tells a stream of documents from a puzzle file.
fn open(path: &Path) -> Result<Opened> {
    use grid_nonogram::formats::Format;
    let mut input = grid_cli::Input::open(path)?;
    let format = match Format::from_path(path) {
        Some(Format::Json) => return Ok(Opened::Documents(input)),
        Some(format) => Some(format),
        None => match input.sniff()? {
            Some(b'{') => return Ok(Opened::Documents(input)),
            None => return Ok(Opened::Empty),
            // The text tells its format, once read.
            Some(_) => None,
        },
    };
    let name = input.name.clone();
    let skipped = input.lines_before();
    let text = input.read_text()?;
    match format.or_else(|| Format::sniff(&text)) {
        Some(format) if format != Format::Json => {
            Ok(Opened::Puzzle(parse_puzzle(&name, &text, format)?))
        }
        _ => Ok(Opened::Text {
            name,
            skipped,
            text,
        }),
    }
}

/// A puzzle file's text as a document, or what is wrong with it.
fn parse_puzzle(
    name: &str,
    text: &str,
    format: grid_nonogram::formats::Format,
) -> Result<(grid_cli::Place, Document)> {
    let parsed = grid_nonogram::formats::parse(text, format).map_err(|e| {
        let err = Error::input(format!("{} ({} format)", e.message, format.name()));
        match e.line {
            Some(l) => err.at_line(l).in_source(name),
            None => err.in_source(name),
        }
    })?;
    let place = grid_cli::Place {
        source: name.to_string(),
        line: 1,
    };
    let file = (name != "stdin").then_some(name);
    Ok((place, parsed.to_document(format, file)))
}

/// A drawing's error, with the advice only this tool can give (which flag to change).
fn advise(e: RenderError) -> Error {
    match e {
        RenderError::TooLarge { .. } => Error::input(format!("{e}: choose a smaller --cell-size")),
        RenderError::TextTooLarge { .. } => {
            Error::input(format!("{e}: draw it as a picture (-o maze.png)"))
        }
        RenderError::StillFormat => Error::usage(format!("{e}: animate with --format svg or html")),
        RenderError::TooManyTiles { what, .. } if what.contains("SVG") => {
            Error::input(format!("{e}: draw it as PNG (-o FILE.png)"))
        }
        RenderError::TooManyTiles { .. } => Error::input(format!(
            "{e}: animate a smaller maze, or draw this one still"
        )),
        other => other.into_doc().into(),
    }
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
        Some("dxf") => Ok(Format::Dxf),
        Some("stl") => Ok(Format::Stl),
        Some("pdf") => Ok(Format::Pdf),
        Some(other) => Err(Error::usage(format!(
            "{}: unknown extension .{other} (svg, png, html, txt, pdf, dxf with --for, or \
             stl; or give --format)",
            path.display()
        ))),
        None => Err(Error::usage(format!(
            "{}: no extension to tell the format (svg, png, html or txt; or give --format)",
            path.display()
        ))),
    }
}

fn run(args: Args) -> Result<Status> {
    let format = format_of(&args)?;
    let to_terminal = args.output.is_none() && std::io::stdout().is_terminal();
    if format == Format::Png && to_terminal {
        return Err(Error::usage(
            "a PNG picture would garble the terminal: write it with -o FILE or redirect stdout",
        ));
    }
    if matches!(format, Format::Term | Format::Text) {
        let picture_only = [
            ("--cell-size", args.cell_size.is_some()),
            ("--theme", args.theme.is_some()),
        ];
        if let Some((flag, _)) = picture_only.iter().find(|(_, given)| *given) {
            return Err(Error::usage(format!(
                "{flag} applies to pictures (--format svg, png or html), not to text"
            )));
        }
    }
    let machine = match (args.machine, format) {
        (None, Format::Stl) => Some(MachineArg::Printer),
        (machine, _) => machine,
    };
    check_machine_flags(&args, machine, format)?;
    if format == Format::Pdf {
        return draw_book(&args);
    }
    if args.play {
        if format != Format::Html {
            return Err(Error::usage(
                "--play writes a page for a browser: -o FILE.html, or --format html",
            ));
        }
        return draw_play(&args);
    }
    use grid_render::cut::Machine;
    match machine {
        Some(MachineArg::Printer) => return draw_solid(&args),
        Some(MachineArg::Laser) => return draw_cut(&args, Machine::Laser, format),
        Some(MachineArg::Plotter) => return draw_cut(&args, Machine::Plotter, format),
        None => {}
    }
    if args.animate && matches!(format, Format::Term | Format::Text) {
        return animate_on_terminal(&args, format);
    }
    match picture_of(format) {
        Some(picture) => draw_picture(&args, picture),
        None => draw_text(&args, format),
    }
}

fn picture_of(format: Format) -> Option<Picture> {
    match format {
        Format::Svg => Some(Picture::Svg),
        Format::Png => Some(Picture::Png),
        Format::Html => Some(Picture::Html),
        Format::Term | Format::Text | Format::Dxf | Format::Stl | Format::Pdf => None,
    }
}

fn picture_options(args: &Args) -> PictureOptions {
    PictureOptions {
        cell_size: args.cell_size,
        thin_walls: !matches!(args.style, Some(StyleArg::Blocks)),
        theme: match args.theme {
            Some(ThemeArg::Dark) => Theme::Dark,
            Some(ThemeArg::Light) | None => Theme::Light,
        },
        caption: args.caption,
    }
}

/// With `--solution`, a nonogram's answer key takes the place of its grid. With `--caption`,
/// a maze without `stats` gets them here (as `mazesolve --stats` writes
/// them), so that any maze can be captioned.
fn with_figures(args: &Args, place: &grid_cli::Place, mut doc: Document) -> Result<Document> {
    if args.solution {
        if doc.kind() != Kind::Nonogram || !doc.has("key") {
            return Err(place.locate(Error::input(format!(
                "--solution draws a nonogram's answer key, and this {} has no `key` (nonogen \
                 writes one; a solved document is drawn solved without --solution)",
                doc.kind()
            ))));
        }
        grid_core::nonogram_doc::show_key(&mut doc).map_err(|e| place.locate(e))?;
    }
    let tiling = grid_core::tiling::tiling_of(&doc).map_err(|e| place.locate(e))?;
    let square = tiling == grid_core::tiling::Tiling::Square;
    if args.style.is_some() && !(doc.kind() == Kind::Maze && square) {
        let what = if doc.kind() == Kind::Maze {
            format!("{tiling} maze")
        } else {
            doc.kind().to_string()
        };
        return Err(place.locate(Error::input(format!(
            "--style chooses how square mazes are drawn, and this is a {what}"
        ))));
    }
    if args.caption && doc.kind() == Kind::Maze && square && !doc.has("stats") {
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        doc.set("stats", grid_maze::stats(&maze));
    }
    Ok(doc)
}

/// Each document as text, written as soon as it is drawn (a document that cannot be drawn
/// leaves nothing of itself on stdout); to a file only when all are drawn.
fn draw_text(args: &Args, format: Format) -> Result<Status> {
    let options = Options {
        color: format == Format::Term && args.output.is_none() && args.color.color.enabled(),
        // Terminals with 24-bit colour say so in COLORTERM.
        truecolor: std::env::var("COLORTERM").is_ok_and(|v| v == "truecolor" || v == "24bit"),
        maze_style: match args.style {
            None | Some(StyleArg::Auto) => MazeStyle::Auto,
            Some(StyleArg::Thin) => MazeStyle::Thin,
            Some(StyleArg::Blocks) => MazeStyle::Blocks,
        },
        caption: args.caption,
    };
    let mut out = Output::stdout();
    let mut whole = Vec::new();
    let pages = args.output.as_deref().and_then(Pages::of);
    for (n, item) in documents(&args.input.files).enumerate() {
        let (place, doc) = item?;
        let doc = with_figures(args, &place, doc)?;
        let mut one = Vec::new();
        if n > 0 && pages.is_none() {
            one.push(b'\n');
        }
        render_text(&doc, &options, &mut one).map_err(|e| place.locate(advise(e)))?;
        match (&args.output, &pages) {
            (_, Some(pages)) => write_file(&pages.path(n + 1), &one)?,
            (Some(_), None) => whole.extend_from_slice(&one),
            (None, _) => {
                out.write_all(&one)?;
                out.answered()?;
            }
        }
    }
    if let (Some(path), None) = (&args.output, &pages) {
        write_file(path, &whole)?;
    }
    out.finish()?;
    Ok(Status::Ok)
}

/// The one document of the input as a picture, drawn whole before a byte is written; or,
/// when the output's name holds `{n}`, each document as a picture of its own.
fn draw_picture(args: &Args, picture: Picture) -> Result<Status> {
    let options = picture_options(args);
    let too_many = "a picture holds one document, and the input has more: draw them one at a \
                    time, or name a file for each with {n} (-o 'page-{n}.svg')";
    write_drawings(args, too_many, |place, doc| {
        if args.animate && replay::is_replay(&doc) {
            refuse_fps(args, place)?;
            if picture != Picture::Html {
                return Err(place.locate(Error::usage(
                    "a replay plays on the terminal, or as a page: -o replay.html",
                )));
            }
            return Ok(replay::page(&doc)
                .map_err(|e| place.locate(e))?
                .into_bytes());
        }
        let doc = with_figures(args, place, doc)?;
        let mut drawing = Vec::new();
        if args.animate {
            render_animation(&doc, picture, &options, args.maze_fps(), &mut drawing)
        } else {
            render_picture(&doc, picture, &options, &mut drawing)
        }
        .map_err(|e| place.locate(advise(e)))?;
        Ok(drawing)
    })
}

/// Each document drawn by `draw` and written whole: the one document to the output (none,
/// and no file, for an empty input; more is refused with `too_many`), or, when the output's
/// name holds `{n}`, each to a file of its own, numbered from 1, as soon as it is drawn.
fn write_drawings(
    args: &Args,
    too_many: &str,
    mut draw: impl FnMut(&grid_cli::Place, Document) -> Result<Vec<u8>>,
) -> Result<Status> {
    let pages = args.output.as_deref().and_then(Pages::of);
    let mut drawn = None;
    for (n, item) in documents(&args.input.files).enumerate() {
        let (place, doc) = item?;
        if n > 0 && pages.is_none() {
            return Err(place.locate(Error::input(too_many)));
        }
        let drawing = draw(&place, doc)?;
        match &pages {
            Some(pages) => write_file(&pages.path(n + 1), &drawing)?,
            None => drawn = Some(drawing),
        }
    }
    // An empty stream is no documents: nothing to draw, no file (docs/format.md).
    let (None, Some(drawing)) = (&pages, drawn) else {
        return Ok(Status::Ok);
    };
    match &args.output {
        Some(path) => write_file(path, &drawing)?,
        None => {
            let mut out = Output::stdout();
            out.write_all(&drawing)?;
            out.finish()?;
        }
    }
    Ok(Status::Ok)
}

/// Refuses a machine's flag given without its machine, or with a format it does not write.
fn check_machine_flags(args: &Args, machine: Option<MachineArg>, format: Format) -> Result<()> {
    let printer = machine == Some(MachineArg::Printer);
    let cutter = matches!(machine, Some(MachineArg::Laser | MachineArg::Plotter));
    if printer && format != Format::Stl {
        return Err(Error::usage(
            "--for printer writes an STL solid: -o FILE.stl, or --format stl",
        ));
    }
    if cutter && !matches!(format, Format::Svg | Format::Dxf) {
        return Err(Error::usage(
            "--for laser and plotter write SVG or DXF sized in millimetres: -o FILE.svg or \
             FILE.dxf, or --format svg|dxf",
        ));
    }
    if machine.is_none() && format == Format::Dxf {
        return Err(Error::usage(
            "DXF holds a maze's strokes for a machine: add --for laser or --for plotter",
        ));
    }
    if machine.is_some() && format == Format::Pdf {
        return Err(Error::usage(
            "a PDF is a book of puzzles, not a machine's file: leave out --for",
        ));
    }
    let book = format == Format::Pdf;
    let book_flags = [
        ("--paper", args.paper.is_some()),
        ("--per-page", args.per_page.is_some()),
        ("--answers", args.answers.is_some()),
    ];
    if let Some((flag, _)) = book_flags.iter().find(|(_, given)| *given && !book) {
        return Err(Error::usage(format!(
            "{flag} is for a PDF book (-o FILE.pdf)"
        )));
    }
    let machine_file = "a machine's file (--for laser|plotter, or -o FILE.stl)";
    let print = "a printed maze (-o FILE.stl)";
    let picture = "pictures and text, not a machine's file or a book";
    let given = [
        (
            "--cell-mm",
            args.cell_mm.is_some(),
            machine.is_some(),
            machine_file,
        ),
        (
            "--size",
            args.size.is_some(),
            machine.is_some(),
            machine_file,
        ),
        (
            "--outline-layer",
            args.outline_layer,
            cutter && args.kerf.is_none(),
            "strokes along the walls (--for laser|plotter, without --kerf)",
        ),
        (
            "--kerf",
            args.kerf.is_some(),
            machine == Some(MachineArg::Laser),
            "--for laser",
        ),
        (
            "--wall-mm",
            args.wall_mm.is_some(),
            printer || args.kerf.is_some(),
            "a printed maze (-o FILE.stl), or walls cut as pieces (--kerf)",
        ),
        ("--wall-height", args.wall_height.is_some(), printer, print),
        ("--base-mm", args.base_mm.is_some(), printer, print),
        ("--segment-mm", args.segment_mm.is_some(), printer, print),
        ("--marble", args.marble, printer, print),
        ("--ascii", args.ascii, printer, print),
        (
            "--cell-size",
            args.cell_size.is_some(),
            machine.is_none() && !book,
            picture,
        ),
        (
            "--theme",
            args.theme.is_some(),
            machine.is_none() && !book,
            picture,
        ),
        (
            "--caption",
            args.caption,
            machine.is_none() && !book,
            picture,
        ),
        (
            "--solution",
            args.solution,
            machine.is_none() && !book,
            picture,
        ),
        (
            "--animate",
            args.animate,
            machine.is_none() && !book,
            picture,
        ),
        (
            "--style",
            args.style.is_some(),
            machine.is_none() && !book,
            picture,
        ),
    ];
    match given
        .iter()
        .find(|(_, given, applies, _)| *given && !applies)
    {
        Some((flag, _, _, purpose)) => Err(Error::usage(format!("{flag} is for {purpose}"))),
        None => Ok(()),
    }
}

/// Each document as a page that plays it: one page, or one a document with `{n}`.
fn draw_play(args: &Args) -> Result<Status> {
    let too_many = "a page plays one puzzle, and the input has more: name a file for each \
                    with {n} (-o 'puzzle-{n}.html')";
    write_drawings(args, too_many, |place, doc| {
        let page = match doc.kind() {
            Kind::Maze => grid_render::play::maze_page(&doc),
            Kind::Nonogram => grid_render::play::nonogram_page(&doc),
            Kind::Mines => {
                let (board, firsts) = book::playable(doc).map_err(|e| place.locate(e))?;
                grid_render::play::mines_page(&board, firsts.as_deref())
            }
        }
        .map_err(|e| place.locate(advise(e)))?;
        Ok(page.into_bytes())
    })
}

/// Every document of the input as one printable book (`-o book.pdf`), with its answers at
/// the back, nowhere, or in `book-answers.pdf`.
fn draw_book(args: &Args) -> Result<Status> {
    use grid_render::book::{Answers, BookOptions, Paper};
    let options = BookOptions {
        paper: match args.paper {
            Some(PaperArg::A4) => Paper::A4,
            Some(PaperArg::Letter) => Paper::Letter,
            None => paper_of_locale(),
        },
        per_page: args.per_page.map(|n| n as usize),
        answers: match args.answers {
            None | Some(AnswersArg::Back) => Answers::Back,
            Some(AnswersArg::None) => Answers::None,
            Some(AnswersArg::Separate) => Answers::Separate,
        },
    };
    let path = match &args.output {
        Some(path) if Pages::of(path).is_some() => {
            return Err(Error::usage(
                "a PDF book holds every document: name one file, without {n}",
            ));
        }
        Some(path) => Some(path.clone()),
        None if options.answers == Answers::Separate => {
            return Err(Error::usage(
                "--answers separate writes FILE-answers.pdf beside the book: name the book \
                 with -o FILE.pdf",
            ));
        }
        None if std::io::stdout().is_terminal() => {
            return Err(Error::usage(
                "a PDF would garble the terminal: write it with -o FILE.pdf or redirect stdout",
            ));
        }
        None => None,
    };
    let (mut entries, mut notes) = (Vec::new(), Vec::new());
    for item in documents(&args.input.files) {
        let (place, doc) = item?;
        let (entry, note) = book::entry(&place, doc, entries.len() + 1)?;
        entries.push(entry);
        notes.extend(note.filter(|_| options.answers != Answers::None));
    }
    if entries.is_empty() {
        return Err(Error::input(
            "the input holds no documents: no book is written",
        ));
    }
    let made = grid_render::book::book(&entries, &options).map_err(advise)?;
    let answers_path = path.as_ref().map(|p| {
        let stem = p
            .file_stem()
            .map_or_else(Default::default, |s| s.to_string_lossy());
        p.with_file_name(format!("{stem}-answers.pdf"))
    });
    match (&path, made.answers, answers_path) {
        (Some(path), answers, answers_path) => {
            if let (Some(answers), Some(answers_path)) = (answers, answers_path) {
                write_file(&answers_path, &answers)?;
            }
            write_file(path, &made.puzzles)?;
        }
        (None, _, _) => {
            let mut out = Output::stdout();
            out.write_all(&made.puzzles)?;
            out.finish()?;
        }
    }
    for note in notes {
        grid_cli::say(format_args!("{note}"));
    }
    Ok(Status::Ok)
}

/// The paper the locale prints on (LC_ALL, else LC_PAPER, else LANG): Letter in the United
/// States and Canada, A4 elsewhere.
fn paper_of_locale() -> grid_render::book::Paper {
    let locale = ["LC_ALL", "LC_PAPER", "LANG"]
        .iter()
        .find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()))
        .unwrap_or_default();
    if locale.starts_with("en_US") || locale.starts_with("en_CA") || locale.starts_with("fr_CA") {
        grid_render::book::Paper::Letter
    } else {
        grid_render::book::Paper::A4
    }
}

/// Each maze as a solid for a 3D printer: one STL, or one a document with `{n}`.
fn draw_solid(args: &Args) -> Result<Status> {
    use grid_render::solid::SolidOptions;
    let defaults = SolidOptions::default();
    let wall_mm = args.wall_mm.unwrap_or(defaults.wall_mm);
    let options = SolidOptions {
        cell_mm: match args.ball_mm {
            // The passage between two walls: the ball and a millimetre to spare.
            Some(ball) => ball + 1.0 + wall_mm,
            None => args.cell_mm.unwrap_or(defaults.cell_mm),
        },
        size: args.size,
        wall_mm,
        wall_height: args.wall_height.unwrap_or(defaults.wall_height),
        base_mm: args.base_mm.unwrap_or(defaults.base_mm),
        segment_mm: args.segment_mm.unwrap_or(defaults.segment_mm),
        marble: args.marble,
    };
    if args.output.is_none() && !args.ascii && std::io::stdout().is_terminal() {
        return Err(Error::usage(
            "a binary STL would garble the terminal: write it with -o FILE.stl, or --ascii",
        ));
    }
    let too_many = "an STL holds one maze, and the input has more: name a file for each with \
                    {n} (-o 'maze-{n}.stl')";
    write_drawings(args, too_many, |place, doc| {
        if doc.kind() != Kind::Maze {
            return Err(place.locate(Error::input(format!(
                "a printed maze is made from a maze document, and this is a {} document",
                doc.kind()
            ))));
        }
        let unit = options.segment_mm / options.cell_mm;
        let graph = wall_graph(&doc, true, unit).map_err(|e| place.locate(e))?;
        let mesh =
            grid_render::solid::solid(&graph, &options).map_err(|e| place.locate(advise(e)))?;
        let name = format!("maze {}", place.line);
        Ok(if args.ascii {
            mesh.stl_ascii(&name).into_bytes()
        } else {
            mesh.stl(&name)
        })
    })
}

/// Each maze as strokes for a machine (`--for`): one SVG, or one a document with `{n}`.
fn draw_cut(args: &Args, machine: grid_render::cut::Machine, format: Format) -> Result<Status> {
    use grid_render::cut::{CutOptions, Machine};
    let options = CutOptions {
        machine,
        cell_mm: args.cell_mm.unwrap_or(10.0),
        size: args.size,
        outline_layer: args.outline_layer,
        kerf: args.kerf,
        wall_mm: args.wall_mm.unwrap_or(1.2),
    };
    let too_many = "an SVG holds one maze, and the input has more: name a file for each with \
                    {n} (-o 'maze-{n}.svg')";
    write_drawings(args, too_many, |place, doc| {
        if doc.kind() != Kind::Maze {
            return Err(place.locate(Error::input(format!(
                "--for cuts and plots mazes, and this is a {} document",
                doc.kind()
            ))));
        }
        let graph = wall_graph(&doc, false, 1.0).map_err(|e| place.locate(e))?;
        let cut =
            grid_render::cut::strokes(&graph, &options).map_err(|e| place.locate(advise(e)))?;
        if machine == Machine::Plotter {
            let (down, up) = cut.travel(&options);
            grid_cli::say(format_args!(
                "gridrender: {} line {}: pen down {down:.0} mm, pen up {up:.0} mm, {} strokes",
                place.source,
                place.line,
                cut.strokes.len()
            ));
        }
        let drawing = match format {
            Format::Dxf => cut.dxf(&options),
            _ => cut.svg(&options),
        };
        Ok(drawing.into_bytes())
    })
}

/// A maze document's walls, for a machine; with `cells`, its cells' outlines too, arcs in
/// pieces at most `step` units long.
fn wall_graph(doc: &Document, cells: bool, step: f64) -> Result<WallGraph> {
    let graph = match grid_render::tiled_maze(doc)? {
        Some(tiled) => WallGraph::tiled(&tiled, cells, step),
        None => WallGraph::square(&MazeDoc::from_document(doc)?, cells),
    };
    graph.map_err(advise)
}

/// An output name holding `{n}`: a file a document, `{n}` the document's number from 1.
struct Pages {
    pattern: String,
}

impl Pages {
    fn of(path: &Path) -> Option<Pages> {
        let pattern = path.to_str()?;
        pattern.contains("{n}").then(|| Pages {
            pattern: pattern.to_string(),
        })
    }

    fn path(&self, n: usize) -> PathBuf {
        PathBuf::from(self.pattern.replace("{n}", &n.to_string()))
    }
}

/// A recorded game plays at its own pace: `--fps`, a maze animation's frame rate, would do
/// nothing there.
fn refuse_fps(args: &Args, place: &grid_cli::Place) -> Result<()> {
    match args.fps {
        Some(_) => Err(place.locate(Error::usage(
            "--fps sets a maze animation's frames a second; a recorded game plays at its own \
             pace (+ and - change the speed)",
        ))),
        None => Ok(()),
    }
}

impl Args {
    /// A maze animation's frames a second.
    fn maze_fps(&self) -> f64 {
        self.fps.unwrap_or(30.0)
    }
}

/// `--animate` in the terminal: each maze document replayed in turn.
fn animate_on_terminal(args: &Args, format: Format) -> Result<Status> {
    if format == Format::Text || args.output.is_some() || !std::io::stdout().is_terminal() {
        return Err(Error::usage(
            "--animate plays on a terminal; for a file, animate with --format svg or html",
        ));
    }
    for item in documents(&args.input.files) {
        let (place, doc) = item?;
        if replay::is_replay(&doc) {
            refuse_fps(args, &place)?;
            replay::play_on_terminal(&doc).map_err(|e| place.locate(e))?;
            continue;
        }
        grid_render::replayable(&doc).map_err(|e| place.locate(e.into_doc()))?;
        let tiling = grid_core::tiling::tiling_of(&doc).map_err(|e| place.locate(e))?;
        if tiling != grid_core::tiling::Tiling::Square {
            return Err(place.locate(Error::usage(format!(
                "--animate plays square mazes on the terminal; replay a {tiling} maze as a page \
                 (--animate -o replay.html)"
            ))));
        }
        let maze = MazeDoc::from_document(&doc).map_err(|e| place.locate(e))?;
        animate::play(&maze, args.maze_fps())?;
    }
    Ok(Status::Ok)
}

/// Writes a file whole or not at all: into a hidden file beside it, renamed over it once
/// every byte is down, so that a full disk leaves no half-written file. What is not a
/// regular file (a device, a pipe) is written to directly.
fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    let failed = |e: std::io::Error| {
        Error::input(format!("cannot write {}: {}", path.display(), plain_io(&e)))
    };
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, bytes).map_err(failed);
    }
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy());
    let partial = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let written = std::fs::write(&partial, bytes).and_then(|()| std::fs::rename(&partial, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        failed(e)
    })
}
