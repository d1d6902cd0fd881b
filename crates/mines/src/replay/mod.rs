//! Replays: the recorded games of the Minesweeper community's clones, read into one shape,
//! played back through the same referee the clones use, and measured and judged.
//!
//! - [`read`] tells the four formats apart by their content and reads any of them:
//!   Arbiter's `.avf`, Metasweeper's `.evf` (versions 0 to 4), Viennasweeper's `.rmv`
//!   (versions 1 and 2) and Minesweeper Clone 0.97's `.mvf`;
//! - [`referee`] replays the mouse events the way the clones count clicks (a press and a
//!   release on a tile is one click; both buttons down is a chord);
//! - [`figures`] holds the board's and the game's figures (3BV, ZiNi, IOE, STNB, ...);
//! - [`path`] measures how far the mouse travelled while the game was on;
//! - [`judge`] asks the exact solver, click by click, what the player risked;
//! - [`evf`] also writes version 4 files, for games played in `mines`;
//! - [`stamp`] holds when a game was played, as the file records it;
//! - [`timeline`] holds the board's changes click by click, for playing a replay back;
//! - [`document`] writes a replay as a mines document's `replay` object and reads it back.
//!
//! The formats' specifications are public (EVF: eee555/ms-toollib, "evf format"; RMV:
//! ralokt/rmv_spec); AVF and MVF are reverse-engineered, and docs/format.md says which of
//! their bytes are understood.

mod avf;
mod cursor;
pub mod document;
mod error;
pub mod evf;
pub mod figures;
pub mod judge;
mod mvf;
pub mod path;
pub mod referee;
mod rmv;
pub mod stamp;
pub mod timeline;

use crate::layout::Layout;
pub use error::{AvfHeaderField, Malformed, ReplayError, Unplayable};
use grid_core::geom::Pos;
use stamp::Played;

/// The largest board any replay format can describe (AVF stores a side less one in a byte,
/// EVF and RMV a side in a byte).
pub const MAX_SIDE: usize = 256;

/// A recorded game, whatever format it came in.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub format: Format,
    /// The program that recorded it, as the file names it ("Arbiter", "Viennasweeper", ...).
    pub software: String,
    pub player: String,
    /// The tournament identifier, where the file gives one.
    pub race: Option<String>,
    /// The identifier that tells players of one name apart, or the nickname, where the file
    /// gives one.
    pub unique: Option<String>,
    /// The player's country, where the file gives one.
    pub country: Option<String>,
    pub layout: Layout,
    /// The side of a tile in pixels: the events' coordinates are in pixels.
    pub cell_px: u16,
    /// The game mode, numbered as EVF numbers them (0 standard, 1 UPK, 4 Win7, 5 to 10 the
    /// kinds of no-guess and guess boards, ...).
    pub mode: u16,
    /// Whether question marks were on, where the file says.
    pub question_marks: Option<bool>,
    /// Whether the file says the game was won (AVF does not: the referee decides).
    pub declared_won: Option<bool>,
    /// The game's time in milliseconds, as the format defines it: from the first opening
    /// click to the last click that cleared the board (or blew it up).
    pub time_ms: u32,
    /// When the game was played, where the file records it ([`stamp`]).
    pub played: Option<Played>,
    /// EVF's flags: whether the clone says the game was played under its official rules,
    /// and on a fair board; `None` for the formats that do not record them.
    pub official: Option<bool>,
    pub fair: Option<bool>,
    pub events: Vec<Event>,
}

/// Which format a replay came in, and its version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Avf,
    Evf(u8),
    Rmv(u16),
    Mvf,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Avf => "avf",
            Format::Evf(_) => "evf",
            Format::Rmv(_) => "rmv",
            Format::Mvf => "mvf",
        }
    }

    pub fn version(self) -> Option<u16> {
        match self {
            Format::Evf(v) => Some(v.into()),
            Format::Rmv(v) => Some(v),
            Format::Avf | Format::Mvf => None,
        }
    }
}

/// One recorded event: when, what, and where the pointer was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Event {
    /// Milliseconds on the recording's clock (each format starts it somewhere else; AVF's can
    /// be negative, before the first click).
    pub ms: i64,
    pub action: Action,
    /// The pointer, in pixels from the board's top-left corner.
    pub x: u16,
    pub y: u16,
}

/// What happened, in the community's two-letter codes (the EVF specification's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// `mv`: the pointer moved.
    Move,
    /// `lc`, `lr`: the left button went down, up.
    LeftDown,
    LeftUp,
    /// `rc`, `rr`: the right button.
    RightDown,
    RightUp,
    /// `mc`, `mr`: the middle button (a chord on most clones).
    MiddleDown,
    MiddleUp,
    /// `pf`: a flag placed before the game began, whose clicks were not recorded.
    PreFlag,
    /// `cc`: both buttons down, the file not saying which went down last.
    BothDown,
    /// `l`, `r`, `m`: a button changed, the file not saying whether down or up.
    Left,
    Right,
    Middle,
    /// EVF 4's game events: the game restarted, was won, was lost, or the clone failed.
    GameReplay,
    GameWin,
    GameFail,
    GameError,
}

impl Action {
    pub const ALL: [Action; 16] = [
        Action::Move,
        Action::LeftDown,
        Action::LeftUp,
        Action::RightDown,
        Action::RightUp,
        Action::MiddleDown,
        Action::MiddleUp,
        Action::PreFlag,
        Action::BothDown,
        Action::Left,
        Action::Right,
        Action::Middle,
        Action::GameReplay,
        Action::GameWin,
        Action::GameFail,
        Action::GameError,
    ];

    /// The code docs/format.md and the EVF specification use.
    pub fn code(self) -> &'static str {
        match self {
            Action::Move => "mv",
            Action::LeftDown => "lc",
            Action::LeftUp => "lr",
            Action::RightDown => "rc",
            Action::RightUp => "rr",
            Action::MiddleDown => "mc",
            Action::MiddleUp => "mr",
            Action::PreFlag => "pf",
            Action::BothDown => "cc",
            Action::Left => "l",
            Action::Right => "r",
            Action::Middle => "m",
            Action::GameReplay => "replay",
            Action::GameWin => "win",
            Action::GameFail => "fail",
            Action::GameError => "error",
        }
    }

    pub fn from_code(code: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.code() == code)
    }

    /// A mouse action, as opposed to a game event.
    pub fn is_mouse(self) -> bool {
        !matches!(
            self,
            Action::GameReplay | Action::GameWin | Action::GameFail | Action::GameError
        )
    }
}

impl Replay {
    pub fn width(&self) -> usize {
        self.layout.width()
    }

    pub fn height(&self) -> usize {
        self.layout.height()
    }

    /// The tile under the pointer of `event`, or `None` outside the board.
    pub fn tile(&self, event: &Event) -> Option<Pos> {
        let px = usize::from(self.cell_px.max(1));
        let (col, row) = (usize::from(event.x) / px, usize::from(event.y) / px);
        (row < self.height() && col < self.width()).then_some(Pos { row, col })
    }

    /// The level the board is, by the clones' names: Arbiter's beginner is 8x8 with 10 mines,
    /// Windows' 9x9.
    pub fn level(&self) -> &'static str {
        match (self.width(), self.height(), self.layout.count()) {
            (8, 8, 10) | (9, 9, 10) => "beginner",
            (16, 16, 40) => "intermediate",
            (30, 16, 99) => "expert",
            _ => "custom",
        }
    }
}

/// The name of a game mode, numbered as EVF (and RMV 2) number them.
pub fn mode_name(code: u16) -> &'static str {
    match code {
        0 => "standard",
        1 => "upk",
        2 => "cheat",
        3 => "density",
        4 => "win7",
        5 => "competitive solvable",
        6 => "strong solvable",
        7 => "weak solvable",
        8 => "to-be solvable",
        9 => "strong guessable",
        10 => "weak guessable",
        11 => "chording recursive",
        12 => "flag recursive",
        13 => "chording flag recursive",
        14 => "solvable chording recursive",
        15 => "solvable flag recursive",
        16 => "solvable chording flag recursive",
        65535 => "no rule",
        _ => "unknown",
    }
}

/// Whether a mode promises boards that deduction alone clears.
pub fn mode_is_no_guess(code: u16) -> bool {
    matches!(code, 5..=8 | 14..=16)
}

/// A text field the file may leave empty: `None` when it does.
fn given(text: String) -> Option<String> {
    (!text.is_empty()).then_some(text)
}

/// Reads a replay in any of the four formats, told apart by their first bytes: `*rmv` is
/// RMV, `0x11 'M'` Minesweeper Clone's MVF, a first byte of 0 to 4 EVF (its version), and
/// anything else AVF (whose first byte is Arbiter's version, 30 and up).
pub fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let replay = match data {
        [] => return Err(ReplayError::Empty),
        [b'*', b'r', b'm', b'v', ..] => rmv::read(data)?,
        [0x11, b'M', ..] => mvf::read(data)?,
        [0..=4, ..] => evf::read(data)?,
        // AVF has no signature: its level byte, 3 to 6, is the one sign of it.
        [_, _, _, _, _, 3..=6, ..] => avf::read(data)?,
        _ => return Err(ReplayError::NotAReplay),
    };
    check_events(&replay)?;
    Ok(replay)
}

/// Checks what the parsers cannot: that the board has mines to play around and that every
/// event the referee will place on a tile lies on the board or plainly off it.
fn check_events(replay: &Replay) -> Result<(), ReplayError> {
    if replay.layout.count() >= replay.width() * replay.height() {
        return Err(ReplayError::NoSafeTile {
            mines: replay.layout.count(),
            width: replay.width(),
            height: replay.height(),
        });
    }
    if replay.cell_px == 0 {
        return Err(ReplayError::NoPixels);
    }
    for (i, e) in replay.events.iter().enumerate() {
        if e.action == Action::PreFlag && replay.tile(e).is_none() {
            return Err(ReplayError::at_event(
                i,
                Unplayable::PreFlagOutside { x: e.x, y: e.y },
            ));
        }
    }
    Ok(())
}

/// A board of `width` x `height` with mines at `mines`, checked against the format's limits
/// before any memory is taken.
fn board(
    width: usize,
    height: usize,
    mines: impl IntoIterator<Item = Pos>,
    at: usize,
) -> Result<Layout, ReplayError> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(ReplayError::at_byte(
            at,
            Malformed::Sides {
                width,
                height,
                max: MAX_SIDE,
            },
        ));
    }
    let mut grid = grid_core::Grid::new(width, height, false);
    for p in mines {
        if p.row >= height || p.col >= width {
            return Err(ReplayError::at_byte(
                at,
                Malformed::MineOutside {
                    row: p.row,
                    col: p.col,
                    width,
                    height,
                },
            ));
        }
        grid[p] = true;
    }
    Ok(Layout::from_grid(grid))
}

/// Refuses a board without mines, whose count is stored at byte `at`: no clone makes one, and
/// a game on it is won by its first click, so such a header is a damaged file.
fn no_mines(count: usize, at: usize) -> Result<(), ReplayError> {
    if count == 0 {
        return Err(ReplayError::at_byte(at, Malformed::NoMines));
    }
    Ok(())
}

/// Which coordinate of a mine a format stores first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum First {
    Row,
    Col,
}

/// A board whose `count` mines (stored at byte `count_at`) are stored as byte pairs (`first`
/// coordinate first, counting from `base`), as AVF, RMV and MVF store them; the count is
/// checked against the board before any mine is read. `format` names the format in messages.
fn mines_by_pairs(
    b: &mut cursor::ByteCursor,
    (width, height): (usize, usize),
    (count, count_at): (usize, usize),
    (first, base): (First, u8),
    format: &'static str,
) -> Result<Layout, ReplayError> {
    no_mines(count, count_at)?;
    if width * height > 0 && count >= width * height {
        return Err(b.error(Malformed::TooManyMines {
            count,
            width,
            height,
        }));
    }
    let at = b.offset();
    let mut mines = Vec::with_capacity(count.min(width * height));
    for _ in 0..count {
        let (a, c) = (b.u8()?, b.u8()?);
        let (row, col) = match first {
            First::Row => (a, c),
            First::Col => (c, a),
        };
        if row < base || col < base {
            return Err(b.error(Malformed::MineAtZero { format, base }));
        }
        mines.push(Pos {
            row: usize::from(row - base),
            col: usize::from(col - base),
        });
    }
    board(width, height, mines, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_short_files_are_no_replay() {
        for data in [&b"# gridkit\nreadme text"[..], b"garbage\n", b"\x09ab"] {
            assert_eq!(read(data).unwrap_err(), ReplayError::NotAReplay, "{data:?}");
        }
    }
}
