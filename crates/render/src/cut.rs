//! Mazes for machines that cut or draw (`gridrender --for laser|plotter`): every wall once,
//! joined into as few strokes as the walls allow, sized in millimetres.
//!
//! The walls are the edges of a [`WallGraph`], whose points are the cells' corners. A stroke
//! is a trail through that graph; a graph needs one trail for each pair of its points where
//! an odd number of walls meet (one, when none is odd), and Hierholzer's walk finds exactly
//! that many: each piece's odd points are paired by invisible edges, the walk makes one
//! circuit of every piece, and the circuit is cut at the invisible edges. A wall shared by
//! two cells is one edge, so it is cut once, never twice. A polar maze's rings stay arcs.

use crate::error::{RenderError, Result};
use crate::walls::{Arc, Point, Wall, WallGraph};
use std::f64::consts::PI;
use std::fmt::Write as _;

/// What the strokes are made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Machine {
    /// A laser cutter: strokes in the order they were joined.
    Laser,
    /// A pen plotter: strokes ordered and turned to keep the pen-up travel short.
    Plotter,
}

/// How a maze is laid out for a machine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CutOptions {
    pub machine: Machine,
    /// Millimetres a cell; ignored when `size` is given.
    pub cell_mm: f64,
    /// The sheet in millimetres, the maze fitted inside and centred.
    pub size: Option<(f64, f64)>,
    /// The outline (walls with the outside on one side) as strokes of its own, in red: laser
    /// software cuts by colour, the inside first.
    pub outline_layer: bool,
    /// Cut the walls as pieces `wall_mm` thick, their outlines offset outward by half the
    /// beam's width (the kerf, in millimetres), so that each comes out at its true size.
    pub kerf: Option<f64>,
    /// The walls' thickness, when they are cut as pieces.
    pub wall_mm: f64,
}

impl CutOptions {
    /// What the sheet holds beyond the maze's outline, in millimetres: half a wall and
    /// half the beam when the walls are cut as pieces.
    fn margin(&self) -> f64 {
        self.kerf.map_or(0.0, |kerf| (self.wall_mm + kerf) / 2.0)
    }

    /// Millimetres a unit of a maze `size` units across, `per_cell` units a cell.
    fn millimetres(&self, (w, h): (f64, f64), per_cell: f64) -> f64 {
        let margin = 2.0 * self.margin();
        match self.size {
            Some((sw, sh)) => ((sw - margin) / w).min((sh - margin) / h),
            None => self.cell_mm / per_cell,
        }
    }
}

/// A stroke: a line through points, each piece straight or an arc.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    pub points: Vec<Point>,
    /// The piece from `points[i]` to `points[i + 1]`: an arc, or straight when `None`.
    pub arcs: Vec<Option<Arc>>,
    /// Part of the outline layer.
    pub outline: bool,
}

impl Stroke {
    /// The same stroke drawn from its other end.
    fn reversed(mut self) -> Stroke {
        self.points.reverse();
        self.arcs.reverse();
        for arc in self.arcs.iter_mut().flatten() {
            arc.clockwise = !arc.clockwise;
        }
        self
    }
}

/// A maze's strokes, the maze's size in its units, and its units across a cell.
#[derive(Debug, Clone)]
pub struct Cut {
    pub strokes: Vec<Stroke>,
    pub size: (f64, f64),
    pub per_cell: f64,
    /// The point arcs turn around.
    pub centre: Point,
}

/// The strokes that cut a maze's walls. A woven maze is refused: a cut sheet has no
/// bridges.
pub fn strokes(graph: &WallGraph, options: &CutOptions) -> Result<Cut> {
    if graph.woven {
        return Err(RenderError::Refused(
            "--for cuts flat mazes, and this one is woven: a cut sheet has no bridges (make \
             it without --weave)"
                .into(),
        ));
    }
    let strokes = match options.kerf {
        Some(kerf) => {
            let mm = options.millimetres(graph.size, graph.per_cell);
            let outlines = crate::solid::wall_outlines(graph, mm, options.wall_mm, kerf / 2.0)?;
            let pieces = outlines
                .into_iter()
                .map(|mut ring| {
                    ring.push(ring[0]);
                    Stroke {
                        arcs: vec![None; ring.len() - 1],
                        points: ring,
                        outline: false,
                    }
                })
                .collect();
            match options.machine {
                Machine::Plotter => plotter_order(pieces),
                Machine::Laser => pieces,
            }
        }
        None => join(graph, options),
    };
    Ok(Cut {
        strokes,
        size: graph.size,
        per_cell: graph.per_cell,
        centre: graph.centre,
    })
}

/// The strokes of a maze's walls: with an outline layer, the outline's joined apart from
/// the others'; in a plotter's order when asked.
fn join(graph: &WallGraph, options: &CutOptions) -> Vec<Stroke> {
    let layers: Vec<(Vec<Wall>, bool)> = if options.outline_layer {
        let (outline, inner) = graph.walls.iter().partition(|w| w.outline);
        vec![(inner, false), (outline, true)]
    } else {
        vec![(graph.walls.clone(), false)]
    };
    let mut strokes = Vec::new();
    for (layer, outline) in layers {
        for trail in trails(&layer, &graph.points) {
            strokes.push(stroke_of(&trail, &layer, &graph.points, outline));
        }
    }
    if options.machine == Machine::Plotter {
        strokes = plotter_order(strokes);
    }
    strokes
}

/// A trail's stroke: its points, with those in the middle of a straight run left out, and
/// each arc turned the way the trail walks it.
fn stroke_of(trail: &[(usize, usize)], walls: &[Wall], pos: &[Point], outline: bool) -> Stroke {
    let mut stroke = Stroke {
        points: vec![pos[trail[0].0]],
        arcs: Vec::new(),
        outline,
    };
    for pair in trail.windows(2) {
        let ((p, k), (q, _)) = (pair[0], pair[1]);
        let wall = walls[k];
        let arc = wall.arc.map(|arc| Arc {
            clockwise: arc.clockwise == (wall.a == p),
            ..arc
        });
        let next = pos[q];
        if let ([.., a, b], [.., None], None) = (&stroke.points[..], &stroke.arcs[..], arc)
            && straight_on(*a, *b, next)
        {
            *stroke.points.last_mut().expect("two points") = next;
        } else {
            stroke.points.push(next);
            stroke.arcs.push(arc);
        }
    }
    stroke
}

/// The fewest trails that cover every wall once: Hierholzer's walk on each piece, its odd
/// points paired by invisible edges, cut where it crosses one. At a point the walk goes on
/// straight (or round the same ring) when it can, so that a straight run of walls is one
/// line. A trail is its points, each with the wall that leads to the next.
fn trails(walls: &[Wall], pos: &[Point]) -> Vec<Vec<(usize, usize)>> {
    let points = pos.len();
    // Edges by point, the invisible ones after the real (`walls.len()` on).
    let mut all: Vec<(usize, usize)> = walls.iter().map(|e| (e.a, e.b)).collect();
    let mut degree = vec![0usize; points];
    for &(a, b) in &all {
        degree[a] += 1;
        degree[b] += 1;
    }
    // The pieces, by a union-find over the points.
    let mut parent: Vec<usize> = (0..points).collect();
    fn root(parent: &mut [usize], mut p: usize) -> usize {
        while parent[p] != p {
            parent[p] = parent[parent[p]];
            p = parent[p];
        }
        p
    }
    for &(a, b) in &all {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }
    // Each piece's odd points, paired in turn by invisible edges.
    let mut waiting: Vec<Option<usize>> = vec![None; points];
    for (p, _) in degree.iter().enumerate().filter(|(_, d)| *d % 2 == 1) {
        let r = root(&mut parent, p);
        match waiting[r].take() {
            Some(q) => all.push((q, p)),
            None => waiting[r] = Some(p),
        }
    }
    let real = walls.len();
    let mut at: Vec<Vec<usize>> = vec![Vec::new(); points];
    for (k, &(a, b)) in all.iter().enumerate() {
        at[a].push(k);
        at[b].push(k);
    }
    let mut used = vec![false; all.len()];
    let mut next_unused = vec![0usize; points];
    let other = |k: usize, p: usize| if all[k].0 == p { all[k].1 } else { all[k].0 };
    // Whether the walk that came to `p` by wall `came` goes on smoothly by wall `k`.
    let goes_on = |came: usize, p: usize, k: usize| match (walls[came].arc, walls[k].arc) {
        (None, None) => straight_on(pos[other(came, p)], pos[p], pos[other(k, p)]),
        (Some(a), Some(b)) => (a.radius - b.radius).abs() < 1e-9,
        _ => false,
    };
    let mut trails = Vec::new();
    for start in 0..points {
        if at[start].iter().all(|&k| used[k]) {
            continue;
        }
        // Hierholzer: a stack of (point, the edge that led there); a point whose edges are
        // all used goes onto the circuit, so that circuit[i] and circuit[i + 1] are joined by
        // the edge stored with circuit[i].
        let mut stack: Vec<(usize, Option<usize>)> = vec![(start, None)];
        let mut circuit: Vec<(usize, Option<usize>)> = Vec::new();
        while let Some(&(p, came)) = stack.last() {
            let ahead = came.filter(|&c| c < real).and_then(|c| {
                at[p]
                    .iter()
                    .copied()
                    .find(|&k| !used[k] && k < real && k != c && goes_on(c, p, k))
            });
            let choice = ahead.or_else(|| {
                while next_unused[p] < at[p].len() && used[at[p][next_unused[p]]] {
                    next_unused[p] += 1;
                }
                at[p].get(next_unused[p]).copied()
            });
            match choice {
                Some(k) => {
                    used[k] = true;
                    stack.push((other(k, p), Some(k)));
                }
                None => {
                    circuit.push((p, came));
                    stack.pop();
                }
            }
        }
        trails.extend(cut_at_invisible(&circuit, real));
    }
    trails
}

/// A closed circuit (its first point again at its end) cut into trails where it crosses an
/// invisible edge (one numbered `real` or more); whole when it crosses none. Each point of a
/// trail comes with the edge to the next (the last point's is meaningless).
fn cut_at_invisible(circuit: &[(usize, Option<usize>)], real: usize) -> Vec<Vec<(usize, usize)>> {
    let invisible = |i: usize| circuit[i].1.is_some_and(|k| k >= real);
    // The points once round (the last is the first again), the walk begun just after an
    // invisible edge, so that no trail is split across the circuit's two ends.
    let n = circuit.len() - 1;
    let begin = (0..n).find(|&i| invisible(i)).map_or(0, |i| i + 1);
    let mut trails = Vec::new();
    let mut trail = Vec::new();
    for step in 0..=n {
        let i = (begin + step) % n;
        trail.push((circuit[i].0, circuit[i].1.unwrap_or(usize::MAX)));
        if step == n || invisible(i) {
            if trail.len() > 1 {
                trails.push(std::mem::take(&mut trail));
            }
            trail.clear();
        }
    }
    trails
}

/// Whether the way from `q` through `p` goes on straight to `r`.
fn straight_on(q: Point, p: Point, r: Point) -> bool {
    let (ax, ay) = (p.0 - q.0, p.1 - q.1);
    let (bx, by) = (r.0 - p.0, r.1 - p.1);
    let cross = ax * by - ay * bx;
    let dot = ax * bx + ay * by;
    cross.abs() <= 1e-9 * (ax.hypot(ay) * bx.hypot(by)).max(1e-12) && dot > 0.0
}

/// Strokes in the order a pen plotter draws them with least travel, greedily: from the
/// sheet's corner, the stroke with the nearest end next, turned to start at that end. The
/// ends wait in square buckets about one stroke apart, searched ring by ring outward from
/// the pen, so that a 1000 x 1000 maze's 200,000 strokes are ordered in moments, not in the
/// hours that comparing every pair would take.
fn plotter_order(strokes: Vec<Stroke>) -> Vec<Stroke> {
    let n = strokes.len();
    if n == 0 {
        return strokes;
    }
    let ends: Vec<[Point; 2]> = strokes
        .iter()
        .map(|s| [s.points[0], *s.points.last().expect("a stroke has points")])
        .collect();
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in ends.iter().flatten() {
        (x0, y0, x1, y1) = (x0.min(p.0), y0.min(p.1), x1.max(p.0), y1.max(p.1));
    }
    let side = ((n as f64).sqrt().ceil() as usize).max(1);
    let size = ((x1 - x0).max(y1 - y0) / side as f64).max(1e-9);
    let bucket_of = |p: Point| {
        let bx = (((p.0 - x0) / size) as usize).min(side - 1);
        let by = (((p.1 - y0) / size) as usize).min(side - 1);
        (bx, by)
    };
    let mut buckets: Vec<Vec<(usize, bool)>> = vec![Vec::new(); side * side];
    for (k, pair) in ends.iter().enumerate() {
        for (end, reversed) in [(pair[0], false), (pair[1], true)] {
            let (bx, by) = bucket_of(end);
            buckets[by * side + bx].push((k, reversed));
        }
    }
    let mut taken = vec![false; n];
    let mut order: Vec<(usize, bool)> = Vec::with_capacity(n);
    let mut pen = (0.0, 0.0);
    for _ in 0..n {
        let (cx, cy) = bucket_of(pen);
        let mut best: Option<(f64, usize, bool)> = None;
        for ring in 0..=side {
            // Every end in this ring is at least (ring - 1) buckets from the pen.
            if let Some((d, _, _)) = best
                && ring > 1
                && ((ring - 1) as f64 * size).powi(2) > d
            {
                break;
            }
            let (lo_x, hi_x) = (cx.saturating_sub(ring), (cx + ring).min(side - 1));
            let (lo_y, hi_y) = (cy.saturating_sub(ring), (cy + ring).min(side - 1));
            for by in lo_y..=hi_y {
                for bx in lo_x..=hi_x {
                    let on_ring = bx.abs_diff(cx) == ring || by.abs_diff(cy) == ring;
                    if !on_ring {
                        continue;
                    }
                    let bucket = &mut buckets[by * side + bx];
                    bucket.retain(|&(k, _)| !taken[k]);
                    for &(k, reversed) in bucket.iter() {
                        let d = distance2(pen, ends[k][usize::from(reversed)]);
                        if best.is_none_or(|(b, _, _)| d < b) {
                            best = Some((d, k, reversed));
                        }
                    }
                }
            }
        }
        let (_, k, reversed) = best.expect("a stroke is left");
        taken[k] = true;
        pen = ends[k][usize::from(!reversed)];
        order.push((k, reversed));
    }
    let mut slots: Vec<Option<Stroke>> = strokes.into_iter().map(Some).collect();
    order
        .into_iter()
        .map(|(k, reversed)| {
            let s = slots[k].take().expect("each stroke once");
            if reversed { s.reversed() } else { s }
        })
        .collect()
}

fn distance2(a: Point, b: Point) -> f64 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    dx * dx + dy * dy
}

impl Cut {
    /// Millimetres a unit, the sheet's size and where the maze starts on it.
    fn scale(&self, options: &CutOptions) -> (f64, (f64, f64), (f64, f64)) {
        let (w, h) = self.size;
        let mm = options.millimetres(self.size, self.per_cell);
        let margin = options.margin();
        let sheet = options
            .size
            .unwrap_or((w * mm + 2.0 * margin, h * mm + 2.0 * margin));
        (
            mm,
            sheet,
            ((sheet.0 - w * mm) / 2.0, (sheet.1 - h * mm) / 2.0),
        )
    }

    /// The angle an arc piece from `a` to `b` turns through, in radians (positive).
    fn sweep(&self, a: Point, b: Point, arc: Arc) -> f64 {
        let angle = |p: Point| (p.1 - self.centre.1).atan2(p.0 - self.centre.0);
        let turn = if arc.clockwise {
            angle(b) - angle(a)
        } else {
            angle(a) - angle(b)
        };
        turn.rem_euclid(std::f64::consts::TAU)
    }

    /// Pen-down and pen-up lengths in millimetres, from the sheet's corner through the
    /// strokes in their order.
    pub fn travel(&self, options: &CutOptions) -> (f64, f64) {
        let (mm, _, _) = self.scale(options);
        let length = |a: Point, b: Point| distance2(a, b).sqrt() * mm;
        let (mut down, mut up, mut pen) = (0.0, 0.0, (0.0, 0.0));
        for s in &self.strokes {
            up += length(pen, s.points[0]);
            for (pair, arc) in s.points.windows(2).zip(&s.arcs) {
                down += match arc {
                    Some(arc) => arc.radius * self.sweep(pair[0], pair[1], *arc) * mm,
                    None => length(pair[0], pair[1]),
                };
            }
            pen = *s.points.last().expect("a stroke has points");
        }
        (down, up)
    }

    /// The SVG of the strokes, sized in millimetres (a laser program imports it at that
    /// size): the cuts in black, the outline layer in red; a stroke with arcs is a path.
    pub fn svg(&self, options: &CutOptions) -> String {
        let (mm, (sw, sh), (ox, oy)) = self.scale(options);
        let at = |(c, r): Point| (ox + c * mm, oy + r * mm);
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{sw:.3}mm" height="{sh:.3}mm" viewBox="0 0 {sw:.3} {sh:.3}">"#
        );
        for (outline, id, color) in [(false, "cut", "#000000"), (true, "outline", "#ff0000")] {
            let strokes: Vec<&Stroke> = self
                .strokes
                .iter()
                .filter(|s| s.outline == outline)
                .collect();
            if strokes.is_empty() {
                continue;
            }
            let _ = writeln!(
                out,
                r#"<g id="{id}" fill="none" stroke="{color}" stroke-width="0.1" stroke-linecap="round" stroke-linejoin="round">"#
            );
            for s in strokes {
                if s.arcs.iter().all(Option::is_none) {
                    let mut points = String::new();
                    for (k, &p) in s.points.iter().enumerate() {
                        let gap = if k == 0 { "" } else { " " };
                        let (x, y) = at(p);
                        let _ = write!(points, "{gap}{x:.3},{y:.3}");
                    }
                    let _ = writeln!(out, r#"<polyline points="{points}"/>"#);
                    continue;
                }
                let (x, y) = at(s.points[0]);
                let mut d = format!("M{x:.3},{y:.3}");
                for (pair, arc) in s.points.windows(2).zip(&s.arcs) {
                    let (x, y) = at(pair[1]);
                    match arc {
                        Some(arc) => {
                            let large = u8::from(self.sweep(pair[0], pair[1], *arc) > PI);
                            let r = arc.radius * mm;
                            let _ = write!(
                                d,
                                " A{r:.3},{r:.3} 0 {large} {} {x:.3},{y:.3}",
                                u8::from(arc.clockwise)
                            );
                        }
                        None => {
                            let _ = write!(d, " L{x:.3},{y:.3}");
                        }
                    }
                }
                let _ = writeln!(out, r#"<path d="{d}"/>"#);
            }
            out.push_str("</g>\n");
        }
        out.push_str("</svg>\n");
        out
    }

    /// The strokes as an R12 DXF drawing in millimetres (`$INSUNITS` 4), for cutter
    /// software that prefers it: a POLYLINE a stroke, on layer CUT, or OUTLINE (red) for the
    /// outline layer; y grows upward, as DXF has it, and an arc is a vertex's bulge (the
    /// tangent of a quarter of its angle, positive turning anticlockwise).
    pub fn dxf(&self, options: &CutOptions) -> String {
        let (mm, (_, sh), (ox, oy)) = self.scale(options);
        let mut out = String::new();
        let mut pair = |code: u16, value: &str| {
            let _ = write!(out, "{code}\n{value}\n");
        };
        for (code, value) in [
            (0, "SECTION"),
            (2, "HEADER"),
            (9, "$ACADVER"),
            (1, "AC1009"),
            (9, "$INSUNITS"),
            (70, "4"),
            (0, "ENDSEC"),
            (0, "SECTION"),
            (2, "TABLES"),
            (0, "TABLE"),
            (2, "LAYER"),
            (70, "2"),
        ] {
            pair(code, value);
        }
        for (name, color) in [("CUT", "7"), ("OUTLINE", "1")] {
            for (code, value) in [
                (0, "LAYER"),
                (2, name),
                (70, "0"),
                (62, color),
                (6, "CONTINUOUS"),
            ] {
                pair(code, value);
            }
        }
        for (code, value) in [
            (0, "ENDTAB"),
            (0, "ENDSEC"),
            (0, "SECTION"),
            (2, "ENTITIES"),
        ] {
            pair(code, value);
        }
        for s in &self.strokes {
            let layer = if s.outline { "OUTLINE" } else { "CUT" };
            let closed = s.points.len() > 2 && s.points.first() == s.points.last();
            let points = if closed {
                &s.points[..s.points.len() - 1]
            } else {
                &s.points[..]
            };
            pair(0, "POLYLINE");
            pair(8, layer);
            pair(66, "1");
            pair(70, if closed { "1" } else { "0" });
            for (k, &(c, r)) in points.iter().enumerate() {
                let (x, y) = (ox + c * mm, sh - (oy + r * mm));
                pair(0, "VERTEX");
                pair(8, layer);
                pair(10, &format!("{x:.3}"));
                pair(20, &format!("{y:.3}"));
                pair(30, "0.0");
                if let Some(Some(arc)) = s.arcs.get(k) {
                    // The drawing is seen the same way up as the SVG (row 0 at the top), so
                    // an arc clockwise there is clockwise here: a negative bulge, a positive
                    // one turning anticlockwise.
                    let next = s.points[k + 1];
                    let bulge = (self.sweep((c, r), next, *arc) / 4.0).tan();
                    let bulge = if arc.clockwise { -bulge } else { bulge };
                    pair(42, &format!("{bulge:.6}"));
                }
            }
            pair(0, "SEQEND");
            pair(8, layer);
        }
        pair(0, "ENDSEC");
        pair(0, "EOF");
        out
    }
}

#[cfg(test)]
mod tests {
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
        let (mm, sheet, (ox, _)) = cut.scale(&options);
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
}
