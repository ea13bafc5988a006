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

impl WireDiagnostic<'_> {
    /// Pushes the diagnostic's JSON text onto `out`: byte for byte what `serde_json` writes
    /// for it (compact), with the same members in the same order, written directly. A JSON
    /// report of many findings went through the serializer for each (a map's keys and
    /// values, and every string read through its escape table a byte at a time), which cost
    /// it more than its parse of the same texts; this pushes the keys as they are and each
    /// text through [`hcr_escape::push_json_string`]. A test below holds the two to the same
    /// bytes.
    pub fn write_json(&self, out: &mut String) {
        let d = self.diagnostic;
        out.push_str("{\"code\":");
        hcr_escape::push_json_string(out, d.code.as_str());
        out.push_str(",\"severity\":");
        hcr_escape::push_json_string(out, d.severity.as_str());
        out.push_str(",\"basis\":");
        hcr_escape::push_json_string(out, d.code.basis().name());
        out.push_str(",\"pointer\":");
        hcr_escape::push_json_string(out, d.pointer.as_str());
        if let Some(span) = d.span {
            let mut number = itoa::Buffer::new();
            out.push_str(",\"line\":");
            out.push_str(number.format(u64::from(span.start.line) + self.line_offset));
            out.push_str(",\"column\":");
            out.push_str(number.format(span.start.column));
            out.push_str(",\"endLine\":");
            out.push_str(number.format(u64::from(span.end.line) + self.line_offset));
            out.push_str(",\"endColumn\":");
            out.push_str(number.format(span.end.column));
        }
        out.push_str(",\"message\":");
        hcr_escape::push_json_string(out, &d.message);
        out.push_str(",\"help\":");
        hcr_escape::push_json_string(out, &d.help);
        out.push('}');
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

#[cfg(test)]
mod tests {
    use hcr_json::{Position, Span};

    use super::*;

    /// A diagnostic's JSON text written directly is the one `serde_json` writes, byte for
    /// byte: with a place and without, lines moved down and not, texts to escape (`"`, `\`,
    /// controls, non-ASCII) in the pointer, message and help, and a help of the code's own.
    #[test]
    fn a_diagnostic_written_directly_is_the_one_serde_json_writes() {
        let place = |line, column, offset| Position {
            line,
            column,
            offset,
        };
        let odd = "a \"quoted\" \\ \u{7}\n\t caf\u{e9} \u{202e} \u{1F600}";
        let mut written = 0;
        for code in [Code::Hcr101, Code::Hcr205, Code::Hcr108] {
            for span in [
                None,
                Some(Span {
                    start: place(1, 1, 0),
                    end: place(1, 2, 1),
                }),
                Some(Span {
                    start: place(77, 13, 2_000),
                    end: place(u32::MAX, u32::MAX, 9_000),
                }),
            ] {
                for (pointer, message, help) in [
                    ("/evidence/3/id", "`/evidence/3` repeats an id", None),
                    ("/e~1x/~0y/a\"b\\c\u{7}\u{e9}", odd, Some(odd)),
                    ("", "", Some("")),
                ] {
                    let mut diagnostic = Diagnostic::new(
                        code,
                        JsonPointer::parse(pointer).expect("a pointer"),
                        message,
                    );
                    diagnostic.span = span;
                    if let Some(help) = help {
                        diagnostic = diagnostic.help(help.to_owned());
                    }
                    for line_offset in [0, 6, u64::from(u32::MAX)] {
                        let wire = diagnostic.wire(line_offset);
                        let mut out = String::from("[");
                        wire.write_json(&mut out);
                        let expected = serde_json::to_string(&wire).expect("a diagnostic");
                        assert_eq!(out, format!("[{expected}"));
                        written += 1;
                    }
                }
            }
        }
        assert_eq!(written, 81);
    }
}
