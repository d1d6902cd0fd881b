//! The fewest trails that cover a graph's walls, each wall once: Hierholzer's walk on each
//! piece of the graph, its odd points paired by invisible edges, cut where it crosses one;
//! and each trail as a stroke.

use super::Stroke;
use crate::walls::{Arc, Point, Wall};

/// A trail's stroke: its points, with those in the middle of a straight run left out, and
/// each arc turned the way the trail walks it.
pub(super) fn stroke_of(
    trail: &[(usize, usize)],
    walls: &[Wall],
    pos: &[Point],
    outline: bool,
) -> Stroke {
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
pub(super) fn trails(walls: &[Wall], pos: &[Point]) -> Vec<Vec<(usize, usize)>> {
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
pub(super) fn straight_on(q: Point, p: Point, r: Point) -> bool {
    let (ax, ay) = (p.0 - q.0, p.1 - q.1);
    let (bx, by) = (r.0 - p.0, r.1 - p.1);
    let cross = ax * by - ay * bx;
    let dot = ax * bx + ay * by;
    cross.abs() <= 1e-9 * (ax.hypot(ay) * bx.hypot(by)).max(1e-12) && dot > 0.0
}
