//! Where each puzzle of a page goes, as printed puzzle books place them: the page cut into
//! equal slots that fill it between the margins, every picture of the page at one scale,
//! each centred in its slot with its title centred just above it.

use super::Paper;
use super::text;

/// Margins a printer keeps: 15 mm.
pub(super) const MARGIN: f32 = 15.0 * 72.0 / 25.4;
/// Space between slots.
const GAP: f32 = 14.0;
/// A title's size and the most lines it takes.
pub(super) const TITLE_SIZE: f32 = 11.0;
const TITLE_LINES: usize = 2;
/// The size of the line about a puzzle and the most lines it takes.
pub(super) const ABOUT_SIZE: f32 = 9.0;
const ABOUT_LINES: usize = 2;
/// Lines are set this many times their size apart.
const LEADING: f32 = 1.2;
/// Space between a title and its picture.
const PAD: f32 = 6.0;
/// DejaVu's ascent, as a share of the size: where a line's baseline sits below its top.
const ASCENT: f32 = 0.93;

/// A puzzle as a page lays it out: its title, the line about it, the legend of its marks
/// when it has one, its picture's size in pixels, and the scales (points a pixel) between
/// which the picture stays readable and does not grow past a printed puzzle's.
#[derive(Debug, Clone)]
pub(super) struct Item {
    pub title: String,
    pub about: String,
    pub legend: Option<String>,
    pub size: (f32, f32),
    pub least: f32,
    pub largest: f32,
}

/// A line of text placed: its left end, its baseline, its size.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Line {
    pub text: String,
    pub x: f32,
    pub baseline: f32,
    pub size: f32,
}

/// A puzzle placed on its page: its lines, and its picture's top left corner and scale.
#[derive(Debug, Clone)]
pub(super) struct Placed {
    pub lines: Vec<Line>,
    pub at: (f32, f32),
    pub scale: f32,
}

/// A page's slots: the columns, each slot's size, and the room above each picture for the
/// titles, all in points.
#[derive(Debug, Clone, Copy)]
pub(super) struct Grid {
    pub columns: usize,
    slot: (f32, f32),
    room: f32,
}

/// A title, and its line about the puzzle followed by its legend, fitted to `width` points:
/// the legend in as many lines as it takes, since a legend cut short no longer says how to
/// read the marks.
fn titles(item: &Item, width: f32) -> (Vec<String>, Vec<String>) {
    let title = text::fit(&item.title, width, TITLE_SIZE, TITLE_LINES);
    let mut about = text::fit(&item.about, width, ABOUT_SIZE, ABOUT_LINES);
    if let Some(legend) = &item.legend {
        about.extend(text::fit(legend, width, ABOUT_SIZE, usize::MAX));
    }
    (title, about)
}

/// The height the lines of `titles` take, with the space under them.
fn height((title, about): &(Vec<String>, Vec<String>)) -> f32 {
    title.len() as f32 * TITLE_SIZE * LEADING + about.len() as f32 * ABOUT_SIZE * LEADING + PAD
}

impl Grid {
    /// The arrangement of `slots` slots on `paper` that prints `items` largest, and the one
    /// scale their pictures take in it.
    pub fn best(paper: Paper, slots: usize, items: &[Item]) -> (Grid, f32) {
        let (w, h) = paper.size();
        let (w, h) = (w - 2.0 * MARGIN, h - 2.0 * MARGIN);
        (1..=slots.max(1))
            .map(|columns| {
                let rows = slots.max(1).div_ceil(columns);
                let slot = (
                    (w - GAP * (columns - 1) as f32) / columns as f32,
                    (h - GAP * (rows - 1) as f32) / rows as f32,
                );
                let room = items
                    .iter()
                    .map(|i| height(&titles(i, slot.0)))
                    .fold(0.0, f32::max);
                let grid = Grid {
                    columns,
                    slot,
                    room,
                };
                (grid, grid.scale(items))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .expect("one column at least")
    }

    /// The scale (points a pixel) at which every picture of `items` fits a slot.
    fn scale(&self, items: &[Item]) -> f32 {
        items
            .iter()
            .map(|i| (self.slot.0 / i.size.0).min((self.slot.1 - self.room) / i.size.1))
            .fold(f32::INFINITY, f32::min)
    }
}

/// A page of `items` in `slots` slots, starting `top` points down: every picture at the
/// page's one scale (no larger than any item's largest), centred in its slot, its title
/// lines centred over it.
pub(super) fn page(paper: Paper, slots: usize, items: &[Item], top: f32) -> Vec<Placed> {
    let (grid, fit) = Grid::best(paper, slots, items);
    let scale = items.iter().map(|i| i.largest).fold(fit, f32::min);
    let tallest = items.iter().map(|i| i.size.1).fold(0.0, f32::max) * scale;
    items
        .iter()
        .enumerate()
        .map(|(k, item)| {
            let (column, row) = (k % grid.columns, k / grid.columns);
            let x = MARGIN + column as f32 * (grid.slot.0 + GAP);
            let y = top + row as f32 * (grid.slot.1 + GAP);
            let centre = x + grid.slot.0 / 2.0;
            // The block of the room for titles and the page's tallest picture is centred
            // down the slot, so that pictures of one size line up across a row.
            let below = y + (grid.slot.1 - grid.room - tallest) / 2.0 + grid.room;
            let (pw, ph) = (item.size.0 * scale, item.size.1 * scale);
            let picture_top = below + (tallest - ph) / 2.0;
            let fitted = titles(item, grid.slot.0);
            let mut line_top = picture_top - height(&fitted);
            let mut lines = Vec::new();
            let (title, about) = fitted;
            for (text, size) in title
                .into_iter()
                .map(|t| (t, TITLE_SIZE))
                .chain(about.into_iter().map(|t| (t, ABOUT_SIZE)))
            {
                lines.push(Line {
                    x: centre - text::width(&text, size) / 2.0,
                    baseline: line_top + ASCENT * size,
                    size,
                    text,
                });
                line_top += size * LEADING;
            }
            Placed {
                lines,
                at: (centre - pw / 2.0, picture_top),
                scale,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(title: &str, size: (f32, f32)) -> Item {
        Item {
            title: title.to_string(),
            about: "10 x 10, line logic only".to_string(),
            legend: None,
            size,
            least: 0.0,
            largest: f32::INFINITY,
        }
    }

    /// A placed line's box: left, top, right, bottom.
    fn line_box(l: &Line) -> (f32, f32, f32, f32) {
        let top = l.baseline - ASCENT * l.size;
        (l.x, top, l.x + text::width(&l.text, l.size), top + l.size)
    }

    #[test]
    fn pictures_are_arranged_in_the_columns_that_print_them_largest() {
        let squares = vec![item("Puzzle 1", (100.0, 100.0)); 4];
        let (grid, _) = Grid::best(Paper::A4, 4, &squares);
        assert_eq!(grid.columns, 2);
        let strips = vec![item("Puzzle 1", (400.0, 50.0)); 4];
        let (grid, _) = Grid::best(Paper::A4, 4, &strips);
        assert_eq!(grid.columns, 1);
    }

    #[test]
    fn one_page_draws_its_puzzles_at_one_scale_each_centred_in_its_slot() {
        let items = [
            item("Puzzle 1", (300.0, 300.0)),
            item("Puzzle 2", (100.0, 100.0)),
        ];
        let placed = page(Paper::A4, 2, &items, MARGIN);
        assert_eq!(placed[0].scale, placed[1].scale);
        // Each picture's centre is its slot's centre across; the title's too.
        let (w, _) = Paper::A4.size();
        let (grid, _) = Grid::best(Paper::A4, 2, &items);
        for (k, p) in placed.iter().enumerate() {
            let column = k % grid.columns;
            let centre = MARGIN + column as f32 * (grid.slot.0 + GAP) + grid.slot.0 / 2.0;
            let pw = items[k].size.0 * p.scale;
            assert!((p.at.0 + pw / 2.0 - centre).abs() < 1e-2);
            for l in &p.lines {
                let (left, _, right, _) = line_box(l);
                assert!(((left + right) / 2.0 - centre).abs() < 1e-2);
            }
            assert!(p.at.0 >= MARGIN && p.at.0 + pw <= w - MARGIN + 1e-2);
        }
    }

    #[test]
    fn a_lone_puzzle_sits_in_the_middle_of_the_page() {
        let items = [item("Puzzle 1", (300.0, 300.0))];
        let placed = page(Paper::A4, 1, &items, MARGIN);
        let (_, h) = Paper::A4.size();
        let top = placed[0].lines[0].baseline - ASCENT * TITLE_SIZE;
        let bottom = placed[0].at.1 + 300.0 * placed[0].scale;
        assert!(
            (top - (h - bottom)).abs() < 2.0,
            "{top} above, {} below",
            h - bottom
        );
    }

    #[test]
    fn long_titles_stay_in_their_slot_and_clear_of_each_other() {
        let long = "Puzzle 1: a title far too long for a quarter of a page, which goes on \
                    and on about the puzzle";
        let items = vec![item(long, (100.0, 100.0)); 4];
        let (w, _) = Paper::A4.size();
        let placed = page(Paper::A4, 4, &items, MARGIN);
        let boxes: Vec<_> = placed
            .iter()
            .flat_map(|p| p.lines.iter().map(line_box))
            .collect();
        assert!(
            placed.iter().all(|p| p.lines.len() == 3),
            "a title of two lines, an about of one"
        );
        assert!(placed[0].lines[1].text.ends_with('…'));
        for (i, a) in boxes.iter().enumerate() {
            assert!(a.0 >= MARGIN - 1e-2 && a.2 <= w - MARGIN + 1e-2, "{a:?}");
            for b in &boxes[i + 1..] {
                let apart = a.2 <= b.0 || b.2 <= a.0 || a.3 <= b.1 || b.3 <= a.1;
                assert!(apart, "{a:?} and {b:?} overlap");
            }
        }
        // The titles sit above their pictures.
        for p in &placed {
            let last = p.lines.last().unwrap();
            assert!(line_box(last).3 <= p.at.1);
        }
    }

    /// A legend is never cut: however narrow its slot, it wraps into as many lines as its
    /// words take, each within the slot, all above the picture.
    #[test]
    fn a_legend_wraps_whole_within_its_slot() {
        let legend = "A wrapped maze: the left and right edges are joined with a half twist. \
                      A passage that leaves by an edge comes back at the same letter.";
        let mut strip = item("Puzzle 5", (200.0, 100.0));
        strip.legend = Some(legend.to_string());
        let items = vec![strip; 6];
        let (grid, _) = Grid::best(Paper::A4, 6, &items);
        for p in page(Paper::A4, 6, &items, MARGIN) {
            let said: Vec<&str> = p.lines[2..].iter().map(|l| l.text.as_str()).collect();
            assert!(said.len() > 3, "{said:?}");
            assert_eq!(said.join(" "), legend);
            for l in &p.lines {
                let (left, _, right, bottom) = line_box(l);
                assert!(right - left <= grid.slot.0 + 1e-2, "{l:?}");
                assert!(bottom <= p.at.1, "{l:?} over the picture");
            }
        }
    }
}
