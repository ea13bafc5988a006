//! Every command reads its inputs under one policy: regular files only (a FIFO or a device is
//! refused without blocking), at most the input limit (checked from the size, enforced while
//! reading, standard input too), with one error naming the input, the limit and the option.
//! And exit statuses a CI step can trust: a run that checked nothing does not pass.

use std::path::Path;
use std::time::Duration;

use crate::{fixtures, hcr};

/// Runs `hcr ARGS…` with a deadline (a command that blocks fails the test instead of hanging
/// it); returns (exit code, stdout, stderr).
fn run(args: &[&str]) -> (i32, String, String) {
    let out = hcr(args)
        .timeout(Duration::from_secs(20))
        .output()
        .unwrap_or_else(|e| panic!("hcr runs: {e}"));
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
}

/// Every command that reads a file, with `{}` where the file goes.
fn commands(valid: &str, artifacts: &str, repo: &str) -> Vec<Vec<String>> {
    let lines: &[&[&str]] = &[
        &["validate", "{}"],
        &["receive", "{}"],
        &["fix", "--check", "{}"],
        &["render", "--as", "goal-handover", "{}"],
        &["render", "--as", "markdown", "{}"],
        &["diff", "{}", valid],
        &["diff", valid, "{}"],
        &["continue", "{}", "--first", "--by", "agent:x"],
        &[
            "continue", valid, "--first", "--by", "agent:x", "--patch", "{}",
        ],
        &["convert", "--from", "goal-handover", "{}"],
        &["convert", "--from", "spec-handoff", "{}"],
        &[
            "convert",
            "--to",
            "spec-handoff",
            "{}",
            "--target-repo",
            repo,
        ],
        &["spec-handoff", "lint", "{}"],
        &[
            "spec-handoff",
            "write",
            "--input",
            "{}",
            "--target-repo",
            repo,
        ],
        &["digest", "{}"],
        &["digest", "--fill", "{}", "--artifacts", artifacts],
    ];
    lines
        .iter()
        .map(|line| line.iter().map(|a| (*a).to_owned()).collect())
        .collect()
}

#[cfg(unix)]
#[test]
fn fifos_and_devices_are_refused_by_every_command_without_blocking() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("input.fifo");
    mkfifo(&fifo);
    std::fs::create_dir(dir.path().join("artifacts")).expect("mkdir");
    let valid = fixtures().join("valid.json").to_string_lossy().into_owned();
    let artifacts = dir.path().join("artifacts").to_string_lossy().into_owned();
    let repo = dir.path().to_string_lossy().into_owned();
    for target in [fifo.to_string_lossy().into_owned(), "/dev/zero".to_owned()] {
        for command in commands(&valid, &artifacts, &repo) {
            let args: Vec<String> = command.iter().map(|a| a.replace("{}", &target)).collect();
            let args: Vec<&str> = args.iter().map(String::as_str).collect();
            let (code, stdout, stderr) = run(&args);
            let all = format!("{stdout}{stderr}");
            assert!(code != 0, "{args:?} exited 0:\n{all}");
            let answered = all.contains("not a regular file") || all.contains("not-regular-file");
            assert!(answered, "{args:?} does not say why:\n{all}");
        }
    }
}

#[test]
fn inputs_over_the_limit_are_refused_naming_the_file_the_limit_and_the_option() {
    let dir = tempfile::tempdir().expect("tempdir");
    let big = dir.path().join("big.json");
    // Valid JSON of 4 KiB: refused from its size with a limit of 1,000 bytes.
    std::fs::write(&big, format!("{{\"pad\": \"{}\"}}", "x".repeat(4096))).expect("write");
    std::fs::create_dir(dir.path().join("artifacts")).expect("mkdir");
    let valid = fixtures().join("valid.json").to_string_lossy().into_owned();
    let artifacts = dir.path().join("artifacts").to_string_lossy().into_owned();
    let repo = dir.path().to_string_lossy().into_owned();
    // The spec-handoff writer keeps the reference writer's own limit (256 KiB).
    let huge = dir.path().join("huge.json");
    std::fs::write(&huge, format!("{{\"pad\": \"{}\"}}", "x".repeat(300_000))).expect("write");
    for command in commands(&valid, &artifacts, &repo) {
        let target = if command[..2] == ["spec-handoff", "write"] {
            &huge
        } else {
            &big
        };
        let target = target.to_string_lossy().into_owned();
        let mut args: Vec<String> = command.iter().map(|a| a.replace("{}", &target)).collect();
        let (option, writer) = match args[0].as_str() {
            "validate" => ("--max-record-bytes", false),
            // `digest FILE` hashes files of any size; the writer keeps its own limit.
            "digest" if args[1] != "--fill" => continue,
            "spec-handoff" if args[1] == "write" => ("", true),
            _ => ("--max-input-bytes", false),
        };
        if !writer {
            args.extend([option.to_owned(), "1000".to_owned()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, stdout, stderr) = run(&args);
        let all = format!("{stdout}{stderr}");
        assert!(code != 0, "{args:?} exited 0:\n{all}");
        if writer {
            assert!(all.contains("input-too-large"), "{args:?}:\n{all}");
        } else {
            assert!(
                all.contains("big.json") && all.contains("1000 bytes") && all.contains(option),
                "{args:?} does not name the file, the limit and {option}:\n{all}"
            );
        }
    }
    // Standard input too, read no further than the limit.
    let out = hcr(&[
        "convert",
        "--from",
        "goal-handover",
        "-",
        "--max-input-bytes",
        "100",
    ])
    .write_stdin(vec![b'x'; 1 << 20])
    .timeout(Duration::from_secs(20))
    .output()
    .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("standard input") && stderr.contains("--max-input-bytes"),
        "{stderr}"
    );
}

#[test]
fn a_run_that_checks_nothing_does_not_pass() {
    let dir = tempfile::tempdir().expect("tempdir");
    let empty = dir.path().to_string_lossy().into_owned();
    let (code, _, stderr) = run(&["validate", &empty]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("nothing was checked"), "{stderr}");
    let tree = fixtures().join("tree").to_string_lossy().into_owned();
    let (code, _, stderr) = run(&["validate", "--glob", "*.record.json", &tree]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("nothing was checked") && stderr.contains("*.record.json"),
        "{stderr}"
    );
    let (code, stdout, stderr) = run(&["validate", "--allow-empty", &empty]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let jsonl = dir.path().join("empty.jsonl");
    std::fs::write(&jsonl, "\n\n").expect("write");
    let (code, _, stderr) = run(&["validate", "--jsonl", jsonl.to_str().expect("UTF-8")]);
    assert_eq!(code, 2, "{stderr}");
}

#[test]
fn an_unreadable_input_is_not_counted_as_an_invalid_record() {
    let valid = fixtures().join("valid.json").to_string_lossy().into_owned();
    let (code, stdout, _) = run(&[
        "validate",
        &valid,
        "does-not-exist.json",
        "--format",
        "json",
    ]);
    assert_eq!(code, 2);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(json["summary"]["records"], 1, "{stdout}");
    assert_eq!(json["summary"]["invalid"], 0, "{stdout}");
    assert_eq!(json["summary"]["unreadable"], 1, "{stdout}");
}

#[test]
fn utf32_and_cr_only_line_endings_get_the_right_answer() {
    let dir = tempfile::tempdir().expect("tempdir");
    let utf32: Vec<u8> = "{\"schemaVersion\": \"1.0\"}"
        .chars()
        .flat_map(|c| (c as u32).to_be_bytes())
        .collect();
    let path = dir.path().join("utf32.json");
    std::fs::write(&path, utf32).expect("write");
    let (code, stdout, _) = run(&[
        "validate",
        "--format",
        "json",
        path.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("\"HCR004\"") && !stdout.contains("\"HCR001\""),
        "{stdout}"
    );
    // Classic Mac line endings: the unknown property is on line 3.
    let path = dir.path().join("cr.json");
    std::fs::write(&path, "{\r\"schemaVersion\": \"1.0\",\r\"nope\": 1\r}").expect("write");
    let (_, stdout, _) = run(&[
        "validate",
        "--format",
        "json",
        path.to_str().expect("UTF-8"),
    ]);
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let unknown = json["results"][0]["diagnostics"]
        .as_array()
        .and_then(|d| d.iter().find(|d| d["code"] == "HCR102"))
        .cloned()
        .expect("HCR102");
    assert_eq!(
        (unknown["line"].clone(), unknown["column"].clone()),
        (3.into(), 1.into())
    );
}

#[test]
fn an_artifact_name_too_long_for_the_file_system_is_unsafe_not_unreadable() {
    let dir = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir(dir.path().join("artifacts")).expect("mkdir");
    let mut record: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture"),
    )
    .expect("JSON");
    record["evidence"] =
        serde_json::json!([{"id": "e", "label": "E", "artifactRef": "a".repeat(300)}]);
    let path = dir.path().join("r.json");
    std::fs::write(&path, record.to_string()).expect("write");
    let artifacts = dir.path().join("artifacts").to_string_lossy().into_owned();
    let (_, stdout, _) = run(&[
        "validate",
        "--format",
        "json",
        "--artifacts",
        &artifacts,
        path.to_str().expect("UTF-8"),
    ]);
    assert!(
        stdout.contains("\"HCR303\"") && !stdout.contains("\"HCR309\""),
        "{stdout}"
    );
}

#[test]
fn a_record_with_a_hundred_thousand_findings_is_answered_with_the_first_and_a_count() {
    // 100 evidence items with 1,000 properties the schema does not define each.
    let mut text = String::from("{\"schemaVersion\": \"1.0\", \"evidence\": [");
    for item in 0..100 {
        if item > 0 {
            text.push(',');
        }
        text.push_str(&format!(
            "{{\"id\": \"e{item}\", \"label\": \"E\", \"uri\": \"https://e\""
        ));
        for i in 0..1000 {
            text.push_str(&format!(", \"k{i}\": {i}"));
        }
        text.push('}');
    }
    text.push_str("]}");
    let out = hcr(&["validate", "--format", "json", "-"])
        .write_stdin(text.into_bytes())
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let diagnostics = json["results"][0]["diagnostics"]
        .as_array()
        .expect("diagnostics");
    assert_eq!(diagnostics.len(), 101);
    let last = diagnostics.last().expect("HCR006");
    assert_eq!(last["code"], "HCR006");
    // 100,000 unknown properties and the 7 missing required ones, less the 100 shown.
    let message = last["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("99907 more diagnostics"), "{message}");
}

#[test]
fn an_object_past_the_member_limit_is_refused_with_the_option_that_raises_it() {
    let mut text = String::from("{\"schemaVersion\": \"1.0\"");
    for i in 0..20_000 {
        text.push_str(&format!(", \"k{i}\": {i}"));
    }
    text.push('}');
    let out = hcr(&["validate", "--format", "json", "-"])
        .write_stdin(text.into_bytes())
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let first = &json["results"][0]["diagnostics"][0];
    assert_eq!(first["code"], "HCR003");
    assert!(
        first["message"]
            .as_str()
            .unwrap_or_default()
            .contains("--max-object-members")
    );
}
