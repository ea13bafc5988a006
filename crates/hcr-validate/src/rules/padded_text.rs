//! HCR211: text that begins or ends with whitespace (as JavaScript's `trim` counts it), at
//! the places that hold text. Whitespace-only text is HCR201's.

use super::Findings;
use crate::sink::{Input, field, is_padded};

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    // One pass over the strings (shared with HCR201) spares most records the walk of every
    // text place.
    if !input.strings().padded {
        return;
    }
    hcr_types::contract::for_each_text_where(input.root(), is_padded, &mut |pointer, _| {
        let at = pointer();
        let message = format!("{} begins or ends with whitespace", field(&at));
        sink.found(at, message);
    });
}
