//! HCR209: an open review item does not carry `resolvedByRevision`.

use crate::sink::field;
use crate::sink::{Input, Sink, objects};
use crate::{Code, Diagnostic};
use hcr_json::Json;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Sink) {
    for (at, item) in objects(input.root(), "openReview") {
        let open = item.get("status").and_then(Json::as_str) == Some("open");
        if open && item.contains_key("resolvedByRevision") {
            let pointer = at.key("resolvedByRevision");
            let message = format!(
                "review item {} is open but names a `resolvedByRevision`",
                field(&at.pointer())
            );
            sink.push(Diagnostic::new(Code::Hcr209, pointer, message));
        }
    }
}
