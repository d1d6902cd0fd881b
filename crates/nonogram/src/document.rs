//! Puzzles and answers as nonogram documents (docs/format.md, kind "nonogram").

use crate::color::{BACKGROUND, ColorBoard, ColorPuzzle, Colors, Palette};
use crate::formats::{Format, Parsed};
use crate::solve::Halt;
use crate::{Board, Cell, Nonogram, Puzzle, Report, Stats, Status};
use grid_core::nonogram_doc::{Clues, ColorClues, NonogramDoc};
use grid_core::{Document, Grid};
use serde::Serialize;
use serde_json::{Value, json};

/// How much of an answer to write.
#[derive(Debug, Clone, Copy, Default)]
pub struct Answer {
    /// Every solution found, not only the two that prove a puzzle ambiguous.
    pub all: bool,
    /// The deductions in words.
    pub explain: bool,
}

impl Report {
    /// Writes the board into `grid` and the `solution` object into the document.
    pub fn write_into(&self, doc: &mut Document, answer: Answer) {
        self.write_with(doc, answer, |c| c.to_char());
    }
}

impl Report<Colors> {
    /// Writes a colour puzzle's board into `grid` (a colour's name where the cell's colour
    /// is known, `'.'` for the background, `'?'` while open) and the `solution` object.
    pub fn write_into(&self, doc: &mut Document, answer: Answer, palette: &Palette) {
        self.write_with(doc, answer, |&set| color_char(palette, set));
    }
}

/// A colour cell's character in `grid`.
pub fn color_char(palette: &Palette, set: Colors) -> u8 {
    match set {
        BACKGROUND => b'.',
        s if s.count_ones() == 1 => palette
            .get(s.trailing_zeros() as u8)
            .map_or(b'?', |sw| sw.name),
        _ => b'?',
    }
}

impl<C> Report<C> {
    fn write_with(&self, doc: &mut Document, answer: Answer, to_char: impl Fn(&C) -> u8) {
        doc.set_grid(&self.board, &to_char);
        let shown = match (answer.all, self.status) {
            (true, _) => self.solutions.len(),
            (false, Status::Multiple) => 2,
            _ => 0,
        };
        let grids = (shown > 0).then(|| {
            self.solutions
                .iter()
                .take(shown)
                .map(|g| g.text_rows(&to_char))
                .collect()
        });
        doc.set(
            "solution",
            SolutionField {
                status: self.status.name(),
                solutions: self.solutions.len(),
                method: self.method.name(),
                grids,
                conflict: self.conflict.as_deref(),
                halt: self.halt.map(Halt::name),
                steps: answer.explain.then_some(&self.steps[..]),
                stats: &self.stats,
            },
        );
    }
}

/// The `solution` field, written straight from a report.
#[derive(Serialize)]
struct SolutionField<'a> {
    status: &'static str,
    solutions: usize,
    method: &'static str,
    /// The solutions shown: two when they prove a puzzle ambiguous, or all on request.
    #[serde(skip_serializing_if = "Option::is_none")]
    grids: Option<Vec<Vec<String>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    conflict: Option<&'a str>,
    /// With status `unfinished`: why the solver stopped.
    #[serde(skip_serializing_if = "Option::is_none")]
    halt: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    steps: Option<&'a [String]>,
    stats: &'a Stats,
}

impl Parsed {
    /// A puzzle read from a file as a new document; `meta` keeps what the file says of it
    /// (title, author...), its format and, when given, the file's name.
    pub fn to_document(&self, format: Format, file: Option<&str>) -> Document {
        let view = match &self.puzzle {
            Nonogram::Black(puzzle) => NonogramDoc {
                clues: Clues {
                    rows: puzzle.rows().to_vec(),
                    cols: puzzle.cols().to_vec(),
                },
                color: None,
                grid: None,
            },
            Nonogram::Color(puzzle) => {
                let color = ColorClues {
                    palette: puzzle.palette().clone(),
                    rows: puzzle.rows().to_vec(),
                    cols: puzzle.cols().to_vec(),
                };
                NonogramDoc {
                    clues: color.lengths(),
                    color: Some(color),
                    grid: None,
                }
            }
        };
        let mut doc = view.to_document();
        let mut meta = serde_json::Map::new();
        for (key, value) in &self.meta {
            meta.insert(key.clone(), Value::String(value.clone()));
        }
        if !self.words.names.is_empty() {
            let names: serde_json::Map<String, Value> = self
                .words
                .names
                .iter()
                .map(|(name, word)| ((*name as char).to_string(), Value::String(word.clone())))
                .collect();
            meta.insert("color_names".into(), Value::Object(names));
        }
        if let Some(rgb) = self.words.background {
            let swatch = grid_core::nonogram_doc::Swatch { name: b'.', rgb };
            meta.insert("background".into(), Value::String(swatch.hex()));
        }
        meta.insert("format".into(), Value::String(format.name().into()));
        if let Some(name) = file {
            meta.insert("file".into(), Value::String(name.to_string()));
        }
        doc.set_value("meta", Value::Object(meta));
        doc
    }
}

/// The cells a document's `grid` already knows (`'?'` and anything else unknown).
pub fn board_of(grid: &Grid<u8>) -> Board {
    grid.map(|&c| Cell::from_char(c).unwrap_or(Cell::Unknown))
}

/// A puzzle to solve, and the cells its document already knows.
#[derive(Debug, Clone)]
pub enum Task {
    Black(Puzzle, Option<Board>),
    Color(ColorPuzzle, Option<ColorBoard>),
}

impl From<Nonogram> for Task {
    /// A puzzle read from a file: nothing known yet.
    fn from(puzzle: Nonogram) -> Task {
        match puzzle {
            Nonogram::Black(p) => Task::Black(p, None),
            Nonogram::Color(p) => Task::Color(p, None),
        }
    }
}

/// The puzzle of a nonogram document, and its known cells.
pub fn task_of(view: &NonogramDoc) -> Result<Task, crate::ClueError> {
    let Some(color) = &view.color else {
        let puzzle = Puzzle::new(view.clues.rows.clone(), view.clues.cols.clone())?;
        return Ok(Task::Black(puzzle, view.grid.as_ref().map(board_of)));
    };
    let puzzle = ColorPuzzle::new(
        color.palette.clone(),
        color.rows.clone(),
        color.cols.clone(),
    )?;
    let all = puzzle.all_colors();
    let start = view.grid.as_ref().map(|g| {
        g.map(|&c| match c {
            b'.' => BACKGROUND,
            b'?' => all,
            name => color.palette.find(name).map_or(all, |n| 1 << n),
        })
    });
    Ok(Task::Color(puzzle, start))
}

impl crate::generate::Made {
    /// The puzzle as a document: its clues, `grid` with the givens known and every other
    /// cell `'?'`, and the answer in `key`, which solvers do not read (docs/format.md).
    pub fn to_document(&self) -> Document {
        let start = self
            .start()
            .unwrap_or_else(|| self.picture.map(|_| Cell::Unknown));
        let view = NonogramDoc {
            clues: Clues {
                rows: self.puzzle.rows().to_vec(),
                cols: self.puzzle.cols().to_vec(),
            },
            color: None,
            grid: Some(start.map(|c| c.to_char())),
        };
        let mut doc = view.to_document();
        let key: Vec<String> = self
            .picture
            .rows()
            .map(|r| r.iter().map(|&f| if f { '#' } else { '.' }).collect())
            .collect();
        doc.set_value("key", json!(key));
        doc
    }

    /// Where a repair changed the picture or added givens: `{"givens": N, "cells":
    /// [[row, col], ...]}` or `{"pixels": N, ...}`, or `None` when the picture was a puzzle
    /// as it was.
    pub fn repair_value(&self) -> Option<Value> {
        let w = self.picture.width();
        let at = |cells: &[usize]| -> Value {
            json!(cells.iter().map(|&i| [i / w, i % w]).collect::<Vec<_>>())
        };
        if !self.givens.is_empty() {
            Some(json!({"givens": self.givens.len(), "cells": at(&self.givens)}))
        } else if !self.flips.is_empty() {
            Some(json!({"pixels": self.flips.len(), "cells": at(&self.flips)}))
        } else {
            None
        }
    }
}

impl crate::generate::ColorMade {
    /// The colour puzzle as a document: its palette and clues, `grid` all `'?'`, and the
    /// answer in `key` (colour names and `'.'`), which solvers do not read.
    pub fn to_document(&self) -> Document {
        let color = ColorClues {
            palette: self.puzzle.palette().clone(),
            rows: self.puzzle.rows().to_vec(),
            cols: self.puzzle.cols().to_vec(),
        };
        let view = NonogramDoc {
            clues: color.lengths(),
            color: Some(color),
            grid: Some(self.picture.map(|_| b'?')),
        };
        let mut doc = view.to_document();
        let palette = self.puzzle.palette();
        let key: Vec<String> = self
            .picture
            .rows()
            .map(|r| {
                r.iter()
                    .map(|&c| palette.get(c).map_or('.', |s| s.name as char))
                    .collect()
            })
            .collect();
        doc.set_value("key", json!(key));
        doc
    }
}
