//! `gridrender --animate` on a `mines replay` document: the game played back in the
//! terminal in real time, or as a page that plays it in a browser.
//!
//! Terminal keys: Space pauses and goes on, Left and Right step one click back and on, Up
//! and Down seek 5 s, + and - double and halve the speed, Home and End, q quits.

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::{Error, Result};
use grid_core::mines_doc::Cell;
use grid_core::{Document, Grid, Pos};
use grid_mines::replay::document::{self, DocError};
use grid_mines::replay::timeline::{Frame, Timeline};
use grid_mines::replay::{Replay, judge, mode_name};
use grid_render::play::{JudgedClick, PointerAt, ReplayFrame, ReplayModel, replay_page};
use owo_colors::OwoColorize;
use std::io::{self, Stdout, Write};
use std::time::{Duration, Instant};

/// Whether a document is a replay (`mines replay` wrote it).
pub fn is_replay(doc: &Document) -> bool {
    doc.kind() == grid_core::Kind::Mines && doc.has("replay")
}

fn read(doc: &Document) -> Result<(Replay, Timeline)> {
    let replay = document::from_doc(doc).map_err(|e| match e {
        DocError::NotAReplay => Error::input(format!("{e} (mines replay writes one)")),
        e => Error::input(e.to_string()),
    })?;
    let timeline = Timeline::of(&replay).map_err(|e| Error::input(e.to_string()))?;
    Ok((replay, timeline))
}

/// What the page and the screen say about the game.
fn about(doc: &Document, replay: &Replay) -> String {
    let field = |name: &str| {
        doc.value("replay")
            .ok()
            .flatten()
            .and_then(|r| r.get(name)?.as_str().map(str::to_owned))
            .unwrap_or_default()
    };
    let player = if replay.player.is_empty() {
        "an unnamed player".to_owned()
    } else {
        replay.player.clone()
    };
    format!(
        "{player}, {} {}x{} with {} mines ({}), recorded by {} in {}",
        field("level"),
        replay.width(),
        replay.height(),
        replay.layout.count(),
        mode_name(replay.mode),
        if replay.software.is_empty() {
            "an unknown program".to_owned()
        } else {
            replay.software.clone()
        },
        replay.format.name().to_uppercase(),
    )
}

/// The page that plays the game back: its frames of changes with the counters after each,
/// the pointer's path in pixels and the judged clicks.
pub fn page(doc: &Document) -> Result<String> {
    let (replay, timeline) = read(doc)?;
    let judged = judge::judge(&replay).map_err(|e| Error::input(e.to_string()))?;
    let w = replay.width();
    let frames = timeline
        .frames
        .iter()
        .map(|f| {
            let c = f.counts;
            ReplayFrame {
                ms: f.ms,
                changes: f
                    .changes
                    .iter()
                    .map(|(p, cell)| (p.row * w + p.col, char::from(cell.to_char())))
                    .collect(),
                left: c.left,
                right: c.right,
                chord: c.chord,
                solved_3bv: c.solved_3bv,
                effective: c.left_effective + c.right_effective + c.chord_effective,
            }
        })
        .collect();
    let pointer = replay
        .events
        .iter()
        .filter(|e| e.action.is_mouse())
        .map(|e| PointerAt {
            ms: e.ms,
            x: e.x,
            y: e.y,
        })
        .collect();
    let marks = judged
        .clicks
        .iter()
        .filter(|j| j.verdict != judge::Verdict::First)
        .map(|j| JudgedClick {
            ms: replay.events[j.event].ms,
            tile: j.row * w + j.col,
            verdict: serde_json::to_value(j.verdict)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .expect("a verdict serialises as its name"),
            chance: j.chance,
        })
        .collect();
    // The clock starts just before the first event, so that the board starts covered.
    let first_ms = replay.events.first().map_or(0, |e| e.ms) - 1;
    let end_ms = timeline.start_ms + i64::from(replay.time_ms);
    let model = ReplayModel {
        width: w,
        height: replay.height(),
        px: replay.cell_px,
        three_bv: grid_mines::stats::three_bv(&replay.layout),
        first_ms,
        start_ms: timeline.start_ms,
        end_ms: end_ms.max(replay.events.last().map_or(0, |e| e.ms)),
        about: about(doc, &replay),
        frames,
        pointer,
        judged: marks,
    };
    let title = format!(
        "gridkit: a replay of {}",
        if replay.player.is_empty() {
            "a game"
        } else {
            &replay.player
        }
    );
    Ok(replay_page(&title, &model))
}

/// Plays a replay on the terminal until it is quit.
pub fn play_on_terminal(doc: &Document) -> Result<()> {
    let (replay, timeline) = read(doc)?;
    let (cols, rows) = terminal::size()?;
    let need = (2 * replay.width() as u16 + 2, replay.height() as u16 + 10);
    if cols < need.0 || rows < need.1 {
        return Err(Error::usage(format!(
            "the board needs a terminal of {}x{} characters, this one is {cols}x{rows}",
            need.0, need.1
        )));
    }
    let mut screen = grid_cli::screen::FullScreen::on_stdout(false)?;
    let mut player = Player::new(&replay, &timeline, about(doc, &replay));
    player.run(&mut screen.out)?;
    Ok(())
}

struct Player<'a> {
    replay: &'a Replay,
    timeline: &'a Timeline,
    about: String,
    shown: Grid<Cell>,
    /// Frames applied.
    applied: usize,
    /// The recording's clock, in milliseconds.
    clock: f64,
    speed: f64,
    paused: bool,
    first_ms: f64,
    end_ms: f64,
    /// The board's 3BV, shown beside the part solved.
    three_bv: usize,
}

impl<'a> Player<'a> {
    fn new(replay: &'a Replay, timeline: &'a Timeline, about: String) -> Self {
        let first_ms = (replay.events.first().map_or(0, |e| e.ms) - 1) as f64;
        let end_ms = ((timeline.start_ms + i64::from(replay.time_ms)) as f64)
            .max(replay.events.last().map_or(0, |e| e.ms) as f64);
        Player {
            replay,
            timeline,
            about,
            shown: Grid::new(replay.width(), replay.height(), Cell::Covered),
            applied: 0,
            clock: first_ms,
            speed: 1.0,
            paused: false,
            first_ms,
            end_ms,
            three_bv: grid_mines::stats::three_bv(&replay.layout),
        }
    }

    fn run(&mut self, out: &mut Stdout) -> Result<()> {
        let tick = Duration::from_millis(30);
        let mut last = Instant::now();
        self.draw(out)?;
        loop {
            if event::poll(tick)?
                && let Event::Key(k) = event::read()?
                && k.kind != KeyEventKind::Release
                && self.key(k.code, k.modifiers)
            {
                return Ok(());
            }
            let now = Instant::now();
            if !self.paused && self.clock < self.end_ms {
                let ms = now.duration_since(last).as_secs_f64() * 1000.0 * self.speed;
                self.seek(self.clock + ms);
            }
            last = now;
            self.draw(out)?;
        }
    }

    /// Acts on a key; `true` to quit.
    fn key(&mut self, code: KeyCode, modifiers: KeyModifiers) -> bool {
        match code {
            KeyCode::Char('q') | KeyCode::Esc => return true,
            KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => return true,
            KeyCode::Char(' ') => {
                if self.clock >= self.end_ms {
                    self.seek(self.first_ms);
                }
                self.paused = !self.paused;
            }
            KeyCode::Right => self.step(true),
            KeyCode::Left => self.step(false),
            KeyCode::Up => self.seek(self.clock + 5000.0),
            KeyCode::Down => self.seek(self.clock - 5000.0),
            KeyCode::Char('+' | '=') => self.speed = (self.speed * 2.0).min(16.0),
            KeyCode::Char('-') => self.speed = (self.speed / 2.0).max(0.125),
            KeyCode::Home => {
                self.paused = true;
                self.seek(self.first_ms);
            }
            KeyCode::End => {
                self.paused = true;
                self.seek(self.end_ms);
            }
            _ => {}
        }
        false
    }

    fn frames(&self) -> &[Frame] {
        &self.timeline.frames
    }

    /// Brings the board to the recording's time `t`.
    fn seek(&mut self, t: f64) {
        let t = t.clamp(self.first_ms, self.end_ms);
        if t < self.clock {
            self.shown.cells_mut().fill(Cell::Covered);
            self.applied = 0;
        }
        self.clock = t;
        while self.applied < self.frames().len() && self.frames()[self.applied].ms as f64 <= t {
            for &(p, c) in &self.timeline.frames[self.applied].changes {
                self.shown[p] = c;
            }
            self.applied += 1;
        }
    }

    fn step(&mut self, on: bool) {
        self.paused = true;
        if on {
            if let Some(f) = self.frames().get(self.applied) {
                self.seek(f.ms as f64);
            }
        } else if self.applied > 0 {
            let t = match self.applied {
                1 => self.first_ms,
                n => self.frames()[n - 2].ms as f64,
            };
            self.seek(t);
        }
    }

    /// The tile under the pointer at the clock's time.
    fn pointer(&self) -> Option<Pos> {
        let events = &self.replay.events;
        let k = events.partition_point(|e| (e.ms as f64) <= self.clock);
        events[..k]
            .iter()
            .rev()
            .find(|e| e.action.is_mouse())
            .and_then(|e| self.replay.tile(e))
    }

    fn draw(&self, out: &mut Stdout) -> io::Result<()> {
        let width = terminal::size().map_or(80, |(cols, _)| usize::from(cols));
        queue!(
            out,
            cursor::MoveTo(0, 0),
            Print(
                self.about
                    .chars()
                    .take(width.saturating_sub(1))
                    .collect::<String>()
            ),
            terminal::Clear(terminal::ClearType::UntilNewLine)
        )?;
        let pointer = self.pointer();
        for row in 0..self.replay.height() {
            queue!(out, cursor::MoveTo(0, row as u16 + 2))?;
            for col in 0..self.replay.width() {
                let p = Pos::new(row, col);
                let text = glyph(self.shown[p]);
                if pointer == Some(p) {
                    queue!(out, Print(format!("{}", "[".magenta().bold())), Print(text))?;
                } else {
                    queue!(out, Print(" "), Print(text))?;
                }
            }
        }
        let counts = self
            .applied
            .checked_sub(1)
            .map(|i| self.frames()[i].counts)
            .unwrap_or_default();
        let seconds =
            ((self.clock.min(self.end_ms) - self.timeline.start_ms as f64) / 1000.0).max(0.0);
        let clicks = counts.left + counts.right + counts.chord;
        let three_bv = self.three_bv;
        let rate = if seconds > 0.0 {
            format!("{:.2}", counts.solved_3bv as f64 / seconds)
        } else {
            "-".into()
        };
        let ioe = if clicks > 0 {
            format!("{:.3}", counts.solved_3bv as f64 / clicks as f64)
        } else {
            "-".into()
        };
        let state = if self.clock >= self.end_ms {
            "ended"
        } else if self.paused {
            "paused"
        } else {
            "playing"
        };
        let lines = [
            format!("time {seconds:.2} s"),
            format!("3BV {}/{three_bv}   3BV/s {rate}", counts.solved_3bv),
            format!(
                "clicks {clicks} (left {}, right {}, chord {})",
                counts.left, counts.right, counts.chord
            ),
            format!(
                "effective {}   IOE {ioe}   flags {}",
                counts.left_effective + counts.right_effective + counts.chord_effective,
                counts.flags
            ),
            format!("{state}, speed {}x", self.speed),
        ];
        // Beside the board when the terminal is wide enough, else under it.
        let board_width = 2 * self.replay.width() + 1;
        let longest = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
        let beside = board_width + 3 + longest < width;
        let (x, y) = if beside {
            (board_width as u16 + 3, 2)
        } else {
            (0, self.replay.height() as u16 + 3)
        };
        for (i, line) in lines.iter().enumerate() {
            queue!(
                out,
                cursor::MoveTo(x, y + i as u16),
                Print(line),
                terminal::Clear(terminal::ClearType::UntilNewLine)
            )?;
        }
        let keys_row = if beside {
            self.replay.height() as u16 + 3
        } else {
            y + lines.len() as u16
        };
        queue!(
            out,
            cursor::MoveTo(0, keys_row),
            Print("space pause  <- -> step  up/down seek 5 s  + - speed  Home End  q quit"),
            terminal::Clear(terminal::ClearType::UntilNewLine)
        )?;
        out.flush()
    }
}

/// One tile: a number in its classic colour, a flag, a mine.
fn glyph(cell: Cell) -> String {
    match cell {
        Cell::Covered => format!("{}", '■'.bright_black()),
        Cell::Flag => format!("{}", 'F'.red().bold()),
        Cell::Question => "?".to_owned(),
        Cell::Open(0) => "·".to_owned(),
        Cell::Open(n) => {
            let d = (b'0' + n) as char;
            match n {
                1 => format!("{}", d.blue()),
                2 => format!("{}", d.green()),
                3 => format!("{}", d.red()),
                4 => format!("{}", d.purple()),
                _ => format!("{}", d.yellow()),
            }
        }
        Cell::Mine => "*".to_owned(),
        Cell::Exploded => format!("{}", '*'.on_red()),
        Cell::WrongFlag => format!("{}", '!'.red()),
    }
}
