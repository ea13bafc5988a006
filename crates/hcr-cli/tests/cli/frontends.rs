//! The front ends' table (`tests/frontends/requests.json` at the repository's root) through
//! the CLI and the MCP `validate` tool, and `hcr receive` where the level in force is the
//! receiver's: each request gets the table's answer from each, a verdict with its distinct
//! codes or a refusal with each one's message. The Python package's
//! tests send the same table through all three (`crates/hcr-python/tests/test_frontends.py`).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use assert_cmd::Command;
use hcr_mcp::roots::Roots;
use hcr_mcp::tools::{self, Failure, State};
use serde_json::{Value, json};

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// One front end's answer, brought to one shape.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    Checked {
        valid: bool,
        codes: BTreeSet<String>,
    },
    Refused {
        kind: String,
        message: String,
    },
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("a folder");
    for entry in std::fs::read_dir(from).expect("readable") {
        let path = entry.expect("an entry").path();
        let target = to.join(path.file_name().expect("a name"));
        if path.is_dir() {
            copy_dir(&path, &target);
        } else {
            std::fs::copy(&path, &target).expect("copied");
        }
    }
}

/// The examples and the table's records, with the request's hcr.toml if it has one.
fn workspace(request: &Value, tmp: &Path) -> PathBuf {
    let folder = tmp.join("work");
    copy_dir(&repository().join("protocol/v1/examples"), &folder);
    copy_dir(&repository().join("tests/frontends/records"), &folder);
    if let Some(config) = request["config"].as_str() {
        std::fs::write(folder.join("hcr.toml"), config).expect("written");
    }
    folder
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn checked(result: &Value) -> Answer {
    Answer::Checked {
        valid: result["valid"].as_bool().expect("a verdict"),
        codes: result["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| d["code"].as_str().expect("a code").to_owned())
            .collect(),
    }
}

/// The request's receiver inputs and selection as the CLI's options.
fn options(request: &Value, args: &mut Vec<String>) {
    for (key, option) in [
        ("artifacts", "--artifacts"),
        ("revisions", "--revisions"),
        ("now", "--now"),
        ("as", "--as"),
    ] {
        if let Some(value) = request["receiver"][key].as_str() {
            args.extend([option.into(), value.into()]);
        }
    }
    for action in ["select", "ignore", "warn", "error"] {
        for targets in strings(&request[action]) {
            args.extend([format!("--{action}"), targets]);
        }
    }
}

/// `hcr ARGS` run in `folder`.
fn hcr(args: &[String], folder: &Path) -> std::process::Output {
    Command::cargo_bin("hcr")
        .expect("the hcr binary")
        .args(args)
        .current_dir(folder)
        .env("CI", "true")
        .output()
        .expect("hcr runs")
}

fn through_cli(request: &Value, folder: &Path) -> Answer {
    let mut args: Vec<String> = vec!["validate".into(), "--format".into(), "json".into()];
    if request.get("config").is_none() {
        args.push("--no-config".into());
    }
    if let Some(level) = request["level"].as_str() {
        args.extend(["--level".into(), level.into()]);
    }
    options(request, &mut args);
    if request["deny_warnings"].as_bool() == Some(true) {
        args.push("--deny-warnings".into());
    }
    args.push(request["record"].as_str().expect("a record").into());
    let out = hcr(&args, folder);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(2) => {
            assert!(out.stdout.is_empty(), "{args:?}");
            // The exit status does not tell a wrong request from an unreadable folder: the
            // table's kind is taken, and the message must be the table's.
            Answer::Refused {
                kind: request["expect"]["refused"]
                    .as_str()
                    .unwrap_or("?")
                    .to_owned(),
                message: stderr,
            }
        }
        Some(code @ (0 | 1)) => {
            let document: Value = serde_json::from_slice(&out.stdout).expect("JSON");
            let results = document["results"].as_array().expect("results");
            assert_eq!(results.len(), 1, "{args:?}");
            let answer = checked(&results[0]);
            assert_eq!(
                code == 0,
                matches!(answer, Answer::Checked { valid: true, .. })
            );
            answer
        }
        other => panic!("{args:?}: exit {other:?}: {stderr}"),
    }
}

/// Whether `hcr receive` takes the request: the level in force is the receiver's (asked for,
/// implied by receiver inputs, or configured), no other level is asked for, and warnings are
/// not denied (a brief is ready when no check is an error; `receive` has no
/// `--deny-warnings`).
fn receivable(request: &Value) -> bool {
    let config = request["config"].as_str().unwrap_or_default();
    if request.get("deny_warnings").is_some() || config.contains("deny-warnings") {
        return false;
    }
    let configured = config.contains("level = \"receiver\"");
    match request["level"].as_str() {
        Some(level) => level == "receiver",
        None => request.get("receiver").is_some() || configured,
    }
}

/// `hcr receive --format json`: the brief's readiness and checks, or the report of a record
/// that gets none, under the same configuration and selection as `hcr validate`.
fn through_receive(request: &Value, folder: &Path) -> Answer {
    let mut args: Vec<String> = vec!["receive".into(), "--format".into(), "json".into()];
    if request.get("config").is_none() {
        args.push("--no-config".into());
    }
    options(request, &mut args);
    args.push(request["record"].as_str().expect("a record").into());
    let out = hcr(&args, folder);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(2) => Answer::Refused {
            kind: request["expect"]["refused"]
                .as_str()
                .unwrap_or("?")
                .to_owned(),
            message: stderr,
        },
        Some(code @ (0 | 1)) => {
            let document: Value = serde_json::from_slice(&out.stdout).expect("JSON");
            let answer = match document.get("ready") {
                Some(ready) => Answer::Checked {
                    valid: ready.as_bool().expect("a verdict"),
                    codes: document["checks"]
                        .as_array()
                        .expect("checks")
                        .iter()
                        .map(|d| d["code"].as_str().expect("a code").to_owned())
                        .collect(),
                },
                None => checked(&document["results"][0]),
            };
            assert_eq!(
                code == 0,
                matches!(answer, Answer::Checked { valid: true, .. }),
                "{args:?}"
            );
            answer
        }
        other => panic!("{args:?}: exit {other:?}: {stderr}"),
    }
}

fn through_mcp(request: &Value, folder: &Path) -> Answer {
    let state = State {
        roots: Roots::open(&[folder.to_path_buf()]).expect("the root opens"),
        allow_write: false,
        max_input_bytes: 16 << 20,
    };
    let mut arguments = json!({ "paths": [request["record"]] });
    for key in [
        "level",
        "receiver",
        "select",
        "ignore",
        "warn",
        "error",
        "deny_warnings",
    ] {
        if let Some(value) = request.get(key) {
            arguments[key] = value.clone();
        }
    }
    match tools::call(&state, "validate", arguments) {
        Ok(output) => {
            let results = output.structured["results"].as_array().expect("results");
            assert_eq!(results.len(), 1);
            let answer = checked(&results[0]);
            assert_eq!(
                output.is_error,
                matches!(answer, Answer::Checked { valid: false, .. })
            );
            answer
        }
        Err(Failure::Arguments(message)) => Answer::Refused {
            kind: "usage".into(),
            message,
        },
        Err(Failure::Tool(message)) => Answer::Refused {
            kind: "io".into(),
            message,
        },
        Err(Failure::UnknownTool(message)) => panic!("{message}"),
    }
}

#[test]
fn the_cli_and_the_mcp_tool_answer_every_request_as_the_table_says() {
    let text = std::fs::read_to_string(repository().join("tests/frontends/requests.json"))
        .expect("the table");
    let table: Value = serde_json::from_str(&text).expect("JSON");
    let requests = table["requests"].as_array().expect("requests");
    assert!(requests.len() >= 20, "the whole table");
    for request in requests {
        let id = request["id"].as_str().expect("an id");
        let mut frontends = match request.get("frontends") {
            Some(list) => strings(list),
            None => vec!["cli".into(), "mcp".into(), "python".into()],
        };
        if receivable(request) {
            frontends.push("receive".into());
        }
        let tmp = tempfile::tempdir().expect("tempdir");
        let folder = workspace(request, tmp.path());
        let expect = &request["expect"];
        for frontend in frontends.iter().filter(|f| *f != "python") {
            let answer = match frontend.as_str() {
                "cli" => through_cli(request, &folder),
                "mcp" => through_mcp(request, &folder),
                "receive" => through_receive(request, &folder),
                other => panic!("{id}: no front end `{other}`"),
            };
            match (&answer, expect["refused"].as_str()) {
                (Answer::Refused { kind, message }, Some(wanted)) => {
                    assert_eq!(kind, wanted, "{id}: {frontend}: {message}");
                    // `hcr receive` says what `hcr validate` says.
                    let said = if frontend == "receive" {
                        "cli"
                    } else {
                        frontend
                    };
                    let text = expect["message"][said]
                        .as_str()
                        .unwrap_or_else(|| panic!("{id}: a message for {frontend}"));
                    assert!(message.contains(text), "{id}: {frontend}: {message}");
                }
                (Answer::Checked { valid, codes }, None) => {
                    let wanted: BTreeSet<String> = strings(&expect["codes"]).into_iter().collect();
                    assert_eq!(
                        (*valid, codes),
                        (expect["valid"].as_bool().expect("a verdict"), &wanted),
                        "{id}: {frontend}"
                    );
                }
                (answer, _) => panic!("{id}: {frontend}: {answer:?}, not {expect}"),
            }
        }
    }
}
