//! HCR210: the objective has acceptance criteria.

use super::Findings;
use crate::sink::Input;
use hcr_types::JsonPointer;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    let criteria = input.root().at_tokens(["objective", "acceptanceCriteria"]);
    if criteria.is_some_and(|c| c.is_array() && c.is_empty()) {
        let at = JsonPointer::root()
            .key("objective")
            .key("acceptanceCriteria");
        sink.found(
            at,
            "`/objective/acceptanceCriteria` is empty, so the receiver cannot check completion",
        );
    }
}
