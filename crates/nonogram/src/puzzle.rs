//! A puzzle: the clues of its rows and columns, checked for the contradictions that can be
//! seen before solving (sums that disagree, a clue too long for its line).

use grid_core::Grid;
use std::fmt;

/// The largest side of a puzzle: far beyond any published puzzle, small enough that every
/// count fits comfortably.
pub const MAX_SIDE: usize = 1000;

/// A row or a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LineId {
    Row(usize),
    Col(usize),
}

impl fmt::Display for LineId {
    /// Counted from 1, as puzzle books count them.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineId::Row(r) => write!(f, "row {}", r + 1),
            LineId::Col(c) => write!(f, "column {}", c + 1),
        }
    }
}

/// Why a set of clues is not a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ClueError {
    #[error(
        "a puzzle has at least one row and one column, this one has {rows} rows and {cols} columns"
    )]
    Empty { rows: usize, cols: usize },
    #[error("{cols}x{rows} is too large (at most {MAX_SIDE} on a side)")]
    TooLarge { rows: usize, cols: usize },
    /// `line` is "row" or "column", `number` counts from 1.
    #[error("{line} {number}: a clue of 0 is only allowed alone, for an empty line")]
    ZeroInside { line: &'static str, number: usize },
    #[error("{line} {number}: a block's colour is not in the palette")]
    NoSuchColor { line: &'static str, number: usize },
}

/// The clues of a black-and-white nonogram.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

impl Puzzle {
    /// Checks the shape: at least one row and one column, at most `MAX_SIDE`, no zero inside a
    /// clue list (a lone `0` means an empty line and becomes `[]`).
    pub fn new(rows: Vec<Vec<u32>>, cols: Vec<Vec<u32>>) -> Result<Puzzle, ClueError> {
        check_shape(rows.len(), cols.len())?;
        let clean =
            |kind: &'static str, lines: Vec<Vec<u32>>| -> Result<Vec<Vec<u32>>, ClueError> {
                lines
                    .into_iter()
                    .enumerate()
                    .map(|(i, line)| match line.as_slice() {
                        [0] => Ok(Vec::new()),
                        l if l.contains(&0) => Err(ClueError::ZeroInside {
                            line: kind,
                            number: i + 1,
                        }),
                        _ => Ok(line),
                    })
                    .collect()
            };
        Ok(Puzzle {
            rows: clean("row", rows)?,
            cols: clean("column", cols)?,
        })
    }

    /// The clues a picture makes (`true` = filled).
    pub fn from_picture(picture: &Grid<bool>) -> Puzzle {
        let (w, h) = (picture.width(), picture.height());
        let cells = picture.cells();
        let rows = (0..h)
            .map(|r| runs((0..w).map(|c| cells[r * w + c])))
            .collect();
        let cols = (0..w)
            .map(|c| runs((0..h).map(|r| cells[r * w + c])))
            .collect();
        Puzzle { rows, cols }
    }

    pub fn width(&self) -> usize {
        self.cols.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    pub fn rows(&self) -> &[Vec<u32>] {
        &self.rows
    }

    pub fn cols(&self) -> &[Vec<u32>] {
        &self.cols
    }

    pub fn clues(&self, line: LineId) -> &[u32] {
        match line {
            LineId::Row(r) => &self.rows[r],
            LineId::Col(c) => &self.cols[c],
        }
    }

    pub fn line_len(&self, line: LineId) -> usize {
        match line {
            LineId::Row(_) => self.width(),
            LineId::Col(_) => self.height(),
        }
    }

    /// Every line, rows first.
    pub fn lines(&self) -> impl Iterator<Item = LineId> + use<> {
        let (h, w) = (self.height(), self.width());
        (0..h).map(LineId::Row).chain((0..w).map(LineId::Col))
    }

    /// A contradiction visible in the clues alone, as a puzzle book reader checks before
    /// starts: the rows and the columns must fill the same number of cells, and each line's
    /// clues (with one blank between blocks) must fit in it.
    pub fn contradiction(&self) -> Option<String> {
        for line in self.lines() {
            let clues = self.clues(line);
            let need: usize =
                clues.iter().map(|&c| c as usize).sum::<usize>() + clues.len().saturating_sub(1);
            let len = self.line_len(line);
            if need > len {
                return Some(format!(
                    "{line}: the clues {} need {need} cells, but the line has {len}",
                    describe(clues)
                ));
            }
        }
        let total = |lines: &[Vec<u32>]| -> u64 { lines.iter().flatten().map(|&c| c as u64).sum() };
        let (rows, cols) = (total(&self.rows), total(&self.cols));
        (rows != cols)
            .then(|| format!("the row clues fill {rows} cells but the column clues fill {cols}"))
    }
}

/// At least one row and one column, at most [`MAX_SIDE`] of each.
pub(crate) fn check_shape(rows: usize, cols: usize) -> Result<(), ClueError> {
    if rows == 0 || cols == 0 {
        return Err(ClueError::Empty { rows, cols });
    }
    if rows > MAX_SIDE || cols > MAX_SIDE {
        return Err(ClueError::TooLarge { rows, cols });
    }
    Ok(())
}

/// The lengths of the runs of filled cells of a line: its clues.
pub fn runs(cells: impl Iterator<Item = bool>) -> Vec<u32> {
    let mut clues = Vec::new();
    let mut run = 0;
    for filled in cells {
        if filled {
            run += 1;
        } else if run > 0 {
            clues.push(run);
            run = 0;
        }
    }
    if run > 0 {
        clues.push(run);
    }
    clues
}

/// "3 1 2", or "0" for an empty line.
pub fn describe(clues: &[u32]) -> String {
    if clues.is_empty() {
        return "0".into();
    }
    clues
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every picture with the clues of `puzzle`, by brute force over all grids of its size:
/// what the tests hold the solvers to on small puzzles.
#[cfg(test)]
pub(crate) fn brute_force(puzzle: &Puzzle) -> Vec<Vec<crate::line::Cell>> {
    use crate::line::Cell;
    let (w, h) = (puzzle.width(), puzzle.height());
    (0u32..1 << (w * h))
        .map(|bits| {
            (0..w * h)
                .map(|i| bits >> i & 1 == 1)
                .collect::<Vec<bool>>()
        })
        .filter(|cells| {
            Puzzle::from_picture(&Grid::from_vec(w, h, cells.clone()).unwrap()) == *puzzle
        })
        .map(|cells| {
            let value = |f: bool| if f { Cell::Filled } else { Cell::Empty };
            cells.into_iter().map(value).collect()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lone_zero_is_an_empty_line() {
        let p = Puzzle::new(vec![vec![0], vec![1]], vec![vec![1]]).unwrap();
        assert_eq!(p.rows()[0], Vec::<u32>::new());
        assert!(Puzzle::new(vec![vec![1, 0]], vec![vec![1]]).is_err());
        assert!(Puzzle::new(vec![], vec![vec![1]]).is_err());
    }

    #[test]
    fn visible_contradictions_are_named() {
        let p = Puzzle::new(vec![vec![2, 2]], vec![vec![1], vec![1], vec![1], vec![1]]).unwrap();
        assert_eq!(
            p.contradiction().unwrap(),
            "row 1: the clues 2 2 need 5 cells, but the line has 4"
        );
        let p = Puzzle::new(vec![vec![1], vec![1]], vec![vec![1], vec![2]]).unwrap();
        assert_eq!(
            p.contradiction().unwrap(),
            "the row clues fill 2 cells but the column clues fill 3"
        );
    }

    #[test]
    fn pictures_make_their_clues() {
        let g = Grid::from_vec(3, 2, vec![true, true, false, false, true, true]).unwrap();
        let p = Puzzle::from_picture(&g);
        assert_eq!(p.rows(), [vec![2], vec![2]]);
        assert_eq!(p.cols(), [vec![1], vec![2], vec![1]]);
    }
}
