//! Drawing mazes on the other tilings (hex, triangle, octagon, polar) and beyond the plane
//! (levels, wrapped edges, the cube): as SVG, PNG and HTML from the cells' outlines, and in
//! a terminal as Unicode braille, 2 x 4 dots a character.
//!
//! Every format draws the same [`Layout`]: the cells' polygons scaled to pixels (or dots),
//! the walls (the sides with no open passage), the explored cells, start, goal and the
//! solution path through the cells' centres; beyond the plane, the marks of `beyond` too
//! (labels, stairs, the letters pairing a seam's ends).

pub(crate) mod beyond;
mod braille;
pub(crate) mod layout;
mod raster;
mod svg;

pub use braille::{Progress, render as render_braille, render_frame as render_braille_frame};
pub use layout::Layout;

use crate::error::RenderError;
use crate::error::Result;
use crate::limits::check_side;
use crate::options::{Picture, PictureOptions};
use grid_core::tiling::TiledDoc;
use std::io::Write;

/// The most cells drawn as SVG or HTML: the walls of a 2000 x 2000 hex maze.
pub const MAX_VECTOR_CELLS: usize = 2000 * 2000;
/// The most cells of an animation: every cell changes in a replay, and a browser plays a
/// few hundred thousand animated shapes at most.
pub const MAX_ANIMATED_CELLS: usize = 300 * 300;

/// Pixels a cell for pictures: as asked, else 16 for small mazes and fewer for big ones, so
/// that the picture stays within 8192 pixels a side.
fn scale(doc: &TiledDoc, opts: &PictureOptions) -> f64 {
    let layout = Layout::unit(doc);
    match opts.cell_size {
        Some(px) => f64::from(px) / layout.cell_span(),
        None => {
            let (w, h) = layout.unit_size();
            let fit = 8192.0 / w.max(h);
            // Beyond the plane, room for the numbers at a seam's ends.
            let px = if doc.maze.tiling().is_plane() {
                16.0
            } else {
                24.0
            };
            (px / layout.cell_span())
                .min(fit)
                .max(1.0 / layout.cell_span())
        }
    }
}

/// Draws a tiled maze as SVG, PNG or HTML.
pub fn render_picture(
    doc: &TiledDoc,
    format: Picture,
    opts: &PictureOptions,
    caption: &[String],
    out: &mut impl Write,
) -> Result<()> {
    let layout = Layout::new(doc, scale(doc, opts));
    let (w, h) = layout.pixels(caption.len());
    check_side(w, h)?;
    let cells = layout.cell_count();
    match format {
        Picture::Png => raster::write_png(doc, &layout, opts.theme, caption, out),
        Picture::Svg | Picture::Html => {
            if cells > MAX_VECTOR_CELLS {
                return Err(RenderError::TooManyTiles {
                    what: "an SVG picture",
                    tiles: cells,
                    max: MAX_VECTOR_CELLS,
                });
            }
            let text = svg::still(doc, &layout, opts.theme, caption);
            let text = if format == Picture::Html {
                let title = format!("gridkit: {} maze", doc.maze.tiling());
                crate::svg::page(
                    &text,
                    opts.theme,
                    &title,
                    match doc.solution {
                        Some(_) => crate::svg::Switch::Shown,
                        None => crate::svg::Switch::None,
                    },
                )
            } else {
                text
            };
            Ok(out.write_all(text.as_bytes())?)
        }
    }
}

/// Replays a tiled maze's carving, search and path as an animated SVG or HTML page.
pub fn render_animation(
    doc: &TiledDoc,
    format: Picture,
    opts: &PictureOptions,
    fps: f64,
    out: &mut impl Write,
) -> Result<()> {
    if format == Picture::Png {
        return Err(RenderError::StillFormat);
    }
    let layout = Layout::new(doc, scale(doc, opts));
    if layout.cell_count() > MAX_ANIMATED_CELLS {
        return Err(RenderError::TooManyTiles {
            what: "an animation",
            tiles: layout.cell_count(),
            max: MAX_ANIMATED_CELLS,
        });
    }
    let (w, h) = layout.pixels(0);
    check_side(w, h)?;
    let text = svg::animated(doc, &layout, opts.theme, fps);
    let text = match format {
        Picture::Html => {
            crate::svg::page(&text, opts.theme, "gridkit: maze", crate::svg::Switch::None)
        }
        _ => text,
    };
    Ok(out.write_all(text.as_bytes())?)
}

/// The caption of a tiled maze: its tiling, size and solution.
pub fn caption(doc: &TiledDoc) -> Vec<String> {
    let cells = grid_core::on_tiled_maze!(&doc.maze, m => m.cell_count());
    let mut lines = vec![format!("{} maze, {cells} cells", doc.maze.tiling())];
    if let Some(s) = &doc.solution {
        lines.push(match s.length {
            Some(l) => format!(
                "solution {l} steps ({}), {} explored",
                s.algorithm, s.explored
            ),
            None => format!("no solution ({}), {} explored", s.algorithm, s.explored),
        });
    }
    lines.extend(beyond::legend(doc));
    lines
}

#[cfg(test)]
mod tests;
