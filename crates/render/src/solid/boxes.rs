//! Solids made of boxes on a rectilinear grid: the tube and the cube are each a grid of
//! boxes cut along three axes, each box solid or empty, and the mesh is every face between
//! a solid box and an empty one (or the grid's end).
//!
//! A grid of boxes has no T-junction: every face's corners are grid points, each placed by
//! one function of its indices, so that two faces that share an edge share its vertices
//! bit for bit, and each edge is walked once each way. The solids built here never touch
//! along an edge diagonally (two solid boxes and two empty ones in a checkerboard around
//! it: a wall's post is always solid and a cell's floor always empty), so the surface is a
//! closed manifold.

use super::{Mesh, Vertex};

/// A grid of boxes, the solid ones marked.
pub(super) struct Boxes {
    /// Boxes along each axis.
    dims: [usize; 3],
    /// Whether axis 0 closes on itself (the angle round a tube): the box after the last is
    /// the first, and grid point `dims[0]` is grid point 0.
    round: bool,
    solid: Vec<bool>,
}

impl Boxes {
    /// `dims` boxes along each axis, `solid` saying which are.
    pub(super) fn new(dims: [usize; 3], round: bool, solid: impl Fn([usize; 3]) -> bool) -> Boxes {
        let mut marks = Vec::with_capacity(dims[0] * dims[1] * dims[2]);
        for k in 0..dims[2] {
            for j in 0..dims[1] {
                for i in 0..dims[0] {
                    marks.push(solid([i, j, k]));
                }
            }
        }
        Boxes {
            dims,
            round,
            solid: marks,
        }
    }

    /// Whether the box at `at` (which may lie one past the grid) is solid.
    fn is_solid(&self, mut at: [isize; 3]) -> bool {
        let [n0, n1, n2] = self.dims.map(|n| n as isize);
        if self.round {
            at[0] = at[0].rem_euclid(n0);
        }
        if at.iter().zip([n0, n1, n2]).any(|(&i, n)| i < 0 || i >= n) {
            return false;
        }
        let [i, j, k] = at.map(|i| i as usize);
        self.solid[i + self.dims[0] * (j + self.dims[1] * k)]
    }

    /// The surface: each face between a solid box and an empty one, as two triangles
    /// anticlockwise seen from the empty side, with the grid point `[i, j, k]` at
    /// `place([i, j, k])`. `place` must keep the grid's handedness (axes 0, 1, 2 as x, y, z
    /// of a right-handed frame) for the normals to face out.
    pub(super) fn mesh(&self, place: impl Fn([usize; 3]) -> Vertex) -> Mesh {
        self.mesh_but(place, |_, _, _| false)
    }

    /// The surface as [`Boxes::mesh`] makes it, less the faces for which `left(at, axis,
    /// out)` holds (solid box `at`'s face across `axis`, on its far side when `out`): for
    /// the caller to close with larger faces of its own ([`Boxes::quad`]), where no other
    /// face has a corner inside them.
    pub(super) fn mesh_but(
        &self,
        place: impl Fn([usize; 3]) -> Vertex,
        left: impl Fn([usize; 3], usize, bool) -> bool,
    ) -> Mesh {
        let mut mesh = Mesh::default();
        for k in 0..self.dims[2] {
            for j in 0..self.dims[1] {
                for i in 0..self.dims[0] {
                    let at = [i, j, k];
                    if !self.is_solid(at.map(|x| x as isize)) {
                        continue;
                    }
                    for axis in 0..3 {
                        for out in [false, true] {
                            let mut next = at.map(|x| x as isize);
                            next[axis] += if out { 1 } else { -1 };
                            if self.is_solid(next) || left(at, axis, out) {
                                continue;
                            }
                            self.quad(&mut mesh, &place, face(at, axis, out));
                        }
                    }
                }
            }
        }
        mesh
    }

    /// The quad through four grid points, in order anticlockwise seen from outside, as two
    /// triangles.
    pub(super) fn quad(
        &self,
        mesh: &mut Mesh,
        place: impl Fn([usize; 3]) -> Vertex,
        points: [[usize; 3]; 4],
    ) {
        let quad = points.map(|mut p| {
            if self.round && p[0] == self.dims[0] {
                p[0] = 0;
            }
            place(p)
        });
        mesh.triangles.push([quad[0], quad[1], quad[2]]);
        mesh.triangles.push([quad[0], quad[2], quad[3]]);
    }
}

/// The grid points of the face of box `at` across `axis`, on its far side when `out`,
/// in order anticlockwise seen from outside the box.
fn face(at: [usize; 3], axis: usize, out: bool) -> [[usize; 3]; 4] {
    let (b, c) = ((axis + 1) % 3, (axis + 2) % 3);
    let point = |db: usize, dc: usize| {
        let mut p = at;
        p[axis] += usize::from(out);
        p[b] += db;
        p[c] += dc;
        p
    };
    // Along b then c turns about +axis (b x c = axis for the cyclic order).
    let quad = [point(0, 0), point(1, 0), point(1, 1), point(0, 1)];
    if out {
        quad
    } else {
        [quad[0], quad[3], quad[2], quad[1]]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One box is a closed cube of twelve triangles, of its volume.
    #[test]
    fn one_box_is_a_closed_cube() {
        let boxes = Boxes::new([1, 1, 1], false, |_| true);
        let mesh = boxes.mesh(|p| p.map(|x| x as f32 * 2.0));
        assert_eq!(mesh.triangles.len(), 12);
        assert!((mesh.volume() - 8.0).abs() < 1e-9, "{}", mesh.volume());
    }

    /// Two solid boxes side by side share no face: the faces between them are left out.
    #[test]
    fn faces_between_solid_boxes_are_left_out() {
        let boxes = Boxes::new([2, 1, 1], false, |_| true);
        let mesh = boxes.mesh(|p| p.map(|x| x as f32));
        assert_eq!(mesh.triangles.len(), 20);
        assert!((mesh.volume() - 2.0).abs() < 1e-9);
    }
}
