//! The latency of a `validate` tool call on a typical record (the bug-fix example, 4.4 KB):
//! the tool's own work (`tools::validate`), and a whole `tools/call` round trip through the
//! MCP stack (client and server over an in-memory pipe, the work on a blocking thread).
//! After the timing, 5,000 more round trips are made and the resident set is printed before
//! and after: it must not grow with the number of calls.
//!
//! `cargo bench -p hcr-mcp --bench tool_call`

#![allow(missing_docs, clippy::print_stdout, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use hcr_mcp::params::ValidateParams;
use hcr_mcp::roots::Roots;
use hcr_mcp::tools::{self, State};
use rmcp::ServiceExt;
use rmcp::model::CallToolRequestParams;
use serde_json::json;

fn record() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../protocol/v1/examples/bug-fix.json"
    );
    std::fs::read_to_string(path).unwrap()
}

fn state() -> State {
    State {
        roots: Roots::open(&[std::env::temp_dir()]).unwrap(),
        allow_write: false,
        max_input_bytes: 16 << 20,
    }
}

fn bench(c: &mut Criterion) {
    let text = record();
    let state = state();
    c.bench_function("mcp-validate-tool", |b| {
        b.iter(|| {
            let output = tools::validate(
                &state,
                ValidateParams {
                    record: Some(hcr_mcp::params::RecordText(text.clone())),
                    config: Some(false),
                    ..ValidateParams::default()
                },
            );
            assert!(output.is_ok_and(|o| !o.is_error));
        });
    });

    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let client = runtime.block_on(async {
        let (server_side, client_side) = tokio::io::duplex(1 << 20);
        let server = hcr_mcp::Server::new(&hcr_mcp::Config {
            roots: vec![std::env::temp_dir()],
            allow_write: false,
            max_input_bytes: 16 << 20,
        })
        .unwrap();
        tokio::spawn(async move {
            let running = server.serve(server_side).await.unwrap();
            let _ = running.waiting().await;
        });
        ().serve(client_side).await.unwrap()
    });
    let serde_json::Value::Object(arguments) = json!({"record": text, "config": false}) else {
        unreachable!()
    };
    let call = || {
        let request = CallToolRequestParams::new("validate").with_arguments(arguments.clone());
        let result = runtime.block_on(client.call_tool(request)).unwrap();
        assert_eq!(result.is_error, Some(false));
    };
    c.bench_function("mcp-validate-round-trip", |b| b.iter(call));

    for _ in 0..1_000 {
        call();
    }
    let before = hcr_testkit::rss_kib();
    for _ in 0..5_000 {
        call();
    }
    let after = hcr_testkit::rss_kib();
    println!(
        "mcp-validate-round-trip: resident set {before} KiB before 5,000 more calls, {after} KiB after"
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
