//! SARIF 2.1.0 for GitHub code scanning: the rule registry as `tool.driver.rules`, one result
//! per diagnostic with a repository-relative location, and pointer-based fingerprints that
//! survive edits elsewhere in the file.

use std::io::{self, Write};
use std::path::Path;

use hcr_validate::{CodeInfo, Severity, registry};
use serde_json::{Value, json};
use sha2::Digest as _;

use crate::{Context, Outcome, Render, Summary, place, repository_path, write_json, write_members};

pub(crate) struct Sarif {
    context: Context,
    first: bool,
}

impl Sarif {
    pub(crate) fn new(context: Context) -> Self {
        Self {
            context,
            first: true,
        }
    }

    /// The artifact URI: repository-relative and percent-encoded.
    fn uri(&self, path: Option<&Path>) -> String {
        path.map_or_else(
            || "stdin".to_owned(),
            |path| percent_encode(&repository_path(&self.context, path)),
        )
    }
}

fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~' | b'/') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

/// The explanation's first paragraph, on one line.
fn first_paragraph(info: &CodeInfo) -> String {
    info.explanation
        .split("\n\n")
        .next()
        .unwrap_or(info.summary)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

fn rule(info: &CodeInfo) -> Value {
    let id = info.code.as_str();
    json!({
        "id": id,
        "name": info.name,
        "shortDescription": {"text": info.summary},
        "fullDescription": {"text": first_paragraph(info)},
        "help": {"text": info.help, "markdown": info.explanation_for_reports()},
        "helpUri": info.code.docs_url(),
        "defaultConfiguration": {"level": sarif_level(info.severity), "enabled": info.enabled},
        "properties": {
            "tags": ["hcr", info.level.as_str()],
            "basis": info.basis.name(),
            "basisDetail": info.basis.detail(),
        },
    })
}

impl Render for Sarif {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let version = env!("CARGO_PKG_VERSION");
        let run = json!({
            "tool": {"driver": {
                "name": "hcr",
                "version": version,
                "semanticVersion": version,
                "informationUri": "https://github.com/hcr-dev/hcr",
                "rules": registry().iter().map(rule).collect::<Vec<_>>(),
            }},
            "columnKind": "unicodeCodePoints",
            "properties": {"level": self.context.level},
        });
        let log = json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
        });
        // The log's members, then its one run's, then `results` streamed into the run;
        // `finish` closes the three.
        out.write_all(b"{")?;
        write_members(out, &log)?;
        out.write_all(b",\"runs\":[{")?;
        write_members(out, &run)?;
        out.write_all(b",\"results\":[")
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        let uri = self.uri(outcome.source.path.as_deref());
        for d in outcome.report.diagnostics() {
            let rule_index = registry().iter().position(|info| info.code == d.code);
            let region = match place(outcome, d) {
                Some(p) => json!({
                    "startLine": p.line, "startColumn": p.column,
                    "endLine": p.end_line, "endColumn": p.end_column,
                }),
                None => json!({"startLine": outcome.source.line.unwrap_or(1)}),
            };
            let fingerprint = sha2::Sha256::digest(format!(
                "{}\0{uri}\0{}\0{}",
                d.code,
                outcome.source.line.unwrap_or(0),
                d.pointer
            ));
            let result = json!({
                "ruleId": d.code,
                "ruleIndex": rule_index,
                "level": sarif_level(d.severity),
                "message": {"text": d.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": region,
                }}],
                "partialFingerprints": {"hcrPointer/v1": hex::encode(&fingerprint[..16])},
            });
            if !self.first {
                out.write_all(b",")?;
            }
            self.first = false;
            out.write_all(b"\n")?;
            write_json(out, &result)?;
        }
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        // Closes `results`, the run, `runs` and the log.
        writeln!(out, "\n]}}]}}")
    }
}
