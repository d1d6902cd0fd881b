//! The solvers on any tiling (each of the square grid's but the Pledge walker), over the
//! cells' sides in their clockwise order.

use crate::solve::Explored;
use crate::{Outcome, Solver};
use grid_core::Pos;
use grid_core::tiling::{AnyMaze, Cell, Side, TiledMaze, Topology};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// Solves a tiled maze from `start` to `goal` (cells of the maze); the [`Outcome`] is the
/// square grid's, its positions cells.
pub fn solve_tiled(solver: Solver, maze: &AnyMaze, start: Pos, goal: Pos, trace: bool) -> Outcome {
    grid_core::on_tiled_maze!(maze, m => solve_on(solver, m, start, goal, trace))
}

/// Solves a maze on any [`Topology`] from `start` to `goal` (cells of the maze).
pub fn solve_on<T: Topology>(
    solver: Solver,
    maze: &TiledMaze<T>,
    start: Pos,
    goal: Pos,
    trace: bool,
) -> Outcome {
    let t = maze.topology();
    let (start, goal) = (
        maze.cell_at(start).expect("start is a cell of the maze"),
        maze.cell_at(goal).expect("goal is a cell of the maze"),
    );
    let mut seen = Explored::new(trace);
    let path = match solver {
        Solver::Bfs => bfs(maze, start, goal, &mut seen),
        Solver::AStar => astar(maze, start, goal, &mut seen),
        Solver::RightHand => follow(maze, start, goal, Hand::Right, &mut seen),
        Solver::LeftHand => follow(maze, start, goal, Hand::Left, &mut seen),
        // Square cells are solved on the tile grid, where the walker has a heading; no other
        // tiling takes it (`solver_works`), and none is walked here.
        Solver::Pledge => None,
        Solver::DeadEndFilling => dead_end_filling(maze, start, goal, &mut seen),
        Solver::Tremaux => tremaux(maze, start, goal, &mut seen),
    };
    Outcome {
        path: path.map(|p| p.into_iter().map(|c| t.position(c)).collect()),
        explored: seen.count,
        order: seen
            .order
            .map(|o| o.into_iter().map(|c| t.position(c)).collect()),
    }
}

/// The path to `goal` by following `parent` links back to a cell that is its own parent.
fn walk_back(parent: &[Cell], goal: Cell) -> Vec<Cell> {
    let mut path = vec![goal];
    let mut cell = goal;
    while parent[cell as usize] != cell {
        cell = parent[cell as usize];
        path.push(cell);
    }
    path.reverse();
    path
}

const NONE: Cell = Cell::MAX;

/// Breadth-first search: a shortest path.
fn bfs<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    seen: &mut Explored<Cell>,
) -> Option<Vec<Cell>> {
    bfs_where(maze, start, goal, seen, |_| true)
}

/// Breadth-first search over the cells for which `open` holds.
fn bfs_where<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    seen: &mut Explored<Cell>,
    open: impl Fn(Cell) -> bool,
) -> Option<Vec<Cell>> {
    let mut parent = vec![NONE; maze.topology().len()];
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut queue = VecDeque::from([start]);
    parent[start as usize] = start;
    while let Some(cell) = queue.pop_front() {
        seen.visit(cell);
        if cell == goal {
            return Some(walk_back(&parent, goal));
        }
        maze.exits(cell, &mut sides, &mut exits);
        for &next in &exits {
            if parent[next as usize] == NONE && open(next) {
                parent[next as usize] = cell;
                queue.push_back(next);
            }
        }
    }
    None
}

/// A cell waiting in A*'s queue, least estimate first (then the nearer to the goal).
#[derive(Debug, PartialEq)]
struct Waiting {
    estimate: f64,
    left: f64,
    cell: Cell,
}

impl Eq for Waiting {}

impl Ord for Waiting {
    fn cmp(&self, other: &Self) -> Ordering {
        other
            .estimate
            .total_cmp(&self.estimate)
            .then(other.left.total_cmp(&self.left))
            .then(other.cell.cmp(&self.cell))
    }
}

impl PartialOrd for Waiting {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// A* with the straight-line distance between cell centres over the longest step of the
/// tiling: no path of fewer steps can cover that distance, so the estimate is admissible and
/// the path a shortest one.
fn astar<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    seen: &mut Explored<Cell>,
) -> Option<Vec<Cell>> {
    let t = maze.topology();
    let step = t.max_step().max(f64::MIN_POSITIVE);
    let target = t.center(goal);
    let estimate = |cell: Cell| {
        // Beyond the plane, the topology's own bound (through stairs, wraps and seams).
        let steps = if T::PLANE {
            let (x, y) = t.center(cell);
            (x - target.0).hypot(y - target.1) / step
        } else {
            t.steps_at_least(cell, goal)
        };
        // A hair under the true bound, so that rounding never makes it inadmissible.
        steps * (1.0 - 1e-9)
    };
    let n = t.len();
    let mut parent = vec![NONE; n];
    let mut cost = vec![u32::MAX; n];
    let mut done = vec![false; n];
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut queue = BinaryHeap::new();
    parent[start as usize] = start;
    cost[start as usize] = 0;
    queue.push(Waiting {
        estimate: estimate(start),
        left: estimate(start),
        cell: start,
    });
    while let Some(Waiting { cell, .. }) = queue.pop() {
        if std::mem::replace(&mut done[cell as usize], true) {
            continue;
        }
        seen.visit(cell);
        if cell == goal {
            return Some(walk_back(&parent, goal));
        }
        maze.exits(cell, &mut sides, &mut exits);
        let g = cost[cell as usize] + 1;
        for &next in &exits {
            if g < cost[next as usize] {
                cost[next as usize] = g;
                parent[next as usize] = cell;
                let left = estimate(next);
                queue.push(Waiting {
                    estimate: f64::from(g) + left,
                    left,
                    cell: next,
                });
            }
        }
    }
    None
}

#[derive(Debug, Clone, Copy)]
enum Hand {
    Right,
    Left,
}

/// The wall follower: standing in a cell having come in through one of its sides, try the
/// sides in turn from the hand's side (counter-clockwise from the way in for the right hand,
/// clockwise for the left), the way back last. Its walk is the path. Each move passes a
/// passage in one direction, and the walk repeats itself once it passes one twice the same
/// way; so a walk of more moves than twice the passages never reaches the goal.
fn follow<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    hand: Hand,
    seen: &mut Explored<Cell>,
) -> Option<Vec<Cell>> {
    let limit = 2 * maze.passage_count() + 1;
    let (mut sides, mut back) = (Vec::new(), Vec::new());
    let mut cell = start;
    let mut path = vec![start];
    seen.visit(start);
    // The side the walk came in by; at the start, as if through the first side.
    let mut came_in = 0usize;
    for _ in 0..limit {
        if cell == goal {
            return Some(path);
        }
        maze.sides(cell, &mut sides);
        let n = sides.len();
        let turn = |k: usize| match hand {
            Hand::Right => (came_in + n - 1 - k % n) % n,
            Hand::Left => (came_in + 1 + k) % n,
        };
        let out = (0..n)
            .map(turn)
            .find(|&i| !sides[i].is_edge() && maze.is_open(sides[i]))?;
        let side: Side = sides[out];
        maze.sides(side.to, &mut back);
        came_in = back
            .iter()
            .position(|b| b.to == cell && b.owner == side.owner && b.bit == side.bit)
            .expect("a passage is a side of both its cells");
        cell = side.to;
        path.push(cell);
        seen.visit(cell);
    }
    (cell == goal).then_some(path)
}

/// Dead-end filling: fill every dead end but start and goal, and the cells it leaves dead
/// in turn, until only the routes remain; then a breadth-first search over what is left.
fn dead_end_filling<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    seen: &mut Explored<Cell>,
) -> Option<Vec<Cell>> {
    let n = maze.topology().len();
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut open_ways = vec![0u32; n];
    let mut filled = vec![false; n];
    let mut dead: Vec<Cell> = Vec::new();
    for cell in maze.cells() {
        maze.exits(cell, &mut sides, &mut exits);
        open_ways[cell as usize] = exits.len() as u32;
        if exits.len() <= 1 && cell != start && cell != goal {
            dead.push(cell);
        }
    }
    while let Some(cell) = dead.pop() {
        if filled[cell as usize] {
            continue;
        }
        filled[cell as usize] = true;
        seen.visit(cell);
        maze.exits(cell, &mut sides, &mut exits);
        for &next in &exits {
            if filled[next as usize] {
                continue;
            }
            open_ways[next as usize] -= 1;
            if open_ways[next as usize] <= 1 && next != start && next != goal {
                dead.push(next);
            }
        }
    }
    // What is left: the routes between start and goal, searched breadth-first.
    bfs_where(maze, start, goal, seen, |c| !filled[c as usize])
}

/// Trémaux: walk depth-first, marking each passage, never entering a cell already reached
/// and turning back along a marked passage at dead ends; the passages marked once, from
/// start to goal, are the path.
fn tremaux<T: Topology>(
    maze: &TiledMaze<T>,
    start: Cell,
    goal: Cell,
    seen: &mut Explored<Cell>,
) -> Option<Vec<Cell>> {
    let n = maze.topology().len();
    let (mut sides, mut exits) = (Vec::new(), Vec::new());
    let mut reached = vec![false; n];
    // The walk's route back to the start, each cell with the exits it has still to try.
    let mut route: Vec<(Cell, usize)> = vec![(start, 0)];
    reached[start as usize] = true;
    seen.visit(start);
    while let Some(&mut (cell, ref mut tried)) = route.last_mut() {
        if cell == goal {
            return Some(route.iter().map(|&(c, _)| c).collect());
        }
        maze.exits(cell, &mut sides, &mut exits);
        let next = exits[*tried..].iter().position(|&e| !reached[e as usize]);
        match next {
            Some(k) => {
                let e = exits[*tried + k];
                *tried += k + 1;
                reached[e as usize] = true;
                seen.visit(e);
                route.push((e, 0));
            }
            None => {
                route.pop();
            }
        }
    }
    None
}
