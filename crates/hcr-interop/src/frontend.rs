//! The record operations the library front ends (the Python and the Node packages) share:
//! a record read as typed only when it is valid at a level, its canonical form and digest,
//! rendered in a neighbouring form, converted from or to a neighbouring format (a draft with
//! what the conversion kept, lost, lacks and found edited: [`Conversion`]), and a code's
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

use crate::draft::{Checked, Draft, MAX_NOTES};
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

/// A record drafted from a neighbouring format, checked at the normative level, and what the
/// conversion did with the source: the facts `hcr convert --from` writes on standard error
/// and the MCP `convert` tool answers, decided by [`Draft`] and [`Draft::check`] as theirs
/// are, for the library front ends to hand on as their language's values.
///
/// ```
/// use hcr_interop::frontend::{RecordError, convert_draft};
///
/// let drafted = convert_draft(b"State: the parser is done.", "goal-handover")?;
/// assert!(!drafted.valid && !drafted.complete);
/// assert!(drafted.missing.iter().any(|p| p == "/ownership/nextActor"));
/// assert!(drafted.notes[0].starts_with("the source does not give `"));
/// # Ok::<(), RecordError>(())
/// ```
#[derive(Debug)]
#[non_exhaustive]
pub struct Conversion {
    /// The record as pretty JSON text (unsafe characters escaped), what [`convert`] returns
    /// when it is valid; when it is not, the draft with every string that holds a secret of
    /// the source or the draft redacted ([`Checked::shown`]).
    pub record: String,
    /// The record is valid at the normative level.
    pub valid: bool,
    /// Valid, nothing lost and nothing missing ([`Checked::complete`]).
    pub complete: bool,
    /// Required fields the source does not give, as JSON Pointers ([`Draft::missing`]).
    pub missing: Vec<String>,
    /// What of the source the record does not hold, each named, secrets redacted
    /// ([`Checked::lost`]).
    pub lost: Vec<String>,
    /// What of the source is kept under the record's extension rather than in a field, each
    /// named, secrets redacted ([`Checked::kept`]).
    pub kept: Vec<String>,
    /// The fields (JSON Pointers) where the source's visible text changed the record it
    /// carries: a `HANDOFF.md` edited after `hcr render` wrote it ([`Draft::edited`]).
    pub edited: Vec<String>,
    /// How many strings of `record` are redacted (0 when it is valid: a valid record is
    /// returned as it is).
    pub redacted: usize,
    /// The normative-level report about the record.
    pub report: Report,
    /// What a front end says about the conversion, a line each, as `hcr convert` writes them
    /// on standard error after `hcr: ` ([`Draft::notes`]).
    pub notes: Vec<String>,
}

impl Conversion {
    /// The conversion of `draft`, checked as `checked`.
    #[must_use]
    pub fn of(draft: Draft, checked: Checked) -> Self {
        let valid = checked.report.valid();
        let notes = draft.notes(&checked);
        let (record, redacted) = if valid {
            (checked.text, 0)
        } else {
            (checked.shown().to_owned(), checked.redacted)
        };
        Self {
            record,
            valid,
            complete: checked.complete,
            missing: draft.missing,
            lost: checked.lost,
            kept: checked.kept,
            edited: draft.edited,
            redacted,
            report: checked.report,
            notes,
        }
    }

    /// The error [`convert`] gives for a conversion that is not valid: the first errors,
    /// then the fields the source does not give (up to [`MAX_NOTES`], the rest counted).
    fn invalid(self) -> RecordError {
        let mut message = invalid_message(&self.report, Level::Normative).replacen(
            "the record",
            "the converted record",
            1,
        );
        // Named up to the notes' bound, the rest counted: an exception's message stays short.
        for pointer in self.missing.iter().take(MAX_NOTES) {
            message.push_str(&format!("; the source does not give `{pointer}`"));
        }
        if self.missing.len() > MAX_NOTES {
            message.push_str(&format!(
                "; and {} more fields the source does not give",
                self.missing.len() - MAX_NOTES
            ));
        }
        RecordError::Invalid {
            message,
            report: Box::new(self.report),
        }
    }
}

/// Drafts a record from `text` in the neighbouring format `from` (`handoff-md`,
/// `handover-brief`, `spec-handoff` or `goal-handover`), valid or not, with what the
/// conversion kept, lost, lacks and found edited: [`convert`]'s `from` with everything it
/// knows.
///
/// # Errors
/// [`RecordError::Usage`] for an unknown format, a source too long, not UTF-8 or with no
/// handover. A draft that is not valid is no error: [`Conversion::valid`] says so.
pub fn convert_draft(text: &[u8], from: &str) -> Result<Conversion, RecordError> {
    let limits = Limits::default();
    let max = limits.max_record_bytes;
    if text.len() > max {
        return Err(RecordError::Usage(format!(
            "the source is {} bytes; a source may hold at most {max}",
            text.len()
        )));
    }
    let source = std::str::from_utf8(text)
        .map_err(|_| RecordError::Usage("the source is not UTF-8 text".into()))?;
    let format: SourceFormat = from.parse().map_err(RecordError::Usage)?;
    let draft = draft_from(format, source, &limits).map_err(|error| {
        RecordError::Usage(match error {
            DraftError::BlankNote => "the note is blank: there is no handover".to_owned(),
            DraftError::TooLong(too_long) => too_long.to_string(),
            DraftError::NotJson(d) => format!("not a JSON brief: {}", d.message),
        })
    })?;
    let checked = draft.check(text);
    Ok(Conversion::of(draft, checked))
}

fn convert_from(bytes: &[u8], from: &str) -> Result<String, RecordError> {
    let conversion = convert_draft(bytes, from)?;
    if conversion.valid {
        Ok(conversion.record)
    } else {
        Err(conversion.invalid())
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn bug_fix() -> Vec<u8> {
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../protocol/v1/examples/bug-fix.json"
        ))
        .expect("the example")
    }

    /// A faithful rendering converts back to the record, nothing edited; an edited one names
    /// the field the Markdown changed and the section it added, and `convert` returns the
    /// same text.
    #[test]
    fn a_conversion_names_what_a_rendering_edits_and_keeps() {
        let page = render(&bug_fix(), "handoff-md").expect("rendered");
        let faithful = convert_draft(page.as_bytes(), "handoff-md").expect("converted");
        assert!(faithful.valid && faithful.complete, "{:?}", faithful.notes);
        assert_eq!(faithful.edited, Vec::<String>::new());
        assert_eq!(faithful.notes, Vec::<String>::new(), "{:?}", faithful.kept);
        let page = page
            .replace(
                "Thread the profile time zone into DeliveryEstimator::for\\_order and update its three callers.",
                "Thread the session's time zone instead.",
            )
            .replacen("## Goal", "## Background\n\nWhy this matters.\n\n## Goal", 1);
        let edited = convert_draft(page.as_bytes(), "handoff-md").expect("converted");
        assert!(edited.valid, "{:?}", edited.report);
        assert_eq!(
            edited.edited,
            [
                "/nextAction/summary",
                "/extensions/sh.hcr.handoff-md/sections"
            ]
        );
        assert!(
            edited.kept.iter().any(|k| k.contains("`Background`")),
            "{:?}",
            edited.kept
        );
        let record: serde_json::Value = serde_json::from_str(&edited.record).expect("JSON");
        assert_eq!(
            record["nextAction"]["summary"],
            "Thread the session's time zone instead."
        );
        assert!(
            edited
                .notes
                .iter()
                .any(|n| n.contains("the Markdown changes `/nextAction/summary`")),
            "{:?}",
            edited.notes
        );
        assert_eq!(
            convert(page.as_bytes(), Some("handoff-md"), None).expect("valid"),
            edited.record
        );
    }

    /// A heading that holds a secret names its section in `kept` and the notes redacted, as
    /// every string of the draft that is shown.
    #[test]
    fn a_conversion_shows_no_secret() {
        let secret = "ghp_R7vQ2mX9kL4pN8sT1wY6zB3cD5fG0hJ2aE4u";
        let page = format!(
            "# Handoff\n\n## Goal\n\nShip it.\n\n## Deploy with {secret}\n\nUse {secret}.\n\n## Next steps\n\n- Run it.\n"
        );
        let drafted = convert_draft(page.as_bytes(), "handoff-md").expect("drafted");
        assert!(!drafted.valid && drafted.redacted > 0);
        assert!(
            drafted
                .kept
                .iter()
                .any(|k| k.contains("`Deploy with ghp_… (40 characters, redacted)`")),
            "{:?}",
            drafted.kept
        );
        let shown = format!(
            "{}{:?}{:?}{:?}{:?}",
            drafted.record, drafted.kept, drafted.lost, drafted.notes, drafted.report
        );
        assert!(!shown.contains(&secret[4..12]), "{shown}");
    }

    /// A draft that is not valid is a conversion, not an error, with the report `convert`'s
    /// error carries and what the source does not give.
    #[test]
    fn an_invalid_draft_is_a_conversion_and_converts_error() {
        let note = b"State: the parser is done.";
        let drafted = convert_draft(note, "goal-handover").expect("drafted");
        assert!(!drafted.valid && !drafted.complete);
        assert!(!drafted.report.valid());
        let Err(RecordError::Invalid { message, report }) =
            convert(note, Some("goal-handover"), None)
        else {
            panic!("not valid");
        };
        assert_eq!(*report, drafted.report);
        for pointer in &drafted.missing {
            assert!(message.contains(&format!("`{pointer}`")), "{message}");
        }
        assert!(matches!(
            convert_draft(b"   ", "goal-handover"),
            Err(RecordError::Usage(_))
        ));
        assert!(matches!(
            convert_draft(note, "pdf"),
            Err(RecordError::Usage(_))
        ));
    }
}
