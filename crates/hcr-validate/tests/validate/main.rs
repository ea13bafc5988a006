//! hcr-validate through its public API: the code table, every code's examples, locations and
//! order, the reference validator, secrets, and arbitrary input.

mod code_table;
mod explanations;
mod locations;
mod properties;
mod receiver;
mod reference;
mod secrets;
mod secrets_corpus;
mod suite;

use hcr_validate::{Level, Report, Validator};

/// Validates `text` at the normative level.
pub(crate) fn check(text: &str) -> Report {
    Validator::new(Level::Normative).validate_str(text)
}

/// The codes of a report, as strings, in order.
pub(crate) fn codes(report: &Report) -> Vec<&'static str> {
    report.diagnostics.iter().map(|d| d.code.as_str()).collect()
}

/// The minimal valid record with `patch` merged in (RFC 7396).
pub(crate) fn record(patch: &str) -> String {
    hcr_validate::Example {
        passing: true,
        whole_document: false,
        text: Box::leak(patch.to_owned().into_boxed_str()),
        language: "json",
    }
    .document()
}
