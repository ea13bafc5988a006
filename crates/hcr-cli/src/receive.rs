//! `hcr receive`: the receiver brief.

use std::io::{self, Write};

use anyhow::{Context as _, Result};
use hcr_report::{Context, Format, Outcome, Summary, renderer};
use hcr_validate::Level;

use crate::args::{BriefFormat, ReceiveArgs};
use crate::project::Given;
use crate::{EXIT_INVALID, EXIT_VALID};

pub(crate) fn run(args: &ReceiveArgs, given: &Given<'_>) -> Result<u8> {
    // The project's settings and the command line's selection, as `hcr validate` reads them
    // (the record's overrides included); the level is the receiver's.
    let resolved = crate::project::resolve(
        &args.checking,
        given,
        Level::Receiver,
        &args.input,
        Some(args.receiver.max_artifact_bytes),
    )?;
    let validator = resolved.validator_for(Some(&args.record), |max_bytes| {
        crate::receiver::context(&args.receiver, max_bytes)
    })?;
    let bytes = crate::input::bytes(&args.record, &args.input)?;
    let brief = match hcr_receive::receive(&validator, &bytes) {
        Ok((brief, _)) => brief,
        Err(report) => {
            let source = hcr_batch::Source {
                path: Some(args.record.clone()),
                line: None,
                label: None,
            };
            let mut outcome = Outcome::new(source, 0, report, Some(&bytes));
            // No brief is given, so the record does not pass, whatever its report says.
            outcome.valid = false;
            let mut summary = Summary::default();
            summary.add(&outcome);
            // With `--format json`, the answer is JSON too: `hcr validate`'s document.
            let format = match args.format {
                BriefFormat::Markdown => Format::Text,
                BriefFormat::Json => Format::Json,
            };
            let mut render = renderer(format, Context::new(Level::Receiver));
            let mut out = io::stdout().lock();
            render.begin(&mut out)?;
            render.record(&mut out, &outcome)?;
            render.finish(&mut out, &summary)?;
            writeln!(
                io::stderr(),
                "hcr: no brief: the record must be valid at the schema level and hold no secret"
            )
            .context("writing to standard error")?;
            return Ok(EXIT_INVALID);
        }
    };
    let text = match args.format {
        BriefFormat::Markdown => brief.to_markdown(),
        BriefFormat::Json => brief.to_json(),
    };
    io::stdout().lock().write_all(text.as_bytes())?;
    Ok(if brief.ready {
        EXIT_VALID
    } else {
        EXIT_INVALID
    })
}
