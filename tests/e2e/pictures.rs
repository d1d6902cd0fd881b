//! gridrender's pictures, decoded back and checked: sizes, and that a wall is a wall.

use crate::harness::{data, pipeline, run, scratch};

fn maze_with_solution() -> String {
    let runs = pipeline(&[("mazegen", &["--seed", "2", "6", "4"]), ("mazesolve", &[])]);
    runs[1].stdout.clone()
}

/// Decodes a PNG file into (width, height, RGB pixels).
pub(crate) fn decode(path: &std::path::Path) -> (u32, u32, Vec<[u8; 3]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let info = reader.info();
    let (w, h) = (info.width, info.height);
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let Some(palette) = reader.info().palette.clone().map(|p| p.into_owned()) else {
        // An RGB picture (one not drawn by gridrender).
        let frame = reader.next_frame(&mut buf).unwrap();
        assert_eq!(frame.color_type, png::ColorType::Rgb);
        let pixels = buf[..frame.buffer_size()]
            .chunks_exact(3)
            .map(|p| [p[0], p[1], p[2]])
            .collect();
        return (w, h, pixels);
    };
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!(frame.color_type, png::ColorType::Indexed);
    let pixels = buf[..(w * h) as usize]
        .iter()
        .map(|&i| {
            let i = i as usize * 3;
            [palette[i], palette[i + 1], palette[i + 2]]
        })
        .collect();
    (w, h, pixels)
}

#[test]
fn a_maze_png_has_walls_where_the_document_has_walls() {
    let dir = scratch("maze-png");
    let path = dir.join("maze.png");
    let r = run(
        "gridrender",
        &[
            "-o",
            path.to_str().unwrap(),
            "--cell-size",
            "10",
            "--style",
            "blocks",
        ],
        &maze_with_solution(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stdout.is_empty());
    let (w, h, px) = decode(&path);
    // 6x4 cells: 13x9 tiles of 10 pixels.
    assert_eq!((w, h), (130, 90));
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    let wall = at(5, 5); // tile (0, 0) is always wall
    let floor = at(10 * 3 + 1, 10 + 1); // the corner of a cell tile, outside any mark
    assert_ne!(wall, floor);
    assert_eq!(at(125, 85), wall, "the bottom-right corner is wall");
    // The start mark (green) in the middle of tile (1, 1).
    let start = at(15, 15);
    assert!(start[1] > start[0] && start[1] > start[2], "{start:?}");
}

#[test]
fn cell_mazes_have_thin_walls() {
    let dir = scratch("thin-png");
    let path = dir.join("maze.png");
    let r = run(
        "gridrender",
        &["-o", path.to_str().unwrap(), "--cell-size", "12"],
        &maze_with_solution(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let (w, h, px) = decode(&path);
    // 6x4 cells of 12 pixels with walls 2 pixels thick, and the closing wall.
    assert_eq!((w, h), (74, 50));
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    let wall = at(0, 0);
    assert_eq!(at(1, 1), wall, "walls are 2 pixels thick");
    assert_ne!(at(2, 2), wall, "the first cell starts right after");
    assert_eq!(at(73, 49), wall);
}

#[test]
fn a_maze_svg_is_well_formed_and_sized() {
    let r = run(
        "gridrender",
        &["--format", "svg", "--cell-size", "4"],
        &maze_with_solution(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let svg = roxmltree::Document::parse(&r.stdout).expect("well-formed XML");
    let root = svg.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    // Thin walls: 6x4 cells of 4 pixels, walls 1 pixel thick, one more for the last wall.
    assert_eq!(root.attribute("width"), Some("25"));
    assert_eq!(root.attribute("height"), Some("17"));
    let rects = svg.descendants().filter(|n| n.has_tag_name("rect")).count();
    assert!(rects > 10, "{rects} rectangles");
}

#[test]
fn mines_and_nonograms_become_pictures_too() {
    let mines = pipeline(&[
        ("mines", &["new", "--seed", "1"]),
        ("mines", &["open", "4", "4"]),
    ]);
    let svg = run("gridrender", &["-f", "svg"], &mines[1].stdout);
    assert_eq!(svg.status, 0, "{}", svg.stderr);
    let doc = roxmltree::Document::parse(&svg.stdout).unwrap();
    let texts: Vec<&str> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(texts.contains(&"1"), "{texts:?}");
    let solved = run("nonosolve", &[&data("small.non")], "");
    let dir = scratch("nono-pictures");
    let path = dir.join("heart.png");
    let r = run(
        "gridrender",
        &["-o", path.to_str().unwrap()],
        &solved.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let (w, h, _) = decode(&path);
    assert!(w > 5 * 20 && h > 5 * 20, "{w}x{h}");
    let dark = run(
        "gridrender",
        &["-f", "svg", "--theme", "dark"],
        &solved.stdout,
    );
    assert!(dark.stdout.contains("fill=\"#18181c\""), "dark background");
}

#[test]
fn bad_outputs_are_refused() {
    let maze = maze_with_solution();
    run("gridrender", &["-o", "/tmp/x.gif"], &maze).assert_error(
        "gridrender",
        2,
        "unknown extension .gif",
    );
    run("gridrender", &["-o", "/no/such/dir/m.svg"], &maze).assert_error(
        "gridrender",
        2,
        "cannot write /no/such/dir/m.svg",
    );
    let two = format!("{maze}{maze}");
    run("gridrender", &["-f", "svg"], &two).assert_error(
        "gridrender",
        2,
        "a picture holds one document",
    );
    run(
        "gridrender",
        &["-f", "svg", "--cell-size", "256"],
        &run("mazegen", &["100"], "").stdout,
    )
    .assert_error("gridrender", 2, "choose a smaller --cell-size");
    run("gridrender", &["-f", "gif"], &maze).assert_error("gridrender", 2, "invalid value 'gif'");
}

/// Headless Chromium, when installed (`apt-get install chromium`); CI requires it.
pub(crate) fn chromium() -> Option<&'static str> {
    let found = ["chromium", "chromium-browser"].into_iter().find(|b| {
        std::process::Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_CHROMIUM").is_none(),
            "chromium is required (GRIDKIT_REQUIRE_CHROMIUM is set) but not installed"
        );
        eprintln!("skipping the browser check: chromium is not installed");
    }
    found
}

/// A screenshot of a page, decoded to RGB pixels.
pub(crate) fn screenshot(
    browser: &str,
    url: &str,
    dir: &std::path::Path,
    name: &str,
) -> Vec<[u8; 3]> {
    let shot = dir.join(name);
    let run = || {
        std::process::Command::new(browser)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--window-size=400,300",
            ])
            .arg(format!("--user-data-dir={}", dir.join("profile").display()))
            .arg(format!("--screenshot={}", shot.display()))
            .arg(url)
            .output()
            .expect("chromium runs")
    };
    // Headless Chromium now and then crashes on a loaded machine ("no stack mapping"), with
    // nothing drawn: a second try tells that apart from a page that cannot be shown.
    let mut status = run();
    if !status.status.success() {
        status = run();
    }
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&shot).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut buf).unwrap();
    let channels = frame.color_type.samples();
    buf[..frame.buffer_size()]
        .chunks(channels)
        .map(|p| [p[0], p[1], p[2]])
        .collect()
}

#[test]
fn the_html_page_shows_and_hides_the_solution_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let dir = scratch("html-page");
    let page = dir.join("maze.html");
    let r = run(
        "gridrender",
        &["-o", page.to_str().unwrap(), "--cell-size", "20"],
        &maze_with_solution(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    // Self-contained: the only address is the SVG namespace, which is never fetched.
    let outside = html.replace("http://www.w3.org/2000/svg", "");
    assert!(
        !outside.contains("http") && !outside.contains(" src="),
        "no network"
    );
    let url = format!("file://{}", page.display());
    let shown = screenshot(browser, &url, &dir, "shown.png");
    let hidden = screenshot(browser, &format!("{url}#hide"), &dir, "hidden.png");
    let path_blue = [30, 136, 229];
    let wall = [34, 34, 40];
    assert!(shown.contains(&wall), "the maze is drawn");
    assert!(shown.contains(&path_blue), "the solution shows");
    assert!(!hidden.contains(&path_blue), "and hides");
    assert!(hidden.contains(&wall));
    // The SVG on its own, as a browser opens a file.
    let svg = dir.join("maze.svg");
    let r = run(
        "gridrender",
        &["-o", svg.to_str().unwrap(), "--cell-size", "20"],
        &maze_with_solution(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let alone = screenshot(
        browser,
        &format!("file://{}", svg.display()),
        &dir,
        "svg.png",
    );
    assert!(
        alone.contains(&wall) && alone.contains(&path_blue),
        "a browser shows the SVG as is"
    );
}

#[test]
fn a_solvers_probabilities_overlay_the_covered_tiles() {
    let game = pipeline(&[
        (
            "mines",
            &[
                "new", "--seed", "1", "--width", "5", "--height", "4", "--mines", "3",
            ],
        ),
        ("mines", &["open", "0", "0"]),
    ]);
    let mut doc: serde_json::Value = serde_json::from_str(&game[1].stdout).unwrap();
    let mut probability = vec![vec![serde_json::Value::Null; 5]; 4];
    probability[0][3] = 0.25.into();
    probability[1][3] = 0.75.into();
    doc["analysis"] =
        serde_json::json!({"safe": [], "mines": [], "probability": probability, "best": [0, 3]});
    let r = run("gridrender", &["-f", "svg"], &doc.to_string());
    assert_eq!(r.status, 0, "{}", r.stderr);
    let svg = roxmltree::Document::parse(&r.stdout).unwrap();
    let texts: Vec<&str> = svg
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text())
        .collect();
    assert!(texts.contains(&"25") && texts.contains(&"75"), "{texts:?}");
}

#[test]
fn a_colour_nonograms_page_shows_its_colours_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let dir = scratch("colour-html");
    let solved = run("nonosolve", &[&crate::harness::data("mushroom.xml")], "");
    assert_eq!(solved.status, 0, "{}", solved.stderr);
    let page = dir.join("mushroom.html");
    let r = run(
        "gridrender",
        &["-o", page.to_str().unwrap()],
        &solved.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let shot = screenshot(
        browser,
        &format!("file://{}", page.display()),
        &dir,
        "page.png",
    );
    for (name, rgb) in [
        ("red", [0xd6, 0x27, 0x28]),
        ("yellow", [0xf0, 0xc8, 0x08]),
        ("green", [0x2c, 0xa0, 0x2c]),
    ] {
        assert!(shot.contains(&rgb), "{name} is on the page");
    }
}

/// A nonogram's page hides and shows its answer in a browser: a solved one starts shown
/// (and hides with `#hide`), a nonogen puzzle with its key starts hidden behind the switch;
/// a still picture of that puzzle never shows the key.
#[test]
fn a_nonogram_page_shows_and_hides_its_answer() {
    let dir = scratch("nonogram-page");
    let made = run("nonogen", &["--seed", "4", "8"], "").stdout;
    let solved = run("nonosolve", &[], &made).stdout;
    let page_of = |doc: &str, name: &str| {
        let page = dir.join(name);
        let r = run("gridrender", &["-o", page.to_str().unwrap()], doc);
        assert_eq!(r.status, 0, "{}", r.stderr);
        (page.clone(), std::fs::read_to_string(&page).unwrap())
    };
    let (solved_page, solved_html) = page_of(&solved, "solved.html");
    assert!(solved_html.contains(r#"id="show" checked"#));
    assert!(
        solved_html.contains(r#"class="solution">"#),
        "the cells are the layer"
    );
    let (key_page, key_html) = page_of(&made, "puzzle.html");
    assert!(
        key_html.contains(r#"<input type="checkbox" id="show">"#),
        "a switch, off"
    );
    assert!(key_html.contains(r#"class="solution">"#));
    let still = run("gridrender", &["--format", "svg"], &made).stdout;
    assert!(
        !still.contains("solution"),
        "a picture of the puzzle holds no answer"
    );
    let Some(browser) = chromium() else { return };
    let ink = [34, 34, 40];
    let count = |pixels: &[[u8; 3]]| pixels.iter().filter(|&&p| p == ink).count();
    let url = |p: &std::path::Path| format!("file://{}", p.display());
    let shown = count(&screenshot(browser, &url(&solved_page), &dir, "a.png"));
    let hidden = count(&screenshot(
        browser,
        &format!("{}#hide", url(&solved_page)),
        &dir,
        "b.png",
    ));
    let puzzle = count(&screenshot(browser, &url(&key_page), &dir, "c.png"));
    assert!(
        shown > hidden + 1000,
        "{shown} against {hidden}: the filled cells hide"
    );
    assert!(
        puzzle.abs_diff(hidden) < 200,
        "{puzzle} against {hidden}: the key starts hidden"
    );
}

/// gridrender reads the puzzle files nonosolve reads and draws the blank puzzle, from a
/// file or through a pipe; what is neither a document nor a puzzle it can tell is refused.
#[test]
fn puzzle_files_are_drawn_blank() {
    for file in ["small.non", "small.g", "small.xml"] {
        let path = crate::harness::data(file);
        let r = run("gridrender", &["--color", "never", &path], "");
        assert_eq!(r.status, 0, "{file}: {}", r.stderr);
        assert!(r.stdout.contains("1 1"), "{file}: the clues:\n{}", r.stdout);
        assert!(!r.stdout.contains('#'), "{file}: blank:\n{}", r.stdout);
        let text = std::fs::read_to_string(&path).unwrap();
        let piped = run("gridrender", &["--color", "never"], &text);
        assert_eq!(piped.stdout, r.stdout, "{file} through a pipe");
    }
    run("gridrender", &[], "hello\n").assert_error("gridrender", 2, "stdin line 1: malformed JSON");
}

/// Every picture in the README and docs/ is what docs/images/make.sh makes now, and each of
/// its commands is shown in the docs as it is run: a reader can make every picture again.
#[test]
fn the_doc_pictures_are_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let images = root.join("docs/images");
    let dir = scratch("doc-pictures");
    let tools = std::path::Path::new(crate::harness::bin("mazegen"))
        .parent()
        .unwrap()
        .to_path_buf();
    let path = format!(
        "{}:{}",
        tools.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let made = std::process::Command::new("sh")
        .arg(images.join("make.sh"))
        .arg(&*dir)
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "make.sh: {}",
        String::from_utf8_lossy(&made.stderr)
    );
    let mut pictures = 0;
    for entry in std::fs::read_dir(&images).unwrap() {
        let path = entry.unwrap().path();
        if !path.extension().is_some_and(|e| e == "png" || e == "svg") {
            continue;
        }
        let name = path.file_name().unwrap();
        let made = dir.join(name);
        // The printed maze's model is drawn by Python, the book's page by poppler, the play
        // page by Chromium (make.sh says so when it cannot), their pixels by floating point
        // and fonts: compared pixel by pixel, a few may differ.
        let drawn_by = |prefix: &str| name.to_string_lossy().starts_with(prefix);
        if drawn_by("print-") || drawn_by("book-") || drawn_by("play-") {
            let tool_here = if drawn_by("print-") {
                crate::machines::trimesh_python().is_some()
            } else if drawn_by("book-") {
                crate::books::pdf_tools()
            } else {
                chromium().is_some()
            };
            if !made.exists() && !tool_here {
                continue;
            }
            let (a, b) = (decode(&path), decode(&made));
            assert_eq!((a.0, a.1), (b.0, b.1), "{} changed size", name.display());
            let differ = a.2.iter().zip(&b.2).filter(|(p, q)| p != q).count();
            assert!(
                differ * 100 < a.2.len(),
                "{} is out of date ({differ} pixels differ): run docs/images/make.sh",
                name.display()
            );
            pictures += 1;
            continue;
        }
        let now =
            std::fs::read(&made).unwrap_or_else(|_| panic!("make.sh makes no {}", name.display()));
        assert!(
            std::fs::read(&path).unwrap() == now,
            "{} is out of date: run docs/images/make.sh",
            name.display()
        );
        pictures += 1;
    }
    assert!(pictures >= 9, "{pictures} pictures");
    // The commands, as the docs show them (a line ending in `\` goes on on the next).
    let mut docs = String::new();
    for page in [
        "README.md",
        "docs/mazes.md",
        "docs/nonograms.md",
        "docs/gridrender.md",
    ] {
        docs.push_str(&std::fs::read_to_string(root.join(page)).unwrap());
    }
    let docs = docs.replace("\\\n", " ");
    let docs: String = docs.split_whitespace().collect::<Vec<_>>().join(" ");
    let script = std::fs::read_to_string(images.join("make.sh")).unwrap();
    for line in script
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("picture "))
    {
        let command = line.split('\'').nth(1).unwrap();
        assert!(docs.contains(command), "not in the docs: {command}");
    }
}

/// `-o 'page-{n}.svg'` draws each document of a stream into a file of its own, numbered
/// from 1, each the picture the document makes alone; a bad document stops the stream after
/// the pages before it. Without {n}, a picture still holds one document.
#[test]
fn a_stream_becomes_one_picture_a_document_with_n_in_the_name() {
    let dir = scratch("pages");
    let mazes = run("mazegen", &["--count", "3", "--seed", "1", "6"], "");
    let pattern = dir.join("page-{n}.svg");
    let r = run(
        "gridrender",
        &["-o", pattern.to_str().unwrap()],
        &mazes.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    for (i, doc) in mazes.stdout.lines().enumerate() {
        let alone = run("gridrender", &["-f", "svg"], doc);
        let page = std::fs::read_to_string(dir.join(format!("page-{}.svg", i + 1))).unwrap();
        assert_eq!(page, alone.stdout, "page {}", i + 1);
    }
    assert!(!dir.join("page-4.svg").exists());
    // Text too, a file a document.
    let text = dir.join("maze-{n}.txt");
    let r = run("gridrender", &["-o", text.to_str().unwrap()], &mazes.stdout);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(dir.join("maze-3.txt").exists());
    // A bad third document: two pages, then the error naming its line.
    let bad = format!(
        "{}{}\n{{\"kind\": \"maze\"}}\n",
        mazes.stdout.lines().next().unwrap(),
        "\n".to_owned() + mazes.stdout.lines().nth(1).unwrap()
    );
    let other = dir.join("bad-{n}.png");
    let r = run("gridrender", &["-o", other.to_str().unwrap()], &bad);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("line 3"), "{}", r.stderr);
    assert!(dir.join("bad-2.png").exists() && !dir.join("bad-3.png").exists());
    let one = dir.join("one.svg");
    let r = run("gridrender", &["-o", one.to_str().unwrap()], &mazes.stdout);
    assert_eq!(r.status, 2);
    assert!(r.stderr.contains("{n}"), "{}", r.stderr);
    assert!(!one.exists(), "nothing half-written");
}

/// `--for laser|plotter` writes a maze as SVG in millimetres, and refuses what it cannot
/// cut, with one line.
#[test]
fn mazes_for_lasers_and_plotters() {
    let dir = scratch("cut");
    let maze = run("mazegen", &["--seed", "2", "12", "8"], "");
    let svg = dir.join("maze.svg");
    let r = run(
        "gridrender",
        &[
            "--for",
            "laser",
            "--cell-mm",
            "5",
            "-o",
            svg.to_str().unwrap(),
        ],
        &maze.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).expect("the SVG is XML");
    let root = doc.root_element();
    assert_eq!(root.attribute("width"), Some("60.000mm"));
    assert_eq!(root.attribute("height"), Some("40.000mm"));
    assert!(
        doc.descendants().all(|n| !n.has_tag_name("rect")),
        "strokes only"
    );
    let plotter = run(
        "gridrender",
        &["--for", "plotter", "-f", "svg"],
        &maze.stdout,
    );
    assert_eq!(plotter.status, 0, "{}", plotter.stderr);
    assert!(plotter.stderr.contains("pen down") && plotter.stderr.contains("pen up"));
    for (args, input, says) in [
        (
            vec!["--cell-mm", "5", "-f", "svg"],
            maze.stdout.clone(),
            "--for",
        ),
        (
            vec!["--for", "laser", "-f", "png"],
            maze.stdout.clone(),
            "SVG",
        ),
        (
            vec!["--for", "laser", "--cell-size", "9", "-f", "svg"],
            maze.stdout.clone(),
            "--cell-size",
        ),
        (
            vec!["--for", "laser", "--size", "300", "-f", "svg"],
            maze.stdout.clone(),
            "WIDTHxHEIGHT",
        ),
        (
            vec!["--for", "laser", "-f", "svg"],
            run(
                "mazegen",
                &["--weave", "1", "--algo", "kruskal", "--seed", "1", "5"],
                "",
            )
            .stdout,
            "woven",
        ),
        (
            vec!["--for", "laser", "-f", "svg"],
            run("mines", &["new", "--seed", "1"], "").stdout,
            "mines",
        ),
    ] {
        let r = run("gridrender", &args, &input);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stdout.is_empty());
    }
}

/// `--for laser -o maze.dxf` writes a DXF that an independent reader (the `dxf` crate) reads
/// back: a polyline a stroke, in millimetres, every wall once.
#[test]
fn a_dxf_for_a_cutter_reads_back() {
    let dir = scratch("dxf");
    let path = dir.join("maze.dxf");
    let maze = run("mazegen", &["--seed", "4", "9", "5"], "");
    let r = run(
        "gridrender",
        &[
            "--for",
            "laser",
            "--cell-mm",
            "4",
            "--outline-layer",
            "-o",
            path.to_str().unwrap(),
        ],
        &maze.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let drawing = dxf::Drawing::load_file(path.to_str().unwrap()).expect("a DXF reader reads it");
    let mut length = 0.0;
    let mut layers = std::collections::BTreeSet::new();
    let mut polylines = 0;
    for e in drawing.entities().filter(|e| e.common.layer != "MARKS") {
        let dxf::entities::EntityType::Polyline(ref p) = e.specific else {
            panic!("a polyline, not {:?}", e.specific);
        };
        polylines += 1;
        layers.insert(e.common.layer.clone());
        let points: Vec<(f64, f64)> = p.vertices().map(|v| (v.location.x, v.location.y)).collect();
        let mut ring = points.clone();
        if p.is_closed() {
            ring.push(points[0]);
        }
        for pair in ring.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            assert!(a.0 == b.0 || a.1 == b.1, "walls run along rows and columns");
            assert!((0.0..=36.0).contains(&a.0) && (0.0..=20.0).contains(&a.1));
            length += (b.0 - a.0).abs() + (b.1 - a.1).abs();
        }
    }
    assert!(polylines > 1);
    assert_eq!(layers.into_iter().collect::<Vec<_>>(), ["CUT", "OUTLINE"]);
    // Every wall once: the walls of a perfect 9 x 5 maze are its outline (2 x (9 + 5) cells)
    // and, inside, as many cell sides as there are cells less one passage a cell but one:
    // 4 x 9 x 5 sides, each inner one shared, less the 44 passages.
    let inner = (2 * 9 * 5 - 9 - 5) - (9 * 5 - 1);
    let expected = f64::from(2 * (9 + 5) + inner) * 4.0;
    assert!(
        (length - expected).abs() < 1e-6,
        "{length} mm of cuts, not {expected}"
    );
}
