//! A replay summary (`mines replay --summary`) drawn by gridrender as a chart: three panels
//! in SVG, PNG and an HTML page whose points name their files; summaries with no game won,
//! no dates, one game and 10,000 games; and what is no summary refused in one line.

use crate::harness::{data, run, scratch};
use grid_mines::archive::{Game, Level, Measured, Summary};

/// The summary of the sample replays, as `mines replay --summary` writes it (status 2: the
/// folder holds files that are no replays, named on stderr).
fn samples() -> String {
    let r = run("mines", &["replay", "--summary", &data("replays")], "");
    assert_eq!(r.status, 2, "{}", r.stderr);
    r.stdout
}

/// A summary of made-up games: `n` games of one player on `level`, won but every seventh,
/// one a day from 2024-01-01 when `dated`.
fn made_up(n: usize, level: Level, dated: bool) -> String {
    let games = (0..n).map(|i| {
        let three_bv = 20 + i % 90;
        let time_ms = 4000 + (i as u32 * 7919) % 60_000;
        Measured {
            player: "Ann".to_string(),
            level,
            game: Game {
                file: format!("archive/{i:05}.avf"),
                won: i % 7 != 3,
                time_ms,
                three_bv,
                three_bv_per_s: Some(three_bv as f64 * 1000.0 / f64::from(time_ms)),
                ioe: Some(0.5),
                // A day a twenty games, in months of 28 days.
                date: dated.then(|| {
                    let day = i / 20;
                    let (year, month) = (2024 + day / 336, 1 + day / 28 % 12);
                    format!("{year}-{month:02}-{:02}T12:{:02}:00Z", 1 + day % 28, i % 60)
                }),
            },
        }
    });
    serde_json::to_string(&Summary::new(None, games, 0)).unwrap() + "\n"
}

/// A summary of one game won, with this rate and date.
fn one_game(rate: f64, date: &str) -> String {
    let game = Measured {
        player: "Cy".to_string(),
        level: Level::Expert,
        game: Game {
            file: "odd.evf".to_string(),
            won: true,
            time_ms: 50_000,
            three_bv: 120,
            three_bv_per_s: Some(rate),
            ioe: Some(0.5),
            date: Some(date.to_string()),
        },
    };
    serde_json::to_string(&Summary::new(None, [game], 0)).unwrap()
}

/// The SVG's circles of class `game` (their `<title>`s) and its personal-best lines (their
/// points).
struct Drawn {
    titles: Vec<String>,
    bests: Vec<Vec<(f64, f64)>>,
    texts: Vec<String>,
}

fn drawn(svg: &str) -> Drawn {
    let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
    let class = |n: &roxmltree::Node, c: &str| n.attribute("class") == Some(c);
    let titles = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle") && class(n, "game"))
        .map(|n| {
            let title = n.children().find(|c| c.has_tag_name("title"));
            title.and_then(|t| t.text()).unwrap_or("").to_string()
        })
        .collect();
    let bests = doc
        .descendants()
        .filter(|n| n.has_tag_name("polyline") && class(n, "best"))
        .map(|n| {
            n.attribute("points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect()
        })
        .collect();
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect();
    Drawn {
        titles,
        bests,
        texts,
    }
}

/// gridrender's picture of `input` as `format`, which must succeed.
fn chart(input: &str, format: &str) -> String {
    let r = run("gridrender", &["--format", format], input);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    r.stdout
}

#[test]
fn the_samples_chart_has_its_axes_a_point_for_each_game_won_and_rising_bests() {
    let summary = samples();
    let doc: serde_json::Value = serde_json::from_str(&summary).unwrap();
    let won: Vec<&serde_json::Value> = doc["groups"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|g| g["replays"].as_array().unwrap())
        .filter(|g| g["won"] == true)
        .collect();
    let rated = won.iter().filter(|g| !g["3bv_per_s"].is_null()).count();
    let d = drawn(&chart(&summary, "svg"));
    // Each game won is a point over time (with its rate) and a point of time against 3BV.
    assert_eq!(d.titles.len(), rated + won.len());
    for game in &won {
        let file = game["file"].as_str().unwrap();
        assert!(d.titles.iter().any(|t| t.starts_with(file)), "{file}");
    }
    for label in ["3BV/s", "date the game began", "3BV", "time (s)", "games"] {
        assert!(d.texts.iter().any(|t| t == label), "no label {label:?}");
    }
    for level in ["beginner", "expert", "8x11/7"] {
        assert!(d.texts.iter().any(|t| t == level), "no key for {level}");
    }
    // Years along the dates: the samples span 2008 to 2026.
    assert!(d.texts.iter().any(|t| t == "2010"), "{:?}", d.texts);
    assert!(!d.bests.is_empty());
    for line in &d.bests {
        for pair in line.windows(2) {
            // Along the dates and never down (up is a smaller y).
            assert!(pair[1].0 >= pair[0].0 && pair[1].1 <= pair[0].1, "{line:?}");
        }
    }
}

#[test]
fn a_best_line_rises_with_each_record_of_an_archive() {
    let d = drawn(&chart(&made_up(300, Level::Expert, true), "svg"));
    assert_eq!(d.bests.len(), 1);
    let line = &d.bests[0];
    assert!(line.len() > 4, "a few records: {line:?}");
    assert!(
        line.windows(2)
            .all(|p| p[1].0 >= p[0].0 && p[1].1 <= p[0].1)
    );
    // Dates over 15 days: by day.
    assert!(d.texts.iter().any(|t| t == "2024-01-03"), "{:?}", d.texts);
}

#[test]
fn the_page_names_each_games_file_on_hover() {
    let summary = samples();
    let page = chart(&summary, "html");
    assert!(page.starts_with("<!DOCTYPE html>"));
    let Some(browser) = crate::pictures::chromium() else {
        return;
    };
    let dir = scratch("replay-chart");
    let path = dir.join("progress.html");
    std::fs::write(&path, &page).unwrap();
    // The DOM as Chromium built it: each point's title is what hovering shows.
    let out = std::process::Command::new(browser)
        .args(["--headless", "--no-sandbox", "--disable-gpu", "--dump-dom"])
        .arg(format!("file://{}", path.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let doc: serde_json::Value = serde_json::from_str(&summary).unwrap();
    for group in doc["groups"].as_array().unwrap() {
        for game in group["replays"].as_array().unwrap() {
            let file = game["file"].as_str().unwrap();
            assert!(
                dom.contains(&format!("<title>{file}\n")),
                "{file} in {dom:.300}"
            );
        }
    }
    assert!(dom.contains(r#"<circle class="game""#));
}

#[test]
fn the_png_decodes_at_the_charts_size() {
    let dir = scratch("replay-chart-png");
    let summary = dir.join("summary.json");
    std::fs::write(&summary, samples()).unwrap();
    let png = dir.join("progress.png");
    let r = run(
        "gridrender",
        &[summary.to_str().unwrap(), "-o", png.to_str().unwrap()],
        "",
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(&png).unwrap()));
    let reader = decoder.read_info().unwrap();
    assert_eq!((reader.info().width, reader.info().height), (1000, 780));
}

#[test]
fn summaries_with_no_game_won_no_dates_one_game_or_ten_thousand_draw() {
    let none_won = serde_json::to_string(&Summary::new(
        None,
        [Measured {
            player: "Bo".to_string(),
            level: Level::Beginner,
            game: Game {
                file: "lost.avf".to_string(),
                won: false,
                time_ms: 3000,
                three_bv: 10,
                three_bv_per_s: Some(1.0),
                ioe: None,
                date: None,
            },
        }],
        0,
    ))
    .unwrap();
    let d = drawn(&chart(&none_won, "svg"));
    assert!(d.titles.is_empty());
    assert!(d.texts.iter().any(|t| t == "no game won"));

    let undated = drawn(&chart(&made_up(40, Level::Beginner, false), "svg"));
    assert!(
        undated
            .texts
            .iter()
            .any(|t| t.contains("in the order of the files"))
    );
    assert_eq!(undated.titles.len(), 2 * (40 - 6));

    let one = drawn(&chart(&made_up(1, Level::Intermediate, true), "svg"));
    assert_eq!(one.titles.len(), 2);

    let many = made_up(
        10_000,
        Level::Custom {
            width: 20,
            height: 20,
            mines: 60,
        },
        true,
    );
    let started = std::time::Instant::now();
    let d = drawn(&chart(&many, "svg"));
    let won = 10_000 - 10_000 / 7 - 1;
    assert_eq!(d.titles.len(), 2 * won);
    eprintln!("10,000 games drawn as SVG in {:?}", started.elapsed());
    let dir = scratch("replay-chart-many");
    let png = dir.join("many.png");
    let r = run("gridrender", &["-o", png.to_str().unwrap()], &many);
    assert_eq!(r.status, 0, "{}", r.stderr);
}

#[test]
fn what_is_no_summary_is_refused_in_one_line() {
    let summary = samples();
    let v2 = summary.replacen("\"version\":1", "\"version\":2", 1);
    run("gridrender", &["--format", "svg"], &v2).assert_error(
        "gridrender",
        2,
        "a replay summary of version 2",
    );
    let bench = summary.replacen("replay summary", "bench", 1);
    run("gridrender", &["--format", "svg"], &bench).assert_error(
        "gridrender",
        2,
        "\"bench\" is not a replay summary",
    );
    // A group whose wins are not what its games give.
    let doc: serde_json::Value = serde_json::from_str(&summary).unwrap();
    let mut wrong = doc.clone();
    wrong["groups"][0]["wins"] = serde_json::json!(99);
    run("gridrender", &["--format", "png"], &wrong.to_string()).assert_error(
        "gridrender",
        2,
        "`wins` is not what its replays give",
    );
    // A rate no game can have, and a date that is none.
    run(
        "gridrender",
        &["--format", "svg"],
        &one_game(-1.0, "2024-01-01T00:00:00Z"),
    )
    .assert_error("gridrender", 2, "which no game can have");
    run(
        "gridrender",
        &["--format", "svg"],
        &one_game(1.0, "yesterday"),
    )
    .assert_error("gridrender", 2, "\"yesterday\", which is no ISO 8601 time");
    // Two summaries, and a flag a chart has no use for.
    run(
        "gridrender",
        &["--format", "svg"],
        &format!("{summary}{summary}"),
    )
    .assert_error("gridrender", 2, "a chart draws one replay summary");
    run(
        "gridrender",
        &["--format", "svg", "--cell-size", "9"],
        &summary,
    )
    .assert_error(
        "gridrender",
        2,
        "--cell-size does nothing for a replay summary's chart",
    );
}

/// A picture's one input is read whole to tell a summary from documents: documents still
/// say what is wrong with them as they did, on their own lines.
#[test]
fn documents_read_whole_for_a_picture_keep_their_errors() {
    let dir = scratch("replay-chart-bytes");
    let maze = run("mazegen", &["--seed", "1", "4"], "").stdout;
    let bad = dir.join("bad.json");
    let mut bytes =
        format!("\n{maze}{{\"kind\": \"maze\",\n\"version\": 1,\n\"x\": \"").into_bytes();
    bytes.extend_from_slice(b"\xff\"}\n");
    std::fs::write(&bad, bytes).unwrap();
    run("gridrender", &[bad.to_str().unwrap(), "-f", "svg"], "").assert_error(
        "gridrender",
        2,
        "line 5: the input is not UTF-8 text",
    );
    let r = run("gridrender", &["-f", "svg"], &format!("\u{feff}{maze}"));
    assert_eq!(r.status, 0, "{}", r.stderr);
    run("gridrender", &["-f", "svg"], "\n[1, 2]").assert_error(
        "gridrender",
        2,
        "stdin line 2: expected a JSON object (a grid document), found an array",
    );
}

/// A summary sent where only grid documents are drawn is told how a summary draws.
#[test]
fn a_summary_where_it_cannot_be_drawn_is_told_how_it_draws() {
    let summary = samples();
    let dir = scratch("replay-chart-elsewhere");
    let file = dir.join("all.json");
    std::fs::write(&file, &summary).unwrap();
    let file = file.to_str().unwrap();
    let out = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let said = "a replay summary draws as a chart: -o FILE.svg, .png or .html";
    let cases: Vec<Vec<String>> = vec![
        vec![file.into()],
        vec![file.into(), "-o".into(), out("x.pdf")],
        vec![file.into(), "-o".into(), out("x.txt")],
        vec![file.into(), "--play".into(), "-o".into(), out("x.html")],
        vec![
            file.into(),
            "--for".into(),
            "laser".into(),
            "-o".into(),
            out("x.svg"),
        ],
        vec![file.into(), "-o".into(), out("x.stl")],
        vec![file.into(), "--format".into(), "text".into()],
        vec![file.into(), "-o".into(), out("c-{n}.svg")],
    ];
    let two = run("gridrender", &[file, file, "-o", &out("x.svg")], "");
    two.assert_error(
        "gridrender",
        2,
        "a chart draws one replay summary: merge them first",
    );
    for args in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run("gridrender", &args, "");
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(said), "{args:?}: {}", r.stderr);
        assert!(!r.stderr.contains("not a grid document"), "{args:?}");
    }
}

/// On a 375 px phone the chart page fits the window with its text large enough to read (its
/// panels one under another), nothing runs off sideways, and tapping a point names its game
/// in the line above the chart (a phone has no hover); on a desktop a click does the same.
#[test]
fn the_page_fits_a_phone_and_a_tap_names_the_game() {
    let Some((modules, chromium)) = crate::play::puppeteer() else {
        return;
    };
    let dir = scratch("replay-chart-phone");
    let path = dir.join("progress.html");
    std::fs::write(&path, chart(&samples(), "html")).unwrap();
    let script = crate::play::browser_script(&dir, "chart.mjs", &modules);
    let seen = crate::harness::json_of(
        std::process::Command::new("node")
            .arg(&script)
            .arg(&chromium)
            .arg(&path),
    );
    for view in seen.as_array().unwrap() {
        let (chart, window) = (
            view["chart"].as_f64().unwrap(),
            view["window"].as_f64().unwrap(),
        );
        assert!(chart <= window, "{view}");
        // Its text at four fifths of its size at least: 12 px labels read as 9.6 px.
        assert!(view["scale"].as_f64().unwrap() >= 0.8, "{view}");
        assert_eq!(view["sideways"], false, "{view}");
        assert!(view["before"].as_str().unwrap().contains("tap"), "{view}");
        // The samples' converted copies lie on their originals' points: the one on top
        // is tapped, the same game.
        // The line says the title on one line, its parts apart.
        let picked = view["picked"].as_str().unwrap().replace(" · ", "\n");
        let figures = |t: &str| t.split_once('\n').unwrap().1.to_owned();
        assert_eq!(
            figures(&picked),
            figures(view["title"].as_str().unwrap()),
            "{view}"
        );
        assert!(view["picked"].as_str().unwrap().contains("3BV/s"), "{view}");
    }
}
