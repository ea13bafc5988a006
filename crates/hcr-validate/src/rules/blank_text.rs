//! HCR201: whitespace-only text where the reference validator requires content, and an empty
//! `uri` that is an evidence item's only reference.

use hcr_types::text::is_js_blank;
use serde_json::Value;

use super::{Input, Sink, each_match, objects};
use crate::schema::field;
use crate::{Code, Diagnostic};

/// Exactly the places the publisher's validator trims and rejects when empty, as pointer
/// tokens (`*` is every index).
const TEXT_PLACES: &[&[&str]] = &[
    &["objective", "summary"],
    &["objective", "acceptanceCriteria", "*"],
    &["currentState", "complete", "*"],
    &["currentState", "inProgress", "*"],
    &["currentState", "blocked", "*"],
    &["currentState", "unverified", "*"],
    &["decisions", "*", "summary"],
    &["decisions", "*", "rationale"],
    &["evidence", "*", "id"],
    &["evidence", "*", "label"],
    &["constraints", "*", "text"],
    &["nextAction", "summary"],
    &["nextAction", "verification"],
    &["ownership", "nextActor", "id"],
    &["ownership", "reviewers", "*", "id"],
    &["openReview", "*", "assignee", "id"],
    &["openReview", "*", "id"],
    &["openReview", "*", "summary"],
];

pub(super) fn check(input: &Input<'_>, sink: &mut Sink) {
    for place in TEXT_PLACES {
        each_match(input.value, place, &mut |pointer, value| {
            // Empty text is HCR104 and other types HCR103, both from the schema.
            if let Some(text) = value.as_str().filter(|t| !t.is_empty() && is_js_blank(t)) {
                let kind = if text.chars().all(|c| c == ' ') {
                    "spaces"
                } else {
                    "whitespace"
                };
                let at = pointer();
                let message = format!("{} holds only {kind}", field(&at));
                sink.push(Diagnostic::new(Code::Hcr201, at, message));
            }
        });
    }
    for (at, item) in objects(input.value, "evidence") {
        let empty_uri = item.get("uri").and_then(Value::as_str) == Some("");
        if empty_uri && !item.contains_key("artifactRef") {
            let uri = at.key("uri");
            let message = format!(
                "{} is empty and the evidence item has no `artifactRef`",
                field(&uri)
            );
            sink.push(
                Diagnostic::new(Code::Hcr201, uri, message)
                    .help("give the evidence a `uri` that points somewhere, or an `artifactRef`"),
            );
        }
    }
}
