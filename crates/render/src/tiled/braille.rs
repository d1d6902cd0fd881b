//! Tiled mazes in a terminal, as plotting tools draw there: Unicode braille, each character
//! a block of 2 x 4 dots. Walls are solid lines of dots, the path a dotted line, in colour
//! when asked except in the characters a wall passes through (a character has one colour,
//! which would run onto the wall); start and goal are the letters S and G.

use super::beyond::{self, Anchor, Mark};
use super::layout::{Layout, Px, Scratch, arc_points};
use crate::error::{RenderError, Result};
use grid_core::tiling::{TiledDoc, TiledMaze, Tiling, Topology};
use owo_colors::{OwoColorize, Style};
use std::collections::HashMap;
use std::io::Write;

/// The most characters a braille drawing has across or down: past it, the maze is a
/// picture's job.
pub const MAX_TEXT_SIDE: u64 = 1000;

/// What a dot shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dot {
    Empty,
    Wall,
    Path,
}

/// What a character shows: the colour it is drawn in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    Walls,
    Path,
    Start,
    Goal,
}

/// Braille dots a unit of each tiling: enough that a cell reads as its shape.
fn dots_per_unit(tiling: Tiling) -> f64 {
    match tiling {
        Tiling::Hex => 5.0,
        Tiling::Triangle => 6.0,
        Tiling::Octagon => 6.0,
        // A level's cell two lines high, so that its stairs' arrow stands clear of its walls.
        Tiling::Levels => 8.0,
        Tiling::Polar | Tiling::Square | Tiling::Wrapped | Tiling::Cube => 4.0,
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
            if *d == Dot::Empty || dot == Dot::Wall {
                *d = dot;
            }
        }
    }

    /// Sets a dot every `gap` dots along a line through `points`, counted along the whole
    /// line (a dotted line that keeps its rhythm round corners).
    fn dotted(&mut self, points: &[Px], gap: f64, dot: Dot) {
        let mut next = 0.0;
        let mut walked = 0.0;
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let len = (b.0 - a.0).hypot(b.1 - a.1);
            while next <= walked + len {
                let t = if len > 0.0 {
                    (next - walked) / len
                } else {
                    0.0
                };
                self.set((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t), dot);
                next += gap;
            }
            walked += len;
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
    // Beyond the plane, room for the labels and seam letters: two lines, four columns.
    let margin = if doc.maze.tiling().is_plane() {
        1.0
    } else {
        8.0
    };
    let layout = Layout::with_margin(doc, scale, margin);
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
    let mut ends = grid_core::on_tiled_maze!(&doc.maze, m => draw(m, &layout, &mut dots));
    put_marks(&beyond::marks(doc, &layout), &mut ends);
    let mut text = String::new();
    // Blank lines below the drawing (the last row of dots may hold nothing) are left out;
    // beyond the plane, so are those above it (the margin kept for labels).
    let mut blank_lines = 0;
    let mut above = !doc.maze.tiling().is_plane();
    for line in 0..lines as usize {
        text.clear();
        for column in 0..columns as usize {
            let (glyph, shows) = match ends.get(&(column, line)) {
                Some(&(letter, shows)) => (letter, shows),
                None => character(&dots, column, line),
            };
            let style = match shows {
                _ if !color => None,
                Shows::Path => Some(Style::new().cyan().bold()),
                Shows::Start => Some(Style::new().green().bold()),
                Shows::Goal => Some(Style::new().yellow().bold()),
                Shows::Walls => None,
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
            blank_lines += usize::from(!above);
            continue;
        }
        above = false;
        for _ in 0..std::mem::take(&mut blank_lines) {
            out.write_all(b"\n")?;
        }
        out.write_all(trimmed.as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The braille character of the block of dots at (`column`, `line`), and what it shows. A
/// character that a wall passes through shows as a wall: the path's colour would run onto
/// the wall's dots (its own dots there stay, dotted, apart from the solid wall).
fn character(dots: &Dots, column: usize, line: usize) -> (char, Shows) {
    // The bit of each dot of a braille cell, by (x, y) within the 2 x 4 block.
    const BITS: [[u32; 4]; 2] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]];
    let mut bits = 0;
    let (mut wall, mut path) = (false, false);
    for (dx, column_bits) in BITS.iter().enumerate() {
        for (dy, &bit) in column_bits.iter().enumerate() {
            match dots.dots[(line * 4 + dy) * dots.width + column * 2 + dx] {
                Dot::Empty => continue,
                Dot::Wall => wall = true,
                Dot::Path => path = true,
            }
            bits |= bit;
        }
    }
    let shows = if path && !wall {
        Shows::Path
    } else {
        Shows::Walls
    };
    (char::from_u32(0x2800 + bits).unwrap_or(' '), shows)
}

/// The characters that stand instead of dots: start and goal, and the marks of a maze
/// beyond the plane; by (column, line), each letter and what it shows.
type Letters = HashMap<(usize, usize), (char, Shows)>;

/// The character (column, line) holding the dot `at`.
fn character_at((x, y): Px) -> (usize, usize) {
    ((x.max(0.0) / 2.0) as usize, (y.max(0.0) / 4.0) as usize)
}

/// Writes the marks of a maze beyond the plane into `letters`, where start and goal do not
/// stand: labels and seam numbers as text, stairs as arrows (up, down, both); the cube's
/// face names are left to pictures, for on a face they would hide its walls.
fn put_marks(marks: &[Mark], letters: &mut Letters) {
    for mark in marks {
        let (at, text, anchor, shows) = match mark {
            Mark::Label { at, text, anchor } => (*at, text.clone(), *anchor, Shows::Walls),
            // Twice as far out from the side as in a picture: clear of the wall's character.
            Mark::Seam {
                at,
                side,
                pair,
                anchor,
                on_path,
                ..
            } => (
                (2.0 * at.0 - side.0, 2.0 * at.1 - side.1),
                beyond::pair_name(*pair),
                *anchor,
                if *on_path { Shows::Path } else { Shows::Walls },
            ),
            Mark::Stairs { at, up, down, .. } => {
                let arrow = match (up, down) {
                    (true, true) => "\u{2195}",
                    (true, false) => "\u{2191}",
                    _ => "\u{2193}",
                };
                (*at, arrow.to_string(), Anchor::Middle, Shows::Walls)
            }
            Mark::Name { .. } => continue,
        };
        let (column, line) = character_at(at);
        let n = text.chars().count();
        let first = match anchor {
            Anchor::Start => column,
            Anchor::Middle => column.saturating_sub(n / 2),
            Anchor::End => (column + 1).saturating_sub(n),
        };
        for (k, ch) in text.chars().enumerate() {
            letters.entry((first + k, line)).or_insert((ch, shows));
        }
    }
}

/// Draws the walls and the path into `dots`; returns where start and goal stand.
fn draw<T: Topology>(m: &TiledMaze<T>, layout: &Layout, dots: &mut Dots) -> Letters {
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
    for piece in layout.path_pieces() {
        dots.dotted(piece, 2.0, Dot::Path);
    }
    let t = m.topology();
    [
        (layout.start, 'S', Shows::Start),
        (layout.goal, 'G', Shows::Goal),
    ]
    .into_iter()
    .filter_map(|(cell, letter, shows)| {
        let at = character_at(layout.place(t.center(cell?)));
        Some((at, (letter, shows)))
    })
    // Where start and goal share a character, the start stands there.
    .fold(Letters::new(), |mut letters, (at, shown)| {
        letters.entry(at).or_insert(shown);
        letters
    })
}
