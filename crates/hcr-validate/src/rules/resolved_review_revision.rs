//! HCR202: a resolved review item must name the revision that resolved it.

use serde_json::Value;

use super::{Input, Sink, objects};
use crate::schema::field;
use crate::{Code, Diagnostic};

pub(super) fn check(input: &Input<'_>, sink: &mut Sink) {
    for (at, item) in objects(input.value, "openReview") {
        let resolved = item.get("status").and_then(Value::as_str) == Some("resolved");
        if resolved && !item.contains_key("resolvedByRevision") {
            let message = format!(
                "review item {} is resolved but has no `resolvedByRevision`",
                field(&at.pointer())
            );
            sink.push(Diagnostic::new(Code::Hcr202, at.pointer(), message));
        }
    }
}
