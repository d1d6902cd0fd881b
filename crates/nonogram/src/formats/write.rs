//! Puzzles written for the programs people solve in: Steve Simpson's `.non`, webpbn's XML
//! and (for colour puzzles) Olšák's `.g`, each read back by this crate's readers as exactly
//! the same puzzle.

use super::ColorWords;
use crate::color::ColorPuzzle;
use crate::puzzle::Puzzle;
use grid_core::Grid;
use std::fmt::Write;

/// What a file says about its puzzle besides the clues.
#[derive(Debug, Clone, Default)]
pub struct About<'a> {
    pub title: Option<&'a str>,
    pub author: Option<&'a str>,
    pub copyright: Option<&'a str>,
    /// The solution, written as the file's goal so that an app can check an answer.
    pub solution: Option<&'a Grid<bool>>,
}

/// A `.non` file: size, the rules of the rows and columns, and the goal when known.
pub fn non(puzzle: &Puzzle, about: &About) -> String {
    let mut out = String::new();
    let quoted = |s: &str| s.replace(['"', '\n', '\r'], "'");
    if let Some(title) = about.title {
        let _ = writeln!(out, "title \"{}\"", quoted(title));
    }
    if let Some(author) = about.author {
        let _ = writeln!(out, "by \"{}\"", quoted(author));
    }
    let _ = writeln!(
        out,
        "width {}\nheight {}\n\nrows",
        puzzle.width(),
        puzzle.height()
    );
    let rule = |line: &[u32]| match line {
        [] => "0".to_string(),
        _ => line
            .iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(","),
    };
    for line in puzzle.rows() {
        out.push_str(&rule(line));
        out.push('\n');
    }
    out.push_str("\ncolumns\n");
    for line in puzzle.cols() {
        out.push_str(&rule(line));
        out.push('\n');
    }
    if let Some(goal) = about.solution {
        let bits: String = goal
            .cells()
            .iter()
            .map(|&f| if f { '1' } else { '0' })
            .collect();
        let _ = writeln!(out, "\ngoal \"{bits}\"");
    }
    out
}

/// A webpbn XML puzzle set holding one black-and-white puzzle, with its goal when known.
pub fn xml(puzzle: &Puzzle, about: &About) -> String {
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n\
         <puzzleset>\n<puzzle type=\"grid\" defaultcolor=\"black\">\n",
    );
    write_about(&mut out, about);
    out.push_str("<color name=\"white\" char=\".\">fff</color>\n");
    out.push_str("<color name=\"black\" char=\"X\">000</color>\n");
    for (kind, lines) in [("columns", puzzle.cols()), ("rows", puzzle.rows())] {
        let _ = writeln!(out, "<clues type=\"{kind}\">");
        for line in lines {
            out.push_str("<line>");
            for count in line {
                let _ = write!(out, "<count>{count}</count>");
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
    }
    if let Some(goal) = about.solution {
        out.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.rows() {
            out.push('|');
            out.extend(row.iter().map(|&f| if f { 'X' } else { '.' }));
            out.push_str("|\n");
        }
        out.push_str("</image>\n</solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}

/// The title, author and copyright elements.
fn write_about(out: &mut String, about: &About) {
    for (tag, text) in [
        ("title", about.title),
        ("author", about.author),
        ("copyright", about.copyright),
    ] {
        if let Some(text) = text {
            let _ = writeln!(out, "<{tag}>{}</{tag}>", escape(text));
        }
    }
}

/// A webpbn XML puzzle set holding one colour puzzle. Each colour is called by the file's
/// word for it when `words` has one (as a puzzle read from XML does), else by its name;
/// the colour named `'#'`, when there is one, is the default colour.
pub fn color_xml(
    puzzle: &ColorPuzzle,
    about: &About,
    words: &ColorWords,
    solution: Option<&Grid<u8>>,
) -> String {
    let palette = puzzle.palette();
    // The file's own word for a colour, else its name in words ("red"), else `color-x`.
    let word = |name: u8| -> String {
        let color = palette.find(name).unwrap_or(0);
        match words.word(name) {
            Some(w) => w.to_string(),
            None if name == b'.' => "white".into(),
            None => match puzzle.color_name(color) {
                w if !w.contains(' ') => w,
                _ => format!("color-{}", name as char),
            },
        }
    };
    // Counts without a colour have the default colour: '#' when the puzzle has it; else
    // every count names its colour, and the default is a name no colour has.
    let default = match palette.find(b'#') {
        Some(c) => word(palette.get(c).expect("in the palette").name),
        None => {
            let taken: Vec<String> = palette.swatches().iter().map(|s| word(s.name)).collect();
            ["black", "default", "none"]
                .into_iter()
                .find(|w| !taken.iter().any(|t| t == w))
                .unwrap_or("default-color")
                .to_string()
        }
    };
    let default = Some(default);
    let mut out = String::from(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE pbn SYSTEM \"https://webpbn.com/pbn-0.3.dtd\">\n<puzzleset>\n",
    );
    let background = word(b'.');
    let _ = write!(
        out,
        "<puzzle type=\"grid\" backgroundcolor=\"{}\"",
        escape(&background)
    );
    if let Some(default) = &default {
        let _ = write!(out, " defaultcolor=\"{}\"", escape(default));
    }
    out.push_str(">\n");
    write_about(&mut out, about);
    let hex = |rgb: [u8; 3]| format!("{:02x}{:02x}{:02x}", rgb[0], rgb[1], rgb[2]);
    let _ = writeln!(
        out,
        "<color name=\"{}\" char=\".\">{}</color>",
        escape(&background),
        hex(words.background.unwrap_or([255, 255, 255]))
    );
    for swatch in palette.swatches() {
        let _ = writeln!(
            out,
            "<color name=\"{}\" char=\"{}\">{}</color>",
            escape(&word(swatch.name)),
            escape(&(swatch.name as char).to_string()),
            hex(swatch.rgb)
        );
    }
    for (kind, lines) in [("columns", puzzle.cols()), ("rows", puzzle.rows())] {
        let _ = writeln!(out, "<clues type=\"{kind}\">");
        for line in lines {
            out.push_str("<line>");
            for block in line {
                let name = word(palette.get(block.color).expect("in the palette").name);
                if Some(&name) == default.as_ref() {
                    let _ = write!(out, "<count>{}</count>", block.len);
                } else {
                    let _ = write!(
                        out,
                        "<count color=\"{}\">{}</count>",
                        escape(&name),
                        block.len
                    );
                }
            }
            out.push_str("</line>\n");
        }
        out.push_str("</clues>\n");
    }
    if let Some(goal) = solution {
        out.push_str("<solution type=\"goal\">\n<image>\n");
        for row in goal.rows() {
            out.push('|');
            out.extend(row.iter().map(|&c| match palette.get(c) {
                Some(s) => s.name as char,
                None => '.',
            }));
            out.push_str("|\n");
        }
        out.push_str("</image>\n</solution>\n");
    }
    out.push_str("</puzzle>\n</puzzleset>\n");
    out
}

/// Mirek Olšák's `.g` for a colour puzzle: the `#d` colour declaration, then rows and
/// columns of blocks such as `3r`. The colour named `'#'` is the default colour `1`, whose
/// blocks are plain numbers; a colour whose name `.g` cannot carry (a digit) gets a free
/// letter.
pub fn color_g(puzzle: &ColorPuzzle, title: Option<&str>, words: &ColorWords) -> String {
    let palette = puzzle.palette();
    let mut letters: Vec<char> = Vec::new();
    for swatch in palette.swatches() {
        let name = swatch.name as char;
        let letter = match name {
            '#' => '1',
            c if !c.is_ascii_digit() && c != ',' => c,
            _ => ('a'..='z')
                .chain('A'..='Z')
                .find(|c| palette.find(*c as u8).is_none() && !letters.contains(c))
                .unwrap_or('~'),
        };
        letters.push(letter);
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{}",
        title.unwrap_or("A colour puzzle").replace('\n', " ")
    );
    out.push_str("#d\n");
    let hex = |[r, g, b]: [u8; 3]| format!("#{r:02X}{g:02X}{b:02X}");
    // Every declaration ends with a word for its colour (some readers need one): the
    // file's own, else the colour's name in words, else `color-x`.
    let word = |name: u8, color: u8| -> String {
        match words.word(name) {
            Some(w) => w.replace('\n', " "),
            None if name == b'.' => "white".into(),
            None => match puzzle.color_name(color) {
                w if !w.contains(' ') => w,
                _ => format!("color-{}", name as char),
            },
        }
    };
    let _ = writeln!(
        out,
        "   0:   {}   {}",
        hex(words.background.unwrap_or([255, 255, 255])),
        word(b'.', 0)
    );
    for (i, (swatch, &letter)) in palette.swatches().iter().zip(&letters).enumerate() {
        let printed = if letter == '1' { '*' } else { letter };
        let _ = writeln!(
            out,
            "   {letter}:{printed}  {}   {}",
            hex(swatch.rgb),
            word(swatch.name, i as u8 + 1)
        );
    }
    for (title, lines) in [(": rows", puzzle.rows()), (": columns", puzzle.cols())] {
        out.push_str(title);
        out.push('\n');
        for line in lines {
            let items: Vec<String> = line
                .iter()
                .map(|b| match letters[usize::from(b.color) - 1] {
                    '1' => b.len.to_string(),
                    letter => format!("{}{letter}", b.len),
                })
                .collect();
            out.push_str(&items.join(" "));
            out.push('\n');
        }
    }
    out
}

use grid_core::escape::attribute as escape;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Format, parse};

    #[test]
    fn written_files_read_back_as_the_same_puzzle() {
        let picture = Grid::from_vec(
            4,
            3,
            vec![
                true, true, false, true, //
                false, false, false, false, //
                true, false, true, true,
            ],
        )
        .unwrap();
        let puzzle = Puzzle::from_picture(&picture);
        let about = About {
            title: Some("A <small> \"test\""),
            author: Some("gridkit & co"),
            copyright: None,
            solution: Some(&picture),
        };
        for (text, format) in [
            (non(&puzzle, &about), Format::Non),
            (xml(&puzzle, &about), Format::Xml),
        ] {
            let back = parse(&text, format).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(back.black(), Some(&puzzle), "{text}");
            let title = back.meta.iter().find(|(k, _)| k == "title").unwrap();
            assert!(title.1.contains("small"), "{text}");
        }
    }

    #[test]
    fn colour_puzzles_round_trip_through_xml_without_loss() {
        let first = parse(crate::formats::xml::tests::COLOUR, Format::Xml).unwrap();
        let crate::Nonogram::Color(puzzle) = &first.puzzle else {
            panic!("a colour puzzle");
        };
        let meta = |key: &str| {
            first
                .meta
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, v)| v.as_str())
        };
        let about = About {
            title: meta("title"),
            author: meta("author"),
            copyright: meta("copyright"),
            solution: None,
        };
        let text = color_xml(puzzle, &about, &first.words, None);
        let again = parse(&text, Format::Xml).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(again.puzzle, first.puzzle, "{text}");
        assert_eq!(again.words, first.words, "{text}");
        let g = color_g(puzzle, about.title, &first.words);
        let from_g = parse(&g, Format::Olsak).unwrap_or_else(|e| panic!("{e}\n{g}"));
        assert_eq!(from_g.puzzle, first.puzzle, "{g}");
        assert_eq!(from_g.words, first.words, "{g}");
        for key in ["title", "author", "copyright"] {
            assert!(
                again
                    .meta
                    .iter()
                    .any(|(k, v)| k == key && Some(v.as_str()) == meta(key)),
                "{key}: {text}"
            );
        }
    }
}
