//! The receiver's side of a Handoff Continuity Record.
//!
//! - [`Brief`]: what a successor must read before acting, in the v1.0 README's order, with
//!   each evidence item's digest status and each resolved review's link status, as Markdown
//!   (every record string escaped) or JSON.
//! - [`fill`]: evidence digests computed from the artifacts and written into the record's
//!   text without touching anything else.
//!
//! ```
//! use hcr_receive::Brief;
//! use hcr_validate::{Level, ReceiverContext, Validator};
//! use hcr_validate::receiver::ArtifactStore;
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("build.log"), "build ok\n")?;
//! let text = r#"{
//!   "schemaVersion": "1.0", "recordId": "build",
//!   "objective": {"summary": "Ship the build.", "acceptanceCriteria": ["The log says ok."]},
//!   "currentState": {"complete": ["Built."], "inProgress": [], "blocked": [], "unverified": []},
//!   "decisions": [], "constraints": [], "openReview": [],
//!   "evidence": [{"id": "log", "label": "Build log", "artifactRef": "build.log",
//!                 "sha256": "5c3d57cf803c92ff537694cda191d9c10c44f33c39eaf5f45e91e34f6413e254"}],
//!   "nextAction": {"summary": "Publish it.", "verification": "The registry lists it."},
//!   "ownership": {"nextActor": {"id": "agent:publisher", "type": "agent"}}
//! }"#;
//! let context = ReceiverContext::new().artifacts(ArtifactStore::open(dir.path(), 1 << 20)?);
//! let validator = Validator::new(Level::Receiver).with_receiver(context.clone());
//! let (record, report) = validator.read_record(text.as_bytes()).expect("a valid record");
//!
//! let brief = Brief::new(&record, &report);
//! assert_eq!(brief.verified, ["Built."]);
//! assert!(brief.to_markdown().contains("digest checked: matches"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod brief;
pub mod fill;

use hcr_validate::{Code, Report, Validator};

pub use brief::{
    BRIEF_VERSION, Brief, ConstraintGroup, EvidenceBrief, EvidenceStatus, LinkStatus, ReviewBrief,
};

/// Validates `bytes` with `validator` (a receiver-level one, with the receiver's context) and
/// makes the brief, or says why there is none: a record that does not satisfy the schema has
/// no brief, and one holding a secret is not repeated. Every surface that gives a brief (the
/// CLI, the MCP server) asks here.
///
/// # Errors
/// The report, when no brief can be given; its diagnostics say why.
pub fn receive(validator: &Validator, bytes: &[u8]) -> Result<(Brief, Report), Report> {
    let (record, report) = validator.validate_typed(bytes);
    match record {
        Some(record) if !report.has(Code::Hcr204) => Ok((Brief::new(&record, &report), report)),
        _ => Err(report),
    }
}
