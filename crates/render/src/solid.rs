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
//!
//! A wrapped maze prints as a tube ([`tube`]) and a cube maze as a cube ([`cube`]), each
//! a grid of boxes (`boxes`) rather than a height field over the plane.

use crate::error::Result;
use crate::machine::{
    DEFAULT_BASE_MM, DEFAULT_CELL_MM, DEFAULT_SEGMENT_MM, DEFAULT_WALL_HEIGHT_MM, DEFAULT_WALL_MM,
    End, MachineError, Maker,
};
use crate::pieces::{Thickness, UM, anticlockwise, check_passages, place, to_int};
use crate::sheet::{Fit, Sheet};
use crate::walls::WallGraph;
use grid_core::tiling::{Cell, TiledMaze, Topology};
use i_overlay::core::fill_rule::FillRule;
use i_overlay::core::overlay::{IntOverlayOptions, Overlay, ShapeType};
use i_overlay::core::overlay_rule::OverlayRule;
use i_overlay::core::solver::Solver;
use i_overlay::i_float::int::point::IntPoint;
use i_overlay::i_shape::int::shape::IntShapes;
use spade::handles::{DirectedEdgeHandle, FixedFaceHandle, FixedVertexHandle, InnerTag};
use spade::{CdtEdge, ConstrainedDelaunayTriangulation as Cdt, Point2, Triangulation};
use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

mod boxes;
mod cube;
mod tube;

pub use cube::{cube, largest_cube};
pub use tube::{Tube, tube};

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
            cell_mm: DEFAULT_CELL_MM,
            size: None,
            wall_mm: DEFAULT_WALL_MM,
            wall_height: DEFAULT_WALL_HEIGHT_MM,
            base_mm: DEFAULT_BASE_MM,
            segment_mm: DEFAULT_SEGMENT_MM,
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

/// The most cells printed: a 300 x 300 maze is three metres across at 10 mm a cell, past
/// any printer's bed, and its mesh is a few hundred MB.
pub const MAX_PRINT_CELLS: usize = 90_000;

/// The most boxes a tube or a cube is built of: a 4-million-box tube's mesh is some 400 MB
/// of STL, and a cube of 77 cells a side (770 mm at 10 mm a cell) is 157 boxes each way.
pub const MAX_PIECES: usize = 4_000_000;

/// Where a box lies across a grid of square cells, along one of its axes: over the line
/// of walls before cell k (line k, the last one after the last cell), or over cell k.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Across {
    Line(usize),
    Gap(usize),
}

/// Whether a wall stands over a place of a grid of square cells, `u` along its first axis
/// and `v` its second: the cell at (u, v) is `cell(u, v)`, u a column and v a row, or, when
/// `transposed`, u a row and v a column. A post where lines cross stands always; a cell's
/// floor is open unless the cell is left out, and a wall between two cells stands unless the
/// passage through it is open. Line 0 is the first cell's side toward the low end, through
/// which a wrapped or folded grid goes on.
fn stands<T: Topology>(
    maze: &TiledMaze<T>,
    cell: impl Fn(usize, usize) -> Cell,
    transposed: bool,
    u: Across,
    v: Across,
) -> bool {
    // A cell's sides, N, E, S, W: those toward the low and the high end of each axis.
    let (u_low, u_high, v_low, v_high) = if transposed {
        (0, 2, 3, 1)
    } else {
        (3, 1, 0, 2)
    };
    let closed = |c: Cell, side: usize| {
        let mut sides = Vec::with_capacity(4);
        maze.sides(c, &mut sides);
        !maze.contains(c) || !maze.is_open(sides[side])
    };
    match (u, v) {
        (Across::Line(_), Across::Line(_)) => true,
        (Across::Gap(a), Across::Gap(b)) => !maze.contains(cell(a, b)),
        (Across::Line(0), Across::Gap(b)) => closed(cell(0, b), u_low),
        (Across::Line(k), Across::Gap(b)) => closed(cell(k - 1, b), u_high),
        (Across::Gap(a), Across::Line(0)) => closed(cell(a, 0), v_low),
        (Across::Gap(a), Across::Line(k)) => closed(cell(a, k - 1), v_high),
    }
}

impl SolidOptions {
    /// How big the maze is made: inside the bed when one is given, else at a cell's size.
    fn fit(&self) -> Fit {
        match self.size {
            Some((w, h)) => Fit::Within(w, h),
            None => Fit::Cell(self.cell_mm),
        }
    }

    /// The maze laid out on the bed. A mitre reaches at most a wall's thickness past its
    /// corner (at 60 degrees, the sharpest a tiling turns), so the maze fits with a wall to
    /// spare each side.
    fn sheet(&self, graph: &WallGraph) -> Sheet {
        Sheet::new(graph.size, graph.per_cell, self.fit(), self.wall_mm)
    }
}

/// The solid of a maze's walls on a base.
pub fn solid(graph: &WallGraph, options: &SolidOptions) -> Result<Mesh> {
    if graph.woven {
        return Err(MachineError::Woven(Maker::Printer).into());
    }
    if graph.cells.len() > MAX_PRINT_CELLS {
        return Err(MachineError::TooManyToPrint {
            limit: MAX_PRINT_CELLS,
            count: graph.cells.len(),
        }
        .into());
    }
    let sheet = options.sheet(graph);
    let fit = options.fit();
    check_passages(graph, &sheet, fit, options.wall_mm, options.wall_mm)?;
    let mm = sheet.mm;
    let doors = if options.marble {
        doors(graph)?
    } else {
        Vec::new()
    };
    let thickness = Thickness {
        wall_mm: options.wall_mm,
        segment_mm: options.segment_mm,
        doors: &doors,
    };
    let walls = crate::pieces::polygons(graph, mm, &thickness)?;
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

/// The outline walls to leave out for a marble maze: one for the start's cell and one for
/// the goal's, the one farthest from the maze's middle.
fn doors(graph: &WallGraph) -> Result<Vec<usize>, MachineError> {
    let middle = (graph.size.0 / 2.0, graph.size.1 / 2.0);
    let mut doors = Vec::new();
    for (end, cell) in [(End::Start, graph.start), (End::Goal, graph.goal)] {
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
            None => return Err(MachineError::DoorNotOnEdge(end)),
        }
    }
    Ok(doors)
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
        let broken = || MachineError::RegionsOpen;
        for &(a, b, region) in borders {
            left_of.insert((a, b), region);
            let [ha, hb] = [a, b].map(|p| {
                *handles.entry(p).or_insert_with(|| {
                    cdt.insert(Point2::new(f64::from(p.x), f64::from(p.y)))
                        .expect("integer points are finite")
                })
            });
            if !cdt.exists_constraint(ha, hb) && cdt.try_add_constraint(ha, hb).is_empty() {
                return Err(broken().into());
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
    /// The plate's width and depth in millimetres: the farthest a vertex lies from the
    /// origin along x and y (a solid's corner is at the origin).
    pub fn footprint(&self) -> (f64, f64) {
        let high = |axis: usize| {
            self.triangles
                .iter()
                .flatten()
                .map(|v| f64::from(v[axis]))
                .fold(0.0, f64::max)
        };
        (high(0), high(1))
    }

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
    use crate::error::RenderError;
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
        let e = solid(&g, &options).unwrap_err();
        let RenderError::Machine(MachineError::WallsTooThick {
            least_cell_mm,
            sized: false,
            ..
        }) = &e
        else {
            panic!("{e:?}");
        };
        assert!((*least_cell_mm - 12.0).abs() < 1e-9, "{least_cell_mm}");
        assert!(!e.to_string().contains("--"), "no flag named: {e}");
    }

    /// A passage between two neighbouring cells, by row and column of the document.
    type Passage = ((usize, usize), (usize, usize));

    /// A grid's cells with every wall standing, but the passages `open`.
    fn carved<T: Topology>(topology: T, open: &[Passage]) -> TiledMaze<T> {
        let mut maze = TiledMaze::new(topology);
        let mut sides = Vec::new();
        for &((r, c), (r2, c2)) in open {
            let at = |row, col| maze.topology().cell(grid_core::Pos { row, col }).unwrap();
            let (a, b) = (at(r, c), at(r2, c2));
            maze.sides(a, &mut sides);
            let side = *sides.iter().find(|s| s.to == b).expect("neighbours");
            maze.open(side);
        }
        maze
    }

    fn bounds(mesh: &Mesh) -> [(f32, f32); 3] {
        std::array::from_fn(|axis| {
            mesh.triangles
                .iter()
                .flatten()
                .fold((f32::MAX, f32::MIN), |(lo, hi), v| {
                    (lo.min(v[axis]), hi.max(v[axis]))
                })
        })
    }

    #[test]
    fn a_tube_is_one_closed_solid_round_its_wrapped_edge() {
        use grid_core::tiling::{Wrap, Wrapped};
        let options = SolidOptions::default();
        for wrap in [Wrap::X, Wrap::Y] {
            // Passages along a row, one over the seam, and one between rows.
            let seam = if wrap == Wrap::X {
                ((1, 3), (1, 0))
            } else {
                ((2, 0), (0, 0))
            };
            let maze = carved(
                Wrapped::new(4, 3, wrap),
                &[((0, 0), (0, 1)), seam, ((0, 2), (1, 2))],
            );
            let printed = tube(&maze, &options, None).unwrap();
            assert_closed(&printed.mesh);
            assert!(printed.mesh.volume() > 0.0);
            let round = if wrap == Wrap::X { 4.0 } else { 3.0 };
            let foot = round * options.cell_mm / std::f64::consts::PI;
            assert!((printed.inner_mm - (foot - 2.0 * options.base_mm)).abs() < 1e-9);
            assert!((printed.outer_mm - (foot + 2.0 * options.wall_height)).abs() < 1e-9);
            let [x, _, z] = bounds(&printed.mesh);
            // The round's corners lie on the circle, not always on the axes: the lowest at 0.
            assert!(
                x.0 == 0.0 && (f64::from(x.1) - printed.outer_mm).abs() < 0.1,
                "{x:?}"
            );
            let along = if wrap == Wrap::X { 3.0 } else { 4.0 };
            let length = along * options.cell_mm + options.wall_mm;
            assert!((f64::from(z.1) - length).abs() < 1e-3, "{z:?}");
        }
    }

    #[test]
    fn a_tube_of_a_given_inner_diameter_takes_its_cells_from_it() {
        use grid_core::tiling::{Wrap, Wrapped};
        let maze = carved(Wrapped::new(8, 3, Wrap::X), &[]);
        let options = SolidOptions::default();
        let printed = tube(&maze, &options, Some(40.0)).unwrap();
        assert!((printed.inner_mm - 40.0).abs() < 1e-9);
        let cell = std::f64::consts::PI * (40.0 + 2.0 * options.base_mm) / 8.0;
        assert!((printed.cell_mm - cell).abs() < 1e-9);
        assert_closed(&printed.mesh);
        // Too small inside for its walls: refused with the cells that would fit.
        let e = tube(&maze, &options, Some(1.0)).unwrap_err();
        assert!(
            matches!(e, RenderError::Machine(MachineError::WallsTooThick { .. })),
            "{e:?}"
        );
    }

    #[test]
    fn a_torus_and_a_moebius_strip_are_no_tube() {
        use grid_core::tiling::{Wrap, Wrapped};
        for wrap in [Wrap::XY, Wrap::Mobius] {
            let maze = carved(Wrapped::new(4, 4, wrap), &[]);
            let e = tube(&maze, &SolidOptions::default(), None).unwrap_err();
            assert!(
                matches!(e, RenderError::Machine(MachineError::NotATube(w)) if w == wrap),
                "{e:?}"
            );
            assert!(!e.to_string().contains("--"), "{e}");
        }
    }

    #[test]
    fn a_tube_with_no_room_inside_is_refused_with_the_cells_that_leave_some() {
        use grid_core::tiling::{Wrap, Wrapped};
        let maze = carved(Wrapped::new(3, 3, Wrap::X), &[]);
        let options = SolidOptions {
            base_mm: 20.0,
            ..SolidOptions::default()
        };
        let e = tube(&maze, &options, None).unwrap_err();
        let RenderError::Machine(MachineError::NoRoomInside {
            inner_mm,
            least_cell_mm,
        }) = e
        else {
            panic!("{e:?}");
        };
        assert!(inner_mm < 0.0, "{inner_mm}");
        let fits = SolidOptions {
            cell_mm: least_cell_mm + 1e-9,
            ..options
        };
        assert!(tube(&maze, &fits, None).unwrap().inner_mm >= crate::machine::MIN_INNER_MM);
    }

    #[test]
    fn a_cube_is_one_closed_solid_with_walls_round_its_edges() {
        use grid_core::tiling::Cube;
        let options = SolidOptions::default();
        let (c, w, h) = (options.cell_mm, options.wall_mm, options.wall_height);
        // One cell a face, every wall standing: the cube, each face's layer less its cell's
        // floor, the edges' bars and the corners.
        let closed = cube(&carved(Cube::new(1), &[]), &options).unwrap();
        assert_closed(&closed);
        let expected =
            c * c * c + 6.0 * (c * c - (c - w) * (c - w)) * h + 12.0 * c * h * h + 8.0 * h * h * h;
        assert!(
            (closed.volume() - expected).abs() < expected * 1e-6,
            "{} against {expected}",
            closed.volume()
        );
        let [x, y, z] = bounds(&closed);
        for axis in [x, y, z] {
            assert!(axis.0.abs() < 1e-6 && (f64::from(axis.1) - (c + 2.0 * h)).abs() < 1e-4);
        }
        // A passage over the edge between the front (face 0) and the top (face 1) takes
        // the wall on each face's side and the bar over the edge between them.
        let open = cube(&carved(Cube::new(1), &[((0, 0), (1, 0))]), &options).unwrap();
        assert_closed(&open);
        let taken = closed.volume() - open.volume();
        let passage = (c - w) * (2.0 * (w / 2.0) * h + h * h);
        assert!((taken - passage).abs() < 1e-3, "{taken} against {passage}");
        // A carved cube of several cells a face, passages over every kind of edge.
        let maze = carved(
            Cube::new(3),
            &[
                ((0, 0), (0, 1)),
                ((0, 2), (6, 0)),
                ((3, 0), (15, 2)),
                ((9, 0), (3, 0)),
                ((17, 1), (14, 1)),
            ],
        );
        let mesh = cube(&maze, &options).unwrap();
        assert_closed(&mesh);
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
