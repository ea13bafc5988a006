//! What a release publishes, and the names everything else downloads it by.
//!
//! - `cargo xtask dist DIR`: the man pages (`DIR/man/*.1`) and the shell completions
//!   (`DIR/completions/`) the release workflow attaches, written by `hcr generate DIR`.
//! - [`problems`] (run by `cargo xtask tidy` and its test): the archive names agree in the
//!   three places that spell them: the release workflow's `archive:` template and targets
//!   (`.github/workflows/release.yml`), the Action's install script (`action/install.sh`) and
//!   hcr-cli's `[package.metadata.binstall]`; and the root `pyproject.toml` of the wheel hook
//!   installs the `hcr` package at the workspace's version.

use std::path::Path;

use anyhow::{Context as _, Result};

/// Writes the man pages and completions into `dir`: `hcr generate DIR`, from the sources.
pub(crate) fn dist(dir: &Path) -> Result<()> {
    crate::tool("hcr-cli", "hcr", &[Path::new("generate"), dir])
}

/// The release's targets, read from the workflow's `binaries` matrix (`- target: …` lines).
fn targets(workflow: &str) -> Vec<String> {
    workflow
        .lines()
        .filter_map(|line| line.trim().strip_prefix("- target:"))
        .map(|t| t.trim().to_owned())
        .collect()
}

/// The value of the first `key:` line of a YAML text.
fn yaml_value<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .find_map(|line| line.trim().strip_prefix(key)?.strip_prefix(':'))
        .map(str::trim)
}

/// A target's archive suffix: upload-rust-binary-action zips for Windows, tars otherwise.
fn suffix(target: &str) -> &'static str {
    if target.contains("windows") {
        ".zip"
    } else {
        ".tar.gz"
    }
}

/// The disagreements; empty when every place names the same assets.
pub(crate) fn problems(root: &Path) -> Result<Vec<String>> {
    let mut problems = Vec::new();
    let version = workspace_package(root, "version")?;
    // binstall's `{ repo }` is the package's `repository`, which hcr-cli inherits.
    let repository = workspace_package(root, "repository")?;
    let tag = format!("v{version}");

    let workflow = read(root, ".github/workflows/release.yml")?;
    let targets = targets(&workflow);
    if targets.len() != 5 {
        problems.push(format!(
            "release.yml builds {} targets, not the five of the release ({targets:?})",
            targets.len()
        ));
    }
    let archive = yaml_value(&workflow, "archive").unwrap_or_default();

    let script = read(root, "action/install.sh")?;
    let asset_line = script
        .lines()
        .find_map(|line| line.trim().strip_prefix("asset=\""))
        .and_then(|rest| rest.strip_suffix('"'))
        .unwrap_or_default();
    let script_targets: Vec<&str> = script
        .lines()
        .filter_map(|line| line.trim().split_once(") target=").map(|(_, t)| t))
        .map(|t| t.trim_end_matches(" ;;").trim())
        .collect();

    let manifest: toml::Table = read(root, "crates/hcr-cli/Cargo.toml")?.parse()?;
    let binstall = manifest
        .get("package")
        .and_then(|p| p.get("metadata"))
        .and_then(|m| m.get("binstall"));
    let pkg_url = binstall
        .and_then(|b| b.get("pkg-url"))
        .and_then(toml::Value::as_str)
        .unwrap_or_default();
    let bin_dir = binstall
        .and_then(|b| b.get("bin-dir"))
        .and_then(toml::Value::as_str)
        .unwrap_or_default();
    if bin_dir != "{ bin }{ binary-ext }" {
        problems.push(format!(
            "binstall bin-dir is `{bin_dir}`; the archives hold the binary at their top: `{{ bin }}{{ binary-ext }}`"
        ));
    }

    for target in &targets {
        let want = format!("hcr-{tag}-{target}{}", suffix(target));
        let from_workflow = format!(
            "{}{}",
            archive.replace("$tag", &tag).replace("$target", target),
            suffix(target)
        );
        let from_script = asset_line
            .replace("${tag}", &tag)
            .replace("${target}", target)
            .replace("${suffix}", suffix(target));
        let format = binstall
            .and_then(|b| b.get("overrides"))
            .and_then(|o| o.get(target.as_str()))
            .and_then(|o| o.get("pkg-fmt"))
            .or_else(|| binstall.and_then(|b| b.get("pkg-fmt")))
            .and_then(toml::Value::as_str)
            .unwrap_or_default();
        let archive_suffix = match format {
            "tgz" => ".tar.gz",
            "zip" => ".zip",
            _ => "",
        };
        let from_binstall = pkg_url
            .replace("{ repo }", &repository)
            .replace("{ version }", &version)
            .replace("{ target }", target)
            .replace("{ archive-suffix }", archive_suffix);
        let expected_url = format!("{repository}/releases/download/{tag}/{want}");
        for (place, got) in [
            ("release.yml's archive", from_workflow.as_str()),
            ("action/install.sh's asset", from_script.as_str()),
        ] {
            if got != want {
                problems.push(format!("{target}: {place} is `{got}`, not `{want}`"));
            }
        }
        if from_binstall != expected_url {
            problems.push(format!(
                "{target}: binstall downloads `{from_binstall}`, not `{expected_url}`"
            ));
        }
        if !script_targets.contains(&target.as_str()) {
            problems.push(format!(
                "{target}: action/install.sh never picks this target"
            ));
        }
    }
    for target in &script_targets {
        if !targets.iter().any(|t| t == target) {
            problems.push(format!(
                "action/install.sh downloads {target}, which the release does not build"
            ));
        }
    }

    let pyproject: toml::Table = read(root, "pyproject.toml")?.parse()?;
    let project = pyproject.get("project");
    let hook_version = project
        .and_then(|p| p.get("version"))
        .and_then(toml::Value::as_str);
    if hook_version != Some(version.as_str()) {
        problems.push(format!(
            "pyproject.toml's version is {hook_version:?}, not the workspace's {version}"
        ));
    }
    let pin = format!("hcr=={version}");
    let dependencies: Vec<&str> = project
        .and_then(|p| p.get("dependencies"))
        .and_then(toml::Value::as_array)
        .map(|a| a.iter().filter_map(toml::Value::as_str).collect())
        .unwrap_or_default();
    if dependencies != [pin.as_str()] {
        problems.push(format!(
            "pyproject.toml depends on {dependencies:?}, not exactly [\"{pin}\"]"
        ));
    }
    Ok(problems)
}

fn read(root: &Path, path: &str) -> Result<String> {
    std::fs::read_to_string(root.join(path)).with_context(|| format!("reading {path}"))
}

/// A string of the workspace's `[workspace.package]`: `version`, `repository`.
pub(crate) fn workspace_package(root: &Path, key: &str) -> Result<String> {
    let workspace: toml::Table = read(root, "Cargo.toml")?.parse()?;
    workspace
        .get("workspace")
        .and_then(|w| w.get("package"))
        .and_then(|p| p.get(key))
        .and_then(toml::Value::as_str)
        .map(str::to_owned)
        .with_context(|| format!("the workspace has no package {key}"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_place_names_the_same_release_assets() {
        let problems = super::problems(&crate::workspace_root()).expect("files read");
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }

    #[test]
    fn the_names_are_read_from_the_texts() {
        let workflow = "matrix:\n  include:\n    - target: a-b\n      os: x\n    - target: c-windows\n  archive: hcr-$tag-$target\n";
        assert_eq!(super::targets(workflow), ["a-b", "c-windows"]);
        assert_eq!(
            super::yaml_value(workflow, "archive"),
            Some("hcr-$tag-$target")
        );
        assert_eq!(super::suffix("c-windows"), ".zip");
    }
}
