//! A replay as a player sees it: the board's changes click by click, with the counters at
//! each, and the replay read back from the mines document `mines replay` writes.

use super::referee::{self, Counts, Outcome};
use super::{Action, Event, Format, Replay, ReplayError};
use crate::layout::Layout;
use grid_core::Grid;
use grid_core::geom::Pos;
use grid_core::mines_doc::{Cell, MinesDoc};
use serde::Deserialize;

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

/// The `replay` object of a mines document, as far as playing it back needs.
#[derive(Debug, Deserialize)]
struct Recorded {
    format: String,
    #[serde(default)]
    version: Option<u16>,
    #[serde(default)]
    software: String,
    #[serde(default)]
    player: String,
    cell_px: u16,
    #[serde(default)]
    mode_code: u16,
    #[serde(default)]
    time_ms: Option<u32>,
    events: Vec<RecordedEvent>,
}

/// An event as the document writes it: `[ms, action, x, y, row, col]`.
type RecordedEvent = (i64, String, u16, u16, Option<usize>, Option<usize>);

/// Reads a replay back from the mines document `mines replay` wrote: its layout and its
/// `replay` object. The message says which field is wrong.
pub fn from_doc(doc: &grid_core::Document) -> Result<Replay, String> {
    let mines = MinesDoc::from_document(doc).map_err(|e| e.to_string())?;
    let layout = mines
        .layout
        .ok_or("field `layout`: missing, and a replay needs its mines")?;
    let recorded: Recorded = doc
        .field("replay")
        .map_err(|e| e.to_string())?
        .ok_or("field `replay`: missing: this is not a replay (mines replay writes one)")?;
    if recorded.cell_px == 0 {
        return Err("field `replay.cell_px`: tiles of 0 pixels".into());
    }
    let mut events = Vec::with_capacity(recorded.events.len());
    for (i, (ms, code, x, y, _, _)) in recorded.events.iter().enumerate() {
        let action = Action::from_code(code)
            .ok_or_else(|| format!("field `replay.events`: event {i} has action {code:?}"))?;
        events.push(Event {
            ms: *ms,
            action,
            x: *x,
            y: *y,
        });
    }
    let format = match (recorded.format.as_str(), recorded.version) {
        ("avf", _) => Format::Avf,
        ("mvf", _) => Format::Mvf,
        ("evf", v) => Format::Evf(v.unwrap_or(4) as u8),
        ("rmv", v) => Format::Rmv(v.unwrap_or(2)),
        (other, _) => {
            return Err(format!(
                "field `replay.format`: {other:?} is not a replay format"
            ));
        }
    };
    let time_ms = match recorded.time_ms {
        Some(t) => t,
        None => doc
            .value("stats")
            .ok()
            .flatten()
            .and_then(|s| s.get("time_ms")?.as_u64())
            .unwrap_or(0) as u32,
    };
    Ok(Replay {
        format,
        software: recorded.software,
        player: recorded.player,
        race: String::new(),
        unique: String::new(),
        country: String::new(),
        layout: Layout::from_grid(layout),
        cell_px: recorded.cell_px,
        mode: recorded.mode_code,
        question_marks: None,
        declared_won: None,
        time_ms,
        events,
    })
}
