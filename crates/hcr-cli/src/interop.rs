//! `hcr spec-handoff`, `hcr render` and `hcr convert`.

use std::io::{self, Write};
use std::path::Path;

use anyhow::{Context as _, Result, anyhow, bail};
use hcr_batch::{Outcome, Source, Summary};
use hcr_interop::convert::to_payload;
use hcr_interop::draft::Draft;
use hcr_interop::forms::Form;
use hcr_interop::source::{DraftError, SourceFormat, draft_from};
use hcr_interop::spec_handoff::discover::{DiscoverRequest, discover};
use hcr_interop::spec_handoff::lint::lint;
use hcr_interop::spec_handoff::write::{WriteRequest, read_input, write};
use hcr_report::{Context, renderer};
use hcr_types::Record;
use hcr_validate::{Level, Severity, Validator};

use crate::args::{
    CheckArgs, ConvertArgs, ConvertFrom, ConvertTo, HandoffMdCommand, InputArgs, LintArgs,
    RenderArgs, RenderAs, SpecHandoffCommand,
};
use crate::project::Given;
use crate::{EXIT_INVALID, EXIT_VALID};

pub(crate) fn spec_handoff(command: &SpecHandoffCommand, given: &Given<'_>) -> Result<u8> {
    match command {
        SpecHandoffCommand::Write {
            input,
            target_repo,
            workspace_slug,
            created_at,
            json: _,
        } => {
            let result = match read_input(input) {
                Ok(payload) => write(&WriteRequest {
                    target_repo,
                    workspace_slug: workspace_slug.as_deref(),
                    payload: &payload,
                    created_at: created_at.clone(),
                }),
                Err(rejected) => rejected,
            };
            io::stdout().lock().write_all(result.to_json().as_bytes())?;
            Ok(if result.written() {
                EXIT_VALID
            } else {
                EXIT_INVALID
            })
        }
        SpecHandoffCommand::Discover {
            target_repo,
            keywords,
            limit,
            source_dir,
            workspace_slug,
            json: _,
        } => {
            let result = discover(&DiscoverRequest {
                target_repo,
                workspace_slug: workspace_slug.as_deref(),
                keywords: keywords.as_deref(),
                limit: limit.as_deref(),
                source_dir: source_dir.as_deref(),
            });
            let mut text = serde_json::to_string_pretty(&result)?;
            text.push('\n');
            io::stdout().lock().write_all(text.as_bytes())?;
            Ok(if result["status"] == "rejected" {
                EXIT_INVALID
            } else {
                EXIT_VALID
            })
        }
        SpecHandoffCommand::Lint(args) => lint_files(args, given, lint),
    }
}

/// `hcr handoff-md …`.
pub(crate) fn handoff_md(command: &HandoffMdCommand, given: &Given<'_>) -> Result<u8> {
    match command {
        HandoffMdCommand::Lint(args) => lint_files(args, given, hcr_interop::handoff_md::lint),
    }
}

/// Lints each file with `lint`, under the project's selection and the command line's (each
/// file's overrides included), and renders the reports as `hcr validate` does.
fn lint_files(
    args: &LintArgs,
    given: &Given<'_>,
    lint: fn(&str) -> hcr_validate::Report,
) -> Result<u8> {
    let (files, format, limits) = (&args.files, args.format, &args.input);
    let resolved = crate::project::resolve(&args.checking, given, Level::Normative, limits, None)?;
    let mut context = Context::new(Level::Normative);
    context.root = std::env::current_dir().ok();
    context.subject = hcr_report::Subject::Files;
    let mut render = renderer(format, context);
    let mut out = io::stdout().lock();
    let mut summary = Summary::default();
    render.begin(&mut out)?;
    for (input, path) in files.iter().enumerate() {
        let source = Source {
            path: Some(path.clone()),
            line: None,
            label: None,
        };
        let outcome = match hcr_fs::read_input(path, &crate::input::limit(limits)) {
            Ok(bytes) => {
                let mut report = lint(&String::from_utf8_lossy(&bytes));
                report.select(&resolved.choices().selection_for(path));
                Outcome::new(source, input, report, Some(&bytes))
            }
            Err(error) => Outcome::unreadable(source, input, &error),
        };
        summary.add(&outcome);
        render.record(&mut out, &outcome)?;
    }
    render.finish(&mut out, &summary)?;
    Ok(crate::exit_status(&summary))
}

/// A record valid at the normative level, or an error that says why not.
/// A record valid at the normative level (under the project's settings and the command
/// line's selection), or an error that says why not.
fn valid_record(
    path: &Path,
    input: &InputArgs,
    checking: &CheckArgs,
    given: &Given<'_>,
) -> Result<Record> {
    let validator = crate::project::checker(checking, given, Level::Normative, input, Some(path))?;
    let bytes = crate::input::bytes(path, input)?;
    validator
        .read_record(&bytes)
        .map(|(record, _)| record)
        .map_err(|report| {
            anyhow!(
                "`{}` is not a valid record ({}); run `hcr validate` on it",
                path.display(),
                Severity::Error.counted(report.count(Severity::Error))
            )
        })
}

pub(crate) fn render(args: &RenderArgs, given: &Given<'_>) -> Result<u8> {
    let record = valid_record(&args.record, &args.input, &args.checking, given)?;
    let form = match args.form {
        RenderAs::GoalHandover => Form::GoalHandover,
        RenderAs::UntrustedBlock => Form::UntrustedBlock,
        RenderAs::Markdown => Form::Markdown,
        RenderAs::HandoffMd => Form::HandoffMd,
    };
    let text = form.render(&record);
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(EXIT_VALID)
}

pub(crate) fn convert(args: &ConvertArgs, given: &Given<'_>) -> Result<u8> {
    match args.to {
        Some(ConvertTo::SpecHandoff) => return to_spec_handoff(args, given),
        Some(ConvertTo::HandoverBrief) => return to_brief(args, given),
        None => {}
    }
    let text = crate::input::text(&args.input, &args.limits)?;
    let source = match args.from {
        Some(ConvertFrom::GoalHandover) => SourceFormat::GoalHandover,
        Some(ConvertFrom::SpecHandoff) => SourceFormat::SpecHandoff,
        Some(ConvertFrom::HandoffMd) => SourceFormat::HandoffMd,
        Some(ConvertFrom::HandoverBrief) => SourceFormat::HandoverBrief,
        None => bail!("give --from or --to"),
    };
    let limits = crate::input::record_limits(&args.limits);
    let draft = draft_from(source, &text, &limits).map_err(|error| match error {
        DraftError::BlankNote => anyhow!("the note is blank: there is no handover"),
        DraftError::TooLong(too_long) => anyhow!(too_long),
        DraftError::NotJson(d) => anyhow!(
            "`{}` is not a JSON brief: {} ({})",
            hcr_escape::path(&args.input),
            d.message,
            d.code
        ),
    })?;
    // The draft is checked as `hcr validate` would check it where it is written.
    let validator = crate::project::checker(
        &args.checking,
        given,
        Level::Normative,
        &args.limits,
        args.out.as_deref(),
    )?;
    emit_draft(
        &draft,
        text.as_bytes(),
        args.out.as_deref(),
        args.check,
        &validator,
    )
}

/// `--to handover-brief`: the brief on standard output (or `--out`), every part of the record
/// it cannot hold named on standard error.
fn to_brief(args: &ConvertArgs, given: &Given<'_>) -> Result<u8> {
    let record = valid_record(&args.input, &args.limits, &args.checking, given)?;
    let (brief, lost) = hcr_interop::handover_brief::to_brief(&record);
    let mut stderr = io::stderr().lock();
    for what in &lost {
        writeln!(
            stderr,
            "hcr: the brief has no place for `{what}`: not carried over"
        )?;
    }
    if args.check {
        return Ok(if lost.is_empty() {
            EXIT_VALID
        } else {
            EXIT_INVALID
        });
    }
    let text = hcr_escape::json_document(&serde_json::to_string_pretty(&brief)?);
    match &args.out {
        Some(path) => hcr_fs::write_file(path, text.as_bytes())
            .with_context(|| format!("writing {}", hcr_escape::path(path)))?,
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    Ok(EXIT_VALID)
}

/// Writes a converted record, valid or a draft: a valid one to `out` (or standard output);
/// an invalid draft, with what the source holds of secrets redacted, to `out` only as a new
/// file (or to standard output), saying what it lacks. With `check`, writes nothing and says
/// whether the conversion is complete (nothing lost, nothing missing).
fn emit_draft(
    draft: &Draft,
    source: &[u8],
    out: Option<&Path>,
    check: bool,
    validator: &Validator,
) -> Result<u8> {
    let checked = draft.check_with(source, validator);
    let mut stderr = io::stderr().lock();
    for note in draft.notes(&checked) {
        writeln!(stderr, "hcr: {note}")?;
    }
    if check {
        // Which of the two holds: the draft lacks what a record needs (1), or it is
        // complete but would lose text (4).
        let incomplete = !draft.missing.is_empty() || !checked.report.valid();
        if incomplete {
            writeln!(stderr, "hcr: --check: the draft is incomplete")?;
        }
        if !checked.lost.is_empty() {
            writeln!(stderr, "hcr: --check: the conversion loses text")?;
        }
        return Ok(if checked.complete {
            EXIT_VALID
        } else if incomplete {
            EXIT_INVALID
        } else {
            crate::EXIT_LOSSY
        });
    }
    if checked.report.valid() {
        match out {
            Some(path) => hcr_fs::write_file(path, checked.text.as_bytes())
                .with_context(|| format!("writing {}", hcr_escape::path(path)))?,
            None => io::stdout().lock().write_all(checked.text.as_bytes())?,
        }
        return Ok(EXIT_VALID);
    }
    let errors = checked.report.count(Severity::Error);
    let shown_errors = checked
        .report
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .take(MAX_ERRORS_SHOWN);
    for d in shown_errors {
        writeln!(
            stderr,
            "hcr: the draft lacks: `{}`: {} ({})",
            hcr_escape::escape(&d.pointer.to_string()),
            hcr_escape::escape(&d.message),
            d.code
        )?;
    }
    if errors > MAX_ERRORS_SHOWN {
        writeln!(
            stderr,
            "hcr: and {} more",
            Severity::Error.counted(errors - MAX_ERRORS_SHOWN)
        )?;
    }
    if checked.redacted > 0 {
        writeln!(
            stderr,
            "hcr: the source holds secrets; {} of the draft {} redacted",
            hcr_validate::counted(checked.redacted, "string", "strings"),
            if checked.redacted == 1 { "is" } else { "are" }
        )?;
    }
    match out {
        Some(path) => {
            hcr_fs::create_file(path, checked.shown().as_bytes()).with_context(|| {
                format!(
                    "writing the draft to {} (a draft is written only as a new file)",
                    hcr_escape::path(path)
                )
            })?;
            writeln!(
                stderr,
                "hcr: wrote an incomplete draft, not yet a valid record ({}), to {}: complete it, then run `hcr validate` on it",
                Severity::Error.counted(errors),
                hcr_escape::path(path)
            )?;
        }
        None => {
            writeln!(
                stderr,
                "hcr: the converted record is an incomplete draft, not yet valid ({}); it is printed below",
                Severity::Error.counted(errors)
            )?;
            io::stdout().lock().write_all(checked.shown().as_bytes())?;
        }
    }
    Ok(EXIT_INVALID)
}

/// The most of an invalid draft's errors named on standard error.
const MAX_ERRORS_SHOWN: usize = 5;

fn to_spec_handoff(args: &ConvertArgs, given: &Given<'_>) -> Result<u8> {
    let record = valid_record(&args.input, &args.limits, &args.checking, given)?;
    let target = args
        .target_repo
        .as_deref()
        .ok_or_else(|| anyhow!("--to spec-handoff needs --target-repo"))?;
    let cwd = match &args.cwd {
        Some(cwd) => cwd.clone(),
        None => std::fs::canonicalize(target)
            .with_context(|| format!("resolving `{}`", target.display()))?
            .display()
            .to_string(),
    };
    let (payload, lost) = to_payload(&record, &cwd);
    let mut stderr = io::stderr().lock();
    for what in &lost {
        writeln!(stderr, "hcr: not carried over: {what}")?;
    }
    if args.check {
        return Ok(if lost.is_empty() {
            EXIT_VALID
        } else {
            EXIT_INVALID
        });
    }
    let result = write(&WriteRequest {
        target_repo: target,
        workspace_slug: args.workspace_slug.as_deref(),
        payload: &payload,
        created_at: None,
    });
    io::stdout().lock().write_all(result.to_json().as_bytes())?;
    Ok(if result.written() {
        EXIT_VALID
    } else {
        EXIT_INVALID
    })
}
