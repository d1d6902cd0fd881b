//! Which top-level modules of a crate import which, read from its source files, and the
//! first import loop among them. Written for any crate: point [`read`] at its `src/`
//! directory (another crate's test can include this file with `#[path = ...] mod ...;`).
//!
//! A module is a file or directory directly under `src/` that the crate root declares
//! (`mod name;`); everything under `src/name/` belongs to `name`, and the root itself
//! (`lib.rs` or `main.rs`) is the node [`ROOT`]. An edge is a path written in the code:
//! `crate::name::...` or `use crate::{name, ...}` in a module, `name::...` or `crate::name`
//! in the root; `crate::Item` for an item the root itself holds is an edge to [`ROOT`].
//! Comment lines are skipped, and `super::` paths are taken to stay inside their module,
//! as this workspace writes them. The `mod` declarations themselves are not edges: the root
//! declares every module, and what matters is who uses whom.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The node of the crate root.
pub const ROOT: &str = "crate";

/// Each top-level module (and [`ROOT`]) with the modules it imports.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// The import graph of the crate whose sources are under `src`.
pub fn read(src: &Path) -> Graph {
    let root = ["lib.rs", "main.rs"]
        .iter()
        .map(|name| src.join(name))
        .find(|p| p.exists())
        .expect("a lib.rs or main.rs under src");
    let modules = declared(&code(&fs::read_to_string(&root).expect("the crate root")));
    let mut graph: Graph = modules
        .iter()
        .map(|m| (m.clone(), BTreeSet::new()))
        .collect();
    graph.insert(ROOT.to_string(), BTreeSet::new());
    for file in rust_files(src) {
        let from = owner(src, &file, &root);
        if from != ROOT && !modules.contains(&from) {
            continue; // a file no module declares (a fixture, say)
        }
        let text = code(&fs::read_to_string(&file).expect("a source file"));
        let targets = references(&text, &modules, from == ROOT);
        let edges = graph.entry(from.clone()).or_default();
        edges.extend(targets.into_iter().filter(|t| *t != from));
    }
    graph
}

/// An import loop, as the modules around it with the first repeated at the end, or `None`.
pub fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit<'a>(
        node: &'a str,
        graph: &'a Graph,
        marks: &mut BTreeMap<&'a str, Mark>,
        trail: &mut Vec<&'a str>,
    ) -> Option<Vec<String>> {
        marks.insert(node, Mark::Open);
        trail.push(node);
        for next in graph.get(node).into_iter().flatten() {
            match marks.get(next.as_str()) {
                Some(Mark::Open) => {
                    let start = trail.iter().position(|n| n == next).expect("on the trail");
                    let mut cycle: Vec<String> =
                        trail[start..].iter().map(|n| n.to_string()).collect();
                    cycle.push(next.clone());
                    return Some(cycle);
                }
                Some(Mark::Done) => {}
                None => {
                    if let Some(cycle) = visit(next, graph, marks, trail) {
                        return Some(cycle);
                    }
                }
            }
        }
        trail.pop();
        marks.insert(node, Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in graph.keys() {
        if !marks.contains_key(node.as_str())
            && let Some(cycle) = visit(node, graph, &mut marks, &mut Vec::new())
        {
            return Some(cycle);
        }
    }
    None
}

/// The text of a source file without its comment lines.
fn code(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The modules a crate root declares with `mod name;` (any visibility).
fn declared(root: &str) -> BTreeSet<String> {
    root.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_suffix(';')?;
            let name = rest.split_whitespace().collect::<Vec<_>>();
            match name.as_slice() {
                ["mod", name] => Some(name.to_string()),
                [visibility, "mod", name] if visibility.starts_with("pub") => {
                    Some(name.to_string())
                }
                _ => None,
            }
        })
        .collect()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).expect("a readable directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
    files.sort();
    files
}

/// The top-level module a file belongs to: the first part of its path under `src`.
fn owner(src: &Path, file: &Path, root: &Path) -> String {
    if file == root {
        return ROOT.to_string();
    }
    let first = file
        .strip_prefix(src)
        .expect("under src")
        .components()
        .next()
        .expect("a path")
        .as_os_str()
        .to_string_lossy()
        .to_string();
    first.strip_suffix(".rs").unwrap_or(&first).to_string()
}

/// The nodes a file's code refers to: `crate::name` and `crate::{name, ...}` everywhere,
/// and in the root also `name::` where `name` is one of its modules.
fn references(text: &str, modules: &BTreeSet<String>, in_root: bool) -> BTreeSet<String> {
    let node = |name: &str| {
        if modules.contains(name) {
            name.to_string()
        } else {
            ROOT.to_string()
        }
    };
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("crate::") {
        let after = &rest[at + "crate::".len()..];
        let preceded = rest[..at].chars().next_back();
        rest = after;
        if preceded.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `grid_crate::...`, not this crate
        }
        if let Some(group) = after.strip_prefix('{') {
            found.extend(group_heads(group).iter().map(|name| node(name)));
        } else {
            found.insert(node(&identifier(after)));
        }
    }
    if in_root {
        for name in modules {
            let pattern = format!("{name}::");
            let mut rest = text;
            while let Some(at) = rest.find(&pattern) {
                let before = rest[..at].chars().next_back();
                rest = &rest[at + pattern.len()..];
                let inside_path =
                    before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':');
                if !inside_path {
                    found.insert(name.clone());
                }
            }
        }
        found.remove(ROOT);
    }
    found
}

/// The first identifier at the start of `text`.
fn identifier(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// The first name of each item of a `use` group whose `{` came just before `text`:
/// `a::b, c, d::{e, f}}` gives a, c and d.
fn group_heads(text: &str) -> Vec<String> {
    let mut heads = Vec::new();
    let (mut depth, mut item_start) = (0usize, true);
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => item_start = true,
            c if item_start && (c.is_alphanumeric() || c == '_') => {
                heads.push(identifier(&text[i..]));
                item_start = false;
            }
            _ => {}
        }
    }
    heads
}
