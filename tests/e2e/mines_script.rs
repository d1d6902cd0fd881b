//! Minesweeper scripted through the binaries: games as documents, moves as commands.

use crate::harness::{pipeline, run};
use serde_json::Value;

fn layout(doc: &Value) -> Vec<Vec<bool>> {
    doc["layout"]
        .as_array()
        .expect("a layout")
        .iter()
        .map(|r| r.as_str().unwrap().bytes().map(|b| b == b'*').collect())
        .collect()
}

fn tile(doc: &Value, r: usize, c: usize) -> u8 {
    doc["grid"][r].as_str().unwrap().as_bytes()[c]
}

fn new_game(args: &[&str]) -> String {
    let r = run("mines", &[&["new"][..], args].concat(), "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    r.stdout
}

#[test]
fn a_new_game_is_a_document_without_a_layout_yet() {
    let doc: Value = serde_json::from_str(&new_game(&["--seed", "1"])).unwrap();
    assert_eq!(doc["kind"], "mines");
    assert_eq!(
        (doc["width"].as_u64(), doc["height"].as_u64()),
        (Some(9), Some(9))
    );
    assert_eq!(doc["mines"], 10);
    assert_eq!(doc["state"], "new");
    assert_eq!(doc["rules"]["first_click"], "opening");
    assert_eq!(doc["seed"], 1);
    assert_eq!(doc["moves"], serde_json::json!([]));
    assert!(doc.get("layout").is_none());
    let expert: Value = serde_json::from_str(&new_game(&["--level", "expert"])).unwrap();
    assert_eq!(
        (expert["width"].as_u64(), expert["mines"].as_u64()),
        (Some(30), Some(99))
    );
}

#[test]
fn the_first_open_makes_the_layout_around_an_opening() {
    let game = new_game(&["--seed", "5", "--level", "intermediate"]);
    let r = run("mines", &["open", "7", "8"], &game);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["state"], "playing");
    assert_eq!(tile(&doc, 7, 8), b'0');
    let mines: usize = layout(&doc).iter().flatten().filter(|&&m| m).count();
    assert_eq!(mines, 40);
    assert_eq!(doc["moves"], serde_json::json!([["open", 7, 8]]));
    // Reproducible: the same seed and click give the same bytes.
    assert_eq!(run("mines", &["open", "7", "8"], &game).stdout, r.stdout);
}

#[test]
fn a_whole_game_is_won_by_script() {
    let mut doc = run("mines", &["open", "4", "4"], &new_game(&["--seed", "2"])).stdout;
    let mines = layout(&serde_json::from_str(&doc).unwrap());
    for (r, row) in mines.iter().enumerate() {
        for (c, &mine) in row.iter().enumerate() {
            let current: Value = serde_json::from_str(&doc).unwrap();
            if mine || tile(&current, r, c) != b'#' || current["state"] == "won" {
                continue;
            }
            let step = run("mines", &["open", &r.to_string(), &c.to_string()], &doc);
            assert_eq!(step.status, 0, "{}", step.stderr);
            doc = step.stdout;
        }
    }
    let end: Value = serde_json::from_str(&doc).unwrap();
    assert_eq!(end["state"], "won");
    // On a win every mine shows as a flag.
    let flags: usize = (0..9)
        .map(|r| (0..9).filter(|&c| tile(&end, r, c) == b'F').count())
        .sum();
    assert_eq!(flags, 10);
    let again = run("mines", &["open", "0", "0"], &doc);
    again.assert_error("mines", 2, "the game is over: it was won");
    assert!(again.stdout.is_empty());
}

#[test]
fn opening_a_mine_is_a_legal_move_that_loses() {
    let game = new_game(&[
        "--seed", "3", "--width", "5", "--height", "5", "--mines", "10",
    ]);
    let opened = run("mines", &["open", "2", "2"], &game).doc();
    let mines = layout(&opened);
    let (r, c) = (0..5)
        .flat_map(|r| (0..5).map(move |c| (r, c)))
        .find(|&(r, c)| mines[r][c])
        .unwrap();
    let text = serde_json::to_string(&opened).unwrap();
    let lost = run("mines", &["open", &r.to_string(), &c.to_string()], &text);
    assert_eq!(lost.status, 0, "{}", lost.stderr);
    let doc = lost.doc();
    assert_eq!(doc["state"], "lost");
    assert_eq!(tile(&doc, r, c), b'X');
    let picture = run("gridrender", &[], &lost.stdout);
    assert!(picture.stdout.contains('X') && picture.stdout.contains('*'));
}

#[test]
fn flags_are_recorded_and_moves_that_change_nothing_refused() {
    let runs = pipeline(&[
        ("mines", &["new", "--seed", "4"]),
        ("mines", &["open", "4", "4"]),
        ("mines", &["flag", "0", "0"]),
    ]);
    for r in &runs {
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    let doc = runs[2].doc();
    let moves = doc["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[1], serde_json::json!(["flag", 0, 0]));
    assert_eq!(tile(&doc, 4, 4), b'0');
    // (4, 4) is an opened 0: a mark on it or a chord of it would change nothing.
    run("mines", &["question", "4", "4"], &runs[2].stdout).assert_error(
        "mines",
        2,
        "stdin line 1: question 4 4: row 4 column 4: the move would change nothing: it is open already",
    );
    run("mines", &["chord", "4", "4"], &runs[2].stdout).assert_error(
        "mines",
        2,
        "it is a 0, and everything around it is open",
    );
    run("mines", &["open", "0", "0"], &runs[2].stdout).assert_error(
        "mines",
        2,
        "it is flagged: take the flag away to open it",
    );
}

#[test]
fn bad_moves_and_sizes_are_refused() {
    let game = new_game(&["--seed", "1"]);
    run("mines", &["open", "9", "0"], &game).assert_error(
        "mines",
        2,
        "row 9 column 0 is off the 9x9 board",
    );
    run("mines", &["open", "x", "0"], &game).assert_error("mines", 2, "invalid value 'x'");
    run("mines", &["open", "--", "-1", "0"], &game).assert_error("mines", 2, "invalid value '-1'");
    run(
        "mines",
        &["new", "--width", "9", "--height", "9", "--mines", "73"],
        "",
    )
    .assert_error("mines", 2, "at most 72 mines");
    run(
        "mines",
        &[
            "new",
            "--width",
            "9",
            "--height",
            "9",
            "--mines",
            "82",
            "--first-click",
            "any",
        ],
        "",
    )
    .assert_error("mines", 2, "at most 81 mines");
    run(
        "mines",
        &["new", "--width", "0", "--height", "9", "--mines", "1"],
        "",
    )
    .assert_error("mines", 2, "at least 1x1");
    run("mines", &["new", "--level", "expert", "--width", "5"], "").assert_error(
        "mines",
        2,
        "cannot be used with",
    );
    run("mines", &["new", "--level", "insane"], "").assert_error(
        "mines",
        2,
        "possible values: beginner, intermediate, expert",
    );
    run(
        "mines",
        &["open", "1", "1"],
        "{\"kind\":\"maze\",\"version\":1}",
    )
    .assert_error("mines", 2, "expected a mines document");
}

#[test]
fn a_document_that_disagrees_with_its_layout_is_refused() {
    let doc = run("mines", &["open", "4", "4"], &new_game(&["--seed", "2"])).doc();
    let mut text = serde_json::to_string(&doc).unwrap();
    // Claim a mine in the layout where the player sees an open zero.
    let row0 = doc["layout"][4].as_str().unwrap().to_string();
    let mut changed = row0.clone().into_bytes();
    changed[4] = b'*';
    text = text.replacen(
        &format!("\"{row0}\""),
        &format!("\"{}\"", String::from_utf8(changed).unwrap()),
        1,
    );
    let r = run("mines", &["flag", "0", "0"], &text);
    r.assert_error("mines", 2, "stdin line 1: field `");
    assert!(r.stdout.is_empty());
}

#[test]
fn text_play_reads_moves_and_shows_the_answer() {
    let r = run("mines", &["play", "--seed", "1"], "4 4\nf 0 3\n\n");
    assert_eq!(r.status, 0, "{}", r.stderr);
    // The empty board, then one board a move, then the answer.
    assert_eq!(r.stdout.matches("   0 1 2 3 4 5 6 7 8").count(), 4);
    assert!(r.stdout.contains("The answer:"));
    assert!(r.stdout.contains('F'));
    // With --strict, as a script wants, a bad line ends the game.
    let bad = run("mines", &["play", "--strict", "--seed", "1"], "4 4\n4 x\n");
    bad.assert_error("mines", 2, "stdin line 2");
    let off = run("mines", &["play", "--strict", "--seed", "1"], "10 10\n");
    off.assert_error("mines", 2, "off the 9x9 board");
}

/// A mistyped move is said, with its line, and the game reads the next one; a line that is
/// not UTF-8 is named the same way.
#[test]
fn text_play_says_what_was_wrong_and_reads_on() {
    let r = run(
        "mines",
        &["play", "--seed", "1"],
        "4 4\n99 99\n4 x\nf 0 3\n",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stderr.contains("stdin line 2") && r.stderr.contains("off the 9x9 board"));
    assert!(r.stderr.contains("stdin line 3") && r.stderr.contains("try again"));
    // The empty board, the two moves played, and the answer.
    assert_eq!(
        r.stdout.matches("   0 1 2 3 4 5 6 7 8").count(),
        4,
        "{}",
        r.stdout
    );
    let out = std::process::Command::new(crate::harness::bin("mines"))
        .args(["play", "--seed", "1", "--strict"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"4 4\n\xff\xfe 2\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("stdin line 2") && stderr.contains("not UTF-8"),
        "{stderr}"
    );
}

#[test]
fn text_play_ends_on_a_loss() {
    let r = run(
        "mines",
        &[
            "play",
            "--width",
            "2",
            "--height",
            "1",
            "--mines",
            "1",
            "--first-click",
            "any",
            "--seed",
            "1",
        ],
        "0 0\n0 1\n",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stdout.contains("You won!") || r.stdout.contains("Boom!"),
        "{}",
        r.stdout
    );
}

#[test]
fn solve_adds_exact_probabilities_without_looking_at_the_layout() {
    let opened = run("mines", &["open", "4", "4"], &new_game(&["--seed", "1"])).doc();
    // A position from elsewhere: no layout, no seed.
    let mut position = opened.clone();
    let layout = layout(&opened);
    position.as_object_mut().unwrap().remove("layout");
    position.as_object_mut().unwrap().remove("seed");
    let r = run("mines", &["solve"], &position.to_string());
    assert_eq!(r.status, 0, "{}", r.stderr);
    let a = &r.doc()["analysis"];
    let total: f64 = a["probability"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|row| row.as_array().unwrap().iter().filter_map(Value::as_f64))
        .sum();
    assert!(
        (total - 10.0).abs() < 1e-9,
        "the chances add up to the mines: {total}"
    );
    for p in a["safe"].as_array().unwrap() {
        let (r, c) = (
            p[0].as_u64().unwrap() as usize,
            p[1].as_u64().unwrap() as usize,
        );
        assert!(!layout[r][c], "a safe tile is never a mine");
    }
    for p in a["mines"].as_array().unwrap() {
        let (r, c) = (
            p[0].as_u64().unwrap() as usize,
            p[1].as_u64().unwrap() as usize,
        );
        assert!(layout[r][c], "a certain mine is a mine");
    }
    assert!(
        a["safe"].as_array().unwrap().contains(&a["best"]),
        "a safe tile is the best move"
    );
    let bad = position.to_string().replace("\"mines\":10", "\"mines\":99");
    run("mines", &["solve"], &bad).assert_error("mines", 2, "mines but only");
}

#[test]
fn bench_plays_seeded_games_and_reports_the_win_rate() {
    let args = [
        "bench", "--level", "beginner", "--games", "60", "--seed", "7", "--json",
    ];
    let a = run("mines", &args, "");
    assert_eq!(a.status, 0, "{}", a.stderr);
    let last: Value = serde_json::from_str(a.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["level"], "beginner");
    assert_eq!(last["games"], 60);
    assert_eq!(last["first_click"], "opening");
    let rate = last["win_rate"].as_f64().unwrap();
    assert!((0.5..=1.0).contains(&rate), "{rate}");
    let ci = last["ci95"].as_array().unwrap();
    let (low, high) = (ci[0].as_f64().unwrap(), ci[1].as_f64().unwrap());
    assert!(
        low < rate && rate < high && high <= 1.0,
        "{low} {rate} {high}"
    );
    assert_eq!(last["no_guess"], false);
    assert!(!a.stdout.contains("no-guess"));
    // The same seeds give the same games, whatever the threads did.
    let b = run("mines", &args, "");
    let again: Value = serde_json::from_str(b.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(again["wins"], last["wins"]);
    assert!(a.stdout.contains("win rate"));
    // The solver's boards and clicks: a beginner board's 3BV is a few to a few dozen.
    let bbbv = last["mean_3bv"].as_f64().unwrap();
    assert!((3.0..60.0).contains(&bbbv), "{bbbv}");
    assert!(last["mean_clicks"].as_f64().unwrap() >= 1.0);
    assert_eq!(again["mean_3bv"], last["mean_3bv"]);
}

#[test]
fn a_game_carries_the_counters_players_read() {
    let runs = pipeline(&[
        ("mines", &["new", "--seed", "1"]),
        ("mines", &["open", "4", "4"]),
        ("mines", &["flag", "0", "3"]),
    ]);
    assert_eq!(runs[0].doc().get("stats"), None, "no layout, no 3BV yet");
    let stats = &runs[2].doc()["stats"];
    assert_eq!(
        stats["clicks"],
        serde_json::json!({"left": 1, "right": 1, "chord": 0, "total": 2})
    );
    let (all, solved) = (
        stats["3bv"].as_u64().unwrap(),
        stats["3bv_solved"].as_u64().unwrap(),
    );
    assert!(solved >= 1 && solved < all, "{stats}");
    assert_eq!(stats["ioe"].as_f64().unwrap(), solved as f64 / 2.0);
}

#[test]
fn bench_of_no_games_is_refused() {
    let r = run("mines", &["bench", "--games", "0"], "");
    assert_eq!(r.status, 2);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("--games"), "{}", r.stderr);
}

#[test]
fn no_guess_boards_are_won_by_deduction_alone() {
    // The solver opens certainly safe tiles first and only guesses when none is left; on a
    // no-guess board it never has to, so it wins every game.
    for first_click in ["opening", "safe"] {
        let args = [
            "bench",
            "--level",
            "expert",
            "--no-guess",
            "--games",
            "40",
            "--seed",
            "11",
            "--first-click",
            first_click,
            "--json",
        ];
        let r = run("mines", &args, "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        let last: Value = serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
        assert_eq!(last["wins"], 40, "{first_click}: {}", r.stdout);
    }
    // The rules travel in the document, and the layout is made at the first click.
    let game = new_game(&["--level", "expert", "--no-guess", "--seed", "4"]);
    let doc: Value = serde_json::from_str(&game).unwrap();
    assert_eq!(doc["rules"]["no_guess"], true);
    let opened = run("mines", &["open", "8", "15"], &game).doc();
    assert_eq!(tile(&opened, 8, 15), b'0');
    let mines: usize = layout(&opened).iter().flatten().filter(|&&m| m).count();
    assert_eq!(mines, 99);
}

#[test]
fn no_guess_needs_a_first_click_and_room_for_deduction() {
    let r = run("mines", &["new", "--no-guess", "--first-click", "any"], "");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains("starts from a protected first click"),
        "{}",
        r.stderr
    );
    assert!(r.stdout.is_empty());
    let dense = [
        "new",
        "--no-guess",
        "--width",
        "10",
        "--height",
        "10",
        "--mines",
        "40",
    ];
    let r = run("mines", &dense, "");
    assert_eq!(r.status, 2);
    assert!(
        r.stderr.contains("too many for a no-guess 10x10 board"),
        "{}",
        r.stderr
    );
}

#[test]
fn positions_travel_as_jsminesweeper_text() {
    let game = run("mines", &["open", "4", "4"], &new_game(&["--seed", "1"])).stdout;
    let text = run("mines", &["export"], &game);
    assert_eq!(text.status, 0, "{}", text.stderr);
    assert!(text.stdout.starts_with("9x9x10\n"));
    assert_eq!(text.stdout.lines().count(), 10);
    // The same analysis from the text as from the document.
    let from_text = run("mines", &["solve"], &text.stdout).doc();
    let from_doc = run("mines", &["solve"], &game).doc();
    assert_eq!(from_text["analysis"], from_doc["analysis"]);
    let three = "5x3x2\n01HHH\n01HHH\n01HHH\n";
    let a = run("mines", &["solve"], three).doc();
    assert_eq!(a["analysis"]["mines"], serde_json::json!([[1, 2]]));
    run("mines", &["solve"], "5x3\n01HHH\n").assert_error("mines", 2, "WIDTHxHEIGHTxMINES");
    run("mines", &["solve"], "3x1x1\n0Z1\n").assert_error("mines", 2, "'Z' is not a tile");
}

#[test]
fn whole_boards_travel_with_their_mines_and_play_on() {
    let game = run("mines", &["open", "4", "4"], &new_game(&["--seed", "1"])).stdout;
    let game = run("mines", &["flag", "0", "3"], &game).stdout;
    let board = run("mines", &["export", "--board"], &game);
    assert_eq!(board.status, 0, "{}", board.stderr);
    let text = &board.stdout;
    assert!(text.starts_with("9x9x10\n"));
    let marks = |c: char| text.chars().filter(|&x| x == c).count();
    assert_eq!(marks('m') + marks('M'), 10, "{text}");
    // The board read back is the same game: the same analysis, and every move plays on it
    // as on the document the board came from.
    let read = run("mines", &["solve"], text).doc();
    let doc = run("mines", &["solve"], &game).doc();
    assert_eq!(read["analysis"], doc["analysis"]);
    assert_eq!(read["layout"], doc["layout"]);
    let safe = doc["analysis"]["safe"][0].clone();
    let (r, c) = (safe[0].to_string(), safe[1].to_string());
    let from_board = run(
        "mines",
        &["open", &r, &c],
        &run("mines", &["solve"], text).stdout,
    )
    .doc();
    let from_game = run("mines", &["open", &r, &c], &game).doc();
    assert_eq!(from_board["grid"], from_game["grid"]);
    // A board whose marks disagree with it is refused, naming the line.
    run("mines", &["solve"], "3x1x1\nm0H\n").assert_error("mines", 2, "line 2: column 2: shows 0");
    run("mines", &["solve"], "3x1x2\nm1H\n").assert_error("mines", 2, "marks 1 mines");
    // Before the first opening there is no layout to write.
    run("mines", &["export", "--board"], &new_game(&["--seed", "1"])).assert_error(
        "mines",
        2,
        "no layout yet",
    );
}

/// A no-guess bench says so, in its header and in its JSON; every game is won, and the
/// interval stays within 100%.
#[test]
fn a_no_guess_bench_says_so_and_its_interval_stays_within_100_percent() {
    let args = [
        "bench",
        "--level",
        "beginner",
        "--no-guess",
        "--games",
        "20",
        "--seed",
        "3",
        "--json",
    ];
    let r = run("mines", &args, "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("no-guess"), "{}", r.stdout);
    let last: Value = serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["no_guess"], true);
    assert_eq!(last["wins"], 20);
    assert_eq!(last["ci95"][1], 1.0);
    assert!(r.stdout.contains("to 100.00%"), "{}", r.stdout);
    assert!(!r.stdout.contains("±"), "{}", r.stdout);
}

/// `mines new --count K` writes K games with seeds N, N+1, ..., each the game `--seed N+i`
/// makes alone (as `mazegen --count` has them), so that a set of boards is one pipeline.
#[test]
fn new_writes_count_games_with_consecutive_seeds() {
    let many = run(
        "mines",
        &[
            "new",
            "--level",
            "beginner",
            "--no-guess",
            "--count",
            "3",
            "--seed",
            "5",
        ],
        "",
    );
    assert_eq!(many.status, 0, "{}", many.stderr);
    let lines: Vec<&str> = many.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    for (i, line) in lines.iter().enumerate() {
        let seed = (5 + i).to_string();
        let alone = run(
            "mines",
            &["new", "--level", "beginner", "--no-guess", "--seed", &seed],
            "",
        );
        assert_eq!(alone.stdout.trim_end(), *line, "game {i}");
    }
    let none = run("mines", &["new", "--count", "0"], "");
    assert_eq!(none.status, 2);
    assert!(none.stderr.contains("1 or more"), "{}", none.stderr);
}
