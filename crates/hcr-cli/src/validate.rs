//! `hcr validate`: turn arguments into a plan, a validator and a renderer, then print.

use std::io::{self, BufWriter, IsTerminal, Write};
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use hcr_batch::{Input, Options, Summary, plan};
use hcr_report::{Context, Format, renderer};
use hcr_validate::{Level, Limits, Validator};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::args::{ColorArg, FormatArg, LevelArg, ValidateArgs};
use crate::{EXIT_INCOMPLETE, EXIT_INVALID, EXIT_USAGE, EXIT_VALID};

pub(crate) fn run(args: &ValidateArgs) -> Result<u8> {
    let receiver_inputs = args.receiver.any();
    let level = match (args.level, receiver_inputs) {
        (Some(LevelArg::Schema), _) => Level::Schema,
        (Some(LevelArg::Normative), false) | (None, false) => Level::Normative,
        (Some(LevelArg::Receiver), _) | (None, true) => Level::Receiver,
        (Some(LevelArg::Normative), true) => {
            bail!("--artifacts, --revisions, --as and --now need --level receiver")
        }
    };
    if level == Level::Schema && receiver_inputs {
        bail!("--artifacts, --revisions, --as and --now need --level receiver");
    }

    let inputs = inputs(args)?;
    let options = Options {
        jsonl: args.jsonl,
        glob: Some(args.glob.clone()),
        follow_links: args.follow_links,
        jobs: args.jobs.unwrap_or(0),
        deny_warnings: args.deny_warnings,
        max_files: Some(args.max_files),
    };
    let plan = plan(&inputs, &options)?;

    let limits = Limits {
        max_record_bytes: args.limits.max_record_bytes,
        max_depth: usize::try_from(args.limits.max_depth).unwrap_or(Limits::DEPTH_CEILING),
        max_string_bytes: args.limits.max_string_bytes,
        max_array_items: args.limits.max_array_items,
        max_object_members: args.limits.max_object_members,
        max_diagnostics: args.limits.max_diagnostics,
    };
    let receiver = crate::receiver::context(&args.receiver)?;
    let validator = Validator::new(level)
        .with_limits(limits)
        .with_receiver(receiver);

    let format = format(args.format);
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
    context.deny_warnings = args.deny_warnings;

    let mut render = renderer(format, context);
    let mut out = BufWriter::new(stdout.lock());
    let progress = Progress::new(plan.len());
    let mut summary = Summary::default();
    let written = render.begin(&mut out).and_then(|()| {
        hcr_batch::run(&plan, &validator, &options, &mut |outcome| {
            summary.add(&outcome);
            progress.update(summary.files, summary.records);
            progress.suspend(|| render.record(&mut out, &outcome))
        })?;
        progress.clear();
        render.finish(&mut out, &summary)?;
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

    let explicit = inputs.iter().any(|i| matches!(i, Input::Path(_)));
    if summary.records == 0 && summary.unreadable == 0 && explicit && !args.allow_empty {
        writeln!(
            io::stderr(),
            "hcr: error: nothing was checked: the paths given hold no record{} (use --allow-empty to accept an empty run)",
            if args.jsonl {
                String::new()
            } else {
                format!(" matching `{}`", hcr_escape::escape(&args.glob))
            }
        )?;
        return Ok(EXIT_USAGE);
    }

    Ok(if summary.unreadable > 0 {
        EXIT_USAGE
    } else if summary.invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_VALID
    })
}

/// The report format of a `--format` value.
pub(crate) fn format(arg: FormatArg) -> Format {
    match arg {
        FormatArg::Text => Format::Text,
        FormatArg::Json => Format::Json,
        FormatArg::Sarif => Format::Sarif,
        FormatArg::Github => Format::Github,
        FormatArg::Junit => Format::Junit,
    }
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
