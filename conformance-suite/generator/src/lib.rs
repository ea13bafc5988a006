//! The conformance suite's generator: its files from the case table (`src/cases.json`), and
//! the suite's integrity. `cargo xtask suite generate | check` runs this crate's binary; its
//! tests fail when the committed suite is stale or inconsistent.

#![allow(clippy::print_stdout)] // a tool: it reports what it wrote

mod cases;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use cases::{Case, pretty};

/// The suite's version: bump the minor version when cases are added, the major when an
/// expected verdict changes.
pub const SUITE_VERSION: &str = "2.0.0";

/// The receiver context cases run in.
const NOW: &str = "2026-12-01T00:00:00Z";
const RECEIVER: &str = "agent:exporter";

/// The repository's root (the generator lives in `conformance-suite/generator`).
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// The suite's folder.
#[must_use]
pub fn suite_root() -> PathBuf {
    workspace_root().join("conformance-suite")
}

/// Every generated file (path relative to the suite root, bytes), and the symlinks.
pub struct Generated {
    /// Each file, by its path relative to the suite root.
    pub files: BTreeMap<PathBuf, Vec<u8>>,
    /// Each symlink, by its path relative to the suite root, and what it points to.
    pub symlinks: BTreeMap<PathBuf, PathBuf>,
}

/// Whether a case's record is valid at each hcr level, from its codes: an error-severity code
/// the contract decides counts at its own level and above; hcr's recommendations never count.
fn verdicts(case: &Case) -> Result<[bool; 3]> {
    if let Some(stated) = case.verdicts {
        return Ok([stated.schema, stated.normative, stated.receiver]);
    }
    let mut valid = [true; 3];
    for code in &case.codes {
        let code: hcr_validate::Code = code.parse()?;
        if code.default_severity() != hcr_validate::Severity::Error || code.is_recommendation() {
            continue;
        }
        let from = match code.level() {
            hcr_validate::CodeLevel::Parse | hcr_validate::CodeLevel::Schema => 0,
            hcr_validate::CodeLevel::Normative => 1,
            hcr_validate::CodeLevel::Receiver
            | hcr_validate::CodeLevel::Artifact
            | hcr_validate::CodeLevel::HandoffMd => 2,
        };
        for v in &mut valid[from..] {
            *v = false;
        }
    }
    Ok(valid)
}

/// The tag of cases that show only hcr's own recommendations: certify scores them apart.
const RECOMMENDATION_TAG: &str = "hcr-recommendation";

/// Whether every code a case shows is one of hcr's recommendations (basis `hcr`).
fn is_recommendation(case: &Case) -> Result<bool> {
    let mut any = false;
    for code in &case.codes {
        let code: hcr_validate::Code = code.parse()?;
        if !code.is_recommendation() {
            return Ok(false);
        }
        any = true;
    }
    Ok(any)
}

/// Every file and symlink the case table generates.
///
/// # Errors
/// A case cannot be built.
pub fn generate_all() -> Result<Generated> {
    let mut files = BTreeMap::new();
    let mut symlinks = BTreeMap::new();
    let mut entries = Vec::new();
    let cases = cases::all()?;
    for id in cases::BUILT_IN {
        if !cases
            .iter()
            .any(|c| c.id == *id && matches!(c.document, cases::Document::BuiltIn(true)))
        {
            bail!("the built-in document `{id}` is not used by a built-in case");
        }
    }
    for case in cases {
        let file = PathBuf::from(format!("cases/{}/{}.json", case.level, case.id));
        let [schema, normative, receiver] = verdicts(&case)?;
        let verdict = |valid: bool| if valid { "valid" } else { "invalid" };
        let mut codes: Vec<&str> = case.codes.iter().map(String::as_str).collect();
        codes.sort_unstable();
        codes.dedup();
        let mut entry = json!({
            "id": case.id,
            "file": file.to_string_lossy(),
            "description": case.description,
            "level": case.level,
            "expected": {
                "schema": verdict(schema),
                "normative": verdict(normative),
                "receiver": verdict(receiver),
            },
            "codes": codes,
        });
        if case.receiver() {
            entry["context"] = json!("default");
        }
        let mut tags = case.tags.clone();
        if is_recommendation(&case)? {
            tags.push(RECOMMENDATION_TAG.to_owned());
        }
        if !tags.is_empty() {
            entry["tags"] = json!(tags);
        }
        entries.push(entry);
        files.insert(file, case.bytes()?);
    }
    let manifest = json!({
        "$schema": "./manifest.schema.json",
        "suite": "hcr-conformance",
        "version": SUITE_VERSION,
        "protocol": "Handoff Continuity Record v1.0",
        "contexts": {
            "default": {
                "artifacts": "contexts/default/artifacts",
                "revisions": "contexts/default/revisions",
                "now": NOW,
                "as": RECEIVER,
            }
        },
        "cases": entries,
    });
    files.insert(PathBuf::from("manifest.json"), pretty(&manifest));
    files.insert(
        PathBuf::from("contexts/default/artifacts/logs/slow-query.txt"),
        cases::SLOW_QUERY_LOG.as_bytes().to_vec(),
    );
    files.insert(
        PathBuf::from("contexts/outside.txt"),
        b"This file is outside the artifacts folder.\n".to_vec(),
    );
    let mut first = cases::base();
    first["provenance"]["sourceRevision"] = json!(1);
    first["openReview"] = json!([]);
    files.insert(
        PathBuf::from("contexts/default/revisions/suite-base.r1.json"),
        pretty(&first),
    );
    symlinks.insert(
        PathBuf::from("contexts/default/artifacts/escape.txt"),
        PathBuf::from("../../outside.txt"),
    );
    Ok(Generated { files, symlinks })
}

/// Writes the suite's generated files (cases, manifest, contexts), removing stale ones.
pub fn generate() -> Result<()> {
    let root = suite_root();
    for dir in ["cases", "contexts"] {
        let path = root.join(dir);
        if path.exists() {
            std::fs::remove_dir_all(&path)
                .with_context(|| format!("removing {}", path.display()))?;
        }
    }
    let generated = generate_all()?;
    for (path, bytes) in &generated.files {
        let path = root.join(path);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        std::fs::write(&path, bytes).with_context(|| format!("writing {}", path.display()))?;
    }
    for (link, target) in &generated.symlinks {
        #[cfg(unix)]
        std::os::unix::fs::symlink(target, root.join(link))?;
        #[cfg(not(unix))]
        let _ = (link, target);
    }
    println!(
        "wrote {} files to {}",
        generated.files.len(),
        root.display()
    );
    check()
}

/// Integrity: the manifest validates against its schema, ids are unique, every case file is
/// referenced exactly once and exists, and the suite holds no unreferenced case file.
pub fn check() -> Result<()> {
    let root = suite_root();
    let read = |name: &str| -> Result<Value> {
        let text =
            std::fs::read_to_string(root.join(name)).with_context(|| format!("reading {name}"))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {name}"))
    };
    let manifest = read("manifest.json")?;
    let schema = read("manifest.schema.json")?;
    let validator = jsonschema::validator_for(&schema)
        .map_err(|e| anyhow::anyhow!("manifest.schema.json: {e}"))?;
    let errors: Vec<String> = validator
        .iter_errors(&manifest)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    if !errors.is_empty() {
        bail!(
            "manifest.json does not match manifest.schema.json:\n{}",
            errors.join("\n")
        );
    }
    let cases = manifest["cases"].as_array().context("cases")?;
    let mut ids = BTreeSet::new();
    let mut files = BTreeSet::new();
    for case in cases {
        let id = case["id"].as_str().unwrap_or_default();
        let file = case["file"].as_str().unwrap_or_default();
        if !ids.insert(id.to_owned()) {
            bail!("case id `{id}` is used twice");
        }
        if !files.insert(PathBuf::from(file)) {
            bail!("`{file}` is referenced twice");
        }
        if !root.join(file).is_file() {
            bail!("`{file}` (case `{id}`) does not exist");
        }
        if let Some(context) = case["context"].as_str()
            && manifest["contexts"][context].is_null()
        {
            bail!("case `{id}` names the unknown context `{context}`");
        }
    }
    let mut on_disk = BTreeSet::new();
    collect(&root.join("cases"), &root, &mut on_disk)?;
    let unreferenced: Vec<_> = on_disk.difference(&files).collect();
    if !unreferenced.is_empty() {
        bail!("case files not in the manifest: {unreferenced:?}");
    }
    println!(
        "conformance suite {}: {} cases, manifest valid, every file referenced once",
        manifest["version"],
        cases.len()
    );
    Ok(())
}

fn collect(dir: &Path, root: &Path, out: &mut BTreeSet<PathBuf>) -> Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect(&path, root, out)?;
        } else {
            out.insert(path.strip_prefix(root)?.to_path_buf());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_suite_is_consistent() {
        check().unwrap_or_else(|e| panic!("{e:#}"));
    }

    #[test]
    fn the_committed_suite_is_what_the_case_table_generates() {
        let generated = generate_all().expect("the case table generates");
        let root = suite_root();
        for (path, bytes) in &generated.files {
            let found = std::fs::read(root.join(path)).unwrap_or_default();
            assert!(
                found == *bytes,
                "{} is stale: run `cargo xtask suite generate`",
                path.display()
            );
        }
        assert!(generated.files.len() > 200);
    }
}
