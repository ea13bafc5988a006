//! `cargo xtask test`, every test that checks behaviour, and `cargo xtask release-check`,
//! the release and packaging checks; each sets up what it needs. `.ci/run` runs both.
//!
//! `test`, in order (each step stops the run when it fails):
//! 1. `cargo fmt --check`;
//! 2. `cargo test --workspace --locked` (the Rust tests and doc tests), with `cargo clippy
//!    --all-targets -D warnings` beside it in `target/clippy`;
//! 3. the Python module (hcr-python's cdylib) and the Node module (hcr-node's), built by cargo
//!    with the tests' feature set, so that nothing below them is built again (a package build,
//!    as maturin's, resolves features without the workspace's dev-dependencies and rebuilds
//!    most of the graph);
//! 4. the Node package's tests (`node --test`, after `npm ci` of its lockfile when it
//!    changed) on the Node module of step 3 (`node.rs`);
//! 5. the Python tools: a virtual environment in `target/xtask/venv` with the pinned packages
//!    of `xtask/python-requirements.txt`, made with the machine's `python3` (or `$PYTHON`) and
//!    rebuilt whenever that file changes;
//! 6. the MCP client tests with the official Python SDK, and the language server's client
//!    tests (pytest-lsp, and Neovim headless: Debian's `neovim`, installed with `apt-get` when
//!    `nvim` is missing and the run is root's; otherwise the step fails), against the `hcr`
//!    of step 2;
//! 7. the Python package's tests, its stubs against the module (stubtest) and typed use of
//!    them (`mypy --strict`), on the module of step 3 (the tests marked `wheel` wait for the
//!    release wheel).
//!
//! `release-check`: `cargo doc` with `-D warnings`; the package check (every published crate
//! packaged and checked, hcr-cli installed from its `.crate`) and `cargo publish --dry-run`;
//! `npm pack --dry-run` of the Node package; the VS Code extension packaged with `vsce`
//! (`target/vscode/hcr.vsix`, not published);
//! the release wheel, built by pip through maturin and installed, with every Python test (the
//! `wheel` ones included); the workflow lint (zizmor, check-jsonschema, `pre-commit
//! validate-manifest`); both pre-commit hooks, installed by `pre-commit try-repo` as a user's
//! pre-commit installs them (`hooks.rs`).
//!
//! `--skip-lint` leaves fmt and clippy out of `test` (for a quick local run); CI never passes
//! it.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use crate::{step, target_dir};

use anyhow::{Context as _, Result, bail};
use sha2::{Digest as _, Sha256};

/// The pinned Python packages, relative to the workspace root.
const REQUIREMENTS: &str = "xtask/python-requirements.txt";

/// Where step 3's module is laid out as an installed package (`hcr/`: the Python sources and
/// the module), under the target folder.
const DEV_PACKAGE: &str = "xtask/python-dev";

/// The `.pth` file in the venv's `site-packages` that puts [`DEV_PACKAGE`] on its path.
const DEV_PTH: &str = "hcr-dev.pth";

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
    // clippy runs beside the tests, in a target folder of its own (two cargo runs on one
    // folder take turns): its checking overlaps the tests' linking and running.
    let clippy = if lint {
        step(
            "cargo fmt",
            crate::cargo(&root).args(["fmt", "--all", "--check"]),
        )?;
        println!("==> cargo clippy (beside the tests, in target/clippy)");
        let mut command = crate::cargo(&root);
        command
            .args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--locked",
                "--quiet",
                "--",
                "-D",
                "warnings",
            ])
            .env("CARGO_TARGET_DIR", target_dir(&root).join("clippy"));
        let started = Instant::now();
        Some(std::thread::spawn(move || {
            (command.output(), started.elapsed())
        }))
    } else {
        None
    };
    let tests = step(
        "cargo test",
        crate::cargo(&root).args(["test", "--workspace", "--locked"]),
    );
    if let Some(clippy) = clippy {
        let (output, took) = clippy
            .join()
            .map_err(|_| anyhow::anyhow!("the clippy thread panicked"))?;
        let output = output.context("starting cargo clippy")?;
        std::io::Write::write_all(&mut std::io::stderr(), &output.stderr)?;
        if !output.status.success() {
            bail!("cargo clippy failed ({})", output.status);
        }
        println!("==> cargo clippy: ok in {:.0} s", took.as_secs_f64());
    }
    tests?;
    // `--lib --tests` resolves features as `cargo test` did: only the cdylib is new.
    step(
        "cargo build (the Python module, with the tests' features)",
        crate::cargo(&root).args(["build", "--workspace", "--lib", "--tests", "--locked"]),
    )?;
    crate::node::tests(&root)?;
    let venv = python_env(&root)?;
    mcp_client_tests(&root, &venv)?;
    lsp_client_tests(&root, &venv)?;
    dev_package(&root, &venv)?;
    python_tests(&root, &venv, Some("not wheel"))?;
    println!(
        "xtask test: every step passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

pub(crate) fn release_check(args: &[String]) -> Result<()> {
    if let Some(other) = args.first() {
        bail!("unknown option `{other}` (usage: cargo xtask release-check)");
    }
    let root = crate::workspace_root();
    let started = Instant::now();
    step(
        "cargo doc",
        crate::cargo(&root)
            .args(["doc", "--workspace", "--no-deps", "--locked"])
            .env("RUSTDOCFLAGS", "-D warnings"),
    )?;
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
    // The packages' verification build is the package check's install; this checks what the
    // registry would be sent.
    step(
        "cargo publish --dry-run",
        crate::cargo(&root).args([
            "publish",
            "--workspace",
            "--dry-run",
            "--no-verify",
            "--allow-dirty",
            "--locked",
            "--quiet",
        ]),
    )?;
    crate::node::pack_check(&root)?;
    crate::node::vscode_package(&root)?;
    let venv = python_env(&root)?;
    let wheels = release_wheel(&root, &venv)?;
    python_tests(&root, &venv, None)?;
    workflow_lint(&root, &venv)?;
    crate::hooks::check(&root, &venv, &wheels)?;
    println!(
        "xtask release-check: every step passed in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A virtual environment with the pinned packages, made or refreshed as needed; returns its
/// scripts folder (`bin`, `Scripts` on Windows).
pub(crate) fn python_env(root: &Path) -> Result<PathBuf> {
    let requirements = root.join(REQUIREMENTS);
    let pinned = std::fs::read(&requirements)
        .with_context(|| format!("reading {}", requirements.display()))?;
    let want = hex::encode(Sha256::digest(&pinned));
    let venv = root.join("target/xtask/venv");
    let stamp = venv.join("hcr-requirements.sha256");
    let bin = venv.join(if cfg!(windows) { "Scripts" } else { "bin" });
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

/// The `python` of the venv whose scripts folder is `bin`.
pub(crate) fn python(bin: &Path) -> PathBuf {
    bin.join(format!("python{}", std::env::consts::EXE_SUFFIX))
}

/// `python -m pip SUBCOMMAND --quiet --disable-pip-version-check` in the venv of `bin`.
pub(crate) fn pip(bin: &Path, subcommand: &str) -> Command {
    let mut command = Command::new(python(bin));
    command.args([
        "-m",
        "pip",
        subcommand,
        "--quiet",
        "--disable-pip-version-check",
    ]);
    command
}

/// `hcr mcp` driven by the official Python MCP SDK (crates/hcr-mcp/tests/python).
fn mcp_client_tests(root: &Path, bin: &Path) -> Result<()> {
    pytest(
        root,
        bin,
        "MCP client tests (Python SDK)",
        "crates/hcr-mcp/tests/python",
        None,
    )
}

/// `hcr server` driven by pytest-lsp and by Neovim headless (crates/hcr-lsp/tests/python).
fn lsp_client_tests(root: &Path, bin: &Path) -> Result<()> {
    ensure_nvim()?;
    pytest(
        root,
        bin,
        "language server client tests (pytest-lsp, Neovim)",
        "crates/hcr-lsp/tests/python",
        None,
    )
}

/// `nvim` on the `PATH`: installed from Debian's packages when missing and the run is root's
/// (as CI's is); otherwise an error that says what to install. Never a silent skip.
fn ensure_nvim() -> Result<()> {
    let found = || {
        Command::new("nvim")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    if found() {
        return Ok(());
    }
    let root_user = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
    if !root_user {
        bail!(
            "nvim is missing: install Neovim (Debian: `apt-get install neovim`) for the language server's tests"
        );
    }
    // A failed update still leaves the lists an install may find it in.
    let _ = Command::new("apt-get").args(["update", "-qq"]).status();
    step(
        "apt-get install neovim",
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "neovim"])
            .env("DEBIAN_FRONTEND", "noninteractive"),
    )?;
    if !found() {
        bail!("nvim is still missing after `apt-get install neovim`");
    }
    Ok(())
}

/// Runs the pytest files of `folder` (those the marker expression selects, if any) against
/// the `hcr` binary `cargo test` built (named by `HCR_BIN`).
fn pytest(root: &Path, bin: &Path, name: &str, folder: &str, markers: Option<&str>) -> Result<()> {
    let hcr = target_dir(root)
        .join("debug")
        .join(format!("hcr{}", std::env::consts::EXE_SUFFIX));
    if !hcr.is_file() {
        bail!("{} is missing: `cargo test` builds it", hcr.display());
    }
    let mut command = Command::new(python(bin));
    command
        .current_dir(root)
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .arg(folder)
        .env("HCR_BIN", hcr);
    if let Some(markers) = markers {
        command.args(["-m", markers]);
    }
    step(name, &mut command)
}

/// The venv's `site-packages`.
fn site_packages(bin: &Path) -> Result<PathBuf> {
    let out = Command::new(python(bin))
        .args([
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ])
        .output()?;
    if !out.status.success() {
        bail!("the venv's python cannot name its site-packages");
    }
    Ok(PathBuf::from(String::from_utf8(out.stdout)?.trim()))
}

/// Lays out step 3's module as the installed package (the Python sources of
/// `crates/hcr-python/python/hcr` and the module as `_hcr`), puts it on the venv's path with
/// a `.pth` file in place of an installed wheel, and checks that `import hcr` finds it. What
/// a wheel adds besides (its metadata, the `hcr` script) is the release wheel's to test.
fn dev_package(root: &Path, bin: &Path) -> Result<()> {
    let started = Instant::now();
    println!("==> the Python package, from the tests' build");
    let status = pip(bin, "uninstall").args(["--yes", "hcr"]).status()?;
    if !status.success() {
        bail!("removing an installed hcr wheel failed ({status})");
    }
    let package = target_dir(root).join(DEV_PACKAGE);
    let hcr = package.join("hcr");
    if package.exists() {
        std::fs::remove_dir_all(&package)?;
    }
    std::fs::create_dir_all(&hcr)?;
    for entry in std::fs::read_dir(root.join("crates/hcr-python/python/hcr"))? {
        let path = entry?.path();
        if let (true, Some(name)) = (path.is_file(), path.file_name()) {
            std::fs::copy(&path, hcr.join(name))?;
        }
    }
    // The cdylib as cargo names it, and as Python imports it (abi3).
    let (built, module) = match std::env::consts::OS {
        "windows" => ("_hcr.dll", "_hcr.pyd"),
        "macos" => ("lib_hcr.dylib", "_hcr.abi3.so"),
        _ => ("lib_hcr.so", "_hcr.abi3.so"),
    };
    let cdylib = target_dir(root).join("debug").join(built);
    std::fs::copy(&cdylib, hcr.join(module))
        .with_context(|| format!("copying {}", cdylib.display()))?;
    std::fs::write(
        site_packages(bin)?.join(DEV_PTH),
        format!("{}\n", package.display()),
    )?;
    let out = Command::new(python(bin))
        .args(["-c", "import hcr._hcr; print(hcr._hcr.__file__)"])
        .output()?;
    let found = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    if !out.status.success() || !found.starts_with(&package) {
        bail!(
            "`import hcr` does not find {}: {}{}",
            package.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
    println!(
        "==> the Python package, from the tests' build: ok in {:.0} s",
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The release wheel, built from source by pip through maturin into `target/xtask/wheels`
/// and installed into the venv in place of the tests' package; returns the wheels' folder.
pub(crate) fn release_wheel(root: &Path, bin: &Path) -> Result<PathBuf> {
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
        "pip wheel ./crates/hcr-python (release)",
        pip(bin, "wheel")
            .current_dir(root)
            .args(["--no-build-isolation", "--no-deps", "--wheel-dir"])
            .arg(&wheels)
            .arg("./crates/hcr-python")
            .env("PATH", &path),
    )?;
    let wheel = std::fs::read_dir(&wheels)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|e| e == "whl"))
        .context("pip wheel wrote no wheel")?;
    let pth = site_packages(bin)?.join(DEV_PTH);
    if pth.exists() {
        std::fs::remove_file(&pth)?;
    }
    step(
        "pip install the hcr wheel",
        pip(bin, "install")
            .current_dir(root)
            .args(["--no-deps", "--force-reinstall"])
            .arg(&wheel),
    )?;
    Ok(wheels)
}

/// The Python package's tests (those the marker expression selects, if any), its stubs
/// against the module (stubtest), and typed use of them (`mypy --strict` over the usage sample
/// and the configuration's tests), on the `hcr` the venv imports.
fn python_tests(root: &Path, bin: &Path, markers: Option<&str>) -> Result<()> {
    pytest(
        root,
        bin,
        "Python package tests",
        "crates/hcr-python/tests",
        markers,
    )?;
    step(
        "stubtest hcr._hcr",
        Command::new(python(bin))
            .current_dir(root)
            .args(["-m", "mypy.stubtest", "hcr._hcr"]),
    )?;
    step(
        "mypy --strict",
        Command::new(python(bin))
            .current_dir(root.join("crates/hcr-python/tests"))
            .args([
                "-m",
                "mypy",
                "--strict",
                "--no-incremental",
                "typing_check.py",
                "test_config.py",
            ]),
    )
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
