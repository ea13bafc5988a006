//! Extensions are lossless: whatever JSON a producer or a peer wrote there reads back and
//! writes out as written (numbers of any size and form included).

use hcr_types::Record;
use proptest::prelude::*;

/// A record without extensions, compact, as hcr writes it.
fn base() -> String {
    let (_, value) = hcr_testkit::examples()
        .into_iter()
        .find(|(p, _)| p.ends_with("minimal.json"))
        .expect("the minimal example");
    serde_json::to_string(&Record::from_value(&value).expect("valid")).expect("JSON")
}

/// JSON number literals of every form, compact.
fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        "-?[1-9][0-9]{0,40}",
        "-?(0|[1-9][0-9]{0,5})\\.[0-9]{1,6}0{1,4}",
        "-?[1-9](\\.[0-9]{1,3})?[eE][+-]?[0-9]{1,2}",
        Just("-0".to_owned()),
        Just("-0.0".to_owned()),
        Just("0".to_owned()),
    ]
}

/// Compact JSON values: numbers, strings with escapes, literals, and arrays and objects of them.
fn value() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        number(),
        Just(r#""caf\u00e9""#.to_owned()),
        Just(r#""\ud83d\ude00 \"q\" \\ \n""#.to_owned()),
        Just("true".to_owned()),
        Just("null".to_owned()),
        "\"[a-z ]{0,8}\"",
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4)
                .prop_map(|items| format!("[{}]", items.join(","))),
            prop::collection::vec(("[a-z]{1,4}", inner), 0..4).prop_map(|members| {
                let mut seen = std::collections::HashSet::new();
                let body: Vec<String> = members
                    .into_iter()
                    .filter(|(k, _)| seen.insert(k.clone()))
                    .map(|(k, v)| format!("\"{k}\":{v}"))
                    .collect();
                format!("{{{}}}", body.join(","))
            }),
        ]
    })
}

proptest! {
    #[test]
    fn compact_input_writes_back_byte_for_byte(values in prop::collection::vec(value(), 1..4)) {
        let base = base();
        let members: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, v)| format!("\"com.example.x{i}\":{v}"))
            .collect();
        let text = format!("{},\"extensions\":{{{}}}}}", &base[..base.len() - 1], members.join(","));
        let record = Record::from_json(&text).expect("a record");
        prop_assert_eq!(serde_json::to_string(&record).expect("JSON"), text.clone());
        // Pretty input reads to the same record (whitespace between tokens is not data).
        let pretty = serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&text).expect("JSON")).expect("JSON");
        let again = Record::from_json(&pretty).expect("a record");
        prop_assert_eq!(again.to_value(), record.to_value());
        // And what hcr writes reads back equal, and stays put.
        let written = record.to_json_pretty();
        let reread = Record::from_json(&written).expect("reads its own output");
        prop_assert_eq!(&reread, &record);
        prop_assert_eq!(reread.to_json_pretty(), written);
    }
}

#[test]
fn the_numbers_the_issue_names_survive() {
    let base = base();
    let text = format!(
        "{},\"extensions\":{{\"com.example.n\":[123456789012345678901234567890,1.50,1E2,-0]}}}}",
        &base[..base.len() - 1]
    );
    let record = Record::from_json(&text).expect("a record");
    let extensions = record.extensions.as_ref().expect("extensions");
    assert_eq!(
        extensions.get_raw("com.example.n"),
        Some("[123456789012345678901234567890,1.50,1E2,-0]")
    );
    assert!(
        record
            .to_json_pretty()
            .contains("[123456789012345678901234567890,1.50,1E2,-0]")
    );
}
