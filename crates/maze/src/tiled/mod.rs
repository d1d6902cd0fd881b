//! Mazes on hexagons, triangles, octagons and rings: the requests `mazegen --tiling` makes,
//! the generators and solvers written once over [`Topology`], and the documents they write
//! (docs/format.md, "Other tilings").
//!
//! The square grid keeps its own fast paths ([`crate::CellMaze`] and the generators beside
//! it); everything here is compiled once for each other tiling.

mod crossings;
mod generate;
mod graph;
mod solve;

pub use crossings::{Crossings, crossings, solver_works};
pub use generate::{carve_on, refusal, supports};
pub use graph::{distances, farthest_from, pieces};
pub use solve::{solve_on, solve_tiled};

use crate::{Algorithm, Endpoints, Mask};
use generate::Carving;
use grid_core::tiling::{
    AnyMaze, Cell, Cube, Hex, HexWrap, Levels, MAX_CELLS, Octagon, Polar, TiledMaze, Tiling,
    Topology, Triangle, Wrap, Wrapped,
};
use grid_core::{Document, Kind, Pos, Rng};
use serde_json::{Value, json};
use std::io::Write;
use std::sync::Arc;

/// Runs `$body` with `$maze` bound to a fresh maze (every wall standing, shaped by `$mask`)
/// of `$size` on `$tiling`: the body is compiled once for each tiling.
macro_rules! with_new_maze {
    ($tiling:expr, $size:expr, $mask:expr, $maze:ident => $body:expr) => {{
        let mask: &Option<Arc<Mask>> = $mask;
        let keep = |c: Cell| mask.as_ref().is_none_or(|m| m.contains(c as usize));
        match ($tiling, $size) {
            (Tiling::Hex, TiledSize::Rect { width, height }) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(Hex::new(width, height), keep);
                $body
            }
            (Tiling::Triangle, TiledSize::Rect { width, height }) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(Triangle::new(width, height), keep);
                $body
            }
            (Tiling::Octagon, TiledSize::Rect { width, height }) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(Octagon::new(width, height), keep);
                $body
            }
            (Tiling::Polar, TiledSize::Rings(n)) => {
                let polar = Polar::new(Polar::rings_for(n)).expect("the book's rings are valid");
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::new(polar);
                $body
            }
            (
                Tiling::Levels,
                TiledSize::Levels {
                    width,
                    height,
                    levels,
                },
            ) => {
                // One mask shapes every level alike.
                let floor = width * height;
                let keep = |c: Cell| mask.as_ref().is_none_or(|m| m.contains(c as usize % floor));
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(Levels::new(width, height, levels), keep);
                $body
            }
            (
                Tiling::Wrapped,
                TiledSize::Wrapped {
                    width,
                    height,
                    wrap,
                },
            ) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(Wrapped::new(width, height, wrap), keep);
                $body
            }
            (
                Tiling::Hex,
                TiledSize::Wrapped {
                    width,
                    height,
                    wrap,
                },
            ) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::shaped(HexWrap::new(width, height, wrap), keep);
                $body
            }
            (Tiling::Cube, TiledSize::Cube(n)) => {
                #[allow(unused_mut)]
                let mut $maze = TiledMaze::new(Cube::new(n));
                $body
            }
            _ => unreachable!("requests pair each tiling with its size"),
        }
    }};
}

/// The size of a tiled maze: cells across and down, or rings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TiledSize {
    Rect {
        width: usize,
        height: usize,
    },
    Rings(usize),
    /// `levels` grids of `width` x `height` square cells.
    Levels {
        width: usize,
        height: usize,
        levels: usize,
    },
    /// A rectangle of square cells (or hexagons, on the hex tiling) with edges joined.
    Wrapped {
        width: usize,
        height: usize,
        wrap: Wrap,
    },
    /// A cube of faces this many cells a side.
    Cube(usize),
}

impl TiledSize {
    /// The tiling this size is for, when only one has it.
    pub fn tiling(self) -> Option<Tiling> {
        match self {
            TiledSize::Rect { .. } => None,
            TiledSize::Rings(_) => Some(Tiling::Polar),
            TiledSize::Levels { .. } => Some(Tiling::Levels),
            // Square cells (`wrapped`) or hexagons (`hex`) with edges joined.
            TiledSize::Wrapped { .. } => None,
            TiledSize::Cube(_) => Some(Tiling::Cube),
        }
    }

    /// The width of the rectangle a mask covers, and the rows of the document.
    fn rows_and_width(self) -> (usize, usize) {
        match self {
            TiledSize::Rect { width, height } | TiledSize::Wrapped { width, height, .. } => {
                (height, width)
            }
            TiledSize::Levels {
                width,
                height,
                levels,
            } => (height * levels, width),
            TiledSize::Cube(n) => (6 * n, n),
            TiledSize::Rings(_) => unreachable!("rings have no rectangle"),
        }
    }
}

/// Why a mask cannot shape a maze of another tiling.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TiledMaskError {
    /// The tiling is not one rectangle of cells.
    #[error(
        "{0:#} maze cannot take a mask (a mask is one rectangle of cells); hex, triangle, \
         octagon, levels and wrapped mazes can"
    )]
    NotTaken(Tiling),
    /// The mask and the maze differ in size: `(width, height)` each.
    #[error("the mask is {}x{} cells, the maze {}x{}", .mask.0, .mask.1, .maze.0, .maze.1)]
    Size {
        mask: (usize, usize),
        maze: (usize, usize),
    },
    #[error("the mask has no cell in it")]
    Empty,
    /// The algorithm walks the whole box (binary tree, sidewinder, recursive division on
    /// levels): `works` names those that take any shape.
    #[error(
        "{algorithm} works on the whole box only, not on a mask; these work on any shape: {works}"
    )]
    Algorithm { algorithm: Algorithm, works: String },
    /// The mask's cells fall apart into `count` pieces as this tiling joins cells; `firsts`
    /// holds the first cell `(row, col)` of each of the first few.
    #[error(
        "the mask's cells are in {count} separate pieces on the {tiling} tiling, which no maze \
         can join: {}",
        crate::mask::name_pieces(.firsts, *.count)
    )]
    Pieces {
        tiling: Tiling,
        count: usize,
        firsts: Vec<(usize, usize)>,
    },
}

/// Why a tiled maze cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TiledError {
    #[error(
        "{algorithm} does not work on the {tiling} tiling{}; these do: {works}",
        .why.map(|why| format!(" ({why})")).unwrap_or_default()
    )]
    Algorithm {
        algorithm: Algorithm,
        tiling: Tiling,
        /// Why, where the reason fits in a line.
        why: Option<&'static str>,
        works: String,
    },
    #[error("a maze is at least 1 cell wide and high (1 ring), not {0}")]
    Empty(String),
    #[error("{tiling:#} maze of {size} has more than {MAX_CELLS} cells")]
    TooLarge { tiling: Tiling, size: String },
    #[error(
        "{tiling:#} maze of {cells} cells is too large to trace: a trace is kept for at most \
         {} cells",
        crate::MAX_TRACED_CELLS
    )]
    TooLargeToTrace { tiling: Tiling, cells: usize },
    #[error("the {which} {},{} is not a cell of the maze ({})", .cell.0, .cell.1, .why)]
    Outside {
        which: &'static str,
        cell: (usize, usize),
        why: String,
    },
    #[error(transparent)]
    Mask(#[from] TiledMaskError),
    /// A wrapped maze too narrow across a joined edge, with the reason.
    #[error("{0}")]
    Wrap(String),
    /// A triangle maze one cell wide: its triangles join only in pairs.
    #[error(
        "a triangle maze 1 cell wide and {0} high falls apart (its triangles join only in \
         pairs): make it at least 2 wide"
    )]
    Apart(usize),
}

/// What to generate on a tiling: everything but the seed.
#[derive(Debug, Clone)]
pub struct TiledRequest {
    pub algorithm: Algorithm,
    tiling: Tiling,
    size: TiledSize,
    /// The share of dead ends to remove (0 to 1).
    pub braid: f64,
    trace: bool,
    start: Option<(usize, usize)>,
    goal: Option<(usize, usize)>,
    endpoints: Endpoints,
    mask: Option<Arc<Mask>>,
}

impl TiledRequest {
    /// A request for a maze of `size` on `tiling` (not square) with `algorithm`, checked
    /// before any memory is taken.
    pub fn new(
        algorithm: Algorithm,
        tiling: Tiling,
        size: TiledSize,
        start: Option<(usize, usize)>,
        goal: Option<(usize, usize)>,
    ) -> Result<TiledRequest, TiledError> {
        assert!(
            tiling != Tiling::Square,
            "square mazes have their own request"
        );
        if !supports(algorithm, tiling) {
            let works = Algorithm::names_where(|a| supports(a, tiling));
            return Err(TiledError::Algorithm {
                algorithm,
                tiling,
                why: generate::refusal(algorithm, tiling),
                works,
            });
        }
        let hex_wrap = matches!(size, TiledSize::Wrapped { .. }) && tiling == Tiling::Hex;
        assert!(
            size.tiling().is_none_or(|t| t == tiling),
            "a request pairs each tiling with its size"
        );
        let cells = match size {
            TiledSize::Rect { width, height } | TiledSize::Wrapped { width, height, .. }
                if width == 0 || height == 0 =>
            {
                return Err(TiledError::Empty(format!("{width}x{height}")));
            }
            TiledSize::Levels {
                width,
                height,
                levels,
            } if width == 0 || height == 0 || levels == 0 => {
                return Err(TiledError::Empty(format!(
                    "{levels} levels of {width}x{height}"
                )));
            }
            TiledSize::Rings(0) => return Err(TiledError::Empty("0 rings".into())),
            TiledSize::Cube(0) => return Err(TiledError::Empty("a cube of 0x0 faces".into())),
            TiledSize::Rect { width, height } | TiledSize::Wrapped { width, height, .. } => {
                width.checked_mul(height)
            }
            TiledSize::Levels {
                width,
                height,
                levels,
            } => width
                .checked_mul(height)
                .and_then(|n| n.checked_mul(levels)),
            TiledSize::Rings(n) => Polar::cells_for(n),
            TiledSize::Cube(n) => n.checked_mul(n).and_then(|n| n.checked_mul(6)),
        };
        if let TiledSize::Wrapped {
            width,
            height,
            wrap,
        } = size
            && let Some(why) = if hex_wrap {
                HexWrap::refusal(width, height, wrap)
            } else {
                Wrapped::too_narrow(width, height, wrap)
            }
        {
            return Err(TiledError::Wrap(why));
        }
        if let (Tiling::Triangle, TiledSize::Rect { width: 1, height }) = (tiling, size)
            && height > 2
        {
            return Err(TiledError::Apart(height));
        }
        if cells.is_none_or(|c| c > MAX_CELLS) {
            return Err(TiledError::TooLarge {
                tiling,
                size: describe(size),
            });
        }
        let request = TiledRequest {
            algorithm,
            tiling,
            size,
            braid: 0.0,
            trace: false,
            start,
            goal,
            endpoints: Endpoints::Corners,
            mask: None,
        };
        for (which, cell) in [("start", start), ("goal", goal)] {
            if let Some(cell) = cell {
                request.check_cell(which, cell)?;
            }
        }
        Ok(request)
    }

    /// Whether `cell` is a cell of the maze asked for.
    fn check_cell(&self, which: &'static str, cell: (usize, usize)) -> Result<(), TiledError> {
        let outside = |why: String| TiledError::Outside { which, cell, why };
        match self.size {
            TiledSize::Rect { .. }
            | TiledSize::Wrapped { .. }
            | TiledSize::Levels { .. }
            | TiledSize::Cube(_) => {
                let (height, width) = self.size.rows_and_width();
                let floor = match self.size {
                    TiledSize::Levels { width, height, .. } => width * height,
                    _ => usize::MAX,
                };
                if cell.0 >= height || cell.1 >= width {
                    return Err(outside(format!(
                        "rows 0 to {}, columns 0 to {}",
                        height - 1,
                        width - 1
                    )));
                }
                if let Some(mask) = &self.mask
                    && !mask.contains((cell.0 * width + cell.1) % floor)
                {
                    return Err(outside("the mask leaves it out".into()));
                }
            }
            TiledSize::Rings(n) => {
                if cell.0 >= n {
                    return Err(outside(format!("rings 0 to {}", n - 1)));
                }
                let ring = Polar::rings_for(cell.0 + 1)[cell.0];
                if cell.1 >= ring {
                    return Err(outside(format!(
                        "ring {} has cells 0 to {}",
                        cell.0,
                        ring - 1
                    )));
                }
            }
        }
        Ok(())
    }

    /// Shapes the maze by a mask of its size, whose cells must be in one piece on this
    /// tiling (hex, triangle and octagon mazes only).
    pub fn with_mask(mut self, mask: Arc<Mask>) -> Result<TiledRequest, TiledError> {
        let (width, height) = match self.size {
            TiledSize::Rect { width, height }
            | TiledSize::Wrapped { width, height, .. }
            | TiledSize::Levels { width, height, .. } => (width, height),
            TiledSize::Rings(_) | TiledSize::Cube(_) => {
                return Err(TiledMaskError::NotTaken(self.tiling).into());
            }
        };
        if !self.algorithm.supports_masks() {
            let works = Algorithm::names_where(|a| a.supports_masks() && supports(a, self.tiling));
            return Err(TiledMaskError::Algorithm {
                algorithm: self.algorithm,
                works,
            }
            .into());
        }
        if (mask.width(), mask.height()) != (width, height) {
            return Err(TiledMaskError::Size {
                mask: (mask.width(), mask.height()),
                maze: (width, height),
            }
            .into());
        }
        let shared = Some(Arc::clone(&mask));
        let (label, count) = with_new_maze!(self.tiling, self.size, &shared, m => pieces(&m));
        match count {
            0 => return Err(TiledMaskError::Empty.into()),
            1 => {}
            n => {
                // Labels are given in reading order, so a piece's first cell is where its
                // label first appears.
                let firsts: Vec<(usize, usize)> = (0..n.min(crate::mask::PIECES_NAMED) as u32)
                    .filter_map(|piece| label.iter().position(|&l| l == piece))
                    .map(|cell| (cell / width, cell % width))
                    .collect();
                return Err(TiledMaskError::Pieces {
                    tiling: self.tiling,
                    count: n,
                    firsts,
                }
                .into());
            }
        }
        self.mask = Some(mask);
        for (which, cell) in [("start", self.start), ("goal", self.goal)] {
            if let Some(cell) = cell {
                self.check_cell(which, cell)?;
            }
        }
        Ok(self)
    }

    /// The largest piece of `mask` as cells of this tiling join them (for --largest-piece).
    pub fn largest_piece(&self, mask: &Mask) -> Mask {
        let size = self.size;
        let shared = Some(Arc::new(mask.clone()));
        let keep = with_new_maze!(self.tiling, size, &shared, m => {
            let (label, count) = pieces(&m);
            let mut sizes = vec![0usize; count];
            for &l in label.iter().filter(|&&l| l != u32::MAX) {
                sizes[l as usize] += 1;
            }
            let best = (0..count).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i)));
            label
                .iter()
                .map(|&l| best.is_some_and(|b| l == b as u32))
                .collect::<Vec<bool>>()
        });
        Mask::from_fn(mask.width(), mask.height(), |r, c| {
            keep[r * mask.width() + c]
        })
    }

    pub fn with_endpoints(mut self, how: Endpoints) -> TiledRequest {
        self.endpoints = how;
        self
    }

    /// Asks for the carving order too, when the maze is small enough.
    pub fn traced(mut self) -> Result<TiledRequest, TiledError> {
        let cells = match self.size {
            TiledSize::Rings(n) => Polar::cells_for(n).unwrap_or(usize::MAX),
            size => {
                let (rows, width) = size.rows_and_width();
                rows * width
            }
        };
        if cells > crate::MAX_TRACED_CELLS {
            return Err(TiledError::TooLargeToTrace {
                tiling: self.tiling,
                cells,
            });
        }
        self.trace = true;
        Ok(self)
    }

    /// The maze this request makes from `seed`.
    pub fn make(&self, seed: u64) -> TiledGenerated {
        let mut rng = Rng::seeded(seed);
        // Wrapped edges make the corners neighbours, so the default ends go far apart.
        let wrapped = matches!(self.size, TiledSize::Wrapped { .. });
        let (maze, trace, ends) = with_new_maze!(self.tiling, self.size, &self.mask, maze => {
            let mut carving = Carving::new(&mut maze, self.trace);
            generate::carve(self.algorithm, &mut carving, &mut rng);
            let trace = carving.trace.take();
            generate::braid(&mut maze, self.braid, &mut rng);
            let t = maze.topology();
            let trace = trace.map(|t_| t_.into_iter().map(|c| t.position(c)).collect());
            // Drawn after the maze, from the same stream: the maze of a seed stays the same.
            // (Corners draw nothing from it.)
            let (a, b) = match self.endpoints {
                Endpoints::Corners if wrapped => {
                    let given = |cell: Option<(usize, usize)>| {
                        cell.and_then(|(r, c)| t.cell(Pos::new(r, c)))
                    };
                    graph::apart(&maze, given(self.start), given(self.goal))
                }
                how => graph::place(&maze, how, &mut rng),
            };
            let ends = (t.position(a), t.position(b));
            (maze.into_any(), trace, ends)
        });
        let pos = |cell: Option<(usize, usize)>, or: Pos| cell.map_or(or, |(r, c)| Pos::new(r, c));
        let (start, goal) = match self.endpoints {
            Endpoints::Corners => (pos(self.start, ends.0), pos(self.goal, ends.1)),
            _ => ends,
        };
        TiledGenerated {
            maze,
            trace,
            start,
            goal,
            seed,
            request: self.clone(),
        }
    }
}

fn describe(size: TiledSize) -> String {
    match size {
        TiledSize::Rect { width, height } | TiledSize::Wrapped { width, height, .. } => {
            format!("{width}x{height} cells")
        }
        TiledSize::Levels {
            width,
            height,
            levels,
        } => format!("{levels} levels of {width}x{height} cells"),
        TiledSize::Rings(n) => format!("{n} rings"),
        TiledSize::Cube(n) => format!("six faces of {n}x{n} cells"),
    }
}

/// A tiled maze in the common enum.
trait IntoAny {
    fn into_any(self) -> AnyMaze;
}

macro_rules! into_any_impl {
    ($t:ty, $v:ident) => {
        impl IntoAny for TiledMaze<$t> {
            fn into_any(self) -> AnyMaze {
                AnyMaze::$v(self)
            }
        }
    };
}
into_any_impl!(Hex, Hex);
into_any_impl!(Triangle, Triangle);
into_any_impl!(Octagon, Octagon);
into_any_impl!(Polar, Polar);
into_any_impl!(Levels, Levels);
into_any_impl!(Wrapped, Wrapped);
into_any_impl!(HexWrap, HexWrap);
into_any_impl!(Cube, Cube);

/// A maze made from a [`TiledRequest`] and a seed.
#[derive(Debug)]
pub struct TiledGenerated {
    pub maze: AnyMaze,
    pub trace: Option<Vec<Pos>>,
    pub start: Pos,
    pub goal: Pos,
    seed: u64,
    request: TiledRequest,
}

impl TiledGenerated {
    /// The document's fields, `cells` a placeholder for [`TiledGenerated::write`].
    fn header(&self, rows: bool) -> Document {
        let r = &self.request;
        let mut doc = Document::new(Kind::Maze);
        grid_core::tiling::write_shape(&self.maze, &mut doc, rows);
        doc.set("start", self.start);
        doc.set("goal", self.goal);
        if let Some(trace) = &self.trace {
            doc.set("trace", trace);
        }
        let mut meta = json!({
            "generator": "mazegen",
            "algorithm": r.algorithm.name(),
            "seed": self.seed,
        });
        if r.braid > 0.0 {
            meta["braid"] = json!(r.braid);
        }
        if r.endpoints != Endpoints::Corners {
            meta["endpoints"] = json!(grid_core::choice::Named::name(r.endpoints));
        }
        doc.set_value("meta", meta);
        doc
    }

    /// The whole document, built in memory.
    pub fn document(&self) -> Document {
        self.header(true)
    }

    /// The steps of the shortest path from start to goal.
    pub fn solution_length(&self) -> usize {
        grid_core::on_tiled_maze!(&self.maze, m => {
            let t = m.topology();
            let (a, b) = (t.cell(self.start), t.cell(self.goal));
            match (a, b) {
                (Some(a), Some(b)) => distances(m, a)[b as usize] as usize,
                _ => 0,
            }
        })
    }

    /// Writes the document and its newline; compact output streams the rows of cells
    /// straight from the maze.
    pub fn write(&self, out: &mut impl Write, pretty: bool) -> grid_core::Result<()> {
        if pretty {
            return self.document().write_to(out, true);
        }
        let mut header = self.header(false);
        let lists: Vec<(&str, &[Pos])> = self
            .trace
            .as_deref()
            .map(|t| ("trace", t))
            .into_iter()
            .collect();
        if self.trace.is_some() {
            header.set_value("trace", Value::Null);
        }
        header.write_rows_streaming(out, "cells", self.maze.rows(), &lists)
    }
}
