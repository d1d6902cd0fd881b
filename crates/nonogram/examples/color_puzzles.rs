//! Writes random colour puzzles as Olšák `.g` files (which nonogrid reads) and as grid
//! documents, for bench/color-nonogram.sh:
//!
//!   cargo run --release -p grid-nonogram --example color_puzzles -- DIR
//!
//! Each puzzle is random noise (half the cells coloured, each in one of the colours at
//! random) or patches (the same share, in shapes a tenth of the side across), from a fixed
//! seed, so the set is the same on every machine.

use grid_core::Rng;
use grid_core::nonogram_doc::{ColorClues, NonogramDoc, Palette, Swatch};
use grid_nonogram::color::ColorPuzzle;
use grid_nonogram::formats::{ColorWords, write};
use grid_nonogram::generate::color_picture;

/// Ten well-separated colours (the category10 palette).
const RGB: [[u8; 3]; 6] = [
    [214, 39, 40],
    [44, 160, 44],
    [31, 119, 180],
    [255, 127, 14],
    [148, 103, 189],
    [140, 86, 75],
];
const NAMES: [u8; 6] = *b"rgbopn";

fn main() {
    let dir = std::env::args().nth(1).expect("usage: color_puzzles DIR");
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let sets: [(&str, usize, u8, usize); 8] = [
        ("noise", 20, 3, 0),
        ("noise", 30, 4, 0),
        ("noise", 40, 5, 0),
        ("noise", 50, 6, 0),
        ("patches", 20, 3, 2),
        ("patches", 30, 4, 3),
        ("patches", 40, 5, 4),
        ("patches", 50, 6, 5),
    ];
    for (kind, side, colors, radius) in sets {
        for seed in 0..5u64 {
            let mut rng = Rng::seeded(seed * 1000 + side as u64);
            let picture = color_picture(side, side, colors, 0.5, radius, &mut rng);
            let palette = Palette::new(
                (0..usize::from(colors))
                    .map(|i| Swatch {
                        name: NAMES[i],
                        rgb: RGB[i],
                    })
                    .collect(),
            )
            .expect("distinct names");
            let puzzle = ColorPuzzle::from_picture(palette, &picture);
            let name = format!("{kind}-{side}x{side}-{colors}c-{seed}");
            let title = format!("{kind} {side}x{side}, {colors} colours, seed {seed}");
            let g = write::color_g(&puzzle, Some(&title), &ColorWords::default());
            std::fs::write(format!("{dir}/{name}.g"), g).expect("written");
            let color = ColorClues {
                palette: puzzle.palette().clone(),
                rows: puzzle.rows().to_vec(),
                cols: puzzle.cols().to_vec(),
            };
            let view = NonogramDoc {
                clues: color.lengths(),
                color: Some(color),
                grid: None,
            };
            let doc = view.to_document();
            std::fs::write(format!("{dir}/{name}.json"), doc.to_json() + "\n").expect("written");
        }
    }
}
