//! HCR207: a review is not resolved by a revision earlier than the one it was raised against.

use super::Findings;
use crate::sink::field;
use crate::sink::{Input, objects, revision};

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    for (at, item) in objects(input.root(), "openReview") {
        let [raised, resolution] = item.get_each(["revision", "resolvedByRevision"]);
        if let (Some(raised), Some(resolved)) = (revision(raised), revision(resolution))
            && let Some(resolution) = resolution
            && resolved < raised
        {
            let pointer = at.key("resolvedByRevision");
            let message = format!(
                "{} is {resolved}, earlier than the review's `revision` {raised}",
                field(&pointer)
            );
            sink.found_at(pointer, message, resolution.index);
        }
    }
}
