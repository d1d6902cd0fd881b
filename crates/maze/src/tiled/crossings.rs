//! What a path through a maze beyond the plane goes through: the stairs it climbs or
//! descends, and the seams it crosses (wrapped edges, a cube's edges). `mazesolve --stats`
//! writes these figures for levels, wrapped and cube mazes.

use grid_core::Pos;
use grid_core::tiling::{AnyMaze, Passage, Topology};
use serde::Serialize;

/// The figures of a solved maze beyond the plane (docs/format.md, `stats`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Crossings {
    /// Cells of the maze (those a mask keeps).
    pub cells: usize,
    /// Steps of the solution on stairs, up or down.
    pub stairs: usize,
    /// Steps of the solution over a seam.
    pub seams: usize,
}

/// The figures of `path` (cells of `maze`, each step between neighbours).
pub fn crossings(maze: &AnyMaze, path: &[Pos]) -> Crossings {
    grid_core::on_tiled_maze!(maze, m => {
        let t = m.topology();
        let mut figures = Crossings {
            cells: m.cell_count(),
            stairs: 0,
            seams: 0,
        };
        for step in path.windows(2) {
            let (a, b) = (t.cell(step[0]), t.cell(step[1]));
            if let (Some(a), Some(b)) = (a, b) {
                match t.passage(a, b) {
                    Passage::Plain => {}
                    Passage::Stairs => figures.stairs += 1,
                    Passage::Seam => figures.seams += 1,
                }
            }
        }
        figures
    })
}

/// Whether `solver` means something on `tiling`: a wall follower turns by the clockwise
/// order of a cell's sides, which stairs and seams do not have; the Pledge walker counts its
/// turns in right angles and keeps a heading, which square cells alone give.
pub fn solver_works(solver: crate::Solver, tiling: grid_core::tiling::Tiling) -> bool {
    use crate::Solver;
    match solver {
        Solver::Pledge => tiling == grid_core::tiling::Tiling::Square,
        Solver::RightHand | Solver::LeftHand => tiling.is_plane(),
        _ => true,
    }
}
