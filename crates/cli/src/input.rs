//! Inputs: the files named on the command line (`-` is stdin), or stdin when none is, read
//! one document at a time so that each is answered as soon as it has arrived.

pub use crate::error::plain_io;
use crate::error::{Error, Result};
use grid_core::{DocReader, Document};
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// The largest input read whole (puzzle files in other formats, positions in text): far more
/// than any puzzle needs, and a bound on what a mistaken input can take.
pub const MAX_TEXT_BYTES: u64 = 64 << 20;

/// Where a document came from: the input's name and the line it starts on.
#[derive(Debug, Clone)]
pub struct Place {
    pub source: String,
    pub line: usize,
}

impl Place {
    /// Names this place in an error about the document (a line the error names already, such
    /// as the line of a syntax error, is kept).
    pub fn locate(&self, e: impl Into<Error>) -> Error {
        e.into().at_line(self.line).in_source(&self.source)
    }
}

/// One input, open for reading.
pub struct Input {
    /// "stdin" or the path as given, for messages.
    pub name: String,
    reader: Box<dyn BufRead>,
    /// Lines already consumed by [`Input::sniff`].
    lines_read: usize,
}

impl std::fmt::Debug for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Input").field("name", &self.name).finish()
    }
}

impl Input {
    /// Text already read from the input `name` (after `skipped` lines), read again as one:
    /// for a caller that had to see the whole text before it knew it for documents.
    pub fn from_text(name: String, skipped: usize, text: String) -> Input {
        Input {
            name,
            reader: Box::new(io::Cursor::new(text.into_bytes())),
            lines_read: skipped,
        }
    }

    /// Opens a file, or stdin for `-`.
    pub fn open(path: &Path) -> Result<Input> {
        if path.as_os_str() == "-" {
            return Ok(Input {
                name: "stdin".to_string(),
                reader: Box::new(io::stdin().lock()),
                lines_read: 0,
            });
        }
        let name = path.display().to_string();
        if path.is_dir() {
            return Err(Error::input(format!("{name} is a directory")));
        }
        let file = File::open(path)
            .map_err(|e| Error::input(format!("cannot open {name}: {}", plain_io(&e))))?;
        Ok(Input {
            name,
            reader: Box::new(BufReader::with_capacity(1 << 16, file)),
            lines_read: 0,
        })
    }

    /// The first byte of the content, past a byte-order mark and white space, without taking
    /// it: what tells a JSON document (`{`) from a puzzle in another format. `None` for an
    /// input with nothing but white space.
    pub fn sniff(&mut self) -> Result<Option<u8>> {
        let mut first = true;
        loop {
            let name = &self.name;
            let buf = self.reader.fill_buf().map_err(|e| read_error(name, e))?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut skip = 0;
            if first && buf.starts_with(b"\xef\xbb\xbf") {
                skip = 3;
            }
            first = false;
            while skip < buf.len() && buf[skip].is_ascii_whitespace() {
                if buf[skip] == b'\n' {
                    self.lines_read += 1;
                }
                skip += 1;
            }
            if skip < buf.len() {
                let byte = buf[skip];
                // Consume the white space before the content only up to its last newline, so
                // that the content keeps its own first line.
                let keep = buf[..skip]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |i| i + 1);
                let keep = if keep == 0 && buf.starts_with(b"\xef\xbb\xbf") {
                    3
                } else {
                    keep
                };
                self.reader.consume(keep);
                return Ok(Some(byte));
            }
            let n = buf.len();
            self.reader.consume(n);
        }
    }

    /// The documents of this input, one at a time, with where each one starts.
    pub fn documents(self) -> impl Iterator<Item = Result<(Place, Document)>> {
        let source = self.name;
        DocReader::new(self.reader, source.clone())
            .after_lines(self.lines_read)
            .map(move |item| {
                let (line, doc) = item?;
                let place = Place {
                    source: source.clone(),
                    line,
                };
                Ok((place, doc))
            })
    }

    /// The whole content as bytes, at most `max` of them (`what` names what a larger input
    /// is not, for the message).
    pub fn read_bytes(&mut self, max: u64, what: &str) -> Result<Vec<u8>> {
        let mut bytes = Vec::new();
        let limit = max + 1;
        (&mut self.reader)
            .take(limit)
            .read_to_end(&mut bytes)
            .map_err(|e| read_error(&self.name, e))?;
        if bytes.len() as u64 == limit {
            return Err(Error::input(format!(
                "larger than {} MiB: not {what} this tool reads",
                max >> 20
            ))
            .in_source(&self.name));
        }
        Ok(bytes)
    }

    /// The whole text, for formats that must be seen whole; at most [`MAX_TEXT_BYTES`], and
    /// UTF-8 (a byte-order mark is dropped).
    pub fn read_text(mut self) -> Result<String> {
        let mut bytes = self.read_bytes(MAX_TEXT_BYTES, "a puzzle")?;
        if bytes.starts_with(b"\xef\xbb\xbf") {
            bytes.drain(..3);
        }
        String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = self.lines_read + 1 + valid.iter().filter(|&&b| b == b'\n').count();
            Error::input("the text is not UTF-8")
                .at_line(line)
                .in_source(&self.name)
        })
    }

    /// Lines consumed before the text that [`Input::read_text`] returns.
    pub fn lines_before(&self) -> usize {
        self.lines_read
    }
}

/// A failed read, named; a directory given as a file is said to be one.
fn read_error(name: &str, e: io::Error) -> Error {
    if e.kind() == io::ErrorKind::IsADirectory {
        return Error::input(format!("{name} is a directory"));
    }
    Error::from(e)
}

/// The files to read: those named, or stdin when none is.
pub fn paths(files: &[PathBuf]) -> Vec<PathBuf> {
    if files.is_empty() {
        vec![PathBuf::from("-")]
    } else {
        files.to_vec()
    }
}

/// The documents of every input in turn, each file opened only when the one before is done.
pub fn documents(files: &[PathBuf]) -> impl Iterator<Item = Result<(Place, Document)>> {
    paths(files).into_iter().flat_map(|path| {
        let docs: Box<dyn Iterator<Item = Result<(Place, Document)>>> = match Input::open(&path) {
            Ok(input) => Box::new(input.documents()),
            Err(e) => Box::new(std::iter::once(Err(e))),
        };
        docs
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(text: &'static [u8]) -> Input {
        Input {
            name: "stdin".into(),
            reader: Box::new(text),
            lines_read: 0,
        }
    }

    #[test]
    fn sniffing_skips_a_byte_order_mark_and_blank_lines_but_keeps_line_numbers() {
        let mut i = input(b"\xef\xbb\xbf\n\n  {\"kind\":\"maze\",\"version\":1,}\n");
        assert_eq!(i.sniff().unwrap(), Some(b'{'));
        let e = i.documents().next().unwrap().unwrap_err().to_string();
        assert!(e.starts_with("stdin line 3: malformed JSON"), "{e}");
    }

    #[test]
    fn an_empty_input_sniffs_as_nothing() {
        assert_eq!(input(b" \n\t\n").sniff().unwrap(), None);
    }

    #[test]
    fn text_that_is_not_utf8_names_its_line() {
        let e = input(b"one\ntwo \xff\n")
            .read_text()
            .unwrap_err()
            .to_string();
        assert_eq!(e, "stdin line 2: the text is not UTF-8");
    }

    #[test]
    fn a_directory_is_named() {
        let e = Input::open(Path::new("/")).unwrap_err().to_string();
        assert_eq!(e, "/ is a directory");
    }
}
