//! `mines replay --summary` over an archive of replays, `--merge` of summaries of its parts,
//! `--table`, and the bad input an archive holds: other files, cut replays, folders that are
//! not there, loops of links.

use crate::harness::{Run, data, run, scratch};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The sample replays (tests/data/replays and its converted/ folder), by name.
fn samples() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in [data("replays"), data("replays/converted")] {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
            if ["avf", "evf", "rmv", "mvf"].contains(&ext) {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// A scratch archive: every sample copied under `parts` folders, `a/`, `b/`, ..., each
/// sample in the folder its index falls to, under a name that hides its format.
fn archive(root: &Path, parts: usize) -> Vec<PathBuf> {
    let mut copies = Vec::new();
    for (i, sample) in samples().iter().enumerate() {
        let dir = root.join(((b'a' + (i % parts) as u8) as char).to_string());
        std::fs::create_dir_all(&dir).unwrap();
        let copy = dir.join(format!("game{i:02}.bin"));
        std::fs::copy(sample, &copy).unwrap();
        copies.push(copy);
    }
    copies
}

fn mines(args: &[&str]) -> Run {
    run("mines", args, "")
}

fn summary(args: &[&str]) -> Value {
    let r = mines(args);
    assert_eq!(r.status, 0, "{}", r.stderr);
    r.doc()
}

/// What a summary's group says, from the single-file documents of its games.
fn expected_groups(files: &[PathBuf]) -> BTreeMap<(String, String), Value> {
    let mut games: BTreeMap<(String, String), Vec<(String, Value)>> = BTreeMap::new();
    for file in files {
        let name = file.display().to_string();
        let doc = mines(&["replay", &name]).doc();
        let replay = &doc["replay"];
        let level = match replay["level"].as_str().unwrap() {
            "custom" => format!("{}x{}/{}", doc["width"], doc["height"], doc["mines"]),
            named => named.to_string(),
        };
        let key = (replay["player"].as_str().unwrap().to_string(), level);
        games.entry(key).or_default().push((name, doc));
    }
    games
        .into_iter()
        .map(|(key, mut docs)| {
            docs.sort_by(|a, b| a.0.cmp(&b.0));
            let won: Vec<&(String, Value)> =
                docs.iter().filter(|(_, d)| d["state"] == "won").collect();
            let stat = |d: &Value, f: &str| d["stats"][f].as_f64();
            let rates: Vec<f64> = won
                .iter()
                .filter_map(|(_, d)| stat(d, "3bv_per_s"))
                .collect();
            let ioes: Vec<f64> = won.iter().filter_map(|(_, d)| stat(d, "ioe")).collect();
            let fastest = won
                .iter()
                .min_by_key(|(_, d)| d["stats"]["time_ms"].as_u64().unwrap());
            let quickest = won
                .iter()
                .fold(None::<&(String, Value)>, |best, g| match best {
                    Some(b) if stat(&b.1, "3bv_per_s") >= stat(&g.1, "3bv_per_s") => Some(b),
                    _ => Some(g),
                });
            let group = serde_json::json!({
                "games": docs.len(),
                "wins": won.len(),
                "best_time": fastest.map(|(f, d)| serde_json::json!({
                    "time_ms": d["stats"]["time_ms"], "file": f})),
                "best_3bv_per_s": quickest.map(|(f, d)| serde_json::json!({
                    "value": d["stats"]["3bv_per_s"], "file": f})),
                "median_3bv_per_s": median(&rates),
                "mean_3bv_per_s": (!rates.is_empty())
                    .then(|| rates.iter().sum::<f64>() / rates.len() as f64),
                "best_ioe": ioes.iter().copied().reduce(f64::max),
                "median_ioe": median(&ioes),
            });
            (key, group)
        })
        .collect()
}

fn median(values: &[f64]) -> Option<f64> {
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(v[n / 2]),
        _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

#[test]
fn a_summary_gives_the_figures_of_the_single_file_documents() {
    let dir = scratch("archive");
    let copies = archive(&dir, 3);
    let root = dir.display().to_string();
    let doc = summary(&["replay", "--summary", &root]);
    assert_eq!(doc["report"], "replay summary");
    assert_eq!(doc["replays"], copies.len());
    assert_eq!(doc["skipped"], 0);
    let expected = expected_groups(&copies);
    let groups = doc["groups"].as_array().unwrap();
    assert_eq!(groups.len(), expected.len());
    for g in groups {
        let key = (
            g["player"].as_str().unwrap().to_string(),
            g["level"].as_str().unwrap().to_string(),
        );
        let want = &expected[&key];
        for field in want.as_object().unwrap().keys() {
            assert_eq!(g[field], want[field], "{key:?} {field}");
        }
        // Every sample records when it was played; a group's games are of one program,
        // whose times sort as text.
        let dates: Vec<&str> = g["replays"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["date"].as_str().unwrap())
            .collect();
        assert_eq!(g["first_date"], *dates.iter().min().unwrap(), "{key:?}");
        assert_eq!(g["last_date"], *dates.iter().max().unwrap(), "{key:?}");
        assert_eq!(
            g["replays"].as_array().unwrap().len(),
            g["games"].as_u64().unwrap() as usize
        );
    }
}

#[test]
fn a_summary_is_the_same_on_every_run_and_any_number_of_threads() {
    let dir = scratch("archive-runs");
    archive(&dir, 4);
    let root = dir.display().to_string();
    let one = mines(&["replay", "--summary", "--jobs", "1", &root]);
    let two = mines(&["replay", "--summary", "--jobs", "2", &root]);
    let every = mines(&["replay", "--summary", &root]);
    assert_eq!(one.status, 0, "{}", one.stderr);
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stdout, every.stdout);
}

#[test]
fn summaries_of_the_parts_merge_into_the_summary_of_the_whole() {
    let dir = scratch("archive-merge");
    archive(&dir, 3);
    let part = |name: &str| dir.join(name).display().to_string();
    let whole = mines(&["replay", "--summary", &part("a"), &part("b"), &part("c")]);
    let mut files = Vec::new();
    for name in ["c", "a", "b"] {
        let r = mines(&["replay", "--summary", &part(name)]);
        let file = dir.join(format!("{name}.json"));
        std::fs::write(&file, &r.stdout).unwrap();
        files.push(file.display().to_string());
    }
    let mut args = vec!["replay", "--merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = mines(&args);
    assert_eq!(merged.status, 0, "{}", merged.stderr);
    assert_eq!(merged.stdout, whole.stdout);
    // The table reads the same either way.
    let mut table_args = args.clone();
    table_args.push("--table");
    let table = mines(&table_args);
    assert_eq!(table.status, 0, "{}", table.stderr);
    assert!(table.stdout.starts_with("player"), "{}", table.stdout);
    assert!(table.stdout.contains("expert"));
    assert!(
        table
            .stdout
            .ends_with(&format!("{} replays, 0 skipped\n", samples().len()))
    );
}

#[test]
fn a_player_filter_keeps_that_player_and_merges_only_with_its_like() {
    let dir = scratch("archive-player");
    archive(&dir, 1);
    let root = dir.display().to_string();
    let doc = summary(&["replay", "--summary", "--player", "Thomas Kolar", &root]);
    assert_eq!(doc["player"], "Thomas Kolar");
    let groups = doc["groups"].as_array().unwrap();
    assert!(!groups.is_empty());
    assert!(groups.iter().all(|g| g["player"] == "Thomas Kolar"));
    let filtered = dir.join("filtered.json");
    std::fs::write(&filtered, doc.to_string() + "\n").unwrap();
    let all = dir.join("all.json");
    let everyone = mines(&["replay", "--summary", &dir.join("a").display().to_string()]);
    std::fs::write(&all, everyone.stdout).unwrap();
    let r = mines(&[
        "replay",
        "--merge",
        &all.display().to_string(),
        &filtered.display().to_string(),
    ]);
    r.assert_error("mines", 2, "filtered.json: made for player");
    assert!(r.stdout.is_empty());
}

#[test]
fn files_that_are_not_replays_are_named_counted_and_the_rest_summed_up() {
    let dir = scratch("archive-bad");
    let copies = archive(&dir, 2);
    std::fs::write(dir.join("a/notes.txt"), "not a replay\n").unwrap();
    let whole = std::fs::read(&copies[0]).unwrap();
    std::fs::write(dir.join("b/cut.avf"), &whole[..whole.len() / 3]).unwrap();
    std::fs::write(dir.join("b/empty.evf"), b"").unwrap();
    let root = dir.display().to_string();
    let missing = dir.join("nowhere").display().to_string();
    let r = mines(&["replay", "--summary", &root, &missing]);
    assert_eq!(r.status, 2, "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["replays"], copies.len());
    assert_eq!(doc["skipped"], 4);
    let lines: Vec<&str> = r.stderr.lines().collect();
    assert_eq!(lines.len(), 4, "{}", r.stderr);
    assert!(lines.iter().all(|l| l.starts_with("mines: error: ")));
    // Refused in the words the single-file reader uses.
    let cut = dir.join("b/cut.avf").display().to_string();
    let alone = mines(&["replay", &cut]);
    assert_eq!(alone.status, 2);
    assert!(
        r.stderr.contains(&alone.stderr),
        "{} lacks {}",
        r.stderr,
        alone.stderr
    );
    for needle in [
        "notes.txt: ",
        "cut.avf: ",
        "empty.evf: the file is empty",
        "nowhere: No such file",
    ] {
        assert!(r.stderr.contains(needle), "{needle} not in {}", r.stderr);
    }
}

#[test]
fn past_twenty_skipped_files_stderr_gives_a_count() {
    let dir = scratch("archive-many-bad");
    for i in 0..25 {
        std::fs::write(dir.join(format!("junk{i:02}.txt")), "junk").unwrap();
    }
    archive(&dir, 1);
    let r = mines(&["replay", "--summary", &dir.display().to_string()]);
    assert_eq!(r.status, 2);
    assert_eq!(r.doc()["skipped"], 25);
    assert_eq!(r.stderr.lines().count(), 21, "{}", r.stderr);
    assert!(
        r.stderr
            .ends_with("mines: error: and 5 more files skipped\n"),
        "{}",
        r.stderr
    );
}

#[cfg(unix)]
#[test]
fn a_loop_of_links_is_said_once_and_walked_no_further() {
    let dir = scratch("archive-loop");
    archive(&dir, 1);
    std::os::unix::fs::symlink(&*dir, dir.join("a/back")).unwrap();
    std::os::unix::fs::symlink("self", dir.join("self")).unwrap();
    let r = mines(&["replay", "--summary", &dir.display().to_string()]);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert_eq!(r.doc()["replays"], samples().len());
    assert!(
        r.stderr.contains("a/back: a loop of symbolic links"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("self: Too many levels of symbolic links"),
        "{}",
        r.stderr
    );
    assert_eq!(r.stderr.lines().count(), 2, "{}", r.stderr);
}

#[test]
fn an_archive_with_no_replay_says_so_and_writes_an_empty_summary() {
    let dir = scratch("archive-empty");
    std::fs::create_dir(dir.join("nothing")).unwrap();
    let r = mines(&["replay", "--summary", &dir.display().to_string()]);
    r.assert_error("mines", 2, "no replay among the 0 files found");
    let doc = r.doc();
    assert_eq!(doc["replays"], 0);
    assert_eq!(doc["groups"], serde_json::json!([]));
}

#[test]
fn a_merge_names_the_file_and_field_that_cannot_be() {
    let dir = scratch("archive-merge-bad");
    archive(&dir, 2);
    let a = mines(&["replay", "--summary", &dir.join("a").display().to_string()]);
    let good = dir.join("good.json");
    std::fs::write(&good, &a.stdout).unwrap();
    let good = good.display().to_string();
    let write = |name: &str, doc: &Value| {
        let path = dir.join(name);
        std::fs::write(&path, doc.to_string()).unwrap();
        path.display().to_string()
    };
    let mut wins: Value = a.doc();
    wins["groups"][0]["wins"] = Value::from(1000);
    let r = mines(&["replay", "--merge", &write("wins.json", &wins)]);
    r.assert_error(
        "mines",
        2,
        "wins.json: group 0 (Guo Jin Yang, expert): `wins` is not what its replays give",
    );
    let mut time: Value = a.doc();
    time["groups"][0]["best_time"]["time_ms"] = Value::from(1);
    let r = mines(&["replay", "--merge", &good, &write("time.json", &time)]);
    r.assert_error(
        "mines",
        2,
        "time.json: group 0 (Guo Jin Yang, expert): `best_time`",
    );
    assert!(r.stdout.is_empty());
    let r = mines(&["replay", "--merge", &good, &good]);
    r.assert_error("mines", 2, &format!("which {good} holds too"));
    let r = mines(&[
        "replay",
        "--merge",
        &write("other.json", &serde_json::json!({"kind": "mines"})),
    ]);
    r.assert_error(
        "mines",
        2,
        "other.json: not a summary of replays (mines replay --summary writes one)",
    );
}

#[test]
fn flags_that_do_nothing_here_are_refused() {
    let dir = data("replays");
    for args in [
        vec!["replay", "--summary", "--judge", &dir],
        vec!["replay", "--table", &dir],
        vec!["replay", "--player", "x", &dir],
        vec!["replay", "--merge", "--player", "x", &dir],
        vec!["replay", "--summary", "--merge", &dir],
        vec!["replay", "--summary", "--table", "--pretty", &dir],
        vec!["replay", "--merge", "--jobs", "2", &dir],
    ] {
        let r = mines(&args);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

/// `--judge` with `--summary` or `--merge` names the flag given, not both of the pair, and
/// points to the help of `mines replay`, where both are told.
#[test]
fn judge_with_an_archive_flag_names_only_the_flag_given() {
    for (flag, other) in [("--summary", "--merge"), ("--merge", "--summary")] {
        let r = run("mines", &["replay", "--judge", flag, "."], "");
        assert_eq!(r.status, 2, "{}", r.stderr);
        assert!(
            r.stderr
                .contains(&format!("'--judge' cannot be used with '{flag}'")),
            "{}",
            r.stderr
        );
        assert!(!r.stderr.contains(other), "{}", r.stderr);
        assert!(
            r.stderr.contains("(see 'mines replay --help')"),
            "{}",
            r.stderr
        );
    }
}

/// One file named two ways is one replay: through a link to its folder, as `x` and `./x`.
#[cfg(unix)]
#[test]
fn a_file_named_two_ways_is_summed_up_once() {
    let dir = scratch("archive-twice");
    let copies = archive(&dir, 1);
    std::fs::create_dir(dir.join("b")).unwrap();
    std::os::unix::fs::symlink(dir.join("a"), dir.join("b/link-to-a")).unwrap();
    let root = dir.display().to_string();
    let r = mines(&["replay", "--summary", &root]);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.doc()["replays"], copies.len());
    let file = copies[0].display().to_string();
    let dotted = format!("{}/./{}", dir.join("a").display(), "game00.bin");
    let doc = summary(&["replay", "--summary", &file, &dotted]);
    assert_eq!(doc["replays"], 1);
    // A merge names the replay that two summaries hold, however each names it.
    let a = dir.join("a.json");
    std::fs::write(
        &a,
        mines(&["replay", "--summary", &dir.join("a").display().to_string()]).stdout,
    )
    .unwrap();
    let b = dir.join("b.json");
    std::fs::write(
        &b,
        mines(&["replay", "--summary", &dir.join("b").display().to_string()]).stdout,
    )
    .unwrap();
    let r = mines(&[
        "replay",
        "--merge",
        &a.display().to_string(),
        &b.display().to_string(),
    ]);
    r.assert_error("mines", 2, "b.json: holds ");
    assert!(r.stderr.contains("link-to-a/game"), "{}", r.stderr);
    assert!(r.stderr.contains(", as "), "{}", r.stderr);
    assert!(r.stdout.is_empty());
}

/// `-` is one replay read from stdin, as the help says.
#[test]
fn a_summary_reads_a_replay_from_stdin() {
    let sample = &samples()[0];
    let mut cmd = std::process::Command::new(crate::harness::bin("mines"));
    cmd.args(["replay", "--summary", "-"])
        .stdin(std::fs::File::open(sample).unwrap());
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(doc["replays"], 1);
    assert_eq!(doc["groups"][0]["replays"][0]["file"], "-");
}

/// A replay given to `--merge` is named a replay, not a summary.
#[test]
fn a_merge_of_a_replay_says_it_is_one() {
    let sample = samples()[0].display().to_string();
    let r = mines(&["replay", "--merge", &sample]);
    r.assert_error("mines", 2, "a replay, not a summary of replays");
    assert!(!r.stderr.contains("invalid type"), "{}", r.stderr);
}

/// `--player` matches in any case, filters a merge, and names the players there are when it
/// matches none; a merge error words the filters as a person gave them.
#[test]
fn a_player_matches_in_any_case_filters_a_merge_and_says_when_none_is_there() {
    let dir = scratch("archive-player-case");
    archive(&dir, 1);
    let root = dir.display().to_string();
    let exact = mines(&["replay", "--summary", "--player", "Thomas Kolar", &root]);
    let lower = mines(&["replay", "--summary", "--player", "thomas kolar", &root]);
    assert_eq!(lower.status, 0, "{}", lower.stderr);
    let (exact, lower) = (exact.doc(), lower.doc());
    assert!(exact["replays"].as_u64().unwrap() > 0);
    assert_eq!(exact["groups"], lower["groups"]);
    assert_eq!(lower["player"], "thomas kolar");

    let none = mines(&["replay", "--summary", "--player", "Nobody", &root]);
    assert_eq!(none.status, 1, "{}", none.stderr);
    assert_eq!(none.doc()["replays"], 0);
    assert!(
        none.stderr
            .starts_with("mines: no replay of player \"Nobody\"; the replays are of \""),
        "{}",
        none.stderr
    );
    assert!(none.stderr.contains("more"), "{}", none.stderr);

    // Summaries kept apart from the archive, where they would be files that are no replays.
    let kept = scratch("archive-player-case-summaries");
    let all = kept.join("all.json");
    std::fs::write(&all, mines(&["replay", "--summary", &root]).stdout).unwrap();
    let all = all.display().to_string();
    let merged = summary(&["replay", "--merge", &all, "--player", "Thomas Kolar"]);
    assert_eq!(merged, exact);

    let filtered = kept.join("filtered.json");
    std::fs::write(&filtered, exact.to_string() + "\n").unwrap();
    let r = mines(&["replay", "--merge", &filtered.display().to_string(), &all]);
    r.assert_error(
        "mines",
        2,
        "all.json: made for every player, the first summary for player \"Thomas Kolar\"",
    );
}

/// Two machines' archives may hold different games under one relative name: their
/// summaries merge, as one run over both would count both; the same game under the same
/// name is still refused.
#[test]
fn a_merge_tells_games_of_one_name_apart_by_their_figures() {
    let dir = scratch("archive-one-name");
    let s = samples();
    for (machine, sample) in [("m1", &s[0]), ("m2", &s[1])] {
        std::fs::create_dir_all(dir.join(machine).join("r")).unwrap();
        std::fs::copy(sample, dir.join(machine).join("r/a.bin")).unwrap();
    }
    let summarise = |machine: &str| {
        let out = std::process::Command::new(crate::harness::bin("mines"))
            .args(["replay", "--summary", "r"])
            .current_dir(dir.join(machine))
            .output()
            .unwrap();
        assert!(out.status.success());
        let file = dir.join(format!("{machine}.json"));
        std::fs::write(&file, out.stdout).unwrap();
        file.display().to_string()
    };
    let (one, two) = (summarise("m1"), summarise("m2"));
    let merged = summary(&["replay", "--merge", &one, &two]);
    assert_eq!(merged["replays"], 2);
    let r = mines(&["replay", "--merge", &one, &one]);
    r.assert_error("mines", 2, "holds \"r/a.bin\"");
}

/// A link back up the tree (`loop -> ../..`) is a loop, said once, and nothing above the
/// folder given is read through it; a file reached by a real folder and by a link is named
/// by its real folder; the paths given in any order give the same bytes.
#[cfg(unix)]
#[test]
fn links_neither_lead_out_of_the_folder_nor_change_the_names() {
    let dir = scratch("archive-links");
    let copies = archive(&dir, 3);
    let a = dir.join("a");
    std::fs::create_dir(a.join("deep")).unwrap();
    std::os::unix::fs::symlink("../..", a.join("deep/loop")).unwrap();
    std::os::unix::fs::symlink("../c", dir.join("b/clink")).unwrap();
    let r = mines(&["replay", "--summary", &a.display().to_string()]);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains("a loop of symbolic links"),
        "{}",
        r.stderr
    );
    let in_a = copies.iter().filter(|c| c.starts_with(&a)).count();
    assert_eq!(r.doc()["replays"], in_a, "{}", r.stdout);
    let (b, c) = (
        dir.join("b").display().to_string(),
        dir.join("c").display().to_string(),
    );
    let forward = mines(&["replay", "--summary", &b, &c]);
    let backward = mines(&["replay", "--summary", &c, &b]);
    assert_eq!(forward.stdout, backward.stdout);
    assert!(!forward.stdout.contains("clink"), "{}", forward.stdout);
}
