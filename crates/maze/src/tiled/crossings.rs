//! The figures of a maze beyond the plane (levels, wrapped edges, a cube) that
//! `mazesolve --stats` writes: those of a flat maze, counted on the cells' graph through
//! stairs and seams, and the stairs and seams the solution goes through.

use super::graph::{distances, farthest_from};
use crate::stats::{PathFigures, Tally};
use grid_core::Pos;
use grid_core::maze_doc::MazeStats;
use grid_core::tiling::{AnyMaze, Cell, Passage, Side, TiledMaze, Tiling, Topology};
use serde::Serialize;

/// The figures of a solved maze beyond the plane (docs/format.md, `stats`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Crossings {
    /// A flat maze's figures, on the graph of cells and passages (stairs and seams are
    /// passages): `junctions4` counts the cells with four ways out or more (a levels cell
    /// has six sides, a hexagon six).
    #[serde(flatten)]
    pub graph: MazeStats,
    /// Steps of the solution on stairs, up or down.
    pub stairs: usize,
    /// Steps of the solution over a seam.
    pub seams: usize,
}

/// The figures of `maze`, and of `path` (cells of it, each step between neighbours).
pub fn crossings(maze: &AnyMaze, start: Pos, goal: Pos, path: &[Pos]) -> Crossings {
    grid_core::on_tiled_maze!(maze, m => {
        let t = m.topology();
        let (mut stairs, mut seams) = (0, 0);
        for step in path.windows(2) {
            if let (Some(a), Some(b)) = (t.cell(step[0]), t.cell(step[1])) {
                match t.passage(a, b) {
                    Passage::Plain => {}
                    Passage::Stairs => stairs += 1,
                    Passage::Seam => seams += 1,
                }
            }
        }
        Crossings {
            graph: graph_figures(m, m.cell_at(start), m.cell_at(goal)),
            stairs,
            seams,
        }
    })
}

/// A flat maze's figures (`grid_maze::stats`) on any topology's cell graph: the shortest
/// path from `start` to `goal` for its length, turns and decisions, two breadth-first
/// searches for the longest path.
fn graph_figures<T: Topology>(
    m: &TiledMaze<T>,
    start: Option<Cell>,
    goal: Option<Cell>,
) -> MazeStats {
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut degree = vec![0u32; m.topology().len()];
    let mut tally = Tally::default();
    for cell in m.cells() {
        m.exits(cell, &mut sides, &mut exits);
        degree[cell as usize] = exits.len() as u32;
        tally.add(exits.len(), true);
    }
    let first = start.or_else(|| m.cells().next());
    let path = match (start, goal) {
        (Some(start), Some(goal)) => walk_back(m, &distances(m, start), goal),
        _ => None,
    };
    let longest_path_cells = first.map_or(0, |from| {
        let (far, _) = farthest_from(m, from);
        farthest_from(m, far).1
    });
    let path = path.map(|p| PathFigures {
        steps: p.len() - 1,
        turns: turns(m, &p),
        decisions: p
            .iter()
            .take(p.len().saturating_sub(1))
            .skip(1)
            .filter(|&&c| degree[c as usize] > 2)
            .count(),
    });
    tally.figures(path, longest_path_cells)
}

/// A shortest path to `goal` read back from a search's distances, from its start.
fn walk_back<T: Topology>(m: &TiledMaze<T>, dist: &[u32], goal: Cell) -> Option<Vec<Cell>> {
    if dist[goal as usize] == u32::MAX {
        return None;
    }
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut path = vec![goal];
    let mut at = goal;
    while dist[at as usize] > 0 {
        m.exits(at, &mut sides, &mut exits);
        at = *exits
            .iter()
            .find(|&&c| dist[c as usize] == dist[at as usize] - 1)
            .expect("a cell at distance d has a neighbour at d - 1");
        path.push(at);
    }
    path.reverse();
    Some(path)
}

/// Changes of direction along `path`: a step's direction is the side of its cell it leaves
/// by, in the cell's clockwise order (north, east, south, west, then up and down on levels).
/// A cube's faces each have their own north, so the step after one over a cube's edge
/// carries the walker's heading on and is no turn; wrapped edges keep the grid's.
fn turns<T: Topology>(m: &TiledMaze<T>, path: &[Cell]) -> usize {
    let t = m.topology();
    let mut sides: Vec<Side> = Vec::new();
    let mut headings = Vec::with_capacity(path.len());
    for step in path.windows(2) {
        m.sides(step[0], &mut sides);
        let side = sides
            .iter()
            .position(|s| s.to == step[1])
            .unwrap_or(usize::MAX);
        let carried = T::TILING == Tiling::Cube && t.passage(step[0], step[1]) == Passage::Seam;
        headings.push((side, carried));
    }
    headings
        .windows(2)
        .filter(|w| !w[0].1 && w[0].0 != w[1].0)
        .count()
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
