//! The order a pen plotter draws strokes in, for the least pen-up travel.

use super::Stroke;
use crate::walls::Point;

/// Strokes in the order a pen plotter draws them with least travel, greedily: from the
/// sheet's corner, the stroke with the nearest end next, turned to start at that end. The
/// ends wait in square buckets about one stroke apart, searched ring by ring outward from
/// the pen, so that a 1000 x 1000 maze's 200,000 strokes are ordered in moments, not in the
/// hours that comparing every pair would take.
pub(super) fn plotter_order(strokes: Vec<Stroke>) -> Vec<Stroke> {
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

pub(super) fn distance2(a: Point, b: Point) -> f64 {
    let (dx, dy) = (a.0 - b.0, a.1 - b.1);
    dx * dx + dy * dy
}
