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

use serde_json::json;

use crate::{Context, Outcome, Render, Summary, write_json, write_members};

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
        let head = json!({
            "version": VERSION,
            "tool": {"name": "hcr", "version": env!("CARGO_PKG_VERSION")},
            "level": self.context.level,
        });
        // `{` and the head's members, then `results` streamed into the same object.
        out.write_all(b"{")?;
        write_members(out, &head)?;
        out.write_all(b",\"results\":[")
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        let result = json!({
            "source": outcome.source.display(),
            "file": outcome.source.path.as_ref().map(|p| p.display().to_string()),
            "line": outcome.source.line,
            "valid": outcome.valid,
            "conformant": outcome.report.conformant,
            "diagnostics": outcome
                .report
                .diagnostics
                .iter()
                .map(|d| d.wire(outcome.source.line_offset()))
                .collect::<Vec<_>>(),
        });
        if !self.first {
            out.write_all(b",")?;
        }
        self.first = false;
        out.write_all(b"\n")?;
        write_json(out, &result)
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        let summary = json!({
            "files": summary.files,
            "records": summary.records,
            "valid": summary.valid,
            "invalid": summary.invalid,
            "conformant": summary.conformant,
            "errors": summary.errors,
            "warnings": summary.warnings,
            "unreadable": summary.unreadable,
            "baselined": summary.baselined,
        });
        write!(out, "\n],\"summary\":")?;
        write_json(out, &summary)?;
        writeln!(out, "}}")
    }
}
