//! `hcr validate`: turn arguments into a request (resolved by `hcr-project`), a plan, a
//! validator and a renderer, then print.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};
use hcr_batch::{Input, Options, Summary, plan};
use hcr_project::{Baseline, Bounds, Request};
use hcr_report::{Context, Format, renderer};
use hcr_validate::{Limits, Spelling};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::{ColorArg, ValidateArgs};
use crate::project::Given;
use crate::{EXIT_INCOMPLETE, EXIT_INVALID, EXIT_USAGE};

pub(crate) fn run(args: &ValidateArgs, given: &Given<'_>) -> Result<u8> {
    let config = crate::project::config(&args.project.settings)?;
    let cwd = std::env::current_dir().unwrap_or_default();
    let on_command_line = |id: &str| given.explicit(id);
    let a = &args.limits;
    let resolved = Request {
        level: args.level,
        receiver: args.receiver.any(),
        selection: given.changes(&args.selection),
        config,
        limits: Limits {
            max_record_bytes: a.max_record_bytes,
            max_depth: usize::try_from(a.max_depth).unwrap_or(Limits::DEPTH_CEILING),
            max_string_bytes: a.max_string_bytes,
            max_array_items: a.max_array_items,
            max_object_members: a.max_object_members,
            max_diagnostics: a.max_diagnostics,
            ..Limits::default()
        },
        max_files: args.max_files,
        max_artifact_bytes: args.receiver.max_artifact_bytes,
        glob: Some(args.glob.clone()),
        deny_warnings: args.deny_warnings,
        bounds: Bounds::UnlessGiven(&on_command_line),
        ..Request::new(Spelling::Option, &cwd)
    }
    .resolve()?;
    let level = resolved.level();
    let glob = resolved.glob().unwrap_or_default().to_owned();

    let inputs = inputs(args)?;
    let options = Options {
        jsonl: args.jsonl,
        follow_links: args.follow_links,
        no_ignore: args.no_ignore,
        hidden: args.hidden,
        jobs: args.jobs.unwrap_or(0),
        ..resolved.options()
    };
    let plan = plan(&inputs, &options)?;

    let validator =
        resolved.validator(|max_bytes| crate::receiver::context(&args.receiver, max_bytes))?;
    let mut baseline = match (&args.project.baseline, &args.project.write_baseline) {
        (Some(path), _) => Some(Baseline::load(path)?),
        (None, Some(path)) => Some(Baseline::new(
            path.parent().unwrap_or_else(|| Path::new("")),
        )),
        (None, None) => None,
    };
    let writing = args.project.write_baseline.is_some();

    let format = args.format;
    let stdout = io::stdout();
    let color = match args.color {
        ColorArg::Always => true,
        ColorArg::Never => false,
        ColorArg::Auto => {
            stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let mut context = Context::new(level);
    context.color = color && format == Format::Text;
    context.root = std::env::current_dir().ok();
    context.deny_warnings = resolved.deny_warnings();

    // The Markdown summary beside the main format: opened first, so that a path that cannot
    // be written is an error before any record is checked.
    let mut markdown = match &args.summary {
        Some(path) => {
            let file = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| {
                    format!(
                        "the summary file `{}` cannot be opened",
                        hcr_escape::path(path)
                    )
                })?;
            Some((renderer(Format::Markdown, context.clone()), file))
        }
        None => None,
    };
    let mut render = renderer(format, context);
    let mut out = BufWriter::new(stdout.lock());
    let progress = Progress::new(plan.len());
    let mut summary = Summary::default();
    let written = render.begin(&mut out).and_then(|()| {
        hcr_batch::run(&plan, &validator, &options, &mut |mut outcome| {
            match &mut baseline {
                Some(baseline) if writing => baseline.record(&mut outcome),
                Some(baseline) => {
                    baseline.filter(&mut outcome);
                }
                None => {}
            }
            summary.add(&outcome);
            progress.update(summary.files, summary.records);
            if let Some((markdown, _)) = &mut markdown {
                markdown.record(&mut io::sink(), &outcome)?;
            }
            progress.suspend(|| render.record(&mut out, &outcome))
        })?;
        progress.clear();
        render.finish(&mut out, &summary)?;
        if let Some((markdown, file)) = &mut markdown {
            let mut file = BufWriter::new(file);
            markdown.finish(&mut file, &summary)?;
            file.flush()?;
        }
        out.flush()
    });
    progress.clear();
    match written {
        Ok(()) => {}
        // Standard output was closed (`| head`): the run stops, and does not pass. An invalid
        // record seen before says so; otherwise the run is incomplete.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
            return Ok(if summary.invalid > 0 {
                EXIT_INVALID
            } else {
                EXIT_INCOMPLETE
            });
        }
        Err(e) => return Err(e.into()),
    }

    if let (Some(path), Some(baseline)) = (&args.project.write_baseline, &baseline) {
        baseline.write(path)?;
        writeln!(
            io::stderr(),
            "hcr: wrote {} finding{} to the baseline `{}`",
            baseline.len(),
            if baseline.len() == 1 { "" } else { "s" },
            hcr_escape::path(path)
        )?;
    }

    let explicit = inputs.iter().any(|i| matches!(i, Input::Path(_)));
    if summary.records == 0 && summary.unreadable == 0 && explicit && !args.allow_empty {
        writeln!(
            io::stderr(),
            "hcr: error: nothing was checked: the paths given hold no record{} (use --allow-empty to accept an empty run)",
            if args.jsonl {
                String::new()
            } else {
                format!(" matching `{}`", hcr_escape::escape(&glob))
            }
        )?;
        return Ok(EXIT_USAGE);
    }

    Ok(crate::exit_status(&summary))
}

/// The inputs: the paths given (`-` for standard input), or standard input when nothing is
/// given and it is not a terminal.
fn inputs(args: &ValidateArgs) -> Result<Vec<Input>> {
    if args.paths.is_empty() {
        if io::stdin().is_terminal() {
            bail!("no input: give files or folders to check, or pipe a record to standard input");
        }
        return Ok(vec![Input::Stdin]);
    }
    Ok(args
        .paths
        .iter()
        .map(|path| {
            if path.as_os_str() == "-" {
                Input::Stdin
            } else {
                Input::Path(path.clone())
            }
        })
        .collect())
}

/// A progress bar on a terminal's standard error for runs that last, never in CI or on a pipe.
struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
}

impl Progress {
    const DELAY: Duration = Duration::from_secs(1);

    fn new(total: usize) -> Self {
        let wanted = io::stderr().is_terminal() && std::env::var_os("CI").is_none();
        let bar = wanted.then(|| {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::hidden());
            bar.set_style(
                ProgressStyle::with_template("{bar:30} {pos}/{len} inputs, {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
        Self {
            bar,
            start: Instant::now(),
        }
    }

    fn update(&self, files: usize, records: usize) {
        let Some(bar) = &self.bar else {
            return;
        };
        let elapsed = self.start.elapsed();
        if elapsed < Self::DELAY {
            return;
        }
        if bar.is_hidden() {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.set_position(files as u64);
        let rate = records as f64 / elapsed.as_secs_f64();
        bar.set_message(format!("{records} records, {rate:.0}/s"));
    }

    fn suspend<T>(&self, f: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if !bar.is_hidden() => bar.suspend(f),
            _ => f(),
        }
    }

    fn clear(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
