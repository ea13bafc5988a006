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
        .diagnostics
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
    assert!(!report.redactions.is_empty());
}

#[test]
fn naming_a_secret_is_fine() {
    let report = check(&record(
        r#"{"constraints": [{"kind": "permission", "text": "Deploy with the secret named DEPLOY_TOKEN (${{ secrets.DEPLOY_TOKEN }}); password: ****"}]}"#,
    ));
    assert!(report.diagnostics.is_empty(), "{report:#?}");
}
