//! Mazes for machines, read back: the cut files' walls against the maze document's cells,
//! read through grid-core's own topology; the printed solids through an independent mesh
//! library (trimesh, in Python).

use crate::harness::{run, scratch};
use grid_core::tiling::{TiledDoc, Topology};
use grid_core::{Document, MazeDoc, Pos, Tile};
use std::collections::BTreeMap;

/// A wall: its two ends in the maze's units, and its radius when it is an arc.
#[derive(Debug, Clone, Copy)]
struct Wall {
    a: (f64, f64),
    b: (f64, f64),
    radius: Option<f64>,
}

impl Wall {
    fn same(&self, other: &Wall) -> bool {
        let near = |p: (f64, f64), q: (f64, f64)| (p.0 - q.0).abs() + (p.1 - q.1).abs() < 2e-3;
        let ends = (near(self.a, other.a) && near(self.b, other.b))
            || (near(self.a, other.b) && near(self.b, other.a));
        let radius = match (self.radius, other.radius) {
            (None, None) => true,
            (Some(r), Some(s)) => (r - s).abs() < 2e-3,
            _ => false,
        };
        ends && radius
    }
}

/// The walls of a maze document, as its cells say: on a square maze the wall tiles between
/// two cell tiles, on the others each closed side once, through grid-core's topology.
/// Returns the walls and the units across a cell.
fn walls_of(doc: &str) -> (Vec<Wall>, f64) {
    let doc = Document::from_json(doc).unwrap();
    if let Ok(tiled) = TiledDoc::from_document(&doc) {
        let mut walls = Vec::new();
        let mut per_cell = 1.0;
        grid_core::on_tiled_maze!(&tiled.maze, m => {
            let t = m.topology();
            if tiled.maze.tiling() == grid_core::tiling::Tiling::Hex {
                per_cell = 2.0;
            }
            let (mut sides, mut edges) = (Vec::new(), Vec::new());
            for cell in m.cells() {
                m.sides(cell, &mut sides);
                t.edges(cell, &mut edges);
                for (s, e) in sides.iter().zip(&edges) {
                    if s.is_edge() || (s.to > cell && !m.is_open(*s)) {
                        walls.push(Wall { a: e.from, b: e.to, radius: e.arc.map(|a| a.radius) });
                    }
                }
            }
        });
        return (walls, per_cell);
    }
    let m = MazeDoc::from_document(&doc).unwrap();
    let outside = m.outside();
    let mut walls = Vec::new();
    for r in 0..m.tiles.height() {
        for c in 0..m.tiles.width() {
            let p = Pos::new(r, c);
            let wall = m.tiles[p] == Tile::Wall && outside.as_ref().is_none_or(|o| !o[p]);
            if !wall || (r % 2 == 0) == (c % 2 == 0) {
                continue;
            }
            let (x, y) = ((c / 2) as f64, (r / 2) as f64);
            let b = if r % 2 == 0 {
                (x + 1.0, y)
            } else {
                (x, y + 1.0)
            };
            walls.push(Wall {
                a: (x, y),
                b,
                radius: None,
            });
        }
    }
    (walls, 1.0)
}

/// A stroke of a cut SVG: its points in millimetres, each piece's arc radius or none.
#[derive(Debug)]
struct Stroke {
    points: Vec<(f64, f64)>,
    radii: Vec<Option<f64>>,
}

/// The strokes of a cut SVG: polylines, and paths of M, L and A.
fn strokes_of(svg: &str) -> Vec<Stroke> {
    let doc = roxmltree::Document::parse(svg).expect("the SVG is XML");
    let pair = |s: &str| {
        let (x, y) = s.split_once(',').unwrap();
        (x.parse::<f64>().unwrap(), y.parse::<f64>().unwrap())
    };
    let mut out = Vec::new();
    // The start's and goal's marks are engraved, not cut: they are no walls.
    let marks = |n: &roxmltree::Node| n.ancestors().any(|a| a.attribute("id") == Some("marks"));
    for n in doc.descendants().filter(|n| !marks(n)) {
        if n.has_tag_name("polyline") {
            let points: Vec<(f64, f64)> = n
                .attribute("points")
                .unwrap()
                .split(' ')
                .map(pair)
                .collect();
            let radii = vec![None; points.len() - 1];
            out.push(Stroke { points, radii });
        } else if n.has_tag_name("path") {
            let d = n.attribute("d").unwrap();
            let mut stroke = Stroke {
                points: Vec::new(),
                radii: Vec::new(),
            };
            let words: Vec<&str> = d.split(' ').collect();
            let mut i = 0;
            while i < words.len() {
                let w = words[i];
                match &w[..1] {
                    "M" => stroke.points.push(pair(&w[1..])),
                    "L" => {
                        stroke.points.push(pair(&w[1..]));
                        stroke.radii.push(None);
                    }
                    "A" => {
                        let r = pair(&w[1..]).0;
                        stroke.points.push(pair(words[i + 4]));
                        stroke.radii.push(Some(r));
                        i += 4;
                    }
                    other => panic!("a path command {other}"),
                }
                i += 1;
            }
            out.push(stroke);
        }
    }
    out
}

/// The walls the strokes cut, in the maze's units (the same corner as `expected` at the
/// origin), each straight piece split at the corners of `expected` it passes.
fn cut_walls(strokes: &[Stroke], mm_a_unit: f64, expected: &[Wall]) -> Vec<Wall> {
    let corner = |walls: &mut dyn Iterator<Item = (f64, f64)>| {
        walls.fold((f64::MAX, f64::MAX), |m, p| (m.0.min(p.0), m.1.min(p.1)))
    };
    let e0 = corner(&mut expected.iter().flat_map(|w| [w.a, w.b]));
    let s0 = corner(&mut strokes.iter().flat_map(|s| s.points.iter().copied()));
    let unit = |p: (f64, f64)| {
        (
            (p.0 - s0.0) / mm_a_unit + e0.0,
            (p.1 - s0.1) / mm_a_unit + e0.1,
        )
    };
    let corners: Vec<(f64, f64)> = expected.iter().flat_map(|w| [w.a, w.b]).collect();
    let mut walls = Vec::new();
    for s in strokes {
        for (pair, radius) in s.points.windows(2).zip(&s.radii) {
            let (a, b) = (unit(pair[0]), unit(pair[1]));
            let Some(r) = radius else {
                // The corners strictly inside the piece, in order along it.
                let (dx, dy) = (b.0 - a.0, b.1 - a.1);
                let length2 = dx * dx + dy * dy;
                let mut inner: Vec<(f64, (f64, f64))> = corners
                    .iter()
                    .filter_map(|&p| {
                        let t = ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / length2;
                        let off = ((p.0 - a.0) * dy - (p.1 - a.1) * dx).abs() / length2.sqrt();
                        let margin = 2e-3 / length2.sqrt();
                        (t > margin && t < 1.0 - margin && off < 1e-3).then_some((t, p))
                    })
                    .collect();
                inner.sort_by(|x, y| x.0.total_cmp(&y.0));
                inner.dedup_by(|x, y| (x.0 - y.0).abs() < 1e-9);
                let mut from = a;
                for (_, p) in inner {
                    walls.push(Wall {
                        a: from,
                        b: p,
                        radius: None,
                    });
                    from = p;
                }
                walls.push(Wall {
                    a: from,
                    b,
                    radius: None,
                });
                continue;
            };
            walls.push(Wall {
                a,
                b,
                radius: Some(r / mm_a_unit),
            });
        }
    }
    walls
}

/// The fewest strokes that cut a set of walls: half the odd corners of each piece of the
/// wall graph, one for a piece with none.
fn fewest(walls: &[Wall]) -> usize {
    let key = |p: (f64, f64)| ((p.0 * 1000.0).round() as i64, (p.1 * 1000.0).round() as i64);
    let mut ids: BTreeMap<(i64, i64), usize> = BTreeMap::new();
    let mut id = |p| {
        let n = ids.len();
        *ids.entry(key(p)).or_insert(n)
    };
    let edges: Vec<(usize, usize)> = walls.iter().map(|w| (id(w.a), id(w.b))).collect();
    let n = ids.len();
    let mut parent: Vec<usize> = (0..n).collect();
    fn root(parent: &mut [usize], mut p: usize) -> usize {
        while parent[p] != p {
            p = parent[p];
        }
        p
    }
    let mut degree = vec![0; n];
    for &(a, b) in &edges {
        degree[a] += 1;
        degree[b] += 1;
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }
    let mut odd: BTreeMap<usize, usize> = BTreeMap::new();
    for (p, d) in degree.iter().enumerate() {
        let r = root(&mut parent, p);
        *odd.entry(r).or_default() += d % 2;
    }
    odd.values().map(|&o| (o / 2).max(1)).sum()
}

/// The mazes every machine is given: every tiling, a mask, a woven maze left out.
fn mazes(dir: &std::path::Path) -> Vec<(&'static str, String)> {
    let mask = dir.join("mask.txt");
    std::fs::write(&mask, "....##\n....##\n......\n......\n").unwrap();
    let made = |args: &[&str]| {
        let r = run("mazegen", args, "");
        assert_eq!(r.status, 0, "{args:?}: {}", r.stderr);
        r.stdout
    };
    vec![
        ("square", made(&["--seed", "3", "9", "6"])),
        (
            "masked",
            made(&["--seed", "3", "--mask", mask.to_str().unwrap()]),
        ),
        ("hex", made(&["--seed", "3", "--tiling", "hex", "6", "5"])),
        (
            "triangle",
            made(&["--seed", "3", "--tiling", "triangle", "8", "5"]),
        ),
        (
            "octagon",
            made(&["--seed", "3", "--tiling", "octagon", "5", "4"]),
        ),
        ("polar", made(&["--seed", "3", "--tiling", "polar", "5"])),
    ]
}

/// `--for laser` cuts every wall of every tiling exactly once, none missing, arcs as arcs,
/// in as few strokes as the walls allow, each stroke going on round corners until it meets
/// a branch; and the sheet is as many millimetres as asked.
#[test]
fn every_tiling_is_cut_wall_by_wall_once_in_the_fewest_strokes() {
    let dir = scratch("machines-cut");
    for (name, maze) in mazes(&dir) {
        let r = run(
            "gridrender",
            &["--for", "laser", "--cell-mm", "10", "-f", "svg"],
            &maze,
        );
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        let (expected, per_cell) = walls_of(&maze);
        let strokes = strokes_of(&r.stdout);
        let cut = cut_walls(&strokes, 10.0 / per_cell, &expected);
        let mut matched = vec![false; cut.len()];
        for w in &expected {
            let hits: Vec<usize> = (0..cut.len()).filter(|&k| cut[k].same(w)).collect();
            assert_eq!(
                hits.len(),
                1,
                "{name}: the wall {w:?} is cut {} times",
                hits.len()
            );
            matched[hits[0]] = true;
        }
        let stray: Vec<&Wall> = cut
            .iter()
            .zip(&matched)
            .filter(|(_, m)| !**m)
            .map(|(w, _)| w)
            .collect();
        assert!(stray.is_empty(), "{name}: cuts where no wall is: {stray:?}");
        assert_eq!(
            strokes.len(),
            fewest(&expected),
            "{name}: the fewest strokes"
        );
        // A straight run is one line: no stroke has a point in the middle of one.
        for s in &strokes {
            for (k, w) in s.points.windows(3).enumerate() {
                let straight = s.radii[k].is_none() && s.radii[k + 1].is_none();
                let cross =
                    (w[1].0 - w[0].0) * (w[2].1 - w[1].1) - (w[1].1 - w[0].1) * (w[2].0 - w[1].0);
                assert!(
                    !straight || cross.abs() > 1e-6,
                    "{name}: a point in a straight run"
                );
            }
        }
        let svg = roxmltree::Document::parse(&r.stdout).unwrap();
        let width: f64 = svg
            .root_element()
            .attribute("width")
            .unwrap()
            .trim_end_matches("mm")
            .parse()
            .unwrap();
        let view: Vec<f64> = svg
            .root_element()
            .attribute("viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        assert!(
            (view[2] - width).abs() < 1e-9,
            "{name}: the viewBox is in millimetres"
        );
    }
}

/// A polar maze's DXF keeps its arcs: a vertex's bulge, read back by the dxf crate, for
/// each curved wall; straight walls have none.
#[test]
fn a_polar_dxf_keeps_its_arcs() {
    let dir = scratch("machines-dxf");
    let maze = run("mazegen", &["--seed", "2", "--tiling", "polar", "4"], "").stdout;
    let path = dir.join("polar.dxf");
    let r = run(
        "gridrender",
        &["--for", "laser", "-o", path.to_str().unwrap()],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let (expected, _) = walls_of(&maze);
    let arcs = expected.iter().filter(|w| w.radius.is_some()).count();
    let drawing = dxf::Drawing::load_file(path.to_str().unwrap()).unwrap();
    let mut bulges = 0;
    for e in drawing.entities().filter(|e| e.common.layer != "MARKS") {
        let dxf::entities::EntityType::Polyline(ref p) = e.specific else {
            panic!("a polyline");
        };
        let vertices: Vec<_> = p.vertices().collect();
        let pieces = if p.is_closed() {
            vertices.len()
        } else {
            vertices.len() - 1
        };
        bulges += vertices[..pieces].iter().filter(|v| v.bulge != 0.0).count();
        // Each bulge a quarter turn at most: an arc of one cell.
        assert!(vertices.iter().all(|v| v.bulge.abs() <= 1.0));
    }
    assert_eq!(bulges, arcs, "an arc a curved wall");
}

/// Every arc of a polar maze's DXF turns round the maze's centre: each bulge's sign says
/// which side of its chord the centre lies (positive turning anticlockwise, y up), so a sign
/// that missed the y axis's flip bows every ring outward.
#[test]
fn a_polar_dxf_bows_its_arcs_round_the_centre() {
    let dir = scratch("machines-dxf-centre");
    let maze = run("mazegen", &["--tiling", "polar", "--seed", "17", "6"], "").stdout;
    let path = dir.join("p.dxf");
    let r = run(
        "gridrender",
        &["--for", "laser", "-o", path.to_str().unwrap()],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    // Six rings of 10 mm cells: a sheet 120 mm across, the centre in its middle.
    let centre = (60.0, 60.0);
    let drawing = dxf::Drawing::load_file(path.to_str().unwrap()).unwrap();
    let mut arcs = 0;
    for e in drawing.entities().filter(|e| e.common.layer != "MARKS") {
        let dxf::entities::EntityType::Polyline(ref p) = e.specific else {
            continue;
        };
        let vertices: Vec<_> = p.vertices().collect();
        let n = vertices.len();
        let pieces = if p.is_closed() { n } else { n - 1 };
        for k in 0..pieces {
            let (a, b) = (vertices[k], vertices[(k + 1) % n]);
            if a.bulge == 0.0 {
                continue;
            }
            let (ax, ay, bx, by) = (a.location.x, a.location.y, b.location.x, b.location.y);
            let (dx, dy) = (bx - ax, by - ay);
            let chord = dx.hypot(dy);
            // The centre lies off the chord's middle, to its left for a positive bulge.
            let angle = 4.0 * a.bulge.atan();
            let off = chord / 2.0 / (angle / 2.0).tan();
            let (cx, cy) = (
                (ax + bx) / 2.0 - dy / chord * off,
                (ay + by) / 2.0 + dx / chord * off,
            );
            assert!(
                (cx - centre.0).abs() < 1e-2 && (cy - centre.1).abs() < 1e-2,
                "an arc from ({ax}, {ay}) to ({bx}, {by}) turns round ({cx}, {cy})"
            );
            arcs += 1;
        }
    }
    assert_eq!(arcs, 73, "every arc read back");
}

/// A DXF's arc as read back: its centre, its two ends and its chord, in millimetres.
type DxfArc = ((f64, f64), [(f64, f64); 2], f64);

/// The arcs of a polar maze's DXF, read back by the dxf crate, and whether every polyline
/// is closed.
fn dxf_arcs(path: &std::path::Path) -> (Vec<DxfArc>, bool) {
    let drawing = dxf::Drawing::load_file(path.to_str().unwrap()).unwrap();
    let (mut arcs, mut closed) = (Vec::new(), true);
    for e in drawing.entities().filter(|e| e.common.layer != "MARKS") {
        let dxf::entities::EntityType::Polyline(ref p) = e.specific else {
            panic!("a polyline");
        };
        closed &= p.is_closed();
        let vertices: Vec<_> = p.vertices().collect();
        let n = vertices.len();
        let pieces = if p.is_closed() { n } else { n - 1 };
        for k in 0..pieces {
            let (a, b) = (vertices[k], vertices[(k + 1) % n]);
            if a.bulge == 0.0 {
                continue;
            }
            let (ax, ay, bx, by) = (a.location.x, a.location.y, b.location.x, b.location.y);
            let (dx, dy) = (bx - ax, by - ay);
            let chord = dx.hypot(dy);
            // The centre lies off the chord's middle, to its left for a positive bulge.
            let angle = 4.0 * a.bulge.atan();
            let off = chord / 2.0 / (angle / 2.0).tan();
            let centre = (
                (ax + bx) / 2.0 - dy / chord * off,
                (ay + by) / 2.0 + dx / chord * off,
            );
            arcs.push((centre, [(ax, ay), (bx, by)], chord));
        }
    }
    (arcs, closed)
}

/// `--kerf` keeps a polar maze's arcs: the sides of a curved wall cut as a piece are arcs
/// round the maze's centre, half a wall and half the beam either side of the wall's own, in
/// the SVG (`A` commands) and in the DXF (bulges, read back by the dxf crate); each piece's
/// outline closed. Against `--kerf 0`, each radius lies half the beam further out or in.
#[test]
fn walls_cut_as_pieces_keep_their_arcs() {
    let dir = scratch("machines-kerf-arcs");
    let maze = run("mazegen", &["--tiling", "polar", "--seed", "17", "6"], "").stdout;
    let radii = |kerf: Option<&str>| {
        let mut args = vec!["--for", "laser"];
        args.extend(kerf.map(|k| ["--kerf", k]).into_iter().flatten());
        let name = format!("p{}", kerf.unwrap_or("none"));
        let (svg, dxf) = (
            dir.join(format!("{name}.svg")),
            dir.join(format!("{name}.dxf")),
        );
        for path in [&svg, &dxf] {
            let mut args = args.clone();
            args.extend(["-o", path.to_str().unwrap()]);
            let r = run("gridrender", &args, &maze);
            assert_eq!(r.status, 0, "{}", r.stderr);
        }
        let text = std::fs::read_to_string(&svg).unwrap();
        let strokes = strokes_of(&text);
        let from_svg: Vec<f64> = strokes
            .iter()
            .flat_map(|s| s.radii.iter().flatten().copied())
            .collect();
        assert!(!from_svg.is_empty(), "{name}: the SVG has arcs");
        if kerf.is_some() {
            assert!(
                strokes.iter().all(|s| s.points.first() == s.points.last()),
                "{name}: closed"
            );
        }
        let width: f64 = roxmltree::Document::parse(&text)
            .unwrap()
            .root_element()
            .attribute("width")
            .unwrap()
            .trim_end_matches("mm")
            .parse()
            .unwrap();
        let (arcs, closed) = dxf_arcs(&dxf);
        assert_eq!(
            arcs.len(),
            from_svg.len(),
            "{name}: the DXF's arcs are the SVG's"
        );
        assert!(
            closed || kerf.is_none(),
            "{name}: each piece a closed polyline"
        );
        let centre = (width / 2.0, width / 2.0);
        let mut radii: Vec<i64> = Vec::new();
        for ((cx, cy), [a, b], chord) in arcs {
            // Points to the micrometre: an arc's centre as far off as its ends' rounding
            // (half a micrometre) times its radius over its chord; its two ends as far from
            // the maze's centre.
            let off = |p: (f64, f64)| (p.0 - centre.0).hypot(p.1 - centre.1);
            let near = 1e-2 + 1e-3 * off(a) / chord;
            assert!(
                (cx - centre.0).abs() < near && (cy - centre.1).abs() < near,
                "{name}: an arc turns round ({cx}, {cy}), not the maze's centre {centre:?}"
            );
            assert!(
                (off(a) - off(b)).abs() < 2e-3,
                "{name}: an arc from {a:?} to {b:?}"
            );
            // Its radius in hundredths of a millimetre.
            radii.push((off(a) * 100.0).round() as i64);
        }
        radii.sort();
        radii.dedup();
        radii
    };
    // 10 mm cells, walls 1.2 mm: the rings every 10 mm, their sides 0.6 mm and the beam's
    // half (0.05 mm) either side.
    let rings = radii(None);
    assert_eq!(rings, (1..=6).map(|k| k * 1000).collect::<Vec<_>>());
    let sides =
        |grow: i64| -> Vec<i64> { rings.iter().flat_map(|r| [r - grow, r + grow]).collect() };
    assert_eq!(radii(Some("0")), sides(60));
    assert_eq!(radii(Some("0.1")), sides(65));
}

/// The start and the goal are marked apart from the cuts, where the document has them: in
/// blue in the SVG (the start a ring, the goal a cross, in the middles of their cells), on a
/// layer MARKS of their own in the DXF; walls cut as pieces have none.
#[test]
fn start_and_goal_are_marked_apart_from_the_cuts() {
    let dir = scratch("machines-marks");
    let maze = run("mazegen", &["--seed", "1", "6", "4"], "").stdout;
    let r = run("gridrender", &["--for", "laser", "-f", "svg"], &maze);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let svg = roxmltree::Document::parse(&r.stdout).unwrap();
    let group = svg
        .descendants()
        .find(|n| n.attribute("id") == Some("marks"))
        .expect("a group of marks");
    assert_eq!(group.attribute("stroke"), Some("#0000ff"));
    // mazegen starts at the top-left cell and ends at the bottom-right one: 10 mm cells.
    let circle = group.children().find(|n| n.has_tag_name("circle")).unwrap();
    assert_eq!(
        (circle.attribute("cx"), circle.attribute("cy")),
        (Some("5.000"), Some("5.000"))
    );
    let cross: Vec<_> = group
        .children()
        .filter(|n| n.has_tag_name("polyline"))
        .collect();
    assert_eq!(cross.len(), 2, "the goal's cross");
    let points = cross[0].attribute("points").unwrap();
    let (a, b) = points.split_once(' ').unwrap();
    let mid = |s: &str, t: &str| {
        let p: Vec<f64> = s.split(',').map(|v| v.parse().unwrap()).collect();
        let q: Vec<f64> = t.split(',').map(|v| v.parse().unwrap()).collect();
        ((p[0] + q[0]) / 2.0, (p[1] + q[1]) / 2.0)
    };
    assert_eq!(mid(a, b), (55.0, 35.0));

    let path = dir.join("maze.dxf");
    let r = run(
        "gridrender",
        &["--for", "plotter", "-o", path.to_str().unwrap()],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let drawing = dxf::Drawing::load_file(path.to_str().unwrap()).unwrap();
    let marks = drawing
        .entities()
        .filter(|e| e.common.layer == "MARKS")
        .count();
    assert_eq!(marks, 3, "a ring and two lines");

    let r = run(
        "gridrender",
        &["--for", "laser", "--kerf", "0.2", "-f", "svg"],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(!r.stdout.contains("marks"), "pieces have no marks");
}

/// Where trimesh is: `GRIDKIT_PYTHON` (CI makes a scratch environment with it), else the
/// python3 on the PATH if it has it.
pub(crate) fn trimesh_python() -> Option<String> {
    let python = std::env::var("GRIDKIT_PYTHON").unwrap_or_else(|_| "python3".into());
    let found = std::process::Command::new(&python)
        .args(["-c", "import trimesh, shapely, rtree, scipy, networkx"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        assert!(
            std::env::var_os("GRIDKIT_REQUIRE_TRIMESH").is_none(),
            "trimesh is required (GRIDKIT_REQUIRE_TRIMESH is set) but {python} has none"
        );
        eprintln!("skipping the mesh check: no Python with trimesh");
        return None;
    }
    Some(python)
}

/// What the mesh library checks of a printed maze, given the STL, the same maze cut
/// (its walls' centre lines and outline, in millimetres) and a JSON of the sizes and each
/// cell's centre: one watertight solid with outward normals, its volume the walls' and the
/// base's within 1%, the passages open above the base and the base under every cell.
const CHECK_STL: &str = r#"
import json, sys
import numpy as np, trimesh, shapely
from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union, polygonize
import xml.etree.ElementTree as ET

stl, svg, facts = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
mesh = trimesh.load(stl)
assert mesh.is_watertight, "not watertight"
assert mesh.is_winding_consistent, "normals not consistent"
assert mesh.is_volume, "not a volume"
assert mesh.volume > 0, "normals point inward"
bodies = mesh.split(only_watertight=False)
assert len(bodies) == 1, f"{len(bodies)} bodies"
areas = mesh.area_faces
assert areas.min() > 1e-9, "a degenerate triangle"

half, base, height = facts["wall"] / 2, facts["base"], facts["height"]
root = ET.parse(svg).getroot()
sheet_h = float(root.get("height").removesuffix("mm"))
def place(x, y):
    return (x + half, sheet_h - y + half)
def pieces(el):
    if el.tag.endswith("polyline"):
        pts = [tuple(map(float, p.split(","))) for p in el.get("points").split()]
        return [[place(*p) for p in pts]]
    words = el.get("d").split()
    line, i, cur = [], 0, None
    while i < len(words):
        w = words[i]
        if w[0] in "ML":
            cur = tuple(map(float, w[1:].split(",")))
            line.append(place(*cur)); i += 1
        else:
            r = float(w[1:].split(",")[0])
            large, sweep = int(words[i + 2]), int(words[i + 3])
            end = tuple(map(float, words[i + 4].split(",")))
            # The arc's centre on the SVG (y down); sampled finely.
            (x0, y0), (x1, y1) = cur, end
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            d = np.hypot(x1 - x0, y1 - y0)
            h = np.sqrt(max(r * r - d * d / 4, 0))
            ux, uy = -(y1 - y0) / d, (x1 - x0) / d
            s = 1 if (large != sweep) else -1
            cx, cy = mx + s * h * ux, my + s * h * uy
            a0, a1 = np.arctan2(y0 - cy, x0 - cx), np.arctan2(y1 - cy, x1 - cx)
            if sweep == 1 and a1 < a0: a1 += 2 * np.pi
            if sweep == 0 and a1 > a0: a1 -= 2 * np.pi
            for t in np.linspace(a0, a1, 64)[1:]:
                line.append(place(cx + r * np.cos(t), cy + r * np.sin(t)))
            cur = end; i += 5
    return [line]
lines, outline = [], []
# The start and goal marks are engraved, not cut: they are no walls.
marks = {id(el) for g in root.iter() if g.get("id") == "marks" for el in g.iter()}
for el in root.iter():
    if id(el) in marks:
        continue
    if el.tag.endswith("polyline") or el.tag.endswith("path"):
        for line in pieces(el):
            lines.append(line)
for g in root.iter():
    if g.get("id") == "outline":
        for el in g:
            outline.extend(pieces(el))
walls = unary_union([LineString(l).buffer(half, cap_style="square", join_style="mitre") for l in lines])
inside = unary_union(list(polygonize(unary_union([LineString(l) for l in outline]))))
footprint = unary_union([walls, inside])
expected = footprint.area * base + walls.area * height
error = abs(mesh.volume - expected) / expected
if facts["doors"]:
    # Two doors, each a wall between two posts less the base under its outer half.
    door = 2 * half * (10 - 2 * half) * (height + base / 2)
    assert abs(expected - mesh.volume - 2 * door) < 1, "the doors are not open"
else:
    assert error < 0.01, f"volume {mesh.volume:.1f} against {expected:.1f} ({error:.2%})"

centres = np.array(facts["centres"])
up = np.column_stack([centres, np.full(len(centres), base + height / 2)])
down = np.column_stack([centres, np.full(len(centres), base / 2)])
assert not mesh.contains(up).any(), "a passage is shut"
assert mesh.contains(down).all(), "a cell with no base under it"
print(f"ok {len(mesh.faces)} triangles, volume {mesh.volume:.0f} mm3 ({error:.3%} off)")
"#;

/// Each cell's centre on the printer's bed: millimetres, y up, half a wall in.
fn centres(maze: &str, mm: f64, half: f64) -> Vec<(f64, f64)> {
    let doc = Document::from_json(maze).unwrap();
    let mut out = Vec::new();
    if let Ok(tiled) = TiledDoc::from_document(&doc) {
        grid_core::on_tiled_maze!(&tiled.maze, m => {
            let t = m.topology();
            let ((x0, y0), (_, y1)) = t.extent();
            for c in m.cells() {
                let (x, y) = t.center(c);
                out.push(((x - x0) * mm + half, (y1 - y) * mm + half));
                let _ = y0;
            }
        });
        return out;
    }
    let m = MazeDoc::from_document(&doc).unwrap();
    let (w, h) = m.cells.unwrap();
    let outside = m.outside();
    for r in 0..h {
        for c in 0..w {
            let p = Pos::new(2 * r + 1, 2 * c + 1);
            if outside.as_ref().is_none_or(|o| !o[p]) {
                out.push((
                    (c as f64 + 0.5) * mm + half,
                    (h as f64 - r as f64 - 0.5) * mm + half,
                ));
            }
        }
    }
    out
}

/// `-o maze.stl` prints every tiling and a mask as one closed solid, as trimesh reads it.
#[test]
fn every_tiling_prints_as_one_closed_solid() {
    let Some(python) = trimesh_python() else {
        return;
    };
    let dir = scratch("machines-stl");
    let mut mazes = mazes(&dir);
    let square = mazes[0].1.clone();
    mazes.push(("marble", square));
    for (name, maze) in mazes {
        let stl = dir.join(format!("{name}.stl"));
        let svg = dir.join(format!("{name}.svg"));
        let mut args = vec!["-o", stl.to_str().unwrap()];
        if name == "marble" {
            args.push("--marble");
        }
        let r = run("gridrender", &args, &maze);
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        let r = run(
            "gridrender",
            &[
                "--for",
                "laser",
                "--outline-layer",
                "-o",
                svg.to_str().unwrap(),
            ],
            &maze,
        );
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        let per_cell = walls_of(&maze).1;
        let facts = serde_json::json!({
            "wall": 1.2, "base": 2.0, "height": 8.0, "doors": name == "marble",
            "centres": centres(&maze, 10.0 / per_cell, 0.6),
        });
        let facts_path = dir.join(format!("{name}.json"));
        std::fs::write(&facts_path, facts.to_string()).unwrap();
        let out = std::process::Command::new(&python)
            .args(["-c", CHECK_STL])
            .args([&stl, &svg, &facts_path])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{name}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        eprintln!("{name}: {}", String::from_utf8_lossy(&out.stdout).trim());
    }
}

/// What a printer cannot make, or a flag that does nothing for it, is refused with one line
/// and exit 2, and no file is written.
#[test]
fn printing_refuses_what_it_cannot_make() {
    let dir = scratch("machines-refused");
    let stl = dir.join("maze.stl");
    let out = stl.to_str().unwrap();
    let maze = run("mazegen", &["--seed", "1", "6"], "").stdout;
    let polar = run("mazegen", &["--seed", "1", "--tiling", "polar", "4"], "").stdout;
    let woven = run(
        "mazegen",
        &["--weave", "1", "--algo", "kruskal", "--seed", "1", "5"],
        "",
    )
    .stdout;
    let mines = run("mines", &["new", "--seed", "1"], "").stdout;
    let nonogram = std::fs::read_to_string(crate::harness::data("small.non")).unwrap();
    let two = format!("{maze}{maze}");
    let cases: Vec<(Vec<&str>, &str, &str)> = vec![
        (
            vec!["-o", out, "--wall-mm", "6"],
            &maze,
            "--cell-mm 12.0 or more",
        ),
        (vec!["-o", out, "--size", "10x10"], &maze, "a larger --size"),
        (
            vec!["-o", out, "--marble"],
            &polar,
            "start is not on its edge",
        ),
        (vec!["-o", out], &woven, "woven"),
        (vec!["-o", out], &mines, "mines"),
        (vec!["-o", out], &nonogram, "nonogram"),
        (vec!["-o", out], &two, "{n}"),
        (vec!["-o", out, "--theme", "dark"], &maze, "--theme"),
        (vec!["-o", out, "--outline-layer"], &maze, "--outline-layer"),
        (vec!["--for", "laser", "-o", out], &maze, "SVG or DXF"),
        (vec!["--for", "printer", "-f", "svg"], &maze, "STL"),
        (
            vec!["--for", "laser", "--wall-mm", "2", "-f", "svg"],
            &maze,
            "--wall-mm",
        ),
        (vec!["-f", "svg", "--marble"], &maze, "--marble"),
        (
            vec!["--for", "plotter", "--kerf", "0.2", "-f", "svg"],
            &maze,
            "--kerf",
        ),
        (
            vec![
                "--for",
                "laser",
                "--kerf",
                "0.2",
                "--outline-layer",
                "-f",
                "svg",
            ],
            &maze,
            "--outline-layer",
        ),
        (
            vec!["--for", "laser", "--kerf", "9", "-f", "svg"],
            &maze,
            "--kerf",
        ),
        (
            vec!["-o", out, "--ball-mm", "6"],
            &maze,
            "--ball-mm is for printed marble mazes (-o maze.stl --marble)",
        ),
        (
            vec!["--for", "laser", "--ball-mm", "5", "-f", "svg"],
            &maze,
            "--ball-mm is for printed marble mazes (-o maze.stl --marble)",
        ),
        (
            vec!["-o", out, "--marble", "--ball-mm", "6", "--cell-mm", "9"],
            &maze,
            "--cell-mm",
        ),
    ];
    for (args, input, says) in cases {
        let r = run("gridrender", &args, input);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(!stl.exists(), "{args:?}: a file was written");
    }
    // A marble maze sized for its ball: a 6 mm ball rolls in 7 mm passages.
    let r = run(
        "gridrender",
        &["-o", out, "--marble", "--ball-mm", "6", "--ascii"],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let text = std::fs::read_to_string(&stl).unwrap();
    assert!(text.starts_with("solid ") && text.trim_end().ends_with("endsolid maze 1"));
    let xs = text
        .lines()
        .filter_map(|l| l.strip_prefix("vertex "))
        .map(|l| l.split(' ').next().unwrap().parse::<f64>().unwrap());
    let width = xs.fold(0.0f64, f64::max);
    // Six cells of 6 + 1 + 1.2 mm, and half a wall each side.
    assert!((width - (6.0 * 8.2 + 1.2)).abs() < 1e-3, "{width} mm wide");
}

/// Walls cut as pieces thicker than the passages they leave are refused as a printer
/// refuses them, whatever the file and the tiling, with the figures and the least --cell-mm
/// that works; a sheet or bed too small for its margins names the least --size that works.
#[test]
fn walls_too_thick_for_a_sheet_are_refused() {
    let dir = scratch("machines-thick");
    let square = run("mazegen", &["--seed", "1", "12"], "").stdout;
    let hex = run("mazegen", &["--tiling", "hex", "--seed", "1", "6"], "").stdout;
    let cases: Vec<(&str, &[&str], &str, &str)> = vec![
        (
            &square,
            &["--cell-mm", "2", "--wall-mm", "3", "--kerf", "0.1"],
            "thick.svg",
            "walls 3.0 mm thick overlap by 1.0 mm and leave no passage in the narrowest of these \
             2.0 mm cells, \
             and a passage must be at least as wide as a wall: give --cell-mm 6.0 or more, or \
             a thinner --wall-mm",
        ),
        (
            &square,
            &["--cell-mm", "10", "--wall-mm", "12", "--kerf", "0.1"],
            "thick.dxf",
            "overlap by 2.0 mm and leave no passage in the narrowest of these 10.0 mm cells, \
             and a passage must be at least as wide as a wall: give --cell-mm 24.0 or more",
        ),
        (
            &hex,
            &["--cell-mm", "10", "--wall-mm", "12", "--kerf", "0.1"],
            "thick.svg",
            "give --cell-mm 27.7 or more",
        ),
        (
            &square,
            &["--size", "2x2", "--kerf", "0.2"],
            "thick.svg",
            "a larger --size",
        ),
    ];
    for (maze, flags, file, says) in cases {
        let path = dir.join(file);
        let mut args = vec!["--for", "laser", "-o", path.to_str().unwrap()];
        args.extend(flags);
        let r = run("gridrender", &args, maze);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(!path.exists(), "{args:?}: a file was written");
    }
    // A bed smaller than its margins: the least size that works, and that size prints.
    let stl = dir.join("x.stl");
    let out = stl.to_str().unwrap();
    let r = run("gridrender", &["--size", "1x1", "-o", out], &square);
    assert_eq!(r.status, 2, "{}", r.stderr);
    assert!(
        r.stderr.contains(
            "1 x 1 mm leaves no room for the maze within its margins: give --size 32x32 or more"
        ),
        "{}",
        r.stderr
    );
    assert!(!stl.exists());
    let r = run("gridrender", &["--size", "32x32", "-o", out], &square);
    assert_eq!(r.status, 0, "{}", r.stderr);
}

/// A machine's file says what it made on stderr as a plain report, not an error: a plotter's
/// strokes and travel, a printed plate's size, with a warning and the --size that fits past
/// a home printer's 220 mm bed. A plotter's strokes are a group named for the pen.
#[test]
fn machines_report_what_they_made() {
    let dir = scratch("machines-report");
    let maze = run("mazegen", &["--seed", "1", "12"], "").stdout;
    let r = run("gridrender", &["--for", "plotter", "-f", "svg"], &maze);
    assert_eq!(r.status, 0, "{}", r.stderr);
    let line = r.stderr.trim_end();
    assert!(
        line.starts_with("gridrender: the maze of stdin line 1 plots in ")
            && line.contains(" strokes, pen down ")
            && line.ends_with(" mm"),
        "{line}"
    );
    assert_eq!(r.stderr.lines().count(), 1);
    assert!(
        r.stdout.contains(r#"<g id="plot" "#),
        "the plotter's pen group"
    );
    let laser = run("gridrender", &["--for", "laser", "-f", "svg"], &maze);
    assert!(laser.stdout.contains(r#"<g id="cut" "#) && laser.stderr.is_empty());

    let stl = dir.join("maze.stl");
    let out = stl.to_str().unwrap();
    let r = run("gridrender", &["-o", out], &maze);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gridrender: the maze of stdin line 1 prints as a 121 x 121 mm plate\n"
    );
    let big = run("mazegen", &["--seed", "1", "25"], "").stdout;
    let r = run("gridrender", &["-o", out], &big);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert_eq!(
        r.stderr,
        "gridrender: warning: the maze of stdin line 1 prints as a 251 x 251 mm plate, larger \
         than most home printers' beds (220 mm): --size 220x220 fits one\n"
    );
    let r = run("gridrender", &["-o", out, "--size", "220x220"], &big);
    assert_eq!(r.status, 0, "{}", r.stderr);
    assert!(
        r.stderr.contains("prints as a 219 x 219 mm plate") && !r.stderr.contains("warning"),
        "{}",
        r.stderr
    );
}

/// `--kerf` cuts the walls as pieces: closed outlines, grown by half the beam, the sheet
/// as wide as the maze and a wall and a beam more.
#[test]
fn walls_cut_as_pieces_allow_for_the_kerf() {
    let maze = run("mazegen", &["--seed", "1", "6", "4"], "").stdout;
    let r = run(
        "gridrender",
        &[
            "--for",
            "laser",
            "--kerf",
            "0.2",
            "--wall-mm",
            "3",
            "-f",
            "svg",
        ],
        &maze,
    );
    assert_eq!(r.status, 0, "{}", r.stderr);
    let svg = roxmltree::Document::parse(&r.stdout).unwrap();
    assert_eq!(svg.root_element().attribute("width"), Some("63.200mm"));
    assert_eq!(svg.root_element().attribute("height"), Some("43.200mm"));
    let strokes = strokes_of(&r.stdout);
    assert!(!strokes.is_empty());
    for s in &strokes {
        assert_eq!(
            s.points.first(),
            s.points.last(),
            "a piece's outline is closed"
        );
    }
    // The outermost ring runs round the sheet's edge.
    let xs = strokes.iter().flat_map(|s| s.points.iter().map(|p| p.0));
    let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
    assert!(lo.abs() < 1e-9 && (hi - 63.2).abs() < 1e-9, "{lo}..{hi}");
}

/// A DXF is R12, in millimetres, y pointing up: the same strokes as the SVG turned over, so
/// that row 0 is at the top of the drawing.
#[test]
fn a_dxf_is_r12_with_row_0_at_the_top() {
    let dir = scratch("machines-dxf-up");
    let maze = run("mazegen", &["--seed", "5", "7", "4"], "").stdout;
    let (svg, dxf) = (dir.join("maze.svg"), dir.join("maze.dxf"));
    for path in [&svg, &dxf] {
        let r = run(
            "gridrender",
            &["--for", "laser", "-o", path.to_str().unwrap()],
            &maze,
        );
        assert_eq!(r.status, 0, "{}", r.stderr);
    }
    let text = std::fs::read_to_string(&dxf).unwrap();
    assert!(text.contains("$ACADVER\n1\nAC1009\n"), "R12");
    assert!(text.contains("$INSUNITS\n70\n4\n"), "millimetres");
    let key = |(x, y): (f64, f64)| ((x * 1000.0).round() as i64, (y * 1000.0).round() as i64);
    let mut from_svg: Vec<(i64, i64)> = strokes_of(&std::fs::read_to_string(&svg).unwrap())
        .iter()
        .flat_map(|s| s.points.iter().map(|&(x, y)| key((x, 40.0 - y))))
        .collect();
    let drawing = dxf::Drawing::load_file(dxf.to_str().unwrap()).unwrap();
    let mut from_dxf: Vec<(i64, i64)> = Vec::new();
    for e in drawing.entities().filter(|e| e.common.layer != "MARKS") {
        let dxf::entities::EntityType::Polyline(ref p) = e.specific else {
            panic!("a polyline");
        };
        let points: Vec<(i64, i64)> = p
            .vertices()
            .map(|v| key((v.location.x, v.location.y)))
            .collect();
        from_dxf.extend(&points);
        if p.is_closed() {
            from_dxf.push(points[0]);
        }
    }
    from_svg.sort();
    from_dxf.sort();
    assert_eq!(from_svg, from_dxf, "the SVG's strokes, y turned over");
    // The maze's top row is at the top: its outline's highest line is y = 40 mm.
    assert!(from_dxf.iter().any(|p| p.1 == 40_000));
}

/// A maze beyond the plane refused for a laser is told what of it leaves the plane: stairs
/// for levels, seams for a wrap, edges for the cube.
#[test]
fn a_maze_beyond_the_plane_for_a_laser_is_told_what_leaves_the_plane() {
    for (args, says) in [
        (
            &["--levels", "2", "4", "4"][..],
            "(its stairs lead out of the plane)",
        ),
        (
            &["--wrap", "x", "4", "4"][..],
            "(its seams lead out of the plane)",
        ),
        (
            &["--tiling", "hex", "--wrap", "xy", "4", "4"][..],
            "(its seams lead out of the plane)",
        ),
        (
            &["--tiling", "cube", "3"][..],
            "(its edges lead out of the plane)",
        ),
    ] {
        let maze = run("mazegen", args, "");
        assert_eq!(maze.status, 0, "{args:?}: {}", maze.stderr);
        let r = run("gridrender", &["--for", "laser", "-f", "svg"], &maze.stdout);
        assert_eq!(r.status, 2, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(says), "{args:?}: {}", r.stderr);
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
    }
}

/// What shapely says of every cut path of a kerf SVG: each a closed ring that never crosses
/// or touches itself (a beam that doubles back cuts a line twice and burns it), its arcs
/// followed as SVG draws them. Prints one line a path that is not.
const CHECK_KERF: &str = r#"
import math, re, sys
from shapely.geometry import LinearRing

def arc(p0, r, large, sweep, p1, n=24):
    (x1, y1), (x2, y2) = p0, p1
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    d2 = dx * dx + dy * dy
    r = max(r, math.sqrt(d2))
    f = math.sqrt(max(0.0, (r * r - d2) / d2)) if d2 > 0 else 0.0
    if large == sweep:
        f = -f
    cx, cy = f * dy + (x1 + x2) / 2, -f * dx + (y1 + y2) / 2
    a0, a1 = math.atan2(y1 - cy, x1 - cx), math.atan2(y2 - cy, x2 - cx)
    da = a1 - a0
    if sweep and da < 0:
        da += 2 * math.pi
    if not sweep and da > 0:
        da -= 2 * math.pi
    return [(cx + r * math.cos(a0 + da * k / n), cy + r * math.sin(a0 + da * k / n)) for k in range(1, n + 1)]

for name in sys.argv[1:]:
    text = open(name).read()
    assert "-0.000" not in text, f"{name}: -0.000"
    for d in re.findall(r'<path d="([^"]*)"', text) + [
        "M" + p.replace(" ", " L") for p in re.findall(r'<polyline points="([^"]*)"', text)
    ]:
        pts = []
        for cmd, args in re.findall(r"([MLA])([^MLA]*)", d):
            v = [float(x) for x in re.findall(r"-?[\d.]+", args)]
            if cmd in "ML":
                pts.append((v[0], v[1]))
            else:
                pts.extend(arc(pts[-1], v[0], int(v[3]), int(v[4]), (v[5], v[6])))
        closed = math.dist(pts[0], pts[-1]) < 0.002
        if not closed:
            print(f"{name}: a path that does not close at {pts[0]}")
            continue
        pts[-1] = pts[0]
        if not LinearRing(pts).is_simple:
            print(f"{name}: a path that crosses itself, from {pts[0]}")
"#;

/// Walls cut as pieces on every tiling, polar rings above all (their arcs meet straight
/// sides at every wall's end), are each one closed outline that never crosses itself, as
/// shapely reads them; and no coordinate is written `-0.000`, in SVG or DXF.
#[test]
fn kerf_outlines_never_cross_themselves() {
    let Some(python) = trimesh_python() else {
        return;
    };
    let dir = scratch("machines-kerf-simple");
    let mut files = Vec::new();
    let mut make = |name: String, maze: &[&str], kerf: &str| {
        let doc = run("mazegen", maze, "").stdout;
        let svg = dir.join(format!("{name}.svg"));
        let args = [
            "--for",
            "laser",
            "--kerf",
            kerf,
            "-o",
            svg.to_str().unwrap(),
        ];
        let r = run("gridrender", &args, &doc);
        assert_eq!(r.status, 0, "{name}: {}", r.stderr);
        files.push(svg.to_str().unwrap().to_string());
        let dxf = dir.join(format!("{name}.dxf"));
        let args = [
            "--for",
            "laser",
            "--kerf",
            kerf,
            "-o",
            dxf.to_str().unwrap(),
        ];
        assert_eq!(run("gridrender", &args, &doc).status, 0);
        let text = std::fs::read_to_string(&dxf).unwrap();
        assert!(
            !text.lines().any(|l| l.trim() == "-0.000"),
            "{name}.dxf has -0.000"
        );
    };
    for seed in 1..=20 {
        let s = seed.to_string();
        for size in ["4", "6", "9"] {
            make(
                format!("polar-{seed}-{size}"),
                &["--tiling", "polar", "--seed", &s, size],
                "0.1",
            );
        }
        for tiling in ["square", "hex", "triangle", "octagon"] {
            make(
                format!("{tiling}-{seed}"),
                &["--tiling", tiling, "--seed", &s, "6"],
                "0.2",
            );
        }
    }
    let out = std::process::Command::new(&python)
        .arg("-c")
        .arg(CHECK_KERF)
        .args(&files)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && said.is_empty(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
