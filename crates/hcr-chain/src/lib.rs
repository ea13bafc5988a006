//! Revisions of a Handoff Continuity Record.
//!
//! A handoff is a chain: each record is a revision of the same work (`recordId`,
//! `provenance.sourceRevision`), and reviews are resolved "by revision N".
//!
//! - [`successor()`] makes the next revision from the previous one: same `recordId`, revision
//!   plus one, the new author and time, explicit changes applied whole (one hop: nothing older
//!   than the predecessor is read).
//! - [`Diff`] says what changed between two revisions in the terms a successor cares about.
//!
//! ```
//! use hcr_chain::{Change, Continuation, Diff, parse_actor, successor};
//! use hcr_types::{DateTime, Record};
//!
//! let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../protocol/v1/examples/bug-fix.json"))?;
//! let previous = Record::from_json(&text)?;
//! let next = successor(&previous, &Continuation {
//!     by: Some(parse_actor("agent:checkout-fixer")?),
//!     now: Some(DateTime::parse("2026-11-30T10:00:00Z")?),
//!     complete: vec!["Passing the customer's time zone from the session into DeliveryEstimator.".into()],
//!     resolve: vec!["review:guest-checkout".into()],
//!     ..Continuation::default()
//! })?;
//! assert_eq!(next.revision(), Some(3));
//!
//! let diff = Diff::new(&previous, &next);
//! assert!(diff.changes.iter().any(|c| matches!(c,
//!     Change::ReviewResolved { id, resolved_by_revision: Some(3), .. } if id == "review:guest-checkout")));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod diff;
mod successor;

pub use diff::{Change, DIFF_VERSION, Diff, NextActionField, Side, StateList, Warning};
pub use successor::{
    Checked, Continuation, ContinueError, PatchText, Refusal, checked_successor,
    checked_successor_in, checked_successor_with, parse_actor, revision_file_name, successor,
};
