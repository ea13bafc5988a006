//! `parse-baseline PATH [--jsonl]`: the cost of reading and parsing records and nothing else,
//! on one thread: every `*.json` file under a folder (sorted), or every line of a JSON Lines
//! file, read and parsed with `serde_json::from_slice::<Value>`. `cargo xtask bench` times
//! `hcr validate` against it.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::BufRead as _;
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: parse-baseline PATH [--jsonl]");
        std::process::exit(2);
    };
    let mut parsed = 0usize;
    let mut failed = 0usize;
    if args.iter().any(|a| a == "--jsonl") {
        let Ok(file) = std::fs::File::open(path) else {
            eprintln!("cannot open {path}");
            std::process::exit(2);
        };
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line).unwrap_or(0) > 0 {
            match serde_json::from_slice::<serde_json::Value>(&line) {
                Ok(_) => parsed += 1,
                Err(_) => failed += 1,
            }
            line.clear();
        }
    } else {
        for path in hcr_bench_baselines::json_files(Path::new(path)) {
            let Ok(bytes) = std::fs::read(&path) else {
                failed += 1;
                continue;
            };
            match serde_json::from_slice::<serde_json::Value>(&bytes) {
                Ok(_) => parsed += 1,
                Err(_) => failed += 1,
            }
        }
    }
    println!("{parsed} parsed, {failed} failed");
}
