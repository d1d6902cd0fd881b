//! Masks: the shape of a maze, as the set of cells of its bounding rectangle that belong to
//! it. A masked maze is a spanning tree of exactly those cells; the others are drawn as
//! background (docs/format.md, "Cells left out").

pub use grid_picture::{Picture, PictureError};

use grid_core::{BitSet as CellSet, MAX_TILES};

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
        "the mask's cells are in {count} separate pieces, which no maze can join: {}",
        name_pieces(.firsts, *.count)
    )]
    Pieces {
        count: usize,
        firsts: Vec<(usize, usize)>,
    },
}

/// Why a picture cannot become the mask of a maze of the size asked.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MaskSizeError {
    #[error(
        "a maze of {width}x{height} cells is too large: its grid would have more than \
         {MAX_TILES} tiles"
    )]
    TooLarge { width: usize, height: usize },
    #[error("a maze is at least 1 cell wide and high, not {width}x{height}")]
    Empty { width: usize, height: usize },
}

/// How many pieces an error names by one of their cells: enough to find them, few enough
/// that the message stays one short line.
pub const PIECES_NAMED: usize = 5;

/// "piece 1 at row 0 column 0, piece 2 at ..." for the first cells of `count` pieces.
pub(crate) fn name_pieces(firsts: &[(usize, usize)], count: usize) -> String {
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
    /// The mask of a maze of `width` x `height` cells shaped by `picture`: each cell takes
    /// the pixel nearest its centre, and is in the maze when that pixel is neither ink nor
    /// clear. The size is checked before any memory is taken.
    pub fn from_picture(
        picture: &Picture,
        width: usize,
        height: usize,
    ) -> Result<Mask, MaskSizeError> {
        if width == 0 || height == 0 {
            return Err(MaskSizeError::Empty { width, height });
        }
        let tiles = (2 * width as u128 + 1) * (2 * height as u128 + 1);
        if tiles > MAX_TILES as u128 {
            return Err(MaskSizeError::TooLarge { width, height });
        }
        let mut set = CellSet::new(width * height);
        for (cell, pixel) in picture.nearest(width, height).enumerate() {
            if !picture.is_ink(pixel) && !picture.is_clear(pixel) {
                set.insert(cell);
            }
        }
        Ok(Mask::from_set(width, height, set))
    }

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

    pub(crate) fn from_set(width: usize, height: usize, inside: CellSet) -> Mask {
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
        let (runs, piece_of) = self.runs_in_pieces();
        let pieces = pieces(&runs, &piece_of);
        let mut best: Option<&Piece> = None;
        for p in &pieces {
            if best.is_none_or(|b| p.size > b.size) {
                best = Some(p);
            }
        }
        let best = best.ok_or(MaskError::Empty)?.id;
        let mut set = CellSet::new(self.width * self.height);
        for (run, &piece) in runs.iter().zip(&piece_of) {
            if piece == best {
                (run.first..run.end).for_each(|c| set.insert(c));
            }
        }
        Ok(Mask::from_set(self.width, self.height, set))
    }

    /// The pieces in reading order of their first cells.
    fn pieces(&self) -> Vec<Piece> {
        let (runs, piece_of) = self.runs_in_pieces();
        pieces(&runs, &piece_of)
    }

    /// The runs of cells along each row, in reading order, and the piece of each (the
    /// number of its first run): runs on neighbouring rows that overlap are one piece. A
    /// run-length pass rather than a flood, so a large mask is checked in a few milliseconds.
    fn runs_in_pieces(&self) -> (Vec<Run>, Vec<usize>) {
        let mut runs = Vec::new();
        let mut row_starts = vec![0];
        for r in 0..self.height {
            let base = r * self.width;
            let mut c = 0;
            while c < self.width {
                if !self.contains(base + c) {
                    c += 1;
                    continue;
                }
                let first = c;
                while c < self.width && self.contains(base + c) {
                    c += 1;
                }
                runs.push(Run {
                    first: base + first,
                    end: base + c,
                });
            }
            row_starts.push(runs.len());
        }
        let mut parent: Vec<usize> = (0..runs.len()).collect();
        fn root(parent: &mut [usize], mut x: usize) -> usize {
            while parent[x] != x {
                parent[x] = parent[parent[x]];
                x = parent[x];
            }
            x
        }
        for r in 1..self.height {
            let (above, here) = (
                row_starts[r - 1]..row_starts[r],
                row_starts[r]..row_starts[r + 1],
            );
            let (mut i, mut j) = (above.start, here.start);
            while i < above.end && j < here.end {
                let (a, b) = (&runs[i], &runs[j]);
                let (a0, a1) = (a.first - (r - 1) * self.width, a.end - (r - 1) * self.width);
                let (b0, b1) = (b.first - r * self.width, b.end - r * self.width);
                if a0 < b1 && b0 < a1 {
                    let (x, y) = (root(&mut parent, i), root(&mut parent, j));
                    // The earlier run stays the root: a piece is named by its first run.
                    parent[x.max(y)] = x.min(y);
                }
                if a1 < b1 { i += 1 } else { j += 1 }
            }
        }
        let piece_of = (0..runs.len()).map(|i| root(&mut parent, i)).collect();
        (runs, piece_of)
    }
}

/// A stretch of cells along a row: cell numbers `first..end`.
#[derive(Debug)]
struct Run {
    first: usize,
    end: usize,
}

/// The pieces of runs grouped by `piece_of`, in reading order of their first cells.
fn pieces(runs: &[Run], piece_of: &[usize]) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    let mut index_of = std::collections::HashMap::new();
    for (run, &id) in runs.iter().zip(piece_of) {
        let k = *index_of.entry(id).or_insert_with(|| {
            pieces.push(Piece {
                id,
                first: run.first,
                size: 0,
            });
            pieces.len() - 1
        });
        pieces[k].size += run.end - run.first;
    }
    pieces
}

#[derive(Debug)]
struct Piece {
    /// The number of its first run.
    id: usize,
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
    fn runs_that_meet_only_further_down_are_one_piece() {
        // A U and a W: arms that join below, and a piece whose first cell is not the first
        // run of its root.
        let m = mask(&[".#.#.", ".#.#.", "....."]);
        assert_eq!(m.check(), Ok(()));
        let m = mask(&["#.#..", "#...#", "..#.#", "#####", ".####"]);
        assert_eq!(m.pieces().len(), 2);
        assert_eq!(m.largest_piece().unwrap().count(), 9);
    }

    #[test]
    fn many_pieces_are_counted_but_not_all_named() {
        let m = Mask::from_fn(40, 1, |_, c| c % 2 == 0);
        let text = m.check().unwrap_err().to_string();
        assert!(text.contains("20 separate pieces"), "{text}");
        assert!(text.contains("and 15 more"), "{text}");
    }
}
