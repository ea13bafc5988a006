//! Typed [Handoff Continuity Record v1.0](https://handover.sh/protocol) records.
//!
//! A record hands unfinished work from one actor (human, agent or service) to the next: the
//! objective and its acceptance criteria, the current state, decisions, evidence, constraints,
//! one next action, the next actor, and review items. This crate gives each part of the v1.0
//! schema a Rust type:
//!
//! - [`Record`] and one type per `$defs` entry: [`Actor`], [`Objective`], [`CurrentState`],
//!   [`Decision`], [`Evidence`], [`Constraint`], [`NextAction`], [`Ownership`], [`ReviewItem`],
//!   [`Provenance`];
//! - enums for each `enum`: [`ActorType`], [`DecisionStatus`], [`ConstraintKind`],
//!   [`ReviewStatus`];
//! - newtypes for constrained strings and numbers: [`NonEmptyText`], [`TextList`],
//!   [`RecordId`], [`Sha256`], [`DateTime`], [`UriReference`], [`Revision`].
//!
//! Reading accepts exactly the documents the schema accepts (with one documented exception:
//! revision numbers above 2^53 − 1 are refused), and writing gives back the same JSON value,
//! keeping the producer's spellings. The normative rules (blank text, secrets, duplicate ids,
//! ...) and duplicate-key detection live in `hcr-validate`, which reads untrusted input.
//!
//! # Reading, changing and writing a record
//!
//! ```
//! use hcr_types::{Record, Revision};
//!
//! let text = r#"{
//!   "schemaVersion": "1.0",
//!   "recordId": "docs-refresh",
//!   "objective": {"summary": "Refresh the install guide.", "acceptanceCriteria": ["The guide builds."]},
//!   "currentState": {"complete": [], "inProgress": ["Rewriting step 3."], "blocked": [], "unverified": []},
//!   "decisions": [], "evidence": [], "constraints": [],
//!   "nextAction": {"summary": "Finish step 3.", "verification": "mdbook build passes."},
//!   "ownership": {"nextActor": {"id": "user:ana", "type": "human"}},
//!   "openReview": [{"id": "r1", "summary": "Step 3 is stale.", "status": "open", "revision": 3.0}]
//! }"#;
//! let mut record = Record::from_json(text)?;
//! assert_eq!(record.open_review[0].revision.as_ref().map(Revision::get), Some(3));
//!
//! record.current_state.complete.push(record.current_state.in_progress.as_slice()[0].clone())?;
//! let written = record.to_json_pretty();
//! assert!(written.contains("\"revision\": 3.0"));
//! assert_eq!(Record::from_json(&written)?, record);
//! # Ok::<(), hcr_types::Error>(())
//! ```
//!
//! # Building a record
//!
//! ```
//! use hcr_types::{Actor, DateTime, Evidence, Provenance, Record, Revision, Sha256};
//!
//! let record = Record::builder()
//!     .record_id("release-2026-11")
//!     .objective("Ship release 2026.11.", ["The tag is pushed.", "The changelog lists every PR."])
//!     .complete("Built the release artifacts.")
//!     .evidence(
//!         Evidence::artifact("build-log", "Release build log", "logs/build.txt")?
//!             .with_sha256(Sha256::of_bytes(b"build ok\n")),
//!     )
//!     .next_action("Push the tag.", "The tag is visible on the remote.")
//!     .next_actor(Actor::human("user:release-manager")?)
//!     .provenance(
//!         Provenance::new(Actor::agent("agent:release")?, DateTime::parse("2026-11-30T09:00:00Z")?)
//!             .revision(Revision::new(1)?),
//!     )
//!     .extension("com.example.ticket", serde_json::json!({"id": "REL-7"}))
//!     .build()?;
//! assert_eq!(record.revision(), Some(1));
//! // A content address for this revision (RFC 8785 canonical JSON, then SHA-256).
//! assert_eq!(record.digest().as_str().len(), 64);
//! # Ok::<(), hcr_types::Error>(())
//! ```
//!
//! # Extensions, losslessly
//!
//! Extension values keep the producer's exact JSON, numbers included, and the SDK adds no
//! feature to your `serde_json` (its own order-keeping map, not `preserve_order`).
//!
//! ```
//! # let text = r#"{"schemaVersion": "1.0",
//! #   "objective": {"summary": "Ship.", "acceptanceCriteria": ["It ships."]},
//! #   "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": []},
//! #   "decisions": [], "evidence": [], "constraints": [], "openReview": [],
//! #   "nextAction": {"summary": "Tag it.", "verification": "The tag exists."},
//! #   "ownership": {"nextActor": {"id": "agent:a", "type": "agent"}},
//! #   "extensions": {"com.example.cost": {"eur": 1.50, "ledger": 123456789012345678901234567890}}}"#;
//! let mut record = hcr_types::Record::from_json(text)?;
//! let extensions = record.extensions.get_or_insert_with(Default::default);
//! extensions.insert_raw("com.example.rate", "1E2")?;
//! let written = record.to_json_pretty();
//! assert!(written.contains(r#"{"eur":1.50,"ledger":123456789012345678901234567890}"#));
//! assert!(written.contains("1E2"));
//! # Ok::<(), hcr_types::Error>(())
//! ```
//!
//! # Resolving a review, evidence from a file
//!
//! ```
//! use hcr_types::{Evidence, ReviewItem, Revision};
//!
//! let mut review = ReviewItem::open("review:copy", "The error message is unclear.")?;
//! review.resolve(Revision::new(4)?); // status and resolvedByRevision, together
//!
//! let artifacts = tempfile::tempdir()?;
//! std::fs::write(artifacts.path().join("test.log"), "42 passed\n")?;
//! let evidence = Evidence::from_file("tests", "Test run", artifacts.path(), "test.log")?;
//! assert!(evidence.sha256.is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # What the builder guarantees, and validating a typed record
//!
//! [`RecordBuilder::build`] returns a record the schema accepts and that keeps the contract
//! rules needing no scanner ([`contract`]: no whitespace-only text, no resolved review without
//! its revision). Secrets and hcr's recommendations are `hcr-validate`'s:
//! `Validator::validate_record(&record)` or `record.validate()` (its `ValidateRecord` trait)
//! give the same report as for the record's pretty JSON.
//!
//! # Stability (0.x)
//!
//! Stable within 0.x: the types of the record and their public fields, the builder's methods,
//! [`Error`]'s variants (it is `#[non_exhaustive]`), [`Extensions`]' methods, and the JSON
//! every type reads and writes. Anything else may change in a minor release.

#[macro_use]
mod newtype;

mod builder;
pub mod contract;
mod datetime;
mod digest;
mod error;
mod extensions;
mod record;
mod revision;
mod strict;
pub mod text;
mod uri;

pub use builder::RecordBuilder;
pub use datetime::{DateTime, is_rfc3339};
pub use digest::Sha256;
pub use error::{Error, Problem};
pub use hcr_json::pointer;
pub use pointer::{JsonPointer, Segment};
pub use record::{
    Actor, ActorType, Constraint, ConstraintKind, CurrentState, Decision, DecisionStatus, Evidence,
    Extensions, NextAction, Objective, Ownership, Provenance, Record, ReviewItem, ReviewStatus,
    SchemaVersion,
};
pub use revision::{Revision, revision_value};
pub use text::{NonEmptyText, RecordId, TextList};
pub use uri::{UriReference, is_uri_reference};

/// Why `path` is not a safe relative path below an artifacts folder, judged from its text
/// alone (`artifactRef`): the one rule of [`Evidence::from_file`] and `hcr-validate`'s
/// artifact store.
#[must_use]
pub fn unsafe_reason(path: &str) -> Option<&'static str> {
    let bytes = path.as_bytes();
    if path.is_empty() {
        Some("it is empty")
    } else if path.contains('\0') {
        Some("it contains a NUL character")
    } else if path.starts_with("\\\\") || path.starts_with("//") {
        Some("it is a UNC or network path")
    } else if bytes.len() >= 2 && bytes[0].is_ascii_alphabetic() && bytes[1] == b':' {
        Some("it starts with a drive letter")
    } else if path.starts_with('/') {
        Some("it is an absolute path")
    } else if path.contains('\\') {
        Some("it contains a backslash")
    } else if path.split('/').any(|segment| segment == "..") {
        Some("it has a `..` segment")
    } else {
        None
    }
}

/// `serde_json`, for the values of `extensions` (the same version the SDK uses).
pub use serde_json;

impl From<Record> for serde_json::Value {
    fn from(record: Record) -> Self {
        record.to_value()
    }
}

impl From<&Record> for serde_json::Value {
    fn from(record: &Record) -> Self {
        record.to_value()
    }
}
