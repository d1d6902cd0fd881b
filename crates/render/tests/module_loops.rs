//! No two modules of grid-render import each other, directly or around a loop (issue #60):
//! each idea has one home, and the arrows between homes point one way.

#[path = "support/module_graph.rs"]
mod module_graph;

use module_graph::{Graph, ROOT, find_cycle, read};
use std::path::Path;

fn this_crate() -> Graph {
    read(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

#[test]
fn no_module_of_grid_render_imports_itself_around_a_loop() {
    let graph = this_crate();
    if let Some(cycle) = find_cycle(&graph) {
        let edges: Vec<String> = graph
            .iter()
            .map(|(from, to)| {
                format!(
                    "{from} -> {}",
                    Vec::from_iter(to.iter().cloned()).join(", ")
                )
            })
            .collect();
        panic!(
            "an import loop: {}\nthe imports:\n{}",
            cycle.join(" -> "),
            edges.join("\n")
        );
    }
}

/// The reader sees the imports this crate is known to have, so that a reader that saw none
/// cannot pass the test above.
#[test]
fn the_reader_finds_known_imports() {
    let graph = this_crate();
    let has = |from: &str, to: &str| graph[from].contains(to);
    assert!(has("png", "canvas"), "{graph:?}");
    assert!(has("tiled", "canvas"), "{graph:?}");
    assert!(has("scene", "ink"), "{graph:?}");
    assert!(has(ROOT, "scene"), "{graph:?}");
    // `use crate::{Picture, PictureOptions, Theme}` in book.rs names items of the root.
    assert!(has("book", ROOT), "{graph:?}");
}

#[test]
fn a_loop_is_found_and_named() {
    let graph = |edges: &[(&str, &str)]| -> Graph {
        let mut g = Graph::new();
        for (from, to) in edges {
            g.entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            g.entry(to.to_string()).or_default();
        }
        g
    };
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])),
        None
    );
    assert_eq!(
        find_cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    assert_eq!(
        find_cycle(&graph(&[("x", "png"), ("png", "scene"), ("scene", "png")])),
        Some(vec!["png".into(), "scene".into(), "png".into()])
    );
}
