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
