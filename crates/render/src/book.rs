//! Printable books (`gridrender -o book.pdf`): puzzles laid out on pages of paper, numbered
//! and titled, drawn blank, with their answers smaller on pages after them or in a book of
//! their own.
//!
//! Each puzzle is drawn as the SVG picture gridrender makes of it and placed on the page as
//! vectors (usvg reads the picture, krilla writes the PDF, with the one font the pictures and
//! the titles use, DejaVu Sans Mono, embedded), so that a book prints the same everywhere
//! and a page looks like the picture of the same document.

use crate::error::{RenderError, Result};
use crate::{Picture, PictureOptions, Theme};
use grid_core::{Document, Kind};
use krilla::Document as Pdf;
use krilla::geom::{Point, Size, Transform};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};
use std::sync::Arc;

/// The font of the titles and of the pictures' text.
const FONT: &[u8] = include_bytes!("../fonts/DejaVuSansMono.ttf");

/// A sheet of paper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paper {
    A4,
    Letter,
}

impl Paper {
    /// Width and height in points (1/72 inch).
    fn size(self) -> (f32, f32) {
        match self {
            Paper::A4 => (595.28, 841.89),
            Paper::Letter => (612.0, 792.0),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Paper::A4 => "A4",
            Paper::Letter => "Letter",
        }
    }
}

/// Where a book's answers go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Answers {
    /// On pages after the puzzles, smaller.
    Back,
    /// Nowhere.
    None,
    /// In a book of their own.
    Separate,
}

/// How a book is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookOptions {
    pub paper: Paper,
    /// Puzzles a page; `None` fits as many as stay readable.
    pub per_page: Option<usize>,
    pub answers: Answers,
}

/// A puzzle of a book: its title, a line about it, the document drawn blank, and the
/// document drawn answered when there is an answer.
#[derive(Debug, Clone)]
pub struct Entry {
    pub title: String,
    pub about: String,
    /// Its size, for saying what fits when it does not.
    pub size: Extent,
    pub puzzle: Document,
    pub answer: Option<Document>,
}

/// A puzzle's size: cells across and down, or a polar maze's rings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    Cells(usize, usize),
    Rings(usize),
}

impl Extent {
    /// The size `fits` times this one, in words.
    fn scaled(self, fits: f32) -> String {
        let part = |n: usize| (n as f32 * fits).floor() as usize;
        match self {
            Extent::Cells(w, h) => format!("{} x {}", part(w), part(h)),
            Extent::Rings(n) => format!("{} rings", part(n)),
        }
    }
}

/// A book's files: the puzzles (with their answers at the back when asked), and the answers
/// on their own when asked.
#[derive(Debug)]
pub struct Book {
    pub puzzles: Vec<u8>,
    pub answers: Option<Vec<u8>>,
}

/// Margins a printer keeps: 15 mm.
const MARGIN: f32 = 15.0 * 72.0 / 25.4;
/// Room above each picture for its title and its line, in points.
const TITLE: f32 = 26.0;
/// Space between pictures.
const GAP: f32 = 14.0;
/// The most puzzles a page holds.
const MOST_A_PAGE: usize = 12;
/// Pixels a tile in the pictures a book is drawn from.
const PICTURE_TILE: u32 = 16;

/// The smallest a tile may print and stay readable, in points: 4 mm for a nonogram's or a
/// board's tiles (digits in them), 3 mm for a maze's cells.
fn readable_tile(kind: Kind) -> f32 {
    let mm = if kind == Kind::Maze { 3.0 } else { 4.0 };
    mm * 72.0 / 25.4
}

/// A drawn picture: its SVG read back, its size in pixels, and the least scale (points a
/// pixel) at which it stays readable.
struct Drawn {
    tree: usvg::Tree,
    size: (f32, f32),
    least: f32,
}

impl Drawn {
    fn of(doc: &Document, fonts: &Arc<usvg::fontdb::Database>) -> Result<Drawn> {
        let mut svg = Vec::new();
        let options = PictureOptions {
            cell_size: Some(PICTURE_TILE),
            thin_walls: true,
            theme: Theme::Light,
            caption: false,
        };
        crate::render_picture(doc, Picture::Svg, &options, &mut svg)?;
        let text = String::from_utf8(svg).expect("the SVG writer writes UTF-8");
        let options = usvg::Options {
            fontdb: Arc::clone(fonts),
            font_family: "DejaVu Sans Mono".into(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&text, &options)
            .map_err(|e| RenderError::Refused(format!("the picture for the book: {e}")))?;
        let size = (tree.size().width(), tree.size().height());
        Ok(Drawn {
            tree,
            size,
            least: readable_tile(doc.kind()) / PICTURE_TILE as f32,
        })
    }
}

/// A page's slots: columns and rows, and each slot's size in points.
#[derive(Debug, Clone, Copy)]
struct Grid {
    columns: usize,
    slot: (f32, f32),
}

impl Grid {
    /// The arrangement of `n` pictures on `paper` that prints them largest: the columns
    /// that give the biggest scale to the pictures `sizes`, which it returns too.
    fn best(paper: Paper, n: usize, sizes: &[(f32, f32)]) -> (Grid, f32) {
        let (w, h) = paper.size();
        let (w, h) = (w - 2.0 * MARGIN, h - 2.0 * MARGIN);
        (1..=n)
            .map(|columns| {
                let rows = n.div_ceil(columns);
                let slot = (
                    (w - GAP * (columns - 1) as f32) / columns as f32,
                    (h - GAP * (rows - 1) as f32) / rows as f32,
                );
                let grid = Grid { columns, slot };
                (grid, grid.scale(sizes))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("one column at least")
    }

    /// The scale (points a pixel) at which every picture of `sizes` fits a slot.
    fn scale(&self, sizes: &[(f32, f32)]) -> f32 {
        sizes
            .iter()
            .map(|&(w, h)| (self.slot.0 / w).min((self.slot.1 - TITLE) / h))
            .fold(f32::INFINITY, f32::min)
    }
}

/// Lays out a book of `entries`.
pub fn book(entries: &[Entry], options: &BookOptions) -> Result<Book> {
    let mut fonts = usvg::fontdb::Database::new();
    fonts.load_font_data(FONT.to_vec());
    fonts.set_monospace_family("DejaVu Sans Mono");
    fonts.set_sans_serif_family("DejaVu Sans Mono");
    let fonts = Arc::new(fonts);
    let font = Font::new(FONT.into(), 0).expect("the embedded font reads");
    let puzzles: Vec<Drawn> = entries
        .iter()
        .enumerate()
        .map(|(k, e)| {
            Drawn::of(&e.puzzle, &fonts).map_err(|err| match err {
                // Too large for a picture is far too large for a page: said as a book says it.
                RenderError::TooLarge { .. } => in_book(k, too_large(options.paper, e, None)),
                err => in_book(k, err),
            })
        })
        .collect::<Result<_>>()?;
    let per_page = per_page(options, &puzzles, entries)?;
    let answers: Vec<(usize, Drawn)> = entries
        .iter()
        .enumerate()
        .filter_map(|(k, e)| e.answer.as_ref().map(|a| (k, a)))
        .map(|(k, a)| {
            Drawn::of(a, &fonts)
                .map(|d| (k, d))
                .map_err(|err| in_book(k, err))
        })
        .collect::<Result<_>>()?;
    let mut pdf = new_pdf("Puzzles");
    let titled: Vec<(&Entry, &Drawn)> = entries.iter().zip(&puzzles).collect();
    let slots = per_page.min(titled.len());
    pages(
        &mut pdf,
        &font,
        options.paper,
        (per_page, slots),
        &titled,
        None,
    );
    // Answers are smaller: laid out twice as many a page as the puzzles.
    let answer_items: Vec<(&Entry, &Drawn)> =
        answers.iter().map(|(k, d)| (&entries[*k], d)).collect();
    let answer_page = (
        (per_page * 2).min(MOST_A_PAGE),
        (slots * 2).min(MOST_A_PAGE),
    );
    let mut separate = None;
    if !answer_items.is_empty() {
        match options.answers {
            Answers::Back => pages(
                &mut pdf,
                &font,
                options.paper,
                answer_page,
                &answer_items,
                Some("Answers"),
            ),
            Answers::Separate => {
                let mut book = new_pdf("Answers");
                pages(
                    &mut book,
                    &font,
                    options.paper,
                    answer_page,
                    &answer_items,
                    Some("Answers"),
                );
                separate = Some(finish(book)?);
            }
            Answers::None => {}
        }
    }
    Ok(Book {
        puzzles: finish(pdf)?,
        answers: separate,
    })
}

/// Why `entry`, drawn `size` pixels, cannot print readably even alone on a page of `paper`,
/// with the largest of its kind that would; `None` when it can.
fn unreadable(paper: Paper, entry: &Entry, size: (f32, f32)) -> Option<RenderError> {
    let least = readable_tile(entry.puzzle.kind()) / PICTURE_TILE as f32;
    let (_, scale) = Grid::best(paper, 1, &[size]);
    (scale < least).then(|| too_large(paper, entry, Some(scale / least)))
}

/// `entry` too large to print readably on `paper`; with `fits`, the share of it that fits a
/// page, said as the largest puzzle of its kind that would.
fn too_large(paper: Paper, entry: &Entry, fits: Option<f32>) -> RenderError {
    let mm = if entry.puzzle.kind() == Kind::Maze {
        3
    } else {
        4
    };
    let mut message = format!(
        "{} ({}) is too large to print readably on {} ({mm} mm a cell at least)",
        entry.title,
        entry.about,
        paper.name(),
    );
    if let Some(fits) = fits {
        message.push_str(&format!(
            ": at most about {} fits a page",
            entry.size.scaled(fits)
        ));
    }
    RenderError::Refused(message)
}

/// The error of the `k`th entry (from 0), saying which puzzle it is.
fn in_book(k: usize, error: RenderError) -> RenderError {
    RenderError::InBook {
        number: k + 1,
        error: Box::new(error),
    }
}

fn new_pdf(title: &str) -> Pdf {
    let mut pdf = Pdf::new();
    pdf.set_metadata(
        Metadata::new()
            .title(title.to_string())
            .creator("gridkit gridrender".to_string()),
    );
    pdf
}

fn finish(pdf: Pdf) -> Result<Vec<u8>> {
    pdf.finish()
        .map_err(|e| RenderError::Refused(format!("writing the PDF: {e:?}")))
}

/// Puzzles a page: as asked, or as many as stay readable (at most 12). A puzzle that is not
/// readable even alone on a page is refused, with the largest that would be.
fn per_page(options: &BookOptions, drawn: &[Drawn], entries: &[Entry]) -> Result<usize> {
    let readable = |n: usize| {
        drawn.iter().all(|d| {
            let (_, scale) = Grid::best(options.paper, n, &[d.size]);
            scale >= d.least
        })
    };
    for (k, d) in drawn.iter().enumerate() {
        let entry = &entries[k];
        unreadable(options.paper, entry, d.size).map_or(Ok(()), |e| Err(in_book(k, e)))?;
    }
    Ok(match options.per_page {
        Some(n) => n,
        None => (1..=MOST_A_PAGE.min(drawn.len().max(1)))
            .rev()
            .find(|&n| readable(n))
            .unwrap_or(1),
    })
}

/// The pages of `items`, `per_page` a page laid out as `slots` slots, each picture scaled to
/// fit its slot, titled; with a heading on each page when given.
fn pages(
    pdf: &mut Pdf,
    font: &Font,
    paper: Paper,
    (per_page, slots): (usize, usize),
    items: &[(&Entry, &Drawn)],
    heading: Option<&str>,
) {
    let (w, h) = paper.size();
    for chunk in items.chunks(per_page.max(1)) {
        let sizes: Vec<(f32, f32)> = chunk.iter().map(|(_, d)| d.size).collect();
        let (grid, _) = Grid::best(paper, slots, &sizes);
        let mut page = pdf.start_page_with(PageSettings::new(
            Size::from_wh(w, h).expect("paper has a size"),
        ));
        let mut surface = page.surface();
        let top = match heading {
            Some(text) => {
                surface.draw_text(
                    Point::from_xy(MARGIN, MARGIN - 10.0),
                    font.clone(),
                    12.0,
                    text,
                    false,
                    TextDirection::Auto,
                );
                MARGIN + 4.0
            }
            None => MARGIN,
        };
        for (i, (entry, drawn)) in chunk.iter().enumerate() {
            let (column, row) = (i % grid.columns, i / grid.columns);
            let x = MARGIN + column as f32 * (grid.slot.0 + GAP);
            let y = top + row as f32 * (grid.slot.1 + GAP);
            let title = if entry.about.is_empty() {
                entry.title.clone()
            } else {
                format!("{}  {}", entry.title, entry.about)
            };
            surface.draw_text(
                Point::from_xy(x, y + 12.0),
                font.clone(),
                11.0,
                &title,
                false,
                TextDirection::Auto,
            );
            // Each picture as large as its slot allows, centred across it.
            let scale = (grid.slot.0 / drawn.size.0).min((grid.slot.1 - TITLE) / drawn.size.1);
            let (pw, ph) = (drawn.size.0 * scale, drawn.size.1 * scale);
            let left = x + (grid.slot.0 - pw) / 2.0;
            surface.push_transform(&Transform::from_translate(left, y + TITLE));
            surface.draw_svg(
                &drawn.tree,
                Size::from_wh(pw, ph).expect("a picture has a size"),
                SvgSettings::default(),
            );
            surface.pop();
        }
        surface.finish();
        page.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pictures_are_arranged_in_the_columns_that_print_them_largest() {
        // Four squares on A4 sit two by two; four wide strips one above another.
        let (grid, _) = Grid::best(Paper::A4, 4, &[(100.0, 100.0); 4]);
        assert_eq!(grid.columns, 2);
        let (grid, _) = Grid::best(Paper::A4, 4, &[(400.0, 50.0); 4]);
        assert_eq!(grid.columns, 1);
        // One picture fills the page between the margins, less the title's room.
        let (_, scale) = Grid::best(Paper::Letter, 1, &[(100.0, 100.0)]);
        assert!((scale - (612.0 - 2.0 * MARGIN) / 100.0).abs() < 1e-3);
    }

    #[test]
    fn what_fits_is_said_in_the_puzzles_own_terms() {
        assert_eq!(Extent::Cells(200, 100).scaled(0.3), "60 x 30");
        assert_eq!(Extent::Rings(60).scaled(0.5), "30 rings");
    }
}
