//! A tiled maze laid out on a picture: where the tiling's geometry lands in pixels (or
//! braille dots), and what the solver marked. The cells' outlines are worked out as they are
//! drawn, from the topology, so that a big maze's picture takes no memory per side.

use grid_core::Pos;
use grid_core::tiling::{Cell, Edge, Side, TiledDoc, TiledMaze, Tiling, Topology};

/// A point on the picture, in pixels (or braille dots).
pub type Px = (f64, f64);

/// One side of a cell as drawn: a straight line, or an arc around the picture's centre.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Line {
    pub from: Px,
    pub to: Px,
    /// Radius (in pixels) and direction when the side is an arc.
    pub arc: Option<(f64, bool)>,
}

/// A tiled maze on a picture.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Pixels a unit of the tiling's geometry.
    scale: f64,
    margin: f64,
    /// Where the tiling's extent starts, and its size, in its units.
    origin: (f64, f64),
    size: (f64, f64),
    tiling: Tiling,
    cells: usize,
    /// The path through the cells' centres, in pixels.
    pub path: Vec<Px>,
    /// The steps of the path not drawn as a line, for they leave the picture's plane (a
    /// stair, a seam): step `k` goes from `path[k]` to `path[k + 1]`.
    pub breaks: Vec<usize>,
    /// The path's cells, kept beyond the plane only (where its marks are coloured).
    pub path_cells: Vec<Cell>,
    pub start: Option<Cell>,
    pub goal: Option<Cell>,
    /// The explored cells, in order.
    pub explored: Vec<Cell>,
    /// The carving order.
    pub carved: Vec<Cell>,
}

impl Layout {
    /// The layout of `doc` at one pixel a unit, for sizing.
    pub fn unit(doc: &TiledDoc) -> Layout {
        let ((x0, y0), (x1, y1)) = grid_core::on_tiled_maze!(&doc.maze, m => m.topology().extent());
        Layout {
            scale: 1.0,
            margin: 0.0,
            origin: (x0, y0),
            size: (x1 - x0, y1 - y0),
            tiling: doc.maze.tiling(),
            cells: grid_core::on_tiled_maze!(&doc.maze, m => m.cell_count()),
            path: Vec::new(),
            breaks: Vec::new(),
            path_cells: Vec::new(),
            start: None,
            goal: None,
            explored: Vec::new(),
            carved: Vec::new(),
        }
    }

    /// The whole layout of `doc` at `scale` pixels a unit, with a margin around: beyond the
    /// plane, wide enough for the labels and seam marks outside the cells.
    pub fn new(doc: &TiledDoc, scale: f64) -> Layout {
        let margin = if doc.maze.tiling().is_plane() {
            (scale * 0.5).clamp(2.0, 16.0)
        } else {
            beyond_margin(scale * Layout::unit(doc).cell_span())
        };
        Layout::with_margin(doc, scale, margin)
    }

    /// The layout at `scale` pixels a unit and `margin` pixels around.
    pub fn with_margin(doc: &TiledDoc, scale: f64, margin: f64) -> Layout {
        let mut layout = Layout {
            scale,
            margin,
            ..Layout::unit(doc)
        };
        grid_core::on_tiled_maze!(&doc.maze, m => layout.mark(doc, m));
        layout
    }

    fn mark<T: Topology>(&mut self, doc: &TiledDoc, m: &TiledMaze<T>) {
        let t = m.topology();
        let cell = |p: Pos| m.cell_at(p);
        self.start = cell(doc.start);
        self.goal = cell(doc.goal);
        self.carved = doc
            .trace
            .iter()
            .flatten()
            .filter_map(|&p| cell(p))
            .collect();
        if let Some(s) = &doc.solution {
            self.explored = s
                .explored_order
                .iter()
                .flatten()
                .filter_map(|&p| cell(p))
                .collect();
            self.path = s
                .path
                .iter()
                .flatten()
                .filter_map(|&p| cell(p))
                .map(|c| self.place(t.center(c)))
                .collect();
            if !T::PLANE {
                self.path_cells = s.path.iter().flatten().filter_map(|&p| cell(p)).collect();
                self.breaks = breaks(t, &self.path_cells);
            }
        }
    }

    /// The pieces of the path drawn as lines: the whole path on a plane, cut where it
    /// takes a stair or crosses a seam beyond it.
    pub fn path_pieces(&self) -> Vec<&[Px]> {
        let mut pieces = Vec::with_capacity(self.breaks.len() + 1);
        let mut from = 0;
        for &k in &self.breaks {
            pieces.push(&self.path[from..=k]);
            from = k + 1;
        }
        pieces.push(&self.path[from.min(self.path.len())..]);
        pieces
    }

    /// Units of the geometry across one cell: a hexagon is two units wide.
    pub fn cell_span(&self) -> f64 {
        match self.tiling {
            Tiling::Hex => 2.0,
            _ => 1.0,
        }
    }

    /// The tiling's size in its own units.
    pub fn unit_size(&self) -> (f64, f64) {
        self.size
    }

    /// The picture's size in pixels, with room for `caption_lines` lines of text below.
    pub fn pixels(&self, caption_lines: usize) -> (u64, u64) {
        let w = (self.size.0 * self.scale + 2.0 * self.margin).ceil() as u64;
        let h = (self.size.1 * self.scale + 2.0 * self.margin).ceil() as u64;
        (w.max(1), h.max(1) + caption_lines as u64 * CAPTION_LINE)
    }

    /// Pixels high a label's or a seam letter's text is: three fifths of a cell, within 7
    /// and 12 pixels.
    pub fn label_size(&self) -> f64 {
        (self.scale * self.cell_span() * 0.6).clamp(7.0, 12.0)
    }

    pub fn scale(&self) -> f64 {
        self.scale
    }

    /// The cells of the maze.
    pub fn cell_count(&self) -> usize {
        self.cells
    }

    /// Where a point of the tiling's geometry lies on the picture.
    pub fn place(&self, (x, y): (f64, f64)) -> Px {
        (
            (x - self.origin.0) * self.scale + self.margin,
            (y - self.origin.1) * self.scale + self.margin,
        )
    }

    /// The picture's point of the tiling's origin (the centre of a polar maze).
    pub fn centre(&self) -> Px {
        self.place((0.0, 0.0))
    }

    /// The sides of `cell` on the picture, into `out` (`edges` is scratch).
    pub fn lines<T: Topology>(
        &self,
        t: &T,
        cell: Cell,
        edges: &mut Vec<Edge>,
        out: &mut Vec<Line>,
    ) {
        t.edges(cell, edges);
        out.clear();
        out.extend(edges.iter().map(|e| Line {
            from: self.place(e.from),
            to: self.place(e.to),
            arc: e.arc.map(|a| (a.radius * self.scale, a.clockwise)),
        }));
    }

    /// The outline of `cell` as a polygon, arcs cut into pieces at most `step` pixels long.
    /// A side drawn as a point (a level's stairs, at the cell's centre) is no corner of it.
    pub fn polygon<T: Topology>(
        &self,
        t: &T,
        cell: Cell,
        step: f64,
        scratch: &mut Scratch,
    ) -> Vec<Px> {
        self.lines(t, cell, &mut scratch.edges, &mut scratch.lines);
        let mut points = Vec::with_capacity(scratch.lines.len() * 2);
        for line in &scratch.lines {
            if line.arc.is_none() && line.from == line.to {
                continue;
            }
            points.push(line.from);
            if let Some((radius, clockwise)) = line.arc {
                points.extend(arc_points(
                    self.centre(),
                    radius,
                    line.from,
                    line.to,
                    clockwise,
                    step,
                ));
            }
        }
        points
    }

    /// Calls `wall` with each wall of the maze once: every side on the edge of the maze, and
    /// each closed side between two cells from the lower-numbered one.
    pub fn for_each_wall<T: Topology>(
        &self,
        m: &TiledMaze<T>,
        scratch: &mut Scratch,
        mut wall: impl FnMut(Line),
    ) {
        self.for_each_wall_of(m, scratch, |_, line, _| wall(line));
    }

    /// [`Layout::for_each_wall`], each wall told the cell whose side it is and whether it
    /// is on the maze's edge.
    pub fn for_each_wall_of<T: Topology>(
        &self,
        m: &TiledMaze<T>,
        scratch: &mut Scratch,
        mut wall: impl FnMut(Cell, Line, bool),
    ) {
        if !T::PLANE {
            return for_each_wall_beyond(self, m, scratch, wall);
        }
        let t = m.topology();
        for cell in m.cells() {
            m.sides(cell, &mut scratch.sides);
            let drawn = |s: &Side| s.is_edge() || (s.to > cell && !m.is_open(*s));
            if !scratch.sides.iter().any(drawn) {
                continue;
            }
            self.lines(t, cell, &mut scratch.edges, &mut scratch.lines);
            for (s, line) in scratch.sides.iter().zip(&scratch.lines) {
                if drawn(s) {
                    wall(cell, *line, s.is_edge());
                }
            }
        }
    }
}

/// Pixels around a maze beyond the plane, its cells `cell` pixels across: room for a line
/// of labels and a seam's letters outside the cells.
fn beyond_margin(cell: f64) -> f64 {
    (cell * 1.5).max(18.0)
}

/// Whether two cells are drawn side by side, so that the step between them is a line.
pub(super) fn adjacent<T: Topology>(t: &T, a: Cell, b: Cell) -> bool {
    let (p, q) = (t.center(a), t.center(b));
    (p.0 - q.0).hypot(p.1 - q.1) < 1.01
}

/// The steps of `path` between cells not drawn side by side (stairs, seams).
fn breaks<T: Topology>(t: &T, path: &[Cell]) -> Vec<usize> {
    path.windows(2)
        .enumerate()
        .filter(|(_, w)| !adjacent(t, w[0], w[1]))
        .map(|(k, _)| k)
        .collect()
}

/// Every wall of a maze beyond the plane, told the cell whose side it is and whether it is
/// on the maze's edge. A closed side between cells drawn apart (over a seam) is drawn on
/// both cells, for each is seen on its own edge of the picture; stairs are no line.
fn for_each_wall_beyond<T: Topology>(
    layout: &Layout,
    m: &TiledMaze<T>,
    scratch: &mut Scratch,
    mut wall: impl FnMut(Cell, Line, bool),
) {
    let t = m.topology();
    for cell in m.cells() {
        m.sides(cell, &mut scratch.sides);
        layout.lines(t, cell, &mut scratch.edges, &mut scratch.lines);
        for (s, line) in scratch.sides.iter().zip(&scratch.lines) {
            if line.from == line.to {
                continue;
            }
            let drawn =
                s.is_edge() || (!m.is_open(*s) && (s.to > cell || !adjacent(t, cell, s.to)));
            if drawn {
                wall(cell, *line, s.is_edge());
            }
        }
    }
}

/// Pixels a line of caption text takes below a picture.
pub const CAPTION_LINE: u64 = 14;

/// Reused buffers for walking the cells.
#[derive(Debug, Default)]
pub struct Scratch {
    sides: Vec<Side>,
    edges: Vec<Edge>,
    lines: Vec<Line>,
}

/// The points strictly between `from` and `to` along an arc around `centre`, at most `step`
/// pixels apart.
pub fn arc_points(
    centre: Px,
    radius: f64,
    from: Px,
    to: Px,
    clockwise: bool,
    step: f64,
) -> Vec<Px> {
    let angle = |p: Px| (p.1 - centre.1).atan2(p.0 - centre.0);
    let (a, b) = (angle(from), angle(to));
    let tau = std::f64::consts::TAU;
    // On the picture y points down, so clockwise is the growing atan2 angle.
    let mut sweep = if clockwise { b - a } else { a - b };
    while sweep <= 1e-9 {
        sweep += tau;
    }
    while sweep > tau + 1e-9 {
        sweep -= tau;
    }
    let pieces = ((sweep * radius / step.max(0.5)).ceil() as usize).clamp(1, 4096);
    let sign = if clockwise { 1.0 } else { -1.0 };
    (1..pieces)
        .map(|k| {
            let t = a + sign * sweep * k as f64 / pieces as f64;
            (centre.0 + radius * t.cos(), centre.1 + radius * t.sin())
        })
        .collect()
}
