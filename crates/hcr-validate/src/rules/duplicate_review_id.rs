//! HCR206: review item ids are unique within the record.

use super::Findings;
use super::duplicate_ids;
use crate::sink::Input;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    duplicate_ids(input, "openReview", "review item", sink);
}
