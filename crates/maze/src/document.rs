//! A generated maze as the grid document of docs/format.md: what `mazegen` writes.

use crate::generate::{Shape, ShapeError};
use crate::{Algorithm, CellMaze, braid, generate_shaped};
use grid_core::{Document, Kind, MAX_TILES, Pos, Rng, TraceMode};
use serde_json::{Value, json};
use std::io::Write;

/// The most cells of a traced maze: its trace holds about two positions a cell, 16 bytes each
/// in memory and about 12 in the document, so 2048 x 2048 cells take 134 MB and write 100 MB.
pub const MAX_TRACED_CELLS: usize = 2048 * 2048;

/// What to generate: everything but the seed, checked once for a whole batch.
#[derive(Debug, Clone)]
pub struct Request {
    pub algorithm: Algorithm,
    width: usize,
    height: usize,
    /// The share of dead ends to remove (0 to 1).
    pub braid: f64,
    /// Record the carving order (set by [`Request::traced`], which checks the size).
    trace: bool,
    /// Start and goal as given, checked to be cells of the maze; the corners (the first and
    /// last cells of a mask) when not given.
    start: Option<(usize, usize)>,
    goal: Option<(usize, usize)>,
    /// How start and goal are placed when not given.
    endpoints: crate::Endpoints,
    shape: Shape,
}

/// Why a maze cannot be made as asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RequestError {
    #[error("a maze is at least 1 cell wide and high, not {width}x{height}")]
    Empty { width: usize, height: usize },
    #[error(
        "a {width}x{height} maze is too large: its grid would have more than {MAX_TILES} tiles \
         (the largest square maze is 16383x16383 cells)"
    )]
    TooLarge { width: usize, height: usize },
    /// A carving order asked of a maze too big to keep one in memory and in its document.
    #[error(
        "a {width}x{height} maze is too large to trace: a trace is kept for at most \
         {MAX_TRACED_CELLS} cells (2048x2048)"
    )]
    TooLargeToTrace { width: usize, height: usize },
    /// A start or goal cell outside the maze; `which` is "start" or "goal".
    #[error(
        "the {which} {},{} is outside the maze of {width}x{height} cells (rows 0 to {}, \
         columns 0 to {})", cell.0, cell.1, height - 1, width - 1
    )]
    Outside {
        which: &'static str,
        cell: (usize, usize),
        width: usize,
        height: usize,
    },
    /// A start or goal on a cell the mask leaves out.
    #[error("the {which} {},{} is a cell the mask leaves out", cell.0, cell.1)]
    LeftOut {
        which: &'static str,
        cell: (usize, usize),
    },
    #[error(transparent)]
    Shape(#[from] ShapeError),
    /// A mask whose size is not the maze's.
    #[error("the mask is {mask_width}x{mask_height} cells, the maze {width}x{height}")]
    MaskSize {
        mask_width: usize,
        mask_height: usize,
        width: usize,
        height: usize,
    },
}

impl Request {
    /// A request for `width` x `height` cells, start top-left and goal bottom-right unless
    /// given (as `(row, col)` cells); sizes are checked here, before any memory is taken.
    pub fn new(
        algorithm: Algorithm,
        (width, height): (usize, usize),
        start: Option<(usize, usize)>,
        goal: Option<(usize, usize)>,
    ) -> Result<Request, RequestError> {
        if width == 0 || height == 0 {
            return Err(RequestError::Empty { width, height });
        }
        let tiles = width
            .checked_mul(2)
            .and_then(|tw| (tw + 1).checked_mul(height.checked_mul(2)? + 1));
        if tiles.is_none_or(|t| t > MAX_TILES) {
            return Err(RequestError::TooLarge { width, height });
        }
        let inside = |which, cell: Option<(usize, usize)>| match cell {
            Some(cell) if cell.0 >= height || cell.1 >= width => Err(RequestError::Outside {
                which,
                cell,
                width,
                height,
            }),
            _ => Ok(cell),
        };
        Ok(Request {
            algorithm,
            width,
            height,
            braid: 0.0,
            trace: false,
            start: inside("start", start)?,
            goal: inside("goal", goal)?,
            endpoints: crate::Endpoints::Corners,
            shape: Shape::default(),
        })
    }

    /// Gives the maze a shape: a mask of the request's size, crossings, or both. Checks that
    /// the algorithm can make it and that a given start and goal are cells of the mask.
    pub fn with_shape(mut self, shape: Shape) -> Result<Request, RequestError> {
        shape.check(self.algorithm)?;
        if let Some(mask) = &shape.mask {
            if (mask.width(), mask.height()) != (self.width, self.height) {
                return Err(RequestError::MaskSize {
                    mask_width: mask.width(),
                    mask_height: mask.height(),
                    width: self.width,
                    height: self.height,
                });
            }
            for (which, cell) in [("start", self.start), ("goal", self.goal)] {
                if let Some(cell) = cell.filter(|c| !mask.contains(c.0 * self.width + c.1)) {
                    return Err(RequestError::LeftOut { which, cell });
                }
            }
        }
        self.shape = shape;
        Ok(self)
    }

    /// Places start and goal by `how` instead of the corners (or the cells given).
    pub fn with_endpoints(mut self, how: crate::Endpoints) -> Request {
        self.endpoints = how;
        self
    }

    /// Asks for the carving order too, when the maze is small enough to keep one
    /// ([`MAX_TRACED_CELLS`]).
    pub fn traced(mut self) -> Result<Request, RequestError> {
        if self.width * self.height > MAX_TRACED_CELLS {
            return Err(RequestError::TooLargeToTrace {
                width: self.width,
                height: self.height,
            });
        }
        self.trace = true;
        Ok(self)
    }

    /// The maze this request makes from `seed`.
    pub fn make(&self, seed: u64) -> Generated {
        let mut rng = Rng::seeded(seed);
        let size = (self.width, self.height);
        let mut cells = generate_shaped(self.algorithm, size, &self.shape, &mut rng, self.trace);
        braid(&mut cells, self.braid, &mut rng);
        let trace = cells.take_trace();
        let cell = |c: usize| (c / self.width, c % self.width);
        // Drawn after the maze, from the same stream: the maze of a seed stays the same.
        let (a, b) = crate::endpoints::place(&cells, self.endpoints, &mut rng);
        let (start, goal) = match self.endpoints {
            crate::Endpoints::Corners => {
                (self.start.unwrap_or(cell(a)), self.goal.unwrap_or(cell(b)))
            }
            _ => (cell(a), cell(b)),
        };
        Generated {
            cells,
            trace,
            request: self.clone(),
            start,
            goal,
            seed,
        }
    }
}

/// A maze made from a [`Request`] and a seed.
#[derive(Debug)]
pub struct Generated {
    pub cells: CellMaze,
    /// The carving order, when asked for.
    pub trace: Option<Vec<Pos>>,
    request: Request,
    /// Start and goal cells, `(row, col)`.
    start: (usize, usize),
    goal: (usize, usize),
    seed: u64,
}

impl Generated {
    /// The document's fields, with `grid` and `trace` as placeholders that
    /// [`Generated::write`] fills from the maze itself.
    fn header(&self) -> Document {
        let r = &self.request;
        let tile = |(row, col): (usize, usize)| Pos::new(2 * row + 1, 2 * col + 1);
        let mut doc = Document::new(Kind::Maze);
        doc.set("width", 2 * r.width + 1);
        doc.set("height", 2 * r.height + 1);
        doc.set_value("grid", Value::Null);
        doc.set("start", tile(self.start));
        doc.set("goal", tile(self.goal));
        if self.trace.is_some() {
            doc.set_value("trace", Value::Null);
            if r.algorithm.trace_mode() != TraceMode::Carve {
                doc.set("trace_mode", r.algorithm.trace_mode());
            }
        }
        let mut meta = json!({
            "generator": "mazegen",
            "algorithm": r.algorithm.name(),
            "seed": self.seed,
            "cells": [r.width, r.height],
        });
        if r.braid > 0.0 {
            meta["braid"] = json!(r.braid);
        }
        if r.shape.weave > 0.0 {
            meta["weave"] = json!(r.shape.weave);
        }
        if r.endpoints != crate::Endpoints::Corners {
            meta["endpoints"] = json!(grid_core::choice::Named::name(r.endpoints));
        }
        doc.set_value("meta", meta);
        doc
    }

    /// The length of the shortest path from start to goal, in steps between cells.
    pub fn solution_length(&self) -> usize {
        let cell = |(row, col)| self.cells.index(row, col);
        crate::endpoints::distance(&self.cells, cell(self.start), cell(self.goal)).unwrap_or(0)
    }

    /// The whole document, built in memory (for small mazes and tests).
    pub fn document(&self) -> Document {
        let mut doc = self.header();
        doc.set_grid(&self.cells.to_tiles(), |t| t.to_char());
        if let Some(trace) = &self.trace {
            doc.set("trace", trace);
        }
        doc
    }

    /// Writes the document and its newline. Compact output streams the grid and the trace
    /// straight from the maze, so that memory stays with the maze itself.
    pub fn write(&self, out: &mut impl Write, pretty: bool) -> grid_core::Result<()> {
        if pretty {
            return self.document().write_to(out, true);
        }
        let lists: Vec<(&str, &[Pos])> = self
            .trace
            .as_deref()
            .map(|t| ("trace", t))
            .into_iter()
            .collect();
        self.header().write_streaming_with(out, &self.cells, &lists)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn streamed_and_built_documents_agree() {
        let mut request = Request::new(Algorithm::Kruskal, (5, 3), None, Some((0, 4)))
            .unwrap()
            .traced()
            .unwrap();
        request.braid = 0.5;
        let maze = request.make(7);
        let mut streamed = Vec::new();
        maze.write(&mut streamed, false).unwrap();
        let mut built = Vec::new();
        maze.document().write_to(&mut built, false).unwrap();
        assert_eq!(streamed, built);
    }

    #[test]
    fn sizes_and_cells_are_checked() {
        let e = |w, h, start| Request::new(Algorithm::HuntKill, (w, h), start, None).unwrap_err();
        assert!(matches!(e(0, 3, None), RequestError::Empty { .. }));
        assert!(matches!(
            e(16384, 16384, None),
            RequestError::TooLarge { .. }
        ));
        let big = Request::new(Algorithm::HuntKill, (16383, 16383), None, None).unwrap();
        assert!(matches!(
            big.traced(),
            Err(RequestError::TooLargeToTrace { .. })
        ));
        assert_eq!(
            e(3, 2, Some((2, 0))).to_string(),
            "the start 2,0 is outside the maze of 3x2 cells (rows 0 to 1, columns 0 to 2)"
        );
    }
}
