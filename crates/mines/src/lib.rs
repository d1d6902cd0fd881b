//! Minesweeper: board sizes and levels, seeded layouts that honour the first-click rules, and
//! a game engine (open, flag, question mark, chord, flood fill, win and loss) whose whole
//! state is the mines document of FORMAT.md.

pub mod bench;
mod count;
mod endgame;
mod fifty;
pub mod game;
mod guess;
pub mod layout;
pub mod noguess;
pub mod position;
pub mod setup;
pub mod solver;
#[cfg(test)]
mod testing;

pub use game::{Game, MoveError};
pub use layout::Layout;
pub use setup::{Level, Setup};
