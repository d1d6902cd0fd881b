//! Driving the interactive programs in a real terminal: tmux runs them, `send-keys` types and
//! `capture-pane` reads the screen.
//!
//! Without tmux these tests are skipped with a note, so that `cargo test` works on a machine
//! that lacks it; CI installs tmux and sets GRIDKIT_REQUIRE_TMUX=1, which turns a missing
//! tmux into a failure.

use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux session on its own server socket, killed when dropped.
pub struct Tmux {
    socket: String,
}

impl Tmux {
    /// A session running `sh` in an 80x24 terminal, or `None` (skip) when tmux is missing.
    pub fn start(name: &str) -> Option<Tmux> {
        Self::start_sized(name, 80, 24)
    }

    /// The same in a terminal of `cols` x `rows`.
    pub fn start_sized(name: &str, cols: u16, rows: u16) -> Option<Tmux> {
        let available = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !available {
            assert!(
                std::env::var_os("GRIDKIT_REQUIRE_TMUX").is_none(),
                "tmux is required (GRIDKIT_REQUIRE_TMUX is set) but not installed"
            );
            eprintln!("skipping {name}: tmux is not installed");
            return None;
        }
        let socket = format!("gridkit-{name}-{}", std::process::id());
        let t = Tmux { socket };
        let ok = t
            .tmux(&[
                "new-session",
                "-d",
                "-x",
                &cols.to_string(),
                "-y",
                &rows.to_string(),
                "-s",
                "test",
                "sh",
            ])
            .status
            .success();
        assert!(ok, "tmux could not start a session");
        Some(t)
    }

    fn tmux(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    /// Types a command line into the shell and presses Enter.
    pub fn run(&self, command: &str) {
        self.tmux(&["send-keys", "-t", "test", "-l", command]);
        self.tmux(&["send-keys", "-t", "test", "Enter"]);
    }

    /// Sends keys by tmux name (`Space`, `Left`, `q`, `C-c`...).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "test"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// The screen as text.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.tmux(&["capture-pane", "-t", "test", "-p"]).stdout)
            .into_owned()
    }

    /// Waits until the screen satisfies `done` (a few seconds at most), and returns it.
    pub fn wait_for(&self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if done(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "timed out waiting for {what}; the screen:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}
