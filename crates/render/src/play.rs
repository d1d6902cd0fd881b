//! Pages that play (`gridrender --play -o maze.html`): one self-contained HTML file, no
//! server, no network, that plays a maze with the keyboard, the mouse or a finger.
//!
//! The page carries the maze as a small model (its walls as one SVG path, each cell's
//! centre and outline, the open passages between cells) and a script that draws it and
//! walks it. It says how the game stands in `document.body.dataset.state` (`playing`,
//! `solved`), and each cell's element carries `data-row` and `data-col` (`data-ring` and
//! `data-cell` on a polar maze), so that tests and scripts can follow it.
//!
//! A maze beyond the plane (levels, wrapped edges, the cube) plays on the maze page with a
//! script of its own after the walk's (`beyond`): the stairs, the seams' letters, the
//! level or face the walker is on; a flat maze's page is unchanged by it.

mod beyond;
mod replay;
mod template;

pub use replay::{JudgedClick, PointerAt, ReplayFrame, ReplayModel, replay_page};

use crate::error::{RenderError, Result};
use crate::tiled::Layout;
use crate::tiled::layout::Scratch;
use crate::walls::WallGraph;
use base64::Engine as _;
use grid_core::tiling::{Side, TiledDoc, TiledMaze, Tiling, Topology};
use grid_core::{MazeDoc, Pos, Tile};
use serde::Serialize;
use std::fmt::Write as _;
use template::Template;

/// The most cells a page plays: a 300 x 300 maze, a few MB of page.
pub const MAX_PLAY_CELLS: usize = 90_000;

pub use crate::error::Unplayable;

/// The stylesheet's number colours, as the pictures draw them on a light ground.
fn number_colours() -> String {
    (1..=8)
        .map(|n| {
            let [r, g, b] = crate::palette::number_rgb(n, true);
            format!(".n{n} {{ color: #{r:02x}{g:02x}{b:02x}; }}\n")
        })
        .collect()
}

/// A page: the shared head (its stylesheet and the script that fits the board to the
/// window) and the page's own part, filled from `values` with the title and the colours.
fn page(template: Template, title: &str, values: &[(&str, &str)]) -> String {
    let numbers = number_colours();
    let mut all = vec![("title", title), ("numbers", numbers.as_str())];
    all.extend_from_slice(values);
    template.fill(&all)
}

/// The head every page shares.
macro_rules! with_head {
    ($file:literal) => {
        Template::new(concat!(include_str!("play/head.html"), include_str!($file)))
    };
}

/// The replay page (its model in [`replay`]).
const REPLAY_PAGE: Template = with_head!("play/replay.html");

/// What the page's script is given of a maze: distances in the maze's units, y down.
#[derive(Debug, Serialize)]
struct Model {
    tiling: String,
    /// Width and height.
    size: (f64, f64),
    /// The walls, as an SVG path.
    walls: String,
    /// Each cell: its centre, its row (ring) and column (index in the ring).
    cells: Vec<(f64, f64, usize, usize)>,
    /// Each cell's outline as SVG polygon points, on tilings other than the square.
    shapes: Vec<String>,
    /// The cells each cell's open passages lead to.
    next: Vec<Vec<u32>>,
    start: u32,
    goal: u32,
    /// What a maze beyond the plane adds (none on a flat maze, whose page is as it was).
    #[serde(skip_serializing_if = "Option::is_none")]
    beyond: Option<beyond::Beyond>,
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// A square cell maze's model.
fn square_model(m: &MazeDoc) -> Result<Model> {
    let Some((w, h)) = m.cells else {
        return Err(Unplayable::NoCells.into());
    };
    if m.tiles
        .cells()
        .iter()
        .any(|t| matches!(t, Tile::Crossing(_)))
    {
        return Err(Unplayable::Woven.into());
    }
    check("mazes", w * h)?;
    let graph = WallGraph::square(m, false)?;
    let outside = m.outside();
    let inside = |r: usize, c: usize| {
        let p = Pos::new(2 * r + 1, 2 * c + 1);
        m.tiles[p] != Tile::Wall && outside.as_ref().is_none_or(|o| !o[p])
    };
    let mut id = vec![u32::MAX; w * h];
    let mut cells = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if inside(r, c) {
                id[r * w + c] = cells.len() as u32;
                cells.push((c as f64 + 0.5, r as f64 + 0.5, r, c));
            }
        }
    }
    let mut next = vec![Vec::new(); cells.len()];
    for r in 0..h {
        for c in 0..w {
            let a = id[r * w + c];
            if a == u32::MAX {
                continue;
            }
            for (dr, dc) in [(0usize, 1usize), (1, 0)] {
                let (nr, nc) = (r + dr, c + dc);
                if nr >= h || nc >= w || id[nr * w + nc] == u32::MAX {
                    continue;
                }
                if m.tiles[Pos::new(2 * r + 1 + dr, 2 * c + 1 + dc)] != Tile::Wall {
                    let b = id[nr * w + nc];
                    next[a as usize].push(b);
                    next[b as usize].push(a);
                }
            }
        }
    }
    let cell_of = |p: Pos| {
        id.get(p.row / 2 * w + p.col / 2)
            .copied()
            .unwrap_or(u32::MAX)
    };
    Ok(Model {
        tiling: "square".into(),
        size: graph.size,
        walls: wall_path(&graph),
        cells,
        shapes: Vec::new(),
        next,
        start: cell_of(m.start),
        goal: cell_of(m.goal),
        beyond: None,
    })
}

/// Refuses more than [`MAX_PLAY_CELLS`] cells (tiles on a board) of `what`.
fn check(what: &'static str, cells: usize) -> Result<()> {
    if cells > MAX_PLAY_CELLS {
        let unit = if what == "boards" { "tiles" } else { "cells" };
        return Err(Unplayable::TooLarge {
            what,
            unit,
            cells,
            max: MAX_PLAY_CELLS,
        }
        .into());
    }
    Ok(())
}

/// A hex, triangle, octagon or polar maze's model.
fn tiled_model(doc: &TiledDoc) -> Result<Model> {
    let count = grid_core::on_tiled_maze!(&doc.maze, m => m.cell_count());
    check("mazes", count)?;
    if !doc.maze.tiling().is_plane() {
        return Ok(beyond::model(doc));
    }
    let graph = WallGraph::tiled(doc, false, 1.0)?;
    let layout = Layout::with_margin(doc, 1.0, 0.0);
    let mut model = grid_core::on_tiled_maze!(&doc.maze, m => tiled_cells(m, &layout));
    model.tiling = doc.maze.tiling().to_string();
    model.size = graph.size;
    model.walls = wall_path(&graph);
    model.start = index_of(doc, layout.start);
    model.goal = index_of(doc, layout.goal);
    Ok(model)
}

/// The page's number of `cell` (its place among the maze's cells), or `u32::MAX` for none.
fn index_of(doc: &TiledDoc, cell: Option<u32>) -> u32 {
    grid_core::on_tiled_maze!(&doc.maze, m => cell.map_or(u32::MAX, |c| m.cells().take_while(|&k| k < c).count() as u32))
}

fn tiled_cells<T: Topology>(m: &TiledMaze<T>, layout: &Layout) -> Model {
    let t = m.topology();
    let all: Vec<u32> = m.cells().collect();
    let mut id = vec![u32::MAX; all.last().map_or(0, |&c| c as usize + 1)];
    for (k, &c) in all.iter().enumerate() {
        id[c as usize] = k as u32;
    }
    let mut scratch = Scratch::default();
    let mut sides: Vec<Side> = Vec::new();
    let mut model = Model {
        tiling: String::new(),
        size: (0.0, 0.0),
        walls: String::new(),
        cells: Vec::with_capacity(all.len()),
        shapes: Vec::with_capacity(all.len()),
        next: Vec::with_capacity(all.len()),
        start: u32::MAX,
        goal: u32::MAX,
        beyond: None,
    };
    for &c in &all {
        let (x, y) = layout.place(t.center(c));
        let p = t.position(c);
        model.cells.push((round(x), round(y), p.row, p.col));
        let mut shape = String::new();
        for (k, (px, py)) in layout
            .polygon(t, c, 0.25, &mut scratch)
            .into_iter()
            .enumerate()
        {
            let gap = if k == 0 { "" } else { " " };
            let _ = write!(shape, "{gap}{},{}", round(px), round(py));
        }
        model.shapes.push(shape);
        m.sides(c, &mut sides);
        model.next.push(
            sides
                .iter()
                .filter(|s| !s.is_edge() && m.is_open(**s))
                .map(|s| id[s.to as usize])
                .collect(),
        );
    }
    model
}

/// The walls as one SVG path: a move and a line (or an arc) a wall.
fn wall_path(graph: &WallGraph) -> String {
    let mut d = String::new();
    for w in &graph.walls {
        let (a, b) = (graph.points[w.a], graph.points[w.b]);
        let _ = write!(d, "M{} {}", round(a.0), round(a.1));
        match w.arc {
            Some(arc) => {
                let _ = write!(
                    d,
                    "A{r} {r} 0 0 {} {} {}",
                    u8::from(arc.clockwise),
                    round(b.0),
                    round(b.1),
                    r = round(arc.radius)
                );
            }
            None => {
                let _ = write!(d, "L{} {}", round(b.0), round(b.1));
            }
        }
    }
    d
}

/// The page that plays the maze of `doc` (a maze document).
pub fn maze_page(doc: &grid_core::Document) -> Result<String> {
    let model = match crate::tiled_maze(doc)? {
        Some(tiled) => tiled_model(&tiled)?,
        None => square_model(&MazeDoc::from_document(doc)?)?,
    };
    if model.start == u32::MAX || model.goal == u32::MAX {
        return Err(Unplayable::NoEnds.into());
    }
    let json = serde_json::to_string(&model).expect("a model serialises");
    let title = format!(
        "gridkit: {} maze",
        grid_core::words::with_article(&model.tiling)
    );
    let keys = match &model.beyond {
        Some(beyond) => beyond.keys(),
        None => maze_keys(&model.tiling),
    };
    let template = match &model.beyond {
        Some(beyond) if beyond.follows() => CUBE_PAGE,
        Some(_) => BEYOND_PAGE,
        None => MAZE_PAGE,
    };
    Ok(page(template, &title, &[("model", &json), ("keys", keys)]))
}

/// The keys a maze of `tiling` is walked with: the diagonals only where cells meet
/// diagonally.
fn maze_keys(tiling: &str) -> &'static str {
    let diagonal = [Tiling::Hex, Tiling::Octagon]
        .iter()
        .any(|t| t.to_string() == tiling);
    if diagonal {
        "arrow keys or WASD, and Q, E, Z and C diagonally"
    } else {
        "arrow keys or WASD"
    }
}

/// The maze page: a status line, the board, and the script, whose one flat part is how it
/// finds the cells' spacing (`maze_unit`).
const MAZE_PAGE: Template = Template::new(concat!(
    include_str!("play/head.html"),
    include_str!("play/maze_top.html"),
    include_str!("play/maze_unit.html"),
    include_str!("play/maze_walk.html"),
    include_str!("play/end.html"),
));

/// The page of a maze beyond the plane: the maze page, its cells unit squares, with the
/// script of [`beyond`] after its own (the stairs, the seams' letters, the level or face).
const BEYOND_PAGE: Template = Template::new(concat!(
    include_str!("play/head.html"),
    include_str!("play/maze_top.html"),
    include_str!("play/beyond_unit.html"),
    include_str!("play/maze_walk.html"),
    include_str!("play/beyond.html"),
    include_str!("play/end.html"),
));

/// The cube's page: the page beyond the plane, with the walker's face drawn large and turned
/// to follow the walker over the edges, and the net small below it as a map
/// ([`beyond`]'s `meets`).
const CUBE_PAGE: Template = Template::new(concat!(
    include_str!("play/head.html"),
    include_str!("play/maze_top.html"),
    include_str!("play/beyond_unit.html"),
    include_str!("play/maze_walk.html"),
    include_str!("play/beyond.html"),
    include_str!("play/cube.html"),
    include_str!("play/end.html"),
));

/// The nonogram page.
const NONOGRAM_PAGE: Template = with_head!("play/nonogram.html");

/// What the nonogram page's script is given.
#[derive(Debug, Serialize)]
struct Puzzle {
    width: usize,
    height: usize,
    /// Each line's clue as (length, colour name) pairs.
    rows: Vec<Vec<(u64, String)>>,
    cols: Vec<Vec<(u64, String)>>,
    /// Each colour's RGB value by its name (`#` alone, black, for a black-and-white puzzle).
    colors: serde_json::Map<String, serde_json::Value>,
    /// The colours' words, where the puzzle's file gave them.
    names: serde_json::Map<String, serde_json::Value>,
    /// The cells as the puzzle gives them: givens known, the rest `?`.
    grid: Vec<String>,
}

/// A clue list of the document, as (length, colour) pairs: a plain number is black (`#`),
/// and `[0]` is an empty line.
fn clue_lines(lines: &serde_json::Value, which: &'static str) -> Result<Vec<Vec<(u64, String)>>> {
    let bad = || RenderError::from(Unplayable::BadClues { which });
    let lines = lines.as_array().ok_or_else(bad)?;
    lines
        .iter()
        .map(|line| {
            let items = line.as_array().ok_or_else(bad)?;
            items
                .iter()
                .filter_map(|item| match item {
                    serde_json::Value::Number(n) => n.as_u64().map(|n| Ok((n, "#".to_string()))),
                    serde_json::Value::Array(pair) => Some(
                        match (
                            pair.first().and_then(|n| n.as_u64()),
                            pair.get(1).and_then(|c| c.as_str()),
                        ) {
                            (Some(n), Some(c)) => Ok((n, c.to_string())),
                            _ => Err(bad()),
                        },
                    ),
                    _ => Some(Err(bad())),
                })
                .filter(|item| !matches!(item, Ok((0, _))))
                .collect()
        })
        .collect()
}

/// The page that plays the nonogram of `doc`: blank (a solved grid emptied), givens kept.
pub fn nonogram_page(doc: &grid_core::Document) -> Result<String> {
    // Read as the solver reads it: a document that is not a puzzle is refused here.
    grid_core::nonogram_doc::NonogramDoc::from_document(doc)?;
    let clues = doc.value("clues")?.unwrap_or_default();
    let rows = clue_lines(&clues["rows"], "rows")?;
    let cols = clue_lines(&clues["cols"], "cols")?;
    let (width, height) = (cols.len(), rows.len());
    check("puzzles", width * height)?;
    let mut colors = match doc.value("colors")? {
        Some(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    let plain = rows.iter().chain(&cols).flatten().any(|(_, c)| c == "#");
    if plain && !colors.contains_key("#") {
        colors.insert("#".into(), "#1a1a1a".into());
    }
    let colour_count = colors.len();
    let mut names = match doc.meta_field::<serde_json::Value>("color_names")? {
        Some(serde_json::Value::Object(map)) => map,
        _ => serde_json::Map::new(),
    };
    for (name, rgb) in &colors {
        if !names.contains_key(name)
            && let Some(word) = colour_word(name, rgb)
        {
            names.insert(name.clone(), word.into());
        }
    }
    let given: Vec<String> = doc.field("grid")?.unwrap_or_default();
    let solved = !given.is_empty() && given.iter().all(|r| !r.contains('?'));
    let grid = if given.len() == height && !solved && !doc.has("solution") {
        given
    } else {
        vec!["?".repeat(width); height]
    };
    let puzzle = Puzzle {
        width,
        height,
        rows,
        cols,
        colors,
        names,
        grid,
    };
    let title = doc
        .meta_field::<String>("title")?
        .unwrap_or_else(|| format!("a {width} x {height} nonogram"));
    let json = serde_json::to_string(&puzzle).expect("a puzzle serialises");
    Ok(page(
        NONOGRAM_PAGE,
        &format!("gridkit: {title}"),
        &[("model", &json), ("choose", choose_keys(colour_count))],
    ))
}

/// The nonogram page's words for the digit keys: only a colour puzzle has colours to choose,
/// and 0 is the tenth.
fn choose_keys(colours: usize) -> &'static str {
    match colours {
        0 | 1 => "",
        2..=9 => "1–9 choose a colour, ",
        _ => "1–9 and 0 choose a colour, ",
    }
}

/// The word for a colour the file gave no word for ("red" for `r`), where its one-letter
/// name begins the word of the basic colour nearest its RGB value.
fn colour_word(name: &str, rgb: &serde_json::Value) -> Option<String> {
    let &[letter] = name.as_bytes() else {
        return None;
    };
    let hex = rgb.as_str()?.strip_prefix('#')?;
    let value = u32::from_str_radix(hex, 16)
        .ok()
        .filter(|_| hex.len() == 6)?;
    let rgb = [(value >> 16) as u8, (value >> 8) as u8, value as u8];
    let word = grid_core::words::colour(letter, Some(rgb));
    (letter.is_ascii_alphanumeric() && !word.starts_with("colour '")).then_some(word)
}

/// The mines page.
const MINES_PAGE: Template = with_head!("play/mines.html");

/// What the mines page's script is given: the board as the player sees it, and the layout
/// scrambled (base64 of its bits under a xorshift stream from `key`), so that the page's text
/// does not show where the mines are: `code` for a game under way, or `firsts`, one layout for
/// each tile the first click may open, for a game not begun.
#[derive(Debug, Serialize)]
struct Board {
    width: usize,
    height: usize,
    mines: usize,
    view: Vec<String>,
    key: u32,
    code: String,
    firsts: Vec<String>,
}

/// The page that plays the board of `doc`. A game under way carries its layout; for a game
/// not begun, `firsts` holds the layout its rules make for each first click, tile by tile in
/// reading order.
pub fn mines_page(doc: &grid_core::Document, firsts: Option<&[Vec<bool>]>) -> Result<String> {
    let board = grid_core::mines_doc::MinesDoc::from_document(doc)?;
    if board.layout.is_none() && firsts.is_none() {
        return Err(Unplayable::NoLayout.into());
    }
    if board.state.is_over() {
        return Err(Unplayable::Over.into());
    }
    let (width, height) = (board.view.width(), board.view.height());
    check("boards", width * height)?;
    let view = (0..height)
        .map(|r| {
            (0..width)
                .map(|c| char::from(board.view[Pos::new(r, c)].to_char()))
                .collect()
        })
        .collect();
    // A key from the board, and the same xorshift the page runs.
    let key = (board.seed.unwrap_or(0) as u32 ^ 0x9e37_79b9) | 1;
    let model = Board {
        width,
        height,
        mines: board.mines,
        view,
        key,
        code: board
            .layout
            .as_ref()
            .map(|l| scrambled(l.cells(), key))
            .unwrap_or_default(),
        firsts: firsts
            .unwrap_or_default()
            .iter()
            .map(|l| scrambled(l, key))
            .collect(),
    };
    let title = format!(
        "gridkit: minesweeper, {width} x {height}, {} mines",
        board.mines
    );
    let json = serde_json::to_string(&model).expect("a board serialises");
    Ok(page(MINES_PAGE, &title, &[("model", &json)]))
}

/// A layout's bits, eight a byte from the first, each byte under the next word of a
/// xorshift stream from `key`, in base64.
fn scrambled(mines: &[bool], key: u32) -> String {
    let mut bytes = vec![0u8; mines.len().div_ceil(8)];
    let mut state = key;
    for (i, &m) in mines.iter().enumerate() {
        if i % 8 == 0 {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            bytes[i / 8] = (state & 255) as u8;
        }
        bytes[i / 8] ^= u8::from(m) << (i % 8);
    }
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    /// A document's text that would be markup, script or a slot if it were not escaped.
    const HOSTILE: &str =
        r#"{{model}} {{json:model}} </script><img src=x onerror="alert(1)"> 'q' &amp;"#;

    /// The JSON after `const NAME = ` in a page's script, read back.
    fn model(page: &str, name: &str) -> serde_json::Value {
        let start = page.find(&format!("const {name} = ")).expect("the model") + name.len() + 9;
        let end = start + page[start..].find(";\n").expect("the model's end");
        serde_json::from_str(&page[start..end]).expect("the model is JSON")
    }

    /// What no page may hold once filled: a slot, or the hostile text as markup.
    fn assert_inert(page: &str) {
        assert!(
            !page.contains("{{text:") && !page.contains("{{style:"),
            "a slot left"
        );
        assert!(!page.contains("<img"), "markup from the document");
        // The head's script and the page's: none ended early, none opened.
        assert_eq!(page.matches("<script>").count(), 2);
        assert_eq!(page.matches("</script>").count(), 2);
    }

    #[test]
    fn a_hostile_title_and_colour_names_stay_text_on_the_nonogram_page() {
        let doc = serde_json::json!({
            "kind": "nonogram", "version": 1, "width": 1, "height": 1,
            "colors": {"g": "#2ca02c"},
            "clues": {"rows": [[[1, "g"]]], "cols": [[[1, "g"]]]},
            "meta": {"title": HOSTILE, "color_names": {"g": HOSTILE}},
        });
        let page = nonogram_page(&Document::from_json(&doc.to_string()).unwrap()).unwrap();
        assert_inert(&page);
        let title = r#"gridkit: {{model}} {{json:model}} &lt;/script&gt;&lt;img src=x onerror="alert(1)"&gt; 'q' &amp;amp;"#;
        assert!(page.contains(&format!("<title>{title}</title>")), "{page}");
        assert!(page.contains(&format!("<h1>{title}</h1>")));
        assert_eq!(model(&page, "P")["names"]["g"], HOSTILE);
    }

    #[test]
    fn the_digit_keys_are_told_only_on_a_colour_puzzle_page() {
        let page = |doc: serde_json::Value| {
            nonogram_page(&Document::from_json(&doc.to_string()).unwrap()).unwrap()
        };
        let plain = page(
            serde_json::json!({"kind": "nonogram", "version": 1, "width": 1,
            "height": 1, "clues": {"rows": [[1]], "cols": [[1]]}}),
        );
        assert!(!plain.contains("choose a colour"), "{plain}");
        let colour = page(
            serde_json::json!({"kind": "nonogram", "version": 1, "width": 2,
            "height": 1, "colors": {"r": "#d62728", "g": "#2ca02c"},
            "clues": {"rows": [[[1, "r"], [1, "g"]]], "cols": [[[1, "r"]], [[1, "g"]]]}}),
        );
        assert!(colour.contains("1–9 choose a colour, Ctrl+Z"), "{colour}");
        assert_eq!(choose_keys(10), "1–9 and 0 choose a colour, ");
    }

    #[test]
    fn an_octagon_maze_takes_an() {
        assert_eq!(grid_core::words::with_article("octagon"), "an octagon");
        assert_eq!(grid_core::words::with_article("square"), "a square");
    }

    #[test]
    fn colours_without_words_get_their_basic_colour_word() {
        let doc = serde_json::json!({
            "kind": "nonogram", "version": 1, "width": 2, "height": 1,
            "colors": {"r": "#d62728", "g": "#2ca02c", "x": "#1f77b4"},
            "clues": {"rows": [[[1, "r"], [1, "g"]]], "cols": [[[1, "r"]], [[1, "g"]]]},
            "meta": {"color_names": {"g": "moss"}},
        });
        let page = nonogram_page(&Document::from_json(&doc.to_string()).unwrap()).unwrap();
        let names = &model(&page, "P")["names"];
        assert_eq!(names["r"], "red");
        assert_eq!(names["g"], "moss", "the file's own word is kept");
        assert_eq!(names["x"], serde_json::Value::Null, "no word starts with x");
    }

    #[test]
    fn a_hostile_player_stays_text_on_the_replay_page() {
        let replay = ReplayModel {
            width: 1,
            height: 1,
            px: 16,
            three_bv: 1,
            first_ms: -1,
            start_ms: 0,
            end_ms: 10,
            about: HOSTILE.into(),
            frames: vec![ReplayFrame {
                ms: 0,
                changes: vec![(0, '1')],
                left: 1,
                right: 0,
                chord: 0,
                solved_3bv: 1,
                effective: 1,
            }],
            pointer: vec![PointerAt { ms: 0, x: 8, y: 8 }],
            judged: Vec::new(),
        };
        let page = replay_page(&format!("gridkit: a replay of {HOSTILE}"), &replay);
        assert_inert(&page);
        let read = model(&page, "R");
        assert_eq!(read["about"], HOSTILE);
        assert_eq!(read["frames"][0]["changes"][0], serde_json::json!([0, "1"]));
    }

    #[test]
    fn every_page_fills_its_slots_and_takes_the_pictures_number_colours() {
        let maze = Document::from_json(
            r######"{"kind":"maze","version":1,"width":5,"height":3,"grid":["#####","#   #","#####"],"start":[1,1],"goal":[1,3],"meta":{"cells":[2,1]}}"######,
        )
        .unwrap();
        let page = maze_page(&maze).unwrap();
        assert_inert(&page);
        assert!(
            page.contains("arrow keys or WASD,"),
            "no diagonals on a square maze"
        );
        let [r, g, b] = crate::palette::number_rgb(3, true);
        let three = format!(".n3 {{ color: #{r:02x}{g:02x}{b:02x}; }}");
        assert!(page.contains(&three), "{three}");
        assert_eq!(
            maze_keys("hex"),
            "arrow keys or WASD, and Q, E, Z and C diagonally"
        );
    }
}
