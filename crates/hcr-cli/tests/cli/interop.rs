//! `hcr spec-handoff`, `hcr render` and `hcr convert` through the binary.

use serde_json::Value;

use crate::output;

fn example(name: &str) -> String {
    hcr_testkit::workspace_root()
        .join(format!("protocol/v1/examples/{name}.json"))
        .display()
        .to_string()
}

fn payload() -> Value {
    serde_json::json!({
        "title": "Next area handoff", "summary": "Where the parser work stands.", "keywords": ["parser", "handoff"],
        "cwd": "/home/dev/proj", "resume_focus": "Finish the error recovery pass.", "source_refs": ["src/parser.rs"],
        "freshness": ["HEAD abc123 at capture"], "limitations": ["Not run on Windows"],
        "sections": [{"heading": "Work completed", "body": "Lexer done.\n"}]
    })
}

#[test]
fn spec_handoff_write_discover_and_lint() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("proj");
    std::fs::create_dir(&repo).expect("mkdir");
    let input = dir.path().join("payload.json");
    std::fs::write(&input, payload().to_string()).expect("write");
    let (code, stdout, _) = output(&[
        "spec-handoff",
        "write",
        "--input",
        input.to_str().expect("UTF-8"),
        "--target-repo",
        repo.to_str().expect("UTF-8"),
        "--json",
    ]);
    assert_eq!(code, 0, "{stdout}");
    let result: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(result["status"], "written");
    assert!(stdout.starts_with("{\n  \"status\": \"written\",") && stdout.ends_with("}\n"));
    let artifact = repo.join(result["artifact_path"].as_str().expect("path"));

    let (code, stdout, _) = output(&[
        "spec-handoff",
        "discover",
        "--target-repo",
        repo.to_str().expect("UTF-8"),
        "--keywords",
        "parser",
    ]);
    assert_eq!(code, 0);
    let found: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(found["reason_code"], "candidates-found");
    assert_eq!(found["candidates"][0]["title"], "Next area handoff");

    let (code, stdout, _) = output(&["spec-handoff", "lint", artifact.to_str().expect("UTF-8")]);
    assert_eq!(code, 0, "{stdout}");
    let broken = dir.path().join("broken.md");
    let text = std::fs::read_to_string(&artifact)
        .expect("read")
        .replace("cwd: \"/home/dev/proj\"\n", "status: \"consumed\"\n");
    std::fs::write(&broken, text).expect("write");
    for format in ["text", "json", "sarif", "github", "junit", "markdown"] {
        let (code, stdout, _) = output(&[
            "spec-handoff",
            "lint",
            "--format",
            format,
            broken.to_str().expect("UTF-8"),
        ]);
        assert_eq!(code, 1, "{format}");
        assert!(
            stdout.contains("HCR505") && stdout.contains("HCR508"),
            "{format}: {stdout}"
        );
    }

    // Rejections: exit 1, the reference JSON shape, nothing created.
    let bad = dir.path().join("bad.json");
    let mut invalid = payload();
    invalid["source_refs"] = serde_json::json!(["../outside.md", "https://example.com"]);
    std::fs::write(&bad, invalid.to_string()).expect("write");
    let empty = dir.path().join("empty-repo");
    std::fs::create_dir(&empty).expect("mkdir");
    let (code, stdout, _) = output(&[
        "spec-handoff",
        "write",
        "--input",
        bad.to_str().expect("UTF-8"),
        "--target-repo",
        empty.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 1);
    let result: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(result["reason_code"], "invalid-payload");
    assert_eq!(
        result["errors"].as_array().map(Vec::len),
        Some(2),
        "every problem"
    );
    assert_eq!(std::fs::read_dir(&empty).expect("readable").count(), 0);
    std::os::unix::fs::symlink(&input, dir.path().join("link.json")).expect("symlink");
    let (code, stdout, _) = output(&[
        "spec-handoff",
        "write",
        "--input",
        dir.path().join("link.json").to_str().expect("UTF-8"),
        "--target-repo",
        empty.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 1);
    assert!(stdout.contains("input-not-regular-file"));
}

#[test]
fn render_in_every_form() {
    for (form, name) in [
        ("goal-handover", "note"),
        ("untrusted-block", "block"),
        ("markdown", "page"),
    ] {
        let (code, stdout, stderr) = output(&["render", "--as", form, &example("bug-fix")]);
        assert_eq!(code, 0, "{stderr}");
        insta::assert_snapshot!(format!("render_{name}"), stdout);
    }
    let (code, _, stderr) = output(&["render", "--as", "markdown", "errors.json"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a valid record"));
}

#[test]
fn convert_between_formats() {
    let dir = tempfile::tempdir().expect("tempdir");
    // HCR → spec-handoff → HCR gives the equal record.
    let repo = dir.path().join("repo");
    std::fs::create_dir(&repo).expect("mkdir");
    let (code, stdout, stderr) = output(&[
        "convert",
        "--to",
        "spec-handoff",
        &example("human-to-agent"),
        "--target-repo",
        repo.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{stdout}{stderr}");
    let written: Value = serde_json::from_str(&stdout).expect("JSON");
    let artifact = repo.join(written["artifact_path"].as_str().expect("path"));
    let back = dir.path().join("back.json");
    let (code, _, stderr) = output(&[
        "convert",
        "--from",
        "spec-handoff",
        artifact.to_str().expect("UTF-8"),
        "--out",
        back.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 0, "{stderr}");
    let original: Value =
        serde_json::from_str(&std::fs::read_to_string(example("human-to-agent")).expect("read"))
            .expect("JSON");
    assert_eq!(
        serde_json::from_str::<Value>(&std::fs::read_to_string(&back).expect("read"))
            .expect("JSON"),
        original
    );

    // A goal handover note drafts a record and says what it lacks.
    let note = dir.path().join("note.txt");
    std::fs::write(
        &note,
        output(&["render", "--as", "goal-handover", &example("bug-fix")]).1,
    )
    .expect("write");
    let (code, stdout, stderr) = output(&[
        "convert",
        "--from",
        "goal-handover",
        note.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 1, "an incomplete draft is not valid");
    assert!(
        stderr.contains("`/evidence/0/label`") && !stderr.contains("`/objective/summary`"),
        "{stderr}"
    );
    let draft: Value = serde_json::from_str(&stdout).expect("the draft is printed");
    assert_eq!(draft["recordId"], "checkout-timezone-bug");
    // A blank or oversized note is refused.
    std::fs::write(&note, " \n ").expect("write");
    assert_eq!(
        output(&[
            "convert",
            "--from",
            "goal-handover",
            note.to_str().expect("UTF-8")
        ])
        .0,
        2
    );
    std::fs::write(&note, "x".repeat(4097)).expect("write");
    let (code, _, stderr) = output(&[
        "convert",
        "--from",
        "goal-handover",
        note.to_str().expect("UTF-8"),
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot exceed 4096"), "{stderr}");
}

/// `hcr handoff-md lint` takes the selection options and the project's hcr.toml (its
/// overrides included) as `hcr validate` does: HCR605 can be silenced or made an error.
#[test]
fn handoff_md_lint_reads_the_selection_and_the_configuration() {
    let dir = tempfile::tempdir().expect("tempdir");
    // `.git` makes the folder a repository root, where the search for hcr.toml stops.
    std::fs::create_dir_all(dir.path().join(".git")).expect("a repository");
    let (code, page, _) = output(&["render", "--as", "handoff-md", &example("bug-fix")]);
    assert_eq!(code, 0);
    // Written by hand: the embedded record is cut, or the edit would be HCR608 (it disagrees).
    let (page, _) = page
        .split_once("## HCR record")
        .expect("the embedded record");
    let page = page.replace(
        "- `src/checkout/delivery_estimator.rs` DeliveryEstimator source",
        "- It works on my machine",
    );
    std::fs::write(dir.path().join("HANDOFF.md"), page).expect("written");
    /// hcr.toml, options => exit status, the severity HCR605 is shown at (None: not shown).
    type Case<'a> = (Option<&'a str>, &'a [&'a str], i32, Option<&'a str>);
    let cases: &[Case<'_>] = &[
        (None, &[], 0, Some("warning")),
        (None, &["--ignore", "HCR605"], 0, None),
        (
            None,
            &["--error", "handoff-evidence-unlocated"],
            1,
            Some("error"),
        ),
        (Some("ignore = [\"HCR605\"]\n"), &[], 0, None),
        (Some("error = [\"HCR605\"]\n"), &[], 1, Some("error")),
        (
            Some("error = [\"HCR605\"]\n"),
            &["--no-config"],
            0,
            Some("warning"),
        ),
        (
            Some("error = [\"HCR605\"]\n"),
            &["--warn", "HCR605"],
            0,
            Some("warning"),
        ),
        (
            Some("[[overrides]]\npaths = [\"HANDOFF.md\"]\nignore = [\"HCR605\"]\n"),
            &[],
            0,
            None,
        ),
        (
            Some("[[overrides]]\npaths = [\"docs/**\"]\nignore = [\"HCR605\"]\n"),
            &[],
            0,
            Some("warning"),
        ),
    ];
    for (config, options, want_code, want_severity) in cases {
        match config {
            Some(text) => std::fs::write(dir.path().join("hcr.toml"), text).expect("written"),
            None => {
                let _ = std::fs::remove_file(dir.path().join("hcr.toml"));
            }
        }
        let out = assert_cmd::Command::cargo_bin("hcr")
            .expect("the binary")
            .args(["handoff-md", "lint", "--format", "json"])
            .args(*options)
            .arg("HANDOFF.md")
            .current_dir(dir.path())
            .output()
            .expect("hcr runs");
        let document: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        let severity = document["results"][0]["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .find(|d| d["code"] == "HCR605")
            .map(|d| d["severity"].as_str().expect("a severity").to_owned());
        assert_eq!(
            (out.status.code(), severity.as_deref()),
            (Some(*want_code), *want_severity),
            "{config:?} {options:?}"
        );
    }
}

#[test]
fn an_incomplete_draft_is_written_to_out_as_a_new_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = dir.path().join("HANDOFF.md");
    std::fs::write(
        &source,
        "# Handoff\n\n## Goal\n\nShip the fix.\n\n- The fix ships.\n\n## Next action\n\nDeploy it. Owner: agent:x.\n\nCopy postgres://app:S3cr3tP4ssw0rd!!@db.example.com/app first.\n",
    )
    .expect("write");
    let out = dir.path().join("r.json");
    let args = [
        "convert",
        "--from",
        "handoff-md",
        path(&source),
        "--out",
        path(&out),
    ];
    let (code, stdout, stderr) = output(&args);
    assert_eq!(code, 1, "still incomplete: {stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("incomplete draft") && stderr.contains("r.json"),
        "{stderr}"
    );
    assert!(
        stderr.contains("`/nextAction/verification`"),
        "says what it lacks: {stderr}"
    );
    assert!(!stderr.contains("(1 errors)"), "{stderr}");
    let written = std::fs::read_to_string(&out).expect("the draft is written");
    let draft: Value = serde_json::from_str(&written).expect("JSON");
    assert_eq!(draft["nextAction"]["summary"], "Deploy it.");
    // The secret is never written or shown, not even its first characters.
    assert!(
        !written.contains("S3cr") && !stderr.contains("S3cr"),
        "{written}"
    );
    assert!(written.contains("(16 characters, redacted)"), "{written}");
    // Only a new file: a second run does not overwrite the first draft.
    let (code, _, stderr) = output(&args);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("new file"), "{stderr}");
}

/// A section kept under the extension is named on standard error by its heading; a heading
/// that holds a secret is named with the secret redacted.
#[test]
fn a_kept_sections_heading_is_named_without_its_secret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let source = dir.path().join("HANDOFF.md");
    std::fs::write(
        &source,
        "# Handoff\n\n## Goal\n\nShip it.\n\n## Deploy with ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u\n\nSome text.\n\n## Next steps\n\n- Run it.\n",
    )
    .expect("write");
    let (code, stdout, stderr) = output(&["convert", "--from", "handoff-md", path(&source)]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("not in a field: section `Deploy with ghp_… (40 characters, redacted)`"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("R7vQ2") && !stdout.contains("R7vQ2"),
        "{stderr}{stdout}"
    );
}

#[test]
fn render_and_convert_help_name_every_form() {
    for (command, wanted) in [
        (
            "render",
            &["HANDOFF.md", "handoff-md", "goal-handover", "markdown"][..],
        ),
        (
            "convert",
            &[
                "HANDOFF.md",
                "handoff-md",
                "brief",
                "handover-brief",
                "spec-handoff",
            ][..],
        ),
    ] {
        for help in ["-h", "--help"] {
            let (code, stdout, _) = output(&[command, help]);
            assert_eq!(code, 0);
            for word in wanted {
                assert!(stdout.contains(word), "{command} {help}: {word}: {stdout}");
            }
        }
    }
}

#[test]
fn an_invalid_record_counts_its_errors_in_words() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut record: Value =
        serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("the base record");
    record["objective"]["summary"] = Value::from(" ");
    let one = dir.path().join("one.json");
    std::fs::write(&one, record.to_string()).expect("write");
    let (code, _, stderr) = output(&["render", "--as", "markdown", path(&one)]);
    assert_eq!(code, 2);
    assert!(stderr.contains("(1 error)"), "{stderr}");
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().expect("UTF-8 path")
}
