//! A picture as a list of shapes on a palette: what the SVG and PNG writers both draw, so
//! that the two formats always show the same thing.

use grid_core::nonogram_doc::{Block, ColorClues};
use grid_core::{Axis, Grid, MazeDoc, Pos, Tile};

mod woven;

/// The colours of a picture, by role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Background,
    Wall,
    Floor,
    Path,
    Start,
    Goal,
    Covered,
    Opened,
    Text,
    Mine,
    Exploded,
    Flag,
    /// The classic colour of a mines number, 1 to 8.
    Number(u8),
    Filled,
    Grid,
    /// Explored tiles, from the first examined (0) to the last (7).
    Heat(u8),
    /// Colour number `c` (from 1) of a colour puzzle's own palette ([`Scene::colors`]).
    Puzzle(u8),
    /// Text on colour `c` of the puzzle: black or white, whichever reads better on it.
    OnPuzzle(u8),
}

/// A light or a dark palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    /// The RGB colour of an ink.
    pub fn rgb(self, ink: Ink) -> [u8; 3] {
        let light = self == Theme::Light;
        match ink {
            Ink::Background | Ink::Floor => {
                if light {
                    [255, 255, 255]
                } else {
                    [24, 24, 28]
                }
            }
            Ink::Wall | Ink::Filled => {
                if light {
                    [34, 34, 40]
                } else {
                    [226, 226, 232]
                }
            }
            Ink::Text => {
                if light {
                    [20, 20, 20]
                } else {
                    [235, 235, 235]
                }
            }
            Ink::Path => [30, 136, 229],
            Ink::Start => [46, 160, 67],
            Ink::Goal => [245, 166, 35],
            Ink::Covered => {
                if light {
                    [189, 189, 189]
                } else {
                    [80, 80, 90]
                }
            }
            Ink::Opened => {
                if light {
                    [238, 238, 238]
                } else {
                    [44, 44, 50]
                }
            }
            Ink::Mine => {
                if light {
                    [0, 0, 0]
                } else {
                    [250, 250, 250]
                }
            }
            Ink::Exploded => [229, 57, 53],
            Ink::Flag => [211, 47, 47],
            Ink::Grid => {
                if light {
                    [170, 170, 170]
                } else {
                    [90, 90, 100]
                }
            }
            Ink::Heat(level) => {
                // From a pale yellow to a deep orange as the search goes on.
                let t = level.min(7) as u16;
                let base: [u16; 3] = if light { [255, 241, 179] } else { [90, 70, 20] };
                let end: [u16; 3] = if light { [255, 152, 67] } else { [200, 90, 20] };
                let mix = |a: u16, b: u16| ((a * (7 - t) + b * t) / 7) as u8;
                [
                    mix(base[0], end[0]),
                    mix(base[1], end[1]),
                    mix(base[2], end[2]),
                ]
            }
            Ink::Number(n) => crate::palette::number_rgb(n, light),
            // A scene's own colours ([`Scene::rgb`]); grey where a scene has none.
            Ink::Puzzle(_) | Ink::OnPuzzle(_) => [128, 128, 128],
        }
    }

    /// Every ink, for palettes.
    pub fn inks() -> Vec<Ink> {
        let mut all = vec![
            Ink::Background,
            Ink::Wall,
            Ink::Floor,
            Ink::Path,
            Ink::Start,
            Ink::Goal,
            Ink::Covered,
            Ink::Opened,
            Ink::Text,
            Ink::Mine,
            Ink::Exploded,
            Ink::Flag,
            Ink::Filled,
            Ink::Grid,
        ];
        all.extend((1..=8).map(Ink::Number));
        all.extend((0..8).map(Ink::Heat));
        all
    }
}

#[cfg(test)]
mod ink_tests {
    use super::*;

    #[test]
    fn an_inks_index_is_its_place_in_the_palette() {
        for (i, &ink) in Theme::inks().iter().enumerate() {
            assert_eq!(ink_index(ink) as usize, i, "{ink:?}");
        }
    }
}

/// One shape, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Rect {
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        ink: Ink,
    },
    /// Text whose characters are `size` pixels high, its top-left corner at (x, y).
    Text {
        x: u32,
        y: u32,
        size: u32,
        text: String,
        ink: Ink,
    },
    /// A line `width` pixels thick through `points` (pixel corners, each a step along a row
    /// or a column from the one before), with round joins and ends.
    Line {
        points: Vec<(u32, u32)>,
        width: u32,
        ink: Ink,
    },
}

impl Shape {
    pub fn ink(&self) -> Ink {
        match self {
            Shape::Rect { ink, .. } | Shape::Text { ink, .. } | Shape::Line { ink, .. } => *ink,
        }
    }
}

/// How a scene keeps what is drawn on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// As a list of shapes, for vector formats (SVG, HTML).
    Shapes,
    /// Painted at once into pixels, one byte each (an index of [`Theme::inks`]): a PNG of the
    /// largest maze would otherwise hold tens of millions of shapes.
    Pixels,
}

/// A picture: its size in pixels and what is drawn on it, in order over the background:
/// shapes, or the pixels they painted (see [`Mode`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub width: u32,
    pub height: u32,
    /// A colour puzzle's colours, for [`Ink::Puzzle`]; empty otherwise.
    pub colors: Vec<[u8; 3]>,
    pub shapes: Vec<Shape>,
    /// The painted pixels, row by row, in [`Mode::Pixels`].
    pub pixels: Option<Vec<u8>>,
    /// The shapes (by index) that show the answer: the layer an HTML page shows and hides.
    pub answer: Vec<std::ops::Range<usize>>,
}

/// The pixel value of an ink: its place among [`Theme::inks`] (worked out without building
/// that list: it is asked for every rectangle painted).
pub fn ink_index(ink: Ink) -> u8 {
    match ink {
        Ink::Background => 0,
        Ink::Wall => 1,
        Ink::Floor => 2,
        Ink::Path => 3,
        Ink::Start => 4,
        Ink::Goal => 5,
        Ink::Covered => 6,
        Ink::Opened => 7,
        Ink::Text => 8,
        Ink::Mine => 9,
        Ink::Exploded => 10,
        Ink::Flag => 11,
        Ink::Filled => 12,
        Ink::Grid => 13,
        Ink::Number(n) => 13 + n.clamp(1, 8),
        Ink::Heat(t) => 22 + t.min(7),
        Ink::Puzzle(c) => PUZZLE_INKS + 2 * (c.clamp(1, 31) - 1),
        Ink::OnPuzzle(c) => PUZZLE_INKS + 2 * (c.clamp(1, 31) - 1) + 1,
    }
}

/// The pixel value of a puzzle's first colour: its colours follow the theme's inks, each with
/// the ink of text written on it.
const PUZZLE_INKS: u8 = 30;

impl Scene {
    fn new(width: u32, height: u32, mode: Mode) -> Self {
        let pixels = (mode == Mode::Pixels)
            .then(|| vec![ink_index(Ink::Background); width as usize * height as usize]);
        Scene {
            width,
            height,
            colors: Vec::new(),
            shapes: Vec::new(),
            pixels,
            answer: Vec::new(),
        }
    }

    /// Draws `draw` as part of the answer layer.
    fn answer_layer(&mut self, draw: impl FnOnce(&mut Scene)) {
        let start = self.shapes.len();
        draw(self);
        let end = self.shapes.len();
        if end > start {
            self.answer.push(start..end);
        }
    }

    /// Whether shape `index` belongs to the answer layer.
    pub fn is_answer(&self, index: usize) -> bool {
        self.answer.iter().any(|r| r.contains(&index))
    }

    /// The RGB colour of an ink in this scene.
    pub fn rgb(&self, theme: Theme, ink: Ink) -> [u8; 3] {
        let own = |c: u8| self.colors.get(usize::from(c).wrapping_sub(1)).copied();
        match ink {
            Ink::Puzzle(c) => own(c).unwrap_or_else(|| theme.rgb(ink)),
            Ink::OnPuzzle(c) => match own(c) {
                Some(rgb) if luminance(rgb) > 0.5 => [0, 0, 0],
                Some(_) => [255, 255, 255],
                None => theme.rgb(Ink::Text),
            },
            _ => theme.rgb(ink),
        }
    }

    /// Every pixel value's colour, for an indexed picture.
    pub fn palette(&self, theme: Theme) -> Vec<[u8; 3]> {
        let mut all: Vec<[u8; 3]> = Theme::inks().into_iter().map(|i| theme.rgb(i)).collect();
        for c in 1..=self.colors.len() as u8 {
            all.push(self.rgb(theme, Ink::Puzzle(c)));
            all.push(self.rgb(theme, Ink::OnPuzzle(c)));
        }
        all
    }

    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, ink: Ink) {
        match &mut self.pixels {
            Some(pixels) => fill(
                pixels,
                self.width,
                self.height,
                (x, y, w, h),
                ink_index(ink),
            ),
            None => self.shapes.push(Shape::Rect { x, y, w, h, ink }),
        }
    }

    fn text(&mut self, x: u32, y: u32, size: u32, text: impl Into<String>, ink: Ink) {
        let text = text.into();
        match &mut self.pixels {
            Some(pixels) => {
                let (width, height) = (self.width, self.height);
                crate::png::paint_text(pixels, width, height, (x, y, size), &text, ink_index(ink));
            }
            None => self.shapes.push(Shape::Text {
                x,
                y,
                size,
                text,
                ink,
            }),
        }
    }

    fn line(&mut self, points: Vec<(u32, u32)>, width: u32, ink: Ink) {
        match &mut self.pixels {
            Some(pixels) => paint_line(
                pixels,
                (self.width, self.height),
                &points,
                width,
                ink_index(ink),
            ),
            None => self.shapes.push(Shape::Line { points, width, ink }),
        }
    }

    /// Makes the picture `height` pixels high, the new rows background.
    fn grow_to(&mut self, height: u32) {
        if let Some(pixels) = &mut self.pixels {
            pixels.resize(
                self.width as usize * height as usize,
                ink_index(Ink::Background),
            );
        }
        self.height = height;
    }
}

/// The relative luminance of a colour, from 0 (black) to 1 (white), as WCAG weighs it.
pub(crate) fn luminance([r, g, b]: [u8; 3]) -> f64 {
    (0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b)) / 255.0
}

/// Fills a rectangle of a picture `w` x `h` pixels, clipped to it.
pub(crate) fn fill(
    pixels: &mut [u8],
    w: u32,
    h: u32,
    (x, y, rw, rh): (u32, u32, u32, u32),
    value: u8,
) {
    let (w, h) = (w as usize, h as usize);
    let (x0, y0) = (x as usize, y as usize);
    let x1 = (x0 + rw as usize).min(w);
    let y1 = (y0 + rh as usize).min(h);
    for row in y0.min(h)..y1 {
        pixels[row * w + x0.min(x1)..row * w + x1].fill(value);
    }
}

/// Paints a line `width` pixels thick through `points` (each a step along a row or a column
/// from the one before): a rectangle along each step and a disc at each point, which rounds
/// the joins and the ends.
pub(crate) fn paint_line(
    pixels: &mut [u8],
    (w, h): (u32, u32),
    points: &[(u32, u32)],
    width: u32,
    value: u8,
) {
    let half = width / 2;
    for pair in points.windows(2) {
        let ((x0, y0), (x1, y1)) = (pair[0], pair[1]);
        let (left, top) = (x0.min(x1), y0.min(y1));
        let (right, bottom) = (x0.max(x1), y0.max(y1));
        let rect = if y0 == y1 {
            (left, top.saturating_sub(half), right - left, width)
        } else {
            (left.saturating_sub(half), top, width, bottom - top)
        };
        fill(pixels, w, h, rect, value);
    }
    let r = f64::from(width) / 2.0;
    for &(cx, cy) in points {
        for row in cy.saturating_sub(half + 1)..=cy + half + 1 {
            // The pixels of this row whose centres lie within the disc.
            let dy = f64::from(row) + 0.5 - f64::from(cy);
            let reach = r * r - dy * dy;
            if reach < 0.0 {
                continue;
            }
            let reach = reach.sqrt();
            let from = (f64::from(cx) - reach - 0.5).ceil().max(0.0) as u32;
            let to = (f64::from(cx) + reach - 0.5).floor();
            if to >= f64::from(from) {
                fill(pixels, w, h, (from, row, to as u32 - from + 1, 1), value);
            }
        }
    }
}

/// `scene` with lines of text added in a band below it, as wide as the picture allows (a
/// caption: the figures of what is drawn).
pub fn with_caption(mut scene: Scene, lines: &[String]) -> Scene {
    if lines.is_empty() {
        return scene;
    }
    let size = caption_size(scene.width, scene.height);
    // The built-in font is 4 units a character and 5 high; long lines wrap at their spaces
    // rather than shrink.
    let per_line = (scene.width.saturating_sub(2 * CAPTION_MARGIN) / (size * 4 / 5)).max(8);
    let wrapped: Vec<String> = lines
        .iter()
        .flat_map(|l| crate::caption::wrap(l, per_line as usize))
        .collect();
    let line = size + size / 2;
    let top = scene.height + size / 2;
    // A margin of half a line below the last one.
    scene.grow_to(top + line * wrapped.len() as u32 + size / 2);
    for (i, text) in wrapped.into_iter().enumerate() {
        scene.text(CAPTION_MARGIN, top + i as u32 * line, size, text, Ink::Text);
    }
    scene
}

/// Pixels left of a caption.
const CAPTION_MARGIN: u32 = 4;

/// A caption's text size: one size for every kind of picture, a twentieth of its shorter
/// side, between 10 and 20 pixels (in the font's steps of 5).
fn caption_size(width: u32, height: u32) -> u32 {
    (width.min(height) / 20).clamp(10, 20) / 5 * 5
}

/// The largest picture drawn, in pixels on a side: a 2000 x 2000-cell maze at 2 pixels a tile
/// fits, and a picture this size takes 64 MB while it is drawn.
pub const MAX_SIDE: u32 = 16_384;

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
/// A weave maze with thin walls is drawn with inset corridors (scene/woven.rs), so that its
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

/// A minesweeper board: covered and opened tiles, numbers, flags and mines; with a solver's
/// `probability` per tile, covered tiles are tinted by their chance of a mine (green when
/// certainly safe, red when certainly a mine, pale to orange between) and labelled in percent.
pub fn mines(
    view: &Grid<u8>,
    probability: Option<&[Vec<Option<f64>>]>,
    tile: u32,
    mode: Mode,
) -> Scene {
    let (w, h) = (view.width() as u32, view.height() as u32);
    let mut scene = Scene::new(w * tile, h * tile, mode);
    let gap = (tile / 16).max(1);
    for p in view.positions() {
        let (x, y) = (p.col as u32 * tile, p.row as u32 * tile);
        let c = view[p];
        let closed = matches!(c, b'#' | b'F' | b'?');
        let chance = probability
            .and_then(|rows| rows.get(p.row))
            .and_then(|row| row.get(p.col).copied().flatten())
            .filter(|_| closed && c != b'F');
        let ground = match (c, chance) {
            (b'X', _) => Ink::Exploded,
            (_, Some(q)) if q <= 0.0 => Ink::Start,
            (_, Some(q)) if q >= 1.0 => Ink::Exploded,
            (_, Some(q)) => Ink::Heat((q * 8.0).min(7.0) as u8),
            _ if closed => Ink::Covered,
            _ => Ink::Opened,
        };
        scene.rect(x + gap, y + gap, tile - 2 * gap, tile - 2 * gap, ground);
        if let Some(q) = chance.filter(|q| *q > 0.0 && *q < 1.0) {
            let size = tile * 2 / 5;
            let label = format!("{}", (q * 100.0).round() as u32);
            let width = label.len() as u32 * size * 4 / 5;
            scene.text(
                x + tile.saturating_sub(width) / 2,
                y + (tile - size) / 2,
                size,
                label,
                Ink::Text,
            );
            continue;
        }
        let (label, ink) = match c {
            b'1'..=b'8' => ((c as char).to_string(), Ink::Number(c - b'0')),
            b'F' => ("F".to_string(), Ink::Flag),
            b'?' => ("?".to_string(), Ink::Text),
            b'*' | b'X' => ("*".to_string(), Ink::Mine),
            b'!' => ("!".to_string(), Ink::Flag),
            _ => continue,
        };
        let size = tile * 3 / 5;
        scene.text(
            x + (tile - size * 3 / 5) / 2,
            y + (tile - size) / 2,
            size,
            label,
            ink,
        );
    }
    scene
}

/// The cells of a nonogram drawn on its grid: those given or known, and the answer (the
/// solved grid, or the key), which an HTML page can hide.
#[derive(Debug, Clone, Copy, Default)]
pub struct NonogramCells<'a> {
    pub known: Option<&'a Grid<u8>>,
    pub answer: Option<&'a Grid<u8>>,
}

/// A nonogram as puzzle books print it: the column clues stacked above, the row clues to the
/// left, and the grid with its filled cells.
pub fn nonogram(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    cells: NonogramCells,
    tile: u32,
    mode: Mode,
) -> Scene {
    let (w, h) = (cols.len() as u32, rows.len() as u32);
    let (mut scene, left, top) = nonogram_clues(rows, cols, tile, mode);
    if let Some(g) = cells.known {
        nonogram_cells(&mut scene, g, (left, top), tile, |_| Ink::Filled);
    }
    if let Some(g) = cells.answer {
        scene.answer_layer(|scene| nonogram_cells(scene, g, (left, top), tile, |_| Ink::Filled));
    }
    grid_lines(&mut scene, (left, top), (w, h), tile);
    scene
}

/// A colour nonogram as puzzle books print one: each clue a square of its colour with the
/// number on it, and each cell in its colour.
pub fn color_nonogram(clues: &ColorClues, cells: NonogramCells, tile: u32, mode: Mode) -> Scene {
    let (w, h) = (clues.cols.len() as u32, clues.rows.len() as u32);
    let items = |line: &Vec<Block>| line.iter().filter(|b| b.len > 0).count() as u32;
    let left = clues.rows.iter().map(items).max().unwrap_or(0).max(1) * tile + tile / 4;
    let top = clues.cols.iter().map(items).max().unwrap_or(0).max(1) * tile + tile / 4;
    let mut scene = Scene::new(left + w * tile + 1, top + h * tile + 1, mode);
    scene.colors = clues.palette.swatches().iter().map(|s| s.rgb).collect();
    let size = tile * 3 / 5;
    let char_w = size * 3 / 5 + size / 5;
    let square = |scene: &mut Scene, x: u32, y: u32, block: &Block| {
        // A frame of the grid's ink keeps a pale colour's square visible on a pale ground.
        let inset = (tile / 10).max(1);
        let side = tile - 2 * inset;
        scene.rect(x + inset - 1, y + inset - 1, side + 2, side + 2, Ink::Grid);
        scene.rect(x + inset, y + inset, side, side, Ink::Puzzle(block.color));
        let text = block.len.to_string();
        let tx = x + tile.saturating_sub(text.len() as u32 * char_w) / 2;
        scene.text(
            tx,
            y + (tile - size) / 2,
            size,
            text,
            Ink::OnPuzzle(block.color),
        );
    };
    for (r, line) in clues.rows.iter().enumerate() {
        let line: Vec<&Block> = line.iter().filter(|b| b.len > 0).collect();
        let y = top + r as u32 * tile;
        let start = left - tile / 4 - line.len() as u32 * tile;
        for (i, block) in line.iter().enumerate() {
            square(&mut scene, start + i as u32 * tile, y, block);
        }
    }
    for (c, line) in clues.cols.iter().enumerate() {
        let line: Vec<&Block> = line.iter().filter(|b| b.len > 0).collect();
        let x = left + c as u32 * tile;
        let start = top - tile / 4 - line.len() as u32 * tile;
        for (i, block) in line.iter().enumerate() {
            square(&mut scene, x, start + i as u32 * tile, block);
        }
    }
    let ink = |name: u8| clues.palette.find(name).map_or(Ink::Filled, Ink::Puzzle);
    if let Some(g) = cells.known {
        nonogram_cells(&mut scene, g, (left, top), tile, ink);
    }
    if let Some(g) = cells.answer {
        scene.answer_layer(|scene| nonogram_cells(scene, g, (left, top), tile, ink));
    }
    grid_lines(&mut scene, (left, top), (w, h), tile);
    scene
}

/// A black-and-white nonogram's clues: a scene with room for the grid, and where the grid
/// starts (left, top).
fn nonogram_clues(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    tile: u32,
    mode: Mode,
) -> (Scene, u32, u32) {
    let label = |line: &Vec<u32>| -> Vec<String> {
        let clues: Vec<String> = line
            .iter()
            .filter(|&&n| n > 0)
            .map(u32::to_string)
            .collect();
        if clues.is_empty() {
            vec!["0".into()]
        } else {
            clues
        }
    };
    let row_labels: Vec<String> = rows.iter().map(|r| label(r).join(" ")).collect();
    let col_labels: Vec<Vec<String>> = cols.iter().map(label).collect();
    let size = tile * 3 / 5;
    let char_w = size * 3 / 5 + size / 5;
    let left = row_labels.iter().map(|l| l.len() as u32).max().unwrap_or(1) * char_w + tile / 2;
    let top = col_labels.iter().map(|c| c.len() as u32).max().unwrap_or(1) * tile;
    let (w, h) = (cols.len() as u32, rows.len() as u32);
    let mut scene = Scene::new(left + w * tile + 1, top + h * tile + 1, mode);
    for (r, text) in row_labels.iter().enumerate() {
        let x = left - tile / 4 - text.len() as u32 * char_w;
        scene.text(
            x,
            top + r as u32 * tile + (tile - size) / 2,
            size,
            text.clone(),
            Ink::Text,
        );
    }
    for (c, clues) in col_labels.iter().enumerate() {
        for (i, clue) in clues.iter().rev().enumerate() {
            let digits = clue.len() as u32;
            let size = column_clue_size(size, tile, digits, mode);
            let width = digits * (size * 3 / 5 + size / 5);
            let x = left + c as u32 * tile + tile.saturating_sub(width) / 2;
            let y = top - (i as u32 + 1) * tile + (tile - size) / 2;
            scene.text(x, y, size, clue.clone(), Ink::Text);
        }
    }
    (scene, left, top)
}

/// The size a column clue of `digits` digits is set at: the row clues' `size`, or smaller
/// where it must be, as puzzle books do, so that the numbers of neighbouring columns keep
/// apart: within seven eighths of a column. Drawn as shapes, a character is the SVG's
/// monospace font at six fifths of the size, 0.6 of that across (so a 16 pixel tile's two
/// digits keep the one digit's size); painted in pixels, it is four fifths of the size
/// across, in the built-in font's steps of 5 pixels, so that a PNG draws it no smaller than
/// it has to.
fn column_clue_size(size: u32, tile: u32, digits: u32, mode: Mode) -> u32 {
    match mode {
        Mode::Shapes => size.min(tile * 7 * 25 / (8 * 18 * digits)).max(1),
        Mode::Pixels => match size.min(tile * 35 / (32 * digits)) {
            fits if fits == size => size,
            fits @ 5.. => fits / 5 * 5,
            fits => fits.max(1),
        },
    }
}

/// The cells of a nonogram's grid, each filled cell in the ink `filled` gives its name.
fn nonogram_cells(
    scene: &mut Scene,
    g: &Grid<u8>,
    (left, top): (u32, u32),
    tile: u32,
    filled: impl Fn(u8) -> Ink,
) {
    {
        // In a grid still being solved (a puzzle with givens, a solver's partial answer) a
        // known blank cell is dotted, as players mark them, so that it is not taken for an
        // unknown one; a finished grid stays clean.
        let partial = g.cells().contains(&b'?');
        for p in g.positions() {
            let (x, y) = (left + p.col as u32 * tile, top + p.row as u32 * tile);
            match g[p] {
                b'.' if partial => {
                    // A small cross, as players mark a blank: a dot a pixel wide vanishes on
                    // paper.
                    let (arm, t) = ((tile / 2).max(3), (tile / 12).max(1));
                    let (cx, cy) = (x + tile / 2, y + tile / 2);
                    scene.rect(cx - arm / 2, cy - t / 2, arm, t, Ink::Text);
                    scene.rect(cx - t / 2, cy - arm / 2, t, arm, Ink::Text);
                }
                // Where the solutions disagree: a frame for the first one's filled cell, a
                // dot for its blank one.
                crate::nonogram::FILLED_HERE => {
                    let t = (tile / 5).max(1);
                    scene.rect(x, y, tile, t, Ink::Filled);
                    scene.rect(x, y + tile - t, tile, t, Ink::Filled);
                    scene.rect(x, y, t, tile, Ink::Filled);
                    scene.rect(x + tile - t, y, t, tile, Ink::Filled);
                }
                crate::nonogram::BLANK_HERE => {
                    let d = (tile / 4).max(1);
                    scene.rect(x + (tile - d) / 2, y + (tile - d) / 2, d, d, Ink::Filled);
                }
                b'.' | b'?' => {}
                name => scene.rect(x, y, tile, tile, filled(name)),
            }
        }
    }
}

/// The grid's lines, every fifth one thicker, as puzzle books rule them.
fn grid_lines(scene: &mut Scene, (left, top): (u32, u32), (w, h): (u32, u32), tile: u32) {
    for i in 0..=w {
        let thick = if i % 5 == 0 { 2 } else { 1 };
        scene.rect(left + i * tile, top, thick, h * tile + 1, Ink::Grid);
    }
    for i in 0..=h {
        let thick = if i % 5 == 0 { 2 } else { 1 };
        scene.rect(left, top + i * tile, w * tile + 1, thick, Ink::Grid);
    }
}

#[cfg(test)]
mod caption_tests {
    use super::*;

    fn texts(scene: &Scene) -> Vec<(u32, u32, u32, String)> {
        scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    x, y, size, text, ..
                } => Some((*x, *y, *size, text.clone())),
                _ => None,
            })
            .collect()
    }

    /// A small maze's long caption wraps at a readable size, a large picture's short one is
    /// not huge, and a margin stays below the last line.
    #[test]
    fn captions_have_one_size_for_the_picture_and_a_margin() {
        let long = "1250 cells, 120 dead ends (9.6%), junctions 110 + 4".to_string();
        let small = with_caption(
            Scene::new(120, 120, Mode::Shapes),
            std::slice::from_ref(&long),
        );
        let lines = texts(&small);
        assert!(lines.len() > 1, "{lines:?}");
        for (x, _, size, text) in &lines {
            assert_eq!(*size, 10);
            assert!(
                x + text.len() as u32 * (size * 4 / 5) <= 120,
                "{text} runs off"
            );
        }
        let (_, y, size, _) = lines.last().unwrap();
        assert!(small.height >= y + size + size / 2, "a margin below");
        let big = with_caption(Scene::new(900, 700, Mode::Shapes), &["unique".to_string()]);
        assert_eq!(texts(&big)[0].2, 20);
    }
}

#[cfg(test)]
mod nonogram_tests {
    use super::*;
    use grid_core::nonogram_doc::{Palette, Swatch};

    #[test]
    fn two_digits_keep_the_one_digits_size_where_the_font_lets_them() {
        // A 16 pixel tile sets clues at 9 pixels.
        assert_eq!(column_clue_size(9, 16, 1, Mode::Shapes), 9);
        assert_eq!(column_clue_size(9, 16, 2, Mode::Shapes), 9);
        assert!(column_clue_size(9, 16, 3, Mode::Shapes) < 9);
        // The built-in pixel font is wider: two digits step down to 5 pixels.
        assert_eq!(column_clue_size(9, 16, 2, Mode::Pixels), 5);
    }

    /// Two-digit column clues side by side keep apart: each number ends a tenth of a tile
    /// or more before the next begins.
    #[test]
    fn two_digit_column_clues_do_not_run_together() {
        let tile = 20;
        let cols = vec![vec![10], vec![17], vec![1]];
        let scene = nonogram(
            &[vec![10, 17]],
            &cols,
            NonogramCells::default(),
            tile,
            Mode::Shapes,
        );
        let mut spans: Vec<(u32, u32, u32)> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    x, size, text, y, ..
                } if *y < tile => Some((
                    *x,
                    // The SVG's monospace at six fifths of the size, 0.6 of that across.
                    *x + (text.len() as u32 * size * 18).div_ceil(25),
                    *size,
                )),
                _ => None,
            })
            .collect();
        spans.sort();
        assert_eq!(spans.len(), 3, "{spans:?}");
        for pair in spans.windows(2) {
            assert!(pair[0].1 + tile / 10 <= pair[1].0, "{spans:?}");
        }
        // Two digits fit a 20 pixel column at the one digit's size, and keep it.
        assert!(spans.iter().all(|s| s.2 == spans[2].2), "{spans:?}");
    }

    /// A known blank cell among unknown ones is marked by a cross a third of a tile or more
    /// across, which prints; not by a dot.
    #[test]
    fn a_known_blank_is_a_cross() {
        let grid = Grid::from_vec(2, 1, b"?.".to_vec()).unwrap();
        let cells = NonogramCells {
            known: Some(&grid),
            answer: None,
        };
        let scene = nonogram(&[vec![1]], &[vec![1], vec![]], cells, 24, Mode::Shapes);
        let marks: Vec<(u32, u32)> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect {
                    w,
                    h,
                    ink: Ink::Text,
                    ..
                } => Some((*w, *h)),
                _ => None,
            })
            .collect();
        assert_eq!(marks.len(), 2, "{marks:?}");
        assert!(marks.iter().any(|&(w, h)| w >= 8 && h < w), "{marks:?}");
        assert!(marks.iter().any(|&(w, h)| h >= 8 && w < h), "{marks:?}");
    }

    /// Cells drawn as known, with no answer layer.
    fn known(grid: &Grid<u8>) -> NonogramCells<'_> {
        NonogramCells {
            known: Some(grid),
            answer: None,
        }
    }

    /// A 2 x 1 puzzle, red then green: its clues and palette.
    fn red_green() -> ColorClues {
        let palette = Palette::new(vec![
            Swatch {
                name: b'r',
                rgb: [214, 39, 40],
            },
            Swatch {
                name: b'g',
                rgb: [44, 160, 44],
            },
        ])
        .unwrap();
        let (g, r) = (1, 2);
        ColorClues {
            palette,
            rows: vec![vec![Block { len: 1, color: r }, Block { len: 1, color: g }]],
            cols: vec![
                vec![Block { len: 1, color: r }],
                vec![Block { len: 1, color: g }],
            ],
        }
    }

    #[test]
    fn colour_cells_and_clues_are_painted_in_the_puzzles_colours() {
        let clues = red_green();
        let grid = Grid::from_vec(2, 1, b"rg".to_vec()).unwrap();
        let scene = color_nonogram(&clues, known(&grid), 20, Mode::Pixels);
        let palette = scene.palette(Theme::Light);
        let pixels = scene.pixels.as_ref().unwrap();
        let at = |x: u32, y: u32| palette[pixels[(y * scene.width + x) as usize] as usize];
        // The grid starts after the clue squares (two for the row, one for a column) and a
        // quarter tile.
        let (left, top) = (2 * 20 + 5, 20 + 5);
        assert_eq!(at(left + 10, top + 10), [214, 39, 40]);
        assert_eq!(at(left + 30, top + 10), [44, 160, 44]);
        // The row's clues: the red square, then the green one, left of the grid.
        let clue_y = top + 4;
        assert_eq!(at(4, clue_y), [214, 39, 40]);
        assert_eq!(at(24, clue_y), [44, 160, 44]);
        // Unknown cells are left as the ground.
        let open = Grid::from_vec(2, 1, b"??".to_vec()).unwrap();
        let scene = color_nonogram(&clues, known(&open), 20, Mode::Pixels);
        let pixels = scene.pixels.as_ref().unwrap();
        let ground = pixels[((top + 10) * scene.width + left + 10) as usize];
        assert_eq!(ground, ink_index(Ink::Background));
    }

    #[test]
    fn text_on_a_colour_is_black_or_white_whichever_reads() {
        let mut clues = red_green();
        clues.palette = Palette::new(vec![
            Swatch {
                name: b'y',
                rgb: [250, 230, 60],
            },
            Swatch {
                name: b'n',
                rgb: [10, 20, 90],
            },
        ])
        .unwrap();
        let scene = color_nonogram(&clues, NonogramCells::default(), 20, Mode::Shapes);
        assert_eq!(scene.rgb(Theme::Light, Ink::OnPuzzle(2)), [0, 0, 0]);
        assert_eq!(scene.rgb(Theme::Light, Ink::OnPuzzle(1)), [255, 255, 255]);
    }

    /// The rectangles of ink `ink` inside the grid's cells.
    fn marks(grid: &[u8], ink: Ink) -> usize {
        let g = Grid::from_vec(2, 1, grid.to_vec()).unwrap();
        let scene = nonogram(&[vec![1]], &[vec![1], vec![]], known(&g), 20, Mode::Shapes);
        scene
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { ink: i, .. } if *i == ink))
            .count()
    }

    #[test]
    fn known_blanks_are_marked_only_while_cells_are_unknown() {
        // A given blank beside an unknown cell is marked (a cross of two bars); in a
        // finished grid it is not.
        assert_eq!(marks(b"?.", Ink::Text), 2);
        assert_eq!(marks(b"#.", Ink::Text), 0);
        assert_eq!(marks(b"??", Ink::Text), 0);
    }
}

#[cfg(test)]
mod maze_tests {
    use super::*;
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
        let svg = crate::svg::write(&s, Theme::Light);
        assert!(svg.contains(r#"stroke-linejoin="round""#), "{svg}");
    }

    #[test]
    fn the_painted_path_is_unbroken_between_cells() {
        let s = scene(SOLVED, Mode::Pixels);
        let pixels = s.pixels.unwrap();
        let at = |x: u32, y: u32| pixels[(y * s.width + x) as usize];
        // Along the top row of cells, from the start mark's edge through the gap where a wall
        // would stand.
        assert!((18..=31).all(|x| at(x, 11) == ink_index(Ink::Path)));
        // A round join: the outer corner of the turn is not painted.
        assert_eq!(at(34, 8), ink_index(Ink::Background));
    }
}
