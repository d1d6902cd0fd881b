//! The library's messages name no command-line flag: a library's errors carry figures, and
//! the tools that have the flags word the advice (docs/architecture.md). This reads every
//! source file and fails on a string that holds `--` and a letter outside a comment.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// Whether `line`, its comment cut off, has a string literal that names a flag.
fn names_a_flag(line: &str) -> bool {
    let code = line.trim_start();
    if code.starts_with("//") {
        return false;
    }
    let mut in_string = false;
    let chars: Vec<char> = code.chars().collect();
    for i in 0..chars.len() {
        match chars[i] {
            '"' if i == 0 || chars[i - 1] != '\\' => in_string = !in_string,
            '/' if !in_string && chars.get(i + 1) == Some(&'/') => return false,
            '-' if in_string
                && chars.get(i + 1) == Some(&'-')
                && chars.get(i + 2).is_some_and(|c| c.is_ascii_lowercase()) =>
            {
                return true;
            }
            _ => {}
        }
    }
    false
}

#[test]
fn no_library_string_names_a_flag() {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            if names_a_flag(line) {
                found.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn the_scan_sees_a_flag_in_a_string_and_not_in_a_comment() {
    assert!(names_a_flag(
        r#"    Err(format!("choose a smaller --cell-size"))"#
    ));
    assert!(!names_a_flag("    /// as `mines play --record` writes"));
    assert!(!names_a_flag(r#"    let a = 1; // "--record""#));
    assert!(!names_a_flag(r#"    x -= 1; let s = "a--"; "#));
}
