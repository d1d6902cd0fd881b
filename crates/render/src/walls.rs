//! A maze's walls as a graph, for the machines that make it: the points are the cells'
//! corners (on a square maze a lattice; on the other tilings the corners as the layout
//! places them, one point where two cells' corners meet), the edges are the walls, each once
//! (a wall between two cells is one edge, not two). The cutter ([`crate::cut`]) joins the
//! edges into strokes; the printer ([`crate::solid`]) thickens them into a solid.

use crate::error::Result;
use crate::machine::{End, MachineError};
use crate::tiled::Layout;
use crate::tiled::layout::{Line, Scratch};
use grid_core::tiling::{Cell, TiledDoc, Topology};
use grid_core::{MazeDoc, Pos, Tile};
use std::collections::BTreeMap;

/// A point in the maze's own units: cells on a square maze (x, y from the top-left
/// corner), the tiling's units on the others; y points down, as on a picture.
pub type Point = (f64, f64);

/// An arc of a polar maze's ring, around [`WallGraph::centre`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Arc {
    pub radius: f64,
    /// Turning clockwise (y pointing down) from the edge's `a` to its `b`.
    pub clockwise: bool,
}

/// A wall between two points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Wall {
    pub a: usize,
    pub b: usize,
    /// On the maze's outline: the outside on one side.
    pub outline: bool,
    /// A curved wall; straight when `None`.
    pub arc: Option<Arc>,
    /// The cell whose side this is (on the outline, the one cell it bounds).
    pub cell: Cell,
}

/// A maze's walls, and what a machine needs to know about its shape.
#[derive(Debug, Clone)]
pub struct WallGraph {
    pub points: Vec<Point>,
    pub walls: Vec<Wall>,
    /// The maze's width and height in its units.
    pub size: (f64, f64),
    /// Units across a cell (a hexagon is two units wide).
    pub per_cell: f64,
    /// The point arcs turn around: the centre of a polar maze.
    pub centre: Point,
    /// The start's and the goal's cells.
    pub start: Option<Cell>,
    pub goal: Option<Cell>,
    /// The outline of every cell as a polygon (arcs as pieces), when asked for.
    pub cells: Vec<Vec<Point>>,
    /// Whether the maze has passages that cross on bridges.
    pub woven: bool,
    /// The middles of the start's and the goal's cells, where the document has them: a
    /// cutter engraves a mark there.
    pub ends: Vec<(End, Point)>,
}

/// The most cells a machine is given: a sheet of a million cells is a metre across at a
/// millimetre a cell, and its walls take a few hundred bytes a cell while they are joined.
pub const MAX_MACHINE_CELLS: usize = 1_000_000;

fn check_cells(cells: usize) -> Result<()> {
    if cells > MAX_MACHINE_CELLS {
        return Err(MachineError::TooManyCells {
            limit: MAX_MACHINE_CELLS,
            count: cells,
        }
        .into());
    }
    Ok(())
}

impl WallGraph {
    /// The walls of a square cell maze (as mazegen makes them, masked or not); with
    /// `cells`, every inside cell's outline too. A woven maze's walls are those of its
    /// cells, the bridges left out: the caller decides whether it can make that.
    pub fn square(m: &MazeDoc, cells: bool) -> Result<WallGraph> {
        let Some((w, h)) = m.cells else {
            return Err(MachineError::NoCells.into());
        };
        check_cells(w * h)?;
        let outside = m.outside();
        let inside = |r: usize, c: usize| {
            r < h && c < w && {
                let p = Pos::new(2 * r + 1, 2 * c + 1);
                m.tiles[p] != Tile::Wall && outside.as_ref().is_none_or(|o| !o[p])
            }
        };
        let wall = |p: Pos| m.tiles[p] == Tile::Wall && outside.as_ref().is_none_or(|o| !o[p]);
        let point = |r: usize, c: usize| r * (w + 1) + c;
        let cell = |r: usize, c: usize| (r.min(h - 1) * w + c.min(w - 1)) as Cell;
        let mut walls = Vec::new();
        for r in 0..=h {
            for c in 0..w {
                // The wall along the top of cell (r, c).
                if wall(Pos::new(2 * r, 2 * c + 1)) {
                    let above = r > 0 && inside(r - 1, c);
                    let below = inside(r, c);
                    walls.push(Wall {
                        a: point(r, c),
                        b: point(r, c + 1),
                        outline: !(above && below),
                        arc: None,
                        cell: if below || r == h {
                            cell(r, c)
                        } else {
                            cell(r - 1, c)
                        },
                    });
                }
            }
        }
        for r in 0..h {
            for c in 0..=w {
                // The wall along the left of cell (r, c).
                if wall(Pos::new(2 * r + 1, 2 * c)) {
                    let left = c > 0 && inside(r, c - 1);
                    let right = inside(r, c);
                    walls.push(Wall {
                        a: point(r, c),
                        b: point(r + 1, c),
                        outline: !(left && right),
                        arc: None,
                        cell: if right || c == w {
                            cell(r, c)
                        } else {
                            cell(r, c - 1)
                        },
                    });
                }
            }
        }
        let points = (0..=h)
            .flat_map(|r| (0..=w).map(move |c| (c as f64, r as f64)))
            .collect();
        let at = |p: Pos| (p.row % 2 == 1 && p.col % 2 == 1).then(|| cell(p.row / 2, p.col / 2));
        let polygons = if cells {
            (0..h)
                .flat_map(|r| (0..w).map(move |c| (r, c)))
                .filter(|&(r, c)| inside(r, c))
                .map(|(r, c)| {
                    let (x, y) = (c as f64, r as f64);
                    vec![(x, y), (x + 1.0, y), (x + 1.0, y + 1.0), (x, y + 1.0)]
                })
                .collect()
        } else {
            Vec::new()
        };
        Ok(WallGraph {
            points,
            walls,
            size: (w as f64, h as f64),
            per_cell: 1.0,
            centre: (0.0, 0.0),
            start: at(m.start),
            goal: at(m.goal),
            cells: polygons,
            ends: [(End::Start, m.start), (End::Goal, m.goal)]
                .into_iter()
                .filter(|(_, p)| p.row % 2 == 1 && p.col % 2 == 1)
                .map(|(end, p)| (end, ((p.col / 2) as f64 + 0.5, (p.row / 2) as f64 + 0.5)))
                .collect(),
            woven: m
                .tiles
                .cells()
                .iter()
                .any(|t| matches!(t, Tile::Crossing(_))),
        })
    }

    /// The walls of a hex, triangle, octagon or polar maze; with `cells`, every cell's
    /// outline too, arcs cut into pieces at most `step` units long.
    pub fn tiled(doc: &TiledDoc, cells: bool, step: f64) -> Result<WallGraph> {
        let count = grid_core::on_tiled_maze!(&doc.maze, m => m.cell_count());
        check_cells(count)?;
        let layout = Layout::with_margin(doc, 1.0, 0.0);
        let mut graph = WallGraph {
            points: Vec::new(),
            walls: Vec::new(),
            size: layout.unit_size(),
            per_cell: layout.cell_span(),
            centre: layout.centre(),
            start: layout.start,
            goal: layout.goal,
            cells: Vec::new(),
            woven: false,
            ends: Vec::new(),
        };
        grid_core::on_tiled_maze!(&doc.maze, m => {
            graph.add_tiled_walls(m, &layout);
            let mut scratch = Scratch::default();
            for (end, cell) in [(End::Start, layout.start), (End::Goal, layout.goal)] {
                if let Some(cell) = cell {
                    let polygon = layout.polygon(m.topology(), cell, step, &mut scratch);
                    graph.ends.push((end, middle(&polygon)));
                }
            }
            if cells {
                let mut scratch = Scratch::default();
                graph.cells = m
                    .cells()
                    .map(|c| layout.polygon(m.topology(), c, step, &mut scratch))
                    .collect();
            }
        });
        Ok(graph)
    }

    fn add_tiled_walls<T: Topology>(
        &mut self,
        m: &grid_core::tiling::TiledMaze<T>,
        layout: &Layout,
    ) {
        // Corners by their place, rounded: the same corner from two cells is one point.
        let mut ids: BTreeMap<(i64, i64), usize> = BTreeMap::new();
        let points = &mut self.points;
        let mut id = |p: Point| {
            let key = ((p.0 * 1e6).round() as i64, (p.1 * 1e6).round() as i64);
            *ids.entry(key).or_insert_with(|| {
                points.push(p);
                points.len() - 1
            })
        };
        let walls = &mut self.walls;
        let mut scratch = Scratch::default();
        layout.for_each_wall_of(m, &mut scratch, |cell, line: Line, outline| {
            walls.push(Wall {
                a: id(line.from),
                b: id(line.to),
                outline,
                arc: line
                    .arc
                    .map(|(radius, clockwise)| Arc { radius, clockwise }),
                cell,
            });
        });
    }

    /// The walls bounding `cell` on the outline.
    pub fn outline_of(&self, cell: Cell) -> impl Iterator<Item = usize> + '_ {
        (0..self.walls.len()).filter(move |&k| self.walls[k].outline && self.walls[k].cell == cell)
    }
}

/// The middle of a cell's outline: its area's centroid (the mean of its points would lean
/// toward the side of an arc cut into many pieces).
fn middle(polygon: &[Point]) -> Point {
    let (mut area, mut x, mut y) = (0.0, 0.0, 0.0);
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        let cross = a.0 * b.1 - b.0 * a.1;
        area += cross;
        x += (a.0 + b.0) * cross;
        y += (a.1 + b.1) * cross;
    }
    if area.abs() < 1e-12 {
        let n = polygon.len().max(1) as f64;
        let (x, y) = polygon
            .iter()
            .fold((0.0, 0.0), |(x, y), p| (x + p.0, y + p.1));
        return (x / n, y / n);
    }
    (x / (3.0 * area), y / (3.0 * area))
}
