//! A maze's walls as polygons, `wall_mm` thick: the pieces a laser cuts from a sheet
//! (`--kerf`) and the walls a printer stands on the base. Each wall is a strip along its
//! line, mitred where it meets its neighbours; curved walls are in straight pieces. The
//! polygons are in integer micrometres, the unit of the polygon overlay (i_overlay) that
//! unions them, so that the cutter and the printer share their borders point for point.

use crate::machine::MachineError;
use crate::sheet::{Fit, Sheet};
use crate::walls::{Point, WallGraph};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{Overlay, ShapeType};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::i_float::int::angle::Angle;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::mesh::int::outline::offset::IntOutlineOffset;
use i_overlay::mesh::int::style::{IntLineJoin, IntOutlineStyle};
use std::collections::HashMap;

/// A point in millimetres, y pointing up.
pub(crate) type Mm = (f64, f64);

/// Micrometres a millimetre: the overlay's integer unit.
pub(crate) const UM: f64 = 1000.0;

/// What the walls' polygons are made of, in millimetres.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Thickness<'a> {
    /// The walls' thickness.
    pub wall_mm: f64,
    /// The longest straight piece of a curved wall.
    pub segment_mm: f64,
    /// The walls left out (a marble maze's openings), by their index in the graph.
    pub doors: &'a [usize],
}

/// A point of the maze in millimetres, y pointing up (row 0 at the back, as seen from
/// above), `half` a wall in from the corner.
pub(crate) fn place(graph: &WallGraph, mm: f64, half: f64, (x, y): Point) -> Mm {
    (x * mm + half, (graph.size.1 - y) * mm + half)
}

pub(crate) fn to_int((x, y): Mm) -> IntPoint {
    IntPoint::new((x * UM).round() as i32, (y * UM).round() as i32)
}

/// The outlines of the walls' polygons unioned and grown by `grow` millimetres (half a
/// laser's kerf), as closed rings in the maze's units: the pieces a laser cuts when the walls
/// are made of a sheet.
pub(crate) fn outlines(
    graph: &WallGraph,
    mm: f64,
    thickness: &Thickness,
    grow: f64,
) -> Result<Vec<Vec<Point>>, MachineError> {
    let walls = polygons(graph, mm, thickness)?;
    let mut overlay = Overlay::new(walls.len() * 4);
    for w in &walls {
        overlay.add_contour(w, ShapeType::Subject);
    }
    let union = overlay.overlay(OverlayRule::Subject, FillRule::NonZero);
    let style = IntOutlineStyle::new((grow * UM).round() as i32)
        .line_join(IntLineJoin::Miter(Angle::from_bits(0)));
    let grown = union
        .outline(&style)
        .map_err(|e| MachineError::Outline(e.to_string()))?;
    let half = thickness.wall_mm / 2.0;
    let unit = |p: &IntPoint| {
        let (x, y) = (f64::from(p.x) / UM - half, f64::from(p.y) / UM - half);
        (x / mm, graph.size.1 - y / mm)
    };
    Ok(grown
        .iter()
        .flatten()
        .map(|ring| ring.iter().map(unit).collect())
        .collect())
}

/// Refuses walls so thick that they close the narrowest cell (a passage must be at least as
/// wide as a wall), and a sheet no larger than its `margin` each side, where `fit` gave the
/// `sheet`. Without the cells' outlines in the graph only the sheet is checked.
pub(crate) fn check_passages(
    graph: &WallGraph,
    sheet: &Sheet,
    fit: Fit,
    wall_mm: f64,
    margin: f64,
) -> Result<(), MachineError> {
    let least_inradius = graph
        .cells
        .iter()
        .map(|c| inradius(c))
        .fold(f64::INFINITY, f64::min);
    let mm = sheet.mm;
    if mm <= 0.0 || !mm.is_finite() {
        // The least scale whose narrowest passage is a wall wide.
        let least_mm = if least_inradius.is_finite() {
            wall_mm / least_inradius
        } else {
            0.0
        };
        return Err(MachineError::SheetTooSmall {
            size: sheet.size,
            least: Sheet::least(graph.size, least_mm, margin),
        });
    }
    let narrowest = least_inradius * mm;
    if narrowest.is_finite() && 2.0 * narrowest - wall_mm < wall_mm {
        let cell = mm * graph.per_cell;
        return Err(MachineError::WallsTooThick {
            wall_mm,
            passage_mm: 2.0 * narrowest - wall_mm,
            cell_mm: cell,
            least_cell_mm: cell * wall_mm / narrowest,
            sized: matches!(fit, Fit::Within(..)),
        });
    }
    Ok(())
}

/// The distance from a cell's centroid to its nearest side.
fn inradius(cell: &[Point]) -> f64 {
    let n = cell.len() as f64;
    let (cx, cy) = cell
        .iter()
        .fold((0.0, 0.0), |(x, y), p| (x + p.0 / n, y + p.1 / n));
    (0..cell.len())
        .map(|i| {
            let (a, b) = (cell[i], cell[(i + 1) % cell.len()]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            ((cx - a.0) * dy - (cy - a.1) * dx).abs() / dx.hypot(dy).max(1e-12)
        })
        .fold(f64::INFINITY, f64::min)
}

/// The walls as polygons: each wall (a curved one in pieces) a strip `wall_mm` wide along
/// its line, its ends cut on the mitre lines it shares with its neighbours at each point, a
/// free end squared off half a wall past its point, and where three or more walls meet, the
/// polygon of their mitre points between them.
pub(crate) fn polygons(
    graph: &WallGraph,
    mm: f64,
    thickness: &Thickness,
) -> Result<Vec<Vec<IntPoint>>, MachineError> {
    let Thickness {
        wall_mm,
        segment_mm,
        doors,
    } = *thickness;
    // The points in millimetres, and the walls as straight segments between them.
    let mut points: Vec<Mm> = graph
        .points
        .iter()
        .map(|&p| place(graph, mm, wall_mm / 2.0, p))
        .collect();
    let mut segments: Vec<(usize, usize)> = Vec::new();
    for (k, wall) in graph.walls.iter().enumerate() {
        if doors.contains(&k) {
            continue;
        }
        let Some(arc) = wall.arc else {
            segments.push((wall.a, wall.b));
            continue;
        };
        let (from, to) = (graph.points[wall.a], graph.points[wall.b]);
        let step = segment_mm / mm;
        let inner = crate::tiled::layout::arc_points(
            graph.centre,
            arc.radius,
            from,
            to,
            arc.clockwise,
            step,
        );
        let mut last = wall.a;
        for p in inner {
            points.push(place(graph, mm, wall_mm / 2.0, p));
            segments.push((last, points.len() - 1));
            last = points.len() - 1;
        }
        segments.push((last, wall.b));
    }
    if segments.is_empty() {
        return Err(MachineError::NoWalls);
    }
    // Each point's arms: the segments leaving it, by their direction's angle.
    let mut arms: Vec<Vec<(f64, usize)>> = vec![Vec::new(); points.len()];
    for (k, &(a, b)) in segments.iter().enumerate() {
        let (pa, pb) = (points[a], points[b]);
        arms[a].push(((pb.1 - pa.1).atan2(pb.0 - pa.0), k));
        arms[b].push(((pa.1 - pb.1).atan2(pa.0 - pb.0), k));
    }
    let half = wall_mm / 2.0;
    // The corners of each segment's strip at each end: (right, left) as seen leaving the
    // point along the segment.
    let mut ends: HashMap<(usize, usize), (Mm, Mm)> = HashMap::new();
    let mut pieces: Vec<Vec<IntPoint>> = Vec::new();
    for (p, arms) in arms.iter_mut().enumerate() {
        if arms.is_empty() {
            continue;
        }
        arms.sort_by(|a, b| a.0.total_cmp(&b.0));
        let v = points[p];
        let n = arms.len();
        let direction = |angle: f64| (angle.cos(), angle.sin());
        if n == 1 {
            let (dx, dy) = direction(arms[0].0);
            let back = (v.0 - dx * half, v.1 - dy * half);
            let right = (back.0 + dy * half, back.1 - dx * half);
            let left = (back.0 - dy * half, back.1 + dx * half);
            ends.insert((p, arms[0].1), (right, left));
            continue;
        }
        // The mitre point between each arm and the next one anticlockwise.
        let mitres: Vec<Mm> = (0..n)
            .map(|i| {
                mitre(
                    v,
                    direction(arms[i].0),
                    direction(arms[(i + 1) % n].0),
                    half,
                )
            })
            .collect();
        for i in 0..n {
            ends.insert((p, arms[i].1), (mitres[(i + n - 1) % n], mitres[i]));
        }
        if n >= 3 {
            pieces.push(anticlockwise(mitres.iter().map(|&m| to_int(m)).collect()));
        }
    }
    for (k, &(a, b)) in segments.iter().enumerate() {
        let (right_a, left_a) = ends[&(a, k)];
        let (right_b, left_b) = ends[&(b, k)];
        // Along the right side from a to b, back along the left: anticlockwise.
        pieces.push(anticlockwise(
            [right_a, left_b, right_b, left_a]
                .into_iter()
                .map(to_int)
                .collect(),
        ));
    }
    Ok(pieces)
}

/// Where the offset lines of two arms leaving `v` meet: the left side of the arm going
/// `d1` and the right side of the next arm anticlockwise, going `d2`. Arms in a straight
/// line meet at their shared corner.
fn mitre(v: Mm, d1: Mm, d2: Mm, half: f64) -> Mm {
    let left1 = (-d1.1 * half, d1.0 * half);
    let right2 = (d2.1 * half, -d2.0 * half);
    let cross = d1.0 * d2.1 - d1.1 * d2.0;
    if cross.abs() < 1e-9 {
        return (v.0 + left1.0, v.1 + left1.1);
    }
    let (ex, ey) = (right2.0 - left1.0, right2.1 - left1.1);
    let t = (ex * d2.1 - ey * d2.0) / cross;
    (v.0 + left1.0 + t * d1.0, v.1 + left1.1 + t * d1.1)
}

/// A polygon turned anticlockwise (y up), as the overlay's non-zero rule adds them.
pub(crate) fn anticlockwise(mut polygon: Vec<IntPoint>) -> Vec<IntPoint> {
    if twice_area(&polygon) < 0 {
        polygon.reverse();
    }
    polygon
}

fn twice_area(polygon: &[IntPoint]) -> i64 {
    (0..polygon.len())
        .map(|i| {
            let (a, b) = (polygon[i], polygon[(i + 1) % polygon.len()]);
            i64::from(a.x) * i64::from(b.y) - i64::from(b.x) * i64::from(a.y)
        })
        .sum()
}
