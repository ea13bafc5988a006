//! `stdio-baseline`: the most trivial implementation of hcr's certification stdio protocol.
//! It reads each request line, takes its `id`, and answers "valid" at once; `cargo xtask
//! bench --profile certify` measures how many cases per second `hcr certify` drives through it.

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::io::{BufRead as _, Write as _};

fn main() {
    let stdin = std::io::stdin().lock();
    let mut stdout = std::io::stdout().lock();
    for line in stdin.lines() {
        let Ok(line) = line else { break };
        let id = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|request| request.get("id").cloned())
            .unwrap_or_default();
        let answer = serde_json::json!({"id": id, "valid": true, "codes": []});
        if writeln!(stdout, "{answer}")
            .and_then(|()| stdout.flush())
            .is_err()
        {
            break;
        }
    }
}
