//! Pages that play mazes beyond the plane (`gridrender --play` on levels, wrapped edges and
//! the cube), walked in headless Chromium with real key and tap events through
//! puppeteer-core (tests/browser/walk.mjs): each page is walked along mazesolve's solution,
//! the keys worked out here from the document's rules, and the position the page exposes
//! (docs/format.md, "Pages that play") is checked step by step, through the stairs, the
//! seams and the cube's edges.

use crate::harness::{json_of, run, scratch};
use crate::play::{browser_script, puppeteer};
use serde_json::{Value, json};
use std::process::Command;

/// A maze made by `mazegen args`, its page written to `dir/name`, and the solution's cells
/// as (row, column) of the document.
fn page_and_path(dir: &std::path::Path, name: &str, args: &[&str]) -> (String, Vec<(i64, i64)>) {
    let maze = run("mazegen", args, "").stdout;
    let page = dir.join(name);
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &maze,
    );
    assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
    (page.to_str().unwrap().to_string(), solution(&maze))
}

/// The cells of mazesolve's solution of `maze`, as (row, column) of the document.
fn solution(maze: &str) -> Vec<(i64, i64)> {
    let solved = run("mazesolve", &[], maze).doc();
    solved["solution"]["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), p[1].as_i64().unwrap()))
        .collect()
}

/// Where the page says the walker is after each action, and its ending, in a 1000 x 1000
/// window.
fn walk(
    modules: &std::path::Path,
    chromium: &std::path::Path,
    page: &str,
    actions: &Value,
) -> Value {
    walk_in(modules, chromium, page, actions, false)
}

/// [`walk`], in a phone's 375 x 667 window when `phone`.
fn walk_in(
    modules: &std::path::Path,
    chromium: &std::path::Path,
    page: &str,
    actions: &Value,
    phone: bool,
) -> Value {
    let page = std::path::Path::new(page);
    let script = browser_script(page.parent().unwrap(), "walk.mjs", modules);
    let mut cmd = Command::new("node");
    cmd.arg(&script)
        .arg(chromium)
        .arg(page)
        .arg(actions.to_string());
    if phone {
        cmd.arg("phone");
    }
    json_of(&mut cmd)
}

/// The arrow key for a step of `(dr, dc)` on the page.
fn arrow(dr: i64, dc: i64) -> &'static str {
    match (dr.signum(), dc.signum()) {
        (-1, 0) => "ArrowUp",
        (1, 0) => "ArrowDown",
        (0, -1) => "ArrowLeft",
        (0, 1) => "ArrowRight",
        step => panic!("no arrow for {step:?}"),
    }
}

/// The page's (row, column) after each action.
fn cells_seen(walked: &Value) -> Vec<(i64, i64)> {
    walked["seen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = |k: &str| s[k].as_str().unwrap().parse::<i64>().unwrap();
            (n("walkerRow"), n("walkerCol"))
        })
        .collect()
}

/// Checks that the walk went cell by cell along `path` and ended solved, saying so, and
/// was drawn without a line across the picture for a step over a stair or a seam.
fn assert_walked(walked: &Value, path: &[(i64, i64)], what: &str) {
    assert_eq!(cells_seen(walked), path[1..], "{what}");
    let longest = walked["longest"].as_f64().unwrap();
    assert!(longest <= 1.5, "{what}: a line {longest} cells long");
    assert_eq!(walked["over"], 0, "{what}: marks drawn over the walker");
    assert_eq!(walked["end"]["state"], "solved", "{what}: {walked}");
    let steps = path.len() - 1;
    let status = walked["status"].as_str().unwrap();
    assert!(
        status.contains(&format!("the shortest {steps}")),
        "{what}: {status}"
    );
}

/// Three levels: walked with the arrows and the stairs keys, PageUp and PageDown the way
/// the solution climbs; the page says the level it is on. The stairs' buttons climb too.
#[test]
fn a_levels_page_is_walked_up_and_down_its_stairs() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("pages-beyond-levels");
    let (page, path) = page_and_path(&dir, "lv.html", &["--levels", "3", "--seed", "1", "8", "6"]);
    let level = |r: i64| r / 6;
    let mut keys = Vec::new();
    let mut climbs = 0;
    for w in path.windows(2) {
        let ((r, c), (r2, c2)) = (w[0], w[1]);
        keys.push(match level(r2) - level(r) {
            1 => "PageUp",
            -1 => "PageDown",
            _ => arrow(r2 - r, c2 - c),
        });
        climbs += usize::from(level(r2) != level(r));
    }
    assert!(climbs > 0, "the solution takes no stairs");
    let walked = walk(&modules, &chromium, &page, &json!(keys));
    assert_walked(&walked, &path, "levels");
    let levels: Vec<i64> = walked["seen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["walkerLevel"].as_str().unwrap().parse().unwrap())
        .collect();
    let expected: Vec<i64> = path[1..].iter().map(|&(r, _)| level(r)).collect();
    assert_eq!(levels, expected);
    assert!(walked["keys"].as_str().unwrap().contains("PageUp"));

    // Up to the first stair with the keys, then the button: the same place; R and F too.
    let first = keys.iter().position(|k| k.starts_with("Page")).unwrap();
    let mut by_button: Vec<Value> = keys[..first].iter().map(|k| json!(k)).collect();
    let button = if keys[first] == "PageUp" {
        "#up"
    } else {
        "#down"
    };
    by_button.push(json!({ "tap": button }));
    let walked = walk(&modules, &chromium, &page, &Value::Array(by_button));
    assert_eq!(cells_seen(&walked).last(), Some(&path[first + 1]));
    // One step is said as one.
    let walked = walk(&modules, &chromium, &page, &json!([keys[0]]));
    let status = walked["status"].as_str().unwrap();
    assert!(status.contains("Moves 1 · path 1 step ·"), "{status}");
    let letters: Vec<&str> = keys
        .iter()
        .map(|&k| match k {
            "PageUp" => "r",
            "PageDown" => "f",
            k => k,
        })
        .collect();
    let walked = walk(&modules, &chromium, &page, &json!(letters));
    assert_walked(&walked, &path, "levels with R and F");

    // On a phone the walker's level is drawn alone, large enough to touch, and follows the
    // stairs; all side by side its cells would be 12 px.
    let walked = walk_in(&modules, &chromium, &page, &json!(keys), true);
    assert_walked(&walked, &path, "levels on a phone");
    let cell = walked["cell"].as_f64().unwrap();
    assert!(cell >= 20.0, "{cell} px a cell");
}

/// Each wrap walked along its solution with the arrows: a step off an edge comes back on
/// the other side (on the Möbius strip, on the row flipped), as the page's position says.
#[test]
fn wrapped_pages_are_walked_over_their_seams() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("pages-beyond-wrapped");
    let (w, h) = (12, 8);
    for wrap in ["xy", "mobius", "x", "y"] {
        let mut crossed = 0;
        for seed in 1..20 {
            let seed = seed.to_string();
            let (page, path) = page_and_path(
                &dir,
                &format!("{wrap}.html"),
                &["--wrap", wrap, "--seed", &seed, "12", "8"],
            );
            let keys: Vec<&str> = path
                .windows(2)
                .map(|s| {
                    let ((r, c), (r2, c2)) = (s[0], s[1]);
                    if c2 == c {
                        arrow(if (r2 - r).rem_euclid(h) == 1 { 1 } else { -1 }, 0)
                    } else {
                        arrow(0, if (c2 - c).rem_euclid(w) == 1 { 1 } else { -1 })
                    }
                })
                .collect();
            crossed = path
                .windows(2)
                .filter(|s| (s[0].0 - s[1].0).abs() + (s[0].1 - s[1].1).abs() > 1)
                .count();
            if crossed == 0 {
                continue;
            }
            let walked = walk(&modules, &chromium, &page, &json!(keys));
            assert_walked(&walked, &path, wrap);
            assert!(walked["keys"].as_str().unwrap().contains("other side"));
            // A tap on the seam's letter beside the walker crosses it as the key does.
            let k = path
                .windows(2)
                .position(|s| (s[0].0 - s[1].0).abs() + (s[0].1 - s[1].1).abs() > 1)
                .unwrap();
            let (r, c) = path[k + 1];
            let mut actions: Vec<Value> = keys[..k].iter().map(|k| json!(k)).collect();
            actions.push(json!({ "tap": format!(".over[data-to=\"{}\"]", r * w + c) }));
            let tapped = walk(&modules, &chromium, &page, &Value::Array(actions));
            assert_eq!(
                cells_seen(&tapped).last(),
                Some(&path[k + 1]),
                "{wrap}: tapped"
            );
            // So does a drag from the walker's cell off the edge the key would leave by.
            let (r0, c0) = path[k];
            let by = match keys[k] {
                "ArrowUp" => [0.0, -1.1],
                "ArrowDown" => [0.0, 1.1],
                "ArrowLeft" => [-1.1, 0.0],
                _ => [1.1, 0.0],
            };
            let mut actions: Vec<Value> = keys[..k].iter().map(|k| json!(k)).collect();
            let walker = format!("[data-row=\"{r0}\"][data-col=\"{c0}\"]");
            actions.push(json!({ "drag": walker, "by": by }));
            let dragged = walk(&modules, &chromium, &page, &Value::Array(actions));
            assert_eq!(
                cells_seen(&dragged).last(),
                Some(&path[k + 1]),
                "{wrap}: dragged"
            );
            break;
        }
        assert!(crossed > 0, "{wrap}: no seed's solution crosses a seam");
    }
}

/// The faces each face of the cube meets north, east, south and west, as its net is drawn
/// (docs/format.md: the cube's faces).
const MEETS: [[usize; 4]; 6] = [
    [1, 2, 4, 3], // front: top, right, bottom, left
    [5, 2, 0, 3], // top: back, right, front, left
    [1, 5, 4, 0], // right: top, back, bottom, front
    [1, 0, 4, 5], // left: top, front, bottom, back
    [0, 2, 5, 3], // bottom: front, right, back, left
    [1, 3, 4, 2], // back: top, left, bottom, right
];

/// The keys that walk the cube along `path` (faces of `n` cells a side) on the page whose
/// view follows the walker, and the view's quarter turns after each step, worked out here as
/// mazesolve's terminal game does (tools/mazesolve/play_topo.rs): screen north is the side
/// `turn` of the walker's face; over an edge the walker lands by the next face's side `back`
/// and goes on opposite it, so the arrow pressed (screen way `d`) still points its way once
/// `turn` is `back + 2 - d`. Also the edges crossed, each as its two faces.
fn cube_keys(path: &[(i64, i64)], n: i64) -> (Vec<&'static str>, Vec<u8>, Vec<(usize, usize)>) {
    let (mut keys, mut turns, mut edges) = (Vec::new(), Vec::new(), Vec::new());
    let mut turn = 0;
    for s in path.windows(2) {
        let ((r, c), (r2, c2)) = (s[0], s[1]);
        let (face, face2) = ((r / n) as usize, (r2 / n) as usize);
        let side = if face == face2 {
            match (r2 - r, c2 - c) {
                (-1, 0) => 0,
                (0, 1) => 1,
                (1, 0) => 2,
                _ => 3,
            }
        } else {
            let (r, c) = (r % n, c % n);
            (0..4)
                .find(|&d| MEETS[face][d] == face2 && [r == 0, c == n - 1, r == n - 1, c == 0][d])
                .expect("a step over an edge leaves by a side on it")
        };
        let d = (side + 4 - turn) % 4;
        keys.push(["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"][d]);
        if face != face2 {
            let back = (0..4).find(|&b| MEETS[face2][b] == face).unwrap();
            turn = (back + 2 + 4 - d) % 4;
            edges.push((face.min(face2), face.max(face2)));
        }
        turns.push(turn as u8);
    }
    (keys, turns, edges)
}

/// The faces the page says the walker is on, and its view's turns, after each action.
fn faces_and_turns(walked: &Value) -> (Vec<String>, Vec<u8>) {
    let seen = walked["seen"].as_array().unwrap();
    let face = |s: &Value| s["walkerFace"].as_str().unwrap().to_string();
    let turn = |s: &Value| s["walkerTurn"].as_str().unwrap().parse().unwrap();
    (
        seen.iter().map(face).collect(),
        seen.iter().map(turn).collect(),
    )
}

/// Checks that each cell across an open edge of the walker's face (at the walk's end) is
/// drawn in its strip a cell over from the cell it meets, as on the cube.
fn assert_strips_meet(walked: &Value, what: &str) {
    let strips = &walked["strips"];
    let worst = strips["worst"].as_f64().unwrap();
    assert!(worst < 1e-3, "{what}: {strips}");
    // Every face of a cube maze has a passage over one of its edges at least.
    assert!(strips["checked"].as_u64().unwrap() > 0, "{what}: {strips}");
}

/// The cube walked along its solutions with the arrows as they point on the turned face:
/// over an edge the view turns so that the arrow pressed goes on the way the walker went
/// (from the top north onto the back, Up goes on down the back, not back onto the top).
/// Mazes are walked until every one of the 12 edges has been crossed; the page says the
/// face it is on and the view's turn at each step.
#[test]
fn a_cube_page_turns_its_view_over_every_edge() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("pages-beyond-cube");
    let n = 3;
    let names = ["front", "top", "right", "left", "bottom", "back"];
    let mut crossed = std::collections::BTreeSet::new();
    let mut dragged = false;
    for seed in 1..40 {
        let seed = seed.to_string();
        let size = n.to_string();
        let args = ["--tiling", "cube", "--seed", &seed, &size];
        let maze = run("mazegen", &args, "").stdout;
        let path = solution(&maze);
        let (keys, turns, edges) = cube_keys(&path, n);
        // Once, a step over an edge with the view turned, to be taken by a drag too.
        let drag = (1..keys.len())
            .find(|&k| turns[k - 1] != 0 && path[k].0 / n != path[k + 1].0 / n)
            .filter(|_| !dragged);
        if drag.is_none() && edges.iter().all(|e| crossed.contains(e)) {
            continue;
        }
        let (page, _) = page_and_path(&dir, "cube.html", &args);
        let walked = walk(&modules, &chromium, &page, &json!(keys));
        assert_walked(&walked, &path, &format!("cube, seed {seed}"));
        let (faces, seen_turns) = faces_and_turns(&walked);
        let expected: Vec<&str> = path[1..]
            .iter()
            .map(|&(r, _)| names[(r / n) as usize])
            .collect();
        assert_eq!(faces, expected, "seed {seed}");
        assert_eq!(seen_turns, turns, "seed {seed}");
        assert_strips_meet(&walked, &seed);
        if let Some(k) = drag {
            // A drag from the walker's cell off the turned face, the way the key points,
            // crosses that edge as the key does.
            dragged = true;
            let (r0, c0) = path[k];
            let by = match keys[k] {
                "ArrowUp" => [0.0, -1.1],
                "ArrowDown" => [0.0, 1.1],
                "ArrowLeft" => [-1.1, 0.0],
                _ => [1.1, 0.0],
            };
            let mut actions: Vec<Value> = keys[..k].iter().map(|k| json!(k)).collect();
            let walker = format!("[data-row=\"{r0}\"][data-col=\"{c0}\"]");
            actions.push(json!({ "drag": walker, "by": by }));
            let walked = walk(&modules, &chromium, &page, &Value::Array(actions));
            assert_eq!(cells_seen(&walked).last(), Some(&path[k + 1]), "dragged");
            assert_eq!(faces_and_turns(&walked).1.last(), Some(&turns[k]));
        }
        crossed.extend(edges);
        if crossed.len() == 12 {
            break;
        }
    }
    assert_eq!(crossed.len(), 12, "edges crossed: {crossed:?}");
    assert!(dragged, "no walk crossed an edge with the view turned");
}

/// On a phone the walker's face is drawn large, cells of 20 px and more (on the whole net a
/// cube of 5 would be 15 px a cell), and walked by the turned arrows as on a wide screen;
/// the keys line says the view turns.
#[test]
fn a_cube_page_on_a_phone_draws_the_face_large() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("pages-beyond-cube-phone");
    let (page, path) = page_and_path(&dir, "cube.html", &["--tiling", "cube", "--seed", "5", "5"]);
    let (keys, turns, edges) = cube_keys(&path, 5);
    assert!(edges.len() > 2, "the solution crosses few edges");
    let walked = walk_in(&modules, &chromium, &page, &json!(keys), true);
    assert_walked(&walked, &path, "cube on a phone");
    assert_eq!(faces_and_turns(&walked).1, turns);
    assert_strips_meet(&walked, "cube on a phone");
    // Start again, from the view turned: the view turns back with the walker.
    let turned = turns.iter().position(|&t| t != 0).unwrap();
    let mut again: Vec<Value> = keys[..=turned].iter().map(|k| json!(k)).collect();
    again.push(json!({ "tap": "#again" }));
    again.extend(keys.iter().map(|k| json!(k)));
    let walked = walk_in(&modules, &chromium, &page, &Value::Array(again), true);
    assert_eq!(walked["end"]["state"], "solved", "{walked}");
    let seen = faces_and_turns(&walked).1;
    assert_eq!(seen[turned + 1], 0, "the view after starting again");
    assert_eq!(seen[turned + 2..], turns);
    let cell = walked["cell"].as_f64().unwrap();
    assert!(cell >= 20.0, "{cell} px a cell");
    assert!(walked["keys"].as_str().unwrap().contains("view turns"));
}

/// A maze beyond the plane too large to play is refused as a flat one is, and a document
/// whose stairs lead nowhere is refused as every tool refuses it: one line, exit 2, no page.
#[test]
fn pages_beyond_the_plane_refuse_what_they_cannot_play() {
    let dir = scratch("pages-beyond-refused");
    let page = dir.join("p.html");
    let out = page.to_str().unwrap();
    let big = run(
        "mazegen",
        &["--levels", "4", "--seed", "1", "160", "160"],
        "",
    )
    .stdout;
    let r = run("gridrender", &["--play", "-o", out], &big);
    r.assert_error(
        "gridrender",
        2,
        "at most 90000 cells, and this one has 102400",
    );
    let nowhere = r#"{"kind":"maze","version":1,"tiling":"levels","width":2,"height":1,"levels":2,"cells":["00","40"],"start":[0,0],"goal":[1,1]}"#;
    let r = run("gridrender", &["--play", "-o", out], nowhere);
    r.assert_error("gridrender", 2, "stairs up");
    assert!(!page.exists());
}
