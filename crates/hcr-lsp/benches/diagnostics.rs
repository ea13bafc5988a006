//! What an edit costs the language server once the debounce has passed: the check of a 6 KB
//! record and of a 1 MB record (a corpus record, one finding planted), and the whole path
//! through the server (an edit sent, the diagnostics of that version published: the
//! debounce, the check and the round trip through an in-memory connection). Then 10,000
//! edits through the server, the resident set printed after 1,000 and after 10,000: it must
//! not grow with the number of edits.
//!
//! `cargo bench -p hcr-lsp --bench diagnostics`

#![allow(missing_docs, clippy::print_stdout, clippy::unwrap_used)]

use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use hcr_lsp::check;
use hcr_testkit::corpus::{Rng, record};
use lsp_server::{Connection, Message, Notification, Request};
use serde_json::{Value, json};

/// A corpus record of about `bytes` bytes, pretty-printed, with one warning planted (an
/// empty acceptance criteria list), so that the diagnostics path runs.
fn text_of(bytes: usize) -> String {
    let mut rng = Rng::new(7);
    let mut evidence = 1;
    loop {
        let mut value = record(&mut rng, 0, evidence);
        value["objective"]["acceptanceCriteria"] = json!([]);
        let text = serde_json::to_string_pretty(&value).unwrap();
        if text.len() >= bytes {
            return text;
        }
        evidence = (evidence * 2).max(evidence * bytes / text.len().max(1));
    }
}

fn checks(c: &mut Criterion) {
    for (name, bytes) in [("check 6 KB", 6 << 10), ("check 1 MB", 1 << 20)] {
        let text = text_of(bytes);
        assert!(!check::check(&text, None, &[]).diagnostics.is_empty());
        c.bench_function(name, |b| b.iter(|| check::check(&text, None, &[])));
    }
}

/// The resident set size in KiB, from /proc (0 where there is none).
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// A server on an in-memory connection, initialized, with `text` open as version 0.
struct Session {
    client: Connection,
    uri: String,
    version: i32,
    server: Option<std::thread::JoinHandle<()>>,
}

impl Session {
    fn new(text: &str) -> Self {
        let (server, client) = Connection::memory();
        let handle = std::thread::spawn(move || hcr_lsp::serve(&server).unwrap());
        let request = Request::new(1.into(), "initialize".into(), json!({"capabilities": {}}));
        client.sender.send(request.into()).unwrap();
        client.receiver.recv().unwrap();
        client
            .sender
            .send(Notification::new("initialized".into(), json!({})).into())
            .unwrap();
        let uri = "file:///bench/record.json".to_owned();
        client
            .sender
            .send(
                Notification::new(
                    "textDocument/didOpen".into(),
                    json!({"textDocument": {"uri": uri, "languageId": "json", "version": 0, "text": text}}),
                )
                .into(),
            )
            .unwrap();
        let mut session = Self {
            client,
            uri,
            version: 0,
            server: Some(handle),
        };
        session.published(0);
        session
    }

    /// One edit: a character typed at the start of line 3 (`"` then removed, alternately,
    /// so the text stays the same size).
    fn edit(&mut self) {
        self.version += 1;
        let (range, text) = if self.version % 2 == 1 {
            (
                json!({"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 2}}),
                "x",
            )
        } else {
            (
                json!({"start": {"line": 2, "character": 2}, "end": {"line": 2, "character": 3}}),
                "",
            )
        };
        self.client
            .sender
            .send(
                Notification::new(
                    "textDocument/didChange".into(),
                    json!({"textDocument": {"uri": self.uri, "version": self.version},
                           "contentChanges": [{"range": range, "text": text}]}),
                )
                .into(),
            )
            .unwrap();
    }

    /// Waits for the diagnostics of `version`.
    fn published(&mut self, version: i32) {
        loop {
            match self
                .client
                .receiver
                .recv_timeout(Duration::from_secs(30))
                .unwrap()
            {
                Message::Notification(n)
                    if n.method == "textDocument/publishDiagnostics"
                        && n.params.get("version").and_then(Value::as_i64)
                            == Some(i64::from(version)) =>
                {
                    return;
                }
                _ => {}
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self
            .client
            .sender
            .send(Request::new(2.into(), "shutdown".into(), Value::Null).into());
        let _ = self
            .client
            .sender
            .send(Notification::new("exit".into(), Value::Null).into());
        if let Some(handle) = self.server.take() {
            let _ = handle.join();
        }
    }
}

fn through_the_server(c: &mut Criterion) {
    let mut group = c.benchmark_group("edit to diagnostics (debounce included)");
    group.sample_size(20);
    for (name, bytes) in [("6 KB", 6 << 10), ("1 MB", 1 << 20)] {
        let mut session = Session::new(&text_of(bytes));
        group.bench_function(name, |b| {
            b.iter(|| {
                session.edit();
                let version = session.version;
                session.published(version);
            });
        });
    }
    group.finish();
}

fn memory() {
    let mut session = Session::new(&text_of(6 << 10));
    let mut edits = |n: usize| {
        let started = Instant::now();
        for _ in 0..n {
            session.edit();
        }
        let version = session.version;
        session.published(version);
        started.elapsed()
    };
    edits(1_000);
    let after_1k = rss_kib();
    let took = edits(9_000);
    let after_10k = rss_kib();
    println!(
        "resident set: {after_1k} KiB after 1,000 edits, {after_10k} KiB after 10,000 \
         (9,000 edits sent and their last diagnostics published in {took:.2?})"
    );
}

criterion_group!(benches, checks, through_the_server);

fn main() {
    benches();
    memory();
    Criterion::default().configure_from_args().final_summary();
}
