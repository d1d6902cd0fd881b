//! The files under the paths a summary is asked of: every regular file, recursively, in a
//! fixed order, following symbolic links but never round a loop of them.

use grid_cli::input::plain_io;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The files found, sorted, each once however named (`x.avf`, `./x.avf`, a link to it: the
/// name by the fewest links is kept, then the first in order); and a line for each path that
/// could not be walked.
#[derive(Debug, Default)]
pub struct Found {
    pub files: Vec<PathBuf>,
    pub problems: Vec<String>,
}

/// A file as the walk reached it: whether its route went through a symbolic link.
struct Reached {
    path: PathBuf,
    linked: bool,
}

/// The walk's state: what it found, the folders it has read (each is read once), and the
/// links to folders it has put off until every real folder is read.
#[derive(Default)]
struct Walk {
    reached: Vec<Reached>,
    problems: Vec<String>,
    seen: BTreeSet<PathBuf>,
    later: Vec<(PathBuf, Vec<PathBuf>)>,
}

/// Walks `paths`, in sorted order whatever the order given: a file is taken as it is, a
/// folder for every file under it; a link to a folder is followed after every real folder
/// has been read, so that a file is named by its real folder where it has one, and the same
/// paths give the same names in any order.
pub fn files(paths: &[PathBuf]) -> Found {
    let mut walk = Walk::default();
    let mut given = paths.to_vec();
    given.sort();
    for path in &given {
        visit(path, &mut Vec::new(), false, &mut walk);
    }
    while !walk.later.is_empty() {
        let mut later = std::mem::take(&mut walk.later);
        later.sort();
        for (link, mut above) in later {
            visit(&link, &mut above, true, &mut walk);
        }
    }
    // Each file once, by the name reached through the fewest links, then the first; `-`
    // (stdin) resolves to nothing and is kept, and so is a file gone since it was walked,
    // for the reader to name.
    walk.reached
        .sort_by(|a, b| (a.linked, &a.path).cmp(&(b.linked, &b.path)));
    let mut real = BTreeSet::new();
    let mut files: Vec<PathBuf> = walk
        .reached
        .into_iter()
        .filter(|f| std::fs::canonicalize(&f.path).map_or(true, |r| real.insert(r)))
        .map(|f| f.path)
        .collect();
    files.sort();
    files.dedup();
    Found {
        files,
        problems: walk.problems,
    }
}

/// Visits one path, reached through a link when `linked`; `above` holds the folders it lies
/// in, as the system resolves them, to tell a loop of links: a folder that is one of them or
/// holds one (a link to `..`) leads back.
fn visit(path: &Path, above: &mut Vec<PathBuf>, linked: bool, walk: &mut Walk) {
    let name = path.display();
    if path.as_os_str() == "-" {
        walk.reached.push(Reached {
            path: path.to_path_buf(),
            linked,
        });
        return;
    }
    let meta = match std::fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) => {
            walk.problems.push(format!("{name}: {}", plain_io(&e)));
            return;
        }
    };
    let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
    if meta.is_file() {
        walk.reached.push(Reached {
            path: path.to_path_buf(),
            linked: linked || is_link,
        });
        return;
    }
    if !meta.is_dir() {
        walk.problems
            .push(format!("{name}: neither a file nor a folder"));
        return;
    }
    let real = match std::fs::canonicalize(path) {
        Ok(real) => real,
        Err(e) => {
            walk.problems.push(format!("{name}: {}", plain_io(&e)));
            return;
        }
    };
    if above.iter().any(|folder| folder.starts_with(&real)) {
        walk.problems.push(format!(
            "{name}: a loop of symbolic links (it leads back to {})",
            real.display()
        ));
        return;
    }
    // A link to a folder below a folder given waits until the real folders are read.
    if is_link && !above.is_empty() && !linked {
        walk.later.push((path.to_path_buf(), above.clone()));
        return;
    }
    if !walk.seen.insert(real.clone()) {
        return;
    }
    let entries = match std::fs::read_dir(path) {
        Ok(entries) => entries,
        Err(e) => {
            walk.problems
                .push(format!("{name}: cannot read the folder: {}", plain_io(&e)));
            return;
        }
    };
    let mut children = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => children.push(entry.path()),
            Err(e) => walk
                .problems
                .push(format!("{name}: cannot read the folder: {}", plain_io(&e))),
        }
    }
    children.sort();
    above.push(real);
    for child in children {
        visit(&child, above, linked || is_link, walk);
    }
    above.pop();
}
