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

use super::cursor::{ByteCursor, text};
use super::stamp::{Played, Stamp, Zone};
use super::{Action, Event, Format, Malformed, Replay, ReplayError, board};
use grid_core::geom::Pos;

pub(super) fn read(data: &[u8]) -> Result<Replay, ReplayError> {
    let mut b = ByteCursor::new(data);
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
            Malformed::NoSides { width, height },
        ));
    }
    super::no_mines(count, size_at + 2)?;
    let px_at = b.offset();
    let cell_px = u16::from(b.u8()?);
    // The specification's limit: the board's pixels fit the events' 16-bit coordinates.
    if (width.max(height)) * usize::from(cell_px) > 32767 {
        return Err(ReplayError::at_byte(
            px_at,
            Malformed::TooManyPixels {
                width,
                height,
                cell_px,
                limit: 32767,
            },
        ));
    }
    let mode = b.u16()?;
    b.u16()?; // 3BV, which the referee counts itself
    let time_ms = if version >= 4 { b.u32()? } else { b.u24()? };
    let mut texts = Texts::default();
    if version >= 4 {
        texts.country = text(b.take(2)?);
        let (start, end) = (b.u64()?, b.u64()?); // microseconds since 1970
        texts.software = b.c_string()?;
        texts.played = v4_stamps(start, end, &texts.software);
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
        let (start, end) = (b.c_string()?, b.c_string()?);
        texts.played = text_stamps(&start, &end, &texts.software, time_ms);
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
            Malformed::MineCountDiffers {
                header: count,
                board: layout.count(),
            },
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
        race: super::given(texts.race),
        unique: super::given(texts.unique),
        country: super::given(texts.country),
        layout,
        cell_px,
        mode,
        question_marks: settings.map(|s| s & 0x80 == 0),
        declared_won: Some(summary & 0x80 != 0),
        time_ms,
        played: texts.played,
        official: Some(summary & 0b0100_0000 != 0),
        fair: Some(summary & 0b0010_0000 != 0),
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
    played: Option<Played>,
}

/// EVF 4's stamps, microseconds since 1970 (none when 0), on the clock of the program that
/// recorded the game ([`Zone::of_software`]).
fn v4_stamps(start: u64, end: u64, software: &str) -> Option<Played> {
    if start == 0 {
        return None;
    }
    let (start, end) = (i64::try_from(start).ok()?, i64::try_from(end).ok()?);
    Played::unix_micros(start, end, Zone::of_software(software))
}

/// EVF 0 to 3's stamps, text whose form depends on the program that wrote the file: Arbiter's
/// own, Viennasweeper's Unix seconds at the start (the end is the start and the game's time),
/// Metasweeper's Unix microseconds (and ms-toollib's converter writes microseconds for any
/// program); none for text in none of these forms.
fn text_stamps(start: &str, end: &str, software: &str, time_ms: u32) -> Option<Played> {
    let micros = || {
        let zone = Zone::of_software(software);
        Played::unix_micros(start.parse().ok()?, end.parse().ok()?, zone)
    };
    match software {
        "Arbiter" => Played::arbiter(start, end).or_else(micros),
        "Viennasweeper" => {
            let seconds: i64 = start.parse().ok()?;
            Some(Played::lasting(
                Stamp::unix_micros(seconds.checked_mul(1_000_000)?)?,
                time_ms,
            ))
        }
        _ => micros(),
    }
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

fn events_v0(b: &mut ByteCursor, version: u8) -> Result<Vec<Event>, ReplayError> {
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
                Malformed::UnknownAction {
                    event: events.len(),
                    code,
                },
            )
        })?;
        let ms = i64::from(b.u24()?);
        let (x, y) = (b.u16()?, b.u16()?);
        events.push(Event { ms, action, x, y });
    }
    Ok(events)
}

fn events_v4(b: &mut ByteCursor) -> Result<Vec<Event>, ReplayError> {
    let mut events = Vec::new();
    let at = b.offset();
    let code = b.u8()?;
    let action = match code {
        1 | 2 | 4 | 8 => mouse_action(code, 4).expect("a mouse code"),
        _ => {
            return Err(ReplayError::at_byte(at, Malformed::FirstEvent { code }));
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
                    Malformed::UnknownEvent {
                        event: events.len(),
                        code,
                    },
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

/// The longest side EVF stores: the rows and the columns are a byte each.
pub const MAX_SIDE: usize = u8::MAX as usize;

/// A board EVF cannot hold: a side longer than [`MAX_SIDE`] tiles, or a side of tiles wider
/// than the 32767 pixels its signed coordinates reach.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    pub width: usize,
    pub height: usize,
    pub cell_px: u8,
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let TooLarge {
            width,
            height,
            cell_px,
        } = *self;
        if width.max(height) > MAX_SIDE {
            write!(
                f,
                "a {width}x{height} board: EVF holds at most {MAX_SIDE} tiles a side"
            )
        } else {
            write!(
                f,
                "a {width}x{height} board of {cell_px}-pixel tiles: EVF allows at most 32767 \
                 pixels a side"
            )
        }
    }
}

impl std::error::Error for TooLarge {}

/// Whether EVF can hold a `width` x `height` board of `cell_px`-pixel tiles, so that a game
/// is refused before it is played rather than when it is saved. The mine count needs no
/// check: two bytes hold more mines than 255x255 tiles.
pub fn fits(width: usize, height: usize, cell_px: u8) -> Result<(), TooLarge> {
    let side = width.max(height);
    if side > MAX_SIDE || side * usize::from(cell_px) > 32767 {
        return Err(TooLarge {
            width,
            height,
            cell_px,
        });
    }
    Ok(())
}

/// Writes an EVF version 4 file of a game: `mines` and its `events` (times from the first
/// press, pixels from the board's corner). The checksum is left empty: the official one is
/// Metasweeper's secret. A board EVF cannot hold is refused ([`fits`]), never cut down.
pub fn write_v4(
    header: &Header,
    layout: &crate::Layout,
    events: &[Event],
) -> Result<Vec<u8>, TooLarge> {
    fits(layout.width(), layout.height(), header.cell_px)?;
    let side = |n: usize| u8::try_from(n).expect("fits checked the sides");
    let mines = u16::try_from(layout.count()).expect("255x255 tiles hold fewer mines than 2^16");
    let mut out = Vec::new();
    out.push(4);
    let won = if header.won { 0b1000_0000 } else { 0 };
    out.push(won);
    out.push(0); // settings: question marks on, pointer free, no auto-restart
    out.push(side(layout.height()));
    out.push(side(layout.width()));
    out.extend(mines.to_be_bytes());
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
    Ok(out)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Layout;
    use grid_core::Grid;
    use proptest::prelude::*;

    const MOUSE: [Action; 5] = [
        Action::Move,
        Action::LeftDown,
        Action::LeftUp,
        Action::RightDown,
        Action::RightUp,
    ];

    fn header(cell_px: u8) -> Header<'static> {
        Header {
            software: "gridkit test",
            player: "tester",
            country: "NZ",
            won: true,
            mode: 5,
            three_bv: 7,
            time_ms: 12_345,
            started_us: 1_700_000_000_000_000,
            ended_us: 1_700_000_012_345_000,
            cell_px,
        }
    }

    proptest! {
        /// What the writer writes, the reader reads back: the board, every event at its time
        /// and pixel (gaps longer than a byte go through pause events), and the header; a
        /// board EVF cannot hold is refused instead of cut down.
        #[test]
        fn what_is_written_reads_back(
            (width, height) in (1usize..=300, 1usize..=300),
            cell_px in 1u8..=64,
            mines in prop::collection::vec((0usize..300, 0usize..300), 1..40),
            first_ms in 0i64..=255,
            steps in prop::collection::vec((0i64..70_000, 0usize..5, 0usize..300, 0usize..300), 0..60),
        ) {
            prop_assume!(width * height >= 2);
            let mut grid = Grid::new(width, height, false);
            for &(r, c) in &mines {
                grid[Pos { row: r % height, col: c % width }] = true;
            }
            let free = Pos { row: height - 1, col: width - 1 };
            grid[free] = false;
            if grid.cells().iter().all(|&m| !m) {
                grid[Pos { row: 0, col: 0 }] = free != (Pos { row: 0, col: 0 });
                prop_assume!(grid.cells().iter().any(|&m| m));
            }
            let layout = Layout::from_grid(grid);
            let px = u16::from(cell_px);
            let centre = |row: usize, col: usize| {
                let at = |i: usize| u16::try_from(i).unwrap() * px + px / 2;
                (at(col % width), at(row % height))
            };
            let (x, y) = centre(0, 0);
            let mut events = vec![Event { ms: first_ms, action: Action::Move, x, y }];
            for &(dt, a, r, c) in &steps {
                let (x, y) = centre(r, c);
                let ms = events.last().unwrap().ms + dt;
                events.push(Event { ms, action: MOUSE[a], x, y });
            }
            let written = write_v4(&header(cell_px), &layout, &events);
            if fits(width, height, cell_px).is_err() {
                prop_assert_eq!(
                    written.unwrap_err(),
                    TooLarge { width, height, cell_px }
                );
                return Ok(());
            }
            let back = super::super::read(&written.unwrap()).unwrap();
            prop_assert_eq!(back.format, Format::Evf(4));
            prop_assert_eq!(&back.layout, &layout);
            prop_assert_eq!(&back.events, &events);
            prop_assert_eq!(back.cell_px, px);
            prop_assert_eq!(back.mode, 5);
            prop_assert_eq!(back.time_ms, 12_345);
            prop_assert_eq!(back.declared_won, Some(true));
            prop_assert_eq!(back.software.as_str(), "gridkit test");
            prop_assert_eq!(back.player.as_str(), "tester");
            prop_assert_eq!(back.country.as_deref(), Some("NZ"));
        }
    }

    /// A 300-wide board is refused, not saved as 44 wide (300 modulo 256).
    #[test]
    fn a_board_wider_than_a_byte_is_refused() {
        let layout = Layout::from_grid(Grid::new(300, 16, false));
        let e = write_v4(&header(16), &layout, &[]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a 300x16 board: EVF holds at most 255 tiles a side"
        );
    }
}
