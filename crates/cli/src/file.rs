//! Files written whole or not at all: a picture, a book, a replay, the best times. A full disk
//! or a crash part-way leaves the old file (or none), never half of the new one.

use crate::error::{Error, Result, plain_io};
use std::io;
use std::path::Path;

/// Writes `bytes` into a hidden file beside `path` and renames it over `path` once every byte
/// is down. What is not a regular file (a device, a pipe) is written to directly, as it
/// cannot be renamed over; a symbolic link is followed, so that the file it names is
/// replaced and the link stays (`-o /dev/stdout` with stdout sent to a file writes that file,
/// and leaves `/dev/stdout` a link).
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return std::fs::write(path, bytes);
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        // A link names where to write, not what to replace: the file it leads to is written
        // whole in its own folder; a dangling link is written through, creating its file.
        return match std::fs::canonicalize(path) {
            Ok(real) if real != path => write_whole(&real, bytes),
            _ => std::fs::write(path, bytes),
        };
    }
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy());
    // The process id keeps two writers of the same name from sharing a partial file.
    let partial = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    std::fs::write(&partial, bytes)
        .and_then(|()| std::fs::rename(&partial, path))
        .inspect_err(|_| {
            let _ = std::fs::remove_file(&partial);
        })
}

/// [`write_whole`], its failure said as "cannot write PATH: REASON".
pub fn write_output(path: &Path, bytes: &[u8]) -> Result<()> {
    write_whole(path, bytes)
        .map_err(|e| Error::input(format!("cannot write {}: {}", path.display(), plain_io(&e))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = std::env::temp_dir().join(format!("grid-cli-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.txt");
        std::fs::write(&path, "old").unwrap();
        write_whole(&path, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
        let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
        assert_eq!(names.len(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_is_written_through_and_stays_a_link() {
        let dir = std::env::temp_dir().join(format!("grid-cli-link-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (target, link) = (dir.join("target.txt"), dir.join("link.txt"));
        std::fs::write(&target, "old").unwrap();
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_whole(&link, b"new").unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_failure_names_the_file_without_the_os_error_number() {
        let e = write_output(Path::new("/nonexistent-dir/x.svg"), b"x").unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot write /nonexistent-dir/x.svg: No such file or directory"
        );
    }
}
