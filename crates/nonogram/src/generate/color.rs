//! Random colour puzzles: a random colour picture (where the cells are filled, as for black
//! and white, and which colour each filled cell takes), whose open cells are recoloured
//! until the puzzle has one solution that needs exactly the technique asked.

use super::random::{ATTEMPTS, GenerateError, RandomSpec, Tried, blobs, choose};
use crate::color::{ColorPuzzle, Colors, Palette, Swatch, solve_up_to};
use crate::solve::{Method, Status};
use grid_core::{Grid, Rng};

/// The colours of made puzzles, in order: the ten of the category10 palette, chosen to be
/// told apart on screen and in print, each named by a letter a person reads as it.
pub const STANDARD_COLORS: [(u8, [u8; 3]); 10] = [
    (b'r', [214, 39, 40]),
    (b'g', [44, 160, 44]),
    (b'b', [31, 119, 180]),
    (b'o', [255, 127, 14]),
    (b'p', [148, 103, 189]),
    (b'n', [140, 86, 75]),
    (b'k', [227, 119, 194]),
    (b'e', [127, 127, 127]),
    (b'y', [188, 189, 34]),
    (b'c', [23, 190, 207]),
];

/// The first `colors` of [`STANDARD_COLORS`] (at most ten).
pub fn standard_palette(colors: usize) -> Palette {
    let swatches = STANDARD_COLORS
        .iter()
        .take(colors)
        .map(|&(name, rgb)| Swatch { name, rgb })
        .collect();
    Palette::new(swatches).expect("the standard names are distinct")
}

/// A colour puzzle made from a picture of colour numbers, which is its one solution.
#[derive(Debug, Clone)]
pub struct ColorMade {
    /// Colour numbers, 0 the background.
    pub picture: Grid<u8>,
    pub puzzle: ColorPuzzle,
    /// The strongest technique the puzzle needs.
    pub method: Method,
}

/// A random colour puzzle in `palette`'s colours with one solution that needs exactly
/// `spec.difficulty` (`spec.density` is the share of cells coloured). Pictures are patches a tenth of the side across for line logic,
/// noise for the others: colour puzzles are easier than black and white ones (touching
/// colours tell a lot), so probing and search need the finest grain.
pub fn random_color(
    spec: &RandomSpec,
    palette: &Palette,
    rng: &mut Rng,
    watch: &mut dyn FnMut(Tried),
) -> Result<ColorMade, GenerateError> {
    spec.check()?;
    let RandomSpec {
        width,
        height,
        density,
        difficulty,
    } = *spec;
    let colors = palette.len().max(1) as u8;
    let n = width * height;
    let radius = match difficulty {
        Method::Line => (width.max(height) / 10).max(1),
        Method::Probing | Method::Search => 0,
    };
    for attempt in 0..ATTEMPTS {
        let mut picture = color_picture(width, height, colors, density, radius, rng);
        // Each recolouring settles cells more often than it opens them; a picture that
        // wanders for longer than it has cells is given up for a new one.
        for changes in 0..=n {
            watch(Tried {
                picture: attempt + 1,
                changes,
            });
            let puzzle = ColorPuzzle::from_picture(palette.clone(), &picture);
            let report = solve_up_to(&puzzle, None, difficulty);
            let open: Vec<usize> = match report.status {
                Status::Unique if report.method == difficulty => {
                    return Ok(ColorMade {
                        picture,
                        puzzle,
                        method: report.method,
                    });
                }
                // Easier than asked: made harder, or a new picture.
                Status::Unique => match harden(picture, palette, difficulty, rng) {
                    Some(made) => return Ok(made),
                    None => break,
                },
                Status::Multiple => {
                    let (a, b) = (&report.solutions[0], &report.solutions[1]);
                    (0..a.len())
                        .filter(|&i| a.cells()[i] != b.cells()[i])
                        .collect()
                }
                Status::Found => unreachable!("solve_up_to looks for two solutions"),
                Status::None | Status::Unfinished => (0..n)
                    .filter(|&i| report.board.cells()[i].count_ones() > 1)
                    .collect(),
            };
            // A quarter of the open cells at once for lines, one at a time for the
            // harder puzzles, which lie near easier ones.
            let share = if difficulty == Method::Line { 4 } else { n };
            for cell in choose(&open, (open.len() / share).max(1), rng) {
                picture.cells_mut()[cell] = recolour(picture.cells()[cell], colors, rng);
            }
        }
    }
    Err(GenerateError::GaveUp {
        width,
        height,
        density,
        difficulty,
    })
}

/// A picture whose puzzle is unique but easier than `difficulty`, made harder: single cells
/// recoloured at random, each kept while the puzzle stays unique and the solver's work
/// (probes, then line solves) does not drop, until it needs `difficulty` (as for black and
/// white). `None` after as many tries as the picture has cells.
fn harden(
    mut picture: Grid<u8>,
    palette: &Palette,
    difficulty: Method,
    rng: &mut Rng,
) -> Option<ColorMade> {
    let colors = palette.len().max(1) as u8;
    let work = |picture: &Grid<u8>| {
        let puzzle = ColorPuzzle::from_picture(palette.clone(), picture);
        let report = solve_up_to(&puzzle, None, difficulty);
        let unique = report.status == Status::Unique;
        let effort = (report.stats.probes, report.stats.line_solves);
        (unique.then_some(report.method), effort, puzzle)
    };
    let (_, mut effort, _) = work(&picture);
    for _ in 0..picture.len() {
        let cell = rng.index(picture.len());
        let before = picture.cells()[cell];
        picture.cells_mut()[cell] = recolour(before, colors, rng);
        match work(&picture) {
            (Some(method), _, puzzle) if method == difficulty => {
                return Some(ColorMade {
                    picture,
                    puzzle,
                    method,
                });
            }
            (Some(_), e, _) if e >= effort => effort = e,
            _ => picture.cells_mut()[cell] = before,
        }
    }
    None
}

/// Another colour (or the background) than `now`, at random.
fn recolour(now: u8, colors: u8, rng: &mut Rng) -> u8 {
    let other = rng.below(u64::from(colors)) as u8;
    if other >= now { other + 1 } else { other }
}

impl ColorMade {
    /// The solution as a board: each cell its one colour.
    pub fn board(&self) -> Grid<Colors> {
        self.picture.map(|&c| 1 << c)
    }
}

/// A random picture of colour numbers (0 the background, 1 to `colors` the colours) with
/// exactly the share `density` of its cells coloured. With `radius` 0 every cell is noise;
/// otherwise the filled cells and the colours both form patches about `radius` cells
/// across, as drawn pictures do.
pub fn color_picture(
    width: usize,
    height: usize,
    colors: u8,
    density: f64,
    radius: usize,
    rng: &mut Rng,
) -> Grid<u8> {
    let filled = blobs(width, height, density, radius, rng);
    let n = width * height;
    let colors = colors.max(1);
    let cells: Vec<u8> = if radius == 0 {
        (0..n)
            .map(|i| {
                let color = 1 + rng.below(u64::from(colors)) as u8;
                if filled.cells()[i] { color } else { 0 }
            })
            .collect()
    } else {
        // One field a colour, each cell taking the colour whose field is highest there: the
        // fields are the same blurred noise as the shape, so patches of one colour form.
        let fields: Vec<Grid<bool>> = (0..colors)
            .map(|_| blobs(width, height, 1.0 / f64::from(colors), radius, rng))
            .collect();
        (0..n)
            .map(|i| {
                if !filled.cells()[i] {
                    return 0;
                }
                let chosen = fields.iter().position(|f| f.cells()[i]);
                match chosen {
                    Some(c) => c as u8 + 1,
                    None => 1 + rng.below(u64::from(colors)) as u8,
                }
            })
            .collect()
    };
    Grid::from_vec(width, height, cells).expect("the size is the picture's")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every letter nonogen uses is named by the word docs/nonogen.md gives it, on play
    /// pages and in exported files alike (both ask grid_core::words::colour).
    #[test]
    fn every_standard_letter_has_its_word() {
        let words = [
            "red", "green", "blue", "orange", "purple", "brown", "pink", "grey", "olive", "cyan",
        ];
        for (&(letter, rgb), word) in STANDARD_COLORS.iter().zip(words) {
            assert_eq!(
                grid_core::words::colour(letter, Some(rgb)),
                word,
                "letter {}",
                letter as char
            );
        }
    }

    #[test]
    fn random_colour_puzzles_are_unique_at_the_difficulty_asked() {
        use crate::color::solve;
        use crate::solve::Options;
        let palette = Palette::new(
            b"rgb"
                .iter()
                .map(|&name| Swatch {
                    name,
                    rgb: [name, 0, 0],
                })
                .collect(),
        )
        .unwrap();
        for (difficulty, side) in [(Method::Line, 15), (Method::Probing, 12)] {
            let spec = RandomSpec {
                width: side,
                height: side,
                density: 0.5,
                difficulty,
            };
            for seed in 0..3 {
                let made =
                    random_color(&spec, &palette, &mut Rng::seeded(seed), &mut |_| {}).unwrap();
                assert_eq!(made.method, difficulty);
                let report = solve(&made.puzzle, None, &Options::default());
                assert_eq!(report.status, Status::Unique, "{difficulty:?} seed {seed}");
                assert_eq!(report.method, difficulty);
                assert_eq!(report.board, made.board());
                let again =
                    random_color(&spec, &palette, &mut Rng::seeded(seed), &mut |_| {}).unwrap();
                assert_eq!(
                    again.picture, made.picture,
                    "the same seed, the same puzzle"
                );
            }
        }
    }

    #[test]
    fn pictures_have_the_density_and_colours_asked() {
        let mut rng = Rng::seeded(3);
        for radius in [0, 3] {
            let p = color_picture(30, 30, 4, 0.5, radius, &mut rng);
            assert_eq!(p.cells().iter().filter(|&&c| c != 0).count(), 450);
            for c in 1..=4 {
                assert!(p.cells().contains(&c), "colour {c}, radius {radius}");
            }
            assert!(p.cells().iter().all(|&c| c <= 4));
        }
        let again = color_picture(30, 30, 4, 0.5, 3, &mut Rng::seeded(9));
        assert_eq!(again, color_picture(30, 30, 4, 0.5, 3, &mut Rng::seeded(9)));
    }
}
