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

/// Reads a position; errors name the line (1-based) and what is wrong.
pub fn parse(text: &str) -> Result<Position, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (_, head) = lines.next().ok_or("an empty position")?;
    let dims: Vec<usize> = head
        .trim()
        .split('x')
        .map(|n| n.trim().parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| {
            format!("line 1: expected WIDTHxHEIGHTxMINES, such as 30x16x99, found {head:?}")
        })?;
    let [w, h, mines] = dims[..] else {
        return Err(format!(
            "line 1: expected WIDTHxHEIGHTxMINES, found {head:?}"
        ));
    };
    if w == 0 || h == 0 || w > crate::setup::MAX_SIDE || h > crate::setup::MAX_SIDE {
        return Err(format!("line 1: a {w}x{h} board is out of range"));
    }
    let mut cells = Vec::with_capacity(w * h);
    let mut rows = 0;
    for (n, line) in lines.by_ref().take(h) {
        let row = line.trim();
        if row.chars().count() != w {
            return Err(format!(
                "line {}: {} tiles, but the width is {w}",
                n + 1,
                row.chars().count()
            ));
        }
        for (c, ch) in row.chars().enumerate() {
            cells.push(match ch {
                '0'..='8' => Cell::Open(ch as u8 - b'0'),
                'F' | 'f' => Cell::Flag,
                'H' | 'h' => Cell::Covered,
                other => {
                    return Err(format!(
                        "line {} column {}: {other:?} is not a tile (0-8, F or H)",
                        n + 1,
                        c + 1
                    ));
                }
            });
        }
        rows += 1;
    }
    if rows != h {
        return Err(format!("{rows} rows, but the height is {h}"));
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
        assert!(parse("3x2\n").unwrap_err().contains("line 1"));
        assert!(
            parse("3x2x1\n01\n000\n")
                .unwrap_err()
                .starts_with("line 2: 2 tiles")
        );
        assert!(
            parse("3x2x1\n01Z\n000\n")
                .unwrap_err()
                .contains("'Z' is not a tile")
        );
        assert!(parse("3x2x1\n01H\n").unwrap_err().contains("1 rows"));
    }
}
