//! Minesweeper positions as text: the board with row and column numbers, numbers in their
//! classic colours, and the layout only once the game is over.

use crate::options::Options;
use grid_core::{Document, Error, Result};
use owo_colors::{OwoColorize, Style};
use std::io::Write;

pub(crate) fn render(doc: &Document, opts: &Options, out: &mut impl Write) -> Result<()> {
    let grid = crate::shown::mines_board(doc)?;
    let row_digits = grid.height().saturating_sub(1).to_string().len();
    let mut text = column_numbers(grid.width(), row_digits + 1);
    for (r, row) in grid.rows().enumerate() {
        text.push_str(&format!("{r:>row_digits$} "));
        for &b in row {
            text.push(' ');
            push_tile(&mut text, b, opts.color);
        }
        text.push('\n');
    }
    out.write_all(text.as_bytes()).map_err(Error::Io)
}

/// The column numbers over tiles two characters apart, written downwards as spreadsheets do
/// when they are wide: one line a digit (tens above units), so that 10 and 11 never run
/// together.
fn column_numbers(width: usize, indent: usize) -> String {
    let digits = width.saturating_sub(1).to_string().len();
    let mut text = String::new();
    for line in 0..digits {
        text.push_str(&" ".repeat(indent));
        for c in 0..width {
            let number = format!("{c:>digits$}");
            text.push(' ');
            text.push(number.as_bytes()[line] as char);
        }
        text.push('\n');
    }
    text
}

fn push_tile(text: &mut String, b: u8, color: bool) {
    use std::fmt::Write as _;
    let glyph = match b {
        b'#' => '■',
        b'0' => '·',
        other => other as char,
    };
    let style = match b {
        b'1'..=b'8' => crate::palette::number_style(b - b'0'),
        b'F' | b'!' => Style::new().bright_red().bold(),
        b'X' => Style::new().white().on_red(),
        b'*' => Style::new().bold(),
        b'#' => Style::new().dimmed(),
        _ => Style::new(),
    };
    if color {
        let _ = write!(text, "{}", glyph.style(style));
    } else {
        text.push(glyph);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_boards_number_their_columns_in_two_lines() {
        assert_eq!(column_numbers(3, 1), "  0 1 2\n");
        let head = column_numbers(12, 2);
        let lines: Vec<&str> = head.lines().collect();
        assert_eq!(lines[0], "                       1 1");
        assert_eq!(lines[1], "   0 1 2 3 4 5 6 7 8 9 0 1");
    }

    #[test]
    fn the_layout_shows_once_the_game_is_over() {
        let doc = Document::from_json(
            r#"{"kind":"mines","version":1,"width":2,"height":2,"mines":2,"grid":["X#","22"],"layout":["**",".."],"state":"lost"}"#,
        )
        .unwrap();
        let mut out = Vec::new();
        render(&doc, &Options::default(), &mut out).unwrap();
        assert!(String::from_utf8(out).unwrap().contains("X *"));
    }

    #[test]
    fn a_board_has_numbered_rows_and_columns() {
        let doc = Document::from_json(
            r###"{"kind":"mines","version":1,"width":3,"height":2,"mines":1,"grid":["01#","01F"]}"###,
        )
        .unwrap();
        let mut out = Vec::new();
        render(&doc, &Options::default(), &mut out).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "   0 1 2\n0  · 1 ■\n1  · 1 F\n"
        );
    }
}
