//! Nonograms as puzzle books print them: column clues stacked above the grid, row clues to
//! the left, and the cells filled, blank or still unknown.

use crate::{Options, io};
use grid_core::{Document, Error, Result};
use std::io::Write;

#[derive(serde::Deserialize)]
struct Clues {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

pub(crate) fn render(doc: &Document, _opts: &Options, out: &mut impl Write) -> Result<()> {
    let clues: Clues = doc.required("clues")?;
    let (w, h) = (clues.cols.len(), clues.rows.len());
    let grid = doc.grid_bytes()?;
    if let Some(g) = &grid
        && (g.width() != w || g.height() != h)
    {
        return Err(Error::input(format!(
            "field `grid`: {}x{} does not match the {w}x{h} of the clues",
            g.width(),
            g.height()
        )));
    }
    let clean = |line: &Vec<u32>| line.iter().copied().filter(|&n| n > 0).collect::<Vec<_>>();
    let rows: Vec<Vec<u32>> = clues.rows.iter().map(clean).collect();
    let cols: Vec<Vec<u32>> = clues.cols.iter().map(clean).collect();
    let row_texts: Vec<String> = rows
        .iter()
        .map(|r| {
            let t: Vec<String> = r.iter().map(u32::to_string).collect();
            if t.is_empty() {
                "0".into()
            } else {
                t.join(" ")
            }
        })
        .collect();
    let left = row_texts.iter().map(String::len).max().unwrap_or(1);
    let depth = cols.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let mut text = String::new();
    for level in 0..depth {
        text.push_str(&" ".repeat(left + 1));
        for col in &cols {
            let pad = depth - col.len().max(1);
            let cell = match level.checked_sub(pad) {
                Some(i) if !col.is_empty() => col[i].to_string(),
                Some(_) => "0".into(),
                None => String::new(),
            };
            text.push_str(&format!("{cell:>3}"));
        }
        text.push('\n');
    }
    for (r, clue) in row_texts.iter().enumerate() {
        text.push_str(&format!("{clue:>left$} "));
        for c in 0..w {
            let b = grid.as_ref().map_or(b'?', |g| g.cells()[r * w + c]);
            text.push_str(match b {
                b'#' => " ██",
                b'.' => "  ·",
                _ => "  ?",
            });
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(io)
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
}
