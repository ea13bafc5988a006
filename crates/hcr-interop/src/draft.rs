//! What every surface decides about a record converted from another format before it is
//! written or shown: whether it is valid, whether the conversion is complete, and the text
//! that may be shown (redacted when the source holds secrets).

use hcr_validate::secrets::SecretSet;
use hcr_validate::{Level, Report, Validator};

use crate::goal_handover::Draft;

/// A draft checked at the normative level.
#[derive(Debug)]
pub struct Checked {
    /// The draft as pretty JSON (unsafe characters escaped), what is written when it is valid.
    pub text: String,
    /// The normative-level report about `text`.
    pub report: Report,
    /// Valid, nothing lost and nothing missing: the conversion says everything the source
    /// did.
    pub complete: bool,
    /// The text that may be shown of an invalid draft: `text` with every string that holds a
    /// secret of the source or the draft redacted.
    pub shown: String,
    /// How many strings `shown` redacts.
    pub redacted: usize,
}

impl Draft {
    /// Checks the draft converted from `source` (the source's bytes, whose secrets, a split
    /// one included, are never shown).
    #[must_use]
    pub fn check(&self, source: &[u8]) -> Checked {
        let text = pretty(&self.record);
        let report = Validator::new(Level::Normative).validate_str(&text);
        let complete = self.lost.is_empty() && self.missing.is_empty() && report.valid;
        let mut shown = self.record.clone();
        let secrets = SecretSet::from_source(source).union(SecretSet::from_value(&shown));
        let redacted = secrets.redact_value(&mut shown);
        let shown = if redacted > 0 {
            pretty(&shown)
        } else {
            text.clone()
        };
        Checked {
            text,
            report,
            complete,
            shown,
            redacted,
        }
    }
}

fn pretty(value: &serde_json::Value) -> String {
    let mut text = hcr_escape::json_text(
        &serde_json::to_string_pretty(value).unwrap_or_else(|_| String::from("null")),
    )
    .into_owned();
    text.push('\n');
    text
}
