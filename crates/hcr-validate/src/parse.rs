//! A record's bytes read by `hcr-json` with the schema's property names as the key table, and
//! its errors as the HCR001–HCR004 diagnostics.

use hcr_json::{Anchor, Document, ErrorKind, JsonPointer, Limit, Limits, Overwritten};

use crate::{Code, Diagnostic};

/// Parses a record's `bytes`, each key numbered by the schema's property names.
pub(crate) fn parse<'a>(bytes: &'a [u8], limits: &Limits) -> Result<Document<'a>, Box<Diagnostic>> {
    hcr_json::parse(bytes, limits, crate::schema::property_names()).map_err(|e| diagnostic(*e))
}

/// [`parse`] without the spans (the reading of `serde_json`), for the tests that compare the
/// two.
#[cfg(test)]
pub(crate) fn parse_without_spans<'a>(
    bytes: &'a [u8],
    limits: &Limits,
) -> Result<Document<'a>, Box<Diagnostic>> {
    hcr_json::parse_without_spans(bytes, limits, crate::schema::property_names())
        .map_err(|e| diagnostic(*e))
}

/// The diagnostic of a reading error: its code by kind, its place and words as they are.
pub(crate) fn diagnostic(error: hcr_json::Error) -> Box<Diagnostic> {
    let hcr_json::Error {
        kind,
        pointer,
        anchor,
        message,
        help,
    } = error;
    let code = match kind {
        ErrorKind::RepeatedKey => Code::Hcr002,
        ErrorKind::Limit(_) => Code::Hcr003,
        ErrorKind::Encoding => Code::Hcr004,
        _ => Code::Hcr001,
    };
    let diagnostic = Diagnostic::new(code, pointer, message).anchor(anchor);
    Box::new(match help {
        Some(help) => diagnostic.help(help),
        None => diagnostic,
    })
}

/// HCR003 for `limit`, reached at `pointer` (`offset` in the source) by `what`.
pub(crate) fn limit_exceeded(
    limit: Limit,
    limits: &Limits,
    pointer: JsonPointer,
    offset: usize,
    what: String,
) -> Diagnostic {
    *diagnostic(hcr_json::limit_exceeded(
        limit, limits, pointer, offset, what,
    ))
}

/// HCR002: the key that overwrote this value repeats an earlier one, pointing at the
/// repeating occurrence.
pub(crate) fn repeated_key(overwritten: &Overwritten) -> Diagnostic {
    let key = overwritten
        .pointer
        .unescaped_tokens()
        .last()
        .unwrap_or_default();
    let parent = overwritten.pointer.parent().unwrap_or_default();
    let message = format!("{} repeats the key `{key}`", crate::sink::field(&parent));
    Diagnostic::new(Code::Hcr002, overwritten.pointer.clone(), message)
        .anchor(Anchor::KeyOccurrence(overwritten.occurrence + 1))
}
