//! hcr-validate through its public API: the code table, every code's examples, locations and
//! order, the reference validator, secrets, and arbitrary input.

mod code_table;
mod contract;
mod explanations;
mod locations;
mod parser_oracle;
mod properties;
mod receiver;
mod reference;
mod rules_md;
mod schema_oracle;
mod secret_walk_oracle;
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
    report
        .diagnostics()
        .iter()
        .map(|d| d.code.as_str())
        .collect()
}

/// The minimal valid record with `patch` merged in (RFC 7396).
pub(crate) fn record(patch: &str) -> String {
    hcr_validate::Example {
        passing: true,
        whole_document: false,
        text: Box::leak(patch.to_owned().into_boxed_str()),
        language: "json",
        fixed: None,
    }
    .document()
}

/// The README's producer example, as written there.
#[test]
fn the_readme_producer_example_builds_a_valid_record() -> Result<(), hcr_types::Error> {
    use hcr_types::{Actor, Evidence, Record, ReviewItem, Revision};
    use hcr_validate::ValidateRecord as _;

    let mut review = ReviewItem::open("review:index", "Name the index after the convention.")?;
    review.resolve(Revision::new(3)?);
    let record = Record::builder()
        .objective("Ship the fix.", ["The regression test passes."])
        .evidence(Evidence::uri("ci", "CI run", "https://ci.example/runs/7")?)
        .review(review)
        .next_action("Deploy it.", "The deploy log says ok.")
        .next_actor(Actor::agent("agent:deployer")?)
        .build()?;
    let report = record.validate();
    assert!(report.valid(), "{:?}", report.codes());
    Ok(())
}

/// A record read through the validator keeps its extension numbers as written.
#[test]
fn typed_reading_through_the_validator_is_lossless() {
    let (_, value) = hcr_testkit::examples()
        .into_iter()
        .find(|(p, _)| p.ends_with("minimal.json"))
        .expect("the minimal example");
    let compact = value.to_string();
    let text = format!(
        "{},\"extensions\":{{\"com.example.n\":[1.50,1E2,-0,123456789012345678901234567890]}}}}",
        &compact[..compact.len() - 1]
    );
    let validator = hcr_validate::Validator::new(hcr_validate::Level::Normative);
    let (record, _) = validator.read_record(text.as_bytes()).expect("valid");
    assert_eq!(
        record
            .extensions
            .as_ref()
            .and_then(|e| e.get_raw("com.example.n")),
        Some("[1.50,1E2,-0,123456789012345678901234567890]")
    );
    let (typed, _) = validator.validate_typed(text.as_bytes());
    assert_eq!(typed, Some(record));
}
