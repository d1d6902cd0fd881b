//! The libraries speak in figures, the tools in flags: no string literal in a library crate
//! names a command-line flag, so that another program using a crate never gets advice about
//! flags it does not have (docs/architecture.md, "Errors"). grid-cli is left out: it is the
//! crate of the command line, where the flags are defined once.

use std::path::{Path, PathBuf};

/// The library crates whose text must not name a flag.
const LIBRARIES: &[&str] = &["core", "maze", "mines", "nonogram", "picture", "render"];

#[test]
fn no_library_string_names_a_flag() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut found = Vec::new();
    for crate_dir in LIBRARIES {
        for file in rust_files(&root.join(crate_dir).join("src")) {
            let text = std::fs::read_to_string(&file).unwrap();
            // Unit tests at the foot of a file may quote what a tool prints.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (line, literal) in string_literals(code) {
                if let Some(flag) = flag_in(&literal) {
                    found.push(format!("{}:{line}: {flag}", file.display()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "library strings naming a flag:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_lexer_finds_flags_in_strings_only() {
    let code = "// --not-this\nlet a = \"use --cell-mm\"; /* --nor */ let b = r#\"x --size\"#;\nlet c = \"a - b -- c\";";
    let flags: Vec<_> = string_literals(code)
        .into_iter()
        .filter_map(|(line, s)| flag_in(&s).map(|f| (line, f)))
        .collect();
    assert_eq!(
        flags,
        [(2, "--cell-mm".to_string()), (2, "--size".to_string())]
    );
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The first `--name` in a literal, where `--` starts a word.
fn flag_in(literal: &str) -> Option<String> {
    let bytes = literal.as_bytes();
    (0..bytes.len().saturating_sub(2)).find_map(|i| {
        let starts_word = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'-');
        let flag = starts_word
            && bytes[i] == b'-'
            && bytes[i + 1] == b'-'
            && bytes[i + 2].is_ascii_lowercase();
        flag.then(|| {
            let end = literal[i + 2..]
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
                .map_or(literal.len(), |n| i + 2 + n);
            literal[i..end].to_string()
        })
    })
}

/// The string literals of Rust source, each with the line it starts on: comments skipped,
/// escapes left as written, raw strings (`r#"..."#`) read to their closing quote and hashes.
fn string_literals(code: &str) -> Vec<(usize, String)> {
    let chars: Vec<char> = code.chars().collect();
    let (mut i, mut line, mut out) = (0, 1, Vec::new());
    while i < chars.len() {
        match chars[i] {
            '\n' => line += 1,
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
                continue;
            }
            '\'' => {
                // A char literal ('"', '\'') or a lifetime: step over a quoted char whole.
                if chars.get(i + 1) == Some(&'\\') {
                    i += 2;
                    while i < chars.len() && chars[i] != '\'' {
                        i += 1;
                    }
                } else if chars.get(i + 2) == Some(&'\'') {
                    i += 2;
                }
            }
            'r' if matches!(chars.get(i + 1), Some('#' | '"'))
                && (i == 0 || !chars[i - 1].is_alphanumeric() && chars[i - 1] != '_') =>
            {
                let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
                if chars.get(i + 1 + hashes) == Some(&'"') {
                    let start = line;
                    let mut j = i + 2 + hashes;
                    let mut text = String::new();
                    while j < chars.len() {
                        if chars[j] == '"'
                            && chars[j + 1..]
                                .iter()
                                .take(hashes)
                                .filter(|&&c| c == '#')
                                .count()
                                == hashes
                        {
                            break;
                        }
                        line += usize::from(chars[j] == '\n');
                        text.push(chars[j]);
                        j += 1;
                    }
                    out.push((start, text));
                    i = j + 1 + hashes;
                    continue;
                }
            }
            '"' => {
                let start = line;
                let mut j = i + 1;
                let mut text = String::new();
                while j < chars.len() && chars[j] != '"' {
                    if chars[j] == '\\' {
                        text.push(chars[j]);
                        j += 1;
                    }
                    line += usize::from(chars[j] == '\n');
                    text.push(chars[j]);
                    j += 1;
                }
                out.push((start, text));
                i = j + 1;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}
