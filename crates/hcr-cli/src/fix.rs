//! `hcr fix`: the fixes of `hcr-fix` over files (or standard input), each file checked as
//! `hcr validate` checks it and written only when changed, atomically.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, bail};
use hcr_batch::{Input, Options, plan};
use hcr_fix::{Applied, Fixed};
use hcr_validate::Level;
use serde_json::{Value, json};

use crate::args::{FixArgs, FixFormat};
use crate::project::Given;
use crate::{EXIT_INVALID, EXIT_USAGE, EXIT_VALID};

/// One input's outcome.
struct Done {
    /// The file, or `None` for standard input.
    path: Option<PathBuf>,
    fixed: Fixed,
}

pub(crate) fn run(args: &FixArgs, given: &Given<'_>) -> Result<u8> {
    let resolved =
        crate::project::resolve(&args.checking, given, Level::Normative, &args.input, None)?;
    let options = hcr_fix::Options {
        unsafe_fixes: args.unsafe_fixes,
    };
    let stdin = args.paths.is_empty() || args.paths.iter().any(|p| p.as_os_str() == "-");
    if stdin && args.paths.len() > 1 {
        bail!("standard input (`-`) is fixed alone: give files or `-`, not both");
    }
    if stdin {
        if io::stdin().is_terminal() {
            bail!("no input: give records or folders to fix, or pipe a record to standard input");
        }
        // Standard input, read as every command reads it (`-`: capped, UTF-8).
        let text = crate::input::text(Path::new("-"), &args.input)?;
        let validator = resolved.validator_for(None, no_receiver)?;
        let fixed = hcr_fix::fix(&text, &validator, &options);
        let done = Done { path: None, fixed };
        // The fixed text (or the diff) on standard output; the report on standard error.
        let mut out = io::stdout().lock();
        if args.diff {
            out.write_all(diff(&text, &done.fixed.text, "<stdin>").as_bytes())?;
        } else if !args.check {
            out.write_all(done.fixed.text.as_bytes())?;
        }
        report(&mut io::stderr().lock(), args, std::slice::from_ref(&done))?;
        return Ok(status(args, std::slice::from_ref(&done)));
    }

    let inputs: Vec<Input> = args.paths.iter().cloned().map(Input::Path).collect();
    let planned = plan(
        &inputs,
        &Options {
            ..resolved.options()
        },
    )?;
    let mut done = Vec::new();
    let mut failed = false;
    let mut out = io::stdout().lock();
    for path in planned.files() {
        let text = match crate::input::text(path, &args.input) {
            Ok(text) => text,
            Err(error) => {
                writeln!(io::stderr(), "hcr: error: {error:#}")?;
                failed = true;
                continue;
            }
        };
        let validator = resolved.validator_for(Some(path), no_receiver)?;
        let fixed = hcr_fix::fix(&text, &validator, &options);
        if fixed.changed() {
            if args.diff {
                out.write_all(diff(&text, &fixed.text, &path.display().to_string()).as_bytes())?;
            } else if !args.check {
                hcr_fs::replace_file(path, fixed.text.as_bytes())
                    .with_context(|| format!("`{}` cannot be written", hcr_escape::path(path)))?;
            }
        }
        done.push(Done {
            path: Some(path.to_path_buf()),
            fixed,
        });
    }
    if args.diff {
        report(&mut io::stderr().lock(), args, &done)?;
    } else {
        report(&mut out, args, &done)?;
    }
    Ok(if failed {
        EXIT_USAGE
    } else {
        status(args, &done)
    })
}

/// The receiver's context, never wanted: records are fixed at the normative level.
fn no_receiver(_: u64) -> Result<hcr_validate::ReceiverContext, std::convert::Infallible> {
    Ok(hcr_validate::ReceiverContext::new())
}

/// The exit status: with `--check` (or `--diff`), 1 when a fix would apply; otherwise 1
/// when a record is still invalid after fixing.
fn status(args: &FixArgs, done: &[Done]) -> u8 {
    let failing = if args.check || args.diff {
        done.iter().any(|d| d.fixed.changed())
    } else {
        done.iter().any(|d| !d.fixed.report.valid())
    };
    if failing { EXIT_INVALID } else { EXIT_VALID }
}

/// A unified diff of `before` and `after`, named `name`, every secret either holds masked
/// (a diff's context lines are record text shown to people).
fn diff(before: &str, after: &str, name: &str) -> String {
    if before == after {
        return String::new();
    }
    use hcr_validate::secrets::SecretSet;
    let secrets =
        SecretSet::from_source(before.as_bytes()).union(SecretSet::from_source(after.as_bytes()));
    let (before, after) = (secrets.redact(before), secrets.redact(after));
    let name = hcr_escape::escape(name);
    similar::TextDiff::from_lines(before.as_ref(), after.as_ref())
        .unified_diff()
        .context_radius(3)
        .header(&format!("a/{name}"), &format!("b/{name}"))
        .to_string()
}

/// What was fixed, per input: text lines or one JSON document.
fn report(out: &mut dyn Write, args: &FixArgs, done: &[Done]) -> Result<()> {
    let verb = if args.check || args.diff {
        "would fix"
    } else {
        "fixed"
    };
    match args.format {
        FixFormat::Text => {
            let mut applied = 0;
            let mut offered = 0;
            for d in done {
                let name = d
                    .path
                    .as_deref()
                    .map_or_else(|| "<stdin>".to_owned(), hcr_escape::path);
                for a in &d.fixed.applied {
                    writeln!(
                        out,
                        "{name}: {verb} {} ({}): {}",
                        a.code,
                        a.applicability.as_str(),
                        a.title
                    )?;
                }
                applied += d.fixed.applied.len();
                offered += d.fixed.unsafe_available.len();
                let left = d.fixed.report.count(hcr_validate::Severity::Error);
                if left > 0 {
                    writeln!(
                        out,
                        "{name}: {} left to fix by hand (`hcr validate {name}` shows them)",
                        hcr_validate::Severity::Error.counted(left)
                    )?;
                }
            }
            write!(
                out,
                "{verb} {} in {}",
                hcr_validate::counted(applied, "finding", "findings"),
                hcr_validate::counted(done.len(), "record", "records")
            )?;
            if offered > 0 {
                write!(
                    out,
                    "; {} more with --unsafe-fixes",
                    hcr_validate::counted(offered, "fix", "fixes")
                )?;
            }
            writeln!(out)?;
        }
        FixFormat::Json => {
            let files: Vec<Value> = done.iter().map(|d| to_json(d, args)).collect();
            let document = json!({
                "version": 1,
                "files": files,
                "summary": {
                    "records": done.len(),
                    "changed": done.iter().filter(|d| d.fixed.changed()).count(),
                    "applied": done.iter().map(|d| d.fixed.applied.len()).sum::<usize>(),
                    "unsafeAvailable": done.iter().map(|d| d.fixed.unsafe_available.len()).sum::<usize>(),
                    "valid": done.iter().filter(|d| d.fixed.report.valid()).count(),
                },
            });
            writeln!(out, "{}", serde_json::to_string(&document)?)?;
        }
    }
    Ok(())
}

fn to_json(d: &Done, args: &FixArgs) -> Value {
    let list = |fixes: &[Applied]| -> Vec<Value> {
        fixes
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect()
    };
    json!({
        "path": d.path.as_deref().map(Path::display).map(|p| p.to_string()),
        "changed": d.fixed.changed(),
        "written": d.fixed.changed() && !args.check && !args.diff && d.path.is_some(),
        "applied": list(&d.fixed.applied),
        "unsafeAvailable": list(&d.fixed.unsafe_available),
        "valid": d.fixed.report.valid(),
        "diagnostics": d
            .fixed
            .report
            .diagnostics()
            .iter()
            .map(|x| serde_json::to_value(x.wire(0)).unwrap_or(Value::Null))
            .collect::<Vec<_>>(),
    })
}
