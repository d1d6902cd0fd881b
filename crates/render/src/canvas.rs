//! One raster canvas under every painter of PNG pictures: one byte a pixel (an index into
//! the picture's palette, [`crate::ink::ink_index`]), with the strokes the two kinds of
//! picture need: axis-aligned lines with round joins for the square grid's paths
//! ([`Canvas::round_line`]), lines at any angle with square ends and filled polygons for
//! the other tilings ([`Canvas::square_stroke`], [`Canvas::fill_polygon`]), rectangles and
//! text in the built-in font for both.

mod font;

/// A point on the canvas, in pixels (fractions allowed).
pub(crate) type Point = (f64, f64);

/// A picture of one byte a pixel, row by row.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Canvas {
    pub width: u32,
    pub height: u32,
    pub pixels: Vec<u8>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, value: u8) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![value; width as usize * height as usize],
        }
    }

    /// Makes the canvas `height` pixels high, the new rows `value`.
    pub fn grow_to(&mut self, height: u32, value: u8) {
        self.pixels
            .resize(self.width as usize * height as usize, value);
        self.height = height;
    }

    /// The value of pixel (x, y).
    #[cfg(test)]
    pub fn at(&self, x: u32, y: u32) -> u8 {
        self.pixels[y as usize * self.width as usize + x as usize]
    }

    /// Fills a rectangle `(x, y, w, h)`, clipped to the canvas.
    pub fn fill_rect(&mut self, (x, y, rw, rh): (u32, u32, u32, u32), value: u8) {
        let (w, h) = (self.width as usize, self.height as usize);
        let (x0, y0) = (x as usize, y as usize);
        let x1 = (x0 + rw as usize).min(w);
        let y1 = (y0 + rh as usize).min(h);
        for row in y0.min(h)..y1 {
            self.pixels[row * w + x0.min(x1)..row * w + x1].fill(value);
        }
    }

    /// Paints a line `width` pixels thick through `points` (each a step along a row or a
    /// column from the one before): a rectangle along each step and a disc at each point,
    /// which rounds the joins and the ends.
    pub fn round_line(&mut self, points: &[(u32, u32)], width: u32, value: u8) {
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
            self.fill_rect(rect, value);
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
                    self.fill_rect((from, row, to as u32 - from + 1, 1), value);
                }
            }
        }
    }

    /// Fills a polygon by the even-odd rule, a pixel when its centre is inside.
    pub fn fill_polygon(&mut self, points: &[Point], value: u8) {
        if points.len() < 3 {
            return;
        }
        let (mut top, mut bottom) = (f64::INFINITY, f64::NEG_INFINITY);
        for p in points {
            top = top.min(p.1);
            bottom = bottom.max(p.1);
        }
        let first = (top - 0.5).ceil().max(0.0) as usize;
        let last = ((bottom - 0.5).floor()).min(f64::from(self.height) - 1.0);
        if last < 0.0 {
            return;
        }
        let width = self.width as usize;
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
                let to = (pair[1] - 0.5).floor().min(f64::from(self.width) - 1.0);
                if to < 0.0 || from > to as usize {
                    continue;
                }
                let start = row * width;
                self.pixels[start + from..=start + to as usize].fill(value);
            }
        }
    }

    /// Paints a straight line `width` pixels thick from `a` to `b`, with square ends.
    pub fn square_stroke(&mut self, a: Point, b: Point, width: f64, value: u8) {
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

    /// Paints `text` in the built-in font, its top-left corner at (x, y), `size` pixels high.
    pub fn text(&mut self, (x, y, size): (u32, u32, u32), text: &str, value: u8) {
        let scale = (size / 5).max(1);
        for (i, ch) in text.chars().enumerate() {
            let gx = x + i as u32 * 4 * scale;
            for (row, bits) in font::glyph(ch).iter().enumerate() {
                for col in 0..3 {
                    if bits >> (2 - col) & 1 == 1 {
                        let px = (gx + col * scale, y + row as u32 * scale, scale, scale);
                        self.fill_rect(px, value);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The two stroke styles keep their ends: a round line ends in a half disc, a square
    /// stroke runs half its width past its end points in a square.
    #[test]
    fn round_lines_end_round_and_square_strokes_square() {
        let mut round = Canvas::new(20, 20, 0);
        round.round_line(&[(4, 10), (15, 10)], 8, 1);
        let mut square = Canvas::new(20, 20, 0);
        square.square_stroke((4.0, 10.0), (15.0, 10.0), 8.0, 1);
        // Pixel (0, 6): its centre is 4.95 pixels from the end point, past the disc's 4.
        assert_eq!((round.at(0, 6), square.at(0, 6)), (0, 1));
        assert_eq!((round.at(4, 10), square.at(4, 10)), (1, 1));
    }

    #[test]
    fn rectangles_are_clipped_to_the_canvas() {
        let mut canvas = Canvas::new(20, 20, 0);
        canvas.fill_rect((15, 15, 10, 10), 1);
        assert_eq!(canvas.pixels.iter().filter(|&&v| v == 1).count(), 25);
        canvas.grow_to(22, 2);
        assert_eq!((canvas.at(19, 19), canvas.at(0, 21)), (1, 2));
    }
}
