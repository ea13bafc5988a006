//! spec-handoff/v1: Markdown artifacts with JSON-compatible frontmatter, written by the
//! spec-first `spec-handoff` skill.

pub mod discover;
pub mod lint;
pub mod payload;
pub mod render;
pub mod write;

pub use payload::{Payload, PayloadProblem, Section, validate};
pub use render::{CONTRACT, file_name, render, slug};
