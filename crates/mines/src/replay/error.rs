//! What is wrong with a replay, and where, as types whose variants carry the figures: a byte
//! offset and what the bytes there say for the file's structure, an event number for a game
//! that cannot have been played as recorded. The tools word them for their users; the
//! messages name no command-line flag.

use super::Action;
use crate::solver::AnalyseError;

/// What is wrong with a replay, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The file has no bytes.
    #[error("the file is empty")]
    Empty,
    /// The first bytes are none of the four formats': not RMV's `*rmv`, MVF's `0x11 M`,
    /// EVF's version 0 to 4, nor an AVF's level 3 to 6 at byte 5 (AVF has no signature).
    #[error("not a replay: its first bytes are no AVF, EVF, RMV or MVF file's")]
    NotAReplay,
    /// The bytes from offset `at` do not say what the format says they must.
    #[error("byte {at}: {problem}")]
    Malformed { at: usize, problem: Malformed },
    /// Event number `event` (from 0) cannot have happened in the game.
    #[error("event {event}: {problem}")]
    Unplayable { event: usize, problem: Unplayable },
    /// As many mines as tiles: nothing is left to play.
    #[error("{mines} mines on a {width}x{height} board leave no safe tile")]
    NoSafeTile {
        mines: usize,
        width: usize,
        height: usize,
    },
    /// Tiles of no size: no event can be placed on the board.
    #[error("the tiles are 0 pixels wide")]
    NoPixels,
}

/// What the bytes at an offset say that the format does not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Malformed {
    #[error("the file ends in the middle of a field")]
    Truncated,
    #[error("the file ends inside a text field")]
    UnendedText,
    /// AVF's level byte.
    #[error("level {level}: Arbiter's levels are 3 to 6")]
    AvfLevel { level: u8 },
    /// AVF's question-mark byte.
    #[error("the question-mark setting is {setting}, neither 17 (on) nor 127 (off)")]
    QuestionMarks { setting: u8 },
    /// A figure of AVF's text header that is not a number.
    #[error("the {field} is not a number")]
    AvfHeaderNumber { field: AvfHeaderField },
    #[error("event {event}: action code {code} is not one AVF is known to use")]
    AvfAction { event: usize, code: u8 },
    /// EVF's sides, one of them 0.
    #[error("a {width}x{height} board")]
    NoSides { width: usize, height: usize },
    /// EVF's board measured in pixels, past its signed coordinates.
    #[error(
        "a {width}x{height} board of {cell_px}-pixel tiles: EVF allows at most {limit} pixels a side"
    )]
    TooManyPixels {
        width: usize,
        height: usize,
        cell_px: u16,
        limit: usize,
    },
    /// EVF's header and its board of mine bits disagree.
    #[error("the header says {header} mines, the board holds {board}")]
    MineCountDiffers { header: usize, board: usize },
    #[error("event {event}: unknown action code {code}")]
    UnknownAction { event: usize, code: u8 },
    /// EVF 4's first event, which must be a mouse event with an absolute position.
    #[error("the first event is code {code}; it must be a move, a press or a flag")]
    FirstEvent { code: u8 },
    #[error("event {event}: unknown event code {code}")]
    UnknownEvent { event: usize, code: u8 },
    #[error("RMV version {version}; versions 1 and 2 are known")]
    RmvVersion { version: u16 },
    #[error("fewer than the {least} properties every RMV has")]
    RmvProperties { found: usize, least: usize },
    #[error("an RMV 2 file without its tile size property")]
    RmvTileSize,
    #[error("an MVF version other than 0.97 beta, which is not understood")]
    MvfVersion,
    /// MVF's sides, past what its 9-bit coordinates reach.
    #[error("a {width}x{height} board: MVF's coordinates reach {limit} tiles a side")]
    MvfSides {
        width: usize,
        height: usize,
        limit: usize,
    },
    /// MVF's event count, more than the bytes left hold.
    #[error("{events} events, more than the file holds")]
    EventCount { events: usize },
    /// Sides of 0 tiles, or past what any format stores.
    #[error("a {width}x{height} board: a replay's sides are 1 to {max} tiles")]
    Sides {
        width: usize,
        height: usize,
        max: usize,
    },
    #[error("a mine at row {row} column {col}, outside the {width}x{height} board")]
    MineOutside {
        row: usize,
        col: usize,
        width: usize,
        height: usize,
    },
    /// A mine count, read before the mines, that leaves no safe tile.
    #[error("{count} mines on a {width}x{height} board")]
    TooManyMines {
        count: usize,
        width: usize,
        height: usize,
    },
    /// A mine at coordinate 0 in a format that counts from 1.
    #[error("a mine at row or column 0 ({format} counts from {base})")]
    MineAtZero { format: &'static str, base: u8 },
    /// A mine count of 0: no clone makes such a board, and any click wins its game.
    #[error("a board without mines, which no game is played on")]
    NoMines,
}

/// Which figure of AVF's text header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AvfHeaderField {
    /// The 3BV, after `B`.
    ThreeBv,
    /// The time, after `T`.
    Time,
}

impl std::fmt::Display for AvfHeaderField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AvfHeaderField::ThreeBv => "3BV after `B`",
            AvfHeaderField::Time => "time after `T`",
        })
    }
}

/// Why an event cannot have happened.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unplayable {
    /// The referee refuses `action` in the state the game is in.
    #[error("`{}`: {problem}", action.code())]
    Misstep { action: Action, problem: Misstep },
    /// A flag placed before the game, at a pixel off the board.
    #[error("a flag placed at pixel ({x}, {y}), outside the board")]
    PreFlagOutside { x: u16, y: u16 },
    /// The position before the click is one the solver finds impossible.
    #[error("the position cannot be judged: {0}")]
    Unjudgeable(AnalyseError),
}

impl ReplayError {
    pub fn at_byte(at: usize, problem: Malformed) -> Self {
        ReplayError::Malformed { at, problem }
    }

    pub fn at_event(event: usize, problem: Unplayable) -> Self {
        ReplayError::Unplayable { event, problem }
    }
}

/// Why the referee refuses an event: the game cannot have been in a state where it happens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Misstep {
    #[error("a button event the file cannot have before the game starts")]
    BeforeTheGame,
    #[error("a right press while the right button is already down")]
    RightPressedTwice,
    #[error("both buttons pressed while both are down")]
    BothPressedTwice,
    #[error("a flag marked as placed before the game, during it")]
    PreFlagDuringTheGame,
    #[error("a flag placed before the game on a tile that is not covered")]
    PreFlagNotCovered,
    #[error("a question mark, which replays do not use")]
    QuestionMark,
}
