//! PDF books (`gridrender -o book.pdf`), read back by Debian's PDF tools: qpdf checks the
//! file, poppler's pdfinfo, pdftotext, pdffonts and pdfimages read its pages, text, fonts
//! and images, and pdftoppm paints its pages.

use crate::harness::{run, scratch};
use std::path::Path;
use std::process::Command;

/// Whether qpdf and poppler's tools are here; required when GRIDKIT_REQUIRE_PDF is set.
pub(crate) fn pdf_tools() -> bool {
    let found = [
        "qpdf",
        "pdfinfo",
        "pdftotext",
        "pdffonts",
        "pdfimages",
        "pdftoppm",
    ]
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
        assert_words_fit(name, &pdf);
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
    // A nonogram whose clues contradict each other: a book without its answer, and a line
    // that says so (a nonogram without its key is solved for it: below).
    let contradicting = "width 2\nheight 2\nrows\n2\n2\ncolumns\n1\n1\n";
    let r = run("gridrender", &["-o", &path("blank.pdf")], contradicting);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    assert!(r.stderr.contains("Puzzle 1 has no answer"), "{}", r.stderr);
    assert_eq!(read(&dir.join("blank.pdf")).pages, 1);
    let blank = run("mazegen", &["--count", "2", "--seed", "2", "10"], "").stdout;
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
    let levels = run("mazegen", &["--seed", "1", "--levels", "2", "4"], "").stdout;
    let bad_levels = format!(
        "{levels}{}\n",
        r#"{"kind":"maze","version":1,"tiling":"levels","width":2,"height":2,"levels":2,"cells":["00","00","00"]}"#
    );
    let bad_cube = r#"{"kind":"maze","version":1,"tiling":"cube","width":2,"height":2,"cells":["00","00","00"]}"#.to_string() + "\n";
    // Too large for any picture: the book's own words, naming the puzzle in the stream.
    let huger = format!(
        "{maze}{}",
        run("mazegen", &["--seed", "1", "1100"], "").stdout
    );
    let pages = dir.join("page-{n}.pdf");
    let missing = dir.join("no/such/folder/book.pdf");
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (vec!["-o", out], "", "no documents"),
        (vec!["-o", out], &huge, "at most about 59 x 59"),
        (
            vec!["-o", out, "--paper", "a4"],
            &huger,
            "Puzzle 2 (1100 x 1100) is too large to print readably on A4",
        ),
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
        // A maze beyond the plane that is not one: named by its line, as any document.
        (
            vec!["-o", out],
            &bad_levels,
            "stdin line 2: field `cells`: 3 rows, but 2 levels of `height` 2 make 4",
        ),
        (
            vec!["-o", out],
            &bad_cube,
            "stdin line 1: field `cells`: 3 rows, but 6 faces of `height` 2 make 12",
        ),
        // Levels take a page of their own: a number a page would do nothing.
        (
            vec!["-o", out, "--per-page", "2"],
            &levels,
            "every puzzle of this book takes a page of its own (levels side by side, or a \
             cube's net): leave --per-page out",
        ),
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

/// A word on a page, as poppler's `pdftotext -bbox-layout` boxes it, in points from the
/// page's top left corner.
#[derive(Debug, Clone)]
struct Word {
    text: String,
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
}

impl Word {
    fn overlaps(&self, other: &Word) -> bool {
        // Boxes that touch (a rounding's width) are apart.
        let slack = 0.2;
        self.x0 + slack < other.x1
            && other.x0 + slack < self.x1
            && self.y0 + slack < other.y1
            && other.y0 + slack < self.y1
    }
}

/// A page's size and its words.
struct Page {
    size: (f32, f32),
    words: Vec<Word>,
}

/// The value of `name="..."` in `tag`.
fn attribute(tag: &str, name: &str) -> f32 {
    let tag = format!(" {}", &tag[..tag.find('>').unwrap()]);
    let from = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
    let to = from + tag[from..].find('"').unwrap();
    tag[from..to].parse().unwrap()
}

/// Every page of `pdf` with the boxes of its words.
fn boxes(pdf: &Path) -> Vec<Page> {
    let out = Command::new("pdftotext")
        .args(["-bbox-layout", pdf.to_str().unwrap(), "-"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let xhtml = String::from_utf8_lossy(&out.stdout);
    let mut pages = Vec::new();
    for page in xhtml.split("<page ").skip(1) {
        let size = (attribute(page, "width"), attribute(page, "height"));
        let words = page
            .split("<word ")
            .skip(1)
            .map(|w| {
                let text = &w[w.find('>').unwrap() + 1..w.find("</word>").unwrap()];
                Word {
                    text: text.replace("&amp;", "&"),
                    x0: attribute(w, "xMin"),
                    y0: attribute(w, "yMin"),
                    x1: attribute(w, "xMax"),
                    y1: attribute(w, "yMax"),
                }
            })
            .collect();
        pages.push(Page { size, words });
    }
    pages
}

/// No word of any page outside the page, and no two words of a page over each other.
fn assert_words_fit(name: &str, pdf: &Path) {
    for (k, page) in boxes(pdf).iter().enumerate() {
        let (w, h) = page.size;
        for (i, a) in page.words.iter().enumerate() {
            assert!(
                a.x0 >= 0.0 && a.y0 >= 0.0 && a.x1 <= w && a.y1 <= h,
                "{name} page {}: {a:?} leaves the page",
                k + 1
            );
            for b in &page.words[i + 1..] {
                assert!(!a.overlaps(b), "{name} page {}: {a:?} over {b:?}", k + 1);
            }
        }
    }
}

/// `input` made into a book at `pdf` with `args`, which must succeed quietly.
fn make(input: &str, pdf: &Path, args: &[&str]) {
    let mut all = vec!["-o", pdf.to_str().unwrap()];
    all.extend_from_slice(args);
    let r = run("gridrender", &all, input);
    assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
    assert!(r.stderr.is_empty(), "{args:?}: {}", r.stderr);
}

/// `doc` (one JSON line) with `meta.title` set.
fn titled(doc: &str, title: &str) -> String {
    let mut doc: serde_json::Value = serde_json::from_str(doc).unwrap();
    doc["meta"]["title"] = title.into();
    format!("{doc}\n")
}

/// Titles fit their slot, wrapped to two lines and then shortened: on the answers of six
/// boards (four a page) and beside a long title and a 3x3 puzzle, no word leaves the page
/// and none is drawn over another.
#[test]
fn titles_fit_their_slots_and_keep_clear_of_each_other() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-titles");
    let boards = stream(&[(
        "mines",
        &[
            "new",
            "--level",
            "intermediate",
            "--no-guess",
            "--count",
            "6",
            "--seed",
            "1",
        ],
    )]);
    let pdf = dir.join("boards.pdf");
    make(&boards, &pdf, &["--answers", "separate"]);
    assert_words_fit("boards", &pdf);
    assert_words_fit("boards' answers", &dir.join("boards-answers.pdf"));
    let tens = stream(&[("nonogen", &["--count", "3", "--seed", "1", "10"])]);
    let mut lines = tens.lines();
    let long = "The longest title a puzzle was ever given, which no slot of a page can hold \
                on one line or even on two lines of its width";
    let mixed = format!(
        "{}{}{}",
        titled(lines.next().unwrap(), long),
        lines.map(|l| format!("{l}\n")).collect::<String>(),
        stream(&[("nonogen", &["--seed", "1", "3"])]),
    );
    let pdf = dir.join("mixed.pdf");
    make(&mixed, &pdf, &["--paper", "a4"]);
    assert_words_fit("mixed", &pdf);
    let text = read(&pdf).text.join("\n");
    assert!(text.contains('…'), "the long title shortened: {text}");
    assert!(text.contains("3 x 3"), "the 3x3 puzzle's line: {text}");
}

/// Every page has its number at its foot, and every puzzle, titled or not, its number over
/// it and over its answer.
#[test]
fn every_page_and_every_puzzle_has_its_number() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-numbers");
    let docs = stream(&[("nonogen", &["--count", "14", "--seed", "1", "6"])]);
    let input: String = docs
        .lines()
        .enumerate()
        .map(|(k, l)| {
            if k == 1 {
                titled(l, "Cat")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let pdf = dir.join("numbers.pdf");
    make(&input, &pdf, &["--per-page", "4"]);
    let book = read(&pdf);
    assert!(book.pages >= 6, "{} pages", book.pages);
    for (k, text) in book.text.iter().take(book.pages).enumerate() {
        let foot = text.lines().rev().find(|l| !l.trim().is_empty()).unwrap();
        assert_eq!(foot.trim(), (k + 1).to_string(), "page {}: {text}", k + 1);
    }
    let answers_from = book
        .text
        .iter()
        .position(|t| t.contains("Answers"))
        .unwrap();
    let puzzles = book.text[..answers_from].join("\n");
    let answers = book.text[answers_from..].join("\n");
    assert!(puzzles.contains("Puzzle 2: Cat"), "{puzzles}");
    assert!(answers.contains("Puzzle 2: Cat"), "{answers}");
    for n in 1..=14 {
        assert!(puzzles.contains(&format!("Puzzle {n}")), "{n}: {puzzles}");
        assert!(answers.contains(&format!("Puzzle {n}")), "{n}: {answers}");
    }
}

/// The line about each puzzle: colours counted without the background, the difficulty in a
/// teacher's words, a board that may need a guess saying so.
#[test]
fn the_line_about_a_puzzle_says_what_a_reader_needs() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-about");
    let mushroom = crate::harness::data("mushroom.g");
    let cases: Vec<(String, &str, &str)> = vec![
        (
            stream(&[(
                "nonogen",
                &["--colors", "3", "--count", "2", "--seed", "2", "15"],
            )]),
            "15 x 15, 3 colours",
            "4 colours",
        ),
        (
            stream(&[("nonogen", &["--colors", "1", "--seed", "2", "8"])]),
            "8 x 8, 1 colour,",
            "2 colours",
        ),
        (
            stream(&[("nonosolve", &[&mushroom])]),
            "4 colours",
            "5 colours",
        ),
        (
            stream(&[("nonogen", &["--seed", "1", "8"])]),
            "line logic only",
            "needs",
        ),
        (
            stream(&[("nonogen", &["--seed", "1", "--difficulty", "probing", "10"])]),
            "needs trial and error",
            "probing",
        ),
        (
            stream(&[("mines", &["new", "--seed", "1"])]),
            "may need a guess",
            "no guessing",
        ),
    ];
    for (k, (input, says, not)) in cases.iter().enumerate() {
        let pdf = dir.join(format!("{k}.pdf"));
        make(input, &pdf, &[]);
        let text = read(&pdf).text.join("\n");
        assert!(text.contains(says), "{says}: {text}");
        assert!(!text.contains(not), "{not}: {text}");
    }
}

/// Mazes without a solution are solved for their answers, by the shortest path.
#[test]
fn mazes_without_a_solution_get_answers() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-solved");
    for tiling in ["square", "hex"] {
        let blank = stream(&[(
            "mazegen",
            &["--count", "2", "--seed", "2", "--tiling", tiling, "10"],
        )]);
        let pdf = dir.join(format!("{tiling}.pdf"));
        make(&blank, &pdf, &[]);
        let book = read(&pdf);
        let answers_from = book.text.iter().position(|t| t.contains("Answers"));
        let answers_from = answers_from.unwrap_or_else(|| panic!("{tiling}: no answers"));
        assert!(book.text[answers_from..].join("").contains("Puzzle 2"));
    }
}

/// A page rendered by poppler at 60 dpi in grey, as bytes.
fn page_pixels(pdf: &Path, page: usize, dir: &Path) -> Vec<u8> {
    let n = page.to_string();
    let stem = format!("{}-page-{n}", pdf.file_stem().unwrap().to_string_lossy());
    let args = [
        "-r",
        "60",
        "-gray",
        "-f",
        &n,
        "-l",
        &n,
        pdf.to_str().unwrap(),
    ];
    let out = Command::new("pdftoppm")
        .args(args)
        .arg(dir.join(&stem))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // pdftoppm adds the page's number to the name, padded to the book's last.
    let file = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| {
            p.file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with(&format!("{stem}-"))
        })
        .unwrap_or_else(|| panic!("pdftoppm wrote no {stem}"));
    std::fs::read(file).unwrap()
}

/// A nonogram from a puzzle file (`.non`, `.g`, `.xml`), or a document without its key, is
/// solved for its answer by nonosolve's solver: the answer page is the one nonosolve's
/// solved document prints, pixel for pixel; a puzzle with several solutions shows one and
/// says so on its line and on stderr; with `--answers none` nothing is solved.
#[test]
fn puzzle_files_get_their_answers() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-puzzle-files");
    // tests/data/small.non: "Heart", by gridkit tests.
    let heart = crate::harness::data("small.non");
    let from_file = dir.join("file.pdf");
    let r = run(
        "gridrender",
        &["-o", from_file.to_str().unwrap(), &heart],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(r.stderr, "", "an answer found: nothing to say");
    let book = read(&from_file);
    assert_eq!(book.pages, 2, "the puzzle and its answer");
    assert!(book.text[1].contains("Answers") && book.text[1].contains("Puzzle 1: Heart"));
    let solved = dir.join("solved.pdf");
    let doc = run("nonosolve", &[&heart], "").stdout;
    make(&doc, &solved, &[]);
    assert_eq!(
        page_pixels(&from_file, 2, &dir),
        page_pixels(&solved, 2, &dir),
        "the answer nonosolve's solved document prints"
    );
    // Colour and the other formats: Olšák's .g and webpbn's XML (both written for gridkit's
    // tests).
    for name in ["mushroom.g", "small.xml"] {
        let pdf = dir.join(format!("{name}.pdf"));
        let r = run(
            "gridrender",
            &["-o", pdf.to_str().unwrap(), &crate::harness::data(name)],
            "",
        );
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        assert_eq!(read(&pdf).pages, 2, "{name}: its answer");
    }
    // A nonogen puzzle without its key is solved for it as well.
    let mut keyless: serde_json::Value =
        serde_json::from_str(&run("nonogen", &["--seed", "2", "8"], "").stdout).unwrap();
    keyless.as_object_mut().unwrap().remove("key");
    let pdf = dir.join("keyless.pdf");
    make(&format!("{keyless}\n"), &pdf, &[]);
    assert_eq!(read(&pdf).pages, 2);
    // Two pictures fit these clues: one is shown, and the line and stderr say so.
    let two = "width 2\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n";
    let pdf = dir.join("two.pdf");
    let r = run("gridrender", &["-o", pdf.to_str().unwrap()], two);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gridrender: stdin line 1: Puzzle 1 has more than one solution: its answer shows one\n"
    );
    let book = read(&pdf);
    assert_eq!(book.pages, 2);
    assert!(
        book.text[1].contains("2 x 2, more than one solution"),
        "{}",
        book.text[1]
    );
    // No answers asked for: none solved, none said.
    let r = run(
        "gridrender",
        &["-o", pdf.to_str().unwrap(), "--answers", "none"],
        two,
    );
    assert_eq!((r.status, r.stderr.as_str()), (0, ""));
    assert!(!read(&pdf).text.join("").contains("more than one"));
}

/// Puzzles sit in the middle of their slot with their title centred over them: a lone 25 x
/// 25 nonogram as far from the foot of the page as from its head, a lone maze's title over
/// the middle of the page.
#[test]
fn puzzles_are_centred_with_their_titles() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-centred");
    let big = stream(&[("nonogen", &["--seed", "1", "25"])]);
    let pdf = dir.join("big.pdf");
    make(&big, &pdf, &["--paper", "a4", "--answers", "none"]);
    let pages = boxes(&pdf);
    let (_, h) = pages[0].size;
    // The page number at the foot is left out.
    let words: Vec<&Word> = pages[0].words.iter().filter(|w| w.y0 < h - 45.0).collect();
    let top = words.iter().map(|w| w.y0).fold(f32::INFINITY, f32::min);
    let bottom = words.iter().map(|w| w.y1).fold(0.0, f32::max);
    assert!(
        (top - (h - bottom)).abs() < 0.05 * h,
        "{top} above, {} below",
        h - bottom
    );
    // Its column clues of two digits ("12") are set as large as those of one.
    let clue_heights: Vec<f32> = words
        .iter()
        .filter(|w| w.text.chars().all(|c| c.is_ascii_digit()))
        .map(|w| w.y1 - w.y0)
        .filter(|h| (h - 11.0).abs() > 0.3 && (h - 9.0).abs() > 0.3)
        .collect();
    assert!(
        pages[0].words.iter().any(|w| w.text == "12"),
        "a two-digit clue"
    );
    let (least, most) = clue_heights
        .iter()
        .fold((f32::INFINITY, 0.0f32), |(a, b), h| (a.min(*h), b.max(*h)));
    assert!(most - least < 0.5, "clues from {least} to {most} high");
    let maze = stream(&[("mazegen", &["--seed", "1", "12"])]);
    let pdf = dir.join("maze.pdf");
    make(&maze, &pdf, &["--paper", "a4", "--answers", "none"]);
    let pages = boxes(&pdf);
    let (w, _) = pages[0].size;
    let puzzle = pages[0].words.iter().find(|w| w.text == "Puzzle").unwrap();
    let number = pages[0].words.iter().find(|w| w.text == "1").unwrap();
    let centre = (puzzle.x0 + number.x1) / 2.0;
    assert!(
        (centre - w / 2.0).abs() < 3.0,
        "the title's centre at {centre}"
    );
}

/// Puzzles of different sizes on one page are drawn at one scale: a 3x3 puzzle's digits no
/// larger than its neighbours'.
#[test]
fn one_page_draws_its_puzzles_at_one_scale() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-scale");
    let input = format!(
        "{}{}",
        stream(&[("nonogen", &["--count", "3", "--seed", "1", "10"])]),
        stream(&[("nonogen", &["--seed", "1", "3"])]),
    );
    let pdf = dir.join("scale.pdf");
    make(&input, &pdf, &["--answers", "none"]);
    let pages = boxes(&pdf);
    assert_eq!(pages.len(), 1);
    // The clues' one-digit numbers: the one-digit words but the titles' (11 points) and
    // the lines' about the puzzles and the page number's (9 points).
    let mut heights: Vec<f32> = pages[0]
        .words
        .iter()
        .filter(|w| w.text.len() == 1 && w.text.chars().all(|c| c.is_ascii_digit()))
        .map(|w| w.y1 - w.y0)
        .filter(|h| (h - 11.0).abs() > 0.3 && (h - 9.0).abs() > 0.3)
        .collect();
    heights.sort_by(f32::total_cmp);
    let (least, most) = (heights[0], heights[heights.len() - 1]);
    assert!(most - least < 0.5, "digits from {least} to {most} high");
}

/// `--per-page` that would print the cells under the readable size is refused, with the
/// most a page that stay readable.
#[test]
fn too_many_a_page_is_refused_with_the_most_that_fit() {
    let dir = scratch("books-per-page");
    let pdf = dir.join("book.pdf");
    let big = stream(&[("nonogen", &["--count", "2", "--seed", "1", "26"])]);
    let r = run(
        "gridrender",
        &[
            "-o",
            pdf.to_str().unwrap(),
            "--paper",
            "a4",
            "--per-page",
            "2",
        ],
        &big,
    );
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
    // Millimetres reckoned on the 20 pixels a nonogram's tile is drawn at.
    assert!(
        r.stderr.contains("cells 3.6 mm wide, under the 4 mm"),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("--per-page 1 or fewer"), "{}", r.stderr);
    assert!(
        r.stderr.contains("at most 1 a page stays readable: give"),
        "{}",
        r.stderr
    );
    assert!(!pdf.exists());
    // One a page is always readable once each puzzle is alone: a 50 x 50 maze (3.6 mm a
    // cell on A4, under a nonogram's 4 mm) beside a nonogram.
    let mixed = format!(
        "{}{}",
        stream(&[("mazegen", &["--seed", "1", "50"])]),
        stream(&[("nonogen", &["--seed", "1", "5"])]),
    );
    for per_page in [&["--per-page", "1"][..], &[]] {
        let mut args = vec!["--paper", "a4"];
        args.extend_from_slice(per_page);
        make(&mixed, &pdf, &args);
    }
}

/// A few answers fill their page: three nonograms' answers take the page's height, not the
/// top of a grid of six slots.
#[test]
fn a_few_answers_fill_their_page() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-few-answers");
    let three = stream(&[("nonogen", &["--count", "3", "--seed", "1", "10"])]);
    let pdf = dir.join("three.pdf");
    make(&three, &pdf, &["--paper", "a4"]);
    let pages = boxes(&pdf);
    assert_eq!(pages.len(), 2);
    let (_, h) = pages[1].size;
    let lowest = pages[1]
        .words
        .iter()
        .map(|w| w.y1)
        .filter(|y| *y < h - 45.0)
        .fold(0.0, f32::max);
    assert!(
        lowest > 0.75 * h,
        "the answers end {lowest} down a page {h} high"
    );
}

/// No tile with a digit in it prints larger than 10 mm: a beginner board alone on its page
/// (a board's tiles are drawn at 24 pixels, not a maze's 16) has its digits 10 mm apart.
#[test]
fn a_small_board_prints_its_tiles_at_most_ten_millimetres() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-board-tiles");
    let pdf = dir.join("board.pdf");
    let board = stream(&[("mines", &["new", "--level", "beginner", "--seed", "1"])]);
    for paper in ["a4", "letter"] {
        make(&board, &pdf, &["--paper", paper, "--answers", "none"]);
        let page = &boxes(&pdf)[0];
        let mut rows: Vec<f32> = page
            .words
            .iter()
            .filter(|w| w.text.len() == 1 && w.text.chars().all(|c| ('1'..='8').contains(&c)))
            .map(|w| w.y0)
            .collect();
        rows.sort_by(f32::total_cmp);
        rows.dedup_by(|a, b| (*a - *b).abs() < 0.5);
        let pitch_mm = rows
            .windows(2)
            .map(|p| (p[1] - p[0]) * 25.4 / 72.0)
            .fold(f32::INFINITY, f32::min);
        assert!(pitch_mm.is_finite(), "{paper}: no digits found");
        assert!(pitch_mm <= 10.05, "{paper}: tiles {pitch_mm:.1} mm apart");
    }
}

/// A small nonogram's tiles print at most 10 mm too: the book reckons them on the 20 pixels
/// a nonogram's tile is drawn at (it reckoned 16, and printed 12.5 mm).
#[test]
fn a_small_nonogram_prints_its_tiles_at_most_ten_millimetres() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-nonogram-tiles");
    let pdf = dir.join("nonogram.pdf");
    let puzzle = stream(&[("nonogen", &["--seed", "1", "5"])]);
    make(&puzzle, &pdf, &["--paper", "a4", "--answers", "none"]);
    let page = &boxes(&pdf)[0];
    // The clues' lines, one tile apart: rows of row clues, clues stacked over a column;
    // below the line about the puzzle, above the page's number.
    let about = page.words.iter().find(|w| w.text == "logic").unwrap().y1;
    let foot = page.size.1 - 30.0;
    let mut rows: Vec<f32> = page
        .words
        .iter()
        .filter(|w| w.text.chars().all(|c| c.is_ascii_digit()))
        .filter(|w| w.y0 > about && w.y1 < foot)
        .map(|w| w.y0)
        .collect();
    rows.sort_by(f32::total_cmp);
    rows.dedup_by(|a, b| (*a - *b).abs() < 0.5);
    let pitch_mm = rows
        .windows(2)
        .map(|p| (p[1] - p[0]) * 25.4 / 72.0)
        .fold(f32::INFINITY, f32::min);
    assert!(pitch_mm.is_finite(), "no clues found");
    assert!(
        (9.5..=10.05).contains(&pitch_mm),
        "tiles {pitch_mm:.1} mm apart"
    );
}

/// The size a too-large maze is told fits is one that a book takes, and one more is
/// refused: per tiling, since a triangle is narrower than its count of cells.
#[test]
fn the_size_said_to_fit_is_accepted() {
    let dir = scratch("books-advice");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    for (tiling, fits) in [("square", 59), ("triangle", 97)] {
        let maze = |n: usize| {
            let n = n.to_string();
            stream(&[("mazegen", &["--seed", "1", "--tiling", tiling, &n])])
        };
        let r = run("gridrender", &["-o", out, "--paper", "a4"], &maze(2000));
        let said = format!("at most about {fits} x {fits} fits a page");
        assert!(r.stderr.contains(&said), "{tiling}: {}", r.stderr);
        let r = run("gridrender", &["-o", out, "--paper", "a4"], &maze(fits));
        assert_eq!(r.status, 0, "{tiling} {fits}: {}", r.stderr);
        let r = run("gridrender", &["-o", out, "--paper", "a4"], &maze(fits + 1));
        assert_eq!(r.status, 2, "{tiling} {}: one more is refused", fits + 1);
    }
}

/// A board too large is told the largest that a book takes, and one more is refused.
#[test]
fn the_board_size_said_to_fit_is_accepted() {
    let dir = scratch("books-board-advice");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    let board = |n: usize| {
        let n = n.to_string();
        let size = [
            "--width", &n, "--height", &n, "--mines", "10", "--seed", "1",
        ];
        stream(&[("mines", &[&["new"][..], &size].concat())])
    };
    let book = |input: &str| run("gridrender", &["-o", out, "--paper", "a4"], input);
    let r = book(&board(200));
    let fits: usize = said_to_fit(&r.stderr, "at most about ");
    assert_eq!(book(&board(fits)).status, 0, "{fits}: {}", r.stderr);
    assert_eq!(book(&board(fits + 1)).status, 2, "{}: one more", fits + 1);
}

/// A nonogram's clues take more room the more they are, so the size a too-large one is
/// told fits is one that a book takes with the most clues its lines can hold (a
/// checkerboard), black and white, in one colour and in three; one more is refused so;
/// nonogen's puzzle of that size is taken. `nonogen --seed 1 100` was told 31 x 31, which
/// was refused.
#[test]
fn the_nonogram_size_said_to_fit_is_accepted_whatever_its_clues() {
    let dir = scratch("books-nonogram-advice");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    let book = |input: &str| run("gridrender", &["-o", out, "--paper", "a4"], input);
    for colors in [None, Some("1"), Some("3")] {
        let made = |n: usize| {
            let n = n.to_string();
            let mut args = vec!["--seed", "1"];
            if let Some(c) = colors {
                args.extend(["--colors", c]);
            }
            args.push(&n);
            stream(&[("nonogen", &args)])
        };
        let r = book(&made(100));
        assert_eq!(r.status, 2, "{}", r.stderr);
        let fits = said_to_fit(&r.stderr, "a ");
        assert!(
            r.stderr.ends_with("fits a page whatever its clues\n"),
            "{}",
            r.stderr
        );
        let count = colors.map_or(0, |c| c.parse().unwrap());
        let r = book(&checkerboard(fits, count));
        assert_eq!(r.status, 0, "{colors:?} {fits}: {}", r.stderr);
        let r = book(&checkerboard(fits + 1, count));
        assert_eq!(r.status, 2, "{colors:?} {}: one more is refused", fits + 1);
        let r = book(&made(fits));
        assert_eq!(r.status, 0, "{colors:?} nonogen {fits}: {}", r.stderr);
    }
}

/// The N of "N x N" after `before` in a refusal.
fn said_to_fit(stderr: &str, before: &str) -> usize {
    let at = stderr.rfind(": ").unwrap() + 2;
    let rest = stderr[at..]
        .strip_prefix(before)
        .unwrap_or_else(|| panic!("{stderr}"));
    rest.split(' ').next().unwrap().parse().unwrap()
}

/// An `n` x `n` nonogram with the most clues a line can hold: a checkerboard of one-cell
/// blocks, black, of one colour, or of two colours taking turns (for `colors` 2 or more).
fn checkerboard(n: usize, colors: usize) -> String {
    use serde_json::{Value, json};
    let line = |other: usize| -> Vec<Value> {
        match colors {
            0 => vec![json!(1); n.div_ceil(2)],
            1 => vec![json!([1, "a"]); n.div_ceil(2)],
            _ => (0..n)
                .map(|i| {
                    let name = ["a", "b"][(i + other) % 2];
                    json!([1, name])
                })
                .collect(),
        }
    };
    let lines: Vec<_> = (0..n).map(line).collect();
    let mut doc = json!({"kind": "nonogram", "version": 1, "width": n, "height": n,
        "clues": {"rows": lines, "cols": lines}});
    match colors {
        0 => {}
        1 => doc["colors"] = json!({"a": "#d62728"}),
        _ => doc["colors"] = json!({"a": "#d62728", "b": "#1f77b4"}),
    }
    format!("{doc}\n")
}

/// The pages of `pdf` as pictures at 60 dots an inch, read back: width, height, pixels.
fn rendered(pdf: &Path) -> Vec<(u32, u32, Vec<[u8; 3]>)> {
    let dir = pdf.parent().unwrap().join("pages");
    std::fs::create_dir_all(&dir).unwrap();
    let prefix = dir.join("page");
    let out = Command::new("pdftoppm")
        .args([
            "-png",
            "-r",
            "60",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    let pages = names.iter().map(|p| crate::pictures::decode(p)).collect();
    std::fs::remove_dir_all(&dir).unwrap();
    pages
}

/// Pixels in the path's blue on a page.
fn path_pixels(page: &(u32, u32, Vec<[u8; 3]>)) -> usize {
    page.2
        .iter()
        .filter(|p| p[2] > 180 && p[0] < 90 && p[1] > 100 && p[1] < 170)
        .count()
}

/// A stream of a flat maze, levels, a torus, a Möbius strip and a cube makes one book:
/// levels side by side and the cube's net each on a page of their own, the flat maze and
/// the wrapped ones sharing the first; each labelled (levels, faces, seam letters) with the
/// legend of its marks; the answers after them with the path drawn, numbered the same; no word over another.
#[test]
fn mazes_beyond_the_plane_make_one_book_with_legends_and_answers() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-beyond");
    let pdf = dir.join("beyond.pdf");
    let maze = |args: &[&str]| {
        let mut all = vec!["--seed", "1"];
        all.extend_from_slice(args);
        stream(&[("mazegen", &all)])
    };
    let input = [
        maze(&["8"]),
        maze(&["--levels", "3", "10", "8"]),
        maze(&["--wrap", "xy", "12", "8"]),
        maze(&["--wrap", "mobius", "12", "6"]),
        maze(&["--tiling", "cube", "6"]),
    ]
    .concat();
    make(&input, &pdf, &["--paper", "a4"]);
    let read = read(&pdf);
    // Puzzles 1, 3 and 4 | 2 (levels) | 5 (cube), then the answers: 1, 3 and 4 | 2 and 5.
    assert_eq!(read.pages, 5, "{:?}", read.text);
    let words = |k: usize| -> Vec<String> {
        boxes(&pdf)[k]
            .words
            .iter()
            .map(|w| w.text.clone())
            .collect()
    };
    let puzzles_on = |k: usize| words(k).iter().filter(|w| *w == "Puzzle").count();
    assert_eq!((0..5).map(puzzles_on).collect::<Vec<_>>(), [3, 1, 1, 3, 2]);
    for (page, says) in [
        (
            0,
            &["torus", "Möbius", "flipped:", "same letter", "half twist"][..],
        ),
        (
            1,
            &[
                "level",
                "0",
                "1",
                "2",
                "3 levels of 10 x 8",
                "▲",
                "▼",
                "stairs",
            ][..],
        ),
        (
            2,
            &[
                "cube of 6 x 6 faces",
                "top",
                "front",
                "bottom",
                "unfolded",
                "a",
                "b",
            ],
        ),
    ] {
        let text = &read.text[page];
        for said in says {
            assert!(text.contains(said), "page {}: {said}: {text}", page + 1);
        }
    }
    for (k, text) in read.text.iter().enumerate().skip(3).take(2) {
        assert!(text.contains("Answers"), "page {}: {text}", k + 1);
    }
    assert!(read.text[4].contains("Puzzle 2") && read.text[4].contains("level 2"));
    assert!(read.text[4].contains("Puzzle 5") && read.text[4].contains("front"));
    assert_words_fit("beyond", &pdf);
    // The puzzles are blank; each answer page shows the path.
    let pages = rendered(&pdf);
    for (k, page) in pages.iter().enumerate() {
        let blue = path_pixels(page);
        if k < 3 {
            assert!(blue < 20, "page {}: {blue} path pixels", k + 1);
        } else {
            assert!(blue > 200, "page {}: {blue} path pixels", k + 1);
        }
    }
}

/// Issue #62's book of seven mazes (flat, levels, torus, cube, Möbius strip, hex
/// cylinder, flat) wastes no page: the five that share pages fill the first in number
/// order, levels and the cube take one each, and their answers two a page: five pages where
/// ten were, every legend whole and every word on its page.
#[test]
fn small_mazes_fill_the_pages_around_those_printed_alone() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-mix");
    let pdf = dir.join("mix.pdf");
    let maze = |args: &[&str]| stream(&[("mazegen", args)]);
    let input = [
        maze(&["--seed", "1", "10"]),
        maze(&["--levels", "3", "--seed", "1", "8", "6"]),
        maze(&["--wrap", "xy", "--seed", "1", "12", "8"]),
        maze(&["--tiling", "cube", "--seed", "3", "5"]),
        maze(&["--wrap", "mobius", "--seed", "2", "12", "6"]),
        maze(&["--tiling", "hex", "--wrap", "x", "--seed", "1", "12", "8"]),
        maze(&["--seed", "2", "10"]),
    ]
    .concat();
    make(&input, &pdf, &["--paper", "a4"]);
    let read = read(&pdf);
    assert_eq!(read.pages, 5, "{:?}", read.text);
    let numbers = |k: usize| -> Vec<String> {
        let words: Vec<String> = boxes(&pdf)[k]
            .words
            .iter()
            .map(|w| w.text.clone())
            .collect();
        words
            .windows(2)
            .filter(|w| w[0] == "Puzzle")
            .map(|w| w[1].clone())
            .collect()
    };
    let mut on = (0..5).map(numbers).collect::<Vec<_>>();
    for page in &mut on {
        page.sort_by_key(|n| n.parse::<usize>().unwrap());
    }
    assert_eq!(
        on,
        [
            vec!["1", "3", "5", "6", "7"],
            vec!["2"],
            vec!["4"],
            vec!["1", "3", "5", "6", "7"],
            vec!["2", "4"],
        ]
    );
    for (k, text) in read.text.iter().enumerate() {
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(!text.contains('…'), "page {}: a legend cut: {text}", k + 1);
    }
    let first = read.text[0]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    // The Möbius strip's legend ends whole: pdftotext reads the slots' lines interleaved.
    assert!(first.contains("half twist."), "{first}");
    assert_eq!(first.matches("the same letter.").count(), 3, "{first}");
    for (k, page) in boxes(&pdf).iter().enumerate() {
        let (w, h) = page.size;
        for a in &page.words {
            let inside = a.x0 >= 0.0 && a.y0 >= 0.0 && a.x1 <= w && a.y1 <= h;
            assert!(inside, "page {}: {a:?}", k + 1);
        }
    }
}

/// A hex maze with a wrap says so in its line ("hex cylinder 12 x 8", "hex Möbius strip
/// 9 x 6") and has the legend of its seam letters, as a wrapped maze of squares has.
#[test]
fn a_wrapped_hex_maze_says_it_is_hex_and_has_its_legend() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-hex-wrap");
    let pdf = dir.join("hex.pdf");
    let maze = |wrap: &str, width: &str, height: &str| {
        stream(&[(
            "mazegen",
            &[
                "--seed", "1", "--tiling", "hex", "--wrap", wrap, width, height,
            ],
        )])
    };
    let input = [maze("x", "12", "8"), maze("mobius", "9", "6")].concat();
    make(&input, &pdf, &["--paper", "a4", "--answers", "none"]);
    let read = read(&pdf);
    assert_eq!(read.pages, 1, "{:?}", read.text);
    let text = read.text[0]
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for said in [
        "hex cylinder 12 x 8",
        "hex Möbius strip 9 x 6",
        "the left and right edges are joined. A passage",
        "joined with a half twist",
        "comes back at the same letter.",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
    assert_eq!(text.matches("same letter").count(), 2, "{text}");
    // Every word within the page. (The picture's own seam letters at a hex maze's
    // staggered edge are set closer than a line apart, so words are not checked apart.)
    for page in boxes(&pdf) {
        let (w, h) = page.size;
        for a in &page.words {
            assert!(
                a.x0 >= 0.0 && a.y0 >= 0.0 && a.x1 <= w && a.y1 <= h,
                "{a:?}"
            );
        }
    }
}

/// A maze beyond the plane too large for a page is refused in the book's words, naming the
/// puzzle by its number, with the largest that fits; that size is taken, and one more is
/// refused.
#[test]
fn a_maze_beyond_the_plane_too_large_is_told_what_fits() {
    let dir = scratch("books-beyond-advice");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    let flat = stream(&[("mazegen", &["--seed", "1", "5"])]);
    let book = |args: &[&str]| {
        let mut all = vec!["--seed", "1"];
        all.extend_from_slice(args);
        let maze = stream(&[("mazegen", &all)]);
        run(
            "gridrender",
            &["-o", out, "--paper", "a4"],
            &format!("{flat}{maze}"),
        )
    };
    // mazegen's arguments: too large, what the refusal says, the size it says, one more.
    type Case<'a> = (&'a [&'a str], &'a str, &'a [&'a str], &'a [&'a str]);
    let cases: [Case; 4] = [
        (
            &["--levels", "3", "200", "100"],
            "Puzzle 2 (3 levels of 200 x 100) is too large to print readably on A4 (3 mm a \
             cell at least): at most about 3 levels of 18 x 9 fit a page",
            &["--levels", "3", "18", "9"],
            &["--levels", "3", "19", "9"],
        ),
        (
            // Too many levels for one cell each: fewer, as large as they are.
            &["--levels", "100", "5", "5"],
            "at most about 9 levels of 5 x 5 fit a page",
            &["--levels", "9", "5", "5"],
            &["--levels", "10", "5", "5"],
        ),
        (
            &["--tiling", "cube", "300"],
            "Puzzle 2 (a cube of 300 x 300 faces) is too large to print readably on A4 (3 \
             mm a cell at least): at most about a cube of 14 x 14 faces fits a page",
            &["--tiling", "cube", "14"],
            &["--tiling", "cube", "15"],
        ),
        (
            &["--wrap", "xy", "300"],
            "at most about 57 x 57 fits a page",
            &["--wrap", "xy", "57"],
            &["--wrap", "xy", "58"],
        ),
    ];
    for (large, says, fits, more) in cases {
        let r = book(large);
        r.assert_error("gridrender", 2, says);
        assert!(r.stderr.contains("stdin line 2: Puzzle 2"), "{}", r.stderr);
        let r = book(fits);
        assert_eq!(r.status, 0, "{fits:?}: {}", r.stderr);
        assert_eq!(book(more).status, 2, "{more:?}: one more is refused");
    }
    std::fs::remove_file(&pdf).ok();
}

/// The size a book says fits is the largest that does, whatever size it is said of: a
/// 100-cell maze, a 1000-cell one and a 60-cell one are all told 59 on A4 (a float's
/// 0.59 x 100 once made it 58), and 59 prints while 60 does not.
#[test]
fn the_size_said_to_fit_is_the_largest_that_prints() {
    let dir = scratch("books-fit");
    let pdf = dir.join("book.pdf");
    let out = pdf.to_str().unwrap();
    for cells in ["60", "100", "1000"] {
        let maze = run("mazegen", &["--seed", "1", cells], "").stdout;
        let r = run("gridrender", &["-o", out, "--paper", "a4"], &maze);
        r.assert_error("gridrender", 2, "at most about 59 x 59 fits a page");
    }
    let fits = run("mazegen", &["--seed", "1", "59"], "").stdout;
    let r = run("gridrender", &["-o", out, "--paper", "a4"], &fits);
    assert_eq!(r.status, 0, "{}", r.stderr);
}

/// One puzzle too large to share a page does not make every page hold one: five 10 x 10
/// nonograms share the first page, the 30 x 30 takes the next, and their answers the same,
/// four pages where there were nine.
#[test]
fn a_large_puzzle_takes_its_own_page_and_the_small_ones_share() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-big-one");
    let pdf = dir.join("mix.pdf");
    let input = [
        stream(&[("nonogen", &["--count", "5", "--seed", "1", "10"])]),
        stream(&[("nonogen", &["--seed", "2", "30"])]),
    ]
    .concat();
    make(&input, &pdf, &["--paper", "a4"]);
    let read = read(&pdf);
    assert_eq!(read.pages, 4, "{:?}", read.text);
    let puzzles_on = |k: usize| read.text[k].matches("Puzzle ").count();
    assert_eq!((0..4).map(puzzles_on).collect::<Vec<_>>(), [5, 1, 5, 1]);
    assert!(read.text[1].contains("Puzzle 6"));
    assert_words_fit("big-one", &pdf);
}

/// A nonogram from a file (`.non`, `.g`, webpbn XML) is graded as nonogen's are, by the
/// solver that finds its answer; so is one nonosolve proved unique.
#[test]
fn puzzles_from_files_say_how_hard_they_are() {
    if !pdf_tools() {
        return;
    }
    let dir = scratch("books-graded");
    let pdf = dir.join("graded.pdf");
    for (file, says) in [
        ("small.non", "5 x 5, line logic only"),
        ("mushroom.g", "12 x 10, 4 colours, line logic only"),
        ("small.xml", "5 x 5, line logic only"),
    ] {
        let path = crate::harness::data(file);
        let r = run("gridrender", &["-o", pdf.to_str().unwrap(), &path], "");
        assert_eq!(r.status, 0, "{file}: {}", r.stderr);
        let text = read(&pdf).text.concat();
        assert!(text.contains(says), "{file}: {text}");
    }
    let small = crate::harness::data("small.non");
    let solved = stream(&[("nonosolve", &[small.as_str()])]);
    make(&solved, &pdf, &[]);
    assert!(read(&pdf).text[0].contains("5 x 5, line logic only"));
}
