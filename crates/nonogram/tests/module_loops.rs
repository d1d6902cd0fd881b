//! No two modules of grid-nonogram import each other, directly or around a loop
//! (docs/architecture.md draws the arrows). The reader, `support/module_arrows.rs`, says
//! what it counts as an arrow; the workspace's `tests/e2e/module_loops.rs` runs it over
//! every library crate.

#[path = "support/module_arrows.rs"]
mod module_arrows;

use module_arrows::{Arrows, module, show};
use std::path::Path;

#[test]
fn no_module_imports_itself_around_a_loop() {
    let crate_src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let arrows = Arrows::read(&crate_src);
    // The reading finds what it should: a few arrows known to be there.
    for (from, to) in [
        ("engine", "line"),
        ("solve", "engine"),
        ("color::engine", "color"),
    ] {
        assert!(
            arrows.has(from, to),
            "the check no longer sees {from} -> {to}: it reads the source wrong"
        );
    }
    // `GRIDKIT_SHOW_ARROWS=1 cargo test -p grid-nonogram --test module_loops -- --nocapture`
    // lists them, for docs/architecture.md.
    if std::env::var_os("GRIDKIT_SHOW_ARROWS").is_some() {
        for (from, to) in &arrows.arrows {
            let to: Vec<String> = to.iter().map(show).collect();
            println!("{} -> {}", show(from), to.join(", "));
        }
    }
    let loops = arrows.loops();
    assert!(
        loops.is_empty(),
        "modules that import each other around a loop:\n{}",
        loops.join("\n")
    );
}

/// A loop is found where there is one.
#[test]
fn a_loop_is_found() {
    let mut arrows = Arrows::default();
    for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")] {
        arrows.add(module(from), module(to));
    }
    assert_eq!(arrows.loops(), vec!["a -> b -> c -> a".to_string()]);
}
