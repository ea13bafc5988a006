//! The validator: parse once, run the levels' checks, then locate and order what they found.

use std::ops::Range;
use std::sync::Arc;

use hcr_types::{JsonPointer, Record};
use serde_json::Value;

use crate::diagnostic::Anchor;
use crate::locate::{locate, positions};
use crate::parse::{Document, parse};
use crate::rules::{Input, Sink};
use crate::{
    Code, Diagnostic, Level, Limits, ReceiverContext, Report, Span, receiver, rules, schema,
};

/// Checks records at one level. Cheap to clone and safe to share across threads: the schema
/// is compiled once per process.
///
/// ```
/// use hcr_validate::{Code, Level, Validator};
///
/// let validator = Validator::new(Level::Normative);
/// let report = validator.validate_str(r#"{"schemaVersion": "1.0"}"#);
/// assert!(!report.valid);
/// assert!(report.has(Code::Hcr101));
/// let first = &report.diagnostics[0];
/// assert_eq!((first.line(), first.column()), (Some(1), Some(1)));
/// ```
#[derive(Clone, Debug)]
pub struct Validator {
    level: Level,
    limits: Limits,
    receiver: Option<Arc<ReceiverContext>>,
}

impl Default for Validator {
    fn default() -> Self {
        Self::new(Level::default())
    }
}

impl Validator {
    /// A validator for `level` with the default limits.
    #[must_use]
    pub fn new(level: Level) -> Self {
        schema::warm_up();
        Self {
            level,
            limits: Limits::default(),
            receiver: None,
        }
    }

    /// With other limits (the depth is capped at [`Limits::DEPTH_CEILING`]).
    #[must_use]
    pub fn with_limits(mut self, mut limits: Limits) -> Self {
        limits.max_depth = limits.max_depth.min(Limits::DEPTH_CEILING);
        self.limits = limits;
        self
    }

    /// With the receiver's context, used at [`Level::Receiver`].
    #[must_use]
    pub fn with_receiver(mut self, context: ReceiverContext) -> Self {
        self.receiver = Some(Arc::new(context));
        self
    }

    /// The level this validator checks.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// The limits in force.
    #[must_use]
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// The receiver's context, if any.
    #[must_use]
    pub fn receiver(&self) -> Option<&ReceiverContext> {
        self.receiver.as_deref()
    }

    /// Validates a record given as bytes (UTF-8 JSON text).
    #[must_use]
    pub fn validate_bytes(&self, bytes: &[u8]) -> Report {
        self.read(bytes).1
    }

    /// The report for a record over the record size limit, for callers that stop reading at
    /// the limit: `length` is its size when known. Nothing is parsed.
    #[must_use]
    pub fn oversized(&self, length: Option<u64>) -> Report {
        let what = match length {
            Some(length) => format!("the record is {length} bytes long"),
            None => "the record is longer than the limit".to_owned(),
        };
        let diagnostic = crate::parse::limit_exceeded(
            crate::Limit::RecordBytes,
            &self.limits,
            JsonPointer::root(),
            0,
            what,
        );
        Report::from_diagnostics(vec![diagnostic])
    }

    /// Validates a record given as text.
    #[must_use]
    pub fn validate_str(&self, text: &str) -> Report {
        self.validate_bytes(text.as_bytes())
    }

    /// Validates an already parsed value. Without source text, diagnostics have no span and
    /// come in the order the checks ran; duplicate keys cannot be detected.
    #[must_use]
    pub fn validate_value(&self, value: &Value) -> Report {
        let mut sink = Sink::default();
        self.check(
            &Input {
                value,
                overwritten: &[],
            },
            &mut sink,
        );
        self.finish(None, sink)
    }

    /// Validates `bytes` and, when the record is valid at this level, reads it as a typed
    /// [`Record`].
    ///
    /// # Errors
    /// The report, when the record is invalid.
    pub fn read_record(&self, bytes: &[u8]) -> Result<(Record, Report), Report> {
        let (document, report) = self.read(bytes);
        match document {
            Some(document) if report.valid => match Record::from_value(&document.value) {
                Ok(record) => Ok((record, report)),
                // Unreachable when typed reading agrees with the schema, as the tests prove;
                // reported rather than trusted.
                Err(error) => {
                    let mut report = report;
                    report.valid = false;
                    report.diagnostics.push(Diagnostic::new(
                        Code::Hcr103,
                        JsonPointer::root(),
                        format!("the record could not be read as a typed record: {error}"),
                    ));
                    Err(report)
                }
            },
            _ => Err(report),
        }
    }

    /// Validates `bytes` and reads the typed [`Record`] whenever the document satisfies the
    /// schema, whatever higher levels found: the report says whether it is valid.
    #[must_use]
    pub fn validate_typed(&self, bytes: &[u8]) -> (Option<Record>, Report) {
        let (document, report) = self.read(bytes);
        let record = document.and_then(|d| Record::from_value(&d.value).ok());
        (record, report)
    }

    /// Parses and validates, keeping the document for callers that need it.
    pub(crate) fn read(&self, bytes: &[u8]) -> (Option<Document>, Report) {
        let document = match parse(bytes, &self.limits) {
            Ok(document) => document,
            Err(diagnostic) => {
                let sink = Sink {
                    diagnostics: vec![*diagnostic],
                    secrets: Vec::new(),
                };
                return (None, self.finish(Some(bytes), sink));
            }
        };
        let mut sink = Sink::default();
        for overwritten in &document.overwritten {
            let pointer = overwritten.pointer.clone();
            let key = pointer.unescaped_tokens().last().unwrap_or_default();
            let parent = pointer.parent().unwrap_or_default();
            let message = format!("{} repeats the key `{key}`", schema::field(&parent));
            sink.push(
                Diagnostic::new(Code::Hcr002, pointer, message)
                    .anchor(Anchor::KeyOccurrence(overwritten.occurrence + 1)),
            );
        }
        self.check(
            &Input {
                value: &document.value,
                overwritten: &document.overwritten,
            },
            &mut sink,
        );
        schema::rounded_revisions(&document.value, bytes, &mut sink.diagnostics);
        let report = self.finish(Some(bytes), sink);
        (Some(document), report)
    }

    /// Runs the checks of this validator's level.
    fn check(&self, input: &Input<'_>, sink: &mut Sink) {
        schema::check(input.value, &mut sink.diagnostics);
        if self.level >= Level::Normative {
            rules::check(input, sink);
        }
        if self.level >= Level::Receiver {
            let default = ReceiverContext::default();
            receiver::check(input, self.receiver.as_deref().unwrap_or(&default), sink);
        }
    }

    /// Locates, orders, redacts and caps the diagnostics.
    fn finish(&self, source: Option<&[u8]>, sink: Sink) -> Report {
        let Sink {
            mut diagnostics,
            mut secrets,
        } = sink;
        if diagnostics.is_empty() {
            return Report::from_diagnostics(diagnostics);
        }
        let mut redactions = Vec::new();
        if let Some(source) = source {
            redactions = attach_spans(source, &mut diagnostics);
            diagnostics.sort_by_key(|d| (d.span.map_or(usize::MAX, |s| s.start.offset), d.code));
            // The source is shown beside diagnostics: mask every secret in it, including those
            // in a record that did not parse or was checked below the normative level.
            for finding in crate::secrets::scan_bytes(source) {
                secrets.push(String::from_utf8_lossy(&source[finding.range.clone()]).into_owned());
                redactions.push(finding.range);
            }
        }
        diagnostics.dedup_by(|a, b| {
            a.code == b.code && a.pointer == b.pointer && a.span == b.span && a.message == b.message
        });
        let mut report = Report::from_diagnostics(diagnostics);
        let max = self.limits.max_diagnostics;
        if report.diagnostics.len() > max {
            let omitted = report.diagnostics.len() - max;
            report.diagnostics.truncate(max);
            report.diagnostics.push(Diagnostic::new(
                Code::Hcr006,
                JsonPointer::root(),
                format!("{omitted} more diagnostics were found; the limit is {max} per record (--max-diagnostics)"),
            ));
        }
        secrets.sort_unstable();
        secrets.dedup();
        secrets.retain(|s| !s.is_empty());
        if let Some(found) = Found::new(&secrets) {
            // A secret found once is masked wherever its value recurs, even where the text
            // around it no longer looks like a secret (a broken anchor, invalid UTF-8), and
            // scrubbed from every message and pointer that repeats it (a secret used as a key).
            if let Some(source) = source {
                redactions.extend(found.occurrences(source));
            }
            for d in &mut report.diagnostics {
                found.scrub(d);
            }
        }
        report.redactions = merged(redactions);
        report
    }
}

/// Gives every diagnostic its span; returns the source ranges that hold secrets.
fn attach_spans(source: &[u8], diagnostics: &mut [Diagnostic]) -> Vec<std::ops::Range<usize>> {
    // Parse errors carry an offset; everything else is in a document that parsed, so the
    // source is UTF-8.
    let text = std::str::from_utf8(source).ok();
    let requests: Vec<(&JsonPointer, Anchor)> =
        diagnostics.iter().map(|d| (&d.pointer, d.anchor)).collect();
    let ranges = match text {
        Some(text) => locate(text, &requests),
        None => requests
            .iter()
            .map(|(_, anchor)| match anchor {
                Anchor::Offset(offset) => Some(*offset..*offset + 1),
                _ => None,
            })
            .collect(),
    };
    let whole = 0..source.len();
    let ranges: Vec<_> = ranges
        .into_iter()
        .map(|r| r.unwrap_or_else(|| whole.clone()))
        .collect();
    let offsets: Vec<usize> = ranges.iter().flat_map(|r| [r.start, r.end]).collect();
    let found = positions(source, &offsets);
    let mut redactions = Vec::new();
    for (i, diagnostic) in diagnostics.iter_mut().enumerate() {
        diagnostic.span = Some(Span {
            start: found[2 * i],
            end: found[2 * i + 1],
        });
        if diagnostic.code == Code::Hcr204 {
            redactions.push(ranges[i].clone());
        }
    }
    redactions
}

/// `ranges` sorted by start, overlapping and touching ones merged: renderers look one up by
/// binary search.
fn merged(mut ranges: Vec<std::ops::Range<usize>>) -> Vec<std::ops::Range<usize>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<std::ops::Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

/// The secrets of one record, searched for all at once: a record may hold thousands, and
/// searching for each in turn would be quadratic.
struct Found<'s> {
    secrets: &'s [String],
    /// Every occurrence, overlapping ones too (for masking the source).
    all: aho_corasick::AhoCorasick,
    /// The longest occurrence at each place (for replacing in text).
    longest: aho_corasick::AhoCorasick,
}

impl<'s> Found<'s> {
    /// `None` when there is nothing to look for (or, for pathological input, the automaton
    /// cannot be built; the secrets were then already masked where the scanner found them).
    fn new(secrets: &'s [String]) -> Option<Self> {
        if secrets.is_empty() {
            return None;
        }
        let all = aho_corasick::AhoCorasick::new(secrets).ok()?;
        let longest = aho_corasick::AhoCorasick::builder()
            .match_kind(aho_corasick::MatchKind::LeftmostLongest)
            .build(secrets)
            .ok()?;
        Some(Self {
            secrets,
            all,
            longest,
        })
    }

    /// The ranges of `source` that hold one of the secrets.
    fn occurrences<'a>(&'a self, source: &'a [u8]) -> impl Iterator<Item = Range<usize>> + 'a {
        self.all.find_overlapping_iter(source).map(|m| m.range())
    }

    /// `text` with each secret replaced by its redacted form, if it holds one.
    fn redacted(&self, text: &str) -> Option<String> {
        if !self.longest.is_match(text) {
            return None;
        }
        let mut out = String::with_capacity(text.len());
        self.longest.replace_all_with(text, &mut out, |m, _, out| {
            out.push_str(&crate::secrets::redact(
                &self.secrets[m.pattern().as_usize()],
            ));
            true
        });
        Some(out)
    }

    /// Replaces the secrets a diagnostic's message or pointer repeats.
    fn scrub(&self, d: &mut Diagnostic) {
        if let Some(message) = self.redacted(&d.message) {
            d.message = message;
        }
        if self.longest.is_match(d.pointer.as_str()) || d.pointer.as_str().contains('~') {
            let mut pointer = JsonPointer::root();
            let mut changed = false;
            for token in d.pointer.unescaped_tokens() {
                match self.redacted(&token) {
                    Some(redacted) => {
                        changed = true;
                        pointer.push_key(&redacted);
                    }
                    None => pointer.push_key(&token),
                }
            }
            if changed {
                d.pointer = pointer;
            }
        }
    }
}
