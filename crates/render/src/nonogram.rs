//! Nonograms as puzzle books print them: column clues stacked above the grid, row clues to
//! the left, and the cells filled, blank or still unknown.

use crate::{Options, io};
use grid_core::{Document, Error, Grid, Result};
use std::io::Write;

#[derive(serde::Deserialize)]
struct Clues {
    rows: Vec<Vec<u32>>,
    cols: Vec<Vec<u32>>,
}

/// A cell filled in the solution drawn but blank in another one.
pub(crate) const FILLED_HERE: u8 = b'+';
/// A cell blank in the solution drawn but filled in another one.
pub(crate) const BLANK_HERE: u8 = b'-';

#[derive(serde::Deserialize)]
struct Found {
    status: Option<String>,
    solutions: Option<usize>,
    grids: Option<Vec<Vec<String>>>,
}

/// The grid to draw, and a line saying what it is when there is more than one solution.
///
/// A puzzle with several solutions draws its first one, with the cells the solutions shown
/// disagree on marked ([`FILLED_HERE`], [`BLANK_HERE`]), rather than a grid of question
/// marks where they differ.
pub(crate) fn shown(
    doc: &Document,
    w: usize,
    h: usize,
) -> Result<(Option<Grid<u8>>, Option<String>)> {
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
    let found: Option<Found> = doc.field("solution")?;
    let Some(found) = found.filter(|f| f.status.as_deref() == Some("multiple")) else {
        return Ok((grid, None));
    };
    let grids = found.grids.unwrap_or_default();
    let as_grid = |rows: &Vec<String>| -> Option<Grid<u8>> {
        let cells: Vec<u8> = rows.iter().flat_map(|r| r.bytes()).collect();
        (rows.len() == h && rows.iter().all(|r| r.len() == w))
            .then(|| Grid::from_vec(w, h, cells))
            .flatten()
    };
    let Some(first) = grids.first().and_then(as_grid) else {
        return Ok((grid, None));
    };
    let others: Vec<Grid<u8>> = grids[1..].iter().filter_map(as_grid).collect();
    let mut drawn = first.clone();
    for p in first.positions() {
        if others.iter().any(|o| o[p] != first[p]) {
            drawn[p] = if first[p] == b'#' {
                FILLED_HERE
            } else {
                BLANK_HERE
            };
        }
    }
    let n = found.solutions.unwrap_or(grids.len()).max(grids.len());
    let count = if n <= 2 {
        "2 solutions (at least)".to_string()
    } else {
        format!("{n} solutions")
    };
    let caption = format!("{count}: the first is drawn; ▓▓ and ○ mark the cells where they differ");
    Ok((Some(drawn), Some(caption)))
}

pub(crate) fn render(doc: &Document, _opts: &Options, out: &mut impl Write) -> Result<()> {
    let clues: Clues = doc.required("clues")?;
    let (w, h) = (clues.cols.len(), clues.rows.len());
    let (grid, caption) = shown(doc, w, h)?;
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
                FILLED_HERE => " ▓▓",
                BLANK_HERE => "  ○",
                _ => "  ?",
            });
        }
        text.push('\n');
    }
    if let Some(caption) = caption {
        text.push_str(&caption);
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
