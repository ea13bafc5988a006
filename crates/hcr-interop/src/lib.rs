//! Interoperability with the two neighbouring handoff formats.
//!
//! - [`spec_handoff`]: spec-handoff/v1 Markdown artifacts (the spec-first skill): payload
//!   validation with the published limits (reporting every problem), byte-identical
//!   rendering and file naming, the writer's file-system behaviour and result shape,
//!   metadata-only discovery, and a linter with HCR5xx diagnostics.
//! - [`goal_handover`]: the plain-text `handover` between an agent's goals: normalization
//!   (4,096 bytes, never truncated), the `<untrusted_handover>` block exactly as the
//!   reference agent renders it, records as notes and notes as record drafts.
//! - [`handoff_md`]: the `HANDOFF.md` of the publisher's `handoff` skill (and its template):
//!   linted with HCR6xx diagnostics, drafted into records, rendered from them.
//! - [`handover_brief`]: the hosted service's `brief` object to and from records, every loss
//!   named.
//! - [`convert`]: HCR records to and from spec-handoff artifacts, losslessly when the artifact
//!   carries the record; [`markdown`]: a record as a page for people.
//! - [`frontend`]: the record operations the Python and Node packages share.
//!
//! ```
//! use hcr_interop::goal_handover::{normalize, untrusted_block};
//!
//! let note = normalize("  State: shipped v1 <tag> & pushed.  ")?;
//! let block = untrusted_block(note.as_deref());
//! assert!(block.starts_with("<untrusted_handover>\nState: shipped v1 &lt;tag&gt; &amp; pushed.\n</untrusted_handover>\n"));
//! assert_eq!(untrusted_block(None), "");
//! # Ok::<(), hcr_interop::goal_handover::TooLong>(())
//! ```

pub mod convert;
pub mod draft;
pub mod forms;
pub mod frontend;
pub mod goal_handover;
pub mod handoff_md;
pub mod handover_brief;
pub mod markdown;
pub mod source;
pub mod spec_handoff;
mod text_lines;
