//! Test support shared by the hcr crates (never shipped).
//!
//! - [`workspace_root`], [`json_files`], [`examples`], [`suite_cases`]: the documents the
//!   tests run over;
//! - [`mutations`]: every single-place change of a document;
//! - [`reference`](mod@reference): an independent model of the publisher's reference validator;
//! - [`corpus`]: seeded realistic records and labelled changes of them.
//!
//! ```
//! let examples = hcr_testkit::examples();
//! assert!(examples.len() >= 5);
//! assert!(hcr_testkit::mutations(&examples[0].1).len() > 100);
//! ```

pub mod corpus;
pub mod reference;

use std::path::{Path, PathBuf};

use serde_json::{Value, json};

/// This process's resident set size in KiB, from `/proc` (0 where there is none): what the
/// benchmarks print before and after many calls, to show memory stays flat.
#[must_use]
pub fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// The workspace root.
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Holds a generated file to what its generator gives now: panics when it is stale, or,
/// with `HCR_CODEGEN=write` (`cargo xtask codegen`), writes it instead.
///
/// # Panics
/// The file differs from `expected` (or cannot be written when asked to).
pub fn assert_generated(path: &Path, expected: &str) {
    if std::env::var_os("HCR_CODEGEN").is_some_and(|v| v == "write") {
        std::fs::write(path, expected)
            .unwrap_or_else(|e| panic!("{} is not writable: {e}", path.display()));
        return;
    }
    let found = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        found == expected,
        "{} is stale: run `cargo xtask codegen`",
        path.display()
    );
}

/// Every `*.json` file under `dir`, recursively, sorted; none if `dir` does not exist.
#[must_use]
pub fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "json") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// The protocol examples (`protocol/v1/examples/*.json`) with their parsed values.
///
/// # Panics
/// When an example is missing or not JSON: the tests cannot run without them.
#[must_use]
pub fn examples() -> Vec<(PathBuf, Value)> {
    let dir = workspace_root().join("protocol/v1/examples");
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|entries| {
            let mut files: Vec<PathBuf> = entries
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "json"))
                .collect();
            files.sort();
            files
        })
        .unwrap_or_default();
    assert!(
        files.len() >= 5,
        "protocol/v1/examples holds at least five records"
    );
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("example is readable");
            let value = serde_json::from_str(&text).expect("example is JSON");
            (path, value)
        })
        .collect()
}

/// Conformance-suite case files, with their bytes (cases need not be JSON).
#[must_use]
pub fn suite_cases() -> Vec<(PathBuf, Vec<u8>)> {
    let mut files = Vec::new();
    let mut pending = vec![workspace_root().join("conformance-suite/cases")];
    while let Some(dir) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(bytes) = std::fs::read(&path) {
                files.push((path, bytes));
            }
        }
    }
    files.sort();
    files
}

/// Replacement values that probe every constraint of the v1.0 schema.
#[must_use]
pub fn probes() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(0),
        json!(1),
        json!(-1),
        json!(3.0),
        json!(3.5),
        json!(1e300),
        json!(9_007_199_254_740_991_u64),
        json!(9_007_199_254_740_992_u64),
        json!(""),
        json!(" "),
        json!("\u{feff}\u{3000}"),
        json!("\u{85}"),
        json!("x"),
        json!("1.0"),
        json!("1.00"),
        json!("agent"),
        json!("resolved"),
        json!("superseded"),
        json!("budget"),
        json!("2026-08-04t00:00:00z"),
        json!("2016-12-31T23:59:60Z"),
        json!("2026-02-30T00:00:00Z"),
        json!("https://example.com/a b"),
        json!("../relative/ref"),
        json!("a".repeat(64)),
        json!("A".repeat(63)),
        json!("é".repeat(200)),
        json!("é".repeat(201)),
        json!([]),
        json!(["x"]),
        json!(["x", "x"]),
        json!([" "]),
        json!({}),
        json!({"id": "a", "type": "agent"}),
        json!({"id": " ", "type": "agent"}),
    ]
}

/// Every single-place mutation of `value`: each value replaced by each probe, each member
/// removed, an unknown member added to each object, the first item repeated in each array.
#[must_use]
pub fn mutations(value: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut pointers = Vec::new();
    collect_pointers(value, String::new(), &mut pointers);
    let probes = probes();
    for pointer in &pointers {
        for probe in &probes {
            let mut mutated = value.clone();
            if let Some(slot) = mutated.pointer_mut(pointer) {
                *slot = probe.clone();
                out.push(mutated);
            }
        }
        match value.pointer(pointer) {
            Some(Value::Object(map)) => {
                let mut added = value.clone();
                if let Some(Value::Object(target)) = added.pointer_mut(pointer) {
                    target.insert("unexpected".into(), json!(1));
                }
                out.push(added);
                for key in map.keys() {
                    let mut removed = value.clone();
                    if let Some(Value::Object(target)) = removed.pointer_mut(pointer) {
                        target.shift_remove(key);
                    }
                    out.push(removed);
                }
            }
            Some(Value::Array(items)) if !items.is_empty() => {
                let mut repeated = value.clone();
                if let Some(Value::Array(target)) = repeated.pointer_mut(pointer) {
                    target.push(items[0].clone());
                }
                out.push(repeated);
            }
            _ => {}
        }
    }
    out
}

/// The pointer of every value in `value`, parents before children.
pub fn collect_pointers(value: &Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                let escaped = key.replace('~', "~0").replace('/', "~1");
                collect_pointers(child, format!("{at}/{escaped}"), out);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                collect_pointers(child, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
}
