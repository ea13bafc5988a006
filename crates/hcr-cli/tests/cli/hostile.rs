//! Malformed, huge, binary and deeply nested inputs; terminal escapes; closed pipes.

use std::io::Read;
use std::process::Stdio;

use crate::{fixtures, output, output_with_stdin};

#[test]
fn malformed_binary_deep_and_huge_inputs_get_a_diagnostic() {
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("HCR001", b"{\"a\": tru}".to_vec()),
        ("HCR001", Vec::new()),
        (
            "HCR004",
            vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, b'J', b'F', b'I', b'F'],
        ),
        ("HCR004", b"\xEF\xBB\xBF{}".to_vec()),
        ("HCR003", "[".repeat(200_000).into_bytes()),
        ("HCR003", format!("[{}1]", "1,".repeat(20_000)).into_bytes()),
    ];
    for (code, bytes) in cases {
        let (status, stdout, stderr) =
            output_with_stdin(&["validate", "--format", "json", "-"], Some(&bytes));
        assert_eq!(status, 1, "{code}: {stderr}");
        assert!(
            stdout.contains(&format!("\"code\":\"{code}\"")),
            "{code}: {stdout}"
        );
    }
    let (status, stdout, _) = output_with_stdin(
        &[
            "validate",
            "--max-record-bytes",
            "100",
            "--format",
            "json",
            "-",
        ],
        Some(&[b' '; 5000]),
    );
    assert_eq!(status, 1);
    assert!(
        stdout.contains("HCR003") && stdout.contains("--max-record-bytes"),
        "{stdout}"
    );
}

#[test]
fn a_large_file_is_refused_from_its_size() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("big.json");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(200 * 1024 * 1024).expect("sparse 200 MB file");
    let (status, stdout, _) = output(&[
        "validate",
        "--format",
        "json",
        path.to_str().expect("UTF-8"),
    ]);
    assert_eq!(status, 1);
    assert!(
        stdout.contains("the record is 209715200 bytes long"),
        "{stdout}"
    );
}

#[test]
fn record_text_cannot_drive_the_terminal() {
    let dir = tempfile::tempdir().expect("tempdir");
    let valid = std::fs::read_to_string(fixtures().join("valid.json")).expect("fixture");
    // Valid JSON: a bidi override raw in a string, an escape sequence escaped in a key.
    let escaped = valid
        .replace(
            "\"Only maintainers publish notes.\"",
            "\"\u{202e}evil \\u001b]0;x\\u0007\"",
        )
        .replace(
            "\"recordId\": \"cli-fixture\",",
            "\"recordId\": \"cli-fixture\", \"x\\u001b[31m\u{202e}\": 1,",
        );
    std::fs::write(dir.path().join("escaped.json"), escaped).expect("write");
    // Not JSON: a raw escape character in a string, which the excerpt shows.
    let raw = valid.replace(
        "\"Only maintainers publish notes.\"",
        "\"\u{1b}[2J\u{202e}\"",
    );
    std::fs::write(dir.path().join("raw.json"), raw).expect("write");
    for (file, code) in [("escaped.json", "HCR102"), ("raw.json", "HCR001")] {
        let path = dir.path().join(file);
        for format in ["text", "github"] {
            let (_, stdout, _) = output(&[
                "validate",
                "--color",
                "never",
                "--format",
                format,
                path.to_str().expect("UTF-8"),
            ]);
            assert!(stdout.contains(code), "{stdout}");
            for forbidden in ['\u{1b}', '\u{202e}', '\u{7}'] {
                assert!(
                    !stdout.contains(forbidden),
                    "{forbidden:?} reached the terminal:\n{stdout}"
                );
            }
        }
    }
    let (_, stdout, _) = output(&[
        "validate",
        dir.path().join("escaped.json").to_str().expect("UTF-8"),
    ]);
    assert!(
        stdout.contains("x\\u{1b}[31m\\u{202e}"),
        "escaped in messages: {stdout}"
    );
}

#[test]
fn colour_follows_the_option() {
    let (_, always, _) = output(&["validate", "--color", "always", "errors.json"]);
    assert!(always.contains('\u{1b}'));
    let (_, never, _) = output(&["validate", "--color", "never", "errors.json"]);
    assert!(!never.contains('\u{1b}'));
}

#[cfg(unix)]
#[test]
fn fifos_are_not_opened_for_reading() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fifo = dir.path().join("pipe.json");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let (code, stdout, _) = output(&["validate", fifo.to_str().expect("UTF-8")]);
    assert_eq!(code, 2);
    assert!(
        stdout.contains("error[HCR005]") && stdout.contains("a FIFO"),
        "{stdout}"
    );
}

#[test]
fn a_closed_output_ends_quietly_and_never_passes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let one_line = |fixture: &str| {
        std::fs::read_to_string(fixtures().join(fixture))
            .expect("fixture")
            .replace('\n', " ")
    };
    // Closed after the first bytes: 1 when an invalid record was already seen, 3 (the run did
    // not finish) when none was; never 0, so that `set -o pipefail` fails the step.
    for (fixture, expected) in [("errors.json", 1), ("valid.json", 3)] {
        let line = one_line(fixture);
        let many: String = std::iter::repeat_n(format!("{line}\n"), 20_000).collect();
        let path = dir.path().join("many.jsonl");
        std::fs::write(&path, many).expect("write");
        let format = if fixture == "valid.json" {
            "json"
        } else {
            "text"
        };
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("hcr"))
            .args([
                "validate",
                "--jsonl",
                "--format",
                format,
                path.to_str().expect("UTF-8"),
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawns");
        let mut stdout = child.stdout.take().expect("piped");
        let mut first = [0u8; 64];
        stdout.read_exact(&mut first).expect("some output");
        drop(stdout);
        let status = child.wait().expect("exits");
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .expect("piped")
            .read_to_string(&mut stderr)
            .expect("stderr");
        assert!(stderr.is_empty(), "{stderr}");
        assert_eq!(status.code(), Some(expected), "{fixture}");
    }
}
