//! The schema walk against its oracle, the `jsonschema` crate: the same diagnostics (code,
//! pointer, message, help, anchor), in the same order, and the same count past the diagnostic
//! limit, for the conformance suite, the protocol examples and every single-place mutation of
//! them, the seeded corpus with its labelled changes, and generated documents.

use hcr_validate::oracle::{
    fast_accepts, fast_accepts_text, fast_failure_agrees, jsonschema_accepts,
    jsonschema_diagnostics, readings_agree, schema_accepts, schema_diagnostics,
    schema_diagnostics_of_text,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Asserts the walk and the oracle agree on `value`, with room for every diagnostic and with
/// room for only a few; and the straight-line reading of a valid record gives the oracle's
/// verdict (a value holds no repeated key, so it reads every one).
fn agree(value: &Value, what: &str) {
    assert_eq!(
        schema_accepts(value),
        jsonschema_accepts(value),
        "verdict of {what}: {value}"
    );
    assert_eq!(
        fast_accepts(value),
        jsonschema_accepts(value),
        "the straight-line reading's verdict of {what}: {value}"
    );
    // Where it says the walk that decides validity stops first (what the reporting walk is
    // given), the walk does (a text past the parser's default limits is not read).
    let text = value.to_string();
    match fast_failure_agrees(&text) {
        Some(Ok(true)) | None => {}
        other => panic!("the first failure of {what}: {other:?}: {text}"),
    }
    // The readings the reporting walk asks of objects and lists, against the walk, on
    // every object and list of the document (wherever it is).
    if let Some(Err(difference)) = readings_agree(&text) {
        panic!("the readings of {what}: {difference}: {text}");
    }
    for limit in [usize::MAX, 2] {
        let ours = schema_diagnostics(value, limit);
        let oracle = jsonschema_diagnostics(value, limit);
        if ours != oracle {
            panic!(
                "{what} (limit {limit}): {value}\nours: {}\noracle: {}",
                brief(&ours),
                brief(&oracle)
            );
        }
        if limit == usize::MAX {
            assert_eq!(ours.0.is_empty(), schema_accepts(value), "{what}");
        }
    }
}

/// Diagnostics found and the count past the limit, one line each, for a failure's message.
fn brief(found: &(Vec<hcr_validate::Diagnostic>, usize)) -> String {
    let list: Vec<String> = found
        .0
        .iter()
        .map(|d| format!("{} {} {}", d.code, d.pointer, d.message))
        .collect();
    format!("{list:#?} and {} more", found.1)
}

#[test]
fn the_suite_and_the_examples() {
    let mut checked = 0;
    for (path, bytes) in hcr_testkit::suite_cases() {
        if let Ok(value) = serde_json::from_slice::<Value>(&bytes) {
            agree(&value, &path.display().to_string());
            checked += 1;
        }
    }
    for (path, value) in hcr_testkit::examples() {
        agree(&value, &path.display().to_string());
        checked += 1;
    }
    assert!(checked > 200, "{checked} documents");
}

#[test]
fn every_single_place_mutation_of_the_examples() {
    let mut checked = 0;
    for (path, value) in hcr_testkit::examples() {
        for mutated in hcr_testkit::mutations(&value) {
            agree(&mutated, &path.display().to_string());
            checked += 1;
        }
    }
    assert!(checked > 5_000, "{checked} mutations");
}

#[test]
fn the_seeded_corpus_and_its_changes() {
    use hcr_testkit::corpus;
    let mut rng = corpus::Rng::new(0x0A11_CE55);
    for index in 0..300 {
        let mut record = corpus::record(&mut rng, index, 4 + index % 7);
        agree(&record, "a corpus record");
        let which = rng.below(corpus::VARIATIONS);
        corpus::vary(&mut rng, &mut record, which);
        agree(&record, &format!("corpus change {which}"));
    }
}

#[test]
fn documents_that_break_many_rules_at_once() {
    for value in [
        json!(null),
        json!([]),
        json!("record"),
        json!({}),
        json!({"schemaVersion": 1, "objective": [], "extra": null, "evidence": [1, {}, {"id": ""}]}),
        json!({"objective": {"acceptanceCriteria": [1, 1.0, "a", "a", {"x": 1}, {"x": 1.0}, [2], [2.0]]}}),
        json!({"currentState": {"complete": [{"a": 1, "b": 2}, {"b": 2, "a": 1}]}}),
        json!({"openReview": [{"revision": 0.5, "resolvedByRevision": -1, "status": 1}]}),
        json!({"provenance": {"createdBy": {"type": "robot", "id": ""}, "createdAt": "yesterday", "sourceRevision": "2"}}),
        json!({"evidence": [{"id": "e", "label": "l", "uri": "a b", "sha256": "G".repeat(64)}]}),
        json!({"recordId": "é".repeat(201), "nextAction": {"dueAt": 5}}),
        json!({"ownership": {"nextActor": null, "reviewers": [{"id": "x", "type": "agent", "extra": 1}]}}),
    ] {
        agree(&value, "a document breaking many rules");
    }
}

/// `value` as JSON text, the object at `target` with one more member `key: extra` written
/// before its members (`first`) or after them: a repeated key when it has one already.
fn with_member(
    value: &Value,
    at: &str,
    target: &str,
    key: &str,
    extra: &Value,
    first: bool,
) -> String {
    let map = match value {
        Value::Object(map) => map,
        Value::Array(items) => {
            let items: Vec<String> = items
                .iter()
                .enumerate()
                .map(|(i, item)| with_member(item, &format!("{at}/{i}"), target, key, extra, first))
                .collect();
            return format!("[{}]", items.join(","));
        }
        _ => return value.to_string(),
    };
    let mut members: Vec<String> = map
        .iter()
        .map(|(name, member)| {
            let inner = format!("{at}/{}", name.replace('~', "~0").replace('/', "~1"));
            format!(
                "{}:{}",
                json!(name),
                with_member(member, &inner, target, key, extra, first)
            )
        })
        .collect();
    if at == target {
        let added = format!("{}:{}", json!(key), extra);
        if first {
            members.insert(0, added);
        } else {
            members.push(added);
        }
    }
    format!("{{{}}}", members.join(","))
}

/// Asserts the walk over `text` as the parser reads it (repeated keys kept, read as
/// `JSON.parse` reads them) and the oracle over `serde_json`'s reading agree.
fn agree_on_text(text: &str) {
    let value: Value = serde_json::from_str(text).expect("generated text parses");
    // It reads no object with a repeated key (`false`); what it accepts, the oracle does,
    // and where it reads a record, its first failure is the walk's.
    if fast_accepts_text(text).expect("parses") {
        assert!(jsonschema_accepts(&value), "accepted: {text}");
    }
    if let Some(Err(difference)) = fast_failure_agrees(text) {
        panic!("the first failure of {text}: {difference}");
    }
    if let Some(Err(difference)) = readings_agree(text) {
        panic!("the readings of {text}: {difference}");
    }
    for limit in [usize::MAX, 2] {
        let ours = schema_diagnostics_of_text(text, limit).expect("parses");
        let oracle = jsonschema_diagnostics(&value, limit);
        assert!(
            ours == oracle,
            "limit {limit}: {text}\nours: {}\noracle: {}",
            brief(&ours),
            brief(&oracle)
        );
    }
}

/// A JSON value, mostly of the shapes and types a record's places take and mistake.
fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (0u64..4).prop_map(Value::from),
        prop_oneof![Just(0.5), Just(1.0), Just(-0.0), Just(2e20), Just(1e300)]
            .prop_map(Value::from),
        prop_oneof![
            Just(String::new()),
            Just(" ".to_owned()),
            Just("1.0".to_owned()),
            Just("agent".to_owned()),
            Just("open".to_owned()),
            Just("resolved".to_owned()),
            Just("active".to_owned()),
            Just("other".to_owned()),
            Just("2026-08-04T00:00:00Z".to_owned()),
            Just("https://example.com/x".to_owned()),
            Just("a".repeat(64)),
            "[a-z ]{0,8}",
            ".{0,4}",
        ]
        .prop_map(Value::from),
    ]
}

/// Names a record's objects use, and a few they do not.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("schemaVersion"),
        Just("recordId"),
        Just("objective"),
        Just("summary"),
        Just("acceptanceCriteria"),
        Just("currentState"),
        Just("complete"),
        Just("decisions"),
        Just("status"),
        Just("evidence"),
        Just("id"),
        Just("label"),
        Just("uri"),
        Just("artifactRef"),
        Just("sha256"),
        Just("constraints"),
        Just("kind"),
        Just("text"),
        Just("nextAction"),
        Just("verification"),
        Just("dueAt"),
        Just("ownership"),
        Just("nextActor"),
        Just("type"),
        Just("openReview"),
        Just("revision"),
        Just("resolvedByRevision"),
        Just("provenance"),
        Just("createdAt"),
        Just("extensions"),
        Just("unknown"),
    ]
    .prop_map(str::to_owned)
}

fn value() -> impl Strategy<Value = Value> {
    leaf().prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::from),
            prop::collection::vec((name(), inner), 0..6)
                .prop_map(|members| Value::Object(members.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

    /// A valid record with one place replaced by a generated value.
    #[test]
    fn generated_values_in_a_record(at in any::<prop::sample::Index>(), replacement in value()) {
        let (_, base) = &hcr_testkit::examples()[0];
        let mut pointers = Vec::new();
        hcr_testkit::collect_pointers(base, String::new(), &mut pointers);
        let mut record = base.clone();
        let pointer = &pointers[at.index(pointers.len())];
        if let Some(slot) = record.pointer_mut(pointer) {
            *slot = replacement;
        }
        agree(&record, pointer);
    }

    /// A record with one place replaced and an object given a repeated key (or one more
    /// member), read from its text: the reporting walk reads the object as `JSON.parse`
    /// does, not in document order, and must not take what the walk that decides validity
    /// read first for what comes first in the text.
    #[test]
    fn records_with_a_repeated_key(
        at in any::<prop::sample::Index>(),
        replacement in value(),
        object in any::<prop::sample::Index>(),
        member in any::<prop::sample::Index>(),
        extra in value(),
        first in any::<bool>(),
    ) {
        let (_, base) = &hcr_testkit::examples()[0];
        let mut pointers = Vec::new();
        hcr_testkit::collect_pointers(base, String::new(), &mut pointers);
        let mut record = base.clone();
        if let Some(slot) = record.pointer_mut(&pointers[at.index(pointers.len())]) {
            *slot = replacement;
        }
        let mut objects = vec![String::new()];
        objects.extend(pointers.iter().filter(|p| record.pointer(p).is_some_and(Value::is_object)).cloned());
        let target = &objects[object.index(objects.len())];
        let names: Vec<String> = record
            .pointer(target)
            .and_then(Value::as_object)
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        let key = if names.is_empty() { "summary".to_owned() } else { names[member.index(names.len())].clone() };
        agree_on_text(&with_member(&record, "", target, &key, &extra, first));
    }

    /// Documents generated from a record's names and values, anywhere.
    #[test]
    fn generated_documents(document in value()) {
        agree(&document, "a generated document");
    }
}

/// Valid and invalid records the straight-line reading of a valid record decides on its own
/// branches: lists of texts past the sixteen it compares pair by pair, revisions as integers
/// and floats at and around the minimum, texts at the length bound in characters, evidence
/// by `uri`, by `artifactRef`, by both and by neither, `extensions` of any kind.
#[test]
fn records_the_straight_line_reading_decides() {
    let base = hcr_testkit::corpus::record(&mut hcr_testkit::corpus::Rng::new(7), 0, 3);
    assert!(jsonschema_accepts(&base) && fast_accepts(&base));
    let with = |pointer: &str, replacement: Value| {
        let mut record = base.clone();
        *record.pointer_mut(pointer).expect("a place of the record") = replacement;
        record
    };
    let texts = |n: usize| {
        (0..n)
            .map(|i| json!(format!("criterion {i}")))
            .collect::<Vec<_>>()
    };
    let mut cases = Vec::new();
    for n in [0, 1, 15, 16, 17, 40] {
        cases.push(with("/objective/acceptanceCriteria", json!(texts(n))));
        // A repeat before, at and past the sixteenth item, of an item before and past it.
        for (at, of) in [(1, 0), (15, 3), (16, 3), (17, 16), (39, 20)] {
            if at < n {
                let mut list = texts(n);
                list[at] = list[of].clone();
                cases.push(with("/currentState/blocked", json!(list)));
            }
        }
        let mut list = texts(n);
        if let Some(last) = list.last_mut() {
            *last = json!("");
            cases.push(with("/currentState/unverified", json!(list)));
        }
        // A repeat, then an item that is no text: the walk stops at the item.
        if n >= 3 {
            for wrong in [json!(""), json!(1), json!(["x"])] {
                let mut list = texts(n);
                list[1] = list[0].clone();
                list[n - 1] = wrong;
                cases.push(with("/currentState/inProgress", json!(list)));
            }
        }
    }
    for number in [
        json!(1),
        json!(2),
        json!(1.0),
        json!(3.0),
        json!(0.999),
        json!(1.5),
        json!(0),
        json!(-1),
        json!(u64::MAX),
        json!(i64::MIN),
        json!(1e300),
        json!(-1e300),
        json!("1"),
        json!(null),
    ] {
        cases.push(with("/openReview/0/revision", number.clone()));
        cases.push(with("/provenance/sourceRevision", number));
    }
    for text in [
        "é".repeat(200),
        "é".repeat(201),
        "a".repeat(200),
        "a".repeat(201),
        "x".to_owned(),
        String::new(),
    ] {
        cases.push(with("/recordId", json!(text)));
    }
    let evidence = |extra: Value| {
        let mut item = json!({"id": "e", "label": "l"});
        if let (Some(item), Some(extra)) = (item.as_object_mut(), extra.as_object()) {
            item.extend(extra.clone());
        }
        with("/evidence", json!([item]))
    };
    for extra in [
        json!({}),
        json!({"uri": "https://example.com/x"}),
        json!({"uri": "a b"}),
        json!({"artifactRef": "a"}),
        json!({"artifactRef": ""}),
        json!({"uri": "../x", "artifactRef": "a", "sha256": "A".repeat(64)}),
        json!({"artifactRef": "a", "sha256": "A".repeat(63)}),
        json!({"artifactRef": "a", "claim": "c", "contentType": "text/plain", "other": 1}),
    ] {
        cases.push(evidence(extra));
    }
    for extensions in [
        json!({}),
        json!({"a": {"b": [1, {"c": null}]}, "schemaVersion": 2}),
        json!([]),
        json!(null),
        json!("x"),
    ] {
        cases.push(with("/extensions", extensions));
    }
    let valid = cases.iter().filter(|case| jsonschema_accepts(case)).count();
    assert!(
        valid > 20 && cases.len() - valid > 20,
        "{valid} of {}",
        cases.len()
    );
    for case in &cases {
        agree(case, "a record the straight-line reading decides");
    }
}
