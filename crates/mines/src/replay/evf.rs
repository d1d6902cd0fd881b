//! Metasweeper's `.evf`, versions 0 to 4, read as its specification describes it
//! (eee555/ms-toollib, "evf format"), and version 4 written, for the games played in `mines`.
//!
//! Every version opens with the version byte, a byte of summary bits (completed, official,
//! fair, no flags; v4 adds "translated") and, from v3 on, a byte of settings (question
//! marks off, ...). Then the rows, columns, mines, tile size in pixels, mode, 3BV and time,
//! the texts (software, player, race and unique identifiers, country, device), the mines as
//! one bit a tile, and the events. Up to v3 an event is absolute (action, time in 3 bytes, x
//! and y in 2); v4 stores time and position as differences from the event before, and adds
//! game, board, metric and pause events.

use super::bytes::{Bytes, text};
use super::{Action, Event, Format, Replay, ReplayError, board};
use grid_core::geom::Pos;

pub(super) fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let mut b = Bytes::new(data);
    let version = b.u8()?;
    let summary = b.u8()?;
    let settings = if version >= 3 { Some(b.u8()?) } else { None };
    let size_at = b.offset();
    let height = usize::from(b.u8()?);
    let width = usize::from(b.u8()?);
    let count = usize::from(b.u16()?);
    if width == 0 || height == 0 {
        return Err(ReplayError::at_byte(
            size_at,
            format!("a {width}x{height} board"),
        ));
    }
    super::no_mines(count, size_at + 2)?;
    let px_at = b.offset();
    let cell_px = u16::from(b.u8()?);
    // The specification's limit: the board's pixels fit the events' 16-bit coordinates.
    if (width.max(height)) * usize::from(cell_px) > 32767 {
        return Err(ReplayError::at_byte(
            px_at,
            format!(
                "a {width}x{height} board of {cell_px}-pixel tiles: EVF allows at most 32767 \
                 pixels a side"
            ),
        ));
    }
    let mode = b.u16()?;
    b.u16()?; // 3BV, which the referee counts itself
    let time_ms = if version >= 4 { b.u32()? } else { b.u24()? };
    let mut texts = Texts::default();
    if version >= 4 {
        texts.country = text(b.take(2)?);
        b.u64()?; // start stamp, microseconds since 1970
        b.u64()?; // end stamp
        texts.software = b.c_string()?;
        if summary & 0b0000_1000 != 0 {
            b.c_string()?; // the translating software
            b.c_string()?; // the original encoding
        }
        texts.player = b.c_string()?;
        texts.race = b.c_string()?;
        texts.unique = b.c_string()?;
        let uuid = b.u16()?;
        b.skip(usize::from(uuid))?;
    } else {
        texts.software = b.c_string()?;
        texts.player = b.c_string()?;
        texts.race = b.c_string()?;
        texts.unique = b.c_string()?;
        b.c_string()?; // start stamp
        b.c_string()?; // end stamp
        texts.country = b.c_string()?;
        if version >= 2 {
            b.until(0)?; // device
        }
    }
    let mines_at = b.offset();
    let bits = b.take((width * height).div_ceil(8))?;
    let mines = (0..width * height)
        .filter(|i| bits[i / 8] & (0x80 >> (i % 8)) != 0)
        .map(|i| Pos {
            row: i / width,
            col: i % width,
        });
    let layout = board(width, height, mines, mines_at)?;
    if layout.count() != count {
        return Err(ReplayError::at_byte(
            mines_at,
            format!(
                "the header says {count} mines, the board holds {}",
                layout.count()
            ),
        ));
    }
    let events = if version >= 4 {
        let metrics = usize::from(b.u16()?);
        for _ in 0..metrics {
            b.c_string()?;
        }
        events_v4(&mut b)?
    } else {
        events_v0(&mut b, version)?
    };
    Ok(Replay {
        format: Format::Evf(version),
        software: texts.software,
        player: texts.player,
        race: texts.race,
        unique: texts.unique,
        country: texts.country,
        layout,
        cell_px,
        mode,
        question_marks: settings.map(|s| s & 0x80 == 0),
        declared_won: Some(summary & 0x80 != 0),
        time_ms,
        events,
    })
}

#[derive(Default)]
struct Texts {
    software: String,
    player: String,
    race: String,
    unique: String,
    country: String,
}

/// The mouse action of an event code (1 to 12; `l`, `r` and `m` from version 3 on).
pub(super) fn mouse_action(code: u8, version: u8) -> Option<Action> {
    Some(match code {
        1 => Action::Move,
        2 => Action::LeftDown,
        3 => Action::LeftUp,
        4 => Action::RightDown,
        5 => Action::RightUp,
        6 => Action::MiddleDown,
        7 => Action::MiddleUp,
        8 => Action::PreFlag,
        9 => Action::BothDown,
        10 if version >= 3 => Action::Left,
        11 if version >= 3 => Action::Right,
        12 if version >= 3 => Action::Middle,
        _ => return None,
    })
}

fn events_v0(b: &mut Bytes, version: u8) -> Result<Vec<Event>, ReplayError> {
    let mut events = Vec::new();
    loop {
        let at = b.offset();
        let code = b.u8()?;
        match code {
            0 => {
                b.skip(32)?; // the checksum
                break;
            }
            255 => break,
            _ => {}
        }
        let action = mouse_action(code, version).ok_or_else(|| {
            ReplayError::at_byte(
                at,
                format!("event {}: unknown action code {code}", events.len()),
            )
        })?;
        let ms = i64::from(b.u24()?);
        let (x, y) = (b.u16()?, b.u16()?);
        events.push(Event { ms, action, x, y });
    }
    Ok(events)
}

fn events_v4(b: &mut Bytes) -> Result<Vec<Event>, ReplayError> {
    let mut events = Vec::new();
    let at = b.offset();
    let code = b.u8()?;
    let action = match code {
        1 | 2 | 4 | 8 => mouse_action(code, 4).expect("a mouse code"),
        _ => {
            return Err(ReplayError::at_byte(
                at,
                format!("the first event is code {code}; it must be a move, a press or a flag"),
            ));
        }
    };
    let ms = i64::from(b.u8()?);
    let (x, y) = (b.u16()?, b.u16()?);
    events.push(Event { ms, action, x, y });
    let (mut last_ms, mut x, mut y) = (ms, x, y);
    let mut paused: i64 = 0;
    loop {
        let at = b.offset();
        let code = b.u8()?;
        match code {
            0 => break,
            1..=12 => {
                let action = mouse_action(code, 4).expect("1 to 12 are mouse codes");
                let dt = i64::from(b.u8()?);
                x = x.wrapping_add_signed(b.i16()?);
                y = y.wrapping_add_signed(b.i16()?);
                last_ms += dt + paused;
                paused = 0;
                events.push(Event {
                    ms: last_ms,
                    action,
                    x,
                    y,
                });
            }
            81 | 82 | 83 | 99 => {
                let action = match code {
                    81 => Action::GameReplay,
                    82 => Action::GameWin,
                    83 => Action::GameFail,
                    _ => Action::GameError,
                };
                last_ms += i64::from(b.u8()?) + paused;
                paused = 0;
                events.push(Event {
                    ms: last_ms,
                    action,
                    x,
                    y,
                });
            }
            100..=199 => {
                b.skip(3)?; // a board event: time, column and row; the referee replays the board
            }
            200 | 201 => {
                b.u8()?;
                b.u16()?;
                if code == 200 {
                    b.skip(8)?;
                } else {
                    b.until(0)?;
                }
            }
            255 => paused += i64::from(b.u16()?),
            _ => {
                return Err(ReplayError::at_byte(
                    at,
                    format!("event {}: unknown event code {code}", events.len()),
                ));
            }
        }
    }
    let n = usize::from(b.u16()?);
    b.skip(n)?; // the checksum
    Ok(events)
}

/// What a version 4 file says about the game besides its events.
#[derive(Debug, Clone)]
pub struct Header<'a> {
    pub software: &'a str,
    pub player: &'a str,
    pub country: &'a str,
    /// Whether the game was won.
    pub won: bool,
    pub mode: u16,
    pub three_bv: usize,
    pub time_ms: u32,
    /// Start and end, in microseconds since 1970.
    pub started_us: u64,
    pub ended_us: u64,
    pub cell_px: u8,
}

/// Writes an EVF version 4 file of a game: `mines` and its `events` (times from the first
/// press, pixels from the board's corner). The checksum is left empty: the official one is
/// Metasweeper's secret.
pub fn write_v4(header: &Header, layout: &crate::Layout, events: &[Event]) -> Vec<u8> {
    let mut out = Vec::new();
    out.push(4);
    let won = if header.won { 0b1000_0000 } else { 0 };
    out.push(won);
    out.push(0); // settings: question marks on, pointer free, no auto-restart
    out.push(layout.height() as u8);
    out.push(layout.width() as u8);
    out.extend((layout.count() as u16).to_be_bytes());
    out.push(header.cell_px);
    out.extend(header.mode.to_be_bytes());
    out.extend((header.three_bv.min(usize::from(u16::MAX)) as u16).to_be_bytes());
    out.extend(header.time_ms.to_be_bytes());
    // Two letters, ISO 3166's; `XX` when unknown.
    out.extend(
        header
            .country
            .bytes()
            .chain(std::iter::repeat(b'X'))
            .take(2),
    );
    out.extend(header.started_us.to_be_bytes());
    out.extend(header.ended_us.to_be_bytes());
    for s in [header.software, header.player, "", ""] {
        out.extend(s.bytes().filter(|&c| c != 0));
        out.push(0);
    }
    out.extend(0u16.to_be_bytes()); // no device identifier
    let mut bits = vec![0u8; (layout.width() * layout.height()).div_ceil(8)];
    for (i, &mine) in layout.grid().cells().iter().enumerate() {
        if mine {
            bits[i / 8] |= 0x80 >> (i % 8);
        }
    }
    out.extend(bits);
    out.extend(0u16.to_be_bytes()); // no custom metrics
    let mut last: Option<Event> = None;
    for e in events {
        let code = event_code(e.action);
        match last {
            None => {
                out.push(code);
                out.push(e.ms.clamp(0, 255) as u8);
                out.extend(e.x.to_be_bytes());
                out.extend(e.y.to_be_bytes());
            }
            Some(prev) => {
                let mut dt = (e.ms - prev.ms).max(0);
                // Longer gaps than a byte holds go into pause events before the event.
                while dt > 255 {
                    let pause = (dt - 255).min(i64::from(u16::MAX));
                    out.push(255);
                    out.extend((pause as u16).to_be_bytes());
                    dt -= pause;
                }
                out.push(code);
                out.push(dt as u8);
                if e.action.is_mouse() {
                    out.extend((e.x.wrapping_sub(prev.x) as i16).to_be_bytes());
                    out.extend((e.y.wrapping_sub(prev.y) as i16).to_be_bytes());
                }
            }
        }
        last = Some(*e);
    }
    out.push(0);
    out.extend(0u16.to_be_bytes()); // an empty checksum
    out
}

fn event_code(action: Action) -> u8 {
    match action {
        Action::Move => 1,
        Action::LeftDown => 2,
        Action::LeftUp => 3,
        Action::RightDown => 4,
        Action::RightUp => 5,
        Action::MiddleDown => 6,
        Action::MiddleUp => 7,
        Action::PreFlag => 8,
        Action::BothDown => 9,
        Action::Left => 10,
        Action::Right => 11,
        Action::Middle => 12,
        Action::GameReplay => 81,
        Action::GameWin => 82,
        Action::GameFail => 83,
        Action::GameError => 99,
    }
}
