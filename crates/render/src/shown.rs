//! What a document shows, read once for the text drawings and the pictures alike: a mines
//! board's visible tiles, a nonogram's grid (the first of several solutions, with the cells
//! they disagree on marked) and its answer key.

use grid_core::mines_doc::MinesDoc;
use grid_core::nonogram_doc::cell::{BLANK_HERE, FILLED, FILLED_HERE};
use grid_core::{Document, Error, Grid, Result};

/// The board to draw: the player's view, checked, with the layout's mines shown on covered
/// tiles once the game is over (a document from elsewhere may not have drawn them).
pub(crate) fn mines_board(doc: &Document) -> Result<Grid<u8>> {
    let board = MinesDoc::from_document(doc)?;
    let mut view = doc
        .grid_bytes()?
        .ok_or_else(|| Error::input("field `grid`: missing"))?;
    if let (true, Some(layout)) = (board.state.is_over(), &board.layout) {
        for p in view.positions() {
            if layout[p] && view[p] == b'#' {
                view[p] = b'*';
            }
        }
    }
    Ok(view)
}

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
pub(crate) fn nonogram_grid(
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
    // The marks say filled or blank: a colour puzzle's first solution is drawn as it is.
    let marked = !doc.has("colors");
    for p in first.positions().filter(|_| marked) {
        if others.iter().any(|o| o[p] != first[p]) {
            drawn[p] = if first[p] == FILLED {
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
    let caption = if marked {
        format!("{count}: the first is drawn; ▓▓ and ○ mark the cells where they differ")
    } else {
        format!("{count}: the first is drawn")
    };
    Ok((Some(drawn), Some(caption)))
}

/// The answer key (`key`, written by nonogen) as a grid, when the document has one of the
/// clues' size.
pub(crate) fn nonogram_key(doc: &Document, w: usize, h: usize) -> Result<Option<Grid<u8>>> {
    let Some(rows) = doc.field::<Vec<String>>("key")? else {
        return Ok(None);
    };
    if rows.len() != h || rows.iter().any(|r| r.len() != w) {
        return Err(Error::input(format!(
            "field `key`: not a grid of the clues' {w}x{h}"
        )));
    }
    let cells = rows.iter().flat_map(|r| r.bytes()).collect();
    Ok(Grid::from_vec(w, h, cells))
}
