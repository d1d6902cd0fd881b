//! Titles fitted to their slot: broken into lines at spaces (mid-word only when a word is
//! longer than a line), at most so many lines, the last shortened with an ellipsis when text
//! remains, so that no title runs into its neighbour or off the page.

/// DejaVu Sans Mono's advance, the same for every character: 1233 of its 2048 units an em.
/// The font is monospaced, so a line's width is its characters counted.
const ADVANCE: f32 = 1233.0 / 2048.0;

/// The width of `text` set at `size` points, in points.
pub(super) fn width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * ADVANCE * size
}

/// `text` set at `size` points in lines at most `room` points wide, at most `most` of them.
pub(super) fn fit(text: &str, room: f32, size: f32, most: usize) -> Vec<String> {
    let columns = ((room / (ADVANCE * size)).floor() as usize).max(1);
    let mut lines = wrap(text, columns);
    if lines.len() > most {
        lines.truncate(most.max(1));
        if let Some(last) = lines.last_mut() {
            *last = shortened(last, columns);
        }
    }
    lines
}

/// `text` in lines of at most `columns` characters, broken at spaces, and inside a word
/// only when the word alone is longer than a line.
fn wrap(text: &str, columns: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line: Vec<char> = Vec::new();
    for word in text.split_whitespace() {
        let word: Vec<char> = word.chars().collect();
        let mut rest = word.as_slice();
        while !rest.is_empty() {
            let gap = usize::from(!line.is_empty());
            if line.len() + gap + rest.len() <= columns {
                if gap == 1 {
                    line.push(' ');
                }
                line.extend_from_slice(rest);
                rest = &[];
            } else if !line.is_empty() {
                lines.push(std::mem::take(&mut line).into_iter().collect());
            } else {
                let (head, tail) = rest.split_at(columns);
                lines.push(head.iter().collect());
                rest = tail;
            }
        }
    }
    if !line.is_empty() {
        lines.push(line.into_iter().collect());
    }
    lines
}

/// A line that more text followed, ending in an ellipsis within `columns` characters.
fn shortened(line: &str, columns: usize) -> String {
    let kept: String = line.chars().take(columns.saturating_sub(1)).collect();
    format!("{}…", kept.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_title_is_broken_at_spaces_and_a_long_word_inside_itself() {
        assert_eq!(wrap("Puzzle 1 16 x 16", 9), ["Puzzle 1", "16 x 16"]);
        assert_eq!(wrap("abcdefghij k", 4), ["abcd", "efgh", "ij k"]);
        assert_eq!(wrap("  ", 4), Vec::<String>::new());
    }

    #[test]
    fn a_title_longer_than_its_lines_ends_in_an_ellipsis_within_them() {
        let size = 10.0;
        let room = 10.0 * ADVANCE * size;
        let lines = fit(
            "A very long title that goes on and on and on",
            room,
            size,
            2,
        );
        assert_eq!(lines, ["A very", "long titl…"]);
        assert!(lines.iter().all(|l| width(l, size) <= room + 1e-3));
        assert_eq!(fit("Short", room, size, 2), ["Short"]);
    }
}
