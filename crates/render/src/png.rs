//! Scenes as PNG: drawn onto an indexed canvas (one byte a pixel) and encoded with the `png`
//! crate. Text uses a small built-in bitmap font of the few characters the pictures need.

use crate::error::{RenderError, Result};
use crate::scene::{Ink, Scene, Shape, Theme};
use std::io::Write;

/// Encodes a scene as PNG.
pub fn write(scene: &Scene, theme: Theme, out: impl Write) -> Result<()> {
    let inks = Theme::inks();
    let index = |ink: Ink| inks.iter().position(|&i| i == ink).unwrap_or(0) as u8;
    let (w, h) = (scene.width as usize, scene.height as usize);
    let mut canvas = vec![index(Ink::Background); w * h];
    for shape in &scene.shapes {
        match shape {
            Shape::Rect {
                x,
                y,
                w: rw,
                h: rh,
                ink,
            } => {
                fill(&mut canvas, w, h, (*x, *y, *rw, *rh), index(*ink));
            }
            Shape::Text {
                x,
                y,
                size,
                text,
                ink,
            } => {
                let scale = (size / 5).max(1);
                for (i, ch) in text.chars().enumerate() {
                    let gx = x + i as u32 * 4 * scale;
                    for (row, bits) in glyph(ch).iter().enumerate() {
                        for col in 0..3 {
                            if bits >> (2 - col) & 1 == 1 {
                                let px = (gx + col * scale, y + row as u32 * scale, scale, scale);
                                fill(&mut canvas, w, h, px, index(*ink));
                            }
                        }
                    }
                }
            }
        }
    }
    let palette: Vec<u8> = inks.iter().flat_map(|&ink| theme.rgb(ink)).collect();
    let mut encoder = png::Encoder::new(out, scene.width, scene.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(&canvas).map_err(png_error)?;
    writer.finish().map_err(png_error)
}

fn png_error(e: png::EncodingError) -> RenderError {
    match e {
        png::EncodingError::IoError(io) => io.into(),
        other => RenderError::Png(other.to_string()),
    }
}

/// Fills a rectangle, clipped to the canvas.
fn fill(canvas: &mut [u8], w: usize, h: usize, (x, y, rw, rh): (u32, u32, u32, u32), value: u8) {
    let (x0, y0) = (x as usize, y as usize);
    let x1 = (x0 + rw as usize).min(w);
    let y1 = (y0 + rh as usize).min(h);
    for row in y0.min(h)..y1 {
        canvas[row * w + x0.min(x1)..row * w + x1].fill(value);
    }
}

/// A 3x5 bitmap of a character (each row's three low bits, left to right).
fn glyph(c: char) -> [u8; 5] {
    match c {
        '0' => [7, 5, 5, 5, 7],
        '1' => [2, 6, 2, 2, 7],
        '2' => [7, 1, 7, 4, 7],
        '3' => [7, 1, 7, 1, 7],
        '4' => [5, 5, 7, 1, 1],
        '5' => [7, 4, 7, 1, 7],
        '6' => [7, 4, 7, 5, 7],
        '7' => [7, 1, 1, 1, 1],
        '8' => [7, 5, 7, 5, 7],
        '9' => [7, 5, 7, 1, 7],
        'F' => [7, 4, 6, 4, 4],
        '?' => [7, 1, 3, 0, 2],
        '*' => [5, 2, 7, 2, 5],
        '!' => [2, 2, 2, 0, 2],
        _ => [0; 5],
    }
}
