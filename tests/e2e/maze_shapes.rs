//! Masked and weave mazes through the whole pipeline: a text mask and a PNG mask through
//! `mazegen | mazesolve | gridrender -o`, the picture's pixels checked against the mask;
//! crossings obeyed by every solver; bad masks refused with a clear message.

use crate::harness::{pipeline, run, scratch};
use crate::pictures::decode;
use serde_json::Value;

/// A heart of 14 x 12 cells with a hole, drawn in text.
const HEART: &str = "\
..##......##..
......##......
..............
......##......
.....####.....
......##......
..............
#............#
##..........##
###........###
#####....#####
######..######
";

fn mask_rows(text: &str) -> Vec<Vec<bool>> {
    text.lines()
        .map(|l| l.bytes().map(|b| b == b'.').collect())
        .collect()
}

/// Generates, solves and draws a maze from `mask_args`, with `--cell-size 10`, and returns
/// the solved document and the decoded picture.
fn draw_masked(name: &str, mask_args: &[&str]) -> (Value, (u32, u32, Vec<[u8; 3]>)) {
    let dir = scratch(name);
    let png = dir.join("maze.png");
    let mut gen_args = vec!["--seed", "4", "--algo", "backtracker"];
    gen_args.extend_from_slice(mask_args);
    let runs = pipeline(&[("mazegen", &gen_args), ("mazesolve", &[])]);
    assert_eq!(runs[0].status, 0, "{}", runs[0].stderr);
    assert_eq!(runs[1].status, 0, "{}", runs[1].stderr);
    let draw = run(
        "gridrender",
        &["-o", png.to_str().unwrap(), "--cell-size", "10"],
        &runs[1].stdout,
    );
    assert_eq!(draw.status, 0, "{}", draw.stderr);
    (runs[1].doc(), decode(&png))
}

/// Checks a picture of thin walls, 10 pixels a cell, against the mask: the cells left out
/// are background, walls and all, and the cells of the maze are never wall.
fn assert_picture_follows(mask: &[Vec<bool>], (w, _, px): &(u32, u32, Vec<[u8; 3]>)) {
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    let wall = at(0, 0);
    let background = [255, 255, 255];
    let inside = |r: isize, c: isize| {
        r >= 0 && c >= 0 && mask.get(r as usize).and_then(|row| row.get(c as usize)) == Some(&true)
    };
    for (r, row) in mask.iter().enumerate() {
        for (c, &cell) in row.iter().enumerate() {
            // The middle of the cell, and its top-left corner (a pillar between walls).
            let (x, y) = (c as u32 * 10 + 5, r as u32 * 10 + 5);
            if cell {
                assert_ne!(at(x, y), wall, "cell ({r}, {c}) is part of the maze");
            } else {
                assert_eq!(at(x, y), background, "cell ({r}, {c}) is left out");
            }
            let (ri, ci) = (r as isize, c as isize);
            let around = [(ri - 1, ci - 1), (ri - 1, ci), (ri, ci - 1), (ri, ci)];
            if around.iter().all(|&(a, b)| !inside(a, b)) {
                assert_eq!(
                    at(c as u32 * 10, r as u32 * 10),
                    background,
                    "corner of ({r}, {c})"
                );
            }
            // The wall between a cell of the maze and one left out is a wall.
            if cell && !inside(ri, ci + 1) {
                assert_eq!(
                    at(c as u32 * 10 + 10, r as u32 * 10 + 5),
                    wall,
                    "east of ({r}, {c})"
                );
            }
        }
    }
}

#[test]
fn a_text_mask_shapes_the_maze_and_its_picture() {
    let dir = scratch("text-mask");
    let file = dir.join("heart.txt");
    std::fs::write(&file, HEART).unwrap();
    let (doc, picture) = draw_masked("text-mask-draw", &["--mask", file.to_str().unwrap()]);
    assert_eq!(doc["meta"]["cells"], serde_json::json!([14, 12]));
    // Start and goal are the first and last cells of the mask in reading order.
    assert_eq!(doc["start"], serde_json::json!([1, 1]));
    assert_eq!(doc["goal"], serde_json::json!([23, 15]));
    assert!(doc["solution"]["path"].is_array());
    let mask = mask_rows(HEART);
    assert_eq!((picture.0, picture.1), (141, 121));
    assert_picture_follows(&mask, &picture);
}

/// A PNG mask of 7 x 6 pixels: a white field, black pixels and a transparent one outside.
fn write_png_mask(path: &std::path::Path) -> Vec<Vec<bool>> {
    let rows = [
        "W.WWWW.", // '.' black
        "WWWWWWW", //
        "WWW,WWW", // ',' transparent white
        "WWWWWWW", //
        "..WWW..", //
        "...W...",
    ];
    let mut data = Vec::new();
    for row in rows {
        for b in row.bytes() {
            data.extend_from_slice(match b {
                b'W' => &[250, 250, 250, 255],
                b',' => &[255, 255, 255, 0],
                _ => &[10, 10, 10, 255],
            });
        }
    }
    let file = std::fs::File::create(path).unwrap();
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), 7, 6);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().unwrap();
    writer.write_image_data(&data).unwrap();
    writer.finish().unwrap();
    rows.iter()
        .map(|r| r.bytes().map(|b| b == b'W').collect())
        .collect()
}

#[test]
fn a_png_mask_is_scaled_and_its_pixels_shape_the_picture() {
    let dir = scratch("png-mask");
    let file = dir.join("shape.png");
    let pixels = write_png_mask(&file);
    // Scaled to 14 cells wide, the height kept in proportion: 12 rows, two cells a pixel.
    let (doc, picture) = draw_masked("png-mask-draw", &["--mask", file.to_str().unwrap(), "14"]);
    assert_eq!(doc["meta"]["cells"], serde_json::json!([14, 12]));
    let mask: Vec<Vec<bool>> = (0..12)
        .map(|r| (0..14).map(|c| pixels[r / 2][c / 2]).collect())
        .collect();
    assert_picture_follows(&mask, &picture);
}

#[test]
fn every_shaped_algorithm_fills_the_mask_exactly() {
    let dir = scratch("all-algos-mask");
    let file = dir.join("heart.txt");
    std::fs::write(&file, HEART).unwrap();
    let cells = HEART.bytes().filter(|&b| b == b'.').count();
    for algo in [
        "hunt-kill",
        "backtracker",
        "kruskal",
        "prim",
        "wilson",
        "aldous-broder",
        "growing-tree",
    ] {
        for weave in ["0", "0.7"] {
            let r = run(
                "mazegen",
                &[
                    "--algo",
                    algo,
                    "--seed",
                    "9",
                    "--weave",
                    weave,
                    "--braid",
                    "0.3",
                    "--mask",
                    file.to_str().unwrap(),
                ],
                "",
            );
            assert_eq!(r.status, 0, "{algo}: {}", r.stderr);
            let doc = r.doc();
            let grid: Vec<String> = serde_json::from_value(doc["grid"].clone()).unwrap();
            let open_cells = grid
                .iter()
                .skip(1)
                .step_by(2)
                .flat_map(|row| row.bytes().skip(1).step_by(2))
                .filter(|&b| b != b'#')
                .count();
            assert_eq!(open_cells, cells, "{algo} weave {weave}");
            let solved = run("mazesolve", &[], &r.stdout);
            assert_eq!(solved.status, 0, "{algo}: {}", solved.stderr);
        }
    }
}

/// Every step of a path goes to a neighbour, and straight on through a crossing.
fn assert_straight_at_crossings(doc: &Value) {
    let grid: Vec<Vec<u8>> = doc["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().bytes().collect())
        .collect();
    let path: Vec<(i64, i64)> = serde_json::from_value(doc["solution"]["path"].clone()).unwrap();
    for w in path.windows(2) {
        assert_eq!((w[0].0 - w[1].0).abs() + (w[0].1 - w[1].1).abs(), 1);
    }
    for w in path.windows(3) {
        let tile = grid[w[1].0 as usize][w[1].1 as usize];
        if tile == b'|' || tile == b'-' {
            assert_eq!((w[0].0 + w[2].0, w[0].1 + w[2].1), (2 * w[1].0, 2 * w[1].1));
        }
    }
}

#[test]
fn every_solver_goes_straight_through_crossings() {
    let maze = run(
        "mazegen",
        &["--algo", "kruskal", "--weave", "1", "--seed", "3", "25"],
        "",
    );
    assert_eq!(maze.status, 0, "{}", maze.stderr);
    assert!(
        maze.stdout.contains('|') && maze.stdout.contains('-'),
        "crossings of both kinds"
    );
    let mut shortest = Vec::new();
    for solver in [
        "bfs",
        "astar",
        "right-hand",
        "left-hand",
        "dead-end-filling",
        "tremaux",
    ] {
        let solved = run("mazesolve", &["--algo", solver], &maze.stdout);
        assert_eq!(solved.status, 0, "{solver}: {}", solved.stderr);
        let doc = solved.doc();
        assert_straight_at_crossings(&doc);
        if ["bfs", "astar", "dead-end-filling"].contains(&solver) {
            shortest.push(doc["solution"]["length"].as_u64().unwrap());
        }
    }
    assert!(shortest.windows(2).all(|w| w[0] == w[1]), "{shortest:?}");
    let stats = run("mazesolve", &["--stats"], &maze.stdout);
    let doc = stats.doc();
    assert_eq!(doc["stats"]["cells"], 625);
    assert_eq!(
        doc["stats"]["solution_length_cells"].as_u64().unwrap() * 2,
        shortest[0]
    );
}

#[test]
fn weave_mazes_draw_and_replay() {
    let runs = pipeline(&[
        (
            "mazegen",
            &["--weave", "0.6", "--trace", "--seed", "2", "12"],
        ),
        ("mazesolve", &["--trace"]),
    ]);
    for format in ["svg", "html"] {
        let r = run(
            "gridrender",
            &["--animate", "--format", format],
            &runs[1].stdout,
        );
        assert_eq!(r.status, 0, "{format}: {}", r.stderr);
        assert!(r.stdout.contains("<set "), "{format} is animated");
    }
    let text = run("gridrender", &["--color", "never"], &runs[1].stdout);
    assert!(
        text.stdout.contains("││") || text.stdout.contains("══"),
        "{}",
        text.stdout
    );
}

#[test]
fn the_same_seed_gives_the_same_shaped_bytes() {
    let dir = scratch("mask-seed");
    let file = dir.join("heart.txt");
    std::fs::write(&file, HEART).unwrap();
    let args = [
        "--mask",
        file.to_str().unwrap(),
        "--weave",
        "0.5",
        "--seed",
        "11",
        "--count",
        "3",
        "28",
    ];
    assert_eq!(
        run("mazegen", &args, "").stdout,
        run("mazegen", &args, "").stdout
    );
}

#[test]
fn bad_masks_are_refused_with_what_is_wrong() {
    let dir = scratch("bad-masks");
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    };
    let pieces = write("pieces.txt", b"..#..\n..#..\n#####\n..#..\n");
    let r = run("mazegen", &["--mask", &pieces], "");
    r.assert_error("mazegen", 2, "4 separate pieces");
    assert!(
        r.stderr.contains("piece 3 at row 3 column 0"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    let kept = run(
        "mazegen",
        &["--mask", &pieces, "--largest-piece", "--seed", "1"],
        "",
    );
    assert_eq!(kept.status, 0, "{}", kept.stderr);
    assert_eq!(kept.doc()["start"], serde_json::json!([1, 1]));

    let cases: Vec<(Vec<String>, &str)> = vec![
        (
            vec!["--mask".into(), write("empty.txt", b"###\n#X#\n")],
            "has no cell",
        ),
        (
            vec!["--mask".into(), write("nothing.txt", b"")],
            "the picture is empty",
        ),
        (
            vec!["--mask".into(), write("stray.txt", b"..\n.o\n")],
            "line 2 column 2 has 'o'",
        ),
        (
            vec![
                "--mask".into(),
                write("broken.png", b"\x89PNG\r\n\x1a\nrubbish"),
            ],
            "not a PNG picture",
        ),
        (
            vec!["--mask".into(), write("huge.pbm", b"P4\n40000 40000\n")],
            "more than the 1073741824",
        ),
        (
            vec!["--mask".into(), write("short.pbm", b"P1\n3 3\n0 0 0\n")],
            "ends after 3 of its 9 pixels",
        ),
        (
            vec![
                "--mask".into(),
                dir.join("missing.txt").to_str().unwrap().into(),
            ],
            "cannot open",
        ),
        (
            vec![
                "--mask".into(),
                write("ok.txt", b"....\n"),
                "--algo".into(),
                "eller".into(),
            ],
            "these work on any shape: hunt-kill",
        ),
        (
            vec![
                "--weave".into(),
                "0.5".into(),
                "--algo".into(),
                "binary-tree".into(),
                "5".into(),
            ],
            "cannot weave",
        ),
        (
            vec![
                "--mask".into(),
                write("ok2.txt", b"#...\n....\n"),
                "--start".into(),
                "0,0".into(),
            ],
            "--start 0,0 is a cell the mask leaves out",
        ),
        (
            vec![
                "--mask".into(),
                write("ok3.txt", b"....\n"),
                "20000".into(),
                "20000".into(),
            ],
            "too large",
        ),
        (
            vec!["--weave".into(), "2".into(), "5".into()],
            "expected a fraction from 0 to 1",
        ),
        (vec!["--largest-piece".into(), "5".into()], "--mask"),
    ];
    for (args, needle) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run("mazegen", &args, "");
        r.assert_error("mazegen", 2, needle);
        assert!(r.stdout.is_empty(), "{args:?} wrote {}", r.stdout);
    }
}

/// The wall rectangles of an SVG picture: those in the group filled with the wall colour.
fn svg_walls(svg: &str) -> Vec<(f64, f64, f64, f64)> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    let attr = |n: &roxmltree::Node, a: &str| n.attribute(a).map_or(0.0, |v| v.parse().unwrap());
    doc.descendants()
        .filter(|n| n.has_tag_name("g") && n.attribute("fill") == Some("#222228"))
        .flat_map(|g| g.children().filter(|n| n.has_tag_name("rect")))
        .map(|r| {
            (
                attr(&r, "x"),
                attr(&r, "y"),
                attr(&r, "width"),
                attr(&r, "height"),
            )
        })
        .collect()
}

#[test]
fn svg_pictures_leave_cells_out_and_cross_passages() {
    // A 4 x 3 mask without its top-right corner, woven by kruskal at every try: 20 pixels a
    // cell, walls 3 pixels thick.
    let dir = scratch("svg-shapes");
    let mask = dir.join("mask.txt");
    std::fs::write(&mask, "..##\n....\n....\n").unwrap();
    let made = run(
        "mazegen",
        &["--mask", mask.to_str().unwrap(), "--seed", "2"],
        "",
    );
    let svg = run(
        "gridrender",
        &["-f", "svg", "--cell-size", "20"],
        &made.stdout,
    );
    assert_eq!(svg.status, 0, "{}", svg.stderr);
    let walls = svg_walls(&svg.stdout);
    let covered = |x: f64, y: f64| {
        walls
            .iter()
            .any(|&(rx, ry, w, h)| x >= rx && x < rx + w && y >= ry && y < ry + h)
    };
    // Left-out cells (0, 2) and (0, 3), and the wall between them, are background.
    for (x, y) in [(51.0, 11.0), (71.0, 11.0), (61.5, 11.0), (71.0, 1.0)] {
        assert!(!covered(x, y), "({x}, {y}) is outside the maze");
    }
    // Their outline is wall: below them, and west of (0, 2).
    for (x, y) in [(51.0, 21.0), (71.0, 21.0), (41.5, 11.0)] {
        assert!(covered(x, y), "({x}, {y}) is the maze's outline");
    }
    // A crossing's cell carries the two walls of its upper passage.
    let woven = run(
        "mazegen",
        &["--algo", "kruskal", "--weave", "1", "--seed", "1", "5"],
        "",
    );
    let doc = woven.doc();
    let grid: Vec<String> = serde_json::from_value(doc["grid"].clone()).unwrap();
    let (r, c) = grid
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.find(['|', '-']).map(|c| (r, c)))
        .expect("a 5x5 maze woven at every try has a crossing");
    // Drawn as "Mazes for Programmers" draws weave mazes, 48 pixels a cell: corridors inset
    // from the cells' edges, walls a twelfth of a cell (4 pixels), the crossing's cell from
    // pixel 8 (a 48 / 6 wall tile) to 48 past its left and top edge.
    let dir = scratch("woven");
    let png = dir.join("woven.png");
    let drawn = run(
        "gridrender",
        &["-o", png.to_str().unwrap(), "--cell-size", "48"],
        &woven.stdout,
    );
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
    let mut decoder =
        png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let mut px = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut px).unwrap();
    let (width, step) = (info.width as usize, info.line_size / info.width as usize);
    // Walls are the dark ink; floor and background are light.
    let is_wall = |x: usize, y: usize| px[y * info.line_size + x * step] < 100;
    // Walls crossed from one pixel to another along a row (`along_row`) or a column.
    let walls_crossed = |fixed: usize, from: usize, to: usize, along_row: bool| {
        let mut runs = 0;
        let mut inside = false;
        for k in from..to {
            let here = if along_row {
                is_wall(k, fixed)
            } else {
                is_wall(fixed, k)
            };
            if here && !inside {
                runs += 1;
            }
            inside = here;
        }
        runs
    };
    assert!(width > 0);
    let (left, top) = (c / 2 * 48 + 8, r / 2 * 48 + 8);
    let (cx, cy) = (left + 20, top + 20);
    // `|`: the upper passage runs north-south. Across the bridge, through the crossing's
    // centre: its two walls; along it: none; beside it, across the lower passage: that
    // passage's two walls, for it is a corridor narrower than the cell.
    let upper_north_south = grid[r].as_bytes()[c] == b'|';
    let (across, beside) = if upper_north_south {
        (
            walls_crossed(cy, left, left + 40, true),
            walls_crossed(left + 2, top, top + 40, false),
        )
    } else {
        (
            walls_crossed(cx, top, top + 40, false),
            walls_crossed(top + 2, left, left + 40, true),
        )
    };
    let along = if upper_north_south {
        walls_crossed(cx, top - 8, top + 48, false)
    } else {
        walls_crossed(cy, left - 8, left + 48, true)
    };
    assert_eq!(
        across, 2,
        "the bridge's walls over the crossing at ({r}, {c})"
    );
    assert_eq!(along, 0, "the bridge runs through at ({r}, {c})");
    assert_eq!(beside, 2, "the lower passage's own walls at ({r}, {c})");
}
