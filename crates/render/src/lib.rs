//! Renderers of grid documents. They write to any `io::Write` and never decide on their own
//! whether to use colour: the caller says so in [`Options`].

mod maze;
mod mines;
mod nonogram;

use grid_core::{Document, Error, Kind, MazeDoc, Result};
use std::io::Write;

pub use maze::MazeStyle;

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// ANSI colours (for a terminal).
    pub color: bool,
    /// How mazes are drawn.
    pub maze_style: MazeStyle,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            color: false,
            maze_style: MazeStyle::Auto,
        }
    }
}

/// Draws any document as text (with ANSI colours when `opts.color`).
pub fn render_text(doc: &Document, opts: &Options, out: &mut impl Write) -> Result<()> {
    match doc.kind() {
        Kind::Maze => maze::render(&MazeDoc::from_document(doc)?, opts, out),
        Kind::Mines => mines::render(doc, opts, out),
        Kind::Nonogram => nonogram::render(doc, opts, out),
    }
}

fn io(e: std::io::Error) -> Error {
    Error::Io(e)
}
