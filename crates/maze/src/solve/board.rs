//! The map as solvers see it: open tiles in a flat vector with a border of wall around it,
//! so that the four neighbours of any tile are found by adding an offset, without bounds
//! checks in the inner loops.

use grid_core::{Dir, Grid, Pos, Tile};

#[derive(Debug)]
pub(crate) struct Board {
    stride: usize,
    open: Vec<bool>,
    pub start: usize,
    pub goal: usize,
}

/// Marks the direction a tile was reached from; 0 means "not reached".
pub(crate) type Came = u8;

impl Board {
    pub fn new(tiles: &Grid<Tile>, start: Pos, goal: Pos) -> Self {
        let stride = tiles.width() + 2;
        let mut open = vec![false; stride * (tiles.height() + 2)];
        for (r, row) in tiles.rows().enumerate() {
            let base = (r + 1) * stride + 1;
            for (c, t) in row.iter().enumerate() {
                open[base + c] = t.is_open();
            }
        }
        let idx = |p: Pos| (p.row + 1) * stride + p.col + 1;
        Board {
            stride,
            start: idx(start),
            goal: idx(goal),
            open,
        }
    }

    pub fn len(&self) -> usize {
        self.open.len()
    }

    #[inline]
    pub fn is_open(&self, i: usize) -> bool {
        self.open[i]
    }

    /// A tile on the map's edge (or the wall around it): part of the outer wall when closed.
    pub fn is_edge(&self, i: usize) -> bool {
        let rows = self.open.len() / self.stride;
        let (r, c) = (i / self.stride, i % self.stride);
        r <= 1 || c <= 1 || r + 2 >= rows || c + 2 >= self.stride
    }

    #[inline]
    pub fn step(&self, i: usize, dir: Dir) -> usize {
        match dir {
            Dir::North => i - self.stride,
            Dir::East => i + 1,
            Dir::South => i + self.stride,
            Dir::West => i - 1,
        }
    }

    /// The open neighbours of `i`, with the direction that leads to each.
    #[inline]
    pub fn open_neighbours(&self, i: usize) -> impl Iterator<Item = (Dir, usize)> + '_ {
        Dir::ALL
            .into_iter()
            .map(move |d| (d, self.step(i, d)))
            .filter(|&(_, n)| self.open[n])
    }

    /// Tile position of a board index.
    pub fn pos(&self, i: usize) -> Pos {
        Pos::new(i / self.stride - 1, i % self.stride - 1)
    }

    /// Manhattan distance between two board indices.
    #[inline]
    pub fn manhattan(&self, a: usize, b: usize) -> usize {
        let (ar, ac) = (a / self.stride, a % self.stride);
        let (br, bc) = (b / self.stride, b % self.stride);
        ar.abs_diff(br) + ac.abs_diff(bc)
    }

    /// The path from start to `end` by following the `came` marks back.
    pub fn walk_back(&self, came: &[Came], end: usize) -> Vec<usize> {
        let mut path = vec![end];
        let mut i = end;
        while i != self.start {
            let dir = Dir::ALL[came[i] as usize - 1];
            i = self.step(i, dir.opposite());
            path.push(i);
        }
        path.reverse();
        path
    }

    /// The mark for "reached by a step in `dir`".
    #[inline]
    pub fn came_by(dir: Dir) -> Came {
        dir.index() as u8 + 1
    }
}
