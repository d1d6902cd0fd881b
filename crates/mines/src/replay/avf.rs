//! Arbiter's `.avf`, as far as it is understood: the format was never published, and what
//! is known comes from reading files (ms-toollib's parser, minesweeper-rawvf's converter).
//!
//! Known: byte 0 is Arbiter's version; bytes 1 to 4 are random; byte 5 the level (3
//! beginner, 4 intermediate, 5 expert, 6 custom, which adds width-1, height-1 and a 16-bit
//! mine count); then each mine as a 1-based row and column byte. A checksum of the board in
//! digits follows (skipped by its length), a country byte, and a bracketed text header such
//! as `[0|26.10.2022.23:13:27:2236|26.23:13:29:7764|B7T3.52]`: the question-mark setting
//! (the byte three before the bracket), the start and end stamps, the 3BV after `B` and
//! the time after `T`, one second more than the game's. Events are 8 bytes each: the action,
//! x high, seconds low, x low, hundredths, y high, seconds high, y low. After the events, the
//! player's name follows a `Skin:` line. Not understood: the random bytes, the bytes between
//! the country and the header, and the footer beyond the name.

use super::cursor::{ByteCursor, text};
use super::stamp::Played;
use super::{
    Action, AvfHeaderField, Event, First, Format, Malformed, Replay, ReplayError, mines_by_pairs,
};
use crate::layout::Layout;
use grid_core::geom::Pos;

pub(super) fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let mut b = ByteCursor::new(data);
    b.u8()?; // Arbiter's version
    b.skip(4)?;
    let level_at = b.offset();
    let level = b.u8()?;
    let custom = level == 6;
    // The mine count, and the byte that gives it: the level's, or the custom header's.
    let (width, height, count) = match level {
        3 => (8, 8, (10, level_at)),
        4 => (16, 16, (40, level_at)),
        5 => (30, 16, (99, level_at)),
        6 => {
            let w = usize::from(b.u8()?) + 1;
            let h = usize::from(b.u8()?) + 1;
            let at = b.offset();
            (w, h, (usize::from(b.u16()?), at))
        }
        other => {
            return Err(ReplayError::at_byte(
                level_at,
                Malformed::AvfLevel { level: other },
            ));
        }
    };
    let layout = mines_by_pairs(&mut b, (width, height), count, (First::Row, 1), "AVF")?;
    b.skip(checksum_len(&layout) + 4)?;
    b.u8()?; // country, as a code of Arbiter's own
    let question_marks = header_start(&mut b)?;
    let header = Header::read(&mut b, custom)?;
    let events = events(&mut b)?;
    let time_ms = game_time(header.time_ms, &events);
    let player = player(&mut b)?;
    Ok(Replay {
        format: Format::Avf,
        software: "Arbiter".into(),
        player,
        race: None,
        unique: None,
        country: None,
        layout,
        cell_px: 16,
        mode: 0,
        question_marks: Some(question_marks),
        declared_won: None,
        time_ms,
        played: header.played,
        official: None,
        fair: None,
        events,
    })
}

/// The length of the board checksum Arbiter writes in digits: a weighted sum over the
/// tiles, read column by column.
fn checksum_len(layout: &Layout) -> usize {
    let mut t: u64 = 0;
    for col in 0..layout.width() {
        for row in 0..layout.height() {
            let p = Pos { row, col };
            let value = if layout.is_mine(p) {
                10
            } else {
                u64::from(layout.number(p)) + 1
            };
            t += value * (col as u64 + col as u64 * row as u64);
        }
    }
    t.to_string().len()
}

/// Finds the `[n|` that opens the text header; the byte three before it says whether
/// question marks were on (17) or off (127).
fn header_start(b: &mut ByteCursor) -> Result<bool, ReplayError> {
    let mut window = [0u8; 5];
    loop {
        window.rotate_left(1);
        window[4] = b.u8()?;
        if window[2] == b'[' && (b'0'..=b'3').contains(&window[3]) && window[4] == b'|' {
            break;
        }
    }
    match window[0] {
        17 => Ok(true),
        127 => Ok(false),
        other => Err(b.error(Malformed::QuestionMarks { setting: other })),
    }
}

struct Header {
    time_ms: i64,
    /// The start and end stamps, `None` when they are not in Arbiter's form.
    played: Option<Played>,
}

impl Header {
    fn read(b: &mut ByteCursor, custom: bool) -> Result<Header, ReplayError> {
        if custom {
            b.until(b'|')?; // W8H11M7
        }
        let start = text(b.until(b'|')?);
        // The end stamp ends at `B`, or at `|` when more fields come before `|B`.
        let mut end = Vec::new();
        loop {
            let c = b.u8()?;
            if c == b'B' {
                break;
            }
            if c == b'|' {
                let mut prev = c;
                loop {
                    let c = b.u8()?;
                    if prev == b'|' && c == b'B' {
                        break;
                    }
                    prev = c;
                }
                break;
            }
            end.push(c);
        }
        let played = Played::arbiter(&start, &text(&end));
        let at = b.offset();
        let bbbv = b.until(b'T')?;
        std::str::from_utf8(bbbv)
            .ok()
            .and_then(|s| s.parse::<usize>().ok())
            .ok_or_else(|| {
                ReplayError::at_byte(
                    at,
                    Malformed::AvfHeaderNumber {
                        field: AvfHeaderField::ThreeBv,
                    },
                )
            })?;
        let at = b.offset();
        let time = b.until(b']')?;
        let time_ms = decimal_ms(&text(time).replace(',', ".")).ok_or_else(|| {
            ReplayError::at_byte(
                at,
                Malformed::AvfHeaderNumber {
                    field: AvfHeaderField::Time,
                },
            )
        })?;
        Ok(Header {
            time_ms: time_ms - 1000,
            played,
        })
    }
}

/// Milliseconds in a decimal number of seconds such as `49.25`.
fn decimal_ms(s: &str) -> Option<i64> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|c| c.is_ascii_digit()) || whole.len() > 9 {
        return None;
    }
    if !frac.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut ms: i64 = whole.parse::<i64>().ok()? * 1000;
    for (i, d) in frac.bytes().take(3).enumerate() {
        ms += i64::from(d - b'0') * [100, 10, 1][i];
    }
    Some(ms)
}

fn events(b: &mut ByteCursor) -> Result<Vec<Event>, ReplayError> {
    // The first event starts at the first byte pair whose second byte is 1 (the first
    // second) and whose first is at most 1 (x below 512).
    let mut w = [0u8; 3];
    while w[2] != 1 || w[1] > 1 {
        w = [w[1], w[2], b.u8()?];
    }
    let mut e = [0u8; 8];
    e[..3].copy_from_slice(&w);
    e[3..].copy_from_slice(b.take(5)?);
    let mut events = Vec::new();
    loop {
        let at = b.offset() - 8;
        let action = match e[0] {
            1 => Action::Move,
            3 => Action::LeftDown,
            5 | 21 => Action::LeftUp,
            9 => Action::RightDown,
            17 | 145 => Action::RightUp,
            33 => Action::MiddleDown,
            65 | 193 => Action::MiddleUp,
            other => {
                return Err(ReplayError::at_byte(
                    at,
                    Malformed::AvfAction {
                        event: events.len(),
                        code: other,
                    },
                ));
            }
        };
        let seconds = i64::from(u16::from(e[6]) << 8 | u16::from(e[2]));
        events.push(Event {
            ms: (seconds - 1) * 1000 + i64::from(e[4]) * 10,
            action,
            x: u16::from(e[1]) << 8 | u16::from(e[3]),
            y: u16::from(e[5]) << 8 | u16::from(e[7]),
        });
        e.copy_from_slice(b.take(8)?);
        if e[2] == 0 && e[6] == 0 {
            break;
        }
    }
    Ok(events)
}

/// The game's time: the header's, unless the events run past it (the header is sometimes
/// wrong), then from the first left release to the last event.
fn game_time(header_ms: i64, events: &[Event]) -> u32 {
    let last = events.last().map_or(0, |e| e.ms);
    let ms = if header_ms < last {
        let first_release = events
            .iter()
            .find(|e| e.action == Action::LeftUp)
            .map_or(0, |e| e.ms);
        last - first_release
    } else {
        header_ms
    };
    u32::try_from(ms.max(0)).unwrap_or(u32::MAX)
}

/// The player's name: the line after the one holding `Skin:`.
fn player(b: &mut ByteCursor) -> Result<String, ReplayError> {
    for c in b"Skin:" {
        while b.u8()? != *c {}
    }
    b.until(b'\r')?;
    Ok(text(b.until(b'\r')?))
}
