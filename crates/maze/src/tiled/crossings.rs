//! The figures of a maze beyond the plane (levels, wrapped edges, a cube) that
//! `mazesolve --stats` writes: those of a flat maze, counted on the cells' graph through
//! stairs and seams, and the stairs and seams the solution goes through.

use super::graph::{distances, farthest_from, farthest_in};
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
            graph: graph_figures(m, m.cell_at(start), m.cell_at(goal), path),
            stairs,
            seams,
        }
    })
}

/// A flat maze's figures (`grid_maze::stats`) on any topology's cell graph: the shortest
/// path from `start` to `goal` for its length, turns and decisions (the `written` solution
/// when it is a shortest one, so that the figures describe the path the document shows),
/// two breadth-first searches for the longest path.
fn graph_figures<T: Topology>(
    m: &TiledMaze<T>,
    start: Option<Cell>,
    goal: Option<Cell>,
    written: &[Pos],
) -> MazeStats {
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut degree = vec![0u32; m.topology().len()];
    let mut tally = Tally::default();
    for cell in m.cells() {
        m.exits(cell, &mut sides, &mut exits);
        degree[cell as usize] = exits.len() as u32;
        tally.add(exits.len(), true);
    }
    // One search from the start gives the solution and one end of the longest path; a
    // second, from that end, the other.
    let first = start.or_else(|| m.cells().next());
    let dist = first.map(|from| distances(m, from));
    let path = match (start, goal, &dist) {
        (Some(start), Some(goal), Some(dist)) => {
            let written: Option<Vec<Cell>> = written.iter().map(|&p| m.cell_at(p)).collect();
            let shortest = |p: &Vec<Cell>| {
                p.first() == Some(&start)
                    && p.last() == Some(&goal)
                    && p.len() as u64 == u64::from(dist[goal as usize]) + 1
            };
            written
                .filter(shortest)
                .or_else(|| walk_back(m, dist, goal))
        }
        _ => None,
    };
    let longest_path_cells = first.zip(dist).map_or(0, |(from, dist)| {
        let (far, _) = farthest_in(&dist, from);
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

/// Changes of direction along `path`: a step goes straight on when it leaves its cell by the
/// side opposite the one it came in by (north and south, east and west, up and down; a
/// hexagon's sides three apart), else it turns. So the heading is carried over a wrapped edge
/// and over a cube's edge onto the next face, whose north is its own.
fn turns<T: Topology>(m: &TiledMaze<T>, path: &[Cell]) -> usize {
    let mut sides: Vec<Side> = Vec::new();
    let side_to = |from: Cell, to: Cell, sides: &mut Vec<Side>| {
        m.sides(from, sides);
        sides.iter().position(|s| s.to == to)
    };
    let mut turns = 0;
    for step in path.windows(3) {
        let (came, on, next) = (step[0], step[1], step[2]);
        let entered = side_to(on, came, &mut sides);
        let n = sides.len();
        let left = side_to(on, next, &mut sides);
        if let (Some(entered), Some(left)) = (entered, left)
            && left != opposite(entered, n, T::TILING == Tiling::Levels)
        {
            turns += 1;
        }
    }
    turns
}

/// The side opposite side `i` of a cell of `n` sides in clockwise order; on levels the
/// four of the grid, then up and down.
fn opposite(i: usize, n: usize, levels: bool) -> usize {
    match (levels, i) {
        (true, 4) => 5,
        (true, 5) => 4,
        (true, _) => (i + 2) % 4,
        (false, _) => (i + n / 2) % n,
    }
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
