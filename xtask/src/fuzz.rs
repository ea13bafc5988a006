//! `cargo xtask fuzz [--time SECS] [--jobs N] [TARGET...]`: runs the cargo-fuzz targets in
//! `fuzz/` for SECS seconds each (default 60), N at a time (default 1).
//!
//! The machines have only the stable toolchain. cargo-fuzz needs nightly-only compiler flags
//! (`-Zsanitizer=address`, `-Cpasses=sancov-module`); `RUSTC_BOOTSTRAP=1` lets the stable
//! compiler accept them. cargo-fuzz itself is installed on first use into `target/tools`
//! (`cargo install --locked cargo-fuzz`), so nothing has to be installed by hand.
//!
//! The targets are built without a sanitizer (`--sanitizer none`): hcr forbids `unsafe`
//! code, so AddressSanitizer finds nothing that Rust's own checks would not, and dropping it
//! runs the targets several times faster. Panics, hangs (`-timeout`) and runaway memory
//! (`-rss_limit_mb`) are what fuzzing looks for.
//!
//! Each target starts from a seed corpus written into `fuzz/corpus/TARGET` (the conformance
//! suite, the examples, their spec-handoff artifacts and handover notes; see
//! `hcr_fuzz::seeds`). Crashes land in `fuzz/artifacts/TARGET/`; once fixed, copy the input
//! into `fuzz/regressions/TARGET/`, where `cargo test` replays it.

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use anyhow::{Context as _, Result, bail};

/// `hcr-fuzz-seeds ARGS…`, hcr-fuzz's own binary.
fn seeds_tool() -> Command {
    crate::tool_command("hcr-fuzz", "hcr-fuzz-seeds")
}

/// The targets' names: `hcr_fuzz::TARGETS` is the one list (`hcr-fuzz-seeds --list`).
fn all_targets() -> Result<Vec<String>> {
    let out = seeds_tool().arg("--list").output()?;
    if !out.status.success() {
        bail!("`hcr-fuzz-seeds --list` failed ({})", out.status);
    }
    Ok(String::from_utf8(out.stdout)?
        .lines()
        .map(str::to_owned)
        .collect())
}

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut seconds = 60u64;
    let mut jobs = 1usize;
    let root = crate::workspace_root();
    let known = all_targets()?;
    let mut targets: Vec<String> = Vec::new();
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--time" => seconds = rest.next().context("--time needs SECS")?.parse()?,
            "--jobs" => jobs = rest.next().context("--jobs needs N")?.parse()?,
            name => match known.iter().find(|t| *t == name) {
                Some(target) => targets.push(target.clone()),
                None => bail!(
                    "unknown fuzz target `{name}` (targets: {})",
                    known.join(", ")
                ),
            },
        }
    }
    if targets.is_empty() {
        targets = known;
    }
    let tools = ensure_cargo_fuzz(&root)?;
    // Each target's seeds, written into its corpus folder (kept between runs, not committed).
    let status = seeds_tool().arg(&root).args(&targets).status()?;
    if !status.success() {
        bail!("writing the seeds failed ({status})");
    }
    // Build once, then run N targets at a time.
    let status = cargo_fuzz(&root, &tools)
        .args(["build", "--fuzz-dir", "fuzz", "-O", "--sanitizer", "none"])
        .status()?;
    if !status.success() {
        bail!("building the fuzz targets failed");
    }
    let mut running: Vec<(&str, Child)> = Vec::new();
    let mut failed = Vec::new();
    for target in &targets {
        if running.len() == jobs.max(1) {
            let (name, mut child) = running.remove(0);
            if !child.wait()?.success() {
                failed.push(name);
            }
        }
        println!("fuzzing {target} for {seconds} s");
        let child = cargo_fuzz(&root, &tools)
            .args([
                "run",
                "--fuzz-dir",
                "fuzz",
                "-O",
                "--sanitizer",
                "none",
                target.as_str(),
            ])
            .arg(root.join("fuzz/corpus").join(target))
            .arg("--")
            .arg(format!("-max_total_time={seconds}"))
            .args(["-timeout=10", "-rss_limit_mb=4096", "-max_len=262144"])
            .args(["-print_final_stats=1"])
            .spawn()?;
        running.push((target.as_str(), child));
    }
    for (name, mut child) in running {
        if !child.wait()?.success() {
            failed.push(name);
        }
    }
    for target in &targets {
        let artifacts = root.join("fuzz/artifacts").join(target);
        for entry in std::fs::read_dir(&artifacts)
            .into_iter()
            .flatten()
            .flatten()
        {
            println!("{target}: {}", entry.path().display());
        }
    }
    if failed.is_empty() {
        println!("no crashes in {}", targets.join(", "));
        Ok(())
    } else {
        bail!(
            "crashes in {}: inputs in fuzz/artifacts/; reproduce with `cargo xtask fuzz` or copy them into fuzz/regressions/TARGET/ and run `cargo test -p hcr-fuzz`",
            failed.join(", ")
        )
    }
}

/// `cargo fuzz` with the stable compiler allowed nightly flags.
fn cargo_fuzz(root: &Path, tools: &Path) -> Command {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut paths = vec![tools.to_path_buf()];
    paths.extend(std::env::split_paths(&path));
    let mut command = Command::new("cargo");
    command
        .arg("fuzz")
        .current_dir(root)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("PATH", std::env::join_paths(paths).unwrap_or(path));
    command
}

/// The folder holding `cargo-fuzz`, installing it there if needed.
fn ensure_cargo_fuzz(root: &Path) -> Result<PathBuf> {
    let tools = root.join("target/tools");
    let bin = tools.join("bin");
    if !bin.join("cargo-fuzz").exists() {
        println!("installing cargo-fuzz into {}", tools.display());
        let status = Command::new("cargo")
            .args(["install", "--locked", "cargo-fuzz", "--root"])
            .arg(&tools)
            .status()?;
        if !status.success() {
            bail!("could not install cargo-fuzz");
        }
    }
    Ok(bin)
}
