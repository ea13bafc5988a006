//! The JSON document, streamed: `results` as records are checked, `summary` last.
//!
//! ```json
//! {"version": 1, "tool": {"name": "hcr", "version": "0.1.0"}, "level": "normative",
//!  "results": [
//!   {"source": "records/a.json", "file": "records/a.json", "line": null, "valid": false,
//!    "conformant": false,
//!    "diagnostics": [{"code": "HCR101", "severity": "error", "basis": "schema",
//!                     "pointer": "/objective",
//!                     "line": 3, "column": 16, "endLine": 6, "endColumn": 4,
//!                     "message": "...", "help": "..."}]}
//!  ],
//!  "summary": {"files": 1, "records": 1, "valid": 0, "invalid": 1, "conformant": 0,
//!              "errors": 1, "warnings": 0, "unreadable": 0, "baselined": 0}}
//! ```
//!
//! `valid` is the verdict under the project's selection of codes (and `--deny-warnings`);
//! `conformant` is the contract's, whatever the selection (see `Report::conformant`).
//! `baselined` counts the findings a baseline knew, which are not listed.
//!
//! `results` lists every record checked, valid ones too, in input order. For JSON Lines,
//! `source` is `file:LINE`, `line` is that line, and diagnostic lines count from the top of
//! the file. Lines and columns are 1-based, columns in Unicode code points; they are absent
//! from a diagnostic that concerns no place (an unreadable file).

use std::io::{self, Write};

use hcr_escape::push_json_string;
use serde_json::{Value, json};

use crate::{Context, Outcome, Render, Summary, write_json, write_members};

/// The document's members before `results`.
fn head(context: &Context) -> Value {
    json!({
        "version": VERSION,
        "tool": {"name": "hcr", "version": env!("CARGO_PKG_VERSION")},
        "level": context.level,
    })
}

/// One record's entry of `results`.
fn result(outcome: &Outcome) -> Value {
    json!({
        "source": outcome.source.display(),
        "file": outcome.source.path.as_ref().map(|p| p.display().to_string()),
        "line": outcome.source.line,
        "valid": outcome.valid,
        "conformant": outcome.report.conformant(),
        "diagnostics": outcome
            .report
            .diagnostics()
            .iter()
            .map(|d| d.wire(outcome.source.line_offset()))
            .collect::<Vec<_>>(),
    })
}

/// One record's entry of `results` as [`result`] builds it, written without building it:
/// the same members in the same order (a `serde_json::Value` object keeps its members' order
/// here), each as its `Value` would be written, so the same bytes, without a map, its keys and
/// a copy of every diagnostic's texts per finding, and without the serializer (each
/// diagnostic by [`hcr_validate::WireDiagnostic::write_json`], each text by
/// [`hcr_escape::push_json_string`]). Escaped by [`hcr_escape::json_text`] as [`write_json`]
/// escapes.
fn write_entry(out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
    let diagnostics = outcome.report.diagnostics();
    let line_offset = outcome.source.line_offset();
    // Room for what a diagnostic takes (its keys, pointer, numbers, message and help: about
    // 330 bytes on `findings`).
    let mut text = String::with_capacity(256 + 384 * diagnostics.len());
    text.push_str("{\"source\":");
    push_json_string(&mut text, &outcome.source.display());
    text.push_str(",\"file\":");
    match &outcome.source.path {
        Some(path) => push_json_string(&mut text, &path.display().to_string()),
        None => text.push_str("null"),
    }
    text.push_str(",\"line\":");
    match outcome.source.line {
        Some(line) => text.push_str(itoa::Buffer::new().format(line)),
        None => text.push_str("null"),
    }
    text.push_str(",\"valid\":");
    text.push_str(bool_text(outcome.valid));
    text.push_str(",\"conformant\":");
    text.push_str(bool_text(outcome.report.conformant()));
    text.push_str(",\"diagnostics\":[");
    for (i, diagnostic) in diagnostics.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        diagnostic.wire(line_offset).write_json(&mut text);
    }
    text.push_str("]}");
    out.write_all(hcr_escape::json_text(&text).as_bytes())
}

/// A JSON boolean's text.
fn bool_text(value: bool) -> &'static str {
    if value { "true" } else { "false" }
}

/// The `summary` member.
fn summary_of(summary: &Summary) -> Value {
    json!({
        "files": summary.files,
        "records": summary.records,
        "valid": summary.valid,
        "invalid": summary.invalid,
        "conformant": summary.conformant,
        "errors": summary.errors,
        "warnings": summary.warnings,
        "unreadable": summary.unreadable,
        "baselined": summary.baselined,
    })
}

/// The same document built as a value rather than written, for a caller that hands it on as
/// data (the MCP server's structured results): the members are made by the functions the
/// stream writes with, so the two cannot differ.
///
/// ```
/// use hcr_report::{Context, JsonDocument, Summary};
/// use hcr_validate::Level;
///
/// let document = JsonDocument::new(&Context::new(Level::Normative)).finish(&Summary::default());
/// assert_eq!(document["level"], "normative");
/// assert_eq!(document["results"], serde_json::json!([]));
/// ```
#[derive(Debug)]
pub struct JsonDocument {
    document: Value,
    results: Vec<Value>,
}

impl JsonDocument {
    /// A document of no result yet.
    #[must_use]
    pub fn new(context: &Context) -> Self {
        Self {
            document: head(context),
            results: Vec::new(),
        }
    }

    /// Adds the entry of `outcome` to `results`.
    pub fn record(&mut self, outcome: &Outcome) {
        self.results.push(result(outcome));
    }

    /// The whole document, with `summary`.
    #[must_use]
    pub fn finish(mut self, summary: &Summary) -> Value {
        self.document["results"] = Value::Array(self.results);
        self.document["summary"] = summary_of(summary);
        self.document
    }
}

/// The version of the document's shape; it changes only when a field changes meaning.
pub(crate) const VERSION: u32 = 1;

pub(crate) struct Json {
    context: Context,
    first: bool,
}

impl Json {
    pub(crate) fn new(context: Context) -> Self {
        Self {
            context,
            first: true,
        }
    }
}

impl Render for Json {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let head = head(&self.context);
        // `{` and the head's members, then `results` streamed into the same object.
        out.write_all(b"{")?;
        write_members(out, &head)?;
        out.write_all(b",\"results\":[")
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        if !self.first {
            out.write_all(b",")?;
        }
        self.first = false;
        out.write_all(b"\n")?;
        write_entry(out, outcome)
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        let summary = summary_of(summary);
        write!(out, "\n],\"summary\":")?;
        write_json(out, &summary)?;
        writeln!(out, "}}")
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use hcr_batch::Source;
    use hcr_validate::{Level, Validator};

    use super::*;

    /// The protocol's example with extensions and digests: a valid record with every part.
    fn example() -> String {
        std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../protocol/v1/examples/extensions-and-digests.json"
        ))
        .expect("the example")
    }

    /// The document built as a value is the streamed document, read back: every member,
    /// for valid, invalid, unreadable and JSON Lines records.
    #[test]
    fn the_value_is_the_streamed_document() {
        let validator = Validator::new(Level::Normative);
        let example = example();
        let texts: [(&str, Option<u64>); 4] = [
            (r#"{"schemaVersion": "1.0"}"#, None),
            ("{", None),
            ("[1, 2]", Some(3)),
            (&example, None),
        ];
        let outcomes: Vec<Outcome> = texts
            .iter()
            .enumerate()
            .map(|(i, (text, line))| {
                let source = Source {
                    path: Some(PathBuf::from(format!("records/{i}.json"))),
                    line: *line,
                    label: None,
                };
                Outcome::new(
                    source,
                    0,
                    validator.validate_str(text),
                    Some(text.as_bytes()),
                )
            })
            .collect();
        let mut summary = Summary::default();
        let context = Context::new(Level::Normative);
        let mut streamed = Vec::new();
        let mut render = Json::new(context.clone());
        let mut built = JsonDocument::new(&context);
        render.begin(&mut streamed).expect("a Vec");
        for outcome in &outcomes {
            summary.add(outcome);
            render.record(&mut streamed, outcome).expect("a Vec");
            built.record(outcome);
        }
        render.finish(&mut streamed, &summary).expect("a Vec");
        let read: Value = serde_json::from_slice(&streamed).expect("the stream is JSON");
        let built = built.finish(&summary);
        assert_eq!(built, read);
        assert_eq!(built["results"].as_array().map(Vec::len), Some(4));
        assert_eq!(built["summary"]["records"], 4);
    }

    /// A record's entry streamed is, byte for byte, the entry built as a value and written:
    /// every member in the value's order, for valid, invalid and unreadable records, a file
    /// and standard input, JSON Lines records (their lines moved down) and diagnostics
    /// without a place, with texts to escape (`"`, `\\`, control and non-ASCII characters).
    #[test]
    fn an_entry_streamed_is_the_entry_built_byte_for_byte() {
        let validator = Validator::new(Level::Normative);
        let example = example();
        let odd = r#"{"schemaVersion": "1.0", "objective": {"summary": "a \"quoted\" \\ \u0007 caf\u00e9 \ud83d\ude00"}, "e\u0301": 1, "x": 1, "x": 2}"#;
        let texts: [&str; 6] = [
            r#"{"schemaVersion": "1.0"}"#,
            "{",
            "[1, 2]",
            "",
            odd,
            &example,
        ];
        let mut entries = 0;
        let mut diagnostics = 0;
        let mut placed = 0;
        for (i, text) in texts.iter().enumerate() {
            let sources = [
                Source {
                    path: Some(PathBuf::from(format!("records/{i} \"é\".json"))),
                    line: None,
                    label: None,
                },
                Source {
                    path: Some(PathBuf::from("stream.jsonl")),
                    line: Some(7 + i as u64),
                    label: None,
                },
                Source {
                    path: None,
                    line: None,
                    label: Some("<stdin>"),
                },
            ];
            for source in sources {
                for (report, kept) in [
                    (validator.validate_str(text), Some(text.as_bytes())),
                    (validator.validate_value(&serde_json::json!({"x": i})), None),
                ] {
                    let mut outcome = Outcome::new(source.clone(), 0, report, kept);
                    outcome.valid = i % 2 == 0;
                    diagnostics += outcome.report.diagnostics().len();
                    placed += outcome
                        .report
                        .diagnostics()
                        .iter()
                        .filter(|d| d.span.is_some())
                        .count();
                    let mut streamed = Vec::new();
                    write_entry(&mut streamed, &outcome).expect("a Vec");
                    let mut built = Vec::new();
                    write_json(&mut built, &result(&outcome)).expect("a Vec");
                    assert_eq!(
                        String::from_utf8_lossy(&streamed),
                        String::from_utf8_lossy(&built)
                    );
                    entries += 1;
                }
            }
        }
        assert_eq!(entries, 36);
        assert!(
            diagnostics > placed && placed > 20,
            "{diagnostics} {placed}"
        );
    }
}
