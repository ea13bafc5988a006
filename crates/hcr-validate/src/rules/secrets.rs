//! HCR204: no secret anywhere in the record, keys, extensions and overwritten values included.

use hcr_types::JsonPointer;
use serde_json::Value;

use super::{Input, Sink};
use crate::diagnostic::Anchor;
use crate::schema::field;
use crate::secrets::{Finding, redact, scan};
use crate::{Code, Diagnostic};

pub(super) fn check(input: &Input<'_>, sink: &mut Sink) {
    walk(input.value, JsonPointer::root(), None, sink);
    for overwritten in input.overwritten {
        walk(
            &overwritten.value,
            overwritten.pointer.clone(),
            Some(overwritten.occurrence),
            sink,
        );
    }
}

/// Scans `value` at `at`; `occurrence` is set for a value a repeated key overwrote.
fn walk(value: &Value, at: JsonPointer, occurrence: Option<usize>, sink: &mut Sink) {
    match value {
        Value::String(text) => {
            let anchor = occurrence.map_or(Anchor::Value, Anchor::ValueOccurrence);
            report(text, &at, anchor, "", sink);
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(item, at.index(i), None, sink);
            }
        }
        Value::Object(map) => {
            for (key, child) in map {
                let member = at.key(key);
                report(key, &member, Anchor::Key, "the key of ", sink);
                walk(child, member, None, sink);
            }
        }
        _ => {}
    }
}

fn report(text: &str, at: &JsonPointer, anchor: Anchor, prefix: &str, sink: &mut Sink) {
    for Finding { rule, kind, range } in scan(text) {
        let secret = &text[range];
        let message = format!(
            "{prefix}{} contains {kind} (rule `{rule}`): {}",
            field(at),
            redact(secret)
        );
        sink.secrets.push(secret.to_owned());
        sink.push(Diagnostic::new(Code::Hcr204, at.clone(), message).anchor(anchor));
    }
}
