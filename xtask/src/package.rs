//! `cargo xtask package-check`: every crate meant for users packages as crates.io would take
//! it. `cargo package` (without its slow verification build) writes each `.crate`; then each
//! archive must hold both licence files and the README, carry the metadata crates.io and
//! docs.rs show, and every file its sources embed (`include_str!`, `include_bytes!`) must be
//! inside the archive, so that the packaged crate builds on its own.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

use anyhow::{Context as _, Result, bail};

use crate::workspace_root;

/// The metadata every published crate declares.
const METADATA: [&str; 8] = [
    "description",
    "license",
    "repository",
    "homepage",
    "documentation",
    "readme",
    "keywords",
    "categories",
];

/// The crates meant for users: every workspace crate without `publish = false`.
fn published(root: &Path) -> Result<Vec<(String, String)>> {
    let mut crates = Vec::new();
    for entry in std::fs::read_dir(root.join("crates"))? {
        let manifest = entry?.path().join("Cargo.toml");
        if !manifest.is_file() {
            continue;
        }
        let parsed: toml::Table = std::fs::read_to_string(&manifest)?
            .parse()
            .with_context(|| format!("parsing {}", manifest.display()))?;
        let package = parsed
            .get("package")
            .and_then(toml::Value::as_table)
            .with_context(|| format!("{} has no [package]", manifest.display()))?;
        if package.get("publish").and_then(toml::Value::as_bool) == Some(false) {
            continue;
        }
        let name = package
            .get("name")
            .and_then(toml::Value::as_str)
            .context("a package without a name")?;
        crates.push((name.to_owned(), manifest.display().to_string()));
    }
    crates.sort();
    Ok(crates)
}

/// The files of a `.crate` archive.
fn listing(archive: &Path) -> Result<BTreeSet<String>> {
    let out = Command::new("tar").arg("-tzf").arg(archive).output()?;
    if !out.status.success() {
        bail!("`tar -tzf {}` failed", archive.display());
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect())
}

/// One file of a `.crate` archive, as text.
fn member(archive: &Path, name: &str) -> Result<String> {
    let out = Command::new("tar")
        .arg("-xzOf")
        .arg(archive)
        .arg(name)
        .output()?;
    if !out.status.success() {
        bail!("`{name}` cannot be read from {}", archive.display());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The paths a Rust source embeds with `include_str!("…")` or `include_bytes!("…")`.
fn embedded(source: &str) -> Vec<String> {
    let mut paths = Vec::new();
    for macro_name in ["include_str!(\"", "include_bytes!(\""] {
        let mut rest = source;
        while let Some(at) = rest.find(macro_name) {
            rest = &rest[at + macro_name.len()..];
            if let Some(end) = rest.find('"') {
                paths.push(rest[..end].to_owned());
            }
        }
    }
    paths
}

/// `dir/relative` with `..` and `.` resolved, or `None` when it climbs above the archive.
fn resolve(dir: &str, relative: &str) -> Option<String> {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in relative.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            other => parts.push(other),
        }
    }
    Some(parts.join("/"))
}

/// What is wrong with one packaged crate.
fn problems(archive: &Path, name: &str, version: &str) -> Result<Vec<String>> {
    let prefix = format!("{name}-{version}");
    let files = listing(archive)?;
    let mut problems = Vec::new();
    for needed in ["LICENSE-MIT", "LICENSE-APACHE", "README.md", "Cargo.toml"] {
        if !files.contains(&format!("{prefix}/{needed}")) {
            problems.push(format!("{name}: the package has no {needed}"));
        }
    }
    let manifest: toml::Table = member(archive, &format!("{prefix}/Cargo.toml"))?
        .parse()
        .with_context(|| format!("{name}: the packaged Cargo.toml"))?;
    let package = manifest
        .get("package")
        .and_then(toml::Value::as_table)
        .with_context(|| format!("{name}: the packaged Cargo.toml has no [package]"))?;
    for key in METADATA {
        if !package.contains_key(key) {
            problems.push(format!("{name}: the package has no `{key}`"));
        }
    }
    for file in files.iter().filter(|f| f.ends_with(".rs")) {
        let source = member(archive, file)?;
        let dir = file.rsplit_once('/').map_or("", |(dir, _)| dir);
        for path in embedded(&source) {
            let found = resolve(dir, &path).filter(|p| files.contains(p));
            if found.is_none() {
                problems.push(format!(
                    "{name}: {file} embeds `{path}`, which is not in the package"
                ));
            }
        }
    }
    Ok(problems)
}

/// Packages every published crate and checks each archive.
pub(crate) fn run() -> Result<()> {
    let root = workspace_root();
    let crates = published(&root)?;
    let mut command = crate::cargo(&root);
    command.args(["package", "--no-verify", "--allow-dirty", "--quiet"]);
    for (name, _) in &crates {
        command.args(["--package", name]);
    }
    let status = command.status().context("running cargo package")?;
    if !status.success() {
        bail!("cargo package failed ({status})");
    }
    let version = crate::release::workspace_package(&root, "version")?;
    let mut all = Vec::new();
    for (name, _) in &crates {
        // (Where cargo writes them: `CARGO_TARGET_DIR` when it is set.)
        let archive = crate::target_dir(&root).join(format!("package/{name}-{version}.crate"));
        all.extend(problems(&archive, name, &version)?);
    }
    if !all.is_empty() {
        bail!("the packages are not ready:\n  {}", all.join("\n  "));
    }
    println!(
        "package-check: {} crates package with their licences, README, metadata and every embedded file",
        crates.len()
    );
    install_packaged(&root, &crates, &version)
}

/// Removes the fingerprints of the hcr crates under `fingerprints` (a target folder's
/// `.fingerprint`), if there are any.
fn forget_hcr_builds(fingerprints: &Path) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(fingerprints) else {
        return Ok(());
    };
    for entry in entries {
        let entry = entry?;
        if entry.file_name().to_string_lossy().starts_with("hcr-") {
            std::fs::remove_dir_all(entry.path())?;
        }
    }
    Ok(())
}

/// `cargo install` of hcr-cli from its `.crate`, as crates.io users get it: every archive
/// unpacked, hcr-cli installed from its unpacked folder with the other hcr crates patched in
/// from theirs (they are not on the registry), then the installed `hcr` validates an example.
fn install_packaged(root: &Path, crates: &[(String, String)], version: &str) -> Result<()> {
    let package = crate::target_dir(root).join("package");
    let unpacked = package.join("unpacked");
    if unpacked.exists() {
        std::fs::remove_dir_all(&unpacked)?;
    }
    std::fs::create_dir_all(&unpacked)?;
    let mut command = crate::cargo(&package);
    command.args([
        "install",
        "--quiet",
        "--debug",
        "--force",
        "--root",
        "installed",
        "--path",
    ]);
    command.arg(unpacked.join(format!("hcr-cli-{version}")));
    for (name, _) in crates {
        let archive = package.join(format!("{name}-{version}.crate"));
        let status = Command::new("tar")
            .arg("-xzf")
            .arg(&archive)
            .arg("-C")
            .arg(&unpacked)
            .status()?;
        if !status.success() {
            bail!("unpacking {} failed", archive.display());
        }
        if name != "hcr-cli" {
            let path = unpacked.join(format!("{name}-{version}"));
            command.arg("--config").arg(format!(
                "patch.crates-io.{name}.path={}",
                // A JSON string is a TOML basic string.
                serde_json::Value::String(path.display().to_string())
            ));
        }
    }
    // Its own target folder: the packaged crates carry no workspace profile, so they build
    // with cargo's defaults. An archive's files keep the times they were packaged with, which
    // can be older than an earlier build of the same crate: the hcr crates' fingerprints go,
    // so that they are built from what was just packaged (their dependencies stay built).
    let build = package.join("install-build");
    forget_hcr_builds(&build.join("debug/.fingerprint"))?;
    command.env("CARGO_TARGET_DIR", build);
    // (Without debug information: this checks that the crates build and run, and cargo's
    // default full debug information would make this folder several times its size.)
    command.env("CARGO_PROFILE_DEV_DEBUG", "false");
    let status = command.status().context("running cargo install")?;
    if !status.success() {
        bail!("cargo install from the packaged hcr-cli failed ({status})");
    }
    let hcr = package.join("installed/bin/hcr");
    let out = Command::new(&hcr).arg("--version").output()?;
    let said = String::from_utf8_lossy(&out.stdout);
    if said.trim() != format!("hcr {version}") {
        bail!(
            "the installed hcr says `{}`, not `hcr {version}`",
            said.trim()
        );
    }
    let status = Command::new(&hcr)
        .arg("validate")
        .arg(root.join("protocol/v1/examples/minimal.json"))
        .stdout(std::process::Stdio::null())
        .status()?;
    if !status.success() {
        bail!("the installed hcr rejects protocol/v1/examples/minimal.json ({status})");
    }
    println!("package-check: hcr-cli installed from its packaged crate, and it validates a record");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_paths_are_found_and_resolved_inside_the_archive() {
        let source =
            r#"const A: &str = include_str!("../schema/x.json"); include_bytes!("data.bin");"#;
        assert_eq!(embedded(source), ["../schema/x.json", "data.bin"]);
        assert_eq!(
            resolve("hcr-validate-0.1.0/src", "../schema/x.json").as_deref(),
            Some("hcr-validate-0.1.0/schema/x.json")
        );
        assert_eq!(
            resolve("hcr-validate-0.1.0/src", "../../../protocol/v1/schema.json"),
            None,
            "a path outside the package is not in it"
        );
        assert_eq!(resolve("a", "../../x"), None);
    }
}
