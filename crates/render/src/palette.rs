//! The classic colours of Minesweeper's numbers, in one place for every drawing of a board:
//! the pictures, the text renderer and the terminal game; the nearest terminal colour to a
//! colour puzzle's own; and a colour's luminance, which picks black or white text on it.

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

/// The nearest of the xterm 256 colours to an RGB colour: of its 6 x 6 x 6 cube and its 24
/// greys, by squared distance (the 16 system colours vary by terminal, so they are avoided).
pub fn nearest_256(rgb: [u8; 3]) -> u8 {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    let distance = |c: [u8; 3]| -> u32 {
        c.iter()
            .zip(rgb)
            .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
            .sum()
    };
    let level = |v: u8| -> usize {
        (0..6)
            .min_by_key(|&i| (i32::from(LEVELS[i]) - i32::from(v)).abs())
            .expect("six levels")
    };
    let (r, g, b) = (level(rgb[0]), level(rgb[1]), level(rgb[2]));
    let cube = [LEVELS[r], LEVELS[g], LEVELS[b]];
    let cube_index = 16 + 36 * r + 6 * g + b;
    let mean = (rgb.iter().map(|&v| u32::from(v)).sum::<u32>() / 3) as i32;
    let grey = ((mean - 8) / 10).clamp(0, 23) as u8;
    let grey_value = 8 + 10 * grey;
    if distance([grey_value; 3]) < distance(cube) {
        232 + grey
    } else {
        cube_index as u8
    }
}

/// The relative luminance of a colour, from 0 (black) to 1 (white), as WCAG weighs it.
pub fn luminance([r, g, b]: [u8; 3]) -> f64 {
    (0.2126 * f64::from(r) + 0.7152 * f64::from(g) + 0.0722 * f64::from(b)) / 255.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_nearest_of_256_colours() {
        assert_eq!(nearest_256([255, 0, 0]), 196);
        assert_eq!(nearest_256([0, 0, 0]), 16);
        assert_eq!(nearest_256([128, 128, 128]), 244);
        assert_eq!(nearest_256([214, 39, 40]), 160);
    }
}
