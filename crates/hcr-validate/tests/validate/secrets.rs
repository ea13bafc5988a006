//! Secrets are found wherever they hide, and never repeated by any output.

use hcr_validate::Code;

use crate::{check, codes, record};

const TOKEN: &str = "ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u";

#[test]
fn secrets_are_found_in_values_keys_extensions_and_overwritten_values() {
    let places = [
        format!(r#"{{"constraints": [{{"kind": "other", "text": "use {TOKEN}"}}]}}"#),
        format!(r#"{{"extensions": {{"com.example.x": {{"nested": ["{TOKEN}"]}}}}}}"#),
        format!(r#"{{"extensions": {{"com.example.{TOKEN}": 1}}}}"#),
        r#"{"extensions": {"com.example.x": "\u0067hp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u"}}"#
            .to_owned(),
        format!(
            r#"{{"evidence": [{{"id": "e", "label": "E", "uri": "https://ci:{TOKEN}@ci.example.com/x"}}]}}"#
        ),
    ];
    for patch in places {
        let report = check(&record(&patch));
        assert!(report.has(Code::Hcr204), "{patch}: {report:#?}");
    }
    // A duplicate key overwrote the secret: still found, on the first occurrence's line.
    let text = format!(
        "{{\"schemaVersion\": \"1.0\",\n \"recordId\": \"{TOKEN}\",\n \"recordId\": \"r\"}}"
    );
    let report = check(&text);
    let secret = report
        .diagnostics()
        .iter()
        .find(|d| d.code == Code::Hcr204)
        .expect("found");
    assert_eq!(secret.line(), Some(2));
}

#[test]
fn no_output_repeats_a_secret() {
    let patch = format!(
        r#"{{"extensions": {{"{TOKEN}": "password=T7x!q9Lm2#vR4zK8"}}, "recordId": "{TOKEN}"}}"#
    );
    let report = check(&record(&patch));
    assert!(codes(&report).iter().filter(|c| **c == "HCR204").count() >= 3);
    let json = serde_json::to_string(&report).expect("serializes");
    let debug = format!("{report:?}");
    for secret in [TOKEN, "T7x!q9Lm2#vR4zK8"] {
        assert!(!json.contains(secret), "{json}");
        assert!(!debug.contains(secret));
    }
    assert!(!report.redactions().is_empty());
}

#[test]
fn naming_a_secret_is_fine() {
    let report = check(&record(
        r#"{"constraints": [{"kind": "permission", "text": "Deploy with the secret named DEPLOY_TOKEN (${{ secrets.DEPLOY_TOKEN }}); password: ****"}]}"#,
    ));
    assert!(report.diagnostics().is_empty(), "{report:#?}");
}

#[test]
fn every_occurrence_of_every_secret_is_masked_and_scrubbed() {
    // Thousands of distinct secrets, each one a key the schema does not allow (its diagnostic's
    // pointer repeats it) and again in a value beside a name the scanner does not recognise.
    let values: Vec<String> = (0..3000)
        .map(|i| format!("Qx8Rk2LmQ9vT4zN{i:05}wP1yS3dF"))
        .collect();
    let mut text = String::from("{\"schemaVersion\": \"1.0\"");
    for value in &values {
        text.push_str(&format!(", \"token={value}\": \"seen {value}\""));
    }
    text.push('}');
    let report = hcr_validate::Validator::new(hcr_validate::Level::Normative).validate_str(&text);
    assert!(!report.valid());
    assert!(report.has(Code::Hcr102) && report.has(Code::Hcr006));
    let redactions = &report.redactions();
    assert!(redactions.windows(2).all(|w| w[0].end < w[1].start));
    let masked = |at: usize| {
        let after = redactions.partition_point(|r| r.start <= at);
        after > 0 && redactions[after - 1].contains(&at)
    };
    for value in &values {
        let found: Vec<usize> = text
            .match_indices(value.as_str())
            .map(|(at, _)| at)
            .collect();
        assert_eq!(found.len(), 2);
        for at in found {
            assert!(
                masked(at) && masked(at + value.len() - 1),
                "{value} at {at}"
            );
        }
    }
    for d in report.diagnostics() {
        assert!(!d.message.contains("Qx8Rk2LmQ9vT4zN"), "{}", d.message);
        assert!(
            !d.pointer.as_str().contains("Qx8Rk2LmQ9vT4zN"),
            "{}",
            d.pointer.as_str()
        );
    }
}
