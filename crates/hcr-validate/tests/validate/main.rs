//! hcr-validate through its public API: the code table, every code's examples, locations and
//! order, the reference validator, secrets, and arbitrary input.

mod code_table;
mod contract;
mod explanations;
mod locations;
mod properties;
mod receiver;
mod reference;
mod secrets;
mod secrets_corpus;
mod suite;

use hcr_validate::{Level, Report, Validator};

/// The canonical schema compiled by the jsonschema crate, formats asserted: the authority hcr's
/// schema level is compared with.
pub(crate) fn canonical_schema() -> jsonschema::Validator {
    let schema: serde_json::Value =
        serde_json::from_str(hcr_validate::SCHEMA_JSON).expect("schema is JSON");
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(&schema)
        .expect("compiles")
}

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
