//! Developer tasks: `cargo xtask <task>` (the alias lives in `.cargo/config.toml`).
//!
//! Checks that guard the repository (`check-schema`, ...) also run as `#[test]`s, so
//! `cargo test --workspace` enforces them.

#![allow(clippy::print_stdout, clippy::print_stderr)]

mod action;
mod codegen;
mod fuzz;
mod hooks;
mod hostile;
mod layers;
mod node;
mod package;
mod peers;
mod release;
mod schema;
mod test;
mod tidy;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context as _, Result, bail};

const USAGE: &str = "\
usage: cargo xtask <task>

tasks:
  test [--skip-lint]
                 every test that checks behaviour: fmt, clippy, the Rust tests and doc tests,
                 the MCP tests with the official Python SDK, the Python package's tests (the
                 Python tools' venv is target/xtask/venv)
  release-check  the release and packaging checks: the docs, the packaged crates (installed,
                 `cargo publish --dry-run`), the release wheel and its tests, the pre-commit
                 hooks, the workflow lint
  tidy           the crate graph is ARCHITECTURE.md's, and no crate declares an unused
                 dependency
  package-check  every published crate packages with its licences, README, metadata and
                 the files it embeds
  check-schema   protocol/v1/schema.json equals the canonical schema in ../shared
  codegen        regenerate docs/rules.md and the Python types of codes from the code table
  dist DIR       write what a release attaches besides the binaries: DIR/man, DIR/completions
                 (`hcr generate DIR`)
  suite generate regenerate the conformance suite from its case table (the hcr-suite crate)
  suite check    check the suite: manifest schema, unique ids, each file referenced once
  bench [--profile standard|mixed|large|mb|near-secret|findings|jsonl|jsonl-huge|digest|certify]
        [--runs N] [--seed N] [--mix mostly|mixed|near-secret|findings] [--peers [--publisher PATH]]
                 time hcr against a baseline (release builds; the hcr-bench crate;
                 docs/performance.md)
  hostile [--only TEXT] [--input TEXT]
                 every front end (CLI, MCP, Python) against hostile inputs (FIFO, /dev/zero, worst
                 cases): time and peak memory, the table of docs/reliability.md (--only: the front
                 ends whose name holds TEXT; --input: the inputs whose name does)
  fuzz [--time SECS] [--jobs N] [TARGET...]
                 run the cargo-fuzz targets (stable toolchain via RUSTC_BOOTSTRAP=1;
                 installs cargo-fuzz into target/tools); crashes in fuzz/artifacts
  peers install  install the peer validators (ajv-cli, check-jsonschema) into target/peers
  peers certify [--publisher VALIDATE.MJS]
                 certify them with hcr certify; reports in conformance-suite/reports (with
                 --publisher, also the publisher's reference validator, run with node from
                 the path given: it is not in the repository)
";

fn main() -> Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("check-schema") => schema::check_schema(),
        Some("codegen") => codegen::write_all(),
        Some("suite") => match args.get(1).map(String::as_str) {
            Some(task @ ("generate" | "check")) => tool("hcr-suite", "hcr-suite", &[task]),
            _ => bail!("usage: cargo xtask suite generate|check"),
        },
        Some("test") => test::run(&args[1..]),
        Some("release-check") => test::release_check(&args[1..]),
        Some("tidy") => tidy::run(),
        Some("package-check") => package::run(),
        Some("bench") => {
            let rest: Vec<&str> = args[1..].iter().map(String::as_str).collect();
            tool("hcr-bench", "hcr-bench", &rest)
        }
        Some("fuzz") => fuzz::run(&args[1..]),
        Some("hostile") => {
            let mut only = None;
            let mut input = None;
            let mut rest = args[1..].iter();
            while let Some(flag) = rest.next() {
                match (flag.as_str(), rest.next()) {
                    ("--only", Some(text)) => only = Some(text.as_str()),
                    ("--input", Some(text)) => input = Some(text.as_str()),
                    _ => bail!("usage: cargo xtask hostile [--only TEXT] [--input TEXT]"),
                }
            }
            hostile::run(only, input)
        }
        Some("peers") => match args.get(1).map(String::as_str) {
            Some("install") => peers::install(),
            Some("certify") => match (args.get(2).map(String::as_str), args.get(3)) {
                (None, _) => peers::certify(None),
                (Some("--publisher"), Some(path)) => peers::certify(Some(Path::new(path))),
                _ => bail!("usage: cargo xtask peers certify [--publisher VALIDATE.MJS]"),
            },
            _ => bail!("usage: cargo xtask peers install|certify"),
        },
        Some("dist") => match args.get(1) {
            Some(dir) => release::dist(Path::new(dir)),
            None => bail!("usage: cargo xtask dist DIR"),
        },
        Some("help" | "-h" | "--help") | None => {
            print!("{USAGE}");
            Ok(())
        }
        Some(other) => bail!("unknown task `{other}`\n\n{USAGE}"),
    }
}

/// `cargo run` of the binary `bin` of the workspace's `package`, built from the sources in
/// the dev profile as the tests build it; arguments follow. The tasks whose facts live in
/// product crates run there, so that xtask links none of them.
pub(crate) fn tool_command(package: &str, bin: &str) -> std::process::Command {
    let mut command = cargo(&workspace_root());
    command.args([
        "run",
        "--quiet",
        "--locked",
        "--package",
        package,
        "--bin",
        bin,
        "--",
    ]);
    command
}

/// Runs [`tool_command`] with `args`; fails when it does.
pub(crate) fn tool<A: AsRef<std::ffi::OsStr>>(package: &str, bin: &str, args: &[A]) -> Result<()> {
    let status = tool_command(package, bin).args(args).status()?;
    if !status.success() {
        bail!("{bin} failed ({status})");
    }
    Ok(())
}

/// The cargo running this task (`$CARGO`, else `cargo`), in `dir`.
pub(crate) fn cargo(dir: &Path) -> std::process::Command {
    let mut command =
        std::process::Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
    command.current_dir(dir);
    command
}

/// The workspace root (the parent of `xtask/`).
pub(crate) fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Runs one step, printing its name and how long it took; a failure names the step.
pub(crate) fn step(name: &str, command: &mut Command) -> Result<()> {
    println!("==> {name}");
    let started = Instant::now();
    let status = command
        .status()
        .with_context(|| format!("starting {name}"))?;
    if !status.success() {
        bail!("{name} failed ({status})");
    }
    println!("==> {name}: ok in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Cargo's target folder.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}
