//! `gridrender --animate` on a terminal: the maze is carved, searched and walked before your
//! eyes, as classic maze programs show them (the Hunt-and-Kill carving with its delay, the wall
//! follower stepping at a fixed tick). Any key skips to the end of the stage being shown, q
//! quits; the terminal is restored on every way out.

use crossterm::event::{self, Event, KeyCode, KeyEventKind, KeyModifiers};
use crossterm::{cursor, queue, style::Print, terminal};
use grid_cli::Result;
use grid_core::{MazeDoc, Pos};
use grid_render::animate::{Look, Replay};
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
