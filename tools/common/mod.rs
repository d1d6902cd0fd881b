//! What every binary shares: reading documents from files or stdin, writing them, and turning
//! errors into one line on stderr with the exit status of FORMAT.md. Thin plumbing only; the
//! logic lives in the library crates.

#![allow(dead_code)] // each binary uses its own part of this module

pub mod screen;

use grid_core::{DocReader, Document, Error, Result};
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// Runs a tool's body and turns its outcome into an exit status: `Ok(code)` as given; a
/// closed pipe downstream quietly as success; any other error as `TOOL: error: ...`, 2.
pub fn run(tool: &str, body: impl FnOnce() -> Result<i32>) -> ExitCode {
    let code = match body() {
        Ok(code) => code,
        Err(e) if e.is_broken_pipe() => 0,
        Err(e) => {
            eprintln!("{tool}: error: {e}");
            e.exit_code()
        }
    };
    ExitCode::from(code as u8)
}

/// Buffered stdout. Callers flush it explicitly: an error while flushing on drop is lost.
///
/// On Unix the buffer writes to its own handle on the output rather than through `Stdout`,
/// whose line buffering searches every block written for its last newline: a grid document is
/// one line of megabytes, and that search was 4% of writing a big maze.
pub fn stdout() -> BufWriter<Box<dyn Write>> {
    BufWriter::with_capacity(1 << 16, raw_stdout())
}

#[cfg(unix)]
fn raw_stdout() -> Box<dyn Write> {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(File::from(fd)),
        Err(_) => Box::new(io::stdout()),
    }
}

#[cfg(not(unix))]
fn raw_stdout() -> Box<dyn Write> {
    Box::new(io::stdout())
}

/// Where a document came from: the input's name and the line it starts on.
#[derive(Debug, Clone)]
pub struct Place {
    pub source: String,
    pub line: usize,
}

impl Place {
    /// Names this place in an error about the document.
    pub fn locate(&self, e: Error) -> Error {
        e.at_line(self.line).in_source(&self.source)
    }
}

/// The documents of every input in turn: each file named (`-` is stdin), or stdin when none
/// is, with the place each one was read from.
pub fn documents(files: &[PathBuf]) -> impl Iterator<Item = Result<(Place, Document)>> {
    let names: Vec<PathBuf> = if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    };
    names.into_iter().flat_map(|path| {
        let source = display_name(&path);
        let reader: Box<dyn Iterator<Item = Result<(Place, Document)>>> = match open(&path) {
            Ok(input) => Box::new(DocReader::new(input, source.clone()).map(move |item| {
                item.map(|(line, doc)| {
                    let place = Place {
                        source: source.clone(),
                        line,
                    };
                    (place, doc)
                })
            })),
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        reader
    })
}

fn display_name(path: &std::path::Path) -> String {
    if path.as_os_str() == "-" {
        "stdin".to_string()
    } else {
        path.display().to_string()
    }
}

fn open(path: &std::path::Path) -> Result<Box<dyn BufRead>> {
    if path.as_os_str() == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    let file = File::open(path)
        .map_err(|e| Error::input(format!("cannot open {}: {}", path.display(), plain_io(&e))))?;
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

/// The whole text of a file (`-` is stdin) and the name to use in messages, for tools that
/// must see all of an input before they know its format.
pub fn read_text(path: &std::path::Path) -> Result<(String, String)> {
    use std::io::Read;
    let mut bytes = Vec::new();
    let name = if path.as_os_str() == "-" {
        io::stdin().read_to_end(&mut bytes)?;
        "stdin".to_string()
    } else {
        let mut file = File::open(path).map_err(|e| {
            Error::input(format!("cannot open {}: {}", path.display(), plain_io(&e)))
        })?;
        file.read_to_end(&mut bytes)?;
        path.display().to_string()
    };
    let text = String::from_utf8(bytes)
        .map_err(|_| Error::input("the input is not UTF-8 text").in_source(&name))?;
    Ok((name, text))
}

/// The OS message without Rust's " (os error 2)" suffix.
pub fn plain_io(e: &io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

/// `--color auto|always|never`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Colour on stdout: `always`, or `auto` with stdout a terminal and `NO_COLOR` unset or
    /// empty (no-color.org).
    pub fn enabled(self) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Progress on stderr for long batches, only when stderr is a terminal.
#[derive(Debug)]
pub struct Progress {
    tool: &'static str,
    total: usize,
    shown: bool,
}

impl Progress {
    pub fn new(tool: &'static str, total: usize) -> Self {
        Progress {
            tool,
            total,
            shown: total > 1 && io::stderr().is_terminal(),
        }
    }

    pub fn tick(&self, done: usize) {
        if self.shown && (done.is_multiple_of(16) || done == self.total) {
            eprint!("\r{}: {done}/{}", self.tool, self.total);
            if done == self.total {
                eprintln!();
            }
        }
    }
}

/// Writes one document and its newline.
pub fn write_doc(out: &mut impl Write, doc: &Document, pretty: bool) -> Result<()> {
    doc.write_to(out, pretty)
}
