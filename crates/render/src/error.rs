//! What can stop a drawing. The tool that asked words the advice (which flag to change).

use grid_core::Kind;

/// Why a document could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The document is not one that can be drawn (or writing failed).
    #[error(transparent)]
    Doc(#[from] grid_core::Error),
    /// The picture would be larger than [`crate::MAX_SIDE`] pixels on a side, at the
    /// pixels a tile asked for.
    #[error("the picture would be {width}x{height} pixels, more than {max} on a side")]
    TooLarge { width: u64, height: u64, max: u32 },
    /// Only mazes have a story (carving, search, path) to replay.
    #[error("only mazes are animated (their carving and solving); this is a {0} document")]
    NotAnimated(Kind),
    /// A maze with neither a carving order nor a solution has no story to replay.
    #[error("this maze has nothing to replay: no `trace` (its carving) and no solution")]
    NothingToReplay,
    /// A document too big for the format: `what` is "an animation" or "an SVG picture".
    #[error("{what} holds at most {max} tiles, and this document has {tiles}")]
    TooManyTiles {
        what: &'static str,
        tiles: usize,
        max: usize,
    },
    /// An animation was asked of a picture format that does not move.
    #[error("a PNG does not move")]
    StillFormat,
    /// A drawing in characters too large for any terminal.
    #[error("drawn in braille the maze is {columns}x{lines} characters, more than {max} on a side")]
    TextTooLarge { columns: u64, lines: u64, max: u64 },
    /// Why a maze cannot be made into a machine's file.
    #[error(transparent)]
    Machine(#[from] crate::machine::MachineError),
    /// What a page that plays cannot be made of, and why.
    #[error(transparent)]
    Unplayable(#[from] Unplayable),
    /// The PNG encoder refused the picture.
    #[error("PNG: {0}")]
    Png(String),
}

impl From<std::io::Error> for RenderError {
    fn from(e: std::io::Error) -> Self {
        RenderError::Doc(grid_core::Error::Io(e))
    }
}

impl RenderError {
    /// As a document error, for a caller with no advice of its own to add: a failed write
    /// stays one (so that a closed pipe is still recognised), anything else becomes a
    /// message about the input.
    pub fn into_doc(self) -> grid_core::Error {
        match self {
            RenderError::Doc(e) => e,
            other => grid_core::Error::input(other.to_string()),
        }
    }
}

/// What a drawing returns.
pub type Result<T, E = RenderError> = std::result::Result<T, E>;

/// Why a document cannot be played on a page; the tool words the advice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// A maze drawn from a map of walls, with no cells to walk.
    #[error("a page walks cell mazes (as mazegen makes them), and this map has no cells")]
    NoCells,
    /// A woven maze: its passages cross.
    #[error("a page walks flat mazes, and this one is woven")]
    Woven,
    /// More cells than a page plays ([`crate::play::MAX_PLAY_CELLS`]).
    #[error("a page plays {what} of at most {max} {unit}, and this one has {cells}")]
    TooLarge {
        /// "mazes", "puzzles" or "boards".
        what: &'static str,
        /// "cells" or "tiles".
        unit: &'static str,
        cells: usize,
        max: usize,
    },
    /// The maze's start or goal is not in one of its cells.
    #[error("a page needs the maze's start and goal in its cells")]
    NoEnds,
    /// A mines board not begun, whose first click's layouts were not given.
    #[error("a page needs the board's layout")]
    NoLayout,
    /// A mines game already won or lost.
    #[error("a page plays a game under way, and this one is over")]
    Over,
    /// A nonogram's clue list that is not a list of clue lists: `which` is `rows` or `cols`.
    #[error("field `clues.{which}`: not a list of clue lists")]
    BadClues { which: &'static str },
}
