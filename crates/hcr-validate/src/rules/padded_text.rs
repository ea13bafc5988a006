//! HCR211: text that begins or ends with whitespace (as JavaScript's `trim` counts it), at
//! the places that hold text. Whitespace-only text is HCR201's.

use super::Findings;
use crate::sink::{Input, field};

/// Whether `text` has whitespace around content.
fn padded(text: &str) -> bool {
    let trimmed = hcr_types::text::js_trim(text);
    !trimmed.is_empty() && trimmed.len() != text.len()
}

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    // One pass over the strings spares most records the walk of every text place.
    if !input.tree.any_string(padded) {
        return;
    }
    hcr_types::contract::for_each_text_where(input.root(), padded, &mut |pointer, _| {
        let at = pointer();
        let message = format!("{} begins or ends with whitespace", field(&at));
        sink.found(at, message);
    });
}
