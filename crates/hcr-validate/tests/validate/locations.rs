//! Where diagnostics point, and in what order they come.

use hcr_validate::{Code, Level, Severity, Validator};

use crate::{check, codes, record};

/// (code, pointer, line, column) of each diagnostic.
fn located(text: &str) -> Vec<(&'static str, String, u32, u32)> {
    check(text)
        .diagnostics()
        .iter()
        .map(|d| {
            (
                d.code.as_str(),
                d.pointer.to_string(),
                d.line().unwrap_or(0),
                d.column().unwrap_or(0),
            )
        })
        .collect()
}

#[test]
fn valid_records_have_no_diagnostics() {
    for (path, value) in hcr_testkit::examples() {
        let text = std::fs::read_to_string(&path).expect("readable");
        let report = check(&text);
        assert!(
            report.valid() && report.diagnostics().is_empty(),
            "{}: {report:#?}",
            path.display()
        );
        let report = Validator::new(Level::Normative).validate_value(&value);
        assert!(report.valid() && report.diagnostics().is_empty());
    }
}

#[test]
fn diagnostics_point_at_the_value_in_document_order() {
    let text = r#"{
  "schemaVersion": "1.0",
  "objective": {"summary": "Ship it.", "acceptanceCriteria": ["ok", "ok"]},
  "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": " "},
  "decisions": [],
  "evidence": [{"id": "e", "label": "E"}],
  "constraints": [{"kind": "Safety", "text": "Careful."}],
  "nextAction": {"summary": "Go.", "verification": "Done.", "dueAt": "tomorrow"},
  "ownership": {"nextActor": {"id": "agent:x", "type": "agent", "nickname": "x"}},
  "openReview": [{"id": "r", "summary": "Fix.", "status": "resolved"}],
  "provenance": {"createdBy": {"id": "a", "type": "agent"}, "createdAt": "2026-11-30T00:00:00Z", "sourceRevision": 2.5}
}"#;
    assert_eq!(
        located(text),
        [
            ("HCR109", "/objective/acceptanceCriteria/1".into(), 3, 69),
            ("HCR103", "/currentState/unverified".into(), 4, 83),
            ("HCR107", "/evidence/0".into(), 6, 16),
            ("HCR105", "/constraints/0/kind".into(), 7, 28),
            ("HCR112", "/nextAction/dueAt".into(), 8, 70),
            ("HCR102", "/ownership/nextActor/nickname".into(), 9, 65),
            ("HCR202", "/openReview/0".into(), 10, 18),
            ("HCR103", "/provenance/sourceRevision".into(), 11, 116),
        ]
    );
}

#[test]
fn columns_count_code_points() {
    let patched = record(r#"{"objective": {"summary": "Résumé 😀", "acceptanceCriteria": ["é"]}}"#);
    let text = patched.replacen("\"é\"", "\"é\", \"😀é\", \"\u{3000}\"", 1);
    let report = check(&text);
    let d = &report.diagnostics()[0];
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::Hcr201, "/objective/acceptanceCriteria/2")
    );
    let line = text
        .lines()
        .nth(d.line().expect("located") as usize - 1)
        .expect("line exists");
    let before: String = line
        .chars()
        .take(d.column().expect("located") as usize - 1)
        .collect();
    assert!(before.ends_with("\"é\", \"😀é\", "), "{before:?}");
}

#[test]
fn missing_properties_point_at_their_object() {
    let report = check(&record(
        r#"{"ownership": {"nextActor": {"id": "x", "type": null}}}"#,
    ));
    let d = &report.diagnostics()[0];
    assert_eq!(
        (d.code, d.pointer.as_str()),
        (Code::Hcr101, "/ownership/nextActor")
    );
    assert!(d.message.contains("`type`"), "{}", d.message);
}

#[test]
fn duplicate_keys_point_at_the_repeat() {
    let text = "{\"a\": 1,\n \"a\": 2,\n \"a\": 3}";
    let report = Validator::new(Level::Schema).validate_str(text);
    let dups: Vec<_> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code == Code::Hcr002)
        .map(|d| (d.pointer.as_str().to_owned(), d.line(), d.column()))
        .collect();
    assert_eq!(
        dups,
        [
            ("/a".into(), Some(2), Some(2)),
            ("/a".into(), Some(3), Some(2))
        ]
    );
}

#[test]
fn parse_errors_point_at_the_failure() {
    let text = "{\n  \"schemaVersion\": \"1.0\",\n  \"objective\": {\"summary\": \"x\" \"y\"}\n}";
    let report = check(text);
    assert_eq!(codes(&report), ["HCR001"]);
    let d = &report.diagnostics()[0];
    assert_eq!((d.line(), d.column()), (Some(3), Some(32)));
    assert_eq!(d.pointer.as_str(), "/objective");
}

#[test]
fn one_root_cause_gives_one_diagnostic() {
    // The evidence anyOf fails: one HCR107, not a schema error per branch.
    let report = check(&record(r#"{"evidence": [{"id": "e", "label": "E"}]}"#));
    assert_eq!(codes(&report), ["HCR107"]);
    // An empty criterion is HCR104 only, not HCR201 as well.
    let report = check(&record(
        r#"{"objective": {"summary": "x", "acceptanceCriteria": [""]}}"#,
    ));
    assert_eq!(codes(&report), ["HCR104"]);
    // A wrong type is HCR103 only.
    let report = check(&record(
        r#"{"nextAction": {"summary": 7, "verification": "v"}}"#,
    ));
    assert_eq!(codes(&report), ["HCR103"]);
}

#[test]
fn levels_include_the_ones_before() {
    let text =
        record(r#"{"objective": {"summary": " ", "acceptanceCriteria": []}, "recordId": ""}"#);
    let schema = Validator::new(Level::Schema).validate_str(&text);
    assert_eq!(codes(&schema), ["HCR104"]);
    let normative = Validator::new(Level::Normative).validate_str(&text);
    assert_eq!(codes(&normative), ["HCR201", "HCR210", "HCR104"]);
    let receiver = Validator::new(Level::Receiver).validate_str(&text);
    assert_eq!(codes(&receiver), codes(&normative));
}

#[test]
fn warnings_do_not_invalidate_unless_denied() {
    let report = check(&record(r#"{"extensions": {"ticket": 1}}"#));
    assert!(report.valid());
    assert_eq!(report.count(Severity::Warning), 1);
    assert!(!report.is_valid_denying_warnings());
}

#[test]
fn revisions_are_never_rounded() {
    let cases = [
        ("3.0", true),
        ("3e0", true),
        ("30e-1", true),
        ("3.5", false),
        // A double rounds these to integers; the numbers written are not.
        ("1.0000000000000001", false),
        ("0.99999999999999999", false),
        ("1e-400", false),
        ("9007199254740991", true),
        // Above 2^53 - 1: an integer the schema accepts (HCR114 warns).
        ("9007199254740992", true),
        // 10^300 is an integer, written with an exponent: the schema accepts it (HCR114 warns).
        ("1e300", true),
        ("0", false),
    ];
    // The number is put into the text after the record is built, so that it keeps its spelling.
    let template = record(
        r#"{"openReview": [{"id": "r", "summary": "s", "status": "open", "revision": 424242}]}"#,
    );
    for (number, valid) in cases {
        let text = template.replace("424242", number);
        let report = check(&text);
        assert_eq!(report.valid(), valid, "{number}: {report:#?}");
    }
    let report = check(&template.replace("424242", "9007199254740992"));
    assert_eq!(codes(&report), ["HCR114"]);
    let report = check(&record(
        r#"{"openReview": [{"id": "r", "summary": "s", "status": "open", "revision": 1e400}]}"#,
    ));
    assert_eq!(codes(&report), ["HCR003"]);
}

#[test]
fn too_many_diagnostics_are_summed_up() {
    let items: Vec<String> = (0..150)
        .map(|i| format!(r#"{{"kind": "nope{i}", "text": "t"}}"#))
        .collect();
    let text = record(&format!(r#"{{"constraints": [{}]}}"#, items.join(",")));
    let report = check(&text);
    assert_eq!(report.diagnostics().len(), 101);
    let last = report.diagnostics().last().expect("a summary diagnostic");
    assert_eq!(last.code, Code::Hcr006);
    assert!(
        last.message.starts_with("50 more diagnostics"),
        "{}",
        last.message
    );
    assert!(!report.valid());
}

#[test]
fn diagnostics_serialize_as_documented() {
    let report = check(&record(
        r#"{"nextAction": {"summary": "", "verification": "v"}}"#,
    ));
    insta::assert_json_snapshot!(report.diagnostics());
}
