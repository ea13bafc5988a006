//! JUnit XML: a `<testsuite>` per input file, a `<testcase>` per record; failures carry the
//! diagnostics. One file's records are held until the file is done, for the suite's counts.

use std::fmt::Write as _;
use std::io::{self, Write};

use hcr_validate::Severity;

use crate::{Context, Outcome, Render, Summary, count, place};
use hcr_escape::xml;

pub(crate) struct Junit {
    context: Context,
    suite: Option<Suite>,
}

struct Suite {
    input: usize,
    name: String,
    tests: usize,
    failures: usize,
    errors: usize,
    cases: String,
}

impl Junit {
    pub(crate) fn new(context: Context) -> Self {
        Self {
            context,
            suite: None,
        }
    }

    fn close_suite(&mut self, out: &mut dyn Write) -> io::Result<()> {
        if let Some(suite) = self.suite.take() {
            writeln!(
                out,
                "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\">",
                xml(&suite.name),
                suite.tests,
                suite.failures,
                suite.errors
            )?;
            out.write_all(suite.cases.as_bytes())?;
            writeln!(out, "  </testsuite>")?;
        }
        Ok(())
    }
}

impl Render for Junit {
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")?;
        writeln!(
            out,
            "<testsuites name=\"hcr validate ({} level)\">",
            self.context.level
        )
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        if self
            .suite
            .as_ref()
            .is_some_and(|s| s.input != outcome.input_index)
        {
            self.close_suite(out)?;
        }
        let suite = self.suite.get_or_insert_with(|| Suite {
            input: outcome.input_index,
            name: outcome.source.path_display(),
            tests: 0,
            failures: 0,
            errors: 0,
            cases: String::new(),
        });
        suite.tests += 1;
        let name = xml(&outcome.source.display());
        let classname = format!("hcr.{}", self.context.level);
        if outcome.valid && outcome.report.diagnostics().is_empty() {
            let _ = writeln!(
                suite.cases,
                "    <testcase name=\"{name}\" classname=\"{classname}\"/>"
            );
            return Ok(());
        }
        let _ = writeln!(
            suite.cases,
            "    <testcase name=\"{name}\" classname=\"{classname}\">"
        );
        let mut details = String::new();
        for d in outcome.report.diagnostics() {
            let at = place(outcome, d)
                .map_or_else(String::new, |p| format!(" ({}:{})", p.line, p.column));
            let _ = writeln!(
                details,
                "{} {} at {}{at}: {}",
                d.code, d.severity, d.pointer, d.message
            );
            let _ = writeln!(details, "  help: {}", d.help);
        }
        let errors = outcome.report.count(Severity::Error);
        let warnings = outcome.report.count(Severity::Warning);
        // The type is the first error's code (or the first diagnostic's, if none is an error).
        let first = outcome
            .report
            .diagnostics()
            .iter()
            .find(|d| d.severity == Severity::Error)
            .or_else(|| outcome.report.diagnostics().first())
            .map_or("", |d| d.code.as_str());
        let summary = format!(
            "{}, {}",
            count(errors, "error", "errors"),
            count(warnings, "warning", "warnings")
        );
        if outcome.unreadable {
            suite.errors += 1;
            let _ = writeln!(
                suite.cases,
                "      <error message=\"{}\" type=\"{first}\">{}</error>",
                xml(&summary),
                xml(&details)
            );
        } else if !outcome.valid {
            suite.failures += 1;
            let _ = writeln!(
                suite.cases,
                "      <failure message=\"{}\" type=\"{first}\">{}</failure>",
                xml(&summary),
                xml(&details)
            );
        } else {
            let _ = writeln!(
                suite.cases,
                "      <system-out>{}</system-out>",
                xml(&details)
            );
        }
        let _ = writeln!(suite.cases, "    </testcase>");
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, _summary: &Summary) -> io::Result<()> {
        self.close_suite(out)?;
        writeln!(out, "</testsuites>")
    }
}
