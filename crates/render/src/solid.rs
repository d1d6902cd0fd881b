//! Mazes for 3D printers (`gridrender -o maze.stl`): a base plate with the walls standing on
//! it, as one closed solid a slicer takes without repair.
//!
//! The solid is a height field over three regions of the plane: the walls (the wall graph's
//! edges thickened, mitred where they meet), the floor (the cells less the walls), and the
//! outside. All three come from one overlay graph of integer points (micrometres), so that
//! the regions share their borders point for point; each region's top is triangulated by
//! ear clipping, and upright quads close the steps between heights. Every edge of the mesh
//! is then shared by exactly two triangles, each once in each direction: watertight, and
//! with outward normals.

use crate::error::{RenderError, Result};
use crate::walls::{Point, WallGraph};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay, ShapeType};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::angle::Angle;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShapes;
use i_overlay::mesh::int::outline::offset::IntOutlineOffset;
use i_overlay::mesh::int::style::{IntLineJoin, IntOutlineStyle};
use spade::handles::{DirectedEdgeHandle, FixedFaceHandle, FixedVertexHandle, InnerTag};
use spade::{CdtEdge, ConstrainedDelaunayTriangulation as Cdt, Point2, Triangulation};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

/// How a maze is built up for a printer, in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SolidOptions {
    /// Across a cell; ignored when `size` is given.
    pub cell_mm: f64,
    /// The bed, the maze fitted inside (walls and all).
    pub size: Option<(f64, f64)>,
    /// The walls' thickness.
    pub wall_mm: f64,
    /// The walls' height above the base.
    pub wall_height: f64,
    /// The base plate's thickness.
    pub base_mm: f64,
    /// The longest straight piece of a curved wall.
    pub segment_mm: f64,
    /// Open the start and the goal in the outer wall, for a marble to roll in and out.
    pub marble: bool,
}

impl Default for SolidOptions {
    /// Sizes that print on a home printer: 10 mm cells, walls 1.2 mm thick and 8 mm high
    /// on a 2 mm base.
    fn default() -> Self {
        SolidOptions {
            cell_mm: crate::defaults::CELL_MM,
            size: None,
            wall_mm: crate::defaults::WALL_MM,
            wall_height: crate::defaults::WALL_HEIGHT_MM,
            base_mm: crate::defaults::BASE_MM,
            segment_mm: crate::defaults::SEGMENT_MM,
            marble: false,
        }
    }
}

/// A point of the mesh in millimetres.
pub type Vertex = [f32; 3];

/// A triangle mesh: three vertices a triangle, anticlockwise seen from outside.
#[derive(Debug, Clone, Default)]
pub struct Mesh {
    pub triangles: Vec<[Vertex; 3]>,
}

/// A point on the bed in millimetres, y pointing up.
type Mm = (f64, f64);

/// Micrometres a millimetre: the overlay's integer unit.
const UM: f64 = 1000.0;

/// The most cells printed: a 300 x 300 maze is three metres across at 10 mm a cell, past
/// any printer's bed, and its mesh is a few hundred MB.
pub const MAX_PRINT_CELLS: usize = 90_000;

/// The solid of a maze's walls on a base.
pub fn solid(graph: &WallGraph, options: &SolidOptions) -> Result<Mesh> {
    if graph.woven {
        return Err(RenderError::Refused(
            "a printed maze has no bridges yet, and this one is woven: make it without \
             --weave"
                .into(),
        ));
    }
    if graph.cells.len() > MAX_PRINT_CELLS {
        return Err(RenderError::Refused(format!(
            "a printed maze has at most {MAX_PRINT_CELLS} cells, and this one has {}",
            graph.cells.len()
        )));
    }
    let mm = millimetres(graph, options);
    check_passages(graph, mm, options)?;
    let walls = wall_pieces(graph, mm, options)?;
    let cells: Vec<Vec<IntPoint>> = graph
        .cells
        .iter()
        .map(|c| {
            anticlockwise(
                c.iter()
                    .map(|&p| to_int(place(graph, mm, options.wall_mm / 2.0, p)))
                    .collect(),
            )
        })
        .collect();
    let regions = Regions::of(&cells, &walls);
    let mut mesh = regions.mesh(options)?;
    mesh.move_to_origin();
    Ok(mesh)
}

/// The outlines of a maze's walls `wall_mm` thick, grown by `grow` millimetres (half a
/// laser's kerf), as closed rings in the maze's units: the pieces a laser cuts when the walls
/// are made of a sheet. Curved walls are in pieces of a millimetre.
pub fn wall_outlines(
    graph: &WallGraph,
    mm: f64,
    wall_mm: f64,
    grow: f64,
) -> Result<Vec<Vec<Point>>> {
    let options = SolidOptions {
        wall_mm,
        ..SolidOptions::default()
    };
    let walls = wall_pieces(graph, mm, &options)?;
    let mut overlay = Overlay::new(walls.len() * 4);
    for w in &walls {
        overlay.add_contour(w, ShapeType::Subject);
    }
    let union = overlay.overlay(OverlayRule::Subject, FillRule::NonZero);
    let style = IntOutlineStyle::new((grow * UM).round() as i32)
        .line_join(IntLineJoin::Miter(Angle::from_bits(0)));
    let grown = union
        .outline(&style)
        .map_err(|e| RenderError::Refused(format!("the walls' outline: {e}")))?;
    let half = wall_mm / 2.0;
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

/// Millimetres a unit of the maze's geometry.
fn millimetres(graph: &WallGraph, options: &SolidOptions) -> f64 {
    let (w, h) = graph.size;
    match options.size {
        // A mitre reaches at most a wall's thickness past its corner (at 60 degrees, the
        // sharpest a tiling turns), so the maze fits with a wall to spare each side.
        Some((sw, sh)) => ((sw - 2.0 * options.wall_mm) / w).min((sh - 2.0 * options.wall_mm) / h),
        None => options.cell_mm / graph.per_cell,
    }
}

/// A point of the maze in millimetres, y pointing up (row 0 at the back, as seen from
/// above), half a wall in from the bed's corner.
fn place(graph: &WallGraph, mm: f64, half: f64, (x, y): Point) -> Mm {
    (x * mm + half, (graph.size.1 - y) * mm + half)
}

fn to_int((x, y): Mm) -> IntPoint {
    IntPoint::new((x * UM).round() as i32, (y * UM).round() as i32)
}

/// Refuses walls so thick that they close the narrowest cell: a passage must be at least as
/// wide as a wall.
fn check_passages(graph: &WallGraph, mm: f64, options: &SolidOptions) -> Result<()> {
    let narrowest = graph
        .cells
        .iter()
        .map(|c| inradius(c) * mm)
        .fold(f64::INFINITY, f64::min);
    if narrowest.is_finite() && 2.0 * narrowest - options.wall_mm < options.wall_mm {
        let cell = mm * graph.per_cell;
        let remedy = match options.size {
            Some(_) => "a larger --size".to_string(),
            None => format!(
                "--cell-mm {:.1} or more",
                cell * options.wall_mm / narrowest
            ),
        };
        return Err(RenderError::Refused(format!(
            "walls {:.1} mm thick leave {:.1} mm passages in the narrowest of these {cell:.1} \
             mm cells, and a passage must be at least as wide as a wall: give {remedy}, or a \
             thinner --wall-mm",
            options.wall_mm,
            (2.0 * narrowest - options.wall_mm).max(0.0),
        )));
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
fn wall_pieces(graph: &WallGraph, mm: f64, options: &SolidOptions) -> Result<Vec<Vec<IntPoint>>> {
    let doors = if options.marble {
        doors(graph)?
    } else {
        Vec::new()
    };
    // The points in millimetres, and the walls as straight segments between them.
    let mut points: Vec<Mm> = graph
        .points
        .iter()
        .map(|&p| place(graph, mm, options.wall_mm / 2.0, p))
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
        let step = options.segment_mm / mm;
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
            points.push(place(graph, mm, options.wall_mm / 2.0, p));
            segments.push((last, points.len() - 1));
            last = points.len() - 1;
        }
        segments.push((last, wall.b));
    }
    if segments.is_empty() {
        return Err(RenderError::Refused(
            "this maze has no walls to print".into(),
        ));
    }
    // Each point's arms: the segments leaving it, by their direction's angle.
    let mut arms: Vec<Vec<(f64, usize)>> = vec![Vec::new(); points.len()];
    for (k, &(a, b)) in segments.iter().enumerate() {
        let (pa, pb) = (points[a], points[b]);
        arms[a].push(((pb.1 - pa.1).atan2(pb.0 - pa.0), k));
        arms[b].push(((pa.1 - pb.1).atan2(pa.0 - pb.0), k));
    }
    let half = options.wall_mm / 2.0;
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

/// The outline walls to leave out for a marble maze: one for the start's cell and one for
/// the goal's, the one farthest from the maze's middle.
fn doors(graph: &WallGraph) -> Result<Vec<usize>> {
    let middle = (graph.size.0 / 2.0, graph.size.1 / 2.0);
    let mut doors = Vec::new();
    for (what, cell) in [("start", graph.start), ("goal", graph.goal)] {
        let door = cell.and_then(|c| {
            graph.outline_of(c).max_by(|&a, &b| {
                let far = |k: usize| {
                    let w = graph.walls[k];
                    let (p, q) = (graph.points[w.a], graph.points[w.b]);
                    let (mx, my) = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                    (mx - middle.0).hypot(my - middle.1)
                };
                far(a).total_cmp(&far(b))
            })
        });
        match door {
            Some(k) => doors.push(k),
            None => {
                return Err(RenderError::Refused(format!(
                    "--marble opens the start and the goal in the outer wall, and this maze's \
                     {what} is not on its edge"
                )));
            }
        }
    }
    Ok(doors)
}

/// A polygon turned anticlockwise (y up), as the overlay's non-zero rule adds them.
fn anticlockwise(mut polygon: Vec<IntPoint>) -> Vec<IntPoint> {
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

/// The plane cut into the walls, the floor and the whole footprint, with borders that
/// match point for point.
struct Regions {
    walls: IntShapes<i32>,
    floor: IntShapes<i32>,
    footprint: IntShapes<i32>,
}

impl Regions {
    fn of(cells: &[Vec<IntPoint>], walls: &[Vec<IntPoint>]) -> Regions {
        // Collinear points are kept here, and left out below only where no region turns.
        let options = IntOverlayOptions::keep_all_points();
        let mut overlay = Overlay::new_custom(
            cells.len() * 6 + walls.len() * 4,
            options,
            Solver::default(),
        );
        for c in cells {
            overlay.add_contour(c, ShapeType::Subject);
        }
        for w in walls {
            overlay.add_contour(w, ShapeType::Clip);
        }
        let Some(graph) = overlay.build_graph_view(FillRule::NonZero) else {
            return Regions {
                walls: Vec::new(),
                floor: Vec::new(),
                footprint: Vec::new(),
            };
        };
        let mut buffer = Default::default();
        let mut regions = Regions {
            walls: graph.extract_shapes(OverlayRule::Clip, &mut buffer),
            floor: graph.extract_shapes(OverlayRule::Difference, &mut buffer),
            footprint: graph.extract_shapes(OverlayRule::Union, &mut buffer),
        };
        regions.drop_straight_points();
        regions
    }

    fn contours(&self) -> impl Iterator<Item = &Vec<IntPoint>> {
        [&self.walls, &self.floor, &self.footprint]
            .into_iter()
            .flatten()
            .flatten()
    }

    /// Leaves out the points where no region's border turns: what is straight in every
    /// contour through a point is one edge in all of them.
    fn drop_straight_points(&mut self) {
        let mut turns: HashSet<IntPoint> = HashSet::new();
        for c in self.contours() {
            for i in 0..c.len() {
                let (a, p, b) = (c[(i + c.len() - 1) % c.len()], c[i], c[(i + 1) % c.len()]);
                if cross(a, p, b) != 0 {
                    turns.insert(p);
                }
            }
        }
        for c in [&mut self.walls, &mut self.floor, &mut self.footprint]
            .into_iter()
            .flatten()
            .flatten()
        {
            c.retain(|p| turns.contains(p));
        }
    }

    /// The solid: the walls' tops, the floor, the bottom, and the steps between them.
    fn mesh(&self, options: &SolidOptions) -> Result<Mesh> {
        let heights = [
            0.0,
            options.base_mm as f32,
            (options.base_mm + options.wall_height) as f32,
        ];
        let borders: Vec<Border> = edges(&self.walls)
            .map(|(a, b)| (a, b, Region::Wall))
            .chain(edges(&self.floor).map(|(a, b)| (a, b, Region::Floor)))
            .collect();
        let plane = Plane::triangulate(&borders)?;
        let mut mesh = Mesh::default();
        for &(region, t) in &plane.faces {
            mesh.face(t, heights[region as usize], true);
        }
        // The bottom: the footprint, from the borders with the outside on their right.
        let outline: Vec<Border> = plane
            .borders
            .iter()
            .filter_map(|&(a, b, left, right)| match (left, right) {
                (Region::Outside, Region::Outside) => None,
                (_, Region::Outside) => Some((a, b, Region::Floor)),
                (Region::Outside, _) => Some((b, a, Region::Floor)),
                _ => None,
            })
            .collect();
        for &(_, t) in &Plane::triangulate(&outline)?.faces {
            mesh.face(t, 0.0, false);
        }
        // The steps, facing the lower side, in bands at every height between, so that each
        // meets its neighbours' edges.
        for &(a, b, left, right) in &plane.borders {
            let (a, b, low, high) = if left > right {
                (a, b, right, left)
            } else {
                (b, a, left, right)
            };
            for band in heights[low as usize..=high as usize].windows(2) {
                mesh.step(a, b, band[0], band[1]);
            }
        }
        Ok(mesh)
    }
}

/// What lies over a part of the plane, from the lowest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Region {
    Outside = 0,
    Floor = 1,
    Wall = 2,
}

/// A directed border, with the region on its left.
type Border = (IntPoint, IntPoint, Region);

/// The plane triangulated along borders: each triangle (anticlockwise) with its region, and
/// each border edge once, with the regions to its left and right.
struct Plane {
    faces: Vec<(Region, [IntPoint; 3])>,
    borders: Vec<(IntPoint, IntPoint, Region, Region)>,
}

impl Plane {
    /// A constrained Delaunay triangulation of the borders' points, the borders its
    /// constrained edges: no triangle's edge passes through a point, so that the faces of
    /// every region meet edge to edge. Each triangle takes its region from a border it lies
    /// on, or across unconstrained edges from its neighbours.
    fn triangulate(borders: &[Border]) -> Result<Plane> {
        let mut cdt: Cdt<Point2<f64>> = Cdt::new();
        let mut handles: HashMap<IntPoint, FixedVertexHandle> = HashMap::new();
        let mut left_of: HashMap<(IntPoint, IntPoint), Region> = HashMap::new();
        let broken = || RenderError::Refused("the maze's regions do not close up".into());
        for &(a, b, region) in borders {
            left_of.insert((a, b), region);
            let [ha, hb] = [a, b].map(|p| {
                *handles.entry(p).or_insert_with(|| {
                    cdt.insert(Point2::new(f64::from(p.x), f64::from(p.y)))
                        .expect("integer points are finite")
                })
            });
            if !cdt.exists_constraint(ha, hb) && cdt.try_add_constraint(ha, hb).is_empty() {
                return Err(broken());
            }
        }
        let point = |v: Point2<f64>| IntPoint::new(v.x as i32, v.y as i32);
        // The region on the left of a constrained edge, as the borders say it.
        let region_left = |from: IntPoint, to: IntPoint| {
            left_of
                .get(&(from, to))
                .copied()
                .or_else(|| left_of.contains_key(&(to, from)).then_some(Region::Outside))
        };
        let mut region: Vec<Option<Region>> = vec![None; cdt.num_all_faces()];
        let mut queue: Vec<FixedFaceHandle<InnerTag>> = Vec::new();
        for face in cdt.inner_faces() {
            for e in face.adjacent_edges() {
                if cdt.is_constraint_edge(e.as_undirected().fix()) {
                    let [from, to] = e.positions().map(point);
                    if let Some(r) = region_left(from, to) {
                        region[face.fix().index()] = Some(r);
                        queue.push(face.fix());
                        break;
                    }
                }
            }
        }
        while let Some(f) = queue.pop() {
            let r = region[f.index()];
            for e in cdt.face(f).adjacent_edges() {
                let Some(across) = e.rev().face().as_inner() else {
                    continue;
                };
                if cdt.is_constraint_edge(e.as_undirected().fix()) {
                    continue;
                }
                if region[across.fix().index()].is_none() {
                    region[across.fix().index()] = r;
                    queue.push(across.fix());
                }
            }
        }
        let mut faces = Vec::new();
        for face in cdt.inner_faces() {
            let r = region[face.fix().index()].ok_or_else(broken)?;
            if r != Region::Outside {
                faces.push((r, face.positions().map(point)));
            }
        }
        let mut lines = Vec::new();
        for e in cdt.undirected_edges() {
            if !cdt.is_constraint_edge(e.fix()) {
                continue;
            }
            let d = e.as_directed();
            let side = |d: DirectedEdgeHandle<'_, Point2<f64>, (), CdtEdge<()>, ()>| {
                d.face()
                    .as_inner()
                    .and_then(|f| region[f.fix().index()])
                    .unwrap_or(Region::Outside)
            };
            let [from, to] = d.positions().map(point);
            lines.push((from, to, side(d), side(d.rev())));
        }
        Ok(Plane {
            faces,
            borders: lines,
        })
    }
}

/// Every edge of every contour of `shapes`, in the contour's direction.
fn edges(shapes: &IntShapes<i32>) -> impl Iterator<Item = (IntPoint, IntPoint)> + '_ {
    shapes
        .iter()
        .flatten()
        .flat_map(|c| (0..c.len()).map(move |i| (c[i], c[(i + 1) % c.len()])))
}

fn vertex(p: IntPoint, z: f32) -> Vertex {
    [
        (f64::from(p.x) / UM) as f32,
        (f64::from(p.y) / UM) as f32,
        z,
    ]
}

fn cross(a: IntPoint, p: IntPoint, b: IntPoint) -> i64 {
    let (ax, ay) = (i64::from(p.x - a.x), i64::from(p.y - a.y));
    let (bx, by) = (i64::from(b.x - p.x), i64::from(b.y - p.y));
    ax * by - ay * bx
}

impl Mesh {
    /// A flat triangle at height `z` (given anticlockwise from above), facing up or down.
    fn face(&mut self, [a, b, c]: [IntPoint; 3], z: f32, up: bool) {
        let (b, c) = if (cross(a, b, c) > 0) == up {
            (b, c)
        } else {
            (c, b)
        };
        self.triangles
            .push([vertex(a, z), vertex(b, z), vertex(c, z)]);
    }

    /// The upright face along the border from `a` to `b` between heights `z0` and `z1`,
    /// facing right.
    fn step(&mut self, a: IntPoint, b: IntPoint, z0: f32, z1: f32) {
        self.triangles
            .push([vertex(a, z0), vertex(b, z0), vertex(b, z1)]);
        self.triangles
            .push([vertex(a, z0), vertex(b, z1), vertex(a, z1)]);
    }

    /// Moved so that its lowest x and y are 0: the base's corner at the bed's origin.
    fn move_to_origin(&mut self) {
        let low = |axis: usize| {
            self.triangles
                .iter()
                .flatten()
                .map(|v| v[axis])
                .fold(f32::INFINITY, f32::min)
        };
        let (x, y) = (low(0), low(1));
        if x.is_finite() && (x != 0.0 || y != 0.0) {
            for v in self.triangles.iter_mut().flatten() {
                v[0] -= x;
                v[1] -= y;
            }
        }
    }

    /// The enclosed volume in cubic millimetres (positive for outward normals).
    pub fn volume(&self) -> f64 {
        self.triangles
            .iter()
            .map(|t| {
                let [a, b, c] = t.map(|v| v.map(f64::from));
                (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]))
                    / 6.0
            })
            .sum()
    }

    fn normal([a, b, c]: &[Vertex; 3]) -> [f32; 3] {
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2])
            .sqrt()
            .max(f32::MIN_POSITIVE);
        n.map(|x| x / length)
    }

    /// Binary STL: an 80-byte header, the triangle count, and each triangle's normal and
    /// corners as little-endian floats.
    pub fn stl(&self, name: &str) -> Vec<u8> {
        let mut out = Vec::with_capacity(84 + 50 * self.triangles.len());
        let mut header = [b' '; 80];
        let text = format!("gridkit {name}");
        let n = text.len().min(80);
        header[..n].copy_from_slice(&text.as_bytes()[..n]);
        out.extend_from_slice(&header);
        out.extend_from_slice(&(self.triangles.len() as u32).to_le_bytes());
        for t in &self.triangles {
            for x in Mesh::normal(t)
                .into_iter()
                .chain(t.iter().flatten().copied())
            {
                out.extend_from_slice(&x.to_le_bytes());
            }
            out.extend_from_slice(&[0, 0]);
        }
        out
    }

    /// ASCII STL, for reading by eye or by tools that want text.
    pub fn stl_ascii(&self, name: &str) -> String {
        let mut out = format!("solid {name}\n");
        for t in &self.triangles {
            let [nx, ny, nz] = Mesh::normal(t);
            let _ = writeln!(out, "facet normal {nx:e} {ny:e} {nz:e}\nouter loop");
            for [x, y, z] in t {
                let _ = writeln!(out, "vertex {x:e} {y:e} {z:e}");
            }
            out.push_str("endloop\nendfacet\n");
        }
        let _ = writeln!(out, "endsolid {name}");
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grid_core::tiling::TiledDoc;
    use grid_core::{Document, MazeDoc};
    use std::collections::BTreeMap;

    fn square(grid: &[&str], cells: (usize, usize)) -> WallGraph {
        let text = format!(
            r#"{{"kind":"maze","version":1,"width":{},"height":{},"grid":{:?},"meta":{{"cells":[{},{}]}}}}"#,
            grid[0].len(),
            grid.len(),
            grid,
            cells.0,
            cells.1
        );
        let m = MazeDoc::from_document(&Document::from_json(&text).unwrap()).unwrap();
        WallGraph::square(&m, true).unwrap()
    }

    fn tiled(text: &str) -> WallGraph {
        let doc = TiledDoc::from_document(&Document::from_json(text).unwrap()).unwrap();
        WallGraph::tiled(&doc, true, 0.1).unwrap()
    }

    /// Every edge of the mesh once each way, and no triangle without area: a closed,
    /// consistently oriented surface.
    fn assert_closed(mesh: &Mesh) {
        let key = |v: Vertex| v.map(f32::to_bits);
        let mut directed: BTreeMap<([u32; 3], [u32; 3]), usize> = BTreeMap::new();
        for t in &mesh.triangles {
            let n = Mesh::normal(t);
            assert!(
                n.iter().any(|x| x.abs() > 0.5),
                "a triangle without area: {t:?}"
            );
            for e in 0..3 {
                *directed
                    .entry((key(t[e]), key(t[(e + 1) % 3])))
                    .or_default() += 1;
            }
        }
        for (&(a, b), &n) in &directed {
            assert_eq!(n, 1, "an edge twice the same way");
            assert_eq!(
                directed.get(&(b, a)),
                Some(&1),
                "an edge with no twin: {:?} {:?}",
                a.map(f32::from_bits),
                b.map(f32::from_bits)
            );
        }
    }

    #[test]
    fn a_square_maze_is_a_closed_solid_of_the_walls_volume() {
        // Two cells side by side, open between them: the outline only.
        let g = square(&["#####", "#   #", "#####"], (2, 1));
        let options = SolidOptions::default();
        let mesh = solid(&g, &options).unwrap();
        assert_closed(&mesh);
        let (w, c) = (options.wall_mm, options.cell_mm);
        let base = (2.0 * c + w) * (c + w) * options.base_mm;
        // Six posts, and the six walls between them.
        let walls = (6.0 * w * w + 6.0 * w * (c - w)) * options.wall_height;
        assert!(
            (mesh.volume() - base - walls).abs() < 0.01,
            "{}",
            mesh.volume()
        );
        // A merged run: the outline is a ring, whatever its length.
        let long = square(&["###########", "#         #", "###########"], (5, 1));
        let short = solid(&g, &options).unwrap().triangles.len();
        assert_eq!(solid(&long, &options).unwrap().triangles.len(), short);
    }

    #[test]
    fn walls_meeting_in_a_cross_and_a_tee_are_one_solid() {
        let g = square(
            &["#######", "# # # #", "#######", "#     #", "#######"],
            (3, 2),
        );
        let options = SolidOptions::default();
        let mesh = solid(&g, &options).unwrap();
        assert_closed(&mesh);
        let (w, c) = (options.wall_mm, options.cell_mm);
        let base = (3.0 * c + w) * (2.0 * c + w) * options.base_mm;
        let posts = 12.0;
        let walls = 3.0 + 3.0 + 2.0 + 2.0 + 2.0 + 3.0;
        let expected = base + (posts * w * w + walls * w * (c - w)) * options.wall_height;
        assert!(
            (mesh.volume() - expected).abs() < 0.01,
            "{} against {expected}",
            mesh.volume()
        );
    }

    #[test]
    fn every_tiling_closes() {
        for text in [
            r#"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":2,"cells":["400","000"]}"#,
            r#"{"kind":"maze","version":1,"tiling":"triangle","width":4,"height":2,"cells":["0000","0000"]}"#,
            r#"{"kind":"maze","version":1,"tiling":"octagon","width":2,"height":2,"cells":["00","00"]}"#,
            // Carved by mazegen: the outline's zigzag, and rings of arcs.
            r#"{"kind":"maze","version":1,"tiling":"triangle","width":4,"height":4,"cells":["3130","1212","3010","1110"]}"#,
            r#"{"kind":"maze","version":1,"tiling":"hex","width":3,"height":3,"cells":["541","440","420"]}"#,
            r#"{"kind":"maze","version":1,"tiling":"polar","height":3,"rings":[1,6,12],"cells":["0","001103","123131103111"]}"#,
        ] {
            let mesh = solid(&tiled(text), &SolidOptions::default()).unwrap();
            assert_closed(&mesh);
            assert!(mesh.volume() > 0.0);
        }
    }

    #[test]
    fn a_marble_maze_opens_its_start_and_goal() {
        let mut g = square(&["#####", "#   #", "#####"], (2, 1));
        g.start = Some(0);
        g.goal = Some(1);
        let options = SolidOptions {
            marble: true,
            ..SolidOptions::default()
        };
        let mesh = solid(&g, &options).unwrap();
        assert_closed(&mesh);
        let closed = solid(&g, &SolidOptions::default()).unwrap();
        // Each door takes the wall between two posts, and the base under its outer half.
        let (w, c) = (options.wall_mm, options.cell_mm);
        let door = w * (c - w) * options.wall_height + w / 2.0 * (c - w) * options.base_mm;
        let taken = closed.volume() - mesh.volume();
        assert!(
            (taken - 2.0 * door).abs() < 0.01,
            "{taken} against {}",
            2.0 * door
        );
    }

    #[test]
    fn walls_too_thick_for_the_cells_are_refused() {
        let g = square(&["#####", "#   #", "#####"], (2, 1));
        let options = SolidOptions {
            wall_mm: 6.0,
            ..SolidOptions::default()
        };
        let e = solid(&g, &options).unwrap_err().to_string();
        assert!(e.contains("--cell-mm 12.0 or more"), "{e}");
    }

    #[test]
    fn stl_is_fifty_bytes_a_triangle_after_the_header() {
        let g = square(&["#####", "#   #", "#####"], (2, 1));
        let mesh = solid(&g, &SolidOptions::default()).unwrap();
        let stl = mesh.stl("maze");
        assert_eq!(stl.len(), 84 + 50 * mesh.triangles.len());
        assert_eq!(
            u32::from_le_bytes(stl[80..84].try_into().unwrap()) as usize,
            mesh.triangles.len()
        );
        let ascii = mesh.stl_ascii("maze");
        assert_eq!(ascii.matches("facet normal").count(), mesh.triangles.len());
    }
}
