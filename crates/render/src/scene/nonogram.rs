//! The scene of a nonogram, black and white or in colour, as puzzle books print one.

use super::{Mode, Scene};
use crate::ink::Ink;
use grid_core::Grid;
use grid_core::nonogram_doc::cell::{BLANK, BLANK_HERE, FILLED_HERE, UNKNOWN};
use grid_core::nonogram_doc::{Block, ColorClues};

/// The cells of a nonogram drawn on its grid: those given or known, and the answer (the
/// solved grid, or the key), which an HTML page can hide.
#[derive(Debug, Clone, Copy, Default)]
pub struct NonogramCells<'a> {
    pub known: Option<&'a Grid<u8>>,
    pub answer: Option<&'a Grid<u8>>,
}

/// A nonogram as puzzle books print it: the column clues stacked above, the row clues to the
/// left, and the grid with its filled cells.
pub fn nonogram(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    cells: NonogramCells,
    tile: u32,
    mode: Mode,
) -> Scene {
    let (w, h) = (cols.len() as u32, rows.len() as u32);
    let (mut scene, left, top) = nonogram_clues(rows, cols, tile, mode);
    if let Some(g) = cells.known {
        nonogram_cells(&mut scene, g, (left, top), tile, |_| Ink::Filled);
    }
    if let Some(g) = cells.answer {
        scene.answer_layer(|scene| nonogram_cells(scene, g, (left, top), tile, |_| Ink::Filled));
    }
    grid_lines(&mut scene, (left, top), (w, h), tile);
    scene
}

/// A colour nonogram as puzzle books print one: each clue a square of its colour with the
/// number on it, and each cell in its colour.
pub fn color_nonogram(clues: &ColorClues, cells: NonogramCells, tile: u32, mode: Mode) -> Scene {
    let (w, h) = (clues.cols.len() as u32, clues.rows.len() as u32);
    let items = |line: &Vec<Block>| line.iter().filter(|b| b.len > 0).count() as u32;
    let left = clues.rows.iter().map(items).max().unwrap_or(0).max(1) * tile + tile / 4;
    let top = clues.cols.iter().map(items).max().unwrap_or(0).max(1) * tile + tile / 4;
    let mut scene = Scene::new(left + w * tile + 1, top + h * tile + 1, mode);
    scene.colors = clues.palette.swatches().iter().map(|s| s.rgb).collect();
    let size = tile * 3 / 5;
    let char_w = size * 3 / 5 + size / 5;
    let square = |scene: &mut Scene, x: u32, y: u32, block: &Block| {
        // A frame of the grid's ink keeps a pale colour's square visible on a pale ground.
        let inset = (tile / 10).max(1);
        let side = tile - 2 * inset;
        scene.rect(x + inset - 1, y + inset - 1, side + 2, side + 2, Ink::Grid);
        scene.rect(x + inset, y + inset, side, side, Ink::Puzzle(block.color));
        let text = block.len.to_string();
        let tx = x + tile.saturating_sub(text.len() as u32 * char_w) / 2;
        scene.text(
            tx,
            y + (tile - size) / 2,
            size,
            text,
            Ink::OnPuzzle(block.color),
        );
    };
    for (r, line) in clues.rows.iter().enumerate() {
        let line: Vec<&Block> = line.iter().filter(|b| b.len > 0).collect();
        let y = top + r as u32 * tile;
        let start = left - tile / 4 - line.len() as u32 * tile;
        for (i, block) in line.iter().enumerate() {
            square(&mut scene, start + i as u32 * tile, y, block);
        }
    }
    for (c, line) in clues.cols.iter().enumerate() {
        let line: Vec<&Block> = line.iter().filter(|b| b.len > 0).collect();
        let x = left + c as u32 * tile;
        let start = top - tile / 4 - line.len() as u32 * tile;
        for (i, block) in line.iter().enumerate() {
            square(&mut scene, x, start + i as u32 * tile, block);
        }
    }
    let ink = |name: u8| clues.palette.find(name).map_or(Ink::Filled, Ink::Puzzle);
    if let Some(g) = cells.known {
        nonogram_cells(&mut scene, g, (left, top), tile, ink);
    }
    if let Some(g) = cells.answer {
        scene.answer_layer(|scene| nonogram_cells(scene, g, (left, top), tile, ink));
    }
    grid_lines(&mut scene, (left, top), (w, h), tile);
    scene
}

/// A black-and-white nonogram's clues: a scene with room for the grid, and where the grid
/// starts (left, top).
fn nonogram_clues(
    rows: &[Vec<u32>],
    cols: &[Vec<u32>],
    tile: u32,
    mode: Mode,
) -> (Scene, u32, u32) {
    let label = |line: &Vec<u32>| -> Vec<String> {
        let clues: Vec<String> = line
            .iter()
            .filter(|&&n| n > 0)
            .map(u32::to_string)
            .collect();
        if clues.is_empty() {
            vec!["0".into()]
        } else {
            clues
        }
    };
    let row_labels: Vec<String> = rows.iter().map(|r| label(r).join(" ")).collect();
    let col_labels: Vec<Vec<String>> = cols.iter().map(label).collect();
    let size = tile * 3 / 5;
    let char_w = size * 3 / 5 + size / 5;
    let left = row_labels.iter().map(|l| l.len() as u32).max().unwrap_or(1) * char_w + tile / 2;
    let top = col_labels.iter().map(|c| c.len() as u32).max().unwrap_or(1) * tile;
    let (w, h) = (cols.len() as u32, rows.len() as u32);
    let mut scene = Scene::new(left + w * tile + 1, top + h * tile + 1, mode);
    for (r, text) in row_labels.iter().enumerate() {
        let x = left - tile / 4 - text.len() as u32 * char_w;
        scene.text(
            x,
            top + r as u32 * tile + (tile - size) / 2,
            size,
            text.clone(),
            Ink::Text,
        );
    }
    for (c, clues) in col_labels.iter().enumerate() {
        for (i, clue) in clues.iter().rev().enumerate() {
            let digits = clue.len() as u32;
            let size = column_clue_size(size, tile, digits, mode);
            let width = digits * (size * 3 / 5 + size / 5);
            let x = left + c as u32 * tile + tile.saturating_sub(width) / 2;
            let y = top - (i as u32 + 1) * tile + (tile - size) / 2;
            scene.text(x, y, size, clue.clone(), Ink::Text);
        }
    }
    (scene, left, top)
}

/// The size a column clue of `digits` digits is set at: the row clues' `size`, or smaller
/// where it must be, as puzzle books do, so that the numbers of neighbouring columns keep
/// apart: within seven eighths of a column. Drawn as shapes, a character is the SVG's
/// monospace font at six fifths of the size, 0.6 of that across (so a 16 pixel tile's two
/// digits keep the one digit's size); painted in pixels, it is four fifths of the size
/// across, in the built-in font's steps of 5 pixels, so that a PNG draws it no smaller than
/// it has to.
fn column_clue_size(size: u32, tile: u32, digits: u32, mode: Mode) -> u32 {
    match mode {
        Mode::Shapes => size.min(tile * 7 * 25 / (8 * 18 * digits)).max(1),
        Mode::Pixels => match size.min(tile * 35 / (32 * digits)) {
            fits if fits == size => size,
            fits @ 5.. => fits / 5 * 5,
            fits => fits.max(1),
        },
    }
}

/// The cells of a nonogram's grid, each filled cell in the ink `filled` gives its name.
fn nonogram_cells(
    scene: &mut Scene,
    g: &Grid<u8>,
    (left, top): (u32, u32),
    tile: u32,
    filled: impl Fn(u8) -> Ink,
) {
    {
        // In a grid still being solved (a puzzle with givens, a solver's partial answer) a
        // known blank cell is dotted, as players mark them, so that it is not taken for an
        // unknown one; a finished grid stays clean.
        let partial = g.cells().contains(&UNKNOWN);
        for p in g.positions() {
            let (x, y) = (left + p.col as u32 * tile, top + p.row as u32 * tile);
            match g[p] {
                BLANK if partial => {
                    // A small cross, as players mark a blank: a dot a pixel wide vanishes on
                    // paper.
                    let (arm, t) = ((tile / 2).max(3), (tile / 12).max(1));
                    let (cx, cy) = (x + tile / 2, y + tile / 2);
                    scene.rect(cx - arm / 2, cy - t / 2, arm, t, Ink::Text);
                    scene.rect(cx - t / 2, cy - arm / 2, t, arm, Ink::Text);
                }
                // Where the solutions disagree: a frame for the first one's filled cell, a
                // dot for its blank one.
                FILLED_HERE => {
                    let t = (tile / 5).max(1);
                    scene.rect(x, y, tile, t, Ink::Filled);
                    scene.rect(x, y + tile - t, tile, t, Ink::Filled);
                    scene.rect(x, y, t, tile, Ink::Filled);
                    scene.rect(x + tile - t, y, t, tile, Ink::Filled);
                }
                BLANK_HERE => {
                    let d = (tile / 4).max(1);
                    scene.rect(x + (tile - d) / 2, y + (tile - d) / 2, d, d, Ink::Filled);
                }
                BLANK | UNKNOWN => {}
                name => scene.rect(x, y, tile, tile, filled(name)),
            }
        }
    }
}

/// The grid's lines, every fifth one thicker, as puzzle books rule them.
fn grid_lines(scene: &mut Scene, (left, top): (u32, u32), (w, h): (u32, u32), tile: u32) {
    for i in 0..=w {
        let thick = if i % 5 == 0 { 2 } else { 1 };
        scene.rect(left + i * tile, top, thick, h * tile + 1, Ink::Grid);
    }
    for i in 0..=h {
        let thick = if i % 5 == 0 { 2 } else { 1 };
        scene.rect(left, top + i * tile, w * tile + 1, thick, Ink::Grid);
    }
}

#[cfg(test)]
mod nonogram_tests {
    use super::*;
    use crate::ink::{Theme, ink_index};
    use crate::scene::Shape;
    use grid_core::nonogram_doc::{Palette, Swatch};

    #[test]
    fn two_digits_keep_the_one_digits_size_where_the_font_lets_them() {
        // A 16 pixel tile sets clues at 9 pixels.
        assert_eq!(column_clue_size(9, 16, 1, Mode::Shapes), 9);
        assert_eq!(column_clue_size(9, 16, 2, Mode::Shapes), 9);
        assert!(column_clue_size(9, 16, 3, Mode::Shapes) < 9);
        // The built-in pixel font is wider: two digits step down to 5 pixels.
        assert_eq!(column_clue_size(9, 16, 2, Mode::Pixels), 5);
    }

    /// Two-digit column clues side by side keep apart: each number ends a tenth of a tile
    /// or more before the next begins.
    #[test]
    fn two_digit_column_clues_do_not_run_together() {
        let tile = 20;
        let cols = vec![vec![10], vec![17], vec![1]];
        let scene = nonogram(
            &[vec![10, 17]],
            &cols,
            NonogramCells::default(),
            tile,
            Mode::Shapes,
        );
        let mut spans: Vec<(u32, u32, u32)> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Text {
                    x, size, text, y, ..
                } if *y < tile => Some((
                    *x,
                    // The SVG's monospace at six fifths of the size, 0.6 of that across.
                    *x + (text.len() as u32 * size * 18).div_ceil(25),
                    *size,
                )),
                _ => None,
            })
            .collect();
        spans.sort();
        assert_eq!(spans.len(), 3, "{spans:?}");
        for pair in spans.windows(2) {
            assert!(pair[0].1 + tile / 10 <= pair[1].0, "{spans:?}");
        }
        // Two digits fit a 20 pixel column at the one digit's size, and keep it.
        assert!(spans.iter().all(|s| s.2 == spans[2].2), "{spans:?}");
    }

    /// A known blank cell among unknown ones is marked by a cross a third of a tile or more
    /// across, which prints; not by a dot.
    #[test]
    fn a_known_blank_is_a_cross() {
        let grid = Grid::from_vec(2, 1, b"?.".to_vec()).unwrap();
        let cells = NonogramCells {
            known: Some(&grid),
            answer: None,
        };
        let scene = nonogram(&[vec![1]], &[vec![1], vec![]], cells, 24, Mode::Shapes);
        let marks: Vec<(u32, u32)> = scene
            .shapes
            .iter()
            .filter_map(|s| match s {
                Shape::Rect {
                    w,
                    h,
                    ink: Ink::Text,
                    ..
                } => Some((*w, *h)),
                _ => None,
            })
            .collect();
        assert_eq!(marks.len(), 2, "{marks:?}");
        assert!(marks.iter().any(|&(w, h)| w >= 8 && h < w), "{marks:?}");
        assert!(marks.iter().any(|&(w, h)| h >= 8 && w < h), "{marks:?}");
    }

    /// Cells drawn as known, with no answer layer.
    fn known(grid: &Grid<u8>) -> NonogramCells<'_> {
        NonogramCells {
            known: Some(grid),
            answer: None,
        }
    }

    /// A 2 x 1 puzzle, red then green: its clues and palette.
    fn red_green() -> ColorClues {
        let palette = Palette::new(vec![
            Swatch {
                name: b'r',
                rgb: [214, 39, 40],
            },
            Swatch {
                name: b'g',
                rgb: [44, 160, 44],
            },
        ])
        .unwrap();
        let (g, r) = (1, 2);
        ColorClues {
            palette,
            rows: vec![vec![Block { len: 1, color: r }, Block { len: 1, color: g }]],
            cols: vec![
                vec![Block { len: 1, color: r }],
                vec![Block { len: 1, color: g }],
            ],
        }
    }

    #[test]
    fn colour_cells_and_clues_are_painted_in_the_puzzles_colours() {
        let clues = red_green();
        let grid = Grid::from_vec(2, 1, b"rg".to_vec()).unwrap();
        let scene = color_nonogram(&clues, known(&grid), 20, Mode::Pixels);
        let palette = scene.palette(Theme::Light);
        let canvas = scene.canvas.as_ref().unwrap();
        let at = |x: u32, y: u32| palette[canvas.at(x, y) as usize];
        // The grid starts after the clue squares (two for the row, one for a column) and a
        // quarter tile.
        let (left, top) = (2 * 20 + 5, 20 + 5);
        assert_eq!(at(left + 10, top + 10), [214, 39, 40]);
        assert_eq!(at(left + 30, top + 10), [44, 160, 44]);
        // The row's clues: the red square, then the green one, left of the grid.
        let clue_y = top + 4;
        assert_eq!(at(4, clue_y), [214, 39, 40]);
        assert_eq!(at(24, clue_y), [44, 160, 44]);
        // Unknown cells are left as the ground.
        let open = Grid::from_vec(2, 1, b"??".to_vec()).unwrap();
        let scene = color_nonogram(&clues, known(&open), 20, Mode::Pixels);
        let canvas = scene.canvas.as_ref().unwrap();
        let ground = canvas.at(left + 10, top + 10);
        assert_eq!(ground, ink_index(Ink::Background));
    }

    #[test]
    fn text_on_a_colour_is_black_or_white_whichever_reads() {
        let mut clues = red_green();
        clues.palette = Palette::new(vec![
            Swatch {
                name: b'y',
                rgb: [250, 230, 60],
            },
            Swatch {
                name: b'n',
                rgb: [10, 20, 90],
            },
        ])
        .unwrap();
        let scene = color_nonogram(&clues, NonogramCells::default(), 20, Mode::Shapes);
        assert_eq!(scene.rgb(Theme::Light, Ink::OnPuzzle(2)), [0, 0, 0]);
        assert_eq!(scene.rgb(Theme::Light, Ink::OnPuzzle(1)), [255, 255, 255]);
    }

    /// The rectangles of ink `ink` inside the grid's cells.
    fn marks(grid: &[u8], ink: Ink) -> usize {
        let g = Grid::from_vec(2, 1, grid.to_vec()).unwrap();
        let scene = nonogram(&[vec![1]], &[vec![1], vec![]], known(&g), 20, Mode::Shapes);
        scene
            .shapes
            .iter()
            .filter(|s| matches!(s, Shape::Rect { ink: i, .. } if *i == ink))
            .count()
    }

    #[test]
    fn known_blanks_are_marked_only_while_cells_are_unknown() {
        // A given blank beside an unknown cell is marked (a cross of two bars); in a
        // finished grid it is not.
        assert_eq!(marks(b"?.", Ink::Text), 2);
        assert_eq!(marks(b"#.", Ink::Text), 0);
        assert_eq!(marks(b"??", Ink::Text), 0);
    }
}
