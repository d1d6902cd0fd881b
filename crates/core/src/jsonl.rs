//! Reading and writing streams of documents (JSON Lines).
//!
//! Tools write one compact document per line. Readers also accept documents spread over
//! several lines (`--pretty` output, or a hand-written file): a document ends where its
//! outermost brace closes. Errors name the line where the faulty document starts.

use crate::doc::Document;
use crate::error::{Error, Result};
use std::io::BufRead;

/// Documents from a stream, with the input line each one starts on.
#[derive(Debug)]
pub struct DocReader<R> {
    input: R,
    name: String,
    line: usize,
    buf: String,
}

impl<R: BufRead> DocReader<R> {
    /// `name` ("stdin", a file name) is used in error messages.
    pub fn new(input: R, name: impl Into<String>) -> Self {
        DocReader {
            input,
            name: name.into(),
            line: 0,
            buf: String::new(),
        }
    }

    /// A reader whose first `lines` lines were already consumed (by a caller that looked at
    /// them to tell the input's format), so that line numbers stay those of the whole input.
    pub fn after_lines(mut self, lines: usize) -> Self {
        self.line = lines;
        self
    }

    /// The next document and the line it starts on; `None` at the end of the input.
    pub fn next_doc(&mut self) -> Option<Result<(usize, Document)>> {
        match self.read_text() {
            Ok(None) => None,
            Ok(Some(start)) => Some(Document::from_json(&self.buf).map(|d| (start, d)).map_err(
                |e| {
                    e.from_document_line(start)
                        .at_line(start)
                        .in_source(&self.name)
                },
            )),
            Err(e) => Some(Err(e)),
        }
    }

    /// Reads the text of the next document into `buf`; returns the line it starts on.
    fn read_text(&mut self) -> Result<Option<usize>> {
        self.buf.clear();
        let mut depth = Depth::default();
        let mut start = None;
        loop {
            let before = self.buf.len();
            let n = self.input.read_line(&mut self.buf).map_err(|e| {
                if e.kind() == std::io::ErrorKind::InvalidData {
                    Error::input("the input is not UTF-8 text")
                        .at_line(self.line + 1)
                        .in_source(&self.name)
                } else {
                    Error::Io(e)
                }
            })?;
            if n == 0 {
                // End of input: whatever was gathered is parsed, and a truncated document
                // gets serde_json's "EOF while parsing" error with its start line.
                return Ok(start);
            }
            self.line += 1;
            if self.line == 1 && self.buf.starts_with('\u{feff}') {
                // A byte-order mark says only that the text is UTF-8.
                self.buf.drain(..3);
            }
            let new_text = &self.buf[before.min(self.buf.len())..];
            if start.is_none() {
                if new_text.trim().is_empty() {
                    self.buf.clear();
                    continue;
                }
                start = Some(self.line);
            }
            depth.scan(new_text);
            if depth.is_closed() {
                return Ok(start);
            }
        }
    }
}

impl<R: BufRead> Iterator for DocReader<R> {
    type Item = Result<(usize, Document)>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_doc()
    }
}

/// Tracks the nesting of braces and brackets outside strings, to find where a multi-line
/// document ends without parsing it twice.
#[derive(Debug, Default)]
struct Depth {
    depth: i64,
    in_string: bool,
    escaped: bool,
    seen_value: bool,
}

impl Depth {
    fn scan(&mut self, text: &str) {
        for b in text.bytes() {
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match b {
                b'"' => self.in_string = true,
                b'{' | b'[' => self.depth += 1,
                b'}' | b']' => self.depth -= 1,
                _ => {}
            }
            if !b.is_ascii_whitespace() {
                self.seen_value = true;
            }
        }
    }

    /// A line that leaves no bracket open ends the document; so does a line of anything that
    /// is not an object (it is then reported as malformed rather than swallowing the rest).
    fn is_closed(&self) -> bool {
        self.seen_value && self.depth <= 0 && !self.in_string
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(text: &str) -> Vec<Result<(usize, Document)>> {
        DocReader::new(text.as_bytes(), "stdin").collect()
    }

    #[test]
    fn one_document_per_line_with_blank_lines_skipped() {
        let text = "{\"kind\":\"maze\",\"version\":1}\n\n{\"kind\":\"mines\",\"version\":1}\n";
        let docs = read_all(text);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[0].as_ref().unwrap().0, 1);
        assert_eq!(docs[1].as_ref().unwrap().0, 3);
    }

    #[test]
    fn pretty_documents_span_lines() {
        let text = "{\n  \"kind\": \"maze\",\n  \"s\": \"}{\\\"\",\n  \"version\": 1\n}\n{\"kind\":\"maze\",\"version\":1}";
        let docs = read_all(text);
        assert_eq!(docs.len(), 2);
        assert_eq!(docs[1].as_ref().unwrap().0, 6);
    }

    #[test]
    fn errors_name_the_line() {
        let text = "{\"kind\":\"maze\",\"version\":1}\n{\"kind\":\"maze\",\"version\":1,}\n";
        let docs = read_all(text);
        let e = docs[1].as_ref().unwrap_err().to_string();
        assert!(e.starts_with("stdin line 2: malformed JSON"), "{e}");
    }

    #[test]
    fn a_truncated_document_is_an_error_not_silence() {
        let docs = read_all("{\"kind\":\"maze\",\"version\":1,\"grid\":[\"##");
        assert_eq!(docs.len(), 1);
        let e = docs[0].as_ref().unwrap_err().to_string();
        assert!(e.contains("line 1: malformed JSON: EOF"), "{e}");
    }

    #[test]
    fn errors_in_pretty_documents_name_their_own_line() {
        let text =
            "{\"kind\":\"maze\",\"version\":1}\n{\n  \"kind\": \"maze\",\n  \"version\": 1,,\n}\n";
        let e = read_all(text)[1].as_ref().unwrap_err().to_string();
        assert!(e.starts_with("stdin line 4: malformed JSON"), "{e}");
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let docs = read_all("\u{feff}{\"kind\":\"maze\",\"version\":1}\n");
        assert!(docs[0].is_ok());
    }

    #[test]
    fn garbage_lines_do_not_swallow_the_rest() {
        let docs = read_all("hello\n{\"kind\":\"maze\",\"version\":1}\n");
        assert_eq!(docs.len(), 2);
        assert!(docs[0].is_err());
        assert!(docs[1].is_ok());
    }
}
