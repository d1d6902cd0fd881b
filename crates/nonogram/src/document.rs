//! Puzzles and answers as nonogram documents (docs/format.md, kind "nonogram").

use crate::formats::{Format, Parsed};
use crate::{Board, Cell, Puzzle, Report, Status};
use grid_core::nonogram_doc::{Clues, NonogramDoc};
use grid_core::{Document, Grid};
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
        doc.set_grid(&self.board, |c| c.to_char());
        let mut solution = json!({
            "status": self.status.name(),
            "solutions": self.solutions.len(),
            "method": self.method.name(),
        });
        let shown = match (answer.all, self.status) {
            (true, _) => self.solutions.len(),
            (false, Status::Multiple) => 2,
            _ => 0,
        };
        if shown > 0 {
            let grids: Vec<Vec<String>> =
                self.solutions.iter().take(shown).map(grid_rows).collect();
            solution["grids"] = json!(grids);
        }
        if let Some(why) = &self.conflict {
            solution["conflict"] = json!(why);
        }
        if answer.explain {
            solution["steps"] = json!(self.steps);
        }
        solution["stats"] = json!({
            "line_solves": self.stats.line_solves,
            "probes": self.stats.probes,
            "nodes": self.stats.nodes,
        });
        doc.set_value("solution", solution);
    }
}

impl Parsed {
    /// A puzzle read from a file as a new document; `meta` keeps what the file says of it
    /// (title, author...), its format and, when given, the file's name.
    pub fn to_document(&self, format: Format, file: Option<&str>) -> Document {
        let view = NonogramDoc {
            clues: Clues {
                rows: self.puzzle.rows().to_vec(),
                cols: self.puzzle.cols().to_vec(),
            },
            color: None,
            grid: None,
        };
        let mut doc = view.to_document();
        let mut meta = serde_json::Map::new();
        for (key, value) in &self.meta {
            meta.insert(key.clone(), Value::String(value.clone()));
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

/// A board as the rows of a `grid`.
fn grid_rows(board: &Board) -> Vec<String> {
    board
        .rows()
        .map(|r| r.iter().map(|c| c.to_char() as char).collect())
        .collect()
}

/// A puzzle and its known cells, read from a nonogram document.
pub fn puzzle_of(view: &NonogramDoc) -> Result<(Puzzle, Option<Board>), crate::ClueError> {
    let puzzle = Puzzle::new(view.clues.rows.clone(), view.clues.cols.clone())?;
    Ok((puzzle, view.grid.as_ref().map(board_of)))
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
