//! mazegen: writes perfect mazes as grid documents (docs/format.md, kind "maze").

use clap::Parser;
use grid_cli::args::{PrettyArg, SeedArg, named};
use grid_cli::run::GenerateArg;
use grid_cli::{Error, Output, Progress, Result, Status};
use grid_core::tiling::{Tiling, Wrap};
use grid_maze::tiled::{TiledError, TiledMaskError, TiledRequest, TiledSize};
use grid_maze::{
    Algorithm, Endpoints, Mask, MaskError, Picture, Request, RequestError, Shape, ShapeError,
};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

const EXAMPLES: &str = "\
Examples:
  mazegen 25                              a 25x25 Hunt-and-Kill maze
  mazegen --algo wilson --seed 7 40 20    40 cells wide, 20 high, reproducible
  mazegen --count 100 --seed 1 30 > mazes.jsonl
  mazegen --braid 0.5 20 | mazesolve --algo right-hand
  mazegen --trace 15 | gridrender --animate
  mazegen --endpoints farthest 30           start and goal at the ends of the longest path
  mazegen --count 100 --pick-hardest 5 --seed 1 20   the 5 of 100 with the longest solution
  mazegen --mask heart.png 60             a maze 60 cells wide in the shape of a picture
  mazegen --weave 0.5 --algo kruskal 20   passages crossing over and under each other
  mazegen --tiling hex 30 20              hexagons, 30 columns of 20
  mazegen --tiling polar 12 | mazesolve | gridrender -o rings.png   12 rings round a centre
  mazegen --levels 3 10 8                 three 10x8 floors joined by stairs
  mazegen --wrap xy 30 20 | mazesolve     a torus: every edge leads round to the other side
  mazegen --tiling hex --wrap x 30 20     hexagons round a cylinder (an even number of columns)
  mazegen --tiling cube 8 | mazesolve --stats   the six 8x8 faces of a cube";

/// Generate perfect mazes (spanning trees of a grid of cells) as JSON Lines grid documents.
#[derive(Debug, Parser)]
#[command(name = "mazegen", version, after_help = EXAMPLES, allow_negative_numbers = true)]
struct Args {
    /// Generation algorithm.
    #[arg(long, short, default_value = "hunt-kill", value_parser = named::<Algorithm>())]
    algo: Algorithm,

    /// The shape of the cells: square, hex, triangle, octagon, polar (WIDTH is then the
    /// number of rings), or cube (WIDTH is then the cells along a face's side). levels and
    /// wrapped are chosen by --levels and --wrap.
    #[arg(long, default_value = "square", value_parser = named::<Tiling>())]
    tiling: Tiling,

    /// Stack L square grids of WIDTH x HEIGHT, with stairs between each cell and the one
    /// above and below it.
    #[arg(long, value_name = "L")]
    levels: Option<usize>,

    /// Join the edges of a square or hex maze: x (left to right), y (top to bottom), xy (a
    /// torus), or mobius (left to right with a half twist: row r meets row HEIGHT-1-r).
    /// Hexagons wrap left to right with an even number of columns, with a half twist with
    /// an odd one.
    #[arg(long, value_parser = named::<Wrap>())]
    wrap: Option<Wrap>,

    #[command(flatten)]
    seed: SeedArg,

    /// Number of mazes to write (default 1); maze i gets seed SEED+i, so each can be made
    /// again alone.
    #[arg(long, value_name = "K", value_parser = grid_cli::args::at_least(1, "mazes"))]
    count: Option<u64>,

    /// Fraction of dead ends to remove (0 to 1), which adds loops.
    #[arg(long, default_value_t = 0.0, value_name = "P", value_parser = grid_cli::args::fraction)]
    braid: f64,

    /// The maze's shape from a picture: light pixels are cells, dark and transparent ones
    /// outside ("Mazes for Programmers" reads masks so; --invert reads them the other way).
    /// A text file ('.' or space a cell, '#' or 'X' outside), a PBM (a set pixel is outside)
    /// or a PNG. WIDTH and HEIGHT scale it; without them, a cell a pixel.
    #[arg(long, value_name = "FILE")]
    mask: Option<PathBuf>,

    /// With --mask: the other reading of the picture, dark pixels ('#' or 'X', a set PBM
    /// pixel) as cells and light ones outside, for a shape drawn dark on light.
    #[arg(long)]
    invert: bool,

    /// With --mask: keep the largest piece of a mask whose cells fall apart.
    #[arg(long, requires = "mask")]
    largest_piece: bool,

    /// Let passages cross over and under each other (weave): the share of steps, or of
    /// cells with kruskal, that try a crossing (0 to 1).
    #[arg(long, default_value_t = 0.0, value_name = "P", value_parser = grid_cli::args::fraction)]
    weave: f64,

    /// Record the carving order in `trace`, for animation.
    #[arg(long)]
    trace: bool,

    /// Where start and goal go when not given.
    #[arg(long, default_value = "corners", value_parser = named::<Endpoints>(),
          conflicts_with_all = ["start", "goal"])]
    endpoints: Endpoints,

    /// Of the --count mazes made, write only the K with the longest solution (in seed order;
    /// each keeps its own seed in meta.seed); K is fewer than --count.
    #[arg(long, value_name = "K", value_parser = grid_cli::args::at_least(1, "mazes"))]
    pick_hardest: Option<u64>,

    /// Start cell as ROW,COL (default: top-left; on wrapped edges, as --endpoints farthest
    /// places it, or the cell farthest from --goal through the maze).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, allow_hyphen_values = true)]
    start: Option<(usize, usize)>,

    /// Goal cell as ROW,COL (default: bottom-right; on wrapped edges, as --endpoints farthest
    /// places it, or the cell farthest from --start through the maze).
    #[arg(long, value_name = "ROW,COL", value_parser = parse_cell, allow_hyphen_values = true)]
    goal: Option<(usize, usize)>,

    #[command(flatten)]
    pretty: PrettyArg,

    #[command(flatten)]
    generate: GenerateArg,

    /// Width in cells (with --mask, the width the picture is scaled to).
    #[arg(value_parser = parse_size, required_unless_present = "mask")]
    width: Option<usize>,

    /// Height in cells (default: the width, or with --mask the picture's proportions).
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

fn parse_cell(s: &str) -> Result<(usize, usize), String> {
    let numbers = s
        .split_once(',')
        .and_then(|(r, c)| Some((r.trim().parse::<i64>().ok()?, c.trim().parse::<i64>().ok()?)));
    match numbers {
        Some((r, c)) if r < 0 || c < 0 => Err(format!(
            "rows and columns count from 0 (0,0 is the top-left cell), so {r},{c} is outside \
             every maze"
        )),
        Some((r, c)) => Ok((r as usize, c as usize)),
        None => Err("expected ROW,COL with whole numbers, such as 0,0".into()),
    }
}

fn main() -> ExitCode {
    grid_cli::run::main("mazegen", run)
}

fn run(args: Args) -> Result<Status> {
    check_pick_hardest(&args)?;
    for (given, flag) in [
        (args.invert, "--invert"),
        (args.largest_piece, "--largest-piece"),
    ] {
        if given && args.mask.is_none() {
            return Err(Error::usage(format!(
                "{flag} needs --mask: it reads the mask's picture"
            )));
        }
    }
    if args.tiling != Tiling::Square || args.levels.is_some() || args.wrap.is_some() {
        return run_tiled(args);
    }
    let (mask, mask_name) = match args.mask.as_deref() {
        Some(path) => {
            let (mask, name) = read_mask(path, &args)?;
            (Some(mask), name)
        }
        None => (None, String::new()),
    };
    let size = match &mask {
        Some(mask) => (mask.width(), mask.height()),
        None => {
            let width = args.width.expect("clap requires a width without --mask");
            (width, args.height.unwrap_or(width))
        }
    };
    let shape = Shape {
        mask: mask.map(Arc::new),
        weave: args.weave,
    };
    let mut request = Request::new(args.algo, size, args.start, args.goal)
        .and_then(|r| r.with_shape(shape))
        .map_err(|e| match e {
            // The mask's own fault (in pieces, or empty) is the file's, named as such.
            RequestError::Shape(ShapeError::Mask(e @ MaskError::Pieces { .. })) => Error::input(
                format!("--mask {mask_name}: {e} (keep only the largest with --largest-piece)"),
            ),
            RequestError::Shape(ShapeError::Mask(e)) => {
                Error::input(format!("--mask {mask_name}: {e}"))
            }
            e => Error::usage(flag_message(e)),
        })?
        .with_endpoints(args.endpoints);
    request.braid = args.braid;
    if args.trace {
        request = request.traced().map_err(|e| Error::usage(e.to_string()))?;
    }
    let seeds = seeds_of(&args, |seed| request.make(seed).solution_length());
    write_all(&seeds, args.pretty.pretty, |seed, out, pretty| {
        request.make(seed).write(out, pretty)
    })
}

/// `--pick-hardest K` picks among the `--count N` mazes made, so it needs N, and K below it:
/// picking all of them, or more, would do nothing.
fn check_pick_hardest(args: &Args) -> Result<()> {
    match (args.pick_hardest, args.count) {
        (Some(_), None) => Err(Error::usage(
            "--pick-hardest K needs --count N: it keeps the K hardest of the N mazes made",
        )),
        (Some(k), Some(n)) if k >= n => Err(Error::usage(format!(
            "--pick-hardest {k} keeps every one of the {n} mazes --count makes: ask for fewer \
             than {n}, or make more"
        ))),
        _ => Ok(()),
    }
}

/// The seeds `--count` and `--pick-hardest` ask for, `length` measuring a maze's solution.
fn seeds_of(args: &Args, length: impl Fn(u64) -> usize) -> Vec<u64> {
    let first_seed = args.seed.or_fresh();
    let count = args.count.unwrap_or(1);
    match args.pick_hardest {
        Some(k) => hardest(first_seed, count, k, length),
        None => (0..count).map(|i| first_seed.wrapping_add(i)).collect(),
    }
}

/// Writes the maze of each seed, one document a line, as each is made.
fn write_all(
    seeds: &[u64],
    pretty: bool,
    write: impl Fn(u64, &mut Output, bool) -> grid_core::Result<()>,
) -> Result<Status> {
    let progress = Progress::new("mazegen", seeds.len() as u64);
    let mut out = Output::stdout();
    for (i, &seed) in seeds.iter().enumerate() {
        write(seed, &mut out, pretty)?;
        out.answered()?;
        progress.tick(i as u64 + 1);
    }
    out.finish()?;
    Ok(Status::Ok)
}

/// `mazegen --tiling hex|triangle|octagon|polar`.
fn run_tiled(args: Args) -> Result<Status> {
    if args.weave > 0.0 {
        let what = match (args.levels, args.wrap) {
            (Some(_), _) => "levels".to_string(),
            (_, Some(wrap)) => format!("--wrap {wrap}"),
            _ => args.tiling.to_string(),
        };
        return Err(Error::usage(format!(
            "--weave works on the square tiling only, not on {what}"
        )));
    }
    let tiling = beyond_the_plane(&args)?;
    let size = match (tiling, args.width, args.height) {
        (Tiling::Cube, _, Some(_)) => {
            return Err(Error::usage(
                "a cube maze takes one size, the cells along a face's side (mazegen --tiling \
                 cube 8)",
            ));
        }
        (Tiling::Cube, Some(n), None) => TiledSize::Cube(n),
        (Tiling::Cube, None, None) => {
            return Err(Error::usage(
                "--mask works on one rectangle of cells, and a cube has six faces",
            ));
        }
        (Tiling::Polar, _, Some(_)) => {
            return Err(Error::usage(
                "a polar maze takes one size, its number of rings (mazegen --tiling polar 12)",
            ));
        }
        (Tiling::Polar, Some(rings), None) => TiledSize::Rings(rings),
        (Tiling::Polar, None, None) => {
            return Err(Error::usage(
                "--mask works on hex, triangle and octagon mazes, not polar",
            ));
        }
        _ => TiledSize::Rect {
            width: 0,
            height: 0,
        },
    };
    let (mask, mask_name) = match args.mask.as_deref() {
        Some(path) => {
            let (mask, name) = read_mask(path, &args)?;
            (Some(mask), name)
        }
        None => (None, String::new()),
    };
    let size = match (size, &mask) {
        (TiledSize::Rect { .. }, Some(mask)) => TiledSize::Rect {
            width: mask.width(),
            height: mask.height(),
        },
        (TiledSize::Rect { .. }, None) => {
            let width = args.width.expect("clap requires a width without --mask");
            TiledSize::Rect {
                width,
                height: args.height.unwrap_or(width),
            }
        }
        (size, _) => size,
    };
    let size = match (tiling, size) {
        (Tiling::Levels, TiledSize::Rect { width, height }) => TiledSize::Levels {
            width,
            height,
            levels: args.levels.expect("levels are asked for with --levels"),
        },
        (Tiling::Wrapped | Tiling::Hex, TiledSize::Rect { width, height })
            if args.wrap.is_some() =>
        {
            TiledSize::Wrapped {
                width,
                height,
                wrap: args.wrap.expect("wraps are asked for with --wrap"),
            }
        }
        (_, size) => size,
    };
    let usage = |e: TiledError| Error::usage(tiled_flag_message(e));
    let mut request = TiledRequest::new(args.algo, tiling, size, args.start, args.goal)
        .map_err(usage)?
        .with_endpoints(args.endpoints);
    if let Some(mask) = mask {
        let mask = if args.largest_piece {
            request.largest_piece(&mask)
        } else {
            mask
        };
        request = request.with_mask(Arc::new(mask)).map_err(|e| match e {
            TiledError::Mask(m @ TiledMaskError::Pieces { .. }) => Error::input(format!(
                "--mask {mask_name}: {m} (keep only the largest with --largest-piece)"
            )),
            // The algorithm's fault, not the file's.
            e @ TiledError::Mask(TiledMaskError::Algorithm { .. }) => usage(e),
            TiledError::Mask(m) => Error::input(format!("--mask {mask_name}: {m}")),
            e => usage(e),
        })?;
    }
    request.braid = args.braid;
    if args.trace {
        request = request.traced().map_err(usage)?;
    }
    let seeds = seeds_of(&args, |seed| request.make(seed).solution_length());
    write_all(&seeds, args.pretty.pretty, |seed, out, pretty| {
        request.make(seed).write(out, pretty)
    })
}

/// The tiling asked for, --levels and --wrap included: each works on square cells alone, and
/// not with the other.
fn beyond_the_plane(args: &Args) -> Result<Tiling> {
    let tiling = args.tiling;
    match (args.levels, args.wrap) {
        (Some(_), Some(_)) => Err(Error::usage(
            "--levels and --wrap do not combine: choose stacked levels or joined edges",
        )),
        (Some(0), None) => Err(Error::usage("--levels 0: a maze has at least 1 level")),
        (Some(_), None) if tiling == Tiling::Levels => Err(Error::usage(
            "--levels L makes a levels maze: leave --tiling out (mazegen --levels 3 10 8)",
        )),
        (Some(_), None) if tiling != Tiling::Square => Err(Error::usage(format!(
            "--levels stacks square grids, not {tiling} ones"
        ))),
        (Some(_), None) => Ok(Tiling::Levels),
        (None, Some(_)) if tiling == Tiling::Hex => Ok(Tiling::Hex),
        (None, Some(_)) if tiling == Tiling::Wrapped => Err(Error::usage(
            "--wrap makes a wrapped maze: leave --tiling out (mazegen --wrap xy 20)",
        )),
        (None, Some(_)) if tiling == Tiling::Cube => Err(Error::usage(
            "--wrap joins a grid's opposite edges; every edge of a cube's face already meets \
             the next face",
        )),
        (None, Some(_)) if tiling != Tiling::Square => Err(Error::usage(format!(
            "--wrap joins the edges of square and hex mazes only; {tiling:#} maze's edges do \
             not meet cell for cell"
        ))),
        (None, Some(_)) => Ok(Tiling::Wrapped),
        (None, None) if tiling == Tiling::Levels => Err(Error::usage(
            "a levels maze is asked for with --levels L (mazegen --levels 3 10 8)",
        )),
        (None, None) if tiling == Tiling::Wrapped => Err(Error::usage(
            "a wrapped maze is asked for with --wrap x|y|xy|mobius (mazegen --wrap xy 20)",
        )),
        (None, None) => Ok(tiling),
    }
}

/// A tiled request's error as the command line words it.
fn tiled_flag_message(e: TiledError) -> String {
    match e {
        TiledError::Outside {
            which,
            cell: (r, c),
            why,
        } => format!("--{which} {r},{c} is not a cell of the maze ({why})"),
        other => other.to_string(),
    }
}

/// The mask from `path`, scaled to the size asked (its largest piece alone with
/// `--largest-piece`), and the name of the input it came from. Whether it is in one piece is
/// the request's check (`Request::with_shape`).
fn read_mask(path: &std::path::Path, args: &Args) -> Result<(Mask, String)> {
    let mut input = grid_cli::Input::open(path)?;
    let name = input.name.clone();
    let bytes = input.read_bytes(MAX_MASK_BYTES, "a picture")?;
    let mut picture =
        Picture::read(&bytes).map_err(|e| Error::input(format!("--mask {name}: {e}")))?;
    if args.invert {
        picture = picture.inverted();
    }
    let (width, height) = picture.size_for(args.width, args.height);
    let mask = Mask::from_picture(&picture, width, height)
        .map_err(|e| Error::usage(format!("--mask {name}: {e}")))?;
    // Pieces are counted by each tiling's own neighbours: the request of another tiling
    // takes its largest piece itself (`TiledRequest::largest_piece`).
    if !args.largest_piece || args.tiling != Tiling::Square {
        return Ok((mask, name));
    }
    match mask.largest_piece() {
        Ok(piece) => Ok((piece, name)),
        Err(e) => Err(Error::input(format!("--mask {name}: {e}"))),
    }
}

/// The largest mask file read: a PNG of the most pixels a mask may have, stored plainly,
/// is about this size.
const MAX_MASK_BYTES: u64 = 1 << 30;

/// A request's error as the command line words it: a cell outside the maze is the flag that
/// gave it.
fn flag_message(e: RequestError) -> String {
    match e {
        RequestError::Outside {
            which,
            cell: (r, c),
            width,
            height,
        } => format!(
            "--{which} {r},{c} is outside the maze of {width}x{height} cells (rows 0 to {}, \
             columns 0 to {})",
            height - 1,
            width - 1
        ),
        RequestError::LeftOut {
            which,
            cell: (r, c),
        } => {
            format!("--{which} {r},{c} is a cell the mask leaves out")
        }
        other => other.to_string(),
    }
}

/// The seeds of the `k` mazes of `count` whose solution is longest, in seed order (ties go to
/// the earlier seed). Each maze is made again from its seed to be written, so that memory
/// holds one maze at a time.
fn hardest(first_seed: u64, count: u64, k: u64, length: impl Fn(u64) -> usize) -> Vec<u64> {
    let progress = Progress::new("mazegen (measuring)", count);
    let mut lengths: Vec<(usize, u64)> = (0..count)
        .map(|i| {
            let seed = first_seed.wrapping_add(i);
            progress.tick(i + 1);
            (length(seed), i)
        })
        .collect();
    lengths.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut picked: Vec<u64> = lengths.iter().take(k as usize).map(|&(_, i)| i).collect();
    picked.sort_unstable();
    picked
        .into_iter()
        .map(|i| first_seed.wrapping_add(i))
        .collect()
}
