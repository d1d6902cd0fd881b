//! The page that plays a recorded mines game back: what its script is given, field by
//! field (`gridrender` builds it from a `mines replay` document).

use super::{REPLAY_PAGE, page};
use serde::Serialize;

/// A recorded game as the page plays it. Times are the recording's milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayModel {
    pub width: usize,
    pub height: usize,
    /// The pixels a tile in the recording, the unit of the pointer's path.
    pub px: u16,
    pub three_bv: usize,
    /// The clock's first time: just before the first event, so that the board starts
    /// covered.
    pub first_ms: i64,
    /// When the game's time starts (its first click).
    pub start_ms: i64,
    pub end_ms: i64,
    /// Who played what, and where it was recorded.
    pub about: String,
    pub frames: Vec<ReplayFrame>,
    pub pointer: Vec<PointerAt>,
    pub judged: Vec<JudgedClick>,
}

/// The tiles an event changed, and the counters after it.
#[derive(Debug, Clone, Serialize)]
pub struct ReplayFrame {
    pub ms: i64,
    /// Each changed tile: its index in reading order and the character it shows now.
    pub changes: Vec<(usize, char)>,
    pub left: usize,
    pub right: usize,
    pub chord: usize,
    pub solved_3bv: usize,
    /// Effective clicks of the three kinds together.
    pub effective: usize,
}

/// Where the pointer was, in the recording's pixels.
#[derive(Debug, Clone, Serialize)]
pub struct PointerAt {
    pub ms: i64,
    pub x: u16,
    pub y: u16,
}

/// A click judged: the tile's index, the verdict's name (`safe`, `guess`, `needless`,
/// `mistake`) and the chance that the tile held a mine.
#[derive(Debug, Clone, Serialize)]
pub struct JudgedClick {
    pub ms: i64,
    pub tile: usize,
    pub verdict: String,
    pub chance: Option<f64>,
}

/// The page that plays `model` back, headed `title`.
pub fn replay_page(title: &str, model: &ReplayModel) -> String {
    let json = serde_json::to_string(model).expect("a replay serialises");
    page(REPLAY_PAGE, title, &[("model", &json)])
}
