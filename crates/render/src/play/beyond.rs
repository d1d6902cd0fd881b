//! Pages that play mazes beyond the plane: levels side by side, a wrapped maze flat with the
//! letters of its seams, the cube's net. The page walks the same model as a flat maze's (the
//! cells, their outlines, the open passages, all from grid-core's topology, the rules' one
//! home: a seam's or a stair's passage is one more neighbour), and is told besides what the
//! plane does not show: the way on the page each passage leaves its cell (a passage over a
//! seam leaves by its side, wherever it lands), the stairs, the levels or faces, and the
//! marks the still pictures draw (crate::tiled's `beyond`).

use super::{Model, index_of, round, tiled_cells};
use crate::tiled::Layout;
use crate::tiled::beyond::{self, Anchor, Mark, NET};
use crate::tiled::layout::Scratch;
use grid_core::tiling::{AnyMaze, Cell, Cube, FACE_NAMES, Side, TiledDoc, TiledMaze, Topology};
use serde::Serialize;
use std::fmt::Write as _;

/// Units (cells) of room around the maze for the labels over the levels and the letters
/// outside the seams.
const MARGIN: f64 = 1.0;

/// What a page beyond the plane is given besides the flat model.
#[derive(Debug, Serialize)]
pub(super) struct Beyond {
    /// `level` or `face`, the parts the maze is drawn in; none for a wrapped maze, drawn
    /// whole.
    kind: Option<&'static str>,
    /// Each part: what `data-level` or `data-face` says of it, its words on the status
    /// line, and its box (x, y, width, height).
    parts: Vec<(String, String, [f64; 4])>,
    /// Each cell's part (0 on a wrapped maze).
    part: Vec<u32>,
    /// The way on the page each open passage of a cell leaves it, in the order of `next`:
    /// a unit step (x right, y down), or (0, 0) for a stair.
    ways: Vec<Vec<(f64, f64)>>,
    /// Each cell's stairs, up and down: the cell each leads to (levels only).
    stairs: Vec<(Option<u32>, Option<u32>)>,
    /// Labels over the levels and the Möbius seam: x, y, text, anchor (`start`, `middle`,
    /// `end`).
    labels: Vec<(f64, f64, String, &'static str)>,
    /// The faces' names, faint under the cells: x, y, name.
    names: Vec<(f64, f64, String)>,
    /// The stairs marks (triangles up, down) as SVG polygon points.
    climbs: Vec<String>,
    /// Each end of a passage over a seam: x, y, its letter (the same at the other end),
    /// anchor, and the cell the passage leads to, where tapping the letter steps.
    seams: Vec<Seam>,
    /// The cube's edges, for the view that follows the walker (cube only): for each face and
    /// each of its sides (N, E, S, W as the net draws it), the face across that edge and the
    /// quarter turns (clockwise) the view takes on crossing it.
    #[serde(skip_serializing_if = "Option::is_none")]
    meets: Option<Vec<[(u32, u8); 4]>>,
    /// The keys, in the words of the page's key line.
    #[serde(skip)]
    keys: &'static str,
}

impl Beyond {
    /// The keys the page is walked with, for its key line.
    pub(super) fn keys(&self) -> &'static str {
        self.keys
    }

    /// Whether the view follows the walker, turning over the edges (the cube).
    pub(super) fn follows(&self) -> bool {
        self.meets.is_some()
    }
}

/// The model of a maze beyond the plane (its cells counted and found few enough).
pub(super) fn model(doc: &TiledDoc) -> Model {
    let layout = Layout::with_margin(doc, 1.0, MARGIN);
    let mut model = grid_core::on_tiled_maze!(&doc.maze, m => {
        let mut model = tiled_cells(m, &layout);
        model.walls = walls(m, &layout);
        model.beyond = Some(ways_and_marks(m, doc, &layout));
        model
    });
    model.tiling = doc.maze.tiling().to_string();
    let (w, h) = layout.unit_size();
    model.size = (w + 2.0 * MARGIN, h + 2.0 * MARGIN);
    model.start = index_of(doc, layout.start);
    model.goal = index_of(doc, layout.goal);
    if let (Some(beyond), AnyMaze::Levels(m)) = (&mut model.beyond, &doc.maze) {
        beyond.stairs = stairs(m);
    }
    if let (Some(beyond), AnyMaze::Cube(m)) = (&mut model.beyond, &doc.maze) {
        beyond.meets = Some(meets(m.topology()));
    }
    model
}

/// Each face's edges: the face across each side and the view's turn on crossing it.
///
/// The view shows the walker's face turned so that screen north is its side `turn`; an
/// arrow pointing screen way `d` takes side `(d + turn) % 4`. Over an edge the walker lands
/// on the next face by its side `back` and goes on opposite it, so the arrow still points
/// its way when screen `d` is that face's side `back + 2`: the new turn is `back + 2 - d`,
/// the old one plus `back + 2 - side` (mazesolve's terminal game keeps the same rule).
fn meets(cube: &Cube) -> Vec<[(u32, u8); 4]> {
    let n = cube.size();
    let mut sides = Vec::new();
    (0..6)
        .map(|face| {
            std::array::from_fn(|side| {
                // A corner cell on that side: (0, 0) touches N and W, (n-1, n-1) E and S.
                let corner = if side == 0 || side == 3 { 0 } else { n * n - 1 };
                let from = (face * n * n + corner) as Cell;
                cube.sides(from, &mut sides);
                let to = sides[side].to;
                cube.sides(to, &mut sides);
                let back = sides
                    .iter()
                    .position(|s| s.to == from)
                    .expect("a side of the next face leads back");
                (cube.place(to).0 as u32, ((back + 6 - side) % 4) as u8)
            })
        })
        .collect()
}

/// The walls as one SVG path, a closed side over a seam drawn on both edges (as on the
/// still pictures).
fn walls<T: Topology>(m: &TiledMaze<T>, layout: &Layout) -> String {
    let mut d = String::new();
    layout.for_each_wall(m, &mut Scratch::default(), |line| {
        let (a, b) = (line.from, line.to);
        let _ = write!(
            d,
            "M{} {}L{} {}",
            round(a.0),
            round(a.1),
            round(b.0),
            round(b.1)
        );
    });
    d
}

/// The page's numbers of the cells, by cell (`u32::MAX` for a cell outside the mask).
fn numbers<T: Topology>(m: &TiledMaze<T>) -> Vec<u32> {
    let all: Vec<Cell> = m.cells().collect();
    let mut id = vec![u32::MAX; all.last().map_or(0, |&c| c as usize + 1)];
    for (k, &c) in all.iter().enumerate() {
        id[c as usize] = k as u32;
    }
    id
}

/// Whether a cell's side is a passage the walker may take: what the page's `next` holds.
fn passage<T: Topology>(m: &TiledMaze<T>, s: &Side) -> bool {
    !s.is_edge() && m.is_open(*s)
}

/// The ways out of each cell, its part, the parts, and the marks of the still pictures.
fn ways_and_marks<T: Topology>(m: &TiledMaze<T>, doc: &TiledDoc, layout: &Layout) -> Beyond {
    let t = m.topology();
    let id = numbers(m);
    let (mut sides, mut edges, mut lines) = (Vec::new(), Vec::new(), Vec::new());
    let mut ways = Vec::new();
    for cell in m.cells() {
        m.sides(cell, &mut sides);
        layout.lines(t, cell, &mut edges, &mut lines);
        let centre = layout.place(t.center(cell));
        ways.push(
            sides
                .iter()
                .zip(&lines)
                .filter(|(s, _)| passage(m, s))
                .map(|(_, line)| {
                    let mid = (
                        (line.from.0 + line.to.0) / 2.0,
                        (line.from.1 + line.to.1) / 2.0,
                    );
                    let (dx, dy) = (mid.0 - centre.0, mid.1 - centre.1);
                    let length = dx.hypot(dy);
                    if length < 1e-9 {
                        (0.0, 0.0)
                    } else {
                        (round(dx / length), round(dy / length))
                    }
                })
                .collect(),
        );
    }
    let Parts {
        kind,
        list,
        of_cell,
        keys,
    } = parts(doc, layout);
    let part = of_cell.unwrap_or_else(|| vec![0; ways.len()]);
    let mut beyond = Beyond {
        kind,
        parts: list,
        part,
        ways,
        stairs: Vec::new(),
        labels: Vec::new(),
        names: Vec::new(),
        climbs: Vec::new(),
        seams: Vec::new(),
        meets: None,
        keys,
    };
    let point = |p: (f64, f64)| (round(p.0), round(p.1));
    for mark in beyond::marks(doc, layout) {
        match mark {
            Mark::Label { at, text, anchor } => {
                let (x, y) = point(at);
                beyond.labels.push((x, y, text, anchor_name(anchor)));
            }
            Mark::Name { at, text } => {
                let (x, y) = point(at);
                beyond.names.push((x, y, text));
            }
            Mark::Stairs { at, up, down, .. } => {
                for triangle in beyond::stair_triangles(at, up, down, 1.0) {
                    let points: Vec<String> = triangle
                        .iter()
                        .map(|&(x, y)| format!("{},{}", round(x), round(y)))
                        .collect();
                    beyond.climbs.push(points.join(" "));
                }
            }
            Mark::Seam {
                at,
                pair,
                anchor,
                to,
                ..
            } => {
                let (x, y) = point(at);
                let to = id.get(to as usize).copied().unwrap_or(u32::MAX);
                beyond
                    .seams
                    .push((x, y, beyond::pair_name(pair), anchor_name(anchor), to));
            }
        }
    }
    spread(&mut beyond.seams);
    beyond
}

/// The room a seam's letter takes on the page, in cells: its tap target's width and height
/// (the page draws the letter 0.6 cells high inside it).
const LETTER: (f64, f64) = (0.6, 0.7);

/// A seam letter's tap target: left, top, right, bottom (as the page lays it out).
fn letter_box(&(x, y, _, anchor, _): &Seam) -> [f64; 4] {
    let left = match anchor {
        "start" => x,
        "end" => x - LETTER.0,
        _ => x - LETTER.0 / 2.0,
    };
    [
        left,
        y - LETTER.1 / 2.0,
        left + LETTER.0,
        y + LETTER.1 / 2.0,
    ]
}

/// Seam letters drawn over each other moved apart along the side, about their middle, each
/// still beside its cell: on a wrapped hex maze the two sides of a column's outer corner
/// meet there, and their letters stand a quarter cell apart.
fn spread(seams: &mut [Seam]) {
    let mut order: Vec<usize> = (0..seams.len()).collect();
    order.sort_by(|&i, &j| seams[i].1.total_cmp(&seams[j].1));
    for (k, &a) in order.iter().enumerate() {
        for &b in &order[k + 1..] {
            let ([al, _, ar, ab], [bl, bt, br, _]) = (letter_box(&seams[a]), letter_box(&seams[b]));
            if bt < ab && bl < ar && al < br {
                let middle = (seams[a].1 + seams[b].1) / 2.0;
                seams[a].1 = round(middle - LETTER.1 / 2.0);
                seams[b].1 = round(middle + LETTER.1 / 2.0);
            }
        }
    }
}

/// A seam's letter on the page: x, y, the letter, its anchor, and the cell it leads to.
type Seam = (f64, f64, String, &'static str, u32);

fn anchor_name(anchor: Anchor) -> &'static str {
    match anchor {
        Anchor::Start => "start",
        Anchor::Middle => "middle",
        Anchor::End => "end",
    }
}

/// What a maze is drawn in: its levels or faces (none for a wrapped maze, drawn whole), and
/// the keys it is walked with.
struct Parts {
    kind: Option<&'static str>,
    /// Each part's data value, words and box.
    list: Vec<(String, String, [f64; 4])>,
    /// Each cell's part, in the order of the cells; none when all are in one.
    of_cell: Option<Vec<u32>>,
    keys: &'static str,
}

/// The levels or faces of the maze, each cell's, and the keys the page is walked with.
fn parts(doc: &TiledDoc, layout: &Layout) -> Parts {
    let frame = |x: f64, y: f64, w: f64, h: f64| {
        let (x, y) = layout.place((x, y));
        [round(x), round(y), w, h]
    };
    match &doc.maze {
        AnyMaze::Levels(m) => {
            let t = m.topology();
            let (w, h, levels) = (t.width() as f64, t.height() as f64, t.levels());
            let list = (0..levels)
                .map(|l| {
                    let words = format!("level {} of {levels}", l + 1);
                    (l.to_string(), words, frame(l as f64 * (w + 1.0), 0.0, w, h))
                })
                .collect();
            Parts {
                kind: Some("level"),
                list,
                of_cell: Some(m.cells().map(|c| t.level(c) as u32).collect()),
                keys: "arrow keys or WASD, and PageUp or R up the stairs, PageDown or F down \
                       them (where a triangle marks them; the buttons climb too)",
            }
        }
        AnyMaze::Cube(m) => {
            let t = m.topology();
            let n = t.size() as f64;
            let list = NET
                .iter()
                .zip(FACE_NAMES)
                .map(|(&(x, y), name)| {
                    let words = format!("on the {name} face");
                    (name.to_string(), words, frame(x * n, y * n, n, n))
                })
                .collect();
            Parts {
                kind: Some("face"),
                list,
                of_cell: Some(m.cells().map(|c| t.place(c).0 as u32).collect()),
                keys: "arrow keys or WASD, each the way it points on your face drawn large; \
                       over an edge onto the next face the view turns with you, so that the \
                       arrow you pressed still points your way (the net below is the map, \
                       your face marked)",
            }
        }
        AnyMaze::HexWrap(_) => wrapped(
            "arrow keys or WASD, and Q, E, Z and C diagonally; walking off an edge comes \
             back on the other side, at the same letter (tap a letter to cross there)",
        ),
        _ => wrapped(
            "arrow keys or WASD; walking off an edge comes back on the other side, at the \
             same letter (tap a letter to cross there)",
        ),
    }
}

/// A wrapped maze's one part, drawn whole, walked with `keys`.
fn wrapped(keys: &'static str) -> Parts {
    Parts {
        kind: None,
        list: Vec::new(),
        of_cell: None,
        keys,
    }
}

/// Each cell's stairs up and down (its fifth and sixth sides), where open.
fn stairs(m: &TiledMaze<grid_core::tiling::Levels>) -> Vec<(Option<u32>, Option<u32>)> {
    let id = numbers(m);
    let mut sides = Vec::new();
    m.cells()
        .map(|cell| {
            m.sides(cell, &mut sides);
            let open = |k: usize| {
                sides
                    .get(k)
                    .filter(|s| passage(m, s))
                    .map(|s| id[s.to as usize])
            };
            (open(4), open(5))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::Document;

    fn doc(text: &str) -> TiledDoc {
        TiledDoc::from_document(&Document::from_json(text).unwrap()).unwrap()
    }

    const LEVELS: &str = r#"{"kind":"maze","version":1,"tiling":"levels","width":2,"height":2,"levels":2,"cells":["46","50","10","10"],"start":[0,0],"goal":[3,1]}"#;
    const TORUS: &str = r#"{"kind":"maze","version":1,"tiling":"wrapped","width":3,"height":3,"wrap":"xy","cells":["210","112","122"],"start":[2,0],"goal":[0,0]}"#;

    #[test]
    fn each_passage_has_its_way_and_a_stair_none() {
        let model = model(&doc(LEVELS));
        let beyond = model.beyond.as_ref().unwrap();
        for (next, ways) in model.next.iter().zip(&beyond.ways) {
            assert_eq!(next.len(), ways.len());
        }
        // Cell [0,0] (level 0) goes only up the stairs, to [2,0]; cell [0,1] goes south
        // and up.
        assert_eq!(model.next[0], [4]);
        assert_eq!(beyond.ways[0], [(0.0, 0.0)]);
        assert_eq!(model.next[1], [3, 5]);
        assert_eq!(beyond.ways[1], [(0.0, 1.0), (0.0, 0.0)]);
        assert_eq!(beyond.stairs[0], (Some(4), None));
        assert_eq!(beyond.stairs[4], (None, Some(0)));
        assert_eq!(beyond.part, [0, 0, 0, 0, 1, 1, 1, 1]);
        assert_eq!(beyond.kind, Some("level"));
    }

    #[test]
    fn a_passage_over_a_seam_leaves_by_its_side_and_its_letter_leads_over() {
        let model = model(&doc(TORUS));
        let beyond = model.beyond.as_ref().unwrap();
        // Every step goes the way it is drawn to leave, around the torus: over a seam too.
        let mut seams = 0;
        for (a, (next, ways)) in model.next.iter().zip(&beyond.ways).enumerate() {
            for (&b, &(dx, dy)) in next.iter().zip(ways) {
                let (ca, cb) = (model.cells[a], model.cells[b as usize]);
                let (row, col) = (
                    (ca.2 as f64 + dy + 3.0) % 3.0,
                    (ca.3 as f64 + dx + 3.0) % 3.0,
                );
                assert_eq!((row, col), (cb.2 as f64, cb.3 as f64), "{a} to {b}");
                seams += usize::from((ca.0 - cb.0).hypot(ca.1 - cb.1) > 1.01);
            }
        }
        assert!(seams > 0);
        // Each seam's letter stands at both ends, each leading to the other end's cell.
        let mut by_letter: std::collections::HashMap<&str, Vec<u32>> = Default::default();
        for (_, _, letter, _, to) in &beyond.seams {
            by_letter.entry(letter.as_str()).or_default().push(*to);
        }
        assert_eq!(by_letter.len() * 2, seams);
        for (letter, ends) in by_letter {
            assert_eq!(ends.len(), 2, "{letter}");
            assert!(model.next[ends[0] as usize].contains(&ends[1]), "{letter}");
        }
        assert!(beyond.stairs.is_empty() && beyond.kind.is_none());
    }

    #[test]
    fn each_page_beyond_the_plane_says_its_keys_and_carries_its_part() {
        const CUBE: &str = r#"{"kind":"maze","version":1,"tiling":"cube","width":1,"height":1,"cells":["2","8","3","0","0","1"],"start":[0,0],"goal":[5,0]}"#;
        for (text, keys, scripts) in [
            (LEVELS, "PageUp", 3),
            (TORUS, "other side", 3),
            (CUBE, "view turns", 4),
        ] {
            let page = super::super::maze_page(&Document::from_json(text).unwrap()).unwrap();
            assert!(page.contains(keys), "{keys}");
            assert!(!page.contains("{{"), "a slot left");
            // The head's script, the walk's and this module's; the cube's view besides.
            assert_eq!(page.matches("<script>").count(), scripts);
            assert_eq!(page.matches("</script>").count(), scripts);
            assert_eq!(page.contains("\"meets\":"), scripts == 4);
            assert!(page.contains("let unit = 1;") && page.contains("\"beyond\":{"));
        }
        let flat = r#"{"kind":"maze","version":1,"tiling":"hex","width":2,"height":2,"cells":["00","00"]}"#;
        let flat = TiledDoc::from_document(&Document::from_json(flat).unwrap()).unwrap();
        let json = serde_json::to_string(&super::super::tiled_model(&flat).unwrap()).unwrap();
        assert!(!json.contains("beyond"), "{json}");
    }

    /// `mazegen --tiling hex --wrap x --seed 1 4 3`: the left column's corners carry two
    /// seams each.
    const HEX_WRAP: &str = r#"{"kind":"maze","version":1,"tiling":"hex","width":4,"height":3,"wrap":"x","cells":["0606","1341","0202"],"start":[0,0],"goal":[2,3]}"#;

    #[test]
    fn no_seam_letter_is_drawn_over_another() {
        for text in [HEX_WRAP, TORUS] {
            let model = model(&doc(text));
            let seams = &model.beyond.as_ref().unwrap().seams;
            for (k, a) in seams.iter().enumerate() {
                for b in &seams[k + 1..] {
                    let ([al, at, ar, ab], [bl, bt, br, bb]) = (letter_box(a), letter_box(b));
                    let apart = ar <= bl || br <= al || ab <= bt || bb <= at;
                    assert!(apart, "{a:?} over {b:?}");
                }
            }
        }
    }

    #[test]
    fn a_wrapped_hex_page_says_its_diagonal_keys() {
        let page = super::super::maze_page(&Document::from_json(HEX_WRAP).unwrap()).unwrap();
        assert!(page.contains("Q, E, Z and C diagonally; walking off an edge"));
        let page = super::super::maze_page(&Document::from_json(TORUS).unwrap()).unwrap();
        assert!(!page.contains("Q, E, Z and C"));
    }

    /// The faces each face meets north, east, south and west as the net draws them
    /// (docs/format.md, the cube's faces).
    const MEETS: [[u32; 4]; 6] = [
        [1, 2, 4, 3],
        [5, 2, 0, 3],
        [1, 5, 4, 0],
        [1, 0, 4, 5],
        [0, 2, 5, 3],
        [1, 3, 4, 2],
    ];

    #[test]
    fn the_cube_view_turns_back_over_each_edge_as_it_turned_going() {
        for n in [1, 2, 5] {
            let meets = meets(&Cube::new(n));
            for (face, sides) in meets.iter().enumerate() {
                for (side, &(next, turn)) in sides.iter().enumerate() {
                    assert_eq!(next, MEETS[face][side], "cube {n}: face {face} side {side}");
                    let back = MEETS[next as usize].iter().position(|&f| f == face as u32);
                    let (_, turn_back) = meets[next as usize][back.unwrap()];
                    assert_eq!(
                        (turn + turn_back) % 4,
                        0,
                        "cube {n}: face {face} side {side}"
                    );
                }
            }
            // North from the top, the walker comes onto the back by its north edge, going
            // south on the net: the view turns half round, so that Up goes on down the back.
            assert_eq!(meets[1][0], (5, 2));
            // Across the net's folds (front to right, front to top) the view stays.
            assert_eq!(meets[0][1], (2, 0));
            assert_eq!(meets[0][0], (1, 0));
        }
    }
}
