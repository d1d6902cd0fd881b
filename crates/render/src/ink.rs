//! The inks of every picture, by role (wall, path, a mines number, a puzzle's colour), their
//! colours in each theme, and their pixel values on an indexed canvas: one list, so that the
//! SVG, the PNG and the tiled pictures agree.

/// The colours of a picture, by role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Background,
    Wall,
    Floor,
    Path,
    Start,
    Goal,
    Covered,
    Opened,
    Text,
    Mine,
    Exploded,
    Flag,
    /// The classic colour of a mines number, 1 to 8.
    Number(u8),
    Filled,
    Grid,
    /// Explored tiles, from the first examined (0) to the last (7).
    Heat(u8),
    /// Colour number `c` (from 1) of a colour puzzle's own palette.
    Puzzle(u8),
    /// Text on colour `c` of the puzzle: black or white, whichever reads better on it.
    OnPuzzle(u8),
}

/// A light or a dark palette.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Theme {
    Light,
    Dark,
}

impl Theme {
    /// The RGB colour of an ink.
    pub fn rgb(self, ink: Ink) -> [u8; 3] {
        let light = self == Theme::Light;
        match ink {
            Ink::Background | Ink::Floor => {
                if light {
                    [255, 255, 255]
                } else {
                    [24, 24, 28]
                }
            }
            Ink::Wall | Ink::Filled => {
                if light {
                    [34, 34, 40]
                } else {
                    [226, 226, 232]
                }
            }
            Ink::Text => {
                if light {
                    [20, 20, 20]
                } else {
                    [235, 235, 235]
                }
            }
            Ink::Path => [30, 136, 229],
            Ink::Start => [46, 160, 67],
            Ink::Goal => [245, 166, 35],
            Ink::Covered => {
                if light {
                    [189, 189, 189]
                } else {
                    [80, 80, 90]
                }
            }
            Ink::Opened => {
                if light {
                    [238, 238, 238]
                } else {
                    [44, 44, 50]
                }
            }
            Ink::Mine => {
                if light {
                    [0, 0, 0]
                } else {
                    [250, 250, 250]
                }
            }
            Ink::Exploded => [229, 57, 53],
            Ink::Flag => [211, 47, 47],
            Ink::Grid => {
                if light {
                    [170, 170, 170]
                } else {
                    [90, 90, 100]
                }
            }
            Ink::Heat(level) => {
                // From a pale yellow to a deep orange as the search goes on.
                let t = level.min(7) as u16;
                let base: [u16; 3] = if light { [255, 241, 179] } else { [90, 70, 20] };
                let end: [u16; 3] = if light { [255, 152, 67] } else { [200, 90, 20] };
                let mix = |a: u16, b: u16| ((a * (7 - t) + b * t) / 7) as u8;
                [
                    mix(base[0], end[0]),
                    mix(base[1], end[1]),
                    mix(base[2], end[2]),
                ]
            }
            Ink::Number(n) => crate::palette::number_rgb(n, light),
            // A scene's own colours ([`Scene::rgb`]); grey where a scene has none.
            Ink::Puzzle(_) | Ink::OnPuzzle(_) => [128, 128, 128],
        }
    }

    /// Every ink, for palettes.
    pub fn inks() -> Vec<Ink> {
        let mut all = vec![
            Ink::Background,
            Ink::Wall,
            Ink::Floor,
            Ink::Path,
            Ink::Start,
            Ink::Goal,
            Ink::Covered,
            Ink::Opened,
            Ink::Text,
            Ink::Mine,
            Ink::Exploded,
            Ink::Flag,
            Ink::Filled,
            Ink::Grid,
        ];
        all.extend((1..=8).map(Ink::Number));
        all.extend((0..8).map(Ink::Heat));
        all
    }
}

/// The pixel value of an ink: its place among [`Theme::inks`] (worked out without building
/// that list: it is asked for every rectangle painted).
pub fn ink_index(ink: Ink) -> u8 {
    match ink {
        Ink::Background => 0,
        Ink::Wall => 1,
        Ink::Floor => 2,
        Ink::Path => 3,
        Ink::Start => 4,
        Ink::Goal => 5,
        Ink::Covered => 6,
        Ink::Opened => 7,
        Ink::Text => 8,
        Ink::Mine => 9,
        Ink::Exploded => 10,
        Ink::Flag => 11,
        Ink::Filled => 12,
        Ink::Grid => 13,
        Ink::Number(n) => 13 + n.clamp(1, 8),
        Ink::Heat(t) => 22 + t.min(7),
        Ink::Puzzle(c) => PUZZLE_INKS + 2 * (c.clamp(1, 31) - 1),
        Ink::OnPuzzle(c) => PUZZLE_INKS + 2 * (c.clamp(1, 31) - 1) + 1,
    }
}

/// The pixel value of a puzzle's first colour: its colours follow the theme's inks, each with
/// the ink of text written on it.
const PUZZLE_INKS: u8 = 30;

#[cfg(test)]
mod ink_tests {
    use super::*;

    #[test]
    fn an_inks_index_is_its_place_in_the_palette() {
        for (i, &ink) in Theme::inks().iter().enumerate() {
            assert_eq!(ink_index(ink) as usize, i, "{ink:?}");
        }
    }
}
