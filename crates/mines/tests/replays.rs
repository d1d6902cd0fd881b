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
            ("3BV", f.three_bv, "bbbv"),
            ("3BV solved", f.three_bv_solved, "bbbv_solved"),
            ("left", f.clicks.left, "left"),
            ("right", f.clicks.right, "right"),
            ("double", f.clicks.chord, "double"),
            ("clicks", f.clicks.total, "cl"),
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
            ("3BV/s", fl(f.three_bv_per_s), "bbbv_s"),
            ("IOE", fl(f.ioe), "ioe"),
            ("correctness", fl(f.correctness), "corr"),
            ("throughput", fl(f.throughput), "thrp"),
            ("RQP", fl(f.rqp), "rqp"),
            ("QG", fl(f.qg), "qg"),
            ("STNB", fl(f.stnb), "stnb"),
        ] {
            check(
                what,
                close(ours, float(key)),
                ours.to_string(),
                want[key].to_string(),
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
