//! The files under the paths a summary is asked of: every regular file, recursively, in a
//! fixed order, following symbolic links but never round a loop of them.

use grid_cli::input::plain_io;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The files found, sorted, each once however named (`x.avf`, `./x.avf`, a link to it: the
/// first name in order is kept); and a line for each path that could not be walked.
#[derive(Debug, Default)]
pub struct Found {
    pub files: Vec<PathBuf>,
    pub problems: Vec<String>,
}

/// Walks `paths`: a file is taken as it is, a folder for every file under it.
pub fn files(paths: &[PathBuf]) -> Found {
    let mut found = Found::default();
    let mut seen = BTreeSet::new();
    for path in paths {
        visit(path, &mut Vec::new(), &mut seen, &mut found);
    }
    found.files.sort();
    let mut real = BTreeSet::new();
    // `-` (stdin) resolves to nothing and is kept; a file gone since it was walked is kept
    // for the reader to name.
    found
        .files
        .retain(|f| std::fs::canonicalize(f).map_or(true, |r| real.insert(r)));
    found.files.dedup();
    found
}

/// Visits one path; `above` holds the folders it lies in, as the system resolves them, to
/// tell a loop of links, and `seen` every folder walked, so none is read twice.
fn visit(path: &Path, above: &mut Vec<PathBuf>, seen: &mut BTreeSet<PathBuf>, found: &mut Found) {
    let name = path.display();
    if path.as_os_str() == "-" {
        found.files.push(path.to_path_buf());
        return;
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => {
            found.problems.push(format!("{name}: {}", plain_io(&e)));
            return;
        }
    };
    if meta.is_file() {
        found.files.push(path.to_path_buf());
        return;
    }
    if !meta.is_dir() {
        found
            .problems
            .push(format!("{name}: neither a file nor a folder"));
        return;
    }
    let real = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(e) => {
            found.problems.push(format!("{name}: {}", plain_io(&e)));
            return;
        }
    };
    if above.contains(&real) {
        found.problems.push(format!(
            "{name}: a loop of symbolic links (it leads back to {})",
            real.display()
        ));
        return;
    }
    if !seen.insert(real.clone()) {
        return;
    }
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) => {
            found
                .problems
                .push(format!("{name}: cannot read the folder: {}", plain_io(&e)));
            return;
        }
    };
    let mut children = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => children.push(entry.path()),
            Err(e) => found
                .problems
                .push(format!("{name}: cannot read the folder: {}", plain_io(&e))),
        }
    }
    children.sort();
    above.push(real);
    for child in children {
        visit(&child, above, seen, found);
    }
    above.pop();
}
