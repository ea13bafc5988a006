//! `simd-baseline PATH [--jsonl] [--read-only]`: the cost of reading records and building a
//! tree with the fastest parser that builds one, on one thread: every `*.json` file under a
//! folder (sorted) read into one reused buffer, or every line of a JSON Lines file, parsed
//! with `simd_json::to_borrowed_value` (simdjson's structural index, then a borrowed tree).
//! `--read-only` reads the same bytes and parses nothing: the floor below every parser.
//! `cargo xtask bench` times `hcr validate` against it beside `parse-baseline`.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::{BufRead as _, Read as _};
use std::path::Path;

/// Parses `bytes` (which simd-json rewrites in place) unless only reading; whether it parsed.
fn parse(bytes: &mut [u8], read_only: bool) -> bool {
    if read_only {
        return !bytes.is_empty();
    }
    simd_json::to_borrowed_value(bytes).is_ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: simd-baseline PATH [--jsonl] [--read-only]");
        std::process::exit(2);
    };
    let read_only = args.iter().any(|a| a == "--read-only");
    let mut parsed = 0usize;
    let mut failed = 0usize;
    let mut buffer = Vec::new();
    if args.iter().any(|a| a == "--jsonl") {
        let Ok(file) = std::fs::File::open(path) else {
            eprintln!("cannot open {path}");
            std::process::exit(2);
        };
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        while reader.read_until(b'\n', &mut buffer).unwrap_or(0) > 0 {
            if parse(&mut buffer, read_only) {
                parsed += 1;
            } else {
                failed += 1;
            }
            buffer.clear();
        }
    } else {
        for path in hcr_bench_baselines::json_files(Path::new(path)) {
            buffer.clear();
            let read = std::fs::File::open(&path).and_then(|mut f| f.read_to_end(&mut buffer));
            if read.is_err() {
                failed += 1;
                continue;
            }
            if parse(&mut buffer, read_only) {
                parsed += 1;
            } else {
                failed += 1;
            }
        }
    }
    println!("{parsed} parsed, {failed} failed");
}
