//! What can be wrong with a document or a stream of them.
//!
//! The document model knows nothing of command lines: exit statuses and usage errors live in
//! grid-cli, which turns this error into a message and a status.

use std::fmt;
use std::io;

/// What went wrong with a document, worded for the person who wrote or piped it.
#[derive(Debug)]
pub enum Error {
    /// The input could not be used: malformed JSON, a wrong field, a size out of range.
    /// `line` is the line of the input stream where the error is, when known.
    Input {
        source: Option<String>,
        line: Option<usize>,
        message: String,
    },
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

    /// Names the input line where the faulty document starts (kept if already set).
    pub fn at_line(self, n: usize) -> Self {
        self.map_line(|line| line.or(Some(n)))
    }

    /// Moves a line counted within a document to the line of the whole stream, for a
    /// document that starts on line `first`.
    pub fn from_document_line(self, first: usize) -> Self {
        self.map_line(|line| line.map(|l| l + first - 1))
    }

    fn map_line(self, f: impl FnOnce(Option<usize>) -> Option<usize>) -> Self {
        match self {
            Error::Input {
                source,
                line,
                message,
            } => Error::Input {
                source,
                line: f(line),
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

/// The longest piece of input quoted in a message: a message is one line, whatever the
/// input holds.
pub const MAX_QUOTE: usize = 60;

/// `text` cut to [`MAX_QUOTE`] characters (with "..." when cut) and with control characters
/// escaped, so that a message quoting input stays one short readable line.
pub fn quote(text: &str) -> String {
    let mut out = String::new();
    for (i, ch) in text.chars().enumerate() {
        if i == MAX_QUOTE {
            out.push_str("...");
            break;
        }
        if ch.is_control() {
            out.extend(ch.escape_default());
        } else {
            out.push(ch);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_the_source_and_line() {
        let e = Error::input("field `grid`: missing")
            .at_line(3)
            .in_source("stdin");
        assert_eq!(e.to_string(), "stdin line 3: field `grid`: missing");
    }

    #[test]
    fn quotes_are_short_and_on_one_line() {
        assert_eq!(quote("a\nb"), "a\\nb");
        let long = "x".repeat(1000);
        assert_eq!(quote(&long).len(), MAX_QUOTE + 3);
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
