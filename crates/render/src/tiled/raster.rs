//! Tiled mazes as PNG: polygons and thick lines painted onto an indexed canvas, one byte a
//! pixel, then encoded as the other pictures are.

use super::layout::{Layout, Px, Scratch, arc_points};
use crate::error::Result;
use crate::scene::{Ink, Theme, ink_index};
use grid_core::tiling::{TiledDoc, TiledMaze, Topology};
use std::io::Write;

/// A picture of one byte a pixel.
pub(crate) struct Canvas {
    pub width: usize,
    pub height: usize,
    pub pixels: Vec<u8>,
}

impl Canvas {
    pub fn new(width: usize, height: usize, value: u8) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![value; width * height],
        }
    }

    /// Fills a polygon by the even-odd rule, a pixel when its centre is inside.
    pub fn fill_polygon(&mut self, points: &[Px], value: u8) {
        if points.len() < 3 {
            return;
        }
        let (mut top, mut bottom) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in points {
            top = top.min(p.1);
            bottom = bottom.max(p.1);
        }
        let first = (top - 0.5).ceil().max(0.0) as usize;
        let last = ((bottom - 0.5).floor()).min(self.height as f64 - 1.0);
        if last < 0.0 {
            return;
        }
        let mut xs: Vec<f64> = Vec::with_capacity(8);
        for row in first..=last as usize {
            let y = row as f64 + 0.5;
            xs.clear();
            for (k, p) in points.iter().enumerate() {
                let q = points[(k + 1) % points.len()];
                if (p.1 <= y) != (q.1 <= y) {
                    xs.push(p.0 + (y - p.1) * (q.0 - p.0) / (q.1 - p.1));
                }
            }
            xs.sort_by(f64::total_cmp);
            for pair in xs.chunks_exact(2) {
                let from = (pair[0] - 0.5).ceil().max(0.0) as usize;
                let to = (pair[1] - 0.5).floor().min(self.width as f64 - 1.0);
                if to < 0.0 || from > to as usize {
                    continue;
                }
                let start = row * self.width;
                self.pixels[start + from..=start + to as usize].fill(value);
            }
        }
    }

    /// Paints a straight line `width` pixels thick, with square ends.
    pub fn stroke(&mut self, a: Px, b: Px, width: f64, value: u8) {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = dx.hypot(dy);
        let half = width / 2.0;
        let (ux, uy) = if len > 1e-9 {
            (dx / len, dy / len)
        } else {
            (1.0, 0.0)
        };
        let (nx, ny) = (-uy * half, ux * half);
        let (a, b) = (
            (a.0 - ux * half, a.1 - uy * half),
            (b.0 + ux * half, b.1 + uy * half),
        );
        self.fill_polygon(
            &[
                (a.0 + nx, a.1 + ny),
                (b.0 + nx, b.1 + ny),
                (b.0 - nx, b.1 - ny),
                (a.0 - nx, a.1 - ny),
            ],
            value,
        );
    }
}

/// How thick walls and the path are drawn at `scale` pixels a unit.
pub(crate) fn widths(layout: &Layout) -> (f64, f64) {
    let cell = layout.scale() * layout.cell_span();
    ((cell / 8.0).max(1.2), (cell / 4.0).max(1.2))
}

/// Paints the whole maze onto a canvas: explored cells, start and goal, the path, walls.
pub(crate) fn paint<T: Topology>(m: &TiledMaze<T>, layout: &Layout, canvas: &mut Canvas) {
    let t = m.topology();
    let mut scratch = Scratch::default();
    let step = 3.0;
    let n = layout.explored.len();
    for (k, &cell) in layout.explored.iter().enumerate() {
        let polygon = layout.polygon(t, cell, step, &mut scratch);
        canvas.fill_polygon(&polygon, ink_index(Ink::Heat((k * 8 / n.max(1)) as u8)));
    }
    for (cell, ink) in [(layout.start, Ink::Start), (layout.goal, Ink::Goal)] {
        if let Some(cell) = cell {
            let polygon = layout.polygon(t, cell, step, &mut scratch);
            canvas.fill_polygon(&polygon, ink_index(ink));
        }
    }
    let (wall, path) = widths(layout);
    for pair in layout.path.windows(2) {
        canvas.stroke(pair[0], pair[1], path, ink_index(Ink::Path));
    }
    let centre = layout.centre();
    let value = ink_index(Ink::Wall);
    layout.for_each_wall(m, &mut scratch, |line| match line.arc {
        None => canvas.stroke(line.from, line.to, wall, value),
        Some((radius, clockwise)) => {
            let mut points = vec![line.from];
            points.extend(arc_points(
                centre, radius, line.from, line.to, clockwise, step,
            ));
            points.push(line.to);
            for pair in points.windows(2) {
                canvas.stroke(pair[0], pair[1], wall, value);
            }
        }
    });
}

/// The PNG of a tiled maze, with `caption` below it.
pub(crate) fn write_png(
    doc: &TiledDoc,
    layout: &Layout,
    theme: Theme,
    caption: &[String],
    out: impl Write,
) -> Result<()> {
    let (w, h) = layout.pixels(caption.len());
    let (w, h) = (w as usize, h as usize);
    let mut canvas = Canvas::new(w, h, ink_index(Ink::Background));
    grid_core::on_tiled_maze!(&doc.maze, m => paint(m, layout, &mut canvas));
    let (_, drawn) = layout.pixels(0);
    for (k, line) in caption.iter().enumerate() {
        let y = drawn as u32 + k as u32 * super::layout::CAPTION_LINE as u32 + 2;
        crate::png::paint_text(
            &mut canvas.pixels,
            w as u32,
            h as u32,
            (4, y, 10),
            line,
            ink_index(Ink::Text),
        );
    }
    let palette: Vec<[u8; 3]> = Theme::inks().into_iter().map(|i| theme.rgb(i)).collect();
    crate::png::encode_indexed(w as u32, h as u32, &canvas.pixels, &palette, out)
}
