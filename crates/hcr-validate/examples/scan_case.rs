//! Scans one of the scanner benchmark's inputs once, for instruction counts under
//! `valgrind --tool=callgrind` (see docs/performance.md): `cargo run --release -p
//! hcr-validate --example scan_case -- NAME` (`prose`, or a unit repeated to 1 MiB).

#![allow(missing_docs, clippy::print_stdout)]

fn main() {
    let name = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "prose".to_owned());
    let text = if name == "prose" {
        let paragraph = "The nightly export finished at 05:40 UTC after the replica caught up; the deploy token is named DEPLOY_TOKEN and lives in the vault, and the API key rotation is due next week. We kept the password policy unchanged, moved the cache key to v3-inventory-2026 and measured p95 latency at 212 ms over 4,096 requests. ";
        paragraph.repeat((1 << 20) / paragraph.len())
    } else {
        name.repeat((1 << 20) / name.len())
    };
    let found = hcr_validate::secrets::scan(&text);
    println!("{} bytes, {} findings", text.len(), found.len());
}
