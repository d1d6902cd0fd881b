//! No two modules of a library crate import each other, directly or around a loop, in any
//! of the workspace's seven (docs/architecture.md, "No module imports another around a
//! loop"): each idea has one home, and the arrows between homes point one way.
//!
//! The reader is grid-nonogram's (`crates/nonogram/tests/support/module_arrows.rs`): every
//! file is a module, re-exports are seen through to the module that defines a name, and
//! unit tests are left out. A folder's `mod.rs` and the files inside it are one idea split
//! into parts, so the arrows between a module and its own parent or child are not counted.
//!
//!   cargo test --test e2e -- module_loops

#[path = "../../crates/nonogram/tests/support/module_arrows.rs"]
mod module_arrows;

use module_arrows::Arrows;
use std::path::Path;

/// The directories under `crates/` of the library crates.
const CRATES: &[&str] = &[
    "cli", "core", "maze", "mines", "nonogram", "picture", "render",
];

/// The loops there are today, each named as the test prints it, so that no other is added
/// and each is struck off here when it is untied: none.
const KNOWN: &[&str] = &[];

/// A crate's arrows less those between a module and its own parent or child.
fn arrows_between_ideas(name: &str) -> Arrows {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates")
        .join(name)
        .join("src");
    let all = Arrows::read(&src);
    let mut kept = Arrows::default();
    for (from, targets) in &all.arrows {
        for to in targets {
            if !from.starts_with(to) && !to.starts_with(from) {
                kept.add(from.clone(), to.clone());
            }
        }
    }
    kept
}

#[test]
fn no_library_crate_has_a_module_import_loop_but_the_known_ones() {
    let loops: Vec<String> = CRATES
        .iter()
        .flat_map(|name| {
            arrows_between_ideas(name)
                .loops()
                .into_iter()
                .map(move |found| format!("{name}: {found}"))
        })
        .collect();
    assert_eq!(
        loops, KNOWN,
        "the import loops between modules have changed (strike off a loop untied; add none)"
    );
}

/// The reader sees an arrow each crate with modules is known to have, so that a reader
/// that saw none cannot pass the test above; a folder's arrows to its parent are dropped.
#[test]
fn the_reader_sees_each_crate_s_arrows() {
    for (name, from, to) in [
        ("cli", "puzzle_file", "input"),
        ("core", "maze_doc", "doc"),
        ("maze", "tiled", "generate"),
        ("mines", "noguess", "solver::odds"),
        ("nonogram", "solve", "engine"),
        ("render", "png", "canvas"),
    ] {
        assert!(
            arrows_between_ideas(name).has(from, to),
            "{name}: the reader no longer sees {from} -> {to}"
        );
    }
    let render = arrows_between_ideas("render");
    assert!(
        !render.has("cut::order", "cut"),
        "a child's arrow to its parent is kept"
    );
}
