//! HCR210: the objective has acceptance criteria.

use hcr_types::JsonPointer;
use serde_json::Value;

use super::{Input, Sink};
use crate::{Code, Diagnostic};

pub(super) fn check(input: &Input<'_>, sink: &mut Sink) {
    let criteria = input.value.pointer("/objective/acceptanceCriteria");
    if criteria
        .and_then(Value::as_array)
        .is_some_and(Vec::is_empty)
    {
        let at = JsonPointer::root()
            .key("objective")
            .key("acceptanceCriteria");
        sink.push(Diagnostic::new(
            Code::Hcr210,
            at,
            "`/objective/acceptanceCriteria` is empty, so the receiver cannot check completion",
        ));
    }
}
