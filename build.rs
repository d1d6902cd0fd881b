//! Places the functions nonosolve runs on a small puzzle side by side in the release binary.
//!
//! A puzzle that line logic settles is solved in well under a millisecond, so nonosolve's
//! start-up is most of its time, and page faults are most of the start-up. The kernel maps code
//! in windows of 64 KB, one fault each; spread over the 2.3 MB of code that CaDiCaL, clap and
//! serde bring, the functions of a small solve touched 18 such windows. Listed in
//! `tools/nonosolve/startup.order` (written by `bench/startup-order.sh`) and handed to the
//! linker, they lie in 5 (docs/performance.md, "Start-up").
//!
//! The list is for lld's `--symbol-ordering-file`, which other linkers do not take. Rust links
//! x86-64 Linux programs with its own lld from 1.90 on, so the list is passed only there, and
//! only when nothing in the build names another linker.

use std::env;
use std::path::Path;
use std::process::Command;

const ORDER: &str = "tools/nonosolve/startup.order";

fn main() {
    println!("cargo::rerun-if-changed={ORDER}");
    println!("cargo::rerun-if-changed=build.rs");
    if !links_with_rust_lld() {
        return;
    }
    let manifest_dir = env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let order = Path::new(&manifest_dir).join(ORDER);
    // -Xlinker pairs rather than -Wl, whose commas would split a path holding one.
    for arg in [
        "--symbol-ordering-file",
        &order.display().to_string(),
        // Names the build no longer has (after a change of compiler or dependencies) only cost
        // the gain; they are not worth a warning on every link.
        "--no-warn-symbol-ordering",
    ] {
        println!("cargo::rustc-link-arg-bin=nonosolve=-Xlinker");
        println!("cargo::rustc-link-arg-bin=nonosolve={arg}");
    }
}

/// Whether this is a release build for x86-64 Linux by a rustc that links with its own lld,
/// and nothing chooses another linker.
fn links_with_rust_lld() -> bool {
    let var = |name: &str| env::var(name).unwrap_or_default();
    let flags = var("CARGO_ENCODED_RUSTFLAGS");
    let linker_chosen = env::var_os("RUSTC_LINKER").is_some()
        || flags.split('\x1f').any(|flag| {
            ["linker", "link-self-contained", "fuse-ld"]
                .iter()
                .any(|word| flag.contains(word))
        });
    var("TARGET") == "x86_64-unknown-linux-gnu"
        && var("PROFILE") == "release"
        && !linker_chosen
        && rustc_minor_version().is_some_and(|minor| minor >= 90)
}

/// The minor version of the compiler cargo runs (`rustc -vV`'s "release: 1.95.0" gives 95).
fn rustc_minor_version() -> Option<u32> {
    let output = Command::new(env::var_os("RUSTC")?)
        .arg("-vV")
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let release = text
        .lines()
        .find_map(|line| line.strip_prefix("release: "))?;
    let mut numbers = release.split('.').map(str::parse::<u32>);
    match (numbers.next()?, numbers.next()?) {
        (Ok(1), Ok(minor)) => Some(minor),
        _ => None,
    }
}
