//! Diagnostics: data first, rendered elsewhere.

use hcr_json::JsonPointer;
use serde::Serialize;

use hcr_json::{Anchor, Span};

use crate::{Code, Severity};

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
    anchor: Anchor,
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

    /// Whether the help is the code's own ([`crate::CodeInfo::help`]), not one a check gave
    /// with [`Diagnostic::help`]: then it is printable ASCII, as every code's help is (checked
    /// when this crate is compiled).
    #[must_use]
    #[inline]
    pub fn has_its_codes_help(&self) -> bool {
        matches!(self.help, std::borrow::Cow::Borrowed(help) if std::ptr::eq(help, self.code.info().help))
    }

    /// Overrides the default severity.
    #[must_use]
    pub fn severity(mut self, severity: Severity) -> Self {
        self.severity = severity;
        self
    }

    /// Says which part of the member at the pointer the diagnostic is about (its key, one
    /// occurrence of a repeated member, a byte offset): where it is located.
    #[must_use]
    pub fn anchor(mut self, anchor: Anchor) -> Self {
        self.anchor = anchor;
        self
    }

    /// Which part of the member at the pointer the diagnostic is about.
    #[must_use]
    pub fn anchored(&self) -> Anchor {
        self.anchor
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
