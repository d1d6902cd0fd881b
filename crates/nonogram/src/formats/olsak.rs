//! Mirek Olšák's `.g` format: free text up to the first line that starts with `:` or `#`;
//! `#d` opens a colour declaration (`0: white`, `1:* black`, and for colour puzzles more
//! colours such as `r:% #ff0000 red`) that ends at a `:` line; a `:` line starts the rows, one clue list a line (blank
//! for an empty line), and the next `:` line the columns.

use super::{Declared, FormatError, Parsed, color_puzzle, puzzle};
use crate::color::{Block, Palette};
use grid_core::error::quote;
use grid_core::nonogram_doc::parse_rgb;

pub fn parse(text: &str) -> Result<Parsed, FormatError> {
    // Every line counts, blank ones at the end too: an empty line in a clue section is a
    // line with no blocks wherever it stands, and the last columns of a puzzle may be empty.
    let lines: Vec<(usize, &str)> = text.lines().enumerate().map(|(i, l)| (i + 1, l)).collect();
    let mut i = 0;
    let mut meta = Vec::new();
    let mut declared = None;
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
            let (colours, next) = declarations(&lines, i)?;
            declared = Some(colours);
            i = next;
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
    let black_and_white = rows
        .iter()
        .chain(&cols)
        .flatten()
        .all(|c| c.colour.is_none());
    let declared = declared.unwrap_or_default();
    if black_and_white && declared.iter().all(|d| d.key == "0" || d.key == "1") {
        let lengths = |lines: Vec<Vec<Count>>| -> Vec<Vec<u32>> {
            lines
                .into_iter()
                .map(|l| l.into_iter().map(|c| c.len).collect())
                .collect()
        };
        return Ok(Parsed {
            puzzle: puzzle(lengths(rows), lengths(cols))?,
            meta,
            words: Default::default(),
        });
    }
    let (table, back): (Vec<Declared>, Vec<Declared>) =
        declared.into_iter().partition(|d| d.key != "0");
    let (palette, words) =
        super::palette(&table, back.into_iter().next().map(|d| (d.word, d.rgb)))?;
    let resolve = |lines: Vec<Vec<Count>>| -> Result<Vec<Vec<Block>>, FormatError> {
        lines
            .into_iter()
            .map(|l| l.into_iter().map(|c| c.resolve(&table, &palette)).collect())
            .collect()
    };
    let rows = resolve(rows)?;
    let cols = resolve(cols)?;
    Ok(Parsed {
        puzzle: color_puzzle(palette, rows, cols)?,
        meta,
        words,
    })
}

/// One block of a clue line: its length, its colour's letter (none: the default colour `1`),
/// and the line of the file.
struct Count {
    len: u32,
    colour: Option<char>,
    line: usize,
}

impl Count {
    fn resolve(&self, table: &[Declared], palette: &Palette) -> Result<Block, FormatError> {
        // `0`, the background, cannot follow a number: it would be one of its digits.
        let key = self.colour.unwrap_or('1');
        let declared = table
            .iter()
            .find(|d| d.key.starts_with(key))
            .ok_or_else(|| {
                let what = match self.colour {
                    Some(c) => format!("the block {}{c} has the colour {c:?}, which the #d block does not declare", self.len),
                    None => format!(
                        "the block {} has no colour letter, and the #d block declares no default colour (1)",
                        self.len
                    ),
                };
                FormatError::at(self.line, what)
            })?;
        let color = palette
            .find(declared.name)
            .expect("every declared colour is in the palette");
        Ok(Block {
            len: self.len,
            color,
        })
    }
}

/// A colour declaration, up to the `:` line that starts the rows: one colour a line,
/// `<letter>:<printed as> <#rrggbb or an X11 colour name> <comment>`; `0` is the background
/// and `1` the default colour of blocks without a letter (named `'#'` in the palette).
fn declarations(
    lines: &[(usize, &str)],
    mut i: usize,
) -> Result<(Vec<Declared>, usize), FormatError> {
    let mut declared: Vec<Declared> = Vec::new();
    while let Some(&(n, line)) = lines.get(i) {
        if line.starts_with(':') {
            return Ok((declared, i));
        }
        i += 1;
        let entry = line.trim_start();
        if entry.is_empty() || entry.starts_with('#') {
            continue;
        }
        let mut chars = entry.chars();
        let key = chars.next().expect("not empty");
        if chars.next() != Some(':') {
            return Err(FormatError::at(
                n,
                format!(
                    "\"{}\" is not a colour declaration (\"r:% #ff0000 red\")",
                    quote(entry)
                ),
            ));
        }
        // The character the program prints the colour with, then the colour and a comment.
        chars.next();
        let rest = chars.as_str().trim();
        let (value, comment) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let rgb = parse_rgb(value)
            .or_else(|| x11_colour(value))
            .ok_or_else(|| {
                let what = if value.is_empty() {
                    "no RGB value".to_string()
                } else {
                    format!(
                        "\"{}\", which is neither #rrggbb nor a colour name this reader knows",
                        quote(value)
                    )
                };
                FormatError::at(n, format!("the colour {key:?} has {what}"))
            })?;
        if declared.iter().any(|d| d.key.starts_with(key)) {
            return Err(FormatError::at(
                n,
                format!("the colour {key:?} is declared twice"),
            ));
        }
        let name = match key {
            '0' => b'.',
            '1' => b'#',
            c if c.is_ascii_graphic() && !".?#".contains(c) && !c.is_ascii_digit() => c as u8,
            c => {
                return Err(FormatError::at(
                    n,
                    format!("{c:?} cannot name a colour (a letter or a sign other than . ? #)"),
                ));
            }
        };
        let comment = comment.trim();
        let word = if !comment.is_empty() {
            Some(comment.to_string())
        } else if !value.starts_with('#') {
            Some(value.to_string())
        } else {
            None
        };
        declared.push(Declared {
            key: key.to_string(),
            name,
            rgb,
            word,
        });
    }
    Err(FormatError::whole(
        "the colour declaration never ends (no \":\" line)",
    ))
}

/// The RGB value of a colour name of X11's rgb.txt, for the common ones `.g` files use.
fn x11_colour(name: &str) -> Option<[u8; 3]> {
    const NAMES: [(&str, [u8; 3]); 30] = [
        ("white", [255, 255, 255]),
        ("black", [0, 0, 0]),
        ("red", [255, 0, 0]),
        ("green", [0, 255, 0]),
        ("blue", [0, 0, 255]),
        ("yellow", [255, 255, 0]),
        ("cyan", [0, 255, 255]),
        ("magenta", [255, 0, 255]),
        ("gray", [190, 190, 190]),
        ("grey", [190, 190, 190]),
        ("darkgray", [169, 169, 169]),
        ("darkgrey", [169, 169, 169]),
        ("lightgray", [211, 211, 211]),
        ("lightgrey", [211, 211, 211]),
        ("orange", [255, 165, 0]),
        ("brown", [165, 42, 42]),
        ("pink", [255, 192, 203]),
        ("purple", [160, 32, 240]),
        ("violet", [238, 130, 238]),
        ("navy", [0, 0, 128]),
        ("maroon", [176, 48, 96]),
        ("gold", [255, 215, 0]),
        ("beige", [245, 245, 220]),
        ("tan", [210, 180, 140]),
        ("darkgreen", [0, 100, 0]),
        ("darkblue", [0, 0, 139]),
        ("darkred", [139, 0, 0]),
        ("lightblue", [173, 216, 230]),
        ("lightgreen", [144, 238, 144]),
        ("skyblue", [135, 206, 235]),
    ];
    let name = name.to_ascii_lowercase();
    NAMES.iter().find(|(n, _)| *n == name).map(|(_, rgb)| *rgb)
}

/// Clue lines from `i` up to the next line starting with `:` or `#` (or the end): numbers,
/// each perhaps followed by its colour's letter (`3r`).
fn section(lines: &[(usize, &str)], mut i: usize) -> Result<(Vec<Vec<Count>>, usize), FormatError> {
    let mut out = Vec::new();
    while let Some(&(n, line)) = lines.get(i) {
        if line.starts_with(':') || line.starts_with('#') {
            break;
        }
        let mut clue = Vec::new();
        for word in line.split([' ', '\t', ',']).filter(|w| !w.is_empty()) {
            let digits = word.trim_end_matches(|c: char| !c.is_ascii_digit());
            let suffix = &word[digits.len()..];
            let colour = match (digits.is_empty(), suffix.chars().count()) {
                (_, 0) => None,
                (false, 1) => suffix.chars().next(),
                _ => {
                    return Err(FormatError::at(
                        n,
                        format!(
                            "\"{}\" is not a block: a number, perhaps followed by one colour letter",
                            quote(word)
                        ),
                    ));
                }
            };
            clue.push(Count {
                len: super::number(digits, n)?,
                colour,
                line: n,
            });
        }
        out.push(clue);
        i += 1;
    }
    Ok((out, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Nonogram;

    const SMALL: &str = "Tiny\n#d\n0:  white\n1:* black\n: rows\n2\n1 1\n: columns\n2\n\n1\n";

    #[test]
    fn reads_rows_and_columns() {
        let p = parse(SMALL).unwrap();
        assert_eq!(p.black().unwrap().rows(), [vec![2], vec![1, 1]]);
        assert_eq!(p.black().unwrap().cols(), [vec![2], vec![], vec![1]]);
        assert_eq!(p.meta, [("title".to_string(), "Tiny".to_string())]);
    }

    #[test]
    fn empty_lines_at_the_end_are_empty_columns() {
        let p = parse(&format!("{SMALL}\n\n")).unwrap();
        assert_eq!(
            p.black().unwrap().cols(),
            [vec![2], vec![], vec![1], vec![], vec![]]
        );
    }

    const COLOUR: &str = "Two colours\n#d\n   0:   #FFFFFF   white\n   r:%  #D62728   red\n   g:=  green     leaf green\n: rows\n1r 2g\n2r\n: columns\n2r\n1g 1r\n1g\n";

    #[test]
    fn reads_colour_declarations_and_clues() {
        let p = parse(COLOUR).unwrap();
        let Nonogram::Color(puzzle) = &p.puzzle else {
            panic!("a colour puzzle");
        };
        let names: Vec<(u8, [u8; 3])> = puzzle
            .palette()
            .swatches()
            .iter()
            .map(|s| (s.name, s.rgb))
            .collect();
        assert_eq!(names, [(b'g', [0, 255, 0]), (b'r', [214, 39, 40])]);
        let (g, r) = (1, 2);
        assert_eq!(
            puzzle.rows()[0],
            [Block { len: 1, color: r }, Block { len: 2, color: g }]
        );
        assert_eq!(puzzle.cols()[1].len(), 2);
        assert_eq!(p.words.word(b'g'), Some("leaf green"));
        assert_eq!(p.words.word(b'.'), Some("white"));
        assert_eq!(p.words.background, Some([255, 255, 255]));
    }

    #[test]
    fn colour_errors_name_the_line_and_the_colour() {
        let cases = [
            ("1r 2g", "1r 2b", 7, "the colour 'b'"),
            ("#D62728   red", "", 4, "the colour 'r' has no RGB value"),
            (
                "green     leaf",
                "greenish  leaf",
                5,
                "\"greenish\", which is neither",
            ),
            ("1g 1r", "1g 1", 11, "declares no default colour (1)"),
        ];
        for (from, to, line, expected) in cases {
            let e = parse(&COLOUR.replacen(from, to, 1)).unwrap_err();
            assert_eq!(e.line, Some(line), "{e}");
            assert!(e.to_string().contains(expected), "{e}");
        }
    }

    #[test]
    fn errors_name_the_line() {
        let bad = SMALL.replace("1 1", "1 z");
        assert_eq!(parse(&bad).unwrap_err().line, Some(7));
        let undeclared = SMALL.replace("1 1", "1a 1");
        assert!(
            parse(&undeclared)
                .unwrap_err()
                .to_string()
                .contains("which the #d block does not declare")
        );
        assert!(parse("just text\n").is_err());
    }
}
