//! Invariants of masked and weave mazes, checked against a reading of their tiles written
//! here, independently of the maze crate's own graph: a crossing is two nodes, one for each
//! level, and a path through it goes straight.

use grid_core::{Axis, Dir, Grid, Pos, Rng, Tile};
use grid_maze::endpoints::{diameter, farthest_from};
use grid_maze::{Algorithm, Mask, Shape, Solver, braid, generate_shaped, solve};
use proptest::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

/// The algorithms that work on any set of cells.
fn shaped_algorithm() -> impl Strategy<Value = Algorithm> {
    let able: Vec<Algorithm> = Algorithm::ALL
        .into_iter()
        .filter(|a| a.supports_masks())
        .collect();
    proptest::sample::select(able)
}

fn any_solver() -> impl Strategy<Value = Solver> {
    proptest::sample::select(Solver::ALL.to_vec())
}

/// A random mask: noise of the given density (holes, one-cell necks, ragged edges), kept to
/// its largest piece; sometimes two rooms joined by a one-cell corridor.
fn random_mask(w: usize, h: usize, density: f64, rooms: bool, seed: u64) -> Mask {
    let mut rng = Rng::seeded(seed);
    let cells: Vec<bool> = (0..w * h).map(|_| rng.chance(density)).collect();
    let mask = if rooms && w >= 5 {
        // Two solid rooms, left and right, joined along the middle row by a corridor.
        let mid = h / 2;
        Mask::from_fn(w, h, |r, c| c < w / 3 || c >= w - w / 3 || r == mid)
    } else {
        Mask::from_fn(w, h, |r, c| cells[r * w + c])
    };
    mask.largest_piece()
        .unwrap_or_else(|_| Mask::from_fn(w, h, |r, c| r == 0 && c == 0))
}

/// A node of the tile graph: a tile and, on a crossing, the axis of its level.
type Node = (Pos, Option<Axis>);

fn node_at(tiles: &Grid<Tile>, p: Pos, dir: Dir) -> Node {
    match tiles[p] {
        Tile::Crossing(_) => (p, Some(Axis::of(dir))),
        _ => (p, None),
    }
}

/// The steps out of a node: any open neighbour of a plain tile, straight on at a crossing.
fn steps(tiles: &Grid<Tile>, (p, level): Node) -> Vec<(Dir, Node)> {
    Dir::ALL
        .into_iter()
        .filter(|&d| level.is_none_or(|a| Axis::of(d) == a))
        .filter_map(|d| {
            let q = tiles.neighbour(p, d)?;
            tiles[q].is_open().then(|| (d, node_at(tiles, q, d)))
        })
        .collect()
}

/// Every node's distance from `from`, by BFS over the tile graph.
fn distances(tiles: &Grid<Tile>, from: Pos) -> std::collections::HashMap<Node, usize> {
    let start = (from, None);
    let mut dist = std::collections::HashMap::from([(start, 0)]);
    let mut queue = VecDeque::from([start]);
    while let Some(n) = queue.pop_front() {
        let d = dist[&n];
        for (_, m) in steps(tiles, n) {
            dist.entry(m).or_insert_with(|| {
                queue.push_back(m);
                d + 1
            });
        }
    }
    dist
}

fn shortest(tiles: &Grid<Tile>, from: Pos, to: Pos) -> Option<usize> {
    distances(tiles, from)
        .into_iter()
        .filter(|(n, _)| n.0 == to)
        .map(|(_, d)| d)
        .min()
}

/// The nodes of the tile graph and its edges, each counted once.
fn nodes_and_edges(tiles: &Grid<Tile>) -> (usize, usize) {
    let mut nodes = 0;
    let mut ends = 0;
    for p in tiles.positions() {
        let levels: Vec<Option<Axis>> = match tiles[p] {
            Tile::Wall => vec![],
            Tile::Open => vec![None],
            Tile::Crossing(_) => vec![Some(Axis::NorthSouth), Some(Axis::EastWest)],
        };
        for level in levels {
            nodes += 1;
            ends += steps(tiles, (p, level)).len();
        }
    }
    (nodes, ends / 2)
}

/// A path is legal: it starts and ends where asked, each step goes to an open four-neighbour,
/// and at a crossing it goes straight on.
fn assert_legal(tiles: &Grid<Tile>, path: &[Pos], start: Pos, goal: Pos) {
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    for w in path.windows(2) {
        assert_eq!(w[0].manhattan(w[1]), 1, "step {} -> {}", w[0], w[1]);
        assert!(tiles[w[1]].is_open(), "{} is a wall", w[1]);
    }
    for w in path.windows(3) {
        if tiles[w[1]].is_crossing() {
            let straight =
                w[0].row + w[2].row == 2 * w[1].row && w[0].col + w[2].col == 2 * w[1].col;
            assert!(straight, "the path turns at the crossing {}", w[1]);
        }
    }
}

fn cell_tile(cell: usize, w: usize) -> Pos {
    Pos::new(2 * (cell / w) + 1, 2 * (cell % w) + 1)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_masked_maze_is_a_spanning_tree_of_exactly_its_cells(
        algorithm in shaped_algorithm(), w in 1usize..24, h in 1usize..24,
        density in 0.45f64..1.0, rooms: bool, weave in prop_oneof![Just(0.0), 0.0f64..=1.0],
        seed: u64,
    ) {
        let mask = Arc::new(random_mask(w, h, density, rooms, seed));
        let shape = Shape { mask: Some(Arc::clone(&mask)), weave };
        let maze = generate_shaped(algorithm, (w, h), &shape, &mut Rng::seeded(seed), false);
        prop_assert!(maze.is_perfect(), "{} {}x{} seed {}", algorithm, w, h, seed);
        let tiles = maze.to_tiles();
        for cell in 0..w * h {
            let open = tiles[cell_tile(cell, w)].is_open();
            prop_assert_eq!(open, mask.contains(cell), "cell {}", cell);
        }
        // Read back from the tiles alone: one tree over the mask's nodes.
        let (nodes, edges) = nodes_and_edges(&tiles);
        prop_assert_eq!(edges + 1, nodes, "a tree has one edge fewer than its nodes");
        let first = cell_tile(mask.first_and_last().unwrap().0, w);
        prop_assert_eq!(distances(&tiles, first).len(), nodes, "every node is reached");
    }

    #[test]
    fn weave_mazes_are_trees_counting_over_and_under_apart(
        algorithm in shaped_algorithm(), w in 1usize..30, h in 1usize..30,
        weave in 0.05f64..=1.0, seed: u64,
    ) {
        let shape = Shape { mask: None, weave };
        let maze = generate_shaped(algorithm, (w, h), &shape, &mut Rng::seeded(seed), false);
        prop_assert!(maze.is_perfect(), "{} {}x{} seed {}", algorithm, w, h, seed);
        let tiles = maze.to_tiles();
        let crossings = tiles.cells().iter().filter(|t| t.is_crossing()).count();
        prop_assert_eq!(crossings, maze.crossing_count());
        let (nodes, edges) = nodes_and_edges(&tiles);
        prop_assert_eq!(edges + 1, nodes);
        prop_assert_eq!(distances(&tiles, Pos::new(1, 1)).len(), nodes);
    }

    #[test]
    fn every_solver_is_legal_at_crossings_and_the_shortest_are_exact(
        algorithm in shaped_algorithm(), solver in any_solver(), w in 1usize..20,
        h in 1usize..20, weave in 0.0f64..=1.0, masked: bool, braiding in 0.0f64..=1.0,
        seed: u64,
    ) {
        let mut rng = Rng::seeded(seed);
        let mask = masked.then(|| Arc::new(random_mask(w, h, 0.7, false, seed)));
        let ends = mask.as_ref().map_or((0, w * h - 1), |m| m.first_and_last().unwrap());
        let shape = Shape { mask, weave };
        let mut maze = generate_shaped(algorithm, (w, h), &shape, &mut rng, false);
        braid(&mut maze, braiding, &mut rng);
        let tiles = maze.to_tiles();
        let (start, goal) = (cell_tile(ends.0, w), cell_tile(ends.1, w));
        let best = shortest(&tiles, start, goal).expect("the maze is connected");
        let out = solve(solver, &tiles, start, goal, true);
        match out.path {
            Some(path) => {
                assert_legal(&tiles, &path, start, goal);
                if solver.is_shortest() {
                    prop_assert_eq!(path.len() - 1, best, "{}", solver);
                }
            }
            None => prop_assert!(
                matches!(solver, Solver::RightHand | Solver::LeftHand | Solver::Pledge) && braiding > 0.0,
                "{} found no path", solver
            ),
        }
    }

    #[test]
    fn wall_followers_solve_every_perfect_weave_and_masked_maze(
        algorithm in shaped_algorithm(), w in 1usize..20, h in 1usize..20,
        weave in 0.0f64..=1.0, masked: bool, seed: u64,
    ) {
        let mask = masked.then(|| Arc::new(random_mask(w, h, 0.7, false, seed)));
        let ends = mask.as_ref().map_or((0, w * h - 1), |m| m.first_and_last().unwrap());
        let shape = Shape { mask, weave };
        let maze = generate_shaped(algorithm, (w, h), &shape, &mut Rng::seeded(seed), false);
        let tiles = maze.to_tiles();
        let (start, goal) = (cell_tile(ends.0, w), cell_tile(ends.1, w));
        for solver in [Solver::RightHand, Solver::LeftHand] {
            let path = solve(solver, &tiles, start, goal, false).path;
            let path = path.unwrap_or_else(|| panic!("{solver} lost: {algorithm} {w}x{h} seed {seed}"));
            assert_legal(&tiles, &path, start, goal);
        }
    }

    #[test]
    fn farthest_finds_the_true_diameter(
        algorithm in shaped_algorithm(), w in 1usize..12, h in 1usize..12,
        weave in 0.0f64..=1.0, masked: bool, seed: u64,
    ) {
        let mask = masked.then(|| Arc::new(random_mask(w, h, 0.7, false, seed)));
        let shape = Shape { mask, weave };
        let maze = generate_shaped(algorithm, (w, h), &shape, &mut Rng::seeded(seed), false);
        let tiles = maze.to_tiles();
        // All pairs, from every cell, over the tile graph: tile steps are twice cell steps.
        let all_pairs = (0..w * h)
            .filter(|&c| maze.contains(c))
            .flat_map(|c| distances(&tiles, cell_tile(c, w)).into_values())
            .max()
            .unwrap();
        let (a, b, length) = diameter(&maze);
        prop_assert_eq!(2 * length, all_pairs, "{} {}x{} seed {}", algorithm, w, h, seed);
        prop_assert_eq!(farthest_from(&maze, a), (b, length));
    }

    #[test]
    fn the_same_seed_gives_the_same_shaped_maze(
        algorithm in shaped_algorithm(), w in 1usize..20, weave in 0.0f64..=1.0, seed: u64,
    ) {
        let mask = Some(Arc::new(random_mask(w, w, 0.7, true, seed)));
        let shape = Shape { mask, weave };
        let a = generate_shaped(algorithm, (w, w), &shape, &mut Rng::seeded(seed), true);
        let b = generate_shaped(algorithm, (w, w), &shape, &mut Rng::seeded(seed), true);
        prop_assert_eq!(a.to_tiles(), b.to_tiles());
    }
}

#[test]
fn a_mask_in_pieces_is_refused_before_any_walk_starts() {
    let pieces = Arc::new(Mask::from_fn(5, 1, |_, c| c != 2));
    let e = Shape {
        mask: Some(pieces),
        weave: 0.0,
    }
    .check(Algorithm::Wilson);
    assert!(e.unwrap_err().to_string().contains("2 separate pieces"));
}

#[test]
fn algorithms_bound_to_the_rectangle_refuse_masks_and_weave_by_name() {
    let mask = Some(Arc::new(Mask::from_fn(3, 3, |_, _| true)));
    for algorithm in Algorithm::ALL.into_iter().filter(|a| !a.supports_masks()) {
        let masked = Shape {
            mask: mask.clone(),
            weave: 0.0,
        }
        .check(algorithm);
        let e = masked.unwrap_err().to_string();
        assert!(
            e.contains("not on a mask") && e.contains("hunt-kill, backtracker, kruskal"),
            "{e}"
        );
        let woven = Shape {
            mask: None,
            weave: 0.5,
        }
        .check(algorithm);
        assert!(woven.unwrap_err().to_string().contains("cannot weave"));
    }
}
