//! The mouse's path: how far the pointer travelled while the game was on, as ms-toollib
//! measures it (its `path`), so that the figure equals the one players compare.
//!
//! Distances are in pixels of 16-pixel tiles (a replay recorded with 24-pixel tiles has its
//! distances scaled by 16/24), from the first event once the game began (the first opening
//! click) to the last event, the game's end included. An event whose pointer lies beyond the
//! board's right edge *and* below its bottom edge adds nothing and is not a place the next
//! distance starts from; one beyond only one of the two edges still counts, as in
//! ms-toollib.

use super::referee::Phase;
use super::{Event, Replay};

/// The path measured so far, event by event.
#[derive(Debug, Clone)]
pub struct MousePath {
    /// The board's right and bottom edges in pixels.
    edge: (u32, u32),
    /// Pixels to 16-pixel tiles.
    scale: f64,
    /// Where the last distance ended, once the game has begun.
    last: Option<(u16, u16)>,
    length: f64,
}

impl MousePath {
    pub fn new(replay: &Replay) -> MousePath {
        let px = u32::from(replay.cell_px.max(1));
        MousePath {
            edge: (replay.width() as u32 * px, replay.height() as u32 * px),
            scale: 16.0 / f64::from(px),
            last: None,
            length: 0.0,
        }
    }

    /// Adds `event`, played, the game then in `phase`.
    pub fn step(&mut self, event: &Event, phase: Phase) {
        if !event.action.is_mouse() || !matches!(phase, Phase::Playing | Phase::Won | Phase::Lost) {
            return;
        }
        let here = (event.x, event.y);
        let (x0, y0) = *self.last.get_or_insert(here);
        if u32::from(here.0) >= self.edge.0 && u32::from(here.1) >= self.edge.1 {
            return;
        }
        let (dx, dy) = (
            f64::from(here.0) - f64::from(x0),
            f64::from(here.1) - f64::from(y0),
        );
        self.length += (dx * dx + dy * dy).sqrt() * self.scale;
        self.last = Some(here);
    }

    /// The length so far, in pixels of 16-pixel tiles.
    pub fn length(&self) -> f64 {
        self.length
    }
}
