//! The topologies beyond the plane against the flat square grid of the same cell count, on
//! the generic path both take: each generic generator on 200 x 200 x 200 levels (8 M cells)
//! and on a 2000 x 2000 torus, and BFS over the maze made. Each pair is timed in rounds that
//! alternate topology and flat grid, and the fastest round of each is kept, so that a load
//! that comes and goes on a shared machine weighs on both alike (a criterion run of 8 M
//! cells would take many minutes).
//!
//!   cargo bench -p grid-maze --bench topologies
//!   GRIDKIT_BENCH_SIDE=100 cargo bench -p grid-maze --bench topologies   (100^3 and 1000^2)
//!   GRIDKIT_BENCH_ALGOS=backtracker,prim cargo bench -p grid-maze --bench topologies
//!   GRIDKIT_BENCH_ROUNDS=5 cargo bench -p grid-maze --bench topologies   (3 unless given)
//!
//! Prints, for each, millions of cells a second on the topology and on the flat grid, and
//! their ratio (docs/mazes.md, "Performance").

use grid_core::Rng;
use grid_core::tiling::{Levels, TiledMaze, Topology};
use grid_core::tiling::{Wrap, Wrapped};
use grid_maze::Algorithm;
use grid_maze::Solver;
use grid_maze::tiled::{carve_on, farthest_from, solve_on};
use std::time::Instant;

#[path = "support/square.rs"]
mod square;
use square::Square;

/// The generators every topology takes.
const GENERIC: [Algorithm; 7] = [
    Algorithm::HuntKill,
    Algorithm::Backtracker,
    Algorithm::Kruskal,
    Algorithm::Prim,
    Algorithm::Wilson,
    Algorithm::AldousBroder,
    Algorithm::GrowingTree,
];

/// Seconds to carve a maze on `topology`, and the maze.
fn carve<T: Topology>(topology: T, algo: Algorithm) -> (f64, TiledMaze<T>) {
    let mut maze = TiledMaze::new(topology);
    let clock = Instant::now();
    carve_on(&mut maze, algo, &mut Rng::seeded(1));
    (clock.elapsed().as_secs_f64(), maze)
}

/// Seconds for BFS from the first cell to the one it reaches last: a search over the whole
/// maze (the goal is the cell farthest from the start).
fn bfs<T: Topology>(maze: &TiledMaze<T>) -> f64 {
    let t = maze.topology();
    let (far, _) = farthest_from(maze, 0);
    let (a, b) = (t.position(0), t.position(far));
    let clock = Instant::now();
    let found = solve_on(Solver::Bfs, maze, a, b, false);
    assert!(found.path.is_some());
    clock.elapsed().as_secs_f64()
}

fn compare<T: Topology>(name: &str, topology: T, flat: Square) {
    let cells = topology.len() as f64 / 1e6;
    let flat_cells = flat.len() as f64 / 1e6;
    println!(
        "{name}: {cells:.2} M cells; flat square grid {} x {}: {flat_cells:.2} M cells",
        flat.width, flat.height
    );
    println!("| | {name} M cells/s | flat M cells/s | ratio |");
    println!("| --- | --- | --- | --- |");
    let only = std::env::var("GRIDKIT_BENCH_ALGOS").ok();
    let chosen = |algo: Algorithm| {
        only.as_deref()
            .is_none_or(|list| list.split(',').any(|name| name == algo.name()))
    };
    let rounds: usize = std::env::var("GRIDKIT_BENCH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
        .max(1);
    for algo in GENERIC.into_iter().filter(|&a| chosen(a)) {
        let (mut t1, mut t2) = (f64::INFINITY, f64::INFINITY);
        let (mut s1, mut s2) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            let (t, maze) = carve(topology.clone(), algo);
            t1 = t1.min(t);
            if algo == Algorithm::Kruskal {
                s1 = s1.min(bfs(&maze));
            }
            drop(maze);
            let (t, flat_maze) = carve(flat, algo);
            t2 = t2.min(t);
            if algo == Algorithm::Kruskal {
                s2 = s2.min(bfs(&flat_maze));
            }
        }
        let (a, b) = (cells / t1, flat_cells / t2);
        println!("| {} | {a:.2} | {b:.2} | {:.2} |", algo.name(), a / b);
        if algo == Algorithm::Kruskal {
            let (a, b) = (cells / s1, flat_cells / s2);
            println!("| bfs (kruskal's maze) | {a:.2} | {b:.2} | {:.2} |", a / b);
        }
    }
    println!();
}

fn main() {
    // cargo bench passes --bench; any other argument is a filter this runner ignores.
    let side: usize = std::env::var("GRIDKIT_BENCH_SIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let cube = side * side * side;
    let flat = (cube as f64).sqrt().round() as usize;
    compare(
        &format!("levels {side}x{side}x{side}"),
        Levels::new(side, side, side),
        Square::new(flat, cube / flat),
    );
    let torus = side * 10;
    compare(
        &format!("torus {torus}x{torus}"),
        Wrapped::new(torus, torus, Wrap::XY),
        Square::new(torus, torus),
    );
}
