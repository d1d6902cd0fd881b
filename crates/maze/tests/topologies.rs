//! Invariants of every generator and solver on the topologies beyond the plane (levels,
//! wrapped edges, the cube), on random sizes and seeds: each maze is read back through the
//! document reader, and its passages are checked against a neighbour rule written here apart
//! from the crate's (`neighbours`), so that a stair or seam to the wrong cell is caught.

use grid_core::tiling::{Cell, TiledDoc, TiledMaze, Tiling, Topology, Wrap};
use grid_core::{Document, Pos};
use grid_maze::tiled::{TiledRequest, TiledSize, crossings, solve_tiled, solver_works, supports};
use grid_maze::{Algorithm, Endpoints, Mask, Solver};
use proptest::prelude::*;
use std::collections::{BTreeSet, VecDeque};
use std::sync::Arc;

/// A size on one of the three topologies, from small random figures.
fn size_of(kind: usize, w: usize, h: usize, l: usize, wrap: Wrap) -> (Tiling, TiledSize) {
    match kind {
        0 => (
            Tiling::Levels,
            TiledSize::Levels {
                width: w,
                height: h,
                levels: l,
            },
        ),
        1 => (
            Tiling::Wrapped,
            TiledSize::Wrapped {
                width: w + 2,
                height: h + 2,
                wrap,
            },
        ),
        2 => (Tiling::Cube, TiledSize::Cube(w.min(6))),
        // Hexagons: an even width wrapped across, an odd one with a half twist.
        _ => (
            Tiling::Hex,
            TiledSize::Wrapped {
                width: if wrap == Wrap::Mobius {
                    2 * w + 1
                } else {
                    2 * w + 2
                },
                height: h + 2,
                wrap,
            },
        ),
    }
}

/// The neighbours of the hexagon at `p` on `width` x `height` hexagons wrapped by `wrap`,
/// from the centres of the plane the seams unroll into: a column is 3 apart in x, a row 4
/// in y (a lower column 2 lower); neighbours are 4 apart straight up or down, or a column
/// and 2 apart. A Möbius copy of the strip is turned upside down.
fn hex_neighbours(width: usize, height: usize, wrap: Wrap, p: Pos) -> BTreeSet<Pos> {
    let (w, h) = (width as i64, height as i64);
    let y = |r: i64, c: i64| 4 * r + 2 * (c % 2);
    let (px, py) = (3 * p.col as i64, y(p.row as i64, p.col as i64));
    let mut out = BTreeSet::new();
    for q in 0..width * height {
        let (qr, qc) = ((q / width) as i64, (q % width) as i64);
        let mut copies = vec![(3 * qc, y(qr, qc))];
        let (across, down) = (wrap != Wrap::Y, matches!(wrap, Wrap::Y | Wrap::XY));
        if across {
            for k in [-1, 1] {
                let flipped = if wrap == Wrap::Mobius {
                    4 * (h - 1) + 2 - y(qr, qc)
                } else {
                    y(qr, qc)
                };
                copies.push((3 * (qc + k * w), flipped));
            }
        }
        if down {
            let more: Vec<_> = copies
                .iter()
                .flat_map(|&(x, yy)| [(x, yy - 4 * h), (x, yy + 4 * h)])
                .collect();
            copies.extend(more);
        }
        let touches = copies.iter().any(|&(x, yy)| {
            let (dx, dy) = ((x - px).abs(), (yy - py).abs());
            (dx == 0 && dy == 4) || (dx == 3 && dy == 2)
        });
        if touches {
            out.insert(Pos::new(qr as usize, qc as usize));
        }
    }
    out
}

/// The neighbours of the cell at `p` (a document position), by the rules of docs/mazes.md
/// written out by hand: each level's grid and the same cell one level up and down; each
/// wrap's seam; for the cube, the neighbours of the cell's centre in space.
fn neighbours(hex: bool, size: TiledSize, p: Pos) -> BTreeSet<Pos> {
    if let (
        true,
        TiledSize::Wrapped {
            width,
            height,
            wrap,
        },
    ) = (hex, size)
    {
        return hex_neighbours(width, height, wrap, p);
    }
    let mut out = BTreeSet::new();
    let (r, c) = (p.row as i64, p.col as i64);
    match size {
        TiledSize::Levels {
            width,
            height,
            levels,
        } => {
            let (w, h) = (width as i64, height as i64);
            let (level, row) = (r / h, r % h);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (row + dr, c + dc);
                if (0..h).contains(&nr) && (0..w).contains(&nc) {
                    out.insert(Pos::new((level * h + nr) as usize, nc as usize));
                }
            }
            for dl in [-1, 1] {
                if (0..levels as i64).contains(&(level + dl)) {
                    out.insert(Pos::new(((level + dl) * h + row) as usize, c as usize));
                }
            }
        }
        TiledSize::Wrapped {
            width,
            height,
            wrap,
        } => {
            let (w, h) = (width as i64, height as i64);
            for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (mut nr, mut nc) = (r + dr, c + dc);
                if !(0..w).contains(&nc) {
                    match wrap {
                        Wrap::X | Wrap::XY => nc = nc.rem_euclid(w),
                        Wrap::Mobius => (nc, nr) = (nc.rem_euclid(w), h - 1 - nr),
                        Wrap::Y => continue,
                    }
                }
                if !(0..h).contains(&nr) {
                    match wrap {
                        Wrap::Y | Wrap::XY => nr = nr.rem_euclid(h),
                        _ => continue,
                    }
                }
                out.insert(Pos::new(nr as usize, nc as usize));
            }
        }
        TiledSize::Cube(n) => {
            // Centres in space, doubled: a face's cells are the points with one coordinate
            // 0 or 2n (the face's plane) and odd others; the four cells around a centre are
            // the points at distance 2 on the face and at distance sqrt(2) over an edge.
            let centre = cube_centre(n, p);
            for q in 0..6 * n * n {
                let q = Pos::new(q / n, q % n);
                let other = cube_centre(n, q);
                let d: i64 = (0..3).map(|i| (centre[i] - other[i]).pow(2)).sum();
                let same_face = q.row / n == p.row / n;
                if (d == 4 && same_face) || (d == 2 && !same_face) {
                    out.insert(q);
                }
            }
        }
        TiledSize::Rect { .. } | TiledSize::Rings(_) => unreachable!(),
    }
    out
}

/// A cube cell's centre on the cube's surface, doubled, from the face table
/// of docs/mazes.md: face, its plane, and the directions of its columns and rows.
fn cube_centre(n: usize, p: Pos) -> [i64; 3] {
    let (f, r, c) = (p.row / n, (p.row % n) as i64, p.col as i64);
    let n = n as i64;
    let (a, b) = (2 * c + 1, 2 * r + 1);
    let far = 2 * n;
    // (x, y, z) with x right, y down, z away from the viewer.
    match f {
        0 => [a, b, 0],         // front: columns +x, rows +y
        1 => [a, 0, far - b],   // top: columns +x, rows -z
        2 => [far, b, a],       // right: columns +z, rows +y
        3 => [0, b, far - a],   // left: columns -z, rows +y
        4 => [a, far, b],       // bottom: columns +x, rows +z
        _ => [far - a, b, far], // back: columns -x, rows +y
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

/// Every open passage joins neighbours by the rule above, and they make a spanning tree of
/// the maze's cells (when `perfect`); every neighbour pair of the rule is a side of the
/// topology.
fn check_graph<T: Topology>(m: &TiledMaze<T>, size: TiledSize, perfect: bool) {
    let t = m.topology();
    // A hexagon has six sides, a square cell four.
    let hex = {
        let mut sides = Vec::new();
        t.sides(0, &mut sides);
        T::TILING == Tiling::Wrapped && sides.len() == 6
    };
    let mut sides = Vec::new();
    let mut links: Vec<Vec<Cell>> = vec![Vec::new(); t.len()];
    for cell in m.cells() {
        let p = t.position(cell);
        let rule = neighbours(hex, size, p);
        t.sides(cell, &mut sides);
        let found: BTreeSet<Pos> = sides
            .iter()
            .filter(|s| !s.is_edge())
            .map(|s| t.position(s.to))
            .collect();
        assert_eq!(found, rule, "{:?} neighbours of {p}", T::TILING);
        m.sides(cell, &mut sides);
        for s in sides.iter().filter(|s| !s.is_edge() && m.is_open(**s)) {
            links[cell as usize].push(s.to);
        }
    }
    let first = m.cells().next().unwrap();
    let mut seen = vec![false; t.len()];
    let mut queue = VecDeque::from([first]);
    seen[first as usize] = true;
    while let Some(c) = queue.pop_front() {
        for &n in &links[c as usize] {
            if !std::mem::replace(&mut seen[n as usize], true) {
                queue.push_back(n);
            }
        }
    }
    assert!(
        m.cells().all(|c| seen[c as usize]),
        "{:?} not connected",
        T::TILING
    );
    if perfect {
        assert_eq!(m.passage_count() + 1, m.cell_count(), "{:?}", T::TILING);
    }
}

fn any_pair() -> impl Strategy<Value = (usize, Algorithm)> {
    let pairs: Vec<(usize, Algorithm)> = (0..4)
        .flat_map(|k| Algorithm::ALL.into_iter().map(move |a| (k, a)))
        .collect();
    proptest::sample::select(pairs)
}

fn any_wrap() -> impl Strategy<Value = Wrap> {
    proptest::sample::select(Wrap::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_generator_makes_a_spanning_tree_of_the_topology_the_same_for_a_seed(
        (kind, algorithm) in any_pair(), w in 1usize..7, h in 1usize..7, l in 1usize..4,
        wrap in any_wrap(), seed in any::<u64>(),
    ) {
        let (tiling, size) = size_of(kind, w, h, l, wrap);
        let request = TiledRequest::new(algorithm, tiling, size, None, None);
        if !supports(algorithm, tiling) {
            prop_assert!(request.unwrap_err().to_string().contains("does not work on"));
            return Ok(());
        }
        let request = request.unwrap().traced().unwrap().with_endpoints(Endpoints::Farthest);
        let (bytes, doc) = made(&request, seed);
        prop_assert_eq!(&bytes, &made(&request, seed).0);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            check_graph(m, size, true);
            prop_assert_eq!(doc.trace.as_ref().unwrap().len(), m.cell_count());
            // Farthest: no cell is further from the start than the goal.
            let found = solve_tiled(Solver::Bfs, &doc.maze, doc.start, doc.goal, false);
            let longest = found.path.unwrap().len() - 1;
            for cell in m.cells() {
                let p = m.topology().position(cell);
                let to = solve_tiled(Solver::Bfs, &doc.maze, doc.start, p, false);
                prop_assert!(to.path.unwrap().len() - 1 <= longest);
            }
        });
    }

    #[test]
    fn solvers_walk_open_passages_and_the_shortest_match_bfs(
        kind in 0usize..4, w in 1usize..8, h in 1usize..8, l in 1usize..4, wrap in any_wrap(),
        seed in any::<u64>(), braid in proptest::sample::select(vec![0.0, 0.5, 1.0]),
    ) {
        let (tiling, size) = size_of(kind, w, h, l, wrap);
        let mut request = TiledRequest::new(Algorithm::Wilson, tiling, size, None, None)
            .unwrap()
            .with_endpoints(Endpoints::Random);
        request.braid = braid;
        let (_, doc) = made(&request, seed);
        let bfs = solve_tiled(Solver::Bfs, &doc.maze, doc.start, doc.goal, false);
        let shortest = bfs.path.as_ref().unwrap().len();
        // A hex maze with joined edges reads back as a wrapped one.
        let tiling = doc.maze.tiling();
        grid_core::on_tiled_maze!(&doc.maze, m => {
            check_graph(m, size, braid == 0.0);
            for solver in Solver::ALL.into_iter().filter(|&s| solver_works(s, tiling)) {
                let found = solve_tiled(solver, &doc.maze, doc.start, doc.goal, true);
                let path = found.path.unwrap();
                prop_assert_eq!(path.first(), Some(&doc.start));
                prop_assert_eq!(path.last(), Some(&doc.goal));
                let mut sides = Vec::new();
                for step in path.windows(2) {
                    let (a, b) = (m.cell_at(step[0]).unwrap(), m.cell_at(step[1]).unwrap());
                    m.sides(a, &mut sides);
                    prop_assert!(sides.iter().any(|s| s.to == b && m.is_open(*s)));
                }
                if solver.is_shortest() {
                    prop_assert_eq!(path.len(), shortest, "{}", solver);
                }
                prop_assert_eq!(found.order.unwrap().len(), found.explored);
            }
            prop_assert!(!solver_works(Solver::RightHand, tiling));
        });
    }

    #[test]
    fn one_mask_shapes_every_level_and_a_wrapped_maze(
        kind in 0usize..2, algorithm in proptest::sample::select(vec![
            Algorithm::HuntKill, Algorithm::Backtracker, Algorithm::Kruskal, Algorithm::Prim,
            Algorithm::Wilson, Algorithm::AldousBroder, Algorithm::GrowingTree,
        ]),
        wrap in any_wrap(), seed in any::<u64>(),
        holes in proptest::collection::vec((0usize..8, 0usize..8), 0..20),
    ) {
        let (tiling, size) = size_of(kind, 8, 6, 3, wrap);
        let (w, h) = match size {
            TiledSize::Levels { width, height, .. } | TiledSize::Wrapped { width, height, .. } => (width, height),
            _ => unreachable!(),
        };
        let mask = Mask::from_fn(w, h, |r, c| !holes.contains(&(r, c)));
        let request = TiledRequest::new(algorithm, tiling, size, None, None).unwrap();
        let mask = request.largest_piece(&mask);
        let request = request.with_mask(Arc::new(mask.clone())).unwrap();
        let (_, doc) = made(&request, seed);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            check_graph(m, size, true);
            for cell in 0..m.topology().len() as Cell {
                prop_assert_eq!(m.contains(cell), mask.contains(cell as usize % (w * h)));
            }
        });
    }
}

#[test]
fn stairs_and_seams_on_a_solution_are_counted() {
    // Levels 1 x 1 x 3: the only way from level 0 to level 2 is two flights of stairs.
    let size = TiledSize::Levels {
        width: 1,
        height: 1,
        levels: 3,
    };
    let request = TiledRequest::new(Algorithm::Prim, Tiling::Levels, size, None, None).unwrap();
    let doc = made(&request, 1).1;
    let found = solve_tiled(Solver::AStar, &doc.maze, doc.start, doc.goal, false);
    let figures = crossings(&doc.maze, doc.start, doc.goal, &found.path.unwrap());
    assert_eq!(
        (figures.graph.cells, figures.stairs, figures.seams),
        (3, 2, 0)
    );
    // A column of three cells: two dead ends, the shortest and the longest path 2 steps.
    assert_eq!(figures.graph.dead_ends, 2);
    assert_eq!(figures.graph.solution_length_cells, Some(2));
    assert_eq!(figures.graph.longest_path_cells, 2);
    // A torus of 3 x 3 from the corner to the opposite corner: two steps, both over seams.
    let size = TiledSize::Wrapped {
        width: 3,
        height: 3,
        wrap: Wrap::XY,
    };
    let request = TiledRequest::new(Algorithm::Wilson, Tiling::Wrapped, size, None, None).unwrap();
    for seed in 0..50 {
        let doc = made(&request, seed).1;
        let path = solve_tiled(Solver::Bfs, &doc.maze, doc.start, doc.goal, false)
            .path
            .unwrap();
        let figures = crossings(&doc.maze, doc.start, doc.goal, &path);
        let seams = path
            .windows(2)
            .filter(|s| s[0].row.abs_diff(s[1].row) == 2 || s[0].col.abs_diff(s[1].col) == 2)
            .count();
        assert_eq!(figures.seams, seams);
    }
}

#[test]
fn masks_levels_and_cube_sizes_are_refused_in_one_line() {
    let cube = TiledRequest::new(
        Algorithm::Kruskal,
        Tiling::Cube,
        TiledSize::Cube(4),
        None,
        None,
    )
    .unwrap();
    let e = cube
        .with_mask(Arc::new(Mask::from_fn(4, 4, |_, _| true)))
        .unwrap_err();
    assert!(
        e.to_string().contains("a cube maze cannot take a mask"),
        "{e}"
    );
    let e = TiledRequest::new(
        Algorithm::Kruskal,
        Tiling::Cube,
        TiledSize::Cube(0),
        None,
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("at least 1 cell"), "{e}");
    let e = TiledRequest::new(
        Algorithm::Kruskal,
        Tiling::Cube,
        TiledSize::Cube(1 << 20),
        None,
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
    let e = TiledRequest::new(
        Algorithm::Kruskal,
        Tiling::Levels,
        TiledSize::Levels {
            width: 3,
            height: 3,
            levels: 0,
        },
        None,
        None,
    )
    .unwrap_err();
    assert!(e.to_string().contains("0 levels"), "{e}");
}

#[test]
fn kruskal_spans_levels_cut_into_many_regions() {
    // More levels, rows and columns than one region holds (32 a side), and sizes that do
    // not divide by it.
    for (width, height, levels) in [(40, 3, 70), (70, 33, 2), (5, 5, 65)] {
        let size = TiledSize::Levels {
            width,
            height,
            levels,
        };
        let request =
            TiledRequest::new(Algorithm::Kruskal, Tiling::Levels, size, None, None).unwrap();
        let (bytes, doc) = made(&request, 9);
        assert_eq!(bytes, made(&request, 9).0);
        grid_core::on_tiled_maze!(&doc.maze, m => check_graph(m, size, true));
    }
}

#[test]
fn row_generators_on_levels_refuse_masks_and_eller_says_why() {
    let size = TiledSize::Levels {
        width: 4,
        height: 3,
        levels: 2,
    };
    for algorithm in [
        Algorithm::BinaryTree,
        Algorithm::Sidewinder,
        Algorithm::RecursiveDivision,
    ] {
        let request = TiledRequest::new(algorithm, Tiling::Levels, size, None, None).unwrap();
        let e = request
            .with_mask(Arc::new(Mask::from_fn(4, 3, |r, _| r > 0)))
            .unwrap_err()
            .to_string();
        assert!(e.contains("whole box only, not on a mask"), "{e}");
        assert!(!e.contains('\n') && !e.contains("binary-tree,"), "{e}");
    }
    let e = TiledRequest::new(Algorithm::Eller, Tiling::Levels, size, None, None)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("does not work on the levels tiling (it carries"),
        "{e}"
    );
    assert!(!e.contains('\n'), "{e}");
}

#[test]
fn row_generators_span_levels_larger_than_the_property_sizes() {
    // Long runs and many planes: the sizes the property test does not reach.
    for (width, height, levels) in [(17, 9, 5), (1, 1, 40), (30, 1, 1), (2, 25, 3)] {
        let size = TiledSize::Levels {
            width,
            height,
            levels,
        };
        for algorithm in [
            Algorithm::BinaryTree,
            Algorithm::Sidewinder,
            Algorithm::RecursiveDivision,
        ] {
            let request = TiledRequest::new(algorithm, Tiling::Levels, size, None, None).unwrap();
            for seed in 0..3 {
                let (bytes, doc) = made(&request, seed);
                assert_eq!(bytes, made(&request, seed).0);
                grid_core::on_tiled_maze!(&doc.maze, m => check_graph(m, size, true));
            }
        }
    }
}
