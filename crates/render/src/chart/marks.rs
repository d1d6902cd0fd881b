//! What a chart is made of, in pixels, before any format: lines, points, bars and text, each
//! in one of the chart's colours.

pub use crate::anchor::Anchor;
use crate::ink::{Ink, Theme};
use crate::palette::number_rgb;

/// A colour of the chart: the theme's for the frame, a level's for the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Color {
    Text,
    /// The light lines behind the data, at the ticks.
    Grid,
    /// The axes themselves.
    Axis,
    /// The colour of a level ([`level_number`]): the mines number whose colour it takes.
    Level(u8),
}

impl Color {
    pub fn rgb(self, theme: Theme) -> [u8; 3] {
        match self {
            Color::Text => theme.rgb(Ink::Text),
            Color::Grid => theme.rgb(Ink::Opened),
            Color::Axis => theme.rgb(Ink::Grid),
            Color::Level(n) => number_rgb(n, theme == Theme::Light),
        }
    }

    /// Every colour, in the order of a PNG's palette after its ground.
    pub const ALL: [Color; 11] = [
        Color::Text,
        Color::Grid,
        Color::Axis,
        Color::Level(1),
        Color::Level(2),
        Color::Level(3),
        Color::Level(4),
        Color::Level(5),
        Color::Level(6),
        Color::Level(7),
        Color::Level(8),
    ];

    /// The colour's pixel value on a PNG's canvas (0 is the ground).
    pub fn index(self) -> u8 {
        match self {
            Color::Text => 1,
            Color::Grid => 2,
            Color::Axis => 3,
            Color::Level(n) => 3 + n.clamp(1, 8),
        }
    }
}

/// The mines number whose colour a level takes: beginner green, intermediate blue, expert
/// red as the numbers 2, 1 and 3 are, and custom boards the other numbers' colours in turn
/// (`custom` counts them from 0).
pub fn level_number(level: &str, custom: usize) -> u8 {
    match level {
        "beginner" => 2,
        "intermediate" => 1,
        "expert" => 3,
        _ => [4, 6, 5, 8, 7][custom % 5],
    }
}

/// One thing drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Mark {
    /// A line through points; `best` marks a personal-best line.
    Line {
        points: Vec<(f64, f64)>,
        width: f64,
        color: Color,
        best: bool,
    },
    /// A game, with what hovering over it says.
    Dot {
        x: f64,
        y: f64,
        color: Color,
        title: String,
    },
    /// A bar of the histogram (or a key's swatch, with no title).
    Bar {
        x: f64,
        y: f64,
        w: f64,
        h: f64,
        color: Color,
        title: Option<String>,
    },
    /// Text on its baseline at (x, y).
    Text {
        x: f64,
        y: f64,
        size: f64,
        anchor: Anchor,
        text: String,
        color: Color,
    },
}

/// A chart laid out: its size, its marks and how its points are drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct Chart {
    pub width: u32,
    pub height: u32,
    pub title: String,
    /// A point's radius and opacity: small and faint when there are thousands.
    pub dot_radius: f64,
    pub dot_opacity: f64,
    pub marks: Vec<Mark>,
}
