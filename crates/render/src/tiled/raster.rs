//! Tiled mazes as PNG: polygons and thick lines painted onto the indexed [`Canvas`], one
//! byte a pixel, then encoded as the other pictures are.

use super::beyond::{self, Anchor, Mark};
use super::layout::{Layout, Scratch, arc_points};
use crate::canvas::Canvas;
use crate::error::Result;
use crate::ink::{Ink, Theme, ink_index};
use grid_core::tiling::{TiledDoc, TiledMaze, Topology};
use std::io::Write;

/// How thick walls and the path are drawn at `scale` pixels a unit.
pub(crate) fn widths(layout: &Layout) -> (f64, f64) {
    let cell = layout.scale() * layout.cell_span();
    ((cell / 8.0).max(1.2), (cell / 4.0).max(1.2))
}

/// Paints the whole maze onto a canvas: explored cells, start and goal, the path, walls.
pub(crate) fn paint<T: Topology>(
    m: &TiledMaze<T>,
    layout: &Layout,
    marks: &[Mark],
    canvas: &mut Canvas,
) {
    let t = m.topology();
    let mut scratch = Scratch::default();
    let step = 3.0;
    let n = layout.explored.len();
    for (k, &cell) in layout.explored.iter().enumerate() {
        let polygon = layout.polygon(t, cell, step, &mut scratch);
        canvas.fill_polygon(&polygon, ink_index(Ink::Heat((k * 8 / n.max(1)) as u8)));
    }
    for mark in marks {
        if let Mark::Name { at, text } = mark {
            // The built-in font at 15 pixels: 12 a character.
            let wide = (text.chars().count() * 12).saturating_sub(3) as f64;
            let (x, y) = ((at.0 - wide / 2.0).max(0.0), (at.1 - 7.5).max(0.0));
            canvas.text((x as u32, y as u32, 15), text, ink_index(Ink::Grid));
        }
    }
    for (cell, ink) in [(layout.start, Ink::Start), (layout.goal, Ink::Goal)] {
        if let Some(cell) = cell {
            let polygon = layout.polygon(t, cell, step, &mut scratch);
            canvas.fill_polygon(&polygon, ink_index(ink));
        }
    }
    let (wall, path) = widths(layout);
    for piece in layout.path_pieces() {
        for pair in piece.windows(2) {
            canvas.square_stroke(pair[0], pair[1], path, ink_index(Ink::Path));
        }
        // A cell the path reaches and leaves over stairs or seams: a dot.
        if let ([cell], true) = (piece, layout.path.len() > 1) {
            canvas.square_stroke(*cell, *cell, path, ink_index(Ink::Path));
        }
    }
    let cell = layout.scale() * layout.cell_span();
    for mark in marks {
        if let Mark::Stairs { at, up, down, .. } = *mark {
            for t in beyond::stair_triangles(at, up, down, cell) {
                canvas.fill_polygon(&t, ink_index(Ink::Text));
            }
        }
    }
    let centre = layout.centre();
    let value = ink_index(Ink::Wall);
    layout.for_each_wall(m, &mut scratch, |line| match line.arc {
        None => canvas.square_stroke(line.from, line.to, wall, value),
        Some((radius, clockwise)) => {
            let mut points = vec![line.from];
            points.extend(arc_points(
                centre, radius, line.from, line.to, clockwise, step,
            ));
            points.push(line.to);
            for pair in points.windows(2) {
                canvas.square_stroke(pair[0], pair[1], wall, value);
            }
        }
    });
    for mark in marks {
        let (at, text, anchor, ink) = match mark {
            Mark::Label { at, text, anchor } => (*at, text.clone(), *anchor, Ink::Text),
            Mark::Seam {
                at,
                pair,
                anchor,
                on_path,
                ..
            } => (
                *at,
                beyond::pair_name(*pair),
                *anchor,
                if *on_path { Ink::Path } else { Ink::Text },
            ),
            Mark::Stairs { .. } | Mark::Name { .. } => continue,
        };
        // The built-in font at 10 pixels: 8 a character, the last one's gap left out.
        let wide = (text.chars().count() * 8).saturating_sub(2) as f64;
        let x = match anchor {
            Anchor::Start => at.0,
            Anchor::Middle => at.0 - wide / 2.0,
            Anchor::End => at.0 - wide,
        };
        let (x, y) = (x.max(0.0) as u32, (at.1 - 5.0).max(0.0) as u32);
        canvas.text((x, y, 10), &text, ink_index(ink));
    }
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
    let (w, h) = (w as u32, h as u32);
    let mut canvas = Canvas::new(w, h, ink_index(Ink::Background));
    let marks = beyond::marks(doc, layout);
    grid_core::on_tiled_maze!(&doc.maze, m => paint(m, layout, &marks, &mut canvas));
    let (_, drawn) = layout.pixels(0);
    for (k, line) in caption.iter().enumerate() {
        let y = drawn as u32 + k as u32 * super::layout::CAPTION_LINE as u32 + 2;
        canvas.text((4, y, 10), line, ink_index(Ink::Text));
    }
    let palette: Vec<[u8; 3]> = Theme::inks().into_iter().map(|i| theme.rgb(i)).collect();
    crate::png::encode_indexed(&canvas, &palette, out)
}
