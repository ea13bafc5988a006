//! `hcr mcp` driven by a real client: `rmcp`'s, over the child process's standard input and
//! output. Every tool's happy path, resources and prompts, and the server's rules: paths
//! beneath the roots only, no write without `--allow-write`, no secret echoed, a too-large
//! argument refused by JSON-RPC while the server keeps serving, garbage on standard input.

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, CallToolResult, GetPromptRequestParams, ReadResourceRequestParams,
    ResourceContents,
};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::TokioChildProcess;
use serde_json::{Value, json};

type Client = RunningService<RoleClient, ()>;

/// The protocol examples: valid records, and their artifacts folder.
fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../protocol/v1/examples")
}

fn hcr_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_hcr"))
}

/// Starts `hcr mcp` with `args` (from the folder `cwd`) and connects.
async fn start(cwd: &Path, args: &[&str]) -> Client {
    let mut command = tokio::process::Command::new(hcr_binary());
    command.arg("mcp").args(args).current_dir(cwd);
    let transport = TokioChildProcess::builder(command)
        .stderr(Stdio::null())
        .spawn()
        .map(|(transport, _)| transport)
        .unwrap_or_else(|e| panic!("hcr mcp starts: {e}"));
    ().serve(transport)
        .await
        .unwrap_or_else(|e| panic!("the client initializes: {e}"))
}

/// Calls `name` with `arguments`.
async fn call(client: &Client, name: &'static str, arguments: Value) -> CallToolResult {
    try_call(client, name, arguments)
        .await
        .unwrap_or_else(|e| panic!("{name} answers: {e}"))
}

async fn try_call(
    client: &Client,
    name: &'static str,
    arguments: Value,
) -> Result<CallToolResult, ServiceError> {
    let Value::Object(arguments) = arguments else {
        panic!("arguments are an object");
    };
    client
        .call_tool(CallToolRequestParams::new(name).with_arguments(arguments))
        .await
}

/// The result's text content.
fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}

fn structured(result: &CallToolResult) -> &Value {
    result
        .structured_content
        .as_ref()
        .unwrap_or_else(|| panic!("a structured result: {}", text(result)))
}

fn failed(result: &CallToolResult) -> bool {
    result.is_error == Some(true)
}

fn read_example(name: &str) -> String {
    std::fs::read_to_string(examples().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[tokio::test]
async fn tools_resources_and_prompts_are_listed() {
    let client = start(&examples(), &[]).await;
    let info = client.peer_info().expect("the server introduced itself");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("hcr")
    );

    let tools = client.list_all_tools().await.expect("tools/list");
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "continue", "convert", "diff", "digest", "explain", "fix", "receive", "render",
            "rules", "validate"
        ]
    );
    for tool in &tools {
        assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
        assert!(
            tool.description.as_deref().is_some_and(|d| d.len() > 40),
            "{} is described",
            tool.name
        );
    }
    let validate = tools
        .iter()
        .find(|t| t.name == "validate")
        .expect("validate");
    assert!(validate.input_schema["properties"]["paths"].is_object());
    assert_eq!(validate.input_schema["additionalProperties"], false);

    let resources = client.list_all_resources().await.expect("resources/list");
    let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
    for uri in ["hcr://schema/v1", "hcr://rules", "hcr://explain/HCR204"] {
        assert!(uris.contains(&uri), "{uri} is listed");
    }
    let schema = client
        .read_resource(ReadResourceRequestParams::new("hcr://schema/v1"))
        .await
        .expect("the schema reads");
    let ResourceContents::TextResourceContents { text, .. } = &schema.contents[0] else {
        panic!("the schema is text");
    };
    assert_eq!(*text, hcr_validate_schema());
    let explained = client
        .read_resource(ReadResourceRequestParams::new("hcr://explain/HCR204"))
        .await
        .expect("an explanation reads");
    let ResourceContents::TextResourceContents { text, .. } = &explained.contents[0] else {
        panic!("the explanation is text");
    };
    assert!(text.starts_with("# HCR204 secret-in-record"), "{text}");
    assert!(
        client
            .read_resource(ReadResourceRequestParams::new("hcr://nothing"))
            .await
            .is_err()
    );

    let prompts = client.list_all_prompts().await.expect("prompts/list");
    let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["write-handoff-record", "resume-from-handoff"]);
    let write = client
        .get_prompt(GetPromptRequestParams::new("write-handoff-record"))
        .await
        .expect("the write prompt");
    let body = serde_json::to_string(&write.messages).expect("serializes");
    for needed in [
        "schemaVersion",
        "nextAction",
        "openReview",
        "resolvedByRevision",
        "`validate`",
    ] {
        assert!(body.contains(needed), "the write prompt names {needed}");
    }
    let resume = client
        .get_prompt(GetPromptRequestParams::new("resume-from-handoff"))
        .await
        .expect("the resume prompt");
    let body = serde_json::to_string(&resume.messages).expect("serializes");
    let checklist = &body[body.find("1. ").expect("a numbered checklist")..];
    let order = [
        "objective",
        "unverified",
        "evidence",
        "constraint",
        "next actor",
        "resolved review",
    ];
    let places: Vec<usize> = order
        .iter()
        .map(|w| {
            checklist
                .find(w)
                .unwrap_or_else(|| panic!("the checklist names {w}"))
        })
        .collect();
    assert!(
        places.windows(2).all(|w| w[0] < w[1]),
        "in the README's order"
    );
    client.cancel().await.expect("the session closes");
}

/// The schema hcr embeds, read from the contract folder.
fn hcr_validate_schema() -> String {
    std::fs::read_to_string(examples().join("../schema.json")).expect("the schema")
}

#[tokio::test]
async fn every_tool_answers() {
    let client = start(&examples(), &[]).await;

    // validate: a text, and paths (a file and a folder).
    let valid = call(
        &client,
        "validate",
        json!({"record": read_example("bug-fix.json")}),
    )
    .await;
    assert!(!failed(&valid), "{}", text(&valid));
    assert_eq!(structured(&valid)["results"][0]["valid"], true);
    assert_eq!(structured(&valid)["results"][0]["conformant"], true);
    let broken = call(
        &client,
        "validate",
        json!({"record": "{\"schemaVersion\": \"1.0\"}"}),
    )
    .await;
    assert!(failed(&broken));
    let diagnostic = &structured(&broken)["results"][0]["diagnostics"][0];
    for field in [
        "code", "severity", "basis", "pointer", "line", "column", "message", "help",
    ] {
        assert!(
            !diagnostic[field].is_null(),
            "a diagnostic has its {field}: {diagnostic}"
        );
    }
    assert!(text(&broken).contains("error[HCR101]"));
    let folder = call(&client, "validate", json!({"paths": ["bug-fix.json", "."]})).await;
    let summary = &structured(&folder)["summary"];
    assert!(summary["records"].as_u64().unwrap_or(0) >= 7, "{summary}");
    assert_eq!(structured(&folder)["results"][0]["source"], "bug-fix.json");
    let selected = call(
        &client,
        "validate",
        json!({"record": "{\"schemaVersion\": \"1.0\"}", "ignore": ["HCR101"], "level": "schema"}),
    )
    .await;
    assert!(
        !text(&selected).contains("HCR101"),
        "the selection applies: {}",
        text(&selected)
    );

    // explain and rules.
    let explained = call(&client, "explain", json!({"code": "secret-in-record"})).await;
    assert_eq!(structured(&explained)["code"], "HCR204");
    assert!(
        structured(&explained)["explanation"]
            .as_str()
            .is_some_and(|e| !e.is_empty())
    );
    let rules = call(&client, "rules", json!({})).await;
    assert!(
        structured(&rules)["rules"]
            .as_array()
            .is_some_and(|r| r.len() > 30)
    );

    // receive: the brief, with the artifacts checked, framed as untrusted.
    let brief = call(
        &client,
        "receive",
        json!({"path": "extensions-and-digests.json", "receiver": {"artifacts": "artifacts", "now": "2026-11-30T09:00:00Z"}}),
    )
    .await;
    assert!(
        text(&brief).contains("<untrusted_record>"),
        "{}",
        text(&brief)
    );
    assert!(structured(&brief)["untrusted"].is_string());
    assert!(
        structured(&brief)["brief"]["objective"].is_object()
            || structured(&brief)["brief"]["objective"].is_string()
    );

    // continue: the successor, returned (not written).
    let next = call(
        &client,
        "continue",
        json!({
            "path": "bug-fix.json",
            "by": "agent:checkout-fixer",
            "now": "2026-11-30T10:00:00Z",
            "complete": ["Passing the customer's time zone from the session into DeliveryEstimator."],
        }),
    )
    .await;
    assert!(!failed(&next), "{}", text(&next));
    assert_eq!(structured(&next)["revision"], 3);
    assert!(structured(&next)["written"].is_null());
    let successor = serde_json::to_string(&structured(&next)["record"]).expect("serializes");

    // diff: the predecessor against its successor.
    let diff = call(
        &client,
        "diff",
        json!({"old": {"path": "bug-fix.json"}, "new": {"record": successor}}),
    )
    .await;
    assert!(!failed(&diff), "{}", text(&diff));
    assert!(
        structured(&diff)["diff"]["changes"]
            .as_array()
            .is_some_and(|c| !c.is_empty())
    );

    // render: every form.
    for form in ["goal-handover", "untrusted-block", "markdown", "handoff-md"] {
        let rendered = call(
            &client,
            "render",
            json!({"path": "bug-fix.json", "as": form}),
        )
        .await;
        assert!(!failed(&rendered), "{form}: {}", text(&rendered));
        assert!(
            text(&rendered).contains("<untrusted_record>"),
            "{form} is framed"
        );
        assert!(
            structured(&rendered)["text"]
                .as_str()
                .is_some_and(|t| !t.is_empty())
        );
    }

    // convert: to the brief and back, and from HANDOFF.md.
    let to_brief = call(
        &client,
        "convert",
        json!({"path": "bug-fix.json", "to": "handover-brief"}),
    )
    .await;
    assert!(!failed(&to_brief), "{}", text(&to_brief));
    let handoff_md = call(
        &client,
        "render",
        json!({"path": "bug-fix.json", "as": "handoff-md"}),
    )
    .await;
    let handoff_md = structured(&handoff_md)["text"]
        .as_str()
        .expect("text")
        .to_owned();
    let back = call(
        &client,
        "convert",
        json!({"record": handoff_md, "from": "handoff-md"}),
    )
    .await;
    assert_eq!(structured(&back)["valid"], true, "{}", text(&back));
    let brief_text = serde_json::to_string(&structured(&to_brief)["brief"]).expect("serializes");
    let from_brief = call(
        &client,
        "convert",
        json!({"record": brief_text, "from": "handover-brief"}),
    )
    .await;
    assert!(
        structured(&from_brief)["record"].is_object(),
        "{}",
        text(&from_brief)
    );

    // digest: files, and the fill plan.
    let digest = call(
        &client,
        "digest",
        json!({"files": ["artifacts/logs/migration-dry-run.txt"]}),
    )
    .await;
    assert_eq!(
        structured(&digest)["files"][0]["sha256"],
        "9bb94ba2042d6349bfaebeaf2662f2bd28e14bdfc3ad34d2d486d8980e43ee8f"
    );
    let fill = call(
        &client,
        "digest",
        json!({"fill": "extensions-and-digests.json", "artifacts": "artifacts"}),
    )
    .await;
    assert_eq!(structured(&fill)["written"], false);
    assert!(
        structured(&fill)["items"]
            .as_array()
            .is_some_and(|i| i.len() == 2),
        "{}",
        text(&fill)
    );
    client.cancel().await.expect("the session closes");
}

#[tokio::test]
async fn paths_outside_the_roots_are_tool_errors() {
    let client = start(&examples(), &[]).await;
    let outside = examples().join("../../../Cargo.toml");
    for (tool, arguments) in [
        ("validate", json!({"paths": ["../schema.json"]})),
        ("validate", json!({"paths": ["/etc/passwd"]})),
        ("validate", json!({"paths": [outside.to_string_lossy()]})),
        ("receive", json!({"path": "../../Cargo.toml"})),
        ("render", json!({"path": "/etc/hostname", "as": "markdown"})),
        ("digest", json!({"files": ["../schema.json"]})),
        (
            "receive",
            json!({"path": "bug-fix.json", "receiver": {"artifacts": "/tmp"}}),
        ),
    ] {
        let result = call(&client, tool, arguments.clone()).await;
        assert!(failed(&result), "{tool} {arguments} is refused");
        assert!(
            text(&result).contains("outside the folders"),
            "{tool} {arguments} names the path: {}",
            text(&result)
        );
    }
    // The server is still serving.
    assert!(!failed(&call(&client, "rules", json!({})).await));
    client.cancel().await.expect("the session closes");
}

#[tokio::test]
async fn writing_needs_allow_write_and_never_overwrites() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    std::fs::copy(
        examples().join("bug-fix.json"),
        dir.path().join("bug-fix.json"),
    )
    .expect("copied");
    let arguments = json!({
        "path": "bug-fix.json",
        "by": "agent:checkout-fixer",
        "now": "2026-11-30T10:00:00Z",
        "write": ".",
    });

    let read_only = start(dir.path(), &[]).await;
    let refused = call(&read_only, "continue", arguments.clone()).await;
    assert!(failed(&refused));
    assert!(
        text(&refused).contains("--allow-write"),
        "{}",
        text(&refused)
    );
    read_only.cancel().await.expect("the session closes");
    assert!(!dir.path().join("checkout-timezone-bug.r3.json").exists());

    let writer = start(dir.path(), &["--allow-write"]).await;
    let written = call(&writer, "continue", arguments.clone()).await;
    assert!(!failed(&written), "{}", text(&written));
    assert_eq!(
        structured(&written)["written"],
        "checkout-timezone-bug.r3.json"
    );
    let on_disk =
        std::fs::read_to_string(dir.path().join("checkout-timezone-bug.r3.json")).expect("written");
    assert!(on_disk.contains("\"sourceRevision\": 3"));
    let again = call(&writer, "continue", arguments).await;
    assert!(failed(&again), "an existing file is never overwritten");
    assert!(text(&again).contains("exists already"), "{}", text(&again));
    let escape = call(
        &writer,
        "continue",
        json!({"path": "bug-fix.json", "by": "agent:x", "write": "../escaped.json"}),
    )
    .await;
    assert!(failed(&escape));
    assert!(!dir.path().join("../escaped.json").exists());
    writer.cancel().await.expect("the session closes");
}

/// A GitHub token planted in a record.
const SECRET: &str = "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u";

fn assert_clean(what: &str, result: &CallToolResult) {
    let all = serde_json::to_string(result).expect("serializes");
    let chars: Vec<char> = SECRET.chars().collect();
    for window in chars.windows(5) {
        let fragment: String = window.iter().collect();
        assert!(
            !all.contains(&fragment),
            "{what} repeats `{fragment}`: {all}"
        );
    }
}

#[tokio::test]
async fn a_secret_is_never_echoed() {
    let client = start(&examples(), &[]).await;
    let mut record: Value = serde_json::from_str(&read_example("bug-fix.json")).expect("json");
    record["currentState"]["complete"][0] =
        json!(format!("Deployed with token {SECRET} to staging."));
    let record = serde_json::to_string_pretty(&record).expect("serializes");
    for (tool, arguments) in [
        ("validate", json!({"record": record})),
        ("validate", json!({"record": record, "level": "schema"})),
        ("receive", json!({"record": record})),
        ("render", json!({"record": record, "as": "markdown"})),
        ("continue", json!({"record": record, "by": "agent:x"})),
        (
            "diff",
            json!({"old": {"path": "bug-fix.json"}, "new": {"record": record}}),
        ),
        ("convert", json!({"record": record, "to": "handover-brief"})),
        (
            "convert",
            json!({"record": format!("State: shipped with {SECRET}.\nNext: verify."), "from": "goal-handover"}),
        ),
    ] {
        let normative = tool == "validate" && arguments.get("level").is_none();
        let result = call(&client, tool, arguments).await;
        assert_clean(tool, &result);
        if normative {
            assert!(
                text(&result).contains("HCR204"),
                "the secret is found: {}",
                text(&result)
            );
        }
    }
    client.cancel().await.expect("the session closes");
}

#[tokio::test]
async fn an_argument_over_the_limit_is_a_tool_error_and_the_server_keeps_serving() {
    let client = start(&examples(), &[]).await;
    let huge = "x".repeat((16 << 20) + 1);
    // Too large an argument is the call's mistake, shown to the model (MCP 2025-11-25).
    let refused = call(&client, "validate", json!({"record": huge})).await;
    assert!(failed(&refused));
    assert!(
        text(&refused).contains("`record` is 16777217 bytes"),
        "{}",
        text(&refused)
    );
    // Arguments that do not match the tool's schema are a tool error the model can read and
    // correct (the MCP specification's input-validation rule), naming the argument.
    let unknown = call(
        &client,
        "validate",
        json!({"record": "{}", "no_such_option": true}),
    )
    .await;
    assert!(failed(&unknown));
    assert!(
        text(&unknown).contains("no_such_option"),
        "{}",
        text(&unknown)
    );
    let after = call(
        &client,
        "validate",
        json!({"record": read_example("minimal.json")}),
    )
    .await;
    assert!(!failed(&after), "{}", text(&after));
    client.cancel().await.expect("the session closes");
}

#[tokio::test]
async fn the_servers_limits_hold_and_its_answers_are_bounded() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let root = dir.path();
    // A configuration in the root that would raise every limit.
    std::fs::write(
        root.join("hcr.toml"),
        "[limits]\nmax-record-bytes = 100000000\nmax-diagnostics = 1000000\n",
    )
    .expect("written");
    std::fs::write(
        root.join("big.json"),
        format!(
            "{{\"schemaVersion\": \"1.0\", \"x\": \"{}\"}}",
            "a".repeat(5000)
        ),
    )
    .expect("written");
    std::fs::write(root.join("empty.jsonl"), "").expect("written");
    let lines: String = (0..3000).map(|i| format!("{{\"n\": {i}}}\n")).collect();
    std::fs::write(root.join("many.jsonl"), lines).expect("written");
    let client = start(root, &["--max-input-bytes", "1000"]).await;
    let big = call(&client, "validate", json!({"paths": ["big.json"]})).await;
    assert_eq!(
        structured(&big)["results"][0]["diagnostics"][0]["code"],
        "HCR003",
        "the server's limit stands: {}",
        text(&big)
    );
    let empty = call(
        &client,
        "validate",
        json!({"paths": ["empty.jsonl"], "jsonl": true}),
    )
    .await;
    assert!(
        failed(&empty) && text(&empty).contains("nothing was checked"),
        "{}",
        text(&empty)
    );
    let many = call(
        &client,
        "validate",
        json!({"paths": ["many.jsonl"], "jsonl": true}),
    )
    .await;
    let document = structured(&many);
    assert_eq!(document["summary"]["records"], 3000);
    let listed = document["results"].as_array().map_or(0, Vec::len);
    assert!(listed > 0 && listed <= 1000, "{listed}");
    assert_eq!(document["omitted"], 3000 - listed);
    let brief = format!(
        "{{\"brief\": {{\"objective\": \"Ship it.\", \"nextSteps\": [{{\"note\": \"use {SECRET}\"}}]}}}}"
    );
    let converted = call(
        &client,
        "convert",
        json!({"record": brief, "from": "handover-brief"}),
    )
    .await;
    assert!(
        structured(&converted)["lost"]
            .as_array()
            .is_some_and(|l| !l.is_empty()),
        "{}",
        text(&converted)
    );
    assert_clean("convert's lost", &converted);
    client.cancel().await.expect("the session closes");
}

#[test]
fn every_request_is_answered_garbage_included_and_the_server_keeps_serving() {
    let mut child = std::process::Command::new(hcr_binary())
        .arg("mcp")
        .current_dir(examples())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("hcr mcp starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let deep = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{{\"name\":\"validate\",\"arguments\":{{\"record\":{}{}}}}}}}\n",
        "[".repeat(500),
        "]".repeat(500)
    );
    let lines: [&[u8]; 8] = [
        b"\x00\xff\xfe garbage \x1b[31m\n",
        br#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}"#,
        b"\n{\"unterminated\": [1, 2,\n[]\n",
        b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n",
        b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":[1]}\n",
        deep.as_bytes(),
        br#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"rules","arguments":{}}}"#,
        b"\n",
    ];
    for line in lines {
        stdin.write_all(line).expect("written");
    }
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .expect("stdout")
        .read_to_string(&mut out)
        .expect("read");
    let status = child.wait().expect("the server ends");
    assert!(
        status.success(),
        "the server ends cleanly when its input closes"
    );
    let replies: Vec<Value> = out
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("stdout is JSON-RPC only: {l}: {e}"))
        })
        .collect();
    let ids: Vec<&Value> = replies.iter().map(|r| &r["id"]).collect();
    assert!(
        ids.contains(&&json!(1)) && ids.contains(&&json!(2)),
        "{out}"
    );
    let rules = replies
        .iter()
        .find(|r| r["id"] == 2)
        .expect("the rules reply");
    assert!(
        rules["result"]["structuredContent"]["rules"].is_array(),
        "{rules}"
    );
    // `[]` is JSON but not a message: the answer is an invalid-request error; what is not
    // JSON gets a parse error.
    for code in [-32600, -32700] {
        assert!(
            replies.iter().any(|r| r["error"]["code"] == code),
            "{code}: {out}"
        );
    }
    // A request whose parameters cannot be read is answered with its id.
    for id in [3, 4] {
        let answer = replies
            .iter()
            .find(|r| r["id"] == id)
            .unwrap_or_else(|| panic!("request {id} is answered: {out}"));
        assert_eq!(answer["error"]["code"], -32602, "{answer}");
    }
}
