//! A hostile battery: every tool that reads input, fed broken, wrong, huge and strange input,
//! and slow producers and closed pipes. Each case must end with the status docs/format.md
//! gives, one line on stderr naming the problem, nothing half-written on stdout, no panic,
//! and a peak memory under a bound (measured by GNU time on the child).

use crate::harness::{bin, data};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// The tools and arguments that read documents from stdin.
const READERS: [(&str, &[&str]); 7] = [
    ("mazesolve", &[]),
    ("mines", &["open", "0", "0"]),
    ("mines", &["solve"]),
    ("mines", &["export"]),
    ("nonosolve", &["--input-format", "json"]),
    ("gridrender", &["--format", "text"]),
    ("gridrender", &["--format", "svg"]),
];

/// The most memory (in KB) any tool may take on any case here.
const MEMORY_BOUND_KB: u64 = 200_000;

#[derive(Debug)]
struct Outcome {
    status: i32,
    stdout: Vec<u8>,
    stderr: String,
    peak_kb: Option<u64>,
}

/// GNU time, which reports a child's peak memory (CI installs it; without it the memory
/// bound is not checked, with a note).
fn gnu_time() -> Option<&'static str> {
    let path = "/usr/bin/time";
    let works = Command::new(path)
        .args(["-f", "%M", "true"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !works {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_TIME").is_none(),
            "GNU time is required (GRIDKIT_REQUIRE_TIME is set) but not installed"
        );
        eprintln!("note: GNU time is not installed; peak memory was not checked");
    }
    works.then_some(path)
}

/// Runs `tool args` on `input`, measuring its peak memory.
fn feed(tool: &str, args: &[&str], input: &[u8]) -> Outcome {
    let report = std::env::temp_dir().join(format!(
        "gridkit-rss-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    let mut cmd = match gnu_time() {
        Some(time) => {
            let mut c = Command::new(time);
            c.arg("-o").arg(&report).args(["-f", "%M", bin(tool)]);
            c
        }
        None => Command::new(bin(tool)),
    };
    let mut child = cmd
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let peak_kb = std::fs::read_to_string(&report)
        .ok()
        .and_then(|t| t.lines().last()?.trim().parse().ok());
    let _ = std::fs::remove_file(&report);
    Outcome {
        status: out.status.code().expect("exited, not killed by a signal"),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        peak_kb,
    }
}

/// Asserts a clean refusal: status 2, one short line naming `needle`, no output, bounded
/// memory.
fn assert_refused(tool: &str, args: &[&str], input: &[u8], needle: &str) {
    let o = feed(tool, args, input);
    let what = format!(
        "{tool} {args:?} on {:?}",
        String::from_utf8_lossy(&input[..input.len().min(60)])
    );
    assert_eq!(o.status, 2, "{what}: {}", o.stderr);
    assert!(!o.stderr.contains("panicked"), "{what}: {}", o.stderr);
    let lines: Vec<&str> = o.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: {:?}", o.stderr);
    assert!(
        lines[0].starts_with(&format!("{tool}: error: ")),
        "{what}: {}",
        lines[0]
    );
    assert!(
        lines[0].len() < 500,
        "{what}: a message of {} bytes",
        lines[0].len()
    );
    assert!(
        lines[0].contains(needle),
        "{what}: {} lacks {needle:?}",
        lines[0]
    );
    assert!(
        o.stdout.is_empty(),
        "{what}: wrote {} bytes",
        o.stdout.len()
    );
    if let Some(kb) = o.peak_kb {
        assert!(kb < MEMORY_BOUND_KB, "{what}: {kb} KB");
    }
}

#[test]
fn broken_json_in_every_way_is_refused_by_every_reader() {
    let cases: [(&[u8], &str); 12] = [
        (b"{", "malformed JSON"),
        (b"{\"kind\":\"maze\",\"version\":1,", "malformed JSON"),
        (b"}", "malformed JSON"),
        (b"[1,2,3]\n", "expected a JSON object"),
        (b"\"maze\"\n", "expected a JSON object"),
        (b"42\n", "expected a JSON object"),
        (b"null\n", "expected a JSON object"),
        (
            b"{\"kind\":\"maze\",\"version\":1,\"grid\":[\"#\" \"#\"]}",
            "malformed JSON",
        ),
        (b"{\"kind\":\"maze\",\"version\":1}{", "malformed JSON"),
        (
            b"{\"kind\":\"maze\",\"version\":1,\"x\":nul}",
            "malformed JSON",
        ),
        (b"{'kind':'maze'}", "malformed JSON"),
        (
            b"{\"kind\":\"maze\",\"version\":1,\"x\":\"\\u12\"}",
            "malformed JSON",
        ),
    ];
    for (tool, args) in READERS {
        for (input, needle) in cases {
            // mines solve and export read anything that does not start with '{' as a
            // JSMinesweeper position, and say what is wrong with it as one.
            let text = matches!(args, ["solve"] | ["export"]) && input[0] != b'{';
            assert_refused(
                tool,
                args,
                input,
                if text { "JSMinesweeper" } else { needle },
            );
        }
    }
}

#[test]
fn wrong_types_sizes_and_huge_numbers_are_refused() {
    let cases: [(&str, &str); 9] = [
        (r####"{"version":1}"####, "`kind`: missing"),
        (
            r####"{"kind":7,"version":1}"####,
            "`kind`: expected a string",
        ),
        (r####"{"kind":"maze"}"####, "`version`: missing"),
        (
            r####"{"kind":"maze","version":2}"####,
            "unsupported version 2",
        ),
        (
            r####"{"kind":"maze","version":1e400}"####,
            "field `version`",
        ),
        (
            r####"{"kind":"maze","version":99999999999999999999999999}"####,
            "unsupported version",
        ),
        (
            r####"{"kind":"maze","version":1,"width":18446744073709551616,"height":3,"grid":["###"]}"####,
            "width",
        ),
        (
            r####"{"kind":"maze","version":1,"width":4294967296,"height":4294967296,"grid":[]}"####,
            "limit",
        ),
        (
            r####"{"kind":"maze","version":1,"width":-3,"height":1,"grid":["###"]}"####,
            "width",
        ),
    ];
    for (input, needle) in cases {
        assert_refused("mazesolve", &[], input.as_bytes(), needle);
        assert_refused(
            "gridrender",
            &["--format", "text"],
            input.as_bytes(),
            needle,
        );
    }
    let mines = [
        r####"{"kind":"mines","version":1,"width":2,"height":1,"grid":["##"],"mines":18446744073709551615}"####,
        r####"{"kind":"mines","version":1,"width":2,"height":1,"grid":["##"],"mines":-1}"####,
        r####"{"kind":"mines","version":1,"width":2,"height":1,"grid":["#"],"mines":1}"####,
    ];
    for input in mines {
        assert_refused("mines", &["solve"], input.as_bytes(), "");
        assert_refused("mines", &["open", "0", "0"], input.as_bytes(), "");
    }
    let nonogram = [
        r####"{"kind":"nonogram","version":1,"clues":{"rows":[[99]],"cols":[[1]]}}"####,
        r####"{"kind":"nonogram","version":1,"clues":{"rows":[[1]]}}"####,
        r####"{"kind":"nonogram","version":1,"clues":{"rows":[[-1]],"cols":[[1]]}}"####,
        r####"{"kind":"nonogram","version":1,"clues":{"rows":[[1,0]],"cols":[[1]]}}"####,
    ];
    for input in nonogram {
        let o = feed("nonosolve", &[], input.as_bytes());
        assert!(matches!(o.status, 1 | 2), "{input}: {}", o.stderr);
        assert!(!o.stderr.contains("panicked"));
    }
}

/// Colour puzzles built to hurt: palettes too big or badly named, clue items of the wrong
/// shape, blocks longer than the line, and grids with colours that do not exist. Each is
/// refused with one line (or, for clues that are well formed but impossible, answered with
/// "none"), and gridrender refuses the same documents.
#[test]
fn hostile_colour_puzzles_are_refused_or_answered() {
    let doc = |colors: &str, rows: &str, cols: &str, extra: &str| {
        format!(
            r#"{{"kind":"nonogram","version":1,"colors":{colors},"clues":{{"rows":{rows},"cols":{cols}}}{extra}}}"#
        )
    };
    const RED: &str = r##"{"r":"#d62728"}"##;
    let palette: String = ('a'..='z')
        .chain('A'..='N')
        .map(|name| format!(r##""{name}":"#000000""##))
        .collect::<Vec<_>>()
        .join(",");
    let red_one = r#"[[[1,"r"]]]"#;
    let refused = [
        (
            doc(&format!("{{{palette}}}"), "[[1]]", "[[1]]", ""),
            "at most 31 are allowed",
        ),
        (doc(RED, r#"[[[1,"r","x"]]]"#, "[[1]]", ""), "field `clues`"),
        (doc(RED, "[[[1]]]", "[[1]]", ""), "field `clues`"),
        (doc(RED, r#"[[[-1,"r"]]]"#, "[[1]]", ""), "field `clues`"),
        (
            doc(RED, r#"[[[1,"é"]]]"#, "[[1]]", ""),
            "is not in `colors`",
        ),
        (
            doc(r##"{"é":"#d62728"}"##, "[[1]]", "[[1]]", ""),
            "one-character",
        ),
        (
            doc(
                RED,
                red_one,
                red_one,
                r#","width":1,"height":1,"grid":["g"]"#,
            ),
            "a colour grid has",
        ),
        (doc(RED, red_one, red_one, r#","width":2"#), "field `width`"),
        (doc(r#"["r"]"#, "[[1]]", "[[1]]", ""), "field `colors`"),
        (
            doc(r##"{"r":"#zzzzzz"}"##, "[[1]]", "[[1]]", ""),
            "expected an RGB value",
        ),
    ];
    for (input, needle) in &refused {
        assert_refused("nonosolve", &[], input.as_bytes(), needle);
        assert_refused("gridrender", &["--format", "text"], input.as_bytes(), "");
    }
    // Well formed but impossible: a block longer than its line, far longer than any shift.
    let long = doc(RED, r#"[[[4000000000,"r"]]]"#, red_one, "");
    let o = feed("nonosolve", &[], long.as_bytes());
    assert_eq!(o.status, 1, "{}", o.stderr);
    assert!(o.stderr.contains("need 4000000000 cells"), "{}", o.stderr);
    // One row of a red 1000 over 1000 columns of a red 1: the widest puzzle, solved at once.
    let cols = vec![r#"[[1,"r"]]"#; 1000].join(",");
    let wide = doc(RED, r#"[[[1000,"r"]]]"#, &format!("[{cols}]"), "");
    let o = feed("nonosolve", &[], wide.as_bytes());
    assert_eq!(o.status, 0, "{}", o.stderr);
    assert!(!o.stderr.contains("panicked"));
}

#[test]
fn crossings_that_cannot_carry_two_passages_are_refused() {
    let maze = |rows: &str| {
        format!(r#"{{"kind":"maze","version":1,"width":5,"height":5,"grid":[{rows}]}}"#)
    };
    let cases = [
        // A crossing with a wall on one side, one on the edge, and a stray character.
        (
            maze(r########""#####","## ##","  |  ","#####","#####""########),
            "no passage to the south",
        ),
        (
            maze(r########""|    ","     ","     ","     ","     ""########),
            "no passage to the north",
        ),
        (
            maze(r########""#####","#   #","# + #","#   #","#####""########),
            "has '+'",
        ),
    ];
    for (input, needle) in cases {
        for (tool, args) in [
            ("mazesolve", &[][..]),
            ("gridrender", &["--format", "text"][..]),
        ] {
            assert_refused(tool, args, input.as_bytes(), needle);
        }
    }
}

#[test]
fn mask_files_of_any_garbage_are_refused_never_a_panic() {
    let dir = crate::harness::scratch("hostile-masks");
    let png_head = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\x00\x00\x00\x01\x00\x00\x08\x06";
    let cases: [(&[u8], &str); 8] = [
        (b"\x00\x01\x02\xff", "line 1 column 1"),
        (png_head, "not a PNG picture"),
        (b"P1\n99999999999999999999 2\n", "no width"),
        (b"P1\n2 2\n0 0 0 7\n", "pixel 4 is '7'"),
        (b"P4\n65536 65536\n", "2^30"),
        (b"P4\n8 1\n", "1 short of 8x1"),
        (b"#\n#\n#\n", "has no cell"),
        ("\u{e9}\u{e9}\n".as_bytes(), "line 1 column 1 has '\u{e9}'"),
    ];
    for (i, (bytes, needle)) in cases.into_iter().enumerate() {
        let path = dir.join(format!("mask{i}"));
        std::fs::write(&path, bytes).unwrap();
        assert_refused("mazegen", &["--mask", path.to_str().unwrap()], b"", needle);
        // The same reader makes nonograms, where a picture all ink is a puzzle.
        if !needle.contains("no cell") {
            assert_refused("nonogen", &["--from", path.to_str().unwrap()], b"", needle);
        }
    }
}

#[test]
fn a_huge_string_is_never_echoed_whole() {
    let kind = "x".repeat(1 << 20);
    let input = format!(r####"{{"kind":"{kind}","version":1}}"####);
    for (tool, args) in READERS {
        assert_refused(tool, args, input.as_bytes(), "unknown kind");
    }
    let version = format!(r####"{{"kind":"maze","version":"{kind}"}}"####);
    assert_refused("mazesolve", &[], version.as_bytes(), "unsupported version");
    // serde names an unknown value whole in its message: the message is cut all the same.
    let state = format!(
        r####"{{"kind":"mines","version":1,"width":1,"height":1,"grid":["#"],"mines":0,"state":"{kind}"}}"####
    );
    assert_refused("mines", &["solve"], state.as_bytes(), "field `state`");
    assert_refused(
        "mines",
        &["open", "0", "0"],
        state.as_bytes(),
        "field `state`",
    );
}

#[test]
fn deep_nesting_and_huge_numbers_pass_through_or_are_refused_never_a_crash() {
    let maze = r####"{"kind":"maze","version":1,"width":3,"height":1,"grid":["   "]"####;
    let deep = format!(
        "{maze},\"x\":{}{}}}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let huge = format!("{maze},\"x\":1e400}}\n");
    for input in [&deep, &huge] {
        // Passed on as they are: the unknown field is kept.
        let o = feed("mazesolve", &[], input.as_bytes());
        assert_eq!(o.status, 0, "{}", o.stderr);
        assert_eq!(o.stdout.iter().filter(|&&b| b == b'\n').count(), 1);
        // A tree of it (pretty output) is beyond serde's limits: refused, naming the field.
        assert_refused("mazesolve", &["--pretty"], input.as_bytes(), "field `x`");
    }
    let deep_kind = format!(
        r####"{{"kind":{}{},"version":1}}"####,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    for (tool, args) in READERS {
        assert_refused(tool, args, deep_kind.as_bytes(), "field `kind`");
    }
}

#[test]
fn text_that_is_not_utf8_names_the_input_and_line() {
    let input = b"\n{\"kind\":\"m\xff\"}\n";
    for (tool, args) in READERS {
        let o = feed(tool, args, input);
        assert_eq!(o.status, 2, "{tool}: {}", o.stderr);
        assert!(
            o.stderr.contains("stdin line 2") && o.stderr.contains("not UTF-8"),
            "{tool}: {}",
            o.stderr
        );
    }
    assert_refused(
        "nonosolve",
        &["--input-format", "non"],
        b"width 1\n\xfe\n",
        "line 2: the text is not UTF-8",
    );
    assert_refused(
        "mines",
        &["solve"],
        b"1x1x0\n\xfe\n",
        "line 2: the text is not UTF-8",
    );
}

#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let maze =
        "\u{feff}{\"kind\":\"maze\",\"version\":1,\"width\":3,\"height\":1,\"grid\":[\"   \"]}\n";
    assert_eq!(feed("mazesolve", &[], maze.as_bytes()).status, 0);
    assert_eq!(
        feed("gridrender", &["--format", "text"], maze.as_bytes()).status,
        0
    );
    let position = "\u{feff}2x1x1\n1H\n";
    assert_eq!(feed("mines", &["solve"], position.as_bytes()).status, 0);
    let non = "\u{feff}width 1\nheight 1\nrows\n1\ncolumns\n1\n";
    assert_eq!(feed("nonosolve", &[], non.as_bytes()).status, 0);
}

#[test]
fn directories_and_missing_files_are_named() {
    let dir = crate::harness::scratch("dir-input");
    let name = dir.display().to_string();
    for (tool, args) in READERS {
        let mut with = args.to_vec();
        with.push(&name);
        let o = feed(tool, &with, b"");
        assert_eq!(o.status, 2, "{tool}: {}", o.stderr);
        assert!(
            o.stderr.contains(&format!("{name} is a directory")),
            "{tool}: {}",
            o.stderr
        );
        let mut missing = args.to_vec();
        missing.push("/no/such/file");
        let o = feed(tool, &missing, b"");
        assert!(
            o.stderr.contains("cannot open /no/such/file"),
            "{tool}: {}",
            o.stderr
        );
    }
}

#[test]
fn format_guesses_need_clear_signs() {
    assert_refused(
        "nonosolve",
        &[],
        b"hello there\n1 2 3\n",
        "cannot tell the format",
    );
    assert_refused(
        "nonosolve",
        &[],
        b"width 2\nheight 1\nrows\n1\ncolumns\n1\n0\n1\n",
        "neither a property",
    );
    let entity = "<?xml version=\"1.0\"?>\n<!DOCTYPE p [<!ENTITY a \"aaaa\">]>\n<puzzleset/>";
    assert_refused(
        "nonosolve",
        &["--input-format", "xml"],
        entity.as_bytes(),
        "entity",
    );
    assert_refused(
        "mines",
        &["solve"],
        b"2x1x1\n1H\n2x1x1\n1H\n",
        "line 3: more than the 1 rows",
    );
}

#[test]
fn pictures_too_large_for_their_pixels_are_refused_before_drawing() {
    let row = " ".repeat(70_000);
    let wide =
        format!(r####"{{"kind":"maze","version":1,"width":70000,"height":1,"grid":["{row}"]}}"####);
    for format in ["png", "svg", "html"] {
        assert_refused(
            "gridrender",
            &["--format", format, "--cell-size", "256"],
            wide.as_bytes(),
            "choose a smaller --cell-size",
        );
    }
    let mines_row = "#".repeat(1000);
    let mines = format!(
        r####"{{"kind":"mines","version":1,"width":1000,"height":1,"grid":["{mines_row}"],"mines":1}}"####
    );
    assert_refused(
        "gridrender",
        &["--format", "png", "--cell-size", "256"],
        mines.as_bytes(),
        "pixels",
    );
}

/// An empty input is no documents for pictures too (docs/format.md): on stdout nothing, exit
/// 0; a file asked for is refused in one line, exit 2, and none is left.
#[test]
fn an_empty_input_makes_no_picture() {
    let dir = crate::harness::scratch("empty-picture");
    for args in [&["-o"][..], &["--for", "laser", "-o"][..]] {
        let file = dir.join("out.svg");
        let o = Command::new(bin("gridrender"))
            .args(args)
            .arg(&file)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&o.stderr);
        assert!(stderr.contains("no documents"), "{stderr}");
        assert!(!file.exists(), "no empty file is left behind");
    }
    let o = Command::new(bin("gridrender"))
        .args(["-f", "png"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0));
    assert!(o.stdout.is_empty());
}

#[test]
fn a_closed_stderr_is_no_panic() {
    for (tool, args) in READERS {
        let script = format!("{} {} 2>&-", bin(tool), args.join(" "));
        let o = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .and_then(|mut c| {
                c.stdin.take().unwrap().write_all(b"{oops\n")?;
                c.wait_with_output()
            })
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{tool} {args:?}");
    }
    let o = Command::new("sh")
        .args(["-c", &format!("{} --bogus 2>&-", bin("mazegen"))])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

/// A tool given a file to read runs as usual, and ends with success, with any of its
/// standard streams closed.
#[test]
fn a_tool_runs_with_any_standard_stream_closed() {
    let puzzle = data("small.g");
    for closing in [">&-", "<&-", "2>&-"] {
        let script = format!("{} {puzzle} {closing}", bin("nonosolve"));
        let o = Command::new("sh").args(["-c", &script]).output().unwrap();
        assert_eq!(
            o.status.code(),
            Some(0),
            "{closing}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
}

#[test]
fn a_closed_stdout_ends_every_tool_quietly() {
    let maze = Command::new(bin("mazegen"))
        .args(["--seed", "1", "300"])
        .output()
        .unwrap()
        .stdout;
    let runs: [(&str, &[&str]); 3] = [
        ("mazesolve", &[]),
        ("gridrender", &["--format", "text"]),
        ("gridrender", &["--format", "svg"]),
    ];
    // A generator meets the closed pipe with nothing to read.
    let mut child = piped("nonogen", &["--count", "100000", "12"], Stdio::piped());
    let mut first = [0u8; 10];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (tool, args) in runs {
        let mut child = piped(tool, args, Stdio::piped());
        let mut stdin = child.stdin.take().unwrap();
        let input = maze.clone();
        let writer = std::thread::spawn(move || {
            let _ = stdin.write_all(&input);
        });
        let mut first = [0u8; 10];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // stdout is dropped here: the tool's next write meets a closed pipe.
        let out = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{tool}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            out.stderr.is_empty(),
            "{tool}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Starts `tool args`, writes `first` without closing stdin, and returns the first line it
/// answers with, or `None` if none came within five seconds.
fn answer_before_eof(tool: &str, args: &[&str], first: &[u8]) -> Option<String> {
    let mut child = piped(tool, args, Stdio::null());
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(first).unwrap();
    stdin.flush().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(5)).ok();
    drop(stdin);
    let _ = child.kill();
    let _ = child.wait();
    line.filter(|l| !l.is_empty())
}

#[test]
fn each_document_is_answered_before_the_input_ends() {
    let maze = Command::new(bin("mazegen"))
        .args(["--seed", "1", "5"])
        .output()
        .unwrap()
        .stdout;
    let game = Command::new(bin("mines"))
        .args(["new", "--seed", "1"])
        .output()
        .unwrap()
        .stdout;
    let puzzle =
        b"{\"kind\":\"nonogram\",\"version\":1,\"clues\":{\"rows\":[[1]],\"cols\":[[1]]}}\n";
    let cases: [(&str, &[&str], &[u8]); 7] = [
        ("mazesolve", &[], &maze),
        ("gridrender", &["--format", "text"], &maze),
        ("mines", &["open", "4", "4"], &game),
        ("mines", &["solve"], &game),
        ("mines", &["export"], &game),
        ("nonosolve", &[], puzzle),
        ("mines", &["play", "--seed", "1"], b"4 4\n"),
    ];
    for (tool, args, input) in cases {
        let line = answer_before_eof(tool, args, input);
        assert!(
            line.is_some(),
            "{tool} {args:?} waited for the end of its input"
        );
    }
}

/// `tool args` started with stdin and stdout piped.
fn piped(tool: &str, args: &[&str], stderr: Stdio) -> std::process::Child {
    Command::new(bin(tool))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("the tool starts")
}

#[test]
fn line_mode_play_answers_each_move_at_once() {
    let mut child = piped("mines", &["play", "--seed", "1"], Stdio::null());
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let board_after = |rx: &mpsc::Receiver<String>| -> Vec<String> {
        let mut lines = Vec::new();
        while let Ok(l) = rx.recv_timeout(Duration::from_millis(1500)) {
            lines.push(l);
        }
        lines
    };
    let intro = board_after(&rx);
    assert!(intro.iter().any(|l| l.contains("Moves:")), "{intro:?}");
    stdin.write_all(b"4 4\n").unwrap();
    stdin.flush().unwrap();
    let after_open = board_after(&rx);
    assert!(after_open.iter().any(|l| l.contains('·')), "{after_open:?}");
    stdin.write_all(b"f 0 3\n").unwrap();
    stdin.flush().unwrap();
    let after_flag = board_after(&rx);
    assert!(after_flag.iter().any(|l| l.contains('F')), "{after_flag:?}");
    drop(stdin);
    let _ = child.wait();
}

#[test]
fn hostile_tiled_mazes_are_refused_before_memory_is_taken() {
    let polar = |rings: &str, height: &str, cells: &str| {
        format!(
            r#"{{"kind":"maze","version":1,"tiling":"polar","height":{height},"rings":{rings},"cells":{cells}}}"#
        )
    };
    let long_row = format!(r#"["{}"]"#, "0".repeat(3_000_000));
    let cases = [
        (polar("[1,4294967296]", "2", r#"["0","0"]"#), "at most 1024 times"),
        (polar("[1,2,18446744073709551615]", "3", r#"["0","00","0"]"#), "rings"),
        (polar("[1,1e400]", "2", r#"["0","0"]"#), "field `rings`"),
        (polar("[1,-4]", "2", r#"["0","0"]"#), "field `rings`"),
        (polar("[1,0]", "2", r#"["0",""]"#), "not a multiple"),
        (polar("[1,1000000]", "2", r#"["0","0"]"#), "at most 1024 times"),
        (polar("[1,4]", "99999999999", r#"["0","0000"]"#), "2 rings, but `height` is 99999999999"),
        (polar("[]", "0", "[]"), "at least one ring"),
        (polar(r#""1,4""#, "2", r#"["0","0000"]"#), "field `rings`"),
        (polar("[1,4]", "2", r#"[0,"0000"]"#), "row 0 is a number"),
        (polar("[1,4]", "2", &long_row), "rings, but `height` is 2"),
        (
            r#"{"kind":"maze","version":1,"tiling":"hex","width":1,"height":1,"cells":["0"],"start":["a",0]}"#.to_string(),
            "field `start`",
        ),
        (
            r#"{"kind":"maze","version":1,"tiling":7,"width":1,"height":1,"cells":["0"]}"#.to_string(),
            "field `tiling`",
        ),
        (
            r####"{"kind":"maze","version":1,"tiling":"triangle","width":2,"height":2,"cells":["##","##"]}"####.to_string(),
            "every cell is '#'",
        ),
        (
            format!(
                r#"{{"kind":"maze","version":1,"tiling":"hex","width":2999999,"height":1,"cells":{long_row}}}"#
            ),
            "row 0 has 3000000 cells, but `width` is 2999999",
        ),
    ];
    for (input, needle) in &cases {
        for (tool, args) in [
            ("mazesolve", &[][..]),
            ("gridrender", &["--format", "text"][..]),
            ("gridrender", &["--format", "svg"][..]),
        ] {
            assert_refused(tool, args, input.as_bytes(), needle);
        }
    }
}

/// One rule for every tool that reads documents: an empty stream (or one of white space) is
/// no documents, exit 0, nothing written.
#[test]
fn an_empty_stream_is_no_documents_everywhere() {
    let readers: &[(&str, &[&str])] = &[
        ("mazesolve", &[]),
        ("gridrender", &[]),
        ("nonosolve", &[]),
        ("mines", &["solve"]),
        ("mines", &["export"]),
        ("mines", &["open", "0", "0"]),
    ];
    for (tool, args) in readers {
        for input in ["", " \n\n\t\n"] {
            let r = crate::harness::run(tool, args, input);
            assert_eq!(r.status, 0, "{tool} {args:?} on {input:?}: {}", r.stderr);
            assert!(r.stdout.is_empty(), "{tool} {args:?}: {}", r.stdout);
            assert!(r.stderr.is_empty(), "{tool} {args:?}: {}", r.stderr);
        }
    }
}

/// A write to a full disk says that writing the output failed, and where, in one line,
/// without the OS's error number: the same plain words from every tool, for help, version
/// and `--generate` as for documents.
#[test]
fn a_full_disk_is_named_as_the_output_failing() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return;
    };
    let maze = crate::harness::run("mazegen", &["--seed", "1", "5"], "").stdout;
    let puzzle = crate::harness::run("nonogen", &["--seed", "1", "5"], "").stdout;
    let runs: [(&str, &[&str], &[u8]); 17] = [
        ("mazegen", &["--help"], b""),
        ("mazesolve", &["--help"], b""),
        ("nonogen", &["--help"], b""),
        ("nonosolve", &["--version"], b""),
        ("gridrender", &["--version"], b""),
        ("mines", &["--help"], b""),
        ("mines", &["--version"], b""),
        ("mines", &["replay", "--help"], b""),
        ("gridrender", &["--generate", "man"], b""),
        ("mazegen", &["--tiling", "hex", "5"], b""),
        ("mazegen", &["--count", "50", "40"], b""),
        ("mazegen", &["10"], b""),
        ("nonogen", &["5"], b""),
        ("mazesolve", &[], maze.as_bytes()),
        ("nonosolve", &[], puzzle.as_bytes()),
        ("gridrender", &["--format", "text"], maze.as_bytes()),
        ("mines", &["new", "--seed", "1"], b""),
    ];
    for (tool, args, input) in runs {
        let mut child = std::process::Command::new(crate::harness::bin(tool))
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(full.try_clone().unwrap())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, input).unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{tool} {args:?}: {stderr}");
        assert_eq!(
            stderr.trim_end(),
            format!("{tool}: error: writing the output to stdout failed: No space left on device"),
            "{tool} {args:?}"
        );
    }
}

/// A puzzle file on stdin after blank lines: both tools that read puzzle files count the
/// blank lines, and name the line where the fault is.
#[test]
fn puzzle_files_after_blank_lines_name_their_own_lines() {
    let non = "\n\n\nwidth 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n";
    let xml = "\n\n\n<puzzlerset><puzzle><clues type=\"rows\"><line><count>z</count></line>\
               </clues></puzzle></puzzlerset>\n";
    for tool in ["gridrender", "nonosolve"] {
        crate::harness::run(tool, &[], non).assert_error(
            tool,
            2,
            &format!("{tool}: error: stdin line 8: \"rows\" needs 2 rules"),
        );
        crate::harness::run(tool, &[], xml).assert_error(
            tool,
            2,
            &format!("{tool}: error: stdin line 4: \"z\" is not a whole number"),
        );
    }
}
