//! Colour nonograms: each block has a colour, blocks of one colour are separated by at least
//! one background cell, and blocks of different colours may touch.
//!
//! The solver has the same stages and the same proof as black and white ([`solve()`]): the
//! clues' own contradictions, line logic by an exact colour line solver ([`mod@line`]),
//! probing (assume a colour for a cell; a contradiction rules it out), and a complete search.
//! Black-and-white puzzles never come here: they keep their two-state fast path.

mod engine;
pub mod line;
mod memo;
mod sat;
mod solve;

pub use grid_core::nonogram_doc::{Block, Palette, Swatch};
pub use line::{BACKGROUND, Colors};
pub use solve::solve;
pub(crate) use solve::solve_up_to;

use crate::puzzle::{ClueError, LineId, check_shape};
use grid_core::Grid;

/// The clues of a colour nonogram, with its palette.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColorPuzzle {
    palette: Palette,
    rows: Vec<Vec<Block>>,
    cols: Vec<Vec<Block>>,
}

/// A colour puzzle's board: each cell's possible colours.
pub type ColorBoard = Grid<Colors>;

impl ColorPuzzle {
    /// Checks the shape as [`crate::Puzzle::new`] does (a lone block of 0 is an empty line),
    /// and that every block's colour is in the palette.
    pub fn new(
        palette: Palette,
        rows: Vec<Vec<Block>>,
        cols: Vec<Vec<Block>>,
    ) -> Result<ColorPuzzle, ClueError> {
        check_shape(rows.len(), cols.len())?;
        let colors = palette.len();
        let clean = |kind: &'static str, lines: Vec<Vec<Block>>| -> Result<_, ClueError> {
            lines
                .into_iter()
                .enumerate()
                .map(|(i, line)| {
                    if line
                        .iter()
                        .any(|b| b.color == 0 || usize::from(b.color) > colors)
                    {
                        return Err(ClueError::NoSuchColor {
                            line: kind,
                            number: i + 1,
                        });
                    }
                    match line.as_slice() {
                        [b] if b.len == 0 => Ok(Vec::new()),
                        l if l.iter().any(|b| b.len == 0) => Err(ClueError::ZeroInside {
                            line: kind,
                            number: i + 1,
                        }),
                        _ => Ok(line),
                    }
                })
                .collect()
        };
        Ok(ColorPuzzle {
            palette,
            rows: clean("row", rows)?,
            cols: clean("column", cols)?,
        })
    }

    /// The clues of a picture of colour numbers (0 the background).
    pub fn from_picture(palette: Palette, picture: &Grid<u8>) -> ColorPuzzle {
        let (w, h) = (picture.width(), picture.height());
        let cells = picture.cells();
        ColorPuzzle {
            palette,
            rows: (0..h)
                .map(|r| line::runs((0..w).map(|c| cells[r * w + c])))
                .collect(),
            cols: (0..w)
                .map(|c| line::runs((0..h).map(|r| cells[r * w + c])))
                .collect(),
        }
    }

    pub fn palette(&self) -> &Palette {
        &self.palette
    }

    pub fn width(&self) -> usize {
        self.cols.len()
    }

    pub fn height(&self) -> usize {
        self.rows.len()
    }

    pub fn rows(&self) -> &[Vec<Block>] {
        &self.rows
    }

    pub fn cols(&self) -> &[Vec<Block>] {
        &self.cols
    }

    pub fn clues(&self, line: LineId) -> &[Block] {
        match line {
            LineId::Row(r) => &self.rows[r],
            LineId::Col(c) => &self.cols[c],
        }
    }

    /// Every colour a cell may have: the background and each colour of the palette.
    pub fn all_colors(&self) -> Colors {
        ((1u64 << (self.palette.len() + 1)) - 1) as Colors
    }

    /// A colour's name for a person: "red" for the palette's `r`... where the name is a
    /// letter a person reads as a colour, else the quoted letter.
    pub fn color_name(&self, color: u8) -> String {
        let name = self.palette.get(color).map_or(b'?', |s| s.name);
        describe_color(name, self.palette.get(color).map(|s| s.rgb))
    }

    /// A contradiction visible in the clues alone: a line whose blocks (with a gap between
    /// two of one colour) do not fit, or a colour that the rows and the columns fill in
    /// different amounts.
    pub fn contradiction(&self) -> Option<String> {
        let lines = (0..self.height())
            .map(LineId::Row)
            .chain((0..self.width()).map(LineId::Col));
        for id in lines {
            let clues = self.clues(id);
            let need = min_length(clues);
            let len = match id {
                LineId::Row(_) => self.width(),
                LineId::Col(_) => self.height(),
            };
            if need > len {
                return Some(format!(
                    "{id}: the clues {} need {need} cells, but the line has {len}",
                    self.describe(clues)
                ));
            }
        }
        for color in 1..=self.palette.len() as u8 {
            let total = |lines: &[Vec<Block>]| -> u64 {
                lines
                    .iter()
                    .flatten()
                    .filter(|b| b.color == color)
                    .map(|b| u64::from(b.len))
                    .sum()
            };
            let (rows, cols) = (total(&self.rows), total(&self.cols));
            if rows != cols {
                return Some(format!(
                    "the row clues fill {rows} {} cells but the column clues fill {cols}",
                    self.color_name(color)
                ));
            }
        }
        None
    }

    /// "2 red, 1 green", or "0" for an empty line.
    pub fn describe(&self, clues: &[Block]) -> String {
        if clues.is_empty() {
            return "0".into();
        }
        clues
            .iter()
            .map(|b| format!("{} {}", b.len, self.color_name(b.color)))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The fewest cells a line's blocks take.
fn min_length(clues: &[Block]) -> usize {
    let gaps = clues
        .windows(2)
        .filter(|w| w[0].color == w[1].color)
        .count();
    clues.iter().map(|b| b.len as usize).sum::<usize>() + gaps
}

/// The word for a colour (grid_core::words::colour says how it is chosen).
fn describe_color(name: u8, rgb: Option<[u8; 3]>) -> String {
    grid_core::words::colour(name, rgb)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette() -> Palette {
        Palette::new(vec![
            Swatch {
                name: b'r',
                rgb: [214, 39, 40],
            },
            Swatch {
                name: b'g',
                rgb: [44, 160, 44],
            },
            Swatch {
                name: b'x',
                rgb: [10, 10, 200],
            },
        ])
        .unwrap()
    }

    fn block(len: u32, color: u8) -> Block {
        Block { len, color }
    }

    #[test]
    fn colours_are_named_as_a_person_would() {
        let p = ColorPuzzle::new(palette(), vec![vec![]], vec![vec![]]).unwrap();
        // The palette is sorted by name: g, r, x.
        assert_eq!(p.color_name(1), "green");
        assert_eq!(p.color_name(2), "red");
        assert_eq!(p.color_name(3), "colour 'x'");
    }

    #[test]
    fn sums_are_checked_colour_by_colour() {
        let p = ColorPuzzle::new(
            palette(),
            vec![vec![block(1, 1), block(1, 2)]],
            vec![vec![block(1, 1)], vec![block(1, 1)]],
        )
        .unwrap();
        assert_eq!(
            p.contradiction().unwrap(),
            "the row clues fill 1 green cells but the column clues fill 2"
        );
        let p = ColorPuzzle::new(
            palette(),
            vec![vec![block(1, 2), block(1, 2)]],
            vec![vec![block(1, 2)], vec![block(1, 2)]],
        )
        .unwrap();
        assert_eq!(
            p.contradiction().unwrap(),
            "row 1: the clues 1 red, 1 red need 3 cells, but the line has 2"
        );
        assert!(ColorPuzzle::new(palette(), vec![vec![block(1, 4)]], vec![vec![]]).is_err());
    }
}
