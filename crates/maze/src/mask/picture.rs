//! Pictures that shape mazes: a text drawing, a PBM or a PNG, read from bytes into a
//! black-and-white picture, then scaled to the maze's size in cells (nearest neighbour).
//!
//! Which pixels are cells: in text, `.` and space (`#` and `X` are outside); in a PBM, the
//! unset pixels (a set pixel is ink, outside); in a PNG, every pixel that is neither dark
//! (luminance below half) nor transparent (alpha below half).

use super::Mask;
use crate::bits::CellSet;
use grid_core::MAX_TILES;

/// The most pixels a picture may have (2^30), checked from its header before its pixels
/// are read.
pub const MAX_PIXELS: usize = 1 << 30;

/// A picture read from a file: which pixels are cells of the maze.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    width: usize,
    height: usize,
    cells: CellSet,
}

/// Why a picture cannot be read or scaled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    #[error("the picture is empty: it has no pixel or character")]
    Empty,
    #[error(
        "the picture is {width}x{height} pixels, more than the {MAX_PIXELS} (2^30) a mask may have"
    )]
    TooLarge { width: usize, height: usize },
    /// A text mask with a character that is neither a cell nor outside.
    #[error(
        "line {line} column {column} has {found:?}; a text mask has '.' or ' ' for a cell and \
         '#' or 'X' for outside"
    )]
    BadCharacter {
        line: usize,
        column: usize,
        found: char,
    },
    #[error("not a PBM picture: {0}")]
    BadPbm(String),
    #[error("not a PNG picture that can be read: {0}")]
    BadPng(String),
    #[error(
        "a maze of {width}x{height} cells is too large: its grid would have more than \
         {MAX_TILES} tiles"
    )]
    MazeTooLarge { width: usize, height: usize },
    #[error("a maze is at least 1 cell wide and high, not {width}x{height}")]
    MazeEmpty { width: usize, height: usize },
}

impl Picture {
    /// Reads a picture, telling PNG and PBM by their first bytes; anything else is a text
    /// drawing.
    pub fn read(bytes: &[u8]) -> Result<Picture, PictureError> {
        if bytes.starts_with(b"\x89PNG") {
            read_png(bytes)
        } else if bytes.starts_with(b"P1") || bytes.starts_with(b"P4") {
            read_pbm(bytes)
        } else {
            read_text(bytes)
        }
    }

    pub fn width(&self) -> usize {
        self.width
    }

    pub fn height(&self) -> usize {
        self.height
    }

    /// The size a maze of `width` cells (and `height`, or the picture's proportions) takes,
    /// or the picture's own size, a cell a pixel.
    pub fn size_for(&self, width: Option<usize>, height: Option<usize>) -> (usize, usize) {
        match (width, height) {
            (None, _) => (self.width, self.height),
            (Some(w), Some(h)) => (w, h),
            (Some(w), None) => {
                let h =
                    (w as u128 * self.height as u128 + self.width as u128 / 2) / self.width as u128;
                (w, h.clamp(1, usize::MAX as u128) as usize)
            }
        }
    }

    /// The mask of a maze of `width` x `height` cells: each cell takes the pixel nearest its
    /// centre. The size is checked before any memory is taken.
    pub fn to_mask(&self, width: usize, height: usize) -> Result<Mask, PictureError> {
        if width == 0 || height == 0 {
            return Err(PictureError::MazeEmpty { width, height });
        }
        let tiles = (2 * width as u128 + 1) * (2 * height as u128 + 1);
        if tiles > MAX_TILES as u128 {
            return Err(PictureError::MazeTooLarge { width, height });
        }
        if (width, height) == (self.width, self.height) {
            return Ok(Mask::from_set(width, height, self.cells.clone()));
        }
        let source = |k: usize, n: usize, of: usize| {
            ((2 * k as u128 + 1) * of as u128 / (2 * n as u128)) as usize
        };
        let columns: Vec<usize> = (0..width).map(|c| source(c, width, self.width)).collect();
        Ok(Mask::from_fn(width, height, |r, c| {
            let y = source(r, height, self.height);
            self.cells.contains(y * self.width + columns[c])
        }))
    }
}

fn checked_size(width: usize, height: usize) -> Result<usize, PictureError> {
    if width == 0 || height == 0 {
        return Err(PictureError::Empty);
    }
    match width.checked_mul(height) {
        Some(n) if n <= MAX_PIXELS => Ok(n),
        _ => Err(PictureError::TooLarge { width, height }),
    }
}

/// One character a cell, one line a row; short lines are outside past their end.
fn read_text(bytes: &[u8]) -> Result<Picture, PictureError> {
    let mut lines: Vec<&[u8]> = bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    let width = lines.iter().map(|l| l.len()).max().unwrap_or(0);
    let n = checked_size(width, lines.len())?;
    let mut cells = CellSet::new(n);
    for (r, line) in lines.iter().enumerate() {
        for (c, &b) in line.iter().enumerate() {
            match b {
                b'.' | b' ' => cells.insert(r * width + c),
                b'#' | b'X' => {}
                _ => {
                    let text = String::from_utf8_lossy(line);
                    let found = text[..].chars().nth(c).unwrap_or('\u{fffd}');
                    return Err(PictureError::BadCharacter {
                        line: r + 1,
                        column: c + 1,
                        found: if b.is_ascii() { b as char } else { found },
                    });
                }
            }
        }
    }
    Ok(Picture {
        width,
        height: lines.len(),
        cells,
    })
}

/// A PBM, plain (P1) or raw (P4): a set pixel is outside.
fn read_pbm(bytes: &[u8]) -> Result<Picture, PictureError> {
    let raw = bytes[1] == b'4';
    let mut at = 2;
    let mut number = |what: &str| -> Result<usize, PictureError> {
        skip_space_and_comments(bytes, &mut at);
        let start = at;
        while at < bytes.len() && bytes[at].is_ascii_digit() {
            at += 1;
        }
        std::str::from_utf8(&bytes[start..at])
            .ok()
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| PictureError::BadPbm(format!("the header has no {what}")))
    };
    let width = number("width")?;
    let height = number("height")?;
    let n = checked_size(width, height)?;
    let mut cells = CellSet::new(n);
    if raw {
        // One whitespace byte, then rows of packed bits, first pixel in the highest bit.
        at += 1;
        let row_bytes = width.div_ceil(8);
        let data = bytes.get(at..).unwrap_or_default();
        if data.len() < row_bytes * height {
            return Err(PictureError::BadPbm(format!(
                "it holds {} bytes of pixels, {} short of {width}x{height}",
                data.len(),
                row_bytes * height - data.len()
            )));
        }
        // Eight pixels at a time: a clear bit is a cell, and the first pixel is the highest
        // bit, so each byte is inverted and reversed; the padding past the width is dropped.
        for r in 0..height {
            let row = &data[r * row_bytes..(r + 1) * row_bytes];
            for (i, &byte) in row.iter().enumerate() {
                let left = width - 8 * i;
                let keep = if left >= 8 { 0xff } else { (1u8 << left) - 1 };
                cells.insert_byte(r * width + 8 * i, (!byte).reverse_bits() & keep);
            }
        }
    } else {
        let mut i = 0;
        while i < n {
            skip_space_and_comments(bytes, &mut at);
            match bytes.get(at) {
                Some(b'0') => cells.insert(i),
                Some(b'1') => {}
                Some(&other) => {
                    return Err(PictureError::BadPbm(format!(
                        "pixel {} is {:?}, not 0 or 1",
                        i + 1,
                        other as char
                    )));
                }
                None => {
                    return Err(PictureError::BadPbm(format!(
                        "it ends after {i} of its {n} pixels"
                    )));
                }
            }
            at += 1;
            i += 1;
        }
    }
    Ok(Picture {
        width,
        height,
        cells,
    })
}

fn skip_space_and_comments(bytes: &[u8], at: &mut usize) {
    while let Some(&b) = bytes.get(*at) {
        if b == b'#' {
            while bytes.get(*at).is_some_and(|&b| b != b'\n') {
                *at += 1;
            }
        } else if b.is_ascii_whitespace() {
            *at += 1;
        } else {
            break;
        }
    }
}

/// A PNG of any colour type, read a row at a time: a dark or transparent pixel is outside.
fn read_png(bytes: &[u8]) -> Result<Picture, PictureError> {
    let bad = |e: png::DecodingError| PictureError::BadPng(e.to_string());
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let header = decoder.read_header_info().map_err(bad)?;
    let (width, height) = (header.width as usize, header.height as usize);
    let n = checked_size(width, height)?;
    let interlaced = header.interlaced;
    // The decoder's own limit is for what it holds; the pixels are read a row at a time.
    decoder.set_limits(png::Limits { bytes: usize::MAX });
    let mut reader = decoder.read_info().map_err(bad)?;
    let (color, _) = reader.output_color_type();
    let channels = color.samples();
    let mut cells = CellSet::new(n);
    let mut mark_row = |r: usize, data: &[u8]| {
        for (c, px) in data.chunks_exact(channels).take(width).enumerate() {
            if is_cell(color, px) {
                cells.insert(r * width + c);
            }
        }
    };
    if interlaced {
        let size = reader.output_buffer_size().ok_or_else(|| {
            PictureError::BadPng("the interlaced picture is too large to read".into())
        })?;
        let mut buffer = vec![0; size];
        let frame = reader.next_frame(&mut buffer).map_err(bad)?;
        for (r, row) in buffer
            .chunks_exact(frame.line_size)
            .take(height)
            .enumerate()
        {
            mark_row(r, row);
        }
    } else {
        for r in 0..height {
            let row = reader
                .next_row()
                .map_err(bad)?
                .ok_or_else(|| PictureError::BadPng(format!("it ends after {r} rows")))?;
            mark_row(r, row.data());
        }
    }
    Ok(Picture {
        width,
        height,
        cells,
    })
}

/// Whether a pixel of 8-bit samples is a cell: neither transparent nor dark.
fn is_cell(color: png::ColorType, px: &[u8]) -> bool {
    let luminance = |r: u8, g: u8, b: u8| 299 * r as u32 + 587 * g as u32 + 114 * b as u32;
    let light = |l: u32| l >= 128_000;
    match (color, px) {
        (png::ColorType::Grayscale, [g]) => light(1000 * *g as u32),
        (png::ColorType::GrayscaleAlpha, [g, a]) => *a >= 128 && light(1000 * *g as u32),
        (png::ColorType::Rgb, [r, g, b]) => light(luminance(*r, *g, *b)),
        (png::ColorType::Rgba, [r, g, b, a]) => *a >= 128 && light(luminance(*r, *g, *b)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(m: &Mask) -> Vec<String> {
        (0..m.height())
            .map(|r| {
                (0..m.width())
                    .map(|c| {
                        if m.contains(r * m.width() + c) {
                            '.'
                        } else {
                            '#'
                        }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn text_marks_cells_and_pads_short_lines() {
        let p = Picture::read(b".#.\r\n. X\n..\n\n").unwrap();
        assert_eq!((p.width(), p.height()), (3, 3));
        let m = p.to_mask(3, 3).unwrap();
        assert_eq!(rows(&m), [".#.", "..#", "..#"]);
    }

    #[test]
    fn text_names_a_stray_character() {
        let e = Picture::read(b"..\n.o\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2 column 2 has 'o'; a text mask has '.' or ' ' for a cell and '#' or 'X' for outside"
        );
        assert_eq!(Picture::read(b"\n\n"), Err(PictureError::Empty));
    }

    #[test]
    fn scaling_takes_the_nearest_pixel() {
        let p = Picture::read(b".#\n#.\n").unwrap();
        assert_eq!(p.size_for(Some(4), None), (4, 4));
        assert_eq!(rows(&p.to_mask(4, 2).unwrap()), ["..##", "##.."]);
        let wide = Picture::read(b"....\n").unwrap();
        assert_eq!(wide.size_for(Some(8), None), (8, 2));
        assert_eq!(wide.size_for(Some(1), None), (1, 1));
    }

    #[test]
    fn plain_and_raw_pbm_agree() {
        let plain = Picture::read(b"P1\n# a comment\n3 2\n0 1 0\n110\n").unwrap();
        let raw = Picture::read(b"P4\n3 2\n\x40\xc0").unwrap();
        assert_eq!(plain, raw);
        assert_eq!(rows(&plain.to_mask(3, 2).unwrap()), [".#.", "##."]);
    }

    #[test]
    fn broken_pbm_is_named() {
        let e = Picture::read(b"P1\n3 2\n0 1 0\n1").unwrap_err().to_string();
        assert!(e.contains("ends after 4 of its 6 pixels"), "{e}");
        let e = Picture::read(b"P4\n8 2\n\x00").unwrap_err().to_string();
        assert!(e.contains("1 short of 8x2"), "{e}");
        let e = Picture::read(b"P1\nx").unwrap_err().to_string();
        assert!(e.contains("no width"), "{e}");
    }

    #[test]
    fn sizes_are_checked_before_memory() {
        let e = Picture::read(b"P4\n65536 65536\n").unwrap_err();
        assert!(matches!(e, PictureError::TooLarge { .. }), "{e}");
        let p = Picture::read(b"..\n").unwrap();
        assert!(matches!(
            p.to_mask(20000, 20000),
            Err(PictureError::MazeTooLarge { .. })
        ));
    }

    fn png_of(width: u32, height: u32, color: png::ColorType, data: &[u8]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut e = png::Encoder::new(&mut out, width, height);
        e.set_color(color);
        e.set_depth(png::BitDepth::Eight);
        let mut w = e.write_header().unwrap();
        w.write_image_data(data).unwrap();
        w.finish().unwrap();
        out
    }

    #[test]
    fn png_dark_and_transparent_pixels_are_outside() {
        let rgba = [
            255, 255, 255, 255, /* white */ 0, 0, 0, 255, /* black */
            255, 255, 255, 0, /* clear */ 200, 30, 30, 255, /* red: light enough? */
        ];
        let p = Picture::read(&png_of(2, 2, png::ColorType::Rgba, &rgba)).unwrap();
        assert_eq!(rows(&p.to_mask(2, 2).unwrap()), [".#", "##"]);
        let grey = png_of(3, 1, png::ColorType::Grayscale, &[0, 127, 128]);
        let p = Picture::read(&grey).unwrap();
        assert_eq!(rows(&p.to_mask(3, 1).unwrap()), ["##."]);
    }

    #[test]
    fn a_picture_cut_short_anywhere_is_an_error_not_a_panic() {
        let png = png_of(5, 3, png::ColorType::Rgb, &[200; 45]);
        let pbm = b"P1\n# c\n3 2\n0 1 0\n1 1 0\n".to_vec();
        let raw = b"P4\n9 2\n\x40\x80\xc0\x00".to_vec();
        // 4 x 16 pixels: the last row's byte ends exactly at the end of the set's only word.
        let mut tall = b"P4\n4 16\n".to_vec();
        tall.extend([0x50; 16]);
        let p = Picture::read(&tall).unwrap();
        assert_eq!(p.to_mask(4, 16).unwrap().count(), 32);
        // 42 x 6, found by the fuzzer: the last byte's two pixels end two bits short of the
        // set's last word.
        let mut wide = b"P4\n42 6\n".to_vec();
        wide.extend([0; 36]);
        assert_eq!(
            Picture::read(&wide)
                .unwrap()
                .to_mask(42, 6)
                .unwrap()
                .count(),
            252
        );
        for bytes in [png, pbm, raw] {
            for len in 0..bytes.len() {
                let _ = Picture::read(&bytes[..len]);
            }
            assert!(Picture::read(&bytes).is_ok());
        }
    }

    #[test]
    fn a_broken_png_is_refused() {
        let mut bytes = png_of(2, 2, png::ColorType::Grayscale, &[0; 4]);
        bytes.truncate(40);
        let e = Picture::read(&bytes).unwrap_err();
        assert!(matches!(e, PictureError::BadPng(_)), "{e}");
    }
}
