//! What every surface decides about a record converted from another format before it is
//! written or shown: whether it is valid, whether the conversion is complete, and the text
//! that may be shown (redacted when the source holds secrets).

use hcr_validate::secrets::SecretSet;
use hcr_validate::{Level, Report, Validator};
use serde_json::{Map, Value, json};

/// A record drafted from another format, with what the source did not give.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Draft {
    /// The draft (not necessarily a valid record).
    pub record: Value,
    /// Required fields the source does not give, as JSON Pointers; left for the user to fill.
    pub missing: Vec<String>,
    /// What of the source the draft does not hold, each named (a 1-based line and why). Empty
    /// when every line was mapped into the draft or kept in its extensions.
    pub lost: Vec<String>,
    /// What of the source the draft keeps under its extension rather than in a field, each
    /// named for people (`section \`Background\` (line 12)`): nothing is kept in silence.
    pub kept: Vec<String>,
    /// The fields (JSON Pointers) where the source's visible text changed the record it
    /// carries: a `HANDOFF.md` edited after `hcr render` wrote it.
    pub edited: Vec<String>,
}

/// The parts of a record a converter drafted from another format: what every converter ends
/// with, made into a [`Draft`] by [`Parts::draft`] alone.
pub(crate) struct Parts {
    /// `recordId`, when the source names one.
    pub(crate) record_id: Option<Value>,
    /// `objective`.
    pub(crate) objective: Value,
    /// `currentState`.
    pub(crate) current_state: Value,
    /// `decisions`.
    pub(crate) decisions: Value,
    /// `evidence`.
    pub(crate) evidence: Value,
    /// `constraints`.
    pub(crate) constraints: Value,
    /// `nextAction`.
    pub(crate) next_action: Value,
    /// `ownership`.
    pub(crate) ownership: Value,
}

impl Parts {
    /// The draft: the parts in the schema's order, no review items, what the source holds
    /// beyond them (`kept`) under the extension `extension` when there is any, and what is
    /// `missing` and `lost`.
    pub(crate) fn draft(
        self,
        extension: &str,
        kept: Map<String, Value>,
        missing: Vec<String>,
        lost: Vec<String>,
    ) -> Draft {
        let mut record = json!({"schemaVersion": "1.0"});
        if let Some(id) = self.record_id {
            record["recordId"] = id;
        }
        record["objective"] = self.objective;
        record["currentState"] = self.current_state;
        record["decisions"] = self.decisions;
        record["evidence"] = self.evidence;
        record["constraints"] = self.constraints;
        record["nextAction"] = self.next_action;
        record["ownership"] = self.ownership;
        record["openReview"] = json!([]);
        if !kept.is_empty() {
            record["extensions"] = json!({ extension: kept });
        }
        Draft {
            record,
            missing,
            lost,
            ..Draft::default()
        }
    }
}

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
    /// `text` with every string that holds a secret of the source or the draft redacted,
    /// when there is one (see [`Checked::shown`]).
    redacted_text: Option<String>,
    /// The record `redacted_text` writes.
    redacted_record: Option<Value>,
    /// How many strings `shown` redacts.
    pub redacted: usize,
    /// What the conversion could not carry over ([`Draft::lost`]) as it may be shown: every
    /// secret of the source or the draft redacted, terminal controls escaped, each entry
    /// short. Every surface shows this list, never the draft's own.
    pub lost: Vec<String>,
    /// What the draft keeps under its extension ([`Draft::kept`]) as it may be shown: every
    /// secret of the source or the draft redacted (a section's heading can hold one). Every
    /// surface shows this list, never the draft's own.
    pub kept: Vec<String>,
}

/// The most notes of one kind [`Draft::notes`] names one by one; the rest are counted.
pub const MAX_NOTES: usize = 20;

impl Draft {
    /// What a front end says about the draft checked as `checked`, a line each: the fields
    /// the source does not give, what was not carried over and what is kept under the
    /// extension and not in a field (both as [`Checked`] may show them), and the fields an
    /// edited rendering changed. Each kind
    /// names at most [`MAX_NOTES`] and counts the rest, so a file of 100,000 sections gets a
    /// few dozen lines, not 100,000.
    #[must_use]
    pub fn notes(&self, checked: &Checked) -> Vec<String> {
        let mut out = Vec::new();
        let mut kind = |items: Vec<String>, more: &str| {
            let total = items.len();
            out.extend(items.into_iter().take(MAX_NOTES));
            if total > MAX_NOTES {
                out.push(format!("and {} more {more}", total - MAX_NOTES));
            }
        };
        kind(
            self.missing
                .iter()
                .map(|p| format!("the source does not give `{p}`: fill it in"))
                .collect(),
            "fields the source does not give",
        );
        kind(
            checked
                .lost
                .iter()
                .map(|w| format!("not carried over: {w}"))
                .collect(),
            "things not carried over",
        );
        kind(
            checked
                .kept
                .iter()
                .map(|w| {
                    format!(
                        "kept under the record's extensions, not in a field: {}",
                        hcr_escape::escape(w)
                    )
                })
                .collect(),
            "kinds of text kept under the record's extensions",
        );
        kind(
            self.edited
                .iter()
                .map(|p| {
                    format!(
                        "the Markdown changes `{}` of the record it carries: the Markdown's is taken",
                        hcr_escape::escape(p)
                    )
                })
                .collect(),
            "fields the Markdown changes",
        );
        out
    }

    /// Checks the draft converted from `source` (the source's bytes, whose secrets, a split
    /// one included, are never shown) at the normative level.
    #[must_use]
    pub fn check(&self, source: &[u8]) -> Checked {
        self.check_with(source, &Validator::new(Level::Normative))
    }

    /// [`Draft::check`] with `validator` (a project's: its level, limits and selection).
    #[must_use]
    pub fn check_with(&self, source: &[u8], validator: &Validator) -> Checked {
        let text = pretty(&self.record);
        // The validator's secret scan walks the record once; its secrets are the draft's
        // (`text` is the record written out), so the record is walked again only when the
        // scan did not run (a level below normative, a draft over the project's limits).
        let (report, of_record) = validator.validate_str_with_secrets(&text);
        let complete = self.lost.is_empty() && self.missing.is_empty() && report.valid();
        let mut shown = serde_json::Value::Null;
        // A source is read as Markdown too (escapes and character references decoded): what
        // spells a secret in any of its formats is one.
        let from_source = match std::str::from_utf8(source) {
            Ok(text) => SecretSet::from_markdown(text),
            Err(_) => SecretSet::from_source(source),
        };
        let of_record = of_record.unwrap_or_else(|| hcr_validate::secrets::of_record(&self.record));
        let secrets = from_source.union(of_record);
        // The draft is copied only when it holds something to redact.
        let redacted = if secrets.is_empty() {
            0
        } else {
            shown = self.record.clone();
            secrets.redact_value(&mut shown)
        };
        let lost = self
            .lost
            .iter()
            .map(|what| hcr_validate::secrets::quote(&secrets.redact(what), MAX_LOST_CHARS))
            .collect();
        let kept = self
            .kept
            .iter()
            .map(|what| secrets.redact(what).into_owned())
            .collect();
        let redacted_record = (redacted > 0).then_some(shown);
        let redacted_text = redacted_record.as_ref().map(pretty);
        Checked {
            text,
            report,
            complete,
            redacted_text,
            redacted_record,
            redacted,
            lost,
            kept,
        }
    }
}

impl Checked {
    /// The record [`Checked::shown`] writes, as a value: `draft`'s own record (the one this
    /// was checked from) when nothing is redacted.
    #[must_use]
    pub fn shown_record<'a>(&'a self, draft: &'a Draft) -> &'a Value {
        self.redacted_record.as_ref().unwrap_or(&draft.record)
    }

    /// The text that may be shown of an invalid draft: `text` with every string that holds a
    /// secret of the source or the draft redacted (`text` itself when none does).
    #[must_use]
    pub fn shown(&self) -> &str {
        self.redacted_text.as_deref().unwrap_or(&self.text)
    }
}

/// The most characters of one entry of [`Checked::lost`].
const MAX_LOST_CHARS: usize = 200;

fn pretty(value: &serde_json::Value) -> String {
    let json = serde_json::to_string_pretty(value).unwrap_or_else(|_| String::from("null"));
    // (Most drafts have nothing to escape: their text is kept, not copied.)
    let escaped = match hcr_escape::json_text(&json) {
        std::borrow::Cow::Owned(escaped) => Some(escaped),
        std::borrow::Cow::Borrowed(_) => None,
    };
    let mut text = escaped.unwrap_or(json);
    text.push('\n');
    text
}
