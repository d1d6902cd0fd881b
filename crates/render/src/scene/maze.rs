//! The scene of a maze on the square grid: walls, the explored tiles as a heat map, the
//! path, start and goal; a weave maze's corridors in [`woven`].

use super::{Mode, Scene};
use crate::ink::Ink;
use grid_core::{Axis, Grid, MazeDoc, Pos, Tile};

mod woven;

/// Where the tiles of one axis fall in pixels. Square tiles for any map; for a cell maze
/// drawn with thin walls, the even tiles (walls and pillars) are `wall` pixels thick and the
/// odd ones (cells and passages) fill the rest of `size`.
#[derive(Debug, Clone, Copy)]
pub struct Spans {
    size: u32,
    wall: u32,
    thin: bool,
}

impl Spans {
    pub fn square(tile: u32) -> Self {
        Spans {
            size: tile,
            wall: tile,
            thin: false,
        }
    }

    pub fn thin(cell: u32) -> Self {
        Spans {
            size: cell,
            wall: (cell / 6).max(1),
            thin: true,
        }
    }

    /// The first pixel and the length of tile `k`.
    pub fn span(self, k: usize) -> (u32, u32) {
        let k = k as u32;
        match (self.thin, k % 2) {
            (false, _) => (k * self.size, self.size),
            (true, 0) => (k / 2 * self.size, self.wall),
            (true, _) => ((k - 1) / 2 * self.size + self.wall, self.size - self.wall),
        }
    }

    /// The pixels across a corridor: a cell, or a tile when every tile is a square.
    pub fn corridor(self) -> u32 {
        self.size - if self.thin { self.wall } else { 0 }
    }

    /// The pixels across a wall.
    pub fn wall_width(self) -> u32 {
        self.wall
    }

    /// Pixels for `tiles` tiles.
    pub fn total(self, tiles: usize) -> u32 {
        let (start, len) = self.span(tiles - 1);
        start + len
    }
}

/// A maze: walls, the explored tiles as a heat map, the solution path, then start and goal.
/// A weave maze with thin walls is drawn with inset corridors ([`woven`]), so that its
/// bridges show.
pub fn maze(m: &MazeDoc, spans: Spans, mode: Mode) -> Scene {
    let (w, h) = (m.tiles.width(), m.tiles.height());
    let mut scene = Scene::new(spans.total(w), spans.total(h), mode);
    let area = |p: Pos| {
        let ((x, w), (y, h)) = (spans.span(p.col), spans.span(p.row));
        (x, y, w, h)
    };
    let woven = spans.thin
        && m.tiles
            .cells()
            .iter()
            .any(|t| matches!(t, Tile::Crossing(_)));
    // The corridor's width, and the areas of the start and goal marks.
    let (corridor, ends) = if woven {
        let corridors = woven::Corridors::new(spans);
        woven::draw(&mut scene, m, &corridors, &heat_map(m));
        // A path half as wide as the narrow corridor, wider than it would be in a cell.
        let width = corridors.width * 5 / 4;
        (width, [corridors.end(m.start), corridors.end(m.goal)])
    } else {
        walls(&mut scene, m, area);
        // The explored tiles as a heat map, under the path: where the solver looked, and when.
        if let Some(order) = m.solution.as_ref().and_then(|s| s.explored_order.as_ref()) {
            let n = order.len().max(1);
            for (i, &p) in order.iter().enumerate() {
                let (x, y, w, h) = area(p);
                scene.rect(x, y, w, h, Ink::Heat((i * 8 / n) as u8));
            }
        }
        (spans.corridor(), [area(m.start), area(m.goal)])
    };
    if let Some(path) = m.solution.as_ref().and_then(|s| s.path.as_ref()) {
        let width = (corridor * 2 / 5).max(1);
        scene.line(path_line(path, area), width, Ink::Path);
    }
    // The ends over the path, which runs into them.
    mark(&mut scene, ends[0], Ink::Start);
    mark(&mut scene, ends[1], Ink::Goal);
    scene
}

/// The heat colour of each explored tile: where the solver looked, and when.
fn heat_map(m: &MazeDoc) -> Grid<Option<Ink>> {
    let mut heat = Grid::new(m.tiles.width(), m.tiles.height(), None);
    if let Some(order) = m.solution.as_ref().and_then(|s| s.explored_order.as_ref()) {
        let n = order.len().max(1);
        for (i, &p) in order.iter().enumerate() {
            if heat.contains(p) {
                heat[p] = Some(Ink::Heat((i * 8 / n) as u8));
            }
        }
    }
    heat
}

/// The walls of a maze, runs of wall along a row one rectangle each (which keeps big mazes'
/// SVG files small); a crossing's upper passage as two walls through its tile.
fn walls(scene: &mut Scene, m: &MazeDoc, area: impl Fn(Pos) -> (u32, u32, u32, u32)) {
    // Outside a masked maze's shape is background: no wall is drawn there.
    let outside = m.outside();
    for (r, row) in m.tiles.rows().enumerate() {
        let out_row = outside.as_ref().map(|o| o.row(r));
        let is_wall = |c: usize| row[c] == Tile::Wall && out_row.is_none_or(|o| !o[c]);
        let mut c = 0;
        while c < row.len() {
            if !is_wall(c) {
                if let Tile::Crossing(over) = row[c] {
                    for strip in crossing_walls(area(Pos::new(r, c)), over) {
                        scene.rect(strip.0, strip.1, strip.2, strip.3, Ink::Wall);
                    }
                }
                c += 1;
                continue;
            }
            let start = c;
            while c < row.len() && is_wall(c) {
                c += 1;
            }
            let (x, y, _, rh) = area(Pos::new(r, start));
            let (x_end, _, w_end, _) = area(Pos::new(r, c - 1));
            scene.rect(x, y, x_end + w_end - x, rh, Ink::Wall);
        }
    }
}

/// The points of a line through the centres of a path's tiles, a point where it turns (or
/// goes back) and none along a straight run.
fn path_line(path: &[Pos], area: impl Fn(Pos) -> (u32, u32, u32, u32)) -> Vec<(u32, u32)> {
    let centre = |p: Pos| {
        let (x, y, w, h) = area(p);
        (x + w / 2, y + h / 2)
    };
    let mut points: Vec<(u32, u32)> = Vec::with_capacity(path.len());
    for &p in path {
        let next = centre(p);
        if let [.., a, b] = points[..]
            && ((a.0 == b.0 && b.0 == next.0 && (a.1 < b.1) == (b.1 < next.1))
                || (a.1 == b.1 && b.1 == next.1 && (a.0 < b.0) == (b.0 < next.0)))
        {
            *points.last_mut().expect("two points") = next;
        } else {
            points.push(next);
        }
    }
    points
}

/// The two walls of the upper passage through a crossing's area `(x, y, w, h)`: lines a
/// quarter of the way in from each side, along `over`, which cut the lower passage where it
/// runs under.
pub fn crossing_walls((x, y, w, h): (u32, u32, u32, u32), over: Axis) -> [(u32, u32, u32, u32); 2] {
    match over {
        Axis::NorthSouth => {
            let t = (w / 8).max(1);
            [
                (x + w / 4 - t / 2, y, t, h),
                (x + w - w / 4 - t / 2, y, t, h),
            ]
        }
        Axis::EastWest => {
            let t = (h / 8).max(1);
            [
                (x, y + h / 4 - t / 2, w, t),
                (x, y + h - h / 4 - t / 2, w, t),
            ]
        }
    }
}

/// A square inset in an area (or the whole area when it is tiny).
fn mark(scene: &mut Scene, (x, y, w, h): (u32, u32, u32, u32), ink: Ink) {
    let (ix, iy) = (w / 5, h / 5);
    scene.rect(
        x + ix,
        y + iy,
        (w - 2 * ix).max(1),
        (h - 2 * iy).max(1),
        ink,
    );
}

#[cfg(test)]
mod maze_tests {
    use super::*;
    use crate::ink::ink_index;
    use crate::scene::Shape;
    use grid_core::Document;

    /// A 2x2-cell maze solved from the top-left cell round to the bottom-left one.
    const SOLVED: &str = r######"{"kind":"maze","version":1,"width":5,"height":5,"grid":["#####","#   #","### #","#   #","#####"],"start":[1,1],"goal":[3,1],"meta":{"cells":[2,2]},"solution":{"algorithm":"bfs","path":[[1,1],[1,2],[1,3],[2,3],[3,3],[3,2],[3,1]],"length":6,"explored":7}}"######;

    fn scene(text: &str, mode: Mode) -> Scene {
        let m = MazeDoc::from_document(&Document::from_json(text).unwrap()).unwrap();
        maze(&m, Spans::thin(20), mode)
    }

    #[test]
    fn the_path_is_one_line_through_the_cell_centres_turning_at_the_corners() {
        let s = scene(SOLVED, Mode::Shapes);
        let lines: Vec<_> = s
            .shapes
            .iter()
            .filter_map(|shape| match shape {
                Shape::Line { points, width, ink } => Some((points.clone(), *width, *ink)),
                _ => None,
            })
            .collect();
        // Cells are 20 pixels apart, their centres 11 in (a 3-pixel wall, then a 17-pixel cell).
        assert_eq!(
            lines,
            vec![(vec![(11, 11), (31, 11), (31, 31), (11, 31)], 6, Ink::Path)]
        );
    }

    #[test]
    fn the_painted_path_is_unbroken_between_cells() {
        let s = scene(SOLVED, Mode::Pixels);
        let canvas = s.canvas.unwrap();
        let at = |x: u32, y: u32| canvas.at(x, y);
        // Along the top row of cells, from the start mark's edge through the gap where a wall
        // would stand.
        assert!((18..=31).all(|x| at(x, 11) == ink_index(Ink::Path)));
        // A round join: the outer corner of the turn is not painted.
        assert_eq!(at(34, 8), ink_index(Ink::Background));
    }
}
