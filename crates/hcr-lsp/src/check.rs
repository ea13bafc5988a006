//! The verdict on one open document: which documents hcr checks, under which settings, and
//! their diagnostics as LSP diagnostics. The settings come from `hcr-project` exactly as `hcr
//! validate` resolves them (the `hcr.toml` found from the document's folder upward, stopping
//! at the repository root or the workspace folder, its selection and overrides for the
//! document's path, its limits); the checks are `hcr-validate`'s and `hcr-interop`'s.
//!
//! Baselines are not applied: a baseline is a file named on `hcr validate`'s command line
//! (`--baseline`), not a setting of `hcr.toml`, so an editor has none to find. The editor
//! shows every finding; CI's baseline hides the known ones.

use std::path::{Path, PathBuf};

use hcr_project::{Config, Request};
use hcr_validate::{Code, ReceiverContext, Report, Severity, Spelling};
use lsp_types::{CodeDescription, DiagnosticSeverity, NumberOrString, Url};

use crate::syntax::{Kind as NodeKind, Tree};
use crate::text::LineIndex;

/// What kind of document hcr checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// An HCR record (JSON).
    Record,
    /// A `HANDOFF.md`, linted as `hcr handoff-md lint` does.
    HandoffMd,
}

/// The outcome of checking one document.
#[derive(Debug, Default)]
pub struct Checked {
    /// The kind, or `None` for a document hcr does not check (no diagnostics).
    pub kind: Option<Kind>,
    /// The diagnostics, in LSP terms.
    pub diagnostics: Vec<lsp_types::Diagnostic>,
}

/// Whether `text` is a record by its content: a top-level object whose `schemaVersion` is
/// `"1.0"`.
#[must_use]
pub fn declares_record(text: &str) -> bool {
    let tree = Tree::parse(text);
    tree.root()
        .filter(|root| root.kind == NodeKind::Object)
        .and_then(|_| tree.member(0, "schemaVersion"))
        .is_some_and(|member| {
            let node = &tree.nodes[member];
            node.kind == NodeKind::String && text.get(node.start..node.end) == Some("\"1.0\"")
        })
}

/// Whether `path` is a `HANDOFF.md`.
#[must_use]
pub fn is_handoff_md(path: &Path) -> bool {
    path.file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.eq_ignore_ascii_case("HANDOFF.md"))
}

/// The workspace folder holding `path` (the deepest), if any.
fn folder_of<'a>(path: &Path, folders: &'a [PathBuf]) -> Option<&'a Path> {
    folders
        .iter()
        .filter(|f| path.starts_with(f))
        .max_by_key(|f| f.components().count())
        .map(PathBuf::as_path)
}

/// Checks the document `text`, saved (or to be saved) at `path` (`None`: an unsaved buffer,
/// checked without a configuration), in the editor's workspace `folders`.
#[must_use]
pub fn check(text: &str, path: Option<&Path>, folders: &[PathBuf]) -> Checked {
    let (kind, validator) = match prepare(text, path, folders) {
        Ok(Some(prepared)) => prepared,
        Ok(None) => return Checked::default(),
        Err(problem) => return problem,
    };
    let report = if text.len() > validator.limits().max_record_bytes {
        validator.oversized(u64::try_from(text.len()).ok())
    } else {
        match kind {
            Kind::Record => validator.validate_str(text),
            Kind::HandoffMd => {
                let mut report = hcr_interop::handoff_md::lint(text);
                report.select(validator.selection());
                report
            }
        }
    };
    Checked {
        kind: Some(kind),
        diagnostics: to_lsp(&report, text),
    }
}

/// The fixes `hcr fix` offers for the record `text` (as [`check`] checks it): none for a
/// document that is not a record or is over the size limit.
#[must_use]
pub fn fixes(text: &str, path: Option<&Path>, folders: &[PathBuf]) -> Vec<hcr_fix::Fix> {
    match prepare(text, path, folders) {
        Ok(Some((Kind::Record, validator)))
            if text.len() <= validator.limits().max_record_bytes =>
        {
            hcr_fix::fixes(text, &validator.validate_str(text))
        }
        _ => Vec::new(),
    }
}

/// What a document is checked as and with: its kind and the validator of its settings;
/// `None` for a document hcr does not check; the one diagnostic of settings that cannot be
/// read.
fn prepare(
    text: &str,
    path: Option<&Path>,
    folders: &[PathBuf],
) -> Result<Option<(Kind, hcr_validate::Validator)>, Checked> {
    let start = path.and_then(Path::parent);
    let config = match start {
        Some(start) => Config::find_within(start, path.and_then(|p| folder_of(p, folders))),
        None => Ok(None),
    };
    let config = match config {
        Ok(config) => config,
        Err(error) => return Err(settings_problem(text, path, &error.to_string())),
    };
    let cwd = start.unwrap_or_else(|| Path::new("."));
    let resolved = match (Request {
        config,
        ..Request::new(Spelling::Field, cwd)
    })
    .resolve()
    {
        Ok(resolved) => resolved,
        Err(error) => return Err(settings_problem(text, path, &error.to_string())),
    };
    let kind = if path.is_some_and(is_handoff_md) {
        Some(Kind::HandoffMd)
    } else if declares_record(text) || matches_glob(path, resolved.glob(), resolved.config_file()) {
        Some(Kind::Record)
    } else {
        None
    };
    let Some(kind) = kind else {
        return Ok(None);
    };
    let validator = match resolved.validator_for(path, |_| {
        Ok::<_, std::convert::Infallible>(ReceiverContext::new())
    }) {
        Ok(validator) => validator,
        Err(never) => match never {},
    };
    Ok(Some((kind, validator)))
}

/// Whether `path` matches the configuration's `glob` (relative to the configuration's folder),
/// as a folder walk from there would choose it.
fn matches_glob(path: Option<&Path>, glob: Option<&str>, config: Option<&Path>) -> bool {
    let (Some(path), Some(glob), Some(config)) = (path, glob, config) else {
        return false;
    };
    let root = config.parent().unwrap_or_else(|| Path::new(""));
    let Ok(relative) = path.strip_prefix(root) else {
        return false;
    };
    hcr_batch::file_glob(Some(glob)).is_ok_and(|set| set.is_match(relative))
}

/// One diagnostic saying the settings cannot be read (the configuration's error names its
/// file, key and place, quoting nothing raw), for a document hcr would check.
fn settings_problem(text: &str, path: Option<&Path>, problem: &str) -> Checked {
    let kind = if path.is_some_and(is_handoff_md) {
        Kind::HandoffMd
    } else if declares_record(text) {
        Kind::Record
    } else {
        return Checked::default();
    };
    Checked {
        kind: Some(kind),
        diagnostics: vec![lsp_types::Diagnostic {
            range: lsp_types::Range::default(),
            severity: Some(DiagnosticSeverity::ERROR),
            source: Some("hcr".to_owned()),
            message: format!("hcr's settings cannot be read, so nothing was checked: {problem}"),
            ..lsp_types::Diagnostic::default()
        }],
    }
}

/// The report's diagnostics as LSP diagnostics over `text`: ranges in UTF-16 from the spans,
/// the code linked to its entry in the rules page, hcr's help line after the message.
#[must_use]
pub fn to_lsp(report: &Report, text: &str) -> Vec<lsp_types::Diagnostic> {
    let index = LineIndex::new(text);
    report
        .diagnostics()
        .iter()
        .map(|d| {
            let range = d.span.map_or_else(lsp_types::Range::default, |span| {
                index.range(text, span.start.offset, span.end.offset)
            });
            let mut message = d.message.clone();
            if !d.help.is_empty() {
                message.push_str("\nhelp: ");
                message.push_str(&d.help);
            }
            lsp_types::Diagnostic {
                range,
                severity: Some(severity(d.severity)),
                code: Some(NumberOrString::String(d.code.as_str().to_owned())),
                code_description: Url::parse(&d.code.docs_url())
                    .ok()
                    .map(|href| CodeDescription { href }),
                source: Some("hcr".to_owned()),
                message,
                data: Some(serde_json::json!({ "pointer": d.pointer.to_string() })),
                ..lsp_types::Diagnostic::default()
            }
        })
        .collect()
}

fn severity(severity: Severity) -> DiagnosticSeverity {
    match severity {
        Severity::Error => DiagnosticSeverity::ERROR,
        Severity::Warning => DiagnosticSeverity::WARNING,
        Severity::Info => DiagnosticSeverity::INFORMATION,
    }
}

/// The code of an LSP diagnostic hcr published, if it is one of hcr's.
#[must_use]
pub fn code_of(diagnostic: &lsp_types::Diagnostic) -> Option<Code> {
    match &diagnostic.code {
        Some(NumberOrString::String(code)) => code.parse().ok(),
        _ => None,
    }
}
