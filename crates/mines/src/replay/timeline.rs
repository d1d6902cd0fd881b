//! A replay as a player sees it: the board's changes click by click, with the counters at
//! each.

use super::referee::{self, Counts, Outcome};
use super::{Replay, ReplayError};
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::Cell;

/// One event that changed the board.
#[derive(Debug, Clone, PartialEq)]
pub struct Frame {
    /// The index of the event.
    pub event: usize,
    /// Its time on the recording's clock.
    pub ms: i64,
    /// The tiles it changed, and what they show after it.
    pub changes: Vec<(Pos, Cell)>,
    /// The counters after it.
    pub counts: Counts,
}

/// A replay's board changes in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Timeline {
    /// When the game's clock starts: the first click that opened a tile.
    pub start_ms: i64,
    pub frames: Vec<Frame>,
}

impl Timeline {
    /// The board changes of a replay.
    pub fn of(replay: &Replay) -> Result<Timeline, ReplayError> {
        let mut before = Grid::new(replay.width(), replay.height(), Cell::Covered);
        let mut frames = Vec::new();
        let mut start_ms = None;
        referee::play(replay, |i, outcome, referee| {
            if *outcome == Outcome::Nothing {
                return;
            }
            if start_ms.is_none() && matches!(outcome, Outcome::Opened(_) | Outcome::Chorded(..)) {
                start_ms = Some(replay.events[i].ms);
            }
            let view = referee.view();
            let changes: Vec<(Pos, Cell)> = view
                .positions()
                .filter(|&p| view[p] != before[p])
                .map(|p| (p, view[p]))
                .collect();
            before = view.clone();
            frames.push(Frame {
                event: i,
                ms: replay.events[i].ms,
                changes,
                counts: referee.counts(),
            });
        })?;
        Ok(Timeline {
            start_ms: start_ms.unwrap_or(0),
            frames,
        })
    }
}
