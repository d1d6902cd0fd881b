//! Errors as the command line sees them, and the exit statuses of docs/format.md.

use std::fmt;
use std::io;

/// How a tool ends: the statuses every gridkit tool shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Done.
    Ok = 0,
    /// The input was valid but has no answer: a maze without a path, clues that contradict
    /// each other, a game given up.
    NoAnswer = 1,
    /// Bad usage or bad input.
    BadInput = 2,
}

impl Status {
    /// The worse of two outcomes: a batch ends with the worst status of its documents.
    pub fn worst(self, other: Status) -> Status {
        if other as u8 > self as u8 {
            other
        } else {
            self
        }
    }
}

impl From<Status> for std::process::ExitCode {
    fn from(status: Status) -> Self {
        std::process::ExitCode::from(status as u8)
    }
}

/// What went wrong, worded for the person who typed the command.
#[derive(Debug)]
pub enum Error {
    /// The command line asks for something that cannot be done.
    Usage(String),
    /// An input could not be used, or reading or writing failed (grid-core's error, which
    /// names the input and the line).
    Doc(grid_core::Error),
}

impl Error {
    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage(message.into())
    }

    /// A problem with the input, not yet placed in a file or line.
    pub fn input(message: impl Into<String>) -> Self {
        Error::Doc(grid_core::Error::input(message))
    }

    /// Names the input line where the problem is (kept if already set).
    pub fn at_line(self, line: usize) -> Self {
        match self {
            Error::Doc(e) => Error::Doc(e.at_line(line)),
            other => other,
        }
    }

    /// Names the file (or "stdin") the input came from (kept if already set).
    pub fn in_source(self, name: &str) -> Self {
        match self {
            Error::Doc(e) => Error::Doc(e.in_source(name)),
            other => other,
        }
    }

    /// The exit status docs/format.md gives this error.
    pub fn status(&self) -> Status {
        Status::BadInput
    }

    /// A closed pipe downstream: the reader has all it wants, so the tool ends quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Doc(e) if e.is_broken_pipe())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Usage(m) => f.write_str(m),
            // Every failed read or write is said the same way, whichever tool and stream.
            Error::Doc(grid_core::Error::Io(e)) => f.write_str(&plain_io(e)),
            Error::Doc(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<grid_core::Error> for Error {
    fn from(e: grid_core::Error) -> Self {
        Error::Doc(e)
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Doc(grid_core::Error::Io(e))
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        Error::Doc(e.into())
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

/// The OS message without Rust's " (os error 28)" suffix: the number means nothing to the
/// person reading the message, and the words say it all.
pub fn plain_io(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_pipe_is_recognised_through_every_layer() {
        let io = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        let e: Error = serde_json::Error::io(io).into();
        assert!(e.is_broken_pipe());
    }

    #[test]
    fn places_reach_document_errors_only() {
        let e = Error::input("field `grid`: missing")
            .at_line(3)
            .in_source("stdin");
        assert_eq!(e.to_string(), "stdin line 3: field `grid`: missing");
        assert_eq!(Error::usage("x").at_line(3).to_string(), "x");
    }

    #[test]
    fn a_failed_write_has_no_os_error_number() {
        let e: Error = io::Error::from_raw_os_error(28).into();
        assert_eq!(e.to_string(), "No space left on device");
    }

    #[test]
    fn the_worst_status_wins() {
        assert_eq!(Status::Ok.worst(Status::NoAnswer), Status::NoAnswer);
        assert_eq!(Status::BadInput.worst(Status::NoAnswer), Status::BadInput);
    }
}
