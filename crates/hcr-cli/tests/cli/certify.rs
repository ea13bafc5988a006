//! `hcr certify` through the binary: hcr certified by itself in both modes, reports, badges.

use serde_json::Value;

use crate::output;

fn hcr_bin() -> String {
    assert_cmd::cargo::cargo_bin("hcr").display().to_string()
}

fn suite() -> String {
    hcr_testkit::workspace_root()
        .join("conformance-suite")
        .display()
        .to_string()
}

#[test]
fn hcr_conforms_through_stdio() {
    let command = format!("{} validate --protocol-stdio", hcr_bin());
    let (code, json, stderr) = output(&[
        "certify",
        "--suite",
        &suite(),
        "--validator-stdio",
        &command,
        "--stdio-receiver",
        "--include-limits",
        "--name",
        "hcr",
        "--version",
        "test",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{stderr}{json}");
    let report: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(report["verdict"], "conforms at receiver level");
    assert_eq!(report["disagreements"], Value::Array(vec![]));
    for level in ["parse", "schema", "format", "normative", "receiver"] {
        assert_eq!(report["levels"][level]["skipped"], 0, "{level}");
        assert_eq!(
            report["levels"][level]["passed"], report["levels"][level]["total"],
            "{level}"
        );
    }
}

#[test]
fn hcr_conforms_through_exit_codes() {
    let hcr = hcr_bin();
    let template = format!(
        "if [ {{level}} = receiver ]; then {hcr} validate --level receiver --artifacts {{artifacts}} \
         --revisions {{revisions}} --now {{now}} --as {{as}} {{}}; else {hcr} validate --level {{level}} {{}}; fi"
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let badge = dir.path().join("badge.json");
    let (code, markdown, stderr) = output(&[
        "certify",
        "--suite",
        &suite(),
        "--validator",
        &template,
        "--name",
        "hcr",
        "--badge",
        badge.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{stderr}{markdown}");
    assert!(
        markdown.contains("**Verdict: conforms at receiver level** (100% of scored cases pass)"),
        "{markdown}"
    );
    let badge: Value =
        serde_json::from_slice(&std::fs::read(badge).expect("badge written")).expect("JSON");
    assert_eq!(badge["message"], "100% conformant");
    assert_eq!(badge["color"], "brightgreen");
}

#[test]
fn a_validator_that_accepts_everything_fails_certification() {
    let (code, markdown, _) = output(&[
        "certify",
        "--suite",
        &suite(),
        "--validator",
        "true {}",
        "--name",
        "yes-man",
    ]);
    assert_eq!(code, 1);
    assert!(
        markdown.contains("**Verdict: does not conform"),
        "{markdown}"
    );
    assert!(
        markdown.contains("| receiver | 0 | 0 | 0 | 18 | 18 |"),
        "receiver cases are skipped, not failed: {markdown}"
    );
    assert!(
        markdown.contains("hcr's own recommendations (not scored: the contract accepts these 17 cases): 14 accepted, 0 rejected"),
        "{markdown}"
    );
}

/// Python 3 is part of the project's test setup (`cargo xtask test` needs it for the Python
/// package too), so its absence fails this test rather than skipping it.
#[test]
fn the_python_example_of_the_suite_readme_runs() {
    let script =
        hcr_testkit::workspace_root().join("conformance-suite/examples/stdio_validator.py");
    let command = format!("python3 '{}'", script.display());
    let (_, json, _) = output(&[
        "certify",
        "--suite",
        &suite(),
        "--validator-stdio",
        &command,
        "--format",
        "json",
    ]);
    let report: Value = serde_json::from_str(&json).expect("JSON");
    let errored: u64 = ["parse", "schema", "format", "normative"]
        .iter()
        .map(|l| report["levels"][l]["errored"].as_u64().unwrap_or(99))
        .sum();
    assert_eq!(errored, 0, "the example answers every case");
    assert!(report["levels"]["schema"]["passed"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn producers_are_certified_from_their_records() {
    let examples = hcr_testkit::workspace_root().join("protocol/v1/examples");
    let (code, markdown, _) = output(&[
        "certify",
        "--producer",
        examples.to_str().expect("UTF-8"),
        "--name",
        "examples",
    ]);
    assert_eq!(code, 0);
    assert!(
        markdown.contains("every record conforms at normative level (6 records)"),
        "{markdown}"
    );
}

#[test]
fn certify_needs_a_target() {
    assert_eq!(output(&["certify"]).0, 2);
    assert_eq!(
        output(&["certify", "--validator", "true", "--producer", "."]).0,
        2
    );
    assert_eq!(
        output(&["certify", "--validator", "true", "--suite", "no-such-suite"]).0,
        2
    );
}
