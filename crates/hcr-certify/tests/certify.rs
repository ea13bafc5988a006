//! The harness against implementations that are wrong on purpose: one that accepts
//! everything, one that rejects everything, one that hangs, one that crashes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hcr_certify::{
    CaseLevel, ExitCodeRunner, Got, Implementation, Outcome, Report, StdioRunner, Suite, Verdict,
};
use serde_json::Value;

fn suite_root() -> PathBuf {
    hcr_testkit::workspace_root().join("conformance-suite")
}

fn suite() -> Suite {
    Suite::load(&suite_root()).expect("the suite loads")
}

fn exit_code(template: &str) -> ExitCodeRunner {
    ExitCodeRunner {
        template: template.to_owned(),
        invalid_exit: None,
        timeout: Duration::from_secs(10),
        jobs: 0,
        include_limits: false,
    }
}

fn report(suite: &Suite, outcomes: &[Outcome]) -> Report {
    let implementation = Implementation {
        name: "test".into(),
        version: "0".into(),
        command: "test".into(),
        mode: "exit-code".into(),
    };
    Report::new(implementation, suite, outcomes)
}

fn has_tag(case: &Value, tag: &str) -> bool {
    case["tags"]
        .as_array()
        .is_some_and(|t| t.iter().any(|t| t == tag))
}

/// The cases of hcr's recommendations, counted from the manifest.
fn recommendation_cases() -> usize {
    let manifest: Value = serde_json::from_slice(
        &std::fs::read(suite_root().join("manifest.json")).expect("manifest"),
    )
    .expect("JSON");
    manifest["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .filter(|c| has_tag(c, "hcr-recommendation"))
        .count()
}

/// Per level: (cases expecting valid, cases expecting invalid), counted from the manifest
/// itself, without the harness; cases skipped by default and hcr's recommendations (never
/// scored) are left out.
fn expected_counts(include_receiver: bool) -> Vec<(String, usize, usize, usize)> {
    let manifest: Value = serde_json::from_slice(
        &std::fs::read(suite_root().join("manifest.json")).expect("manifest"),
    )
    .expect("JSON");
    let mut counts = Vec::new();
    for level in ["parse", "schema", "format", "normative", "receiver"] {
        let scored_at = match level {
            "parse" | "schema" | "format" => "schema",
            other => other,
        };
        let cases: Vec<&Value> = manifest["cases"]
            .as_array()
            .expect("cases")
            .iter()
            .filter(|c| c["level"] == level && !has_tag(c, "hcr-recommendation"))
            .collect();
        let skipped = cases
            .iter()
            .filter(|c| {
                (level == "receiver" && !include_receiver)
                    || c["tags"]
                        .as_array()
                        .is_some_and(|t| t.iter().any(|t| t == "implementation-limit"))
            })
            .count();
        let receiver_skipped = level == "receiver" && !include_receiver;
        let run: Vec<&&Value> = cases
            .iter()
            .filter(|_| !receiver_skipped)
            .filter(|c| {
                !c["tags"]
                    .as_array()
                    .is_some_and(|t| t.iter().any(|t| t == "implementation-limit"))
            })
            .collect();
        let valid = run
            .iter()
            .filter(|c| c["expected"][scored_at] == "valid")
            .count();
        counts.push((level.to_owned(), valid, run.len() - valid, skipped));
    }
    counts
}

#[test]
fn accepting_everything_passes_exactly_the_valid_cases() {
    let suite = suite();
    let report = report(&suite, &exit_code("true {}").run(&suite));
    for (level, valid, invalid, skipped) in expected_counts(false) {
        let score = report.levels[&level_of(&level)];
        assert_eq!(
            (score.passed, score.failed, score.skipped, score.errored),
            (valid, invalid, skipped, 0),
            "{level}"
        );
    }
    assert!(
        report
            .disagreements
            .iter()
            .all(|d| d.expected == Verdict::Invalid && d.got == "valid")
    );
    assert!(
        report.verdict.starts_with("does not conform"),
        "{}",
        report.verdict
    );
    // hcr's recommendations are reported apart: accepting them is what the contract does.
    let recommendations = &report.recommendations;
    assert!(recommendations.total >= 10, "{recommendations:?}");
    assert_eq!(recommendations.total, recommendation_cases());
    // Receiver cases are not run by this command.
    assert_eq!(
        recommendations.accepted + recommendations.skipped,
        recommendations.total
    );
    assert!(recommendations.accepted > 0 && recommendations.rejected == 0);
    assert!(
        report
            .to_markdown()
            .contains("hcr's own recommendations (not scored")
    );
}

#[test]
fn rejecting_everything_passes_exactly_the_invalid_cases() {
    let suite = suite();
    let runner = exit_code("false {artifacts} {revisions}");
    assert!(runner.runs_receiver_cases());
    let report = report(&suite, &runner.run(&suite));
    for (level, valid, invalid, skipped) in expected_counts(true) {
        let score = report.levels[&level_of(&level)];
        assert_eq!(
            (score.passed, score.failed, score.skipped),
            (invalid, valid, skipped),
            "{level}"
        );
    }
    // Rejecting every recommendation case is stricter than the contract, never a failure.
    let recommendations = &report.recommendations;
    assert_eq!(recommendations.rejected, recommendations.total);
    assert_eq!(recommendations.rejected_cases.len(), recommendations.total);
}

fn level_of(name: &str) -> CaseLevel {
    CaseLevel::ALL
        .into_iter()
        .find(|l| l.as_str() == name)
        .expect("a level")
}

/// A suite of the first `n` cases of the real one, in a temporary folder.
fn small_suite(n: usize) -> (tempfile::TempDir, Suite) {
    small_suite_in(n, "suite")
}

/// The same, in a folder of the temporary folder named `name`.
fn small_suite_in(n: usize, name: &str) -> (tempfile::TempDir, Suite) {
    let temp = tempfile::tempdir().expect("tempdir");
    let dir = temp.path().join(name);
    let mut manifest: Value = serde_json::from_slice(
        &std::fs::read(suite_root().join("manifest.json")).expect("manifest"),
    )
    .expect("JSON");
    let cases: Vec<Value> = manifest["cases"]
        .as_array()
        .expect("cases")
        .iter()
        .take(n)
        .cloned()
        .collect();
    for case in &cases {
        let file = case["file"].as_str().expect("file");
        let to = dir.join(file);
        std::fs::create_dir_all(to.parent().expect("parent")).expect("mkdir");
        std::fs::copy(suite_root().join(file), to).expect("copy");
    }
    manifest["cases"] = Value::Array(cases);
    std::fs::write(dir.join("manifest.json"), manifest.to_string()).expect("write");
    let suite = Suite::load(&dir).expect("loads");
    (temp, suite)
}

#[test]
fn a_hanging_validator_times_out_and_is_killed() {
    let (_dir, suite) = small_suite(3);
    let mut runner = exit_code("sleep 30; true {}");
    runner.timeout = Duration::from_millis(300);
    let started = Instant::now();
    let outcomes = runner.run(&suite);
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "timeouts are enforced"
    );
    assert!(
        outcomes.iter().all(|o| matches!(
            o,
            Outcome::Ran {
                got: Got::Timeout,
                ..
            }
        )),
        "{outcomes:?}"
    );
    let report = report(&suite, &outcomes);
    assert_eq!(report.levels[&CaseLevel::Parse].errored, 3);
    assert!(report.disagreements.iter().all(|d| d.got == "timeout"));
}

#[test]
fn crashes_and_unexpected_statuses_are_recorded_not_fatal() {
    let (_dir, suite) = small_suite(2);
    let outcomes = exit_code("kill -9 $$ {}").run(&suite);
    assert!(
        outcomes.iter().all(
            |o| matches!(o, Outcome::Ran { got: Got::Crash(d), .. } if d.contains("signal 9"))
        ),
        "{outcomes:?}"
    );
    let mut strict = exit_code("exit 1 {}");
    strict.invalid_exit = Some(2);
    let outcomes = strict.run(&suite);
    assert!(
        outcomes
            .iter()
            .all(|o| matches!(o, Outcome::Ran { got: Got::Crash(d), .. } if d == "exit status 1")),
        "{outcomes:?}"
    );
    let noisy = exit_code("echo warning >&2; true {}").run(&suite);
    assert!(noisy.iter().all(|o| matches!(o, Outcome::Ran { got: Got::Valid, note: Some(n), .. } if n.contains("standard error"))));
}

#[test]
fn case_paths_reach_the_command_as_one_word() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (_suite_dir, suite) = small_suite_in(1, "a suite with 'quotes', $dollars and spaces");
    let log = dir.path().join("seen");
    let template = format!("printf '%s' {{}} > {}", log.display());
    let outcomes = exit_code(&template).run(&suite);
    assert!(matches!(
        outcomes[0],
        Outcome::Ran {
            got: Got::Valid,
            ..
        }
    ));
    let seen = std::fs::read_to_string(&log).expect("written");
    assert!(
        Path::new(&seen).is_file() && seen.contains("'quotes', $dollars and spaces/"),
        "{seen}"
    );
}

#[test]
fn stdio_implementations_are_restarted_after_a_timeout() {
    let (_dir, suite) = small_suite(3);
    let runner = StdioRunner {
        command: "read line; sleep 30".into(),
        timeout: Duration::from_millis(300),
        receiver: false,
        include_limits: false,
    };
    let started = Instant::now();
    let outcomes = runner.run(&suite);
    assert!(started.elapsed() < Duration::from_secs(10));
    assert!(
        outcomes.iter().all(|o| matches!(
            o,
            Outcome::Ran {
                got: Got::Timeout,
                ..
            }
        )),
        "{outcomes:?}"
    );
    let answering = StdioRunner {
        command: r#"while IFS= read -r line; do id=$(printf '%s' "$line" | sed 's/^{"id":"\([^"]*\)".*/\1/'); printf '{"id":"%s","valid":true,"codes":[]}\n' "$id"; done"#.into(),
        timeout: Duration::from_secs(10),
        receiver: false,
        include_limits: false,
    };
    let full = Suite::load(&suite_root()).expect("the suite loads");
    let stdio = report(&full, &answering.run(&full));
    let exit = report(&full, &exit_code("true {}").run(&full));
    assert_eq!(
        stdio.levels, exit.levels,
        "both modes score an accept-everything implementation alike"
    );
}

#[test]
fn reports_match_their_schema_and_badges_their_format() {
    let suite = suite();
    let report = report(&suite, &exit_code("true {}").run(&suite));
    let schema: Value = serde_json::from_slice(
        &std::fs::read(suite_root().join("report.schema.json")).expect("schema"),
    )
    .expect("JSON");
    let validator = jsonschema::validator_for(&schema).expect("compiles");
    let json: Value = serde_json::from_str(&report.to_json()).expect("JSON");
    let errors: Vec<String> = validator
        .iter_errors(&json)
        .map(|e| e.to_string())
        .collect();
    assert!(errors.is_empty(), "{errors:?}");
    let badge: Value = serde_json::from_str(&report.badge()).expect("JSON");
    assert_eq!(badge["schemaVersion"], 1);
    assert_eq!(badge["label"], "HCR v1.0");
    assert_eq!(
        badge["message"],
        format!("{}% conformant", report.percent())
    );
    let markdown = report.to_markdown();
    assert!(markdown.contains("| level | passed | failed | errored | skipped | total |"));
    assert!(markdown.contains(&format!(
        "## Disagreements ({})",
        report.disagreements.len()
    )));
}

#[test]
fn producers_are_judged_record_by_record() {
    let examples = hcr_testkit::workspace_root().join("protocol/v1/examples");
    let report = hcr_certify::certify_producer(&examples, "examples", "1").expect("readable");
    assert_eq!(
        report.levels[&CaseLevel::Normative].passed,
        report.levels[&CaseLevel::Normative].total
    );
    assert!(
        report.verdict.starts_with("every record conforms"),
        "{}",
        report.verdict
    );
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::copy(examples.join("minimal.json"), dir.path().join("good.json")).expect("copy");
    std::fs::write(dir.path().join("bad.json"), r#"{"schemaVersion": "1.0"}"#).expect("write");
    let report = hcr_certify::certify_producer(dir.path(), "p", "1").expect("readable");
    assert_eq!(
        report.verdict,
        "50% of records conform at normative level (1 of 2 fail)"
    );
    assert_eq!(report.disagreements.len(), 1);
    assert!(report.disagreements[0].case.ends_with("bad.json"));
}
