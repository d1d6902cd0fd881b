//! Words for messages: numbers ("1 click", "2 clicks") and colours ("red").

/// `n` and the noun that goes with it: `one` for exactly one, `many` otherwise.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The word for a colour in a puzzle's palette: the name of the nearest of a few basic
/// colours when the palette's letter is that name's first letter (`r` for a red) or a sign
/// (`#`), else `colour 'x'`.
pub fn colour(name: u8, rgb: Option<[u8; 3]>) -> String {
    const BASIC: [(&str, [u8; 3]); 12] = [
        ("black", [0, 0, 0]),
        ("white", [255, 255, 255]),
        ("grey", [128, 128, 128]),
        ("red", [214, 39, 40]),
        ("green", [44, 160, 44]),
        ("blue", [31, 119, 180]),
        ("yellow", [240, 220, 40]),
        ("orange", [255, 127, 14]),
        ("purple", [148, 103, 189]),
        ("pink", [240, 140, 190]),
        ("brown", [140, 86, 75]),
        ("cyan", [23, 190, 207]),
    ];
    if let Some(rgb) = rgb {
        let distance = |c: [u8; 3]| -> u32 {
            c.iter()
                .zip(rgb)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
                .sum()
        };
        let (word, _) = BASIC
            .iter()
            .min_by_key(|(_, c)| distance(*c))
            .expect("the table is not empty");
        // A sign such as '#' stands for no word of its own, so the nearest colour's is used.
        if word.as_bytes()[0] == name.to_ascii_lowercase() || !name.is_ascii_alphanumeric() {
            return (*word).to_string();
        }
    }
    format!("colour '{}'", name as char)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(count(1u32, "click", "clicks"), "1 click");
        assert_eq!(count(0u32, "click", "clicks"), "0 clicks");
        assert_eq!(count(12u64, "character", "characters"), "12 characters");
    }

    #[test]
    fn a_colour_is_named_when_its_letter_begins_the_nearest_word() {
        assert_eq!(colour(b'r', Some([200, 30, 30])), "red");
        assert_eq!(colour(b'#', Some([20, 20, 20])), "black");
        assert_eq!(colour(b'x', Some([200, 30, 30])), "colour 'x'");
        assert_eq!(colour(b'g', None), "colour 'g'");
    }
}
