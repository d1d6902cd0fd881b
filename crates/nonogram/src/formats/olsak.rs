//! Mirek Olšák's `.g` format: free text up to the first line that starts with `:` or `#`;
//! `#d` opens a colour declaration (`0: white`, `1:* black`, and more colours for colour
//! puzzles) that ends at a `:` line; a `:` line starts the rows, one clue list a line (blank
//! for an empty line), and the next `:` line the columns.

use super::{FormatError, Parsed, puzzle};

pub fn parse(text: &str) -> Result<Parsed, FormatError> {
    let mut lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    // Blank lines at the very end of the file are not empty columns.
    while lines.last().is_some_and(|(_, l)| l.trim().is_empty()) {
        lines.pop();
    }
    let mut i = 0;
    let mut meta = Vec::new();
    // The preamble: free text, comments, and perhaps a colour declaration.
    loop {
        let Some(&(n, line)) = lines.get(i) else {
            return Err(FormatError::whole("no \":\" line to start the rows"));
        };
        i += 1;
        if line.starts_with(':') {
            break;
        }
        if line.starts_with("#d") || line.starts_with("#D") {
            i = colours(&lines, i)?;
            continue;
        }
        if line.starts_with("#t") || line.starts_with("#T") {
            return Err(FormatError::at(n, "triddlers are not supported yet"));
        }
        if !line.starts_with('#') && !line.trim().is_empty() && meta.is_empty() {
            meta.push(("title".to_string(), line.trim().to_string()));
        }
    }
    let (rows, next) = section(&lines, i)?;
    let Some(&(_, sep)) = lines.get(next) else {
        return Err(FormatError::whole("no \":\" line to start the columns"));
    };
    debug_assert!(sep.starts_with(':') || sep.starts_with('#'));
    let (cols, _) = section(&lines, next + 1)?;
    Ok(Parsed {
        puzzle: puzzle(rows, cols)?,
        meta,
    })
}

/// Skips a colour declaration, refusing any colour beyond white (`0`) and black (`1`).
fn colours(lines: &[(usize, &str)], mut i: usize) -> Result<usize, FormatError> {
    while let Some(&(n, line)) = lines.get(i) {
        if line.starts_with(':') {
            return Ok(i);
        }
        let key = line.trim_start().chars().next();
        if let Some(c) = key
            && c != '0'
            && c != '1'
        {
            return Err(FormatError::at(
                n,
                format!("colour puzzles are not supported yet (colour {c:?} is declared)"),
            ));
        }
        i += 1;
    }
    Err(FormatError::whole(
        "the colour declaration never ends (no \":\" line)",
    ))
}

/// Clue lines from `i` up to the next line starting with `:` or `#` (or the end).
fn section(lines: &[(usize, &str)], mut i: usize) -> Result<(Vec<Vec<u32>>, usize), FormatError> {
    let mut out = Vec::new();
    while let Some(&(n, line)) = lines.get(i) {
        if line.starts_with(':') || line.starts_with('#') {
            break;
        }
        let mut clue = Vec::new();
        for word in line.split([' ', '\t', ',']).filter(|w| !w.is_empty()) {
            let digits = word.trim_end_matches(|c: char| !c.is_ascii_digit());
            if digits.len() != word.len() && !digits.is_empty() {
                return Err(FormatError::at(
                    n,
                    format!(
                        "colour puzzles are not supported yet (the clue {word:?} has a colour)"
                    ),
                ));
            }
            clue.push(super::number(word, n)?);
        }
        out.push(clue);
        i += 1;
    }
    Ok((out, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SMALL: &str = "Tiny\n#d\n0:  white\n1:* black\n: rows\n2\n1 1\n: columns\n2\n\n1\n";

    #[test]
    fn reads_rows_and_columns() {
        let p = parse(SMALL).unwrap();
        assert_eq!(p.black().unwrap().rows(), [vec![2], vec![1, 1]]);
        assert_eq!(p.black().unwrap().cols(), [vec![2], vec![], vec![1]]);
        assert_eq!(p.meta, [("title".to_string(), "Tiny".to_string())]);
    }

    #[test]
    fn colour_is_refused_and_errors_name_the_line() {
        let colour = SMALL.replace("1:* black", "1:* black\na:% red");
        assert!(
            parse(&colour)
                .unwrap_err()
                .to_string()
                .contains("not supported yet")
        );
        let bad = SMALL.replace("1 1", "1 z");
        assert_eq!(parse(&bad).unwrap_err().line, Some(7));
        let coloured = SMALL.replace("1 1", "1a 1");
        assert!(
            parse(&coloured)
                .unwrap_err()
                .to_string()
                .contains("has a colour")
        );
        assert!(parse("just text\n").is_err());
    }
}
