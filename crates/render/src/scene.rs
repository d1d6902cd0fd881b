//! A picture as a list of shapes on a palette: what the SVG and PNG writers both draw, so
//! that the two formats always show the same thing. The builders, one a puzzle kind, and the
//! caption band live in the submodules; the pixels of [`Mode::Pixels`] are a [`Canvas`].

use crate::canvas::Canvas;
use crate::ink::{Ink, Theme, ink_index};
use crate::palette::luminance;

mod caption;
mod maze;
mod mines;
mod nonogram;

pub use caption::with_caption;
pub use maze::{Spans, crossing_walls, maze};
pub use mines::mines;
pub use nonogram::{NonogramCells, color_nonogram, nonogram};

/// One shape, in pixels.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Rect {
        x: u32,
        y: u32,
        w: u32,
        h: u32,
        ink: Ink,
    },
    /// Text whose characters are `size` pixels high, its top-left corner at (x, y).
    Text {
        x: u32,
        y: u32,
        size: u32,
        text: String,
        ink: Ink,
    },
    /// A line `width` pixels thick through `points` (pixel corners, each a step along a row
    /// or a column from the one before), with round joins and ends.
    Line {
        points: Vec<(u32, u32)>,
        width: u32,
        ink: Ink,
    },
}

impl Shape {
    pub fn ink(&self) -> Ink {
        match self {
            Shape::Rect { ink, .. } | Shape::Text { ink, .. } | Shape::Line { ink, .. } => *ink,
        }
    }
}

/// How a scene keeps what is drawn on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// As a list of shapes, for vector formats (SVG, HTML).
    Shapes,
    /// Painted at once into pixels, one byte each (an index of [`Theme::inks`]): a PNG of the
    /// largest maze would otherwise hold tens of millions of shapes.
    Pixels,
}

/// A picture: its size in pixels and what is drawn on it, in order over the background:
/// shapes, or the pixels they painted (see [`Mode`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Scene {
    pub width: u32,
    pub height: u32,
    /// A colour puzzle's colours, for [`Ink::Puzzle`]; empty otherwise.
    pub colors: Vec<[u8; 3]>,
    pub shapes: Vec<Shape>,
    /// The painted pixels, in [`Mode::Pixels`].
    pub(crate) canvas: Option<Canvas>,
    /// The shapes (by index) that show the answer: the layer an HTML page shows and hides.
    pub answer: Vec<std::ops::Range<usize>>,
}

impl Scene {
    fn new(width: u32, height: u32, mode: Mode) -> Self {
        let canvas =
            (mode == Mode::Pixels).then(|| Canvas::new(width, height, ink_index(Ink::Background)));
        Scene {
            width,
            height,
            colors: Vec::new(),
            shapes: Vec::new(),
            canvas,
            answer: Vec::new(),
        }
    }

    /// Draws `draw` as part of the answer layer.
    fn answer_layer(&mut self, draw: impl FnOnce(&mut Scene)) {
        let start = self.shapes.len();
        draw(self);
        let end = self.shapes.len();
        if end > start {
            self.answer.push(start..end);
        }
    }

    /// Whether shape `index` belongs to the answer layer.
    pub fn is_answer(&self, index: usize) -> bool {
        self.answer.iter().any(|r| r.contains(&index))
    }

    /// The RGB colour of an ink in this scene.
    pub fn rgb(&self, theme: Theme, ink: Ink) -> [u8; 3] {
        let own = |c: u8| self.colors.get(usize::from(c).wrapping_sub(1)).copied();
        match ink {
            Ink::Puzzle(c) => own(c).unwrap_or_else(|| theme.rgb(ink)),
            Ink::OnPuzzle(c) => match own(c) {
                Some(rgb) if luminance(rgb) > 0.5 => [0, 0, 0],
                Some(_) => [255, 255, 255],
                None => theme.rgb(Ink::Text),
            },
            _ => theme.rgb(ink),
        }
    }

    /// Every pixel value's colour, for an indexed picture.
    pub fn palette(&self, theme: Theme) -> Vec<[u8; 3]> {
        let mut all: Vec<[u8; 3]> = Theme::inks().into_iter().map(|i| theme.rgb(i)).collect();
        for c in 1..=self.colors.len() as u8 {
            all.push(self.rgb(theme, Ink::Puzzle(c)));
            all.push(self.rgb(theme, Ink::OnPuzzle(c)));
        }
        all
    }

    fn rect(&mut self, x: u32, y: u32, w: u32, h: u32, ink: Ink) {
        match &mut self.canvas {
            Some(canvas) => canvas.fill_rect((x, y, w, h), ink_index(ink)),
            None => self.shapes.push(Shape::Rect { x, y, w, h, ink }),
        }
    }

    fn text(&mut self, x: u32, y: u32, size: u32, text: impl Into<String>, ink: Ink) {
        let text = text.into();
        match &mut self.canvas {
            Some(canvas) => canvas.text((x, y, size), &text, ink_index(ink)),
            None => self.shapes.push(Shape::Text {
                x,
                y,
                size,
                text,
                ink,
            }),
        }
    }

    fn line(&mut self, points: Vec<(u32, u32)>, width: u32, ink: Ink) {
        match &mut self.canvas {
            Some(canvas) => canvas.round_line(&points, width, ink_index(ink)),
            None => self.shapes.push(Shape::Line { points, width, ink }),
        }
    }

    /// Makes the picture `height` pixels high, the new rows background.
    fn grow_to(&mut self, height: u32) {
        if let Some(canvas) = &mut self.canvas {
            canvas.grow_to(height, ink_index(Ink::Background));
        }
        self.height = height;
    }
}
