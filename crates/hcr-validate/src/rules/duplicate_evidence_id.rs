//! HCR205: evidence ids are unique within the record.

use super::{Input, Sink, duplicate_ids};
use crate::Code;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Sink) {
    duplicate_ids(input, "evidence", Code::Hcr205, "evidence item", sink);
}
