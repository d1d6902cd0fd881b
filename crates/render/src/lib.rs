//! Renderers of grid documents. They write to any `io::Write` and never decide on their own
//! whether to use colour: the caller says so in [`Options`].

#![forbid(unsafe_code)]

mod anchor;
pub mod animate;
pub mod book;
mod canvas;
pub mod caption;
pub mod chart;
pub mod cut;
mod error;
mod ink;
mod limits;
pub mod machine;
mod options;
pub mod palette;
mod pieces;
pub mod play;
mod png;
mod scene;
pub mod sheet;
mod shown;
pub mod solid;
mod svg;
mod text;
pub mod tiled;
pub mod walls;

use grid_core::nonogram_doc::NonogramDoc;
use grid_core::{Document, Error, Kind, MazeDoc};
use limits::{check_side, check_tiles};
use std::io::Write;

pub use error::{RenderError, Result};
pub use ink::{Ink, Theme};
pub use limits::{MAX_ANIMATED_TILES, MAX_SIDE, MAX_VECTOR_TILES};
pub use options::{MazeStyle, Options, Picture, PictureOptions};

/// The fewest pixels a tile of `kind`'s picture is drawn at, whatever size is asked: a
/// board's and a nonogram's tiles hold digits, which stay legible at 24 and 20 pixels. A
/// book reckons its millimetres a tile on these.
pub(crate) fn least_tile(kind: Kind) -> u32 {
    match kind {
        Kind::Maze => 1,
        Kind::Mines => 24,
        Kind::Nonogram => 20,
    }
}

/// Draws any document as a picture.
pub fn render_picture(
    doc: &Document,
    format: Picture,
    opts: &PictureOptions,
    out: &mut impl Write,
) -> Result<()> {
    if let Some(maze) = tiled_maze(doc)? {
        let caption = if opts.caption {
            tiled::caption(&maze)
        } else {
            Vec::new()
        };
        return tiled::render_picture(&maze, format, opts, &caption, out);
    }
    let (tiles_w, tiles_h) = tiles_of(doc)?;
    let cell = match opts.cell_size {
        Some(px) => px,
        // 16 pixels a tile for small documents, fewer for big ones, so that the picture stays
        // within 8192 pixels a side (1 pixel a tile at the very least).
        None => (8192 / tiles_w.max(tiles_h).max(1) as u64).clamp(1, 16) as u32,
    };
    // Checked in wide arithmetic before any scene is built: a picture too large to draw is
    // refused, never drawn at a size that wrapped around.
    let floor = least_tile(doc.kind());
    // Pixels a tile: a cell maze with thin walls gives a pair of tiles twice `cell`, a
    // nonogram's tiles above count its clues twice over.
    let px = u64::from(cell.max(floor));
    let (across, down) = match doc.kind() {
        Kind::Nonogram => (tiles_w as u64 * px / 2, tiles_h as u64 * px / 2),
        _ => (tiles_w as u64 * px, tiles_h as u64 * px),
    };
    check_side(across, down)?;
    if format != Picture::Png {
        check_tiles("an SVG picture", tiles_w * tiles_h, MAX_VECTOR_TILES)?;
    }
    // A PNG is painted as it is drawn; vector pictures keep their shapes.
    let mode = match format {
        Picture::Png => scene::Mode::Pixels,
        Picture::Svg | Picture::Html => scene::Mode::Shapes,
    };
    let scene = match doc.kind() {
        Kind::Maze => {
            let maze = MazeDoc::from_document(doc)?;
            let spans = match (maze.cells, opts.thin_walls) {
                // Cells get the pixels a tile would have had twice over, walls a sliver.
                (Some(_), true) => scene::Spans::thin(opts.cell_size.unwrap_or(cell * 2)),
                _ => scene::Spans::square(cell),
            };
            scene::maze(&maze, spans, mode)
        }
        Kind::Mines => {
            let view = shown::mines_board(doc)?;
            let analysis: Option<grid_core::mines_doc::Analysis> = doc.field("analysis")?;
            let probability = analysis.as_ref().map(|a| a.probability.as_slice());
            scene::mines(&view, probability, cell.max(floor), mode)
        }
        Kind::Nonogram => {
            let n = NonogramDoc::from_document(doc)?;
            let (w, h) = (n.clues.cols.len(), n.clues.rows.len());
            let (grid, _) = shown::nonogram_grid(doc, w, h)?;
            // A page keeps the key of an unsolved puzzle behind its switch; a still picture
            // never shows it.
            let key = match format {
                Picture::Html if !doc.has("solution") => shown::nonogram_key(doc, w, h)?,
                _ => None,
            };
            let cells = if doc.has("solution") {
                scene::NonogramCells {
                    known: None,
                    answer: grid.as_ref(),
                }
            } else {
                scene::NonogramCells {
                    known: grid.as_ref(),
                    answer: key.as_ref(),
                }
            };
            match &n.color {
                None => scene::nonogram(&n.clues.rows, &n.clues.cols, cells, cell.max(floor), mode),
                Some(color) => scene::color_nonogram(color, cells, cell.max(floor), mode),
            }
        }
    };
    let scene = if opts.caption {
        scene::with_caption(scene, &caption::lines(doc)?)
    } else {
        scene
    };
    check_side(scene.width as u64, scene.height as u64)?;
    match format {
        Picture::Svg => Ok(out.write_all(svg::write(&scene, opts.theme).as_bytes())?),
        Picture::Png => png::write(&scene, opts.theme, out),
        Picture::Html => {
            let title = doc
                .meta_field::<String>("title")
                .ok()
                .flatten()
                .unwrap_or_else(|| format!("gridkit: {}", doc.kind()));
            let switch = if doc.has("solution") {
                svg::Switch::Shown
            } else if !scene.answer.is_empty() {
                svg::Switch::Hidden
            } else {
                svg::Switch::None
            };
            let page = svg::page(&svg::write(&scene, opts.theme), opts.theme, &title, switch);
            Ok(out.write_all(page.as_bytes())?)
        }
    }
}

/// Whether `doc` has a story to replay: a maze with its carving order or a solution.
pub fn replayable(doc: &Document) -> Result<()> {
    if doc.kind() != Kind::Maze {
        return Err(RenderError::NotAnimated(doc.kind()));
    }
    if !doc.has("trace") && !doc.has("solution") {
        return Err(RenderError::NothingToReplay);
    }
    Ok(())
}

/// A maze's replay (carving, search, path) as an animated SVG or HTML page.
pub fn render_animation(
    doc: &Document,
    format: Picture,
    opts: &PictureOptions,
    fps: f64,
    out: &mut impl Write,
) -> Result<()> {
    replayable(doc)?;
    if format == Picture::Png {
        return Err(RenderError::StillFormat);
    }
    if let Some(maze) = tiled_maze(doc)? {
        return tiled::render_animation(&maze, format, opts, fps, out);
    }
    let (w, h) = tiles_of(doc)?;
    check_tiles("an animation", w * h, MAX_ANIMATED_TILES)?;
    let maze = MazeDoc::from_document(doc)?;
    let cell = opts
        .cell_size
        .unwrap_or((8192 / w.max(h).max(1) as u64).clamp(1, 16) as u32);
    check_side(w as u64 * u64::from(cell), h as u64 * u64::from(cell))?;
    let svg_text = animate::svg(&maze, cell, fps, opts.theme);
    let text = match format {
        Picture::Svg => svg_text,
        Picture::Html => svg::page(&svg_text, opts.theme, "gridkit: maze", svg::Switch::None),
        Picture::Png => return Err(RenderError::StillFormat),
    };
    out.write_all(text.as_bytes())?;
    Ok(())
}

/// The size of a document's grid in tiles (clues count for nonograms), from its `width` and
/// `height` fields: known before the grid itself is read, so that a picture too big is
/// refused before memory is taken for it. The grid is checked against them when it is read.
fn tiles_of(doc: &Document) -> grid_core::Result<(usize, usize)> {
    match doc.kind() {
        Kind::Nonogram => {
            let n = NonogramDoc::from_document(doc)?;
            Ok((n.clues.cols.len() * 2, n.clues.rows.len() * 2))
        }
        _ => {
            if !doc.has("grid") {
                return Err(Error::input("field `grid`: missing"));
            }
            Ok((doc.required("width")?, doc.required("height")?))
        }
    }
}

/// The maze of a document on another tiling than the square one, read and checked; `None`
/// for every other document.
pub fn tiled_maze(doc: &Document) -> grid_core::Result<Option<grid_core::tiling::TiledDoc>> {
    if doc.kind() != Kind::Maze
        || grid_core::tiling::tiling_of(doc)? == grid_core::tiling::Tiling::Square
    {
        return Ok(None);
    }
    grid_core::tiling::TiledDoc::from_document(doc).map(Some)
}

/// Draws any document as text (with ANSI colours when `opts.color`).
pub fn render_text(doc: &Document, opts: &Options, out: &mut impl Write) -> Result<()> {
    if let Some(maze) = tiled_maze(doc)? {
        tiled::render_braille(&maze, opts.color, out)?;
        if opts.caption {
            for line in tiled::caption(&maze) {
                writeln!(out, "{line}")?;
            }
        }
        return Ok(());
    }
    match doc.kind() {
        Kind::Maze => text::maze::render(&MazeDoc::from_document(doc)?, opts, out),
        Kind::Mines => text::mines::render(doc, opts, out),
        Kind::Nonogram => text::nonogram::render(doc, opts, out),
    }?;
    if opts.caption {
        for line in caption::lines(doc)? {
            writeln!(out, "{line}")?;
        }
    }
    Ok(())
}
