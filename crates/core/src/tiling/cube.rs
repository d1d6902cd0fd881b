//! The six faces of a cube, each a square grid of N x N cells, joined along the cube's
//! edges as on a die: opposite faces are 0 and 5, 1 and 4, 2 and 3 (a die's faces 1 to 6
//! less one, whose opposite pips sum to 7).
//!
//! The faces, as the net below unfolds them; each is drawn as seen from outside the cube,
//! its row 0 at the top of the picture and its column 0 on the left:
//!
//! ```text
//!         [1 top]
//! [3 left][0 front][2 right][5 back]
//!         [4 bottom]
//! ```
//!
//! Cells are numbered face by face, each face in reading order: the document's rows are
//! face 0's N rows, then face 1's, and so on. Where two faces share an edge, the passage
//! through it is kept once, by one cell (see [`Cube`]'s `sides`), so faces cannot disagree
//! about it.

use super::{Cell, Divisor, Edge, Point, Side, Tiling, Topology};
use crate::Pos;

type V = [i64; 3];

/// A face: the corner its row 0, column 0 starts at (in units of N), the direction of its
/// columns (`u`) and rows (`v`), and its outward normal.
struct Face {
    origin: V,
    u: V,
    v: V,
    normal: V,
    /// Where the net draws it, in faces across and down.
    net: (usize, usize),
}

const X: V = [1, 0, 0];
const Y: V = [0, 1, 0];
const Z: V = [0, 0, 1];
const fn neg(a: V) -> V {
    [-a[0], -a[1], -a[2]]
}

/// x to the right, y down, z away from a viewer facing the front.
const FACES: [Face; 6] = [
    Face {
        origin: [0, 0, 0],
        u: X,
        v: Y,
        normal: neg(Z),
        net: (1, 1),
    },
    Face {
        origin: [0, 0, 1],
        u: X,
        v: neg(Z),
        normal: neg(Y),
        net: (1, 0),
    },
    Face {
        origin: [1, 0, 0],
        u: Z,
        v: Y,
        normal: X,
        net: (2, 1),
    },
    Face {
        origin: [0, 0, 1],
        u: neg(Z),
        v: Y,
        normal: neg(X),
        net: (0, 1),
    },
    Face {
        origin: [0, 1, 0],
        u: X,
        v: Z,
        normal: Y,
        net: (1, 2),
    },
    Face {
        origin: [1, 0, 1],
        u: neg(X),
        v: Y,
        normal: Z,
        net: (3, 1),
    },
];

/// Face `f` (0 to 5) in space, for a drawing that builds the cube: the corner where its row 0
/// and column 0 meet, in units of a face's side; the directions its columns and its rows run;
/// and its outward normal. x runs to the right, y down, z away from a viewer facing face 0.
pub fn face_frame(f: usize) -> [[i64; 3]; 4] {
    let face = &FACES[f];
    [face.origin, face.u, face.v, face.normal]
}

/// The face names, for messages and the documentation.
pub const FACE_NAMES: [&str; 6] = ["front", "top", "right", "left", "bottom", "back"];

/// Forward bits: east and south inside a face; across an edge of the cube, the bit of the
/// direction the owning cell leaves by (N 4, E 1, S 2, W 8).
const E: u8 = 1;
const S: u8 = 2;
const N: u8 = 4;
const W: u8 = 8;

/// The directions in a face, clockwise from north: its bit when owned.
const DIRS: [u8; 4] = [N, E, S, W];

fn dot(a: V, b: V) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A cube of six `size` x `size` faces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cube {
    rect: super::Rect,
    size: usize,
    face_cells: Cell,
    faces: Divisor,
    /// The sides across the cube's edges: for face f, direction d (N, E, S, W) and the k-th
    /// cell along that edge (its column for N and S, its row for E and W), at
    /// `(f * 4 + d) * size + k`.
    seams: Vec<Side>,
}

impl Cube {
    /// A cube of faces `size` cells a side; the caller has checked the size (at least 1,
    /// 6 x size x size at most [`super::MAX_CELLS`]).
    pub fn new(size: usize) -> Cube {
        assert!(size >= 1, "a cube face has at least one cell");
        let mut cube = Cube {
            rect: super::Rect::new(size, 6 * size),
            size,
            face_cells: (size * size) as Cell,
            faces: Divisor::new(size * size),
            seams: Vec::new(),
        };
        let mut seams = Vec::with_capacity(24 * size);
        for f in 0..6 {
            for d in 0..4 {
                for k in 0..size {
                    let (r, c) = match d {
                        0 => (0, k),
                        1 => (k, size - 1),
                        2 => (size - 1, k),
                        _ => (k, 0),
                    };
                    seams.push(cube.fold(f, r, c, d));
                }
            }
        }
        cube.seams = seams;
        cube
    }

    /// Cells along a face's side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The face of a cell and its row and column on it.
    #[inline]
    pub fn place(&self, cell: Cell) -> (usize, usize, usize) {
        let (f, at) = self.faces.div_rem(cell);
        let (r, c) = self.rect.columns_of(at);
        (f as usize, r, c)
    }

    fn at(&self, f: usize, r: usize, c: usize) -> Cell {
        (f * self.size * self.size + r * self.size + c) as Cell
    }

    /// A cell's centre in space, doubled so that it is whole: the cube spans 0 to 2N.
    fn point(&self, f: usize, r: usize, c: usize) -> V {
        let face = &FACES[f];
        let n = self.size as i64;
        let (a, b) = (2 * c as i64 + 1, 2 * r as i64 + 1);
        std::array::from_fn(|i| 2 * n * face.origin[i] + a * face.u[i] + b * face.v[i])
    }

    /// The direction `d` (0 N, 1 E, 2 S, 3 W) of face `f` in space.
    fn direction(f: usize, d: usize) -> V {
        let face = &FACES[f];
        match d {
            0 => neg(face.v),
            1 => face.u,
            2 => face.v,
            _ => neg(face.u),
        }
    }

    /// The side leaving cell (r, c) of face `f` in direction `d` over the cube's edge: the
    /// neighbour is half a cell on along `d` and half a cell in from the edge on the face
    /// whose outward normal is `d`.
    fn fold(&self, f: usize, r: usize, c: usize, d: usize) -> Side {
        let dir = Self::direction(f, d);
        let normal = FACES[f].normal;
        let p = self.point(f, r, c);
        let q: V = std::array::from_fn(|i| p[i] + dir[i] - normal[i]);
        let g = FACES
            .iter()
            .position(|face| face.normal == dir)
            .expect("every direction is a face's normal");
        let face = &FACES[g];
        let n = self.size as i64;
        let rel: V = std::array::from_fn(|i| q[i] - 2 * n * face.origin[i]);
        let (c2, r2) = ((dot(rel, face.u) - 1) / 2, (dot(rel, face.v) - 1) / 2);
        let (r2, c2) = (r2 as usize, c2 as usize);
        let back = (0..4)
            .find(|&e| Self::direction(g, e) == normal)
            .expect("the way back is a direction of the face");
        let (me, other) = (self.at(f, r, c), self.at(g, r2, c2));
        let forward = |d: usize| d == 1 || d == 2;
        let (owner, bit) = match (forward(d), forward(back)) {
            (true, false) => (me, DIRS[d]),
            (false, true) => (other, DIRS[back]),
            _ if me < other => (me, DIRS[d]),
            _ => (other, DIRS[back]),
        };
        Side::new(other, owner, bit)
    }

    #[inline]
    fn seam(&self, f: usize, d: usize, k: usize) -> Side {
        self.seams[(f * 4 + d) * self.size + k]
    }
}

impl Topology for Cube {
    const TILING: Tiling = Tiling::Cube;
    // Face 1's first cell touches faces 3 and 5 only, both later.
    const EARLIER_NEIGHBOUR: bool = false;
    const PLANE: bool = false;
    const LOCAL_NEIGHBOURS: bool = false;

    fn len(&self) -> usize {
        6 * self.size * self.size
    }
    fn rows(&self) -> usize {
        6 * self.size
    }
    fn row_len(&self, _row: usize) -> usize {
        self.size
    }
    fn row_start(&self, row: usize) -> usize {
        row * self.size
    }
    #[inline]
    fn position(&self, cell: Cell) -> Pos {
        self.rect.position(cell)
    }

    /// North, east, south, west on the cell's face; over an edge of the cube, the cell on
    /// the face beyond.
    #[inline]
    fn sides(&self, cell: Cell, out: &mut Vec<Side>) {
        out.clear();
        let (f, r, c) = self.place(cell);
        let n = self.size;
        let nc = n as Cell;
        out.extend_from_slice(&[
            if r > 0 {
                Side::new(cell - nc, cell - nc, S)
            } else {
                self.seam(f, 0, c)
            },
            if c + 1 < n {
                Side::new(cell + 1, cell, E)
            } else {
                self.seam(f, 1, r)
            },
            if r + 1 < n {
                Side::new(cell + nc, cell, S)
            } else {
                self.seam(f, 2, c)
            },
            if c > 0 {
                Side::new(cell - 1, cell - 1, E)
            } else {
                self.seam(f, 3, r)
            },
        ]);
    }

    fn bit_name(&self, _cell: Cell, bit: u8) -> &'static str {
        match bit {
            E => "E",
            S => "S",
            N => "N over the cube's edge",
            _ => "W over the cube's edge",
        }
    }

    /// The cell's place on the net of the module's documentation.
    fn center(&self, cell: Cell) -> Point {
        let (f, r, c) = self.place(cell);
        let (x, y) = FACES[f].net;
        let n = self.size as f64;
        (x as f64 * n + c as f64 + 0.5, y as f64 * n + r as f64 + 0.5)
    }

    fn edges(&self, cell: Cell, out: &mut Vec<Edge>) {
        super::square_edges(self.center(cell), out);
    }

    fn extent(&self) -> (Point, Point) {
        let n = self.size as f64;
        ((0.0, 0.0), (4.0 * n, 3.0 * n))
    }

    fn max_step(&self) -> f64 {
        4.0 * self.size as f64
    }

    /// The straight line through the cube between the two centres: a step moves a centre
    /// by 1 on a face and by the square root of 1/2 over an edge, never further.
    fn steps_at_least(&self, from: Cell, to: Cell) -> f64 {
        let (fa, ra, ca) = self.place(from);
        let (fb, rb, cb) = self.place(to);
        let (p, q) = (self.point(fa, ra, ca), self.point(fb, rb, cb));
        let d: V = std::array::from_fn(|i| p[i] - q[i]);
        (dot(d, d) as f64).sqrt() / 2.0
    }

    fn passage(&self, from: Cell, to: Cell) -> super::Passage {
        if self.faces.div_rem(from).0 == self.faces.div_rem(to).0 {
            super::Passage::Plain
        } else {
            super::Passage::Seam
        }
    }
}
