//! The one-pass parser against `serde_json`: whatever it reads, `serde_json` reads the same
//! way (values, repeated keys and what they overwrote), and every span it records is where the
//! text scan finds that value or key. JSONTestSuite, the conformance suite, the examples, the
//! seeded corpus, and generated texts (escapes, repeats, numbers, whitespace, broken bytes).
//! On each, the secret walk over the tree's flat node list reports what the walk through the
//! view does.

use std::path::Path;

use hcr_validate::Limits;
use hcr_validate::oracle::{parsers_agree, secret_walks_agree, spans_agree};
use proptest::prelude::*;

/// Limits small enough that texts reach each of them.
fn tight() -> Limits {
    Limits {
        max_depth: 3,
        max_string_bytes: 6,
        max_array_items: 2,
        max_object_members: 2,
        ..Limits::default()
    }
}

/// Asserts agreement on `bytes`; whether the one-pass parser read it with the default limits.
fn agree(bytes: &[u8], what: &str) -> bool {
    let read = parsers_agree(bytes, &Limits::default()).unwrap_or_else(|e| panic!("{what}: {e}"));
    parsers_agree(bytes, &tight()).unwrap_or_else(|e| panic!("{what} (tight limits): {e}"));
    let places = spans_agree(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(read, places > 0, "{what}");
    secret_walks_agree(bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
    read
}

fn json_test_suite() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../hcr-batch/tests/data/JSONTestSuite/test_parsing");
    let mut cases: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("JSONTestSuite is in the repository")
        .flatten()
        .map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            (name, std::fs::read(entry.path()).expect("readable"))
        })
        .collect();
    cases.sort();
    cases
}

#[test]
fn json_test_suite_cases() {
    let cases = json_test_suite();
    assert_eq!(cases.len(), 318);
    let mut read = 0;
    for (name, bytes) in &cases {
        if agree(bytes, name) {
            read += 1;
            // Only a text serde_json accepts is read, and n_ cases are refused by both.
            assert!(!name.starts_with("n_"), "{name} was read");
        }
    }
    // Every y_ case that is plain UTF-8 within the limits is read in one pass.
    assert!(read >= 90, "{read} cases read in one pass");
}

#[test]
fn records_are_read_in_one_pass() {
    for (path, bytes) in hcr_testkit::suite_cases() {
        agree(&bytes, &path.display().to_string());
    }
    for (path, _) in hcr_testkit::examples() {
        let bytes = std::fs::read(&path).expect("readable");
        assert!(
            agree(&bytes, &path.display().to_string()),
            "{}",
            path.display()
        );
    }
    let mut rng = hcr_testkit::corpus::Rng::new(7);
    for index in 0..50 {
        let record = hcr_testkit::corpus::record(&mut rng, index, 5);
        for text in [
            serde_json::to_string(&record).expect("JSON"),
            serde_json::to_string_pretty(&record).expect("JSON"),
        ] {
            assert!(agree(text.as_bytes(), "a corpus record"));
        }
    }
}

/// JSON texts built from the pieces the parsers could read differently.
fn text() -> impl Strategy<Value = String> {
    let scalar = prop_oneof![
        Just("null".to_owned()),
        Just("true".to_owned()),
        Just("false".to_owned()),
        prop_oneof![
            "-?(0|[1-9][0-9]{0,21})",
            "-?(0|[1-9][0-9]{0,3})\\.[0-9]{1,20}",
            "-?(0|[1-9][0-9]{0,3})([.][0-9]{1,3})?[eE][+-]?[0-9]{1,4}",
            Just("18446744073709551615".to_owned()),
            Just("18446744073709551616".to_owned()),
            Just("-9223372036854775808".to_owned()),
            Just("-9223372036854775809".to_owned()),
            Just("1e400".to_owned()),
            Just("-0".to_owned()),
            // Not numbers: serde_json refuses them, so must the one-pass parser.
            "-?0[0-9]{1,3}([.][0-9])?",
            prop_oneof![
                Just("-"),
                Just("1."),
                Just(".5"),
                Just("+1"),
                Just("1e"),
                Just("1e+")
            ]
            .prop_map(str::to_owned),
            prop_oneof![
                Just("tru"),
                Just("nul"),
                Just("falsey"),
                Just("NaN"),
                Just("'a'")
            ]
            .prop_map(str::to_owned),
        ],
        string(),
    ];
    scalar.prop_recursive(5, 40, 5, |inner| {
        let ws = prop_oneof![Just(""), Just(" "), Just("\n  "), Just("\t"), Just("\r\n")];
        prop_oneof![
            (prop::collection::vec(inner.clone(), 0..5), ws.clone())
                .prop_map(|(items, ws)| { format!("[{ws}{}{ws}]", items.join(&format!(",{ws}"))) }),
            (prop::collection::vec((string(), inner), 0..5), ws).prop_map(|(members, ws)| {
                let members: Vec<String> = members
                    .into_iter()
                    .map(|(k, v)| format!("{k}{ws}:{ws}{v}"))
                    .collect();
                format!("{{{ws}{}{ws}}}", members.join(&format!(",{ws}")))
            }),
        ]
    })
}

/// A string literal: plain, escaped, surrogates (paired and lone), long, or a repeated key.
fn string() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        Just("a".to_owned()),
        Just("k".to_owned()),
        Just("é".to_owned()),
        Just("😀".to_owned()),
        Just("\\\"".to_owned()),
        Just("\\\\".to_owned()),
        Just("\\/".to_owned()),
        Just("\\n".to_owned()),
        Just("\\u0000".to_owned()),
        Just("\\u006b".to_owned()),
        Just("\\ud83d\\ude00".to_owned()),
        Just("\\ud800".to_owned()),
        Just("\\udc00".to_owned()),
        Just("\\x".to_owned()),
        Just("\u{1}".to_owned()),
        Just("0123456789abcdef".to_owned()),
    ];
    prop::collection::vec(piece, 0..5).prop_map(|pieces| format!("\"{}\"", pieces.concat()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

    #[test]
    fn generated_texts(text in text()) {
        agree(text.as_bytes(), &text);
    }

    /// A record's bytes edited in place: broken syntax, truncation, stray bytes.
    #[test]
    fn edited_records(
        which in 0usize..6,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..6),
    ) {
        let examples = hcr_testkit::examples();
        let mut bytes = std::fs::read(&examples[which % examples.len()].0).expect("readable");
        for (index, byte, op) in edits {
            if bytes.is_empty() {
                break;
            }
            let at = index.index(bytes.len());
            match op {
                0 => bytes[at] = byte,
                1 => {
                    bytes.remove(at);
                }
                _ => bytes.insert(at, byte),
            }
        }
        agree(&bytes, "an edited record");
    }
}
