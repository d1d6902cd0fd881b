//! Pictures that shape puzzles: a text drawing, a PBM or a PNG, read from bytes into two
//! sets of pixels, the *ink* and the *clear*, and sampled onto a grid of another size.
//!
//! - Text: `#` and `X` are ink, `.` and space are blank; past the end of a short line the
//!   pixels are clear.
//! - PBM: a set pixel is ink.
//! - PNG: a pixel with alpha below half is clear; an opaque one is ink when its luminance is
//!   below half.
//!
//! A maze mask takes the blank pixels as cells (ink and clear are outside); a nonogram takes
//! the ink as filled cells (clear is background).

#![forbid(unsafe_code)]

use grid_core::BitSet;

/// The most pixels a picture may have (2^30), checked from its header before its pixels
/// are read.
pub const MAX_PIXELS: usize = 1 << 30;

/// A picture read from a file: which pixels are ink, and which are clear.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    width: usize,
    height: usize,
    ink: BitSet,
    clear: BitSet,
}

/// Why a picture cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PictureError {
    #[error("the picture is empty: it has no pixel or character")]
    Empty,
    #[error(
        "the picture is {width}x{height} pixels, more than the {MAX_PIXELS} (2^30) a picture may have"
    )]
    TooLarge { width: usize, height: usize },
    /// A text picture with a character that is neither ink nor blank.
    #[error(
        "line {line} column {column} has {found:?}; a text picture has '#' or 'X' for ink and \
         '.' or ' ' for a blank"
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

    /// Whether pixel `i` (in reading order) is ink.
    pub fn is_ink(&self, i: usize) -> bool {
        self.ink.contains(i)
    }

    /// Whether pixel `i` (in reading order) is clear.
    pub fn is_clear(&self, i: usize) -> bool {
        self.clear.contains(i)
    }

    /// The size of a grid `width` wide (and `height` high, or the picture's proportions),
    /// or the picture's own size, a cell a pixel.
    pub fn size_for(&self, width: Option<usize>, height: Option<usize>) -> (usize, usize) {
        match (width, height) {
            (None, None) => (self.width, self.height),
            (Some(w), Some(h)) => (w, h),
            (Some(w), None) => (w, proportional(w, self.height, self.width)),
            (None, Some(h)) => (proportional(h, self.width, self.height), h),
        }
    }

    /// The picture with ink and blank swapped (clear pixels stay clear): for a picture drawn
    /// the other way round, as `--invert` asks.
    pub fn inverted(&self) -> Picture {
        let n = self.width * self.height;
        let mut ink = BitSet::new(n);
        for i in (0..n).filter(|&i| !self.is_ink(i) && !self.is_clear(i)) {
            ink.insert(i);
        }
        Picture {
            ink,
            ..self.clone()
        }
    }

    /// For each cell of a `width` x `height` grid laid over the picture, in reading order,
    /// the pixel nearest its centre.
    pub fn nearest(&self, width: usize, height: usize) -> impl Iterator<Item = usize> + '_ {
        let columns: Vec<usize> = (0..width).map(|c| source(c, width, self.width)).collect();
        (0..height).flat_map(move |r| {
            let y = source(r, height, self.height);
            let columns = columns.clone();
            columns.into_iter().map(move |x| y * self.width + x)
        })
    }

    /// Which cells of a `width` x `height` grid laid over the picture are mostly ink: at
    /// least half of the pixels whose centres fall in the cell, or, when the grid is finer
    /// than the picture and no centre does, the pixel nearest the cell's centre. Unlike the
    /// nearest pixel alone, this keeps thin strokes and solid shapes when a picture shrinks.
    pub fn mostly_ink(&self, width: usize, height: usize) -> Vec<bool> {
        // Cell k of n covers [k * of / n, (k + 1) * of / n) of the picture, and pixel x has
        // its centre at x + 1/2: the first pixel whose centre is at or past k * of / n.
        let edge = |k: usize, n: usize, of: usize| -> usize {
            let twice = 2 * k as u128 * of as u128;
            let first = twice.saturating_sub(n as u128).div_ceil(2 * n as u128) as usize;
            first.min(of)
        };
        let spans = |n: usize, of: usize| -> Vec<(usize, usize)> {
            (0..n)
                .map(|k| {
                    let (lo, hi) = (edge(k, n, of), edge(k + 1, n, of));
                    if lo < hi {
                        (lo, hi)
                    } else {
                        let near = source(k, n, of);
                        (near, near + 1)
                    }
                })
                .collect()
        };
        let (xs, ys) = (spans(width, self.width), spans(height, self.height));
        let mut cells = Vec::with_capacity(width * height);
        for &(y0, y1) in &ys {
            for &(x0, x1) in &xs {
                let ink: usize = (y0..y1)
                    .map(|y| {
                        (x0..x1)
                            .filter(|&x| self.is_ink(y * self.width + x))
                            .count()
                    })
                    .sum();
                cells.push(2 * ink >= (y1 - y0) * (x1 - x0));
            }
        }
        cells
    }
}

/// `n` scaled by `num / den`, rounded, at least 1.
fn proportional(n: usize, num: usize, den: usize) -> usize {
    let m = (n as u128 * num as u128 + den as u128 / 2) / den as u128;
    m.clamp(1, usize::MAX as u128) as usize
}

/// The pixel (of `of`) nearest the centre of cell `k` of `n`.
fn source(k: usize, n: usize, of: usize) -> usize {
    ((2 * k as u128 + 1) * of as u128 / (2 * n as u128)) as usize
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

/// One character a pixel, one line a row; past the end of a short line the pixels are clear.
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
    let (mut ink, mut clear) = (BitSet::new(n), BitSet::new(n));
    for (r, line) in lines.iter().enumerate() {
        for (c, &b) in line.iter().enumerate() {
            match b {
                b'#' | b'X' => ink.insert(r * width + c),
                b'.' | b' ' => {}
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
        for c in line.len()..width {
            clear.insert(r * width + c);
        }
    }
    Ok(Picture {
        width,
        height: lines.len(),
        ink,
        clear,
    })
}

/// A PBM, plain (P1) or raw (P4): a set pixel is ink.
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
    let mut ink = BitSet::new(n);
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
        // Eight pixels at a time: the first pixel is the highest bit, so each byte is
        // reversed; the padding past the width is dropped.
        for r in 0..height {
            let row = &data[r * row_bytes..(r + 1) * row_bytes];
            for (i, &byte) in row.iter().enumerate() {
                let left = width - 8 * i;
                let keep = if left >= 8 { 0xff } else { (1u8 << left) - 1 };
                ink.insert_byte(r * width + 8 * i, byte.reverse_bits() & keep);
            }
        }
    } else {
        let mut i = 0;
        while i < n {
            skip_space_and_comments(bytes, &mut at);
            match bytes.get(at) {
                Some(b'1') => ink.insert(i),
                Some(b'0') => {}
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
        ink,
        clear: BitSet::new(n),
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

/// A PNG of any colour type, read a row at a time.
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
    let (mut ink, mut clear) = (BitSet::new(n), BitSet::new(n));
    let mut mark_row = |r: usize, data: &[u8]| {
        for (c, px) in data.chunks_exact(channels).take(width).enumerate() {
            match pixel(color, px) {
                Pixel::Ink => ink.insert(r * width + c),
                Pixel::Clear => clear.insert(r * width + c),
                Pixel::Blank => {}
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
        ink,
        clear,
    })
}

/// What a pixel of a PNG is.
enum Pixel {
    Ink,
    Blank,
    Clear,
}

/// A pixel of 8-bit samples: clear when its alpha is below half, else ink when its luminance
/// is below half.
fn pixel(color: png::ColorType, px: &[u8]) -> Pixel {
    let luminance = |r: u8, g: u8, b: u8| 299 * r as u32 + 587 * g as u32 + 114 * b as u32;
    let (luma, alpha) = match (color, px) {
        (png::ColorType::Grayscale, [g]) => (1000 * *g as u32, 255),
        (png::ColorType::GrayscaleAlpha, [g, a]) => (1000 * *g as u32, *a),
        (png::ColorType::Rgb, [r, g, b]) => (luminance(*r, *g, *b), 255),
        (png::ColorType::Rgba, [r, g, b, a]) => (luminance(*r, *g, *b), *a),
        _ => (0, 255),
    };
    if alpha < 128 {
        Pixel::Clear
    } else if luma < 128_000 {
        Pixel::Ink
    } else {
        Pixel::Blank
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture sampled at `w` x `h`: `#` ink, `.` blank, `~` clear.
    fn rows(p: &Picture, w: usize, h: usize) -> Vec<String> {
        let cells: Vec<char> = p
            .nearest(w, h)
            .map(|i| match (p.is_ink(i), p.is_clear(i)) {
                (true, _) => '#',
                (_, true) => '~',
                _ => '.',
            })
            .collect();
        cells.chunks(w).map(|r| r.iter().collect()).collect()
    }

    #[test]
    fn text_marks_cells_and_pads_short_lines() {
        let p = Picture::read(b".#.\r\n. X\n..\n\n").unwrap();
        assert_eq!((p.width(), p.height()), (3, 3));
        assert_eq!(rows(&p, 3, 3), [".#.", "..#", "..~"]);
    }

    #[test]
    fn text_names_a_stray_character() {
        let e = Picture::read(b"..\n.o\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2 column 2 has 'o'; a text picture has '#' or 'X' for ink and '.' or ' ' for a blank"
        );
        assert_eq!(Picture::read(b"\n\n"), Err(PictureError::Empty));
    }

    #[test]
    fn scaling_takes_the_nearest_pixel() {
        let p = Picture::read(b".#\n#.\n").unwrap();
        assert_eq!(p.size_for(Some(4), None), (4, 4));
        assert_eq!(rows(&p, 4, 2), ["..##", "##.."]);
        let wide = Picture::read(b"....\n").unwrap();
        assert_eq!(wide.size_for(Some(8), None), (8, 2));
        assert_eq!(wide.size_for(Some(1), None), (1, 1));
    }

    #[test]
    fn plain_and_raw_pbm_agree() {
        let plain = Picture::read(b"P1\n# a comment\n3 2\n0 1 0\n110\n").unwrap();
        let raw = Picture::read(b"P4\n3 2\n\x40\xc0").unwrap();
        assert_eq!(plain, raw);
        assert_eq!(rows(&plain, 3, 2), [".#.", "##."]);
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
    fn png_pixels_are_ink_blank_or_clear() {
        let rgba = [
            255, 255, 255, 255, /* white */ 0, 0, 0, 255, /* black */
            255, 255, 255, 0, /* clear */ 200, 30, 30, 255, /* red: light enough? */
        ];
        let p = Picture::read(&png_of(2, 2, png::ColorType::Rgba, &rgba)).unwrap();
        assert_eq!(rows(&p, 2, 2), [".#", "~#"]);
        let grey = png_of(3, 1, png::ColorType::Grayscale, &[0, 127, 128]);
        let p = Picture::read(&grey).unwrap();
        assert_eq!(rows(&p, 3, 1), ["##."]);
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
        assert_eq!((0..64).filter(|&i| p.is_ink(i)).count(), 32);
        // 42 x 6, found by the fuzzer: the last byte's two pixels end two bits short of the
        // set's last word.
        let mut wide = b"P4\n42 6\n".to_vec();
        wide.extend([0; 36]);
        let p = Picture::read(&wide).unwrap();
        assert_eq!((0..252).filter(|&i| !p.is_ink(i)).count(), 252);
        for bytes in [png, pbm, raw] {
            for len in 0..bytes.len() {
                let _ = Picture::read(&bytes[..len]);
            }
            assert!(Picture::read(&bytes).is_ok());
        }
    }

    #[test]
    fn shrinking_keeps_what_is_mostly_ink() {
        let p = Picture::read(b"##..\n#...\n..##\n...#\n").unwrap();
        let cells: Vec<bool> = p.mostly_ink(2, 2);
        assert_eq!(cells, [true, false, false, true]);
        // Growing: every cell takes its nearest pixel.
        let dot = Picture::read(b"#.\n").unwrap();
        assert_eq!(dot.mostly_ink(4, 1), [true, true, false, false]);
        assert_eq!(p.size_for(None, Some(2)), (2, 2));
    }

    /// A cell takes the pixels whose centres fall in it: four pixels over three cells put
    /// the centres 0.5 | 1.5 2.5 | 3.5 in the cells [0, 4/3), [4/3, 8/3), [8/3, 4).
    #[test]
    fn shrinking_counts_the_pixels_whose_centres_fall_in_a_cell() {
        let p = Picture::read(b"##..\n").unwrap();
        assert_eq!(p.mostly_ink(3, 1), [true, true, false]);
        let q = Picture::read(b"..##\n").unwrap();
        assert_eq!(q.mostly_ink(3, 1), [false, true, true]);
    }

    #[test]
    fn inverting_swaps_ink_and_blank_and_keeps_clear() {
        let p = Picture::read(b"#.\n#\n").unwrap();
        let q = p.inverted();
        assert!(!q.is_ink(0) && q.is_ink(1) && !q.is_ink(2));
        assert!(q.is_clear(3) && !q.is_ink(3));
        assert_eq!(q.inverted(), p);
    }

    #[test]
    fn a_broken_png_is_refused() {
        let mut bytes = png_of(2, 2, png::ColorType::Grayscale, &[0; 4]);
        bytes.truncate(40);
        let e = Picture::read(&bytes).unwrap_err();
        assert!(matches!(e, PictureError::BadPng(_)), "{e}");
    }
}
