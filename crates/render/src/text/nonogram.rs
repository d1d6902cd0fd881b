//! Nonograms as puzzle books print them: column clues stacked above the grid, row clues to
//! the left, and the cells filled, blank or still unknown.

use crate::options::Options;
use grid_core::nonogram_doc::cell::{BLANK, BLANK_HERE, FILLED_HERE, UNKNOWN};
use grid_core::nonogram_doc::{ColorClues, NonogramDoc, Palette};
use grid_core::{Document, Error, Result};
use owo_colors::{OwoColorize, Style, XtermColors};
use std::io::Write;

pub(crate) fn render(doc: &Document, opts: &Options, out: &mut impl Write) -> Result<()> {
    let view = NonogramDoc::from_document(doc)?;
    let (w, h) = (view.clues.cols.len(), view.clues.rows.len());
    let (grid, caption) = crate::shown::nonogram_grid(doc, w, h)?;
    let ink = Inks::new(view.color.as_ref(), opts);
    let label = |line: usize, row: bool| -> Vec<(String, Style)> {
        let items: Vec<(String, Style)> = match &view.color {
            None => {
                let lengths = if row {
                    &view.clues.rows
                } else {
                    &view.clues.cols
                };
                lengths[line]
                    .iter()
                    .filter(|&&n| n > 0)
                    .map(|n| (n.to_string(), Style::new()))
                    .collect()
            }
            Some(color) => {
                let blocks = if row { &color.rows } else { &color.cols };
                blocks[line]
                    .iter()
                    .filter(|b| b.len > 0)
                    .map(|b| ink.clue(b.len, b.color))
                    .collect()
            }
        };
        if items.is_empty() {
            vec![("0".into(), Style::new())]
        } else {
            items
        }
    };
    let paint = |text: &str, style: Style| -> String {
        if opts.color {
            format!("{}", text.style(style))
        } else {
            text.to_string()
        }
    };
    let rows: Vec<Vec<(String, Style)>> = (0..h).map(|r| label(r, true)).collect();
    let cols: Vec<Vec<(String, Style)>> = (0..w).map(|c| label(c, false)).collect();
    let row_width = |r: &[(String, Style)]| -> usize {
        r.iter().map(|(t, _)| t.len()).sum::<usize>() + r.len() - 1
    };
    let left = rows.iter().map(|r| row_width(r)).max().unwrap_or(1);
    let depth = cols.iter().map(Vec::len).max().unwrap_or(1);
    let mut text = String::new();
    for level in 0..depth {
        text.push_str(&" ".repeat(left + 1));
        for col in &cols {
            match level.checked_sub(depth - col.len()) {
                Some(i) => {
                    let (t, style) = &col[i];
                    text.push_str(&" ".repeat(3usize.saturating_sub(t.len())));
                    text.push_str(&paint(t, *style));
                }
                None => text.push_str("   "),
            }
        }
        text.push('\n');
    }
    for (r, clue) in rows.iter().enumerate() {
        text.push_str(&" ".repeat(left - row_width(clue)));
        for (i, (t, style)) in clue.iter().enumerate() {
            if i > 0 {
                text.push(' ');
            }
            text.push_str(&paint(t, *style));
        }
        text.push(' ');
        for c in 0..w {
            let b = grid.as_ref().map_or(UNKNOWN, |g| g.cells()[r * w + c]);
            let cell = match b {
                BLANK => "  ·".to_string(),
                FILLED_HERE => " ▓▓".to_string(),
                BLANK_HERE => "  ○".to_string(),
                UNKNOWN => "  ?".to_string(),
                name => ink.cell(name),
            };
            text.push_str(&cell);
        }
        text.push('\n');
    }
    if let Some(caption) = caption {
        text.push_str(&caption);
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(Error::Io)
}

/// How a puzzle's colours are written on a terminal: in 24-bit colour where the terminal
/// has it, else the nearest of the 256 colours; without colour, a colour's letter follows
/// each clue and stands in each cell.
struct Inks<'a> {
    palette: Option<&'a Palette>,
    color: bool,
    truecolor: bool,
}

impl<'a> Inks<'a> {
    fn new(clues: Option<&'a ColorClues>, opts: &Options) -> Self {
        Inks {
            palette: clues.map(|c| &c.palette),
            color: opts.color,
            truecolor: opts.truecolor,
        }
    }

    /// The terminal style of text on a colour: the colour as its background, the text black
    /// or white, whichever reads on it. The colour is never the text's own, which would
    /// vanish on a terminal of the same colour (white on a light one, black on a dark one).
    fn style(&self, rgb: [u8; 3]) -> Style {
        let text = if crate::palette::luminance(rgb) > 0.5 {
            [0, 0, 0]
        } else {
            [255, 255, 255]
        };
        if self.truecolor {
            let ([r, g, b], [tr, tg, tb]) = (rgb, text);
            Style::new().on_truecolor(r, g, b).truecolor(tr, tg, tb)
        } else {
            let xterm = |c| XtermColors::from(crate::palette::nearest_256(c));
            Style::new().on_color(xterm(rgb)).color(xterm(text))
        }
    }

    /// A clue item of colour number `color`: its number on the colour, or followed by the
    /// colour's letter.
    fn clue(&self, len: u32, color: u8) -> (String, Style) {
        let swatch = self.palette.and_then(|p| p.get(color));
        match swatch {
            Some(s) if self.color => (len.to_string(), self.style(s.rgb).bold()),
            Some(s) => (format!("{len}{}", s.name as char), Style::new()),
            None => (len.to_string(), Style::new()),
        }
    }

    /// A cell of the colour named `name` (`'#'` in black and white): a patch of the colour
    /// with its letter, which shows the cell on a terminal of the same colour.
    fn cell(&self, name: u8) -> String {
        let swatch = self
            .palette
            .and_then(|p| p.find(name).and_then(|c| p.get(c)));
        match swatch {
            None => " ██".to_string(),
            Some(s) if self.color => {
                let patch = format!("{} ", s.name as char);
                format!(" {}", patch.style(self.style(s.rgb)))
            }
            Some(s) => format!("  {}", s.name as char),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_stand_above_and_left() {
        let doc = Document::from_json(
            r###"{"kind":"nonogram","version":1,"width":2,"height":2,"clues":{"rows":[[2],[1]],"cols":[[2],[1]]},"grid":["##","#."]}"###,
        )
        .unwrap();
        let mut out = Vec::new();
        render(&doc, &Options::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "    2  1\n2  ██ ██\n1  ██  ·\n"
        );
    }

    #[test]
    fn colours_are_backgrounds_with_a_digit_that_reads_on_them() {
        // A white block and a black one: on a light terminal the white one's text colour
        // would vanish, so each colour is a background and the digit black or white on it.
        let doc = Document::from_json(
            r###"{"kind":"nonogram","version":1,"width":2,"height":1,"colors":{"w":"#ffffff","#":"#000000"},"clues":{"rows":[[[1,"w"],1]],"cols":[[[1,"w"]],[1]]},"grid":["w#"]}"###,
        )
        .unwrap();
        let opts = Options {
            color: true,
            truecolor: true,
            ..Options::default()
        };
        let mut out = Vec::new();
        render(&doc, &opts, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let white = "\u{1b}[38;2;0;0;0;48;2;255;255;255";
        let black = "\u{1b}[38;2;255;255;255;48;2;0;0;0";
        assert!(text.contains(&format!("{white};1m1")), "{text:?}");
        assert!(text.contains(&format!("{black};1m1")), "{text:?}");
        assert!(
            text.contains(&format!("{white}mw ")),
            "the white cell: {text:?}"
        );
    }
}
