//! `Diff::new` as a table: one edit of a base record, and the changes (by their JSON tag) and
//! warnings a successor must be shown, in reading order.

use hcr_chain::Diff;
use hcr_types::Record;
use serde_json::{Value, json};

fn base() -> Value {
    json!({
        "schemaVersion": "1.0",
        "recordId": "work",
        "provenance": {"sourceRevision": 1, "createdAt": "2026-01-01T00:00:00Z",
                       "createdBy": {"id": "agent:a", "type": "agent"}},
        "objective": {"summary": "Ship it.", "acceptanceCriteria": ["It ships."]},
        "currentState": {"complete": ["Built."], "inProgress": ["Testing."], "blocked": [], "unverified": []},
        "decisions": [{"summary": "Use the cache.", "rationale": "Speed.", "status": "active"}],
        "evidence": [{"id": "e1", "label": "Log", "artifactRef": "build.log", "sha256": "a".repeat(64)}],
        "constraints": [{"kind": "safety", "text": "No network."}],
        "openReview": [{"id": "r1", "summary": "Check it.", "status": "open", "revision": 1}],
        "nextAction": {"summary": "Publish.", "verification": "It is listed."},
        "ownership": {"nextActor": {"id": "agent:b", "type": "agent"}}
    })
}

/// Edits of the base record: the value to set at each pointer (`None` removes it).
type Edits<'a> = Vec<(&'a str, Option<Value>)>;

/// Sets the value at each pointer (`None` removes it).
fn edited(edits: &[(&str, Option<Value>)]) -> Value {
    let mut value = base();
    for (pointer, new) in edits {
        let (parent, key) = pointer.rsplit_once('/').expect("a pointer");
        let target = value.pointer_mut(parent).expect("the parent exists");
        match (target, new) {
            (Value::Object(map), Some(new)) => {
                map.insert(key.to_owned(), new.clone());
            }
            (Value::Object(map), None) => {
                map.shift_remove(key);
            }
            (Value::Array(items), Some(new)) => {
                items[key.parse::<usize>().expect("index")] = new.clone()
            }
            (Value::Array(items), None) => {
                items.remove(key.parse::<usize>().expect("index"));
            }
            _ => panic!("{pointer} is not in a container"),
        }
    }
    value
}

fn record(value: &Value) -> Record {
    Record::from_value(value).expect("a schema-valid record")
}

fn tags(diff: &Diff) -> (Vec<String>, Vec<String>) {
    let value = serde_json::to_value(diff).expect("serializes");
    let of = |key: &str, tag: &str| -> Vec<String> {
        value[key]
            .as_array()
            .into_iter()
            .flatten()
            .map(|c| c[tag].as_str().unwrap_or_default().to_owned())
            .collect()
    };
    (of("changes", "change"), of("warnings", "warning"))
}

#[test]
fn each_edit_is_the_change_a_successor_is_shown() {
    let next = |n: u64| ("/provenance/sourceRevision", Some(json!(n)));
    let cases: Vec<(&str, Edits, Vec<&str>)> = vec![
        ("nothing", vec![next(2)], vec![]),
        (
            "objective",
            vec![
                next(2),
                ("/objective/summary", Some(json!("Ship it twice."))),
            ],
            vec!["objective-changed"],
        ),
        (
            "criterion added",
            vec![
                next(2),
                (
                    "/objective/acceptanceCriteria",
                    Some(json!(["It ships.", "It is fast."])),
                ),
            ],
            vec!["criterion-added"],
        ),
        (
            "state moved",
            vec![
                next(2),
                ("/currentState/inProgress", Some(json!([]))),
                (
                    "/currentState/complete",
                    Some(json!(["Built.", "Testing."])),
                ),
            ],
            vec!["state-moved"],
        ),
        (
            "state dropped",
            vec![next(2), ("/currentState/inProgress", Some(json!([])))],
            vec!["state-dropped"],
        ),
        (
            "decision added",
            vec![
                next(2),
                (
                    "/decisions/0",
                    Some(
                        json!({"summary": "Drop the cache.", "rationale": "Bugs.", "status": "active"}),
                    ),
                ),
            ],
            vec!["decision-added", "decision-removed"],
        ),
        (
            "digest changed",
            vec![next(2), ("/evidence/0/sha256", Some(json!("b".repeat(64))))],
            vec!["evidence-digest-changed"],
        ),
        (
            "constraint removed",
            vec![next(2), ("/constraints", Some(json!([])))],
            vec!["constraint-removed"],
        ),
        (
            "review resolved",
            vec![
                next(2),
                ("/openReview/0/status", Some(json!("resolved"))),
                ("/openReview/0/resolvedByRevision", Some(json!(2))),
            ],
            vec!["review-resolved"],
        ),
        (
            "next action",
            vec![next(2), ("/nextAction/summary", Some(json!("Announce.")))],
            vec!["next-action-changed"],
        ),
        (
            "next actor",
            vec![next(2), ("/ownership/nextActor/id", Some(json!("human:c")))],
            vec!["next-actor-changed"],
        ),
    ];
    let old = record(&base());
    for (name, edits, expected) in cases {
        let diff = Diff::new(&old, &record(&edited(&edits)));
        let (changes, warnings) = tags(&diff);
        assert_eq!(changes, expected, "{name}: changes");
        assert!(warnings.is_empty(), "{name}: warnings {warnings:?}");
        assert_eq!(diff.is_empty(), expected.is_empty(), "{name}: is_empty");
    }
}

#[test]
fn revisions_that_do_not_continue_are_warned_about() {
    let old = record(&base());
    for (name, edits, expected) in [
        ("same revision", vec![], vec!["revision-not-increasing"]),
        (
            "no revision",
            vec![("/provenance", None)],
            vec!["revision-missing"],
        ),
        (
            "another record",
            vec![
                ("/recordId", Some(json!("other"))),
                ("/provenance/sourceRevision", Some(json!(2))),
            ],
            vec!["record-ids-differ"],
        ),
    ] {
        let (_, warnings) = tags(&Diff::new(&old, &record(&edited(&edits))));
        assert_eq!(warnings, expected, "{name}");
    }
}

#[test]
fn a_secret_in_either_record_never_reaches_the_diff() {
    let token = "ghp_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0dF3hJ6";
    let old = record(&base());
    let new = record(&edited(&[
        ("/provenance/sourceRevision", Some(json!(2))),
        (
            "/nextAction/summary",
            Some(json!(format!("Push with {token}."))),
        ),
    ]));
    let diff = Diff::new(&old, &new);
    for shown in [diff.to_text(), diff.to_markdown(), diff.to_json()] {
        assert!(!shown.contains(&token[4..12]), "{shown}");
    }
    assert_eq!(tags(&diff).0, ["next-action-changed"]);
}

/// `hcr continue` keeps the predecessor's extensions exactly (numbers as written).
#[test]
fn a_successor_keeps_extension_numbers_as_written() {
    let mut value = base();
    value["extensions"] = json!({});
    let text = value.to_string().replace(
        "\"extensions\":{}",
        "\"extensions\":{\"com.example.n\":[1.50,1E2,-0]}",
    );
    let previous = Record::from_json(&text).expect("a record");
    let how = hcr_chain::Continuation {
        by: Some(hcr_types::Actor::agent("agent:next").expect("valid")),
        now: Some(hcr_types::DateTime::parse("2026-12-01T00:00:00Z").expect("date")),
        ..Default::default()
    };
    let next = hcr_chain::successor(&previous, &how).expect("a successor");
    assert_eq!(
        next.extensions
            .as_ref()
            .and_then(|e| e.get_raw("com.example.n")),
        Some("[1.50,1E2,-0]")
    );
}
