//! Mazes: generation algorithms and solvers, with no I/O of their own.
//!
//! Generators build a [`CellMaze`] (cells and the walls between them), which draws itself as
//! the tile grid of docs/format.md; solvers work on any tile grid, generated or hand-drawn.

#![forbid(unsafe_code)]

pub mod cells;
pub mod document;
pub mod endpoints;
pub mod generate;
pub mod mask;
pub mod solve;
pub mod stats;
pub mod tiled;

pub use cells::CellMaze;
pub use document::{Generated, MAX_TRACED_CELLS, Request, RequestError};
pub use endpoints::Endpoints;
pub use generate::{Algorithm, Shape, ShapeError, braid, generate, generate_shaped};
pub use mask::{Mask, MaskError, MaskSizeError, Picture, PictureError};
pub use solve::{Outcome, Solver, solve};
pub use stats::{MazeStats, stats};
