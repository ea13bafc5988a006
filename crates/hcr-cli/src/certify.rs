//! `hcr certify`, and `hcr validate --protocol-stdio`.

use std::io::{self, Write};
use std::time::Duration;

use anyhow::{Context as _, Result, bail};
use hcr_certify::{ExitCodeRunner, Implementation, Report, StdioRunner, Suite, certify_producer};

use crate::args::{CertifyArgs, ReportFormat};
use crate::{EXIT_INVALID, EXIT_VALID};

pub(crate) fn run(args: &CertifyArgs) -> Result<u8> {
    if !(args.timeout.is_finite() && args.timeout > 0.0) {
        bail!("--timeout must be a positive number of seconds");
    }
    let timeout = Duration::from_secs_f64(args.timeout);
    let name = |command: &str| {
        args.name.clone().unwrap_or_else(|| {
            command
                .split_whitespace()
                .next()
                .unwrap_or("implementation")
                .to_owned()
        })
    };
    let report = if let Some(dir) = &args.producer {
        certify_producer(dir, &name(&dir.display().to_string()), &args.version)
            .with_context(|| format!("reading the producer's folder `{}`", dir.display()))?
    } else {
        let suite = Suite::load(&args.suite).context("loading the conformance suite (--suite)")?;
        let (command, mode, outcomes) = if let Some(template) = &args.validator {
            let runner = ExitCodeRunner {
                template: template.clone(),
                invalid_exit: args.invalid_exit,
                timeout,
                jobs: args.jobs.unwrap_or(0),
                include_limits: args.include_limits,
            };
            (template.clone(), "exit-code", runner.run(&suite))
        } else if let Some(command) = &args.validator_stdio {
            let runner = StdioRunner {
                command: command.clone(),
                timeout,
                receiver: args.stdio_receiver,
                include_limits: args.include_limits,
            };
            (command.clone(), "stdio", runner.run(&suite))
        } else {
            bail!("give --validator, --validator-stdio or --producer");
        };
        let implementation = Implementation {
            name: name(&command),
            version: args.version.clone(),
            command,
            mode: mode.to_owned(),
        };
        Report::new(implementation, &suite, &outcomes)
    };
    let text = match args.format {
        ReportFormat::Markdown => report.to_markdown(),
        ReportFormat::Json => report.to_json(),
    };
    match &args.output {
        Some(path) => hcr_fs::write_file(path, text.as_bytes())
            .with_context(|| format!("writing {}", hcr_escape::path(path)))?,
        None => io::stdout().lock().write_all(text.as_bytes())?,
    }
    if let Some(path) = &args.badge {
        hcr_fs::write_file(path, report.badge().as_bytes())
            .with_context(|| format!("writing {}", hcr_escape::path(path)))?;
    }
    Ok(if report.all_passed() {
        EXIT_VALID
    } else {
        EXIT_INVALID
    })
}

/// Answers certification requests, one JSON line each, until standard input ends. Each
/// request line is read as soon as it ends and at most `MAX_REQUEST_BYTES` are kept.
pub(crate) fn serve_stdio() -> Result<u8> {
    use hcr_certify::protocol::{MAX_REQUEST_BYTES, Responder};
    use hcr_fs::Line;
    let mut responder = Responder::new();
    let mut out = io::stdout().lock();
    let mut input = io::stdin().lock();
    let mut line = Vec::new();
    loop {
        let answer = match hcr_fs::read_line(&mut input, MAX_REQUEST_BYTES, &mut line)? {
            Line::End => break,
            Line::TooLong(length) => responder.too_long(length),
            Line::Text => {
                let text = String::from_utf8_lossy(&line);
                if text.trim().is_empty() {
                    continue;
                }
                responder.respond(&text)
            }
        };
        writeln!(out, "{answer}")?;
        out.flush()?;
    }
    Ok(EXIT_VALID)
}
