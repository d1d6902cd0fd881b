//! Invariants of every generator and solver on the other tilings (hex, triangle, octagon,
//! polar), on random sizes and seeds: each maze is read back through the document reader,
//! which checks every cell's digit against the neighbours the cell has.

use grid_core::tiling::{AnyMaze, Cell, TiledDoc, TiledMaze, Tiling, Topology};
use grid_core::{Document, Pos};
use grid_maze::tiled::{TiledRequest, TiledSize, solve_tiled, solver_works, supports};
use grid_maze::{Algorithm, Endpoints, Mask, Solver};
use proptest::prelude::*;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

const TILINGS: [Tiling; 4] = [
    Tiling::Hex,
    Tiling::Triangle,
    Tiling::Octagon,
    Tiling::Polar,
];

fn size_for(tiling: Tiling, w: usize, h: usize) -> TiledSize {
    match tiling {
        // One triangle wide, the triangles join only in pairs (a request refuses it).
        Tiling::Triangle if w == 1 => TiledSize::Rect {
            width: 2,
            height: h,
        },
        Tiling::Polar => TiledSize::Rings(w.min(12)),
        _ => TiledSize::Rect {
            width: w,
            height: h,
        },
    }
}

/// The document's bytes and the maze read back from them.
fn made(request: &TiledRequest, seed: u64) -> (Vec<u8>, TiledDoc) {
    let mut bytes = Vec::new();
    request.make(seed).write(&mut bytes, false).unwrap();
    let text = std::str::from_utf8(&bytes).unwrap();
    let doc = Document::from_json(text.trim_end()).unwrap();
    let tiled = TiledDoc::from_document(&doc).unwrap_or_else(|e| panic!("{e}: {text}"));
    (bytes, tiled)
}

/// Distances over the cell graph, by a search written apart from the crate's: neighbours
/// are found from each cell's own digit and the digits of the cells around it.
fn reference_distances<T: Topology>(m: &TiledMaze<T>, from: Cell) -> Vec<usize> {
    let t = m.topology();
    // Every open passage, from its owner's forward bits.
    let mut links: HashMap<Cell, Vec<Cell>> = HashMap::new();
    let mut sides = Vec::new();
    for cell in m.cells() {
        t.sides(cell, &mut sides);
        for s in sides.iter().filter(|s| !s.is_edge() && s.owner == cell) {
            if m.links(cell) & s.bit != 0 {
                links.entry(cell).or_default().push(s.to);
                links.entry(s.to).or_default().push(cell);
            }
        }
    }
    let mut dist = vec![usize::MAX; t.len()];
    let mut queue = VecDeque::from([from]);
    dist[from as usize] = 0;
    while let Some(c) = queue.pop_front() {
        for &n in links.get(&c).into_iter().flatten() {
            if dist[n as usize] == usize::MAX {
                dist[n as usize] = dist[c as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// A perfect maze: one passage fewer than cells, every cell reached from the first.
fn assert_spanning_tree<T: Topology>(m: &TiledMaze<T>) {
    let first = m.cells().next().unwrap();
    let dist = reference_distances(m, first);
    assert_eq!(m.passage_count() + 1, m.cell_count(), "{:?}", T::TILING);
    assert!(m.cells().all(|c| dist[c as usize] != usize::MAX));
}

/// Each step of `path` is a passage, from start to goal.
fn assert_legal<T: Topology>(m: &TiledMaze<T>, path: &[Pos], start: Pos, goal: Pos) {
    assert_eq!(path.first(), Some(&start));
    assert_eq!(path.last(), Some(&goal));
    let mut sides = Vec::new();
    for w in path.windows(2) {
        let (a, b) = (m.cell_at(w[0]).unwrap(), m.cell_at(w[1]).unwrap());
        m.sides(a, &mut sides);
        assert!(
            sides.iter().any(|s| s.to == b && m.is_open(*s)),
            "{} -> {}",
            w[0],
            w[1]
        );
    }
}

fn any_tiled() -> impl Strategy<Value = (Tiling, Algorithm)> {
    let pairs: Vec<(Tiling, Algorithm)> = TILINGS
        .into_iter()
        .flat_map(|t| Algorithm::ALL.into_iter().map(move |a| (t, a)))
        .filter(|&(t, a)| supports(a, t))
        .collect();
    proptest::sample::select(pairs)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_generator_makes_a_spanning_tree_the_same_for_a_seed(
        (tiling, algorithm) in any_tiled(), w in 1usize..14, h in 1usize..14, seed in any::<u64>()
    ) {
        let request = TiledRequest::new(algorithm, tiling, size_for(tiling, w, h), None, None)
            .unwrap()
            .traced()
            .unwrap();
        let (bytes, doc) = made(&request, seed);
        prop_assert_eq!(&bytes, &made(&request, seed).0);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            assert_spanning_tree(m);
            // The trace holds every cell once.
            let trace = doc.trace.as_ref().unwrap();
            prop_assert_eq!(trace.len(), m.cell_count());
        });
    }

    #[test]
    fn solvers_walk_passages_and_the_shortest_are_exact(
        tiling in proptest::sample::select(TILINGS.to_vec()), w in 1usize..16, h in 1usize..16,
        seed in any::<u64>(), braid in proptest::sample::select(vec![0.0, 0.5, 1.0]),
    ) {
        let mut request = TiledRequest::new(
            Algorithm::Kruskal, tiling, size_for(tiling, w, h), None, None,
        ).unwrap().with_endpoints(Endpoints::Random);
        request.braid = braid;
        let (_, doc) = made(&request, seed);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            let (start, goal) = (m.cell_at(doc.start).unwrap(), m.cell_at(doc.goal).unwrap());
            let truth = reference_distances(m, start)[goal as usize];
            for solver in Solver::ALL.into_iter().filter(|&s| solver_works(s, tiling)) {
                let found = solve_tiled(solver, &doc.maze, doc.start, doc.goal, true);
                // Wall followers may circle an island on a braided maze; on a perfect one they
                // always arrive.
                let Some(path) = found.path else {
                    prop_assert!(braid > 0.0 && !solver.is_shortest(), "{solver} found no path");
                    continue;
                };
                assert_legal(m, &path, doc.start, doc.goal);
                if solver.is_shortest() {
                    prop_assert_eq!(path.len() - 1, truth, "{}", solver);
                }
                prop_assert_eq!(found.order.unwrap().len(), found.explored);
            }
        });
    }

    #[test]
    fn masks_shape_hex_triangle_and_octagon_mazes(
        tiling in proptest::sample::select(vec![Tiling::Hex, Tiling::Triangle, Tiling::Octagon]),
        algorithm in proptest::sample::select(vec![
            Algorithm::HuntKill, Algorithm::Backtracker, Algorithm::Kruskal, Algorithm::Prim,
            Algorithm::Wilson, Algorithm::AldousBroder, Algorithm::GrowingTree,
        ]),
        seed in any::<u64>(), holes in proptest::collection::vec((0usize..12, 0usize..12), 0..30),
    ) {
        let mask = Mask::from_fn(12, 12, |r, c| !holes.contains(&(r, c)));
        let request = TiledRequest::new(algorithm, tiling, size_for(tiling, 12, 12), None, None)
            .unwrap();
        let mask = request.largest_piece(&mask);
        let request = request.with_mask(Arc::new(mask.clone())).unwrap();
        let (_, doc) = made(&request, seed);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            assert_spanning_tree(m);
            for cell in 0..m.topology().len() as Cell {
                prop_assert_eq!(m.contains(cell), mask.contains(cell as usize));
            }
        });
    }
}

#[test]
fn grid_specific_generators_are_refused_with_the_ones_that_work() {
    let e = TiledRequest::new(
        Algorithm::Sidewinder,
        Tiling::Hex,
        size_for(Tiling::Hex, 5, 5),
        None,
        None,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "sidewinder does not work on the hex tiling; these do: hunt-kill, backtracker, \
         kruskal, prim, wilson, aldous-broder, growing-tree"
    );
    assert!(supports(Algorithm::BinaryTree, Tiling::Polar));
    assert!(!supports(Algorithm::Eller, Tiling::Polar));
}

#[test]
fn polar_mazes_split_their_rings_as_the_book_does() {
    let request = TiledRequest::new(
        Algorithm::HuntKill,
        Tiling::Polar,
        TiledSize::Rings(8),
        None,
        None,
    )
    .unwrap();
    let (_, doc) = made(&request, 3);
    let AnyMaze::Polar(m) = &doc.maze else {
        panic!("a polar maze")
    };
    assert_eq!(m.topology().rings(), &[1, 6, 12, 24, 24, 24, 48, 48]);
    assert_eq!((doc.start, doc.goal), (Pos::new(0, 0), Pos::new(7, 47)));
}

#[test]
fn kruskal_across_many_regions_is_still_one_tree() {
    // Big enough for Kruskal to work in many regions (128 x 128 cells, or sectors of 128
    // rings), with a mask cutting through them.
    for (tiling, size) in [
        (Tiling::Hex, size_for(Tiling::Hex, 300, 260)),
        (Tiling::Triangle, size_for(Tiling::Triangle, 270, 300)),
        (Tiling::Octagon, size_for(Tiling::Octagon, 260, 300)),
        (Tiling::Polar, TiledSize::Rings(300)),
    ] {
        let request = TiledRequest::new(Algorithm::Kruskal, tiling, size, None, None)
            .unwrap()
            .traced()
            .unwrap();
        let (_, doc) = made(&request, 11);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            assert_spanning_tree(m);
            assert_eq!(doc.trace.as_ref().unwrap().len(), m.cell_count());
        });
    }
    let ring = Mask::from_fn(300, 300, |r, c| {
        let (y, x) = (r as f64 - 150.0, c as f64 - 150.0);
        (60.0..140.0).contains(&(x * x + y * y).sqrt())
    });
    let request = TiledRequest::new(
        Algorithm::Kruskal,
        Tiling::Hex,
        size_for(Tiling::Hex, 300, 300),
        None,
        None,
    )
    .unwrap()
    .with_mask(Arc::new(ring))
    .unwrap();
    let (_, doc) = made(&request, 12);
    grid_core::on_tiled_maze!(&doc.maze, m => assert_spanning_tree(m));
}
