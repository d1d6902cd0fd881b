//! The classic colours of Minesweeper's numbers, in one place for every drawing of a board:
//! the pictures, the text renderer and the terminal game.

use owo_colors::Style;

/// The colour of number `n` (1 to 8) in pictures, as RGB; 7 and 8 change with the ground so
/// that they stay readable.
pub fn number_rgb(n: u8, light: bool) -> [u8; 3] {
    match n {
        1 => [25, 118, 210],
        2 => [56, 142, 60],
        3 => [211, 47, 47],
        4 => [123, 31, 162],
        5 => [183, 28, 28],
        6 => [0, 131, 143],
        7 if light => [66, 66, 66],
        7 => [200, 200, 200],
        _ if light => [117, 117, 117],
        _ => [158, 158, 158],
    }
}

/// The colour of number `n` (1 to 8) on a terminal, from its 16 colours: the same hues as
/// [`number_rgb`], bold, as the classic game draws them.
pub fn number_style(n: u8) -> Style {
    let style = match n {
        1 => Style::new().bright_blue(),
        2 => Style::new().green(),
        3 => Style::new().bright_red(),
        4 => Style::new().purple(),
        5 => Style::new().red(),
        6 => Style::new().cyan(),
        7 => Style::new().white(),
        _ => Style::new().bright_black(),
    };
    style.bold()
}
