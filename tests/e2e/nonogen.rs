//! nonogen end to end: every puzzle it writes is proved unique, and of the difficulty asked,
//! by nonosolve's exhaustive search (`--all`), not by nonogen's own word; pictures are
//! repaired; files in other formats read back as the same puzzle; bad flags and pictures
//! are refused.

use crate::harness::{run, scratch};
use serde_json::Value;

/// nonosolve --all on a document: (status, number of solutions, method, the grid found).
fn proved(doc: &str) -> (String, u64, String, Vec<String>) {
    let solved = run("nonosolve", &["--all"], doc);
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    let d = solved.doc();
    let s = &d["solution"];
    let grid = d["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    (
        s["status"].as_str().unwrap().into(),
        s["solutions"].as_u64().unwrap(),
        s["method"].as_str().unwrap().into(),
        grid,
    )
}

fn key(doc: &Value) -> Vec<String> {
    doc["key"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn random_puzzles_are_unique_and_of_the_difficulty_asked() {
    for (difficulty, size) in [("line", "12"), ("line", "7"), ("probing", "12")] {
        let made = run(
            "nonogen",
            &[
                "--seed",
                "5",
                "--count",
                "4",
                "--difficulty",
                difficulty,
                size,
            ],
            "",
        );
        assert_eq!(made.status, 0, "{}", made.stderr);
        for (i, doc) in made.docs().iter().enumerate() {
            assert_eq!(doc["meta"]["seed"], 5 + i as u64);
            assert_eq!(doc["meta"]["difficulty"], difficulty);
            assert!(
                doc["grid"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|r| { r.as_str().unwrap().bytes().all(|b| b == b'?') })
            );
            let (status, n, method, grid) = proved(&doc.to_string());
            assert_eq!((status.as_str(), n), ("unique", 1), "{doc}");
            assert_eq!(method, difficulty, "{doc}");
            assert_eq!(grid, key(doc), "the one solution is the key");
        }
    }
}

#[test]
fn a_puzzle_that_needs_search_is_made_and_proved() {
    let made = run(
        "nonogen",
        &["--seed", "2", "--difficulty", "search", "20"],
        "",
    );
    assert_eq!(made.status, 0, "{}", made.stderr);
    let (status, n, method, _) = proved(&made.stdout);
    assert_eq!(
        (status.as_str(), n, method.as_str()),
        ("unique", 1, "search")
    );
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_puzzle_i_has_seed_n_plus_i() {
    let a = run("nonogen", &["--seed", "11", "--count", "3", "10", "8"], "");
    let b = run("nonogen", &["--seed", "11", "--count", "3", "10", "8"], "");
    assert_eq!(a.stdout, b.stdout);
    let third = run("nonogen", &["--seed", "13", "10", "8"], "");
    assert_eq!(a.stdout.lines().nth(2).unwrap(), third.stdout.trim_end());
    let doc = third.doc();
    assert_eq!(
        (doc["width"].as_u64(), doc["height"].as_u64()),
        (Some(10), Some(8))
    );
}

#[test]
fn an_ambiguous_picture_is_repaired_by_givens_or_pixels() {
    let dir = scratch("nonogen-ambiguous");
    let picture = dir.join("checker.txt");
    // A 2x2 checkerboard patch: its two diagonals give the same clues.
    std::fs::write(&picture, "....\n.#..\n..#.\n....\n").unwrap();
    let path = picture.to_str().unwrap();

    let left = run("nonogen", &["--from", path, "--repair", "none"], "");
    assert_eq!(left.status, 1, "{}", left.stderr);
    assert!(
        left.stderr.contains("more than one solution"),
        "{}",
        left.stderr
    );
    let doc = left.doc();
    assert_eq!(doc["solution"]["status"], "multiple");
    assert_eq!(doc["solution"]["grids"].as_array().unwrap().len(), 2);

    let givens = run("nonogen", &["--from", path, "--repair", "givens"], "");
    assert_eq!(givens.status, 0, "{}", givens.stderr);
    assert!(givens.stderr.contains("1 given added"), "{}", givens.stderr);
    // Counted from 1 in words, as --explain counts: the given is one of the two middle cells.
    assert!(
        givens.stderr.contains("row 2 column 2")
            || givens.stderr.contains("row 2 column 3")
            || givens.stderr.contains("row 3 column 2")
            || givens.stderr.contains("row 3 column 3"),
        "{}",
        givens.stderr
    );
    let doc = givens.doc();
    assert_eq!(doc["repair"]["givens"], 1);
    assert_eq!(
        key(&doc),
        ["....", ".#..", "..#.", "...."],
        "the picture stays"
    );
    let (status, n, _, grid) = proved(&givens.stdout);
    assert_eq!((status.as_str(), n), ("unique", 1));
    assert_eq!(grid, key(&doc));

    let pixels = run("nonogen", &["--from", path], "");
    assert_eq!(pixels.status, 0, "{}", pixels.stderr);
    let doc = pixels.doc();
    assert_eq!(doc["repair"]["pixels"], 1, "{doc}");
    let (status, n, method, grid) = proved(&pixels.stdout);
    assert_eq!((status.as_str(), n, method.as_str()), ("unique", 1, "line"));
    assert_eq!(grid, key(&doc));
}

#[test]
fn a_png_is_shrunk_to_the_width_asked() {
    let dir = scratch("nonogen-png");
    let path = dir.join("disc.png");
    // A dark disc on white, 64 pixels a side.
    let mut data = Vec::new();
    for y in 0..64i32 {
        for x in 0..64i32 {
            let inside = (x - 32).pow(2) + (y - 32).pow(2) < 24 * 24;
            data.push(if inside { 0u8 } else { 255 });
        }
    }
    let mut bytes = Vec::new();
    let mut e = png::Encoder::new(&mut bytes, 64, 64);
    e.set_color(png::ColorType::Grayscale);
    let mut w = e.write_header().unwrap();
    w.write_image_data(&data).unwrap();
    w.finish().unwrap();
    std::fs::write(&path, bytes).unwrap();
    let made = run(
        "nonogen",
        &["--from", path.to_str().unwrap(), "--width", "16"],
        "",
    );
    assert_eq!(made.status, 0, "{}", made.stderr);
    let doc = made.doc();
    assert_eq!(
        (doc["width"].as_u64(), doc["height"].as_u64()),
        (Some(16), Some(16))
    );
    let key = key(&doc);
    assert_eq!(&key[8][..], "..############..", "{key:?}");
    assert_eq!(&key[0][..], "................");
    let (status, n, _, _) = proved(&made.stdout);
    assert_eq!((status.as_str(), n), ("unique", 1));
}

#[test]
fn other_formats_read_back_as_the_same_puzzle() {
    let doc = run("nonogen", &["--seed", "9", "12", "9"], "").doc();
    for to in ["non", "xml"] {
        let file = run("nonogen", &["--seed", "9", "--to", to, "12", "9"], "");
        assert_eq!(file.status, 0, "{}", file.stderr);
        let dir = scratch(&format!("nonogen-{to}"));
        let path = dir.join(format!("p.{to}"));
        std::fs::write(&path, &file.stdout).unwrap();
        let read = run("nonosolve", &[path.to_str().unwrap()], "").doc();
        assert_eq!(read["clues"], doc["clues"], "{to}");
        assert_eq!(read["solution"]["status"], "unique");
    }
}

#[test]
fn the_answer_key_is_drawn_with_solution() {
    let made = run("nonogen", &["--seed", "2", "6"], "");
    let puzzle = run("gridrender", &["--format", "text"], &made.stdout);
    let answer = run(
        "gridrender",
        &["--format", "text", "--solution"],
        &made.stdout,
    );
    assert_eq!((puzzle.status, answer.status), (0, 0), "{}", answer.stderr);
    assert!(puzzle.stdout.contains('?') && !puzzle.stdout.contains('█'));
    assert!(answer.stdout.contains('█') && !answer.stdout.contains('?'));
    let svg = run("gridrender", &["--format", "svg"], &made.stdout);
    assert_eq!(svg.status, 0);
    assert!(svg.stdout.contains("<svg"));
}

#[test]
fn bad_flags_and_pictures_are_refused_with_one_line() {
    let dir = scratch("nonogen-bad");
    let stray = dir.join("stray.txt");
    std::fs::write(&stray, "#.\n.o\n").unwrap();
    let broken = dir.join("broken.png");
    std::fs::write(&broken, b"\x89PNG\r\n\x1a\nnot really").unwrap();
    let huge = dir.join("huge.pbm");
    let mut wide = b"P4\n1001 1\n".to_vec();
    wide.extend([0u8; 126]);
    std::fs::write(&huge, wide).unwrap();
    let missing = dir.join("missing.png");
    let cases: Vec<(Vec<String>, &str)> = vec![
        (vec!["0".into()], "WIDTH"),
        (vec!["1001".into()], "1..=1000"),
        (vec!["--density".into(), "2".into(), "5".into()], "fraction"),
        (
            vec![
                "--to".into(),
                "non".into(),
                "--count".into(),
                "2".into(),
                "5".into(),
            ],
            "a file holds one puzzle",
        ),
        (vec!["--width".into(), "5".into()], "--from"),
        (
            vec!["--from".into(), stray.display().to_string()],
            "line 2 column 2 has 'o'",
        ),
        (
            vec!["--from".into(), broken.display().to_string()],
            "not a PNG",
        ),
        (
            vec!["--from".into(), huge.display().to_string()],
            "too large",
        ),
        (
            vec!["--from".into(), missing.display().to_string()],
            "missing.png",
        ),
        (
            vec![
                "--from".into(),
                stray.display().to_string(),
                "--count".into(),
                "2".into(),
            ],
            "--count",
        ),
    ];
    for (args, needle) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run("nonogen", &args, "");
        r.assert_error("nonogen", 2, needle);
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
    // Givens cannot go into a .non file.
    let checker = dir.join("checker.txt");
    std::fs::write(&checker, "#.\n.#\n").unwrap();
    let r = run(
        "nonogen",
        &[
            "--from",
            checker.to_str().unwrap(),
            "--repair",
            "givens",
            "--to",
            "non",
        ],
        "",
    );
    r.assert_error("nonogen", 2, "cannot show givens");
    // No puzzle one row high needs probing: refused at once, not a hang.
    let r = run(
        "nonogen",
        &["--seed", "1", "--difficulty", "probing", "6", "1"],
        "",
    );
    r.assert_error("nonogen", 2, "solved by line logic alone");
    assert!(r.stdout.is_empty());
}

#[test]
fn colour_puzzles_are_unique_at_the_difficulty_asked_and_read_back() {
    for (difficulty, side) in [("line", "20"), ("probing", "15")] {
        for seed in ["1", "2"] {
            let args = [
                "--colors",
                "4",
                "--difficulty",
                difficulty,
                "--seed",
                seed,
                side,
            ];
            let made = run("nonogen", &args, "");
            assert_eq!(made.status, 0, "{}", made.stderr);
            let doc = made.doc();
            assert_eq!(doc["colors"].as_object().unwrap().len(), 4);
            assert_eq!(doc["meta"]["colors"], 4);
            let (status, count, method, grid) = proved(&made.stdout);
            assert_eq!(
                (status.as_str(), count),
                ("unique", 1),
                "{difficulty} {seed}"
            );
            assert_eq!(method, difficulty);
            assert_eq!(grid, key(&doc), "the solution is the key");
            assert_eq!(
                run("nonogen", &args, "").stdout,
                made.stdout,
                "same seed, same bytes"
            );
        }
    }
    // As webpbn XML: the same clues and colours, read back by nonosolve.
    let doc = run("nonogen", &["--colors", "3", "--seed", "5", "12"], "").doc();
    let xml = run(
        "nonogen",
        &["--colors", "3", "--seed", "5", "--to", "xml", "12"],
        "",
    );
    assert_eq!(xml.status, 0, "{}", xml.stderr);
    let back = run("nonosolve", &["--input-format", "xml"], &xml.stdout).doc();
    assert_eq!(back["clues"], doc["clues"]);
    assert_eq!(back["colors"], doc["colors"]);
    assert_eq!(back["grid"], doc["key"]);
    // The key drawn, in the puzzle's colours.
    let drawn = run(
        "gridrender",
        &["--solution", "--color", "never"],
        &run("nonogen", &["--colors", "3", "--seed", "5", "12"], "").stdout,
    );
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
    assert!(!drawn.stdout.contains('?'), "{}", drawn.stdout);
}

#[test]
fn colour_flags_that_cannot_be_met_are_refused() {
    for (args, needle) in [
        (vec!["--colors", "0", "10"], "'--colors <N>'"),
        (vec!["--colors", "11", "10"], "'--colors <N>'"),
        (
            vec!["--colors", "2", "--to", "non", "10"],
            ".non has no colours",
        ),
        (
            vec!["--colors", "2", "--from", "x.png"],
            "cannot be used with '--from",
        ),
    ] {
        run("nonogen", &args, "").assert_error("nonogen", 2, needle);
    }
}

/// A smiley (a circle, two eyes and a smile, drawn with Pillow at 120 x 120) whose puzzle
/// flipping pixels does not settle at 20 cells wide: the default repair falls back to
/// givens, says so, and the puzzle written is unique. Where the output cannot show givens,
/// it says so and writes nothing.
#[test]
fn a_picture_that_flips_do_not_settle_falls_back_to_givens() {
    let smiley = crate::harness::data("smiley.png");
    let made = run("nonogen", &["--from", &smiley, "--width", "20"], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    assert!(
        made.stderr.contains("showing givens instead"),
        "{}",
        made.stderr
    );
    let doc = made.doc();
    assert!(doc["repair"]["givens"].as_u64().unwrap() > 0, "{doc}");
    let (status, n, _, grid) = proved(&made.stdout);
    assert_eq!((status.as_str(), n), ("unique", 1));
    assert_eq!(grid, key(&doc));

    let xml = run(
        "nonogen",
        &["--from", &smiley, "--width", "20", "--to", "xml"],
        "",
    );
    assert_eq!(xml.status, 2, "{}", xml.stderr);
    assert!(
        xml.stderr.contains("cannot show the givens"),
        "{}",
        xml.stderr
    );
    assert!(xml.stdout.is_empty());
}

/// `--to` is honoured on every path, and checked before any work: an unrepaired picture is
/// never written as JSON into a file meant for XML, and givens that a .non file cannot show
/// are refused before the repair.
#[test]
fn the_output_format_is_checked_first_and_kept_on_every_path() {
    let dir = scratch("nonogen-to");
    let picture = dir.join("checker.txt");
    std::fs::write(&picture, "....\n.#..\n..#.\n....\n").unwrap();
    let path = picture.to_str().unwrap();
    let none = run(
        "nonogen",
        &["--from", path, "--repair", "none", "--to", "xml"],
        "",
    );
    assert_eq!(none.status, 1, "{}", none.stderr);
    assert!(none.stdout.is_empty(), "{}", none.stdout);
    assert!(none.stderr.contains("nothing written"), "{}", none.stderr);
    let givens = run(
        "nonogen",
        &["--from", path, "--repair", "givens", "--to", "non"],
        "",
    );
    givens.assert_error("nonogen", 2, "cannot show givens");
    assert!(givens.stdout.is_empty());
    assert!(!givens.stderr.contains("given added"), "{}", givens.stderr);
}

/// A request no picture can meet is refused at once: a puzzle one cell wide or high is
/// solved by lines alone, whichever way round it stands.
#[test]
fn a_hopeless_difficulty_is_refused_at_once() {
    for size in [["1", "200"], ["200", "1"]] {
        for difficulty in ["probing", "search"] {
            let args = ["--difficulty", difficulty, "--seed", "1", size[0], size[1]];
            let r = run("nonogen", &args, "");
            r.assert_error("nonogen", 2, "solved by line logic alone");
            assert!(r.stdout.is_empty());
        }
    }
    let lines = run("nonogen", &["--seed", "1", "1", "5"], "");
    assert_eq!(lines.status, 0, "{}", lines.stderr);
}

/// A request that takes minutes says how far it has come on a terminal, in one line redrawn
/// in place.
#[test]
fn a_long_request_shows_its_progress_on_a_terminal() {
    let Some(t) = crate::tmux::Tmux::start("nonogen-progress") else {
        return;
    };
    let nonogen = crate::harness::bin("nonogen");
    t.run(&format!(
        "{nonogen} --colors 4 --seed 1 --difficulty search 25 > /dev/null; echo exit=$?"
    ));
    let screen = t.wait_for("the progress line", |s| {
        s.contains("nonogen: puzzle 1 of 1: picture")
    });
    assert!(screen.contains("of 200,"), "{screen}");
    t.keys(&["C-c"]);
}
