//! Micro-benchmarks of the validator's hot paths: `cargo bench -p hcr-validate --features
//! internals` (or `cargo xtask bench` for whole-process timing).

#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use hcr_types::JsonPointer;
use hcr_validate::internals::Parsed;
use hcr_validate::{Level, Validator};

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

fn span_lookup(c: &mut Criterion) {
    let bytes = large();
    let text = std::str::from_utf8(&bytes).expect("UTF-8");
    let pointer = JsonPointer::parse("/evidence/299/sha256").expect("pointer");
    c.bench_function("locate-one-pointer-100KB", |b| {
        b.iter(|| hcr_json::member_spans(text, &[&pointer]))
    });
}

criterion_group!(benches, phases, span_lookup);
criterion_main!(benches);
