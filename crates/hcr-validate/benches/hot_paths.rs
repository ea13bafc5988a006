//! Micro-benchmarks of the validator's hot paths: `cargo bench -p hcr-validate --features
//! internals` (or `cargo xtask bench` for whole-process timing).

#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use hcr_types::JsonPointer;
use hcr_validate::internals::Parsed;
use hcr_validate::{Level, Validator, secrets};

fn example() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../protocol/v1/examples/extensions-and-digests.json"
    );
    std::fs::read(path).expect("the example exists")
}

/// A record of about 100 KB: the example with 300 evidence items.
fn large() -> Vec<u8> {
    let mut value: serde_json::Value = serde_json::from_slice(&example()).expect("JSON");
    let item = value["evidence"][0].clone();
    let items: Vec<serde_json::Value> = (0..300)
        .map(|i| {
            let mut item = item.clone();
            item["id"] = format!("evidence-{i}").into();
            item
        })
        .collect();
    value["evidence"] = items.into();
    serde_json::to_vec_pretty(&value).expect("serializes")
}

/// A realistic record of the benchmark corpus (about 6.8 KB, every field filled).
fn corpus_record() -> Vec<u8> {
    let mut rng = hcr_testkit::corpus::Rng::new(0x5EED);
    let record = hcr_testkit::corpus::record(&mut rng, 1, 4);
    serde_json::to_vec_pretty(&record).expect("serializes")
}

fn phases(c: &mut Criterion) {
    let mut group = c.benchmark_group("phases");
    for (name, bytes) in [
        ("example-5KB", example()),
        ("corpus-7KB", corpus_record()),
        ("large-100KB", large()),
    ] {
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(
            BenchmarkId::new("serde_json-parse-baseline", name),
            &bytes,
            |b, bytes| {
                b.iter(|| serde_json::from_slice::<serde_json::Value>(bytes).expect("JSON"));
            },
        );
        group.bench_with_input(
            BenchmarkId::new("parse-with-duplicate-detection", name),
            &bytes,
            |b, bytes| b.iter(|| Parsed::new(bytes).expect("JSON").values()),
        );
        let parsed = Parsed::new(&bytes).expect("JSON");
        group.bench_function(BenchmarkId::new("schema", name), |b| {
            b.iter(|| parsed.schema())
        });
        group.bench_function(BenchmarkId::new("normative-rules", name), |b| {
            b.iter(|| parsed.rules())
        });
        group.bench_function(BenchmarkId::new("secret-scan", name), |b| {
            b.iter(|| parsed.secrets())
        });
        let validator = Validator::new(Level::Normative);
        group.bench_with_input(
            BenchmarkId::new("validate-bytes", name),
            &bytes,
            |b, bytes| b.iter(|| validator.validate_bytes(bytes)),
        );
    }
    group.finish();
}

fn secret_scan(c: &mut Criterion) {
    let text = "The export finishes before 06:00 UTC; the token is named DEPLOY_TOKEN and lives in the vault. ".repeat(11);
    let kilobyte = &text[..1024];
    let mut group = c.benchmark_group("secrets");
    group.throughput(Throughput::Bytes(1024));
    group.bench_function("scan-1KB-prose-naming-a-token", |b| {
        b.iter(|| secrets::scan(kilobyte))
    });
    let plain =
        "Replica lag stays under two seconds while the nightly export runs; checked at 05:40. "
            .repeat(13);
    group.bench_function("scan-1KB-prose-without-anchors", |b| {
        b.iter(|| secrets::scan(&plain[..1024]))
    });
    group.finish();
}

/// The engineering prose the worst cases are compared with: a megabyte of it.
pub fn prose_mib() -> String {
    let paragraph = "The nightly export finished at 05:40 UTC after the replica caught up; the \
        deploy token is named DEPLOY_TOKEN and lives in the vault, and the API key rotation \
        is due next week. We kept the password policy unchanged, moved the cache key to \
        v3-inventory-2026 and measured p95 latency at 212 ms over 4,096 requests. ";
    let mut text = String::with_capacity(1 << 20);
    while text.len() + paragraph.len() <= 1 << 20 {
        text.push_str(paragraph);
    }
    text
}

/// A megabyte of `unit`, repeated (cut on a character boundary).
pub fn repeated_mib(unit: &str) -> String {
    let mut text = unit.repeat((1 << 20) / unit.len() + 1);
    let mut end = 1 << 20;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.truncate(end);
    text
}

/// The inputs the scanner's worst case is measured on: each repeats an anchor densely, or is
/// one long run of the characters a matcher reads.
pub const WORST_CASES: &[(&str, &str)] = &[
    ("eyJ", "eyJ"),
    ("pem-begin", "-----BEGIN "),
    ("pem-header", "-----BEGIN PRIVATE KEY-----"),
    ("assignment", "password="),
    ("assignment-colon", "password:"),
    ("long-name", "passwordpassword"),
    ("keyword-password", "password "),
    ("keyword-token", "token "),
    ("quoted-pair", "\"password\": \""),
    ("cookie", "Cookie: sid="),
    ("uri", "://"),
    ("uri-userinfo", "a://b:c@"),
    ("bearer", "Bearer "),
    ("basic", "Basic "),
    ("openai-prefix", "sk-"),
    ("github-prefix", "ghp_"),
    ("aws-prefix", "AKIA"),
    ("key-word", "key "),
    ("azure", "Q~"),
    ("telegram", ":AA"),
    ("terraform", ".atlasv1."),
    ("curl-user", "-u a:"),
    ("one-letter-run", "a"),
    ("one-digit-run", "7"),
];

fn scanner_worst_case(c: &mut Criterion) {
    let mut group = c.benchmark_group("scanner-1MiB");
    group.throughput(Throughput::Bytes(1 << 20));
    group.sample_size(20);
    let prose = prose_mib();
    group.bench_function("prose", |b| b.iter(|| secrets::scan(&prose)));
    for (name, unit) in WORST_CASES {
        let text = repeated_mib(unit);
        group.bench_function(*name, |b| b.iter(|| secrets::scan(&text)));
    }
    // Source text read unescaped: a megabyte of escapes inside one string literal.
    let escaped = format!("\"{}\"", repeated_mib("\\u0067hp_"));
    group.bench_function("escaped-source", |b| {
        b.iter(|| secrets::scan_bytes(escaped.as_bytes()))
    });
    group.finish();
}

fn span_lookup(c: &mut Criterion) {
    let bytes = large();
    let text = std::str::from_utf8(&bytes).expect("UTF-8");
    let pointer = JsonPointer::parse("/evidence/299/sha256").expect("pointer");
    c.bench_function("locate-one-pointer-100KB", |b| {
        b.iter(|| hcr_json::member_spans(text, &[&pointer]))
    });
}

criterion_group!(
    benches,
    phases,
    secret_scan,
    scanner_worst_case,
    span_lookup
);
criterion_main!(benches);
