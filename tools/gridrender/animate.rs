//! `gridrender --animate` on a terminal: the maze is carved, searched and walked before your
//! eyes, as classic maze programs show them (the Hunt-and-Kill carving with its delay, the wall
//! follower stepping at a fixed tick). Any key skips to the end of the stage being shown, q
//! quits; the terminal is restored on every way out. A maze beyond the plane replays in the
//! braille of its still drawing ([`play_beyond`]).

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::Result;
use grid_core::tiling::TiledDoc;
use grid_core::{MazeDoc, Pos};
use grid_render::animate::{Look, Replay};
use grid_render::tiled::Progress;
use owo_colors::OwoColorize;
use std::io::{self, Stdout, Write};
use std::time::{Duration, Instant};

/// Longest a stage may take, in seconds: big mazes change many tiles a frame.
const LONGEST_STAGE: f64 = 10.0;

pub fn play(maze: &MazeDoc, fps: f64) -> Result<()> {
    fits(maze)?;
    let replay = Replay::of(maze);
    let mut screen = grid_cli::screen::FullScreen::on_stdout(false)?;
    let mut shown = replay.start.clone();
    let out = &mut screen.out;
    draw_all(out, maze, &shown)?;
    let frame = Duration::from_secs_f64(1.0 / fps);
    for (name, changes) in &replay.stages {
        let per_frame = ((changes.len() as f64 / (fps * LONGEST_STAGE)).ceil() as usize).max(1);
        let mut done = 0;
        while done < changes.len() {
            let next = Instant::now() + frame;
            let upto = (done + per_frame).min(changes.len());
            for &(p, look) in &changes[done..upto] {
                shown[p] = look;
                draw_tile(out, maze, p, look)?;
            }
            done = upto;
            status(
                out,
                maze,
                &format!("{name}: {done}/{}   any key skips, q quits", changes.len()),
            )?;
            out.flush()?;
            match wait_key(next)? {
                Key::Quit => return Ok(()),
                Key::Skip => {
                    for &(p, look) in &changes[done..] {
                        shown[p] = look;
                    }
                    done = changes.len();
                    draw_all(out, maze, &shown)?;
                }
                Key::None => {}
            }
        }
    }
    status(out, maze, "done: any key to leave")?;
    out.flush()?;
    loop {
        if let Event::Key(k) = event::read()?
            && k.kind != KeyEventKind::Release
        {
            return Ok(());
        }
    }
}

enum Key {
    None,
    Skip,
    Quit,
}

/// Waits until `deadline` for a key.
fn wait_key(deadline: Instant) -> io::Result<Key> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if !event::poll(left)? {
            return Ok(Key::None);
        }
        if let Event::Key(k) = event::read()? {
            if k.kind == KeyEventKind::Release {
                continue;
            }
            let quit = matches!(k.code, KeyCode::Char('q') | KeyCode::Esc)
                || (k.code == KeyCode::Char('c') && k.modifiers.contains(KeyModifiers::CONTROL));
            return Ok(if quit { Key::Quit } else { Key::Skip });
        }
    }
}

/// A replay shows the whole maze at once, two columns a tile, with a status line: one that
/// would not fit is refused with what to do instead, rather than cropped without a word.
fn fits(maze: &MazeDoc) -> Result<()> {
    let (cols, rows) = terminal::size()?;
    let (w, h) = (maze.tiles.width(), maze.tiles.height());
    if 2 * w > cols as usize || h + 1 > rows as usize {
        return Err(grid_cli::Error::usage(format!(
            "the maze is {w}x{h} tiles and needs a terminal of {}x{} characters, this one is \
             {cols}x{rows}: enlarge it, or replay to a file (--animate -o replay.html)",
            2 * w,
            h + 1
        )));
    }
    Ok(())
}

/// The part of the maze that fits on the terminal, from the top-left corner.
fn visible(maze: &MazeDoc) -> io::Result<(usize, usize)> {
    let (cols, rows) = terminal::size()?;
    let w = (cols as usize / 2).min(maze.tiles.width());
    let h = (rows as usize).saturating_sub(1).min(maze.tiles.height());
    Ok((w, h))
}

fn draw_all(out: &mut Stdout, maze: &MazeDoc, shown: &grid_core::Grid<Look>) -> io::Result<()> {
    queue!(out, terminal::Clear(terminal::ClearType::All))?;
    let (w, h) = visible(maze)?;
    for r in 0..h {
        for c in 0..w {
            let p = Pos::new(r, c);
            draw_tile(out, maze, p, shown[p])?;
        }
    }
    Ok(())
}

fn draw_tile(out: &mut Stdout, maze: &MazeDoc, p: Pos, look: Look) -> io::Result<()> {
    let (w, h) = visible(maze)?;
    if p.row >= h || p.col >= w {
        return Ok(());
    }
    let glyph = if p == maze.start {
        format!("{}", "S ".green().bold())
    } else if p == maze.goal {
        format!("{}", "G ".yellow().bold())
    } else {
        match look {
            Look::Wall => format!("{}", "██".red()),
            Look::Floor | Look::Outside => "  ".to_string(),
            Look::Crossing(grid_core::Axis::NorthSouth) => "││".to_string(),
            Look::Crossing(grid_core::Axis::EastWest) => "══".to_string(),
            Look::Explored => format!("{}", "░░".yellow()),
            Look::Path => format!("{}", "()".bright_blue().bold()),
        }
    };
    queue!(
        out,
        cursor::MoveTo(2 * p.col as u16, p.row as u16),
        Print(glyph)
    )
}

fn status(out: &mut Stdout, maze: &MazeDoc, text: &str) -> io::Result<()> {
    let (_, h) = visible(maze)?;
    queue!(
        out,
        cursor::MoveTo(0, h as u16),
        terminal::Clear(terminal::ClearType::CurrentLine),
        Print(text)
    )
}

/// The stages of a replay beyond the plane, in order.
#[derive(Debug, Clone, Copy)]
enum Stage {
    Carving,
    Searching,
    Walking,
}

impl Stage {
    fn name(self) -> &'static str {
        match self {
            Stage::Carving => "carving",
            Stage::Searching => "searching",
            Stage::Walking => "walking",
        }
    }

    /// `progress` with this stage gone `done` steps.
    fn at(self, progress: Progress, done: usize) -> Progress {
        match self {
            Stage::Carving => Progress {
                carved: done,
                ..progress
            },
            Stage::Searching => Progress {
                explored: done,
                ..progress
            },
            Stage::Walking => Progress {
                walked: done,
                ..progress
            },
        }
    }
}

/// A maze beyond the plane (levels, wrapped edges, the cube) replayed on a terminal in the
/// braille of its still drawing (`gridrender --format text`): each frame is that drawing
/// again, the cells not yet carved solid, the explored ones shaded, the path as far as it
/// has gone, for one step may change marks far apart (both letters of a seam). Keys as in
/// [`play`].
pub fn play_beyond(doc: &TiledDoc, fps: f64, color: bool) -> Result<()> {
    let solution = doc.solution.as_ref();
    let stages = [
        (Stage::Carving, doc.trace.as_ref().map_or(0, Vec::len)),
        (
            Stage::Searching,
            solution
                .and_then(|s| s.explored_order.as_ref())
                .map_or(0, Vec::len),
        ),
        (
            Stage::Walking,
            solution
                .and_then(|s| s.path.as_ref())
                .map_or(0, |p| p.len().saturating_sub(1)),
        ),
    ];
    let start = Progress {
        carved: 0,
        explored: 0,
        walked: 0,
    };
    let end = stages
        .iter()
        .fold(start, |progress, &(stage, len)| stage.at(progress, len));
    fits_frame(&frame(doc, end, false)?)?;
    let mut screen = grid_cli::screen::FullScreen::on_stdout(false)?;
    let out = &mut screen.out;
    let mut progress = start;
    show_frame(out, &frame(doc, progress, color)?)?;
    let tick = Duration::from_secs_f64(1.0 / fps);
    for (stage, len) in stages.into_iter().filter(|&(_, len)| len > 0) {
        let per_frame = ((len as f64 / (fps * LONGEST_STAGE)).ceil() as usize).max(1);
        let mut done = 0;
        while done < len {
            let next = Instant::now() + tick;
            done = (done + per_frame).min(len);
            progress = stage.at(progress, done);
            let lines = show_frame(out, &frame(doc, progress, color)?)?;
            let text = format!("{}: {done}/{len}   any key skips, q quits", stage.name());
            queue!(out, cursor::MoveTo(0, lines), Print(text))?;
            out.flush()?;
            match wait_key(next)? {
                Key::Quit => return Ok(()),
                Key::Skip => done = len,
                Key::None => {}
            }
        }
        progress = stage.at(progress, len);
    }
    let lines = show_frame(out, &frame(doc, progress, color)?)?;
    queue!(
        out,
        cursor::MoveTo(0, lines),
        Print("done: any key to leave")
    )?;
    out.flush()?;
    loop {
        if let Event::Key(k) = event::read()?
            && k.kind != KeyEventKind::Release
        {
            return Ok(());
        }
    }
}

/// The braille drawing of `doc` at `progress`, line by line.
fn frame(doc: &TiledDoc, progress: Progress, color: bool) -> Result<Vec<String>> {
    let mut text = Vec::new();
    grid_render::tiled::render_braille_frame(doc, progress, color, &mut text)
        .map_err(crate::advice::advise)?;
    Ok(String::from_utf8_lossy(&text)
        .lines()
        .map(str::to_string)
        .collect())
}

/// A replay shows the whole drawing at once with a status line below: one that would not
/// fit is refused with what to do instead, rather than cropped without a word.
fn fits_frame(lines: &[String]) -> Result<()> {
    let (cols, rows) = terminal::size()?;
    let w = lines.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let h = lines.len();
    if w > cols as usize || h + 1 > rows as usize {
        return Err(grid_cli::Error::usage(format!(
            "the maze's drawing is {w}x{h} characters and needs a terminal of {w}x{} \
             characters, this one is {cols}x{rows}: enlarge it, or replay to a file \
             (--animate -o replay.html)",
            h + 1
        )));
    }
    Ok(())
}

/// Draws a frame from the top of the screen, clearing what the last one left below it;
/// returns the line below the frame.
fn show_frame(out: &mut Stdout, lines: &[String]) -> io::Result<u16> {
    for (row, line) in lines.iter().enumerate() {
        queue!(
            out,
            cursor::MoveTo(0, row as u16),
            Print(line),
            terminal::Clear(terminal::ClearType::UntilNewLine)
        )?;
    }
    let below = lines.len() as u16;
    queue!(
        out,
        cursor::MoveTo(0, below),
        terminal::Clear(terminal::ClearType::FromCursorDown)
    )?;
    Ok(below)
}
