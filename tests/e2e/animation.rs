//! gridrender --animate: on a terminal through tmux, and as animated SVG.

use crate::harness::{bin, pipeline, run};
use crate::tmux::Tmux;

#[test]
fn the_terminal_replay_carves_then_skips_ahead_and_quits_cleanly() {
    let Some(t) = Tmux::start("animate") else {
        return;
    };
    t.run(&format!(
        "{} --trace --seed 2 6 4 | {} --trace | {} --animate --fps 5; echo exit=$?",
        bin("mazegen"),
        bin("mazesolve"),
        bin("gridrender")
    ));
    // At 5 frames a second the carving is seen under way.
    t.wait_for("the carving", |s| s.contains("carving: "));
    t.keys(&["x"]); // skip the carving
    t.wait_for("the search", |s| s.contains("searching: "));
    t.keys(&["q"]);
    let after = t.wait_for("the shell", |s| s.contains("exit=0"));
    assert!(
        !after.contains("searching: "),
        "the replay screen is gone:\n{after}"
    );
}

#[test]
fn a_maze_larger_than_the_terminal_is_refused_not_cropped() {
    let Some(t) = Tmux::start("animate-big") else {
        return;
    };
    t.run(&format!(
        "{} --trace --seed 2 60 | {} --animate; echo exit=$?",
        bin("mazegen"),
        bin("gridrender")
    ));
    let screen = t.wait_for("the refusal", |s| s.contains("exit=2"));
    assert!(
        screen.contains("the maze is 121x121 tiles and needs a terminal of 242x122"),
        "{screen}"
    );
}

#[test]
fn an_animated_svg_sets_every_traced_tile_in_turn() {
    let runs = pipeline(&[
        ("mazegen", &["--trace", "--seed", "2", "5", "3"]),
        ("mazesolve", &["--trace"]),
        (
            "gridrender",
            &["--animate", "--format", "svg", "--cell-size", "6"],
        ),
    ]);
    let r = &runs[2];
    assert_eq!(r.status, 0, "{}", r.stderr);
    let svg = roxmltree::Document::parse(&r.stdout).expect("well-formed SVG");
    let sets: Vec<f64> = svg
        .descendants()
        .filter(|n| n.has_tag_name("set"))
        .map(|n| {
            n.attribute("begin")
                .unwrap()
                .trim_end_matches('s')
                .parse()
                .unwrap()
        })
        .collect();
    let doc: serde_json::Value = serde_json::from_str(&runs[1].stdout).unwrap();
    let expected = doc["trace"].as_array().unwrap().len()
        + doc["solution"]["explored_order"].as_array().unwrap().len()
        + doc["solution"]["path"].as_array().unwrap().len();
    assert_eq!(sets.len(), expected);
    assert!(sets.windows(2).all(|w| w[0] <= w[1]), "in order");
    let page = run(
        "gridrender",
        &["--animate", "--format", "html"],
        &runs[1].stdout,
    );
    assert!(page.stdout.starts_with("<!DOCTYPE html>") && page.stdout.contains("<set "));
}

#[test]
fn what_cannot_be_animated_is_refused() {
    let maze = run("mazegen", &["--trace", "4"], "").stdout;
    run("gridrender", &["--animate", "-f", "png"], &maze).assert_error(
        "gridrender",
        2,
        "a PNG does not move",
    );
    run("gridrender", &["--animate"], &maze).assert_error(
        "gridrender",
        2,
        "--animate plays on a terminal",
    );
    let mines = run("mines", &["new", "--seed", "1"], "").stdout;
    run("gridrender", &["--animate", "-f", "svg"], &mines).assert_error(
        "gridrender",
        2,
        "only mazes are animated",
    );
    run(
        "gridrender",
        &["--animate", "--fps", "0", "-f", "svg"],
        &maze,
    )
    .assert_error("gridrender", 2, "frames a second");
}

/// A maze with no carving order and no solution has nothing to replay: gridrender says so,
/// and which flag records a story, rather than write a page that shows nothing.
#[test]
fn a_maze_with_nothing_to_replay_is_refused() {
    let dir = crate::harness::scratch("nothing-to-replay");
    let page = dir.join("a.html");
    let maze = crate::harness::run("mazegen", &["--seed", "1", "10"], "").stdout;
    let r = crate::harness::run(
        "gridrender",
        &["--animate", "-o", page.to_str().unwrap()],
        &maze,
    );
    r.assert_error("gridrender", 2, "nothing to replay");
    assert!(r.stderr.contains("mazegen --trace"), "{}", r.stderr);
    assert!(!page.exists(), "no page is written");
    let hex = crate::harness::run("mazegen", &["--tiling", "hex", "--seed", "1", "4"], "").stdout;
    crate::harness::run("gridrender", &["--animate", "--format", "html"], &hex).assert_error(
        "gridrender",
        2,
        "nothing to replay",
    );
}

/// The mazes beyond the plane, one of each topology, with `--endpoints farthest` so that each
/// solution takes a stair or crosses a seam (seed 3 does, for every one).
const BEYOND: [&[&str]; 6] = [
    &["--levels", "2", "4", "3"],
    &["--wrap", "x", "5", "4"],
    &["--wrap", "y", "5", "4"],
    &["--wrap", "xy", "5", "4"],
    &["--wrap", "mobius", "5", "4"],
    &["--tiling", "cube", "3"],
];

/// Pixels a cell in the pictures of these tests.
const CELL: f64 = 20.0;

/// Where the still picture draws position `[row, col]` of a maze beyond the plane, in cells
/// from the picture's first cell: levels side by side a column apart, the cube's net as a
/// cross (docs/format.md "Beyond the plane").
fn net_place(doc: &serde_json::Value, pos: &serde_json::Value) -> (f64, f64) {
    let (r, c) = (pos[0].as_u64().unwrap(), pos[1].as_u64().unwrap());
    let (w, h) = (
        doc["width"].as_u64().unwrap(),
        doc["height"].as_u64().unwrap(),
    );
    let (x, y) = match doc["tiling"].as_str().unwrap() {
        "levels" => ((r / h) * (w + 1) + c, r % h),
        "cube" => {
            let (fx, fy) = [(1, 1), (1, 0), (2, 1), (0, 1), (1, 2), (3, 1)][(r / h) as usize];
            (fx * h + c, fy * h + r % h)
        }
        _ => (c, r),
    };
    (x as f64, y as f64)
}

/// The moment a `<set>` inside `node` takes effect, and what it sets.
fn sets<'a>(node: roxmltree::Node<'a, 'a>) -> Vec<(f64, &'a str, &'a str)> {
    node.children()
        .filter(|n| n.has_tag_name("set"))
        .map(|n| {
            let begin = n.attribute("begin").unwrap().trim_end_matches('s');
            (
                begin.parse().unwrap(),
                n.attribute("attributeName").unwrap(),
                n.attribute("to").unwrap(),
            )
        })
        .collect()
}

fn number(node: roxmltree::Node, attribute: &str) -> f64 {
    node.attribute(attribute).unwrap().parse().unwrap()
}

/// The centre of a polygon's corners.
fn centroid(node: roxmltree::Node) -> (f64, f64) {
    let corners: Vec<(f64, f64)> = node
        .attribute("points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let n = corners.len() as f64;
    let sum = corners
        .iter()
        .fold((0.0, 0.0), |s, p| (s.0 + p.0, s.1 + p.1));
    (sum.0 / n, sum.1 / n)
}

fn near(a: (f64, f64), b: (f64, f64)) -> bool {
    (a.0 - b.0).abs() < 0.11 && (a.1 - b.1).abs() < 0.11
}

/// A picture's end: its walls, its marks, and its path's steps drawn as lines.
struct Frame {
    walls: Vec<String>,
    marks: Vec<String>,
    steps: Vec<[(i64, i64); 2]>,
}

/// What a picture shows at its end, for comparing a replay's last frame with the still:
/// the walls, the marks' texts and stairs, and the path's steps drawn as lines. A replay's
/// element counts as it is once every `<set>` has taken effect.
fn last_frame(svg: &roxmltree::Document) -> Frame {
    let mut walls = Vec::new();
    let mut marks = Vec::new();
    let mut steps = Vec::new();
    let round = |x: f64, y: f64| ((x * 10.0).round() as i64, (y * 10.0).round() as i64);
    for n in svg.descendants().filter(|n| n.is_element()) {
        let mut fill = n.attribute("fill").unwrap_or_default().to_string();
        for (_, attribute, to) in sets(n) {
            if attribute == "fill" {
                fill = to.to_string();
            }
        }
        let class = n.attribute("class").unwrap_or_default();
        match n.tag_name().name() {
            "path" => walls.push(n.attribute("d").unwrap().to_string()),
            "text" => marks.push(format!(
                "{class} {} {} {fill} {}",
                n.attribute("x").unwrap(),
                n.attribute("y").unwrap(),
                n.descendants()
                    .filter(|t| t.is_text())
                    .map(|t| t.text().unwrap_or_default())
                    .collect::<String>()
            )),
            "polygon" if class == "stairs" => {
                marks.push(format!("stairs {}", n.attribute("points").unwrap()))
            }
            "line" => steps.push([
                round(number(n, "x1"), number(n, "y1")),
                round(number(n, "x2"), number(n, "y2")),
            ]),
            "polyline" => {
                let points: Vec<(i64, i64)> = n
                    .attribute("points")
                    .unwrap()
                    .split(' ')
                    .map(|p| {
                        let (x, y) = p.split_once(',').unwrap();
                        round(x.parse().unwrap(), y.parse().unwrap())
                    })
                    .collect();
                steps.extend(points.windows(2).map(|w| [w[0], w[1]]));
            }
            _ => {}
        }
    }
    marks.sort();
    steps.sort();
    Frame {
        walls,
        marks,
        steps,
    }
}

/// Levels, each wrap and the cube replay as animated SVG in the still's layout: every carved
/// cell is uncovered where the still draws it (a step of the carving over a stair or a seam
/// lands on the cell the document names), each step of the solution over a stair or a seam
/// is a dot where it lands, never a line across the picture, and the last frame shows the
/// still's walls, labels, stairs, seam letters and path.
#[test]
fn mazes_beyond_the_plane_replay_in_the_stills_layout() {
    let cell = CELL.to_string();
    for args in BEYOND {
        let mut gen_args = vec!["--trace", "--seed", "3", "--endpoints", "farthest"];
        gen_args.extend_from_slice(args);
        let runs = pipeline(&[("mazegen", &gen_args[..]), ("mazesolve", &["--trace"])]);
        let text = &runs[1].stdout;
        let doc: serde_json::Value = serde_json::from_str(text).unwrap();
        let animate = [
            "--animate",
            "-f",
            "svg",
            "--fps",
            "10",
            "--cell-size",
            &cell,
        ];
        let r = run("gridrender", &animate, text);
        assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
        let svg = roxmltree::Document::parse(&r.stdout).expect("well-formed SVG");
        let still = run("gridrender", &["-f", "svg", "--cell-size", &cell], text);
        assert_eq!(still.status, 0, "{}", still.stderr);
        let still = roxmltree::Document::parse(&still.stdout).unwrap();

        // The carving: trace step k uncovers its cell at 0.5 + k / 10 seconds.
        let trace = doc["trace"].as_array().unwrap();
        let covers: Vec<((f64, f64), f64)> = svg
            .descendants()
            .filter(|n| n.has_tag_name("polygon"))
            .filter_map(|n| match sets(n)[..] {
                [(begin, "opacity", "0")] => Some((centroid(n), begin)),
                _ => None,
            })
            .collect();
        let mut seen = std::collections::HashSet::new();
        let mut origin = None;
        for (k, pos) in trace.iter().enumerate() {
            if !seen.insert(pos.to_string()) {
                continue;
            }
            let begin = format!("{:.3}", 0.5 + k as f64 * 0.1)
                .parse::<f64>()
                .unwrap();
            let at = covers
                .iter()
                .find(|c| c.1 == begin)
                .unwrap_or_else(|| panic!("{args:?}: no cell uncovered at {begin}s"))
                .0;
            let (x, y) = net_place(&doc, pos);
            let first = *origin.get_or_insert((at.0 - x * CELL, at.1 - y * CELL));
            assert!(
                near(at, (first.0 + x * CELL, first.1 + y * CELL)),
                "{args:?}: trace step {k} to {pos} uncovers the cell at {at:?}"
            );
        }
        assert_eq!(
            covers.len(),
            seen.len(),
            "{args:?}: one cover a carved cell"
        );
        let origin = origin.unwrap();
        let centre = |pos: &serde_json::Value| {
            let (x, y) = net_place(&doc, pos);
            (origin.0 + x * CELL, origin.1 + y * CELL)
        };

        // The path, step by step: a line between neighbours drawn side by side, a dot where a
        // stair or a seam lands.
        let path = doc["solution"]["path"].as_array().unwrap();
        let drawn: Vec<roxmltree::Node> = svg
            .descendants()
            .filter(|n| n.has_tag_name("line") || n.attribute("class") == Some("landing"))
            .collect();
        assert_eq!(drawn.len(), path.len() - 1, "{args:?}: an element a step");
        let mut jumps = 0;
        for (k, (step, n)) in path.windows(2).zip(&drawn).enumerate() {
            let (a, b) = (net_place(&doc, &step[0]), net_place(&doc, &step[1]));
            let beside = (a.0 - b.0).abs() + (a.1 - b.1).abs() == 1.0;
            if beside {
                assert!(n.has_tag_name("line"), "{args:?}: step {k} is a line");
                let ends = (
                    (number(*n, "x1"), number(*n, "y1")),
                    (number(*n, "x2"), number(*n, "y2")),
                );
                assert!(near(ends.0, centre(&step[0])) && near(ends.1, centre(&step[1])));
            } else {
                jumps += 1;
                assert!(
                    n.attribute("class") == Some("landing"),
                    "{args:?}: step {k} over a seam is a dot"
                );
                let at = (number(*n, "cx"), number(*n, "cy"));
                assert!(
                    near(at, centre(&step[1])),
                    "{args:?}: step {k} to {} lands at {at:?}",
                    step[1]
                );
            }
        }
        assert!(jumps > 0, "{args:?}: the solution takes a stair or a seam");

        // The last frame shows what the still shows.
        let (end, still) = (last_frame(&svg), last_frame(&still));
        assert_eq!(end.walls, still.walls, "{args:?}: the walls");
        assert_eq!(
            end.marks, still.marks,
            "{args:?}: labels, stairs, seam letters"
        );
        assert_eq!(end.steps, still.steps, "{args:?}: the path's lines");
    }
}

/// A maze beyond the plane replays as a page too, and a PNG of it is refused as any is.
#[test]
fn a_maze_beyond_the_plane_replays_as_a_page() {
    let maze = run("mazegen", &["--trace", "--wrap", "xy", "5", "4"], "").stdout;
    let page = run("gridrender", &["--animate", "--format", "html"], &maze);
    assert_eq!(page.status, 0, "{}", page.stderr);
    assert!(page.stdout.starts_with("<!DOCTYPE html>") && page.stdout.contains("<set "));
    run("gridrender", &["--animate", "-f", "png"], &maze).assert_error(
        "gridrender",
        2,
        "a PNG does not move",
    );
}

/// On a terminal, levels replay in the braille of their still drawing: the uncarved cells
/// solid, the stairs' arrows, each stage in turn, skipped by a key; the last frame is the
/// still drawing with the explored cells shaded.
#[test]
fn levels_replay_on_the_terminal_in_braille() {
    let Some(t) = Tmux::start("animate-levels") else {
        return;
    };
    t.run(&format!(
        "{} --trace --seed 3 --endpoints farthest --levels 2 4 3 | {} --trace | {} --animate \
         --fps 4; echo exit=$?",
        bin("mazegen"),
        bin("mazesolve"),
        bin("gridrender")
    ));
    let carving = t.wait_for("the carving", |s| s.contains("carving: "));
    assert!(carving.contains("level 1"), "{carving}");
    assert!(
        carving.contains('\u{28ff}'),
        "uncarved cells are solid:\n{carving}"
    );
    t.keys(&["x"]);
    t.wait_for("the search", |s| s.contains("searching: "));
    t.keys(&["x"]);
    let walking = t.wait_for("the walk", |s| s.contains("walking: "));
    assert!(
        walking.contains('\u{2191}') && walking.contains('\u{2193}'),
        "{walking}"
    );
    t.keys(&["x"]);
    t.wait_for("the end", |s| s.contains("done: any key to leave"));
    t.keys(&["x"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

/// A drawing larger than the terminal is refused, not cropped, naming the size it needs.
#[test]
fn a_cube_larger_than_the_terminal_is_refused_not_cropped() {
    let Some(t) = Tmux::start("animate-cube-big") else {
        return;
    };
    t.run(&format!(
        "{} --trace --tiling cube 30 | {} --animate; echo exit=$?",
        bin("mazegen"),
        bin("gridrender")
    ));
    let screen = t.wait_for("the refusal", |s| s.contains("exit=2"));
    assert!(screen.contains("the maze's drawing is"), "{screen}");
}

/// A Möbius strip and a cube replayed on a terminal end on their still text drawing, line for
/// line (solved without a search to shade).
#[test]
fn wrapped_and_cube_replays_end_on_the_still_drawing() {
    let dir = crate::harness::scratch("animate-beyond-terminal");
    for (name, args) in [
        ("mobius", &["--wrap", "mobius", "6", "4"][..]),
        ("cube", &["--tiling", "cube", "3"][..]),
    ] {
        let Some(t) = Tmux::start(&format!("animate-{name}")) else {
            return;
        };
        let mut gen_args = vec!["--trace", "--seed", "3", "--endpoints", "farthest"];
        gen_args.extend_from_slice(args);
        let runs = pipeline(&[("mazegen", &gen_args[..]), ("mazesolve", &[])]);
        let file = dir.join(format!("{name}.json"));
        std::fs::write(&file, &runs[1].stdout).unwrap();
        let still = run(
            "gridrender",
            &[
                "--format",
                "text",
                "--color",
                "never",
                file.to_str().unwrap(),
            ],
            "",
        );
        assert_eq!(still.status, 0, "{}", still.stderr);
        t.run(&format!(
            "{} --animate --fps 60 {}; echo exit=$?",
            bin("gridrender"),
            file.display()
        ));
        let screen = t.wait_for("the end", |s| s.contains("done: any key to leave"));
        let shown: Vec<&str> = screen.lines().map(str::trim_end).collect();
        let drawn: Vec<&str> = still.stdout.lines().collect();
        assert_eq!(&shown[..drawn.len()], &drawn[..], "{name}:\n{screen}");
        t.keys(&["x"]);
        t.wait_for("the shell", |s| s.contains("exit=0"));
    }
}
