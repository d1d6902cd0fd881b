//! `Grid<T>`: a rectangle of values stored row by row.

use crate::geom::{Dir, Pos};
use std::ops::{Index, IndexMut};

/// A `width` x `height` rectangle of `T`, stored in one vector in reading order, so that a
/// position and its flat index convert with one multiplication and neighbours are cheap.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grid<T> {
    width: usize,
    height: usize,
    cells: Vec<T>,
}

impl<T: Clone> Grid<T> {
    /// A grid filled with `value`.
    ///
    /// # Panics
    /// When `width * height` overflows: callers check sizes against their own limits first.
    pub fn new(width: usize, height: usize, value: T) -> Self {
        let len = width
            .checked_mul(height)
            .expect("grid size overflows usize");
        Grid {
            width,
            height,
            cells: vec![value; len],
        }
    }
}

impl<T> Grid<T> {
    /// Wraps cells given in reading order; `None` when their number is not `width * height`.
    pub fn from_vec(width: usize, height: usize, cells: Vec<T>) -> Option<Self> {
        (width.checked_mul(height) == Some(cells.len())).then_some(Grid {
            width,
            height,
            cells,
        })
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    pub fn len(&self) -> usize {
        self.cells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    pub fn contains(&self, p: Pos) -> bool {
        p.row < self.height && p.col < self.width
    }

    pub fn get(&self, p: Pos) -> Option<&T> {
        self.contains(p).then(|| &self.cells[self.index_of(p)])
    }

    /// Flat index of `p` in reading order. `p` must be inside the grid.
    pub fn index_of(&self, p: Pos) -> usize {
        debug_assert!(self.contains(p));
        p.row * self.width + p.col
    }

    /// Position of a flat index.
    pub fn pos_of(&self, index: usize) -> Pos {
        Pos::new(index / self.width, index % self.width)
    }

    /// The neighbour of `p` in `dir`, if it is inside the grid.
    pub fn neighbour(&self, p: Pos, dir: Dir) -> Option<Pos> {
        p.step(dir).filter(|&q| self.contains(q))
    }

    /// The cells in reading order.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The rows, top to bottom.
    pub fn rows(&self) -> impl Iterator<Item = &[T]> {
        // `max(1)` keeps chunks() happy for a zero-width grid, which then has no cells.
        self.cells.chunks(self.width.max(1))
    }

    /// The rows as text, a cell an ASCII character: the `grid` field of a document.
    pub fn text_rows(&self, to_char: impl Fn(&T) -> u8) -> Vec<String> {
        self.rows()
            .map(|r| r.iter().map(|c| to_char(c) as char).collect())
            .collect()
    }

    /// Every position, in reading order.
    /// Row `r`, left to right.
    pub fn row(&self, r: usize) -> &[T] {
        &self.cells[r * self.width..(r + 1) * self.width]
    }

    pub fn positions(&self) -> impl Iterator<Item = Pos> + use<T> {
        let width = self.width;
        (0..self.height).flat_map(move |row| (0..width).map(move |col| Pos::new(row, col)))
    }

    /// A grid of the same size with every cell mapped.
    pub fn map<U>(&self, f: impl FnMut(&T) -> U) -> Grid<U> {
        Grid {
            width: self.width,
            height: self.height,
            cells: self.cells.iter().map(f).collect(),
        }
    }
}

impl<T> Index<Pos> for Grid<T> {
    type Output = T;
    fn index(&self, p: Pos) -> &T {
        assert!(
            self.contains(p),
            "{p} is outside a {}x{} grid",
            self.width,
            self.height
        );
        &self.cells[p.row * self.width + p.col]
    }
}

impl<T> IndexMut<Pos> for Grid<T> {
    fn index_mut(&mut self, p: Pos) -> &mut T {
        assert!(
            self.contains(p),
            "{p} is outside a {}x{} grid",
            self.width,
            self.height
        );
        &mut self.cells[p.row * self.width + p.col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_and_position_round_trip() {
        let g = Grid::new(5, 3, 0u8);
        for p in g.positions() {
            assert_eq!(g.pos_of(g.index_of(p)), p);
        }
        assert_eq!(g.positions().count(), 15);
    }

    #[test]
    fn neighbours_stay_inside() {
        let g = Grid::new(2, 2, ());
        assert_eq!(g.neighbour(Pos::new(0, 1), Dir::East), None);
        assert_eq!(
            g.neighbour(Pos::new(0, 1), Dir::South),
            Some(Pos::new(1, 1))
        );
        assert_eq!(g.neighbour(Pos::new(0, 0), Dir::North), None);
    }

    #[test]
    fn from_vec_checks_the_length() {
        assert!(Grid::from_vec(2, 2, vec![1, 2, 3]).is_none());
        let g = Grid::from_vec(2, 2, vec![1, 2, 3, 4]).unwrap();
        assert_eq!(g[Pos::new(1, 0)], 3);
        assert_eq!(
            g.rows().map(|r| r.to_vec()).collect::<Vec<_>>(),
            [[1, 2], [3, 4]]
        );
    }
}
