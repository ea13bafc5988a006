//! `cargo xtask peers install | certify`: certify real peers as a user would.
//!
//! Installs generic JSON Schema validators from their package registries into `target/peers`
//! (never part of `cargo test`), runs `hcr certify` on each with the exact command recorded
//! in the report, and writes the reports to `conformance-suite/reports/`. With `--publisher
//! PATH`, it also certifies the publisher's reference validator, `validate.mjs`, from the path
//! given (the script is not in this repository): the command recorded names it through the
//! `HCR_VALIDATE_MJS` environment variable, so that the report is the same on every machine.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use sha2::Digest as _;

use crate::workspace_root;

/// A peer: how to install it and how `hcr certify` runs it.
struct Peer {
    /// File name of its reports.
    slug: &'static str,
    /// Its name in the report.
    name: &'static str,
    /// The pinned version installed.
    version: &'static str,
    /// The `--validator` template, relative to the workspace root.
    template: &'static str,
}

const PEERS: &[Peer] = &[
    Peer {
        slug: "ajv-cli",
        name: "ajv-cli (with ajv-formats)",
        version: "ajv-cli 5.0.0, ajv-formats 3.0.1",
        template: "target/peers/node/node_modules/.bin/ajv validate --spec=draft2020 -c ajv-formats -s protocol/v1/schema.json -d {}",
    },
    Peer {
        slug: "check-jsonschema",
        name: "check-jsonschema",
        version: "0.39.0",
        template: "target/peers/venv/bin/check-jsonschema --schemafile protocol/v1/schema.json {}",
    },
];

fn peers_dir() -> PathBuf {
    workspace_root().join("target/peers")
}

fn run(command: &mut Command) -> Result<()> {
    let shown = format!("{command:?}");
    let status = command
        .status()
        .with_context(|| format!("running {shown}"))?;
    if !status.success() {
        bail!("{shown} failed with {status}");
    }
    Ok(())
}

/// Installs the pinned peers with npm and pip into `target/peers`.
pub(crate) fn install() -> Result<()> {
    let node = peers_dir().join("node");
    std::fs::create_dir_all(&node)?;
    run(Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(&node)
        .args(["ajv-cli@5.0.0", "ajv-formats@3.0.1"]))?;
    let venv = peers_dir().join("venv");
    run(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    run(Command::new(venv.join("bin/pip")).args([
        "install",
        "--quiet",
        "check-jsonschema==0.39.0",
    ]))?;
    println!("peers installed in {}", peers_dir().display());
    Ok(())
}

/// The publisher's reference validator, run with node from `$HCR_VALIDATE_MJS`.
const PUBLISHER: Peer = Peer {
    slug: "publisher-validate-mjs",
    name: "validate.mjs (the publisher's reference validator)",
    version: "44-pixels/handover-mcp protocol/v1/validate.mjs",
    template: "node \"$HCR_VALIDATE_MJS\" {}",
};

/// Certifies every peer (and, given its path, the publisher's `validate.mjs`) with a release
/// build of hcr and writes the reports.
pub(crate) fn certify(publisher: Option<&Path>) -> Result<()> {
    let root = workspace_root();
    run(Command::new(env!("CARGO")).current_dir(&root).args([
        "build",
        "--release",
        "--quiet",
        "-p",
        "hcr-cli",
    ]))?;
    let hcr = crate::target_dir(&root).join("release/hcr");
    let reports = root.join("conformance-suite/reports");
    std::fs::create_dir_all(&reports)?;
    let mut commands = String::from(
        "# Peer certification commands\n\nRun from the repository root after `cargo xtask peers install` \
         (which installs the pinned versions below into `target/peers`); `cargo xtask peers certify \
         --publisher PATH/validate.mjs` runs exactly these.\n\n",
    );
    let mut peers: Vec<&Peer> = PEERS.iter().collect();
    let mut environment = Vec::new();
    if let Some(script) = publisher {
        let script = std::fs::canonicalize(script)
            .with_context(|| format!("{} cannot be read", script.display()))?;
        let digest = hex::encode(sha2::Sha256::digest(std::fs::read(&script)?));
        println!("validate.mjs: {} (sha256 {digest})", script.display());
        environment.push(("HCR_VALIDATE_MJS", script));
        peers.push(&PUBLISHER);
    }
    for peer in peers {
        if peer.template.starts_with("target/") {
            let binary = root.join(peer.template.split_whitespace().next().unwrap_or_default());
            if !binary.exists() {
                bail!(
                    "{} is not installed: run `cargo xtask peers install`",
                    peer.name
                );
            }
        }
        for (format, extension) in [("markdown", "md"), ("json", "json")] {
            let output = reports.join(format!("{}.{extension}", peer.slug));
            let args = certify_args(peer, format, &output, &root);
            let status = Command::new(&hcr)
                .current_dir(&root)
                .args(&args)
                .envs(environment.iter().map(|(k, v)| (k, v)))
                .status()?;
            // Exit status 1 means "does not conform": a result, not a failure of the run.
            if !matches!(status.code(), Some(0 | 1)) {
                bail!("hcr certify failed for {}: {status}", peer.name);
            }
            if format == "markdown" {
                let setup = if peer.slug == PUBLISHER.slug {
                    "# validate.mjs is the publisher's (github.com/44-pixels/handover-mcp,\n\
                     # protocol/v1/validate.mjs); it is not in this repository. Point at a copy:\n\
                     export HCR_VALIDATE_MJS=/path/to/validate.mjs\n"
                } else {
                    ""
                };
                commands.push_str(&format!(
                    "## {}\n\n```sh\n{setup}hcr {}\n```\n\n",
                    peer.name,
                    args.iter()
                        .map(|a| shell_word(a))
                        .collect::<Vec<_>>()
                        .join(" ")
                ));
            }
        }
        println!(
            "certified {} -> conformance-suite/reports/{}.md",
            peer.name, peer.slug
        );
    }
    std::fs::write(reports.join("COMMANDS.md"), commands)?;
    Ok(())
}

fn certify_args(peer: &Peer, format: &str, output: &Path, root: &Path) -> Vec<String> {
    let output = output.strip_prefix(root).unwrap_or(output);
    vec![
        "certify".into(),
        "--validator".into(),
        peer.template.into(),
        "--name".into(),
        peer.name.into(),
        "--version".into(),
        peer.version.into(),
        "--timeout".into(),
        "60".into(),
        "--format".into(),
        format.into(),
        "--output".into(),
        output.display().to_string(),
    ]
}

fn shell_word(word: &str) -> String {
    if word
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b"-_./=".contains(&b))
    {
        word.to_owned()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}
