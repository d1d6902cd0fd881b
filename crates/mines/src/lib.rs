//! Minesweeper: board sizes and levels, seeded layouts that honour the first-click rules, a
//! game engine (open, flag, question mark, chord, flood fill, win and loss) whose whole state
//! is the mines document of docs/format.md, and the solver that plays it:
//!
//! - [`setup`], [`layout`], [`game`]: the board, its mines and the moves;
//! - [`noguess`]: boards that deduction alone clears;
//! - [`solver`]: exact odds, the certain tiles and the move to play, for any position;
//! - [`simulate`]: seeded games played by the solver alone, for win rates;
//! - [`position`]: the plain text positions other analysers exchange;
//! - [`stats`]: 3BV, clicks and efficiency, the counters competitive players read;
//! - [`replay`]: the community's recorded games (AVF, EVF, RMV, MVF), measured and judged;
//! - [`archive`]: a player's whole archive of replays, summed up per player and level.

#![forbid(unsafe_code)]

pub mod archive;
pub mod game;
pub mod layout;
pub mod noguess;
pub mod position;
pub mod replay;
pub mod setup;
pub mod simulate;
pub mod solver;
pub mod stats;
#[cfg(test)]
mod testing;

pub use game::{Game, MoveError, NoEffect};
pub use layout::Layout;
pub use setup::{Level, Setup, SetupError};
pub use solver::{AnalyseError, Analysis, analyse};
