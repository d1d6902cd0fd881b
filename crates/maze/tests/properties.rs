//! Invariants of every generator and solver, on random sizes and seeds.

use grid_core::{Grid, Pos, Rng, Tile};
use grid_maze::{Algorithm, Solver, braid, generate, solve};
use proptest::prelude::*;
use std::collections::VecDeque;

fn any_algorithm() -> impl Strategy<Value = Algorithm> {
    proptest::sample::select(Algorithm::ALL.to_vec())
}

fn any_solver() -> impl Strategy<Value = Solver> {
    proptest::sample::select(Solver::ALL.to_vec())
}

/// Shortest distance by a plain BFS over positions, written independently of the solvers.
fn reference_distance(tiles: &Grid<Tile>, start: Pos, goal: Pos) -> Option<usize> {
    let mut dist = Grid::new(tiles.width(), tiles.height(), usize::MAX);
    let mut queue = VecDeque::from([start]);
    dist[start] = 0;
    while let Some(p) = queue.pop_front() {
        if p == goal {
            return Some(dist[p]);
        }
        for d in grid_core::Dir::ALL {
            if let Some(q) = tiles.neighbour(p, d)
                && tiles[q].is_open()
                && dist[q] == usize::MAX
            {
                dist[q] = dist[p] + 1;
                queue.push_back(q);
            }
        }
    }
    None
}

fn assert_valid_path(tiles: &Grid<Tile>, path: &[Pos], start: Pos, goal: Pos) {
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    for w in path.windows(2) {
        assert_eq!(w[0].manhattan(w[1]), 1, "step {} -> {}", w[0], w[1]);
    }
    for &p in path {
        assert!(tiles[p].is_open(), "{p} is a wall");
    }
}

/// A random map of walls and floor (not a maze): rooms, loops, unreachable parts.
fn random_map(w: usize, h: usize, density: f64, seed: u64) -> Grid<Tile> {
    let mut rng = Rng::seeded(seed);
    let cells = (0..w * h)
        .map(|_| {
            if rng.chance(density) {
                Tile::Wall
            } else {
                Tile::Open
            }
        })
        .collect();
    Grid::from_vec(w, h, cells).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_generator_gives_a_spanning_tree(
        algo in any_algorithm(), w in 1usize..40, h in 1usize..40, seed: u64,
    ) {
        let m = generate(algo, w, h, &mut Rng::seeded(seed), false);
        prop_assert!(m.is_perfect(), "{} {}x{} seed {}", algo, w, h, seed);
        let tiles = m.to_tiles();
        prop_assert_eq!((tiles.width(), tiles.height()), (2 * w + 1, 2 * h + 1));
        prop_assert!(tiles[Pos::new(1, 1)].is_open());
        prop_assert!(tiles[Pos::new(2 * h - 1, 2 * w - 1)].is_open());
    }

    #[test]
    fn the_same_seed_gives_the_same_maze(algo in any_algorithm(), w in 1usize..30, seed: u64) {
        let a = generate(algo, w, w, &mut Rng::seeded(seed), false).to_tiles();
        let b = generate(algo, w, w, &mut Rng::seeded(seed), false).to_tiles();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn braided_mazes_stay_connected(
        algo in any_algorithm(), w in 2usize..30, p in 0.0f64..=1.0, seed: u64,
    ) {
        let mut rng = Rng::seeded(seed);
        let mut m = generate(algo, w, w, &mut rng, false);
        braid(&mut m, p, &mut rng);
        prop_assert!(m.is_connected());
    }

    #[test]
    fn solvers_find_valid_paths_in_mazes(
        algo in any_algorithm(), solver in any_solver(), w in 1usize..30, h in 1usize..30,
        braiding in 0.0f64..=1.0, seed: u64,
    ) {
        let mut rng = Rng::seeded(seed);
        let mut m = generate(algo, w, h, &mut rng, false);
        braid(&mut m, braiding, &mut rng);
        let tiles = m.to_tiles();
        let (start, goal) = (Pos::new(1, 1), Pos::new(2 * h - 1, 2 * w - 1));
        let out = solve(solver, &tiles, start, goal, false);
        let best = reference_distance(&tiles, start, goal).expect("mazes are connected");
        match out.path {
            Some(path) => {
                assert_valid_path(&tiles, &path, start, goal);
                if solver.is_shortest() {
                    prop_assert_eq!(path.len() - 1, best);
                }
            }
            // Only a wall follower may fail, and only where loops let it circle an island.
            None => prop_assert!(
                matches!(solver, Solver::RightHand | Solver::LeftHand | Solver::Pledge) && braiding > 0.0
            ),
        }
    }

    #[test]
    fn wall_followers_always_solve_perfect_mazes(
        algo in any_algorithm(), w in 1usize..30, h in 1usize..30, seed: u64,
    ) {
        let tiles = generate(algo, w, h, &mut Rng::seeded(seed), false).to_tiles();
        let (start, goal) = (Pos::new(1, 1), Pos::new(2 * h - 1, 2 * w - 1));
        for solver in [Solver::RightHand, Solver::LeftHand, Solver::Pledge] {
            let path = solve(solver, &tiles, start, goal, false).path;
            prop_assert!(path.is_some(), "{} failed on a perfect maze", solver);
        }
    }

    #[test]
    fn solvers_agree_with_bfs_on_arbitrary_maps(
        solver in any_solver(), w in 1usize..25, h in 1usize..25, density in 0.0f64..0.6,
        seed: u64, s in any::<prop::sample::Index>(), g in any::<prop::sample::Index>(),
    ) {
        let tiles = random_map(w, h, density, seed);
        let open: Vec<Pos> = tiles.positions().filter(|&p| tiles[p].is_open()).collect();
        prop_assume!(!open.is_empty());
        let (start, goal) = (*s.get(&open), *g.get(&open));
        let best = reference_distance(&tiles, start, goal);
        let out = solve(solver, &tiles, start, goal, true);
        prop_assert_eq!(out.order.as_ref().map(Vec::len), Some(out.explored));
        match (&out.path, best) {
            (Some(path), Some(best)) => {
                assert_valid_path(&tiles, path, start, goal);
                if solver.is_shortest() {
                    prop_assert_eq!(path.len() - 1, best);
                }
            }
            (None, None) => {}
            (None, Some(_)) => prop_assert!(
                matches!(solver, Solver::RightHand | Solver::LeftHand | Solver::Pledge),
                "{} missed a path", solver
            ),
            (Some(_), None) => prop_assert!(false, "{} found a path that cannot exist", solver),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Start and goal lie by the outer wall, so a hand kept on it reaches the goal, loops or
    /// not: both wall followers solve every braided maze of every algorithm.
    #[test]
    fn wall_followers_solve_every_braided_maze(
        algorithm in any_algorithm(),
        w in 1usize..14,
        h in 1usize..14,
        braid_share in 0.0f64..=1.0,
        seed in any::<u64>(),
    ) {
        let mut rng = Rng::seeded(seed);
        let mut cells = generate(algorithm, w, h, &mut rng, false);
        braid(&mut cells, braid_share, &mut rng);
        let tiles = cells.to_tiles();
        let (start, goal) = (Pos::new(1, 1), Pos::new(2 * h - 1, 2 * w - 1));
        for solver in [Solver::RightHand, Solver::LeftHand] {
            let found = solve(solver, &tiles, start, goal, false);
            let path = found.path.unwrap_or_else(|| {
                panic!("{solver:?} found no path: {algorithm:?} {w}x{h} braid {braid_share} seed {seed}")
            });
            assert_valid_path(&tiles, &path, start, goal);
        }
    }
}

proptest! {
    /// A carving trace names every open tile of the maze exactly once, one-cell mazes too.
    #[test]
    fn a_carving_trace_covers_every_open_tile_once(
        algorithm in any_algorithm(),
        w in 1usize..10,
        h in 1usize..10,
        seed in any::<u64>(),
    ) {
        prop_assume!(algorithm.trace_mode() == grid_core::TraceMode::Carve);
        let mut cells = generate(algorithm, w, h, &mut Rng::seeded(seed), true);
        let tiles = cells.to_tiles();
        let mut trace = cells.take_trace().unwrap();
        trace.sort();
        let before = trace.len();
        trace.dedup();
        prop_assert_eq!(before, trace.len(), "a tile traced twice");
        let open: Vec<Pos> = tiles.positions().filter(|&p| tiles[p].is_open()).collect();
        let mut open = open;
        open.sort();
        prop_assert_eq!(trace, open);
    }
}
