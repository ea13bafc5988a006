//! The fuzz targets' names and seeds, for `cargo xtask fuzz`.
//!
//! `hcr-fuzz-seeds --list` prints the targets, one per line; `hcr-fuzz-seeds ROOT TARGET…`
//! writes each target's seeds into `ROOT/fuzz/corpus/TARGET/` (ROOT is the workspace).

#![allow(clippy::print_stdout, clippy::print_stderr)]

use std::path::Path;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [list] if list == "--list" => {
            for (name, _) in hcr_fuzz::TARGETS {
                println!("{name}");
            }
            ExitCode::SUCCESS
        }
        [root, targets @ ..] if !targets.is_empty() => {
            for target in targets {
                if let Err(e) = write_seeds(Path::new(root), target) {
                    eprintln!("hcr-fuzz-seeds: {target}: {e}");
                    return ExitCode::FAILURE;
                }
            }
            ExitCode::SUCCESS
        }
        _ => {
            eprintln!("usage: hcr-fuzz-seeds --list | hcr-fuzz-seeds ROOT TARGET...");
            ExitCode::from(2)
        }
    }
}

/// Writes the seeds of `target` into its corpus folder (kept between runs, not committed).
fn write_seeds(root: &Path, target: &str) -> std::io::Result<()> {
    let corpus = root.join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&corpus)?;
    for (i, seed) in hcr_fuzz::seeds(target, root).iter().enumerate() {
        std::fs::write(corpus.join(format!("seed-{i:04}")), seed)?;
    }
    Ok(())
}
