//! HCR209: an open review item does not carry `resolvedByRevision`.

use super::Findings;
use crate::sink::field;
use crate::sink::{Input, objects};
use hcr_json::Json;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    for (at, item) in objects(input.root(), "openReview") {
        let open = item.get("status").and_then(Json::as_str) == Some("open");
        if open && item.contains_key("resolvedByRevision") {
            let pointer = at.key("resolvedByRevision");
            let message = format!(
                "review item {} is open but names a `resolvedByRevision`",
                field(&at.pointer())
            );
            sink.found(pointer, message);
        }
    }
}
