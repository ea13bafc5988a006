//! Diagnostics: data first, rendered elsewhere.

use std::fmt;
use std::ops::Range;

use hcr_types::JsonPointer;
use serde::Serialize;

use hcr_json::{Anchor, Span};

use crate::Code;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; never affects validity.
    Info,
    /// Probably a mistake; affects validity only when warnings are denied.
    Warning,
    /// The record does not conform.
    Error,
}

impl Severity {
    /// The lowercase name used in every output format.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding about a record.
///
/// `pointer` is the RFC 6901 JSON Pointer of the offending value, or of the object that lacks
/// a property. `span` locates it in the source text; it is absent when the record was given as
/// a parsed value. Messages never repeat record values that could be secrets.
///
/// Serialized (the wire format of `hcr validate --format json`):
///
/// ```json
/// {"code": "HCR101", "severity": "error", "pointer": "/objective",
///  "line": 3, "column": 16, "endLine": 6, "endColumn": 4,
///  "message": "`/objective` is missing the required property `summary`",
///  "help": "add `summary`; the v1.0 schema requires it here"}
/// ```
///
/// `line`, `column`, `endLine` and `endColumn` are 1-based, columns in Unicode code points;
/// they are absent for a record given as a parsed value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The stable code, e.g. `HCR101`.
    pub code: Code,
    /// How serious it is (usually the code's default).
    pub severity: Severity,
    /// Where in the document.
    pub pointer: JsonPointer,
    /// Where in the source text.
    pub span: Option<Span>,
    /// One sentence that names the field.
    pub message: String,
    /// What to do about it (most often the code's own help, not copied).
    pub help: std::borrow::Cow<'static, str>,
    pub(crate) anchor: Anchor,
}

/// The one JSON shape of a diagnostic, which every JSON output (`validate --format json`, the
/// receiver brief, the MCP server, the Python package) writes: `code`, `severity`, `basis`,
/// `pointer`, then `line`, `column`, `endLine`, `endColumn` when it has a place, `message` and
/// `help`. Lines are moved down by `line_offset` (a JSON Lines record's lines count from the
/// top of its file).
#[derive(Clone, Copy, Debug)]
pub struct WireDiagnostic<'a> {
    diagnostic: &'a Diagnostic,
    line_offset: u64,
}

impl Serialize for WireDiagnostic<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let d = self.diagnostic;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("code", &d.code)?;
        map.serialize_entry("severity", &d.severity)?;
        map.serialize_entry("basis", d.code.basis().name())?;
        map.serialize_entry("pointer", &d.pointer)?;
        if let Some(span) = d.span {
            map.serialize_entry("line", &(u64::from(span.start.line) + self.line_offset))?;
            map.serialize_entry("column", &span.start.column)?;
            map.serialize_entry("endLine", &(u64::from(span.end.line) + self.line_offset))?;
            map.serialize_entry("endColumn", &span.end.column)?;
        }
        map.serialize_entry("message", &d.message)?;
        map.serialize_entry("help", &d.help)?;
        map.end()
    }
}

impl Serialize for Diagnostic {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.wire(0).serialize(serializer)
    }
}

impl Diagnostic {
    /// A diagnostic with the code's default severity and help, not yet located. Other crates
    /// use it for the codes they decide (spec-handoff artifacts).
    #[must_use]
    pub fn new(code: Code, pointer: JsonPointer, message: impl Into<String>) -> Self {
        Self {
            code,
            severity: code.default_severity(),
            pointer,
            span: None,
            message: message.into(),
            help: std::borrow::Cow::Borrowed(code.info().help),
            anchor: Anchor::Value,
        }
    }

    /// The diagnostic in its JSON shape, its lines moved down by `line_offset`.
    #[must_use]
    pub fn wire(&self, line_offset: u64) -> WireDiagnostic<'_> {
        WireDiagnostic {
            diagnostic: self,
            line_offset,
        }
    }

    /// Replaces the default help.
    #[must_use]
    pub fn help(mut self, help: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        self.help = help.into();
        self
    }

    /// Overrides the default severity.
    #[must_use]
    pub fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    #[must_use]
    pub(crate) fn anchor(mut self, anchor: Anchor) -> Self {
        self.anchor = anchor;
        self
    }

    /// Locates the diagnostic.
    #[must_use]
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }

    /// The 1-based line, if the diagnostic is located.
    #[must_use]
    pub fn line(&self) -> Option<u32> {
        self.span.map(|s| s.start.line)
    }

    /// The 1-based column (in code points), if the diagnostic is located.
    #[must_use]
    pub fn column(&self) -> Option<u32> {
        self.span.map(|s| s.start.column)
    }
}

/// The outcome of validating one record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// No diagnostic of severity `error` (as the selection in force reports them).
    pub valid: bool,
    /// The contract's verdict on the record, as far as the level checked it and whatever the
    /// selection: no finding the contract decides (JSON, the schema, the reference validator,
    /// the README) is an error, and the record could be checked within the limits. hcr's own
    /// recommendations and the receiver's findings never count (see
    /// [`Code::decides_conformance`](crate::Code::decides_conformance)).
    pub conformant: bool,
    /// Every finding, in document order.
    pub diagnostics: Vec<Diagnostic>,
    /// Source ranges holding a secret, sorted and disjoint; renderers that show source text
    /// mask them.
    #[serde(skip)]
    pub redactions: Vec<Range<usize>>,
    /// What the receiver-level checks found, one verdict per evidence item and review link,
    /// when they ran (the diagnostics above are derived from it).
    #[serde(skip)]
    pub receiver: Option<std::sync::Arc<crate::receiver::Assessment>>,
}

impl Report {
    /// A report of `diagnostics` (valid when none is an error), in the order given.
    #[must_use]
    pub fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Self {
        let valid = !diagnostics.iter().any(|d| d.severity == Severity::Error);
        let conformant = !diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error && d.code.decides_conformance());
        Self {
            valid,
            conformant,
            diagnostics,
            redactions: Vec::new(),
            receiver: None,
        }
    }

    /// The report for an input that could not be read (HCR005); `reason` says why, e.g.
    /// "`records/a.json` is not a regular file (a FIFO)".
    #[must_use]
    pub fn unreadable(reason: impl Into<String>) -> Self {
        Self::from_diagnostics(vec![Diagnostic::new(
            Code::Hcr005,
            JsonPointer::root(),
            reason,
        )])
    }

    /// How many diagnostics have `severity`.
    #[must_use]
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Keeps only the diagnostics `keep` accepts (a baseline's known findings are removed);
    /// validity follows what is left, except that a report whose findings went past the
    /// per-record limit (HCR006) stays invalid, the findings not shown being unknown. Never
    /// changes [`Report::conformant`], which is the contract's.
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        let truncated = !self.valid && self.has(Code::Hcr006);
        self.diagnostics.retain(keep);
        self.valid = !truncated && self.count(Severity::Error) == 0;
    }

    /// Whether the record is valid when warnings count as errors.
    #[must_use]
    pub fn is_valid_denying_warnings(&self) -> bool {
        self.valid && self.count(Severity::Warning) == 0
    }

    /// Whether any diagnostic has `code`.
    #[must_use]
    pub fn has(&self, code: Code) -> bool {
        self.diagnostics.iter().any(|d| d.code == code)
    }

    /// The distinct codes reported, in order of first appearance.
    #[must_use]
    pub fn codes(&self) -> Vec<Code> {
        let mut codes = Vec::new();
        for d in &self.diagnostics {
            if !codes.contains(&d.code) {
                codes.push(d.code);
            }
        }
        codes
    }
}
