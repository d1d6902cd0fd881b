//! Inputs that may be a nonogram puzzle file rather than a stream of grid documents: Steve
//! Simpson's `.non`, webpbn XML and Mirek Olšák's `.g`, told by the file's extension, else by
//! the first byte of the content (`{` is a document), else by clear signs in the whole text
//! ([`Format::sniff`]). nonosolve solves what is read here and gridrender draws it, so that
//! both read the same files and place their errors on the same lines.

use crate::error::{Error, Result};
use crate::input::{Input, Place, paths};
use grid_core::Document;
use grid_nonogram::formats::{self, Format, Parsed};
use std::path::{Path, PathBuf};

/// An input, opened once and told apart.
#[derive(Debug)]
pub enum Opened {
    /// Grid documents, read one at a time.
    Documents(Input),
    /// A puzzle file, read whole and parsed.
    Puzzle(PuzzleFile),
    /// Text that neither its name nor any sign tells, read whole: what the tool makes of it
    /// (documents, or a refusal) is its own affair.
    Unknown(Unknown),
    /// Nothing but white space: no documents (docs/format.md, "Reading and writing").
    Empty,
}

/// A puzzle file, parsed.
#[derive(Debug)]
pub struct PuzzleFile {
    /// The input and the line the puzzle's text starts on.
    pub place: Place,
    pub format: Format,
    pub parsed: Parsed,
    /// The file's name as the document records it; `None` for stdin.
    file: Option<String>,
}

impl PuzzleFile {
    /// The puzzle as a new document, with its format and file name in `meta`.
    pub fn to_document(&self) -> Document {
        self.parsed.to_document(self.format, self.file.as_deref())
    }
}

/// The whole text of an input whose format nothing tells.
#[derive(Debug)]
pub struct Unknown {
    /// "stdin" or the path as given.
    pub name: String,
    /// Blank lines before `text`, so that lines are counted from the input's first.
    skipped: usize,
    pub text: String,
}

impl Unknown {
    /// The text read again as a stream of documents, so that what is wrong with it is said
    /// as of any document, on the input's own lines.
    pub fn into_input(self) -> Input {
        Input::from_text(self.name, self.skipped, self.text)
    }
}

/// Opens `path` (`-` is stdin) and tells what it holds: in `format` when given, else as its
/// extension or its content says.
pub fn open(path: &Path, format: Option<Format>) -> Result<Opened> {
    let mut input = Input::open(path)?;
    let format = match format.or_else(|| Format::from_path(path)) {
        Some(Format::Json) => return Ok(Opened::Documents(input)),
        Some(format) => Some(format),
        None => match input.sniff()? {
            Some(b'{') => return Ok(Opened::Documents(input)),
            None => return Ok(Opened::Empty),
            // The text tells its format, once read.
            Some(_) => None,
        },
    };
    let name = input.name.clone();
    let skipped = input.lines_before();
    let text = input.read_text()?;
    let format = match format.or_else(|| Format::sniff(&text)) {
        Some(format) if format != Format::Json => format,
        _ => {
            return Ok(Opened::Unknown(Unknown {
                name,
                skipped,
                text,
            }));
        }
    };
    let parsed = formats::parse(&text, format).map_err(|e| {
        let err = Error::input(format!("{} ({} format)", e.message, format.name()));
        // The parser counts lines from the text it was given, which starts after `skipped`.
        match e.line {
            Some(l) => err.at_line(l + skipped),
            None => err,
        }
        .in_source(&name)
    })?;
    let file = (path.as_os_str() != "-").then(|| name.clone());
    Ok(Opened::Puzzle(PuzzleFile {
        place: Place {
            source: name,
            line: skipped + 1,
        },
        format,
        parsed,
        file,
    }))
}

/// The documents of every input in turn: grid documents, and each puzzle file as the
/// document of its blank puzzle. Text that nothing tells is read as documents, so that what
/// is wrong with it is said as of any document.
pub fn documents(files: &[PathBuf]) -> impl Iterator<Item = Result<(Place, Document)>> + use<> {
    paths(files).into_iter().flat_map(|path| {
        let docs: Box<dyn Iterator<Item = Result<(Place, Document)>>> = match open(&path, None) {
            Ok(Opened::Documents(input)) => Box::new(input.documents()),
            Ok(Opened::Unknown(text)) => Box::new(text.into_input().documents()),
            Ok(Opened::Puzzle(puzzle)) => {
                let doc = puzzle.to_document();
                Box::new(std::iter::once(Ok((puzzle.place, doc))))
            }
            Ok(Opened::Empty) => Box::new(std::iter::empty()),
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        docs
    })
}
