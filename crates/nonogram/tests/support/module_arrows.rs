//! Which modules of a crate import which, read from its source, and the loops among them:
//! grid-nonogram's `module_loops` test and the workspace's (`tests/e2e/module_loops.rs`)
//! include this file with `#[path = ...] mod module_arrows;`.
//!
//! The reader takes a crate's `src/`: every `use` and every `crate::`, `super::` or
//! `self::` path outside comments and the `#[cfg(test)] mod tests` at the end of a file, and
//! draws an arrow from the file's module to the module that defines the name taken. A
//! re-export (`pub use`, `pub(crate) use`) only hands names on, so it is no arrow of its
//! own: a name taken through one is an arrow to the module behind it. A module's tests may
//! reach anywhere, and are left out.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// A module's path below the crate root: `[]` the root, `["color", "sat"]` `color::sat`.
pub type Module = Vec<String>;

pub fn module(name: &str) -> Module {
    name.split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect()
}

pub fn show(module: &Module) -> String {
    if module.is_empty() {
        "crate".into()
    } else {
        module.join("::")
    }
}

/// The source of each module, and the arrows between them.
#[derive(Default)]
pub struct Arrows {
    pub arrows: BTreeMap<Module, BTreeSet<Module>>,
}

/// One file's code without its comments and tests, and its module.
struct Source {
    module: Module,
    code: String,
}

impl Arrows {
    pub fn read(src: &Path) -> Arrows {
        let mut sources = Vec::new();
        collect(src, src, &mut sources);
        let modules: BTreeSet<Module> = sources.iter().map(|s| s.module.clone()).collect();
        // Re-exports: (module, name) -> the path it stands for, resolved from that module.
        let mut reexports = BTreeMap::new();
        let mut taken = Vec::new();
        for source in &sources {
            for (public, paths) in use_statements(&source.code) {
                for path in paths {
                    match (public, resolve(&source.module, &path, &modules)) {
                        (true, Some((target, rest))) => {
                            if let Some(name) = path.last() {
                                reexports
                                    .insert((source.module.clone(), name.clone()), (target, rest));
                            }
                        }
                        (false, Some(found)) => taken.push((source.module.clone(), found)),
                        (_, None) => {}
                    }
                }
            }
            for path in inline_paths(&without_uses(&source.code)) {
                if let Some(found) = resolve(&source.module, &path, &modules) {
                    taken.push((source.module.clone(), found));
                }
            }
        }
        let mut arrows = Arrows::default();
        for (from, (mut target, mut rest)) in taken {
            // Through re-exports to the module that defines the name.
            for _ in 0..8 {
                let Some(name) = rest.first() else { break };
                match reexports.get(&(target.clone(), name.clone())) {
                    Some((t, r)) => (target, rest) = (t.clone(), r.clone()),
                    None => break,
                }
            }
            if target != from {
                arrows.add(from, target);
            }
        }
        arrows
    }

    pub fn add(&mut self, from: Module, to: Module) {
        self.arrows.entry(from).or_default().insert(to);
    }

    pub fn has(&self, from: &str, to: &str) -> bool {
        self.arrows
            .get(&module(from))
            .is_some_and(|to_| to_.contains(&module(to)))
    }

    /// Loops as `a -> b -> a`: one through each module on a loop that no loop listed
    /// before passes through.
    pub fn loops(&self) -> Vec<String> {
        let mut seen = BTreeSet::new();
        let mut loops = Vec::new();
        for start in self.arrows.keys() {
            if seen.contains(start) {
                continue;
            }
            if let Some(path) = self.path(start, start) {
                seen.extend(path.iter().cloned());
                let mut words: Vec<String> = path.iter().map(show).collect();
                words.push(show(start));
                loops.push(words.join(" -> "));
            }
        }
        loops
    }

    /// A shortest way from `from` back to `to` by the arrows, `from` first.
    fn path(&self, from: &Module, to: &Module) -> Option<Vec<Module>> {
        let mut came: BTreeMap<Module, Module> = BTreeMap::new();
        let mut frontier = vec![from.clone()];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for m in frontier {
                for n in self.arrows.get(&m).into_iter().flatten() {
                    if n == to {
                        let mut path = vec![m.clone()];
                        while let Some(p) = came.get(path.last().unwrap()) {
                            path.push(p.clone());
                        }
                        path.reverse();
                        return Some(path);
                    }
                    if n != from && !came.contains_key(n) {
                        came.insert(n.clone(), m.clone());
                        next.push(n.clone());
                    }
                }
            }
            frontier = next;
        }
        None
    }
}

/// The `.rs` files under `dir`, each with its module.
fn collect(root: &Path, dir: &Path, sources: &mut Vec<Source>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, sources);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(root).unwrap().with_extension("");
        let mut module: Module = relative
            .iter()
            .map(|s| s.to_string_lossy().into_owned())
            .collect();
        if matches!(module.last().map(String::as_str), Some("mod") | Some("lib")) {
            module.pop();
        }
        let text = std::fs::read_to_string(&path).unwrap();
        sources.push(Source {
            module,
            code: code_of(&text),
        });
    }
}

/// The text without comments, string literals and the tests at the end.
fn code_of(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() == "#[cfg(test)]"
            && lines
                .peek()
                .is_some_and(|next| next.trim_start().starts_with("mod tests"))
        {
            break;
        }
        let mut in_string = false;
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if in_string => {
                    chars.next();
                }
                '"' => in_string = !in_string,
                '/' if !in_string && chars.peek() == Some(&'/') => break,
                _ if in_string => {}
                _ => code.push(c),
            }
        }
        code.push('\n');
    }
    code
}

/// Each `use` statement: whether it re-exports, and the paths it names.
fn use_statements(code: &str) -> Vec<(bool, Vec<Vec<String>>)> {
    let mut statements = Vec::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        let before = rest[..at].trim_end();
        let mut last_word = before.rsplit(|c: char| c.is_whitespace() || ";{}]".contains(c));
        let public = last_word.next().is_some_and(|w| w.starts_with("pub"));
        let after = &rest[at + 3..];
        let end = after.find(';').unwrap_or(after.len());
        let mut paths = Vec::new();
        expand(&after[..end], &[], &mut paths);
        statements.push((public, paths));
        rest = &after[end..];
    }
    statements
}

/// The code with its `use` statements left out.
fn without_uses(code: &str) -> String {
    let mut kept = String::new();
    let mut rest = code;
    while let Some(at) = find_word(rest, "use") {
        kept.push_str(&rest[..at]);
        let end = rest[at..].find(';').map_or(rest.len(), |e| at + e + 1);
        rest = &rest[end..];
    }
    kept.push_str(rest);
    kept
}

/// Where `word` stands as a whole word at the start of a statement in `text`.
fn find_word(text: &str, word: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(i) = text[from..].find(word) {
        let at = from + i;
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        let starts = before.is_none_or(|c| c.is_whitespace() || c == ';' || c == '{' || c == '}');
        if starts && after.is_some_and(char::is_whitespace) {
            return Some(at);
        }
        from = at + word.len();
    }
    None
}

/// The paths of a use tree (`a::{b, c::{d, e as f}}`) under `prefix`.
fn expand(tree: &str, prefix: &[String], paths: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let mut prefix = prefix.to_vec();
        prefix.extend(segments(&tree[..open]));
        let close = tree.rfind('}').filter(|&c| c > open).unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&inner[start..i], &prefix, paths);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&inner[start..], &prefix, paths);
        return;
    }
    let name = tree.split(" as ").next().unwrap_or(tree);
    let mut path = prefix.to_vec();
    path.extend(segments(name));
    if path.last().is_some_and(|s| s == "self") {
        path.pop();
    }
    if !path.is_empty() {
        paths.push(path);
    }
}

fn segments(path: &str) -> Vec<String> {
    path.split("::")
        .map(str::trim)
        .filter(|s| !s.is_empty() && *s != "*")
        .map(String::from)
        .collect()
}

/// The `crate::`, `super::` and `self::` paths written in the code outside `use`.
fn inline_paths(code: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    let bytes = code.as_bytes();
    for start in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(i) = code[from..].find(start) {
            let at = from + i;
            from = at + start.len();
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let mut end = at;
            while end < bytes.len()
                && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_' || bytes[end] == b':')
            {
                end += 1;
            }
            paths.push(segments(&code[at..end]));
        }
    }
    paths
}

/// The module a path leads to from `module`, and the names after it; `None` for a path
/// outside the crate (`std`, `grid_core`).
fn resolve(
    module: &Module,
    path: &[String],
    modules: &BTreeSet<Module>,
) -> Option<(Module, Vec<String>)> {
    let mut at: Module = module.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some("super") | Some("self") => {
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        at.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
        }
        Some(first) => {
            let mut child = module.clone();
            child.push(first.to_string());
            if !modules.contains(&child) {
                return None;
            }
        }
        None => return None,
    }
    while let Some(first) = rest.first() {
        let mut child = at.clone();
        child.push(first.clone());
        if !modules.contains(&child) {
            break;
        }
        at = child;
        rest = &rest[1..];
    }
    Some((at, rest.to_vec()))
}
