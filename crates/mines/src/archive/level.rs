//! The level a game was played on, as a summary groups games: the three standard levels by
//! name (beginner being Arbiter's 8x8 or Windows' 9x9, both with 10 mines), any other board
//! by its size and mines.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A summary's level, ordered as a summary lists them: the standard levels from the
/// smallest, then custom boards by width, height and mines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Level {
    Beginner,
    Intermediate,
    Expert,
    Custom {
        width: usize,
        height: usize,
        mines: usize,
    },
}

impl Level {
    /// The level of a board of `width` x `height` with `mines` mines, by the same rule as
    /// [`crate::replay::Replay::level`].
    pub fn of(width: usize, height: usize, mines: usize) -> Level {
        match (width, height, mines) {
            (8, 8, 10) | (9, 9, 10) => Level::Beginner,
            (16, 16, 40) => Level::Intermediate,
            (30, 16, 99) => Level::Expert,
            _ => Level::Custom {
                width,
                height,
                mines,
            },
        }
    }
}

/// A level's name in a summary: `beginner`, `intermediate`, `expert`, or `WxH/M`.
impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Beginner => f.write_str("beginner"),
            Level::Intermediate => f.write_str("intermediate"),
            Level::Expert => f.write_str("expert"),
            Level::Custom {
                width,
                height,
                mines,
            } => write!(f, "{width}x{height}/{mines}"),
        }
    }
}

/// A level's name that is none of the forms [`Level`]'s display writes.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a level: beginner, intermediate, expert or WxH/M")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;

    fn from_str(s: &str) -> Result<Level, LevelError> {
        let bad = || LevelError(s.to_string());
        match s {
            "beginner" => return Ok(Level::Beginner),
            "intermediate" => return Ok(Level::Intermediate),
            "expert" => return Ok(Level::Expert),
            _ => {}
        }
        let (size, mines) = s.split_once('/').ok_or_else(bad)?;
        let (width, height) = size.split_once('x').ok_or_else(bad)?;
        let number = |t: &str| t.parse::<usize>().map_err(|_| bad());
        let (width, height, mines) = (number(width)?, number(height)?, number(mines)?);
        // A standard board written as a size would group apart from its own level.
        match Level::of(width, height, mines) {
            custom @ Level::Custom { .. } => Ok(custom),
            _ => Err(bad()),
        }
    }
}

impl From<Level> for String {
    fn from(level: Level) -> String {
        level.to_string()
    }
}

impl TryFrom<String> for Level {
    type Error = LevelError;

    fn try_from(s: String) -> Result<Level, LevelError> {
        s.parse()
    }
}
