//! What every gridkit binary shares, so that the binaries stay thin (argument parsing,
//! wiring, exit statuses) and behave as one product:
//!
//! - [`run::main`]: what each tool's `main` calls: parse the arguments, answer `--generate
//!   man|complete-SHELL`, run the tool, and turn the outcome into one line on stderr and an
//!   exit status ([`Status`]);
//! - [`args`]: the argument groups several tools take, defined once;
//! - [`man`] and [`markdown`]: a tool's man page, and its flags as the Markdown of
//!   docs/cli.md;
//! - [`input`]: files, `-` and stdin, read one document at a time;
//! - [`puzzle_file`]: an input told apart as grid documents or a nonogram puzzle file
//!   (`.non`, XML, `.g`), as nonosolve and gridrender both read them;
//! - [`mod@file`]: files written whole or not at all (pictures, books, replays, best times);
//! - [`output`]: stdout, buffered, and flushed after each answer when someone waits for it;
//! - [`progress`], [`screen`] and [`best`]: progress on a terminal's stderr, the full-screen
//!   terminal of the interactive programs, and their best times.

#![forbid(unsafe_code)]

pub mod args;
pub mod best;
pub mod error;
pub mod file;
pub mod input;
pub mod man;
pub mod markdown;
pub mod output;
pub mod progress;
pub mod puzzle_file;
pub mod run;
pub mod screen;

pub use error::{Error, Result, Status};
pub use input::{Input, Place, documents};
pub use output::{Output, say};
pub use progress::Progress;
