//! Viennasweeper's `.rmv`, versions 1 and 2, as ralokt/rmv_spec describes it: a header of
//! section sizes, the version text, the player's fields, the board (columns, rows, mines by
//! column and row), the flags placed before the game, one-byte properties (question marks,
//! no flags, mode, level; v2 adds the 3BV and the tile size), v2's named extension
//! properties, then mouse events (absolute, or v2's three-byte relative moves), board events
//! and the termination event.
//!
//! Viennasweeper records from the release of the first click: the press before it is implied,
//! and added here at the first event's time and place, as every analyser of RMV does.

use super::cursor::{ByteCursor, text};
use super::stamp::{Played, Stamp};
use super::{Action, Event, First, Format, Malformed, Replay, ReplayError, evf, mines_by_pairs};

pub(super) fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let mut b = ByteCursor::new(data);
    b.skip(4)?; // "*rmv"
    let at = b.offset();
    let version = b.u16()?;
    if !(1..=2).contains(&version) {
        return Err(ReplayError::at_byte(at, Malformed::RmvVersion { version }));
    }
    let clone_id = if version >= 2 {
        let id = b.u8()?;
        b.u8()?; // the clone's major version
        id
    } else {
        1
    };
    b.u32()?; // file size
    let result_size = if version == 1 { b.u16()? } else { 0 };
    let version_info_size = b.u16()?;
    b.u16()?; // player info size
    b.u16()?; // board size
    let preflags_size = b.u16()?;
    let properties_size = b.u16()?;
    if version >= 2 {
        b.u16()?; // extension properties size
    }
    b.u32()?; // events size
    b.u16()?; // checksum size
    b.skip(usize::from(result_size))?;
    b.skip(usize::from(version_info_size))?;
    let fields = b.u16()?;
    let mut player = Vec::new();
    for _ in 0..fields {
        let n = b.u8()?;
        player.push(text(b.take(usize::from(n))?));
    }
    let field = |i: usize| player.get(i).cloned().unwrap_or_default();
    // When the board was made, a Unix time in seconds: the game's start, as every analyser
    // of RMV takes it.
    let made = b.u32()?;
    let width = usize::from(b.u8()?);
    let height = usize::from(b.u8()?);
    let count_at = b.offset();
    let count = usize::from(b.u16()?);
    let layout = mines_by_pairs(
        &mut b,
        (width, height),
        (count, count_at),
        (First::Col, 0),
        "RMV",
    )?;
    let mut preflags = Vec::new();
    if preflags_size != 0 {
        let n = b.u16()?;
        for _ in 0..n {
            let (col, row) = (b.u8()?, b.u8()?);
            preflags.push((u16::from(col), u16::from(row)));
        }
    }
    let props_at = b.offset();
    let props = b.take(usize::from(properties_size))?;
    if props.len() < 4 {
        return Err(ReplayError::at_byte(
            props_at,
            Malformed::RmvProperties {
                found: props.len(),
                least: 4,
            },
        ));
    }
    let question_marks = props[0] != 0;
    let mode = u16::from(props[2]);
    let cell_px = if version >= 2 {
        u16::from(
            *props
                .get(6)
                .ok_or_else(|| ReplayError::at_byte(props_at, Malformed::RmvTileSize))?,
        )
    } else {
        16
    };
    let mut clone_name = None;
    if version >= 2 {
        let n = b.u16()?;
        for _ in 0..n {
            let key_len = b.u8()?;
            let key = b.take(usize::from(key_len))?;
            let value_len = b.u8()?;
            let value = b.take(usize::from(value_len))?;
            if key == b"clone_name" {
                clone_name = Some(text(value));
            }
        }
    }
    let software = match clone_id {
        1 => "Viennasweeper".to_owned(),
        0 => clone_name.unwrap_or_else(|| "unknown".to_owned()),
        2 => "Arbiter".to_owned(),
        3 => "MSX".to_owned(),
        4 => "Minesweeper Clone".to_owned(),
        5 => "Metasweeper".to_owned(),
        6 => "Freesweeper".to_owned(),
        7 => "MySweeper".to_owned(),
        other => format!("clone {other}"),
    };
    let mut events: Vec<Event> = preflags
        .into_iter()
        .map(|(col, row)| Event {
            ms: 0,
            action: Action::PreFlag,
            x: col * cell_px,
            y: row * cell_px,
        })
        .collect();
    let won = read_events(&mut b, version, &layout, cell_px, &mut events)?;
    let time_ms = events.last().map_or(0, |e| e.ms.max(0) as u32);
    Ok(Replay {
        format: Format::Rmv(version),
        software,
        player: field(0),
        race: None,
        unique: super::given(field(1)),
        country: super::given(field(2)),
        layout,
        cell_px,
        mode,
        question_marks: Some(question_marks),
        declared_won: Some(won),
        time_ms,
        played: Stamp::unix_micros(i64::from(made) * 1_000_000)
            .map(|start| Played::lasting(start, time_ms)),
        official: None,
        fair: None,
        events,
    })
}

/// Reads events up to the termination event, and says whether it was a win.
fn read_events(
    b: &mut ByteCursor,
    version: u16,
    layout: &crate::Layout,
    cell_px: u16,
    events: &mut Vec<Event>,
) -> Result<bool, ReplayError> {
    let (right, bottom) = (
        (layout.width() as u16).saturating_mul(cell_px),
        (layout.height() as u16).saturating_mul(cell_px),
    );
    let (mut x, mut y, mut ms) = (0u16, 0u16, 0i64);
    let mut first = true;
    loop {
        let at = b.offset();
        let code = b.u8()?;
        match code {
            0 if version == 1 => b.skip(4)?, // an old timestamp change
            1..=7 | 28 if code != 28 || (version >= 2 && !first) => {
                if code == 28 {
                    ms += i64::from(b.u8()?);
                    let d = b.u8()?;
                    x = x.wrapping_add_signed(i16::from(nibble(d >> 4)));
                    y = y.wrapping_add_signed(i16::from(nibble(d & 15)));
                } else {
                    ms = i64::from(b.u32()? >> 8); // 3 bytes of time, then the buttons
                    if version == 1 {
                        x = b.u16()?.wrapping_sub(12);
                        y = b.u16()?.wrapping_sub(56);
                    } else {
                        x = b.u16()?;
                        y = b.u16()?;
                    }
                }
                if x >= right || y >= bottom {
                    (x, y) = (right, bottom);
                }
                if first {
                    first = false;
                    events.push(Event {
                        ms,
                        action: Action::LeftDown,
                        x,
                        y,
                    });
                }
                // Codes 1 to 7 are EVF's; 28, the short move, is a move.
                let action = evf::mouse_action(code, 0).unwrap_or(Action::Move);
                events.push(Event { ms, action, x, y });
            }
            9..=14 | 18..=27 => b.skip(2)?, // a board event: the referee replays the board
            15..=17 => return Ok(code == 16),
            _ => {
                return Err(ReplayError::at_byte(
                    at,
                    Malformed::UnknownEvent {
                        event: events.len(),
                        code,
                    },
                ));
            }
        }
    }
}

/// A four-bit two's-complement number.
fn nibble(n: u8) -> i8 {
    ((n << 4) as i8) >> 4
}
