use super::*;
use grid_core::{Document, MazeDoc, Pos, Rng, Tile};
use std::collections::BTreeSet;

/// A wall's unit segment, as its two lattice points in order.
type Segment = ((u32, u32), (u32, u32));

/// A perfect `w` x `h` maze carved by a depth-first walk: the walls of every cell maze
/// mazegen makes have this shape.
fn maze(w: usize, h: usize, seed: u64) -> MazeDoc {
    let mut rows: Vec<Vec<u8>> = vec![vec![b'#'; 2 * w + 1]; 2 * h + 1];
    let mut rng = Rng::seeded(seed);
    let mut seen = vec![false; w * h];
    let mut stack = vec![(0usize, 0usize)];
    seen[0] = true;
    rows[1][1] = b' ';
    while let Some(&(r, c)) = stack.last() {
        let mut next: Vec<(usize, usize)> = Vec::new();
        for (dr, dc) in [(0isize, 1isize), (1, 0), (0, -1), (-1, 0)] {
            let (nr, nc) = (r as isize + dr, c as isize + dc);
            if nr >= 0
                && nc >= 0
                && (nr as usize) < h
                && (nc as usize) < w
                && !seen[nr as usize * w + nc as usize]
            {
                next.push((nr as usize, nc as usize));
            }
        }
        if next.is_empty() {
            stack.pop();
            continue;
        }
        let (nr, nc) = next[rng.index(next.len())];
        seen[nr * w + nc] = true;
        rows[r + nr + 1][c + nc + 1] = b' ';
        rows[2 * nr + 1][2 * nc + 1] = b' ';
        stack.push((nr, nc));
    }
    let grid: Vec<String> = rows
        .into_iter()
        .map(|r| format!("{:?}", String::from_utf8(r).unwrap()))
        .collect();
    let text = format!(
        r#"{{"kind":"maze","version":1,"width":{},"height":{},"grid":[{}],"meta":{{"cells":[{w},{h}]}}}}"#,
        2 * w + 1,
        2 * h + 1,
        grid.join(",")
    );
    MazeDoc::from_document(&Document::from_json(&text).unwrap()).unwrap()
}

fn graph(m: &MazeDoc) -> WallGraph {
    WallGraph::square(m, false).unwrap()
}

fn options(machine: Machine) -> CutOptions {
    CutOptions {
        machine,
        cell_mm: 10.0,
        size: None,
        outline_layer: false,
        kerf: None,
        wall_mm: 1.2,
    }
}

/// The unit segments of the maze's walls, each as its two lattice points in order.
fn walls(m: &MazeDoc) -> Vec<Segment> {
    let mut out = Vec::new();
    for r in 0..m.tiles.height() {
        for c in 0..m.tiles.width() {
            let p = Pos::new(r, c);
            if m.tiles[p] != Tile::Wall || (r % 2 == 0) == (c % 2 == 0) {
                continue;
            }
            let (x, y) = ((c / 2) as u32, (r / 2) as u32);
            out.push(if r % 2 == 0 {
                ((x, y), (x + 1, y))
            } else {
                ((x, y), (x, y + 1))
            });
        }
    }
    out
}

/// The unit segments the strokes draw, each as its two lattice points in order.
fn drawn(cut: &Cut) -> Vec<Segment> {
    let mut out = Vec::new();
    for s in &cut.strokes {
        let points: Vec<(u32, u32)> = s
            .points
            .iter()
            .map(|p| (p.0.round() as u32, p.1.round() as u32))
            .collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
            assert!(
                a.0 == b.0 || a.1 == b.1,
                "a stroke runs along rows and columns"
            );
            if a.1 == b.1 {
                out.extend((a.0..b.0).map(|x| ((x, a.1), (x + 1, a.1))));
            } else {
                out.extend((a.1..b.1).map(|y| ((a.0, y), (a.0, y + 1))));
            }
        }
    }
    out
}

/// The fewest trails that cover a graph's edges: half its odd points, one at least for
/// each piece with none (a perfect maze's walls are one piece).
fn fewest(segments: &[Segment]) -> usize {
    let mut degree = std::collections::BTreeMap::new();
    for &(a, b) in segments {
        *degree.entry(a).or_insert(0) += 1;
        *degree.entry(b).or_insert(0) += 1;
    }
    (degree.values().filter(|&&d| d % 2 == 1).count() / 2).max(1)
}

#[test]
fn every_wall_is_cut_once_in_the_fewest_strokes() {
    for seed in 0..20 {
        let (w, h) = (3 + seed as usize % 7, 2 + seed as usize % 5);
        let m = maze(w, h, seed);
        let cut = strokes(&graph(&m), &options(Machine::Laser)).unwrap();
        let mut cuts = drawn(&cut);
        cuts.sort();
        let before = cuts.len();
        cuts.dedup();
        assert_eq!(cuts.len(), before, "seed {seed}: a wall cut twice");
        let mut expected = walls(&m);
        expected.sort();
        assert_eq!(cuts, expected, "seed {seed}");
        assert_eq!(cut.strokes.len(), fewest(&expected), "seed {seed}");
    }
}

#[test]
fn a_straight_run_of_walls_is_one_line() {
    // The outline of a 1 x 1 maze: one closed stroke of five points (four corners and
    // the first again), no point in the middle of a side.
    let m = maze(1, 1, 0);
    let cut = strokes(&graph(&m), &options(Machine::Laser)).unwrap();
    assert_eq!(cut.strokes.len(), 1);
    assert_eq!(cut.strokes[0].points.len(), 5, "{:?}", cut.strokes);
    let m = maze(6, 1, 0);
    let cut = strokes(&graph(&m), &options(Machine::Laser)).unwrap();
    let lines: usize = cut.strokes.iter().map(|s| s.points.len() - 1).sum();
    assert_eq!(
        lines, 4,
        "a 6 x 1 corridor is four lines: {:?}",
        cut.strokes
    );
}

#[test]
fn the_outline_is_a_layer_of_its_own() {
    let m = maze(8, 5, 3);
    let cut = strokes(
        &graph(&m),
        &CutOptions {
            outline_layer: true,
            ..options(Machine::Laser)
        },
    )
    .unwrap();
    let outline: BTreeSet<_> = cut
        .strokes
        .iter()
        .filter(|s| s.outline)
        .flat_map(|s| s.points.iter().map(|p| (p.0 as u32, p.1 as u32)))
        .collect();
    assert!(
        outline
            .iter()
            .all(|&(x, y)| x == 0 || y == 0 || x == 8 || y == 5)
    );
    assert_eq!(cut.strokes.iter().filter(|s| s.outline).count(), 1);
    let svg = cut.svg(&CutOptions {
        outline_layer: true,
        ..options(Machine::Laser)
    });
    assert!(svg.contains(r#"width="80.000mm" height="50.000mm" viewBox="0 0 80.000 50.000""#));
    assert!(svg.contains(r##"id="outline" fill="none" stroke="#ff0000""##));
}

#[test]
fn walls_cut_as_pieces_grow_by_half_the_kerf() {
    // A single cell: a square frame, 10 mm between its walls' centres, walls 1.2 mm
    // thick, cut by a beam 0.2 mm wide: 11.4 mm outside, 8.6 mm inside.
    let options = CutOptions {
        kerf: Some(0.2),
        ..options(Machine::Laser)
    };
    let cut = strokes(&graph(&maze(1, 1, 0)), &options).unwrap();
    let sheet = cut.sheet(&options);
    let (mm, ox) = (sheet.mm, sheet.origin.0);
    let sheet = sheet.size;
    assert!((sheet.0 - 11.4).abs() < 1e-9, "{sheet:?}");
    let mut sides: Vec<f64> = cut
        .strokes
        .iter()
        .map(|s| {
            assert_eq!(s.points.first(), s.points.last(), "a closed ring");
            let xs = s.points.iter().map(|p| ox + p.0 * mm);
            let (lo, hi) = xs.fold((f64::MAX, f64::MIN), |(l, h), x| (l.min(x), h.max(x)));
            hi - lo
        })
        .collect();
    sides.sort_by(f64::total_cmp);
    assert_eq!(sides.len(), 2);
    assert!(
        (sides[0] - 8.6).abs() < 2e-3 && (sides[1] - 11.4).abs() < 2e-3,
        "{sides:?}"
    );
    let svg = cut.svg(&options);
    assert!(
        svg.contains(r#"width="11.400mm" height="11.400mm""#),
        "{svg}"
    );
}

#[test]
fn a_plotter_travels_a_third_of_reading_order_or_less() {
    let m = maze(50, 50, 7);
    let laser = strokes(&graph(&m), &options(Machine::Laser)).unwrap();
    let mut reading = laser.clone();
    reading.strokes.sort_by(|a, b| {
        (a.points[0].1, a.points[0].0)
            .partial_cmp(&(b.points[0].1, b.points[0].0))
            .unwrap()
    });
    let plotted = strokes(&graph(&m), &options(Machine::Plotter)).unwrap();
    let (down, up) = plotted.travel(&options(Machine::Plotter));
    let (reading_down, reading_up) = reading.travel(&options(Machine::Plotter));
    assert!((down - reading_down).abs() < 1e-6, "the same strokes");
    assert!(
        up * 3.0 <= reading_up,
        "pen up {up:.0} mm against {reading_up:.0} mm"
    );
}

#[test]
fn a_sheet_fits_the_maze_inside_centred() {
    let m = maze(4, 2, 1);
    let cut = strokes(&graph(&m), &options(Machine::Laser)).unwrap();
    let svg = cut.svg(&CutOptions {
        size: Some((100.0, 100.0)),
        ..options(Machine::Laser)
    });
    // 25 mm a cell: 100 x 50 mm, 25 mm above and below.
    assert!(svg.contains(r#"width="100.000mm" height="100.000mm""#));
    assert!(
        svg.contains("0.000,25.000") || svg.contains("100.000,25.000"),
        "{svg}"
    );
}

#[test]
fn woven_and_cellless_mazes_are_refused() {
    let woven = r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"meta":{"cells":[3,3]}}"########;
    let m = MazeDoc::from_document(&Document::from_json(woven).unwrap()).unwrap();
    let e = strokes(&graph(&m), &options(Machine::Laser)).unwrap_err();
    assert!(e.to_string().contains("woven"), "{e}");
    let map = r####"{"kind":"maze","version":1,"width":3,"height":3,"grid":["###","# #","###"],"start":[1,1],"goal":[1,1]}"####;
    let m = MazeDoc::from_document(&Document::from_json(map).unwrap()).unwrap();
    assert!(WallGraph::square(&m, false).is_err());
}
