//! The webpbn XML format (`<puzzleset><puzzle><clues type="rows"><line><count>3</count>...`),
//! black and white puzzles only.

use super::{FormatError, Parsed, number, puzzle};
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
            grid_core::error::quote(kind)
        )));
    }
    let colours: Vec<Node> = puzzle_node
        .children()
        .filter(|n| n.has_tag_name("color"))
        .collect();
    if colours.len() > 2 {
        return Err(FormatError::whole(format!(
            "colour puzzles are not supported yet (this one has {} colours)",
            colours.len()
        )));
    }
    let default_colour = puzzle_node.attribute("defaultcolor").unwrap_or("black");
    let clues = |kind: &str| -> Result<Vec<Vec<u32>>, FormatError> {
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
                        let row = doc.text_pos_at(count.range().start).row as usize;
                        if let Some(c) = count.attribute("color")
                            && c != default_colour
                        {
                            return Err(FormatError::at(
                                row,
                                format!("colour puzzles are not supported yet (a count in {c:?})"),
                            ));
                        }
                        number(count.text().unwrap_or("").trim(), row)
                    })
                    .collect()
            })
            .collect()
    };
    let rows = clues("rows")?;
    let cols = clues("columns")?;
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
        puzzle: puzzle(rows, cols)?,
        meta,
    })
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn colour_and_broken_files_are_refused() {
        let colour = SMALL.replace(
            "<color name=\"black\" char=\"X\">000</color>",
            "<color name=\"black\" char=\"X\">000</color><color name=\"red\" char=\"r\">f00</color>",
        );
        assert!(
            parse(&colour)
                .unwrap_err()
                .to_string()
                .contains("colour puzzles are not supported yet")
        );
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
