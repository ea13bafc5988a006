//! `hcr digest`: SHA-256 of files, and `--fill` for a record's evidence.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use anyhow::{Context as _, Result, bail};
use hcr_receive::fill::{self, Fill};
use hcr_types::Sha256;
use hcr_validate::receiver::ArtifactStore;

use crate::args::DigestArgs;
use crate::project::Given;
use crate::{EXIT_INVALID, EXIT_USAGE, EXIT_VALID};

pub(crate) fn run(args: &DigestArgs, given: &Given<'_>) -> Result<u8> {
    match (&args.fill, &args.artifacts) {
        (Some(record), Some(artifacts)) => fill_record(record, artifacts, args, given),
        _ => hash_files(&args.files),
    }
}

/// `sha256sum`-style lines: the digest, two spaces, the path.
fn hash_files(files: &[std::path::PathBuf]) -> Result<u8> {
    let mut out = BufWriter::new(io::stdout().lock());
    let mut status = EXIT_VALID;
    for path in files {
        // Regular files only, opened without blocking: a FIFO or a device is refused, never
        // read forever.
        let digest = hcr_fs::open_regular(path)
            .map_err(|failure| format!("`{}` could not be read: {failure}", hcr_escape::path(path)))
            .and_then(|(file, _)| {
                Sha256::of_reader(io::BufReader::with_capacity(256 * 1024, file))
                    .map_err(|e| format!("`{}` could not be read: {e}", hcr_escape::path(path)))
            });
        match digest {
            Ok(digest) => writeln!(out, "{digest}  {}", hcr_escape::path(path))?,
            Err(error) => {
                out.flush()?;
                writeln!(io::stderr(), "hcr: error: {error}")?;
                status = EXIT_USAGE;
            }
        }
    }
    out.flush()?;
    Ok(status)
}

fn fill_record(path: &Path, artifacts: &Path, args: &DigestArgs, given: &Given<'_>) -> Result<u8> {
    let validator = crate::project::checker(
        &args.checking,
        given,
        hcr_validate::Level::Normative,
        &args.input,
        Some(path),
    )?;
    let text = crate::input::text(path, &args.input)?;
    let store = ArtifactStore::open(artifacts, args.max_artifact_bytes).with_context(|| {
        format!(
            "the artifacts folder `{}` cannot be opened",
            artifacts.display()
        )
    })?;
    let (record, items) = match fill::plan_text(&text, &validator, store) {
        Ok(planned) => planned,
        Err(report) => bail!(
            "`{}` is not a valid record ({}); run `hcr validate` on it first",
            path.display(),
            hcr_validate::Severity::Error.counted(report.count(hcr_validate::Severity::Error))
        ),
    };
    let mut out = io::stdout().lock();
    let mut status = EXIT_VALID;
    for item in &items {
        let what = match &item.fill {
            Fill::Added { sha256 } => format!(
                "{} {sha256}",
                if args.write { "added" } else { "would add" }
            ),
            Fill::Unchanged => "unchanged (the recorded digest matches)".to_owned(),
            Fill::Mismatch { recorded, actual } => {
                status = EXIT_INVALID;
                format!(
                    "MISMATCH: recorded {recorded}, the artifact hashes to {actual}; not changed"
                )
            }
            Fill::Problem { reason } => {
                status = EXIT_INVALID;
                format!("not hashed: {reason}")
            }
        };
        writeln!(
            out,
            "{} `{}`: {what}",
            item.pointer,
            hcr_escape::escape(&item.artifact_ref)
        )?;
    }
    if items.is_empty() {
        writeln!(out, "no evidence item has an artifactRef")?;
    }
    let added = items
        .iter()
        .filter(|i| matches!(i.fill, Fill::Added { .. }))
        .count();
    if args.write && added > 0 {
        let filled = fill::apply(&text, &record, &items)?;
        write_in_place(path, &filled)?;
        let digests = if added == 1 { "digest" } else { "digests" };
        writeln!(
            out,
            "wrote {added} {digests} into {}",
            hcr_escape::path(path)
        )?;
    }
    Ok(status)
}

/// Replaces `path`'s content through a new file beside it, keeping its permissions.
fn write_in_place(path: &Path, text: &str) -> Result<()> {
    hcr_fs::replace_file(path, text.as_bytes())
        .with_context(|| format!("`{}` could not be written", hcr_escape::path(path)))
}
