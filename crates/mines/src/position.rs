//! The plain text positions of JSMinesweeper and other analysers: `WxHxM` on the first line,
//! then one line a row of `0`-`8` (opened), `F` (flagged) and `H` (hidden).

use grid_core::Grid;
use grid_core::mines_doc::Cell;

/// A position: what the player sees, and the number of mines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    pub view: Grid<Cell>,
    pub mines: usize,
}

impl Position {
    /// The position as a mines document: no layout, no seed, no history; "new" when nothing
    /// is open yet.
    pub fn to_doc(self) -> grid_core::mines_doc::MinesDoc {
        use grid_core::mines_doc::{GameState, MinesDoc, Rules};
        let state = if self.view.cells().iter().all(|c| c.is_closed()) {
            GameState::New
        } else {
            GameState::Playing
        };
        MinesDoc {
            state,
            view: self.view,
            mines: self.mines,
            layout: None,
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
                'F' | 'f' => Cell::Flag,
                'H' | 'h' => Cell::Covered,
                other => {
                    return Err(at(
                        n + 1,
                        format!("column {}: {other:?} is not a tile (0-8, F or H)", c + 1),
                    ));
                }
            });
        }
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
    Ok(Position {
        view: Grid::from_vec(w, h, cells).expect("sized above"),
        mines,
    })
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
