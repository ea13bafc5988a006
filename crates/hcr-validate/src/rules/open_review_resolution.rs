//! HCR209: an open review item does not carry `resolvedByRevision`.

use super::Findings;
use crate::sink::field;
use crate::sink::{Input, objects};
use hcr_json::Json;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    for (at, item) in objects(input.root(), "openReview") {
        let open = item.get("status").and_then(Json::as_str) == Some("open");
        let resolution = if open {
            item.get("resolvedByRevision")
        } else {
            None
        };
        if let Some(resolution) = resolution {
            let pointer = at.key("resolvedByRevision");
            let message = format!(
                "review item {} is open but names a `resolvedByRevision`",
                field(&at.pointer())
            );
            sink.found_at(pointer, message, resolution.index);
        }
    }
}
