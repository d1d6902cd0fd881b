//! `mines replay`: the community's replay files read into documents, judged, recorded by
//! `mines play --record` and read back by ms-toollib; and win-rate studies split into
//! shards by seed range, run through GNU parallel and merged.

use crate::harness::{Run, bin, data, json_of, run, scratch};
use serde_json::Value;
use std::process::Command;

fn replay_file(name: &str) -> String {
    data(&format!("replays/{name}"))
}

#[test]
fn a_replay_becomes_a_mines_document_with_its_figures() {
    let r = run(
        "mines",
        &["replay", &replay_file("avf-expert-hiscore.avf")],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["kind"], "mines");
    assert_eq!(doc["width"], 30);
    assert_eq!(doc["height"], 16);
    assert_eq!(doc["mines"], 99);
    assert_eq!(doc["state"], "won");
    let stats = &doc["stats"];
    assert_eq!(stats["3bv"], 127);
    assert_eq!(stats["time_ms"], 49250);
    assert_eq!(stats["clicks"]["total"], 151);
    assert_eq!(stats["effective"]["total"], 144);
    assert_eq!(stats["zini"], 96);
    assert_eq!(stats["hzini"], 103);
    let replay = &doc["replay"];
    assert_eq!(replay["format"], "avf");
    assert_eq!(replay["software"], "Arbiter");
    assert_eq!(replay["player"], "Wang Jianing G01825");
    assert_eq!(replay["level"], "expert");
    assert_eq!(replay["mode"], "standard");
    assert_eq!(replay["events"].as_array().unwrap().len(), 4803);
    // Each event: time, action, pixel, and the tile under it (null off the board).
    let first_press = replay["events"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e[1] == "lc")
        .unwrap();
    let (x, y) = (
        first_press[2].as_u64().unwrap(),
        first_press[3].as_u64().unwrap(),
    );
    assert_eq!(first_press[4], y / 16);
    assert_eq!(first_press[5], x / 16);
    // The document is one the other tools take: gridrender draws the board.
    let drawn = run("gridrender", &[], &r.stdout);
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
}

#[test]
fn every_format_reads_and_the_format_is_told_by_content() {
    let folder = scratch("replay-names");
    for (name, format) in [
        ("evf4-beginner-fake-wait.evf", "evf"),
        ("rmv1-expert.rmv", "rmv"),
        ("mvf-expert.mvf", "mvf"),
        ("avf-custom-8x11.avf", "avf"),
    ] {
        // Named wrongly on purpose: the content decides.
        let wrong = folder.join(format!("{name}.replay"));
        std::fs::copy(replay_file(name), &wrong).unwrap();
        let r = run("mines", &["replay", wrong.to_str().unwrap()], "");
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        assert_eq!(r.doc()["replay"]["format"], format, "{name}");
    }
}

#[test]
fn judging_marks_every_opening_click_and_sums_up_in_one_line() {
    let r = run(
        "mines",
        &[
            "replay",
            "--judge",
            &replay_file("avf-beginner-wrong-header.avf"),
        ],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    let judged = doc["replay"]["judged"].as_array().unwrap();
    let opens = doc["stats"]["effective"]["left"].as_u64().unwrap()
        + doc["stats"]["effective"]["chord"].as_u64().unwrap();
    let opening = judged.iter().filter(|j| j["click"] != "flag").count() as u64;
    assert_eq!(opening, opens, "every effective open and chord is judged");
    assert_eq!(judged[0]["verdict"], "first");
    // The second click opened a tile beside a 1 in the corner: one chance in three.
    assert_eq!(judged[1]["verdict"], "guess");
    assert!((judged[1]["chance"].as_f64().unwrap() - 1.0 / 3.0).abs() < 1e-12);
    let summary = &doc["replay"]["judgement"];
    assert_eq!(summary["guesses"], 3);
    assert_eq!(summary["needless"], 2);
    let line: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(line.len(), 1, "{}", r.stderr);
    assert!(line[0].contains("3 guesses (2 needless)"), "{}", line[0]);
}

/// The judgement's line counts in words ("1 guess"), says what each chance is, prints a
/// chance far below a thousandth in scientific form (a won 60x36 game said "survived with
/// chance 0.000"), and counts no flag placed before the first click as a mistake.
#[test]
fn the_judgement_line_reads_as_a_sentence() {
    let r = run(
        "mines",
        &["replay", "--judge", &replay_file("evf4-custom-36x60.evf")],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "39 guesses (2 needless), 2 mistakes; chance of surviving every guess 1.1e-4;"
        ),
        "{}",
        r.stderr
    );
    let r = run(
        "mines",
        &["replay", "--judge", &replay_file("rmv2-16px-preflags.rmv")],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr
            .contains("1 guess (0 needless), 0 mistakes; chance of surviving every guess 0.667;"),
        "{}",
        r.stderr
    );
    assert_eq!(r.doc()["replay"]["judgement"]["mistakes"], 0);
}

#[test]
fn a_bad_replay_is_named_with_its_byte_and_the_others_are_still_read() {
    let folder = scratch("replay-bad");
    let good = replay_file("evf3-beginner-mode5.evf");
    let whole = std::fs::read(replay_file("rmv2-24px.rmv")).unwrap();
    let cut = folder.join("cut.rmv");
    std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
    let empty = folder.join("empty.avf");
    std::fs::write(&empty, b"").unwrap();
    let text = folder.join("notes.evf");
    std::fs::write(&text, b"this is not a replay at all\n").unwrap();
    let args = [
        "replay",
        cut.to_str().unwrap(),
        &good,
        empty.to_str().unwrap(),
        text.to_str().unwrap(),
        folder.to_str().unwrap(),
    ];
    let r = run("mines", &args, "");
    assert_eq!(r.status, 2);
    assert_eq!(r.docs().len(), 1, "the good replay is still written");
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stderr);
    assert!(
        lines[0].contains("cut.rmv") && lines[0].contains("byte "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("empty.avf") && lines[1].contains("empty"),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("notes.evf"), "{}", lines[2]);
    assert!(lines[3].contains("is a directory"), "{}", lines[3]);
    assert!(!r.stderr.contains("panicked"));
    let r = run("mines", &["replay"], "");
    r.assert_error("mines", 2, "FILE");
}

/// An AVF whose custom header says 0 mines (here on 256x256) was read as a valid game; it
/// is refused, naming the byte of the count.
#[test]
fn a_replay_board_without_mines_is_refused_at_its_byte() {
    let folder = scratch("replay-no-mines");
    let mut avf = std::fs::read(replay_file("avf-custom-8x11.avf")).unwrap();
    (avf[6], avf[7], avf[8], avf[9]) = (255, 255, 0, 0);
    let file = folder.join("empty-board.avf");
    std::fs::write(&file, &avf).unwrap();
    let r = run("mines", &["replay", file.to_str().unwrap()], "");
    r.assert_error(
        "mines",
        2,
        "byte 8: a board without mines, which no game is played on",
    );
    assert!(r.stdout.is_empty(), "{}", r.stdout);
}

/// A game played as text with `--record`: every mine flagged, then every chord and open the
/// board allows, so that each kind of click is in the replay.
fn record_a_game(folder: &std::path::Path) -> (std::path::PathBuf, Run) {
    let game = crate::harness::pipeline(&[
        ("mines", &["new", "--seed", "3"]),
        ("mines", &["open", "4", "4"]),
    ]);
    let doc: Value = serde_json::from_str(game[1].stdout.trim()).unwrap();
    let layout: Vec<String> = serde_json::from_value(doc["layout"].clone()).unwrap();
    let mut moves = String::from("4 4\n");
    for kind in ["f", "c", ""] {
        for (r, row) in layout.iter().enumerate() {
            for (c, tile) in row.chars().enumerate() {
                if (kind == "f") == (tile == '*') {
                    moves += &format!("{kind} {r} {c}\n");
                }
            }
        }
    }
    let r = run(
        "mines",
        &["play", "--seed", "3", "--record", folder.to_str().unwrap()],
        &moves,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.contains("You won!"), "{}", r.stdout);
    let files: Vec<_> = std::fs::read_dir(folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
    (files[0].clone(), r)
}

/// `--record` on a board EVF cannot hold is refused before a move is read: a game 300 wide
/// was saved as 44 wide.
#[test]
fn record_refuses_a_board_evf_cannot_hold_at_the_start() {
    let folder = scratch("record-wide");
    let dir = folder.to_str().unwrap();
    let args = [
        "play", "--width", "300", "--height", "16", "--mines", "10", "--seed", "1", "--record", dir,
    ];
    let r = run("mines", &args, "0 0\n");
    r.assert_error(
        "mines",
        2,
        "a 300x16 board: EVF holds at most 255 tiles a side",
    );
    assert!(r.stdout.is_empty(), "no game is played: {}", r.stdout);
    assert_eq!(std::fs::read_dir(&*folder).unwrap().count(), 0);
}

/// `--record` into a folder that takes no file (`/proc`) is refused before the game, naming
/// the folder; a game was played through and then lost.
#[test]
fn record_refuses_a_folder_that_takes_no_file_at_the_start() {
    if !std::path::Path::new("/proc/self").is_dir() {
        return;
    }
    let r = run(
        "mines",
        &["play", "--seed", "1", "--record", "/proc"],
        "0 0\n",
    );
    r.assert_error(
        "mines",
        2,
        "--record /proc: cannot write a file in this folder",
    );
    assert!(r.stdout.is_empty(), "no game is played: {}", r.stdout);
}

#[test]
fn a_recorded_game_reads_back_with_its_clicks() {
    let folder = scratch("record");
    let (file, _) = record_a_game(&folder);
    assert!(file.to_str().unwrap().ends_with(".evf"));
    let r = run("mines", &["replay", file.to_str().unwrap()], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["state"], "won");
    assert_eq!(doc["replay"]["format"], "evf");
    assert_eq!(doc["replay"]["version"], 4);
    let stats = &doc["stats"];
    assert_eq!(stats["3bv_solved"], stats["3bv"]);
    assert_eq!(
        stats["clicks"]["right"], 10,
        "a flag on each of the 10 mines"
    );
    assert_eq!(stats["effective"]["right"], 10);
    assert!(stats["clicks"]["chord"].as_u64().unwrap() > 0);
    assert!(stats["clicks"]["left"].as_u64().unwrap() > 0);
    // The board the replay ends on is the game's: every mine flagged, every safe tile open.
    let layout = crate::harness::pipeline(&[
        ("mines", &["new", "--seed", "3"]),
        ("mines", &["open", "4", "4"]),
    ]);
    let want: Value = serde_json::from_str(layout[1].stdout.trim()).unwrap();
    assert_eq!(doc["layout"], want["layout"]);
}

/// ms-toollib (pip's ms_toollib), when `GRIDKIT_PYTHON` has it: CI installs it.
fn ms_toollib_python() -> Option<String> {
    let python = std::env::var("GRIDKIT_PYTHON").unwrap_or_else(|_| "python3".into());
    let found = Command::new(&python)
        .args(["-c", "import ms_toollib"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_MS_TOOLLIB").is_none(),
            "ms_toollib is required (GRIDKIT_REQUIRE_MS_TOOLLIB is set) but {python} has none"
        );
        eprintln!("skipping the ms-toollib check: no Python with ms_toollib");
        return None;
    }
    Some(python)
}

#[test]
fn ms_toollib_reads_a_recorded_game_with_the_same_figures() {
    let Some(python) = ms_toollib_python() else {
        return;
    };
    let folder = scratch("record-ms-toollib");
    let (file, _) = record_a_game(&folder);
    let theirs = json_of(
        Command::new(&python)
            .arg(data("replays/expected.py"))
            .arg(&file),
    );
    let theirs = theirs.as_object().unwrap().values().next().unwrap().clone();
    let ours = run("mines", &["replay", file.to_str().unwrap()], "").doc();
    let s = &ours["stats"];
    for (mine, key) in [
        (&s["3bv"], "bbbv"),
        (&s["3bv_solved"], "bbbv_solved"),
        (&s["clicks"]["left"], "left"),
        (&s["clicks"]["right"], "right"),
        (&s["clicks"]["chord"], "double"),
        (&s["clicks"]["total"], "cl"),
        (&s["effective"]["left"], "lce"),
        (&s["effective"]["right"], "rce"),
        (&s["effective"]["chord"], "dce"),
        (&s["flags"], "flag"),
        (&s["time_ms"], "rtime_ms"),
        (&s["zini"], "zini"),
        (&s["hzini"], "hzini"),
        (&s["openings"], "op"),
        (&s["islands"], "isl"),
    ] {
        assert_eq!(
            mine, &theirs[key],
            "{key}: ours {mine}, ms-toollib {}",
            theirs[key]
        );
    }
    assert_eq!(theirs["is_completed"], true);
    assert_eq!(
        theirs["events"],
        ours["replay"]["events"].as_array().unwrap().len()
    );
}

/// GNU parallel, when installed: CI installs it.
fn gnu_parallel() -> bool {
    let found = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success() && o.stdout.starts_with(b"GNU parallel"));
    if !found {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_PARALLEL").is_none(),
            "GNU parallel is required (GRIDKIT_REQUIRE_PARALLEL is set) but not installed"
        );
        eprintln!("skipping the shard test: no GNU parallel");
    }
    found
}

#[test]
fn four_shards_through_gnu_parallel_merge_into_one_run() {
    if !gnu_parallel() {
        return;
    }
    let folder = scratch("shards");
    let mines = bin("mines");
    let study = "--level intermediate --games 403 --seed 11";
    let status = Command::new("parallel")
        .current_dir(&*folder)
        .args(["--will-cite", "--halt", "now,fail=1"])
        .arg(format!(
            "{mines} bench {study} --shard {{}}/4 > shard-{{}}.json"
        ))
        .args([":::", "1", "2", "3", "4"])
        .status()
        .unwrap();
    assert!(status.success());
    let shards: Vec<String> = (1..=4)
        .map(|k| folder.join(format!("shard-{k}.json")).display().to_string())
        .collect();
    let mut args = vec!["bench", "--json", "--merge"];
    args.extend(shards.iter().map(String::as_str));
    let merged = run("mines", &args, "");
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    let one: Vec<&str> = study.split(' ').collect();
    let single = run(
        "mines",
        &[&["bench", "--json"], one.as_slice()].concat(),
        "",
    );
    assert_eq!(single.status, 0, "{}", single.stderr);
    let last = |r: &Run| -> Value {
        let mut v: Value = serde_json::from_str(r.stdout.lines().last().unwrap()).unwrap();
        v.as_object_mut().unwrap().remove("seconds");
        v
    };
    assert_eq!(last(&merged), last(&single));
    // The text reports agree line for line but for the time.
    let lines = |r: &Run| -> Vec<String> {
        r.stdout
            .lines()
            .filter(|l| !l.starts_with("time") && !l.starts_with('{'))
            .map(String::from)
            .collect()
    };
    assert_eq!(lines(&merged), lines(&single));
    // A shard missing or given twice is refused.
    let r = run(
        "mines",
        &["bench", "--merge", &shards[0], &shards[1], &shards[2]],
        "",
    );
    r.assert_error("mines", 2, "shard 4/4 is missing");
    let r = run(
        "mines",
        &[
            "bench", "--merge", &shards[0], &shards[0], &shards[1], &shards[2], &shards[3],
        ],
        "",
    );
    r.assert_error("mines", 2, "also in");
}

/// A shard whose counts cannot be is refused, naming the file and the field: 99 wins edited
/// into a shard merged to a win rate of 13.125, a `sum_3bv` of 2^64-1 wrapped, and negative
/// seconds were reported as they came.
#[test]
fn merge_refuses_a_shard_whose_counts_cannot_be() {
    let folder = scratch("shards-edited");
    let shards: Vec<(std::path::PathBuf, Value)> = (1..=2)
        .map(|k| {
            let shard = format!("{k}/2");
            let args = [
                "bench", "--level", "beginner", "--games", "20", "--seed", "5", "--shard", &shard,
            ];
            let r = run("mines", &args, "");
            assert_eq!(r.status, 0, "{}", r.stderr);
            let path = folder.join(format!("shard-{k}.json"));
            (path, serde_json::from_str(r.stdout.trim()).unwrap())
        })
        .collect();
    let merge = |edit: &dyn Fn(&mut Value), field: &str| {
        let mut second = shards[1].1.clone();
        edit(&mut second);
        std::fs::write(&shards[0].0, shards[0].1.to_string()).unwrap();
        std::fs::write(&shards[1].0, second.to_string()).unwrap();
        let (a, b) = (shards[0].0.to_str().unwrap(), shards[1].0.to_str().unwrap());
        let r = run("mines", &["bench", "--merge", a, b], "");
        r.assert_error("mines", 2, &format!("field `{field}`"));
        assert!(r.stderr.contains("shard-2.json"), "{}", r.stderr);
        assert!(r.stdout.is_empty(), "{}", r.stdout);
        r.stderr
    };
    let e = merge(&|s| s["wins"] = 99.into(), "wins");
    assert!(e.contains("99 wins in 10 games"), "{e}");
    merge(&|s| s["sum_3bv"] = u64::MAX.into(), "sum_3bv");
    merge(&|s| s["boards"] = 11.into(), "boards");
    merge(&|s| s["seconds"] = (-1.5).into(), "seconds");
    merge(&|s| s["sum_clicks"] = u64::MAX.into(), "sum_clicks");
    // Unedited, the two merge.
    std::fs::write(&shards[1].0, shards[1].1.to_string()).unwrap();
    let (a, b) = (shards[0].0.to_str().unwrap(), shards[1].0.to_str().unwrap());
    let r = run("mines", &["bench", "--merge", a, b], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
}

#[test]
fn a_replay_plays_on_the_terminal_and_steps_and_ends() {
    let Some(t) = crate::tmux::Tmux::start_sized("replay", 80, 24) else {
        return;
    };
    let dir = scratch("replay-terminal");
    let doc = dir.join("game.json");
    let r = run(
        "mines",
        &["replay", &replay_file("avf-beginner-wrong-header.avf")],
        "",
    );
    std::fs::write(&doc, &r.stdout).unwrap();
    t.run(&format!(
        "{} --animate {}; echo exit=$?",
        bin("gridrender"),
        doc.display()
    ));
    t.wait_for("the counters", |s| {
        s.contains("3BV ") && s.contains("playing")
    });
    t.keys(&["Space"]);
    t.wait_for("a pause", |s| s.contains("paused"));
    t.keys(&["Home"]);
    t.wait_for("the start", |s| s.contains("3BV 0/24"));
    t.keys(&["Right"]);
    t.wait_for("the first click", |s| s.contains("clicks 1 (left 1,"));
    t.keys(&["End"]);
    let end = t.wait_for("the end", |s| s.contains("ended"));
    assert!(end.contains("3BV 24/24"), "{end}");
    assert!(end.contains("time 14.52 s"), "{end}");
    assert!(
        end.contains("clicks 42 (left 13, right 16, chord 13)"),
        "{end}"
    );
    t.keys(&["q"]);
    let after = t.wait_for("the shell", |s| s.contains("exit=0"));
    assert!(
        !after.contains("3BV 24/24"),
        "the player's screen is gone:\n{after}"
    );
}

#[test]
fn a_replay_page_plays_steps_and_marks_the_judged_clicks_in_chromium() {
    let Some((modules, chromium)) = crate::play::puppeteer() else {
        return;
    };
    let dir = scratch("replay-page");
    let doc = run(
        "mines",
        &["replay", &replay_file("avf-beginner-wrong-header.avf")],
        "",
    );
    let page = dir.join("replay.html");
    let r = run(
        "gridrender",
        &["--animate", "-o", page.to_str().unwrap()],
        &doc.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("src=\"http") && !html.contains("href=\"http"),
        "self-contained"
    );
    // An expert board (30 columns) fits a phone's 375 pixels, as the play pages do.
    let expert = run(
        "mines",
        &["replay", &replay_file("avf-expert-hiscore.avf")],
        "",
    );
    let wide = dir.join("wide.html");
    let r = run(
        "gridrender",
        &["--animate", "-o", wide.to_str().unwrap()],
        &expert.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let script = crate::play::browser_script(&dir, "replay.mjs", &modules);
    let seen = json_of(
        Command::new("node")
            .arg(&script)
            .arg(&chromium)
            .arg(&page)
            .arg(&wide),
    );
    assert!(
        seen["phone"]["board"].as_f64() <= seen["phone"]["room"].as_f64(),
        "the expert board fits a phone: {seen}"
    );
    assert_eq!(
        seen["start"]["state"], "playing",
        "it opens playing, as on the terminal"
    );
    assert_eq!(seen["home"]["covered"], 64, "{seen}");
    assert_eq!(seen["home"]["state"], "paused", "{seen}");
    let end = &seen["end"];
    assert_eq!(end["state"], "ended", "{seen}");
    let counters = end["counters"].as_str().unwrap();
    assert!(counters.contains("3BV 24/24"), "{counters}");
    assert!(counters.contains("Time 14.52 s"), "{counters}");
    assert!(
        counters.contains("clicks 42 (left 13, right 16, chord 13)"),
        "{counters}"
    );
    assert_eq!(end["covered"], 10, "only the (flagged) mines stay covered");
    assert_eq!(end["guess"], 1, "{seen}");
    assert_eq!(end["needless"], 2, "{seen}");
    assert!(end["safe"].as_u64().unwrap() > 10);
    assert_eq!(seen["stepped"]["frame"], 3);
    assert_eq!(seen["back"]["frame"], 2);
    assert_eq!(seen["playing"]["state"], "playing");
    assert!(
        seen["playing"]["time"].as_i64() > seen["back"]["time"].as_i64(),
        "{seen}"
    );
    assert!(
        !seen["playing"]["trail"].as_str().unwrap().is_empty(),
        "the mouse path is drawn"
    );
    assert_eq!(seen["paused"]["state"], "paused");
}

#[test]
fn fps_is_refused_for_a_recorded_game() {
    let dir = scratch("replay-fps");
    let doc = run("mines", &["replay", &replay_file("rmv2-24px.rmv")], "");
    let page = dir.join("replay.html");
    let r = run(
        "gridrender",
        &["--animate", "--fps", "5", "-o", page.to_str().unwrap()],
        &doc.stdout,
    );
    r.assert_error("gridrender", 2, "--fps");
    assert!(!page.exists(), "nothing is written");
}

/// Games of one seed, won within a second, have one name: each is still kept, under a
/// suffix, and each gives the player `--player` names.
#[test]
fn recorded_games_of_one_name_are_all_kept_with_their_player() {
    let folder = scratch("record-twice");
    let (first, _) = record_a_game(&folder);
    let moves = {
        let r = run("mines", &["replay", first.to_str().unwrap()], "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        r
    };
    assert_eq!(moves.doc()["replay"]["player"], "");
    std::fs::remove_file(&first).unwrap();
    let dir = folder.to_str().unwrap();
    let game = crate::harness::pipeline(&[
        ("mines", &["new", "--seed", "1"]),
        ("mines", &["open", "0", "0"]),
    ]);
    let doc: Value = serde_json::from_str(game[1].stdout.trim()).unwrap();
    let layout: Vec<String> = serde_json::from_value(doc["layout"].clone()).unwrap();
    let (r, c) = layout
        .iter()
        .enumerate()
        .find_map(|(r, row)| row.find('*').map(|c| (r, c)))
        .unwrap();
    // A safe first click, then a mine: a game lost within milliseconds.
    let lose = format!(
        "{}\n{r} {c}\n",
        if (r, c) == (0, 0) { "8 8" } else { "0 0" }
    );
    for _ in 0..3 {
        let args = [
            "play", "--seed", "1", "--record", dir, "--player", "Ann Lee",
        ];
        let r = run("mines", &args, &lose);
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    let mut files: Vec<_> = std::fs::read_dir(&*folder)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 3, "{files:?}");
    for file in &files {
        let r = run("mines", &["replay", file.to_str().unwrap()], "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert_eq!(r.doc()["replay"]["player"], "Ann Lee");
        assert_eq!(r.doc()["state"], "lost");
    }
}

/// `--player` names the player of recorded games: without `--record` it does nothing, so
/// it is refused.
#[test]
fn play_refuses_a_player_without_record() {
    let r = run(
        "mines",
        &["play", "--seed", "1", "--player", "Ann"],
        "0 0\n",
    );
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(r.stderr.contains("--record"), "{}", r.stderr);
}
