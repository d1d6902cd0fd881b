//! The webpbn XML format (`<puzzleset><puzzle><clues type="rows"><line><count>3</count>...`):
//! black and white, and colour (`<color name="red" char="r">f00</color>` declarations and
//! `<count color="red">` blocks; counts without a colour have the puzzle's `defaultcolor`).

use super::{Declared, FormatError, Parsed, color_puzzle, free_name, number, puzzle};
use crate::color::{Block, Palette};
use grid_core::error::quote;
use grid_core::nonogram_doc::parse_rgb;
use roxmltree::{Document, Node, ParsingOptions};

/// The most XML nodes read: the largest puzzle's clues, with room to spare.
const MAX_NODES: u32 = 8_000_000;

pub fn parse(text: &str) -> Result<Parsed, FormatError> {
    // webpbn files name their DTD; it is not fetched, only allowed. Entities declared in it
    // are refused: a puzzle needs none, and a few lines of them can expand to gigabytes.
    if let Some(at) = text.find("<!ENTITY") {
        let line = text[..at].matches('\n').count() + 1;
        return Err(FormatError::at(
            line,
            "XML entity declarations are not read (a puzzle file needs none)",
        ));
    }
    let options = ParsingOptions {
        allow_dtd: true,
        nodes_limit: MAX_NODES,
        ..ParsingOptions::default()
    };
    let doc = Document::parse_with_options(text, options)
        .map_err(|e| FormatError::at(e.pos().row as usize, e.to_string()))?;
    let puzzle_node = doc
        .descendants()
        .find(|n| n.has_tag_name("puzzle"))
        .ok_or_else(|| FormatError::whole("no <puzzle> element"))?;
    if let Some(kind) = puzzle_node.attribute("type")
        && kind != "grid"
    {
        return Err(FormatError::whole(format!(
            "\"{}\" puzzles are not supported yet (only type=\"grid\")",
            quote(kind)
        )));
    }
    let default_colour = puzzle_node.attribute("defaultcolor").unwrap_or("black");
    let background = puzzle_node.attribute("backgroundcolor").unwrap_or("white");
    let line_of = |node: Node| doc.text_pos_at(node.range().start).row as usize;
    let declared = declarations(&puzzle_node, default_colour, background, &line_of)?;
    let clues = |kind: &str| -> Result<Vec<Vec<Count>>, FormatError> {
        let section = puzzle_node
            .children()
            .find(|n| n.has_tag_name("clues") && n.attribute("type") == Some(kind))
            .ok_or_else(|| FormatError::whole(format!("no <clues type=\"{kind}\">")))?;
        section
            .children()
            .filter(|n| n.has_tag_name("line"))
            .map(|line| {
                line.children()
                    .filter(|n| n.has_tag_name("count"))
                    .map(|count| {
                        let line = line_of(count);
                        let colour = count.attribute("color").unwrap_or(default_colour);
                        let len = number(count.text().unwrap_or("").trim(), line)?;
                        Ok(Count { len, colour, line })
                    })
                    .collect()
            })
            .collect()
    };
    let rows = clues("rows")?;
    let cols = clues("columns")?;
    let black_and_white = rows
        .iter()
        .chain(&cols)
        .flatten()
        .all(|c| c.colour == default_colour);
    let (nonogram, words) = if black_and_white {
        let lengths = |lines: Vec<Vec<Count>>| -> Vec<Vec<u32>> {
            lines
                .into_iter()
                .map(|l| l.into_iter().map(|c| c.len).collect())
                .collect()
        };
        (puzzle(lengths(rows), lengths(cols))?, Default::default())
    } else {
        let mut declared = declared;
        let plain = rows
            .iter()
            .chain(&cols)
            .flatten()
            .any(|c| c.colour == default_colour);
        if plain && !declared.iter().any(|d| d.key == default_colour) {
            // The default colour, when the file does not declare it, is black.
            declared.push(Declared {
                key: default_colour.to_string(),
                name: b'#',
                rgb: [0, 0, 0],
                word: Some(default_colour.to_string()),
            });
        }
        let (table, back): (Vec<Declared>, Vec<Declared>) =
            declared.into_iter().partition(|d| d.key != background);
        let (palette, words) =
            super::palette(&table, back.into_iter().next().map(|d| (d.word, d.rgb)))?;
        let resolve = |lines: Vec<Vec<Count>>| -> Result<Vec<Vec<Block>>, FormatError> {
            lines
                .into_iter()
                .map(|l| {
                    l.into_iter()
                        .map(|c| c.resolve(&table, &palette, background))
                        .collect()
                })
                .collect()
        };
        let rows = resolve(rows)?;
        let cols = resolve(cols)?;
        (color_puzzle(palette, rows, cols)?, words)
    };
    let mut meta = Vec::new();
    for tag in [
        "title",
        "author",
        "copyright",
        "id",
        "source",
        "description",
    ] {
        if let Some(text) = puzzle_node
            .children()
            .find(|n| n.has_tag_name(tag))
            .and_then(|n| n.text())
        {
            meta.push((tag.to_string(), text.trim().to_string()));
        }
    }
    Ok(Parsed {
        puzzle: nonogram,
        meta,
        words,
    })
}

/// One `<count>`: a block's length, the name of its colour, and the line of the file.
struct Count<'a> {
    len: u32,
    colour: &'a str,
    line: usize,
}

impl Count<'_> {
    /// The block, its colour looked up among the declared ones.
    fn resolve(
        &self,
        table: &[Declared],
        palette: &Palette,
        background: &str,
    ) -> Result<Block, FormatError> {
        if self.colour == background {
            return Err(FormatError::at(
                self.line,
                format!(
                    "a count has the background colour \"{}\"; a block is never the background",
                    quote(self.colour)
                ),
            ));
        }
        let declared = table.iter().find(|d| d.key == self.colour).ok_or_else(|| {
            FormatError::at(
                self.line,
                format!(
                    "the colour \"{}\" is not declared (no <color name=\"{0}\">)",
                    quote(self.colour)
                ),
            )
        })?;
        let color = palette
            .find(declared.name)
            .expect("every declared colour is in the palette");
        Ok(Block {
            len: self.len,
            color,
        })
    }
}

/// The `<color>` declarations: the default colour is named `'#'` in the palette, the others
/// by their `char` where it is free, else by a letter of their name.
fn declarations(
    puzzle: &Node,
    default_colour: &str,
    background: &str,
    line_of: &dyn Fn(Node) -> usize,
) -> Result<Vec<Declared>, FormatError> {
    let mut declared: Vec<Declared> = Vec::new();
    for node in puzzle.children().filter(|n| n.has_tag_name("color")) {
        let line = line_of(node);
        let key = node
            .attribute("name")
            .ok_or_else(|| FormatError::at(line, "a <color> has no name=\"...\" attribute"))?;
        let text = node.text().unwrap_or("").trim();
        let hex = if text.starts_with('#') {
            text.to_string()
        } else {
            format!("#{text}")
        };
        let rgb = parse_rgb(&hex).ok_or_else(|| {
            FormatError::at(
                line,
                format!(
                    "the colour \"{}\" has {}, not an RGB value such as \"f00\" or \"d62728\"",
                    quote(key),
                    if text.is_empty() {
                        "no value".to_string()
                    } else {
                        format!("\"{}\"", quote(text))
                    }
                ),
            )
        })?;
        if declared.iter().any(|d| d.key == key) {
            return Err(FormatError::at(
                line,
                format!("the colour \"{}\" is declared twice", quote(key)),
            ));
        }
        let name = if key == background {
            b'.'
        } else if key == default_colour {
            b'#'
        } else {
            let taken: Vec<u8> = declared.iter().map(|d| d.name).collect();
            let preferred = node.attribute("char").and_then(|c| match c.as_bytes() {
                [b] => Some(*b),
                _ => None,
            });
            free_name(&taken, preferred, key)
        };
        declared.push(Declared {
            key: key.to_string(),
            name,
            rgb,
            word: Some(key.to_string()),
        });
    }
    Ok(declared)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    const SMALL: &str = r#"<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "http://webpbn.com/pbn-0.3.dtd">
<puzzleset>
<puzzle type="grid" defaultcolor="black">
<title>Tiny</title>
<author>Someone</author>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<clues type="columns">
<line><count>2</count></line>
<line></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count>2</count></line>
<line><count>1</count><count>1</count></line>
</clues>
</puzzle>
</puzzleset>
"#;

    #[test]
    fn reads_clues_and_meta() {
        let p = parse(SMALL).unwrap();
        assert_eq!(p.black().unwrap().rows(), [vec![2], vec![1, 1]]);
        assert_eq!(p.black().unwrap().cols(), [vec![2], vec![], vec![1]]);
        assert!(
            p.meta
                .contains(&("author".to_string(), "Someone".to_string()))
        );
    }

    pub const COLOUR: &str = r#"<?xml version="1.0"?>
<puzzleset>
<puzzle type="grid" defaultcolor="black" backgroundcolor="white">
<title>Flag</title>
<author>Someone</author>
<copyright>&#169; Someone, free to share</copyright>
<color name="white" char=".">fff</color>
<color name="black" char="X">000</color>
<color name="red" char="r">d62728</color>
<clues type="columns">
<line><count color="red">2</count></line>
<line><count>1</count><count color="red">1</count></line>
<line><count>1</count></line>
</clues>
<clues type="rows">
<line><count color="red">1</count><count>2</count></line>
<line><count color="red">2</count></line>
</clues>
</puzzle>
</puzzleset>
"#;

    #[test]
    fn reads_colour_puzzles() {
        let p = parse(COLOUR).unwrap();
        let crate::Nonogram::Color(puzzle) = &p.puzzle else {
            panic!("a colour puzzle");
        };
        // The default colour is '#' in the palette, the others keep their char.
        let names: Vec<u8> = puzzle.palette().swatches().iter().map(|s| s.name).collect();
        assert_eq!(names, b"#r");
        assert_eq!(puzzle.palette().get(2).unwrap().rgb, [0xd6, 0x27, 0x28]);
        assert_eq!(
            puzzle.rows()[0],
            [Block { len: 1, color: 2 }, Block { len: 2, color: 1 }]
        );
        assert_eq!(p.words.word(b'r'), Some("red"));
        assert_eq!(p.words.word(b'#'), Some("black"));
        assert_eq!(p.words.background, Some([255, 255, 255]));
        assert!(
            p.meta
                .contains(&("copyright".into(), "\u{a9} Someone, free to share".into()))
        );
    }

    #[test]
    fn colour_errors_name_the_line_and_the_colour() {
        let cases = [
            (
                r#"<count color="red">2</count>"#,
                r#"<count color="pink">2</count>"#,
                11,
                "the colour \"pink\" is not declared",
            ),
            (">d62728<", "><", 9, "the colour \"red\" has no value"),
            (
                r#"<count color="red">2</count>"#,
                r#"<count color="white">2</count>"#,
                11,
                "the background colour \"white\"",
            ),
        ];
        for (from, to, line, expected) in cases {
            let e = parse(&COLOUR.replacen(from, to, 1)).unwrap_err();
            assert_eq!(e.line, Some(line), "{e}");
            assert!(e.to_string().contains(expected), "{e}");
        }
    }

    #[test]
    fn broken_files_are_refused() {
        let cut = &SMALL[..200];
        assert!(parse(cut).unwrap_err().line.is_some());
        let bad = SMALL.replace(
            "<count>1</count><count>1</count>",
            "<count>1</count><count>x</count>",
        );
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.line, Some(16), "{e}");
    }
}
