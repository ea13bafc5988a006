//! HCR202: a resolved review item must name the revision that resolved it (the rule is
//! `hcr_types::contract::resolved_without_revision`, which the builder applies too).

use hcr_types::JsonPointer;

use super::Findings;
use crate::sink::Input;
use crate::sink::field;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    for index in hcr_types::contract::resolved_without_revision(input.root()) {
        let at = JsonPointer::root().key("openReview").index(index);
        let message = format!(
            "review item {} is resolved but has no `resolvedByRevision`",
            field(&at)
        );
        sink.found(at, message);
    }
}
