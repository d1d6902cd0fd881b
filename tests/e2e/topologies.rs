//! Mazes beyond the plane (levels, wrapped edges, the cube) through the real pipeline:
//! generated, solved with every solver that works on them, drawn by gridrender as text, SVG
//! and PNG (and refused by the outputs that do not draw them yet); and bad requests and documents refused in one line, exit 2, nothing written.

use crate::harness::run;
use serde_json::Value;

/// The requests of each topology, with the fields each document carries.
const MAKES: [(&[&str], &str); 10] = [
    (&["--levels", "3", "6", "4"], "levels"),
    (&["--tiling", "hex", "--wrap", "x", "6", "4"], "hex"),
    (&["--tiling", "hex", "--wrap", "y", "5", "4"], "hex"),
    (&["--tiling", "hex", "--wrap", "xy", "6", "4"], "hex"),
    (&["--tiling", "hex", "--wrap", "mobius", "7", "4"], "hex"),
    (&["--wrap", "x", "6", "4"], "wrapped"),
    (&["--wrap", "y", "6", "4"], "wrapped"),
    (&["--wrap", "xy", "6", "4"], "wrapped"),
    (&["--wrap", "mobius", "6", "4"], "wrapped"),
    (&["--tiling", "cube", "4"], "cube"),
];

fn make(args: &[&str], extra: &[&str]) -> String {
    let mut all = vec!["--seed", "11"];
    all.extend_from_slice(extra);
    all.extend_from_slice(args);
    let r = run("mazegen", &all, "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    r.stdout
}

#[test]
fn every_topology_runs_through_mazesolve_with_each_solver_that_works() {
    for (args, tiling) in MAKES {
        let maze = make(args, &["--algo", "wilson", "--endpoints", "farthest"]);
        assert_eq!(
            maze,
            make(args, &["--algo", "wilson", "--endpoints", "farthest"])
        );
        let doc: Value = serde_json::from_str(&maze).unwrap();
        assert_eq!(doc["tiling"], tiling);
        let mut lengths = Vec::new();
        for algo in ["bfs", "astar", "dead-end-filling", "tremaux"] {
            let solved = run("mazesolve", &["--algo", algo, "--stats"], &maze);
            assert_eq!(solved.status, 0, "{args:?} {algo}: {}", solved.stderr);
            let s = solved.doc();
            let path = s["solution"]["path"].as_array().unwrap();
            assert_eq!(path.first(), Some(&s["start"]));
            assert_eq!(path.last(), Some(&s["goal"]));
            assert!(s["stats"]["cells"].as_u64().unwrap() > 0);
            if algo != "tremaux" {
                lengths.push(path.len());
            }
            // The solved document reads back: every step is checked against the passages.
            let again = run("mazesolve", &["--algo", "bfs"], &solved.stdout);
            assert_eq!(again.status, 0, "{}", again.stderr);
        }
        assert!(
            lengths.windows(2).all(|w| w[0] == w[1]),
            "{args:?}: {lengths:?}"
        );
        for hand in ["right-hand", "left-hand"] {
            run("mazesolve", &["--algo", hand], &maze).assert_error(
                "mazesolve",
                2,
                "follows a wall",
            );
        }
    }
}

/// A solved maze of each topology as the pictures show them.
fn solved(args: &[&str]) -> String {
    let maze = make(args, &["--endpoints", "farthest"]);
    let solved = run("mazesolve", &[], &maze);
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    solved.stdout
}

#[test]
fn every_topology_is_drawn_as_svg_with_labels_and_paired_seam_marks() {
    for (args, tiling) in MAKES {
        let maze = solved(args);
        let svg = run("gridrender", &["--format", "svg"], &maze);
        assert_eq!(svg.status, 0, "{args:?}: {}", svg.stderr);
        let tree = roxmltree::Document::parse(&svg.stdout).unwrap();
        let texts = |class: &str| -> Vec<String> {
            tree.descendants()
                .filter(|n| n.attribute("class") == Some(class))
                .map(|n| n.text().unwrap_or("").to_string())
                .collect()
        };
        let seams = texts("seam");
        let mut counts = std::collections::BTreeMap::new();
        for n in &seams {
            *counts.entry(n.clone()).or_insert(0) += 1;
        }
        assert!(counts.values().all(|&c| c == 2), "{args:?}: {counts:?}");
        match tiling {
            "levels" => {
                assert_eq!(texts("label"), ["level 1", "level 2", "level 3"]);
                assert!(seams.is_empty());
                let stairs = tree
                    .descendants()
                    .filter(|n| n.attribute("class") == Some("stairs"))
                    .count();
                assert!(stairs > 0, "{args:?}: no stairs marked");
            }
            "cube" => {
                assert_eq!(
                    texts("face"),
                    ["front", "top", "right", "left", "bottom", "back"]
                );
                assert!(!seams.is_empty());
            }
            _ => assert!(!seams.is_empty(), "{args:?}: no seam marked"),
        }
        if args.contains(&"mobius") {
            assert!(texts("label")[0].contains("flipped"));
        }
        // The path is cut where it leaves the plane, never drawn across the picture.
        let pieces = tree
            .descendants()
            .filter(|n| n.tag_name().name() == "polyline")
            .count();
        assert!(pieces >= 1, "{args:?}");
    }
}

#[test]
fn every_topology_is_drawn_as_png_and_text() {
    let dir = crate::harness::scratch("topologies");
    for (args, tiling) in MAKES {
        let maze = solved(args);
        let path = dir.join("maze.png");
        let r = run("gridrender", &["-o", path.to_str().unwrap()], &maze);
        assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
        let (w, h, _) = crate::pictures::decode(&path);
        assert!(w > 0 && h > 0);
        let text = run("gridrender", &["--format", "text"], &maze);
        assert_eq!(text.status, 0, "{args:?}: {}", text.stderr);
        if tiling == "levels" {
            for label in ["level 1", "level 2", "level 3"] {
                assert!(text.stdout.contains(label), "{args:?}: {}", text.stdout);
            }
        }
    }
}

#[test]
fn outputs_that_do_not_draw_beyond_the_plane_refuse_it_in_one_line() {
    let dir = crate::harness::scratch("topologies-refused");
    let file = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let stl = file("m.stl");
    let levels = solved(&["--levels", "2", "4", "4"]);
    let hex = solved(&["--tiling", "hex", "--wrap", "xy", "4", "4"]);
    for (maze, how) in [
        (&levels, "as a machine file"),
        (&hex, "cannot be printed yet"),
    ] {
        let r = run("gridrender", &["-o", stl.as_str()], maze);
        r.assert_error("gridrender", 2, how);
        assert_eq!(r.stdout, "");
    }
    assert!(!dir.join("m.stl").exists(), "m.stl was written");
}

#[test]
fn row_generators_carve_levels_in_their_3d_form_and_mazesolve_reads_them() {
    for algo in ["binary-tree", "sidewinder", "recursive-division"] {
        let args = ["--algo", algo, "--levels", "3", "7", "5"];
        let maze = make(&args, &[]);
        assert_eq!(maze, make(&args, &[]), "{algo}");
        let solved = run("mazesolve", &["--stats"], &maze);
        assert_eq!(solved.status, 0, "{algo}: {}", solved.stderr);
        assert!(solved.doc()["stats"]["stairs"].as_u64().is_some(), "{algo}");
    }
}

#[test]
fn stairs_and_seams_are_counted_on_the_solution() {
    // One cell a level: the way from the first level to the fourth is three flights.
    let maze = make(&["--levels", "4", "1", "1"], &[]);
    let s = run("mazesolve", &["--stats"], &maze).doc();
    assert_eq!(s["stats"]["stairs"], 3);
    assert_eq!(s["stats"]["seams"], 0);
    // On a Möbius strip the top-left cell's west neighbour is the bottom-right cell.
    let maze = make(
        &[
            "--wrap", "mobius", "--start", "0,0", "--goal", "3,5", "6", "4",
        ],
        &["--braid", "1"],
    );
    let s = run("mazesolve", &["--stats"], &maze).doc();
    let path = s["solution"]["path"].as_array().unwrap();
    assert!(s["stats"]["seams"].as_u64().unwrap() <= path.len() as u64);
}

#[test]
fn bad_requests_are_refused_in_one_line() {
    let cases: [(&[&str], &str); 15] = [
        (&["--levels", "0", "5"], "at least 1 level"),
        (&["--tiling", "cube", "0"], "at least 1 cell"),
        (&["--tiling", "cube", "20000"], "more than"),
        (&["--levels", "100000", "1000", "1000"], "more than"),
        (&["--tiling", "cube", "4", "5"], "takes one size"),
        (
            &["--tiling", "hex", "--wrap", "x", "5"],
            "hexagons wrapped left to right need an even number of columns, not 5",
        ),
        (
            &["--tiling", "hex", "--wrap", "xy", "7", "4"],
            "even number of columns, not 7",
        ),
        (
            &["--tiling", "hex", "--wrap", "mobius", "6"],
            "half twist need an odd number of columns, not 6",
        ),
        (
            &["--tiling", "hex", "--wrap", "y", "5", "2"],
            "at least 3 cells high",
        ),
        (
            &["--tiling", "polar", "--wrap", "x", "6"],
            "square and hex mazes only",
        ),
        (
            &["--tiling", "hex", "--levels", "2", "6"],
            "stacks square grids",
        ),
        (&["--levels", "2", "--wrap", "x", "6"], "do not combine"),
        (&["--wrap", "x", "2", "5"], "at least 3 cells wide"),
        (
            &["--levels", "2", "--weave", "0.5", "6"],
            "--weave works on the square tiling only",
        ),
        (
            &["--levels", "2", "--algo", "eller", "6"],
            "does not work on the levels tiling (it carries the sets",
        ),
    ];
    for (args, needle) in cases {
        let r = run("mazegen", args, "");
        r.assert_error("mazegen", 2, needle);
        assert_eq!(r.stdout, "", "{args:?}");
    }
}

#[test]
fn bad_documents_are_refused_with_the_cell_and_the_problem() {
    let doc = |fields: &str| format!("{{\"version\":1,\"kind\":\"maze\",{fields}}}\n");
    let cases = [
        (
            doc(r#""tiling":"levels","levels":2,"width":2,"height":1,"cells":["10","14"]"#),
            "row 1 cell 1 is '4': bit 4 (stairs up) opens a passage to no cell",
        ),
        (
            doc(r#""tiling":"levels","levels":0,"width":2,"height":1,"cells":[]"#),
            "at least 1 level",
        ),
        (
            doc(r##""tiling":"levels","levels":2,"width":2,"height":1,"cells":["40","#0"]"##),
            "which is '#'",
        ),
        (
            doc(
                r#""tiling":"wrapped","wrap":"spiral","width":3,"height":3,"cells":["000","000","000"]"#,
            ),
            "field `wrap`",
        ),
        (
            doc(
                r#""tiling":"wrapped","wrap":"y","width":3,"height":3,"cells":["100","000","004"]"#,
            ),
            "opens a passage to no cell",
        ),
        (
            doc(r#""tiling":"cube","width":2,"height":3,"cells":[]"#),
            "rows, but 6 faces",
        ),
        (
            doc(r#""tiling":"hex","wrap":"x","width":3,"height":2,"cells":["000","000"]"#),
            "even number of columns, not 3",
        ),
        (
            doc(r#""tiling":"triangle","wrap":"x","width":4,"height":2,"cells":["0000","0000"]"#),
            "does not wrap",
        ),
    ];
    for (text, needle) in cases {
        let r = run("mazesolve", &[], &text);
        r.assert_error("mazesolve", 2, needle);
        assert_eq!(r.stdout, "");
    }
}

#[test]
fn one_mask_shapes_every_level_and_the_cube_takes_none() {
    let dir = crate::harness::scratch("topology-mask");
    let mask = dir.join("ring.txt");
    std::fs::write(&mask, "....\n.##.\n....\n").unwrap();
    let mask = mask.to_str().unwrap();
    let r = run(
        "mazegen",
        &["--levels", "2", "--mask", mask, "--seed", "2"],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    let rows: Vec<&str> = doc["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    // Level 0's rows, then level 1's: the same two cells left out of each.
    assert_eq!(&rows[1][1..3], "##");
    assert_eq!(&rows[4][1..3], "##");
    let solved = run("mazesolve", &["--stats"], &r.stdout);
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    assert_eq!(solved.doc()["stats"]["cells"], 20);
    let r = run("mazegen", &["--tiling", "cube", "--mask", mask, "3"], "");
    r.assert_error("mazegen", 2, "a cube maze cannot take a mask");
    assert_eq!(r.stdout, "");
    let maze = make(&["--levels", "2", "3"], &[]);
    // Played at the keyboard now (tests/e2e/topology_play.rs): without a terminal, refused.
    run("mazesolve", &["--play"], &maze).assert_error("mazesolve", 2, "needs a terminal");
}

/// The heights of the letters on the left and right edges of a wrapped maze's SVG, paired by
/// letter: (left y, right y) for each passage over the left-right seam.
fn side_pairs(svg: &str) -> Vec<(f64, f64)> {
    let tree = roxmltree::Document::parse(svg).unwrap();
    let mut ends: std::collections::BTreeMap<String, (Option<f64>, Option<f64>)> =
        Default::default();
    for n in tree
        .descendants()
        .filter(|n| n.attribute("class") == Some("seam"))
    {
        let y: f64 = n.attribute("y").unwrap().parse().unwrap();
        let end = ends.entry(n.text().unwrap().to_string()).or_default();
        match n.attribute("text-anchor") {
            Some("end") => end.0 = Some(y),
            Some("start") => end.1 = Some(y),
            _ => {}
        }
    }
    ends.values().filter_map(|&(l, r)| Some((l?, r?))).collect()
}

#[test]
fn a_seam_letter_comes_back_on_the_same_row_and_the_mobius_flips_it() {
    let draw = |wrap: &str| {
        let maze = make(&["--wrap", wrap, "9", "6"], &[]);
        let svg = run("gridrender", &["--format", "svg"], &maze);
        assert_eq!(svg.status, 0, "{}", svg.stderr);
        side_pairs(&svg.stdout)
    };
    let cylinder = draw("x");
    assert!(!cylinder.is_empty());
    assert!(
        cylinder.iter().all(|(l, r)| (l - r).abs() < 0.01),
        "{cylinder:?}"
    );
    // Row r meets row H-1-r: the two heights are mirrored about the middle.
    let mobius = draw("mobius");
    assert!(!mobius.is_empty());
    let sum = mobius[0].0 + mobius[0].1;
    assert!(
        mobius.iter().all(|(l, r)| (l + r - sum).abs() < 0.01),
        "{mobius:?}"
    );
    assert!(
        mobius.iter().any(|(l, r)| (l - r).abs() > 1.0),
        "{mobius:?}"
    );
}

#[test]
fn a_hex_wrap_crosses_its_seams_and_is_not_played() {
    // Six columns wrapped: the way from the first column to the last is one step over the
    // seam, which the stats count.
    let maze = make(
        &[
            "--tiling", "hex", "--wrap", "x", "--start", "0,0", "--goal", "0,5", "6", "4",
        ],
        &["--braid", "1"],
    );
    let s = run("mazesolve", &["--stats"], &maze).doc();
    assert_eq!(s["solution"]["length"], 1, "{s}");
    assert_eq!(s["stats"]["seams"], 1);
    let r = run("mazesolve", &["--play"], &maze);
    r.assert_error(
        "mazesolve",
        2,
        "a hex maze with joined edges cannot be played",
    );
    assert_eq!(r.stdout, "");
}

/// On wrapped edges the top-left and bottom-right cells are neighbours across the seam, so
/// the default start and goal are the ends of the longest path instead: every wrap, the cube
/// and levels keep them farther apart than the maze's short side, seed after seed.
#[test]
fn default_endpoints_are_far_apart_on_every_topology() {
    let makes: [(&[&str], usize); 10] = [
        (&["--wrap", "x", "20", "10"], 10),
        (&["--wrap", "y", "20", "10"], 10),
        (&["--wrap", "xy", "20", "10"], 10),
        (&["--wrap", "mobius", "20", "10"], 10),
        (&["--tiling", "hex", "--wrap", "x", "20", "10"], 10),
        (&["--tiling", "hex", "--wrap", "y", "20", "10"], 10),
        (&["--tiling", "hex", "--wrap", "xy", "20", "10"], 10),
        (&["--tiling", "hex", "--wrap", "mobius", "21", "10"], 10),
        (&["--tiling", "cube", "8"], 8),
        (&["--levels", "3", "10", "8"], 8),
    ];
    for (args, short_side) in makes {
        for seed in 1..=20 {
            let seed = seed.to_string();
            let mut all = vec!["--seed", seed.as_str()];
            all.extend_from_slice(args);
            let maze = run("mazegen", &all, "");
            assert_eq!(maze.status, 0, "{}", maze.stderr);
            let solved = run("mazesolve", &["--algo", "bfs"], &maze.stdout);
            assert_eq!(solved.status, 0, "{}", solved.stderr);
            let doc: Value = serde_json::from_str(&solved.stdout).unwrap();
            let length = doc["solution"]["length"].as_u64().unwrap() as usize;
            assert!(
                length > short_side,
                "mazegen {all:?}: solved in {length} steps"
            );
        }
    }
}

/// With `--start` alone on wrapped edges, the goal is the cell farthest from it through the
/// maze: as far as `--endpoints farthest` reaches from its own start, or nearly.
#[test]
fn a_start_alone_on_wrapped_edges_gets_the_farthest_goal() {
    let maze = run(
        "mazegen",
        &["--seed", "1", "--wrap", "xy", "--start", "3,3", "20", "10"],
        "",
    );
    assert_eq!(maze.status, 0, "{}", maze.stderr);
    let doc: Value = serde_json::from_str(&maze.stdout).unwrap();
    assert_eq!(doc["start"], serde_json::json!([3, 3]));
    let solved = run("mazesolve", &["--algo", "bfs"], &maze.stdout);
    let length = serde_json::from_str::<Value>(&solved.stdout).unwrap()["solution"]["length"]
        .as_u64()
        .unwrap();
    assert!(length > 40, "solved in {length} steps");
    assert!(doc["meta"].get("endpoints").is_none(), "{}", maze.stdout);
}

/// `--algo pledge` solves square mazes, braided and woven too, by a walk through open
/// passages; a tiling without right angles and the mazes beyond the plane refuse it (and the
/// other wall followers) in one line naming what the maze has instead, writing nothing.
#[test]
fn the_pledge_walker_takes_square_cells_and_the_rest_say_why_not() {
    for args in [
        &["--seed", "3", "20", "12"][..],
        &["--seed", "3", "--braid", "0.5", "20", "12"],
        &[
            "--seed",
            "3",
            "--weave",
            "0.4",
            "--algo",
            "backtracker",
            "20",
        ],
    ] {
        let maze = run("mazegen", args, "");
        let solved = run("mazesolve", &["--algo", "pledge"], &maze.stdout);
        assert_eq!(solved.status, 0, "{args:?}: {}", solved.stderr);
        let doc: Value = serde_json::from_str(&solved.stdout).unwrap();
        assert_eq!(doc["solution"]["algorithm"], "pledge");
        let path = doc["solution"]["path"].as_array().unwrap();
        assert_eq!(path.first(), Some(&doc["start"]), "{args:?}");
        assert_eq!(path.last(), Some(&doc["goal"]), "{args:?}");
        let rows: Vec<&str> = doc["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r.as_str().unwrap())
            .collect();
        for step in path.windows(2) {
            let at = |p: &Value| {
                (
                    p[0].as_u64().unwrap() as usize,
                    p[1].as_u64().unwrap() as usize,
                )
            };
            let ((r0, c0), (r1, c1)) = (at(&step[0]), at(&step[1]));
            assert_eq!(r0.abs_diff(r1) + c0.abs_diff(c1), 1, "{args:?}");
            assert_ne!(rows[r1].as_bytes()[c1], b'#', "{args:?}: through a wall");
        }
    }
    for (args, says) in [
        (
            &["--tiling", "octagon", "5"][..],
            "--algo pledge keeps a heading and counts its turns in right angles, which square \
             cells alone give; on an octagon maze use right-hand",
        ),
        (
            &["--levels", "2", "5"],
            "a levels maze's stairs have no turn",
        ),
        (
            &["--wrap", "xy", "5"],
            "a wrapped maze's seams have no turn",
        ),
        (
            &["--tiling", "cube", "3"],
            "a cube maze's edges between faces have no turn",
        ),
    ] {
        let maze = run("mazegen", args, "");
        let r = run("mazesolve", &["--algo", "pledge"], &maze.stdout);
        r.assert_error("mazesolve", 2, says);
        assert_eq!(r.stdout, "", "{args:?}");
    }
}

/// On the terminal, every seam letter of a Möbius strip, a torus and a cube's net stands
/// twice, once at each end of its passage, none lost under another or run into it.
#[test]
fn terminal_pictures_show_every_seam_letter_twice() {
    let mut mazes: Vec<Vec<String>> = Vec::new();
    for seed in 1..=4 {
        let s = seed.to_string();
        for size in [["20", "10"], ["30", "16"], ["12", "8"]] {
            for wrap in ["mobius", "xy"] {
                mazes.push(
                    ["--wrap", wrap, "--seed", &s, size[0], size[1]]
                        .map(String::from)
                        .to_vec(),
                );
            }
        }
        for n in ["3", "5", "8"] {
            mazes.push(
                ["--tiling", "cube", "--seed", &s, n]
                    .map(String::from)
                    .to_vec(),
            );
        }
    }
    for args in mazes {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let maze = run("mazegen", &args, "");
        let drawn = run("gridrender", &[], &maze.stdout);
        assert_eq!(drawn.status, 0, "{}", drawn.stderr);
        let mut counts: std::collections::BTreeMap<String, usize> = Default::default();
        // The label lines ("flipped: row r meets 9-r") hold words, not seam letters.
        for line in drawn.stdout.lines().filter(|l| !l.contains(':')) {
            let mut word = String::new();
            for ch in line.chars().chain([' ']) {
                if ch.is_ascii_lowercase() {
                    word.push(ch);
                } else if !word.is_empty() {
                    *counts.entry(std::mem::take(&mut word)).or_default() += 1;
                }
            }
        }
        assert!(!counts.is_empty(), "{args:?}");
        let wrong: Vec<_> = counts.iter().filter(|(_, n)| **n != 2).collect();
        assert!(
            wrong.is_empty(),
            "mazegen {args:?}: {wrong:?}\n{}",
            drawn.stdout
        );
    }
}

/// `--stats` on levels, wraps and the cube writes a flat maze's figures through stairs and
/// seams: on a perfect maze with the farthest ends, the shortest path is the longest path,
/// the degrees add up to a tree's, and the corridors' mean fits the passages.
#[test]
fn stats_beyond_the_plane_hold_a_flat_mazes_figures() {
    for args in [
        &["--levels", "3", "10", "8"][..],
        &["--wrap", "xy", "20", "10"],
        &["--wrap", "mobius", "15", "9"],
        &["--tiling", "cube", "5"],
        &["--tiling", "hex", "--wrap", "x", "12", "8"],
    ] {
        for seed in ["1", "2", "3"] {
            let mut all = vec!["--seed", seed, "--endpoints", "farthest"];
            all.extend_from_slice(args);
            let maze = run("mazegen", &all, "");
            let solved = run("mazesolve", &["--stats"], &maze.stdout);
            assert_eq!(solved.status, 0, "{all:?}: {}", solved.stderr);
            let doc: Value = serde_json::from_str(&solved.stdout).unwrap();
            let s = &doc["stats"];
            let n = |k: &str| {
                s[k].as_u64()
                    .unwrap_or_else(|| panic!("{all:?}: no {k}: {s}"))
            };
            let length = doc["solution"]["length"].as_u64().unwrap();
            assert_eq!(n("solution_length_cells"), length, "{all:?}");
            assert_eq!(n("longest_path_cells"), length, "{all:?}: farthest ends");
            assert!(
                n("turns") <= length && n("decisions") < length,
                "{all:?}: {s}"
            );
            // A tree of c cells has c - 1 passages: dead ends d, junctions j3 and j4+.
            let (cells, dead) = (n("cells"), n("dead_ends"));
            assert!(
                dead >= 2 && dead > n("junctions3") + n("junctions4"),
                "{all:?}: {s}"
            );
            let share = s["dead_end_share"].as_f64().unwrap();
            assert!((share - dead as f64 / cells as f64).abs() < 1e-12);
            assert!(s["river"].as_f64().unwrap() >= 1.0, "{all:?}: {s}");
            for key in ["stairs", "seams"] {
                assert!(s[key].is_u64(), "{all:?}: {key}");
            }
        }
    }
}

/// A maze written as a grid of tiles with a `wrap` or `levels` field is refused, by every
/// tool that reads it, rather than read as the flat maze it is not.
#[test]
fn a_grid_of_tiles_with_a_wrap_or_levels_is_refused() {
    let maze = run("mazegen", &["--seed", "1", "3"], "").stdout;
    let mut doc: Value = serde_json::from_str(&maze).unwrap();
    for (field, value, says) in [
        ("wrap", serde_json::json!("x"), "field `wrap`"),
        ("levels", serde_json::json!(2), "field `levels`"),
    ] {
        doc[field] = value;
        let text = doc.to_string() + "\n";
        for tool in ["mazesolve", "gridrender"] {
            let r = run(tool, &[], &text);
            r.assert_error(tool, 2, says);
            assert_eq!(r.stdout, "", "{tool}");
        }
        doc.as_object_mut().unwrap().remove(field);
    }
}

/// The generators defined on a rectangle's rows and sides say why a wrap or a cube is not
/// one, and the ways of asking for a topology wrongly say the right way.
#[test]
fn refusals_beyond_the_plane_give_their_reasons() {
    for (args, says) in [
        (
            &["--algo", "sidewinder", "--wrap", "x", "7", "5"][..],
            "north and east sides",
        ),
        (
            &["--algo", "binary-tree", "--tiling", "cube", "4"],
            "north and east sides",
        ),
        (
            &["--algo", "recursive-division", "--wrap", "xy", "7", "5"],
            "no sides for a wall",
        ),
        (
            &["--algo", "eller", "--tiling", "cube", "4"],
            "round in a ring",
        ),
        (
            &["--tiling", "cube", "--wrap", "x", "5"],
            "already meets the next face",
        ),
        (
            &["--tiling", "levels", "--levels", "3", "5"],
            "leave --tiling out",
        ),
        (
            &["--tiling", "wrapped", "--wrap", "x", "5"],
            "leave --tiling out",
        ),
    ] {
        let r = run("mazegen", args, "");
        r.assert_error("mazegen", 2, says);
        assert_eq!(r.stdout, "", "{args:?}");
    }
}

/// A step over a cube's edge carries the walker's heading on: front, bottom, right, back on
/// a cube of one cell a face is two turns (down onto the bottom, sideways off it, straight
/// on over the right face). The figures are those of the path written when it is a shortest
/// one: on a braided wrap with tied shortest paths, the decisions along the one shown.
#[test]
fn stats_carry_the_heading_over_a_cube_edge_and_follow_the_written_path() {
    let cube = run("mazegen", &["--tiling", "cube", "--seed", "1", "1"], "");
    let solved: Value =
        serde_json::from_str(&run("mazesolve", &["--stats"], &cube.stdout).stdout).unwrap();
    assert_eq!(
        solved["solution"]["path"],
        serde_json::json!([[0, 0], [4, 0], [2, 0], [5, 0]])
    );
    assert_eq!(solved["stats"]["turns"], 2);
    let wrap = run(
        "mazegen",
        &["--braid", "0.6", "--wrap", "x", "--seed", "6", "5", "4"],
        "",
    );
    let solved: Value =
        serde_json::from_str(&run("mazesolve", &["--stats"], &wrap.stdout).stdout).unwrap();
    assert_eq!(solved["stats"]["decisions"], 1, "{}", solved["stats"]);
}
