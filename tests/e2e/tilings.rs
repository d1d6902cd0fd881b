//! Mazes on hexagons, triangles, octagons and rings, through the real pipeline: generated,
//! solved, drawn; and their bad documents refused with the row, the cell and the problem.

use crate::harness::{pipeline, run, scratch};
use crate::pictures::{chromium, decode, screenshot};
use serde_json::Value;

const TILINGS: [&str; 4] = ["hex", "triangle", "octagon", "polar"];

fn make(tiling: &str, extra: &[&str]) -> String {
    let mut args = vec!["--tiling", tiling, "--seed", "4"];
    args.extend_from_slice(extra);
    args.push("9");
    if tiling != "polar" {
        args.push("7");
    }
    let r = run("mazegen", &args, "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    r.stdout
}

/// Cells that are part of the maze, from its `cells` rows.
fn cell_count(doc: &Value) -> usize {
    doc["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().bytes().filter(|&b| b != b'#').count())
        .sum()
}

#[test]
fn every_tiling_runs_through_the_pipeline() {
    for tiling in TILINGS {
        let maze = make(tiling, &[]);
        let doc: Value = serde_json::from_str(&maze).unwrap();
        assert_eq!(doc["tiling"], tiling);
        assert_eq!(doc.get("grid"), None, "no grid of tiles on a {tiling} maze");
        let solved = run("mazesolve", &[], &maze);
        assert_eq!(solved.status, 0, "{}", solved.stderr);
        let s = solved.doc();
        let path = s["solution"]["path"].as_array().unwrap();
        assert_eq!(path.first(), Some(&s["start"]));
        assert_eq!(path.last(), Some(&s["goal"]));
        assert_eq!(
            s["solution"]["length"].as_u64().unwrap() as usize,
            path.len() - 1
        );
        // Drawn as braille text, SVG and PNG.
        let text = run("gridrender", &["-f", "text"], &solved.stdout);
        assert_eq!(text.status, 0, "{}", text.stderr);
        assert!(
            text.stdout.chars().all(|c| c == '\n'
                || c == 'S'
                || c == 'G'
                || ('\u{2800}'..='\u{28ff}').contains(&c)),
            "{tiling}: braille, start and goal only"
        );
        let svg = run("gridrender", &["-f", "svg"], &solved.stdout);
        assert_eq!(svg.status, 0, "{}", svg.stderr);
        roxmltree::Document::parse(&svg.stdout).expect("the SVG is XML");
        let dir = scratch(&format!("tiling-{tiling}"));
        let png = dir.join("maze.png");
        let r = run("gridrender", &["-o", png.to_str().unwrap()], &solved.stdout);
        assert_eq!(r.status, 0, "{}", r.stderr);
        let (_, _, pixels) = decode(&png);
        assert!(
            pixels.contains(&[30, 136, 229]),
            "{tiling}: the path is drawn"
        );
    }
}

#[test]
fn seeds_counts_traces_braids_and_endpoints_work_on_every_tiling() {
    for tiling in TILINGS {
        assert_eq!(
            make(tiling, &[]),
            make(tiling, &[]),
            "{tiling}: same seed, same bytes"
        );
        let traced: Value = serde_json::from_str(&make(tiling, &["--trace"])).unwrap();
        assert_eq!(
            traced["trace"].as_array().unwrap().len(),
            cell_count(&traced),
            "{tiling}: every cell is carved once"
        );
        let three = make(tiling, &["--count", "3", "--braid", "0.5"]);
        assert_eq!(three.lines().count(), 3);
        let far: Value = serde_json::from_str(&make(tiling, &["--endpoints", "farthest"])).unwrap();
        assert_eq!(far["meta"]["endpoints"], "farthest");
        let at: Value =
            serde_json::from_str(&make(tiling, &["--start", "1,2", "--goal", "2,1"])).unwrap();
        assert_eq!(
            (at["start"].clone(), at["goal"].clone()),
            (serde_json::json!([1, 2]), serde_json::json!([2, 1]))
        );
        let slow = run("mazesolve", &["--algo", "right-hand"], &make(tiling, &[]));
        assert_eq!(
            slow.status, 0,
            "{tiling}: the wall follower reaches the goal"
        );
    }
}

#[test]
fn polar_grids_take_binary_tree_and_sidewinder_and_others_say_what_works() {
    for algo in ["binary-tree", "sidewinder"] {
        let doc: Value = serde_json::from_str(&make("polar", &["--algo", algo])).unwrap();
        assert_eq!(doc["meta"]["algorithm"], algo);
    }
    run("mazegen", &["--tiling", "hex", "--algo", "eller", "5"], "").assert_error(
        "mazegen",
        2,
        "eller does not work on the hex tiling; these do: hunt-kill, backtracker",
    );
    run(
        "mazegen",
        &["--tiling", "polar", "--algo", "recursive-division", "5"],
        "",
    )
    .assert_error("mazegen", 2, "these do: hunt-kill, binary-tree, sidewinder");
    run("mazegen", &["--tiling", "polar", "5", "5"], "").assert_error(
        "mazegen",
        2,
        "a polar maze takes one size",
    );
    run("mazegen", &["--tiling", "hex", "--weave", "0.5", "5"], "").assert_error(
        "mazegen",
        2,
        "--weave works on the square tiling only",
    );
    run("mazegen", &["--tiling", "hex", "--start", "9,0", "5"], "").assert_error(
        "mazegen",
        2,
        "--start 9,0 is not a cell of the maze (rows 0 to 4, columns 0 to 4)",
    );
    run("mazegen", &["--tiling", "triangle", "1", "5"], "").assert_error(
        "mazegen",
        2,
        "a triangle maze 1 cell wide",
    );
    run("mazegen", &["--tiling", "hex", "70000", "70000"], "").assert_error(
        "mazegen",
        2,
        "more than 1073741824 cells",
    );
}

#[test]
fn masks_shape_hex_triangle_and_octagon_mazes() {
    let dir = scratch("tiling-mask");
    let mask = dir.join("ring.txt");
    std::fs::write(&mask, "..........\n..######..\n..######..\n..........\n").unwrap();
    for tiling in ["hex", "triangle", "octagon"] {
        let r = run(
            "mazegen",
            &["--tiling", tiling, "--mask", mask.to_str().unwrap()],
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
        assert_eq!(&rows[1][2..8], "######", "{tiling}");
        let solved = run("mazesolve", &[], &r.stdout);
        assert_eq!(solved.status, 0, "{}", solved.stderr);
    }
    run(
        "mazegen",
        &["--tiling", "polar", "--mask", mask.to_str().unwrap(), "5"],
        "",
    )
    .assert_error("mazegen", 2, "polar");
}

/// A hex maze document with these rows of cells.
fn hex_doc(cells: &str, extra: &str) -> String {
    format!(
        r#"{{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2,"cells":{cells}{extra}}}"#
    )
}

#[test]
fn bad_documents_name_the_row_the_cell_and_the_problem() {
    let cases = [
        (hex_doc(r#"["200","000"]"#, ""), "row 0 cell 0 is '2': bit 2 (NE) opens a passage to no cell"),
        (hex_doc(r##"["4#0","000"]"##, ""), "row 0 cell 0: bit 4 (SE) opens a passage into row 0 cell 1, which is '#'"),
        (hex_doc(r#"["00","000"]"#, ""), "row 0 has 2 cells, but `width` is 3"),
        (hex_doc(r#"["00x","000"]"#, ""), "row 0 cell 2 is 'x'"),
        (hex_doc(r#"["000","000"]"#, r#","start":[0,7]"#), "field `start`: [0, 7] is not a cell of the maze"),
        (hex_doc(r#"["000","000"]"#, r#","solution":{"algorithm":"bfs","path":[[0,0],[1,0]],"length":1,"explored":2}"#), "step 1 from [0, 0] to [1, 0] goes through no open passage"),
        (
            r#"{"kind":"maze","version":1,"tiling":"polar","height":3,"rings":[1,4,6],"cells":["0","0000","000000"]}"#.to_string(),
            "field `rings`: ring 2 has 6 cells, not a multiple of the 4 of ring 1",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"polar","height":2,"rings":[1,4],"cells":["0","0000"],"width":4}"#.to_string(),
            "a polar maze has none",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"triangle","width":2,"height":1,"cells":["02"]}"#.to_string(),
            "row 0 cell 1 is '2': bit 2 (S)",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"octagon","width":2,"height":2,"cells":["04","00"]}"#.to_string(),
            "row 0 cell 1 is '4': bit 4 (SE)",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"kagome","cells":[]}"#.to_string(),
            "unknown tiling \"kagome\"",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2}"#.to_string(),
            "field `cells`: missing",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":"hex","width":65536,"height":65536,"cells":[]}"#.to_string(),
            "more than the limit",
        ),
    ];
    for (doc, needle) in &cases {
        for tool in ["mazesolve", "gridrender"] {
            let r = run(tool, &[], &format!("{doc}\n"));
            r.assert_error(tool, 2, needle);
            assert!(r.stdout.is_empty(), "{tool}: nothing half-written");
        }
    }
}

#[test]
fn what_cannot_be_drawn_or_played_says_so() {
    run("mazesolve", &["--play"], &make("octagon", &[])).assert_error(
        "mazesolve",
        2,
        "octagon mazes cannot be played here",
    );
    let big = run("mazegen", &["--tiling", "hex", "--seed", "1", "700"], "");
    run("gridrender", &["-f", "text"], &big.stdout).assert_error(
        "gridrender",
        2,
        "draw it as a picture (-o maze.png)",
    );
    let dir = scratch("tiling-replay");
    let page = dir.join("replay.html");
    let traced = pipeline(&[
        (
            "mazegen",
            &["--tiling", "polar", "--trace", "--seed", "2", "6"],
        ),
        ("mazesolve", &["--trace"]),
    ]);
    let r = run(
        "gridrender",
        &["--animate", "-o", page.to_str().unwrap()],
        &traced[1].stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    let cells = cell_count(&traced[1].doc());
    assert!(
        html.matches("<set ").count() >= cells,
        "every cell is uncovered in turn"
    );
}

#[test]
fn a_hex_pngs_walls_stand_where_passages_are_closed() {
    // Two hexagons side by side in one row: cell (0,0) and its SE neighbour (0,1).
    let dir = scratch("tiling-pixels");
    let open = hex_like(4);
    let shut = hex_like(0);
    let wall = [34, 34, 40];
    for (doc, expect_wall) in [(open, false), (shut, true)] {
        let png = dir.join("two.png");
        let r = run(
            "gridrender",
            &["-o", png.to_str().unwrap(), "--cell-size", "32"],
            &doc,
        );
        assert_eq!(r.status, 0, "{}", r.stderr);
        let (w, _, pixels) = decode(&png);
        // 16 pixels a unit (a hexagon is two units wide) and a margin of 8: the centres of
        // the two cells are at (24, 21.9) and (48, 35.7); their shared side's middle halfway.
        let (x, y) = (36usize, 28usize);
        assert_eq!(
            pixels[y * w as usize + x] == wall,
            expect_wall,
            "bit {}",
            if expect_wall { 0 } else { 4 }
        );
        // The outer edge is a wall either way: the middle of cell (0,0)'s top side.
        assert_eq!(pixels[8 * w as usize + 24], wall);
    }
}

fn hex_like(bits: u8) -> String {
    format!(
        r#"{{"kind":"maze","version":1,"tiling":"hex","width":2,"height":1,"cells":["{bits}0"]}}"#
    )
}

#[test]
fn a_tiled_mazes_html_page_shows_and_hides_its_solution_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let dir = scratch("tiling-html");
    let solved = pipeline(&[
        ("mazegen", &["--tiling", "hex", "--seed", "3", "10", "6"]),
        ("mazesolve", &[]),
    ]);
    let page = dir.join("hex.html");
    let r = run(
        "gridrender",
        &["-o", page.to_str().unwrap(), "--cell-size", "24"],
        &solved[1].stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let url = format!("file://{}", page.display());
    let shown = screenshot(browser, &url, &dir, "shown.png");
    let hidden = screenshot(browser, &format!("{url}#hide"), &dir, "hidden.png");
    let (path, wall) = ([30, 136, 229], [34, 34, 40]);
    assert!(
        shown.contains(&wall) && shown.contains(&path),
        "maze and path shown"
    );
    assert!(
        hidden.contains(&wall) && !hidden.contains(&path),
        "the path hides"
    );
}

/// The middle of an edge as drawn: of the line, or of the arc around the centre.
fn middle(e: &grid_core::tiling::Edge) -> (f64, f64) {
    match e.arc {
        None => ((e.from.0 + e.to.0) / 2.0, (e.from.1 + e.to.1) / 2.0),
        Some(arc) => {
            let angle = |p: (f64, f64)| p.1.atan2(p.0);
            let (a, mut b) = (angle(e.from), angle(e.to));
            let tau = std::f64::consts::TAU;
            if arc.clockwise {
                while b <= a {
                    b += tau;
                }
            } else {
                while b >= a {
                    b -= tau;
                }
            }
            let m = (a + b) / 2.0;
            (arc.radius * m.cos(), arc.radius * m.sin())
        }
    }
}

#[test]
fn every_tilings_png_has_walls_exactly_where_passages_are_closed() {
    use grid_core::tiling::{TiledDoc, Topology};
    let dir = scratch("tiling-every-pixel");
    for tiling in TILINGS {
        let maze = make(tiling, &["--braid", "0.5"]);
        let png = dir.join(format!("{tiling}.png"));
        let r = run(
            "gridrender",
            &["-o", png.to_str().unwrap(), "--cell-size", "40"],
            &maze,
        );
        assert_eq!(r.status, 0, "{}", r.stderr);
        let (w, h, pixels) = decode(&png);
        let doc =
            TiledDoc::from_document(&grid_core::Document::from_json(maze.trim()).unwrap()).unwrap();
        let wall = [34, 34, 40];
        let (mut walls, mut passages) = (0, 0);
        grid_core::on_tiled_maze!(&doc.maze, m => {
            let t = m.topology();
            // The picture's scale and margin: 40 pixels a cell (a hexagon is two units wide).
            let scale = if tiling == "hex" { 20.0 } else { 40.0 };
            let margin = (scale * 0.5f64).clamp(2.0, 16.0);
            let ((x0, y0), _) = t.extent();
            let (mut sides, mut edges) = (Vec::new(), Vec::new());
            for cell in m.cells() {
                m.sides(cell, &mut sides);
                t.edges(cell, &mut edges);
                for (s, e) in sides.iter().zip(&edges) {
                    let (x, y) = middle(e);
                    let (px, py) = ((x - x0) * scale + margin, (y - y0) * scale + margin);
                    let (px, py) = (px as u32, py as u32);
                    assert!(px < w && py < h, "{tiling}: inside the picture");
                    let drawn = pixels[(py * w + px) as usize] == wall;
                    let closed = s.is_edge() || !m.is_open(*s);
                    assert_eq!(drawn, closed, "{tiling} cell {} side to {}", t.position(cell), s.to);
                    if closed { walls += 1 } else { passages += 1 }
                }
            }
        });
        assert!(walls > 0 && passages > 0, "{tiling}: both kinds checked");
    }
}

/// `--largest-piece` counts pieces by the tiling's own neighbours: on a checkerboard whose
/// cells are the octagons, which touch at their corners, the whole mask is one piece and is
/// kept whole, as mazegen builds it without the flag.
#[test]
fn the_largest_piece_is_counted_by_the_tilings_own_neighbours() {
    let dir = scratch("largest-piece");
    let checker = dir.join("checker.txt");
    std::fs::write(&checker, ".#.#\n#.#.\n.#.#\n#.#.\n").unwrap();
    let path = checker.to_str().unwrap();
    let args = ["--tiling", "octagon", "--mask", path, "--seed", "1"];
    let whole = run("mazegen", &args, "");
    assert_eq!(whole.status, 0, "{}", whole.stderr);
    let mut kept = args.to_vec();
    kept.push("--largest-piece");
    let largest = run("mazegen", &kept, "");
    assert_eq!(largest.status, 0, "{}", largest.stderr);
    assert_eq!(cell_count(&largest.doc()), 8);
    assert_eq!(largest.doc()["cells"], whole.doc()["cells"]);
}

/// A mask in pieces on hex (or triangle) is refused naming each piece's first cell.
#[test]
fn a_tiled_mask_in_pieces_names_each_piece() {
    let dir = scratch("tiled-pieces");
    let apart = dir.join("apart.txt");
    std::fs::write(&apart, ".#.#\n#.#.\n").unwrap();
    for tiling in ["hex", "triangle"] {
        let r = run(
            "mazegen",
            &[
                "--tiling",
                tiling,
                "--mask",
                apart.to_str().unwrap(),
                "5",
                "2",
            ],
            "",
        );
        r.assert_error("mazegen", 2, "piece 1 at row 0 column 0");
    }
}
