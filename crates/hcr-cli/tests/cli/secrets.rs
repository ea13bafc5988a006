//! Planted secrets never reach any output: every format of `validate` at every level, for
//! records that parse, records that do not, secrets used as keys, JSON Lines and long lines,
//! and the commands that repeat record text (`diff`, `receive`, `render`, `convert`).

use serde_json::Value;

use crate::{fixtures, output, output_with_stdin};

/// The secrets, each one of a different kind, and the part of each that must never appear.
const SECRETS: [(&str, &str); 6] = [
    (
        "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u",
        "R7vQ2mX9kL4pN8sT1wY6",
    ),
    ("AKIAQ3EXAMPLE7ZK2P4W", "Q3EXAMPLE7ZK2P4W"),
    ("password=Hunter2x9Qzz", "Hunter2x9Qzz"),
    (
        "https://deploy:S3cr3tPassw0rdX@ci.example.com/x",
        "S3cr3tPassw0rdX",
    ),
    (
        "xoxb-2048-4096-Zq8RkLmQ9vT4zN7wP1yS3dFx",
        "Zq8RkLmQ9vT4zN7wP1yS3dFx",
    ),
    (
        "sk_live_4eC39HqLyjWDarjtT1zdp7dcQ",
        "4eC39HqLyjWDarjtT1zdp7dcQ",
    ),
];

const FORMATS: [&str; 5] = ["text", "json", "sarif", "github", "junit"];
const LEVELS: [&str; 3] = ["schema", "normative", "receiver"];

fn assert_clean(what: &str, stdout: &str, stderr: &str) {
    for (_, tell) in SECRETS {
        assert!(
            !stdout.contains(tell) && !stderr.contains(tell),
            "{what} repeats `{tell}`:\n{stdout}\n{stderr}"
        );
    }
}

fn all_secrets() -> String {
    SECRETS.map(|(s, _)| s).join(" and ")
}

/// The valid fixture with every secret planted in several places, and a stray property on
/// the same line so that its diagnostic shows that line.
fn planted() -> Value {
    let text = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    let mut record: Value = serde_json::from_str(&text).expect("fixture parses");
    record["objective"]["summary"] = format!("Rotate {}", all_secrets()).into();
    record["currentState"]["unverified"] = serde_json::json!([all_secrets()]);
    record["extensions"] =
        serde_json::json!({ "com.example/notes": { SECRETS[0].0: SECRETS[2].0 } });
    record
}

/// Inputs: (name, bytes): one-line and pretty records, a secret as an unknown key, a record
/// broken right after the secrets, and a long line shown as a window.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let record = planted();
    let one_line = serde_json::to_string(&record).expect("JSON");
    let pretty = serde_json::to_string_pretty(&record).expect("JSON");
    let mut keyed = record.clone();
    keyed[SECRETS[1].0] = Value::from(1);
    let keyed = serde_json::to_string_pretty(&keyed).expect("JSON");
    let broken = format!(
        "{{\"schemaVersion\": \"1.0\", \"note\": \"{}\",, }}",
        all_secrets()
    );
    let mut long = record;
    long["objective"]["acceptanceCriteria"] = serde_json::json!(["x".repeat(3000)]);
    long["stray"] = all_secrets().into();
    let long = serde_json::to_string(&long).expect("JSON");
    vec![
        ("one line", one_line.into_bytes()),
        ("pretty", pretty.into_bytes()),
        ("secret key", keyed.into_bytes()),
        ("broken", broken.into_bytes()),
        ("long line", long.into_bytes()),
    ]
}

#[test]
fn validate_never_prints_a_secret_in_any_format_or_level() {
    for (name, bytes) in inputs() {
        for format in FORMATS {
            for level in LEVELS {
                let args = ["validate", "--format", format, "--level", level, "-"];
                let (code, stdout, stderr) = output_with_stdin(&args, Some(&bytes));
                // Secrets are a normative rule: at the schema level a record may pass.
                assert!(
                    code == 1 || (code == 0 && level == "schema"),
                    "{name} {format} {level}: {stdout}{stderr}"
                );
                assert_clean(&format!("{name} {format} {level}"), &stdout, &stderr);
            }
        }
        // The same input as a line of JSON Lines, when it is one line.
        if !bytes.contains(&b'\n') {
            for format in FORMATS {
                let args = ["validate", "--jsonl", "--format", format, "-"];
                let (_, stdout, stderr) = output_with_stdin(&args, Some(&bytes));
                assert_clean(&format!("{name} jsonl {format}"), &stdout, &stderr);
            }
        }
    }
}

#[test]
fn commands_that_repeat_record_text_never_print_a_secret() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let old = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    std::fs::write(path("old.json"), &old).expect("write");
    let new = serde_json::to_string_pretty(&planted()).expect("JSON");
    std::fs::write(path("new.json"), &new).expect("write");
    let note = format!("Objective: rotate the keys\nNext: use {}\n", all_secrets());
    std::fs::write(path("note.txt"), &note).expect("write");

    let (old, new, note) = (path("old.json"), path("new.json"), path("note.txt"));
    let runs: Vec<Vec<&str>> = vec![
        vec!["diff", &old, &new],
        vec!["diff", "--format", "json", &old, &new],
        vec!["diff", "--format", "markdown", &old, &new],
        vec!["diff", &new, &old],
        vec!["receive", &new],
        vec!["render", "--as", "goal-handover", &new],
        vec!["render", "--as", "untrusted-block", &new],
        vec!["render", "--as", "markdown", &new],
        vec!["convert", "--from", "goal-handover", &note],
        vec!["continue", &new, "--first", "--by", "agent:x:agent"],
    ];
    for args in runs {
        let (_, stdout, stderr) = output(&args);
        assert_clean(&args.join(" "), &stdout, &stderr);
    }
    // The diff still says what changed, with the secrets redacted.
    let (_, stdout, _) = output(&["diff", &old, &new]);
    assert!(stdout.contains("redacted"), "{stdout}");
}
