//! Running the built binaries with some stdin and collecting what they say.

use std::io::Write;
use std::process::{Command, Stdio};

/// What a finished run left behind.
#[derive(Debug)]
pub struct Run {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The stdout lines parsed as JSON documents.
    pub fn docs(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).expect("every stdout line is a JSON document"))
            .collect()
    }

    pub fn doc(&self) -> serde_json::Value {
        let mut docs = self.docs();
        assert_eq!(docs.len(), 1, "expected one document, got {}", docs.len());
        docs.remove(0)
    }

    /// Asserts a clean failure: the status, one line on stderr with the tool's name, nothing
    /// on stdout unless `partial_stdout` allows earlier complete documents.
    pub fn assert_error(&self, tool: &str, status: i32, needle: &str) {
        assert_eq!(self.status, status, "stderr: {}", self.stderr);
        let lines: Vec<&str> = self.stderr.lines().collect();
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("{tool}: error: ")) || l.starts_with("error: ")),
            "no error line in {:?}",
            self.stderr
        );
        assert!(
            self.stderr.contains(needle),
            "stderr {:?} does not mention {needle:?}",
            self.stderr
        );
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
    }
}

pub fn bin(name: &str) -> &'static str {
    match name {
        "mazegen" => env!("CARGO_BIN_EXE_mazegen"),
        "mazesolve" => env!("CARGO_BIN_EXE_mazesolve"),
        "gridrender" => env!("CARGO_BIN_EXE_gridrender"),
        "mines" => env!("CARGO_BIN_EXE_mines"),
        "nonosolve" => env!("CARGO_BIN_EXE_nonosolve"),
        "nonogen" => env!("CARGO_BIN_EXE_nonogen"),
        other => panic!("no binary {other}"),
    }
}

/// A fresh scratch folder for files a test writes, removed with what it holds when the test
/// is done with it (so that running the suite leaves nothing behind in the temp folder).
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// A new `Scratch` whose name begins `gridkit-NAME-`.
pub fn scratch(name: &str) -> Scratch {
    tempfile::Builder::new()
        .prefix(&format!("gridkit-{name}-"))
        .tempdir()
        .map(Scratch)
        .expect("a scratch folder")
}

/// Runs `tool args...` with `input` on stdin.
pub fn run(tool: &str, args: &[&str], input: &str) -> Run {
    run_env(tool, args, input, &[])
}

pub fn run_env(tool: &str, args: &[&str], input: &str, env: &[(&str, &str)]) -> Run {
    let mut cmd = Command::new(bin(tool));
    cmd.args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("NO_COLOR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    // Written from a thread so that a tool that answers before reading everything cannot
    // deadlock the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("the binary runs");
    writer.join().unwrap();
    Run {
        status: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

/// A file under tests/data.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs a pipeline of tools, each one's stdout feeding the next, and returns every run.
pub fn pipeline(stages: &[(&str, &[&str])]) -> Vec<Run> {
    let mut input = String::new();
    let mut runs = Vec::new();
    for (tool, args) in stages {
        let r = run(tool, args, &input);
        input = r.stdout.clone();
        runs.push(r);
    }
    runs
}

/// Runs a helper program of the tests (a Python or node script) and reads the JSON it
/// prints; a failure shows its stderr.
pub fn json_of(cmd: &mut Command) -> serde_json::Value {
    let out = cmd.output().expect("the helper starts");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("the helper prints JSON")
}
