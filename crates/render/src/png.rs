//! Scenes as PNG: drawn onto an indexed canvas (one byte a pixel) and encoded with the `png`
//! crate. Text uses a small built-in bitmap font of the few characters the pictures need.

use crate::error::{RenderError, Result};
use crate::scene::{Ink, Scene, Shape, Theme, fill, ink_index, paint_line};
use std::io::Write;

/// Encodes a scene as PNG: its pixels when it was painted at once, else its shapes painted
/// now.
pub fn write(scene: &Scene, theme: Theme, out: impl Write) -> Result<()> {
    let (w, h) = (scene.width, scene.height);
    let painted;
    let canvas: &[u8] = match &scene.pixels {
        Some(pixels) => pixels,
        None => {
            let mut pixels = vec![ink_index(Ink::Background); w as usize * h as usize];
            for shape in &scene.shapes {
                match shape {
                    Shape::Rect {
                        x,
                        y,
                        w: rw,
                        h: rh,
                        ink,
                    } => fill(&mut pixels, w, h, (*x, *y, *rw, *rh), ink_index(*ink)),
                    Shape::Text {
                        x,
                        y,
                        size,
                        text,
                        ink,
                    } => paint_text(&mut pixels, w, h, (*x, *y, *size), text, ink_index(*ink)),
                    Shape::Line { points, width, ink } => {
                        paint_line(&mut pixels, (w, h), points, *width, ink_index(*ink))
                    }
                }
            }
            painted = pixels;
            &painted
        }
    };
    encode_indexed(w, h, canvas, &scene.palette(theme), out)
}

/// Encodes an indexed canvas (one byte a pixel, each an index into `palette`) as PNG.
pub(crate) fn encode_indexed(
    w: u32,
    h: u32,
    canvas: &[u8],
    palette: &[[u8; 3]],
    out: impl Write,
) -> Result<()> {
    let palette: Vec<u8> = palette.iter().flatten().copied().collect();
    let mut encoder = png::Encoder::new(out, w, h);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(png_error)?;
    writer.write_image_data(canvas).map_err(png_error)?;
    writer.finish().map_err(png_error)
}

fn png_error(e: png::EncodingError) -> RenderError {
    match e {
        png::EncodingError::IoError(io) => io.into(),
        other => RenderError::Png(other.to_string()),
    }
}

/// Paints `text` in the built-in font, its top-left corner at (x, y), `size` pixels high.
pub(crate) fn paint_text(
    pixels: &mut [u8],
    w: u32,
    h: u32,
    (x, y, size): (u32, u32, u32),
    text: &str,
    value: u8,
) {
    let scale = (size / 5).max(1);
    for (i, ch) in text.chars().enumerate() {
        let gx = x + i as u32 * 4 * scale;
        for (row, bits) in glyph(ch).iter().enumerate() {
            for col in 0..3 {
                if bits >> (2 - col) & 1 == 1 {
                    let px = (gx + col * scale, y + row as u32 * scale, scale, scale);
                    fill(pixels, w, h, px, value);
                }
            }
        }
    }
}

/// A 3x5 bitmap of a letter, for captions; upper and lower case look alike.
fn letter(c: char) -> [u8; 5] {
    match c {
        'a' => [2, 5, 7, 5, 5],
        'b' => [6, 5, 6, 5, 6],
        'c' => [3, 4, 4, 4, 3],
        'd' => [6, 5, 5, 5, 6],
        'e' => [7, 4, 6, 4, 7],
        'f' => [7, 4, 6, 4, 4],
        'g' => [3, 4, 5, 5, 3],
        'h' => [5, 5, 7, 5, 5],
        'i' => [7, 2, 2, 2, 7],
        'j' => [1, 1, 1, 5, 2],
        'k' => [5, 5, 6, 5, 5],
        'l' => [4, 4, 4, 4, 7],
        'm' => [5, 7, 7, 5, 5],
        'n' => [6, 5, 5, 5, 5],
        'o' => [2, 5, 5, 5, 2],
        'p' => [6, 5, 6, 4, 4],
        'q' => [2, 5, 5, 6, 3],
        'r' => [6, 5, 6, 5, 5],
        's' => [3, 4, 2, 1, 6],
        't' => [7, 2, 2, 2, 2],
        'u' => [5, 5, 5, 5, 7],
        'v' => [5, 5, 5, 5, 2],
        'w' => [5, 5, 7, 7, 5],
        'x' => [5, 5, 2, 5, 5],
        'y' => [5, 5, 2, 2, 2],
        _ => [7, 1, 2, 4, 7], // z
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
        '.' => [0, 0, 0, 0, 2],
        ',' => [0, 0, 0, 2, 4],
        '%' => [5, 1, 2, 4, 5],
        '+' => [0, 2, 7, 2, 0],
        '(' => [1, 2, 2, 2, 1],
        ')' => [4, 2, 2, 2, 4],
        ':' => [0, 2, 0, 2, 0],
        '-' => [0, 0, 7, 0, 0],
        c if c.is_ascii_alphabetic() => letter(c.to_ascii_lowercase()),
        _ => [0; 5],
    }
}
