//! `hcr continue` and `hcr diff`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow, bail};
use hcr_chain::{
    Continuation, Diff, PatchText, Refusal, checked_successor_with, parse_actor, revision_file_name,
};
use hcr_report::{Context, Format, Outcome, Summary, renderer};
use hcr_types::Record;
use hcr_validate::{Level, Report};

use crate::args::{CheckArgs, ContinueArgs, DiffArgs, DiffFormat, InputArgs};
use crate::project::Given;
use crate::{EXIT_INVALID, EXIT_USAGE, EXIT_VALID};

/// Reads a record that has the schema's shape (under the project's settings and the command
/// line's selection), or the report that says why not.
fn read(
    path: &Path,
    input: &InputArgs,
    checking: &CheckArgs,
    given: &Given<'_>,
) -> Result<std::result::Result<Record, (Report, Vec<u8>)>> {
    let validator = crate::project::checker(checking, given, Level::Schema, input, Some(path))?;
    let bytes = crate::input::bytes(path, input)?;
    let (record, report) = validator.validate_typed(&bytes);
    Ok(match record {
        Some(record) if report.valid() => Ok(record),
        _ => Err((report, bytes)),
    })
}

/// Prints `report` about `text` (named `source`) as text diagnostics.
fn print_report(
    source: Option<PathBuf>,
    report: Report,
    text: Vec<u8>,
    level: Level,
) -> Result<()> {
    let source = hcr_batch::Source {
        path: source,
        line: None,
        label: None,
    };
    let outcome = Outcome::new(source, 0, report, Some(&text));
    let mut summary = Summary::default();
    summary.add(&outcome);
    let mut render = renderer(Format::Text, Context::new(level));
    let mut out = io::stdout().lock();
    render.record(&mut out, &outcome)?;
    render.finish(&mut out, &summary)?;
    Ok(())
}

pub(crate) fn run_continue(args: &ContinueArgs, given: &Given<'_>) -> Result<u8> {
    let previous = match read(&args.previous, &args.input, &args.checking, given)? {
        Ok(record) => record,
        Err((report, bytes)) => {
            print_report(Some(args.previous.clone()), report, bytes, Level::Schema)?;
            writeln!(
                io::stderr(),
                "hcr: the predecessor must have the schema's shape to be continued"
            )?;
            return Ok(EXIT_INVALID);
        }
    };
    let mut patch_bytes = Vec::new();
    let patch = match &args.patch {
        Some(path) => {
            patch_bytes = crate::input::bytes(path, &args.input)?;
            let bytes = &patch_bytes;
            // Within the record limits; the message names the problem, not the text.
            let limits = crate::input::record_limits(&args.input);
            let patch = hcr_validate::parse_json(bytes, &limits).map_err(|d| {
                anyhow!(
                    "the patch `{}` cannot be read: {} ({})",
                    hcr_escape::path(path),
                    hcr_escape::escape(&d.message),
                    d.code
                )
            })?;
            Some(patch)
        }
        None => None,
    };
    let now = args.now.clone();
    let how = Continuation {
        by: Some(parse_actor(&args.by).map_err(|e| anyhow!("--by: {e}"))?),
        now,
        patch,
        complete: args.complete.clone(),
        resolve: args.resolve.clone(),
        supersede: args.supersede.clone(),
        first: args.first,
    };
    let patch_name = args
        .patch
        .as_deref()
        .map(|path| format!("`{}`", hcr_escape::path(path)));
    // A patch that parsed is UTF-8.
    let patch_text = patch_name
        .as_deref()
        .zip(std::str::from_utf8(&patch_bytes).ok())
        .map(|(name, text)| PatchText { name, text });
    // The successor is checked as `hcr validate` would check it where it is written.
    let destination = args.out.as_deref().unwrap_or(&args.previous);
    let validator = crate::project::checker(
        &args.checking,
        given,
        Level::Normative,
        &args.input,
        Some(destination),
    )?;
    let next = match checked_successor_with(&previous, &how, patch_text, &validator) {
        Ok(next) => next,
        Err(Refusal::Invalid { report, text }) => {
            print_report(None, report, text.into_bytes(), Level::Normative)?;
            writeln!(
                io::stderr(),
                "hcr: the successor is not valid at the normative level; nothing was written"
            )?;
            return Ok(EXIT_INVALID);
        }
        Err(Refusal::Refused(reason)) => bail!("{reason}"),
        Err(_) => bail!("the successor could not be made"),
    };
    let text = next.text;
    let destination = match (&args.out, &args.into) {
        (Some(file), _) => Some(file.clone()),
        (None, Some(dir)) => Some(dir.join(revision_file_name(&next.record))),
        (None, None) => None,
    };
    match destination {
        Some(path) => {
            hcr_fs::create_file(&path, text.as_bytes()).with_context(|| {
                format!(
                    "`{}` cannot be created (hcr never overwrites a revision)",
                    hcr_escape::path(&path)
                )
            })?;
            writeln!(io::stdout(), "wrote {}", hcr_escape::path(&path))?;
        }
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(EXIT_VALID)
}

pub(crate) fn run_diff(args: &DiffArgs, given: &Given<'_>) -> Result<u8> {
    let json = args.format == DiffFormat::Json;
    let mut records = Vec::new();
    for path in [&args.old, &args.new] {
        let name = hcr_escape::path(path);
        let read = match read(path, &args.input, &args.checking, given) {
            Ok(read) => read,
            // With --format json, every outcome is a JSON document on standard output.
            Err(error) if json => {
                let message = format!("{error:#}");
                let document = Diff::failure_json(&message, Some(&name), &[]);
                io::stdout().lock().write_all(document.as_bytes())?;
                writeln!(io::stderr(), "hcr: error: {message}")?;
                return Ok(EXIT_USAGE);
            }
            Err(error) => return Err(error),
        };
        match read {
            Ok(record) => records.push(record),
            Err((report, bytes)) => {
                let message = format!("`{name}` must have the schema's shape to be compared");
                if json {
                    let document = Diff::failure_json(&message, Some(&name), report.diagnostics());
                    io::stdout().lock().write_all(document.as_bytes())?;
                    writeln!(io::stderr(), "hcr: error: {message}")?;
                    return Ok(EXIT_USAGE);
                }
                print_report(Some(path.clone()), report, bytes, Level::Schema)?;
                bail!("{message}");
            }
        }
    }
    let diff = Diff::new(&records[0], &records[1]);
    let text = match args.format {
        DiffFormat::Text => diff.to_text(),
        DiffFormat::Json => diff.to_json(),
        DiffFormat::Markdown => diff.to_markdown(),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(EXIT_VALID)
}
