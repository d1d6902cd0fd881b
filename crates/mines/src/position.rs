//! The plain text positions of JSMinesweeper and other analysers: `WxHxM` on the first line,
//! then one line a row of `0`-`8` (opened), `F` (flagged) and `H` (hidden).
//!
//! A whole board marks its mines too, as JSMinesweeper's boards do: `m` a covered mine, `M` a
//! flagged one. It is the way to hand the same board to another solver, and to take one from
//! it: a board read keeps its layout, so it can be played on.

use grid_core::Grid;
use grid_core::mines_doc::Cell;

/// A position: what the player sees, and the number of mines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub view: Grid<Cell>,
    pub mines: usize,
    /// Where the mines are, when the text marks every one of them (a whole board).
    pub layout: Option<Grid<bool>>,
}

impl Position {
    /// The position as a mines document: no seed, no history, the layout of a whole board;
    /// "new" when nothing is open yet.
    pub fn to_doc(self) -> grid_core::mines_doc::MinesDoc {
        use grid_core::mines_doc::{GameState, MinesDoc, Rules};
        let cleared = self.layout.as_ref().is_some_and(|mines| {
            self.view
                .positions()
                .all(|p| mines[p] || matches!(self.view[p], Cell::Open(_)))
        });
        let state = if cleared {
            GameState::Won
        } else if self.view.cells().iter().all(|c| c.is_closed()) {
            GameState::New
        } else {
            GameState::Playing
        };
        MinesDoc {
            state,
            view: self.view,
            mines: self.mines,
            layout: self.layout,
            rules: Rules::default(),
            seed: None,
            moves: Vec::new(),
        }
    }
}

/// What is wrong with a position's text, and on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct PositionError {
    pub line: usize,
    pub problem: String,
}

fn at(line: usize, problem: impl Into<String>) -> PositionError {
    PositionError {
        line,
        problem: problem.into(),
    }
}

/// Reads one position; errors name the line (1-based) and what is wrong.
pub fn parse(text: &str) -> Result<Position, PositionError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (first, head) = lines.next().ok_or_else(|| at(1, "an empty position"))?;
    let first = first + 1;
    let shown = grid_core::error::quote(head.trim());
    let dims: Vec<usize> = head
        .trim()
        .split('x')
        .map(|n| n.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            at(
                first,
                format!("expected WIDTHxHEIGHTxMINES, such as 30x16x99, found \"{shown}\""),
            )
        })?;
    let [w, h, mines] = dims[..] else {
        return Err(at(
            first,
            format!("expected WIDTHxHEIGHTxMINES, found \"{shown}\""),
        ));
    };
    if w == 0 || h == 0 || w > crate::setup::MAX_SIDE || h > crate::setup::MAX_SIDE {
        return Err(at(first, format!("a {w}x{h} board is out of range")));
    }
    let mut cells = Vec::with_capacity(w * h);
    let mut marked = Vec::with_capacity(w * h);
    let mut row_lines = Vec::with_capacity(h);
    let mut rows = 0;
    for (n, line) in lines.by_ref().take(h) {
        let row = line.trim();
        if row.chars().count() != w {
            return Err(at(
                n + 1,
                format!("{} tiles, but the width is {w}", row.chars().count()),
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            cells.push(match ch {
                '0'..='8' => Cell::Open(ch as u8 - b'0'),
                'F' | 'f' | 'M' => Cell::Flag,
                'H' | 'h' | 'm' => Cell::Covered,
                other => {
                    return Err(at(
                        n + 1,
                        format!(
                            "column {}: {other:?} is not a tile (0-8, F, H, m or M)",
                            c + 1
                        ),
                    ));
                }
            });
            marked.push(matches!(ch, 'm' | 'M'));
        }
        row_lines.push(n + 1);
        rows += 1;
    }
    if rows != h {
        let last = text.lines().count().max(1);
        return Err(at(last, format!("{rows} rows, but the height is {h}")));
    }
    if let Some((n, _)) = lines.next() {
        return Err(at(
            n + 1,
            format!("more than the {h} rows of the position (one position an input)"),
        ));
    }
    let view = Grid::from_vec(w, h, cells).expect("sized above");
    let marked = Grid::from_vec(w, h, marked).expect("sized above");
    let layout = board_layout(&view, marked, mines, first, &row_lines)?;
    Ok(Position {
        view,
        mines,
        layout,
    })
}

/// The layout of a whole board: `None` when no mine is marked; an error, naming the line,
/// when the marks are not `mines` mines (against the first line, `first`) or an open tile
/// disagrees with them (on its row's line, from `row_lines`).
fn board_layout(
    view: &Grid<Cell>,
    marked: Grid<bool>,
    mines: usize,
    first: usize,
    row_lines: &[usize],
) -> Result<Option<Grid<bool>>, PositionError> {
    let layout = crate::layout::Layout::from_grid(marked);
    let count = layout.count();
    if count == 0 {
        return Ok(None);
    }
    if count != mines {
        return Err(at(
            first,
            format!("the board marks {count} mines (m or M), but the first line says {mines}"),
        ));
    }
    for p in view.positions() {
        if let Cell::Open(shown) = view[p] {
            let truth = layout.number(p);
            if shown != truth {
                return Err(at(
                    row_lines[p.row],
                    format!(
                        "column {}: shows {shown}, but the mines marked around it are {truth}",
                        p.col + 1
                    ),
                ));
            }
        }
    }
    Ok(Some(layout.grid().clone()))
}

/// Writes a whole board: the position with its mines marked (`m` covered, `M` flagged), as
/// JSMinesweeper reads a board to play it.
pub fn write_board(view: &Grid<Cell>, layout: &Grid<bool>) -> String {
    let mines = layout.cells().iter().filter(|&&m| m).count();
    let mut out = format!("{}x{}x{mines}\n", view.width(), view.height());
    for (row, marks) in view.rows().zip(layout.rows()) {
        for (&c, &mine) in row.iter().zip(marks) {
            out.push(match (c, mine) {
                (Cell::Flag, true) => 'M',
                (_, true) => 'm',
                (Cell::Open(n), false) => (b'0' + n) as char,
                (Cell::Flag | Cell::WrongFlag, false) => 'F',
                (_, false) => 'H',
            });
        }
        out.push('\n');
    }
    out
}

/// Writes a position; `None` when a tile has no text form (a finished game's mines).
pub fn write(view: &Grid<Cell>, mines: usize) -> Option<String> {
    let mut out = format!("{}x{}x{mines}\n", view.width(), view.height());
    for row in view.rows() {
        for &c in row {
            out.push(match c {
                Cell::Open(n) => (b'0' + n) as char,
                Cell::Flag => 'F',
                Cell::Covered | Cell::Question => 'H',
                Cell::Mine | Cell::Exploded | Cell::WrongFlag => return None,
            });
        }
        out.push('\n');
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let text = "3x2x1\n01H\n0F1\n";
        let p = parse(text).unwrap();
        assert_eq!(p.mines, 1);
        assert_eq!(p.view[grid_core::Pos::new(1, 1)], Cell::Flag);
        assert_eq!(write(&p.view, p.mines).unwrap(), text);
    }

    #[test]
    fn a_whole_board_keeps_its_layout() {
        // Mine at the top left, flagged; a covered one at the bottom right.
        let text = "3x3x2\nM1H\n121\nH1m\n";
        let p = parse(text).unwrap();
        assert_eq!(p.view[grid_core::Pos::new(0, 0)], Cell::Flag);
        assert_eq!(p.view[grid_core::Pos::new(2, 2)], Cell::Covered);
        let layout = p.layout.clone().unwrap();
        assert!(layout[grid_core::Pos::new(0, 0)] && layout[grid_core::Pos::new(2, 2)]);
        assert_eq!(write_board(&p.view, &layout), text);
        // Without its marks it is an ordinary position.
        assert_eq!(parse("3x3x2\nF1H\n121\nH1H\n").unwrap().layout, None);
    }

    #[test]
    fn a_board_must_agree_with_its_marks() {
        let e = |t: &str| parse(t).unwrap_err().to_string();
        assert_eq!(
            e("3x3x2\nM1H\n121\nH1H\n"),
            "line 1: the board marks 1 mines (m or M), but the first line says 2"
        );
        assert_eq!(
            e("3x3x2\nM1H\n111\nH1m\n"),
            "line 3: column 2: shows 1, but the mines marked around it are 2"
        );
    }

    #[test]
    fn errors_name_the_line() {
        let e = |t: &str| parse(t).unwrap_err().to_string();
        assert!(e("3x2\n").contains("line 1"));
        assert!(e("3x2x1\n01\n000\n").starts_with("line 2: 2 tiles"));
        assert!(e("3x2x1\n01Z\n000\n").contains("'Z' is not a tile"));
        assert!(e("3x2x1\n01H\n").contains("1 rows"));
        assert_eq!(
            e("1x1x0\n0\n1x1x0\n0\n"),
            "line 3: more than the 1 rows of the position (one position an input)"
        );
    }
}
