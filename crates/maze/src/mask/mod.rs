//! Masks: the shape of a maze, as the set of cells of its bounding rectangle that belong to
//! it. A masked maze is a spanning tree of exactly those cells; the others are drawn as
//! background (docs/format.md, "Cells left out").

mod picture;

pub use picture::{Picture, PictureError};

use crate::bits::CellSet;
use std::collections::VecDeque;

/// The cells of a `width` x `height` rectangle that are part of the maze, one bit a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mask {
    width: usize,
    height: usize,
    inside: CellSet,
    count: usize,
}

/// Why a mask cannot shape a maze.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MaskError {
    #[error("the mask has no cell in it: every pixel or character is outside")]
    Empty,
    /// The cells fall apart into several pieces, which no maze can join; `firsts` holds the
    /// first cell `(row, col)` of each piece in reading order (at most [`PIECES_NAMED`]).
    #[error(
        "the mask's cells are in {count} separate pieces, which no maze can join: {} \
         (keep only the largest with --largest-piece)",
        name_pieces(.firsts, *.count)
    )]
    Pieces {
        count: usize,
        firsts: Vec<(usize, usize)>,
    },
}

/// How many pieces an error names by one of their cells.
pub const PIECES_NAMED: usize = 8;

fn name_pieces(firsts: &[(usize, usize)], count: usize) -> String {
    let mut text = firsts
        .iter()
        .enumerate()
        .map(|(i, (r, c))| format!("piece {} at row {r} column {c}", i + 1))
        .collect::<Vec<_>>()
        .join(", ");
    if count > firsts.len() {
        text.push_str(&format!(" and {} more", count - firsts.len()));
    }
    text
}

impl Mask {
    /// The mask whose cells are those for which `inside(row, col)` holds.
    pub fn from_fn(width: usize, height: usize, inside: impl Fn(usize, usize) -> bool) -> Mask {
        let mut set = CellSet::new(width * height);
        for r in 0..height {
            for c in 0..width {
                if inside(r, c) {
                    set.insert(r * width + c);
                }
            }
        }
        Mask::from_set(width, height, set)
    }

    fn from_set(width: usize, height: usize, inside: CellSet) -> Mask {
        let count = inside.count();
        Mask {
            width,
            height,
            inside,
            count,
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// Whether cell number `cell` (row-major in the rectangle) belongs to the maze.
    #[inline]
    pub fn contains(&self, cell: usize) -> bool {
        self.inside.contains(cell)
    }

    /// The number of cells in the maze.
    pub fn count(&self) -> usize {
        self.count
    }

    pub(crate) fn cells(&self) -> &CellSet {
        &self.inside
    }

    /// The `k`-th cell of the maze in reading order (`k` below [`Mask::count`]).
    pub fn nth(&self, k: usize) -> usize {
        (0..self.width * self.height)
            .filter(|&c| self.contains(c))
            .nth(k)
            .expect("k is below the count")
    }

    /// The first and the last cell in reading order: where start and goal go by default.
    pub fn first_and_last(&self) -> Option<(usize, usize)> {
        let n = self.width * self.height;
        let first = (0..n).find(|&c| self.contains(c))?;
        let last = (0..n).rev().find(|&c| self.contains(c))?;
        Some((first, last))
    }

    /// Checks that the mask can shape a maze: it has cells, all in one piece (cells joined
    /// through their four sides).
    pub fn check(&self) -> Result<(), MaskError> {
        let pieces = self.pieces();
        match pieces.len() {
            0 => Err(MaskError::Empty),
            1 => Ok(()),
            count => Err(MaskError::Pieces {
                count,
                firsts: pieces
                    .iter()
                    .take(PIECES_NAMED)
                    .map(|p| (p.first / self.width, p.first % self.width))
                    .collect(),
            }),
        }
    }

    /// The mask of its largest piece alone (the first in reading order among equals).
    pub fn largest_piece(&self) -> Result<Mask, MaskError> {
        let pieces = self.pieces();
        let mut best: Option<&Piece> = None;
        for p in &pieces {
            if best.is_none_or(|b| p.size > b.size) {
                best = Some(p);
            }
        }
        let best = best.ok_or(MaskError::Empty)?;
        let n = self.width * self.height;
        let mut set = CellSet::new(n);
        self.flood(best.first, |c| set.insert(c), &mut CellSet::new(n));
        Ok(Mask::from_set(self.width, self.height, set))
    }

    /// The pieces in reading order of their first cells.
    fn pieces(&self) -> Vec<Piece> {
        let mut seen = CellSet::new(self.width * self.height);
        let mut pieces = Vec::new();
        for cell in 0..self.width * self.height {
            if self.contains(cell) && !seen.contains(cell) {
                let mut size = 0;
                self.flood(cell, |_| size += 1, &mut seen);
                pieces.push(Piece { first: cell, size });
            }
        }
        pieces
    }

    /// Calls `visit` on every cell of the piece holding `from`, marking them in `seen`.
    fn flood(&self, from: usize, mut visit: impl FnMut(usize), seen: &mut CellSet) {
        let w = self.width;
        let mut queue = VecDeque::from([from]);
        seen.insert(from);
        while let Some(cell) = queue.pop_front() {
            visit(cell);
            let (r, c) = (cell / w, cell % w);
            let around = [
                (r > 0).then(|| cell - w),
                (c + 1 < w).then(|| cell + 1),
                (r + 1 < self.height).then(|| cell + w),
                (c > 0).then(|| cell - 1),
            ];
            for next in around.into_iter().flatten() {
                if self.contains(next) && !seen.contains(next) {
                    seen.insert(next);
                    queue.push_back(next);
                }
            }
        }
    }
}

#[derive(Debug)]
struct Piece {
    first: usize,
    size: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(rows: &[&str]) -> Mask {
        let grid: Vec<&[u8]> = rows.iter().map(|r| r.as_bytes()).collect();
        Mask::from_fn(rows[0].len(), rows.len(), |r, c| grid[r][c] == b'.')
    }

    #[test]
    fn one_piece_passes_the_check() {
        let m = mask(&["..#", "#..", "##."]);
        assert_eq!(m.count(), 5);
        assert_eq!(m.check(), Ok(()));
        assert_eq!(m.first_and_last(), Some((0, 8)));
        assert_eq!(m.nth(2), 4);
    }

    #[test]
    fn pieces_are_named_by_their_first_cells() {
        let m = mask(&[".#.", "###", "..#"]);
        let e = m.check().unwrap_err();
        assert_eq!(
            e,
            MaskError::Pieces {
                count: 3,
                firsts: vec![(0, 0), (0, 2), (2, 0)]
            }
        );
        let text = e.to_string();
        assert!(text.contains("3 separate pieces"), "{text}");
        assert!(text.contains("piece 3 at row 2 column 0"), "{text}");
    }

    #[test]
    fn the_largest_piece_is_kept_alone() {
        let m = mask(&[".#.", "###", "..#"]).largest_piece().unwrap();
        assert_eq!(m.count(), 2);
        assert!(m.contains(6) && m.contains(7) && !m.contains(0));
        assert_eq!(m.check(), Ok(()));
    }

    #[test]
    fn an_empty_mask_is_refused() {
        let m = mask(&["##", "##"]);
        assert_eq!(m.check(), Err(MaskError::Empty));
        assert_eq!(m.largest_piece(), Err(MaskError::Empty));
    }

    #[test]
    fn many_pieces_are_counted_but_not_all_named() {
        let m = Mask::from_fn(40, 1, |_, c| c % 2 == 0);
        let text = m.check().unwrap_err().to_string();
        assert!(text.contains("20 separate pieces"), "{text}");
        assert!(text.contains("and 12 more"), "{text}");
    }
}
