//! The layer every tool shares: --help, --version, usage errors in one line, man pages and
//! shell completions generated from the same definitions.

use crate::harness::{bin, run};
use std::process::Command;

/// Every tool, in the order docs/cli.md gives them.
const TOOLS: [&str; 6] = [
    "mazegen",
    "mazesolve",
    "mines",
    "nonosolve",
    "nonogen",
    "gridrender",
];

#[test]
fn help_and_version_speak_for_each_tool() {
    for tool in TOOLS {
        let help = run(tool, &["--help"], "");
        assert_eq!(help.status, 0, "{tool}: {}", help.stderr);
        assert!(help.stdout.contains("Usage:") && help.stdout.contains("--generate"));
        assert!(
            help.stdout.contains("Examples:"),
            "{tool} --help has examples"
        );
        let version = run(tool, &["--version"], "");
        assert_eq!(version.status, 0);
        assert_eq!(
            version.stdout.trim(),
            format!("{tool} {}", env!("CARGO_PKG_VERSION"))
        );
    }
}

#[test]
fn usage_errors_are_one_line_with_a_pointer_to_help() {
    let cases: [(&str, &[&str], &str); 7] = [
        (
            "gridrender",
            &["--theme", "dark"],
            "--theme is for pictures",
        ),
        (
            "mazegen",
            &["--braid", "-0.5", "5"],
            "expected a fraction from 0 to 1",
        ),
        (
            "mazegen",
            &[],
            "required arguments were not provided: <WIDTH>",
        ),
        ("nonosolve", &["--timeout", "-1", "x.non"], "greater than 0"),
        ("gridrender", &["--fps", "10"], "--animate"),
        (
            "mines",
            &["bench", "--games", "18446744073709551615"],
            "from 1 to 100000000",
        ),
        ("mazesolve", &["--algo", "dfs"], "possible values: bfs"),
    ];
    for (tool, args, needle) in cases {
        let r = run(tool, args, "");
        assert_eq!(r.status, 2, "{tool} {args:?}: {}", r.stderr);
        assert_eq!(
            r.stderr.lines().count(),
            1,
            "{tool} {args:?}: {:?}",
            r.stderr
        );
        assert!(
            r.stderr.starts_with(&format!("{tool}: error: ")),
            "{}",
            r.stderr
        );
        assert!(r.stderr.contains(needle), "{tool} {args:?}: {}", r.stderr);
        // A subcommand's mistakes point to its own help: `mines bench --help`.
        let help = match args.first() {
            Some(sub) if tool == "mines" && !sub.starts_with('-') => format!("{tool} {sub}"),
            _ => tool.to_string(),
        };
        assert!(
            r.stderr.contains(&format!("(see '{help} --help')")),
            "{}",
            r.stderr
        );
        assert!(r.stdout.is_empty());
    }
}

/// mandoc's linter, when installed (CI installs it and sets GRIDKIT_REQUIRE_MANDOC=1).
fn mandoc() -> bool {
    let found = Command::new("mandoc").arg("-V").output().is_ok();
    if !found {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_MANDOC").is_none(),
            "mandoc is required (GRIDKIT_REQUIRE_MANDOC is set) but not installed"
        );
        eprintln!("note: mandoc is not installed; the man pages were not linted");
    }
    found
}

#[test]
fn every_man_page_renders_without_warnings() {
    let dir = crate::harness::scratch("man");
    for tool in TOOLS {
        let r = run(tool, &["--generate", "man"], "");
        assert_eq!(r.status, 0, "{}", r.stderr);
        assert!(r.stdout.contains(&format!(".TH {tool} 1")), "{tool}");
        assert!(r.stdout.contains(".SH OPTIONS"));
        // Examples kept as written, in a section of that name.
        assert!(r.stdout.contains(".SH EXAMPLES\n.nf\n"), "{tool}");
        assert!(!r.stdout.contains(".SH EXTRA"), "{tool}");
        let page = dir.join(format!("{tool}.1"));
        std::fs::write(&page, &r.stdout).unwrap();
        if mandoc() {
            let lint = Command::new("mandoc")
                .args(["-T", "lint", "-W", "warning"])
                .arg(&page)
                .output()
                .unwrap();
            assert!(
                lint.status.success() && lint.stdout.is_empty() && lint.stderr.is_empty(),
                "{tool}: {}{}",
                String::from_utf8_lossy(&lint.stdout),
                String::from_utf8_lossy(&lint.stderr)
            );
        }
    }
}

#[test]
fn completions_are_written_for_every_shell() {
    for tool in TOOLS {
        for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
            let r = run(tool, &["--generate", &format!("complete-{shell}")], "");
            assert_eq!(r.status, 0, "{tool} {shell}: {}", r.stderr);
            assert!(
                r.stdout.contains(tool) && r.stdout.len() > 200,
                "{tool} {shell}"
            );
        }
    }
}

/// Asks bash's completion function of `mazegen` what follows `words`.
fn bash_completes(script: &str, words: &[&str]) -> Vec<String> {
    let array: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
    let program = format!(
        "source {script}; COMP_WORDS=({}); COMP_CWORD={}; COMP_LINE=\"${{COMP_WORDS[*]}}\"; \
         COMP_POINT=${{#COMP_LINE}}; _mazegen mazegen \"${{COMP_WORDS[COMP_CWORD]}}\" \
         \"${{COMP_WORDS[COMP_CWORD-1]}}\"; printf '%s\\n' \"${{COMPREPLY[@]}}\"",
        array.join(" "),
        words.len() - 1
    );
    let out = Command::new("bash")
        .arg("-c")
        .arg(program)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn bash_completes_the_algorithm_names() {
    let dir = crate::harness::scratch("completion");
    let script = dir.join("mazegen.bash");
    let out = Command::new(bin("mazegen"))
        .args(["--generate", "complete-bash"])
        .output()
        .unwrap();
    std::fs::write(&script, out.stdout).unwrap();
    let script = script.display().to_string();
    let algos = bash_completes(&script, &["mazegen", "--algo", ""]);
    assert!(algos.contains(&"hunt-kill".to_string()), "{algos:?}");
    assert!(
        algos.contains(&"recursive-division".to_string()),
        "{algos:?}"
    );
    assert_eq!(algos.len(), 11, "{algos:?}");
    let flags = bash_completes(&script, &["mazegen", "--al"]);
    assert_eq!(flags, ["--algo"]);
}

/// What divides docs/cli.md's written preamble from the sections the tools write.
const GENERATED: &str =
    "<!-- generated: every line below is written by `TOOL --generate markdown` -->\n";

/// docs/cli.md holds every flag of every tool with its current help: the sections after its
/// marker are exactly what the tools write with `--generate markdown`. With
/// GRIDKIT_UPDATE_DOCS=1 the test writes them instead.
#[test]
fn cli_md_lists_every_flag_with_its_current_help() {
    let path = format!("{}/docs/cli.md", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("docs/cli.md is there");
    let cut = text.find(GENERATED).expect("docs/cli.md has the marker") + GENERATED.len();
    let mut expected = String::from("\n");
    for tool in TOOLS {
        let r = run(tool, &["--generate", "markdown"], "");
        assert_eq!(r.status, 0, "{tool}: {}", r.stderr);
        assert!(r.stdout.contains("| `--generate WHAT` |"), "{tool}");
        expected.push_str(&r.stdout);
    }
    if std::env::var_os("GRIDKIT_UPDATE_DOCS").is_some() {
        std::fs::write(&path, format!("{}{expected}", &text[..cut])).unwrap();
        return;
    }
    assert!(
        text[cut..] == expected,
        "docs/cli.md is behind the tools' flags: run GRIDKIT_UPDATE_DOCS=1 cargo test --test \
         e2e cli_md, and read the change"
    );
}

/// A flag that does nothing in the combination given is refused with one line, never
/// quietly ignored.
#[test]
fn flags_that_do_nothing_here_are_refused() {
    let refused: &[(&str, &[&str], &str, &str)] = &[
        (
            "mazegen",
            &["--pick-hardest", "3", "10"],
            "",
            "needs --count",
        ),
        (
            "mazegen",
            &["--count", "2", "--pick-hardest", "3", "10"],
            "",
            "keeps every one",
        ),
        (
            "mazegen",
            &["--count", "3", "--pick-hardest", "3", "10"],
            "",
            "keeps every one",
        ),
        (
            "nonogen",
            &["--width", "7", "--seed", "1", "5"],
            "",
            "--width needs --from",
        ),
        (
            "nonogen",
            &["--height", "7", "5"],
            "",
            "--height needs --from",
        ),
        (
            "nonogen",
            &["--repair", "givens", "5"],
            "",
            "--repair needs --from",
        ),
    ];
    for (tool, args, input, needle) in refused {
        let r = run(tool, args, input);
        r.assert_error(tool, 2, needle);
        assert!(r.stdout.is_empty(), "{tool} {args:?}: {}", r.stdout);
    }
    let hex = run("mazegen", &["--tiling", "hex", "--seed", "1", "4"], "").stdout;
    run("gridrender", &["--style", "blocks"], &hex).assert_error(
        "gridrender",
        2,
        "--style chooses how square mazes are drawn, and this is a hex maze",
    );
    let mines = run("mines", &["new", "--seed", "1"], "").stdout;
    run("gridrender", &["--style", "thin"], &mines).assert_error("gridrender", 2, "mines");
    // The same flags where they do something are taken.
    let picked = run(
        "mazegen",
        &["--count", "4", "--pick-hardest", "2", "--seed", "1", "5"],
        "",
    );
    assert_eq!(picked.docs().len(), 2, "{}", picked.stderr);
    let square = run("mazegen", &["--seed", "1", "4"], "").stdout;
    assert_eq!(run("gridrender", &["--style", "blocks"], &square).status, 0);
}

/// `--solution` draws a nonogram's answer key; where there is none it says so rather than
/// draw the puzzle as if it were the answer.
#[test]
fn solution_without_a_key_is_refused() {
    let solved = run("nonosolve", &[&crate::harness::data("small.non")], "").stdout;
    run("gridrender", &["--solution"], &solved).assert_error("gridrender", 2, "no `key`");
    let maze = run("mazegen", &["--seed", "1", "4"], "").stdout;
    run("gridrender", &["--solution"], &maze).assert_error("gridrender", 2, "no `key`");
    let made = run("nonogen", &["--seed", "1", "5"], "").stdout;
    assert_eq!(run("gridrender", &["--solution"], &made).status, 0);
}

/// The same picture read both ways: a mask's light pixels are cells and a nonogram's dark
/// pixels filled, and `--invert` swaps either; without a picture it is refused.
#[test]
fn invert_reads_a_picture_the_other_way() {
    let dir = crate::harness::scratch("invert");
    let picture = dir.join("l.txt");
    std::fs::write(&picture, "#..\n#..\n###\n").unwrap();
    let path = picture.to_str().unwrap();
    let plain = run("mazegen", &["--mask", path, "--seed", "1"], "");
    let inverted = run("mazegen", &["--mask", path, "--invert", "--seed", "1"], "");
    assert_eq!(plain.status, 0, "{}", plain.stderr);
    assert_eq!(inverted.status, 0, "{}", inverted.stderr);
    // The L of '#' is outside the plain maze, and is the inverted maze.
    let (a, b) = (plain.doc(), inverted.doc());
    assert_ne!(a["grid"], b["grid"]);
    let open = |doc: &serde_json::Value, r: usize, c: usize| {
        doc["grid"][2 * r + 1].as_str().unwrap().as_bytes()[2 * c + 1] != b'#'
    };
    assert!(!open(&a, 0, 0) && open(&a, 0, 1));
    assert!(open(&b, 0, 0) && !open(&b, 0, 1));
    let filled = run("nonogen", &["--from", path, "--repair", "none"], "").doc();
    let light = run(
        "nonogen",
        &["--from", path, "--invert", "--repair", "none"],
        "",
    )
    .doc();
    assert_eq!(filled["clues"]["rows"][2], serde_json::json!([3]));
    assert_eq!(light["clues"]["rows"][0], serde_json::json!([2]));
    run("mazegen", &["--invert", "5"], "").assert_error("mazegen", 2, "--invert needs --mask");
    run("nonogen", &["--invert", "5"], "").assert_error("nonogen", 2, "--invert needs --from");
}

/// mines's one page holds every subcommand's synopsis, options and examples, and names no
/// page that cannot be made (mines-new(1)).
#[test]
fn the_mines_man_page_holds_every_subcommand() {
    let page = run("mines", &["--generate", "man"], "").stdout;
    for sub in [
        "PLAY", "NEW", "OPEN", "FLAG", "QUESTION", "CHORD", "SOLVE", "BENCH", "EXPORT",
    ] {
        assert!(page.contains(&format!(".SH \"MINES {sub}\"")), "{sub}");
    }
    assert!(
        page.contains("\\-\\-strict"),
        "play's flags are on the page"
    );
    assert!(
        page.contains("\\-\\-games"),
        "bench's flags are on the page"
    );
    assert!(!page.contains("mines\\-new(1)") && !page.contains("mines-new(1)"));
    for sub in ["play", "new", "open", "solve", "bench", "export"] {
        let help = run("mines", &[sub, "--help"], "").stdout;
        assert!(
            help.contains("Examples:"),
            "mines {sub} --help has examples"
        );
    }
}

/// gridrender's help says `{n}` as it is typed (clap would print it as a line break) and
/// names every output; `--answers` shows its default.
#[test]
fn gridrender_help_names_every_output_and_the_page_numbers() {
    let help = run("gridrender", &["--help"], "").stdout;
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("-o page-{\u{2060}n}.svg writes one file a document, numbered from 1."),
        "{help}"
    );
    let first = help.split("\n\n").next().unwrap().replace('\n', " ");
    for output in ["SVG", "PNG", "HTML", "PDF books", "DXF", "STL"] {
        assert!(first.contains(output), "{output}: {first}");
    }
    assert!(words.contains("pdf (a book), dxf"), "{words}");
    assert!(words.contains("[default: back]"), "{words}");
}

/// A flag that does nothing where it is given is refused, and nothing is written: --play
/// with a book, --fps with a page that plays (bug 7 of #61).
#[test]
fn gridrender_refuses_play_with_a_book_and_fps_with_a_page() {
    let dir = crate::harness::scratch("flags");
    let maze = run("mazegen", &["--seed", "1", "5"], "").stdout;
    let book = dir.join("x.pdf");
    let page = dir.join("p.html");
    let cases: [(&[&str], &str); 2] = [
        (
            &["-o", book.to_str().unwrap(), "--play"],
            "--play is for a page",
        ),
        (
            &["--play", "--fps", "10", "-o", page.to_str().unwrap()],
            "--fps is for a maze's replay (--animate)",
        ),
    ];
    for (args, says) in cases {
        run("gridrender", args, &maze).assert_error("gridrender", 2, says);
    }
    assert!(!book.exists() && !page.exists());
}

/// A book's puzzle that cannot be drawn is named by its line and its number: too large (in
/// the book's words, not with the advice of pictures, which books refuse) or missing a
/// field (bugs 8 and 14).
#[test]
fn a_book_names_the_puzzle_it_cannot_draw() {
    let dir = crate::harness::scratch("book-errors");
    let out = dir.join("x.pdf");
    let out = out.to_str().unwrap();
    let small = run("mazegen", &["--seed", "1", "5"], "").stdout;
    let huge = run("mazegen", &["--seed", "1", "600"], "").stdout;
    let r = run(
        "gridrender",
        &["-o", out, "--paper", "a4"],
        &format!("{small}{huge}"),
    );
    r.assert_error(
        "gridrender",
        2,
        "gridrender: error: stdin line 2: Puzzle 2 (600 x 600) is too large to print readably \
         on A4 (3 mm a cell at least)",
    );
    assert!(!r.stderr.contains("--cell-size"), "{}", r.stderr);
    let no_cols = r#"{"kind":"nonogram","version":1,"width":1,"height":1,"clues":{"rows":[[1]]}}"#;
    run("gridrender", &["-o", out], &format!("{small}{no_cols}\n")).assert_error(
        "gridrender",
        2,
        "gridrender: error: stdin line 2: field `clues`: missing field `cols`",
    );
    assert!(!dir.join("x.pdf").exists());
}

/// An empty input asked to be written to a file is refused with one line, exit 2, and no
/// file, whatever the output; to stdout it stays nothing, as a filter's.
#[test]
fn an_empty_input_for_a_file_is_refused() {
    let dir = crate::harness::scratch("cli-empty-input");
    let cases: &[(&str, &[&str])] = &[
        ("e.png", &[]),
        ("e.svg", &[]),
        ("e.stl", &[]),
        ("e.svg", &["--for", "laser"]),
        ("e.html", &["--play"]),
        ("e.html", &[]),
        ("e.txt", &[]),
        ("e-{n}.svg", &[]),
        ("e-{n}.txt", &[]),
    ];
    for (name, flags) in cases {
        let path = dir.join(name);
        let mut args = vec!["-o", path.to_str().unwrap()];
        args.extend_from_slice(flags);
        let r = run("gridrender", &args, "");
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains("no documents"), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert_eq!(std::fs::read_dir(&*dir).unwrap().count(), 0, "{args:?}");
    }
    for format in ["text", "svg"] {
        let r = run("gridrender", &["--format", format], "");
        assert_eq!(
            (r.status, r.stdout.as_str()),
            (0, ""),
            "{format}: {}",
            r.stderr
        );
    }
}

/// A file without an extension is refused with every format gridrender writes, as an
/// unknown extension is.
#[test]
fn no_extension_lists_every_format() {
    let maze = run("mazegen", &["--seed", "1", "5"], "").stdout;
    for path in ["/tmp", "/tmp/x.zzz"] {
        let r = run("gridrender", &["-o", path], &maze);
        assert_eq!(r.status, 2, "{path}: {}", r.stderr);
        assert!(
            r.stderr
                .contains("(svg, png, html, txt, pdf, dxf with --for, or stl; or give --format)"),
            "{path}: {}",
            r.stderr
        );
    }
}
