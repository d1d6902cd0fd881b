//! Progress on stderr for long work, shown only when stderr is a terminal.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether a status line stands on stderr, to be cleared before anything else is written.
static STATUS_SHOWN: AtomicBool = AtomicBool::new(false);

/// Whether stderr is a terminal, where a status line may be shown.
pub fn status_wanted() -> bool {
    std::io::stderr().is_terminal()
}

/// Shows `line` as the status of long work, in place of the last one, cut to the terminal's
/// width (a line that wraps would be redrawn only in part). Call it only when
/// [`status_wanted`].
pub fn status(line: &str) {
    STATUS_SHOWN.store(true, Ordering::Relaxed);
    let width = crossterm::terminal::size().map_or(80, |(cols, _)| cols as usize);
    let shown: String = line.chars().take(width.saturating_sub(1)).collect();
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r\x1b[2K{shown}");
    let _ = err.flush();
}

/// Clears the status line, if one is shown, so that what follows starts a line of its own.
pub fn clear_status() {
    if STATUS_SHOWN.swap(false, Ordering::Relaxed) {
        let mut err = std::io::stderr().lock();
        let _ = write!(err, "\r\x1b[2K");
        let _ = err.flush();
    }
}

/// A counter of work done, redrawn in place on a terminal's stderr.
#[derive(Debug)]
pub struct Progress {
    tool: &'static str,
    total: u64,
    shown: bool,
}

impl Progress {
    pub fn new(tool: &'static str, total: u64) -> Self {
        Progress {
            tool,
            total,
            shown: total > 1 && std::io::stderr().is_terminal(),
        }
    }

    /// `done` of the total are done.
    pub fn tick(&self, done: u64) {
        if self.shown && (done.is_multiple_of(16) || done == self.total) {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r{}: {done}/{}", self.tool, self.total);
            if done == self.total {
                let _ = writeln!(err);
            }
        }
    }
}
