//! Every output format for a valid record, a record with several errors and an unparseable
//! file, snapshotted after hard checks of what each must contain.

use serde_json::Value;

use crate::output;

const FIXTURES: [&str; 3] = ["valid.json", "errors.json", "broken.json"];
const FORMATS: [&str; 6] = ["text", "json", "sarif", "github", "junit", "markdown"];

#[test]
fn every_format_for_every_fixture() {
    for format in FORMATS {
        for fixture in FIXTURES {
            let (code, stdout, stderr) = output(&["validate", "--format", format, fixture]);
            let expected = if fixture == "valid.json" { 0 } else { 1 };
            assert_eq!(code, expected, "{format} {fixture}: {stderr}");
            assert!(stderr.is_empty(), "{format} {fixture}: {stderr}");
            assert!(
                !stdout.contains("hunter2x9Q"),
                "{format} {fixture} repeats a secret"
            );
            insta::assert_snapshot!(
                format!("{format}__{fixture}"),
                snapshot_form(format, &stdout)
            );
        }
    }
}

/// The output with the tool version masked and, for SARIF, the rule table (tested on its own)
/// replaced by its length.
fn snapshot_form(format: &str, stdout: &str) -> String {
    let stdout = stdout.replace(
        concat!("\"", env!("CARGO_PKG_VERSION"), "\""),
        "\"[version]\"",
    );
    if format != "sarif" {
        return stdout;
    }
    let mut sarif: Value = serde_json::from_str(&stdout).expect("SARIF is JSON");
    let rules = &mut sarif["runs"][0]["tool"]["driver"]["rules"];
    *rules = Value::from(rules.as_array().map_or(0, Vec::len));
    serde_json::to_string_pretty(&sarif).expect("serializes")
}

#[test]
fn json_output_is_the_documented_document() {
    let (_, stdout, _) = output(&[
        "validate",
        "--format",
        "json",
        "valid.json",
        "errors.json",
        "broken.json",
    ]);
    let doc: Value = serde_json::from_str(&stdout).expect("one JSON document");
    assert_eq!(doc["version"], 1);
    assert_eq!(doc["level"], "normative");
    let summary = &doc["summary"];
    assert_eq!(
        [
            &summary["files"],
            &summary["records"],
            &summary["valid"],
            &summary["invalid"]
        ],
        [3, 3, 1, 2]
    );
    let results = doc["results"].as_array().expect("results");
    let sources: Vec<_> = results
        .iter()
        .map(|r| r["source"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(sources, ["valid.json", "errors.json", "broken.json"]);
    assert_eq!(results[0]["valid"], true);
    assert_eq!(results[0]["diagnostics"], Value::Array(vec![]));
    let first = &results[1]["diagnostics"][0];
    for key in [
        "code", "severity", "pointer", "line", "column", "message", "help",
    ] {
        assert!(!first[key].is_null(), "diagnostics carry {key}");
    }
    assert_eq!(results[2]["diagnostics"][0]["code"], "HCR001");
}

#[test]
fn sarif_output_validates_against_the_sarif_schema() {
    // The published schema writes a stray `]` in one pattern, a literal `]` to ECMAScript
    // regexes but an error to Rust's; escaping it keeps the pattern's meaning.
    let text = include_str!("../data/sarif-schema-2.1.0.json")
        .replace(r#"-[a-zA-Z]{2}]?$"#, r#"-[a-zA-Z]{2}\\]?$"#);
    let schema: Value = serde_json::from_str(&text).expect("schema");
    let validator = jsonschema::validator_for(&schema).expect("the SARIF schema compiles");
    let (_, stdout, _) = output(&[
        "validate",
        "--format",
        "sarif",
        "valid.json",
        "errors.json",
        "broken.json",
        "missing.json",
    ]);
    let sarif: Value = serde_json::from_str(&stdout).expect("SARIF is JSON");
    let errors: Vec<String> = validator
        .iter_errors(&sarif)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let run = &sarif["runs"][0];
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), hcr_validate::registry().len());
    for result in run["results"].as_array().expect("results") {
        let index = result["ruleIndex"].as_u64().expect("ruleIndex") as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        let location = &result["locations"][0]["physicalLocation"];
        let uri = location["artifactLocation"]["uri"].as_str().expect("uri");
        assert!(!uri.starts_with('/'), "repository-relative: {uri}");
        assert!(location["region"]["startLine"].as_u64().is_some());
        assert!(
            result["partialFingerprints"]["hcrPointer/v1"]
                .as_str()
                .is_some_and(|f| f.len() == 32)
        );
    }
}

#[test]
fn sarif_fingerprints_are_stable_across_runs_and_line_shifts() {
    let dir = tempfile::tempdir().expect("tempdir");
    let text = std::fs::read_to_string(crate::fixtures().join("errors.json")).expect("fixture");
    std::fs::write(dir.path().join("r.json"), &text).expect("write");
    let run = || {
        let out = crate::hcr(&["validate", "--format", "sarif", "r.json"])
            .current_dir(dir.path())
            .output()
            .expect("runs");
        let sarif: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        sarif["runs"][0]["results"]
            .as_array()
            .expect("results")
            .iter()
            .map(|r| r["partialFingerprints"]["hcrPointer/v1"].clone())
            .collect::<Vec<_>>()
    };
    let first = run();
    std::fs::write(dir.path().join("r.json"), format!("\n\n{text}")).expect("write");
    assert_eq!(first, run());
}

#[test]
fn junit_output_is_well_formed() {
    let (_, stdout, _) = output(&[
        "validate",
        "--format",
        "junit",
        "valid.json",
        "errors.json",
        "broken.json",
    ]);
    assert!(stdout.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"));
    assert_eq!(stdout.matches("<testsuite ").count(), 3);
    assert_eq!(
        stdout.matches("<testsuite ").count(),
        stdout.matches("</testsuite>").count()
    );
    assert_eq!(stdout.matches("<testcase ").count(), 3);
    assert_eq!(stdout.matches("<failure ").count(), 2);
    assert!(stdout.trim_end().ends_with("</testsuites>"));
    // JSON Lines: one suite, a case per record.
    let (_, stdout, _) = output(&["validate", "--format", "junit", "--jsonl", "records.jsonl"]);
    assert_eq!(stdout.matches("<testsuite ").count(), 1);
    assert_eq!(stdout.matches("<testcase ").count(), 4);
    assert!(stdout.contains("name=\"records.jsonl:5\""));
}

#[test]
fn github_annotations_are_workflow_commands() {
    let (_, stdout, _) = output(&["validate", "--format", "github", "errors.json"]);
    let commands: Vec<&str> = stdout.lines().filter(|l| l.starts_with("::")).collect();
    assert_eq!(commands.len(), 6);
    for command in &commands {
        assert!(
            command.starts_with("::error file=errors.json,line=")
                || command.starts_with("::warning file=errors.json,line="),
            "{command}"
        );
        assert!(!command.contains('\n'));
    }
    assert!(
        stdout
            .lines()
            .last()
            .is_some_and(|l| l.starts_with("checked 1 record"))
    );
}

#[test]
fn summary_appends_the_markdown_summary_beside_any_format() {
    let dir = tempfile::tempdir().expect("tempdir");
    let summary = dir.path().join("step-summary.md");
    std::fs::write(&summary, "earlier step\n").expect("write");
    let path = summary.to_str().expect("UTF-8");
    let (code, stdout, stderr) = output(&[
        "validate",
        "--format",
        "sarif",
        "--summary",
        path,
        "valid.json",
        "errors.json",
    ]);
    assert_eq!(code, 1, "{stderr}");
    let sarif: Value = serde_json::from_str(&stdout).expect("standard output is the SARIF");
    assert_eq!(sarif["version"], "2.1.0");
    let (_, markdown, _) = output(&[
        "validate",
        "--format",
        "markdown",
        "valid.json",
        "errors.json",
    ]);
    let written = std::fs::read_to_string(&summary).expect("read");
    assert_eq!(
        written,
        format!("earlier step\n{markdown}"),
        "appended, and the same as --format markdown"
    );
    assert!(written.contains("| errors.json | 6:49 | error | `HCR204` |"));
    assert!(
        !written.contains("hunter2x9Q"),
        "the secret is not repeated"
    );

    // A summary that cannot be written is an error before anything is checked.
    let (code, stdout, stderr) = output(&[
        "validate",
        "--summary",
        dir.path()
            .join("missing/summary.md")
            .to_str()
            .expect("UTF-8"),
        "valid.json",
    ]);
    assert_eq!(code, 2);
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("the summary file") && stderr.contains("missing/summary.md"),
        "{stderr}"
    );
}
