//! Pictures as PNG: a scene painted onto a [`Canvas`] (or the canvas it was painted on at
//! once), encoded as an indexed PNG with the `png` crate.

use crate::canvas::Canvas;
use crate::error::{RenderError, Result};
use crate::ink::{Ink, Theme, ink_index};
use crate::scene::{Scene, Shape};
use std::io::Write;

/// Encodes a scene as PNG: its pixels when it was painted at once, else its shapes painted
/// now.
pub fn write(scene: &Scene, theme: Theme, out: impl Write) -> Result<()> {
    let (w, h) = (scene.width, scene.height);
    let painted;
    let canvas: &Canvas = match &scene.canvas {
        Some(canvas) => canvas,
        None => {
            let mut canvas = Canvas::new(w, h, ink_index(Ink::Background));
            for shape in &scene.shapes {
                match shape {
                    Shape::Rect {
                        x,
                        y,
                        w: rw,
                        h: rh,
                        ink,
                    } => canvas.fill_rect((*x, *y, *rw, *rh), ink_index(*ink)),
                    Shape::Text {
                        x,
                        y,
                        size,
                        text,
                        ink,
                    } => canvas.text((*x, *y, *size), text, ink_index(*ink)),
                    Shape::Line { points, width, ink } => {
                        canvas.round_line(points, *width, ink_index(*ink))
                    }
                }
            }
            painted = canvas;
            &painted
        }
    };
    encode_indexed(canvas, &scene.palette(theme), out)
}

/// Encodes an indexed canvas (one byte a pixel, each an index into `palette`) as PNG.
pub(crate) fn encode_indexed(canvas: &Canvas, palette: &[[u8; 3]], out: impl Write) -> Result<()> {
    let palette: Vec<u8> = palette.iter().flatten().copied().collect();
    let mut encoder = png::Encoder::new(out, canvas.width, canvas.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(&canvas.pixels).map_err(png_error)?;
    writer.finish().map_err(png_error)
}

fn png_error(e: png::EncodingError) -> RenderError {
    match e {
        png::EncodingError::IoError(io) => io.into(),
        other => RenderError::Png(other.to_string()),
    }
}
