//! The line solver on its own, whole puzzles from the shared set, and random 30x30 puzzles.
//!
//!   cargo bench -p grid-nonogram

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use grid_core::{Grid, Rng};
use grid_nonogram::line::{Cell, LineSolver};
use grid_nonogram::{Options, Puzzle, solve};
use std::hint::black_box;

fn line_solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("line");
    let cases: [(&str, Vec<u32>, usize); 3] = [
        ("30 cells, 8 clues", vec![3, 1, 4, 1, 5, 2, 2, 1], 30),
        (
            "95 cells, 20 clues",
            vec![2, 3, 1, 4, 2, 1, 1, 3, 2, 5, 1, 2, 2, 1, 3, 1, 2, 4, 1, 2],
            95,
        ),
        ("1000 cells, 100 clues", vec![4; 100], 1000),
    ];
    for (name, clues, n) in cases {
        let mut solver = LineSolver::new();
        let blank = vec![Cell::Unknown; n];
        group.bench_function(BenchmarkId::new("blank", name), |b| {
            b.iter(|| {
                let mut cells = blank.clone();
                black_box(solver.solve(&clues, &mut cells));
            })
        });
    }
    group.finish();
}

fn random_puzzles(n: usize, count: u64) -> Vec<Puzzle> {
    (0..count)
        .map(|seed| {
            let mut rng = Rng::seeded(seed);
            let cells = (0..n * n).map(|_| rng.chance(0.5)).collect();
            Puzzle::from_picture(&Grid::from_vec(n, n, cells).unwrap())
        })
        .collect()
}

fn puzzles(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/nonogram");
    for name in [
        "webpbn-00016",
        "webpbn-00065",
        "webpbn-00436",
        "webpbn-00803",
        "webpbn-01611",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{name}.json")).unwrap();
        let doc: serde_json_free::Doc = serde_json_free::parse(&text);
        let puzzle = Puzzle::new(doc.rows, doc.cols).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| black_box(solve(&puzzle, None, &Options::default())))
        });
    }
    for (i, puzzle) in random_puzzles(30, 5).iter().enumerate() {
        group.bench_function(BenchmarkId::new("random 30x30", i), |b| {
            b.iter(|| black_box(solve(puzzle, None, &Options::default())))
        });
    }
    group.finish();
}

/// nonogen's random puzzles: the median over seeds is the figure docs/nonogen.md gives, so
/// each seed is its own benchmark (a puzzle's time varies with how many pictures and flips
/// it takes).
fn generate(c: &mut Criterion) {
    use grid_nonogram::Method;
    use grid_nonogram::generate::{RandomSpec, random};
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    let sizes = [
        (Method::Line, 10),
        (Method::Line, 30),
        (Method::Line, 50),
        (Method::Line, 100),
        (Method::Probing, 30),
        (Method::Search, 20),
    ];
    for (difficulty, n) in sizes {
        let spec = RandomSpec {
            width: n,
            height: n,
            density: 0.5,
            difficulty,
        };
        let name = format!("{} {n}x{n}", difficulty.name());
        group.bench_function(BenchmarkId::new(name, "seeds 0-9"), |b| {
            b.iter(|| {
                for seed in 0..10 {
                    black_box(
                        random(&spec, &mut grid_core::Rng::seeded(seed), &mut |_| {}).unwrap(),
                    );
                }
            })
        });
    }
    group.finish();
}

/// Random colour puzzles: 30x30 in 4 colours, half the cells coloured, as noise (each cell's
/// colour at random) and as patches (shapes three cells across). Each seed is its own
/// benchmark; the median over them is the figure docs/performance.md gives.
fn color_puzzles(c: &mut Criterion) {
    use grid_core::nonogram_doc::{Palette, Swatch};
    use grid_nonogram::color::{self, ColorPuzzle};
    use grid_nonogram::generate::color_picture;
    let mut group = c.benchmark_group("color");
    group.sample_size(20);
    let palette = Palette::new(
        b"rgbo"
            .iter()
            .zip([[214, 39, 40], [44, 160, 44], [31, 119, 180], [255, 127, 14]])
            .map(|(&name, rgb)| Swatch { name, rgb })
            .collect(),
    )
    .unwrap();
    for (kind, radius) in [("noise", 0), ("patches", 3)] {
        for seed in 0..5 {
            let picture = color_picture(30, 30, 4, 0.5, radius, &mut Rng::seeded(seed));
            let puzzle = ColorPuzzle::from_picture(palette.clone(), &picture);
            let name = format!("{kind} 30x30 4 colours");
            group.bench_function(BenchmarkId::new(name, seed), |b| {
                b.iter(|| black_box(color::solve(&puzzle, None, &Options::default())))
            });
        }
    }
    group.finish();
}

/// Reading the clues of a grid document without pulling serde_json into the library.
mod serde_json_free {
    pub struct Doc {
        pub rows: Vec<Vec<u32>>,
        pub cols: Vec<Vec<u32>>,
    }

    pub fn parse(text: &str) -> Doc {
        let doc = grid_core::Document::from_json(text).unwrap();
        let view = grid_core::nonogram_doc::NonogramDoc::from_document(&doc).unwrap();
        Doc {
            rows: view.clues.rows,
            cols: view.clues.cols,
        }
    }
}

criterion_group!(benches, line_solver, puzzles, generate, color_puzzles);
criterion_main!(benches);
