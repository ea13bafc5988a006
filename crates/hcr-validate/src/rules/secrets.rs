//! HCR204: no secret anywhere in the record, keys, extensions and overwritten values included.
//!
//! Every string is scanned; the pointer of a string is only built when it holds a secret.
//! Property names the schema defines are fixed words and are not scanned.

use hcr_types::JsonPointer;
use serde_json::Value;

use super::{Input, Sink};
use crate::diagnostic::Anchor;
use crate::schema::field;
use crate::secrets::{Finding, redact, scan};
use crate::{Code, Diagnostic};

pub(super) fn check(input: &Input<'_>, sink: &mut Sink) {
    let mut path = Vec::new();
    walk(input.value, &mut path, &JsonPointer::root(), None, sink);
    for overwritten in input.overwritten {
        walk(
            &overwritten.value,
            &mut path,
            &overwritten.pointer,
            Some(overwritten.occurrence),
            sink,
        );
    }
}

/// One step below `base`.
#[derive(Clone, Copy)]
enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

fn pointer(base: &JsonPointer, path: &[Step<'_>]) -> JsonPointer {
    let mut pointer = base.clone();
    for step in path {
        match *step {
            Step::Key(key) => pointer.push_key(key),
            Step::Index(index) => pointer.push_index(index),
        }
    }
    pointer
}

/// Whether `key` is a property name of the v1.0 schema (a fixed word, never a secret).
fn is_schema_key(key: &str) -> bool {
    matches!(
        key,
        "schemaVersion"
            | "recordId"
            | "objective"
            | "currentState"
            | "decisions"
            | "evidence"
            | "constraints"
            | "nextAction"
            | "ownership"
            | "openReview"
            | "provenance"
            | "extensions"
            | "summary"
            | "acceptanceCriteria"
            | "complete"
            | "inProgress"
            | "blocked"
            | "unverified"
            | "rationale"
            | "status"
            | "supersedes"
            | "id"
            | "label"
            | "claim"
            | "uri"
            | "artifactRef"
            | "contentType"
            | "sha256"
            | "kind"
            | "text"
            | "verification"
            | "dueAt"
            | "nextActor"
            | "reviewers"
            | "displayName"
            | "type"
            | "revision"
            | "assignee"
            | "resolvedByRevision"
            | "createdBy"
            | "createdAt"
            | "sourceRevision"
    )
}

/// Scans `value`, which sits at `base` + `path`; `occurrence` is set for a value a repeated
/// key overwrote.
fn walk<'v>(
    value: &'v Value,
    path: &mut Vec<Step<'v>>,
    base: &JsonPointer,
    occurrence: Option<usize>,
    sink: &mut Sink,
) {
    match value {
        Value::String(text) => {
            let anchor = match occurrence {
                Some(n) if path.is_empty() => Anchor::ValueOccurrence(n),
                _ => Anchor::Value,
            };
            report(text, || pointer(base, path), anchor, "", sink);
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Step::Index(i));
                walk(item, path, base, occurrence, sink);
                path.pop();
            }
        }
        Value::Object(map) => {
            for (key, child) in map {
                path.push(Step::Key(key));
                if !is_schema_key(key) {
                    report(
                        key,
                        || pointer(base, path),
                        Anchor::Key,
                        "the key of ",
                        sink,
                    );
                }
                walk(child, path, base, occurrence, sink);
                path.pop();
            }
        }
        _ => {}
    }
}

fn report(text: &str, at: impl Fn() -> JsonPointer, anchor: Anchor, prefix: &str, sink: &mut Sink) {
    for Finding { rule, kind, range } in scan(text) {
        let secret = &text[range];
        let at = at();
        let message = format!(
            "{prefix}{} contains {kind} (rule `{rule}`): {}",
            field(&at),
            redact(secret)
        );
        sink.secrets.push(secret.to_owned());
        sink.push(Diagnostic::new(Code::Hcr204, at, message).anchor(anchor));
    }
}
