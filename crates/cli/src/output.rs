//! Standard output: buffered for speed, and flushed after each answer when someone may be
//! waiting for it (a pipe, a FIFO or a terminal), so that a tool can sit in a pipeline with a
//! slow producer or answer a script move by move.

use crate::error::Result;
use grid_core::Document;
use std::fs::File;
use std::io::{self, BufWriter, Write};

/// Buffered stdout. [`Output::finish`] flushes it explicitly: an error while flushing on drop
/// would be lost.
pub struct Output {
    inner: BufWriter<Box<dyn Write>>,
    /// Flush after each answer: stdout is not a regular file.
    interactive: bool,
}

impl std::fmt::Debug for Output {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Output")
            .field("interactive", &self.interactive)
            .finish()
    }
}

impl Output {
    /// Standard output.
    ///
    /// On Unix the buffer writes to its own handle on the output rather than through
    /// `Stdout`, whose line buffering searches every block written for its last newline: a
    /// grid document is one line of megabytes, and that search was 4% of writing a big maze.
    pub fn stdout() -> Output {
        let (raw, interactive) = raw_stdout();
        Output {
            inner: BufWriter::with_capacity(1 << 16, raw),
            interactive,
        }
    }

    /// Writes one document and its newline, and hands it on at once when someone is waiting.
    pub fn document(&mut self, doc: &Document, pretty: bool) -> Result<()> {
        doc.write_to(&mut *self, pretty)?;
        self.answered()
    }

    /// Writes text in another format than documents (a puzzle file), as one answer.
    pub fn text(&mut self, text: &str) -> Result<()> {
        self.write_all(text.as_bytes())?;
        self.answered()
    }

    /// Marks the end of one answer: flushed at once when someone is waiting for it.
    pub fn answered(&mut self) -> Result<()> {
        if self.interactive {
            self.flush()?;
        }
        Ok(())
    }

    /// Flushes what is left; the tool's last word on stdout.
    pub fn finish(mut self) -> Result<()> {
        self.flush()?;
        Ok(())
    }
}

/// Every write goes through here, so that a failure says it was the output that failed
/// ("writing the output to stdout failed: No space left on device", without the OS's
/// error number); its kind is kept, so
/// that a closed pipe is still told from other failures.
impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.inner.write(buf).map_err(writing_failed)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.inner.write_all(buf).map_err(writing_failed)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush().map_err(writing_failed)
    }
}

/// The error `e` of a write to stdout, worded to say so.
pub(crate) fn writing_failed(e: io::Error) -> io::Error {
    io::Error::new(
        e.kind(),
        format!(
            "writing the output to stdout failed: {}",
            crate::error::plain_io(&e)
        ),
    )
}

#[cfg(unix)]
fn raw_stdout() -> (Box<dyn Write>, bool) {
    use std::os::fd::AsFd;
    match io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => {
            let file = File::from(fd);
            let regular = file.metadata().is_ok_and(|m| m.is_file());
            (Box::new(file), !regular)
        }
        Err(_) => (Box::new(io::stdout()), true),
    }
}

#[cfg(not(unix))]
fn raw_stdout() -> (Box<dyn Write>, bool) {
    (Box::new(io::stdout()), true)
}

/// Writes a line to stderr, ignoring a closed stderr: a tool whose messages nobody reads
/// still finishes its work and exits with its status.
pub fn say(line: std::fmt::Arguments<'_>) {
    let mut err = io::stderr().lock();
    let _ = err.write_fmt(line);
    let _ = err.write_all(b"\n");
}
