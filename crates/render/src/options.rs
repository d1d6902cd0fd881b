//! What a caller chooses about a drawing: the picture format and its options, and the text
//! drawing's options. A leaf: every drawing reads these, and they read no drawing.

use crate::ink::Theme;

/// A picture format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Picture {
    Svg,
    Png,
    /// A self-contained HTML page with the SVG inline.
    Html,
}

/// How pictures are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureOptions {
    /// Pixels a tile (a cell, for cell mazes with thin walls); `None` picks a size that keeps
    /// big documents usable.
    pub cell_size: Option<u32>,
    /// Draw cell mazes with thin walls between cells (else every tile is a square).
    pub thin_walls: bool,
    pub theme: Theme,
    /// Show the document's figures under the picture ([`crate::caption`]).
    pub caption: bool,
}

/// How to draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// ANSI colours (for a terminal).
    pub color: bool,
    /// The terminal shows 24-bit colour (`COLORTERM=truecolor`): a colour puzzle's colours
    /// are then written as they are, else as the nearest of 256.
    pub truecolor: bool,
    /// How mazes are drawn.
    pub maze_style: MazeStyle,
    /// Show the document's figures under the drawing ([`crate::caption`]).
    pub caption: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            color: false,
            truecolor: false,
            maze_style: MazeStyle::Auto,
            caption: false,
        }
    }
}

/// How a maze is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MazeStyle {
    /// Thin walls when the document is a cell maze, blocks otherwise.
    Auto,
    /// Walls as box-drawing lines between cells (cell mazes only; others fall back to blocks).
    Thin,
    /// Every tile a two-character block.
    Blocks,
}
