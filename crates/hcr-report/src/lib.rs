//! Output formats for `hcr validate`: rustc-style text, a versioned JSON document, SARIF 2.1.0,
//! GitHub workflow commands, JUnit XML and a Markdown summary.
//!
//! A [`Render`] receives each record's [`Outcome`] as it is checked, in input order, and the
//! [`Summary`] at the end; every format streams (JUnit holds one input file's records at a
//! time). Record text is untrusted: every format escapes it for its medium, no format repeats
//! a secret (source excerpts mask the ranges the validator marked), and terminal output never
//! carries control or bidirectional characters from a record.
//!
//! ```
//! use hcr_batch::{Input, Options, Summary, plan, run};
//! use hcr_report::{Context, Format, renderer};
//! use hcr_validate::{Level, Validator};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("record.json");
//! std::fs::write(&path, "{\"schemaVersion\": \"1.0\"}")?;
//! let options = Options::default();
//! let plan = plan(&[Input::Path(path)], &options)?;
//!
//! let mut out = Vec::new();
//! let mut render = renderer(Format::Json, Context::new(Level::Normative));
//! let mut summary = Summary::default();
//! render.begin(&mut out)?;
//! run(&plan, &Validator::new(Level::Normative), &options, &mut |outcome| {
//!     summary.add(&outcome);
//!     render.record(&mut out, &outcome)
//! })?;
//! render.finish(&mut out, &summary)?;
//!
//! let json: serde_json::Value = serde_json::from_slice(&out)?;
//! assert_eq!(json["summary"]["invalid"], 1);
//! assert_eq!(json["results"][0]["diagnostics"][0]["code"], "HCR101");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod github;
mod json;
mod junit;
mod markdown;
mod sarif;
mod text;

use std::io::{self, Write};
use std::path::PathBuf;
use std::str::FromStr;

pub use hcr_batch::{Outcome, Summary};
/// The escaping functions, re-exported (they live in `hcr-escape`).
pub use hcr_escape as escape;
use hcr_validate::{Diagnostic, Level};
pub use json::JsonDocument;

/// An output format.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Format {
    /// rustc-style diagnostics with source excerpts, then a summary line.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "rustc-style diagnostics with source excerpts.")
    )]
    Text,
    /// One JSON document (see the `json` module documentation in the README).
    #[cfg_attr(feature = "clap", value(help = "One versioned JSON document."))]
    Json,
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF consumers.
    #[cfg_attr(feature = "clap", value(help = "SARIF 2.1.0 for code scanning."))]
    Sarif,
    /// GitHub Actions workflow commands, then the text summary.
    #[cfg_attr(feature = "clap", value(help = "GitHub Actions annotations."))]
    Github,
    /// JUnit XML: a test suite per input file, a test case per record.
    #[cfg_attr(feature = "clap", value(help = "JUnit XML."))]
    Junit,
    /// A Markdown summary: the verdict, the counts and a table of the findings (for a GitHub
    /// job summary or a pull-request comment).
    #[cfg_attr(
        feature = "clap",
        value(help = "A Markdown summary (a GitHub job summary).")
    )]
    Markdown,
}

impl Format {
    /// Every format, in documentation order.
    pub const ALL: [Self; 6] = [
        Self::Text,
        Self::Json,
        Self::Sarif,
        Self::Github,
        Self::Junit,
        Self::Markdown,
    ];

    /// The name used on the command line.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Text => "text",
            Self::Json => "json",
            Self::Sarif => "sarif",
            Self::Github => "github",
            Self::Junit => "junit",
            Self::Markdown => "markdown",
        }
    }
}

impl FromStr for Format {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        Self::ALL
            .into_iter()
            .find(|f| f.as_str() == text)
            .ok_or_else(|| format!("unknown format `{text}`"))
    }
}

/// What every format needs to know about the run.
#[derive(Clone, Debug)]
pub struct Context {
    /// The level records were checked at.
    pub level: Level,
    /// Colour in text output.
    pub color: bool,
    /// Terminal width for source excerpts.
    pub width: usize,
    /// The folder SARIF paths are made relative to (the repository root, usually the current
    /// folder).
    pub root: Option<PathBuf>,
    /// Whether warnings count as errors (for the summary's wording).
    pub deny_warnings: bool,
    /// What the run checked (for the summary's wording).
    pub subject: Subject,
}

/// What a run checked: records (at a level) or documents of another format (a
/// `HANDOFF.md`, a goal note), which the summary counts as files.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Subject {
    /// HCR records.
    #[default]
    Records,
    /// Files of another format, linted.
    Files,
}

impl Context {
    /// Plain output at `level`, 120 columns wide, paths as given.
    #[must_use]
    pub fn new(level: Level) -> Self {
        Self {
            level,
            color: false,
            width: 120,
            root: None,
            deny_warnings: false,
            subject: Subject::Records,
        }
    }
}

/// An output format's writer.
pub trait Render {
    /// Writes what comes before the first record.
    ///
    /// # Errors
    /// Writing to `out` failed.
    fn begin(&mut self, out: &mut dyn Write) -> io::Result<()>;

    /// Writes one record's outcome.
    ///
    /// # Errors
    /// Writing to `out` failed.
    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()>;

    /// Writes what comes after the last record.
    ///
    /// # Errors
    /// Writing to `out` failed.
    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()>;
}

/// The writer for `format`.
#[must_use]
pub fn renderer(format: Format, context: Context) -> Box<dyn Render> {
    match format {
        Format::Text => Box::new(text::Text::new(context)),
        Format::Json => Box::new(json::Json::new(context)),
        Format::Sarif => Box::new(sarif::Sarif::new(context)),
        Format::Github => Box::new(github::Github::new(context)),
        Format::Junit => Box::new(junit::Junit::new(context)),
        Format::Markdown => Box::new(markdown::Markdown::new(context)),
    }
}

/// A diagnostic's place in its file: 1-based lines and columns (code points), with JSON Lines
/// records shifted to their line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub(crate) line: u64,
    pub(crate) column: u32,
    pub(crate) end_line: u64,
    pub(crate) end_column: u32,
}

pub(crate) fn place(outcome: &Outcome, diagnostic: &Diagnostic) -> Option<Place> {
    let span = diagnostic.span?;
    let offset = outcome.source.line_offset();
    Some(Place {
        line: u64::from(span.start.line) + offset,
        column: span.start.column,
        end_line: u64::from(span.end.line) + offset,
        end_column: span.end.column,
    })
}

/// A file's path for tools that resolve it against the repository (SARIF, GitHub): relative
/// to [`Context::root`] when under it, `/`-separated, without a leading `./`.
pub(crate) fn repository_path(context: &Context, path: &std::path::Path) -> String {
    let relative = context
        .root
        .as_deref()
        .and_then(|root| path.strip_prefix(root).ok())
        .unwrap_or(path);
    let text = relative.to_string_lossy().replace('\\', "/");
    text.strip_prefix("./").unwrap_or(&text).to_owned()
}

/// Writes `value` as compact JSON with every character that could act on a terminal
/// escaped (the same JSON value).
pub(crate) fn write_json(out: &mut dyn Write, value: &impl serde::Serialize) -> io::Result<()> {
    let text = serde_json::to_string(value).map_err(io::Error::from)?;
    out.write_all(hcr_escape::json_text(&text).as_bytes())
}

/// Writes the members of the JSON object `value` without its braces (`"a":1,"b":2`), escaped
/// as [`write_json`] escapes: the explicit prefix of a document whose last member is streamed.
pub(crate) fn write_members(out: &mut dyn Write, value: &serde_json::Value) -> io::Result<()> {
    let Some(object) = value.as_object() else {
        return Err(io::Error::other(
            "a streamed document's head must be an object",
        ));
    };
    for (i, (key, member)) in object.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write_json(out, key)?;
        out.write_all(b":")?;
        write_json(out, member)?;
    }
    Ok(())
}

pub(crate) use hcr_validate::counted as count;

/// The summary sentence shared by the text and GitHub formats.
pub(crate) fn summary_line(summary: &Summary, context: &Context) -> String {
    let plural = count;
    let checked = match context.subject {
        Subject::Records => format!(
            "{} in {} at the {} level",
            plural(summary.records, "record", "records"),
            plural(summary.files, "input", "inputs"),
            context.level,
        ),
        Subject::Files => plural(summary.records, "file", "files"),
    };
    let mut line = format!(
        "checked {checked}: {} valid, {} invalid ({}, {})",
        summary.valid,
        summary.invalid,
        plural(summary.errors, "error", "errors"),
        plural(summary.warnings, "warning", "warnings"),
    );
    if context.deny_warnings && summary.warnings > 0 {
        line.push_str("; warnings are denied");
    }
    if summary.unreadable > 0 {
        line.push_str(&format!(
            "; {} could not be read",
            plural(summary.unreadable, "input", "inputs")
        ));
    }
    if summary.baselined > 0 {
        line.push_str(&format!(
            "; {} in the baseline not shown",
            plural(summary.baselined, "finding", "findings")
        ));
    }
    line
}
