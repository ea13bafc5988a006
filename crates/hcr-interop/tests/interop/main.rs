//! Interop against the reference implementations' test vectors and behaviour, on real files.

mod goal_handover;
mod spec_handoff;

use std::path::PathBuf;

/// The spec-handoff vectors produced by the reference writer, if this machine has them.
pub(crate) fn vectors() -> Option<serde_json::Value> {
    let path: PathBuf =
        hcr_testkit::workspace_root().join("../shared/reference/spec-handoff-vectors/vectors.json");
    let text = std::fs::read_to_string(path).ok()?;
    serde_json::from_str(&text).ok()
}
