//! The validator: parse once, run the levels' checks, then locate and order what they found.

use std::ops::Range;
use std::sync::Arc;

use hcr_types::{JsonPointer, Record};
use serde_json::Value;

use crate::parse::parse;
use crate::secrets::SecretSet;
use crate::sink::{Input, Sink};
use crate::{
    Code, Diagnostic, Level, Limits, ReceiverContext, Report, Selection, Span, receiver,
    revision_numbers, rules, schema,
};
use hcr_json::Anchor;
use hcr_json::Document;
use hcr_json::Tree;
use hcr_json::{locate, locate_in, positions};

/// Checks records at one level. Cheap to clone and safe to share across threads: the schema
/// is compiled once per process.
///
/// ```
/// use hcr_validate::{Code, Level, Validator};
///
/// let validator = Validator::new(Level::Normative);
/// let report = validator.validate_str(r#"{"schemaVersion": "1.0"}"#);
/// assert!(!report.valid());
/// assert!(report.has(Code::Hcr101));
/// let first = &report.diagnostics()[0];
/// assert_eq!((first.line(), first.column()), (Some(1), Some(1)));
/// ```
#[derive(Clone, Debug)]
pub struct Validator {
    level: Level,
    limits: Limits,
    selection: Selection,
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
            selection: Selection::default(),
            receiver: None,
        }
    }

    /// With a project's choice of codes (see [`Selection`]): what is reported and at which
    /// severity, and so the report's validity; never [`Report::conformant`].
    #[must_use]
    pub fn with_selection(mut self, selection: Selection) -> Self {
        self.selection = selection;
        self
    }

    /// The selection in force.
    #[must_use]
    pub fn selection(&self) -> &Selection {
        &self.selection
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

    /// [`Validator::validate_str`], with the secrets the record holds as the check's own scan
    /// found them: what [`crate::secrets::of_record`] finds in the value `text` is, for a
    /// caller that masks them in another text (a converter's draft) without walking the
    /// record a second time. `None` when the record was not scanned: it did not parse, or the
    /// level is below [`Level::Normative`].
    ///
    /// ```
    /// use hcr_validate::{Level, Validator};
    ///
    /// let text = r#"{"note": "password=T7x!q9Lm2#vR4zK8"}"#;
    /// let (report, secrets) = Validator::new(Level::Normative).validate_str_with_secrets(text);
    /// assert!(!report.valid());
    /// assert_eq!(secrets.unwrap().redact("T7x!q9Lm2#vR4zK8"), "(16 characters, redacted)");
    /// let (_, secrets) = Validator::new(Level::Schema).validate_str_with_secrets(text);
    /// assert!(secrets.is_none());
    /// ```
    #[must_use]
    pub fn validate_str_with_secrets(&self, text: &str) -> (Report, Option<SecretSet>) {
        let (_, report, secrets) = self.read_keeping(text.as_bytes(), true);
        (report, secrets)
    }

    /// Validates a typed record: the same report as for its pretty JSON form
    /// ([`Record::to_json_pretty`]), whose lines and columns the spans give. This is the check a
    /// producer runs after [`hcr_types::RecordBuilder::build`], for what the builder does not
    /// decide (secrets, hcr's recommendations).
    #[must_use]
    pub fn validate_record(&self, record: &Record) -> Report {
        self.validate_str(&record.to_json_pretty())
    }

    /// Validates an already parsed value. Without source text, diagnostics have no span and
    /// come in the order the checks ran; duplicate keys cannot be detected.
    #[must_use]
    pub fn validate_value(&self, value: &Value) -> Report {
        let mut sink = Sink::new(
            self.limits.max_diagnostics,
            self.selection,
            self.limits.spelling,
        );
        let tree = Tree::from_value(value, crate::schema::property_names());
        let receiver = self.check(&Input::new(&tree, &[]), None, &mut sink);
        self.finish(None, sink, receiver, false).0
    }

    /// Validates `bytes` and, when the record is valid at this level, reads it as a typed
    /// [`Record`].
    ///
    /// # Errors
    /// The report, when the record is invalid.
    pub fn read_record(&self, bytes: &[u8]) -> Result<(Record, Report), Report> {
        let (document, report) = self.read(bytes);
        match document {
            Some(_) if report.valid => match typed(bytes) {
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
        let record = document.and_then(|_| typed(bytes).ok());
        (record, report)
    }

    /// Validates `bytes` and, when the record is valid at this level, hands `then` the record
    /// as the validator parsed it (its root, read as `JSON.parse` reads it): one parse for the
    /// checks and whatever the caller reads of the record.
    ///
    /// ```
    /// use hcr_validate::{Level, Validator};
    ///
    /// let text = std::fs::read("../../protocol/v1/examples/bug-fix.json")?;
    /// let (report, id) = Validator::new(Level::Normative)
    ///     .validate_then(&text, |root| root.get("recordId").and_then(|id| id.as_str()).map(str::to_owned));
    /// assert!(report.valid() && id.is_some());
    /// # Ok::<(), std::io::Error>(())
    /// ```
    pub fn validate_then<T>(
        &self,
        bytes: &[u8],
        then: impl FnOnce(hcr_json::Json<'_, '_>) -> T,
    ) -> (Report, Option<T>) {
        let (document, report) = self.read(bytes);
        let read = match document {
            Some(document) if report.valid => Some(then(document.tree.root())),
            _ => None,
        };
        (report, read)
    }

    /// Parses and validates, keeping the document for callers that need it.
    pub(crate) fn read<'a>(&self, bytes: &'a [u8]) -> (Option<Document<'a>>, Report) {
        let (document, report, _) = self.read_keeping(bytes, false);
        (document, report)
    }

    /// [`Validator::read`], and, when `keep_secrets` and the secret scan ran over the parsed
    /// record, the secrets it found.
    fn read_keeping<'a>(
        &self,
        bytes: &'a [u8],
        keep_secrets: bool,
    ) -> (Option<Document<'a>>, Report, Option<SecretSet>) {
        let document = match parse(bytes, &self.limits) {
            Ok(document) => document,
            Err(diagnostic) => {
                let mut sink = Sink::new(
                    self.limits.max_diagnostics,
                    self.selection,
                    self.limits.spelling,
                );
                sink.push(*diagnostic);
                let (report, _) = self.finish(Some((bytes, None)), sink, None, false);
                return (None, report, None);
            }
        };
        let mut sink = Sink::new(
            self.limits.max_diagnostics,
            self.selection,
            self.limits.spelling,
        );
        for overwritten in &document.overwritten {
            sink.push(crate::parse::repeated_key(overwritten));
        }
        let receiver = self.check(
            &Input::new(&document.tree, &document.overwritten),
            Some(document.text),
            &mut sink,
        );
        let parsed = Some((document.text, &document.tree));
        let (report, secrets) = self.finish(Some((bytes, parsed)), sink, receiver, keep_secrets);
        (Some(document), report, secrets)
    }

    /// Runs the checks of this validator's level; `source` is the text the tree was parsed
    /// from, when there is one.
    /// The receiver's assessment, when the receiver checks ran.
    fn check(
        &self,
        input: &Input<'_, '_>,
        source: Option<&str>,
        sink: &mut Sink,
    ) -> Option<Arc<receiver::Assessment>> {
        schema::check(input.root(), sink);
        let revisions = revision_numbers::revision_numbers(input.root());
        revision_numbers::unsafe_revisions(&revisions, sink);
        if self.level >= Level::Normative {
            rules::check(input, sink);
        }
        let assessment = (self.level >= Level::Receiver).then(|| {
            let default = ReceiverContext::default();
            let context = self.receiver.as_deref().unwrap_or(&default);
            Arc::new(receiver::check(input, context, sink))
        });
        if let Some(source) = source {
            revision_numbers::rounded_revisions(input.tree, source, &revisions, sink);
        }
        assessment
    }

    /// Locates, orders and redacts the diagnostics, and says how many were past the limit.
    /// `source`: the bytes checked, and, if they parsed, their text and the tree read from it.
    /// `receiver`: the receiver's assessment, kept in the report. With `keep_secrets`, also
    /// the secrets the scan of the parsed record found, when it ran.
    fn finish(
        &self,
        source: Option<(&[u8], Option<Parsed<'_, '_>>)>,
        sink: Sink,
        receiver: Option<Arc<receiver::Assessment>>,
        keep_secrets: bool,
    ) -> (Report, Option<SecretSet>) {
        let Sink {
            mut diagnostics,
            nodes,
            secrets,
            scanned,
            omitted,
            nonconformant,
            ..
        } = sink;
        if diagnostics.is_empty() && omitted.total() == 0 {
            let mut report = Report::from_diagnostics(diagnostics);
            report.conformant = !nonconformant;
            report.receiver = receiver;
            return (report, (keep_secrets && scanned).then(|| secrets.finish()));
        }
        // The record's secrets, found by the scan of the parsed record, or, for a record that
        // did not parse or was checked below the normative level, in its source text.
        let secrets = match source {
            Some((source, _)) if !scanned => SecretSet::from_source(source),
            _ => secrets.finish(),
        };
        let mut redactions = Vec::new();
        if let Some((source, parsed)) = source {
            attach_spans(source, parsed, &mut diagnostics, &nodes);
            redactions = secrets.mask_source(source);
        }
        diagnostics.dedup_by(|a, b| {
            a.code == b.code && a.pointer == b.pointer && a.span == b.span && a.message == b.message
        });
        if !secrets.is_empty() {
            for d in &mut diagnostics {
                scrub(&secrets, d);
            }
        }
        let mut report = Report::from_diagnostics(diagnostics);
        report.conformant = !nonconformant;
        if omitted.errors > 0 {
            report.valid = false;
        }
        let more = omitted.total();
        if more > 0 {
            let max = self.limits.max_diagnostics;
            let setting = self.limits.spelling.spell("max_diagnostics");
            report.diagnostics.push(
                Diagnostic::new(
                    Code::Hcr006,
                    JsonPointer::root(),
                    format!("{more} more diagnostics were found; the limit is {max} per record ({setting})"),
                )
                .help(format!("fix the problems shown and run again, or raise the limit with {setting}")),
            );
        }
        report.redactions = redactions;
        report.receiver = receiver;
        // (A set read from the source text, for a record that was not scanned, is no
        // record's own: it is not handed back.)
        (report, (keep_secrets && scanned).then_some(secrets))
    }
}

impl Report {
    /// Masks, for renderers that show `source` beside this report, every secret `source`
    /// holds (read as [`SecretSet::from_source`] reads it), and replaces each one a message or
    /// pointer repeats. For reports that other checks (a spec-handoff linter, a converter)
    /// made about text that is not a record.
    pub fn redact_secrets(&mut self, source: &[u8]) {
        let secrets = SecretSet::from_source(source);
        if secrets.is_empty() {
            return;
        }
        for d in &mut self.diagnostics {
            scrub(&secrets, d);
        }
        let mut ranges = std::mem::take(&mut self.redactions);
        ranges.extend(secrets.mask_source(source));
        self.redactions = crate::secrets::merged(ranges);
    }
}

/// Replaces the secrets a diagnostic's message or pointer repeats (a secret used as a key is
/// in both).
fn scrub(secrets: &SecretSet, d: &mut Diagnostic) {
    if let std::borrow::Cow::Owned(message) = secrets.redact(&d.message) {
        d.message = message;
    }
    let tokens: Vec<String> = d.pointer.unescaped_tokens().collect();
    if tokens.iter().any(|t| !secrets.ranges(t).is_empty()) {
        let mut pointer = JsonPointer::root();
        for token in &tokens {
            pointer.push_key(&secrets.redact(token));
        }
        d.pointer = pointer;
    }
}

/// The typed record of a document that parsed, read from its text so that extension values
/// keep their numbers as written.
fn typed(bytes: &[u8]) -> Result<Record, hcr_types::Error> {
    let text = std::str::from_utf8(bytes).map_err(|_| hcr_types::Error::Read {
        pointer: JsonPointer::root(),
        message: "the record is not UTF-8".to_owned(),
    })?;
    Record::from_json(text)
}

/// A source that parsed: its text and the tree read from it.
type Parsed<'s, 't> = (&'s str, &'s Tree<'t>);

/// Gives every diagnostic its span; `parsed` is the text of `source` and its tree, when it
/// parsed.
fn attach_spans(
    source: &[u8],
    parsed: Option<Parsed<'_, '_>>,
    diagnostics: &mut Vec<Diagnostic>,
    nodes: &[Option<u32>],
) {
    // Parse errors carry an offset, and may be in text that is not UTF-8.
    let (text, tree) = match parsed {
        Some((text, tree)) => (Some(text), Some(tree)),
        None => (std::str::from_utf8(source).ok(), None),
    };
    let requests: Vec<(&JsonPointer, Anchor)> = diagnostics
        .iter()
        .map(|d| (&d.pointer, d.anchored()))
        .collect();
    let ranges = match (text, tree) {
        (Some(text), Some(tree)) => located(tree, text, &requests, nodes),
        (Some(text), None) => locate(text, &requests),
        (None, _) => requests
            .iter()
            .map(|(_, anchor)| match anchor {
                Anchor::Offset(offset) => Some(*offset..*offset + 1),
                _ => None,
            })
            .collect(),
    };
    let whole = 0..source.len();
    let mut ranges: Vec<_> = ranges
        .into_iter()
        .map(|r| r.unwrap_or_else(|| whole.clone()))
        .collect();
    // The report's order: by where each starts (its position's offset, the start clamped
    // to the text), then by code, ties kept in the order found. Sorted as small keys, each
    // with its place, and the diagnostics moved once into that order, not moved by the sort.
    let mut order: Vec<(usize, Code, usize)> = ranges
        .iter()
        .zip(diagnostics.iter())
        .enumerate()
        .map(|(i, (range, d))| (range.start.min(source.len()), d.code, i))
        .collect();
    if !order.is_sorted() {
        order.sort_unstable();
        ranges = order.iter().map(|&(.., i)| ranges[i].clone()).collect();
        let mut slots: Vec<Option<Diagnostic>> = diagnostics.drain(..).map(Some).collect();
        diagnostics.extend(order.iter().filter_map(|&(.., i)| slots[i].take()));
    }
    // In that order, the offsets are mostly in order too (spans rarely nest), and then
    // `positions` does not sort them; a range the one before has too (two findings about
    // one value) is asked for once, which keeps them in order.
    let mut offsets: Vec<usize> = Vec::with_capacity(2 * ranges.len());
    let mut pair = Vec::with_capacity(ranges.len());
    for range in &ranges {
        if offsets.len() < 2 || offsets[offsets.len() - 2..] != [range.start, range.end] {
            offsets.extend([range.start, range.end]);
        }
        pair.push(offsets.len() - 2);
    }
    let found = positions(source, &offsets);
    for (diagnostic, at) in diagnostics.iter_mut().zip(pair) {
        diagnostic.span = Some(Span {
            start: found[at],
            end: found[at + 1],
        });
    }
}

/// The place of each request in `text`, the source of `tree`: a diagnostic whose check held
/// its value's node (`nodes`, beside the requests) takes that node's span, the rest are
/// located from their pointers. A node is the value `JSON.parse` reads at the pointer, which
/// is the last occurrence [`locate_in`] finds.
fn located(
    tree: &Tree<'_>,
    text: &str,
    requests: &[(&JsonPointer, Anchor)],
    nodes: &[Option<u32>],
) -> Vec<Option<Range<usize>>> {
    let node_of = |i: usize| match (requests[i].1, nodes.get(i).copied().flatten()) {
        (Anchor::Value, Some(node)) => usize::try_from(node).ok(),
        _ => None,
    };
    if !tree.has_spans() || !(0..requests.len()).any(|i| node_of(i).is_some()) {
        return locate_in(tree, text, requests);
    }
    let asked: Vec<(&JsonPointer, Anchor)> = (0..requests.len())
        .filter(|&i| node_of(i).is_none())
        .map(|i| requests[i])
        .collect();
    let mut others = locate_in(tree, text, &asked).into_iter();
    (0..requests.len())
        .map(|i| match node_of(i) {
            Some(node) => tree.node_span(node),
            None => others.next().flatten(),
        })
        .collect()
}
