//! GitHub Actions workflow commands (`::error file=…::message`), then the text summary.

use std::io::{self, Write};

use hcr_validate::Severity;

use crate::{Context, Outcome, Render, Summary, place, repository_path, summary_line};
use hcr_escape::{escape, github_data, github_property};

pub(crate) struct Github {
    context: Context,
}

impl Github {
    pub(crate) fn new(context: Context) -> Self {
        Self { context }
    }
}

impl Render for Github {
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        for d in outcome.report.diagnostics() {
            let command = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "notice",
            };
            let file = outcome.source.path.as_deref().map_or_else(
                || outcome.source.path_display(),
                |p| repository_path(&self.context, p),
            );
            let mut properties = vec![format!("file={}", github_property(&escape(&file)))];
            match place(outcome, d) {
                Some(p) => {
                    properties.push(format!("line={}", p.line));
                    properties.push(format!("col={}", p.column));
                    properties.push(format!("endLine={}", p.end_line));
                    properties.push(format!("endColumn={}", p.end_column));
                }
                None => {
                    if let Some(line) = outcome.source.line {
                        properties.push(format!("line={line}"));
                    }
                }
            }
            properties.push(format!(
                "title={}",
                github_property(&format!("{} {}", d.code, d.code.name()))
            ));
            // Annotations end up in a log viewer that interprets escape sequences.
            let message = format!(
                "{}\npointer: {}\nhelp: {}",
                escape(&d.message),
                escape(d.pointer.as_str()),
                escape(&d.help)
            );
            writeln!(
                out,
                "::{command} {}::{}",
                properties.join(","),
                github_data(&message)
            )?;
        }
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        writeln!(out, "{}", summary_line(summary, &self.context))
    }
}
