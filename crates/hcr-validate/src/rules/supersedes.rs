//! HCR208: `supersedes` names a decision of the record.

use std::collections::HashMap;

use super::Findings;
use crate::sink::field;
use crate::sink::{Input, objects};
use hcr_json::Json;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    // How many decisions have each summary (a map: linear in the number of decisions).
    let mut summaries: HashMap<&str, usize> = HashMap::new();
    for summary in objects(input.root(), "decisions")
        .filter_map(|(_, d)| d.get("summary").and_then(Json::as_str))
    {
        *summaries.entry(summary).or_default() += 1;
    }
    for (at, decision) in objects(input.root(), "decisions") {
        // An empty `supersedes` is HCR104's; it names nothing to look for.
        let Some(target) = decision
            .get("supersedes")
            .and_then(Json::as_str)
            .filter(|t| !t.is_empty())
        else {
            continue;
        };
        let own = decision.get("summary").and_then(Json::as_str);
        let named = summaries.get(target).copied().unwrap_or(0);
        // A decision cannot supersede itself: its own summary does not count.
        if named <= usize::from(own == Some(target)) {
            let pointer = at.key("supersedes");
            let message = format!("{} matches no other decision's `summary`", field(&pointer));
            sink.found(pointer, message);
        }
    }
}
