//! `mazesolve --play` driven through tmux: the maze comes through a pipe, the keys from the
//! terminal, and the walk goes out as the solution.

use crate::harness::{Scratch, bin, pipeline, scratch};
use crate::tmux::Tmux;
use serde_json::Value;

/// The maze `mazegen` makes with `args`, solved, and its shortest path as (row, column) steps.
fn shortest_walk(args: &[&str]) -> (Value, Vec<(i64, i64)>) {
    let solved = pipeline(&[("mazegen", args), ("mazesolve", &[])]);
    let doc: Value = serde_json::from_str(&solved[1].stdout).unwrap();
    let path = doc["solution"]["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    (doc, path)
}

/// Starts `mazegen ARGS | mazesolve --play` in the terminal, with its best times kept in a
/// scratch folder; gives that folder and the file the walk is written to.
fn play(t: &Tmux, name: &str, args: &str) -> (Scratch, std::path::PathBuf) {
    let dir = scratch(name);
    let out = dir.join("walk.json");
    t.run(&format!(
        "export XDG_DATA_HOME={}; {} {args} | {} --play > {}; echo exit=$?",
        dir.display(),
        bin("mazegen"),
        bin("mazesolve"),
        out.display()
    ));
    (dir, out)
}

#[test]
fn walking_to_the_goal_writes_the_walk_as_the_solution() {
    let Some(t) = Tmux::start("maze-play") else {
        return;
    };
    // The keys of a shortest walk: one key a cell, two tiles a key.
    let (doc, path) = shortest_walk(&["--seed", "1", "4", "3"]);
    let keys: Vec<&str> = path
        .windows(2)
        .step_by(2)
        .map(|w| match (w[1].0 - w[0].0, w[1].1 - w[0].1) {
            (-1, 0) => "Up",
            (1, 0) => "Down",
            (0, -1) => "Left",
            _ => "Right",
        })
        .collect();
    let (dir, out) = play(&t, "maze-play", "--seed 1 4 3");
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    // A wall first: nothing happens.
    t.keys(&["Up"]);
    t.wait_for("no step into a wall", |s| s.contains("walked 0 cells"));
    t.keys(&keys);
    // The walk is counted in cells, and the solved screen waits for a key.
    let n = keys.len();
    let screen = t.wait_for("the solved screen", |s| s.contains("Any key ends"));
    assert!(
        screen.contains(&format!("Solved: {n} cells (shortest {n})")),
        "{screen}"
    );
    assert!(screen.contains("a new best for 4x3 cells"), "{screen}");
    t.keys(&["Enter"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
    let best = std::fs::read_to_string(dir.join("gridkit/maze-best.json")).unwrap();
    assert!(best.contains("\"4x3 cells\""), "{best}");
    let walked: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let sol = &walked["solution"];
    assert_eq!(sol["algorithm"], "human");
    assert_eq!(sol["path"], doc["solution"]["path"]);
    assert_eq!(sol["length"], doc["solution"]["length"]);
}

/// Quitting is no error (issue #61): the walk so far is written as the solution, marked in
/// `gave_up`, with status 0; the mazes after it in the stream are left unplayed.
#[test]
fn quitting_writes_the_walk_so_far_with_status_0() {
    let Some(t) = Tmux::start("maze-quit") else {
        return;
    };
    let (doc, path) = shortest_walk(&["--seed", "1", "5"]);
    // The first cell of the shortest way, then quit.
    let first = match (path[1].0 - path[0].0, path[1].1 - path[0].1) {
        (-1, 0) => "Up",
        (1, 0) => "Down",
        (0, -1) => "Left",
        _ => "Right",
    };
    let (_dir, out) = play(&t, "maze-quit", "--count 2 --seed 1 5");
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    t.keys(&[first]);
    t.wait_for("one step", |s| s.contains("walked 1 cell "));
    t.keys(&["q"]);
    // The command line shows `exit=$?`; the status is a digit.
    let screen = t.wait_for("the shell", |s| {
        ["exit=0", "exit=1", "exit=2"].iter().any(|e| s.contains(e))
    });
    assert!(screen.contains("exit=0"), "{screen}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.lines().count(), 1, "one maze answered: {text}");
    let walked: Value = serde_json::from_str(&text).unwrap();
    let sol = &walked["solution"];
    assert_eq!(sol["algorithm"], "human");
    assert_eq!(sol["gave_up"], "the player quit before the goal");
    assert_eq!(
        sol["path"],
        serde_json::json!(doc["solution"]["path"].as_array().unwrap()[..3])
    );
    assert_eq!(sol["length"], 2);
    assert_eq!(walked["goal"], doc["goal"]);
    // The walk so far draws as any solution does.
    let drawn = crate::harness::run("gridrender", &["--format", "text"], &text);
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
}

#[test]
fn a_crossing_lets_the_player_only_straight_on() {
    let Some(t) = Tmux::start("maze-weave") else {
        return;
    };
    // A plus of five cells (the corners left out) whose middle is a crossing, north-south
    // on top: from the west cell, Right reaches the crossing, Up is no way from the lower
    // passage, Right again reaches the goal.
    let dir = scratch("maze-weave");
    let maze = dir.join("plus.json");
    std::fs::write(
        &maze,
        r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"meta":{"cells":[3,3]}}"########,
    )
    .unwrap();
    let out = dir.join("walk.json");
    t.run(&format!(
        "export XDG_DATA_HOME={}; {} --play < {} > {}; echo exit=$?",
        dir.display(),
        bin("mazesolve"),
        maze.display(),
        out.display()
    ));
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    t.keys(&["Right"]);
    t.wait_for("on the crossing", |s| s.contains("walked 1 cell "));
    t.keys(&["Up", "Down"]);
    t.wait_for("no turn at a crossing", |s| s.contains("walked 1 cell "));
    t.keys(&["Right"]);
    let screen = t.wait_for("the solved screen", |s| s.contains("Any key ends"));
    assert!(screen.contains("Solved: 2 cells (shortest 2)"), "{screen}");
    t.keys(&["Enter"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
    let walked: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(
        walked["solution"]["path"],
        serde_json::json!([[3, 1], [3, 2], [3, 3], [3, 4], [3, 5]])
    );
}

#[test]
fn a_hex_maze_is_walked_with_six_keys() {
    let Some(t) = Tmux::start("hex-play") else {
        return;
    };
    let (doc, path) = shortest_walk(&["--tiling", "hex", "--seed", "2", "4", "3"]);
    // The key for each step, by the sides of a flat-topped hexagon in columns.
    let keys: Vec<&str> = path
        .windows(2)
        .map(|w| {
            let (dr, dc, odd) = (w[1].0 - w[0].0, w[1].1 - w[0].1, w[0].1 % 2 == 1);
            match (dr, dc, odd) {
                (-1, 0, _) => "w",
                (1, 0, _) => "s",
                (-1, 1, false) | (0, 1, true) => "e",
                (0, 1, false) | (1, 1, true) => "d",
                (0, -1, false) | (1, -1, true) => "a",
                _ => "q",
            }
        })
        .collect();
    let (_dir, out) = play(&t, "hex-play", "--tiling hex --seed 2 4 3");
    t.wait_for("the maze", |s| {
        s.contains("walked 0 cells") && s.contains("q w e / a s d")
    });
    t.keys(&keys);
    let n = keys.len();
    let screen = t.wait_for("the solved screen", |s| s.contains("Any key ends"));
    assert!(
        screen.contains(&format!("Solved: {n} cells (shortest {n})")),
        "{screen}"
    );
    t.keys(&["Enter"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
    let walked: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(walked["solution"]["algorithm"], "human");
    assert_eq!(walked["solution"]["path"], doc["solution"]["path"]);
    assert_eq!(walked["tiling"], "hex");
}

/// On a hex maze Esc quits (q walks north-west), and the walk so far is written too.
#[test]
fn quitting_a_hex_maze_writes_the_walk_so_far() {
    let Some(t) = Tmux::start("hex-quit") else {
        return;
    };
    let (_dir, out) = play(&t, "hex-quit", "--tiling hex --seed 2 4 3");
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    t.keys(&["Escape"]);
    let screen = t.wait_for("the shell", |s| {
        ["exit=0", "exit=1", "exit=2"].iter().any(|e| s.contains(e))
    });
    assert!(screen.contains("exit=0"), "{screen}");
    let walked: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(walked["solution"]["path"], serde_json::json!([[0, 0]]));
    assert_eq!(walked["solution"]["length"], 0);
    assert_eq!(
        walked["solution"]["gave_up"],
        "the player quit before the goal"
    );
    assert_eq!(walked["tiling"], "hex");
}
