//! What fits a page when a puzzle does not: the largest size of the same kind that the book
//! then takes, found by the book's own test (its picture at the page's one scale, its tiles
//! no smaller than readable) on the picture a puzzle of that size would have.

use super::layout::{Grid, Item};
use super::{BookError, Entry, Extent, Paper};
use crate::{Picture, render_picture};
use grid_core::{Document, Kind};

/// How large the picture of a puzzle like another is at another size.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Model {
    /// In proportion to its cells, keeping `margin` pixels: a maze's or a board's picture
    /// is its cells (a picture sized from its drawing's refusal, not drawn, keeps a tile of
    /// border: `mazegen 2000` fits 59, as `mazegen 59` is drawn).
    Scaled { margin: f32 },
    /// A nonogram with the most clues its lines can hold, drawn: one-cell blocks, in two
    /// colours taking turns when it has two or more (blocks of different colours touch),
    /// drawn as its own clues are (digits, or squares of colour).
    /// Its clues' room does not grow in proportion to its cells, and a size said to fit
    /// must fit whatever its clues.
    Nonogram { colors: usize },
    /// A maze on another tiling than the square and polar ones, drawn blank at the size
    /// tried: the margins that hold its labels and seam letters, and the gap between
    /// levels, do not shrink with its cells. `margin` as for [`Model::Scaled`], for the first guess.
    Tiled { margin: f32 },
}

impl Model {
    /// The model for `doc`'s picture; `margin` as for [`Model::Scaled`].
    pub fn of(doc: &Document, margin: f32) -> Model {
        match doc.kind() {
            Kind::Nonogram => Model::Nonogram {
                colors: doc
                    .value("colors")
                    .ok()
                    .flatten()
                    .and_then(|c| c.as_object().map(|o| o.len()))
                    .unwrap_or(0),
            },
            Kind::Maze if drawn_blank(doc) => Model::Tiled { margin },
            Kind::Maze | Kind::Mines => Model::Scaled { margin },
        }
    }

    /// The size in pixels of `item`, `entry`'s picture, were the puzzle `fits` in size
    /// (`k` cells on its larger side); nothing when it cannot be drawn.
    fn pixels(self, entry: &Entry, item: &Item, fits: Extent, k: usize) -> Option<(f32, f32)> {
        match self {
            Model::Tiled { .. } => picture_size(&blank_maze(&entry.puzzle, fits)?),
            Model::Scaled { margin } => {
                let f = k as f32 / entry.size.largest().max(1) as f32;
                Some((item.size.0 * f + margin, item.size.1 * f + margin))
            }
            Model::Nonogram { colors } => {
                let Extent::Cells(w, h) = fits else {
                    return None;
                };
                picture_size(&most_clues(w.max(1), h.max(1), colors))
            }
        }
    }
}

/// Why `item`, `entry`'s picture, cannot be read alone on a page of `paper`, with the
/// largest size of its shape that could; nothing when it can.
pub(super) fn unreadable(
    entry: &Entry,
    item: &Item,
    least_mm: u32,
    paper: Paper,
    model: Model,
) -> Option<BookError> {
    let readable = |item: &Item| Grid::best(paper, 1, std::slice::from_ref(item)).1 >= item.least;
    if readable(item) {
        return None;
    }
    let largest = entry.size.largest().max(1);
    let at = |k: usize| entry.size.scaled(k, largest);
    let fits = |model: Model, size: Extent, k: usize| {
        model.pixels(entry, item, size, k).is_some_and(|size| {
            readable(&Item {
                size,
                ..item.clone()
            })
        })
    };
    let scaled = |model: Model| move |k: usize| fits(model, at(k), k);
    let lo = match model {
        // A tiled maze is drawn for each size tried, up to a little past the size found in
        // proportion (which its margins only make smaller).
        Model::Tiled { margin } => {
            let guess = largest_fitting(scaled(Model::Scaled { margin }), largest);
            largest_fitting(scaled(model), largest.min(guess + 2 + guess / 10))
        }
        _ => largest_fitting(scaled(model), largest),
    };
    let mut fitting = at(lo);
    // Levels too many for a page at one cell each: fewer of them, as large as they are.
    if let (Extent::Levels(levels, w, h), false) = (entry.size, fits(model, fitting, lo)) {
        let of = |m: usize| Extent::Levels(m, w, h);
        let m = largest_fitting(|m| fits(model, of(m), largest), levels);
        if fits(model, of(m), largest) {
            fitting = of(m);
        }
    }
    Some(BookError::TooLarge {
        number: entry.number,
        size: entry.size,
        paper,
        least_mm,
        fits: fitting,
        whatever_clues: matches!(model, Model::Nonogram { .. }),
    })
}

/// The largest k from 1 to `most` that `fits`, by halving (a size that fits is the same as
/// one small enough); 1 when none does.
fn largest_fitting(fits: impl Fn(usize) -> bool, most: usize) -> usize {
    let (mut lo, mut hi) = (1, most.max(1));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) { lo = mid } else { hi = mid - 1 }
    }
    lo
}

/// A `width` x `height` nonogram whose every line holds the most clues it can: a
/// checkerboard of one-cell blocks, black, in a puzzle's one colour (drawn as colour clues
/// are, a square each), or in two colours taking turns.
fn most_clues(width: usize, height: usize, colors: usize) -> Document {
    use serde_json::{Value, json};
    let line = |n: usize, other: usize| -> Vec<Value> {
        match colors {
            // Every other cell, from the first.
            0 => vec![json!(1); n.div_ceil(2)],
            1 => vec![json!([1, "a"]); n.div_ceil(2)],
            // Every cell a block, the colours taking turns.
            _ => (0..n)
                .map(|i| {
                    let name = ["a", "b"][(i + other) % 2];
                    json!([1, name])
                })
                .collect(),
        }
    };
    let mut doc = json!({
        "kind": "nonogram",
        "version": 1,
        "width": width,
        "height": height,
        "clues": {
            "rows": (0..height).map(|r| line(width, r)).collect::<Vec<_>>(),
            "cols": (0..width).map(|c| line(height, c)).collect::<Vec<_>>(),
        },
    });
    match colors {
        0 => {}
        1 => doc["colors"] = json!({"a": "#d62728"}),
        _ => doc["colors"] = json!({"a": "#d62728", "b": "#1f77b4"}),
    }
    Document::from_json(&doc.to_string()).expect("a nonogram document")
}

/// Whether `maze`'s size that fits is found on blank mazes drawn: every tiling but the
/// square one (whose picture is its cells) and the polar one (whose rings a size cannot
/// say alone).
fn drawn_blank(maze: &Document) -> bool {
    use grid_core::tiling::{Tiling, tiling_of};
    !matches!(tiling_of(maze), Ok(Tiling::Square | Tiling::Polar) | Err(_))
}

/// `maze`, a maze on another tiling than the square and polar ones, made `size` and
/// blank (every passage shut), for its picture's size; nothing for any other maze.
fn blank_maze(maze: &Document, size: Extent) -> Option<Document> {
    use grid_core::tiling::{Tiling, tiling_of};
    let tiling = tiling_of(maze).ok()?;
    let mut blank = maze.clone();
    let (w, h, rows) = match (tiling, size) {
        (
            Tiling::Hex | Tiling::Triangle | Tiling::Octagon | Tiling::Wrapped,
            Extent::Cells(w, h),
        ) => (w, h, h),
        (Tiling::Levels, Extent::Levels(l, w, h)) => {
            blank.set("levels", l.max(1));
            (w, h, l.max(1) * h.max(1))
        }
        (Tiling::Cube, Extent::Cube(n)) => (n, n, 6 * n),
        _ => return None,
    };
    let (w, h) = (w.max(1), h.max(1));
    for field in ["solution", "trace", "stats", "start", "goal", "mask"] {
        blank.remove(field);
    }
    blank.set("width", w);
    blank.set("height", h);
    blank.set("cells", vec!["0".repeat(w); rows.max(h)]);
    Some(blank)
}

/// The size in pixels of `doc`'s picture in a book; nothing when it cannot be drawn.
fn picture_size(doc: &Document) -> Option<(f32, f32)> {
    let mut svg = Vec::new();
    render_picture(doc, Picture::Svg, &super::picture_options(), &mut svg).ok()?;
    let text = String::from_utf8(svg).ok()?;
    let tree = usvg::Tree::from_str(&text, &usvg::Options::default()).ok()?;
    Some((tree.size().width(), tree.size().height()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checkerboard's lines hold what a line of their length can at most: ceil(n / 2)
    /// black blocks, n blocks in colour.
    #[test]
    fn the_most_clues_fill_every_line() {
        let doc = most_clues(5, 4, 0);
        let clues = doc.value("clues").unwrap().unwrap();
        assert_eq!(clues["rows"][0].as_array().unwrap().len(), 3);
        assert_eq!(clues["cols"][0].as_array().unwrap().len(), 2);
        let doc = most_clues(5, 4, 3);
        let clues = doc.value("clues").unwrap().unwrap();
        assert_eq!(clues["rows"][1].as_array().unwrap().len(), 5);
        assert!(picture_size(&doc).is_some());
    }
}
