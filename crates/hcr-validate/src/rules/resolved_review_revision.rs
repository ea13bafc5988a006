//! HCR202: a resolved review item must name the revision that resolved it (the rule is
//! `hcr_types::contract::resolved_without_revision`, which the builder applies too).

use hcr_types::JsonPointer;

use crate::sink::field;
use crate::sink::{Input, Sink};
use crate::{Code, Diagnostic};

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Sink) {
    for index in hcr_types::contract::resolved_without_revision(input.root()) {
        let at = JsonPointer::root().key("openReview").index(index);
        let message = format!(
            "review item {} is resolved but has no `resolvedByRevision`",
            field(&at)
        );
        sink.push(Diagnostic::new(Code::Hcr202, at, message));
    }
}
