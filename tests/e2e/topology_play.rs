//! `mazesolve --play` beyond the plane, driven through tmux: a scripted walk up and down the
//! stairs of levels, across the seam of wrapped mazes, and over the edges of a cube (the view
//! turning with the walker), each to the goal, and the document written after it.

use crate::harness::{bin, pipeline, scratch};
use crate::tmux::Tmux;
use serde_json::Value;

/// The maze `mazegen` makes with `args`, solved by bfs with `--stats`, and its path as
/// (row, column) cells.
fn shortest_walk(args: &[&str]) -> (Value, Vec<(i64, i64)>) {
    let solved = pipeline(&[("mazegen", args), ("mazesolve", &["--stats"])]);
    let doc: Value = serde_json::from_str(&solved[1].stdout).unwrap();
    let path = doc["solution"]["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect();
    (doc, path)
}

/// Plays `mazegen ARGS | mazesolve --play` with `keys`, waiting for `first` on the screen
/// before typing, and checks the solved screen, the exit status and the walk written: the
/// shortest path, algorithm "human". Gives the last screen before the goal was reached.
fn play_to_the_goal(name: &str, args: &[&str], keys: &[&str], first: &str) -> String {
    let Some(t) = Tmux::start(name) else {
        return String::new();
    };
    let (doc, _) = shortest_walk(args);
    let dir = scratch(name);
    let out = dir.join("walk.json");
    t.run(&format!(
        "export XDG_DATA_HOME={}; {} {} | {} --play > {}; echo exit=$?",
        dir.display(),
        bin("mazegen"),
        args.join(" "),
        bin("mazesolve"),
        out.display()
    ));
    // The whole first screen: its last line says how to quit.
    let before = t.wait_for("the maze", |s| {
        s.contains("walked 0 cells") && s.contains(first) && s.contains("quits")
    });
    for key in keys {
        t.keys(&[key]);
    }
    let n = keys.len();
    let screen = t.wait_for("the solved screen", |s| s.contains("Any key ends"));
    assert!(
        screen.contains(&format!("Solved: {n} cells (shortest {n})")),
        "{screen}"
    );
    t.keys(&["Enter"]);
    let shell = t.wait_for("the shell", |s| {
        s.contains("exit=0") || s.contains("exit=1")
    });
    assert!(shell.contains("exit=0"), "{shell}");
    let walked: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    let sol = &walked["solution"];
    assert_eq!(sol["algorithm"], "human");
    assert_eq!(sol["path"], doc["solution"]["path"]);
    assert_eq!(sol["length"], doc["solution"]["length"]);
    assert!(sol.get("gave_up").is_none(), "{sol}");
    assert_eq!(walked["tiling"], doc["tiling"]);
    before
}

/// The arrow for a step on a flat rectangle `w` x `h` whose edges may be joined: one cell
/// over, or from one edge to the other (a Möbius seam flips the row, which changes nothing
/// here: the step still leaves by the east or west edge).
fn flat_key(from: (i64, i64), to: (i64, i64), w: i64, h: i64) -> &'static str {
    let (dr, dc) = (to.0 - from.0, to.1 - from.1);
    if dc == 1 || (dc == -(w - 1) && w > 1) {
        "Right"
    } else if dc == -1 || dc == w - 1 {
        "Left"
    } else if dr == 1 || dr == -(h - 1) {
        "Down"
    } else {
        "Up"
    }
}

#[test]
fn a_levels_maze_is_walked_up_and_down_its_stairs() {
    let args = ["--levels", "3", "--seed", "1", "4", "3"];
    let (doc, path) = shortest_walk(&args);
    assert!(doc["stats"]["stairs"].as_u64().unwrap() >= 2, "{doc}");
    // A step of a level's height in rows is a stair: up to the next level, or down.
    let keys: Vec<&str> = path
        .windows(2)
        .map(|w| match w[1].0 - w[0].0 {
            3 => "u",
            -3 => "d",
            _ => flat_key(w[0], w[1], 4, 3),
        })
        .collect();
    assert!(keys.contains(&"u") && keys.contains(&"d"), "{keys:?}");
    let screen = play_to_the_goal("levels-play", &args, &keys, "level 3");
    if screen.is_empty() {
        return;
    }
    // Every level is on the screen, and the keys the stairs need.
    assert!(
        screen.contains("level 1") && screen.contains("level 2"),
        "{screen}"
    );
    assert!(screen.contains("level 1 of 3, goal on level 3"), "{screen}");
    assert!(screen.contains("u / d take stairs"), "{screen}");
    assert!(screen.contains("q quits"), "{screen}");
}

#[test]
fn stairs_go_only_where_a_passage_climbs() {
    let Some(t) = Tmux::start("levels-no-stairs") else {
        return;
    };
    let dir = scratch("levels-no-stairs");
    t.run(&format!(
        "{} --levels 3 --seed 1 4 3 | {} --play > {}; echo exit=$?",
        bin("mazegen"),
        bin("mazesolve"),
        dir.join("walk.json").display()
    ));
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    // The start (level 1, row 0, column 0) has stairs up and none down.
    t.wait_for("stairs up", |s| {
        s.contains("level 1 of 3, goal on level 3, stairs up here")
    });
    t.keys(&["d"]);
    t.wait_for("no stairs down", |s| s.contains("walked 0 cells"));
    t.keys(&["u"]);
    let screen = t.wait_for("level 2", |s| s.contains("walked 1 cell "));
    assert!(
        screen.contains("level 2 of 3, goal on level 3, stairs down here"),
        "{screen}"
    );
    t.keys(&["u"]);
    t.wait_for("no stairs up", |s| s.contains("walked 1 cell "));
    // Quitting on level 2 writes the walk so far, up the stairs.
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
    let text = std::fs::read_to_string(dir.join("walk.json")).unwrap();
    let walked: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        walked["solution"]["path"],
        serde_json::json!([[0, 0], [3, 0]])
    );
    assert_eq!(
        walked["solution"]["gave_up"],
        "the player quit before the goal"
    );
}

#[test]
fn a_wrapped_maze_is_walked_across_its_seam() {
    // The Möbius strip's corners meet across its seam: its goal is in the middle.
    for (wrap, seed, goal) in [
        ("x", "2", "2,4"),
        ("xy", "1", "2,4"),
        ("mobius", "6", "1,2"),
    ] {
        let args = [
            "--wrap", wrap, "--seed", seed, "--start", "0,0", "--goal", goal, "5", "3",
        ];
        let (doc, path) = shortest_walk(&args);
        assert!(
            doc["stats"]["seams"].as_u64().unwrap() >= 1,
            "{wrap}: {doc}"
        );
        let keys: Vec<&str> = path
            .windows(2)
            .map(|w| flat_key(w[0], w[1], 5, 3))
            .collect();
        let screen = play_to_the_goal(&format!("wrap-{wrap}-play"), &args, &keys, "wrapped");
        if screen.is_empty() {
            return;
        }
        assert!(screen.contains(&format!("wrapped {wrap}:")), "{screen}");
        if wrap == "mobius" {
            // Row 0's ways across: out on the right at `a`, back in on row 2's left at `a`;
            // row 0's left edge is row 2's right, `c`.
            let lines: Vec<&str> = screen.lines().collect();
            assert!(lines[2].starts_with(" c()"), "{screen}");
            assert!(lines[2].trim_end().ends_with('a'), "{screen}");
            assert!(lines[6].starts_with(" a"), "{screen}");
            assert!(lines[6].trim_end().ends_with('c'), "{screen}");
        }
    }
}

/// The face across each side (N, E, S, W) of each face, as docs/format.md's net joins them.
const BEYOND: [[usize; 4]; 6] = [
    [1, 2, 4, 3],
    [5, 2, 0, 3],
    [1, 5, 4, 0],
    [1, 0, 4, 5],
    [0, 2, 5, 3],
    [1, 3, 4, 2],
];

/// The arrows that walk `path` on a cube of faces `n` a side, the view turning over each
/// edge so that the way the walker goes stays the way the arrow points.
fn cube_keys(path: &[(i64, i64)], n: i64) -> Vec<&'static str> {
    const ARROWS: [&str; 4] = ["Up", "Right", "Down", "Left"];
    let face = |p: (i64, i64)| (p.0 / n) as usize;
    let mut turn = 0;
    let mut keys = Vec::new();
    for w in path.windows(2) {
        let (a, b) = (w[0], w[1]);
        let (fa, fb) = (face(a), face(b));
        let d = if fa == fb {
            match (b.0 - a.0, b.1 - a.1) {
                (-1, 0) => 0,
                (0, 1) => 1,
                (1, 0) => 2,
                _ => 3,
            }
        } else {
            BEYOND[fa].iter().position(|&f| f == fb).unwrap()
        };
        let screen = (d + 4 - turn) % 4;
        keys.push(ARROWS[screen]);
        if fa != fb {
            let back = BEYOND[fb].iter().position(|&f| f == fa).unwrap();
            turn = (back + 2 + 4 - screen) % 4;
        }
    }
    keys
}

#[test]
fn a_cube_maze_is_walked_over_its_edges_the_view_following() {
    let args = ["--tiling", "cube", "--seed", "1", "3"];
    let (doc, path) = shortest_walk(&args);
    assert!(doc["stats"]["seams"].as_u64().unwrap() >= 3, "{doc}");
    let keys = cube_keys(&path, 3);
    let screen = play_to_the_goal("cube-play", &args, &keys, "face front");
    if screen.is_empty() {
        return;
    }
    assert!(
        screen.contains("face front (north top, east right, south bottom, west left)"),
        "{screen}"
    );
    assert!(screen.contains("goal on the back face"), "{screen}");
}

#[test]
fn over_a_cube_edge_the_view_turns_with_the_walker() {
    let Some(t) = Tmux::start("cube-turn") else {
        return;
    };
    let args = ["--tiling", "cube", "--seed", "1", "3"];
    let (_, path) = shortest_walk(&args);
    let keys = cube_keys(&path, 3);
    let dir = scratch("cube-turn");
    t.run(&format!(
        "{} {} | {} --play > {}; echo exit=$?",
        bin("mazegen"),
        args.join(" "),
        bin("mazesolve"),
        dir.join("walk.json").display()
    ));
    t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    // Down the front face and over its bottom edge: the bottom face, walked on southward,
    // shows the front behind (north) and the back ahead (south), unturned.
    let over = path.iter().position(|p| p.0 >= 9).unwrap();
    t.keys(&keys[..over]);
    let screen = t.wait_for("the bottom face", |s| s.contains("walked 5 cells"));
    assert!(
        screen.contains("face bottom (north front, east right, south back, west left)"),
        "{screen}"
    );
    // The net places the turned view: the player's face in brackets, the goal's starred.
    assert!(screen.contains("[bottom]"), "{screen}");
    assert!(screen.contains(" back*"), "{screen}");
    // Later the walk comes down the left face (its column 2 is the one beside the front)
    // and over its bottom edge, which is the bottom face's west edge: the walker now goes
    // east on the bottom face, so the view turns a quarter, the left face behind (north).
    let again = path.iter().position(|&p| p == (12, 0)).unwrap();
    assert_eq!(keys[again - 1], "Down", "{keys:?}");
    t.keys(&keys[over..again]);
    let screen = t.wait_for("the bottom face again", |s| {
        s.contains(&format!("walked {again} cells"))
    });
    assert!(
        screen.contains("face bottom (north left, east front, south right, west back)"),
        "{screen}"
    );
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}

/// Three levels of 10 x 8 are 126 columns drawn two characters a tile: in 80 columns they
/// are drawn one character a tile, all three still on the screen.
#[test]
fn levels_too_wide_for_the_terminal_are_drawn_narrow() {
    let Some(t) = Tmux::start("levels-narrow") else {
        return;
    };
    let dir = scratch("levels-narrow");
    t.run(&format!(
        "{} --levels 3 --seed 1 10 8 | {} --play > {}; echo exit=$?",
        bin("mazegen"),
        bin("mazesolve"),
        dir.join("walk.json").display()
    ));
    let screen = t.wait_for("the maze", |s| s.contains("walked 0 cells"));
    assert!(
        screen.contains("level 1") && screen.contains("level 3"),
        "{screen}"
    );
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines[2].starts_with("█@█"), "{screen}");
    assert!(lines.iter().all(|l| l.chars().count() <= 80), "{screen}");
    t.keys(&["q"]);
    t.wait_for("the shell", |s| s.contains("exit=0"));
}
