//! The `replay` object of a mines document (docs/format.md): one type that `mines replay`
//! writes and that the players read back, so that the two cannot drift apart. What the
//! object's fields must hold beyond their JSON types (a known format and action code, an
//! event on the board) is checked where it is turned into a game, with the same checks a
//! replay file gets.

use serde::{Deserialize, Serialize};

/// The `replay` object, its fields in the order they are written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReplayDoc {
    /// `avf`, `evf`, `rmv` or `mvf`.
    pub format: String,
    /// EVF's 0 to 4, RMV's 1 and 2; `None` for the formats without versions.
    #[serde(default)]
    pub version: Option<u16>,
    /// The program that recorded the game, as the file names it.
    #[serde(default)]
    pub software: String,
    #[serde(default)]
    pub player: String,
    /// EVF's tournament identifier; empty where the file gives none.
    #[serde(default)]
    pub race: String,
    /// EVF's identifier, RMV's nickname; empty where the file gives none.
    #[serde(default)]
    pub unique: String,
    /// Empty where the file gives none.
    #[serde(default)]
    pub country: String,
    /// `beginner`, `intermediate`, `expert` or `custom`.
    #[serde(default)]
    pub level: String,
    /// The mode's name, and its number as EVF numbers modes.
    #[serde(default)]
    pub mode: String,
    #[serde(default)]
    pub mode_code: u16,
    #[serde(default)]
    pub question_marks: Option<bool>,
    /// The referee's verdict, and the file's where it has one.
    #[serde(default)]
    pub won: bool,
    #[serde(default)]
    pub declared_won: Option<bool>,
    /// When the game began and ended, ISO 8601 (`Z` on a Unix time, no zone on a clone's
    /// local clock); `None` where the file records no time.
    #[serde(default)]
    pub start_time: Option<String>,
    #[serde(default)]
    pub end_time: Option<String>,
    /// EVF's flags: the game played under the clone's official rules, and on a fair board;
    /// `None` for the formats that do not record them.
    #[serde(default)]
    pub official: Option<bool>,
    #[serde(default)]
    pub fair: Option<bool>,
    /// The side of a tile in pixels: the events are in pixels.
    pub cell_px: u16,
    pub events: Vec<ReplayEvent>,
    /// When judged: every judged click, and their sum.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judged: Option<Vec<JudgedClick>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judgement: Option<JudgementSummary>,
}

/// What a click was, judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// The game's first click: the clones keep it off mines, so it risks nothing.
    First,
    /// Every tile it opened was certainly safe.
    Safe,
    /// No certainly safe tile was left, and the click took a risk.
    Guess,
    /// A risky click while a certainly safe tile was on the board.
    Needless,
    /// A mine opened, or a flag placed on a safe tile once a tile was open.
    Mistake,
}

/// The kind of a judged click.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Click {
    Open,
    Chord,
    Flag,
}

/// One judged click.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JudgedClick {
    /// The index of the event in the replay.
    pub event: usize,
    pub ms: i64,
    pub click: Click,
    pub row: usize,
    pub col: usize,
    /// The chance of a mine under the click: the tile's for an open; for a chord, that of
    /// its riskiest tile (a chord risks at least that). `None` for the first click and flags.
    pub chance: Option<f64>,
    pub verdict: Verdict,
    /// For a guess: whether no covered tile had a smaller chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub safest: Option<bool>,
}

/// The judgement of a whole game, summed up.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct JudgementSummary {
    pub safe: usize,
    /// Risky clicks, needless ones included.
    pub guesses: usize,
    pub needless: usize,
    pub mistakes: usize,
    /// The chance of surviving every risky click: the player's luck.
    pub survival: f64,
    /// The chance of surviving the needless ones alone: the risk the player need not have
    /// taken is one less this.
    pub needless_survival: f64,
}

/// One event, written `[ms, action, x, y, row, col]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    from = "(i64, String, u16, u16, Option<usize>, Option<usize>)",
    into = "(i64, String, u16, u16, Option<usize>, Option<usize>)"
)]
pub struct ReplayEvent {
    /// Milliseconds on the recording's clock.
    pub ms: i64,
    /// The EVF specification's code (`mv`, `lc`, `lr`, ...).
    pub action: String,
    /// The pointer in pixels from the board's corner.
    pub x: u16,
    pub y: u16,
    /// The tile under the pointer, `None` off the board.
    pub tile: Option<(usize, usize)>,
}

type EventTuple = (i64, String, u16, u16, Option<usize>, Option<usize>);

impl From<EventTuple> for ReplayEvent {
    fn from((ms, action, x, y, row, col): EventTuple) -> Self {
        ReplayEvent {
            ms,
            action,
            x,
            y,
            tile: row.zip(col),
        }
    }
}

impl From<ReplayEvent> for EventTuple {
    fn from(e: ReplayEvent) -> Self {
        let (row, col) = (e.tile.map(|t| t.0), e.tile.map(|t| t.1));
        (e.ms, e.action, e.x, e.y, row, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The object reads back as it was written, field for field and byte for byte.
    #[test]
    fn a_replay_object_reads_back_as_written() {
        let text = r#"{"format":"rmv","version":2,"software":"Viennasweeper","player":"P","race":"","unique":"u","country":"","level":"beginner","mode":"standard","mode_code":0,"question_marks":false,"won":true,"declared_won":true,"start_time":"2026-01-03T17:09:22Z","end_time":"2026-01-03T17:09:38.032Z","official":null,"fair":null,"cell_px":24,"events":[[0,"lc",90,91,3,3],[5,"mv",900,91,null,null]]}"#;
        let doc: ReplayDoc = serde_json::from_str(text).unwrap();
        assert_eq!(doc.events[1].tile, None);
        assert_eq!(doc.events[0].tile, Some((3, 3)));
        assert_eq!(serde_json::to_string(&doc).unwrap(), text);
    }
}
