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
        let result = result(outcome);
        if !self.first {
            out.write_all(b",")?;
        }
        self.first = false;
        out.write_all(b"\n")?;
        write_json(out, &result)
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

    /// The document built as a value is the streamed document, read back: every member,
    /// for valid, invalid, unreadable and JSON Lines records.
    #[test]
    fn the_value_is_the_streamed_document() {
        let validator = Validator::new(Level::Normative);
        let example = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../protocol/v1/examples/extensions-and-digests.json"
        ))
        .expect("the example");
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
}
