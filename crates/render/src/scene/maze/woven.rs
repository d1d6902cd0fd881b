//! A weave maze drawn as "Mazes for Programmers" draws one: every corridor inset from its
//! cells' edges, with walls along both sides, so that where one passage crosses another the
//! upper one's walls run straight over and the lower one visibly goes under them.
//!
//! Drawn in three passes: every corridor's walls (its area grown by a wall's thickness), then
//! every corridor's floor over them, then each bridge, walls and floor, over the passage it
//! crosses.

use super::Spans;
use crate::ink::Ink;
use crate::scene::Scene;
use grid_core::{Axis, Grid, MazeDoc, Pos, Tile};

/// Where the corridors of a cell maze fall in pixels.
pub(super) struct Corridors {
    spans: Spans,
    /// Pixels across a corridor.
    pub width: u32,
    /// Pixels across a wall.
    wall: u32,
}

impl Corridors {
    pub fn new(spans: Spans) -> Self {
        let size = spans.corridor() + spans.wall_width();
        // Half a cell across, walls a twelfth: between neighbouring corridors a gap of a
        // third of a cell, which keeps one corridor's walls apart from the next one's.
        Corridors {
            spans,
            width: (size / 2).max(1),
            wall: (size / 12).max(1),
        }
    }

    /// The centre of tile `k` along one axis.
    fn centre(&self, k: usize) -> u32 {
        let (start, len) = self.spans.span(k);
        start + len / 2
    }

    /// The square a corridor takes in cell tile `p`, grown by `grow` pixels on every side.
    fn cell(&self, p: Pos, grow: u32) -> (u32, u32, u32, u32) {
        let half = self.width / 2 + grow;
        let (cx, cy) = (self.centre(p.col), self.centre(p.row));
        (
            cx.saturating_sub(half),
            cy.saturating_sub(half),
            2 * half,
            2 * half,
        )
    }

    /// The stretch of corridor from cell `a` to its east or south neighbour `b`, between
    /// their squares, grown across by `grow` pixels either side.
    fn link(&self, a: Pos, b: Pos, grow: u32) -> (u32, u32, u32, u32) {
        let half = self.width / 2;
        if a.row == b.row {
            let from = self.centre(a.col) + half;
            let to = self.centre(b.col).saturating_sub(half);
            self.run(Axis::EastWest, self.centre(a.row), (from, to), half + grow)
        } else {
            let from = self.centre(a.row) + half;
            let to = self.centre(b.row).saturating_sub(half);
            self.run(
                Axis::NorthSouth,
                self.centre(a.col),
                (from, to),
                half + grow,
            )
        }
    }

    /// The bridge over crossing `p`: a corridor along `over` the whole length of its cell
    /// (from the middle of one wall tile to the middle of the next), grown across by `grow`.
    fn bridge(&self, p: Pos, over: Axis, grow: u32) -> (u32, u32, u32, u32) {
        let half = self.width / 2 + grow;
        match over {
            Axis::EastWest => {
                let ends = (self.centre(p.col - 1), self.centre(p.col + 1));
                self.run(over, self.centre(p.row), ends, half)
            }
            Axis::NorthSouth => {
                let ends = (self.centre(p.row - 1), self.centre(p.row + 1));
                self.run(over, self.centre(p.col), ends, half)
            }
        }
    }

    /// A rectangle along `axis` from `from` to `to`, reaching `half` either side of `middle`.
    fn run(
        &self,
        axis: Axis,
        middle: u32,
        (from, to): (u32, u32),
        half: u32,
    ) -> (u32, u32, u32, u32) {
        let (start, across) = (middle.saturating_sub(half), 2 * half);
        let len = to.saturating_sub(from);
        match axis {
            Axis::EastWest => (from, start, len, across),
            Axis::NorthSouth => (start, from, across, len),
        }
    }

    /// The area of the start or goal mark: the corridor's square in its cell.
    pub fn end(&self, p: Pos) -> (u32, u32, u32, u32) {
        self.cell(p, 0)
    }
}

/// Draws the corridors of a weave maze, each explored tile's floor in its heat colour.
pub(super) fn draw(
    scene: &mut Scene,
    m: &MazeDoc,
    corridors: &Corridors,
    heat: &Grid<Option<Ink>>,
) {
    let tiles = &m.tiles;
    let outside = m.outside();
    let inside = |p: Pos| tiles[p] != Tile::Wall && outside.as_ref().is_none_or(|o| !o[p]);
    let cells = || {
        (1..tiles.height())
            .step_by(2)
            .flat_map(move |r| (1..tiles.width()).step_by(2).map(move |c| Pos::new(r, c)))
            .filter(|&p| inside(p))
    };
    // A passage from a cell to its east or south neighbour, through the tile between them.
    let links = || {
        cells().flat_map(move |p| {
            [(0, 1), (1, 0)].into_iter().filter_map(move |(dr, dc)| {
                let between = Pos::new(p.row + dr, p.col + dc);
                let next = Pos::new(p.row + 2 * dr, p.col + 2 * dc);
                (tiles.contains(next) && inside(between) && inside(next))
                    .then_some((p, between, next))
            })
        })
    };
    let wall = corridors.wall;
    // Walls first, every floor over them: a wall shows only where no corridor runs.
    for walls in [true, false] {
        let grow = if walls { wall } else { 0 };
        let ink = |p: Pos| match walls {
            true => Ink::Wall,
            false => heat[p].unwrap_or(Ink::Background),
        };
        for p in cells() {
            let (x, y, w, h) = corridors.cell(p, grow);
            scene.rect(x, y, w, h, ink(p));
        }
        for (a, between, b) in links() {
            let (x, y, w, h) = corridors.link(a, b, grow);
            scene.rect(x, y, w, h, ink(between));
        }
    }
    for p in cells() {
        if let Tile::Crossing(over) = tiles[p] {
            let (x, y, w, h) = corridors.bridge(p, over, wall);
            scene.rect(x, y, w, h, Ink::Wall);
            let (x, y, w, h) = corridors.bridge(p, over, 0);
            scene.rect(x, y, w, h, heat[p].unwrap_or(Ink::Background));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::ink::{Ink, ink_index};
    use crate::scene::{Mode, Spans, maze};
    use grid_core::{Document, MazeDoc};

    /// A 3x3-cell maze whose middle cell is a crossing, the upper passage north to south.
    const WEAVE: &str = r########"{"kind":"maze","version":1,"width":7,"height":7,"grid":["#######","### ###","### ###","#  |  #","### ###","### ###","#######"],"start":[3,1],"goal":[3,5],"meta":{"cells":[3,3]}}"########;

    fn pixels(text: &str, cell: u32) -> (Vec<u8>, u32) {
        let m = MazeDoc::from_document(&Document::from_json(text).unwrap()).unwrap();
        let scene = maze(&m, Spans::thin(cell), Mode::Pixels);
        (scene.canvas.unwrap().pixels, scene.width)
    }

    /// How many separate runs of wall a line of pixels crosses.
    fn walls_crossed(line: impl Iterator<Item = u8>) -> usize {
        let wall = ink_index(Ink::Wall);
        let mut runs = 0;
        let mut inside = false;
        for p in line {
            if p == wall && !inside {
                runs += 1;
            }
            inside = p == wall;
        }
        runs
    }

    #[test]
    fn the_lower_passage_runs_under_the_bridges_walls() {
        let cell = 48;
        let (pixels, width) = pixels(WEAVE, cell);
        let centre = (cell + cell / 2 + cell / 12) as usize;
        let row = |y: usize| pixels[y * width as usize..(y + 1) * width as usize].to_vec();
        let w = width as usize;
        let column =
            |x: usize| -> Vec<u8> { (0..pixels.len() / w).map(|y| pixels[y * w + x]).collect() };
        // West to east through the crossing: the outer wall each side, and the bridge's two
        // walls across the lower passage.
        let between = &row(centre)[cell as usize / 2..width as usize - cell as usize / 2];
        assert_eq!(walls_crossed(between.iter().copied()), 2);
        // North to south along the bridge: its floor runs through, no wall across it.
        let bridge = column(centre);
        let inner = &bridge[cell as usize / 2..bridge.len() - cell as usize / 2];
        assert_eq!(walls_crossed(inner.iter().copied()), 0);
        // North to south beside the bridge, in the crossing's cell: the lower passage is a
        // corridor narrower than the cell, a wall each side of it.
        let beside = column(cell as usize + cell as usize / 8);
        let inner = &beside[cell as usize / 2..beside.len() - cell as usize / 2];
        assert_eq!(walls_crossed(inner.iter().copied()), 2);
    }
}
