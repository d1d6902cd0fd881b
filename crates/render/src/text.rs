//! Documents drawn as text, one module a puzzle kind: box-drawing walls or blocks for mazes,
//! the board for mines, clues and cells for nonograms; in ANSI colour when asked. (Tiled
//! mazes are drawn in braille, in [`crate::tiled`].)

pub(crate) mod maze;
pub(crate) mod mines;
pub(crate) mod nonogram;
