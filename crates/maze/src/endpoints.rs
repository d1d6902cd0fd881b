//! Where a maze's start and goal go: the classic corners, the two ends of its longest path,
//! or two cells drawn from the seed.

use crate::CellMaze;
use grid_core::choice::Named;
use grid_core::{Dir, Rng};
use std::collections::VecDeque;

/// How start and goal are placed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Endpoints {
    /// Top-left and bottom-right; on wrapped edges, where those two meet across the seam,
    /// the ends of the longest path (`tiled::graph::apart`).
    #[default]
    Corners,
    /// The two ends of the longest path in the maze: the hardest start and goal.
    Farthest,
    /// Two different cells drawn from the seed.
    Random,
}

impl Named for Endpoints {
    const ALL: &'static [Self] = &[Endpoints::Corners, Endpoints::Farthest, Endpoints::Random];
    const WHAT: &'static str = "endpoints";
    fn name(self) -> &'static str {
        match self {
            Endpoints::Corners => "corners",
            Endpoints::Farthest => "farthest",
            Endpoints::Random => "random",
        }
    }
    fn summary(self) -> &'static str {
        match self {
            Endpoints::Corners => {
                "top-left to bottom-right (on wrapped edges, where those meet, as farthest)"
            }
            Endpoints::Farthest => "the two ends of the longest path: the hardest start and goal",
            Endpoints::Random => "two different cells drawn from the seed",
        }
    }
}

/// The cells farthest from `from` through the maze's passages: the last one a breadth-first
/// search reaches, and its distance in steps between cells.
pub fn farthest_from(maze: &CellMaze, from: usize) -> (usize, usize) {
    let (last, dist) = search(maze, from, None);
    (last, dist)
}

/// The steps between cells from `from` to `to`, if a passage leads there.
pub fn distance(maze: &CellMaze, from: usize, to: usize) -> Option<usize> {
    let (last, dist) = search(maze, from, Some(to));
    (last == to).then_some(dist)
}

/// A breadth-first search from `from`, stopping at `to` if given: the last cell reached and
/// its distance. It runs over the maze's nodes, so that a path through a crossing goes
/// straight on.
fn search(maze: &CellMaze, from: usize, to: Option<usize>) -> (usize, usize) {
    if maze.crossing_count() == 0 {
        return search_plain(maze, from, to);
    }
    let mut dist = vec![u32::MAX; maze.node_count()];
    let mut queue = VecDeque::from([from]);
    dist[from] = 0;
    let mut last = from;
    while let Some(node) = queue.pop_front() {
        last = node;
        if Some(node) == to {
            break;
        }
        for (_, next) in maze.exits(node) {
            if dist[next] == u32::MAX {
                dist[next] = dist[node] + 1;
                queue.push_back(next);
            }
        }
    }
    (maze.node_cell(last), dist[last] as usize)
}

/// The same search on a maze without crossings, where every node is a cell and every step
/// a look at one passage bit.
fn search_plain(maze: &CellMaze, from: usize, to: Option<usize>) -> (usize, usize) {
    let mut dist = vec![u32::MAX; maze.len()];
    let mut queue = VecDeque::from([from]);
    dist[from] = 0;
    let mut last = from;
    while let Some(cell) = queue.pop_front() {
        last = cell;
        if Some(cell) == to {
            break;
        }
        for dir in Dir::ALL {
            if maze.is_linked(cell, dir) {
                let next = maze.step(cell, dir);
                if dist[next] == u32::MAX {
                    dist[next] = dist[cell] + 1;
                    queue.push_back(next);
                }
            }
        }
    }
    (last, dist[last] as usize)
}

/// The two ends of the longest path of a perfect maze (its diameter), by two breadth-first
/// searches: the cell farthest from any cell is one end of a longest path, and the cell
/// farthest from it the other. On a braided maze, with loops, the pair is far apart but not
/// always the farthest.
pub fn diameter(maze: &CellMaze) -> (usize, usize, usize) {
    let (a, _) = farthest_from(maze, maze.first_cell());
    let (b, length) = farthest_from(maze, a);
    (a, b, length)
}

/// Start and goal cells for `maze` by `how`; `Random` draws from `rng`.
pub fn place(maze: &CellMaze, how: Endpoints, rng: &mut Rng) -> (usize, usize) {
    let shaped = maze.mask().is_some() || maze.crossing_count() > 0;
    match how {
        Endpoints::Corners => match maze.mask() {
            Some(mask) => mask.first_and_last().expect("a mask has cells"),
            None => (0, maze.len() - 1),
        },
        Endpoints::Farthest => {
            let (a, b, _) = diameter(maze);
            (a, b)
        }
        Endpoints::Random if maze.cell_count() == 1 => (maze.first_cell(), maze.first_cell()),
        Endpoints::Random if shaped => {
            // Cells of the maze that are not crossings, drawn until two differ.
            let usable = |c: usize| maze.contains(c) && maze.crossing(c).is_none();
            let draw = |rng: &mut Rng| loop {
                let c = rng.index(maze.len());
                if usable(c) {
                    break c;
                }
            };
            let a = draw(rng);
            let b = loop {
                let b = draw(rng);
                if b != a {
                    break b;
                }
            };
            (a, b)
        }
        Endpoints::Random => {
            let a = rng.index(maze.len());
            let b = (a + 1 + rng.index(maze.len() - 1)) % maze.len();
            (a, b)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, generate};

    /// Every cell's distance to every other, by a search from each: the true diameter.
    fn all_pairs_diameter(maze: &CellMaze) -> usize {
        (0..maze.len())
            .map(|c| farthest_from(maze, c).1)
            .max()
            .unwrap()
    }

    #[test]
    fn two_searches_find_the_true_diameter_of_perfect_mazes() {
        for (i, &algorithm) in Algorithm::ALL.iter().enumerate() {
            for seed in 0..20 {
                let (w, h) = (
                    1 + (seed as usize * 7 + i) % 12,
                    1 + (seed as usize * 3) % 9,
                );
                let maze = generate(algorithm, w, h, &mut Rng::seeded(seed), false);
                let (a, b, length) = diameter(&maze);
                assert_eq!(length, all_pairs_diameter(&maze), "{algorithm:?} {w}x{h}");
                assert_eq!(farthest_from(&maze, a).1, length);
                assert!(a != b || maze.len() == 1);
            }
        }
    }

    #[test]
    fn random_endpoints_differ_and_follow_the_seed() {
        let maze = generate(Algorithm::Kruskal, 5, 4, &mut Rng::seeded(1), false);
        for seed in 0..50 {
            let (a, b) = place(&maze, Endpoints::Random, &mut Rng::seeded(seed));
            assert_ne!(a, b);
            assert_eq!(
                (a, b),
                place(&maze, Endpoints::Random, &mut Rng::seeded(seed))
            );
        }
    }
}
