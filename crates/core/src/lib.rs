//! The shared foundation of gridkit: the grid document every tool reads and writes
//! (docs/format.md), and the small types the puzzle crates build on.
//!
//! - [`Document`] keeps a document's fields in order, unknown ones included; typed views
//!   such as [`MazeDoc`] are read from it and written back.
//! - [`Grid`], [`Pos`] and [`Dir`]: rectangles of values, coordinates and directions.
//! - [`BitSet`]: a set of cells or pixels, a bit each.
//! - [`Rng`]: the portable seeded generator behind every `--seed`.
//! - [`DocReader`]: JSON Lines input with line numbers in its errors.
//! - [`Error`]: what is wrong with an input, and where.
//! - [`escape`]: text made safe for each kind of place in HTML, SVG, XML or Markdown.

#![forbid(unsafe_code)]

pub mod bits;
pub mod choice;
pub mod doc;
pub mod error;
pub mod escape;
pub mod geom;
pub mod grid;
pub mod jsonl;
pub mod maze_doc;
pub mod mines_doc;
pub mod nonogram_doc;
pub mod replay_doc;
pub mod rng;
pub mod tiling;
pub mod words;

pub use bits::BitSet;
pub use doc::{Document, Kind, MAX_TILES, RowSource};
pub use error::{Error, Result};
pub use geom::{Dir, Pos};
pub use grid::Grid;
pub use jsonl::DocReader;
pub use maze_doc::{Axis, MazeDoc, Solution, Tile, TraceMode};
pub use rng::{BitSource, Rng};
