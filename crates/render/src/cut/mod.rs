//! Mazes for machines that cut or draw (`gridrender --for laser|plotter`): every wall once,
//! joined into as few strokes as the walls allow, sized in millimetres.
//!
//! The walls are the edges of a [`WallGraph`], whose points are the cells' corners. A stroke
//! is a trail through that graph; a graph needs one trail for each pair of its points where
//! an odd number of walls meet (one, when none is odd), and Hierholzer's walk finds exactly
//! that many: each piece's odd points are paired by invisible edges, the walk makes one
//! circuit of every piece, and the circuit is cut at the invisible edges. A wall shared by
//! two cells is one edge, so it is cut once, never twice. A polar maze's rings stay arcs, on
//! walls cut as pieces too.

mod arcs;
mod dxf;
mod order;
mod svg;
mod trails;

use crate::error::Result;
use crate::machine::{
    DEFAULT_CELL_MM, DEFAULT_SEGMENT_MM, DEFAULT_WALL_MM, End, MachineError, Maker,
};
use crate::pieces::Thickness;
use crate::sheet::{Fit, Sheet};
use crate::tiled::layout::arc_points;
use crate::walls::{Arc, Point, Wall, WallGraph};
use order::{distance2, plotter_order};
use std::f64::consts::TAU;
use trails::{stroke_of, trails};

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

impl Default for CutOptions {
    /// A laser's strokes along the walls' centre lines, 10 mm a cell.
    fn default() -> Self {
        CutOptions {
            machine: Machine::Laser,
            cell_mm: DEFAULT_CELL_MM,
            size: None,
            outline_layer: false,
            kerf: None,
            wall_mm: DEFAULT_WALL_MM,
        }
    }
}

impl CutOptions {
    /// What the sheet holds beyond the maze's outline, in millimetres: half a wall and
    /// half the beam when the walls are cut as pieces.
    fn margin(&self) -> f64 {
        self.kerf.map_or(0.0, |kerf| (self.wall_mm + kerf) / 2.0)
    }

    /// How big the maze is made: inside the sheet when one is given, else at a cell's size.
    fn fit(&self) -> Fit {
        match self.size {
            Some((w, h)) => Fit::Within(w, h),
            None => Fit::Cell(self.cell_mm),
        }
    }

    /// A maze `units` across, `per_cell` units a cell, laid out on the sheet.
    fn sheet(&self, units: (f64, f64), per_cell: f64) -> Sheet {
        Sheet::new(units, per_cell, self.fit(), self.margin())
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
    /// The start's and the goal's marks, engraved apart from the cuts (none on walls cut as
    /// pieces, whose passages are empty space).
    pub marks: Vec<(End, Point)>,
}

/// The strokes that cut a maze's walls. A woven maze is refused: a cut sheet has no
/// bridges. Walls cut as pieces are refused where they would be thicker than the passages
/// between them, which takes the graph's cells (`WallGraph::square(m, true)`).
pub fn strokes(graph: &WallGraph, options: &CutOptions) -> Result<Cut> {
    if graph.woven {
        return Err(MachineError::Woven(Maker::Cutter).into());
    }
    let strokes = match options.kerf {
        Some(kerf) => {
            let sheet = options.sheet(graph.size, graph.per_cell);
            let (wall_mm, margin) = (options.wall_mm, options.margin());
            crate::pieces::check_passages(graph, &sheet, options.fit(), wall_mm, margin)?;
            let thickness = Thickness {
                wall_mm,
                segment_mm: DEFAULT_SEGMENT_MM,
                doors: &[],
            };
            let outlines = crate::pieces::outlines(graph, sheet.mm, &thickness, kerf / 2.0)?;
            let step = DEFAULT_SEGMENT_MM / sheet.mm;
            let circles = piece_circles(graph, sheet.mm, (wall_mm + kerf) / 2.0, step);
            let pieces = outlines
                .iter()
                .map(|ring| arcs::closed_stroke(ring, &circles))
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
        marks: match options.kerf {
            Some(_) => Vec::new(),
            None => graph.ends.clone(),
        },
    })
}

/// The circles the sides of a maze's curved walls lie on when they are cut as pieces:
/// `grow` millimetres (half a wall and half the beam) either side of each ring, in the
/// maze's units at `mm` millimetres a unit, each with the reach of the straight pieces the
/// walls were drawn in (`step` units long at most), in increasing order. None on a maze
/// without curved walls.
fn piece_circles(graph: &WallGraph, mm: f64, grow: f64, step: f64) -> arcs::Circles {
    // Each curved wall's radius and the widest turn of one of its straight pieces, then
    // each ring's: the walls sorted by radius, a ring's walls side by side.
    let mut walls: Vec<(f64, f64)> = Vec::new();
    for wall in &graph.walls {
        let Some(arc) = wall.arc else { continue };
        let (from, to) = (graph.points[wall.a], graph.points[wall.b]);
        let inner = arc_points(graph.centre, arc.radius, from, to, arc.clockwise, step);
        let corners: Vec<Point> = std::iter::once(from).chain(inner).chain([to]).collect();
        let angle = |p: Point| (p.1 - graph.centre.1).atan2(p.0 - graph.centre.0);
        let widest = corners
            .windows(2)
            .map(|w| (angle(w[1]) - angle(w[0])).rem_euclid(TAU))
            .map(|t| t.min(TAU - t))
            .fold(0.0, f64::max);
        walls.push((arc.radius, widest));
    }
    walls.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut rings: Vec<(f64, f64)> = Vec::new();
    for (radius, widest) in walls {
        match rings.last_mut() {
            Some(ring) if radius - ring.0 < 1e-9 => ring.1 = ring.1.max(widest),
            _ => rings.push((radius, widest)),
        }
    }
    let mut radii: Vec<arcs::Circle> = rings
        .iter()
        .flat_map(|&(r, widest)| {
            let tolerance = (arcs::ON_CIRCLE_MM + arcs::reach(grow, widest)) / mm;
            [r - grow / mm, r + grow / mm].map(|radius| arcs::Circle {
                radius,
                tolerance,
                end: (arcs::ON_CIRCLE_MM + arcs::overshoot(radius * mm, grow, widest)) / mm,
            })
        })
        .filter(|c| c.radius > 0.0)
        .collect();
    // In order, though a wide beam took one ring's outer side past the next one's inner.
    radii.sort_by(|a, b| a.radius.total_cmp(&b.radius));
    arcs::Circles {
        centre: graph.centre,
        radii,
        apart: 10.0 * arcs::ON_CIRCLE_MM / mm,
    }
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

impl Cut {
    /// The sheet the maze is laid out on, and its scale.
    pub fn sheet(&self, options: &CutOptions) -> Sheet {
        options.sheet(self.size, self.per_cell)
    }

    /// A mark's size: its radius in the maze's units, a quarter of a cell.
    pub(super) fn mark_radius(&self) -> f64 {
        self.per_cell / 4.0
    }

    /// The angle an arc piece from `a` to `b` turns through, in radians (positive).
    pub(super) fn sweep(&self, a: Point, b: Point, arc: Arc) -> f64 {
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
        let mm = self.sheet(options).mm;
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
}

#[cfg(test)]
mod tests;
