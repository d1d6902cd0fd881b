//! The terminal in full-screen mode (raw input, alternate screen, hidden cursor), put back as
//! it was when dropped, and on a panic too: every interactive program uses this one guard.

use crossterm::{cursor, event, execute, terminal};
use std::fs::File;
use std::io::{self, Stdout, Write};

/// Where the screen is drawn: stdout, or the terminal itself when stdout carries the
/// program's answer down a pipe.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Stdout,
    Tty,
}

/// The terminal in full-screen mode, drawn through `out`.
#[derive(Debug)]
pub struct FullScreen<W: Write> {
    pub out: W,
    target: Target,
}

impl FullScreen<Stdout> {
    /// Full screen on stdout; with `mouse`, mouse events are reported too.
    pub fn on_stdout(mouse: bool) -> io::Result<Self> {
        FullScreen::enter(io::stdout(), Target::Stdout, mouse)
    }
}

impl FullScreen<File> {
    /// Full screen on /dev/tty, leaving stdout free for the program's output.
    pub fn on_tty() -> io::Result<Self> {
        let tty = File::options().write(true).open("/dev/tty")?;
        FullScreen::enter(tty, Target::Tty, false)
    }
}

impl<W: Write> FullScreen<W> {
    fn enter(mut out: W, target: Target, mouse: bool) -> io::Result<Self> {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore(target);
            previous(info);
        }));
        terminal::enable_raw_mode()?;
        execute!(out, terminal::EnterAlternateScreen, cursor::Hide)?;
        if mouse {
            execute!(out, event::EnableMouseCapture)?;
        }
        Ok(FullScreen { out, target })
    }
}

impl<W: Write> Drop for FullScreen<W> {
    fn drop(&mut self) {
        restore(self.target);
    }
}

/// Puts the terminal back: mouse reports off, cursor shown, main screen, cooked input.
fn restore(target: Target) {
    let mut out: Box<dyn Write> = match target {
        Target::Stdout => Box::new(io::stdout()),
        Target::Tty => match File::options().write(true).open("/dev/tty") {
            Ok(tty) => Box::new(tty),
            Err(_) => Box::new(io::sink()),
        },
    };
    let _ = execute!(
        out,
        event::DisableMouseCapture,
        cursor::Show,
        terminal::LeaveAlternateScreen
    );
    let _ = terminal::disable_raw_mode();
}
