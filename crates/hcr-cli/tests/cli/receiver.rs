//! The receiver's side through the binary: receiver-level validation in every format, the
//! brief in both formats, and digests.

use serde_json::Value;

use crate::{fixtures, output};

const RECEIVER: [&str; 10] = [
    "--now",
    "2026-12-01T00:00:00Z",
    "--as",
    "agent:other",
    "--artifacts",
    "receiver/artifacts",
    "--revisions",
    "receiver/revisions",
    "--level",
    "receiver",
];

const CODES: [&str; 7] = [
    "HCR301", "HCR302", "HCR303", "HCR304", "HCR305", "HCR306", "HCR307",
];

#[test]
fn receiver_codes_reach_every_format() {
    for format in ["text", "json", "sarif", "github", "junit"] {
        let mut args = vec!["validate", "--format", format];
        args.extend(RECEIVER);
        args.push("receiver/record.json");
        let (code, stdout, stderr) = output(&args);
        assert_eq!(code, 1, "{format}: {stderr}");
        for expected in CODES {
            assert!(
                stdout.contains(expected),
                "{format} lacks {expected}:\n{stdout}"
            );
        }
        if format == "text" {
            insta::assert_snapshot!(stdout);
        }
    }
}

#[test]
fn a_clean_record_passes_the_receiver_level() {
    let mut args = vec!["validate"];
    args.extend(&RECEIVER[..2]);
    args.extend(&RECEIVER[4..]);
    args.push("receiver/clean.json");
    let (code, stdout, _) = output(&args);
    assert_eq!(code, 0, "{stdout}");
}

#[test]
fn receiver_options_imply_the_receiver_level() {
    let (code, stdout, _) = output(&[
        "validate",
        "--artifacts",
        "receiver/artifacts",
        "--format",
        "json",
        "receiver/record.json",
    ]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(doc["level"], "receiver");
    // Bad receiver arguments are usage errors.
    assert_eq!(
        output(&["validate", "--now", "yesterday", "valid.json"]).0,
        2
    );
    assert_eq!(
        output(&["validate", "--artifacts", "no/such/folder", "valid.json"]).0,
        2
    );
}

#[test]
fn the_brief_in_both_formats() {
    let mut args = vec!["receive", "receiver/record.json"];
    args.extend(&RECEIVER[..8]);
    let (code, markdown, stderr) = output(&args);
    assert_eq!(code, 1, "{stderr}");
    for expected in [
        "## 1. Objective",
        "## 2. State",
        "### Claimed complete (not verified)",
        "DIGEST MISMATCH",
        "artifact missing",
        "unsafe artifact path",
        "**This is not you**",
        "**This date has passed.**",
        "resolved by revision 1, which is available",
        "resolved by revision 5, **which is not available: do not treat it as evidence**",
        "HCR304",
    ] {
        assert!(
            markdown.contains(expected),
            "the brief lacks {expected:?}:\n{markdown}"
        );
    }
    insta::assert_snapshot!("brief_markdown", markdown);

    args.extend(["--format", "json"]);
    let (code, json, _) = output(&args);
    assert_eq!(code, 1);
    let brief: Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(brief["ready"], false);
    let statuses: Vec<&str> = brief["evidence"]
        .as_array()
        .expect("evidence")
        .iter()
        .map(|e| e["status"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        statuses,
        ["verified", "mismatch", "missing", "unsafe", "not-digested"]
    );
    insta::assert_snapshot!("brief_json", json);
}

#[test]
fn a_verified_record_gets_a_ready_brief() {
    let (code, markdown, _) = output(&[
        "receive",
        "receiver/clean.json",
        "--artifacts",
        "receiver/artifacts",
        "--revisions",
        "receiver/revisions",
        "--as",
        "agent:release",
        "--now",
        "2026-12-01T00:00:00Z",
    ]);
    assert_eq!(code, 0, "{markdown}");
    assert!(markdown.contains("### Verified complete\n\n- Built the release."));
    assert!(markdown.contains("This is you."));
}

#[test]
fn the_brief_never_repeats_a_secret_or_renders_record_markup() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut record: Value = serde_json::from_slice(
        &std::fs::read(fixtures().join("receiver/clean.json")).expect("fixture"),
    )
    .expect("JSON");
    record["objective"]["summary"] =
        "[click me](https://evil.example) <script>alert(1)</script> \u{1b}[2J".into();
    let markup = dir.path().join("markup.json");
    std::fs::write(&markup, serde_json::to_vec(&record).expect("JSON")).expect("write");
    let (_, markdown, _) = output(&["receive", markup.to_str().expect("UTF-8")]);
    assert!(
        markdown.contains("\\[click me\\](https:\\/\\/evil.example) \\<script\\>"),
        "{markdown}"
    );
    assert!(!markdown.contains('\u{1b}'));

    record["unverified"] = Value::Null;
    record["currentState"]["unverified"] = serde_json::json!(["token=Qx8Rk2LmQ9vT4zN7wP1yS3dF"]);
    let secret = dir.path().join("secret.json");
    std::fs::write(&secret, serde_json::to_vec(&record).expect("JSON")).expect("write");
    let (code, stdout, stderr) = output(&["receive", secret.to_str().expect("UTF-8")]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("HCR204") && stderr.contains("no brief"),
        "{stdout}{stderr}"
    );
    assert!(
        !stdout.contains("Qx8Rk2LmQ9vT4zN7wP1yS3dF")
            && !stderr.contains("Qx8Rk2LmQ9vT4zN7wP1yS3dF")
    );
}

#[test]
fn digest_hashes_files_like_sha256sum() {
    let (code, stdout, _) = output(&["digest", "receiver/artifacts/logs/build.txt", "valid.json"]);
    assert_eq!(code, 0);
    let first = stdout.lines().next().expect("a line");
    assert_eq!(
        first,
        "5c3d57cf803c92ff537694cda191d9c10c44f33c39eaf5f45e91e34f6413e254  receiver/artifacts/logs/build.txt"
    );
    let (code, _, stderr) = output(&["digest", "missing.bin"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("missing.bin"));
}

#[test]
fn digest_fill_shows_then_writes_only_missing_digests() {
    let dir = tempfile::tempdir().expect("tempdir");
    let record = dir.path().join("unfilled.json");
    let original =
        std::fs::read_to_string(fixtures().join("receiver/unfilled.json")).expect("fixture");
    std::fs::write(&record, &original).expect("write");
    let record = record.to_str().expect("UTF-8");
    let artifacts = fixtures().join("receiver/artifacts");
    let artifacts = artifacts.to_str().expect("UTF-8");

    let (code, stdout, _) = output(&["digest", "--fill", record, "--artifacts", artifacts]);
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.contains("/evidence/0 `logs/build.txt`: would add 5c3d57cf"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(record).expect("read"),
        original,
        "a dry run writes nothing"
    );

    let (code, stdout, _) = output(&[
        "digest",
        "--fill",
        record,
        "--artifacts",
        artifacts,
        "--write",
    ]);
    assert_eq!(code, 0, "{stdout}");
    let written = std::fs::read_to_string(record).expect("read");
    let expected = original
        .replace(
            "\"artifactRef\": \"logs/build.txt\"\n",
            "\"artifactRef\": \"logs/build.txt\",\n      \"sha256\": \"5c3d57cf803c92ff537694cda191d9c10c44f33c39eaf5f45e91e34f6413e254\"\n",
        )
        .replace(
            "\"contentType\": \"text/plain\"\n",
            "\"contentType\": \"text/plain\",\n      \"sha256\": \"bdf2f82fa1aa60a36a6bcee5dd5d8352deceead283d77bacc79b0fdd0194dc6a\"\n",
        );
    assert_eq!(written, expected);
    // Now complete and consistent: nothing left to add.
    let (code, stdout, _) = output(&[
        "digest",
        "--fill",
        record,
        "--artifacts",
        artifacts,
        "--write",
    ]);
    assert_eq!(code, 0);
    assert_eq!(stdout.matches("unchanged").count(), 2, "{stdout}");
}

#[test]
fn digest_fill_reports_mismatches_and_refuses_invalid_records() {
    let (code, stdout, _) = output(&[
        "digest",
        "--fill",
        "receiver/record.json",
        "--artifacts",
        "receiver/artifacts",
    ]);
    assert_eq!(code, 1);
    assert!(
        stdout.contains("MISMATCH") && stdout.contains("not hashed"),
        "{stdout}"
    );
    let (code, _, stderr) = output(&[
        "digest",
        "--fill",
        "errors.json",
        "--artifacts",
        "receiver/artifacts",
    ]);
    assert_eq!(code, 2);
    assert!(stderr.contains("not a valid record"), "{stderr}");
}
