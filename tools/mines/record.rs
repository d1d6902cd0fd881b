//! `mines play --record DIR`: each finished game saved as an EVF 4 replay, which `mines
//! replay`, Metasweeper and ms-toollib read back.
//!
//! A move becomes the mouse events a player makes for it on 16-pixel tiles, at the tile's
//! centre: an open is a left press and release, a flag a right press and release, a chord
//! both buttons down and up (left, right, left up, right up). Question marks are not
//! recorded (the replay says question marks were off), and a game left unfinished (a new
//! game or quitting) is not saved.

use grid_core::Pos;
use grid_core::mines_doc::{Cell, GameState, Move};
use grid_mines::Game;
use grid_mines::replay::{Action, Event, evf};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// The tile size the replays are written with, in pixels.
const CELL_PX: u16 = 16;

/// Records the moves of one game at a time.
#[derive(Debug)]
pub struct Recorder {
    dir: PathBuf,
    /// The name the replays give as their player's; empty for none.
    player: String,
    clock: Option<(Instant, SystemTime)>,
    /// The time of the first left release on a covered tile, from which a game's time runs.
    opened_ms: Option<i64>,
    events: Vec<Event>,
}

impl Recorder {
    /// A recorder writing games of `setup`'s size into `dir`. Both are checked before the
    /// game starts, so that no game is played that cannot be saved: the folder must take a
    /// file, and EVF must hold the board.
    pub fn new(
        dir: &Path,
        setup: &grid_mines::Setup,
        player: Option<&str>,
    ) -> grid_cli::Result<Recorder> {
        if !dir.is_dir() {
            return Err(grid_cli::Error::usage(format!(
                "--record {}: not a folder (make it first)",
                dir.display()
            )));
        }
        evf::fits(setup.width, setup.height, CELL_PX as u8).map_err(|e| {
            grid_cli::Error::usage(format!(
                "--record: {e}, so this game cannot be recorded (play it without --record)"
            ))
        })?;
        takes_a_file(dir).map_err(|e| {
            grid_cli::Error::usage(format!(
                "--record {}: cannot write a file in this folder: {}",
                dir.display(),
                grid_cli::input::plain_io(&e)
            ))
        })?;
        Ok(Recorder {
            dir: dir.to_owned(),
            player: player.unwrap_or_default().to_owned(),
            clock: None,
            opened_ms: None,
            events: Vec::new(),
        })
    }

    /// Forgets the game recorded so far (a new game begins).
    pub fn restart(&mut self) {
        self.clock = None;
        self.opened_ms = None;
        self.events.clear();
    }

    /// Records `mv`, just played on a board that showed `before`.
    pub fn played(&mut self, mv: Move, before: &grid_core::Grid<Cell>) {
        let (start, _) = *self
            .clock
            .get_or_insert_with(|| (Instant::now(), SystemTime::now()));
        let ms = start.elapsed().as_millis() as i64;
        let p = mv.pos();
        let chord = match mv {
            Move::Chord(_) => true,
            Move::Open(_) => matches!(before[p], Cell::Open(_)),
            Move::Flag(_) => false,
            Move::Question(_) => return,
        };
        let actions: &[Action] = match mv {
            _ if chord => &[
                Action::Move,
                Action::LeftDown,
                Action::RightDown,
                Action::LeftUp,
                Action::RightUp,
            ],
            Move::Flag(_) => &[Action::Move, Action::RightDown, Action::RightUp],
            _ => &[Action::Move, Action::LeftDown, Action::LeftUp],
        };
        if !chord && matches!(mv, Move::Open(_)) && self.opened_ms.is_none() {
            self.opened_ms = Some(ms);
        }
        let (x, y) = centre(p);
        self.events
            .extend(actions.iter().map(|&action| Event { ms, action, x, y }));
    }

    /// Saves the game if it is over, and says where; the recorder is then ready for the next.
    pub fn save_if_over(&mut self, game: &Game) -> std::io::Result<Option<PathBuf>> {
        let (Some(layout), Some((_, wall))) = (game.layout(), self.clock) else {
            return Ok(None);
        };
        if !game.state().is_over() || self.events.is_empty() {
            return Ok(None);
        }
        let end_ms = self.events.last().map_or(0, |e| e.ms);
        let time_ms = (end_ms - self.opened_ms.unwrap_or(0)).max(0) as u32;
        let micros = |t: SystemTime| {
            t.duration_since(SystemTime::UNIX_EPOCH)
                .map_or(0, |d| d.as_micros() as u64)
        };
        let started_us = micros(wall) + self.opened_ms.unwrap_or(0) as u64 * 1000;
        let won = game.state() == GameState::Won;
        let mode = if game.rules().no_guess { 5 } else { 0 };
        let header = evf::Header {
            software: concat!("gridkit mines ", env!("CARGO_PKG_VERSION")),
            player: &self.player,
            country: "XX",
            won,
            mode,
            three_bv: grid_mines::stats::three_bv(layout),
            time_ms,
            started_us,
            ended_us: started_us + u64::from(time_ms) * 1000,
            cell_px: CELL_PX as u8,
        };
        let bytes = evf::write_v4(&header, layout, &self.events)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
        let setup = game.setup();
        let level = setup.level().map_or_else(
            || format!("{}x{}x{}", setup.width, setup.height, setup.mines),
            |l| l.name().to_owned(),
        );
        let outcome = if won { "won" } else { "lost" };
        let stem = format!(
            "{level}_{outcome}_{}.{:03}s_seed{}_{}",
            time_ms / 1000,
            time_ms % 1000,
            game.seed(),
            micros(wall) / 1_000_000
        );
        let path = claim(&self.dir, &stem)
            .and_then(|path| match grid_cli::file::write_whole(&path, &bytes) {
                Ok(()) => Ok(path),
                Err(e) => {
                    // The name claimed is given back rather than left empty.
                    let _ = std::fs::remove_file(&path);
                    Err(e)
                }
            })
            .map_err(|e| {
                let plain = grid_cli::input::plain_io(&e);
                std::io::Error::new(e.kind(), format!("{}: {plain}", self.dir.display()))
            })?;
        self.restart();
        Ok(Some(path))
    }
}

/// The most names [`claim`] tries for one game: a name is taken only by a game of the same
/// level, outcome, time, seed and second.
const MAX_SUFFIX: u32 = 10_000;

/// A new file `STEM.evf` in `dir`, or `STEM-2.evf`, `STEM-3.evf`... when that is taken, made
/// empty so that no other game takes its name: a replay never overwrites another (games of
/// one seed lost at once within a second have the same name).
fn claim(dir: &Path, stem: &str) -> std::io::Result<PathBuf> {
    for n in 1..=MAX_SUFFIX {
        let name = match n {
            1 => format!("{stem}.evf"),
            n => format!("{stem}-{n}.evf"),
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => return Ok(path),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::new(
        std::io::ErrorKind::AlreadyExists,
        format!("{MAX_SUFFIX} replays named {stem}*.evf already"),
    ))
}

/// The centre of tile `p`, in pixels.
fn centre(p: Pos) -> (u16, u16) {
    let at = |i: usize| {
        (i as u16)
            .saturating_mul(CELL_PX)
            .saturating_add(CELL_PX / 2)
    };
    (at(p.col), at(p.row))
}

/// Whether `dir` takes a new file: one is made and removed again (a folder of `/proc` or
/// `/sys`, or one without write permission, refuses it).
fn takes_a_file(dir: &Path) -> std::io::Result<()> {
    let probe = dir.join(format!(".mines-record-{}.probe", std::process::id()));
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&probe)?;
    std::fs::remove_file(&probe)
}
