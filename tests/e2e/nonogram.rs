//! nonosolve end to end: the shared benchmark puzzles, every input format, contradictions,
//! ambiguity, explanations and bad input.

use crate::harness::{data, run};
use serde_json::Value;

/// The runs of filled cells of a line.
fn runs(cells: impl Iterator<Item = u8>) -> Vec<u64> {
    let mut out = Vec::new();
    let mut run = 0;
    for c in cells.chain(std::iter::once(b'.')) {
        if c == b'#' {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    out
}

/// Checks a solved grid against the document's clues.
fn assert_satisfies(doc: &Value) {
    let grid: Vec<&[u8]> = doc["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().as_bytes())
        .collect();
    let clue = |v: &Value| -> Vec<u64> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|n| n.as_u64().unwrap())
            .filter(|&n| n > 0)
            .collect()
    };
    for (r, row) in doc["clues"]["rows"].as_array().unwrap().iter().enumerate() {
        assert_eq!(runs(grid[r].iter().copied()), clue(row), "row {r}");
    }
    for (c, col) in doc["clues"]["cols"].as_array().unwrap().iter().enumerate() {
        assert_eq!(runs(grid.iter().map(|row| row[c])), clue(col), "column {c}");
    }
}

#[test]
fn the_shared_puzzles_are_solved_and_proved_unique() {
    // Knotty and Faase are left to the benchmark: they are not finished yet (and Knotty is
    // not unique: below).
    for name in [
        "webpbn-00001",
        "webpbn-00006",
        "webpbn-00016",
        "webpbn-00021",
        "webpbn-00023",
        "webpbn-00027",
        "webpbn-00065",
        "webpbn-00436",
        "webpbn-00529",
        "webpbn-00803",
        "webpbn-01611",
        "webpbn-06574",
    ] {
        let r = run("nonosolve", &[&data(&format!("nonogram/{name}.json"))], "");
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        let doc = r.doc();
        assert_eq!(doc["solution"]["status"], "unique", "{name}");
        assert_satisfies(&doc);
        // The attribution travels with the puzzle.
        assert!(doc["meta"]["author"].is_string(), "{name}");
    }
}

#[test]
fn a_puzzle_whose_black_is_declared_as_a_colour_is_solved_as_black_and_white() {
    // Forever as the survey's .g folder gives it: one colour, `g`. It is written as a colour
    // document, and its picture is the black-and-white one's.
    let g = run("nonosolve", &[&data("nonogram/webpbn-06574.g")], "");
    assert_eq!(g.status, 0, "{}", g.stderr);
    let g = g.doc();
    let bw = run("nonosolve", &[&data("nonogram/webpbn-06574.json")], "").doc();
    assert_eq!(g["colors"]["g"], "#000000");
    assert_eq!(g["solution"]["status"], "unique");
    assert_eq!(g["solution"]["method"], "search");
    let picture = |doc: &Value, ink: char| -> Vec<String> {
        doc["grid"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().replace(ink, "#"))
            .collect()
    };
    assert_eq!(picture(&g, 'g'), picture(&bw, '#'));
}

#[test]
fn knotty_has_more_than_one_solution() {
    // The two pictures differ in two independent places: four solutions in all.
    assert_two_pictures_solve("knotty", "knotty-two-solutions", 4);
}

#[test]
fn faase_has_more_than_one_solution() {
    // The two pictures differ in four cells, corners of a rectangle that can be drawn
    // either way: two solutions.
    let first = assert_two_pictures_solve("faase", "faase-two-solutions", 2);
    // Two more, which differ in six cells of their own, and from the first two in over
    // 1,100: Faase has at least four solutions.
    let more = assert_two_pictures_solve("faase", "faase-two-more-solutions", 2);
    // And a third pair, another rectangle's corners, over 950 cells from the others: at
    // least six.
    let third = assert_two_pictures_solve("faase", "faase-third-pair", 2);
    for picture in more.iter().chain(&third) {
        assert!(!first.contains(picture));
    }
    for picture in &third {
        assert!(!more.contains(picture));
    }
}

/// Two pictures in `file`, found by a solver (tests/data/nonogram/README.md), that both
/// satisfy the clues of `name`, so that "unique" can never be its answer, whatever solver is
/// asked; and given the cells the two agree on, `nonosolve --all` says "multiple" and finds
/// exactly `solutions`. Returns the pictures.
fn assert_two_pictures_solve(name: &str, file: &str, solutions: u64) -> Vec<Vec<String>> {
    let text = std::fs::read_to_string(data(&format!("nonogram/{name}.json"))).unwrap();
    let puzzle: Value = serde_json::from_str(&text).unwrap();
    let pictures = std::fs::read_to_string(data(&format!("nonogram/{file}.txt"))).unwrap();
    let pictures: Vec<Vec<String>> = pictures
        .split("\n\n")
        .map(|p| p.lines().map(String::from).collect())
        .collect();
    assert_eq!(pictures.len(), 2);
    assert_ne!(pictures[0], pictures[1]);
    for picture in &pictures {
        let mut doc = puzzle.clone();
        doc["grid"] = picture.iter().map(|r| Value::from(r.as_str())).collect();
        assert_satisfies(&doc);
    }
    let agreed: Vec<String> = pictures[0]
        .iter()
        .zip(&pictures[1])
        .map(|(a, b)| {
            a.chars()
                .zip(b.chars())
                .map(|(x, y)| if x == y { x } else { '?' })
                .collect()
        })
        .collect();
    let mut start = puzzle.clone();
    start["grid"] = agreed.iter().map(|r| Value::from(r.as_str())).collect();
    let r = run("nonosolve", &["--all"], &start.to_string());
    assert_eq!(r.status, 0, "{name}: {}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["solution"]["status"], "multiple", "{name}");
    assert_eq!(doc["solution"]["solutions"], solutions, "{name}");
    assert_eq!(
        doc["solution"]["grids"].as_array().unwrap().len() as u64,
        solutions,
        "{name}"
    );
    pictures
}

#[test]
fn every_format_gives_the_same_answer() {
    let answers: Vec<Value> = ["small.non", "small.g", "small.xml"]
        .iter()
        .map(|f| {
            let r = run("nonosolve", &[&data(f)], "");
            assert_eq!(r.status, 0, "{f}: {}", r.stderr);
            r.doc()
        })
        .collect();
    for a in &answers {
        assert_eq!(a["grid"], answers[0]["grid"]);
        assert_eq!(a["solution"]["status"], "unique");
        assert!(a["meta"]["title"].as_str().unwrap().starts_with("Heart"));
        assert_satisfies(a);
    }
    // On stdin the format is told by the content.
    for f in ["small.non", "small.g", "small.xml"] {
        let text = std::fs::read_to_string(data(f)).unwrap();
        let r = run("nonosolve", &[], &text);
        assert_eq!(r.status, 0, "{f} on stdin: {}", r.stderr);
        assert_eq!(r.doc()["grid"], answers[0]["grid"]);
    }
}

#[test]
fn the_answer_is_the_same_every_run() {
    let a = run("nonosolve", &[&data("nonogram/webpbn-00436.json")], "");
    let b = run("nonosolve", &[&data("nonogram/webpbn-00436.json")], "");
    assert_eq!(a.stdout, b.stdout);
}

const AMBIGUOUS: &str = r#"{"kind":"nonogram","version":1,"width":2,"height":2,"clues":{"rows":[[1],[1]],"cols":[[1],[1]]}}"#;

#[test]
fn an_ambiguous_puzzle_shows_two_solutions() {
    let r = run("nonosolve", &[], AMBIGUOUS);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    let sol = &doc["solution"];
    assert_eq!(sol["status"], "multiple");
    assert_eq!(sol["method"], "search");
    let grids = sol["grids"].as_array().unwrap();
    assert_eq!(grids.len(), 2);
    assert_ne!(grids[0], grids[1]);
    let all = run("nonosolve", &["--all", "--limit", "10"], AMBIGUOUS).doc();
    assert_eq!(all["solution"]["solutions"], 2, "exactly two exist");
    // Drawn: the first solution, its differing cells marked, and what the picture is.
    let drawn = run("gridrender", &["--color", "never"], &r.stdout);
    assert_eq!(drawn.status, 0, "{}", drawn.stderr);
    assert!(!drawn.stdout.contains('?'), "{}", drawn.stdout);
    assert!(drawn.stdout.contains("▓▓") && drawn.stdout.contains('○'));
    assert!(
        drawn.stdout.contains("2 solutions (at least)"),
        "{}",
        drawn.stdout
    );
}

#[test]
fn limits_are_kept_and_all_means_all() {
    let all = run("nonosolve", &["--all"], AMBIGUOUS).doc();
    assert_eq!(all["solution"]["grids"].as_array().unwrap().len(), 2);
}

/// `--limit 1` stops at the first solution, as the competitions ask: status "found", a grid
/// that satisfies the clues, one solution counted; a puzzle that logic alone solves is still
/// proved unique.
#[test]
fn limit_one_finds_one_solution() {
    // Every row and column holds one filled cell: 8! solutions.
    let many = format!(
        r#"{{"kind":"nonogram","version":1,"width":8,"height":8,"clues":{{"rows":{rows},"cols":{rows}}}}}"#,
        rows = serde_json::to_string(&vec![vec![1]; 8]).unwrap()
    );
    let r = run("nonosolve", &["--limit", "1"], &many);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["solution"]["status"], "found");
    assert_eq!(doc["solution"]["solutions"], 1);
    assert_satisfies(&doc);
    assert!(!doc["grid"].to_string().contains('?'), "{doc}");
    for ambiguous in [AMBIGUOUS, many.as_str()] {
        let two = run("nonosolve", &[], ambiguous).doc();
        assert_eq!(two["solution"]["status"], "multiple");
        let one = run("nonosolve", &["--limit", "1"], ambiguous).doc();
        assert_eq!(one["solution"]["status"], "found");
        assert_satisfies(&one);
    }
    let lines = run(
        "nonosolve",
        &["--limit", "1", &data("nonogram/webpbn-00001.json")],
        "",
    );
    assert_eq!(lines.doc()["solution"]["status"], "unique");
    // Colour puzzles too: two red cells on a diagonal, either way round.
    let red = r##"{"kind":"nonogram","version":1,"width":2,"height":2,"colors":{"r":"#d62728"},"clues":{"rows":[[[1,"r"]],[[1,"r"]]],"cols":[[[1,"r"]],[[1,"r"]]]}}"##;
    let one = run("nonosolve", &["--limit", "1"], red).doc();
    assert_eq!(one["solution"]["status"], "found", "{one}");
    let grid = one["grid"].to_string();
    assert!(
        grid == r#"["r.",".r"]"# || grid == r#"[".r","r."]"#,
        "{grid}"
    );
    // The caption says what "found" means.
    let drawn = run("gridrender", &["--caption", "--color", "never"], &r.stdout);
    assert!(
        drawn.stdout.contains("a solution found"),
        "{}",
        drawn.stdout
    );
}

#[test]
fn contradictions_are_answers_with_exit_1() {
    let sums = r#"{"kind":"nonogram","version":1,"width":2,"height":2,"clues":{"rows":[[1],[1]],"cols":[[2],[1]]}}"#;
    let r = run("nonosolve", &[], sums);
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("no solution: the row clues fill 2 cells but the column clues fill 3"),
        "{}",
        r.stderr
    );
    assert_eq!(r.doc()["solution"]["status"], "none");
    let long = r#"{"kind":"nonogram","version":1,"width":3,"height":1,"clues":{"rows":[[2,1]],"cols":[[1],[1],[1]]}}"#;
    let r = run("nonosolve", &[], long);
    assert_eq!(r.status, 1);
    assert!(
        r.stderr
            .contains("row 1: the clues 2 1 need 4 cells, but the line has 3"),
        "{}",
        r.stderr
    );
    // Clues that agree in sum but cannot meet: line logic finds the clash.
    let clash = r#"{"kind":"nonogram","version":1,"width":3,"height":3,"clues":{"rows":[[3],[0],[1,1]],"cols":[[1],[1],[1,1]]}}"#;
    let r = run("nonosolve", &[], clash);
    assert_eq!(r.status, 1, "{}", r.stdout);
    assert!(r.stderr.contains("no solution"), "{}", r.stderr);
}

#[test]
fn explanations_read_like_a_person() {
    let r = run(
        "nonosolve",
        &["--explain", &data("nonogram/webpbn-00023.json")],
        "",
    );
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
            .any(|s| s.contains("more than half of it is certain")),
        "{steps:?}"
    );
    assert!(steps.iter().any(|s| s.starts_with("assume r")), "{steps:?}");
    assert_eq!(doc["solution"]["method"], "probing");
}

#[test]
fn a_timeout_gives_what_was_deduced() {
    // Faase is far from finished in 0.3 s, but line logic settles some of it at once.
    let r = run(
        "nonosolve",
        &["--timeout", "0.3", &data("nonogram/faase.json")],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    assert_eq!(doc["solution"]["status"], "unfinished");
    let grid = doc["grid"].as_array().unwrap();
    assert!(
        grid.iter().any(|r| r.as_str().unwrap().contains('#')),
        "some cells were deduced"
    );
}

#[test]
fn malformed_input_names_the_file_and_line() {
    let text = std::fs::read_to_string(data("small.non"))
        .unwrap()
        .replace("1,1", "1,x");
    let r = run("nonosolve", &["--input-format", "non"], &text);
    r.assert_error("nonosolve", 2, "stdin line 7: \"x\" is not a whole number");
    let negative = AMBIGUOUS.replace("[[1],[1]],\"cols\"", "[[-1],[1]],\"cols\"");
    run("nonosolve", &[], &negative).assert_error("nonosolve", 2, "field `clues`");
    let cut = &std::fs::read_to_string(data("small.xml")).unwrap()[..300];
    run("nonosolve", &["--input-format", "xml"], cut).assert_error("nonosolve", 2, "stdin line");
    let colour = std::fs::read_to_string(data("small.xml"))
        .unwrap()
        .replacen("<count>1</count>", "<count color=\"red\">1</count>", 1);
    run("nonosolve", &[], &colour).assert_error(
        "nonosolve",
        2,
        "the colour \"red\" is not declared",
    );
    run("nonosolve", &["/no/such.non"], "").assert_error(
        "nonosolve",
        2,
        "cannot open /no/such.non",
    );
    let truncated = &AMBIGUOUS[..50];
    run("nonosolve", &[], truncated).assert_error("nonosolve", 2, "malformed JSON");
}

#[test]
fn gridrender_draws_the_solution_with_its_clues() {
    let solved = run("nonosolve", &[&data("small.non")], "");
    let picture = run("gridrender", &[], &solved.stdout);
    assert_eq!(picture.status, 0, "{}", picture.stderr);
    assert!(picture.stdout.contains("██"));
    assert!(
        picture
            .stdout
            .lines()
            .any(|l| l.trim_start().starts_with("1 1"))
    );
}

/// `--all` on a puzzle of 135 x 3 cells, whose lines are too long for the learning search,
/// spends the depth-first search's budget and hands over to CaDiCaL, which finds all 60
/// pictures. A build without the SAT stage stops there with what it found, says why on
/// stderr, and never claims the count is complete.
#[test]
fn a_search_past_its_budget_hands_over_to_the_sat_stage_or_says_it_has_none() {
    let r = run("nonosolve", &["--all", &data("long-lines.json")], "");
    assert_eq!(r.status, 0, "{}", r.stderr);
    let doc = r.doc();
    let solution = &doc["solution"];
    assert_eq!(solution["status"], "multiple");
    if cfg!(feature = "sat") {
        assert_eq!(solution["solutions"], 60);
        assert!(solution.get("halt").is_none(), "{solution}");
        assert!(r.stderr.is_empty(), "{}", r.stderr);
    } else {
        assert!(solution["solutions"].as_u64().unwrap() < 60, "{solution}");
        assert_eq!(solution["halt"], "no-sat-stage");
        assert_eq!(r.stderr.lines().count(), 1, "{}", r.stderr);
        assert!(r.stderr.contains("no SAT stage"), "{}", r.stderr);
    }
}

/// In Olšák's `.g` an empty line in a clue section is a line with no blocks, wherever it
/// stands: a puzzle whose last row and last two columns are empty is read as wide and high
/// as the XML of the same puzzle, and solved to the same grid.
#[test]
fn empty_lines_at_the_end_of_a_g_file_are_empty_columns() {
    let g = run("nonosolve", &[&data("empty-edges.g")], "").doc();
    let xml = run("nonosolve", &[&data("empty-edges.xml")], "").doc();
    assert_eq!((&g["width"], &g["height"]), (&xml["width"], &xml["height"]));
    assert_eq!(
        (g["width"].as_u64(), g["height"].as_u64()),
        (Some(6), Some(5))
    );
    assert_eq!(g["clues"], xml["clues"]);
    assert_eq!(g["grid"], xml["grid"]);
    assert_eq!(g["solution"]["status"], "unique");
}

/// The progress line a long solve shows on a terminal is cleared when the solve ends, so
/// that what follows starts a line of its own.
#[test]
fn the_progress_line_is_cleared_when_the_solve_ends() {
    let Some(t) = crate::tmux::Tmux::start("nonosolve-progress") else {
        return;
    };
    let knotty = data("nonogram/knotty.json");
    let solve = crate::harness::bin("nonosolve");
    t.run(&format!("{solve} --timeout 2 {knotty} | wc -c; echo done"));
    let screen = t.wait_for("the solve to end", |s| {
        s.lines().any(|l| l.trim() == "done")
    });
    let count = screen
        .lines()
        .find(|l| l.trim().parse::<u64>().is_ok())
        .unwrap_or_else(|| panic!("wc's count on a line of its own:\n{screen}"));
    assert!(!count.contains("conflicts"), "{screen}");
    assert!(
        !screen.contains("probes"),
        "the progress line is gone:\n{screen}"
    );
}

/// Ctrl-C stops a long solve as --timeout does: the puzzle is written, unfinished, with
/// `halt: "interrupted"` and what was proved, and nonosolve exits 0 with a line saying so.
#[test]
fn ctrl_c_writes_what_was_proved() {
    let Some(t) = crate::tmux::Tmux::start("nonosolve-ctrl-c") else {
        return;
    };
    let dir = crate::harness::scratch("ctrl-c");
    let out = dir.join("knotty.out");
    let knotty = data("nonogram/knotty.json");
    let solve = crate::harness::bin("nonosolve");
    t.run(&format!(
        "{solve} {knotty} {knotty} > {}; echo exit=$?",
        out.display()
    ));
    t.wait_for("the progress line", |s| s.contains("probes"));
    t.keys(&["C-c"]);
    // The command line itself holds "exit=$?": the answer is a line of its own.
    let screen = t.wait_for("the solve to stop", |s| {
        s.lines()
            .any(|l| l.starts_with("exit=") && !l.contains('$'))
    });
    assert!(screen.contains("exit=0"), "{screen}");
    assert!(screen.contains("interrupted"), "{screen}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        text.lines().count(),
        1,
        "the second puzzle is not started: {text}"
    );
    let doc: Value = serde_json::from_str(text.trim()).unwrap();
    assert_eq!(doc["solution"]["status"], "unfinished");
    assert_eq!(doc["solution"]["halt"], "interrupted");
    assert!(doc["grid"].as_array().is_some_and(|g| g.len() == 40));
}

/// `--jobs N` solves a stream on N threads and writes the answers in the order the puzzles
/// came, byte for byte what one thread writes; a bad document stops the stream after the
/// answers to everything before it.
#[test]
fn jobs_solve_a_stream_in_order() {
    let made = run("nonogen", &["--count", "12", "--seed", "3", "12"], "");
    assert_eq!(made.status, 0, "{}", made.stderr);
    let one = run("nonosolve", &[], &made.stdout);
    assert_eq!(one.status, 0, "{}", one.stderr);
    for jobs in ["2", "5", "0"] {
        let many = run("nonosolve", &["--jobs", jobs], &made.stdout);
        assert_eq!(many.status, 0, "{}", many.stderr);
        assert_eq!(many.stdout, one.stdout, "--jobs {jobs}");
    }
    let broken = format!("{}{{\"kind\": \"nonogram\"\n", made.stdout);
    let r = run("nonosolve", &["--jobs", "3"], &broken);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert_eq!(r.stdout, one.stdout, "every answer before the bad line");
    assert!(r.stderr.contains("line 13"), "{}", r.stderr);
    let r = run("nonosolve", &["--jobs", "2000"], &made.stdout);
    assert_eq!(r.status, 2, "{}", r.stderr);
}
