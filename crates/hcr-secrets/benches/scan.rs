//! Micro-benchmarks of the scanner: `cargo bench -p hcr-secrets` (`-- scanner-1MiB` for the
//! worst cases, each a megabyte that repeats an anchor or a run a matcher reads).

#![allow(missing_docs)]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn secret_scan(c: &mut Criterion) {
    let text = "The export finishes before 06:00 UTC; the token is named DEPLOY_TOKEN and lives in the vault. ".repeat(11);
    let kilobyte = &text[..1024];
    let mut group = c.benchmark_group("secrets");
    group.throughput(Throughput::Bytes(1024));
    group.bench_function("scan-1KB-prose-naming-a-token", |b| {
        b.iter(|| hcr_secrets::scan(kilobyte))
    });
    let plain =
        "Replica lag stays under two seconds while the nightly export runs; checked at 05:40. "
            .repeat(13);
    group.bench_function("scan-1KB-prose-without-anchors", |b| {
        b.iter(|| hcr_secrets::scan(&plain[..1024]))
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
    group.bench_function("prose", |b| b.iter(|| hcr_secrets::scan(&prose)));
    for (name, unit) in WORST_CASES {
        let text = repeated_mib(unit);
        group.bench_function(*name, |b| b.iter(|| hcr_secrets::scan(&text)));
    }
    // Source text read unescaped: a megabyte of escapes inside one string literal.
    let escaped = format!("\"{}\"", repeated_mib("\\u0067hp_"));
    group.bench_function("escaped-source", |b| {
        b.iter(|| hcr_secrets::scan_bytes(escaped.as_bytes()))
    });
    group.finish();
}

criterion_group!(benches, secret_scan, scanner_worst_case);
criterion_main!(benches);
