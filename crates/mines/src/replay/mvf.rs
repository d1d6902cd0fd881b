//! Minesweeper Clone's `.mvf`, version 0.97 beta, as far as it is understood (the format was
//! never published; ms-toollib and minesweeper-rawvf read it from files). The header holds
//! the date, level, mode, score, 3BV and clicks, the board (mines by 1-based column and
//! row), and the player's name. Each event is 5 bytes whose 40 bits are shuffled by a
//! permutation derived from a 16-bit key in the file: the three buttons, y and x in 9 bits,
//! hundredths in 7 and seconds in 10. Events record the buttons' state, so presses and
//! releases are the changes between one event and the next. The older versions (Minesweeper
//! Clone 0.96 and before, and the 2006-2007 formats) are not understood and are refused.

use super::cursor::{ByteCursor, text};
use super::stamp::{Played, Stamp, Zone};
use super::{Action, Event, First, Format, Malformed, Replay, ReplayError, mines_by_pairs};

pub(super) fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let mut b = ByteCursor::new(data);
    b.skip(2)?;
    b.skip(25)?;
    let at = b.offset();
    if b.u8()? != b'5' {
        return Err(ReplayError::at_byte(at, Malformed::MvfVersion));
    }
    b.skip(46)?;
    let start = local_stamp(&mut b)?;
    b.u8()?; // level
    let mode = match b.u8()? {
        1 => 0, // classic
        2 => 3, // density
        3 => 1, // UPK
        _ => 2, // cheat
    };
    b.skip(3)?; // the score, seconds and hundredths
    let three_bv = b.u16()?;
    let solved = b.u16()?;
    b.skip(6)?; // left, double and right clicks
    let question_marks = b.u8()? != 0;
    let width = usize::from(b.u8()?);
    let height = usize::from(b.u8()?);
    let count = usize::from(b.u16()?);
    let size_at = b.offset() - 4;
    // Events hold x and y in 9 bits: 512 pixels, 32 tiles of 16.
    if width > 32 || height > 32 {
        return Err(ReplayError::at_byte(
            size_at,
            Malformed::MvfSides {
                width,
                height,
                limit: 32,
            },
        ));
    }
    let layout = mines_by_pairs(
        &mut b,
        (width, height),
        (count, size_at + 2),
        (First::Col, 1),
        "MVF",
    )?;
    let name_len = b.u8()?;
    let player = text(b.take(usize::from(name_len))?);
    let key = Permutation::new(b.u16()?);
    let n = b.u24()? as usize;
    if n == 0 || n > (data.len() - b.offset()) / 5 {
        return Err(b.error(Malformed::EventCount { events: n }));
    }
    let events = events(&mut b, &key, n, width, height)?;
    let first_release = events
        .iter()
        .find(|e| e.action == Action::LeftUp)
        .map_or(0, |e| e.ms);
    let time_ms = events.last().map_or(0, |e| e.ms) - first_release;
    Ok(Replay {
        format: Format::Mvf,
        software: "0.97 beta".into(),
        player,
        race: None,
        unique: None,
        country: None,
        layout,
        cell_px: 16,
        mode,
        question_marks: Some(question_marks),
        declared_won: Some(three_bv == solved),
        time_ms: u32::try_from(time_ms.max(0)).unwrap_or(u32::MAX),
        played: start
            .map(|s| Played::lasting(s, u32::try_from(time_ms.max(0)).unwrap_or(u32::MAX))),
        official: None,
        fair: None,
        events,
    })
}

/// The game's start: month, day, year (2 bytes), hour, minute and second on the player's
/// machine's clock; `None` when they are no date (the end is the start and the game's time).
fn local_stamp(b: &mut ByteCursor) -> Result<Option<Stamp>, ReplayError> {
    let (month, day, year) = (b.u8()?, b.u8()?, b.u16()?);
    let (hour, minute, second) = (b.u8()?, b.u8()?, b.u8()?);
    Ok(
        chrono::NaiveDate::from_ymd_opt(year.into(), month.into(), day.into())
            .and_then(|d| d.and_hms_opt(hour.into(), minute.into(), second.into()))
            .map(|at| Stamp {
                at,
                zone: Zone::Local,
            }),
    )
}

/// Where each of an event's 40 bits lies in its 5 bytes.
struct Permutation {
    byte: [usize; 40],
    bit: [u8; 40],
}

impl Permutation {
    /// The permutation of a file's key: five 8-digit numbers from trigonometry of the key,
    /// and the bits taken in the order of their digits, 0s first.
    fn new(key: u16) -> Self {
        const SCALE: f64 = 100_000_000.0;
        let lead = f64::from(key);
        let n1 = lead.sqrt();
        let n2 = (lead + 1000.0).sqrt();
        let n3 = (n1 + 1000.0).sqrt();
        let parts = [
            (n3 + 1000.0).cos(),
            n2.sqrt().sin(),
            n3.cos(),
            (n1.sqrt() + 1000.0).sin(),
            (n2 + 1000.0).sqrt().cos(),
        ];
        let mut digits = Vec::with_capacity(40);
        for v in parts {
            let code = format!("{:08}", (v * SCALE).abs().round() as u64);
            digits.extend(code.bytes().take(8));
        }
        let mut p = Permutation {
            byte: [0; 40],
            bit: [0; 40],
        };
        let mut cur = 0;
        for d in b'0'..=b'9' {
            for (j, &c) in digits.iter().enumerate() {
                if c == d {
                    p.byte[cur] = j / 8;
                    p.bit[cur] = 1 << (j % 8);
                    cur += 1;
                }
            }
        }
        p
    }

    fn bit(&self, n: usize, e: &[u8]) -> u16 {
        u16::from(e[self.byte[n]] & self.bit[n] != 0)
    }

    fn bits(&self, from: usize, len: usize, e: &[u8]) -> u16 {
        (0..len).fold(0, |acc, j| acc | self.bit(from + j, e) << j)
    }
}

/// One decoded sample: which buttons are down, where, and when.
#[derive(Clone, Copy, PartialEq)]
struct Sample {
    right: bool,
    middle: bool,
    left: bool,
    x: u16,
    y: u16,
    ms: i64,
}

fn sample(p: &Permutation, e: &[u8]) -> Sample {
    Sample {
        right: p.bit(0, e) != 0,
        middle: p.bit(1, e) != 0,
        left: p.bit(2, e) != 0,
        y: p.bits(3, 9, e),
        x: p.bits(12, 9, e),
        ms: i64::from(p.bits(28, 10, e)) * 1000 + i64::from(p.bits(21, 7, e)) * 10,
    }
}

fn events(
    b: &mut ByteCursor,
    key: &Permutation,
    n: usize,
    width: usize,
    height: usize,
) -> Result<Vec<Event>, ReplayError> {
    let (right, bottom) = (width as u16 * 16, height as u16 * 16);
    let clamp = |s: &Sample| {
        if s.x >= right || s.y >= bottom {
            (right, bottom)
        } else {
            (s.x, s.y)
        }
    };
    let mut events = Vec::with_capacity(n * 2);
    let first = sample(key, b.take(5)?);
    let action = if first.middle {
        Action::MiddleDown
    } else if first.right {
        Action::RightDown
    } else if first.left {
        Action::LeftDown
    } else {
        Action::Move
    };
    let (x, y) = clamp(&first);
    events.push(Event {
        ms: first.ms,
        action,
        x,
        y,
    });
    let mut prev = first;
    for _ in 1..n {
        let s = sample(key, b.take(5)?);
        let (x, y) = clamp(&s);
        let changes = [
            (s.x != prev.x || s.y != prev.y, Action::Move),
            (s.left && !prev.left, Action::LeftDown),
            (s.right && !prev.right, Action::RightDown),
            (s.middle && !prev.middle, Action::MiddleDown),
            (!s.left && prev.left, Action::LeftUp),
            (!s.right && prev.right, Action::RightUp),
            (!s.middle && prev.middle, Action::MiddleUp),
        ];
        for (happened, action) in changes {
            if happened {
                events.push(Event {
                    ms: s.ms,
                    action,
                    x,
                    y,
                });
            }
        }
        prev = s;
    }
    Ok(events)
}
