//! Arcs found again on the outlines of walls cut as pieces (`--kerf`). The pieces are
//! unioned and grown as polygons, which draw a curved wall as straight pieces a millimetre
//! long; but the side of a ring's wall, grown by half a wall and half the beam, is a circle
//! round the maze's centre, so the runs of an outline that lie on such a circle are cut as
//! the arc they stand for.

use super::Stroke;
use crate::walls::{Arc, Point};
use std::f64::consts::{FRAC_PI_2, FRAC_PI_4};

/// How far in millimetres a polygon's corner may lie off a circle and still be on it, beyond
/// the grown straight pieces' own reach past it: the corners, in whole micrometres, come
/// within 2.5 µm of it (`mazegen --tiling polar --seed 17 6 | gridrender --for laser --kerf
/// 0.1`, and at `--cell-mm 3 --wall-mm 0.5`), far finer than any beam.
pub(super) const ON_CIRCLE_MM: f64 = 0.005;

/// How far past its circle the corners of a curved wall's straight pieces reach once they
/// are grown by `grow`: pieces each turning `step` radians round the centre, grown apart,
/// meet `grow` / cos(`step` / 2) from the wall's line, not `grow`.
pub(super) fn reach(grow: f64, step: f64) -> f64 {
    grow * (1.0 / (step / 2.0).cos() - 1.0)
}

/// How far off a circle of `radius` the corner that ends a run along it may lie: the last
/// straight piece, grown by `grow`, runs on along its own line past the circle until it meets
/// the next wall's side, up to half a piece (`step` radians round the centre) and `grow`
/// beyond where it touches the circle, and a line `t` along from a circle's tangent point
/// lies t² / 2r off it (at `--wall-mm 3`, 0.07 mm on a 60 mm ring: a facet a cutter shows).
pub(super) fn overshoot(radius: f64, grow: f64, step: f64) -> f64 {
    let t = radius * step / 2.0 + grow;
    t * t / (2.0 * radius) + reach(grow, step)
}

/// How steeply, at the least, the wall's side that a run along a circle ends at crosses the
/// circle: the sides of a polar maze's radial walls and of a curved wall's squared end cross
/// it square.
const CROSSING: f64 = std::f64::consts::FRAC_PI_6;

/// A circle an outline's arcs may lie on, in the maze's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Circle {
    pub radius: f64,
    /// How far a corner may lie off it and be on it.
    pub tolerance: f64,
    /// How far the corner that ends a run along it may lie off it ([`overshoot`]).
    pub end: f64,
}

/// The circles an outline's arcs may lie on, round one centre, in the maze's units.
#[derive(Debug, Clone)]
pub(super) struct Circles {
    pub centre: Point,
    /// In increasing order of radius.
    pub radii: Vec<Circle>,
    /// How far apart two corners are one, for the way of a straight piece.
    pub apart: f64,
}

impl Circles {
    /// The circle `p` lies on, by its index in `radii`: the nearest circle each side of its
    /// distance, found by halving (a polar maze of a thousand rings has two thousand).
    fn of(&self, p: Point) -> Option<usize> {
        let d = distance(self.centre, p);
        let above = self.radii.partition_point(|c| c.radius < d);
        [above.checked_sub(1), Some(above)]
            .into_iter()
            .flatten()
            .find(|&k| {
                self.radii
                    .get(k)
                    .is_some_and(|c| (d - c.radius).abs() <= c.tolerance)
            })
    }

    /// Whether `p` may end a run along circle `k`.
    fn ends(&self, k: usize, p: Point) -> bool {
        let c = self.radii[k];
        (distance(self.centre, p) - c.radius).abs() <= c.end
    }

    /// Where the line from `p` towards `q` meets circle `k` nearest `p`, when it does so
    /// before `q` and no further behind `p`, and crosses it: at least [`CROSSING`] off the
    /// circle's own way there. A line nearly along the circle is a chord of the run itself
    /// (past a pair of corners micrometres apart at a wall's end), and meets the circle far
    /// back along the run, where the cut would turn round.
    fn along(&self, k: usize, p: Point, q: Point) -> Option<Point> {
        let r = self.radii[k].radius;
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let (fx, fy) = (p.0 - self.centre.0, p.1 - self.centre.1);
        // |f + s d|² = r²: a s² + 2 b s + c = 0.
        let (a, b, c) = (
            dx * dx + dy * dy,
            fx * dx + fy * dy,
            fx * fx + fy * fy - r * r,
        );
        let disc = b * b - a * c;
        if a == 0.0 || disc < 0.0 {
            return None;
        }
        let roots = [(-b - disc.sqrt()) / a, (-b + disc.sqrt()) / a];
        let s = roots
            .into_iter()
            .min_by(|x, y| x.abs().total_cmp(&y.abs()))?;
        let at = (p.0 + s * dx, p.1 + s * dy);
        let (ux, uy) = ((at.0 - self.centre.0) / r, (at.1 - self.centre.1) / r);
        let crosses = (ux * dx + uy * dy).abs() >= CROSSING.sin() * a.sqrt();
        (s.abs() < 1.0 && crosses).then_some(at)
    }

    /// Where a line from `v`, outside circle `k`, touches the circle between the angle
    /// `from` and `v`'s own.
    fn tangent(&self, k: usize, v: Point, from: f64) -> Option<Point> {
        let (c, r) = (self.centre, self.radii[k].radius);
        let d = distance(c, v);
        if d <= r {
            return None;
        }
        let (half, toward) = ((r / d).acos(), self.angle(v));
        let ahead = turn(from, toward);
        [toward - half, toward + half]
            .into_iter()
            .map(|t| (t, turn(from, t)))
            .filter(|&(_, s)| s != 0.0 && (s > 0.0) == (ahead > 0.0) && s.abs() < ahead.abs())
            .min_by(|x, y| x.1.abs().total_cmp(&y.1.abs()))
            .map(|(t, _)| (c.0 + r * t.cos(), c.1 + r * t.sin()))
    }

    /// `p` moved along its radius onto circle `k`.
    fn onto(&self, k: usize, p: Point) -> Point {
        let (c, r) = (self.centre, self.radii[k].radius);
        let d = distance(c, p);
        (c.0 + (p.0 - c.0) * r / d, c.1 + (p.1 - c.1) * r / d)
    }

    /// The angle of `p` round the centre (growing clockwise, y pointing down).
    fn angle(&self, p: Point) -> f64 {
        (p.1 - self.centre.1).atan2(p.0 - self.centre.0)
    }
}

fn distance(a: Point, b: Point) -> f64 {
    (a.0 - b.0).hypot(a.1 - b.1)
}

/// The turn from angle `a` to angle `b`, in (-π, π].
fn turn(a: f64, b: f64) -> f64 {
    let t = (b - a).rem_euclid(std::f64::consts::TAU);
    if t > std::f64::consts::PI {
        t - std::f64::consts::TAU
    } else {
        t
    }
}

/// A closed outline (its first point not repeated) as a closed stroke: each run of its
/// pieces along one of `circles` an arc (or a few, none turning more than a quarter of a
/// circle, so that no arc's ends meet), its ends moved onto the circle; the other pieces
/// straight. A piece is along a circle when both its ends are on it (or one on it, the other
/// the corner that ends the run) and it turns less than an eighth of a circle round the
/// centre: a chord of a circle that long is a straight wall.
pub(super) fn closed_stroke(ring: &[Point], circles: &Circles) -> Stroke {
    let n = ring.len();
    let on: Vec<Option<usize>> = ring.iter().map(|&p| circles.of(p)).collect();
    let angles: Vec<f64> = ring.iter().map(|&p| circles.angle(p)).collect();
    let (before, after) = (|i: usize| (i + n - 1) % n, |i: usize| (i + 1) % n);
    // A corner off every circle that ends a run: its circle, and where the straight piece on
    // its other side meets that circle, the corner's place. The straight piece's way is taken
    // to a corner more than `circles.apart` off, past the pairs of corners micrometres apart
    // that the polygons' growth leaves.
    let ends: Vec<Option<(usize, Point)>> = (0..n)
        .map(|i| {
            if on[i].is_some() {
                return None;
            }
            [(n - 1, 1), (1, n - 1)].into_iter().find_map(|(run, way)| {
                let run = (i + run) % n;
                let k = on[run].filter(|&k| circles.ends(k, ring[i]))?;
                let far = (1..n.min(5))
                    .map(|m| ring[(i + m * way) % n])
                    .find(|&q| distance(q, ring[i]) > circles.apart)?;
                let at = circles.along(k, ring[i], far)?;
                (turn(angles[run], circles.angle(at)).abs() < FRAC_PI_4).then_some((k, at))
            })
        })
        .collect();
    // The circle piece `i` (from corner i to corner i + 1) runs along, if any.
    let along = |i: usize| {
        let j = after(i);
        let k = match (on[i], on[j], ends[i], ends[j]) {
            (Some(a), Some(b), _, _) if a == b => Some(a),
            (Some(a), _, _, Some((b, _))) | (_, Some(b), Some((a, _)), _) if a == b => Some(a),
            _ => None,
        };
        k.filter(|_| turn(angles[i], angles[j]).abs() < FRAC_PI_4)
    };
    let pieces: Vec<Option<usize>> = (0..n).map(along).collect();
    // A corner on a circle at the end of an arc is moved onto it along its radius, for both
    // pieces it joins; a corner that ends a run from off the circle, along its straight piece.
    let corner = |i: usize| match (pieces[i].or(pieces[before(i)]), ends[i]) {
        (Some(k), Some((e, at))) if k == e => at,
        (Some(k), _) => circles.onto(k, ring[i]),
        (None, _) => ring[i],
    };
    // A straight piece from a run's last corner to the squared end of a curved wall, grown
    // along the straight piece the wall ended in: an arc on to where a line from the end's
    // corner touches the circle, and that line; by piece, the circle, the touching point,
    // and whether the end's corner is the piece's second.
    let tangents: Vec<Option<(usize, Point, bool)>> = (0..n)
        .map(|i| {
            let j = after(i);
            let (p, v, second) = match (pieces[i], on[i], on[j]) {
                (None, Some(_), None) => (i, j, true),
                (None, None, Some(_)) => (j, i, false),
                _ => return None,
            };
            let k = on[p]?;
            let in_run = pieces[before(p)] == Some(k) || pieces[p] == Some(k);
            if !in_run || ends[v].is_some() || !circles.ends(k, ring[v]) {
                return None;
            }
            let at = circles.tangent(k, ring[v], angles[p])?;
            let Circle {
                radius, tolerance, ..
            } = circles.radii[k];
            let bows = radius * (1.0 - (turn(angles[p], circles.angle(at)) / 2.0).cos());
            (bows > tolerance).then_some((k, at, second))
        })
        .collect();
    // Begin where a run begins (or anywhere on a ring all of arcs), so that no run is split
    // across the stroke's two ends.
    let begin = (0..n)
        .find(|&i| pieces[(i + n - 1) % n] != pieces[i])
        .unwrap_or(0);
    let mut stroke = Stroke {
        points: vec![corner(begin)],
        arcs: Vec::new(),
        outline: false,
    };
    let mut step = 0;
    while step < n {
        let i = (begin + step) % n;
        let Some(k) = pieces[i] else {
            let next = corner(after(i));
            if let Some((k, at, second)) = tangents[i] {
                let from = *stroke.points.last().expect("a point");
                let (a, b) = if second { (from, at) } else { (at, next) };
                let arc = Some(Arc {
                    radius: circles.radii[k].radius,
                    clockwise: turn(circles.angle(a), circles.angle(b)) > 0.0,
                });
                stroke.points.push(at);
                stroke.arcs.push(if second { arc } else { None });
                stroke.points.push(next);
                stroke.arcs.push(if second { None } else { arc });
            } else {
                stroke.points.push(next);
                stroke.arcs.push(None);
            }
            step += 1;
            continue;
        };
        // One arc: on along the run while it turns one way, a quarter of a circle at most;
        // a turn within the tolerance either way (two corners a micrometre apart) is no turn.
        let Circle {
            radius, tolerance, ..
        } = circles.radii[k];
        let slack = tolerance / radius;
        let mut swept: f64 = 0.0;
        let mut end = step;
        while end < n {
            let j = (begin + end) % n;
            let t = turn(angles[j], angles[(j + 1) % n]);
            let same_way = swept.abs() <= slack || t.abs() <= slack || (t > 0.0) == (swept > 0.0);
            if pieces[j] != Some(k)
                || !same_way
                || (end > step && (swept + t).abs() > FRAC_PI_2 + 1e-9)
            {
                break;
            }
            swept += t;
            end += 1;
        }
        let end = end.max(step + 1);
        // An arc that bows off its chord by no more than the tolerance is cut straight: the
        // same cut, more simply. So is the squared end of a straight wall, whose corners may
        // lie on a circle (a wall's end `grow` wide bows `grow`² / 2r, as far as they lie off).
        let bows = radius * (1.0 - (swept / 2.0).cos()) > tolerance;
        stroke.points.push(corner((begin + end) % n));
        stroke.arcs.push(bows.then_some(Arc {
            radius,
            clockwise: swept > 0.0,
        }));
        step = end;
    }
    without_spikes(&mut stroke);
    stroke
}

/// Drops each corner where the cut turns back on itself between two straight pieces: where a
/// run's end was moved along the next wall's side onto its circle, back past corners that
/// stood out beyond the circle micrometres long (`mazegen --tiling polar --seed 17 6 |
/// gridrender --for laser --kerf 0.1`, at a ring wall's squared end), the beam would go out
/// to them and come back the same way, cutting that line twice.
fn without_spikes(stroke: &mut Stroke) {
    let mut q = 1;
    while q + 1 < stroke.points.len() {
        let (a, b, c) = (stroke.points[q - 1], stroke.points[q], stroke.points[q + 1]);
        let (u, v) = ((b.0 - a.0, b.1 - a.1), (c.0 - b.0, c.1 - b.1));
        let (dot, cross) = (u.0 * v.0 + u.1 * v.1, u.0 * v.1 - u.1 * v.0);
        let back = dot < 0.0 && cross.abs() <= BACK.tan() * -dot;
        if stroke.arcs[q - 1].is_none() && stroke.arcs[q].is_none() && back {
            stroke.points.remove(q);
            stroke.arcs.remove(q);
            q = q.saturating_sub(1).max(1);
        } else {
            q += 1;
        }
    }
}

/// How near to turning straight back a turn between two straight pieces is a spike: no
/// corner of walls grown into pieces turns so sharply.
const BACK: f64 = std::f64::consts::FRAC_PI_6;

#[cfg(test)]
mod tests {
    use super::*;

    fn circles() -> Circles {
        Circles {
            centre: (0.0, 0.0),
            radii: [1.0, 2.0]
                .map(|radius| Circle {
                    radius,
                    tolerance: 1e-3,
                    end: 1e-2,
                })
                .to_vec(),
            apart: 1e-2,
        }
    }

    fn on(r: f64, degrees: f64) -> Point {
        let a = degrees.to_radians();
        (r * a.cos(), r * a.sin())
    }

    /// A ring's sector (a ring wall's piece): its two sides arcs, its two ends straight,
    /// the corners moved onto their circles, the stroke closed.
    #[test]
    fn a_sector_is_two_arcs_and_two_lines() {
        let mut ring: Vec<Point> = (0..=10).map(|k| on(2.0, f64::from(k) * 6.0)).collect();
        ring.extend((0..=10).rev().map(|k| on(1.0005, f64::from(k) * 6.0)));
        let s = closed_stroke(&ring, &circles());
        assert_eq!(s.points.first(), s.points.last());
        let kinds: Vec<Option<(f64, bool)>> = s
            .arcs
            .iter()
            .map(|a| a.map(|a| (a.radius, a.clockwise)))
            .collect();
        assert_eq!(
            kinds,
            [Some((2.0, true)), None, Some((1.0, false)), None],
            "{s:?}"
        );
        assert!((distance((0.0, 0.0), s.points[2]) - 1.0).abs() < 1e-12);
    }

    /// A whole circle is cut in quarters, each arc's ends apart.
    #[test]
    fn a_whole_circle_is_four_quarters() {
        let ring: Vec<Point> = (0..72).map(|k| on(2.0, f64::from(k) * 5.0)).collect();
        let s = closed_stroke(&ring, &circles());
        assert_eq!(s.arcs.len(), 4);
        assert!(s.arcs.iter().all(|a| a.is_some_and(|a| a.clockwise)));
        assert_eq!(s.points.first(), s.points.last());
    }

    /// A ring's side meeting a radial wall's side: the last corner, off the circle where the
    /// grown straight pieces overshoot it, is moved along the radial side onto the circle,
    /// and the arc runs on to it.
    #[test]
    fn an_arc_runs_on_to_the_next_walls_side() {
        // The radial side: the line y = 0.1, from x = 2.005 (past the circle) in to 1.2.
        let mut ring: Vec<Point> = (1..=10)
            .rev()
            .map(|k| on(2.0, f64::from(k) * 6.0))
            .collect();
        ring.extend([(2.005, 0.1), (1.2, 0.1), (1.2, 1.0)]);
        let s = closed_stroke(&ring, &circles());
        let meet = (4.0f64 - 0.01).sqrt();
        let k = s
            .points
            .iter()
            .position(|p| (p.0 - meet).abs() < 1e-9)
            .expect("the meeting");
        assert!((s.points[k].1 - 0.1).abs() < 1e-12, "{s:?}");
        assert!(s.arcs[k - 1].is_some(), "the arc runs on to it: {s:?}");
        assert_eq!(s.arcs[k], None, "then the radial side");
    }

    /// A curved wall's squared end: the arc leaves its circle where a line from the end's
    /// corner touches it, and that line goes on to the corner.
    #[test]
    fn a_squared_end_leaves_its_circle_along_its_tangent() {
        let mut ring: Vec<Point> = (0..=6).map(|k| on(2.0, f64::from(k) * 6.0)).collect();
        // The end's corner, off the circle past the last one; a corner a little further on
        // the wall's line (where the growth clipped it); then back in to the other side.
        let corner = on(2.008, 45.0);
        let (sin, cos) = 45f64.to_radians().sin_cos();
        ring.extend([
            corner,
            (corner.0 - 0.1 * sin, corner.1 + 0.1 * cos),
            on(1.0, 50.0),
        ]);
        ring.extend((0..=6).rev().map(|k| on(1.0, f64::from(k) * 6.0)));
        let s = closed_stroke(&ring, &circles());
        let k = s
            .points
            .iter()
            .position(|&p| p == corner)
            .expect("the corner");
        let touch = s.points[k - 1];
        assert!((distance((0.0, 0.0), touch) - 2.0).abs() < 1e-12);
        let along = (corner.0 - touch.0) * touch.0 + (corner.1 - touch.1) * touch.1;
        assert!(along.abs() < 1e-12, "the line touches the circle: {s:?}");
        assert!(s.arcs[k - 2].is_some() && s.arcs[k - 1].is_none(), "{s:?}");
    }

    /// A square has no arcs, though its corners lie on a circle: its sides turn a quarter.
    #[test]
    fn a_chord_a_quarter_long_stays_straight() {
        let ring: Vec<Point> = (0..4).map(|k| on(2.0, f64::from(k) * 90.0)).collect();
        let s = closed_stroke(&ring, &circles());
        assert_eq!(s.arcs, vec![None; 4]);
        assert_eq!(&s.points[..4], &ring[..]);
    }
}
