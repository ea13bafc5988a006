//! What an edit costs the language server once the debounce has passed: the check of a 6 KB
//! record and of a 1 MB record (a corpus record, one finding planted), and the whole path
//! through the server (an edit sent, the diagnostics of that version published: the
//! debounce, the check and the round trip through an in-memory connection). Then 10,000
//! edits through the server, the resident set printed after 1,000 and after 10,000: it must
//! not grow with the number of edits.
//!
//! `cargo bench -p hcr-lsp --bench diagnostics`

#![allow(missing_docs, clippy::print_stdout, clippy::unwrap_used)]

use std::time::Instant;

use criterion::{Criterion, criterion_group};
use hcr_lsp::check;
use hcr_testkit::corpus::{Rng, record};
use serde_json::json;

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

#[path = "../tests/support/mod.rs"]
mod support;

/// A record open in a server, edited one character at a time.
struct Session {
    server: support::Session,
    uri: &'static str,
    version: i64,
}

impl Session {
    fn new(text: &str) -> Self {
        let server = support::Session::new();
        let uri = "file:///bench/record.json";
        server.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "json", "version": 0, "text": text}}),
        );
        server.published(uri, 0);
        Self {
            server,
            uri,
            version: 0,
        }
    }

    /// One edit: a character typed at the start of line 3, then removed, alternately, so the
    /// text keeps its size.
    fn edit(&mut self) {
        self.version += 1;
        let end = if self.version % 2 == 1 { 2 } else { 3 };
        let text = if self.version % 2 == 1 { "x" } else { "" };
        self.server.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": self.uri, "version": self.version},
                   "contentChanges": [{"range": {"start": {"line": 2, "character": 2},
                                                 "end": {"line": 2, "character": end}},
                                       "text": text}]}),
        );
    }

    /// Waits for the diagnostics of `version`.
    fn published(&self, version: i64) {
        self.server.published(self.uri, version);
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
    let after_1k = hcr_testkit::rss_kib();
    let took = edits(9_000);
    let after_10k = hcr_testkit::rss_kib();
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
