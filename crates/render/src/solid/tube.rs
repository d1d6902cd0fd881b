//! A wrapped maze printed as a tube (`--wrap x` or `y`): the classic maze gift box's
//! sleeve, the walls standing out of the outside of a tube, the maze's wrapped edge laid
//! round it and the other along its axis.
//!
//! The tube is a grid of boxes in cylindrical coordinates (the angle, the height along the
//! axis, the radius): one layer of boxes, all solid, is the tube's own wall, `base_mm`
//! thick; the layer outside it holds the maze's walls, a box solid where a wall stands.
//! Mapped round the axis, each box's faces stay flat (the angle is cut into pieces at most
//! `segment_mm` long at the walls' tops), and the ends of the tube are rings.

use super::boxes::Boxes;
use super::{Across, MAX_PIECES, MAX_PRINT_CELLS, Mesh, SolidOptions, stands};
use crate::error::Result;
use crate::machine::{MIN_INNER_MM, MachineError};
use grid_core::Pos;
use grid_core::tiling::{TiledMaze, Topology, Wrap, Wrapped};
use std::f64::consts::PI;

/// A printed tube and its sizes in millimetres.
#[derive(Debug, Clone)]
pub struct Tube {
    /// Standing on one end, its axis along z, its lowest x, y and z at 0.
    pub mesh: Mesh,
    /// Along the wall's foot, round the tube; and along the axis.
    pub cell_mm: f64,
    /// The diameter inside, the hole through the tube.
    pub inner_mm: f64,
    /// The diameter over the walls' tops.
    pub outer_mm: f64,
    /// Along the axis, end to end.
    pub length_mm: f64,
}

/// The maze as a tube: its wrapped edge (x: the columns, y: the rows) round it, the walls
/// `wall_height` high on a tube `base_mm` thick. A cell is `cell_mm` square at the walls'
/// foot, or, when `inner_mm` is given, as wide as makes the tube that diameter inside: the
/// circumference at the walls' foot, pi x (`inner_mm` + 2 x `base_mm`), cut into as many
/// cells as go round. `size` and `marble`, which fit and open a flat plate, are not read
/// (gridrender refuses them for a tube).
pub fn tube(
    maze: &TiledMaze<Wrapped>,
    options: &SolidOptions,
    inner_mm: Option<f64>,
) -> Result<Tube> {
    let topology = maze.topology();
    if topology.len() > MAX_PRINT_CELLS {
        return Err(MachineError::TooManyToPrint {
            limit: MAX_PRINT_CELLS,
            count: topology.len(),
        }
        .into());
    }
    // Rows round the tube for `y`: the grid's first axis is the one that goes round.
    let (rows_round, round, along) = match topology.wrap() {
        Wrap::X => (false, topology.width(), topology.height()),
        Wrap::Y => (true, topology.height(), topology.width()),
        other => return Err(MachineError::NotATube(other).into()),
    };
    let (wall, base, height) = (options.wall_mm, options.base_mm, options.wall_height);
    let cell = match inner_mm {
        Some(inner) => PI * (inner + 2.0 * base) / round as f64,
        None => options.cell_mm,
    };
    MachineError::square_walls(cell, wall)?;
    let foot = round as f64 * cell / (2.0 * PI);
    let inner = foot - base;
    if 2.0 * inner < MIN_INNER_MM {
        return Err(MachineError::NoRoomInside {
            inner_mm: 2.0 * inner,
            least_cell_mm: PI * (MIN_INNER_MM + 2.0 * base) / round as f64,
        }
        .into());
    }
    let top = foot + height;
    // Round the tube, from half a wall before the seam: pieces at most a segment long at
    // the walls' tops.
    let pieces = |length: f64| ((length * top / foot / options.segment_mm).ceil() as usize).max(1);
    let count = round * (pieces(wall) + pieces(cell - wall)) * (2 * along + 1) * 2;
    if count > MAX_PIECES {
        return Err(MachineError::TooManyPieces {
            limit: MAX_PIECES,
            count,
        }
        .into());
    }
    let mut angles = vec![-wall / 2.0];
    let mut across_round = Vec::new();
    for k in 0..round {
        let start = k as f64 * cell;
        for (from, to, part) in [
            (start - wall / 2.0, start + wall / 2.0, Across::Line(k)),
            (
                start + wall / 2.0,
                start + cell - wall / 2.0,
                Across::Gap(k),
            ),
        ] {
            let n = pieces(to - from);
            for i in 1..=n {
                angles.push(from + (to - from) * i as f64 / n as f64);
                across_round.push(part);
            }
        }
    }
    let angles: Vec<f64> = angles.iter().map(|s| s / foot).collect();
    // Along the axis, from the first wall's outer side.
    let mut heights = vec![0.0];
    let mut across_along = Vec::new();
    for k in 0..=along {
        let start = k as f64 * cell;
        heights.push(start + wall);
        across_along.push(Across::Line(k));
        if k < along {
            heights.push(start + cell);
            across_along.push(Across::Gap(k));
        }
    }
    let radii = [inner, foot, top];
    let cell_at = |u: usize, v: usize| {
        let (row, col) = if rows_round { (u, v) } else { (v, u) };
        topology
            .cell(Pos { row, col })
            .expect("a place on the tube is a cell of the grid")
    };
    let boxes = Boxes::new(
        [across_round.len(), across_along.len(), 2],
        true,
        |[i, j, k]| k == 0 || stands(maze, cell_at, rows_round, across_round[i], across_along[j]),
    );
    // The axis along z: (angle, height, radius) keeps the handedness of (x, y, z).
    let place = |[i, j, k]: [usize; 3]| {
        let (r, a) = (radii[k], angles[i]);
        [
            (top + r * a.cos()) as f32,
            (top + r * a.sin()) as f32,
            heights[j] as f32,
        ]
    };
    // The inside of the tube, one face a piece of the round from end to end: no other
    // face has a corner on it but at the ends (the tube's layer is solid throughout).
    let inside = |[_, _, k]: [usize; 3], axis: usize, out: bool| axis == 2 && k == 0 && !out;
    let mut mesh = boxes.mesh_but(place, inside);
    let last = heights.len() - 1;
    for i in 0..across_round.len() {
        let strip = [[i, 0, 0], [i, last, 0], [i + 1, last, 0], [i + 1, 0, 0]];
        boxes.quad(&mut mesh, place, strip);
    }
    // The round's corners need not lie on the axes: moved so that the lowest do.
    mesh.move_to_origin();
    Ok(Tube {
        mesh,
        cell_mm: cell,
        inner_mm: 2.0 * inner,
        outer_mm: 2.0 * top,
        length_mm: heights[heights.len() - 1],
    })
}
