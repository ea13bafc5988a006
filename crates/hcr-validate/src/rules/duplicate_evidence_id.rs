//! HCR205: evidence ids are unique within the record.

use super::duplicate_ids;
use crate::Code;
use crate::sink::{Input, Sink};

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Sink) {
    duplicate_ids(input, "evidence", Code::Hcr205, "evidence item", sink);
}
