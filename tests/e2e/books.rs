//! PDF books (`gridrender -o book.pdf`), read back by Debian's PDF tools: qpdf checks the
//! file, poppler's pdfinfo, pdftotext, pdffonts and pdfimages read its pages, text, fonts
//! and images.

use crate::harness::{run, scratch};
use std::path::Path;
use std::process::Command;

/// Whether qpdf and poppler's tools are here; required when GRIDKIT_REQUIRE_PDF is set.
pub(crate) fn pdf_tools() -> bool {
    let found = ["qpdf", "pdfinfo", "pdftotext", "pdffonts", "pdfimages"]
        .iter()
        .all(|t| Command::new(t).arg("--version").output().is_ok());
    if !found {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_PDF").is_none(),
            "qpdf and poppler-utils are required (GRIDKIT_REQUIRE_PDF is set)"
        );
        eprintln!("skipping the PDF checks: qpdf or poppler-utils is not installed");
    }
    found
}

fn tool(name: &str, args: &[&str], pdf: &Path) -> String {
    let out = Command::new(name).args(args).arg(pdf).output().unwrap();
    assert!(
        out.status.success(),
        "{name} {}: {}",
        pdf.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a reader finds in a PDF: its pages, and its text page by page.
struct Read {
    pages: usize,
    text: Vec<String>,
}

fn read(pdf: &Path) -> Read {
    tool("qpdf", &["--check"], pdf);
    let info = tool("pdfinfo", &[], pdf);
    let pages = info
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout)
        .split('\u{c}')
        .map(str::to_string)
        .collect();
    // Vectors and embedded text: no picture in it, every font embedded.
    let images = tool("pdfimages", &["-list"], pdf);
    assert_eq!(images.lines().count(), 2, "no images: {images}");
    let fonts = tool("pdffonts", &[], pdf);
    assert!(fonts.lines().count() > 2, "a font: {fonts}");
    for line in fonts.lines().skip(2) {
        assert!(line.contains(" yes "), "embedded: {line}");
    }
    Read { pages, text }
}

fn stream(stages: &[(&str, &[&str])]) -> String {
    let runs = crate::harness::pipeline(stages);
    for r in &runs {
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    runs.last().unwrap().stdout.clone()
}

/// Every kind and tiling makes a book: the puzzles numbered and titled on their pages, blank,
/// and the answers after them, numbered the same.
#[test]
fn every_kind_and_tiling_makes_a_book_with_its_answers() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books");
    let mushroom = crate::harness::data("mushroom.xml");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "mazes",
            stream(&[
                ("mazegen", &["--count", "5", "--seed", "1", "12"]),
                ("mazesolve", &[]),
            ]),
            "12 x 12",
        ),
        (
            "hex",
            stream(&[
                (
                    "mazegen",
                    &["--count", "2", "--seed", "1", "--tiling", "hex", "10"],
                ),
                ("mazesolve", &[]),
            ]),
            "hex 10 x 10",
        ),
        (
            "triangle",
            stream(&[
                (
                    "mazegen",
                    &["--count", "2", "--seed", "1", "--tiling", "triangle", "12"],
                ),
                ("mazesolve", &[]),
            ]),
            "triangle",
        ),
        (
            "octagon",
            stream(&[
                (
                    "mazegen",
                    &["--count", "2", "--seed", "1", "--tiling", "octagon", "8"],
                ),
                ("mazesolve", &[]),
            ]),
            "octagon",
        ),
        (
            "polar",
            stream(&[
                (
                    "mazegen",
                    &["--count", "2", "--seed", "1", "--tiling", "polar", "6"],
                ),
                ("mazesolve", &[]),
            ]),
            "polar 6 rings",
        ),
        (
            "nonograms",
            stream(&[("nonogen", &["--count", "3", "--seed", "1", "10"])]),
            "10 x 10",
        ),
        ("colour", stream(&[("nonosolve", &[&mushroom])]), "Mushroom"),
        (
            "mines",
            stream(&[(
                "mines",
                &[
                    "new",
                    "--level",
                    "intermediate",
                    "--no-guess",
                    "--count",
                    "2",
                ],
            )]),
            "16 x 16, 40 mines, no guessing",
        ),
    ];
    for (name, input, about) in cases {
        let count = input.lines().count();
        let pdf = dir.join(format!("{name}.pdf"));
        let r = run("gridrender", &["-o", pdf.to_str().unwrap()], &input);
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        assert!(r.stderr.is_empty(), "{name}: {}", r.stderr);
        let book = read(&pdf);
        let answers_from = book
            .text
            .iter()
            .position(|t| t.contains("Answers"))
            .unwrap_or_else(|| panic!("{name}: no answers"));
        assert!(answers_from > 0 && answers_from < book.pages);
        let puzzles = book.text[..answers_from].join("\n");
        let answers = book.text[answers_from..].join("\n");
        assert!(puzzles.contains(about), "{name}: {puzzles}");
        for n in 1..=count {
            let title = if name == "colour" {
                "Mushroom".to_string()
            } else {
                format!("Puzzle {n}")
            };
            assert!(puzzles.contains(&title), "{name}: {title} in {puzzles}");
            assert!(answers.contains(&title), "{name}: {title} in the answers");
        }
        // The same stream, the same bytes.
        let again = dir.join(format!("{name}-again.pdf"));
        run("gridrender", &["-o", again.to_str().unwrap()], &input);
        assert!(
            std::fs::read(&pdf).unwrap() == std::fs::read(&again).unwrap(),
            "{name}"
        );
    }
}

/// `--answers none` leaves them out, `--answers separate` writes FILE-answers.pdf; a
/// puzzle without an answer says so on stderr; `--paper` and `--per-page` shape the pages.
#[test]
fn answers_go_back_nowhere_or_apart_and_pages_take_their_size() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-answers");
    let mazes = stream(&[
        ("mazegen", &["--count", "4", "--seed", "2", "10"]),
        ("mazesolve", &[]),
    ]);
    let path = |n: &str| dir.join(n).to_str().unwrap().to_string();
    let r = run(
        "gridrender",
        &[
            "-o",
            &path("none.pdf"),
            "--answers",
            "none",
            "--per-page",
            "2",
        ],
        &mazes,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let none = read(&dir.join("none.pdf"));
    assert_eq!(none.pages, 2, "four puzzles, two a page");
    assert!(!none.text.join("").contains("Answers"));
    let r = run(
        "gridrender",
        &["-o", &path("book.pdf"), "--answers", "separate"],
        &mazes,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let book = read(&dir.join("book.pdf"));
    let answers = read(&dir.join("book-answers.pdf"));
    assert!(!book.text.join("").contains("Answers"));
    assert!(
        answers.text.join("").contains("Answers") && answers.text.join("").contains("Puzzle 4")
    );
    let r = run(
        "gridrender",
        &["-o", &path("letter.pdf"), "--paper", "letter"],
        &mazes,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let info = tool("pdfinfo", &[], &dir.join("letter.pdf"));
    assert!(info.contains("612 x 792 pts (letter)"), "{info}");
    // Unsolved mazes: a book without answers, and a line for each.
    let blank = run("mazegen", &["--count", "2", "--seed", "2", "10"], "").stdout;
    let r = run("gridrender", &["-o", &path("blank.pdf")], &blank);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 2, "{}", r.stderr);
    assert!(r.stderr.contains("Puzzle 2 has no answer"), "{}", r.stderr);
    assert_eq!(read(&dir.join("blank.pdf")).pages, 1);
    // Kinds mixed in one book: each page takes its own.
    let mixed = format!(
        "{}{}{}",
        blank,
        run("nonogen", &["--seed", "1", "8"], "").stdout,
        run("mines", &["new", "--seed", "1"], "").stdout
    );
    let r = run("gridrender", &["-o", &path("mixed.pdf")], &mixed);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        read(&dir.join("mixed.pdf"))
            .text
            .join("")
            .contains("Puzzle 4")
    );
}

/// What cannot be a book is refused with one line, exit 2, and no file.
#[test]
fn what_cannot_be_a_book_is_refused() {
    let dir = scratch("books-refused");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    let maze = run("mazegen", &["--seed", "1", "8"], "").stdout;
    let huge = run("mazegen", &["--seed", "1", "120"], "").stdout;
    let pages = dir.join("page-{n}.pdf");
    let missing = dir.join("no/such/folder/book.pdf");
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (vec!["-o", out], "", "no documents"),
        (vec!["-o", out], &huge, "at most about 59 x 59"),
        (vec!["-o", pages.to_str().unwrap()], &maze, "{n}"),
        (vec!["-f", "svg", "--per-page", "2"], &maze, "--per-page"),
        (vec!["-o", out, "--for", "laser"], &maze, "--for"),
        (vec!["-o", out, "--theme", "dark"], &maze, "--theme"),
        (
            vec!["-f", "pdf", "--answers", "separate"],
            &maze,
            "-o FILE.pdf",
        ),
        (vec!["-o", out, "--per-page", "13"], &maze, "--per-page"),
        (vec!["-o", missing.to_str().unwrap()], &maze, "cannot write"),
    ];
    for (args, input, says) in cases {
        let r = run("gridrender", &args, input);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(!pdf.exists(), "{args:?}: a file was written");
        assert_eq!(
            std::fs::read_dir(&*dir).unwrap().count(),
            0,
            "{args:?}: nothing left"
        );
    }
}
