//! Printable books (`gridrender -o book.pdf`): puzzles laid out on pages of paper, numbered
//! and titled, drawn blank, with their answers smaller on pages after them or in a book of
//! their own.
//!
//! Each puzzle is drawn as the SVG picture gridrender makes of it and placed on the page as
//! vectors (usvg reads the picture, krilla writes the PDF, with the one font the pictures and
//! the titles use, DejaVu Sans Mono, embedded), so that a book prints the same everywhere
//! and a page looks like the picture of the same document.

mod beyond;
mod fit;
mod layout;
mod text;

use crate::error::RenderError;
use crate::{Picture, PictureOptions, Theme};
use fit::{Model, unreadable};
use grid_core::{Document, Kind};
use krilla::Document as Pdf;
use krilla::geom::{Point, Size, Transform};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::text::{Font, TextDirection};
use krilla_svg::{SurfaceExt, SvgSettings};
use layout::{Item, MARGIN};
use std::fmt;
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

impl fmt::Display for Paper {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

/// A puzzle of a book: its number, its title when it has one, a line about it, the document
/// drawn blank, and the document drawn answered when there is an answer.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its place in the book, from 1: printed over the puzzle and over its answer, so that
    /// the answer is found by number.
    pub number: usize,
    /// The document's own title (`meta.title`), printed after the number.
    pub title: Option<String>,
    pub about: String,
    /// Its size, for saying what fits when it does not.
    pub size: Extent,
    pub puzzle: Document,
    pub answer: Option<Document>,
}

impl Entry {
    /// "Puzzle 7", or "Puzzle 7: Mushroom" for a titled one.
    pub fn heading(&self) -> String {
        match &self.title {
            Some(title) => format!("Puzzle {}: {title}", self.number),
            None => format!("Puzzle {}", self.number),
        }
    }
}

/// A puzzle's size: cells across and down, a polar maze's rings, a maze's levels of cells
/// across and down, or a cube's faces of cells a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Extent {
    Cells(usize, usize),
    Rings(usize),
    Levels(usize, usize, usize),
    Cube(usize),
}

impl Extent {
    /// This size scaled so that its larger side is `k` of `largest`, each side rounded down
    /// in whole numbers (a float's 0.59 times 100 is 58.99...; a maze keeps its levels: they
    /// stand side by side, and fewer would be another maze).
    fn scaled(self, k: usize, largest: usize) -> Extent {
        let part = |n: usize| n * k / largest.max(1);
        match self {
            Extent::Cells(w, h) => Extent::Cells(part(w), part(h)),
            Extent::Rings(n) => Extent::Rings(part(n)),
            Extent::Levels(l, w, h) => Extent::Levels(l, part(w), part(h)),
            Extent::Cube(n) => Extent::Cube(part(n)),
        }
    }
}

impl Extent {
    /// Its larger side in cells, or its rings.
    fn largest(self) -> usize {
        match self {
            Extent::Cells(w, h) | Extent::Levels(_, w, h) => w.max(h),
            Extent::Rings(n) | Extent::Cube(n) => n,
        }
    }

    /// The verb that agrees with this size as a subject: "31 x 31 fits", "29 rings fit",
    /// "3 levels of 9 x 9 fit", "a cube of 8 x 8 faces fits".
    fn verb(self, one: &'static str, many: &'static str) -> &'static str {
        match self {
            Extent::Cells(..) | Extent::Rings(1) | Extent::Levels(1, ..) | Extent::Cube(_) => one,
            Extent::Rings(_) | Extent::Levels(..) => many,
        }
    }

    /// About the size of a picture of this many cells at `tile` pixels a cell: levels a
    /// cell apart side by side, a cube's net four faces across and three down.
    fn pixels(self, tile: u32) -> (f32, f32) {
        let tile = tile as f32;
        match self {
            Extent::Cells(w, h) => (w as f32 * tile, h as f32 * tile),
            Extent::Rings(n) => (2.0 * n as f32 * tile, 2.0 * n as f32 * tile),
            Extent::Levels(l, w, h) => ((l * (w + 1)) as f32 * tile, h as f32 * tile),
            Extent::Cube(n) => (4.0 * n as f32 * tile, 3.0 * n as f32 * tile),
        }
    }
}

impl fmt::Display for Extent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Extent::Cells(w, h) => write!(f, "{w} x {h}"),
            Extent::Rings(n) => write!(f, "{n} rings"),
            Extent::Levels(1, w, h) => write!(f, "1 level of {w} x {h}"),
            Extent::Levels(l, w, h) => write!(f, "{l} levels of {w} x {h}"),
            Extent::Cube(n) => write!(f, "a cube of {n} x {n} faces"),
        }
    }
}

/// Why a book could not be made. The figures are the puzzle's and the paper's; the tool
/// says which flag to change.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    /// A puzzle that is not readable even alone on a page. `fits` is the largest size of its
    /// shape that the book takes: about, for a maze or a board, whose picture is its cells;
    /// `whatever_clues` for a nonogram, whose clues take more room the more they are, so
    /// that the size said is taken with the most clues its lines can hold.
    #[error(
        "Puzzle {number} ({size}) is too large to print readably on {paper} ({least_mm} mm a \
         cell at least): {}",
        fits_said(*.fits, *.whatever_clues)
    )]
    TooLarge {
        number: usize,
        size: Extent,
        paper: Paper,
        least_mm: u32,
        fits: Extent,
        whatever_clues: bool,
    },
    /// More puzzles a page than stay readable: `asked` a page would print the cells at
    /// `mm` millimetres, under `least_mm`; `most` a page stay readable.
    #[error(
        "{asked} puzzles a page would print their cells {mm:.1} mm wide, under the {least_mm} \
         mm that stays readable: at most {most} a page {}",
        if *.most == 1 { "stays readable" } else { "stay readable" }
    )]
    TooManyAPage {
        asked: usize,
        mm: f32,
        least_mm: u32,
        most: usize,
    },
    /// A puzzle's picture could not be read back for the page.
    #[error("the picture of Puzzle {number} for the book: {why}")]
    Picture { number: usize, why: String },
    /// A number a page asked of a book whose every puzzle takes a page of its own (levels
    /// side by side, a cube's net): it would change nothing.
    #[error(
        "{asked} puzzles a page were asked, and every puzzle of this book takes a page of its \
         own (levels side by side, or a cube's net)"
    )]
    EveryPuzzleAlone { asked: usize },
    /// The PDF writer failed.
    #[error("writing the PDF: {0}")]
    Pdf(String),
    /// Puzzle `number` could not be drawn at all (a document that is not one).
    #[error("{error}")]
    Drawing { number: usize, error: RenderError },
}

/// What fits a page in words: "at most about 59 x 59 fits a page", "29 rings fit", or for
/// a nonogram "a 30 x 30 puzzle fits a page whatever its clues".
fn fits_said(fits: Extent, whatever_clues: bool) -> String {
    if whatever_clues {
        format!("a {fits} puzzle fits a page whatever its clues")
    } else {
        format!("at most about {fits} {} a page", fits.verb("fits", "fit"))
    }
}

/// What making a book returns. A book is made of pictures, so its error holds a drawing's:
/// the book sits above the pictures, and the pictures know nothing of books.
pub type Result<T, E = BookError> = std::result::Result<T, E>;

/// A book's files: the puzzles (with their answers at the back when asked), and the answers
/// on their own when asked.
#[derive(Debug)]
pub struct Book {
    pub puzzles: Vec<u8>,
    pub answers: Option<Vec<u8>>,
}

/// The most puzzles a page holds.
const MOST_A_PAGE: usize = 12;
/// Pixels a tile in the pictures a book is drawn from.
const PICTURE_TILE: u32 = 16;
/// Points a millimetre.
const POINTS_A_MM: f32 = 72.0 / 25.4;
/// The size of the page numbers.
const FOOT_SIZE: f32 = 9.0;

/// Pixels a tile in `kind`'s picture at [`PICTURE_TILE`]: a board's and a nonogram's
/// tiles are drawn no smaller than the picture's least tile (`least_tile`, 24 and 20
/// pixels), so their millimetres a tile are reckoned on those.
fn tile_pixels(kind: Kind) -> f32 {
    PICTURE_TILE.max(crate::least_tile(kind)) as f32
}

/// How a book draws its pictures: at [`PICTURE_TILE`], thin walls, light, no caption.
fn picture_options() -> PictureOptions {
    PictureOptions {
        cell_size: Some(PICTURE_TILE),
        thin_walls: true,
        theme: Theme::Light,
        caption: false,
    }
}

/// The smallest a tile may print and stay readable, in millimetres: 4 mm for a nonogram's or
/// a board's tiles (digits in them), 3 mm for a maze's cells.
fn readable_mm(kind: Kind) -> u32 {
    if kind == Kind::Maze { 3 } else { 4 }
}

/// The largest a tile with a digit in it prints, in millimetres: a printed puzzle book's
/// large-print size. A maze's cells grow to fill the page.
fn largest_mm(kind: Kind) -> f32 {
    if kind == Kind::Maze {
        f32::INFINITY
    } else {
        10.0
    }
}

/// A drawn picture: its SVG read back, and how the page lays it out.
struct Drawn {
    tree: usvg::Tree,
    item: Item,
    least_mm: u32,
    /// How its picture would be sized at a size that fits.
    model: Model,
    /// Printed on a page of its own (see [`beyond::Beyond`]).
    alone: bool,
}

impl Drawn {
    /// The picture of `doc`, `entry`'s puzzle or answer. A picture too large to draw at all
    /// (too many pixels or tiles) is refused as a puzzle too large for `paper`, with the size
    /// that would fit, so that the advice is the book's and names the puzzle.
    fn of(
        entry: &Entry,
        doc: &Document,
        paper: Paper,
        fonts: &Arc<usvg::fontdb::Database>,
    ) -> Result<Drawn> {
        let mut svg = Vec::new();
        let options = picture_options();
        let beyond = beyond::beyond(doc);
        let item = |size| {
            let a_pixel = |mm: f32| mm * POINTS_A_MM / tile_pixels(doc.kind());
            Item {
                title: entry.heading(),
                about: entry.about.clone(),
                legend: beyond.as_ref().map(|b| b.legend.clone()),
                size,
                least: a_pixel(readable_mm(doc.kind()) as f32),
                largest: a_pixel(largest_mm(doc.kind())),
            }
        };
        let least_mm = readable_mm(doc.kind());
        match crate::render_picture(doc, Picture::Svg, &options, &mut svg) {
            Err(e @ (RenderError::TooLarge { .. } | RenderError::TooManyTiles { .. })) => {
                // A tiled maze's picture has the pixels the drawing said (a triangle is
                // narrower than its count of cells); else its cells at a picture's tile are
                // about its size.
                let tiled = crate::tiled_maze(doc).ok().flatten().is_some();
                let pixels = match e {
                    RenderError::TooLarge { width, height, .. } if tiled => {
                        (width as f32, height as f32)
                    }
                    _ => entry.size.pixels(PICTURE_TILE),
                };
                let too_large = item(pixels);
                return Err(unreadable(
                    entry,
                    &too_large,
                    least_mm,
                    paper,
                    Model::of(doc, PICTURE_TILE as f32),
                )
                .unwrap_or(BookError::TooLarge {
                    number: entry.number,
                    size: entry.size,
                    paper,
                    least_mm,
                    fits: entry.size,
                    whatever_clues: false,
                }));
            }
            other => other.map_err(|error| BookError::Drawing {
                number: entry.number,
                error,
            })?,
        }
        let text = String::from_utf8(svg).expect("the SVG writer writes UTF-8");
        let options = usvg::Options {
            fontdb: Arc::clone(fonts),
            font_family: "DejaVu Sans Mono".into(),
            ..usvg::Options::default()
        };
        let tree = usvg::Tree::from_str(&text, &options).map_err(|e| BookError::Picture {
            number: entry.number,
            why: e.to_string(),
        })?;
        let size = (tree.size().width(), tree.size().height());
        Ok(Drawn {
            tree,
            item: item(size),
            least_mm,
            model: Model::of(doc, 0.0),
            alone: beyond.as_ref().is_some_and(|b| b.alone),
        })
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
    let mut puzzles: Vec<Drawn> = entries
        .iter()
        .map(|e| Drawn::of(e, &e.puzzle, options.paper, &fonts))
        .collect::<Result<_>>()?;
    let big = too_big_to_share(options.paper, &puzzles);
    for (d, &big) in puzzles.iter_mut().zip(&big) {
        d.alone |= big;
    }
    let per_page = per_page(options, &puzzles, entries)?;
    let mut answers: Vec<Drawn> = Vec::new();
    for (e, &big) in entries.iter().zip(&big) {
        if let Some(answer) = &e.answer {
            let mut drawn = Drawn::of(e, answer, options.paper, &fonts)?;
            drawn.alone |= big;
            answers.push(drawn);
        }
    }
    let mut pdf = new_pdf("Puzzles");
    let shared = |drawn: &[Drawn]| drawn.iter().filter(|d| !d.alone).count().max(1);
    let slots = per_page.min(shared(&puzzles));
    let puzzle_page = Paging {
        per_page,
        slots,
        alone: 1,
    };
    let mut numbered = Numbered::new(&font, options.paper);
    numbered.pages(&mut pdf, puzzle_page, &puzzles, None);
    // Answers are smaller: laid out twice as many a page as the puzzles, in no more slots
    // than there are answers, so that a few fill their page.
    let answer_page = Paging {
        per_page: (per_page * 2).min(MOST_A_PAGE),
        slots: (slots * 2).min(MOST_A_PAGE).min(shared(&answers)),
        alone: 2,
    };
    let mut separate = None;
    if !answers.is_empty() {
        match options.answers {
            Answers::Back => numbered.pages(&mut pdf, answer_page, &answers, Some("Answers")),
            Answers::Separate => {
                let mut book = new_pdf("Answers");
                Numbered::new(&font, options.paper).pages(
                    &mut book,
                    answer_page,
                    &answers,
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
    pdf.finish().map_err(|e| BookError::Pdf(format!("{e:?}")))
}

/// Which of `drawn` take a page of their own because they are not readable two to a page,
/// when others are: one 30 x 30 nonogram among 10 x 10s would otherwise make every page
/// hold one puzzle (9 pages for six puzzles and their answers, where 4 do). In a book of
/// such puzzles alone, none is set apart: they print one a page anyway.
fn too_big_to_share(paper: Paper, drawn: &[Drawn]) -> Vec<bool> {
    let big: Vec<bool> = drawn
        .iter()
        .map(|d| {
            let two = [d.item.clone(), d.item.clone()];
            !d.alone && layout::Grid::best(paper, 2, &two).1 < d.item.least
        })
        .collect();
    let sharing = drawn.iter().zip(&big).any(|(d, &b)| !d.alone && !b);
    if sharing {
        big
    } else {
        vec![false; drawn.len()]
    }
}

/// Puzzles a page: as asked, or as many as stay readable (at most 12), every puzzle of a
/// page drawn at one scale. A puzzle that is not readable even alone on a page is refused,
/// with the largest that would be; so is a number a page that would print the cells under
/// the readable size, with the most that would not.
fn per_page(options: &BookOptions, drawn: &[Drawn], entries: &[Entry]) -> Result<usize> {
    let paper = options.paper;
    for (d, entry) in drawn.iter().zip(entries) {
        if let Some(e) = unreadable(entry, &d.item, d.least_mm, paper, d.model) {
            return Err(e);
        }
    }
    // A picture printed alone shares no page: the others set how many a page.
    let shared = || drawn.iter().filter(|d| !d.alone);
    let items: Vec<Item> = shared().map(|d| d.item.clone()).collect();
    if let (Some(asked), true) = (options.per_page, items.is_empty()) {
        return Err(BookError::EveryPuzzleAlone { asked });
    }
    let (least, least_mm) = shared()
        .map(|d| (d.item.least, d.least_mm))
        .fold((0.0, 0), |a, b| if b.0 > a.0 { b } else { a });
    let scale = |n: usize| layout::Grid::best(paper, n.min(items.len()), &items).1;
    // Alone on its page each puzzle is readable (checked above); pages of several draw
    // them at the scale of the one that fits worst, which must suit the one that needs most.
    let readable = |n: usize| n.min(items.len()) <= 1 || scale(n) >= least;
    let most = (1..=MOST_A_PAGE.min(items.len().max(1)))
        .rev()
        .find(|&n| readable(n))
        .unwrap_or(1);
    match options.per_page {
        Some(asked) if !readable(asked) => Err(BookError::TooManyAPage {
            asked,
            // The scale against the least readable one is the millimetres against the least.
            mm: scale(asked) / least * least_mm as f32,
            least_mm,
            most,
        }),
        Some(asked) => Ok(asked),
        None => Ok(most),
    }
}

/// How pages take their pictures: `per_page` a page laid out as `slots` slots, and those
/// printed alone (levels side by side, a cube's net) `alone` a page among themselves.
#[derive(Debug, Clone, Copy)]
struct Paging {
    per_page: usize,
    slots: usize,
    alone: usize,
}

impl Paging {
    /// `items` cut into pages, with the slots of each, as a puzzle book prints them: the
    /// pictures that share pages fill them in number order, those printed alone take pages
    /// of their own, and the pages go in the order of their first puzzles. So a small
    /// puzzle between two that need the page's width is never left alone on a page of
    /// slots (puzzles 1, 3 and 5 of a book whose 2 and 4 are levels share page 1, and 2 and
    /// 4 follow it).
    fn cut<T>(self, items: &[T], alone: impl Fn(&T) -> bool) -> Vec<(Vec<&T>, usize)> {
        let (alone, shared): (Vec<usize>, Vec<usize>) =
            (0..items.len()).partition(|&k| alone(&items[k]));
        let alone_slots = self.alone.min(alone.len());
        let mut pages: Vec<(&[usize], usize)> = shared
            .chunks(self.per_page.max(1))
            .map(|c| (c, self.slots))
            .chain(alone.chunks(self.alone.max(1)).map(|c| (c, alone_slots)))
            .collect();
        pages.sort_by_key(|(page, _)| page[0]);
        pages
            .into_iter()
            .map(|(page, slots)| (page.iter().map(|&k| &items[k]).collect(), slots))
            .collect()
    }
}

/// Pages that carry their number at the foot, counted across the calls that add them.
struct Numbered<'a> {
    font: &'a Font,
    paper: Paper,
    last: usize,
}

impl<'a> Numbered<'a> {
    fn new(font: &'a Font, paper: Paper) -> Self {
        Numbered {
            font,
            paper,
            last: 0,
        }
    }

    /// The pages of `items`, cut as `paging` says, with a heading on each page when given.
    fn pages(&mut self, pdf: &mut Pdf, paging: Paging, items: &[Drawn], heading: Option<&str>) {
        let (w, h) = self.paper.size();
        for (chunk, slots) in paging.cut(items, |d| d.alone) {
            self.last += 1;
            let mut page = pdf.start_page_with(PageSettings::new(
                Size::from_wh(w, h).expect("paper has a size"),
            ));
            let mut surface = page.surface();
            let font = self.font;
            if let Some(heading) = heading {
                write(&mut surface, font, (MARGIN, MARGIN - 10.0), 12.0, heading);
            }
            let number = self.last.to_string();
            let left = w / 2.0 - text::width(&number, FOOT_SIZE) / 2.0;
            write(
                &mut surface,
                font,
                (left, h - MARGIN / 2.0),
                FOOT_SIZE,
                &number,
            );
            let items: Vec<Item> = chunk.iter().map(|d| d.item.clone()).collect();
            let placed = layout::page(self.paper, slots, &items, MARGIN);
            for (drawn, place) in chunk.iter().zip(&placed) {
                for line in &place.lines {
                    write(
                        &mut surface,
                        font,
                        (line.x, line.baseline),
                        line.size,
                        &line.text,
                    );
                }
                let (pw, ph) = (
                    drawn.item.size.0 * place.scale,
                    drawn.item.size.1 * place.scale,
                );
                surface.push_transform(&Transform::from_translate(place.at.0, place.at.1));
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
}

/// A line of `text` at `size` points, its baseline starting at `at`.
fn write(
    surface: &mut krilla::surface::Surface,
    font: &Font,
    at: (f32, f32),
    size: f32,
    text: &str,
) {
    surface.draw_text(
        Point::from_xy(at.0, at.1),
        font.clone(),
        size,
        text,
        false,
        TextDirection::Auto,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The puzzle numbers on each page of a book whose puzzles print alone as `alone` says.
    fn pages(paging: Paging, alone: &[bool]) -> Vec<(Vec<usize>, usize)> {
        let numbered: Vec<(usize, bool)> = (1..).zip(alone.iter().copied()).collect();
        paging
            .cut(&numbered, |&(_, alone)| alone)
            .into_iter()
            .map(|(page, slots)| (page.iter().map(|&&(n, _)| n).collect(), slots))
            .collect()
    }

    /// The small puzzles fill the shared pages in number order, however many that need the
    /// page's width stand between them; those take pages of their own (two a page among the
    /// answers), and the pages follow their first puzzles.
    #[test]
    fn small_puzzles_share_pages_around_those_printed_alone() {
        // Flat, levels, torus, cube, Möbius strip, hex cylinder, flat.
        let book = [false, true, false, true, false, false, false];
        let puzzles = Paging {
            per_page: 6,
            slots: 5,
            alone: 1,
        };
        assert_eq!(
            pages(puzzles, &book),
            [(vec![1, 3, 5, 6, 7], 5), (vec![2], 1), (vec![4], 1)]
        );
        let answers = Paging {
            per_page: 12,
            slots: 5,
            alone: 2,
        };
        assert_eq!(
            pages(answers, &book),
            [(vec![1, 3, 5, 6, 7], 5), (vec![2, 4], 2)]
        );
        // Pages full in order: the fifth small one starts a page after the levels'.
        let four = Paging {
            per_page: 4,
            slots: 4,
            alone: 1,
        };
        assert_eq!(
            pages(four, &book),
            [
                (vec![1, 3, 5, 6], 4),
                (vec![2], 1),
                (vec![4], 1),
                (vec![7], 4)
            ]
        );
        // A book of flat puzzles only is paged as before.
        assert_eq!(
            pages(four, &[false; 5]),
            [(vec![1, 2, 3, 4], 4), (vec![5], 4)]
        );
    }

    #[test]
    fn what_fits_is_said_in_the_puzzles_own_terms() {
        assert_eq!(
            Extent::Cells(200, 100).scaled(60, 200).to_string(),
            "60 x 30"
        );
        assert_eq!(Extent::Rings(60).scaled(30, 60).to_string(), "30 rings");
        assert_eq!(
            Extent::Levels(3, 100, 80).scaled(50, 100).to_string(),
            "3 levels of 50 x 40"
        );
        assert_eq!(
            Extent::Cube(60).scaled(30, 60).to_string(),
            "a cube of 30 x 30 faces"
        );
    }

    /// The verbs agree with their subjects: "31 x 31 fits", "29 rings fit", "1 a page
    /// stays", "2 a page stay".
    #[test]
    fn the_advice_reads_as_english() {
        let large = |fits| BookError::TooLarge {
            number: 1,
            size: Extent::Rings(100),
            paper: Paper::A4,
            least_mm: 3,
            fits,
            whatever_clues: false,
        };
        let said = large(Extent::Rings(29)).to_string();
        assert!(
            said.ends_with("at most about 29 rings fit a page"),
            "{said}"
        );
        let said = large(Extent::Cells(31, 31)).to_string();
        assert!(
            said.ends_with("at most about 31 x 31 fits a page"),
            "{said}"
        );
        let many = |most| BookError::TooManyAPage {
            asked: 3,
            mm: 3.2,
            least_mm: 4,
            most,
        };
        let said = many(1).to_string();
        assert!(said.ends_with("at most 1 a page stays readable"), "{said}");
        let said = many(2).to_string();
        assert!(said.ends_with("at most 2 a page stay readable"), "{said}");
    }
}

#[cfg(test)]
mod tile_tests {
    use super::*;

    /// The width in pixels of `json`'s picture as a book draws it.
    fn width(json: &str) -> f32 {
        let doc = Document::from_json(json).unwrap();
        let mut svg = Vec::new();
        crate::render_picture(&doc, Picture::Svg, &picture_options(), &mut svg).unwrap();
        let tree =
            usvg::Tree::from_str(&String::from_utf8(svg).unwrap(), &usvg::Options::default())
                .unwrap();
        tree.size().width()
    }

    /// The millimetres a book prints a tile at are reckoned on the pixels its pictures draw
    /// a tile at: one column more widens each kind's picture by `tile_pixels` exactly.
    #[test]
    fn a_books_tiles_are_the_pixels_its_pictures_draw() {
        let nonogram = |w: usize| {
            let cols = vec!["[1]"; w].join(",");
            format!(
                r#"{{"kind":"nonogram","version":1,"width":{w},"height":2,"clues":{{"rows":[[1],[1]],"cols":[{cols}]}}}}"#
            )
        };
        let board = |w: usize| {
            let row = format!(r#""{}""#, "#".repeat(w));
            format!(
                r#"{{"kind":"mines","version":1,"width":{w},"height":2,"mines":1,"grid":[{row},{row}],"state":"playing"}}"#
            )
        };
        let maze = |w: usize| {
            let wall = format!(r#""{}""#, "#".repeat(2 * w + 1));
            let open = format!(r##""#{}""##, " #".repeat(w));
            format!(
                r#"{{"kind":"maze","version":1,"width":{},"height":3,"grid":[{wall},{open},{wall}],"start":[1,1],"goal":[1,{}],"meta":{{"cells":[{w},1]}}}}"#,
                2 * w + 1,
                2 * w - 1
            )
        };
        for (kind, make) in [
            (Kind::Nonogram, &nonogram as &dyn Fn(usize) -> String),
            (Kind::Mines, &board),
            (Kind::Maze, &maze),
        ] {
            let step = width(&make(4)) - width(&make(3));
            assert_eq!(step, tile_pixels(kind), "{kind}");
        }
    }
}
