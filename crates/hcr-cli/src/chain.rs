//! `hcr continue` and `hcr diff`.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow, bail};
use hcr_chain::{Continuation, Diff, parse_actor, successor};
use hcr_report::{Context, Format, Outcome, Summary, renderer};
use hcr_types::Record;
use hcr_validate::secrets::SecretSet;
use hcr_validate::{Level, Report, Validator};

use crate::args::{ContinueArgs, DiffArgs, DiffFormat, InputArgs};
use crate::{EXIT_INVALID, EXIT_VALID};

/// Reads a record that has the schema's shape, or prints why not.
fn read(path: &Path, input: &InputArgs) -> Result<std::result::Result<Record, (Report, Vec<u8>)>> {
    let validator = Validator::new(Level::Schema).with_limits(crate::input::record_limits(input));
    let bytes = crate::input::bytes(path, input)?;
    let (record, report) = validator.validate_typed(&bytes);
    Ok(match record {
        Some(record) if report.valid => Ok(record),
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

pub(crate) fn run_continue(args: &ContinueArgs) -> Result<u8> {
    let previous = match read(&args.previous, &args.input)? {
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
    let patch = match &args.patch {
        Some(path) => {
            let bytes = crate::input::bytes(path, &args.input)?;
            // Within the record limits; the message names the problem, not the text.
            let limits = crate::input::record_limits(&args.input);
            let patch = hcr_validate::parse_json(&bytes, &limits).map_err(|d| {
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
    // What the predecessor and the patch hold is never repeated, not even in an error.
    let secrets = SecretSet::from_value(&previous.to_value()).union(
        how.patch
            .as_ref()
            .map(SecretSet::from_value)
            .unwrap_or_default(),
    );
    let next =
        successor(&previous, &how).map_err(|e| anyhow!("{}", secrets.redact(&e.to_string())))?;
    let text = next.to_json_pretty();
    let report = Validator::new(Level::Normative).validate_str(&text);
    if !report.valid {
        print_report(None, report, text.into_bytes(), Level::Normative)?;
        writeln!(
            io::stderr(),
            "hcr: the successor is not valid at the normative level; nothing was written"
        )?;
        return Ok(EXIT_INVALID);
    }
    let destination = match (&args.out, &args.into) {
        (Some(file), _) => Some(file.clone()),
        (None, Some(dir)) => {
            let id = next
                .record_id
                .as_ref()
                .map(ToString::to_string)
                .unwrap_or_default();
            Some(dir.join(format!(
                "{}.r{}.json",
                file_name(&id),
                next.revision().unwrap_or(0)
            )))
        }
        (None, None) => None,
    };
    match destination {
        Some(path) => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
                .with_context(|| {
                    format!(
                        "`{}` cannot be created (hcr never overwrites a revision)",
                        path.display()
                    )
                })?;
            file.write_all(text.as_bytes())?;
            writeln!(io::stdout(), "wrote {}", path.display())?;
        }
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(EXIT_VALID)
}

/// A record id as a file name: characters outside `[A-Za-z0-9._-]` become `_`.
fn file_name(id: &str) -> String {
    let name: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if name.is_empty() || name.starts_with('.') {
        format!("record{name}")
    } else {
        name
    }
}

pub(crate) fn run_diff(args: &DiffArgs) -> Result<u8> {
    let mut records = Vec::new();
    for path in [&args.old, &args.new] {
        match read(path, &args.input)? {
            Ok(record) => records.push(record),
            Err((report, bytes)) => {
                print_report(Some(path.clone()), report, bytes, Level::Schema)?;
                bail!(
                    "`{}` must have the schema's shape to be compared",
                    path.display()
                );
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
