//! Tiled mazes in a terminal, as plotting tools draw there: Unicode braille, each character
//! a block of 2 x 4 dots, walls and the path drawn dot by dot, the path in colour.

use super::layout::{Layout, Px, Scratch, arc_points};
use crate::error::{RenderError, Result};
use grid_core::tiling::{TiledDoc, TiledMaze, Tiling, Topology};
use owo_colors::{OwoColorize, Style};
use std::io::Write;

/// The most characters a braille drawing has across or down: past it, the maze is a
/// picture's job.
pub const MAX_TEXT_SIDE: u64 = 1000;

/// What a dot shows, the later kinds over the earlier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Dot {
    Empty,
    Wall,
    Path,
    Start,
    Goal,
}

/// Braille dots a unit of each tiling: enough that a cell reads as its shape.
fn dots_per_unit(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Hex => 3.0,
        Tiling::Triangle => 6.0,
        Tiling::Octagon => 6.0,
        Tiling::Polar | Tiling::Square => 4.0,
    }
}

struct Dots {
    width: usize,
    height: usize,
    dots: Vec<Dot>,
}

impl Dots {
    fn set(&mut self, (x, y): Px, dot: Dot) {
        if x < 0.0 || y < 0.0 {
            return;
        }
        let (x, y) = (x as usize, y as usize);
        if x < self.width && y < self.height {
            let d = &mut self.dots[y * self.width + x];
            *d = (*d).max(dot);
        }
    }

    /// Sets the dots along a straight line, half a dot apart.
    fn line(&mut self, a: Px, b: Px, dot: Dot) {
        let steps = ((b.0 - a.0).hypot(b.1 - a.1) * 2.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let t = k as f64 / steps as f64;
            self.set((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), dot);
        }
    }
}

/// Draws a tiled maze in braille, coloured when `color`.
pub fn render(doc: &TiledDoc, color: bool, out: &mut impl Write) -> Result<()> {
    let scale = dots_per_unit(doc.maze.tiling());
    let layout = Layout::with_margin(doc, scale, 1.0);
    let (w, h) = layout.pixels(0);
    let (columns, lines) = (w.div_ceil(2), h.div_ceil(4));
    if columns > MAX_TEXT_SIDE || lines > MAX_TEXT_SIDE {
        return Err(RenderError::TextTooLarge {
            columns,
            lines,
            max: MAX_TEXT_SIDE,
        });
    }
    let mut dots = Dots {
        width: columns as usize * 2,
        height: lines as usize * 4,
        dots: vec![Dot::Empty; columns as usize * 2 * lines as usize * 4],
    };
    grid_core::on_tiled_maze!(&doc.maze, m => draw(m, &layout, &mut dots));
    let mut text = String::new();
    // Blank lines below the drawing (the last row of dots may hold nothing) are left out.
    let mut blank_lines = 0;
    for line in 0..lines as usize {
        text.clear();
        for column in 0..columns as usize {
            let (glyph, top) = character(&dots, column, line);
            let style = match top {
                _ if !color => None,
                Dot::Path => Some(Style::new().cyan().bold()),
                Dot::Start => Some(Style::new().green().bold()),
                Dot::Goal => Some(Style::new().yellow().bold()),
                Dot::Empty | Dot::Wall => None,
            };
            match style {
                Some(s) => {
                    use std::fmt::Write as _;
                    let _ = write!(text, "{}", glyph.style(s));
                }
                None => text.push(glyph),
            }
        }
        let trimmed = text.trim_end_matches('\u{2800}');
        if trimmed.is_empty() {
            blank_lines += 1;
            continue;
        }
        for _ in 0..std::mem::take(&mut blank_lines) {
            out.write_all(b"\n")?;
        }
        out.write_all(trimmed.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The braille character of the block of dots at (`column`, `line`), and what its dots
/// show at most.
fn character(dots: &Dots, column: usize, line: usize) -> (char, Dot) {
    // The bit of each dot of a braille cell, by (x, y) within the 2 x 4 block.
    const BITS: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
    let mut bits = 0;
    let mut top = Dot::Empty;
    for (dx, column_bits) in BITS.iter().enumerate() {
        for (dy, &bit) in column_bits.iter().enumerate() {
            let d = dots.dots[(line * 4 + dy) * dots.width + column * 2 + dx];
            if d != Dot::Empty {
                bits |= bit;
                top = top.max(d);
            }
        }
    }
    (char::from_u32(0x2800 + bits).unwrap_or(' '), top)
}

fn draw<T: Topology>(m: &TiledMaze<T>, layout: &Layout, dots: &mut Dots) {
    let mut scratch = Scratch::default();
    let centre = layout.centre();
    layout.for_each_wall(m, &mut scratch, |line| {
        let mut points = vec![line.from];
        if let Some((radius, clockwise)) = line.arc {
            points.extend(arc_points(
                centre, radius, line.from, line.to, clockwise, 1.0,
            ));
        }
        points.push(line.to);
        for pair in points.windows(2) {
            dots.line(pair[0], pair[1], Dot::Wall);
        }
    });
    for pair in layout.path.windows(2) {
        dots.line(pair[0], pair[1], Dot::Path);
    }
    let t = m.topology();
    for (cell, dot) in [(layout.start, Dot::Start), (layout.goal, Dot::Goal)] {
        if let Some(cell) = cell {
            let (x, y) = layout.place(t.center(cell));
            for (dx, dy) in [(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)] {
                dots.set((x - 0.5 + dx, y - 0.5 + dy), dot);
            }
        }
    }
}
