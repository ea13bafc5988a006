//! The pre-commit hooks of `.pre-commit-hooks.yaml`, installed the way a user's pre-commit
//! installs them: `pre-commit try-repo <this repository> <hook> --files …` in a scratch git
//! repository, with a fresh `PRE_COMMIT_HOME` and no `hcr` on `PATH`.
//!
//! Each hook must pass on a valid record, and fail on a valid and an invalid one together,
//! naming the invalid record's code and counting one of each. `hcr-validate` is built by
//! pre-commit with cargo (`language: rust`); `hcr-validate-wheel` is installed by pre-commit
//! with pip (`language: python`), its `hcr` wheel found beside the one `cargo xtask test` built.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use anyhow::{Context as _, Result, bail, ensure};

/// The commands that must not be on `PATH`: the hooks have to bring their own.
const HCR_COMMANDS: [&str; 2] = ["hcr", "hcr-pre-commit"];

/// Checks both hooks. `venv` is the `bin` folder of the tools' virtual environment (it has
/// `pre-commit`); `wheels` is the folder holding the `hcr` wheel the build made.
pub(crate) fn check(root: &Path, venv: &Path, wheels: &Path) -> Result<()> {
    let work = root.join("target/xtask/pre-commit");
    if work.exists() {
        std::fs::remove_dir_all(&work).with_context(|| format!("removing {}", work.display()))?;
    }
    let repo = work.join("repo");
    std::fs::create_dir_all(repo.join("handoffs"))?;
    let valid = std::fs::read_to_string(root.join("protocol/v1/examples/minimal.json"))?;
    let invalid = valid.replacen(
        "\"schemaVersion\": \"1.0\"",
        "\"schemaVersion\": \"9.9\"",
        1,
    );
    ensure!(
        invalid != valid,
        "minimal.json has no `\"schemaVersion\": \"1.0\"`"
    );
    std::fs::write(repo.join("handoffs/valid.json"), valid)?;
    std::fs::write(repo.join("handoffs/invalid.json"), invalid)?;
    git(&repo, &["init", "--quiet"])?;
    git(&repo, &["add", "handoffs"])?;
    let trial = Trial {
        root,
        venv,
        wheels,
        path: path_without_hcr(&work.join("tools"))?,
        work,
        repo,
    };

    for hook in ["hcr-validate", "hcr-validate-wheel"] {
        let started = Instant::now();
        println!("==> pre-commit try-repo . {hook}");
        let passing = trial.run(hook, &["valid.json"])?;
        ensure!(passing.0, "{hook} failed on a valid record:\n{}", passing.1);
        let failing = trial.run(hook, &["valid.json", "invalid.json"])?;
        ensure!(
            !failing.0,
            "{hook} passed an invalid record:\n{}",
            failing.1
        );
        for needed in ["HCR106", "handoffs/invalid.json", "1 valid, 1 invalid"] {
            ensure!(
                failing.1.contains(needed),
                "{hook}'s output does not say `{needed}`:\n{}",
                failing.1
            );
        }
        println!(
            "==> pre-commit try-repo . {hook}: ok in {:.0} s",
            started.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// What every `pre-commit try-repo` run of [`check`] shares.
struct Trial<'a> {
    /// This repository, the one tried.
    root: &'a Path,
    /// The tools' venv `bin` folder.
    venv: &'a Path,
    /// The folder holding the `hcr` wheel.
    wheels: &'a Path,
    /// The scratch folder: `PRE_COMMIT_HOME` and the cargo build live beside the repository.
    work: PathBuf,
    /// The scratch git repository the hooks run in.
    repo: PathBuf,
    /// `PATH` without hcr.
    path: std::ffi::OsString,
}

impl Trial<'_> {
    /// One `pre-commit try-repo` run of `hook` on `files` (under `handoffs/`): whether it
    /// passed, and what it printed.
    fn run(&self, hook: &str, files: &[&str]) -> Result<(bool, String)> {
        let mut command = Command::new(self.venv.join("pre-commit"));
        command
            .current_dir(&self.repo)
            .arg("try-repo")
            .arg(self.root)
            .arg(hook)
            .arg("--verbose")
            .arg("--color=never")
            .arg("--files")
            .args(files.iter().map(|f| format!("handoffs/{f}")))
            .env("PATH", &self.path)
            .env("PRE_COMMIT_HOME", self.work.join("home"))
            .env_remove("VIRTUAL_ENV")
            // The rust hook: `cargo install` keeps its build here, so the second run and later
            // `cargo xtask test` runs reuse it; the release profile is lightened because this
            // checks the installation, not the optimiser.
            .env(
                "CARGO_TARGET_DIR",
                self.work.with_file_name("pre-commit-build"),
            )
            .env("CARGO_PROFILE_RELEASE_LTO", "false")
            .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "0")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("CARGO_PROFILE_RELEASE_INCREMENTAL", "true")
            // The wheel hook: the `hcr` wheel is not on PyPI yet, so pip finds it here.
            .env("PIP_FIND_LINKS", self.wheels)
            .env("PIP_DISABLE_PIP_VERSION_CHECK", "1");
        let out = command
            .output()
            .context("running pre-commit try-repo (is pre-commit in the venv?)")?;
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        Ok((out.status.success(), text))
    }
}

/// `PATH` without the folders that hold an `hcr` command. When `cargo` lived only in such a
/// folder, `tools` gets a link to it and joins the path.
fn path_without_hcr(tools: &Path) -> Result<std::ffi::OsString> {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let mut kept: Vec<PathBuf> = Vec::new();
    let mut cargo_found = None;
    for dir in std::env::split_paths(&current) {
        if cargo_found.is_none() && dir.join("cargo").is_file() {
            cargo_found = Some(dir.clone());
        }
        if HCR_COMMANDS.iter().any(|name| dir.join(name).exists()) {
            continue;
        }
        kept.push(dir);
    }
    let Some(cargo_dir) = cargo_found else {
        bail!("cargo is not on PATH");
    };
    if !kept.contains(&cargo_dir) {
        std::fs::create_dir_all(tools)?;
        for tool in ["cargo", "rustc"] {
            #[cfg(unix)]
            std::os::unix::fs::symlink(cargo_dir.join(tool), tools.join(tool))?;
        }
        kept.insert(0, tools.to_path_buf());
    }
    Ok(std::env::join_paths(kept)?)
}

fn git(repo: &Path, args: &[&str]) -> Result<()> {
    let status = Command::new("git").current_dir(repo).args(args).status()?;
    ensure!(status.success(), "git {} failed ({status})", args.join(" "));
    Ok(())
}
