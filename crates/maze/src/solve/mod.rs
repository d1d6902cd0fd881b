//! Maze solvers. They work on any map of walls and floor, not only generated cell mazes:
//! rooms, open areas and loops are all fine.

mod astar;
mod bfs;
mod board;
mod dead_end;
mod pledge;
mod tremaux;
mod wall_follower;

use board::{Board, Layout};
use grid_core::{Grid, Pos, Tile};
use std::fmt;
use std::str::FromStr;

/// A solving algorithm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Solver {
    /// Breadth-first search: a shortest path.
    Bfs,
    /// A* with the Manhattan distance: a shortest path, usually exploring fewer tiles.
    AStar,
    /// The wall follower with the right hand on the wall (the classic console maze programs' rule).
    RightHand,
    /// The wall follower with the left hand on the wall.
    LeftHand,
    /// The Pledge algorithm: a right-hand wall follower that keeps a heading and counts its
    /// turns, leaving the wall when they add up to none, so that no island holds it.
    Pledge,
    /// Fill every dead end until only the routes remain, then take the shortest of them.
    DeadEndFilling,
    /// Trémaux's marking rule: depth-first, never walking a marked passage twice.
    Tremaux,
}

impl Solver {
    /// Why this solver's finding no path proves nothing, when it does not: a wall follower
    /// stops when it comes round to where it was, which happens on a map whose goal lies off
    /// the walls the start's wall touches, path or no path. The other solvers search every
    /// passage, so their "no path" is a proof.
    pub fn gave_up(self) -> Option<String> {
        match self {
            Solver::RightHand | Solver::LeftHand => Some(format!(
                "the {} went round in circles: the goal is off the walls it follows (bfs \
                 finds a path wherever there is one)",
                match self {
                    Solver::RightHand => "right hand",
                    _ => "left hand",
                }
            )),
            Solver::Pledge => Some(
                "the Pledge walker never met the goal: it leaves every island, but the goal is \
                 off the walls its heading leads it along (bfs finds a path wherever there is \
                 one)"
                    .to_string(),
            ),
            _ => None,
        }
    }

    pub const ALL: [Solver; 7] = [
        Solver::Bfs,
        Solver::AStar,
        Solver::RightHand,
        Solver::LeftHand,
        Solver::Pledge,
        Solver::DeadEndFilling,
        Solver::Tremaux,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Solver::Bfs => "bfs",
            Solver::AStar => "astar",
            Solver::RightHand => "right-hand",
            Solver::LeftHand => "left-hand",
            Solver::Pledge => "pledge",
            Solver::DeadEndFilling => "dead-end-filling",
            Solver::Tremaux => "tremaux",
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Solver::Bfs => "breadth-first search; a shortest path",
            Solver::AStar => {
                "A* with the Manhattan distance; a shortest path, fewer tiles explored"
            }
            Solver::RightHand => {
                "wall follower, right hand on the wall; not shortest; solves every generated maze, braided too, and gives up (saying so) on a map whose goal is off the walls it follows"
            }
            Solver::LeftHand => "wall follower, left hand on the wall; as right-hand",
            Solver::Pledge => {
                "wall follower that keeps a heading towards the goal and counts its turns, so no island holds it; square cells; not shortest"
            }
            Solver::DeadEndFilling => "fill dead ends until only routes remain; a shortest path",
            Solver::Tremaux => "mark passages, never walk one twice; depth-first, not shortest",
        }
    }

    /// Whether the path it finds is always a shortest one.
    pub fn is_shortest(self) -> bool {
        matches!(self, Solver::Bfs | Solver::AStar | Solver::DeadEndFilling)
    }
}

impl fmt::Display for Solver {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Solver {
    type Err = grid_core::choice::UnknownName;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        grid_core::choice::parse(s)
    }
}

impl grid_core::choice::Named for Solver {
    const ALL: &'static [Self] = &Solver::ALL;
    const WHAT: &'static str = "algorithm";
    fn name(self) -> &'static str {
        Solver::name(self)
    }
    fn summary(self) -> &'static str {
        Solver::summary(self)
    }
}

/// What a solver found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// From start to goal, each step to a four-neighbour; `None` when there is no path.
    pub path: Option<Vec<Pos>>,
    /// How many tiles the solver examined.
    pub explored: usize,
    /// The examined tiles in order, when asked for.
    pub order: Option<Vec<Pos>>,
}

impl Outcome {
    /// The document's `solution` for what `solver` found.
    pub fn into_solution(self, solver: Solver) -> grid_core::Solution {
        grid_core::Solution {
            algorithm: solver.name().to_string(),
            length: self.path.as_ref().map(|p| p.len() - 1),
            gave_up: self.path.is_none().then(|| solver.gave_up()).flatten(),
            path: self.path,
            explored: self.explored,
            explored_order: self.order,
        }
    }
}

/// Solves the map from `start` to `goal`, both open tiles inside it.
pub fn solve(solver: Solver, tiles: &Grid<Tile>, start: Pos, goal: Pos, trace: bool) -> Outcome {
    let layout = Layout::of(tiles);
    if layout.woven {
        solve_on(solver, &Board::<true>::new(layout, start, goal), trace)
    } else {
        solve_on(solver, &Board::<false>::new(layout, start, goal), trace)
    }
}

/// Solves on a board with crossings (`W`) or without: two copies of every solver, so that
/// the plain maze's inner loops never ask about crossings.
fn solve_on<const W: bool>(solver: Solver, board: &Board<W>, trace: bool) -> Outcome {
    let mut explorer = Explored::new(trace);
    let path = match solver {
        Solver::Bfs => bfs::solve(board, &mut explorer),
        Solver::AStar => astar::solve(board, &mut explorer),
        Solver::RightHand => wall_follower::solve(board, &mut explorer, wall_follower::Hand::Right),
        Solver::LeftHand => wall_follower::solve(board, &mut explorer, wall_follower::Hand::Left),
        Solver::Pledge => pledge::solve(board, &mut explorer),
        Solver::DeadEndFilling => dead_end::solve(board, &mut explorer),
        Solver::Tremaux => tremaux::solve(board, &mut explorer),
    };
    Outcome {
        path: path.map(|p| p.into_iter().map(|i| board.pos(i)).collect()),
        explored: explorer.count,
        order: explorer
            .order
            .map(|o| o.into_iter().map(|i| board.pos(i)).collect()),
    }
}

/// Counts (and, with `--trace`, records in order) what a solver examines: the square grid's
/// tiles, or a tiling's cells. Both paths keep their books this way.
#[derive(Debug)]
pub(crate) struct Explored<T> {
    pub count: usize,
    pub order: Option<Vec<T>>,
}

impl<T> Explored<T> {
    pub fn new(trace: bool) -> Self {
        Explored {
            count: 0,
            order: trace.then(Vec::new),
        }
    }

    #[inline]
    pub fn visit(&mut self, item: T) {
        self.count += 1;
        if let Some(order) = &mut self.order {
            order.push(item);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{Algorithm, braid, generate};
    use grid_core::Rng;

    fn map(rows: &[&str]) -> Grid<Tile> {
        let cells = rows
            .iter()
            .flat_map(|r| r.bytes())
            .map(|b| if b == b'#' { Tile::Wall } else { Tile::Open })
            .collect();
        Grid::from_vec(rows[0].len(), rows.len(), cells).unwrap()
    }

    /// Every step goes to an open four-neighbour, from start to goal.
    fn assert_valid(tiles: &Grid<Tile>, path: &[Pos], start: Pos, goal: Pos) {
        assert_eq!(path.first(), Some(&start));
        assert_eq!(path.last(), Some(&goal));
        for w in path.windows(2) {
            assert_eq!(w[0].manhattan(w[1]), 1, "{} -> {}", w[0], w[1]);
        }
        assert!(path.iter().all(|&p| tiles[p].is_open()));
    }

    const ROOM: [&str; 7] = [
        "#########",
        "#       #",
        "# ##### #",
        "# #   # #",
        "# ##### #",
        "#       #",
        "#########",
    ];

    #[test]
    fn every_solver_solves_a_map_with_a_loop() {
        let tiles = map(&ROOM);
        let (start, goal) = (Pos::new(1, 1), Pos::new(5, 7));
        for s in Solver::ALL {
            let out = solve(s, &tiles, start, goal, true);
            let path = out.path.unwrap_or_else(|| panic!("{s} found no path"));
            assert_valid(&tiles, &path, start, goal);
            if s.is_shortest() {
                assert_eq!(path.len() - 1, 10, "{s}");
            }
            assert_eq!(out.order.unwrap().len(), out.explored, "{s}");
        }
    }

    /// Started beside an island, away from the outer wall, a hand on the wall goes round the
    /// island forever; the Pledge walker counts the whole turn that makes, leaves the island
    /// along its heading and reaches the goal.
    #[test]
    fn the_pledge_walker_leaves_the_island_a_wall_follower_circles() {
        let tiles = map(&[
            "###########",
            "#         #",
            "#         #",
            "#  #####  #",
            "#  #   #  #",
            "#  #####  #",
            "#         #",
            "#         #",
            "#         #",
            "###########",
        ]);
        let (start, goal) = (Pos::new(2, 4), Pos::new(8, 9));
        for s in [Solver::RightHand, Solver::LeftHand] {
            assert_eq!(solve(s, &tiles, start, goal, false).path, None, "{s}");
        }
        let path = solve(Solver::Pledge, &tiles, start, goal, false)
            .path
            .expect("the Pledge walker leaves the island");
        assert_valid(&tiles, &path, start, goal);
    }

    #[test]
    fn the_wall_follower_reports_no_path_around_an_island() {
        // The goal sits inside an open hall, away from every wall: a hand on the wall circles
        // the hall forever without touching it.
        let tiles = map(&["#######", "#     #", "#     #", "#     #", "#######"]);
        let (start, goal) = (Pos::new(1, 1), Pos::new(2, 3));
        for s in [Solver::RightHand, Solver::LeftHand] {
            assert_eq!(solve(s, &tiles, start, goal, false).path, None, "{s}");
        }
        assert!(
            solve(Solver::Bfs, &tiles, start, goal, false)
                .path
                .is_some()
        );
    }

    #[test]
    fn walled_off_goals_have_no_path() {
        let tiles = map(&["#####", "# # #", "#####"]);
        for s in Solver::ALL {
            let out = solve(s, &tiles, Pos::new(1, 1), Pos::new(1, 3), false);
            assert_eq!(out.path, None, "{s}");
        }
    }

    #[test]
    fn start_equal_to_goal_is_a_path_of_no_steps() {
        let tiles = map(&["###", "# #", "###"]);
        for s in Solver::ALL {
            let out = solve(s, &tiles, Pos::new(1, 1), Pos::new(1, 1), false);
            assert_eq!(out.path, Some(vec![Pos::new(1, 1)]), "{s}");
        }
    }

    #[test]
    fn open_floor_at_the_border_is_not_an_exit() {
        // Floor may touch the edge of the map; stepping off it is never allowed.
        let tiles = map(&["   ", " # ", "   "]);
        for s in Solver::ALL {
            let out = solve(s, &tiles, Pos::new(0, 0), Pos::new(2, 2), false);
            let path = out.path.unwrap_or_else(|| panic!("{s}"));
            assert_valid(&tiles, &path, Pos::new(0, 0), Pos::new(2, 2));
        }
    }

    #[test]
    fn astar_explores_no_more_than_bfs_on_a_braided_maze() {
        let mut rng = Rng::seeded(8);
        let mut m = generate(Algorithm::Kruskal, 60, 60, &mut rng, false);
        braid(&mut m, 1.0, &mut rng);
        let tiles = m.to_tiles();
        let (start, goal) = (Pos::new(1, 1), Pos::new(119, 119));
        let bfs = solve(Solver::Bfs, &tiles, start, goal, false);
        let astar = solve(Solver::AStar, &tiles, start, goal, false);
        assert_eq!(
            bfs.path.as_ref().map(Vec::len),
            astar.path.as_ref().map(Vec::len)
        );
        assert!(
            astar.explored <= bfs.explored,
            "{} > {}",
            astar.explored,
            bfs.explored
        );
    }
}
