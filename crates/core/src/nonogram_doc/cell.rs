//! The bytes of a nonogram's cells, in a document's `grid` and `key` rows and in the grids
//! the solver and the drawings pass around: one home, so that the reader, the solver's
//! output and every drawing agree on what a byte means (docs/format.md).

/// A filled cell of a black-and-white puzzle (a colour puzzle's cells are its colours'
/// names).
pub const FILLED: u8 = b'#';
/// A cell known to be blank.
pub const BLANK: u8 = b'.';
/// A cell not known yet.
pub const UNKNOWN: u8 = b'?';
/// In a drawing of the first of several solutions: a cell filled in it but blank in
/// another. Never written into a document.
pub const FILLED_HERE: u8 = b'+';
/// In a drawing of the first of several solutions: a cell blank in it but filled in
/// another. Never written into a document.
pub const BLANK_HERE: u8 = b'-';
