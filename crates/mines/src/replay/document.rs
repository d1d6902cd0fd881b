//! A replay as the `replay` object of a mines document ([`ReplayDoc`], grid-core's one type
//! for it): written by `mines replay`, and read back for playing with the same checks a
//! replay file gets, a document being input too.

use super::judge::Judgement;
use super::stamp::{Played, Stamp};
use super::{Action, Event, Format, Replay, ReplayError, check_events, mode_name};
use crate::layout::Layout;
use grid_core::Document;
use grid_core::mines_doc::MinesDoc;
use grid_core::replay_doc::{ReplayDoc, ReplayEvent};

/// Why a mines document cannot be played back as a replay.
#[derive(Debug, thiserror::Error)]
pub enum DocError {
    /// The document is not a mines document, or its `replay` object is not the type's.
    #[error("{0}")]
    Document(#[from] grid_core::Error),
    #[error("field `layout`: missing, and a replay needs its mines")]
    NoLayout,
    #[error("field `layout`: a board without mines, which no game is played on")]
    NoMines,
    /// No `replay` object: the document is a game, not a replay.
    #[error("field `replay`: missing: this is not a replay")]
    NotAReplay,
    #[error("field `replay.cell_px`: tiles of 0 pixels")]
    NoPixels,
    #[error("field `replay.events`: event {event} has action {code:?}")]
    UnknownAction { event: usize, code: String },
    #[error("field `replay.format`: {format:?} is not a replay format")]
    UnknownFormat { format: String },
    /// A version past what the format numbers.
    #[error("field `replay.version`: {version} is not a version of {format}")]
    UnknownVersion { format: &'static str, version: u16 },
    #[error(
        "field `replay.{field}`: {text:?} is not an ISO 8601 time such as 2024-08-10T18:06:28.971Z"
    )]
    Stamp { field: &'static str, text: String },
    /// A start without an end, or an end without a start.
    #[error("field `replay.{missing}`: null, while the other end of the game has a time")]
    HalfPlayed { missing: &'static str },
    /// What a replay file would be refused for (a board without mines or safe tiles, a
    /// flag off the board).
    #[error("field `replay`: {0}")]
    Replay(ReplayError),
}

/// The `replay` object of `replay`'s document: the game `won` or not by the referee's
/// verdict, and its `judgement` when one was asked for.
pub fn to_doc(replay: &Replay, won: bool, judgement: Option<&Judgement>) -> ReplayDoc {
    ReplayDoc {
        format: replay.format.name().to_owned(),
        version: replay.format.version(),
        software: replay.software.clone(),
        player: replay.player.clone(),
        race: replay.race.clone().unwrap_or_default(),
        unique: replay.unique.clone().unwrap_or_default(),
        country: replay.country.clone().unwrap_or_default(),
        level: replay.level().to_owned(),
        mode: mode_name(replay.mode).to_owned(),
        mode_code: replay.mode,
        question_marks: replay.question_marks,
        won,
        declared_won: replay.declared_won,
        start_time: replay.played.map(|p| p.start.iso()),
        end_time: replay.played.map(|p| p.end.iso()),
        official: replay.official,
        fair: replay.fair,
        cell_px: replay.cell_px,
        events: replay
            .events
            .iter()
            .map(|e| ReplayEvent {
                ms: e.ms,
                action: e.action.code().to_owned(),
                x: e.x,
                y: e.y,
                tile: replay.tile(e).map(|p| (p.row, p.col)),
            })
            .collect(),
        judged: judgement.map(|j| j.clicks.clone()),
        judgement: judgement.map(|j| j.summary),
    }
}

/// Reads a replay back from the mines document `mines replay` wrote: its layout, its
/// `replay` object and the game's time in its `stats`.
pub fn from_doc(doc: &Document) -> Result<Replay, DocError> {
    let mines = MinesDoc::from_document(doc)?;
    let layout = mines.layout.ok_or(DocError::NoLayout)?;
    let recorded: ReplayDoc = doc.field("replay")?.ok_or(DocError::NotAReplay)?;
    if recorded.cell_px == 0 {
        return Err(DocError::NoPixels);
    }
    let mut events = Vec::with_capacity(recorded.events.len());
    for (i, e) in recorded.events.iter().enumerate() {
        let action = Action::from_code(&e.action).ok_or_else(|| DocError::UnknownAction {
            event: i,
            code: e.action.clone(),
        })?;
        events.push(Event {
            ms: e.ms,
            action,
            x: e.x,
            y: e.y,
        });
    }
    let format = format(&recorded)?;
    let played = played(&recorded)?;
    let replay = Replay {
        format,
        software: recorded.software,
        player: recorded.player,
        race: super::given(recorded.race),
        unique: super::given(recorded.unique),
        country: super::given(recorded.country),
        layout: Layout::from_grid(layout),
        cell_px: recorded.cell_px,
        mode: recorded.mode_code,
        question_marks: recorded.question_marks,
        declared_won: recorded.declared_won,
        time_ms: time_ms(doc)?,
        played,
        official: recorded.official,
        fair: recorded.fair,
        events,
    };
    if replay.layout.count() == 0 {
        return Err(DocError::NoMines);
    }
    check_events(&replay).map_err(DocError::Replay)?;
    Ok(replay)
}

/// When the game was played: both times, or neither.
fn played(recorded: &ReplayDoc) -> Result<Option<Played>, DocError> {
    let stamp = |field: &'static str, text: &str| {
        Stamp::parse_iso(text).ok_or_else(|| DocError::Stamp {
            field,
            text: text.to_owned(),
        })
    };
    match (&recorded.start_time, &recorded.end_time) {
        (None, None) => Ok(None),
        (Some(start), Some(end)) => Ok(Some(Played {
            start: stamp("start_time", start)?,
            end: stamp("end_time", end)?,
        })),
        (Some(_), None) => Err(DocError::HalfPlayed {
            missing: "end_time",
        }),
        (None, Some(_)) => Err(DocError::HalfPlayed {
            missing: "start_time",
        }),
    }
}

/// The format and version the object names, EVF's version a byte as in the files.
fn format(recorded: &ReplayDoc) -> Result<Format, DocError> {
    Ok(match (recorded.format.as_str(), recorded.version) {
        ("avf", _) => Format::Avf,
        ("mvf", _) => Format::Mvf,
        ("evf", v) => {
            let v = v.unwrap_or(4);
            Format::Evf(u8::try_from(v).map_err(|_| DocError::UnknownVersion {
                format: "evf",
                version: v,
            })?)
        }
        ("rmv", v) => Format::Rmv(v.unwrap_or(2)),
        (other, _) => {
            return Err(DocError::UnknownFormat {
                format: other.to_owned(),
            });
        }
    })
}

/// The game's time, from the document's `stats` (0 when it has none).
fn time_ms(doc: &Document) -> Result<u32, DocError> {
    #[derive(serde::Deserialize)]
    struct Time {
        #[serde(default)]
        time_ms: u32,
    }
    Ok(doc.field::<Time>("stats")?.map_or(0, |t| t.time_ms))
}
