//! Pages that play (`gridrender --play`), played in headless Chromium with real key and mouse
//! events through puppeteer-core (tests/browser/play.mjs).

use crate::harness::{json_of, run, scratch};
use serde_json::Value;
use std::process::Command;

/// Where puppeteer-core is: GRIDKIT_PUPPETEER names a folder whose node_modules holds it (CI
/// installs it there from npm); required when GRIDKIT_REQUIRE_PUPPETEER is set.
pub(crate) fn puppeteer() -> Option<(std::path::PathBuf, std::path::PathBuf)> {
    let chromium = crate::pictures::chromium();
    let modules = std::env::var_os("GRIDKIT_PUPPETEER")
        .map(|d| std::path::PathBuf::from(d).join("node_modules"))
        .filter(|m| m.join("puppeteer-core").is_dir());
    let found = chromium.zip(modules).filter(|_| {
        Command::new("node")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_PUPPETEER").is_none(),
            "node, chromium and puppeteer-core (GRIDKIT_PUPPETEER) are required"
        );
        eprintln!("skipping the play pages: no node, chromium or puppeteer-core");
    }
    // puppeteer wants the browser's path, not its name.
    found.and_then(|(c, m)| {
        let path = std::env::split_paths(&std::env::var_os("PATH")?)
            .map(|d| d.join(c))
            .find(|p| p.is_file())?;
        Some((m, path))
    })
}

/// The script `name` of tests/browser copied into `dir`, beside a link to puppeteer-core's
/// `modules` (node finds modules beside the script).
pub(crate) fn browser_script(
    dir: &std::path::Path,
    name: &str,
    modules: &std::path::Path,
) -> std::path::PathBuf {
    let script = dir.join(name);
    if !script.exists() {
        let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/browser")
            .join(name);
        std::fs::copy(source, &script).unwrap();
        let link = dir.join("node_modules");
        if !link.exists() {
            std::os::unix::fs::symlink(modules, link).unwrap();
        }
    }
    script
}

/// Plays `page` by walking `cells` with the keys or the mouse; the page's state and status.
fn play(
    modules: &std::path::Path,
    chromium: &std::path::Path,
    page: &std::path::Path,
    mode: &str,
    cells: &Value,
    polar: bool,
) -> (String, String) {
    let script = browser_script(page.parent().unwrap(), "play.mjs", modules);
    let mut cmd = Command::new("node");
    cmd.arg(&script)
        .arg(chromium)
        .arg(page)
        .arg(mode)
        .arg(cells.to_string());
    if polar {
        cmd.arg("polar");
    }
    let v = json_of(&mut cmd);
    (
        v["state"].as_str().unwrap().to_string(),
        v["status"].as_str().unwrap().to_string(),
    )
}

/// A maze of every tiling, walked along its solution with the keys and with the mouse,
/// reaches `solved`, saying the shortest length; half the way is still `playing`.
#[test]
fn every_tiling_is_walked_to_solved_with_keys_and_mouse() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("play");
    for tiling in ["square", "hex", "triangle", "octagon", "polar"] {
        let maze = run("mazegen", &["--seed", "2", "--tiling", tiling, "8"], "").stdout;
        let page = dir.join(format!("{tiling}.html"));
        let r = run(
            "gridrender",
            &["--play", "-o", page.to_str().unwrap()],
            &maze,
        );
        assert_eq!(r.status, 0, "{tiling}: {}", r.stderr);
        let solved = run("mazesolve", &[], &maze).doc();
        let path: Vec<Value> = solved["solution"]["path"].as_array().unwrap().clone();
        // A square maze's path runs through its tiles; the page's cells are the odd ones.
        let cells: Vec<Value> = if tiling == "square" {
            path.iter()
                .map(|p| (p[0].as_u64().unwrap(), p[1].as_u64().unwrap()))
                .filter(|(r, c)| r % 2 == 1 && c % 2 == 1)
                .map(|(r, c)| serde_json::json!([r / 2, c / 2]))
                .collect()
        } else {
            path
        };
        let polar = tiling == "polar";
        let all = Value::Array(cells.clone());
        for mode in ["keys", "drag"] {
            let (state, status) = play(&modules, &chromium, &page, mode, &all, polar);
            assert_eq!(state, "solved", "{tiling} {mode}: {status}");
            let steps = cells.len() - 1;
            assert!(
                status.contains(&format!("the shortest {steps}")),
                "{status}"
            );
        }
        let half = Value::Array(cells[..cells.len() / 2].to_vec());
        let (state, _) = play(&modules, &chromium, &page, "keys", &half, polar);
        assert_eq!(state, "playing", "{tiling}: half the way");
    }
}

/// A 50 x 50 maze's page stays small; what cannot be played is refused with one line.
#[test]
fn play_pages_are_small_and_refuse_what_they_cannot_play() {
    let dir = scratch("play-refused");
    let page = dir.join("maze.html");
    let maze = run("mazegen", &["--seed", "1", "50"], "").stdout;
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let size = std::fs::metadata(&page).unwrap().len();
    assert!(size < 200_000, "{size} bytes");
    let text = std::fs::read_to_string(&page).unwrap();
    assert!(
        !text.contains(" src=") && !text.contains("<link") && !text.contains("import "),
        "self-contained: nothing fetched"
    );
    std::fs::remove_file(&page).unwrap();
    let nonogram = run("nonogen", &["--seed", "1", "30"], "").stdout;
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &nonogram,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let size = std::fs::metadata(&page).unwrap().len();
    assert!(size < 200_000, "a 30 x 30 nonogram's page: {size} bytes");
    std::fs::remove_file(&page).unwrap();
    let woven = run(
        "mazegen",
        &["--weave", "1", "--algo", "kruskal", "--seed", "1", "5"],
        "",
    )
    .stdout;
    let out = page.to_str().unwrap();
    for (args, input, says) in [
        (vec!["--play", "-f", "svg"], maze.as_str(), "-o FILE.html"),
        (vec!["--play", "-o", out], woven.as_str(), "woven"),
        (
            vec!["--play", "--animate", "-o", out],
            maze.as_str(),
            "--animate",
        ),
    ] {
        let r = run("gridrender", &args, input);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1);
        assert!(!page.exists());
    }
}

/// A nonogram filled from its key with real clicks reaches `solved`, one cell short it does
/// not; a colour puzzle, each cell's colour chosen by its number key, too.
#[test]
fn a_nonogram_filled_from_its_key_is_solved_and_one_cell_short_is_not() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("play-nonogram");
    let puzzle = run("nonogen", &["--seed", "3", "10"], "").doc();
    let page = dir.join("puzzle.html");
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &puzzle.to_string(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let fill: Vec<Value> = puzzle["key"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let row = row.as_str().unwrap().to_string();
            row.char_indices()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| serde_json::json!([r, c, 0]))
                .collect::<Vec<_>>()
        })
        .collect();
    let (state, status) = play(
        &modules,
        &chromium,
        &page,
        "fill",
        &Value::Array(fill.clone()),
        false,
    );
    assert_eq!(state, "solved", "{status}");
    let short = Value::Array(fill[..fill.len() - 1].to_vec());
    let (state, _) = play(&modules, &chromium, &page, "fill", &short, false);
    assert_eq!(state, "playing");
    // The colour mushroom, solved by nonosolve and played blank.
    let solved = run("nonosolve", &[&crate::harness::data("mushroom.xml")], "").doc();
    let page = dir.join("mushroom.html");
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &solved.to_string(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let names: Vec<&String> = solved["colors"].as_object().unwrap().keys().collect();
    let fill: Vec<Value> = solved["grid"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let cells: Vec<Value> = row
                .as_str()
                .unwrap()
                .chars()
                .enumerate()
                .filter(|&(_, ch)| ch != '.')
                .map(|(c, ch)| {
                    let k = names
                        .iter()
                        .position(|n| n.as_str() == ch.to_string())
                        .unwrap();
                    serde_json::json!([r, c, k])
                })
                .collect();
            cells
        })
        .collect();
    let (state, status) = play(
        &modules,
        &chromium,
        &page,
        "fill",
        &Value::Array(fill),
        false,
    );
    assert_eq!(state, "solved", "{status}");
}

/// A board opened on its safe tiles with real clicks is `won`, a mine clicked `lost`, and a
/// right click flags; the page's text does not give the layout away.
#[test]
fn a_board_opened_on_its_safe_tiles_is_won_and_a_mine_is_lost() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("play-mines");
    let begun = run("mines", &["new", "--seed", "1"], "").stdout;
    let board = run("mines", &["open", "4", "4"], &begun).doc();
    let page = dir.join("board.html");
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &board.to_string(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&page).unwrap();
    let layout: Vec<String> = board["layout"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    assert!(
        !text.contains(&layout[0]),
        "the layout is not in plain text"
    );
    let view: Vec<String> = board["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let (mut safe, mut mines) = (Vec::new(), Vec::new());
    for (r, row) in layout.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let covered = view[r].as_bytes()[c] == b'#';
            match ch {
                '*' => mines.push(serde_json::json!([r, c, "left"])),
                _ if covered => safe.push(serde_json::json!([r, c, "left"])),
                _ => {}
            }
        }
    }
    let (state, status) = play(
        &modules,
        &chromium,
        &page,
        "click",
        &Value::Array(safe),
        false,
    );
    assert_eq!(state, "won", "{status}");
    let (state, _) = play(
        &modules,
        &chromium,
        &page,
        "click",
        &Value::Array(mines[..1].to_vec()),
        false,
    );
    assert_eq!(state, "lost");
    let mut flag = mines[0].clone();
    flag[2] = "right".into();
    let (state, status) = play(
        &modules,
        &chromium,
        &page,
        "click",
        &Value::Array(vec![flag]),
        false,
    );
    assert_eq!(state, "playing");
    assert!(status.contains("Mines 9"), "{status}");
    // A board not begun is opened where its rules make the first click.
    let fresh = run("mines", &["new", "--no-guess", "--seed", "2"], "").stdout;
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &fresh,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
}

/// `look.mjs` on `page` at a phone's viewport, a desktop's and `more`: what each showed.
fn look(
    modules: &std::path::Path,
    chromium: &std::path::Path,
    page: &std::path::Path,
    tile: &str,
    more: &[&str],
) -> Vec<Value> {
    let script = browser_script(page.parent().unwrap(), "look.mjs", modules);
    let v = json_of(
        Command::new("node")
            .arg(&script)
            .arg(chromium)
            .arg(page)
            .arg(tile)
            .args(more),
    );
    v.as_array().unwrap().clone()
}

/// Every page fits its board to a 375 x 667 phone and a 1280 x 800 desktop, all of it in
/// view, and a tap (a click) on a tile still acts on that tile.
#[test]
fn every_page_fits_a_phone_and_a_desktop_and_a_tap_opens_its_tile() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("play-fit");
    let tile = r#"[data-row="7"][data-col="7"]"#;
    let inputs = [
        (
            "maze",
            run("mazegen", &["--seed", "1", "12"], "").stdout,
            "next",
        ),
        (
            "hex",
            run("mazegen", &["--tiling", "hex", "--seed", "4", "16"], "").stdout,
            "next",
        ),
        (
            "mines",
            run(
                "mines",
                &[
                    "new",
                    "--level",
                    "intermediate",
                    "--no-guess",
                    "--seed",
                    "2",
                ],
                "",
            )
            .stdout,
            tile,
        ),
        (
            "nonogram",
            run("nonogen", &["--seed", "3", "15"], "").stdout,
            tile,
        ),
    ];
    for (name, input, tile) in inputs {
        let page = dir.join(format!("{name}.html"));
        let r = run(
            "gridrender",
            &["--play", "-o", page.to_str().unwrap()],
            &input,
        );
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        for seen in look(&modules, &chromium, &page, tile, &[]) {
            assert_eq!(
                seen["inside"], true,
                "{name}: the whole board in view: {seen}"
            );
            assert_eq!(seen["fits"], true, "{name}: {seen}");
            let tapped = &seen["tapped"];
            let acted = match name {
                "mines" => tapped["class"].as_str().unwrap().contains("open"),
                "nonogram" => !tapped["background"].as_str().unwrap().is_empty(),
                _ => tapped["status"].as_str().unwrap().starts_with("Moves 1"),
            };
            assert!(acted, "{name}: the tap acted on its tile: {seen}");
        }
        let desktop = &look(&modules, &chromium, &page, tile, &[])[1];
        if name == "maze" {
            let width = desktop["board"][2].as_f64().unwrap();
            assert!(width > 500.0, "a 12 x 12 maze fills a desktop: {width} px");
        }
    }
    // An expert board is too wide for a phone at the least tile: it scrolls in its frame,
    // and a tap still opens the tile under it; on a desktop it fits.
    let page = dir.join("expert.html");
    let expert = run(
        "mines",
        &["new", "--level", "expert", "--no-guess", "--seed", "2"],
        "",
    );
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &expert.stdout,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let seen = look(&modules, &chromium, &page, tile, &[]);
    assert_eq!(seen[0]["fits"], false, "{seen:?}");
    assert_eq!(seen[0]["scrolls"], true, "{seen:?}");
    assert!(
        seen[0]["tapped"]["class"]
            .as_str()
            .unwrap()
            .contains("open"),
        "{seen:?}"
    );
    assert_eq!(seen[1]["fits"], true, "{seen:?}");
    assert_eq!(seen[1]["inside"], true, "{seen:?}");
    // The maze pages name only the keys their cells need.
    let square = look(&modules, &chromium, &dir.join("maze.html"), "none", &[]);
    assert!(
        !square[0]["keys"].as_str().unwrap().contains("Q, E"),
        "{square:?}"
    );
    let hex = look(&modules, &chromium, &dir.join("hex.html"), "none", &[]);
    assert!(
        hex[0]["keys"].as_str().unwrap().contains("Q, E, Z and C"),
        "{hex:?}"
    );
}

/// A title and colour names holding a slot, `</script>`, an `<img onerror>` and quotes
/// come out as text on the page, and the page still plays to `solved`.
#[test]
fn a_hostile_title_and_colour_names_come_out_as_text_and_the_page_plays() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let hostile = r#"{{model}} {{json:model}} </script><img src=x onerror="alert(1)"> 'q'"#;
    let dir = scratch("play-hostile");
    let mut puzzle = run("nonogen", &["--colors", "2", "--seed", "1", "6"], "").doc();
    let names: Vec<String> = puzzle["colors"]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    let words: serde_json::Map<String, Value> = names
        .iter()
        .map(|n| (n.clone(), Value::from(format!("{hostile} {n}"))))
        .collect();
    puzzle["meta"]["title"] = hostile.into();
    puzzle["meta"]["color_names"] = Value::Object(words);
    let page = dir.join("hostile.html");
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &puzzle.to_string(),
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    for seen in look(&modules, &chromium, &page, "none", &[]) {
        assert_eq!(seen["title"], format!("gridkit: {hostile}"), "{seen}");
        assert_eq!(seen["h1"], format!("gridkit: {hostile}"), "{seen}");
        assert_eq!(seen["images"], 0, "{seen}");
        assert_eq!(seen["dialogs"], 0, "{seen}");
        for n in &names {
            let label = format!(" {hostile} {n}");
            assert!(
                seen["buttons"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|b| b == &label),
                "{label}: {seen}"
            );
        }
    }
    let fill: Vec<Value> = puzzle["key"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .flat_map(|(r, row)| {
            let row = row.as_str().unwrap().to_string();
            let names = names.clone();
            row.chars()
                .enumerate()
                .filter_map(move |(c, ch)| {
                    let k = names.iter().position(|n| *n == ch.to_string())?;
                    Some(serde_json::json!([r, c, k]))
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let (state, status) = play(
        &modules,
        &chromium,
        &page,
        "fill",
        &Value::Array(fill),
        false,
    );
    assert_eq!(state, "solved", "{status}");
}

/// Check's message follows the board: a line put right leaves it, and it goes when no line
/// is left; the status line counts the moves beside the clock.
#[test]
fn a_checked_line_put_right_leaves_the_message() {
    let Some((modules, chromium)) = puppeteer() else {
        return;
    };
    let dir = scratch("play-check");
    let page = dir.join("tiny.html");
    let tiny = r#"{"kind":"nonogram","version":1,"width":2,"height":2,"clues":{"rows":[[1],[1]],"cols":[[1],[1]]}}"#;
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        tiny,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let script = browser_script(&dir, "check.mjs", &modules);
    let check = |first: &str, then: &str| {
        json_of(
            Command::new("node")
                .arg(&script)
                .arg(&chromium)
                .arg(&page)
                .arg(first)
                .arg(then),
        )
    };
    // Row 1 over-filled, then put right: the message goes.
    let seen = check("[[0,0],[0,1]]", "[[0,1]]");
    let checked = seen["checked"].as_str().unwrap();
    assert!(
        checked.ends_with("Cannot be finished as the clues ask: row 1."),
        "{seen}"
    );
    let after = seen["after"].as_str().unwrap();
    assert!(after.starts_with("Moves 3 \u{b7} 0:0"), "{seen}");
    assert!(!after.contains("Cannot"), "{seen}");
    // Row 1 and column 1 over-filled, row 1 put right: column 1 stays.
    let seen = check("[[0,0],[0,1],[1,0]]", "[[0,1]]");
    let after = seen["after"].as_str().unwrap();
    assert!(after.ends_with("clues ask: column 1."), "{seen}");
}

/// A 10-colour nonogen puzzle's page names every button by the word docs/nonogen.md gives
/// its colour (grey, pink, brown, olive among them), never by its letter.
#[test]
fn every_nonogen_colour_has_its_word_on_the_page() {
    let dir = scratch("play-ten-colours");
    let puzzle = run("nonogen", &["--colors", "10", "--seed", "1", "10"], "").stdout;
    let page = dir.join("c10.html");
    let r = run(
        "gridrender",
        &["--play", "-o", page.to_str().unwrap()],
        &puzzle,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let html = std::fs::read_to_string(&page).unwrap();
    let names = r#""names":{"b":"blue","c":"cyan","e":"grey","g":"green","k":"pink","n":"brown","o":"orange","p":"purple","r":"red","y":"olive"}"#;
    assert!(html.contains(names), "{html}");
}
