//! `hcr_fix` as the specification says it: every fix's explanation example repaired exactly,
//! and properties over the protocol examples, the conformance suite and their mutations (a
//! second fix changes nothing, a record without fixable findings stays byte for byte, the
//! bytes outside the edits are kept, the fixed record no longer has what was fixed), the
//! handover-record skill's record made valid with nothing dropped, and no secret touched.

use std::collections::BTreeSet;

use hcr_fix::{Applicability, Options, apply, fix, fixes};
use hcr_validate::{Code, Level, Validator, registry};
use serde_json::Value;

fn validator() -> Validator {
    Validator::new(Level::Normative)
}

fn fixed(text: &str, unsafe_fixes: bool) -> hcr_fix::Fixed {
    fix(text, &validator(), &Options { unsafe_fixes })
}

/// The codes that have a fix.
const FIXABLE: [Code; 6] = [
    Code::Hcr102,
    Code::Hcr105,
    Code::Hcr106,
    Code::Hcr201,
    Code::Hcr202,
    Code::Hcr211,
];

#[test]
fn every_fix_repairs_its_explanations_failing_example_exactly() {
    let mut with_examples = BTreeSet::new();
    for info in registry() {
        let mut failing = None;
        for example in info.examples() {
            match example.fixed {
                None if !example.passing => failing = Some(example.document()),
                None => {}
                Some(unsafe_fix) => {
                    let source = failing.clone().unwrap_or_else(|| {
                        panic!("{}: a fixed example follows a failing one", info.code)
                    });
                    let before = validator().validate_str(&source);
                    assert!(
                        before.has(info.code),
                        "{}: the failing example fails",
                        info.code
                    );
                    let result = fixed(&source, unsafe_fix);
                    let got: Value = serde_json::from_str(&result.text).expect("JSON");
                    let want: Value = serde_json::from_str(&example.document()).expect("JSON");
                    assert_eq!(got, want, "{}: the fixed example", info.code);
                    assert!(!result.report.has(info.code), "{}: fixed", info.code);
                    let applied = result.applied.iter().find(|a| a.code == info.code);
                    let applicability = applied.expect("the fix is listed").applicability;
                    assert_eq!(
                        applicability == Applicability::Unsafe,
                        unsafe_fix,
                        "{}",
                        info.code
                    );
                    if unsafe_fix {
                        // Without --unsafe-fixes it is offered, not applied.
                        let safe = fixed(&source, false);
                        assert!(safe.report.has(info.code), "{}", info.code);
                        assert!(safe.unsafe_available.iter().any(|a| a.code == info.code));
                    }
                    with_examples.insert(info.code);
                }
            }
        }
    }
    assert_eq!(with_examples, FIXABLE.into_iter().collect());
}

/// Every text of the corpus: the protocol examples, the suite's cases, and the mutations of
/// the examples and of their texts with fixable mistakes planted.
fn corpus() -> Vec<String> {
    let mut texts: Vec<String> = hcr_testkit::suite_cases()
        .into_iter()
        .filter_map(|(_, bytes)| String::from_utf8(bytes).ok())
        .collect();
    for (_, value) in hcr_testkit::examples() {
        texts.push(serde_json::to_string_pretty(&value).expect("JSON"));
        for mutated in hcr_testkit::mutations(&value).into_iter().step_by(7) {
            texts.push(serde_json::to_string_pretty(&mutated).expect("JSON"));
        }
        let mut planted = value.clone();
        planted["schemaVersion"] = serde_json::json!(1.0);
        if let Some(summary) = planted.pointer_mut("/objective/summary") {
            *summary = Value::String(format!("  {}\n", summary.as_str().unwrap_or("x")));
        }
        if let Some(constraints) = planted.get_mut("constraints").and_then(Value::as_array_mut)
            && let Some(first) = constraints.first_mut()
        {
            first["kind"] = Value::String("Safety".into());
        }
        texts.push(serde_json::to_string(&planted).expect("JSON"));
    }
    texts
}

#[test]
fn fixing_is_idempotent_exact_and_no_worse() {
    let mut changed = 0;
    for text in corpus() {
        let report = validator().validate_str(&text);
        let first = fixed(&text, true);
        if fixes(&text, &report).is_empty() {
            assert_eq!(first.text, text, "no fixable finding: byte for byte");
            assert!(first.applied.is_empty());
            continue;
        }
        // A second fix changes nothing.
        let second = fixed(&first.text, true);
        assert!(
            second.applied.is_empty(),
            "{:?}\n{}",
            second.applied,
            first.text
        );
        assert_eq!(second.text, first.text);
        // No code is reported more often than before.
        for code in first.report.codes() {
            let count = |r: &hcr_validate::Report| {
                r.diagnostics().iter().filter(|d| d.code == code).count()
            };
            assert!(
                count(&first.report) <= count(&report),
                "{code}: {}",
                first.text
            );
        }
        // What a safe fix targeted is gone (its pointer does not move: no safe fix removes).
        for applied in first
            .applied
            .iter()
            .filter(|a| a.applicability == Applicability::Safe)
        {
            assert!(
                !first
                    .report
                    .diagnostics()
                    .iter()
                    .any(|d| d.code == applied.code && d.pointer == applied.pointer),
                "{applied:?}"
            );
        }
        if first.changed() {
            changed += 1;
        }
    }
    assert!(changed >= 5, "the corpus has fixable records ({changed})");
}

#[test]
fn bytes_outside_the_edits_are_kept() {
    for text in corpus() {
        let report = validator().validate_str(&text);
        let offered = fixes(&text, &report);
        let (out, used) = apply(&text, &offered);
        let mut edits: Vec<&hcr_fix::Edit> = used.iter().flat_map(|&i| &offered[i].edits).collect();
        edits.sort_by_key(|e| e.range.start);
        // Walk the output: each gap between edits is the input's bytes there.
        let (mut at_in, mut at_out) = (0, 0);
        for edit in edits {
            let gap = &text[at_in..edit.range.start];
            assert_eq!(&out[at_out..at_out + gap.len()], gap);
            at_out += gap.len() + edit.replacement.len();
            at_in = edit.range.end;
        }
        assert_eq!(&out[at_out..], &text[at_in..]);
    }
}

/// Every string and number leaf of `value`.
fn leaves(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::String(s) => {
            out.insert(s.clone());
        }
        Value::Number(n) => {
            out.insert(n.to_string());
        }
        Value::Array(items) => items.iter().for_each(|v| leaves(v, out)),
        Value::Object(map) => map.values().for_each(|v| leaves(v, out)),
        _ => {}
    }
}

#[test]
fn a_record_written_as_the_skill_says_becomes_valid_with_nothing_dropped() {
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/skill-record.json"),
    )
    .expect("the fixture");
    let before = validator().validate_str(&text);
    assert!(!before.valid());
    let safe = fixed(&text, false);
    assert!(
        !safe.report.valid(),
        "the skill's groups need --unsafe-fixes"
    );
    assert!(!safe.unsafe_available.is_empty());
    let result = fixed(&text, true);
    assert!(
        result.report.valid(),
        "{:?}\n{}",
        result.report.diagnostics(),
        result.text
    );
    let mut kept = BTreeSet::new();
    leaves(
        &serde_json::from_str(&result.text).expect("JSON"),
        &mut kept,
    );
    let mut given = BTreeSet::new();
    leaves(&serde_json::from_str(&text).expect("JSON"), &mut given);
    let lost: Vec<&String> = given.difference(&kept).collect();
    assert!(lost.is_empty(), "dropped: {lost:?}\n{}", result.text);
    let value: Value = serde_json::from_str(&result.text).expect("JSON");
    assert_eq!(
        value["ownership"]["nextActor"]["id"],
        "agent:export-migrator"
    );
    assert_eq!(value["schemaVersion"], "1.0");
    let unmapped = &value["extensions"][hcr_fix::UNMAPPED];
    assert_eq!(unmapped["/next_actions/1"]["owner"], "human:dana");
    assert_eq!(unmapped["/state/notes"], "The cron entry is still active.");
}

#[test]
fn no_fix_touches_a_secret() {
    let token = "ghp_R8x2Lq7ZmV4kT9wN3pJ6sY1cF5hB0dGaUeXo";
    let mut value: Value = serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("JSON");
    value["objective"]["summary"] = Value::String(format!("  Use {token} to deploy.  "));
    value["schemaVersion"] = serde_json::json!(1);
    let text = serde_json::to_string_pretty(&value).expect("JSON");
    let result = fixed(&text, true);
    // The version is fixed; the padded text that holds the secret is left as it was.
    assert!(result.applied.iter().any(|a| a.code == Code::Hcr106));
    assert!(result.applied.iter().all(|a| a.code != Code::Hcr211));
    assert!(
        result
            .text
            .contains(&format!("\"  Use {token} to deploy.  \""))
    );
    let titles = format!("{:?}{:?}", result.applied, result.unsafe_available);
    assert!(!titles.contains("ghp_R8x2"), "{titles}");
}

#[test]
fn text_that_cannot_be_edited_safely_is_left_alone() {
    for text in [
        "{\"schemaVersion\": 1.0, \"schemaVersion\": 1.0}",
        "{\"schemaVersion\": 1.0",
        "\u{0}",
        "",
    ] {
        let result = fixed(text, true);
        assert_eq!(result.text, text);
        assert!(result.applied.is_empty());
    }
}
