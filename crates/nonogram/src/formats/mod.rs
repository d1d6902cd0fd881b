//! The files puzzle collections come in: Steve Simpson's `.non` (black and white), the webpbn
//! XML format and Mirek Olšák's `.g` (both black and white or colour); [`write`](mod@write)
//! writes `.non`, XML and colour `.g`. Grid documents (JSON) are read by the tools through
//! grid-core.

mod non;
mod olsak;
pub mod write;
mod xml;

use crate::Nonogram;
use crate::color::{Block, ColorPuzzle, Palette, Swatch};
use crate::puzzle::Puzzle;
use std::fmt;
use std::path::Path;

/// A puzzle file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Grid documents, one per line (docs/format.md).
    Json,
    /// Steve Simpson's `.non`.
    Non,
    /// webpbn's XML (`.xml`, `.pbn`).
    Xml,
    /// Mirek Olšák's `.g`.
    Olsak,
}

impl Format {
    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "json",
            Format::Non => "non",
            Format::Xml => "xml",
            Format::Olsak => "g",
        }
    }

    /// The format a file name announces, if it announces one.
    pub fn from_path(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "json" | "jsonl" => Format::Json,
            "non" => Format::Non,
            "xml" | "pbn" => Format::Xml,
            "g" => Format::Olsak,
            _ => return None,
        })
    }

    /// Every format, in the order they are told apart.
    pub const ALL: [Format; 4] = [Format::Json, Format::Xml, Format::Non, Format::Olsak];

    /// The format the text clearly is, if any: a document starts with `{`, XML with `<`, a
    /// `.non` file has a `width`, `height`, `rows` or `columns` line, and a `.g` file a line
    /// that starts with `:` or `#d`. Anything else is not guessed at.
    pub fn sniff(text: &str) -> Option<Format> {
        let start = text.trim_start_matches('\u{feff}').trim_start();
        if start.starts_with('{') {
            return Some(Format::Json);
        }
        if start.starts_with('<') {
            return Some(Format::Xml);
        }
        let non_words = ["width", "height", "rows", "columns"];
        for line in text.lines() {
            let line = line.trim();
            let first = line.split_whitespace().next().unwrap_or("");
            if non_words.contains(&first) {
                return Some(Format::Non);
            }
            if line.starts_with(':') || line.starts_with("#d") || line.starts_with("#D") {
                return Some(Format::Olsak);
            }
        }
        None
    }
}

/// A puzzle read from a file, with what the file says about it (title, author...).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub puzzle: Nonogram,
    pub meta: Vec<(String, String)>,
    /// What a colour puzzle's file calls its colours.
    pub words: ColorWords,
}

/// What a colour puzzle's file says of its colours beyond the palette, so that nothing is
/// lost on the way to a document and back: the file's word for each colour (by its name in
/// the palette, `'.'` for the background), and the background's RGB value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ColorWords {
    pub names: Vec<(u8, String)>,
    pub background: Option<[u8; 3]>,
}

impl ColorWords {
    /// The word for the colour named `name`, if the file gave one.
    pub fn word(&self, name: u8) -> Option<&str> {
        self.names
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, w)| w.as_str())
    }
}

/// A colour a file declares, on its way into a palette.
#[derive(Debug, Clone)]
pub(crate) struct Declared {
    /// What the file's clues call it ("red" in XML, `r` in `.g`).
    pub key: String,
    /// Its one-character name in the palette.
    pub name: u8,
    pub rgb: [u8; 3],
    /// The word a person reads, when the file has one.
    pub word: Option<String>,
}

/// The palette of the declared colours, and the words for them; `background` is the
/// background's (word, RGB value) when the file declares it.
pub(crate) fn palette(
    declared: &[Declared],
    background: Option<(Option<String>, [u8; 3])>,
) -> Result<(Palette, ColorWords), FormatError> {
    let swatches = declared
        .iter()
        .map(|d| Swatch {
            name: d.name,
            rgb: d.rgb,
        })
        .collect();
    let palette = Palette::new(swatches).map_err(|e| FormatError::whole(e.to_string()))?;
    let mut words = ColorWords::default();
    if let Some((word, rgb)) = background {
        words.background = Some(rgb);
        if let Some(word) = word {
            words.names.push((b'.', word));
        }
    }
    for d in declared {
        if let Some(word) = &d.word {
            words.names.push((d.name, word.clone()));
        }
    }
    Ok((palette, words))
}

/// A name in the palette for a colour the file calls `key`: `preferred` when it is free and
/// allowed, else the first letter of the word, else the first free letter.
pub(crate) fn free_name(taken: &[u8], preferred: Option<u8>, word: &str) -> u8 {
    let allowed = |c: u8| c.is_ascii_graphic() && !b".?#".contains(&c) && !taken.contains(&c);
    preferred
        .into_iter()
        .chain(word.bytes().take(1).map(|b| b.to_ascii_lowercase()))
        .chain(b'a'..=b'z')
        .chain(b'A'..=b'Z')
        .chain(b'0'..=b'9')
        .find(|&c| allowed(c))
        .unwrap_or(b'~')
}

/// Builds a colour puzzle, turning shape problems into errors of the whole file.
pub(crate) fn color_puzzle(
    palette: Palette,
    rows: Vec<Vec<Block>>,
    cols: Vec<Vec<Block>>,
) -> Result<Nonogram, FormatError> {
    ColorPuzzle::new(palette, rows, cols)
        .map(Nonogram::Color)
        .map_err(|e| FormatError::whole(e.to_string()))
}

/// What is wrong with a file, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// 1-based line of the file, when known.
    pub line: Option<usize>,
    pub message: String,
}

impl FormatError {
    pub(crate) fn at(line: usize, message: impl Into<String>) -> Self {
        FormatError {
            line: Some(line),
            message: message.into(),
        }
    }

    pub(crate) fn whole(message: impl Into<String>) -> Self {
        FormatError {
            line: None,
            message: message.into(),
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            Some(l) => write!(f, "line {l}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

/// Reads a puzzle in one of the text formats (not JSON: the tools read documents through
/// grid-core).
pub fn parse(text: &str, format: Format) -> Result<Parsed, FormatError> {
    match format {
        Format::Non => non::parse(text),
        Format::Xml => xml::parse(text),
        Format::Olsak => olsak::parse(text),
        Format::Json => Err(FormatError::whole(
            "grid documents are read as documents, not as a puzzle file",
        )),
    }
}

/// Parses one clue: a whole number, 0 or more.
pub(crate) fn number(word: &str, line: usize) -> Result<u32, FormatError> {
    word.parse::<u32>().map_err(|_| {
        let what = if word.starts_with('-') {
            "a negative number"
        } else {
            "not a whole number"
        };
        FormatError::at(
            line,
            format!("{word:?} is {what}; clues are whole numbers, 0 or more"),
        )
    })
}

/// Builds the puzzle, turning shape problems into errors of the whole file.
pub(crate) fn puzzle(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> Result<Nonogram, FormatError> {
    Puzzle::new(rows, cols)
        .map(Nonogram::Black)
        .map_err(|e| FormatError::whole(e.to_string()))
}

impl Parsed {
    /// The black-and-white puzzle, when it is one.
    pub fn black(&self) -> Option<&Puzzle> {
        match &self.puzzle {
            Nonogram::Black(p) => Some(p),
            Nonogram::Color(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_told_by_extension_and_content() {
        assert_eq!(Format::from_path(Path::new("a/b.NON")), Some(Format::Non));
        assert_eq!(Format::from_path(Path::new("b.g")), Some(Format::Olsak));
        assert_eq!(Format::from_path(Path::new("b.txt")), None);
        assert_eq!(Format::sniff("  {\"kind\":1}"), Some(Format::Json));
        assert_eq!(Format::sniff("<?xml version=\"1.0\"?>"), Some(Format::Xml));
        assert_eq!(Format::sniff("title \"x\"\nwidth 5\n"), Some(Format::Non));
        assert_eq!(Format::sniff("Cat\n#d\n: rows\n"), Some(Format::Olsak));
        assert_eq!(Format::sniff("hello\n1 2\n"), None);
    }
}
