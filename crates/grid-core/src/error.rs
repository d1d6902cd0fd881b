//! The one error type of the toolkit, and the exit statuses of FORMAT.md.

use std::fmt;
use std::io;

/// Exit status: done.
pub const EXIT_OK: i32 = 0;
/// Exit status: the input was valid but has no answer (no path, contradictory clues...).
pub const EXIT_NO_ANSWER: i32 = 1;
/// Exit status: bad usage or bad input.
pub const EXIT_BAD_INPUT: i32 = 2;

/// What went wrong, worded for the person who typed the command.
#[derive(Debug)]
pub enum Error {
    /// The input could not be used: malformed JSON, a wrong field, a size out of range.
    /// `line` is the line of the input stream where the document starts, when known.
    Input {
        source: Option<String>,
        line: Option<usize>,
        message: String,
    },
    /// The command line asks for something that cannot be done.
    Usage(String),
    /// Reading or writing failed.
    Io(io::Error),
}

impl Error {
    pub fn input(message: impl Into<String>) -> Self {
        Error::Input {
            source: None,
            line: None,
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> Self {
        Error::Usage(message.into())
    }

    /// Names the input line where the faulty document starts (kept if already set).
    pub fn at_line(self, n: usize) -> Self {
        match self {
            Error::Input {
                source,
                line,
                message,
            } => Error::Input {
                source,
                line: line.or(Some(n)),
                message,
            },
            other => other,
        }
    }

    /// Names the file (or "stdin") the input came from.
    pub fn in_source(self, name: &str) -> Self {
        match self {
            Error::Input {
                source,
                line,
                message,
            } => Error::Input {
                source: source.or_else(|| Some(name.to_string())),
                line,
                message,
            },
            other => other,
        }
    }

    /// The exit status FORMAT.md gives this error.
    pub fn exit_code(&self) -> i32 {
        EXIT_BAD_INPUT
    }

    /// A closed pipe downstream: the reader has all it wants, so the tool ends quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, Error::Io(e) if e.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input {
                source,
                line,
                message,
            } => {
                match (source, line) {
                    (Some(s), Some(l)) => write!(f, "{s} line {l}: ")?,
                    (None, Some(l)) => write!(f, "line {l}: ")?,
                    (Some(s), None) => write!(f, "{s}: ")?,
                    (None, None) => {}
                }
                f.write_str(message)
            }
            Error::Usage(m) => f.write_str(m),
            Error::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Self {
        Error::Io(e)
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Self {
        // A failed write through serde_json hides the io::Error inside; bring it back out so
        // that a closed pipe is still recognised as one.
        match e.io_error_kind() {
            Some(kind) => Error::Io(io::Error::new(kind, e)),
            None => Error::input(e.to_string()),
        }
    }
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_source_and_line() {
        let e = Error::input("field `grid`: missing")
            .at_line(3)
            .in_source("stdin");
        assert_eq!(e.to_string(), "stdin line 3: field `grid`: missing");
        assert_eq!(e.exit_code(), EXIT_BAD_INPUT);
    }

    #[test]
    fn the_first_line_named_wins() {
        let e = Error::input("x").at_line(3).at_line(9);
        assert_eq!(e.to_string(), "line 3: x");
    }

    #[test]
    fn broken_pipe_is_recognised_through_serde_json() {
        let io = io::Error::new(io::ErrorKind::BrokenPipe, "closed");
        let e: Error = serde_json::Error::io(io).into();
        assert!(e.is_broken_pipe());
    }
}
