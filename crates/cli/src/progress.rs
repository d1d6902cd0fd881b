//! Progress on stderr for long work, shown only when stderr is a terminal.

use std::io::{IsTerminal, Write};

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
