//! The sample replays of ms-toollib (tests/data/replays), read and measured: every figure
//! equals what ms-toollib computes for the same file (ms-toollib.json, written by
//! expected.py beside it).

use grid_mines::replay::{self, figures};
use serde_json::Value;
use std::path::PathBuf;

fn folder() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/replays")
}

fn expected() -> serde_json::Map<String, Value> {
    let text = std::fs::read_to_string(folder().join("ms-toollib.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn every_figure_equals_ms_toollibs() {
    let mut failures = Vec::new();
    for (name, want) in expected() {
        let data = std::fs::read(folder().join(&name)).unwrap();
        let replay = match replay::read(&data) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let (f, referee) = match figures::measure(&replay) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{name}: {e}"));
                continue;
            }
        };
        let int = |k: &str| want[k].as_u64().unwrap() as usize;
        let float = |k: &str| want[k].as_f64().unwrap();
        let mut check = |what: &str, ok: bool, ours: String, theirs: String| {
            if !ok {
                failures.push(format!(
                    "{name}: {what} is {ours}, ms-toollib says {theirs}"
                ));
            }
        };
        for (what, ours, key) in [
            ("width", replay.width(), "column"),
            ("height", replay.height(), "row"),
            ("mines", replay.layout.count(), "mine_num"),
            ("events", replay.events.len(), "events"),
            ("time", f.time_ms as usize, "rtime_ms"),
            ("3BV", f.game.three_bv, "bbbv"),
            ("3BV solved", f.game.three_bv_solved, "bbbv_solved"),
            ("left", f.game.clicks.left, "left"),
            ("right", f.game.clicks.right, "right"),
            ("double", f.game.clicks.chord, "double"),
            ("clicks", f.game.clicks.total, "cl"),
            ("effective left", f.effective.left, "lce"),
            ("effective right", f.effective.right, "rce"),
            ("effective double", f.effective.chord, "dce"),
            ("effective", f.effective.total, "ce"),
            ("flags", f.flags, "flag"),
            ("openings", f.openings, "op"),
            ("islands", f.islands, "isl"),
            ("ZiNi", f.zini, "zini"),
            ("HZiNi", f.hzini, "hzini"),
            ("mode", usize::from(replay.mode), "mode"),
            ("zeros", f.cells[0], "cell0"),
            ("ones", f.cells[1], "cell1"),
            ("twos", f.cells[2], "cell2"),
            ("threes", f.cells[3], "cell3"),
            ("fours", f.cells[4], "cell4"),
            ("fives", f.cells[5], "cell5"),
            ("sixes", f.cells[6], "cell6"),
            ("sevens", f.cells[7], "cell7"),
            ("eights", f.cells[8], "cell8"),
        ] {
            check(
                what,
                ours == int(key),
                ours.to_string(),
                want[key].to_string(),
            );
        }
        let fl = |x: Option<f64>| x.unwrap_or(0.0);
        for (what, ours, key) in [
            ("3BV/s", fl(f.game.three_bv_per_s), "bbbv_s"),
            ("IOE", fl(f.game.ioe), "ioe"),
            ("correctness", fl(f.correctness), "corr"),
            ("throughput", fl(f.throughput), "thrp"),
            ("RQP", fl(f.rqp), "rqp"),
            ("QG", fl(f.qg), "qg"),
            ("STNB", fl(f.stnb), "stnb"),
            ("path", f.path, "path"),
            ("etime", fl(f.etime_ms) / 1000.0, "etime"),
        ] {
            check(
                what,
                close(ours, float(key)),
                ours.to_string(),
                want[key].to_string(),
            );
        }
        // Times as ms-toollib counts them, microseconds since 1970 (a local clock as if
        // UTC); `null` where the file records none.
        for (what, ours, key) in [
            (
                "start",
                replay.played.map(|p| p.start.micros()),
                "start_time",
            ),
            ("end", replay.played.map(|p| p.end.micros()), "end_time"),
        ] {
            let theirs = want[key].as_i64();
            check(
                what,
                ours == theirs,
                format!("{ours:?}"),
                format!("{theirs:?}"),
            );
        }
        for (what, ours, key) in [
            ("official", replay.official, "is_official"),
            ("fair", replay.fair, "is_fair"),
        ] {
            let theirs = want[key].as_bool();
            check(
                what,
                ours == theirs,
                format!("{ours:?}"),
                format!("{theirs:?}"),
            );
        }
        let won = want["is_completed"].as_bool().unwrap();
        check(
            "won",
            figures::won(&referee) == won,
            format!("{:?}", referee.phase()),
            won.to_string(),
        );
        for (what, ours, key) in [
            ("software", &replay.software, "software"),
            ("player", &replay.player, "player_identifier"),
        ] {
            let theirs = want[key].as_str().unwrap();
            check(what, ours == theirs, ours.clone(), theirs.to_owned());
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every replay cut short anywhere is refused with the byte where it ends (or, cut among
/// its trailing bytes, still read), and never panics.
#[test]
fn a_replay_cut_short_is_refused_at_a_byte() {
    for (name, _) in expected() {
        let data = std::fs::read(folder().join(&name)).unwrap();
        let step = (data.len() / 400).max(1);
        for n in (0..data.len()).step_by(step) {
            match replay::read(&data[..n]) {
                Err(e) => {
                    let text = e.to_string();
                    assert!(
                        text.starts_with("byte ") || text.starts_with("event ") || n == 0,
                        "{name} cut at {n}: {text}"
                    );
                }
                Ok(r) => drop(figures::measure(&r)),
            }
        }
    }
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The chances `--judge` gives, checked against a count of the layouts that agree with the
/// position (every placement of the remaining mines on the covered tiles) on small boards.
#[test]
fn judged_chances_equal_a_count_of_the_layouts() {
    use grid_core::geom::Pos;
    use grid_core::mines_doc::Cell;
    use grid_mines::replay::judge::{self, Verdict};
    use grid_mines::replay::referee::{Outcome, Referee};
    for name in [
        "avf-custom-8x11.avf",
        "avf-beginner-wrong-header.avf",
        "avf-beginner-chinese-name.avf",
        "rmv2-24px.rmv",
        "evf3-beginner-mode5.evf",
        "rmv1-expert.rmv",
        "mvf-expert.mvf",
    ] {
        let data = std::fs::read(folder().join(name)).unwrap();
        let r = replay::read(&data).unwrap();
        let judged = judge::judge(&r).unwrap();
        // Replay again, keeping the view before each judged click.
        let mut referee = Referee::new(r.layout.clone());
        let mut before = referee.view().clone();
        let mut views = std::collections::HashMap::new();
        for (i, e) in r.events.iter().enumerate() {
            let outcome = referee.step(e.action, r.tile(e)).unwrap();
            if outcome != Outcome::Nothing {
                views.insert(i, before.clone());
                before = referee.view().clone();
            }
        }
        let mut checked = 0;
        for click in judged
            .clicks
            .iter()
            .filter(|c| c.click == judge::Click::Open)
        {
            let view = &views[&click.event];
            let Some(chance) = click.chance else {
                assert_eq!(click.verdict, Verdict::First);
                continue;
            };
            // The covered tiles beside a number are placed one by one; the others are all
            // alike, so their placements are counted by a binomial coefficient.
            let near = |p| {
                grid_mines::layout::neighbours(view, p).any(|q| matches!(view[q], Cell::Open(_)))
            };
            let covered: Vec<_> = view.positions().filter(|&p| view[p].is_closed()).collect();
            let frontier: Vec<_> = covered.iter().copied().filter(|&p| near(p)).collect();
            let others = covered.len() - frontier.len();
            if frontier.len() > 22 {
                continue; // too many placements to count one by one
            }
            let target = Pos {
                row: click.row,
                col: click.col,
            };
            let in_frontier = frontier.iter().position(|&q| q == target);
            let (mut all, mut with_mine) = (0.0f64, 0.0f64);
            for set in 0u32..1 << frontier.len() {
                let k = set.count_ones() as usize;
                if k > r.layout.count() || r.layout.count() - k > others {
                    continue;
                }
                let mine = |p| {
                    frontier
                        .iter()
                        .position(|&q| q == p)
                        .is_some_and(|i| set >> i & 1 == 1)
                };
                let agrees = view.positions().all(|p| match view[p] {
                    Cell::Open(n) => {
                        grid_mines::layout::neighbours(view, p)
                            .filter(|&q| mine(q))
                            .count()
                            == usize::from(n)
                    }
                    _ => true,
                });
                if !agrees {
                    continue;
                }
                let rest = r.layout.count() - k;
                let ways = binomial(others, rest);
                all += ways;
                with_mine += match in_frontier {
                    Some(i) => ways * f64::from(set >> i & 1),
                    None => ways * rest as f64 / others as f64,
                };
            }
            let counted = with_mine / all;
            assert!(
                (counted - chance).abs() < 1e-9 * chance.max(1e-3),
                "{name} event {}: judged {chance}, counted {counted}",
                click.event
            );
            checked += 1;
        }
        assert!(checked > 0, "{name}: no click was small enough to count");
    }
}

/// Replays converted to EVF by ms-toollib (converted/, made by convert.py: every sample to
/// version 4, one also to versions 0 and 3) read with the same figures as the files they
/// came from.
#[test]
fn replays_converted_to_evf_keep_their_figures() {
    let converted = folder().join("converted");
    let mut seen = 0;
    for entry in std::fs::read_dir(&converted).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "evf") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_owned();
        // `NAME.vK.evf` is NAME converted to EVF version K; `NAME.evf` to version 4.
        let (stem, version) = match name.rsplit_once(".v") {
            Some((stem, v)) => (stem.to_owned(), v.parse::<u8>().unwrap()),
            None => (name.clone(), 4),
        };
        let original = ["avf", "mvf", "rmv"]
            .iter()
            .map(|ext| folder().join(format!("{stem}.{ext}")))
            .find(|p| p.exists())
            .unwrap_or_else(|| panic!("{stem}: no original beside it"));
        let read = |p: &std::path::Path| replay::read(&std::fs::read(p).unwrap()).unwrap();
        let (ours, theirs) = (read(&original), read(&path));
        assert_eq!(theirs.format, replay::Format::Evf(version), "{name}");
        let (a, _) = figures::measure(&ours).unwrap();
        let (b, _) = figures::measure(&theirs).unwrap();
        assert_eq!(a, b, "{stem}: the EVF's figures differ from the original's");
        assert_eq!(ours.layout, theirs.layout, "{stem}");
        assert_eq!(ours.player, theirs.player, "{stem}");
        assert_eq!(ours.played, theirs.played, "{stem}: when it was played");
        seen += 1;
    }
    assert_eq!(seen, 12);
}

/// Boards larger than a format allows are refused, naming the byte.
#[test]
fn boards_larger_than_the_format_allows_are_refused() {
    // EVF 3: 200 rows of 200-pixel tiles is 40,000 pixels, past the 32,767 EVF allows.
    let mut evf = std::fs::read(folder().join("evf3-beginner-mode5.evf")).unwrap();
    evf[3] = 200; // rows
    evf[7] = 200; // tile size
    let e = replay::read(&evf).unwrap_err();
    assert_eq!(
        e.to_string(),
        "byte 7: a 8x200 board of 200-pixel tiles: EVF allows at most 32767 pixels a side"
    );
    // More mines than tiles, in AVF's custom header.
    let mut avf = std::fs::read(folder().join("avf-custom-8x11.avf")).unwrap();
    avf[8] = 0xff;
    avf[9] = 0xff;
    let e = replay::read(&avf).unwrap_err();
    assert!(e.to_string().contains("65535 mines on a 8x11 board"), "{e}");
}

/// `--judge` on every sample replay: every opening click judged, the first as `first`, and
/// a mine opened only in a lost game.
#[test]
fn every_sample_replay_is_judged_click_by_click() {
    use grid_mines::replay::judge::{self, Verdict};
    for (name, want) in expected() {
        let r = replay::read(&std::fs::read(folder().join(&name)).unwrap()).unwrap();
        let judged = judge::judge(&r).unwrap_or_else(|e| panic!("{name}: {e}"));
        let opens = judged
            .clicks
            .iter()
            .filter(|c| c.click != judge::Click::Flag)
            .count();
        let effective = want["lce"].as_u64().unwrap() + want["dce"].as_u64().unwrap();
        assert_eq!(
            opens as u64, effective,
            "{name}: every opening click is judged"
        );
        assert_eq!(
            judged
                .clicks
                .iter()
                .filter(|c| c.verdict == Verdict::First)
                .count(),
            1,
            "{name}"
        );
        let hits = judged
            .clicks
            .iter()
            .filter(|c| c.verdict == Verdict::Mistake && c.click != judge::Click::Flag)
            .count();
        let won = want["is_completed"].as_bool().unwrap();
        assert_eq!(hits == 0, won, "{name}: {hits} mines opened");
        let s = judged.summary;
        assert!(
            (0.0..=1.0).contains(&s.survival) && s.needless <= s.guesses,
            "{name}"
        );
    }
}

/// A header that says the board has no mines is refused in every format, naming the byte of
/// the count: no clone makes such a board, and its game is won by any click.
#[test]
fn boards_without_mines_are_refused_at_the_count() {
    // AVF's custom header: bytes 6 and 7 the sides less one, 8 and 9 the count.
    let mut avf = std::fs::read(folder().join("avf-custom-8x11.avf")).unwrap();
    avf[8] = 0;
    avf[9] = 0;
    let e = replay::read(&avf).unwrap_err().to_string();
    assert_eq!(
        e,
        "byte 8: a board without mines, which no game is played on"
    );
    // EVF 3: version, summary, settings, rows, columns, then the count at byte 5.
    let mut evf = std::fs::read(folder().join("evf3-beginner-mode5.evf")).unwrap();
    evf[5] = 0;
    evf[6] = 0;
    let e = replay::read(&evf).unwrap_err().to_string();
    assert!(e.starts_with("byte 5: a board without mines"), "{e}");
    // RMV and MVF: columns, rows and the count (30, 16, 99) somewhere in the header.
    for name in ["rmv1-expert.rmv", "mvf-expert.mvf"] {
        let mut data = std::fs::read(folder().join(name)).unwrap();
        let size = data.windows(4).position(|w| w == [30, 16, 0, 99]).unwrap();
        data[size + 3] = 0;
        let e = replay::read(&data).unwrap_err().to_string();
        let want = format!("byte {}: a board without mines", size + 2);
        assert!(e.starts_with(&want), "{name}: {e}");
    }
}

/// Flags placed before the first click (RMV 2's pre-flags, and flags before any tile is
/// open) are no mistakes: nothing was known yet. The sample's 7 mistakes were all such flags.
#[test]
fn flags_before_the_first_click_are_not_mistakes() {
    use grid_mines::replay::judge;
    let data = std::fs::read(folder().join("rmv2-16px-preflags.rmv")).unwrap();
    let replay = replay::read(&data).unwrap();
    let judged = judge::judge(&replay).unwrap();
    assert_eq!(judged.summary.mistakes, 0, "{:?}", judged.summary);
    assert!(judged.clicks.iter().all(|c| c.click != judge::Click::Flag));
}

/// A replay's document, as `mines replay` builds it: the board at the start, its layout, the
/// game's time in `stats`, and the `replay` object.
fn document_of(r: &replay::Replay) -> grid_core::Document {
    use grid_core::mines_doc::{Cell, FirstClick, GameState, MinesDoc, Rules};
    let mines = MinesDoc {
        view: grid_core::Grid::new(r.width(), r.height(), Cell::Covered),
        mines: r.layout.count(),
        layout: Some(r.layout.grid().clone()),
        state: GameState::New,
        rules: Rules {
            first_click: FirstClick::Safe,
            no_guess: false,
        },
        seed: None,
        moves: Vec::new(),
    };
    let mut doc = mines.to_document();
    doc.set("stats", serde_json::json!({ "time_ms": r.time_ms }));
    doc.set("replay", replay::document::to_doc(r, false, None));
    doc
}

/// Every sample replay, written as a document's `replay` object and read back, is the same
/// game: one type writes the object and reads it.
#[test]
fn every_sample_replay_reads_back_from_its_document() {
    for (name, _) in expected() {
        let data = std::fs::read(folder().join(&name)).unwrap();
        let r = replay::read(&data).unwrap();
        let text = document_of(&r).to_json();
        let back =
            replay::document::from_doc(&grid_core::Document::from_json(&text).unwrap()).unwrap();
        assert_eq!(back.events, r.events, "{name}");
        assert_eq!(back.layout, r.layout, "{name}");
        assert_eq!(back.format, r.format, "{name}");
        assert_eq!(
            (back.cell_px, back.mode, back.time_ms),
            (r.cell_px, r.mode, r.time_ms),
            "{name}"
        );
        assert_eq!(
            (&back.race, &back.unique, &back.country),
            (&r.race, &r.unique, &r.country)
        );
        assert_eq!(
            (back.question_marks, back.declared_won),
            (r.question_marks, r.declared_won)
        );
    }
}

/// A document is input too: a flag placed off the board, which a replay file is refused
/// for, is refused in a document's `replay` object (it was read and played).
#[test]
fn a_document_gets_the_checks_a_replay_file_gets() {
    let data = std::fs::read(folder().join("rmv2-16px-preflags.rmv")).unwrap();
    let mut r = replay::read(&data).unwrap();
    let i = r
        .events
        .iter()
        .position(|e| e.action == replay::Action::PreFlag)
        .unwrap();
    r.events[i].x = 60_000;
    let text = document_of(&r).to_json();
    let e = replay::document::from_doc(&grid_core::Document::from_json(&text).unwrap())
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        format!(
            "field `replay`: event {i}: a flag placed at pixel (60000, {}), outside the board",
            r.events[i].y
        )
    );
}

/// The judged clicks and their sum are typed in the one replay type, and read back as
/// written.
#[test]
fn a_judged_replay_object_reads_back_as_written() {
    use grid_core::replay_doc::ReplayDoc;
    let data = std::fs::read(folder().join("rmv2-24px.rmv")).unwrap();
    let r = replay::read(&data).unwrap();
    let judged = replay::judge::judge(&r).unwrap();
    let written = replay::document::to_doc(&r, true, Some(&judged));
    let text = serde_json::to_string(&written).unwrap();
    let back: ReplayDoc = serde_json::from_str(&text).unwrap();
    assert_eq!(back, written);
    assert_eq!(back.judged.unwrap(), judged.clicks);
    assert_eq!(serde_json::to_string(&written).unwrap(), text);
}

/// A document's times are checked as it is read back: each an ISO 8601 time, both or
/// neither.
#[test]
fn a_documents_times_are_checked() {
    let data = std::fs::read(folder().join("rmv2-24px.rmv")).unwrap();
    let r = replay::read(&data).unwrap();
    let text = document_of(&r).to_json();
    let start = r.played.unwrap().start.iso();
    assert_eq!(start, "2026-01-03T15:47:34Z");
    for (from, to, message) in [
        (
            format!("\"start_time\":\"{start}\""),
            "\"start_time\":\"yesterday\"".to_owned(),
            "field `replay.start_time`: \"yesterday\" is not an ISO 8601 time such as 2024-08-10T18:06:28.971Z",
        ),
        (
            format!("\"start_time\":\"{start}\""),
            "\"start_time\":null".to_owned(),
            "field `replay.start_time`: null, while the other end of the game has a time",
        ),
    ] {
        assert!(text.contains(&from), "{from} not in the document");
        let bad = text.replace(&from, &to);
        let e = replay::document::from_doc(&grid_core::Document::from_json(&bad).unwrap())
            .unwrap_err()
            .to_string();
        assert_eq!(e, message);
    }
}

/// A game cut short has its time estimated at its pace: the time over the part of the 3BV
/// solved; with nothing solved, no estimate.
#[test]
fn an_unfinished_game_has_its_time_estimated() {
    let data = std::fs::read(folder().join("avf-expert-hiscore.avf")).unwrap();
    let mut r = replay::read(&data).unwrap();
    r.events.truncate(r.events.len() / 2);
    let (f, referee) = figures::measure(&r).unwrap();
    assert_eq!(referee.phase(), replay::referee::Phase::Playing);
    let c = referee.counts();
    assert!(c.solved_3bv > 0 && c.solved_3bv < f.game.three_bv);
    let want = f64::from(r.time_ms) * f.game.three_bv as f64 / c.solved_3bv as f64;
    assert!(close(f.etime_ms.unwrap(), want), "{:?} {want}", f.etime_ms);
    r.events.truncate(1);
    let (f, _) = figures::measure(&r).unwrap();
    assert_eq!(f.etime_ms, None);
}
