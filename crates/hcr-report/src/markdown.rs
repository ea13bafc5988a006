//! A Markdown summary of the run, for a GitHub job summary or a pull-request comment: a
//! heading with the verdict, the summary sentence, then a table of the findings (errors
//! first, at most [`MAX_ROWS`]; the rest are counted).
//!
//! Record text (messages quote records; paths come from the repository) is written with
//! [`hcr_escape::markdown_text`], which escapes `|` too, so no link, image, HTML or table
//! cell can be formed by a record.

use std::io::{self, Write};

use hcr_escape::markdown_text;
use hcr_validate::Severity;

use crate::{Context, Outcome, Render, Summary, place, repository_path, summary_line};

/// The findings listed in the table; GitHub caps a job summary at 1 MiB.
pub(crate) const MAX_ROWS: usize = 200;

/// One row of the findings table, already escaped.
struct Row {
    severity: Severity,
    cells: String,
}

pub(crate) struct Markdown {
    context: Context,
    rows: Vec<Row>,
    /// Findings beyond [`MAX_ROWS`] that are not listed, by severity (errors, others).
    unlisted: (usize, usize),
}

impl Markdown {
    pub(crate) fn new(context: Context) -> Self {
        Self {
            context,
            rows: Vec::new(),
            unlisted: (0, 0),
        }
    }

    /// Keeps `row`, or counts it when the table is full; an error displaces a listed warning.
    fn keep(&mut self, row: Row) {
        if self.rows.len() < MAX_ROWS {
            self.rows.push(row);
            return;
        }
        let displaced = (row.severity == Severity::Error)
            .then(|| {
                self.rows
                    .iter()
                    .rposition(|r| r.severity != Severity::Error)
            })
            .flatten();
        match displaced {
            Some(at) => {
                self.rows.remove(at);
                self.rows.push(row);
                self.unlisted.1 += 1;
            }
            None if row.severity == Severity::Error => self.unlisted.0 += 1,
            None => self.unlisted.1 += 1,
        }
    }
}

impl Render for Markdown {
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn record(&mut self, _out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        let file = outcome.source.path.as_deref().map_or_else(
            || outcome.source.path_display(),
            |p| repository_path(&self.context, p),
        );
        for d in outcome.report.diagnostics() {
            let at = match (place(outcome, d), outcome.source.line) {
                (Some(p), _) => format!("{}:{}", p.line, p.column),
                (None, Some(line)) => line.to_string(),
                (None, None) => String::new(),
            };
            let severity = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                Severity::Info => "note",
            };
            let cells = format!(
                "| {} | {at} | {severity} | `{}` | {} |",
                markdown_text(&file),
                d.code,
                markdown_text(&d.message),
            );
            self.keep(Row {
                severity: d.severity,
                cells,
            });
        }
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        let verdict = if summary.unreadable > 0 {
            "inputs could not be read"
        } else if summary.invalid > 0 {
            "invalid records"
        } else if summary.warnings > 0 {
            "valid, with warnings"
        } else {
            "every record valid"
        };
        writeln!(out, "### hcr validate: {verdict}\n")?;
        writeln!(
            out,
            "{}\n",
            markdown_text(&summary_line(summary, &self.context))
        )?;
        if self.rows.is_empty() {
            return Ok(());
        }
        // Errors first; within a severity, the order records were checked in.
        self.rows.sort_by_key(|r| r.severity != Severity::Error);
        writeln!(out, "| File | Line | Severity | Code | Message |")?;
        writeln!(out, "| --- | --- | --- | --- | --- |")?;
        for row in &self.rows {
            writeln!(out, "{}", row.cells)?;
        }
        let (errors, others) = self.unlisted;
        if errors + others > 0 {
            writeln!(
                out,
                "\n{errors} more errors and {others} more warnings are not listed here; the SARIF, JSON or text output has every finding."
            )?;
        }
        writeln!(out)
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_ROWS, Markdown, Row};
    use crate::Context;
    use hcr_validate::{Level, Severity};

    fn row(severity: Severity, n: usize) -> Row {
        Row {
            severity,
            cells: format!("| {n} |"),
        }
    }

    #[test]
    fn the_table_is_bounded_and_keeps_errors_over_warnings() {
        let mut markdown = Markdown::new(Context::new(Level::Normative));
        for n in 0..250 {
            markdown.keep(row(Severity::Warning, n));
        }
        for n in 0..10 {
            markdown.keep(row(Severity::Error, n));
        }
        assert_eq!(markdown.rows.len(), MAX_ROWS);
        let errors = markdown
            .rows
            .iter()
            .filter(|r| r.severity == Severity::Error)
            .count();
        assert_eq!(errors, 10);
        assert_eq!(markdown.unlisted, (0, 60));

        for n in 0..MAX_ROWS {
            markdown.keep(row(Severity::Error, n));
        }
        assert_eq!(markdown.rows.len(), MAX_ROWS);
        assert!(markdown.rows.iter().all(|r| r.severity == Severity::Error));
        assert_eq!(markdown.unlisted, (10, 250));
    }
}
