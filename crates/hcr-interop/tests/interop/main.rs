//! Interop against the reference implementations' test vectors and behaviour, on real files.

mod goal_handover;
mod handoff_md;
mod handover_brief;
mod spec_handoff;

use std::path::PathBuf;

/// The spec-handoff vectors produced by the reference writer (kept in the repository; see
/// `tests/data/spec-handoff-vectors/README.md`).
pub(crate) fn vectors() -> serde_json::Value {
    let path: PathBuf = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spec-handoff-vectors/vectors.json");
    let text = std::fs::read_to_string(&path).expect("the vectors are in the repository");
    serde_json::from_str(&text).expect("the vectors are JSON")
}
