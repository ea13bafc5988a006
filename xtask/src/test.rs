//! `cargo xtask test`: everything CI checks, in one command that sets up what it needs.
//!
//! The steps, in order (each stops the run when it fails):
//! 1. `cargo fmt --check` and `cargo clippy --all-targets -D warnings`;
//! 2. `cargo test --workspace --locked`, then `cargo doc` with `-D warnings`;
//! 3. the Python tools: a virtual environment in `target/xtask/venv` with the pinned packages
//!    of `xtask/python-requirements.txt`, made with the machine's `python3` (or `$PYTHON`) and
//!    rebuilt whenever that file changes;
//! 4. the workflow lint: `zizmor` (offline) and `check-jsonschema` on the GitHub Action and
//!    every workflow, and `pre-commit validate-manifest` on the hooks file;
//! 5. both pre-commit hooks, installed by `pre-commit try-repo` as a user's pre-commit
//!    installs them (`hooks.rs`).
//!
//! `--skip-lint` leaves out fmt and clippy (for a quick local run); CI never passes it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context as _, Result, bail};
use sha2::{Digest as _, Sha256};

/// The pinned Python packages, relative to the workspace root.
const REQUIREMENTS: &str = "xtask/python-requirements.txt";

pub(crate) fn run(args: &[String]) -> Result<()> {
    let mut lint = true;
    for arg in args {
        match arg.as_str() {
            "--skip-lint" => lint = false,
            other => bail!("unknown option `{other}` (usage: cargo xtask test [--skip-lint])"),
        }
    }
    let root = crate::workspace_root();
    let started = Instant::now();
    if lint {
        step(
            "cargo fmt",
            crate::cargo(&root).args(["fmt", "--all", "--check"]),
        )?;
        step(
            "cargo clippy",
            crate::cargo(&root).args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--locked",
                "--",
                "-D",
                "warnings",
            ]),
        )?;
    }
    step(
        "cargo test",
        crate::cargo(&root).args(["test", "--workspace", "--locked"]),
    )?;
    if lint {
        step(
            "cargo doc",
            crate::cargo(&root)
                .args(["doc", "--workspace", "--no-deps", "--locked"])
                .env("RUSTDOCFLAGS", "-D warnings"),
        )?;
    }
    step(
        "package check",
        crate::cargo(&root).args([
            "run",
            "--quiet",
            "--package",
            "xtask",
            "--",
            "package-check",
        ]),
    )?;
    let venv = python_env(&root)?;
    mcp_client_tests(&root, &venv)?;
    let wheels = python_package(&root, &venv)?;
    workflow_lint(&root, &venv)?;
    crate::hooks::check(&root, &venv, &wheels)?;
    println!(
        "xtask test: every step passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Runs one step, printing its name and how long it took; a failure names the step.
fn step(name: &str, command: &mut Command) -> Result<()> {
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

/// A virtual environment with the pinned packages, made or refreshed as needed; returns its
/// `bin` folder.
pub(crate) fn python_env(root: &Path) -> Result<PathBuf> {
    let requirements = root.join(REQUIREMENTS);
    let pinned = std::fs::read(&requirements)
        .with_context(|| format!("reading {}", requirements.display()))?;
    let want = hex::encode(Sha256::digest(&pinned));
    let venv = root.join("target/xtask/venv");
    let stamp = venv.join("hcr-requirements.sha256");
    let bin = venv.join("bin");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(want.as_str()) {
        return Ok(bin);
    }
    if venv.exists() {
        std::fs::remove_dir_all(&venv).with_context(|| format!("removing {}", venv.display()))?;
    }
    let python = std::env::var_os("PYTHON").unwrap_or_else(|| "python3".into());
    step(
        "python venv",
        Command::new(&python).arg("-m").arg("venv").arg(&venv),
    )?;
    step(
        "pip install",
        pip(&bin, "install").arg("-r").arg(&requirements),
    )?;
    std::fs::write(&stamp, want)?;
    Ok(bin)
}

/// `python -m pip SUBCOMMAND --quiet --disable-pip-version-check` in the venv of `bin`.
pub(crate) fn pip(bin: &Path, subcommand: &str) -> Command {
    let mut command = Command::new(bin.join("python"));
    command.args([
        "-m",
        "pip",
        subcommand,
        "--quiet",
        "--disable-pip-version-check",
    ]);
    command
}

/// Cargo's target folder.
pub(crate) fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// `hcr mcp` driven by the official Python MCP SDK (crates/hcr-mcp/tests/python).
fn mcp_client_tests(root: &Path, bin: &Path) -> Result<()> {
    pytest(
        root,
        bin,
        "MCP client tests (Python SDK)",
        "crates/hcr-mcp/tests/python",
    )
}

/// Runs the pytest files of `folder` against the `hcr` binary `cargo test` built (named by
/// `HCR_BIN`; a separate `cargo build` would resolve features without the dev-dependencies and
/// rebuild half the graph).
fn pytest(root: &Path, bin: &Path, name: &str, folder: &str) -> Result<()> {
    let hcr = target_dir(root).join("debug/hcr");
    if !hcr.is_file() {
        bail!("{} is missing: `cargo test` builds it", hcr.display());
    }
    step(
        name,
        Command::new(bin.join("python"))
            .current_dir(root)
            .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
            .arg(folder)
            .env("HCR_BIN", hcr),
    )
}

/// The Python package: a wheel built from source by pip through maturin (the dev profile,
/// sharing the tests' build) and installed into the venv, then its tests, its stubs against
/// the module (stubtest), and typed use of them (`mypy --strict`). Returns the folder holding
/// the wheel.
fn python_package(root: &Path, bin: &Path) -> Result<PathBuf> {
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(
            std::env::var_os("PATH")
                .iter()
                .flat_map(std::env::split_paths),
        ),
    )?;
    let wheels = target_dir(root).join("xtask/wheels");
    if wheels.exists() {
        std::fs::remove_dir_all(&wheels)?;
    }
    step(
        "pip wheel ./crates/hcr-python",
        pip(bin, "wheel")
            .current_dir(root)
            .args(["--no-build-isolation", "--no-deps", "--wheel-dir"])
            .arg(&wheels)
            .arg("./crates/hcr-python")
            .env("PATH", &path)
            .env("MATURIN_PEP517_ARGS", "--profile dev"),
    )?;
    let wheel = std::fs::read_dir(&wheels)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .context("pip wheel wrote no wheel")?;
    step(
        "pip install the hcr wheel",
        pip(bin, "install")
            .current_dir(root)
            .args(["--no-deps", "--force-reinstall"])
            .arg(&wheel),
    )?;
    pytest(root, bin, "Python package tests", "crates/hcr-python/tests")?;
    step(
        "stubtest hcr._hcr",
        Command::new(bin.join("python")).current_dir(root).args([
            "-m",
            "mypy.stubtest",
            "hcr._hcr",
        ]),
    )?;
    step(
        "mypy --strict",
        Command::new(bin.join("python"))
            .current_dir(root.join("crates/hcr-python/tests"))
            .args([
                "-m",
                "mypy",
                "--strict",
                "--no-incremental",
                "typing_check.py",
            ]),
    )?;
    Ok(wheels)
}

/// The files the workflow lint checks: the composite action and every workflow.
fn workflow_files(root: &Path) -> Result<(PathBuf, Vec<PathBuf>)> {
    let action = root.join("action.yml");
    let mut workflows = Vec::new();
    let folder = root.join(".github/workflows");
    if folder.is_dir() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("yml" | "yaml")
            ) {
                workflows.push(path);
            }
        }
    }
    workflows.sort();
    Ok((action, workflows))
}

fn workflow_lint(root: &Path, bin: &Path) -> Result<()> {
    let (action, workflows) = workflow_files(root)?;
    let mut zizmor = Command::new(bin.join("zizmor"));
    zizmor
        .current_dir(root)
        .args(["--offline", "--no-progress", "--strict-collection"])
        .arg(&action)
        .args(&workflows);
    step("zizmor", &mut zizmor)?;
    step(
        "check-jsonschema (action)",
        Command::new(bin.join("check-jsonschema"))
            .current_dir(root)
            .args(["--builtin-schema", "vendor.github-actions"])
            .arg(&action),
    )?;
    if !workflows.is_empty() {
        step(
            "check-jsonschema (workflows)",
            Command::new(bin.join("check-jsonschema"))
                .current_dir(root)
                .args(["--builtin-schema", "vendor.github-workflows"])
                .args(&workflows),
        )?;
    }
    step(
        "pre-commit validate-manifest",
        Command::new(bin.join("pre-commit"))
            .current_dir(root)
            .args(["validate-manifest", ".pre-commit-hooks.yaml"]),
    )
}
