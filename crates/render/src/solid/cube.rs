//! A cube maze printed as a cube: a solid cube `N` cells a side with the walls standing out
//! of its six faces.
//!
//! The cube and its walls are one grid of boxes cut the same way along x, y and z: a layer
//! `wall_height` deep outside each face, then the cube's cells, a wall's line between each
//! two and half a wall at each edge of the cube. A box outside one face is that face's
//! wall or floor; a box outside two faces lies along an edge of the cube, solid where the
//! two faces' walls meet over it (a post, or a passage over the edge left closed), so that
//! a wall round an edge of the cube is one bar; a box outside three is a corner, solid.

use super::boxes::Boxes;
use super::{Across, MAX_PIECES, MAX_PRINT_CELLS, Mesh, SolidOptions, stands};
use crate::error::Result;
use crate::machine::MachineError;
use grid_core::Pos;
use grid_core::tiling::{Cube, TiledMaze, Topology, face_frame};

/// Where a box lies along one axis of the cube.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Outside the cube, below 0 or above its side.
    Out {
        high: bool,
    },
    In(Across),
}

/// The boxes a cube `side` cells a side is cut into: a wall line and a gap per cell along
/// each axis, and a layer of walls outside each face.
fn pieces(side: usize) -> usize {
    (2 * side + 3).pow(3)
}

/// The most cells a side of a cube that prints in at most `limit` pieces (77 for
/// [`MAX_PIECES`]).
pub fn largest_cube(limit: usize) -> usize {
    (1..)
        .take_while(|&n| pieces(n) <= limit)
        .last()
        .unwrap_or(0)
}

/// The maze on the faces of a cube `cell_mm` a cell, the walls `wall_height` high, standing
/// on the bed on face 4 (the bottom), its lowest x, y and z at 0. `size`, `marble`,
/// `base_mm` and `segment_mm` are not read: the cube is solid and has no curved walls
/// (gridrender refuses `--size` and `--marble` for it).
pub fn cube(maze: &TiledMaze<Cube>, options: &SolidOptions) -> Result<Mesh> {
    let topology = maze.topology();
    if topology.len() > MAX_PRINT_CELLS {
        return Err(MachineError::TooManyToPrint {
            limit: MAX_PRINT_CELLS,
            count: topology.len(),
        }
        .into());
    }
    let (cell, wall, height) = (options.cell_mm, options.wall_mm, options.wall_height);
    MachineError::square_walls(cell, wall)?;
    let n = topology.size();
    let boxes_along = 2 * n + 3;
    let count = pieces(n);
    if count > MAX_PIECES {
        return Err(MachineError::TooManyPieces {
            limit: MAX_PIECES,
            count,
        }
        .into());
    }
    let side = n as f64 * cell;
    let mut cuts = vec![-height, 0.0, wall / 2.0];
    for k in 1..n {
        let line = k as f64 * cell;
        cuts.extend([line - wall / 2.0, line + wall / 2.0]);
    }
    cuts.extend([side - wall / 2.0, side, side + height]);
    let place = |i: usize| match i {
        0 => Place::Out { high: false },
        _ if i == boxes_along - 1 => Place::Out { high: true },
        _ if i % 2 == 1 => Place::In(Across::Line((i - 1) / 2)),
        _ => Place::In(Across::Gap((i - 2) / 2)),
    };
    // The face whose outward normal is along `axis`, toward its high end or its low one.
    let face_on = |axis: usize, high: bool| {
        (0..6)
            .find(|&f| face_frame(f)[3][axis] == if high { 1 } else { -1 })
            .expect("each side of each axis is a face")
    };
    // Box `at` outside face `f` (and inside the cube along the face's own axes): where the
    // face's walls stand.
    let on_face = |f: usize, at: [usize; 3]| {
        let [_, u, v, _] = face_frame(f);
        // The box's index along the face's columns (u) or rows (v), from the face's corner.
        let along = |dir: [i64; 3]| {
            let axis = dir.iter().position(|&x| x != 0).expect("a direction");
            if dir[axis] > 0 {
                at[axis]
            } else {
                boxes_along - 1 - at[axis]
            }
        };
        let (Place::In(col), Place::In(row)) = (place(along(u)), place(along(v))) else {
            unreachable!("a box outside one face lies inside the cube along the face")
        };
        let cell_at = |c: usize, r: usize| {
            topology
                .cell(Pos {
                    row: f * n + r,
                    col: c,
                })
                .expect("a place on a face is a cell of the cube")
        };
        stands(maze, cell_at, false, col, row)
    };
    let boxes = Boxes::new([boxes_along; 3], false, |at| {
        let outside: Vec<(usize, bool)> = (0..3)
            .filter_map(|axis| match place(at[axis]) {
                Place::Out { high } => Some((axis, high)),
                Place::In(_) => None,
            })
            .collect();
        match outside[..] {
            [(axis, high)] => on_face(face_on(axis, high), at),
            // Along an edge: as the first face's walls stand at its edge on the second.
            [(axis, high), (edge, edge_high)] => {
                let mut at = at;
                at[edge] = if edge_high { boxes_along - 2 } else { 1 };
                on_face(face_on(axis, high), at)
            }
            // The cube itself, and its corners.
            _ => true,
        }
    });
    // Face 1 (top, y low) up: (x, y, z) to (x, z, -y) turns the cube without mirroring it.
    Ok(boxes.mesh(|[i, j, k]| {
        [
            (cuts[i] + height) as f32,
            (cuts[k] + height) as f32,
            (side + height - cuts[j]) as f32,
        ]
    }))
}
