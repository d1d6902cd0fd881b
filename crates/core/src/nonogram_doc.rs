//! The typed view of a `kind = "nonogram"` document: clues, and the grid when there is one.

use crate::doc::{Document, Kind};
use crate::error::{Error, Result};
use crate::grid::Grid;
use serde::{Deserialize, Serialize};

pub mod cell;
mod color;
pub use color::{Block, ColorClues, MAX_COLORS, Palette, Swatch, parse_rgb};

/// The clues, one list per row (top to bottom) and per column (left to right).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clues {
    pub rows: Vec<Vec<u32>>,
    pub cols: Vec<Vec<u32>>,
}

/// A nonogram document, read and checked for shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NonogramDoc {
    /// The blocks' lengths (for a colour puzzle too, so that a reader that knows nothing of
    /// colour still sees the shape).
    pub clues: Clues,
    /// The palette and the colour of every block, for a colour puzzle (docs/format.md).
    pub color: Option<ColorClues>,
    /// The cells' bytes ([`cell`]): filled, blank or unknown; a colour puzzle's colour names
    /// too.
    pub grid: Option<Grid<u8>>,
}

impl NonogramDoc {
    pub fn from_document(doc: &Document) -> Result<Self> {
        if doc.kind() != Kind::Nonogram {
            return Err(Error::input(format!(
                "expected a nonogram document, found kind \"{}\"",
                doc.kind()
            )));
        }
        let (clues, color) = match doc.raw("colors") {
            None => (doc.required::<Clues>("clues")?, None),
            Some(_) => {
                let palette = color::palette_of(&doc.required("colors")?)?;
                let items: color::ItemClues = doc.required("clues")?;
                let color = color::ColorClues::new(palette, items)?;
                (color.lengths(), Some(color))
            }
        };
        let (w, h) = (clues.cols.len(), clues.rows.len());
        for (name, given, from_clues) in [
            ("width", doc.field::<usize>("width")?, w),
            ("height", doc.field::<usize>("height")?, h),
        ] {
            if let Some(n) = given
                && n != from_clues
            {
                return Err(Error::input(format!(
                    "field `{name}`: {n}, but the clues give {from_clues}"
                )));
            }
        }
        let grid = match doc.raw("grid") {
            None => None,
            Some(_) => {
                let g = doc.grid_bytes()?.expect("grid is present");
                if (g.width(), g.height()) != (w, h) {
                    return Err(Error::input(format!(
                        "field `grid`: {}x{}, but the clues are {w}x{h}",
                        g.width(),
                        g.height()
                    )));
                }
                let allowed = |c: &u8| match &color {
                    None => b"#.?".contains(c),
                    Some(color) => b".?".contains(c) || color.palette.find(*c).is_some(),
                };
                if let Some(i) = g.cells().iter().position(|c| !allowed(c)) {
                    let p = g.pos_of(i);
                    let expected = match &color {
                        None => "a nonogram grid has '#', '.' and '?'".to_string(),
                        Some(color) => format!(
                            "a colour grid has '.', '?' and the colours {}",
                            color.palette.names()
                        ),
                    };
                    return Err(Error::input(format!(
                        "field `grid`: row {} column {} has {:?}; {expected}",
                        p.row,
                        p.col,
                        g.cells()[i] as char
                    )));
                }
                Some(g)
            }
        };
        Ok(NonogramDoc { clues, color, grid })
    }

    /// A new document with these clues (and the grid, when there is one).
    pub fn to_document(&self) -> Document {
        let mut doc = Document::new(Kind::Nonogram);
        doc.set("width", self.clues.cols.len());
        doc.set("height", self.clues.rows.len());
        match &self.color {
            None => doc.set("clues", &self.clues),
            Some(color) => {
                doc.set("colors", &color.palette);
                doc.set("clues", color.items());
            }
        }
        if let Some(g) = &self.grid {
            doc.set_grid(g, |&c| c);
        }
        doc
    }
}

/// Puts a nonogram document's answer key (`key`, as `nonogen` writes it) in its `grid`, so
/// that drawing it draws the answer. A document without a key keeps its grid: a solved
/// document is its own answer.
pub fn show_key(doc: &mut Document) -> Result<()> {
    if doc.kind() != Kind::Nonogram {
        return Ok(());
    }
    let Some(key) = doc.field::<Vec<String>>("key")? else {
        return Ok(());
    };
    let view = NonogramDoc::from_document(doc)?;
    let (w, h) = (view.clues.cols.len(), view.clues.rows.len());
    if key.len() != h {
        return Err(Error::input(format!(
            "field `key`: {} rows, but the clues have {h}",
            key.len()
        )));
    }
    let allowed = |b: u8| match &view.color {
        None => b == cell::FILLED || b == cell::BLANK,
        Some(color) => b == cell::BLANK || color.palette.find(b).is_some(),
    };
    for (r, row) in key.iter().enumerate() {
        if row.len() != w || !row.bytes().all(allowed) {
            let what = match &view.color {
                None => "'#' and '.'".to_string(),
                Some(color) => format!("'.' and the colours {}", color.palette.names()),
            };
            return Err(Error::input(format!(
                "field `key`: row {r} is not {w} characters of {what}"
            )));
        }
    }
    let cells: Vec<u8> = key.iter().flat_map(|r| r.bytes()).collect();
    let grid = Grid::from_vec(w, h, cells).expect("the rows are checked");
    doc.set_grid(&grid, |&c| c);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_replaces_the_grid() {
        let text = r##"{"kind":"nonogram","version":1,"width":2,"height":1,"clues":{"rows":[[1]],"cols":[[1],[]]},"grid":["??"],"key":["#."]}"##;
        let mut doc = Document::from_json(text).unwrap();
        show_key(&mut doc).unwrap();
        assert_eq!(doc.grid_bytes().unwrap().unwrap().cells(), b"#.");
        let bad = text.replace(r##"["#."]"##, r##"["#x"]"##);
        let mut doc = Document::from_json(&bad).unwrap();
        let e = show_key(&mut doc).unwrap_err().to_string();
        assert!(e.contains("field `key`: row 0"), "{e}");
    }

    #[test]
    fn shapes_are_checked() {
        let ok = r#"{"kind":"nonogram","version":1,"width":2,"height":1,"clues":{"rows":[[2]],"cols":[[1],[1]]}}"#;
        let d = NonogramDoc::from_document(&Document::from_json(ok).unwrap()).unwrap();
        assert_eq!(d.clues.rows, [vec![2]]);
        let wrong = ok.replace(r#""width":2"#, r#""width":3"#);
        let e = NonogramDoc::from_document(&Document::from_json(&wrong).unwrap()).unwrap_err();
        assert_eq!(e.to_string(), "field `width`: 3, but the clues give 2");
        let negative = ok.replace("[[2]]", "[[-2]]");
        let e = NonogramDoc::from_document(&Document::from_json(&negative).unwrap()).unwrap_err();
        assert!(e.to_string().starts_with("field `clues`:"), "{e}");
    }
}
