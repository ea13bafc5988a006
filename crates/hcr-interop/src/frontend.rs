//! The record operations the library front ends (the Python and the Node packages) share:
//! a record read as typed only when it is valid at a level, its canonical form and digest,
//! rendered in a neighbouring form, converted from or to a neighbouring format, and a code's
//! explanation. Each front end converts its language's values to bytes and raises
//! [`RecordError`] its own way.
//!
//! ```
//! use hcr_interop::frontend::{RecordError, digest, render};
//!
//! let record = std::fs::read("../../protocol/v1/examples/bug-fix.json").expect("example");
//! assert_eq!(digest(&record)?.len(), 64);
//! assert!(render(&record, "markdown")?.starts_with('#'));
//! let refused = digest(br#"{"schemaVersion": "1.0"}"#).expect_err("not valid");
//! assert!(matches!(refused, RecordError::Invalid { .. }));
//! # Ok::<(), RecordError>(())
//! ```

use hcr_types::Record;
use hcr_validate::{Code, Level, Limits, Report, Severity, Validator};

use crate::forms::Form;
use crate::source::{DraftError, SourceFormat, draft_from};

/// Why a record operation gave no result.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordError {
    /// A wrong argument: an unknown form, format or code, a source with no handover.
    #[error("{0}")]
    Usage(String),
    /// The record (or the record a conversion made) is not valid where a valid one is
    /// needed: the first errors named in `message`, all of them in `report`.
    #[error("{message}")]
    Invalid {
        /// The first errors, named by code and place (secrets redacted, as in every report).
        message: String,
        /// The report about the record.
        report: Box<Report>,
    },
}

/// "the record is not valid at the normative level (2 errors); HCR101 at /summary: ...",
/// with the first three errors.
#[must_use]
pub fn invalid_message(report: &Report, level: Level) -> String {
    let mut message = format!(
        "the record is not valid at the {level} level ({})",
        Severity::Error.counted(report.count(Severity::Error))
    );
    for d in report
        .diagnostics()
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .take(3)
    {
        message.push_str(&format!(
            "; {} at {}: {}",
            d.code,
            d.pointer.shown(),
            d.message
        ));
    }
    message
}

/// The record of `bytes`, when it is valid at `level`.
///
/// # Errors
/// [`RecordError::Invalid`] naming the first problems.
pub fn valid_record(bytes: &[u8], level: Level) -> Result<Record, RecordError> {
    Validator::new(level)
        .read_record(bytes)
        .map(|(record, _)| record)
        .map_err(|report| RecordError::Invalid {
            message: invalid_message(&report, level),
            report: Box::new(report),
        })
}

/// The record in RFC 8785 canonical form (the record valid at the schema level).
///
/// # Errors
/// [`RecordError::Invalid`].
pub fn canonical_json(bytes: &[u8]) -> Result<String, RecordError> {
    Ok(valid_record(bytes, Level::Schema)?.canonical_json())
}

/// The SHA-256 of the canonical form, `sha256:...` (the record valid at the schema level).
///
/// # Errors
/// [`RecordError::Invalid`].
pub fn digest(bytes: &[u8]) -> Result<String, RecordError> {
    Ok(valid_record(bytes, Level::Schema)?.digest().to_string())
}

/// A record valid at the normative level rendered `as_` goal-handover, untrusted-block,
/// markdown or handoff-md.
///
/// # Errors
/// [`RecordError::Usage`] for an unknown form (decided first), [`RecordError::Invalid`].
pub fn render(bytes: &[u8], as_: &str) -> Result<String, RecordError> {
    let form: Form = as_
        .parse()
        .map_err(|e: crate::forms::UnknownForm| RecordError::Usage(e.to_string()))?;
    Ok(form.render(&valid_record(bytes, Level::Normative)?))
}

/// Converts `text` `from` a neighbouring format into a record (JSON text, valid at the
/// normative level), or a valid record `to` the hosted brief (JSON text). Exactly one of
/// `from` and `to` is given.
///
/// # Errors
/// [`RecordError::Usage`] for unknown formats, both or neither given, a source too long, not
/// UTF-8 or with no handover; [`RecordError::Invalid`] for a record that is not valid, or a
/// converted record that is not (its message names what the source did not give).
pub fn convert(text: &[u8], from: Option<&str>, to: Option<&str>) -> Result<String, RecordError> {
    match (from, to) {
        (Some(from), None) => convert_from(text, from),
        (None, Some("handover-brief")) => {
            let record = valid_record(text, Level::Normative)?;
            let (brief, _) = crate::handover_brief::to_brief(&record);
            Ok(serde_json::to_string_pretty(&brief).unwrap_or_default())
        }
        (None, Some(other)) => Err(RecordError::Usage(format!(
            "unknown target format `{other}`: handover-brief"
        ))),
        _ => Err(RecordError::Usage(
            "give the source format or the target format, one of them".into(),
        )),
    }
}

fn convert_from(bytes: &[u8], from: &str) -> Result<String, RecordError> {
    let limits = Limits::default();
    let max = limits.max_record_bytes;
    if bytes.len() > max {
        return Err(RecordError::Usage(format!(
            "the source is {} bytes; a source may hold at most {max}",
            bytes.len()
        )));
    }
    let source = std::str::from_utf8(bytes)
        .map_err(|_| RecordError::Usage("the source is not UTF-8 text".into()))?;
    let format: SourceFormat = from.parse().map_err(RecordError::Usage)?;
    let draft = draft_from(format, source, &limits).map_err(|error| {
        RecordError::Usage(match error {
            DraftError::BlankNote => "the note is blank: there is no handover".to_owned(),
            DraftError::TooLong(too_long) => too_long.to_string(),
            DraftError::NotJson(d) => format!("not a JSON brief: {}", d.message),
        })
    })?;
    let checked = draft.check(bytes);
    if checked.report.valid() {
        return Ok(checked.text);
    }
    let mut message = invalid_message(&checked.report, Level::Normative).replacen(
        "the record",
        "the converted record",
        1,
    );
    // Named up to the notes' bound, the rest counted: an exception's message stays short.
    for pointer in draft.missing.iter().take(crate::draft::MAX_NOTES) {
        message.push_str(&format!("; the source does not give `{pointer}`"));
    }
    if draft.missing.len() > crate::draft::MAX_NOTES {
        message.push_str(&format!(
            "; and {} more fields the source does not give",
            draft.missing.len() - crate::draft::MAX_NOTES
        ));
    }
    Err(RecordError::Invalid {
        message,
        report: Box::new(checked.report),
    })
}

/// A code's explanation (`HCR204` or `secret-in-record`).
///
/// # Errors
/// [`RecordError::Usage`] for an unknown code.
pub fn explain(code: &str) -> Result<String, RecordError> {
    let code: Code = code
        .parse()
        .map_err(|e: hcr_validate::UnknownCode| RecordError::Usage(e.to_string()))?;
    Ok(code.info().explanation_text())
}
