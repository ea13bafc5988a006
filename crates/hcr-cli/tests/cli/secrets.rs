//! Planted secrets never reach any output, whole or as a fragment of five characters or more
//! (their rules' public prefixes, `ghp_`, `sk_live_`, aside):
//! every format of `validate` at every level, for records that parse and records that do
//! not, JSON Lines and long lines, and every command that reads record text (`spec-handoff
//! lint`, `continue`, `diff`, `receive`, `render`, `convert`, `certify`, `digest`), on standard
//! output and standard error. Secrets are planted plain, escaped, as a key's value, as a key,
//! in a URI and split across array items.

use serde_json::{Value, json};

use crate::{fixtures, output, output_with_stdin};

/// A GitHub token, written plainly in prose.
const PLAIN: &str = "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u";
/// A Stripe key, written with JSON escapes in the source (see [`escape`]).
const ESCAPED: &str = "sk_live_51Mq8Zt4Rk2LmQ9vT4zN7wP1yS3dF5h";
/// A password given to a `password` key.
const PAIR: &str = "Qz7#mK2pX9wL4vTr";
/// A Slack token used as a key.
const KEY: &str = "xoxb-2048561234-4096123456789-Zq8RkLmQ9vT4zN7wP1yS3dFx";
/// The password of a URI.
const URI_PASSWORD: &str = "S3cr3tPassw0rdXk";
/// An AWS access key id cut in two across array items.
const SPLIT: &str = "AKIA2E0A8F3B244C9986";

const ALL: [&str; 6] = [PLAIN, ESCAPED, PAIR, KEY, URI_PASSWORD, SPLIT];

const FORMATS: [&str; 5] = ["text", "json", "sarif", "github", "junit"];
const LEVELS: [&str; 3] = ["schema", "normative", "receiver"];

/// Fails if `text` holds any five consecutive characters of a planted secret that are not
/// all its rule's public prefix (`sk_live_`, which every key of the rule starts with and a
/// message may show).
fn assert_clean(what: &str, stdout: &str, stderr: &str) {
    for secret in ALL {
        let public = hcr_validate::secrets::public_prefix(secret).chars().count();
        let chars: Vec<char> = secret.chars().collect();
        for (at, window) in chars.windows(5).enumerate() {
            if at + 5 <= public {
                continue;
            }
            let fragment: String = window.iter().collect();
            assert!(
                !stdout.contains(&fragment) && !stderr.contains(&fragment),
                "{what} repeats `{fragment}` of `{secret}`:\n{stdout}\n{stderr}"
            );
        }
    }
}

/// The valid fixture with every secret planted.
fn planted() -> Value {
    let text = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    let mut record: Value = serde_json::from_str(&text).expect("fixture parses");
    record["objective"]["summary"] = format!("Rotate the token {PLAIN} used by CI.").into();
    record["currentState"]["unverified"] = json!([
        "The split key follows.",
        &SPLIT[..9],
        &SPLIT[9..],
        format!("The billing key was {ESCAPED}."),
    ]);
    record["evidence"][0]["uri"] =
        format!("https://deploy:{URI_PASSWORD}@git.example.com/project/pulls").into();
    record["extensions"] = json!({
        "com.example/ci": {"password": PAIR, "seen": {KEY: true}},
    });
    record
}

/// `record` as pretty JSON with the escaped secret written with `\u` escapes and `\/`.
fn escape(text: &str) -> String {
    let escaped: String = ESCAPED
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                format!("\\u{:04x}", u32::from(c))
            } else {
                c.to_string()
            }
        })
        .collect();
    text.replace(ESCAPED, &escaped)
        .replace("https://", "https:\\/\\/")
}

/// Inputs: (name, bytes): pretty and one-line records, a record broken after the secrets, a
/// long line shown as a window.
fn inputs() -> Vec<(&'static str, Vec<u8>)> {
    let record = planted();
    let pretty = escape(&serde_json::to_string_pretty(&record).expect("JSON"));
    let one_line = escape(&serde_json::to_string(&record).expect("JSON"));
    let broken = format!(
        "{{\"schemaVersion\": \"1.0\", \"note\": \"{PLAIN} and password={PAIR}\", \"k\": {{\"{KEY}\": 1}}, \"s\": [\"{}\", \"{}\"], \"u\": \"https://x:{URI_PASSWORD}@h\",, }}",
        &SPLIT[..9],
        &SPLIT[9..]
    );
    let broken = escape(&broken.replace(PLAIN, &format!("{PLAIN} {ESCAPED}")));
    let mut long = record;
    long["objective"]["acceptanceCriteria"] = json!(["x".repeat(3000)]);
    long["stray"] = format!("{PLAIN} {PAIR}").into();
    let long = escape(&serde_json::to_string(&long).expect("JSON"));
    vec![
        ("pretty", pretty.into_bytes()),
        ("one line", one_line.into_bytes()),
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
fn every_command_that_reads_record_text_keeps_secrets_out() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = |name: &str| dir.path().join(name).to_string_lossy().into_owned();
    let write =
        |name: &str, text: &str| std::fs::write(dir.path().join(name), text).expect("write");
    let old = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    write("old.json", &old);
    let (_, pretty) = &inputs()[0];
    write("new.json", std::str::from_utf8(pretty).expect("UTF-8"));
    write(
        "note.txt",
        &format!("Objective: rotate the keys\nNext: use {PLAIN} with password={PAIR}\n- {KEY}\n"),
    );
    let artifact = format!(
        "---\nartifact_contract: \"spec-handoff/v1\"\ncreated_at: \"2026-11-30T09:00:00Z\"\ntitle: \"Rotate {PLAIN}\"\nsummary: \"password={PAIR}\"\nkeywords: [\"{KEY}\"]\ncwd: \"/work\"\nresume_focus: \"https://x:{URI_PASSWORD}@h\"\nbranch: \"\"\nsource_refs: []\nfreshness: \"now\"\nlimitations: []\nnote: \"{PLAIN} {PAIR}\"\n---\n\n## Notes\n\nUse {PLAIN}.\n"
    );
    write("artifact.md", &escape(&artifact));
    write(
        "bad-patch.json",
        &format!("{{\"objective\": \"{PLAIN}\" \"x\"}}"),
    );
    write(
        "patch.json",
        &serde_json::to_string(
            &json!({"objective": {"summary": PLAIN, "acceptanceCriteria": [PAIR]}}),
        )
        .expect("JSON"),
    );
    write(
        "wrong-patch.json",
        &serde_json::to_string(&json!([PLAIN, PAIR])).expect("JSON"),
    );
    write("typed-patch.json", &serde_json::to_string(&json!({"objective": PLAIN, "nextAction": {"summary": "x", "verification": "y", KEY: PAIR}})).expect("JSON"));
    std::fs::create_dir(dir.path().join("produced")).expect("mkdir");
    std::fs::write(dir.path().join("produced/r.json"), pretty).expect("write");
    std::fs::create_dir(dir.path().join("artifacts")).expect("mkdir");

    let (old, new, note, artifact) = (
        path("old.json"),
        path("new.json"),
        path("note.txt"),
        path("artifact.md"),
    );
    let (bad_patch, patch, wrong_patch) = (
        path("bad-patch.json"),
        path("patch.json"),
        path("wrong-patch.json"),
    );
    let typed_patch = path("typed-patch.json");
    let (produced, artifacts, target) = (
        path("produced"),
        path("artifacts"),
        dir.path().to_string_lossy().into_owned(),
    );
    let mut runs: Vec<Vec<&str>> = vec![
        vec!["diff", &old, &new],
        vec!["diff", "--format", "json", &old, &new],
        vec!["diff", "--format", "markdown", &old, &new],
        vec!["diff", &new, &old],
        vec!["diff", "--format", "markdown", &new, &old],
        vec!["receive", &new],
        vec!["receive", "--format", "json", &new],
        vec!["fix", "--diff", "--unsafe-fixes", &new],
        vec!["fix", "--check", "--format", "json", &new],
        vec!["render", "--as", "goal-handover", &new],
        vec!["render", "--as", "untrusted-block", &new],
        vec!["render", "--as", "markdown", &new],
        vec!["convert", "--from", "goal-handover", &note],
        vec!["convert", "--from", "spec-handoff", &artifact],
        vec![
            "convert",
            "--to",
            "spec-handoff",
            &new,
            "--target-repo",
            &target,
        ],
        vec!["continue", &new, "--first", "--by", "agent:x"],
        vec![
            "continue", &old, "--first", "--by", "agent:x", "--patch", &bad_patch,
        ],
        vec![
            "continue", &old, "--first", "--by", "agent:x", "--patch", &patch,
        ],
        vec![
            "continue",
            &old,
            "--first",
            "--by",
            "agent:x",
            "--patch",
            &wrong_patch,
        ],
        vec![
            "continue",
            &old,
            "--first",
            "--by",
            "agent:x",
            "--patch",
            &typed_patch,
        ],
        vec!["certify", "--producer", &produced],
        vec!["certify", "--producer", &produced, "--format", "json"],
        vec!["digest", "--fill", &new, "--artifacts", &artifacts],
    ];
    for format in FORMATS {
        runs.push(vec!["spec-handoff", "lint", "--format", format, &artifact]);
    }
    for args in runs {
        let (_, stdout, stderr) = output(&args);
        assert_clean(&args.join(" "), &stdout, &stderr);
    }
    // The diff still says what changed, with the secrets redacted.
    let (_, stdout, _) = output(&["diff", &old, &new]);
    assert!(stdout.contains("redacted"), "{stdout}");
}
