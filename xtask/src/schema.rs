//! `cargo xtask check-schema`: the protocol's schema is the canonical one, byte for byte.
//!
//! The canonical schema's SHA-256 is pinned here, taken from the publisher's copy; when that
//! copy is beside the workspace (`../shared/reference/hcr-v1/schema.json`), it is compared too,
//! so that the pin itself is checked wherever it can be.

use anyhow::{Context, Result, bail};
use sha2::{Digest, Sha256};

use crate::workspace_root;

/// The SHA-256 of the publisher's canonical HCR v1.0 schema (`schema.json`, MIT, 44pixels).
pub(crate) const CANONICAL_SHA256: &str =
    "623a2ae52f5c9f9327697f283b169db54578e12cc643363d2501073196bad471";

/// Where a copy of the canonical schema may be, beside the workspace.
const CANONICAL_COPY: &str = "../shared/reference/hcr-v1/schema.json";

fn sha256(path: &std::path::Path) -> Result<String> {
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(hex::encode(Sha256::digest(bytes)))
}

/// Checks `protocol/v1/schema.json` against the pinned digest (and the canonical copy when it
/// is present); returns whether the copy was compared too.
pub(crate) fn schemas_match() -> Result<bool> {
    let root = workspace_root();
    let ours = sha256(&root.join("protocol/v1/schema.json"))?;
    if ours != CANONICAL_SHA256 {
        bail!("protocol/v1/schema.json has SHA-256 {ours}, not the canonical {CANONICAL_SHA256}");
    }
    let copy = root.join(CANONICAL_COPY);
    if !copy.exists() {
        return Ok(false);
    }
    let theirs = sha256(&copy)?;
    if theirs != CANONICAL_SHA256 {
        bail!(
            "{} has SHA-256 {theirs}: the pinned digest is stale",
            copy.display()
        );
    }
    Ok(true)
}

pub(crate) fn check_schema() -> Result<()> {
    let compared = schemas_match()?;
    println!(
        "protocol/v1/schema.json is the canonical HCR v1.0 schema (SHA-256 {CANONICAL_SHA256}{})",
        if compared {
            ", and equals the copy beside the workspace"
        } else {
            ""
        }
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn protocol_schema_is_the_canonical_schema() {
        super::schemas_match().unwrap_or_else(|e| panic!("{e:#}"));
    }

    #[test]
    fn the_embedded_schema_is_the_protocol_s() {
        // The file hcr-validate embeds (`SCHEMA_JSON`).
        let embedded =
            crate::workspace_root().join("crates/hcr-validate/schema/hcr-v1.schema.json");
        assert_eq!(
            super::sha256(&embedded).expect("readable"),
            super::CANONICAL_SHA256
        );
    }
}
