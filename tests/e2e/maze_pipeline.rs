//! The maze pipeline working as users expect.

use crate::harness::{pipeline, run, run_env};
use serde_json::Value;

const ALGOS: [&str; 11] = [
    "hunt-kill",
    "binary-tree",
    "sidewinder",
    "backtracker",
    "kruskal",
    "prim",
    "wilson",
    "aldous-broder",
    "eller",
    "growing-tree",
    "recursive-division",
];
const SOLVERS: [&str; 6] = [
    "bfs",
    "astar",
    "right-hand",
    "left-hand",
    "dead-end-filling",
    "tremaux",
];

fn grid(doc: &Value) -> Vec<String> {
    doc["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

fn at(grid: &[String], p: &Value) -> u8 {
    let (r, c) = (
        p[0].as_u64().unwrap() as usize,
        p[1].as_u64().unwrap() as usize,
    );
    grid[r].as_bytes()[c]
}

#[test]
fn the_main_pipeline_draws_a_solved_maze() {
    let runs = pipeline(&[
        ("mazegen", &["--algo", "hunt-kill", "--seed", "3", "25"]),
        ("mazesolve", &[]),
        ("gridrender", &[]),
    ]);
    for r in &runs {
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert!(r.stderr.is_empty(), "{}", r.stderr);
    }
    let picture = &runs[2].stdout;
    assert_eq!(picture.lines().count(), 51);
    assert!(picture.contains('S') && picture.contains('G') && picture.contains('·'));
    assert!(picture.contains('┌') && picture.contains('┘'));
    // Not a terminal: no colour codes.
    assert!(!picture.contains('\u{1b}'));
}

#[test]
fn a_generated_document_follows_the_format() {
    let doc = run("mazegen", &["--seed", "9", "7", "4"], "").doc();
    assert_eq!(doc["kind"], "maze");
    assert_eq!(doc["version"], 1);
    assert_eq!(
        (doc["width"].as_u64(), doc["height"].as_u64()),
        (Some(15), Some(9))
    );
    assert_eq!(doc["start"], serde_json::json!([1, 1]));
    assert_eq!(doc["goal"], serde_json::json!([7, 13]));
    assert_eq!(doc["meta"]["cells"], serde_json::json!([7, 4]));
    assert_eq!(doc["meta"]["algorithm"], "hunt-kill");
    assert_eq!(doc["meta"]["seed"], 9);
    let g = grid(&doc);
    assert_eq!(g.len(), 9);
    assert!(
        g.iter()
            .all(|r| r.len() == 15 && r.bytes().all(|b| b == b'#' || b == b' '))
    );
    // A spanning tree of 28 cells: 28 cell tiles and 27 passages open.
    let open: usize = g
        .iter()
        .map(|r| r.bytes().filter(|&b| b == b' ').count())
        .sum();
    assert_eq!(open, 28 + 27);
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_meta_seed_reproduces() {
    for algo in ALGOS {
        let a = run("mazegen", &["--algo", algo, "--seed", "42", "30", "20"], "");
        let b = run("mazegen", &["--algo", algo, "--seed", "42", "30", "20"], "");
        assert_eq!(a.stdout, b.stdout, "{algo}");
        let c = run("mazegen", &["--algo", algo, "--seed", "43", "30", "20"], "");
        assert_ne!(a.stdout, c.stdout, "{algo}");
    }
    let drawn = run("mazegen", &["12"], "").doc();
    let seed = drawn["meta"]["seed"]
        .as_u64()
        .expect("a drawn seed is recorded");
    let again = run("mazegen", &["--seed", &seed.to_string(), "12"], "").doc();
    assert_eq!(drawn, again);
}

#[test]
fn count_writes_one_document_per_line_with_consecutive_seeds() {
    let r = run("mazegen", &["--count", "3", "--seed", "100", "5"], "");
    let docs = r.docs();
    assert_eq!(docs.len(), 3);
    for (i, doc) in docs.iter().enumerate() {
        let alone = run("mazegen", &["--seed", &(100 + i).to_string(), "5"], "").doc();
        assert_eq!(doc, &alone);
    }
}

#[test]
fn every_algorithm_is_solved_by_every_solver() {
    for algo in ALGOS {
        let maze = run("mazegen", &["--algo", algo, "--seed", "5", "15", "10"], "");
        assert_eq!(maze.status, 0, "{algo}: {}", maze.stderr);
        let mut lengths = Vec::new();
        for solver in SOLVERS {
            let r = run("mazesolve", &["--algo", solver], &maze.stdout);
            assert_eq!(r.status, 0, "{algo}/{solver}: {}", r.stderr);
            let doc = r.doc();
            let sol = &doc["solution"];
            assert_eq!(sol["algorithm"], solver);
            let path = sol["path"].as_array().unwrap();
            assert_eq!(sol["length"].as_u64(), Some(path.len() as u64 - 1));
            assert_eq!(path.first(), Some(&doc["start"]));
            assert_eq!(path.last(), Some(&doc["goal"]));
            let g = grid(&doc);
            assert!(path.iter().all(|p| at(&g, p) == b' '), "{algo}/{solver}");
            lengths.push(path.len());
        }
        // A perfect maze has one simple path, so every shortest solver agrees, and so does
        // Trémaux, whose route never doubles back.
        assert!(
            lengths.iter().all(|&l| l >= lengths[0]),
            "{algo}: {lengths:?}"
        );
        assert_eq!(lengths[0], lengths[1]);
        assert_eq!(lengths[0], lengths[4]);
        assert_eq!(lengths[0], lengths[5]);
    }
}

const ROOMS: &str = r##############"{"kind":"maze","version":1,"width":12,"height":7,"grid":["############","#    #     #","#    #  #  #","#       #  #","######  #  #","#          #","############"],"note":"kept"}"##############;

#[test]
fn hand_drawn_maps_with_rooms_are_solved_and_drawn_as_blocks() {
    let r = run("mazesolve", &["--algo", "astar"], ROOMS);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    // No start or goal given: the first and last open tiles, written back.
    assert_eq!(doc["start"], serde_json::json!([1, 1]));
    assert_eq!(doc["goal"], serde_json::json!([5, 10]));
    assert_eq!(doc["solution"]["length"], 13);
    assert_eq!(doc["note"], "kept", "unknown fields pass through");
    let picture = run("gridrender", &[], &r.stdout);
    assert_eq!(picture.status, 0);
    assert!(picture.stdout.starts_with("████"));
    assert_eq!(picture.stdout.lines().count(), 7);
}

#[test]
fn no_path_is_exit_1_with_a_null_path() {
    let walled = r#######"{"kind":"maze","version":1,"width":5,"height":3,"grid":["#####","# # #","#####"]}"#######;
    for solver in SOLVERS {
        let r = run("mazesolve", &["--algo", solver], walled);
        assert_eq!(r.status, 1, "{solver}");
        let doc = r.doc();
        assert_eq!(doc["solution"]["path"], Value::Null);
        assert_eq!(doc["solution"]["length"], Value::Null);
    }
}

#[test]
fn the_wall_follower_gives_up_on_an_island_instead_of_looping() {
    let hall = r#########"{"kind":"maze","version":1,"width":7,"height":5,"grid":["#######","#     #","#     #","#     #","#######"],"start":[1,1],"goal":[2,3]}"#########;
    let r = run("mazesolve", &["--algo", "right-hand"], hall);
    assert_eq!(r.status, 1);
    assert_eq!(r.doc()["solution"]["path"], Value::Null);
    assert_eq!(run("mazesolve", &[], hall).status, 0);
}

#[test]
fn a_stream_is_answered_document_by_document() {
    let mazes = run("mazegen", &["--count", "5", "--seed", "1", "8"], "");
    let solved = run("mazesolve", &[], &mazes.stdout);
    assert_eq!(solved.docs().len(), 5);
    let first_seeds: Vec<_> = solved
        .docs()
        .iter()
        .map(|d| d["meta"]["seed"].clone())
        .collect();
    assert_eq!(first_seeds, [1, 2, 3, 4, 5].map(Value::from));
    let pictures = run("gridrender", &[], &solved.stdout);
    assert_eq!(pictures.stdout.matches('G').count(), 5);
}

#[test]
fn traces_record_carving_and_exploring() {
    let maze = run("mazegen", &["--trace", "--seed", "2", "6"], "");
    let doc = maze.doc();
    let trace = doc["trace"].as_array().unwrap();
    assert_eq!(trace.len(), 36 + 35, "every open tile, once");
    let division = run(
        "mazegen",
        &["--trace", "--algo", "recursive-division", "6"],
        "",
    )
    .doc();
    assert_eq!(division["trace_mode"], "wall");
    let solved = run("mazesolve", &["--trace"], &maze.stdout).doc();
    let order = solved["solution"]["explored_order"].as_array().unwrap();
    assert_eq!(
        order.len() as u64,
        solved["solution"]["explored"].as_u64().unwrap()
    );
}

#[test]
fn pretty_documents_pass_through_the_pipeline() {
    let pretty = run("mazegen", &["--pretty", "--seed", "4", "5"], "");
    assert!(pretty.stdout.lines().count() > 10);
    let solved = run("mazesolve", &[], &pretty.stdout);
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    let compact = run("mazegen", &["--seed", "4", "5"], "");
    let plain = run("mazesolve", &[], &compact.stdout);
    assert_eq!(solved.stdout, plain.stdout);
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let solved = pipeline(&[("mazegen", &["--seed", "1", "5"]), ("mazesolve", &[])]);
    let doc = &solved[1].stdout;
    let always = run("gridrender", &["--color", "always"], doc);
    assert!(always.stdout.contains("\u{1b}["));
    let never = run_env("gridrender", &["--color", "never"], doc, &[]);
    assert!(!never.stdout.contains('\u{1b}'));
    // auto on a pipe: no colour, whatever NO_COLOR says.
    let auto = run_env("gridrender", &[], doc, &[("NO_COLOR", "1")]);
    assert!(!auto.stdout.contains('\u{1b}'));
}

#[test]
fn braiding_adds_loops() {
    let perfect = run("mazegen", &["--seed", "3", "20"], "").doc();
    let braided = run("mazegen", &["--seed", "3", "--braid", "1", "20"], "").doc();
    let open = |d: &Value| -> usize {
        grid(d)
            .iter()
            .map(|r| r.bytes().filter(|&b| b == b' ').count())
            .sum()
    };
    assert!(open(&braided) > open(&perfect));
    assert_eq!(braided["meta"]["braid"], 1.0);
}

#[test]
fn start_and_goal_can_be_chosen_in_cells() {
    let doc = run("mazegen", &["--start", "2,0", "--goal", "0,3", "4"], "").doc();
    assert_eq!(doc["start"], serde_json::json!([5, 1]));
    assert_eq!(doc["goal"], serde_json::json!([1, 7]));
}

#[test]
fn other_kinds_are_drawn_as_plain_grids() {
    let mines =
        r##"{"kind":"mines","version":1,"width":3,"height":2,"mines":1,"grid":["01#","01F"]}"##;
    let r = run("gridrender", &[], mines);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("■") && r.stdout.contains('F'));
    let nono = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/nonogram/webpbn-00001.json"
    ))
    .unwrap();
    let r = run("gridrender", &[], &nono);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 3 + 10);
}

#[test]
fn the_farthest_endpoints_make_the_longest_solution() {
    for seed in ["1", "2", "3"] {
        let corners = pipeline(&[
            ("mazegen", &["--seed", seed, "12", "8"]),
            ("mazesolve", &[]),
        ]);
        let farthest = pipeline(&[
            (
                "mazegen",
                &["--endpoints", "farthest", "--seed", seed, "12", "8"],
            ),
            ("mazesolve", &[]),
        ]);
        let length = |r: &crate::harness::Run| r.doc()["solution"]["length"].as_u64().unwrap();
        assert!(length(&farthest[1]) >= length(&corners[1]));
        assert_eq!(farthest[0].doc()["meta"]["endpoints"], "farthest");
        // The same maze: only start and goal moved.
        assert_eq!(farthest[0].doc()["grid"], corners[0].doc()["grid"]);
    }
}

#[test]
fn pick_hardest_keeps_the_longest_and_each_can_be_made_again() {
    let all = pipeline(&[
        ("mazegen", &["--count", "15", "--seed", "5", "9"]),
        ("mazesolve", &[]),
    ]);
    let mut lengths: Vec<u64> = all[1]
        .docs()
        .iter()
        .map(|d| d["solution"]["length"].as_u64().unwrap())
        .collect();
    lengths.sort_unstable();
    let picked = pipeline(&[
        (
            "mazegen",
            &["--count", "15", "--pick-hardest", "4", "--seed", "5", "9"],
        ),
        ("mazesolve", &[]),
    ]);
    let docs = picked[1].docs();
    assert_eq!(docs.len(), 4);
    let mut got: Vec<u64> = docs
        .iter()
        .map(|d| d["solution"]["length"].as_u64().unwrap())
        .collect();
    got.sort_unstable();
    assert_eq!(got, lengths[lengths.len() - 4..]);
    for (doc, line) in picked[0].docs().iter().zip(picked[0].stdout.lines()) {
        let seed = doc["meta"]["seed"].to_string();
        let again = run("mazegen", &["--seed", &seed, "9"], "");
        assert_eq!(again.stdout.trim_end(), line);
    }
}

#[test]
fn stats_describe_the_maze_and_agree_with_the_solution() {
    let runs = pipeline(&[
        (
            "mazegen",
            &["--seed", "4", "--algo", "backtracker", "15", "10"],
        ),
        ("mazesolve", &["--stats"]),
    ]);
    let doc = runs[1].doc();
    let stats = &doc["stats"];
    assert_eq!(stats["cells"], 150);
    // Steps between cells: half the tile steps of the solution.
    assert_eq!(
        stats["solution_length_cells"].as_u64().unwrap() * 2,
        doc["solution"]["length"].as_u64().unwrap()
    );
    assert!(stats["longest_path_cells"].as_u64() >= stats["solution_length_cells"].as_u64());
    let share = stats["dead_end_share"].as_f64().unwrap();
    assert_eq!(share, stats["dead_ends"].as_f64().unwrap() / 150.0);
    assert!(stats["river"].as_f64().unwrap() >= 1.0);
    assert!(stats["turns"].as_u64().unwrap() <= stats["solution_length_cells"].as_u64().unwrap());
}

#[test]
fn a_caption_shows_the_figures_under_the_drawing() {
    let solved = pipeline(&[("mazegen", &["--seed", "2", "10"]), ("mazesolve", &[])]);
    let text = run(
        "gridrender",
        &["--caption", "--color", "never"],
        &solved[1].stdout,
    );
    assert_eq!(text.status, 0, "{}", text.stderr);
    assert!(text.stdout.contains("100 cells,"), "{}", text.stdout);
    assert!(text.stdout.contains("longest path"), "{}", text.stdout);
    let dir = crate::harness::scratch("caption");
    let (plain, captioned) = (dir.join("plain.svg"), dir.join("captioned.svg"));
    run(
        "gridrender",
        &["-o", plain.to_str().unwrap()],
        &solved[1].stdout,
    );
    run(
        "gridrender",
        &["--caption", "-o", captioned.to_str().unwrap()],
        &solved[1].stdout,
    );
    let height = |p: &std::path::Path| -> u64 {
        let svg = std::fs::read_to_string(p).unwrap();
        let at = svg.find("height=\"").unwrap() + 8;
        svg[at..].split('"').next().unwrap().parse().unwrap()
    };
    assert!(height(&captioned) > height(&plain));
    assert!(
        std::fs::read_to_string(&captioned)
            .unwrap()
            .contains("river")
    );
}

/// A wall follower that goes round in circles says it gave up, in the solution and on
/// stderr, where bfs finds the path: its `null` is no proof.
#[test]
fn a_wall_follower_that_gives_up_says_so() {
    // The goal stands in the open middle of a hall, off every wall the start touches.
    let hall = r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","#     #","#     #","#     #","#     #","#     #","#######"],"start":[1,1],"goal":[3,3]}"########;
    let bfs = crate::harness::run("mazesolve", &[], hall);
    assert_eq!(bfs.status, 0, "{}", bfs.stderr);
    assert!(bfs.doc()["solution"]["path"].is_array());
    for hand in ["right-hand", "left-hand"] {
        let r = crate::harness::run("mazesolve", &["--algo", hand], hall);
        assert_eq!(r.status, 1, "{}", r.stderr);
        let solution = &r.doc()["solution"];
        assert!(solution["path"].is_null());
        assert!(
            solution["gave_up"]
                .as_str()
                .unwrap()
                .contains("round in circles")
        );
        assert!(
            r.stderr.contains(&format!("{hand} gave up")),
            "{}",
            r.stderr
        );
    }
}
