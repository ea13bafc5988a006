//! The tools without the protocol: a table of calls and what each must answer (a result, a
//! failed result, a tool error or a request error), then the project configuration's bounds.

use std::path::Path;

use hcr_mcp::params::ValidateParams;
use hcr_mcp::roots::Roots;
use hcr_mcp::tools::{self, Failure, Output, State};
use serde_json::{Value, json};

/// What a call must answer.
#[derive(Debug, PartialEq, Eq)]
enum Answer {
    /// A result that is not an error.
    Passes,
    /// A result marked as an error (an invalid record, a refused brief).
    Fails,
    /// A tool error (the tool could not do it).
    ToolError,
    /// A JSON-RPC invalid-params error (the request is wrong).
    RequestError,
}

fn answer(result: Result<Output, Failure>) -> Answer {
    match result {
        Ok(output) if output.is_error => Answer::Fails,
        Ok(_) => Answer::Passes,
        Err(Failure::Tool(_)) => Answer::ToolError,
        Err(Failure::Request(_)) => Answer::RequestError,
    }
}

fn examples() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol/v1/examples")
}

fn state(root: &Path, allow_write: bool) -> State {
    State {
        roots: Roots::open(&[root.to_path_buf()]).expect("the root opens"),
        allow_write,
        max_input_bytes: 1 << 20,
    }
}

fn record(name: &str) -> String {
    std::fs::read_to_string(examples().join(name)).expect("an example")
}

/// Calls the tool `name` with `arguments` read as its MCP arguments are.
fn call(state: &State, name: &str, arguments: Value) -> Answer {
    fn read<T: serde::de::DeserializeOwned>(arguments: Value) -> Result<T, Failure> {
        serde_json::from_value(arguments).map_err(|e| Failure::Request(e.to_string()))
    }
    answer(match name {
        "validate" => read(arguments).and_then(|p| tools::validate(state, p)),
        "explain" => read(arguments).and_then(|p| tools::explain(&p)),
        "receive" => read(arguments).and_then(|p| tools::receive(state, &p)),
        "continue" => read(arguments).and_then(|p| tools::continue_record(state, p)),
        "diff" => read(arguments).and_then(|p| tools::diff(state, &p)),
        "render" => read(arguments).and_then(|p| tools::render_record(state, &p)),
        "convert" => read(arguments).and_then(|p| tools::convert(state, &p)),
        "digest" => read(arguments).and_then(|p| tools::digest(state, &p)),
        other => panic!("no tool {other}"),
    })
}

#[test]
fn every_call_gets_the_answer_it_must() {
    use Answer::{Fails, Passes, RequestError, ToolError};
    let state = state(&examples(), false);
    let text = record("bug-fix.json");
    let huge = "x".repeat((1 << 20) + 1);
    let cases = [
        ("validate", json!({"record": text}), Passes),
        ("validate", json!({"record": "{}"}), Fails),
        ("validate", json!({"record": "\u{0}garbage"}), Fails),
        ("validate", json!({"paths": ["."]}), Passes),
        (
            "validate",
            json!({"record": text, "paths": ["."]}),
            RequestError,
        ),
        ("validate", json!({}), RequestError),
        (
            "validate",
            json!({"record": text, "select": ["HCR999"]}),
            RequestError,
        ),
        (
            "validate",
            json!({"record": text, "level": "normative", "receiver": {}}),
            RequestError,
        ),
        (
            "validate",
            json!({"record": text, "receiver": {"now": "yesterday"}}),
            RequestError,
        ),
        (
            "validate",
            json!({"record": text, "colour": "always"}),
            RequestError,
        ),
        ("validate", json!({"paths": ["missing.json"]}), ToolError),
        ("validate", json!({"paths": [".."]}), ToolError),
        ("validate", json!({"record": huge}), RequestError),
        ("validate", json!({"paths": ["artifacts/logs"]}), ToolError),
        ("explain", json!({"code": "secret-in-record"}), Passes),
        ("explain", json!({"code": "HCR000"}), RequestError),
        ("receive", json!({"path": "bug-fix.json"}), Passes),
        ("receive", json!({"record": "[]"}), Fails),
        (
            "receive",
            json!({"record": text, "path": "bug-fix.json"}),
            RequestError,
        ),
        ("receive", json!({}), RequestError),
        (
            "continue",
            json!({"path": "bug-fix.json", "by": "agent:x"}),
            Passes,
        ),
        (
            "continue",
            json!({"path": "bug-fix.json", "by": "agent:x", "write": "next.json"}),
            ToolError,
        ),
        (
            "continue",
            json!({"path": "minimal.json", "by": "agent:x"}),
            ToolError,
        ),
        (
            "continue",
            json!({"path": "bug-fix.json", "by": "agent:x", "patch": {"recordId": "other"}}),
            ToolError,
        ),
        (
            "continue",
            json!({"path": "bug-fix.json", "by": "agent:x", "patch": {"nextAction": {"summary": "x"}}}),
            ToolError,
        ),
        (
            "continue",
            json!({"path": "bug-fix.json", "by": "agent:x", "now": "soon"}),
            RequestError,
        ),
        (
            "diff",
            json!({"old": {"path": "bug-fix.json"}, "new": {"path": "bug-fix.json"}}),
            Passes,
        ),
        (
            "diff",
            json!({"old": {"path": "bug-fix.json"}, "new": {"record": "{}"}}),
            Fails,
        ),
        (
            "render",
            json!({"path": "minimal.json", "as": "markdown"}),
            Passes,
        ),
        ("render", json!({"record": "{}", "as": "markdown"}), Fails),
        (
            "render",
            json!({"path": "minimal.json", "as": "pdf"}),
            RequestError,
        ),
        (
            "convert",
            json!({"record": text, "from": "handoff-md", "to": "handover-brief"}),
            RequestError,
        ),
        (
            "convert",
            json!({"record": "  \n", "from": "goal-handover"}),
            ToolError,
        ),
        (
            "convert",
            json!({"record": "State: half done.", "from": "goal-handover"}),
            Fails,
        ),
        (
            "convert",
            json!({"path": "bug-fix.json", "to": "spec-handoff"}),
            RequestError,
        ),
        (
            "convert",
            json!({"path": "bug-fix.json", "to": "spec-handoff", "target_repo": ".", "write": true}),
            ToolError,
        ),
        (
            "convert",
            json!({"path": "bug-fix.json", "to": "spec-handoff", "target_repo": "."}),
            Passes,
        ),
        ("digest", json!({}), RequestError),
        ("digest", json!({"files": ["artifacts"]}), Fails),
        ("digest", json!({"fill": "bug-fix.json"}), RequestError),
        (
            "digest",
            json!({"fill": "bug-fix.json", "artifacts": "artifacts", "write": true}),
            ToolError,
        ),
        (
            "digest",
            json!({"fill": "extensions-and-digests.json", "artifacts": "artifacts"}),
            Passes,
        ),
    ];
    let wrong: Vec<String> = cases
        .into_iter()
        .filter_map(|(tool, arguments, want)| {
            let shown = arguments.to_string();
            let got = call(&state, tool, arguments);
            (got != want).then(|| format!("{tool} {:.120}: {got:?}, expected {want:?}", shown))
        })
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");
}

#[test]
fn the_projects_configuration_is_read_only_beneath_the_root() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    // `.git` makes the folder a repository root, where discovery stops.
    std::fs::create_dir_all(dir.path().join(".git")).expect("a repository");
    std::fs::create_dir_all(dir.path().join("inner")).expect("a folder");
    let ignore = "ignore = [\"HCR101\"]\n";
    std::fs::write(dir.path().join("hcr.toml"), ignore).expect("a configuration");
    let text = Some(r#"{"schemaVersion": "1.0"}"#.to_owned());
    let codes = |state: &State| {
        let output = tools::validate(
            state,
            ValidateParams {
                record: text.clone(),
                ..Default::default()
            },
        )
        .map_err(|_| "validate answers")
        .expect("validate answers");
        output.structured["results"][0]["diagnostics"]
            .as_array()
            .map(|d| d.iter().filter(|d| d["code"] == "HCR101").count())
            .unwrap_or(0)
    };
    // The configuration lies above the root `inner`: it is not the server's to read.
    assert!(codes(&state(&dir.path().join("inner"), false)) > 0);
    // Beneath the root, it applies.
    assert_eq!(codes(&state(dir.path(), false)), 0);
}
