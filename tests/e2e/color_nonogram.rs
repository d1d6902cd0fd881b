//! Colour nonograms end to end: every reader, the solver's verdicts and words, the drawings,
//! and bad colour input.

use crate::harness::{data, run, run_env, scratch};
use serde_json::Value;

/// The blocks of a line of colour names, as (length, name).
fn blocks(line: &[u8]) -> Vec<(u64, u8)> {
    let mut out: Vec<(u64, u8)> = Vec::new();
    let mut previous = b'.';
    for &c in line {
        if c != b'.' {
            match out.last_mut() {
                Some((n, name)) if previous == c && *name == c => *n += 1,
                _ => out.push((1, c)),
            }
        }
        previous = c;
    }
    out
}

/// A clue list of a colour document as (length, name): plain numbers are '#'.
fn clue(v: &Value) -> Vec<(u64, u8)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|item| match item {
            Value::Number(n) => (n.as_u64().unwrap(), b'#'),
            Value::Array(pair) => (
                pair[0].as_u64().unwrap(),
                pair[1].as_str().unwrap().as_bytes()[0],
            ),
            other => panic!("clue item {other}"),
        })
        .filter(|&(n, _)| n > 0)
        .collect()
}

/// Checks a solved colour grid against its document's clues.
fn assert_satisfies(doc: &Value) {
    let grid: Vec<Vec<u8>> = doc["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().bytes().collect())
        .collect();
    for (r, row) in doc["clues"]["rows"].as_array().unwrap().iter().enumerate() {
        assert_eq!(blocks(&grid[r]), clue(row), "row {r}");
    }
    for (c, col) in doc["clues"]["cols"].as_array().unwrap().iter().enumerate() {
        let line: Vec<u8> = grid.iter().map(|row| row[c]).collect();
        assert_eq!(blocks(&line), clue(col), "column {c}");
    }
}

const MUSHROOM: [&str; 10] = [
    "....####....",
    "..########..",
    ".##ww##ww##.",
    "###ww##ww###",
    "############",
    "##ww####ww##",
    "..yyyyyyyy..",
    "..yyyggyyy..",
    "..yyyggyyy..",
    "...yyyyyy...",
];

#[test]
fn every_reader_gives_the_same_colour_puzzle_and_solution() {
    let from_g = run("nonosolve", &[&data("mushroom.g")], "");
    let from_xml = run("nonosolve", &[&data("mushroom.xml")], "");
    for r in [&from_g, &from_xml] {
        assert_eq!(r.status, 0, "{}", r.stderr);
        let doc = r.doc();
        assert_eq!(doc["solution"]["status"], "unique");
        assert_eq!(doc["grid"], serde_json::json!(MUSHROOM));
        assert_satisfies(&doc);
        assert_eq!(
            doc["colors"]["#"], "#d62728",
            "the default colour keeps its RGB"
        );
        assert_eq!(doc["meta"]["color_names"]["w"], "cream");
        assert_eq!(doc["meta"]["background"], "#ffffff");
    }
    let (g, xml) = (from_g.doc(), from_xml.doc());
    assert_eq!(g["clues"], xml["clues"]);
    assert_eq!(g["colors"], xml["colors"]);
    assert!(
        xml["meta"]["copyright"]
            .as_str()
            .unwrap()
            .contains("free to share")
    );
    // A document written by nonosolve is read back as the same puzzle.
    let again = run("nonosolve", &[], &from_xml.stdout);
    assert_eq!(again.status, 0, "{}", again.stderr);
    assert_eq!(again.doc()["grid"], xml["grid"]);
    assert_eq!(again.doc()["colors"], xml["colors"]);
}

#[test]
fn explanations_and_verdicts_name_colours() {
    let r = run("nonosolve", &["--explain", &data("mushroom.xml")], "");
    let doc = r.doc();
    let steps: Vec<&str> = doc["solution"]["steps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap())
        .collect();
    assert!(
        steps
            .iter()
            .any(|s| s.contains("the yellow 8 can only lie in cells")),
        "{steps:?}"
    );
    assert!(steps.iter().any(|s| s.contains("are red")), "{steps:?}");
    assert_eq!(doc["solution"]["method"], "line");
    // Two solutions: a. / .a in one colour.
    let two = r##"{"kind":"nonogram","version":1,"width":2,"height":2,"colors":{"g":"#2ca02c"},"clues":{"rows":[[[1,"g"]],[[1,"g"]]],"cols":[[[1,"g"]],[[1,"g"]]]}}"##;
    let r = run("nonosolve", &[], two);
    assert_eq!(r.status, 0);
    let doc = r.doc();
    assert_eq!(doc["solution"]["status"], "multiple");
    assert_ne!(doc["solution"]["grids"][0], doc["solution"]["grids"][1]);
    // The rows fill more green than the columns: rejected before solving, the colour named.
    let unequal = two.replace(
        r#""cols":[[[1,"g"]],[[1,"g"]]]"#,
        r#""cols":[[[1,"g"]],[]]"#,
    );
    let r = run("nonosolve", &[], &unequal);
    assert_eq!(r.status, 1);
    assert!(r.stderr.contains("fill 2 green cells"), "{}", r.stderr);
    assert_eq!(r.doc()["solution"]["status"], "none");
}

#[test]
fn bad_colour_files_name_the_file_the_line_and_the_colour() {
    let dir = scratch("colour-errors");
    let xml = std::fs::read_to_string(data("mushroom.xml")).unwrap();
    let g = std::fs::read_to_string(data("mushroom.g")).unwrap();
    let cases = [
        (
            "unknown.xml",
            xml.replacen("color=\"green\"", "color=\"pink\"", 1),
            "line 18: the colour \"pink\" is not declared",
        ),
        (
            "no-rgb.xml",
            xml.replace(">f0c808<", "><"),
            "line 10: the colour \"yellow\" has no value",
        ),
        (
            "background.xml",
            xml.replacen("color=\"green\"", "color=\"white\"", 1),
            "line 18: a count has the background colour \"white\"",
        ),
        (
            "unknown.g",
            g.replace("3y 2g 3y", "3y 2b 3y"),
            "line 17: the block 2b has the colour 'b'",
        ),
        (
            "no-rgb.g",
            g.replace("#F0C808   yellow", ""),
            "line 7: the colour 'y' has no RGB value",
        ),
    ];
    for (name, text, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let path = path.to_str().unwrap();
        let r = run("nonosolve", &[path], "");
        r.assert_error("nonosolve", 2, expected);
        assert!(r.stderr.contains(name), "{}", r.stderr);
        assert!(r.stdout.is_empty());
    }
    let doc = r##"{"kind":"nonogram","version":1,"width":1,"height":1,"colors":{"g":"#2ca02c"},"clues":{"rows":[[[1,"g"]]],"cols":[[[1,"q"]]]}}"##;
    run("nonosolve", &[], doc).assert_error(
        "nonosolve",
        2,
        "stdin line 1: field `clues`: column 1: the colour \"q\" is not in `colors`",
    );
    let no_rgb = doc.replace("\"#2ca02c\"", "\"\"");
    run("nonosolve", &[], &no_rgb).assert_error("nonosolve", 2, "colour \"g\" has \"\"");
    let background = doc.replace("\"g\":\"#2ca02c\"", "\".\":\"#ffffff\"");
    run("nonosolve", &[], &background).assert_error("nonosolve", 2, "'.' cannot name a colour");
    let block = doc.replace("[[1,\"q\"]]", "[[1,\".\"]]");
    let path = dir.join("background.json");
    std::fs::write(&path, block).unwrap();
    run("nonosolve", &[path.to_str().unwrap()], "").assert_error(
        "nonosolve",
        2,
        "background.json line 1: field `clues`: column 1: a block of colour \".\", the background",
    );
}

#[test]
fn gridrender_draws_colour_puzzles_in_their_colours() {
    let solved = run("nonosolve", &[&data("mushroom.xml")], "").stdout;
    // Without colour, a colour's letter follows each clue and stands in each cell.
    let plain = run("gridrender", &["--color", "never"], &solved);
    assert_eq!(plain.status, 0, "{}", plain.stderr);
    assert!(
        plain.stdout.contains("3y 2g 3y   ·  ·  y  y  y  g  g"),
        "{}",
        plain.stdout
    );
    // In 24-bit colour where the terminal says it has it, else the nearest of 256.
    let deep = run_env(
        "gridrender",
        &["--color", "always"],
        &solved,
        &[("COLORTERM", "truecolor")],
    );
    assert!(deep.stdout.contains("48;2;214;39;40"), "{}", deep.stdout);
    let xterm = run_env(
        "gridrender",
        &["--color", "always"],
        &solved,
        &[("COLORTERM", "")],
    );
    assert!(xterm.stdout.contains(";48;5;160"), "{}", xterm.stdout);
    // Pictures: the cells in the puzzle's own colours.
    let dir = scratch("colour-pictures");
    let svg = dir.join("m.svg");
    let png = dir.join("m.png");
    let html = dir.join("m.html");
    for path in [&svg, &png, &html] {
        let r = run("gridrender", &["-o", path.to_str().unwrap()], &solved);
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    let svg = std::fs::read_to_string(svg).unwrap();
    let html = std::fs::read_to_string(html).unwrap();
    for fill in ["#d62728", "#f0c808", "#2ca02c", "#f4f1e8"] {
        assert!(svg.contains(&format!("fill=\"{fill}\"")), "{fill}");
        assert!(html.contains(&format!("fill=\"{fill}\"")), "{fill}");
    }
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    reader.next_frame(&mut pixels).unwrap();
    let palette = reader.info().palette.as_ref().unwrap().to_vec();
    let colours: std::collections::HashSet<[u8; 3]> = pixels
        .iter()
        .map(|&i| {
            let i = i as usize * 3;
            [palette[i], palette[i + 1], palette[i + 2]]
        })
        .collect();
    for rgb in [[0xd6, 0x27, 0x28], [0xf0, 0xc8, 0x08], [0x2c, 0xa0, 0x2c]] {
        assert!(colours.contains(&rgb), "{rgb:?}");
    }
}

/// A colour clue item of the wrong type is named by its line and place, with what an item
/// may be, never a Rust type's name.
#[test]
fn a_colour_clue_item_of_the_wrong_type_is_named() {
    for item in [
        r#"["r",1]"#,
        r#"[1.5,"r"]"#,
        r#"{"n":1,"c":"r"}"#,
        "4294967296",
    ] {
        let doc = format!(
            r##"{{"kind":"nonogram","version":1,"width":1,"height":1,"colors":{{"r":"#d62728"}},"clues":{{"rows":[[[1,"r"]]],"cols":[[{item}]]}}}}"##
        );
        let r = run("nonosolve", &[], &doc);
        r.assert_error("nonosolve", 2, "field `clues`: column 1, item 1:");
        assert!(r.stderr.contains("is not a clue item"), "{}", r.stderr);
        assert!(r.stderr.contains("[count, \"colour\"]"), "{}", r.stderr);
        assert!(!r.stderr.contains("untagged"), "{}", r.stderr);
    }
}
