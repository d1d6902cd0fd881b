//! Bad input gets one clear line on stderr, exit status 2, and nothing half-written.

use crate::harness::{bin, run};
use std::io::Read;
use std::process::{Command, Stdio};

const GOOD: &str = r#######"{"kind":"maze","version":1,"width":5,"height":3,"grid":["#####","#   #","#####"]}"#######;

#[test]
fn malformed_json_names_the_line() {
    let input = format!("{GOOD}\n{{\"kind\":\"maze\",\"version\":1,\n");
    let r = run("mazesolve", &[], &input);
    r.assert_error("mazesolve", 2, "stdin line 2: malformed JSON");
    // The good first document was answered in full; nothing of the second.
    assert_eq!(r.docs().len(), 1);
    assert!(r.stdout.ends_with('\n'));
}

/// A newline inside a string is the last character of its line: the error names the line
/// the broken document is on, and the column of that newline.
#[test]
fn a_newline_in_a_string_is_placed_on_its_own_line() {
    let input = format!("{GOOD}\n{GOOD}\n{{\"kind\": \"maze\", \"vers\n");
    let r = run("mazesolve", &[], &input);
    r.assert_error("mazesolve", 2, "stdin line 3: malformed JSON");
    assert!(r.stderr.contains("(column 23)"), "{}", r.stderr);
    assert_eq!(r.docs().len(), 2);
}

#[test]
fn garbage_and_wrong_types_are_refused() {
    run("mazesolve", &[], "hello\n").assert_error("mazesolve", 2, "line 1: malformed JSON");
    run("mazesolve", &[], "[1,2]\n").assert_error("mazesolve", 2, "expected a JSON object");
    let no_kind = r#"{"version":1,"grid":[]}"#;
    run("mazesolve", &[], no_kind).assert_error("mazesolve", 2, "field `kind`: missing");
    let wrong = GOOD.replace(r#""width":5"#, r#""width":"5""#);
    run("mazesolve", &[], &wrong).assert_error("mazesolve", 2, "field `width`");
}

#[test]
fn unknown_versions_are_refused() {
    let v2 = GOOD.replace(r#""version":1"#, r#""version":2"#);
    for tool in ["mazesolve", "gridrender"] {
        run(tool, &[], &v2).assert_error(tool, 2, "unsupported version 2");
    }
}

#[test]
fn rows_of_the_wrong_length_are_named() {
    let bad = GOOD.replace(r##""#   #""##, r##""#  #""##);
    for tool in ["mazesolve", "gridrender"] {
        let r = run(tool, &[], &bad);
        r.assert_error(tool, 2, "row 1 has 4 characters, but `width` is 5");
        assert!(r.stdout.is_empty());
    }
    let few = GOOD.replace(r######","#####"]"######, "]");
    run("mazesolve", &[], &few).assert_error("mazesolve", 2, "2 rows, but `height` is 3");
}

#[test]
fn start_or_goal_in_a_wall_is_refused() {
    let bad = GOOD.replace(r#""grid""#, r#""start":[0,2],"grid""#);
    run("mazesolve", &[], &bad).assert_error("mazesolve", 2, "field `start`: [0, 2] is a wall");
    let outside = GOOD.replace(r#""grid""#, r#""goal":[1,9],"grid""#);
    run("mazesolve", &[], &outside).assert_error("mazesolve", 2, "outside the 5x3 grid");
}

#[test]
fn other_kinds_are_not_mazes() {
    let mines = r##"{"kind":"mines","version":1,"width":1,"height":1,"mines":0,"grid":["#"]}"##;
    run("mazesolve", &[], mines).assert_error("mazesolve", 2, "expected a maze document");
}

#[test]
fn bad_sizes_are_refused_before_any_work() {
    for (args, needle) in [
        (&["0"][..], "at least 1 cell"),
        (&["--", "-5"][..], "expected a whole number"),
        (&["ten"][..], "expected a whole number"),
        (&["5", "0"][..], "at least 1 cell"),
        (&["100000", "100000"][..], "too large"),
        (&["99999999999999999999"][..], "expected a whole number"),
    ] {
        let r = run("mazegen", args, "");
        r.assert_error("mazegen", 2, needle);
        assert!(r.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn unknown_algorithms_list_the_known_ones() {
    run("mazegen", &["--algo", "dfs", "5"], "").assert_error("mazegen", 2, "invalid value 'dfs'");
    let r = run("mazesolve", &["--algo", "dijkstra"], GOOD);
    r.assert_error("mazesolve", 2, "right-hand");
    assert!(r.stdout.is_empty());
}

#[test]
fn bad_options_are_refused() {
    run("mazegen", &["--braid", "1.5", "5"], "").assert_error("mazegen", 2, "fraction from 0 to 1");
    run("mazegen", &["--start", "9,9", "5"], "").assert_error(
        "mazegen",
        2,
        "--start 9,9 is outside",
    );
    run("mazegen", &["--goal", "x", "5"], "").assert_error("mazegen", 2, "ROW,COL");
    run("gridrender", &["--color", "sometimes"], GOOD).assert_error("gridrender", 2, "sometimes");
}

#[test]
fn missing_files_are_named() {
    let r = run("mazesolve", &["/nonexistent/maze.json"], "");
    r.assert_error("mazesolve", 2, "cannot open /nonexistent/maze.json");
}

#[test]
fn a_truncated_document_is_an_error() {
    let cut = &GOOD[..40];
    run("mazesolve", &[], cut).assert_error("mazesolve", 2, "line 1: malformed JSON: EOF");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let mut child = Command::new(bin("mazegen"))
        .args(["--seed", "1", "3000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut head = [0u8; 100];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut head)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A negative coordinate gets the range in the message, as a negative fraction does.
#[test]
fn a_negative_start_or_goal_gets_the_range() {
    for flag in ["--start", "--goal"] {
        let r = run("mazegen", &[flag, "-1,0", "5"], "");
        r.assert_error("mazegen", 2, "rows and columns count from 0");
        assert!(!r.stderr.contains("unexpected argument"), "{}", r.stderr);
    }
}
