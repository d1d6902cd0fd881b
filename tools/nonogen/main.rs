//! nonogen: makes nonograms with exactly one solution, at random or from a picture.

use clap::Parser;
use grid_cli::args::{PrettyArg, SeedArg};
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Output, Progress, Result, Status, say};
use grid_core::{Document, Grid, Rng};
use grid_nonogram::formats::write::{self, About};
use grid_nonogram::generate::{
    ATTEMPTS, ColorMade, GenerateError, Made, RandomSpec, Repair, STANDARD_COLORS, Tried,
    Unrepaired, random, random_color, repair, standard_palette,
};
use grid_nonogram::puzzle::MAX_SIDE;
use grid_nonogram::{Answer, Method};
use grid_picture::Picture;
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::ExitCode;

const EXAMPLES: &str = "\
Examples:
  nonogen 15                                a 15x15 puzzle that lines alone solve
  nonogen --seed 7 --difficulty probing 20  one that needs a proof by contradiction
  nonogen --count 10 --seed 1 25 > book.jsonl
  nonogen 20 | nonosolve --explain
  nonogen --from cat.png --width 30 | gridrender -o cat.svg
  nonogen --from cat.png --width 30 | gridrender --solution -o key.svg
  nonogen --to non 15 > puzzle.non          for apps that read Steve Simpson's .non
  nonogen --colors 4 20 | gridrender        a 20x20 puzzle in four colours

Every puzzle written has exactly one solution, proved by the solver, and needs exactly the
technique asked (from a picture: at most that technique). The answer is in the document's
`key` field, which solvers do not read.
Exit status: 0 done; 1 a picture's puzzle is not unique or too hard with --repair none, or
no puzzle of the difficulty asked was found; 2 bad usage or a bad picture.";

/// Make nonograms with exactly one solution, at random or from a picture.
#[derive(Debug, Parser)]
#[command(name = "nonogen", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// The strongest technique the puzzle may need: line (each line alone, as puzzle books
    /// require), probing (proof by contradiction), search (more). A random puzzle needs
    /// exactly this one; a picture's puzzle at most this one.
    #[arg(long, value_enum, default_value = "line", value_name = "D")]
    difficulty: Difficulty,

    #[command(flatten)]
    seed: SeedArg,

    /// Number of puzzles to write; puzzle i gets seed SEED+i, written into meta.seed.
    #[arg(long, default_value_t = 1, value_name = "K", conflicts_with = "from",
          value_parser = grid_cli::args::at_least(1, "puzzles"))]
    count: u64,

    /// The share of cells filled in a random puzzle (0 to 1).
    #[arg(long, default_value_t = 0.5, value_name = "P", conflicts_with = "from",
          value_parser = grid_cli::args::fraction)]
    density: f64,

    /// Make a random colour puzzle in N colours besides the background (1 to 10: red,
    /// green, blue, orange, purple, brown, pink, grey, olive, cyan).
    #[arg(long, value_name = "N", conflicts_with = "from",
          value_parser = clap::value_parser!(u8).range(1..=STANDARD_COLORS.len() as i64))]
    colors: Option<u8>,

    /// Make the puzzle from a picture: dark pixels are filled, light and transparent ones
    /// background (--invert reads it the other way). A PNG, a PBM (a set pixel filled), or a
    /// text file ('#' or 'X' filled, '.' or space empty).
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,

    /// With --from: the other reading of the picture, light pixels ('.' or space) filled and
    /// dark ones background, for a picture drawn light on dark.
    #[arg(long)]
    invert: bool,

    /// With --from: the puzzle's width in cells (default: the picture's; the height keeps
    /// its proportions when not given).
    #[arg(long = "width", value_name = "W", requires = "from",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SIDE as u64))]
    from_width: Option<u64>,

    /// With --from: the puzzle's height in cells.
    #[arg(long = "height", value_name = "H", requires = "from",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SIDE as u64))]
    from_height: Option<u64>,

    /// With --from: how a picture whose puzzle is ambiguous or too hard is mended: flip the
    /// fewest pixels, edge pixels first (the puzzle needs nothing but its clues); show the
    /// fewest cells as givens (the picture stays exact); or none (exit 1, with the
    /// solutions found).
    /// Default: pixels.
    #[arg(long, value_enum, value_name = "HOW", requires = "from")]
    repair: Option<RepairArg>,

    /// The output format: grid documents, Steve Simpson's .non, or webpbn XML (one puzzle,
    /// without givens, for the .non and XML files).
    #[arg(long, value_enum, default_value = "json", value_name = "FORMAT")]
    to: To,

    /// Width in cells.
    #[arg(required_unless_present_any = ["from", "generate"], conflicts_with = "from",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SIDE as u64))]
    width: Option<u64>,

    /// Height in cells (default: the width).
    #[arg(conflicts_with = "from",
          value_parser = clap::value_parser!(u64).range(1..=MAX_SIDE as u64))]
    height: Option<u64>,

    #[command(flatten)]
    pretty: PrettyArg,

    #[command(flatten)]
    generate: GenerateArg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Difficulty {
    Line,
    Probing,
    Search,
}

impl Difficulty {
    fn method(self) -> Method {
        match self {
            Difficulty::Line => Method::Line,
            Difficulty::Probing => Method::Probing,
            Difficulty::Search => Method::Search,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum RepairArg {
    Pixels,
    Givens,
    None,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum To {
    /// Grid documents, one per line.
    Json,
    /// Steve Simpson's .non.
    Non,
    /// webpbn XML.
    Xml,
}

fn main() -> ExitCode {
    grid_cli::run::main("nonogen", run)
}

fn run(args: Args) -> Result<Status> {
    // Flags that shape a picture's puzzle mean nothing without one.
    if args.from.is_none() {
        for (given, flag) in [
            (args.from_width.is_some(), "--width"),
            (args.from_height.is_some(), "--height"),
            (args.repair.is_some(), "--repair"),
            (args.invert, "--invert"),
        ] {
            if given {
                return Err(Error::usage(format!(
                    "{flag} needs --from: it sizes or mends a picture's puzzle (a random \
                     puzzle's size is WIDTH [HEIGHT])"
                )));
            }
        }
    }
    if args.colors.is_some() && args.to == To::Non {
        return Err(Error::usage(
            "--to non: Steve Simpson's .non has no colours; write colour puzzles with --to \
             json or --to xml",
        ));
    }
    if args.to != To::Json && args.count > 1 {
        return Err(Error::usage(format!(
            "--to {}: a file holds one puzzle; write them one at a time (--count 1, \
             --seed N for each)",
            name_of(args.to)
        )));
    }
    if args.to != To::Json && args.repair == Some(RepairArg::Givens) {
        return Err(Error::usage(format!(
            "--to {}: the file cannot show givens; use --repair pixels, or --to json",
            name_of(args.to)
        )));
    }
    let mut out = Output::stdout();
    let status = match &args.from {
        Some(path) => from_picture(&args, path, &mut out)?,
        None => at_random(&args, &mut out)?,
    };
    out.finish()?;
    Ok(status)
}

fn name_of(to: To) -> &'static str {
    match to {
        To::Json => "json",
        To::Non => "non",
        To::Xml => "xml",
    }
}

/// `--count` random puzzles.
fn at_random(args: &Args, out: &mut Output) -> Result<Status> {
    let width = args.width.expect("clap requires a width without --from") as usize;
    let height = args.height.map_or(width, |h| h as usize);
    let spec = RandomSpec {
        width,
        height,
        density: args.density,
        difficulty: args.difficulty.method(),
    };
    let first = args.seed.or_fresh();
    let progress = Progress::new("nonogen", args.count);
    let shown = grid_cli::progress::status_wanted();
    for i in 0..args.count {
        let seed = first.wrapping_add(i);
        let mut rng = Rng::seeded(seed);
        // A hard request takes minutes: on a terminal, say how far it has come.
        let mut last = std::time::Instant::now();
        let mut watch = |tried: Tried| {
            if shown && last.elapsed().as_millis() >= 250 {
                last = std::time::Instant::now();
                grid_cli::progress::status(&format!(
                    "nonogen: puzzle {} of {}: picture {} of {ATTEMPTS}, {} changed",
                    i + 1,
                    args.count,
                    tried.picture,
                    grid_core::words::count(tried.changes as u64, "cell", "cells"),
                ));
            }
        };
        let written = match args.colors {
            Some(colors) => {
                let palette = standard_palette(colors.into());
                random_color(&spec, &palette, &mut rng, &mut watch)
                    .map(|made| (made.method, Either::Color(made)))
            }
            None => {
                random(&spec, &mut rng, &mut watch).map(|made| (made.method, Either::Black(made)))
            }
        };
        grid_cli::progress::clear_status();
        let (method, made) = match written {
            Ok(made) => made,
            Err(e @ GenerateError::GaveUp { .. }) => {
                say(format_args!("nonogen: seed {seed}: {e}"));
                return Ok(Status::NoAnswer);
            }
            Err(e) => return Err(Error::usage(e.to_string())),
        };
        let mut meta = json!({
            "generator": "nonogen",
            "seed": seed,
            "difficulty": method.name(),
            "density": args.density,
        });
        if let Some(colors) = args.colors {
            meta["colors"] = json!(colors);
        }
        match made {
            Either::Black(made) => write_made(args, out, &made, meta, None)?,
            Either::Color(made) => write_color_made(args, out, &made, meta)?,
        }
        progress.tick(i + 1);
    }
    Ok(Status::Ok)
}

/// A random puzzle of either kind.
enum Either {
    Black(Made),
    Color(ColorMade),
}

/// The puzzle of a picture, repaired as asked.
fn from_picture(args: &Args, path: &std::path::Path, out: &mut Output) -> Result<Status> {
    let mut input = grid_cli::Input::open(path)?;
    let name = input.name.clone();
    let bytes = input.read_bytes(MAX_PICTURE_BYTES, "a picture")?;
    let mut picture =
        Picture::read(&bytes).map_err(|e| Error::input(format!("--from {name}: {e}")))?;
    if args.invert {
        picture = picture.inverted();
    }
    let (w, h) = picture.size_for(
        args.from_width.map(|w| w as usize),
        args.from_height.map(|h| h as usize),
    );
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(Error::usage(format!(
            "--from {name}: a puzzle of {w}x{h} cells is too large (at most {MAX_SIDE} on a \
             side); choose a smaller --width"
        )));
    }
    let cells = Grid::from_vec(w, h, picture.mostly_ink(w, h)).expect("the size matches");
    let how = match args.repair.unwrap_or(RepairArg::Pixels) {
        RepairArg::Pixels => Repair::Pixels,
        RepairArg::Givens => Repair::Givens,
        RepairArg::None => Repair::None,
    };
    let ceiling = args.difficulty.method();
    let meta = |method: Method| {
        json!({
            "generator": "nonogen",
            "source": name,
            "difficulty": method.name(),
        })
    };
    let mut repaired = repair(&cells, ceiling, how);
    let defaulted = args.repair.is_none();
    if defaulted && matches!(&repaired, Err(Unrepaired { wandered: true, .. })) {
        // Flips that do not settle a picture wander off it; givens keep the picture exact
        // and always settle it, so they are the default's fallback (`--repair pixels`, asked
        // for, keeps to pixels), where the output can show them.
        if args.to != To::Json {
            return Err(Error::input(format!(
                "--from {name}: flipping pixels did not settle its puzzle, and a .{} file \
                 cannot show the givens that would; use --to json",
                name_of(args.to)
            )));
        }
        say(format_args!(
            "nonogen: {name}: flipping pixels did not settle its puzzle; showing givens instead"
        ));
        repaired = repair(&cells, ceiling, Repair::Givens);
    }
    match repaired {
        Ok(made) => {
            if let Some(note) = repair_note(&made) {
                say(format_args!("nonogen: {name}: {note}"));
            }
            write_made(args, out, &made, meta(made.method), made.repair_value())?;
            Ok(Status::Ok)
        }
        Err(Unrepaired { report, wandered }) => {
            let why = match (report.status, wandered) {
                (_, true) => "flipping pixels did not settle it; try --repair givens".into(),
                (grid_nonogram::Status::Multiple, _) => {
                    "its puzzle has more than one solution (two are in the document)".into()
                }
                _ => format!(
                    "its puzzle needs {}, more than --difficulty {}",
                    report.method.name(),
                    ceiling.name()
                ),
            };
            // A .non or XML file would pass for a puzzle; only a document can say it is not.
            if args.to == To::Json {
                let mut doc = Made::as_drawn(cells, report.method).to_document();
                doc.set_value("meta", meta(report.method));
                report.write_into(&mut doc, Answer::default());
                out.document(&doc, args.pretty.pretty)?;
            }
            say(format_args!(
                "nonogen: {name}: not a puzzle as it is: {why}{}",
                if args.to == To::Json {
                    ""
                } else {
                    "; nothing written"
                }
            ));
            Ok(Status::NoAnswer)
        }
    }
}

/// What a repair did, in a line.
fn repair_note(made: &Made) -> Option<String> {
    let w = made.picture.width();
    let (count, what, cells) = match (made.givens.len(), made.flips.len()) {
        (0, 0) => return None,
        (0, n) => (
            n,
            if n == 1 {
                "pixel flipped"
            } else {
                "pixels flipped"
            },
            &made.flips,
        ),
        (n, _) => (
            n,
            if n == 1 {
                "given added"
            } else {
                "givens added"
            },
            &made.givens,
        ),
    };
    let shown: Vec<String> = cells
        .iter()
        .take(5)
        // Counted from 1, as puzzle books and nonosolve --explain count them.
        .map(|&i| format!("row {} column {}", i / w + 1, i % w + 1))
        .collect();
    let more = if count > 5 {
        format!(" and {} more", count - 5)
    } else {
        String::new()
    };
    Some(format!(
        "{count} {what} so that the puzzle has one solution, reached by {}: {}{more}",
        match made.method {
            Method::Line => "line logic",
            Method::Probing => "probing",
            Method::Search => "search",
        },
        shown.join(", ")
    ))
}

/// The largest picture file read.
const MAX_PICTURE_BYTES: u64 = 1 << 30;

/// Writes one colour puzzle: a document, or webpbn XML with the solution as goal.
fn write_color_made(args: &Args, out: &mut Output, made: &ColorMade, meta: Value) -> Result<()> {
    if args.to == To::Xml {
        let about = About {
            title: None,
            author: Some("nonogen (gridkit)"),
            copyright: None,
            solution: None,
        };
        let words = Default::default();
        let text = write::color_xml(&made.puzzle, &about, &words, Some(&made.picture));
        return out.text(&text);
    }
    let mut doc = made.to_document();
    doc.set_value("meta", meta);
    out.document(&doc, args.pretty.pretty)
}

/// Writes one puzzle in the format asked.
fn write_made(
    args: &Args,
    out: &mut Output,
    made: &Made,
    meta: Value,
    repaired: Option<Value>,
) -> Result<()> {
    if args.to != To::Json {
        if !made.givens.is_empty() {
            return Err(Error::usage(format!(
                "--to {}: the file cannot show givens; use --repair pixels",
                name_of(args.to)
            )));
        }
        let about = About {
            title: None,
            author: Some("nonogen (gridkit)"),
            copyright: None,
            solution: Some(&made.picture),
        };
        let text = match args.to {
            To::Non => write::non(&made.puzzle, &about),
            _ => write::xml(&made.puzzle, &about),
        };
        return out.text(&text);
    }
    let mut doc: Document = made.to_document();
    doc.set_value("meta", meta);
    if let Some(r) = repaired {
        doc.set_value("repair", r);
    }
    out.document(&doc, args.pretty.pretty)
}
