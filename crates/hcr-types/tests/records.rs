//! The typed SDK against real documents: the protocol examples, mutations of them, and the
//! conformance suite.

use std::path::PathBuf;

use hcr_types::Record;
use serde_json::{Value, json};

use hcr_testkit::{examples, mutations, workspace_root};

/// Conformance-suite case files that are JSON values (parse-level cases are skipped).
fn suite_cases() -> Vec<(PathBuf, Value)> {
    hcr_testkit::suite_cases()
        .into_iter()
        .filter_map(|(path, bytes)| Some((path, serde_json::from_slice(&bytes).ok()?)))
        .collect()
}

fn schema_validator() -> jsonschema::Validator {
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(workspace_root().join("protocol/v1/schema.json"))
            .expect("schema is readable"),
    )
    .expect("schema is JSON");
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .build(&schema)
        .expect("schema compiles")
}

/// The one documented difference between typed reading and the canonical schema: revision
/// numbers above 2^53 - 1 are integers to JSON Schema but are refused by `Revision`.
fn unsafe_revision(value: &Value) -> bool {
    let revision_above_max = |v: &Value| {
        v.as_number().is_some_and(|n| {
            n.as_f64()
                .is_some_and(|f| f.fract() == 0.0 && f >= 9_007_199_254_740_992.0)
        })
    };
    let provenance = value
        .pointer("/provenance/sourceRevision")
        .is_some_and(revision_above_max);
    let reviews = value
        .get("openReview")
        .and_then(Value::as_array)
        .is_some_and(|items| {
            items.iter().any(|item| {
                ["revision", "resolvedByRevision"]
                    .iter()
                    .any(|k| item.get(*k).is_some_and(revision_above_max))
            })
        });
    provenance || reviews
}

#[test]
fn every_example_is_valid_and_round_trips() {
    let validator = schema_validator();
    for (path, value) in examples() {
        assert!(
            validator.is_valid(&value),
            "{} must be valid",
            path.display()
        );
        let record = Record::from_value(&value)
            .unwrap_or_else(|e| panic!("{} must read: {e}", path.display()));
        assert_eq!(
            record.to_value(),
            value,
            "{} must round-trip",
            path.display()
        );
        let reread = Record::from_json(&record.to_json_pretty()).expect("written record reads");
        assert_eq!(reread, record);
    }
}

#[test]
fn valid_suite_cases_round_trip() {
    let validator = schema_validator();
    for (path, value) in suite_cases() {
        if validator.is_valid(&value) && !unsafe_revision(&value) {
            let record = Record::from_value(&value)
                .unwrap_or_else(|e| panic!("{} must read: {e}", path.display()));
            assert_eq!(record.to_value(), value, "{}", path.display());
        }
    }
}

#[test]
fn spellings_survive_a_round_trip() {
    let (_, mut value) = examples()
        .into_iter()
        .find(|(p, _)| p.ends_with("extensions-and-digests.json"))
        .expect("the extensions example exists");
    value["openReview"][0]["revision"] = json!(4.0);
    let record = Record::from_value(&value).expect("valid");
    let written = record.to_json_pretty();
    assert!(written.contains("\"revision\": 4.0"));
    assert!(written.contains("2026-11-30t08:15:00.250z"));
    assert!(written.contains("436011735555670B17850AC8C5A3D54C4062E9810FB8AEAE4ADC4C1B65DEEFD6"));
    // Extensions keep the order they were written in, at every depth.
    let ext = written
        .find("\"extensions\"")
        .expect("extensions are written");
    let order: Vec<_> = [
        "org.example.snapshot",
        "\"taken\"",
        "com.example.tracker",
        "\"ticket\"",
        "\"labels\"",
    ]
    .iter()
    .map(|k| written[ext..].find(k).expect("key is written"))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
}

/// Typed reading and the canonical schema agree on every example, every single-place mutation
/// of every example, and every suite case; the only exception is [`unsafe_revision`].
#[test]
fn typed_reading_accepts_exactly_what_the_schema_accepts() {
    let validator = schema_validator();
    let mut documents: Vec<Value> = Vec::new();
    for (_, example) in examples() {
        documents.extend(mutations(&example));
        documents.push(example);
    }
    documents.extend(suite_cases().into_iter().map(|(_, v)| v));
    assert!(documents.len() > 10_000, "{} documents", documents.len());

    let mut accepted = 0;
    let mut exceptions = 0;
    for document in &documents {
        let schema_says = validator.is_valid(document);
        let typed_says = Record::from_value(document).is_ok();
        if unsafe_revision(document) && schema_says {
            assert!(
                !typed_says,
                "revisions above 2^53-1 are refused: {document}"
            );
            exceptions += 1;
            continue;
        }
        assert_eq!(
            typed_says,
            schema_says,
            "typed reading and the schema disagree on:\n{}",
            serde_json::to_string_pretty(document).unwrap_or_default()
        );
        accepted += usize::from(typed_says);
    }
    // Both verdicts occur in numbers, so the comparison means something.
    assert!(accepted > 1_000 && documents.len() - accepted > 1_000);
    assert!(exceptions > 0);
}

#[test]
fn built_records_are_schema_valid() {
    use hcr_types::{
        Actor, ConstraintKind, DateTime, Decision, Evidence, Provenance, ReviewItem, Revision,
        Sha256,
    };
    let record = Record::builder()
        .record_id("built")
        .objective("o", ["c1", "c2"])
        .complete("done")
        .in_progress("doing")
        .blocked("stuck")
        .unverified("maybe")
        .decision(Decision::active("d", "r").expect("valid"))
        .evidence(
            Evidence::artifact("e1", "E1", "a.txt")
                .expect("valid")
                .with_sha256(Sha256::of_bytes(b"a")),
        )
        .evidence(Evidence::uri("e2", "E2", "https://x.example/y").expect("valid"))
        .constraint(ConstraintKind::Budget, "b")
        .next_action("n", "v")
        .due_at(DateTime::parse("2026-12-01T00:00:00Z").expect("valid"))
        .next_actor(Actor::agent("agent:x").expect("valid"))
        .reviewer(
            Actor::human("user:y")
                .expect("valid")
                .with_display_name("Y")
                .expect("valid"),
        )
        .review(
            ReviewItem::resolved("r", "s", Revision::new(2).expect("valid"))
                .expect("valid")
                .at_revision(Revision::new(1).expect("valid")),
        )
        .provenance(
            Provenance::new(Actor::service("svc").expect("valid"), DateTime::now())
                .revision(Revision::new(2).expect("valid")),
        )
        .extension("com.example.x", json!({"k": [1, 2]}))
        .build()
        .expect("builds");
    assert!(schema_validator().is_valid(&record.to_value()));
}

#[test]
fn canonical_json_follows_rfc8785() {
    // RFC 8785 section 3.2.3 (sorting) and appendix B (numbers).
    let sorted: Value = serde_json::from_str(
        r#"{"\u20ac":"Euro Sign","\r":"Carriage Return","\ufb33":"Hebrew Letter Dalet With Dagesh","1":"One","\ud83d\ude00":"Emoji: Grinning Face","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis"}"#,
    ).expect("JSON");
    assert_eq!(
        serde_json_canonicalizer::to_string(&sorted).expect("canonical"),
        "{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u{80}\":\"Control\",\
         \"\u{f6}\":\"Latin Small Letter O With Diaeresis\",\"\u{20ac}\":\"Euro Sign\",\
         \"\u{1f600}\":\"Emoji: Grinning Face\",\"\u{fb33}\":\"Hebrew Letter Dalet With Dagesh\"}"
    );
    let numbers: Value = serde_json::from_str(
        r#"{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/","literals":[null,true,false]}"#,
    ).expect("JSON");
    assert_eq!(
        serde_json_canonicalizer::to_string(&numbers).expect("canonical"),
        r#"{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}"#
    );
}

#[test]
fn record_digest_is_the_sha256_of_its_canonical_form() {
    let (_, value) = examples().into_iter().next().expect("an example");
    let record = Record::from_value(&value).expect("valid");
    let canonical = record.canonical_json();
    assert!(!canonical.contains('\n'));
    assert_eq!(
        record.digest(),
        hcr_types::Sha256::of_bytes(canonical.as_bytes())
    );
    // Equal records, however they were written, have one canonical form.
    let mut respelled = value.clone();
    if let Some(rev) = respelled.pointer_mut("/provenance/sourceRevision") {
        *rev = json!(rev.as_u64().map(|r| r as f64));
    }
    let respelled = Record::from_value(&respelled).expect("valid");
    assert_eq!(respelled.canonical_json(), canonical);
}

/// `DateTime` and `UriReference` agree with the `jsonschema` crate's `format` assertions, which
/// decide the schema verdict.
mod formats {
    use proptest::prelude::*;
    use serde_json::{Value, json};

    fn format_validator(format: &str) -> jsonschema::Validator {
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(&json!({"type": "string", "format": format}))
            .expect("schema compiles")
    }

    /// Strings close to date-times: digits, separators and offsets in random places.
    fn date_time_like() -> impl Strategy<Value = String> {
        let part = prop_oneof![
            "[0-9]{4}",
            "[0-9]{1,2}",
            Just("-".to_owned()),
            Just(":".to_owned()),
            "[Tt ]",
            "[Zz]",
            "[+-][0-9]{2}:[0-9]{2}",
            "\\.[0-9]{0,4}",
            Just("60".to_owned()),
            Just("23:59".to_owned()),
            Just("02-29".to_owned()),
            Just("2016-12-31T".to_owned()),
        ];
        let scrambled = prop::collection::vec(part, 1..12).prop_map(|parts| parts.concat());
        // Well-formed shapes with components around their bounds, so both verdicts occur.
        let shaped = (
            0u32..10000,
            0u32..14,
            0u32..33,
            "[Tt]",
            0u32..25,
            0u32..61,
            0u32..62,
            prop_oneof![Just(String::new()), "\\.[0-9]{1,12}"],
            prop_oneof![
                "[Zz]",
                (0u32..25, 0u32..61, "[+-]").prop_map(|(h, m, s)| format!("{s}{h:02}:{m:02}"))
            ],
        )
            .prop_map(|(y, mo, d, t, h, mi, s, frac, off)| {
                format!("{y:04}-{mo:02}-{d:02}{t}{h:02}:{mi:02}:{s:02}{frac}{off}")
            });
        prop_oneof![scrambled, shaped]
    }

    fn uri_like() -> impl Strategy<Value = String> {
        let part = prop_oneof![
            "[a-zA-Z][a-zA-Z0-9+.-]{0,5}:",
            Just("//".to_owned()),
            Just("/".to_owned()),
            "[a-z0-9._~-]{0,6}",
            "%[0-9a-fA-Fg]{0,2}",
            "[?#@:!$&'()*+,;= \\[\\]\\\\{}|^`\"<>]",
            Just("[::1]".to_owned()),
            Just("[v7.x]".to_owned()),
            "[0-9]{1,3}\\.[0-9]{1,3}",
            Just("é".to_owned()),
        ];
        prop::collection::vec(part, 0..8).prop_map(|parts| parts.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 4000, .. ProptestConfig::default() })]

        #[test]
        fn date_time_agrees_with_jsonschema(text in date_time_like()) {
            let schema = format_validator("date-time");
            prop_assert_eq!(hcr_types::is_rfc3339(&text), schema.is_valid(&Value::String(text.clone())), "{:?}", text);
        }

        #[test]
        fn uri_reference_agrees_with_jsonschema(text in uri_like()) {
            let schema = format_validator("uri-reference");
            prop_assert_eq!(hcr_types::is_uri_reference(&text), schema.is_valid(&Value::String(text.clone())), "{:?}", text);
        }
    }

    #[test]
    fn fixed_date_time_cases_agree() {
        let schema = format_validator("date-time");
        for text in [
            "2016-12-31T23:59:60Z",
            "2016-12-31T23:59:60+00:00",
            "2016-12-31T22:59:60-01:00",
            "2016-12-31T23:59:60+01:00",
            "2016-12-31T12:59:60Z",
            "2026-08-04t00:00:00z",
            "2026-08-04T00:00:00.000000000001Z",
            "1990-02-31T15:59:59.123-08:00",
            "2026-08-04T00:00:00+23:59",
            "2026-08-04T00:00:00-24:00",
            "2026-08-04",
            "2026-08-04T00:00Z",
        ] {
            assert_eq!(
                hcr_types::is_rfc3339(text),
                schema.is_valid(&json!(text)),
                "{text}"
            );
        }
    }
}
