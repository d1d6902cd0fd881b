//! The typed view of a `kind = "mines"` document: what the player sees, and, when known,
//! where the mines are.

use crate::doc::{Document, Kind};
use crate::error::{Error, Result};
use crate::geom::Pos;
use crate::grid::Grid;
use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One tile as the player sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cell {
    Covered,
    Flag,
    Question,
    /// Opened, with its count of neighbouring mines.
    Open(u8),
    /// After the game: a mine that was not flagged (on a win, mines show as flags).
    Mine,
    /// The mine that was opened.
    Exploded,
    /// After a loss: a flag on a safe tile.
    WrongFlag,
}

impl Cell {
    pub fn to_char(self) -> u8 {
        match self {
            Cell::Covered => b'#',
            Cell::Flag => b'F',
            Cell::Question => b'?',
            Cell::Open(n) => b'0' + n,
            Cell::Mine => b'*',
            Cell::Exploded => b'X',
            Cell::WrongFlag => b'!',
        }
    }

    pub fn from_char(c: u8) -> Option<Cell> {
        Some(match c {
            b'#' => Cell::Covered,
            b'F' => Cell::Flag,
            b'?' => Cell::Question,
            b'0'..=b'8' => Cell::Open(c - b'0'),
            b'*' => Cell::Mine,
            b'X' => Cell::Exploded,
            b'!' => Cell::WrongFlag,
            _ => return None,
        })
    }

    /// Still closed to the player (covered, flagged or marked).
    pub fn is_closed(self) -> bool {
        matches!(self, Cell::Covered | Cell::Flag | Cell::Question)
    }
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameState {
    New,
    Playing,
    Won,
    Lost,
}

impl GameState {
    pub fn is_over(self) -> bool {
        matches!(self, GameState::Won | GameState::Lost)
    }
}

/// What the first click is promised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum FirstClick {
    /// The first tile opened has no mine around it: it opens an area.
    #[default]
    Opening,
    /// The first tile opened is not a mine.
    Safe,
    /// No promise: the layout is fixed before the first click.
    Any,
}

impl FirstClick {
    pub fn name(self) -> &'static str {
        match self {
            FirstClick::Opening => "opening",
            FirstClick::Safe => "safe",
            FirstClick::Any => "any",
        }
    }
}

/// The rules of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Rules {
    #[serde(default)]
    pub first_click: FirstClick,
    #[serde(default)]
    pub no_guess: bool,
}

/// A move, written `["open", r, c]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// Open a tile (on an opened number: chord).
    Open(Pos),
    /// Put or take away a flag.
    Flag(Pos),
    /// Put or take away a question mark.
    Question(Pos),
    /// Open every unflagged neighbour of a number whose flags are all placed.
    Chord(Pos),
}

impl Move {
    pub fn name(self) -> &'static str {
        match self {
            Move::Open(_) => "open",
            Move::Flag(_) => "flag",
            Move::Question(_) => "question",
            Move::Chord(_) => "chord",
        }
    }

    pub fn pos(self) -> Pos {
        match self {
            Move::Open(p) | Move::Flag(p) | Move::Question(p) | Move::Chord(p) => p,
        }
    }

    /// The move of the same kind at another place.
    pub fn at(self, p: Pos) -> Move {
        match self {
            Move::Open(_) => Move::Open(p),
            Move::Flag(_) => Move::Flag(p),
            Move::Question(_) => Move::Question(p),
            Move::Chord(_) => Move::Chord(p),
        }
    }

    pub fn parse(name: &str, p: Pos) -> Option<Move> {
        Some(match name {
            "open" => Move::Open(p),
            "flag" => Move::Flag(p),
            "question" => Move::Question(p),
            "chord" => Move::Chord(p),
            _ => return None,
        })
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.pos();
        let mut t = s.serialize_tuple(3)?;
        t.serialize_element(self.name())?;
        t.serialize_element(&p.row)?;
        t.serialize_element(&p.col)?;
        t.end()
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Move;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a move such as [\"open\", 3, 4]")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Move, A::Error> {
                let name: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                let row: usize = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(1, &self))?;
                let col: usize = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(2, &self))?;
                if seq.next_element::<de::IgnoredAny>()?.is_some() {
                    return Err(de::Error::invalid_length(4, &self));
                }
                Move::parse(&name, Pos::new(row, col)).ok_or_else(|| {
                    de::Error::custom(format!(
                        "unknown move {name:?} (expected open, flag, question or chord)"
                    ))
                })
            }
        }
        d.deserialize_seq(V)
    }
}

/// The solver's findings (`analysis`), as docs/format.md writes them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    pub safe: Vec<Pos>,
    pub mines: Vec<Pos>,
    /// Per tile, `None` where the tile is open.
    pub probability: Vec<Vec<Option<f64>>>,
    pub best: Option<Pos>,
}

/// The clicks of a game, by kind.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clicks {
    pub left: usize,
    pub right: usize,
    pub chord: usize,
    pub total: usize,
}

/// A game's counters: the `stats` field of a mines document (computed by
/// `grid_mines::stats`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct GameStats {
    #[serde(rename = "3bv")]
    pub three_bv: usize,
    /// The part of the 3BV cleared so far.
    #[serde(rename = "3bv_solved")]
    pub three_bv_solved: usize,
    pub clicks: Clicks,
    /// 3BV solved per click; `None` before the first click.
    pub ioe: Option<f64>,
    /// The same as a percentage.
    pub efficiency: Option<f64>,
    /// 3BV per second, when the game's time is known.
    #[serde(rename = "3bv_per_s", default, skip_serializing_if = "Option::is_none")]
    pub three_bv_per_s: Option<f64>,
}

/// A mines document, read and checked for shape (consistency with the layout is the game
/// engine's business).
#[derive(Debug, Clone, PartialEq)]
pub struct MinesDoc {
    pub view: Grid<Cell>,
    pub mines: usize,
    /// `true` where a mine is.
    pub layout: Option<Grid<bool>>,
    pub state: GameState,
    pub rules: Rules,
    pub seed: Option<u64>,
    pub moves: Vec<Move>,
}

impl MinesDoc {
    pub fn from_document(doc: &Document) -> Result<Self> {
        if doc.kind() != Kind::Mines {
            return Err(Error::input(format!(
                "expected a mines document, found kind \"{}\"",
                doc.kind()
            )));
        }
        let bytes = doc
            .grid_bytes()?
            .ok_or_else(|| Error::input("field `grid`: missing"))?;
        let mut cells = Vec::with_capacity(bytes.len());
        for (i, &b) in bytes.cells().iter().enumerate() {
            let cell = Cell::from_char(b).ok_or_else(|| {
                let p = bytes.pos_of(i);
                Error::input(format!(
                    "field `grid`: row {} column {} has {:?}, which is not a mines tile \
                     (# F ? 0-8 * X !)",
                    p.row, p.col, b as char
                ))
            })?;
            cells.push(cell);
        }
        let view = Grid::from_vec(bytes.width(), bytes.height(), cells).expect("same size");
        let mines: usize = doc.required("mines")?;
        let layout = match doc.field::<Vec<String>>("layout")? {
            None => None,
            Some(rows) => Some(parse_layout(&rows, view.width(), view.height())?),
        };
        let state = match doc.field("state")? {
            Some(s) => s,
            None if view.cells().iter().all(|&c| c == Cell::Covered) => GameState::New,
            None => GameState::Playing,
        };
        Ok(MinesDoc {
            view,
            mines,
            layout,
            state,
            rules: doc.field("rules")?.unwrap_or_default(),
            seed: doc.field("seed")?,
            moves: doc.field("moves")?.unwrap_or_default(),
        })
    }

    /// Writes the fields this view owns into `doc`, keeping every other field.
    pub fn write_into(&self, doc: &mut Document) {
        doc.set_grid(&self.view, |c| c.to_char());
        doc.set("mines", self.mines);
        match &self.layout {
            Some(layout) => {
                let rows: Vec<String> = layout
                    .rows()
                    .map(|r| r.iter().map(|&m| if m { '*' } else { '.' }).collect())
                    .collect();
                doc.set("layout", rows);
            }
            None => {
                doc.remove("layout");
            }
        }
        doc.set("state", self.state);
        doc.merge("rules", self.rules);
        if let Some(seed) = self.seed {
            doc.set("seed", seed);
        }
        doc.set("moves", &self.moves);
    }

    pub fn to_document(&self) -> Document {
        let mut doc = Document::new(Kind::Mines);
        self.write_into(&mut doc);
        doc
    }
}

fn parse_layout(rows: &[String], width: usize, height: usize) -> Result<Grid<bool>> {
    if rows.len() != height {
        return Err(Error::input(format!(
            "field `layout`: {} rows, but `height` is {height}",
            rows.len()
        )));
    }
    let mut cells = Vec::with_capacity(width * height);
    for (r, row) in rows.iter().enumerate() {
        if row.len() != width {
            return Err(Error::input(format!(
                "field `layout`: row {r} has {}, but `width` is {width}",
                crate::words::count(row.chars().count() as u64, "character", "characters")
            )));
        }
        for (c, ch) in row.bytes().enumerate() {
            cells.push(match ch {
                b'*' => true,
                b'.' => false,
                other => {
                    return Err(Error::input(format!(
                        "field `layout`: row {r} column {c} has {:?}; a layout has only '*' (mine) and '.' (safe)",
                        other as char
                    )));
                }
            });
        }
    }
    Ok(Grid::from_vec(width, height, cells).expect("sized above"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_written_as_triples() {
        let m = Move::Chord(Pos::new(2, 7));
        assert_eq!(serde_json::to_string(&m).unwrap(), r#"["chord",2,7]"#);
        let back: Move = serde_json::from_str(r#"["open", 1, 0]"#).unwrap();
        assert_eq!(back, Move::Open(Pos::new(1, 0)));
        let e = serde_json::from_str::<Move>(r#"["dig", 1, 0]"#).unwrap_err();
        assert!(e.to_string().contains("unknown move \"dig\""), "{e}");
        assert!(serde_json::from_str::<Move>(r#"["open", 1]"#).is_err());
        assert!(serde_json::from_str::<Move>(r#"["open", -1, 0]"#).is_err());
    }

    #[test]
    fn a_document_round_trips() {
        let text = r##"{"kind":"mines","version":1,"width":3,"height":2,"grid":["1F#","11#"],"mines":1,"layout":[".*.","..."],"state":"playing","rules":{"first_click":"safe","no_guess":false},"seed":5,"moves":[["open",0,0],["flag",0,1]]}"##;
        let doc = Document::from_json(text).unwrap();
        let m = MinesDoc::from_document(&doc).unwrap();
        assert_eq!(m.view[Pos::new(0, 1)], Cell::Flag);
        assert!(m.layout.as_ref().unwrap()[Pos::new(0, 1)]);
        assert_eq!(m.to_document().to_json(), text);
    }

    #[test]
    fn bad_tiles_and_layouts_are_named() {
        let base = r##"{"kind":"mines","version":1,"width":2,"height":1,"grid":["#9"],"mines":0}"##;
        let e = MinesDoc::from_document(&Document::from_json(base).unwrap()).unwrap_err();
        assert!(e.to_string().contains("row 0 column 1 has '9'"), "{e}");
        let bad = r####"{"kind":"mines","version":1,"width":2,"height":1,"grid":["##"],"mines":0,"layout":["*"]}"####;
        let e = MinesDoc::from_document(&Document::from_json(bad).unwrap()).unwrap_err();
        assert!(
            e.to_string().contains("`layout`: row 0 has 1 character,"),
            "{e}"
        );
    }
}
