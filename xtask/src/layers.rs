//! `cargo xtask tidy`, second half: inside each crate, the top-level modules stand in layers,
//! with no import cycle between them.
//!
//! A module's references are read from its files' text: `crate::m` and `crate::{m, ...}`
//! paths, `crate::Name` where the crate root brings `Name` in from `m` (`use`, `pub use`),
//! and a top-level file's `super::` (the root) outside its inline modules. References inside
//! one module (a module and its children) are its own business; the crate root (`lib.rs`,
//! `main.rs`) is the crate's face, which names every module, and is left out. What exists
//! only for the tests (a top-level `#[cfg(test)]` or `#[cfg(all(test, ...))]` item, `tests.rs`
//! files) may reach anywhere. Comments are not read. Not seen: a name a glob (`pub use
//! m::*`) brings to the root.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result};

/// A module-level import cycle, in words; none when every crate is layered.
pub(crate) fn problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))?
        .map(|entry| entry.map(|e| e.path()))
        .collect::<std::io::Result<_>>()?;
    folders.push(root.join("conformance-suite/generator"));
    folders.push(root.join("xtask"));
    folders.sort();
    for dir in folders {
        let src = dir.join("src");
        if !src.is_dir() {
            continue;
        }
        let files = rust_files(&src)?;
        let name = dir
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
        for cycle in cycles(&files) {
            problems.push(format!("{name}: the modules {cycle}"));
        }
    }
    Ok(problems)
}

/// Every `.rs` file under `src`, as (path relative to `src`, text).
pub(crate) fn rust_files(src: &Path) -> Result<Vec<(PathBuf, String)>> {
    let mut files = Vec::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in
            std::fs::read_dir(&dir).with_context(|| format!("reading {}", dir.display()))?
        {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("reading {}", path.display()))?;
                let relative = path.strip_prefix(src).unwrap_or(&path).to_path_buf();
                files.push((relative, text));
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The top-level module a file belongs to (`None` for a crate root or a binary), and whether
/// the file is that module's own (`a.rs`, `a/mod.rs`) rather than a child's.
fn module_of(path: &Path) -> Option<(String, bool)> {
    let parts: Vec<String> = path
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    match parts.as_slice() {
        [file] if file == "lib.rs" || file == "main.rs" => None,
        [first, ..] if first == "bin" => None,
        [file] => Some((file.trim_end_matches(".rs").to_owned(), true)),
        [folder, file] if file == "mod.rs" => Some((folder.clone(), true)),
        [folder, ..] => Some((folder.clone(), false)),
        [] => None,
    }
}

/// The text a file's layering is read from: no comments, and no item that exists only for
/// the tests (a top-level `#[cfg(test)]` item: a `mod tests { ... }`, a function, a `use`).
fn code_of(path: &Path, text: &str) -> String {
    if path.file_name().is_some_and(|n| n == "tests.rs") {
        return String::new();
    }
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.starts_with("#[cfg(") && is_test_only(line) {
            // The item it applies to: up to its `;`, or to the `}` that closes it at the
            // start of a line.
            for item in lines.by_ref() {
                if item.starts_with('#') || item.trim().is_empty() {
                    continue;
                }
                if (item.trim_end().ends_with(';') && !item.starts_with(' '))
                    || item.starts_with('}')
                {
                    break;
                }
            }
            continue;
        }
        if line.trim_start().starts_with("//") {
            continue;
        }
        // A trailing comment, after code: ` // ...` (a `//` inside a string, such as a
        // URL's, has no space before it).
        let line = line.split(" // ").next().unwrap_or_default();
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// Whether a `#[cfg(...)]` line makes its item exist only for the tests.
fn is_test_only(line: &str) -> bool {
    line.starts_with("#[cfg(test)]") || line.starts_with("#[cfg(all(test")
}

/// The names the root re-exports (`pub use m::{A, B}`, `pub use m::A`), by the module they
/// come from.
fn reexports(root: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    let mut statement = String::new();
    for line in root.lines() {
        let line = line.trim();
        if statement.is_empty()
            && !(line.starts_with("pub use ")
                || line.starts_with("pub(crate) use ")
                || line.starts_with("use "))
        {
            continue;
        }
        statement.push_str(line);
        statement.push(' ');
        if !line.ends_with(';') {
            continue;
        }
        let path = statement
            .split_once("use ")
            .map_or("", |(_, path)| path)
            .trim()
            .trim_end_matches(';')
            .trim();
        let path = path.strip_prefix("self::").unwrap_or(path);
        if let Some((module, rest)) = path.split_once("::") {
            for name in rest
                .split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .filter(|n| !n.is_empty() && *n != "self" && *n != "as")
            {
                names.insert(name.to_owned(), module.to_owned());
            }
        }
        statement.clear();
    }
    names
}

/// The identifiers a path continues with after `at` (the end of `crate::` or `super::`): one,
/// or the first of each item of a `{...}` group.
fn heads(code: &str, at: usize) -> Vec<String> {
    let rest = &code[at..];
    let ident = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    if let Some(group) = rest.strip_prefix('{') {
        let mut depth = 1;
        let mut end = group.len();
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = i;
                        break;
                    }
                }
                _ => {}
            }
        }
        let mut items = Vec::new();
        let mut depth = 0;
        let mut start = 0;
        let body = &group[..end];
        for (i, c) in body.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    items.push(ident(&body[start..i]));
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(ident(&body[start..]));
        items.retain(|i| !i.is_empty());
        items
    } else {
        vec![ident(rest)]
    }
}

/// The byte ranges of `code` inside inline modules (`mod name {` to the `}` at the same
/// indentation).
fn inline_modules(code: &str) -> Vec<std::ops::Range<usize>> {
    let mut ranges = Vec::new();
    let mut open: Option<(usize, usize)> = None;
    let mut at = 0;
    for line in code.split_inclusive('\n') {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        match open {
            None if trimmed.ends_with('{')
                && (trimmed.starts_with("mod ")
                    || trimmed.starts_with("pub mod ")
                    || trimmed.starts_with("pub(crate) mod ")) =>
            {
                open = Some((at, indent));
            }
            Some((start, depth)) if indent == depth && trimmed.starts_with('}') => {
                ranges.push(start..at + line.len());
                open = None;
            }
            _ => {}
        }
        at += line.len();
    }
    ranges
}

/// The import cycles between a crate's top-level modules, each in words.
fn cycles(files: &[(PathBuf, String)]) -> Vec<String> {
    let root = files
        .iter()
        .find(|(path, _)| path == Path::new("lib.rs") || path == Path::new("main.rs"))
        .map_or("", |(_, text)| text.as_str());
    let reexported = reexports(root);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|(path, _)| module_of(path).map(|(m, _)| m))
        .collect();
    let resolve = |name: &str| -> Option<String> {
        if modules.contains(name) {
            Some(name.to_owned())
        } else {
            reexported
                .get(name)
                .filter(|m| modules.contains(*m))
                .cloned()
        }
    };
    // module -> module it names -> the files that name it.
    let mut edges: BTreeMap<String, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for (path, text) in files {
        let Some((module, own)) = module_of(path) else {
            continue;
        };
        let code = code_of(path, text);
        let mut add = |target: Option<String>| {
            if let Some(target) = target.filter(|t| *t != module) {
                edges
                    .entry(module.clone())
                    .or_default()
                    .entry(target)
                    .or_default()
                    .insert(path.display().to_string());
            }
        };
        for (at, _) in code.match_indices("crate::") {
            let before = code[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            for head in heads(&code, at + "crate::".len()) {
                add(resolve(&head));
            }
        }
        if own {
            // `super::` outside the file's inline modules (inside one, it is the file's own
            // module).
            let inline = inline_modules(&code);
            for (at, _) in code.match_indices("super::") {
                if inline.iter().any(|range| range.contains(&at)) {
                    continue;
                }
                for head in heads(&code, at + "super::".len()) {
                    add(resolve(&head));
                }
            }
        }
    }
    strongly_connected(&modules, &edges)
        .into_iter()
        .filter(|component| component.len() > 1)
        .map(|component| {
            let mut ties = Vec::new();
            for from in &component {
                for (to, by) in edges.get(from).into_iter().flatten() {
                    if component.contains(to) {
                        let by: Vec<&str> = by.iter().map(String::as_str).collect();
                        ties.push(format!("{from} -> {to} ({})", by.join(", ")));
                    }
                }
            }
            format!(
                "{} import each other: {}",
                component.iter().cloned().collect::<Vec<_>>().join(", "),
                ties.join("; ")
            )
        })
        .collect()
}

/// The strongly connected components of the graph: nodes that reach each other, found by
/// a search from every node (quadratic, which a crate's few dozen modules afford).
fn strongly_connected(
    nodes: &BTreeSet<String>,
    edges: &BTreeMap<String, BTreeMap<String, BTreeSet<String>>>,
) -> Vec<BTreeSet<String>> {
    // Two nodes share a component when each reaches the other.
    let reach = |from: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(node) = stack.pop() {
            for next in edges.get(&node).into_iter().flat_map(BTreeMap::keys) {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&String, BTreeSet<String>> =
        nodes.iter().map(|n| (n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut components = Vec::new();
    for node in nodes {
        if done.contains(node) {
            continue;
        }
        let component: BTreeSet<String> = nodes
            .iter()
            .filter(|other| {
                *other == node
                    || (reachable[node].contains(*other) && reachable[other].contains(node))
            })
            .cloned()
            .collect();
        done.extend(component.iter().cloned());
        components.push(component);
    }
    components
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    fn files(list: &[(&str, &str)]) -> Vec<(PathBuf, String)> {
        list.iter()
            .map(|(p, t)| (PathBuf::from(p), (*t).to_owned()))
            .collect()
    }

    #[test]
    fn a_cycle_through_paths_groups_and_reexports_is_found() {
        let found = super::cycles(&files(&[
            (
                "lib.rs",
                "mod a;\nmod b;\nmod c;\npub use c::{Thing, other::Deep};\n",
            ),
            ("a.rs", "use crate::{b::X, Thing};\n"),
            ("b/mod.rs", "mod inner;\n"),
            ("b/inner.rs", "fn f() { crate::a::g() }\n"),
            (
                "c.rs",
                "// crate::a is only named in a comment\nfn h() {}\n",
            ),
        ]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("a, b import each other"),
            "{}",
            found[0]
        );
        assert!(found[0].contains("b -> a (b/inner.rs)"), "{}", found[0]);
    }

    #[test]
    fn layers_tests_comments_and_children_are_no_cycle() {
        let found = super::cycles(&files(&[
            ("lib.rs", "pub use a::A;\npub fn root() {}\n"),
            ("a.rs", "use crate::b::B;\nmod child;\n"),
            ("a/child.rs", "use super::helper;\n"),
            (
                "b.rs",
                "/// see [`crate::a`]\npub struct B;\n#[cfg(test)]\nmod tests { use crate::a::A; }\n",
            ),
            ("tests.rs", "use crate::a::A;\n"),
        ]));
        assert!(found.is_empty(), "{found:?}");
    }

    /// A test-only function in the middle of a file hides only itself; `super::` in a
    /// top-level file's function body is the root; a URL in a string is no comment.
    #[test]
    fn only_test_items_and_inline_modules_are_passed_over() {
        let found = super::cycles(&files(&[
            ("lib.rs", "mod a;\nmod b;\nuse a::A;\n"),
            (
                "a.rs",
                "#[cfg(test)]\nfn helper() {\n    crate::b::x();\n}\n\npub fn y() {\n    let _ = \"https://x\"; crate::b::x();\n}\n",
            ),
            (
                "b.rs",
                "pub fn x() {\n    super::A::new();\n}\nmod inner {\n    use super::x;\n}\n",
            ),
        ]));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].contains("a -> b (a.rs)") && found[0].contains("b -> a (b.rs)"),
            "{}",
            found[0]
        );
    }

    #[test]
    fn the_workspace_s_modules_are_layered() {
        let problems = super::problems(&crate::workspace_root()).expect("sources");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
