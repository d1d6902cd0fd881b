//! The process a tool runs in: set up as Rust's own start-up would set it up, less the one
//! step that costs the most and that no tool needs.
//!
//! Before a Rust `main` runs, the standard library installs a handler that reports a stack
//! overflow, and on Linux, to find where the main thread's stack ends, it reads and parses
//! `/proc/self/maps`. That is about 100,000 instructions and 19 system calls, a sixth
//! of a whole nonosolve run on a small puzzle (webpbn-00001: 504,228 instructions against
//! 607,239, `valgrind --tool=callgrind`) and a tenth of its time (docs/performance.md). So
//! the tools start from C's `main`, through [`entry!`](crate::entry), and [`start`] does
//! what of that start-up they rely on:
//!
//! - SIGPIPE is ignored, so that writing to a closed pipe is an error (`EPIPE`), which a
//!   tool ends on quietly and with success, not a signal that kills it;
//! - standard input, output and error are open: any that was closed is opened on
//!   `/dev/null`, so that no file the tool opens takes its number and receives its output
//!   or its error messages;
//! - a panic ends the process with status 101, after its message, as before;
//! - standard output is flushed at the end.
//!
//! What is given up: a stack overflow ends the process with SIGSEGV and no message naming
//! the thread, and a panic message names the main thread `<unnamed>` instead of `main`.
//! Neither should ever be seen: input never panics a tool, and none recurses without
//! bound on what it reads (tests/e2e/hostile.rs feeds 100,000 levels of nesting).

use crate::error::Status;
use std::io::Write;

/// The status of a tool that panicked, as Rust's own start-up reports it.
const PANICKED: i32 = 101;

/// Runs a tool's `body` in a process set up for it, and returns its exit status.
pub fn start(body: impl FnOnce() -> Status) -> i32 {
    set_up();
    let status = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(body)) {
        Ok(status) => status as i32,
        Err(_) => PANICKED,
    };
    // Whatever a tool printed without a newline last is still in the buffer.
    let _ = std::io::stdout().flush();
    status
}

#[cfg(unix)]
fn set_up() {
    ignore_sigpipe();
    open_standard_streams();
}

#[cfg(not(unix))]
fn set_up() {}

#[cfg(unix)]
#[allow(unsafe_code)]
fn ignore_sigpipe() {
    // SAFETY: SIG_IGN is a valid disposition for SIGPIPE, and no other thread runs yet.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}

/// Opens `/dev/null` on each of the standard streams that is closed. Each is opened in
/// turn, lowest first, so the call returns the very number that was free.
#[cfg(unix)]
#[allow(unsafe_code)]
fn open_standard_streams() {
    let mut streams = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    // SAFETY: `streams` is an array of three pollfd, as the count says; a timeout of 0 only
    // asks.
    let polled = unsafe { libc::poll(streams.as_mut_ptr(), 3, 0) };
    for stream in streams {
        let closed = if polled >= 0 {
            stream.revents & libc::POLLNVAL != 0
        } else {
            // SAFETY: F_GETFD only reads the descriptor's flags.
            let flags = unsafe { libc::fcntl(stream.fd, libc::F_GETFD) };
            flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
        };
        // SAFETY: a NUL-terminated path and plain flags.
        if closed && unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR) } == -1 {
            // Without its standard streams a tool could write over a file it opened.
            std::process::abort();
        }
    }
}

/// Defines a tool's entry point, C's `main`, which runs `body` (a function of the tool's
/// parsed arguments, as [`run::main`](crate::run::main) takes) through [`start`]. The
/// binary's crate root says `#![cfg_attr(not(test), no_main)]`.
///
/// ```ignore
/// #![cfg_attr(not(test), no_main)]
/// grid_cli::entry!("nonosolve", run);
/// ```
#[macro_export]
macro_rules! entry {
    ($tool:expr, $body:expr) => {
        // The process starts at the symbol `main`, so the name must be exact; a test build
        // keeps the main the test harness writes.
        #[allow(unsafe_code)]
        #[cfg_attr(not(test), unsafe(export_name = "main"))]
        #[cfg_attr(test, allow(dead_code))]
        extern "C" fn entry(
            _argc: ::std::ffi::c_int,
            _argv: *const *const ::std::ffi::c_char,
        ) -> ::std::ffi::c_int {
            $crate::process::start(|| $crate::run::main($tool, $body))
        }
    };
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_panic_is_status_101() {
        assert_eq!(start(|| panic!("a deliberate panic")), 101);
    }

    #[test]
    fn a_status_is_its_number() {
        assert_eq!(start(|| Status::NoAnswer), 1);
        assert_eq!(start(|| Status::BadInput), 2);
    }
}
