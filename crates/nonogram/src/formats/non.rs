//! Steve Simpson's `.non` format: `width W`, `height H`, then `rows` followed by H rules and
//! `columns` followed by W rules, each rule a comma-separated list (`0` for an empty line);
//! blank lines are ignored and any other line is a property (`title "..."`, `by ...`).

use super::{FormatError, Parsed, number, puzzle};
use crate::puzzle::MAX_SIDE;

pub fn parse(text: &str) -> Result<Parsed, FormatError> {
    let mut width = None;
    let mut height = None;
    let mut rows = None;
    let mut cols = None;
    let mut meta = Vec::new();
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    while let Some((n, line)) = lines.next() {
        if line.is_empty() {
            continue;
        }
        let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match (word, rest.is_empty()) {
            ("width" | "columns", false) => width = Some(size(rest, n)?),
            ("height" | "rows", false) => height = Some(size(rest, n)?),
            ("rows", true) => {
                let h = height.ok_or_else(|| {
                    FormatError::at(n, "\"rows\" comes before the height is given")
                })?;
                rows = Some(rules(&mut lines, h, "rows", n)?);
            }
            ("columns", true) => {
                let w = width.ok_or_else(|| {
                    FormatError::at(n, "\"columns\" comes before the width is given")
                })?;
                cols = Some(rules(&mut lines, w, "columns", n)?);
            }
            _ if word.starts_with(|c: char| c.is_alphabetic()) => {
                meta.push((word.to_string(), unquote(rest)));
            }
            _ => {
                return Err(FormatError::at(
                    n,
                    format!(
                        "\"{}\" is neither a property nor one of the rules of a \"rows\" or \
                         \"columns\" section (each takes exactly as many as the size says)",
                        grid_core::error::quote(line)
                    ),
                ));
            }
        }
    }
    let rows = rows.ok_or_else(|| FormatError::whole("no \"rows\" section"))?;
    let cols = cols.ok_or_else(|| FormatError::whole("no \"columns\" section"))?;
    Ok(Parsed {
        puzzle: puzzle(rows, cols)?,
        meta,
        words: Default::default(),
    })
}

/// A width or height, checked before anything is sized by it.
fn size(word: &str, line: usize) -> Result<usize, FormatError> {
    let n = word
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| {
            FormatError::at(
                line,
                format!(
                    "\"{}\" is not a size (a whole number, 1 or more)",
                    grid_core::error::quote(word)
                ),
            )
        })?;
    if n > MAX_SIDE {
        return Err(FormatError::at(
            line,
            format!("{n} is too large (at most {MAX_SIDE} on a side)"),
        ));
    }
    Ok(n)
}

/// The `count` rules after a `rows` or `columns` line.
fn rules<'a>(
    lines: &mut impl Iterator<Item = (usize, &'a str)>,
    count: usize,
    section: &str,
    start: usize,
) -> Result<Vec<Vec<u32>>, FormatError> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let Some((n, line)) = lines.next() else {
            return Err(FormatError::at(
                start,
                format!(
                    "\"{section}\" needs {count} rules, the file ends after {}",
                    out.len()
                ),
            ));
        };
        if line.is_empty() {
            continue;
        }
        if line.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return Err(FormatError::at(
                n,
                format!(
                    "\"{section}\" needs {count} rules, found {} before \"{}\"",
                    out.len(),
                    grid_core::error::quote(line)
                ),
            ));
        }
        let clue = line
            .split([',', ' ', '\t'])
            .filter(|w| !w.is_empty())
            .map(|w| number(w, n))
            .collect::<Result<Vec<u32>, _>>()?;
        out.push(clue);
    }
    Ok(out)
}

fn unquote(s: &str) -> String {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str =
        "title \"Tiny\"\nby Someone\nwidth 3\nheight 2\n\nrows\n2\n1,1\n\ncolumns\n2\n0\n1\n";

    #[test]
    fn reads_clues_and_properties() {
        let p = parse(SMALL).unwrap();
        assert_eq!(p.black().unwrap().rows(), [vec![2], vec![1, 1]]);
        assert_eq!(p.black().unwrap().cols(), [vec![2], vec![], vec![1]]);
        assert_eq!(p.meta[0], ("title".to_string(), "Tiny".to_string()));
    }

    #[test]
    fn errors_name_the_line() {
        let bad = SMALL.replace("1,1", "1,x");
        assert_eq!(
            parse(&bad).unwrap_err().to_string(),
            "line 8: \"x\" is not a whole number; clues are whole numbers, 0 or more"
        );
        let neg = SMALL.replace("1,1", "-1");
        assert!(parse(&neg).unwrap_err().to_string().contains("negative"));
        let short = SMALL.replace("1,1\n", "");
        assert!(
            parse(&short)
                .unwrap_err()
                .to_string()
                .contains("needs 2 rules")
        );
        let extra = format!("{SMALL}1\n");
        assert!(
            parse(&extra)
                .unwrap_err()
                .to_string()
                .starts_with("line 14: \"1\" is neither a property")
        );
        let huge = SMALL.replace("width 3", "width 4294967296");
        assert_eq!(
            parse(&huge).unwrap_err().to_string(),
            "line 3: 4294967296 is too large (at most 1000 on a side)"
        );
        let cut = &SMALL[..SMALL.len() - 4];
        assert!(
            parse(cut)
                .unwrap_err()
                .to_string()
                .contains("the file ends")
        );
    }
}
