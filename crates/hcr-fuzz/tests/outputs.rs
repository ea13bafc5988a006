//! No record text makes an output format ill-formed: JSON and SARIF stay JSON (SARIF valid
//! against its schema), JUnit stays XML, text and GitHub commands carry no control characters,
//! whatever the record holds (control characters, bidi overrides, `]]>`, quotes, markup) and
//! whether or not it parses.

use std::sync::OnceLock;

use hcr_batch::Summary;
use hcr_report::Format;
use hcr_validate::{Level, Validator};
use proptest::prelude::*;
use serde_json::Value;

/// Characters that break naive escaping in one medium or another.
fn hostile_char() -> impl Strategy<Value = char> {
    prop_oneof![
        prop::sample::select(vec![
            '\u{0}',
            '\u{1}',
            '\u{7}',
            '\u{8}',
            '\t',
            '\n',
            '\r',
            '\u{b}',
            '\u{c}',
            '\u{1b}',
            '\u{7f}',
            '\u{85}',
            '\u{9b}',
            '\u{200b}',
            '\u{200e}',
            '\u{2028}',
            '\u{2029}',
            '\u{202a}',
            '\u{202e}',
            '\u{2066}',
            '\u{2069}',
            '\u{feff}',
            '\u{fffe}',
            '\u{ffff}',
            '<',
            '>',
            '&',
            '"',
            '\'',
            '\\',
            ']',
            '%',
            ':',
            ',',
            '\u{1d11e}',
            'é',
        ]),
        any::<char>(),
        prop::char::range('a', 'z'),
    ]
}

fn hostile_text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::collection::vec(hostile_char(), 0..40).prop_map(|c| c.into_iter().collect()),
        Just("]]>".to_owned()),
        Just("x]]>y<![CDATA[z".to_owned()),
        Just("::error file=a.json::forged".to_owned()),
        Just("%0A::error::forged\n::warning::forged".to_owned()),
        Just("\u{1b}[2J\u{1b}]0;title\u{7}".to_owned()),
    ]
}

fn example() -> &'static Value {
    static EXAMPLE: OnceLock<Value> = OnceLock::new();
    EXAMPLE.get_or_init(|| {
        let (_, value) = hcr_testkit::examples()
            .into_iter()
            .next()
            .expect("an example");
        value
    })
}

fn sarif_validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../hcr-cli/tests/data/sarif-schema-2.1.0.json"
        );
        // The published schema's one pattern with a stray `]` (see the CLI's SARIF test).
        let text = std::fs::read_to_string(path)
            .expect("the SARIF schema")
            .replace(r#"-[a-zA-Z]{2}]?$"#, r#"-[a-zA-Z]{2}\\]?$"#);
        let schema: Value = serde_json::from_str(&text).expect("JSON");
        jsonschema::validator_for(&schema).expect("compiles")
    })
}

/// The bytes of a record with `text` in several places (as a key too), either well formed or
/// with raw text spliced into the JSON (so it fails to parse and shows the raw line).
fn record_bytes(text: &str, raw: bool) -> Vec<u8> {
    let mut record = example().clone();
    record["objective"]["summary"] = text.into();
    record["currentState"]["unverified"] = serde_json::json!([text]);
    record[text] = text.into();
    let mut bytes = serde_json::to_vec_pretty(&record).expect("JSON");
    if raw {
        let at = bytes.len() / 2;
        bytes.splice(at..at, text.bytes());
    }
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn every_format_stays_well_formed(text in hostile_text(), raw in any::<bool>()) {
        let bytes = record_bytes(&text, raw);
        let report = Validator::new(Level::Normative).validate_bytes(&bytes);
        prop_assert!(!report.diagnostics().is_empty());
        // JSON, XML and terminal safety.
        hcr_fuzz::check_formats(&bytes, report.clone());
        // SARIF against its schema.
        let outcome = hcr_fuzz::outcome(&format!("dir/{}.json", text.len()), &bytes, report);
        let mut summary = Summary::default();
        summary.add(&outcome);
        let sarif: Value = serde_json::from_slice(&hcr_fuzz::render_outcome(Format::Sarif, &outcome, &summary))
            .expect("SARIF is JSON");
        let errors: Vec<String> = sarif_validator().iter_errors(&sarif).map(|e| e.to_string()).collect();
        prop_assert!(errors.is_empty(), "{errors:#?}");
    }
}
