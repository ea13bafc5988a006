//! `cargo xtask check-schema`: the protocol's schema is the canonical one.

use anyhow::{Context, Result, bail};
use serde_json::Value;

use crate::workspace_root;

/// Where the canonical schema lives beside the workspace (absent on a fresh clone).
const CANONICAL: &str = "../shared/reference/hcr-v1/schema.json";

/// Compares `protocol/v1/schema.json` with the canonical schema as JSON values. Returns
/// `Ok(false)` when the canonical copy is not available.
pub(crate) fn schemas_match() -> Result<bool> {
    let root = workspace_root();
    let canonical_path = root.join(CANONICAL);
    if !canonical_path.exists() {
        return Ok(false);
    }
    let read = |path: &std::path::Path| -> Result<Value> {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    };
    let ours = read(&root.join("protocol/v1/schema.json"))?;
    let canonical = read(&canonical_path)?;
    if ours != canonical {
        bail!(
            "protocol/v1/schema.json differs from the canonical schema ({})",
            canonical_path.display()
        );
    }
    Ok(true)
}

pub(crate) fn check_schema() -> Result<()> {
    if schemas_match()? {
        println!("protocol/v1/schema.json equals the canonical HCR v1.0 schema");
    } else {
        println!("skipped: the canonical schema ({CANONICAL}) is not present on this machine");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn protocol_schema_is_the_canonical_schema() {
        match super::schemas_match() {
            Ok(true) => {}
            Ok(false) => eprintln!("skipped: {} is not present", super::CANONICAL),
            Err(e) => panic!("{e:#}"),
        }
    }
}
