//! `cargo xtask tidy`: the crate graph is the one ARCHITECTURE.md draws.
//!
//! - Every crate's edges to the workspace's own crates are exactly those of [`EDGES`]: a new
//!   edge is a design decision, made here and in ARCHITECTURE.md, never by accident.
//! - Every normal dependency a crate declares is named in its `src/`: nothing is pulled in
//!   (and compiled by every user) for nothing.
//!
//! - Inside each crate, the top-level modules import each other in no cycle
//!   ([`crate::layers`]).
//!
//! It also runs as a `#[test]`, so `cargo test --workspace` enforces it.

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context as _, Result, bail};

/// Each library crate and the workspace crates it may depend on (normal dependencies).
/// `hcr-cli`, the test-support crates and `xtask` are the top of the graph and are free.
pub(crate) const EDGES: &[(&str, &[&str])] = &[
    ("hcr-escape", &[]),
    ("hcr-json", &[]),
    ("hcr-secrets", &["hcr-escape", "hcr-json"]),
    ("hcr-codes", &["hcr-escape", "hcr-json", "hcr-secrets"]),
    ("hcr-types", &["hcr-json"]),
    ("hcr-fs", &["hcr-escape"]),
    (
        "hcr-validate",
        &[
            "hcr-codes",
            "hcr-fs",
            "hcr-json",
            "hcr-secrets",
            "hcr-types",
        ],
    ),
    ("hcr-batch", &["hcr-escape", "hcr-fs", "hcr-validate"]),
    ("hcr-report", &["hcr-batch", "hcr-escape", "hcr-validate"]),
    (
        "hcr-receive",
        &["hcr-escape", "hcr-json", "hcr-types", "hcr-validate"],
    ),
    (
        "hcr-chain",
        &["hcr-escape", "hcr-json", "hcr-types", "hcr-validate"],
    ),
    (
        "hcr-interop",
        &["hcr-escape", "hcr-fs", "hcr-types", "hcr-validate"],
    ),
    (
        "hcr-fix",
        &["hcr-codes", "hcr-json", "hcr-types", "hcr-validate"],
    ),
    (
        "hcr-certify",
        &["hcr-batch", "hcr-fs", "hcr-types", "hcr-validate"],
    ),
    (
        "hcr-project",
        &[
            "hcr-batch",
            "hcr-escape",
            "hcr-fs",
            "hcr-json",
            "hcr-validate",
        ],
    ),
    (
        "hcr-python",
        &[
            "hcr-batch",
            "hcr-cli",
            "hcr-fix",
            "hcr-interop",
            "hcr-project",
            "hcr-types",
            "hcr-validate",
        ],
    ),
    (
        "hcr-node",
        &[
            "hcr-batch",
            "hcr-fix",
            "hcr-interop",
            "hcr-project",
            "hcr-validate",
        ],
    ),
    (
        "hcr-mcp",
        &[
            "hcr-batch",
            "hcr-chain",
            "hcr-escape",
            "hcr-fix",
            "hcr-fs",
            "hcr-interop",
            "hcr-project",
            "hcr-receive",
            "hcr-report",
            "hcr-types",
            "hcr-validate",
        ],
    ),
    (
        "hcr-lsp",
        &[
            "hcr-batch",
            "hcr-fix",
            "hcr-interop",
            "hcr-project",
            "hcr-validate",
        ],
    ),
];

/// Crates at the top of the graph: their workspace edges are not constrained.
const FREE: &[&str] = &[
    "hcr-cli",
    "hcr-fuzz",
    "hcr-testkit",
    "hcr-bench",
    "hcr-bench-baselines",
    "hcr-suite",
];

/// The problems found; empty when the graph is tidy.
pub(crate) fn problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut seen = BTreeSet::new();
    let folders = std::fs::read_dir(root.join("crates"))?
        .map(|entry| entry.map(|e| e.path()))
        .chain(std::iter::once(
            Ok(root.join("conformance-suite/generator")),
        ));
    for dir in folders {
        let dir = dir?;
        let manifest = dir.join("Cargo.toml");
        if !manifest.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&manifest)
            .with_context(|| format!("reading {}", manifest.display()))?;
        let parsed: toml::Table = text
            .parse()
            .with_context(|| format!("parsing {}", manifest.display()))?;
        let name = parsed
            .get("package")
            .and_then(|p| p.get("name"))
            .and_then(toml::Value::as_str)
            .with_context(|| format!("{} has no package name", manifest.display()))?
            .to_owned();
        let dependencies: Vec<String> = parsed
            .get("dependencies")
            .and_then(toml::Value::as_table)
            .map(|t| t.keys().cloned().collect())
            .unwrap_or_default();
        let internal: BTreeSet<&str> = dependencies
            .iter()
            .map(String::as_str)
            .filter(|d| d.starts_with("hcr-"))
            .collect();
        seen.insert(name.clone());
        match EDGES.iter().find(|(crate_name, _)| *crate_name == name) {
            Some((_, allowed)) => {
                let allowed: BTreeSet<&str> = allowed.iter().copied().collect();
                for extra in internal.difference(&allowed) {
                    problems.push(format!(
                        "{name} depends on {extra}, an edge the crate graph does not have"
                    ));
                }
                for missing in allowed.difference(&internal) {
                    problems.push(format!(
                        "{name} no longer depends on {missing}: remove the edge from xtask/src/tidy.rs and ARCHITECTURE.md"
                    ));
                }
            }
            None if FREE.contains(&name.as_str()) => {}
            None => problems.push(format!(
                "{name} is not in the crate graph (xtask/src/tidy.rs EDGES)"
            )),
        }
        let source = source_text(&dir.join("src"))?;
        for dependency in &dependencies {
            let ident = dependency.replace('-', "_");
            if !mentions(&source, &ident) {
                problems.push(format!(
                    "{name} declares the dependency {dependency} but its src/ never names `{ident}`"
                ));
            }
        }
    }
    for (name, _) in EDGES {
        if !seen.contains(*name) {
            problems.push(format!("{name} is in the crate graph but not in crates/"));
        }
    }
    Ok(problems)
}

/// Every `.rs` file under `dir`, concatenated.
fn source_text(dir: &Path) -> Result<String> {
    let files = crate::layers::rust_files(dir)?;
    Ok(files.iter().map(|(_, text)| format!("{text}\n")).collect())
}

/// Whether `source` names `ident` as a whole word.
fn mentions(source: &str, ident: &str) -> bool {
    source.match_indices(ident).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let after = source[at + ident.len()..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(before) && !word(after)
    })
}

pub(crate) fn run() -> Result<()> {
    let root = crate::workspace_root();
    let mut problems = problems(&root)?;
    problems.extend(crate::layers::problems(&root)?);
    problems.extend(crate::release::problems(&root)?);
    if problems.is_empty() {
        println!(
            "the crate graph is tidy, every crate's modules stand in layers, and the release's asset names agree"
        );
        return Ok(());
    }
    for problem in &problems {
        eprintln!("tidy: {problem}");
    }
    bail!(
        "{} problems in the crate graph, the module layers or the release names",
        problems.len()
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_crate_graph_is_the_designed_one() {
        let problems = super::problems(&crate::workspace_root()).expect("manifests");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn mentions_matches_whole_words_only() {
        assert!(super::mentions("use hcr_types::X;", "hcr_types"));
        assert!(!super::mentions("use hcr_types_extra::X;", "hcr_types"));
        assert!(!super::mentions("my_hcr_types", "hcr_types"));
    }
}
