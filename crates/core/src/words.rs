//! Words for messages: numbers ("1 click", "2 clicks") and colours ("red").

/// `word` after "a", or "an" before a vowel ("an octagon", "a square").
pub fn with_article(word: &str) -> String {
    let an = word.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {word}", if an { "an" } else { "a" })
}

/// `n` and the noun that goes with it: `one` for exactly one, `many` otherwise.
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The word for a colour in a puzzle's palette: the name of the nearest of a few basic
/// colours when the palette's letter is one a person reads as that name (its first letter,
/// `r` for a red, or the letter nonogen gives it where the first is taken, `n` for a brown)
/// or a sign (`#`), else `colour 'x'`.
pub fn colour(name: u8, rgb: Option<[u8; 3]>) -> String {
    /// Each basic colour: its word, its RGB value, and the letters read as it.
    const BASIC: [(&str, [u8; 3], &[u8]); 13] = [
        ("black", [0, 0, 0], b"b"),
        ("white", [255, 255, 255], b"w"),
        ("grey", [128, 128, 128], b"ge"),
        ("red", [214, 39, 40], b"r"),
        ("green", [44, 160, 44], b"g"),
        ("blue", [31, 119, 180], b"b"),
        ("yellow", [240, 220, 40], b"y"),
        ("orange", [255, 127, 14], b"o"),
        ("purple", [148, 103, 189], b"p"),
        ("pink", [240, 140, 190], b"pk"),
        ("brown", [140, 86, 75], b"bn"),
        ("cyan", [23, 190, 207], b"c"),
        ("olive", [188, 189, 34], b"oy"),
    ];
    if let Some(rgb) = rgb {
        let distance = |c: [u8; 3]| -> u32 {
            c.iter()
                .zip(rgb)
                .map(|(&a, b)| (i32::from(a) - i32::from(b)).pow(2) as u32)
                .sum()
        };
        let (word, _, letters) = BASIC
            .iter()
            .min_by_key(|(_, c, _)| distance(*c))
            .expect("the table is not empty");
        // A sign such as '#' stands for no word of its own, so the nearest colour's is used.
        if letters.contains(&name.to_ascii_lowercase()) || !name.is_ascii_alphanumeric() {
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

    #[test]
    fn a_letter_read_as_a_colour_other_than_its_first_names_it() {
        assert_eq!(colour(b'n', Some([140, 86, 75])), "brown");
        assert_eq!(colour(b'y', Some([188, 189, 34])), "olive");
        assert_eq!(colour(b'n', Some([200, 30, 30])), "colour 'n'");
    }
}
