//! Mazes beyond the plane on a picture: levels side by side, each labelled, with a mark on
//! each cell whose stairs lead up, down or both; a wrapped maze or a cube's unfolded net with
//! the same letter at both ends of each passage over a seam (where it leaves the picture and
//! where it comes back), the Möbius strip's seam labelled as flipped, the cube's faces named.
//!
//! The cells themselves are drawn as on the plane, from the topology's own geometry (levels
//! one column apart, the cube's net as a cross; [`Layout`] cuts the path at stairs and seams
//! and draws a closed seam on both edges); this module says what else is drawn: the
//! [`Mark`]s every format draws in its own way.

use super::layout::{Layout, Px, adjacent};
pub use crate::anchor::Anchor;
use grid_core::tiling::{
    AnyMaze, Cell, Cube, FACE_NAMES, Levels, NO_CELL, Point, TiledDoc, TiledMaze, Topology, Wrap,
};
use std::collections::HashMap;

/// Something drawn besides the cells, walls and path.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A name: a level's, the twist of a Möbius seam.
    Label {
        at: Px,
        text: String,
        anchor: Anchor,
    },
    /// A cube face's name, centred on it under the walls and path, in a faint ink.
    Name { at: Px, text: String },
    /// The stairs of the cell centred at `at`: up, down, or both. `cells` are the cell and
    /// those its stairs lead to, so that a replay shows the mark once all are carved.
    Stairs {
        at: Px,
        up: bool,
        down: bool,
        cells: Vec<Cell>,
    },
    /// One end of a passage over a seam, just outside the middle `side` of the cell's side:
    /// the same `pair` name stands at its other end. `on_path` when the solution goes
    /// through it; `to` is the cell the passage leads to (a page steps there from the mark);
    /// `link` is the passage's two cells, the lower first.
    Seam {
        at: Px,
        side: Px,
        pair: usize,
        to: Cell,
        anchor: Anchor,
        on_path: bool,
        link: (Cell, Cell),
    },
}

/// The marks of a maze beyond the plane; none for one in the plane.
pub fn marks(doc: &TiledDoc, layout: &Layout) -> Vec<Mark> {
    match &doc.maze {
        AnyMaze::Levels(m) => levels(m, layout),
        AnyMaze::Wrapped(m) => {
            let t = m.topology();
            let mut marks = wrap_labels(t.wrap(), t.extent().1, t.height(), layout);
            marks.extend(seams(m, layout));
            marks
        }
        AnyMaze::HexWrap(m) => {
            let t = m.topology();
            let mut marks = wrap_labels(t.wrap(), t.extent().1, t.height(), layout);
            marks.extend(seams(m, layout));
            marks
        }
        AnyMaze::Cube(m) => {
            let mut marks = face_labels(m.topology(), layout);
            marks.extend(seams(m, layout));
            marks
        }
        _ => Vec::new(),
    }
}

/// A label over each level, and the stairs of each cell.
fn levels(m: &TiledMaze<Levels>, layout: &Layout) -> Vec<Mark> {
    let t = m.topology();
    let w = t.width() as f64;
    let mut marks: Vec<Mark> = (0..t.levels())
        .map(|l| Mark::Label {
            at: layout.place((l as f64 * (w + 1.0) + w / 2.0, -0.5)),
            // Counted from 1, as a person counts floors and the terminal game does.
            text: format!("level {}", l + 1),
            anchor: Anchor::Middle,
        })
        .collect();
    let mut sides = Vec::new();
    for cell in m.cells() {
        m.sides(cell, &mut sides);
        // North, east, south, west, then the stairs up and down.
        let open = |k: usize| sides.get(k).filter(|s| !s.is_edge() && m.is_open(**s));
        let (up, down) = (open(4), open(5));
        if up.is_some() || down.is_some() {
            let cells = std::iter::once(cell)
                .chain(up.into_iter().chain(down).map(|s| s.to))
                .collect();
            marks.push(Mark::Stairs {
                at: layout.place(t.center(cell)),
                up: up.is_some(),
                down: down.is_some(),
                cells,
            });
        }
    }
    marks
}

/// The twist of a Möbius strip's seam, named over the middle of a picture reaching to
/// `corner` (square cells or hexagons, `rows` high).
fn wrap_labels(wrap: Wrap, corner: Point, rows: usize, layout: &Layout) -> Vec<Mark> {
    if wrap != Wrap::Mobius {
        return Vec::new();
    }
    let (w, h) = (corner.0, rows);
    vec![Mark::Label {
        at: layout.place((w / 2.0, -0.5)),
        text: format!("flipped: row r meets {}-r", h - 1),
        anchor: Anchor::Middle,
    }]
}

/// The places of the cube's faces in its net, in faces, in the order of [`FACE_NAMES`] (see
/// grid_core's cube): the top-left corner of each, a cross lying on its side.
pub const NET: [(f64, f64); 6] = [
    (1.0, 1.0),
    (1.0, 0.0),
    (2.0, 1.0),
    (0.0, 1.0),
    (1.0, 2.0),
    (3.0, 1.0),
];

/// Each face's name, centred on it: the net's empty corners hold the seams' numbers.
fn face_labels(t: &Cube, layout: &Layout) -> Vec<Mark> {
    let n = t.size() as f64;
    NET.iter()
        .zip(FACE_NAMES)
        .map(|(&(x, y), name)| Mark::Name {
            at: layout.place(((x + 0.5) * n, (y + 0.5) * n)),
            text: name.to_string(),
        })
        .collect()
}

/// A name at both ends of each open passage between cells drawn apart, just outside the
/// side it leaves by, numbered from 1 in the order of the cells (see [`pair_name`]).
fn seams<T: Topology>(m: &TiledMaze<T>, layout: &Layout) -> Vec<Mark> {
    let t = m.topology();
    let on_path: std::collections::HashSet<(Cell, Cell)> = layout
        .path_cells
        .windows(2)
        .map(|w| (w[0].min(w[1]), w[0].max(w[1])))
        .collect();
    let mut pairs: HashMap<(Cell, Cell), usize> = HashMap::new();
    let mut taken = Vec::new();
    let size = layout.label_size();
    let mut marks = Vec::new();
    let (mut sides, mut edges, mut lines) = (Vec::new(), Vec::new(), Vec::new());
    for cell in m.cells() {
        m.sides(cell, &mut sides);
        let seams = sides
            .iter()
            .any(|s| s.to != NO_CELL && m.is_open(*s) && !adjacent(t, cell, s.to));
        if !seams {
            continue;
        }
        layout.lines(t, cell, &mut edges, &mut lines);
        let centre = layout.place(t.center(cell));
        for (s, line) in sides.iter().zip(&lines) {
            if s.is_edge() || !m.is_open(*s) || adjacent(t, cell, s.to) {
                continue;
            }
            let key = (cell.min(s.to), cell.max(s.to));
            let next = pairs.len() + 1;
            let pair = *pairs.entry(key).or_insert(next);
            let mid = (
                (line.from.0 + line.to.0) / 2.0,
                (line.from.1 + line.to.1) / 2.0,
            );
            let out = (mid.0 - centre.0, mid.1 - centre.1);
            let anchor = if out.0.abs() <= out.1.abs() {
                Anchor::Middle
            } else if out.0 > 0.0 {
                Anchor::Start
            } else {
                Anchor::End
            };
            let reach = if anchor == Anchor::Middle { 1.0 } else { 0.5 };
            let along = (line.to.0 - line.from.0, line.to.1 - line.from.1);
            // Where two cut edges meet at a corner of the net, or hexagons' sides crowd a
            // wrapped edge, a letter would cover another: it moves a little further out (the
            // margin holds it), then slides along its side, never in over the cells.
            let candidates = [0.0, -0.3, 0.3, -0.6, 0.6].into_iter().flat_map(|t: f64| {
                [1.0, 1.6, 2.2, 2.8].map(move |r: f64| {
                    (
                        mid.0 + out.0 * reach * r + along.0 * t,
                        mid.1 + out.1 * reach * r + along.1 * t,
                    )
                })
            });
            let text = pair_name(pair);
            // The first place that covers no letter; where every place does (hexagons'
            // letters a quarter cell apart in a small picture), the one that covers least.
            let mut at = (mid.0 + out.0 * reach, mid.1 + out.1 * reach);
            let mut least = f64::INFINITY;
            for c in candidates {
                let b = letter_box(c, anchor, &text, size);
                if taken.iter().all(|t| !overlap(t, &b)) {
                    at = c;
                    break;
                }
                let area: f64 = taken.iter().map(|t| shared_area(t, &b)).sum();
                if area < least {
                    (least, at) = (area, c);
                }
            }
            taken.push(letter_box(at, anchor, &text, size));
            marks.push(Mark::Seam {
                at,
                side: mid,
                pair,
                to: s.to,
                anchor,
                on_path: on_path.contains(&key),
                link: key,
            });
        }
    }
    marks
}

/// The box a seam letter's `text` covers around `at`, for text `size` pixels high: at least
/// 8 pixels a character, as wide as the PNG's built-in font, and four fifths of the size
/// high (a lowercase letter's ink, with a little room).
pub fn letter_box(at: Px, anchor: Anchor, text: &str, size: f64) -> [f64; 4] {
    let wide = (size * 0.6).max(8.0) * text.chars().count() as f64;
    let x = match anchor {
        Anchor::Start => at.0,
        Anchor::Middle => at.0 - wide / 2.0,
        Anchor::End => at.0 - wide,
    };
    [x, at.1 - size * 0.4, x + wide, at.1 + size * 0.4]
}

/// The area two boxes (left, top, right, bottom) share, each grown by the 3 pixels that
/// keep two names apart.
fn shared_area(a: &[f64; 4], b: &[f64; 4]) -> f64 {
    let w = (a[2].min(b[2]) - a[0].max(b[0]) + 3.0).max(0.0);
    let h = (a[3].min(b[3]) - a[1].max(b[1]) + 3.0).max(0.0);
    w * h
}

/// Whether two boxes (left, top, right, bottom) come within 3 pixels of each other: two
/// letters closer than that read as one name.
fn overlap(a: &[f64; 4], b: &[f64; 4]) -> bool {
    let gap = 3.0 - 1e-6;
    a[0] < b[2] + gap && b[0] < a[2] + gap && a[1] < b[3] + gap && b[1] < a[3] + gap
}

/// The name of seam pair `pair` (from 1): a letter, one character wide even in a terminal
/// where a cell is two: `a` to `z`, then `aa`, `ab` and so on.
pub fn pair_name(pair: usize) -> String {
    let mut name = Vec::new();
    let mut n = pair;
    while n > 0 {
        n -= 1;
        name.push(b'a' + (n % 26) as u8);
        n /= 26;
    }
    name.reverse();
    String::from_utf8(name).unwrap_or_default()
}

/// The triangles of a stairs mark around `at`, for a cell `cell` pixels across: one
/// pointing up for stairs up, one pointing down for stairs down, both (smaller) for both.
pub fn stair_triangles(at: Px, up: bool, down: bool, cell: f64) -> Vec<[Px; 3]> {
    let (x, y) = at;
    let both = up && down;
    let r = cell * if both { 0.18 } else { 0.28 };
    let shift = if both { r * 1.1 } else { 0.0 };
    let mut out = Vec::new();
    if up {
        let y = y - shift;
        out.push([(x, y - r), (x + r, y + r * 0.7), (x - r, y + r * 0.7)]);
    }
    if down {
        let y = y + shift;
        out.push([(x - r, y - r * 0.7), (x + r, y - r * 0.7), (x, y + r)]);
    }
    out
}

/// The legend of a maze beyond the plane, for its caption: how to read its marks (in the
/// characters the pictures' built-in font has).
pub fn legend(doc: &TiledDoc) -> Option<String> {
    let text = match &doc.maze {
        AnyMaze::Levels(_) => "triangles (arrows in a terminal) mark stairs",
        AnyMaze::Wrapped(m) if m.topology().wrap() == Wrap::Mobius => {
            "letters pair passage ends, seam flipped"
        }
        AnyMaze::Wrapped(_) => "letters pair passage ends over seams",
        AnyMaze::HexWrap(m) if m.topology().wrap() == Wrap::Mobius => {
            "letters pair passage ends, seam flipped"
        }
        AnyMaze::HexWrap(_) => "letters pair passage ends over seams",
        AnyMaze::Cube(_) => "letters pair the ends of passages over cut edges",
        _ => return None,
    };
    Some(text.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiled::layout::Scratch;
    use grid_core::Document;

    fn doc(text: &str) -> TiledDoc {
        TiledDoc::from_document(&Document::from_json(text).unwrap()).unwrap()
    }

    const LEVELS: &str = r#"{"kind":"maze","version":1,"tiling":"levels","width":2,"height":2,"levels":2,"cells":["46","50","10","10"],"start":[0,0],"goal":[3,1],"solution":{"algorithm":"bfs","path":[[0,0],[2,0],[2,1],[0,1],[1,1],[1,0],[3,0],[3,1]],"length":7,"explored":8}}"#;
    const TORUS: &str = r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"xy","cells":["210","112","122"],"start":[2,0],"goal":[0,0],"solution":{"algorithm":"bfs","path":[[2,0],[2,1],[0,1],[0,2],[2,2],[1,2],[1,1],[1,0],[0,0]],"length":8,"explored":9}}"#;

    fn seam_pairs(marks: &[Mark]) -> HashMap<usize, usize> {
        let mut count = HashMap::new();
        for mark in marks {
            if let Mark::Seam { pair, .. } = mark {
                *count.entry(*pair).or_insert(0) += 1;
            }
        }
        count
    }

    #[test]
    fn seam_pairs_are_named_by_letters_then_two() {
        let names: Vec<_> = [1, 2, 26, 27, 28, 52, 53].map(pair_name).into();
        assert_eq!(names, ["a", "b", "z", "aa", "ab", "az", "ba"]);
    }

    #[test]
    fn a_level_cell_is_filled_whole_not_notched_where_its_stairs_are() {
        let d = doc(LEVELS);
        let layout = Layout::new(&d, 10.0);
        let AnyMaze::Levels(m) = &d.maze else {
            panic!("a levels maze");
        };
        // The cell has stairs up: its outline is still its four corners.
        let polygon = layout.polygon(m.topology(), 0, 4.0, &mut Scratch::default());
        assert_eq!(polygon.len(), 4, "{polygon:?}");
    }

    #[test]
    fn the_path_is_cut_at_each_stair_and_each_level_is_labelled() {
        let d = doc(LEVELS);
        let layout = Layout::new(&d, 10.0);
        // The path takes the stairs between [0,0] and [2,0], [0,1] and [2,1]... (rows of
        // level 1 follow level 0's): three stair steps.
        assert_eq!(layout.breaks, vec![0, 2, 5]);
        for piece in layout.path_pieces() {
            for w in piece.windows(2) {
                assert!((w[0].0 - w[1].0).hypot(w[0].1 - w[1].1) <= 10.0 + 1e-9);
            }
        }
        let marks = marks(&d, &layout);
        let labels: Vec<_> = marks
            .iter()
            .filter_map(|m| match m {
                Mark::Label { text, .. } => Some(text.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(labels, ["level 1", "level 2"]);
        let stairs = marks
            .iter()
            .filter(|m| matches!(m, Mark::Stairs { .. }))
            .count();
        // Three stairs, each marked at its foot and its head.
        assert_eq!(stairs, 6);
    }

    #[test]
    fn stairs_are_no_wall_and_a_closed_seam_is_drawn_on_both_edges() {
        let count = |text: &str| {
            let d = doc(text);
            let layout = Layout::new(&d, 10.0);
            let (mut walls, mut dots) = (0, 0);
            grid_core::on_tiled_maze!(&d.maze, m => layout.for_each_wall(m, &mut Scratch::default(), |l| {
                walls += 1;
                dots += usize::from(l.from == l.to);
            }));
            (walls, dots)
        };
        assert_eq!(count(LEVELS).1, 0);
        // A 3 x 3 torus with every passage shut: 18 sides between cells, 6 of them over a
        // seam and drawn on both edges.
        let shut = r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"xy","cells":["000","000","000"]}"#;
        assert_eq!(count(shut).0, 24);
    }

    #[test]
    fn each_passage_over_a_seam_has_its_number_at_both_ends() {
        for text in [
            TORUS,
            r#"{"kind":"maze","version":1,"tiling":"cube","width":1,"height":1,"cells":["2","8","3","0","0","1"],"start":[0,0],"goal":[5,0]}"#,
        ] {
            let d = doc(text);
            let layout = Layout::new(&d, 10.0);
            let pairs = seam_pairs(&marks(&d, &layout));
            assert!(!pairs.is_empty());
            assert!(pairs.values().all(|&n| n == 2), "{pairs:?}");
        }
        // The torus's path crosses seams: those numbers are in the path's colour.
        let d = doc(TORUS);
        let layout = Layout::new(&d, 10.0);
        assert!(
            marks(&d, &layout)
                .iter()
                .any(|m| matches!(m, Mark::Seam { on_path: true, .. }))
        );
    }

    /// `text`'s maze with every passage open: each seam's letters at both ends.
    fn all_open(text: &str) -> TiledDoc {
        let mut d = doc(text);
        let mut sides = Vec::new();
        grid_core::on_tiled_maze!(&mut d.maze, m => {
            let cells: Vec<Cell> = m.cells().collect();
            for cell in cells {
                m.sides(cell, &mut sides);
                for s in sides.clone() {
                    if !s.is_edge() && s.to != NO_CELL {
                        m.open(s);
                    }
                }
            }
        });
        d
    }

    /// Each seam letter stands just outside the middle of its cell's side (within `near`
    /// cells of it), inside the picture, and covers no other.
    fn letters_are_placed_well(d: &TiledDoc, near: f64, what: &str) {
        // As a picture draws it by default (see `scale` in tiled/mod.rs).
        let layout = Layout::new(d, 24.0 / Layout::unit(d).cell_span());
        let (w, h) = layout.pixels(0);
        let size = layout.label_size();
        let span = layout.scale() * layout.cell_span();
        let mut boxes = Vec::new();
        for mark in marks(d, &layout) {
            let Mark::Seam {
                at,
                side,
                anchor,
                pair,
                ..
            } = mark
            else {
                continue;
            };
            let b = letter_box(at, anchor, &pair_name(pair), size);
            let near = (at.0 - side.0).hypot(at.1 - side.1) <= span * near;
            assert!(
                near,
                "{what}: {} at {at:?}, its side at {side:?}",
                pair_name(pair)
            );
            assert!(
                b[0] >= 0.0 && b[1] >= 0.0 && b[2] <= w as f64 && b[3] <= h as f64,
                "{what}: {} at {at:?} leaves the {w} x {h} picture",
                pair_name(pair)
            );
            if let Some(o) = boxes.iter().find(|o| overlap(o, &b)) {
                panic!("{what}: {} at {at:?} covers {o:?}", pair_name(pair));
            }
            boxes.push(b);
        }
        assert!(!boxes.is_empty(), "{what}");
    }

    #[test]
    fn seam_letters_stand_outside_their_sides_and_cover_none_other() {
        for n in 2..=6 {
            let cells = vec![format!("\"{}\"", "0".repeat(n)); 6 * n].join(",");
            let text = format!(
                r#"{{"kind":"maze","version":1,"tiling":"cube","width":{n},"height":{n},"cells":[{cells}]}}"#
            );
            // Letters crowd at the net's inner corners: some stand further out and along.
            letters_are_placed_well(&all_open(&text), 1.3, &format!("cube {n}"));
        }
        // Hexagons' top and bottom rows cross the seam by up to three sides a cell: with every
        // side open that is more letters than the margin holds apart (a maze opens one side
        // of a cell or two), so those are checked on the side seams alone.
        for (w, h) in [(4, 3), (6, 5), (8, 3)] {
            let cells = vec![format!("\"{}\"", "0".repeat(w)); h].join(",");
            for (tiling, wrap) in [("hex", "x"), ("wrapped", "xy"), ("wrapped", "mobius")] {
                let text = format!(
                    r#"{{"kind":"maze","version":1,"tiling":"{tiling}","width":{w},"height":{h},"wrap":"{wrap}","cells":[{cells}]}}"#
                );
                letters_are_placed_well(&all_open(&text), 1.3, &format!("{tiling} {wrap} {w}x{h}"));
            }
        }
    }
}
