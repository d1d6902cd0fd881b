//! Colour puzzles in a document (docs/format.md, "Colour puzzles"): the `colors` palette, and
//! clue items that are a number (a block of `'#'`, black) or `[length, "name"]`.

use super::{Clues, cell};
use crate::error::{Error, Result};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::{Map, Value};

/// The most colours a puzzle may have besides the background: each cell's possible colours
/// are then one 32-bit set. webpbn's largest palettes have a dozen or so.
pub const MAX_COLORS: usize = 31;

/// One colour of a puzzle: its one-character name and its RGB value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swatch {
    pub name: u8,
    pub rgb: [u8; 3],
}

impl Swatch {
    /// `"#rrggbb"`.
    pub fn hex(&self) -> String {
        let [r, g, b] = self.rgb;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

/// The colours of a puzzle, background excluded, in the order of their names. A colour's
/// number (1 for the first) is its place here; 0 is the background.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Palette(Vec<Swatch>);

impl Palette {
    /// The palette of these colours, sorted by name; names must be distinct, printable ASCII,
    /// and neither `'.'` nor `'?'`.
    pub fn new(mut swatches: Vec<Swatch>) -> Result<Palette> {
        if swatches.len() > MAX_COLORS {
            return Err(Error::input(format!(
                "field `colors`: {} colours, at most {MAX_COLORS} are allowed",
                swatches.len()
            )));
        }
        for s in &swatches {
            if !s.name.is_ascii_graphic() || s.name == cell::BLANK || s.name == cell::UNKNOWN {
                return Err(Error::input(format!(
                    "field `colors`: {:?} cannot name a colour ('.' is the background, '?' \
                     unknown, and a name is one printable ASCII character)",
                    s.name as char
                )));
            }
        }
        swatches.sort_by_key(|s| s.name);
        if let Some(w) = swatches.windows(2).find(|w| w[0].name == w[1].name) {
            return Err(Error::input(format!(
                "field `colors`: {:?} is named twice",
                w[0].name as char
            )));
        }
        Ok(Palette(swatches))
    }

    pub fn swatches(&self) -> &[Swatch] {
        &self.0
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The number of the colour with this name (1 for the first), if there is one.
    pub fn find(&self, name: u8) -> Option<u8> {
        self.0
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u8 + 1)
    }

    /// Colour number `color` (1 for the first).
    pub fn get(&self, color: u8) -> Option<&Swatch> {
        self.0.get(usize::from(color).checked_sub(1)?)
    }

    /// `'r', 'g' and '#'`, for messages.
    pub fn names(&self) -> String {
        let names: Vec<String> = self
            .0
            .iter()
            .map(|s| format!("{:?}", s.name as char))
            .collect();
        match names.split_last() {
            None => "(none)".into(),
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
        }
    }

    /// Adds black as `'#'` when the palette has no `'#'`: a plain number in a colour puzzle's
    /// clues is a black block.
    fn with_black(mut self) -> Result<Palette> {
        if self.find(cell::FILLED).is_none() {
            self.0.push(Swatch {
                name: cell::FILLED,
                rgb: [0, 0, 0],
            });
        }
        Palette::new(self.0)
    }
}

/// Reads `"#rrggbb"` (or `"#rgb"`).
pub fn parse_rgb(text: &str) -> Option<[u8; 3]> {
    let hex = text.strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let digit = |i: usize| u8::from_str_radix(&hex[i..i + 1], 16).ok();
    match hex.len() {
        6 => {
            let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
            Some([byte(0)?, byte(2)?, byte(4)?])
        }
        3 => Some([digit(0)? * 17, digit(1)? * 17, digit(2)? * 17]),
        _ => None,
    }
}

/// The `colors` field of a document, checked.
pub(super) fn palette_of(map: &Map<String, Value>) -> Result<Palette> {
    let mut swatches = Vec::with_capacity(map.len());
    for (name, value) in map {
        let bytes = name.as_bytes();
        if bytes.len() != 1 {
            return Err(Error::input(format!(
                "field `colors`: {name:?} is not a one-character colour name"
            )));
        }
        let rgb = value.as_str().and_then(parse_rgb).ok_or_else(|| {
            Error::input(format!(
                "field `colors`: colour {name:?} has {value}, expected an RGB value such as \"#d62728\""
            ))
        })?;
        swatches.push(Swatch {
            name: bytes[0],
            rgb,
        });
    }
    Palette::new(swatches)
}

/// One block of a colour puzzle's clues: its length and its colour's number in the palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Block {
    pub len: u32,
    pub color: u8,
}

/// A clue item as a document writes it.
#[derive(Debug, Clone)]
enum Item {
    Black(u32),
    Colored(u32, String),
}

impl Item {
    /// A count (a block of black), or `[count, "colour"]`; `None` for anything else.
    fn read(value: &serde_json::Value) -> Option<Item> {
        use serde_json::Value;
        let count = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
        match value {
            Value::Array(pair) => match pair.as_slice() {
                [n, Value::String(name)] => Some(Item::Colored(count(n)?, name.clone())),
                _ => None,
            },
            n => count(n).map(Item::Black),
        }
    }
}

/// The clues of a colour document, as written: each item read by [`Item::read`], so that a
/// wrong one is named by its line and place.
#[derive(Debug, Clone, Deserialize)]
pub(super) struct ItemClues {
    rows: Vec<Vec<serde_json::Value>>,
    cols: Vec<Vec<serde_json::Value>>,
}

/// A colour puzzle's palette and clues.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColorClues {
    pub palette: Palette,
    pub rows: Vec<Vec<Block>>,
    pub cols: Vec<Vec<Block>>,
}

impl ColorClues {
    /// Resolves every item's colour name in the palette (adding black as `'#'` when a plain
    /// number asks for it).
    pub(super) fn new(palette: Palette, items: ItemClues) -> Result<ColorClues> {
        let plain = items
            .rows
            .iter()
            .chain(&items.cols)
            .flatten()
            .any(|i| matches!(Item::read(i), Some(Item::Black(_))));
        let palette = if plain {
            palette.with_black()?
        } else {
            palette
        };
        let resolve = |kind: &str, lines: Vec<Vec<serde_json::Value>>| -> Result<Vec<Vec<Block>>> {
            lines
                .into_iter()
                .enumerate()
                .map(|(i, line)| {
                    line.into_iter()
                        .enumerate()
                        .map(|(k, value)| {
                            let item = Item::read(&value).ok_or_else(|| {
                                Error::input(format!(
                                    "field `clues`: {kind} {}, item {}: {} is not a clue item; \
                                     an item is a count (a whole number up to {}) or [count, \
                                     \"colour\"]",
                                    i + 1,
                                    k + 1,
                                    crate::error::quote(&value.to_string()),
                                    u32::MAX
                                ))
                            })?;
                            let (len, name) = match item {
                                Item::Black(len) => (len, "#".to_string()),
                                Item::Colored(len, name) => (len, name),
                            };
                            if name == "." {
                                return Err(Error::input(format!(
                                    "field `clues`: {kind} {}: a block of colour \".\", the \
                                     background; a block is never the background",
                                    i + 1
                                )));
                            }
                            let color = match name.as_bytes() {
                                [b] => palette.find(*b),
                                _ => None,
                            }
                            .ok_or_else(|| {
                                Error::input(format!(
                                    "field `clues`: {kind} {}: the colour {name:?} is not in \
                                     `colors` (which has {})",
                                    i + 1,
                                    palette.names()
                                ))
                            })?;
                            Ok(Block { len, color })
                        })
                        .collect()
                })
                .collect()
        };
        let rows = resolve("row", items.rows)?;
        let cols = resolve("column", items.cols)?;
        Ok(ColorClues {
            palette,
            rows,
            cols,
        })
    }

    /// The lengths alone.
    pub fn lengths(&self) -> Clues {
        let lengths = |lines: &[Vec<Block>]| -> Vec<Vec<u32>> {
            lines
                .iter()
                .map(|l| l.iter().map(|b| b.len).collect())
                .collect()
        };
        Clues {
            rows: lengths(&self.rows),
            cols: lengths(&self.cols),
        }
    }

    /// The `clues` field: black blocks as numbers, the others as `[length, "name"]`.
    pub fn items(&self) -> impl Serialize + '_ {
        ClueItems(self)
    }
}

/// The `colors` field: `{"r": "#d62728", ...}`, in the order of the names.
impl Serialize for Palette {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for s in &self.0 {
            map.serialize_entry(&(s.name as char), &s.hex())?;
        }
        map.end()
    }
}

/// [`ColorClues::items`]: written straight from the blocks, with no JSON tree between.
struct ClueItems<'a>(&'a ColorClues);

/// One line's blocks as clue items.
struct LineItems<'a>(&'a ColorClues, &'a [Block]);

impl<'a> Serialize for ClueItems<'a> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let clues = self.0;
        let lines = |lines: &'a [Vec<Block>]| -> Vec<LineItems<'a>> {
            lines.iter().map(|l| LineItems(clues, l)).collect()
        };
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("rows", &lines(&clues.rows))?;
        map.serialize_entry("cols", &lines(&clues.cols))?;
        map.end()
    }
}

impl Serialize for LineItems<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.1.len()))?;
        for b in self.1 {
            match self.0.palette.get(b.color).map_or(cell::FILLED, |s| s.name) {
                cell::FILLED => seq.serialize_element(&b.len)?,
                name => seq.serialize_element(&(b.len, name as char))?,
            }
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Document;
    use crate::nonogram_doc::NonogramDoc;

    const RED_GREEN: &str = r##"{"kind":"nonogram","version":1,"width":3,"height":1,"colors":{"r":"#d62728","g":"#2ca02c"},"clues":{"rows":[[[1,"r"],[2,"g"]]],"cols":[[[1,"r"]],[[1,"g"]],[[1,"g"]]]}}"##;

    #[test]
    fn colour_clues_are_read_and_written_back() {
        let doc = Document::from_json(RED_GREEN).unwrap();
        let view = NonogramDoc::from_document(&doc).unwrap();
        let color = view.color.as_ref().unwrap();
        assert_eq!(color.palette.names(), "'g' and 'r'");
        assert_eq!(
            color.rows[0],
            [Block { len: 1, color: 2 }, Block { len: 2, color: 1 }]
        );
        assert_eq!(view.clues.rows, [vec![1, 2]]);
        let again = view.to_document();
        assert_eq!(NonogramDoc::from_document(&again).unwrap(), view);
        assert_eq!(
            again.raw("colors").unwrap().get(),
            r##"{"g":"#2ca02c","r":"#d62728"}"##
        );
    }

    #[test]
    fn plain_numbers_are_black() {
        let text = RED_GREEN.replace(r#"[[1,"r"]],[[1,"g"]]"#, r#"[1],[[1,"g"]]"#);
        let view = NonogramDoc::from_document(&Document::from_json(&text).unwrap()).unwrap();
        let color = view.color.unwrap();
        assert_eq!(color.palette.get(1).unwrap().name, b'#');
        assert_eq!(color.cols[0], [Block { len: 1, color: 1 }]);
    }

    #[test]
    fn bad_palettes_and_items_are_named() {
        let cases = [
            (
                r##""g":"#2ca02c""##,
                r##""g":"green""##,
                "colour \"g\" has \"green\"",
            ),
            (
                r##""g":"#2ca02c""##,
                r##""g":"#2ca02c","?":"#000""##,
                "'?' cannot name",
            ),
            (
                r##""g":"#2ca02c""##,
                r##""gg":"#2ca02c""##,
                "\"gg\" is not a one-character",
            ),
            (
                r#"[[1,"r"]],[[1,"g"]]"#,
                r#"[[1,"b"]],[[1,"g"]]"#,
                "column 1: the colour \"b\"",
            ),
        ];
        for (from, to, expected) in cases {
            let text = RED_GREEN.replace(from, to);
            let e = NonogramDoc::from_document(&Document::from_json(&text).unwrap())
                .unwrap_err()
                .to_string();
            assert!(e.contains(expected), "{e}");
        }
        assert_eq!(parse_rgb("#fff"), Some([255, 255, 255]));
        assert_eq!(parse_rgb("#12345"), None);
        assert_eq!(parse_rgb("#ééé"), None);
    }
}
