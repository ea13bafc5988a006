//! `hcr receive`: the receiver brief.

use std::io::{self, Write};

use anyhow::{Context as _, Result};
use hcr_report::{Context, Format, Outcome, Summary, renderer};
use hcr_validate::{Level, Validator};

use crate::args::{BriefFormat, ReceiveArgs};
use crate::{EXIT_INVALID, EXIT_VALID};

pub(crate) fn run(args: &ReceiveArgs) -> Result<u8> {
    let context = crate::receiver::context(&args.receiver, args.receiver.max_artifact_bytes)?;
    let validator = Validator::new(Level::Receiver)
        .with_limits(crate::input::record_limits(&args.input))
        .with_receiver(context);
    let bytes = crate::input::bytes(&args.record, &args.input)?;
    let brief = match hcr_receive::receive(&validator, &bytes) {
        Ok((brief, _)) => brief,
        Err(report) => {
            let source = hcr_batch::Source {
                path: Some(args.record.clone()),
                line: None,
            };
            let mut outcome = Outcome::new(source, 0, report, Some(&bytes));
            // No brief is given, so the record does not pass, whatever its report says.
            outcome.valid = false;
            let mut summary = Summary::default();
            summary.add(&outcome);
            let mut render = renderer(Format::Text, Context::new(Level::Receiver));
            let mut out = io::stdout().lock();
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
