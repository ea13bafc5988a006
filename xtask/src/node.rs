//! The Node package (`crates/hcr-node`): its pinned npm packages, its tests on the module
//! cargo built with the Rust tests, and, for `release-check`, `npm pack --dry-run`.
//!
//! `cargo xtask test` runs `npm ci` (the lockfile checked in) only when `package-lock.json`
//! changed since the last install (a stamp in `node_modules/`), copies the debug cdylib of
//! hcr-node (built by the Python module's step, `cargo build --workspace --lib --tests`) to
//! `target/xtask/node/hcr.node`, and runs `node --test` with the package's loader pointed at
//! it (`NAPI_RS_NATIVE_LIBRARY_PATH`) and `HCR_BIN` naming the CLI of the same sources.
//! `npm install && npm run build` in the package's folder builds it from source with
//! `@napi-rs/cli` instead; the tests are the same.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context as _, Result};
use sha2::{Digest as _, Sha256};

use crate::{step, target_dir};

/// The package's folder, relative to the workspace root.
const PACKAGE: &str = "crates/hcr-node";

/// `npm` as the platform spells its launcher.
fn npm() -> Command {
    Command::new(if cfg!(windows) { "npm.cmd" } else { "npm" })
}

/// `npm ci` when the lockfile changed since the last install.
fn install(package: &Path) -> Result<()> {
    let lock = std::fs::read(package.join("package-lock.json"))
        .context("reading the package's package-lock.json")?;
    let want = hex::encode(Sha256::digest(&lock));
    let stamp = package.join("node_modules").join(".hcr-lock.sha256");
    if std::fs::read_to_string(&stamp).ok().as_deref() == Some(want.as_str()) {
        return Ok(());
    }
    step(
        &format!(
            "npm ci (the pinned packages of {})",
            package.file_name().unwrap_or_default().to_string_lossy()
        ),
        npm()
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(package),
    )?;
    std::fs::write(&stamp, want)?;
    Ok(())
}

/// The debug cdylib of hcr-node, as cargo names it on this platform.
fn cdylib(root: &Path) -> PathBuf {
    let name = if cfg!(windows) {
        "hcr_node.dll"
    } else if cfg!(target_os = "macos") {
        "libhcr_node.dylib"
    } else {
        "libhcr_node.so"
    };
    target_dir(root).join("debug").join(name)
}

/// The Node package's tests (`node --test`) on the module of the Rust tests' build.
pub(crate) fn tests(root: &Path) -> Result<()> {
    let package = root.join(PACKAGE);
    install(&package)?;
    let built = cdylib(root);
    let folder = target_dir(root).join("xtask").join("node");
    std::fs::create_dir_all(&folder)?;
    // Node loads an add-on by its `.node` name.
    let module = folder.join("hcr.node");
    std::fs::copy(&built, &module).with_context(|| format!("copying {}", built.display()))?;
    let hcr = target_dir(root)
        .join("debug")
        .join(format!("hcr{}", std::env::consts::EXE_SUFFIX));
    step(
        "Node package tests (node --test)",
        npm()
            .args(["test", "--silent"])
            .current_dir(&package)
            .env("NAPI_RS_NATIVE_LIBRARY_PATH", &module)
            .env("HCR_BIN", hcr),
    )
}

/// `npm pack --dry-run`: what the package would publish (its files list) packs.
/// The VS Code extension (`editors/vscode`, which starts `hcr server`), packaged with its
/// pinned `vsce` into `target/vscode/hcr.vsix`, as a release would; never published.
pub(crate) fn vscode_package(root: &Path) -> Result<()> {
    let extension = root.join("editors").join("vscode");
    install(&extension)?;
    let out = target_dir(root).join("vscode");
    std::fs::create_dir_all(&out)?;
    let vsix = out.join("hcr.vsix");
    step(
        "vsce package (the VS Code extension)",
        npm()
            .args([
                "exec",
                "--no",
                "--",
                "vsce",
                "package",
                "--skip-license",
                "--out",
            ])
            .arg(&vsix)
            .current_dir(&extension),
    )
}

pub(crate) fn pack_check(root: &Path) -> Result<()> {
    let package = root.join(PACKAGE);
    install(&package)?;
    step(
        "npm pack --dry-run (the Node package)",
        npm()
            .args(["pack", "--dry-run", "--loglevel=warn"])
            .current_dir(&package),
    )
}
