//! [`Report`]: the outcome of validating one record.

use std::ops::Range;

use hcr_types::JsonPointer;
use serde::Serialize;

use crate::receiver::Assessment;
use crate::{Code, Diagnostic, Severity};

/// The outcome of validating one record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// No diagnostic of severity `error` (as the selection in force reports them).
    pub(crate) valid: bool,
    /// The contract's verdict on the record, as far as the level checked it and whatever the
    /// selection: no finding the contract decides (JSON, the schema, the reference validator,
    /// the README) is an error, and the record could be checked within the limits. hcr's own
    /// recommendations and the receiver's findings never count (see
    /// [`Code::decides_conformance`](crate::Code::decides_conformance)).
    pub(crate) conformant: bool,
    /// Every finding, in document order.
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Source ranges holding a secret, sorted and disjoint; renderers that show source text
    /// mask them.
    #[serde(skip)]
    pub(crate) redactions: Vec<Range<usize>>,
    /// What the receiver-level checks found, one verdict per evidence item and review link,
    /// when they ran (the diagnostics above are derived from it).
    #[serde(skip)]
    pub(crate) receiver: Option<std::sync::Arc<Assessment>>,
}

impl Report {
    /// No diagnostic of severity `error` (as the selection in force reports them); a report
    /// whose findings went past the per-record limit with an error among them is invalid.
    #[must_use]
    pub fn valid(&self) -> bool {
        self.valid
    }

    /// The contract's verdict on the record, as far as the level checked it and whatever the
    /// selection: no finding the contract decides (JSON, the schema, the reference validator,
    /// the README) is an error, and the record could be checked within the limits. hcr's own
    /// recommendations and the receiver's findings never count (see
    /// [`Code::decides_conformance`](crate::Code::decides_conformance)).
    #[must_use]
    pub fn conformant(&self) -> bool {
        self.conformant
    }

    /// Every finding, in document order.
    #[must_use]
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diagnostics
    }

    /// Source ranges holding a secret, sorted and disjoint: renderers that show source text
    /// mask them.
    #[must_use]
    pub fn redactions(&self) -> &[Range<usize>] {
        &self.redactions
    }

    /// What the receiver-level checks found, one verdict per evidence item and review link,
    /// when they ran (the diagnostics are derived from it).
    #[must_use]
    pub fn receiver(&self) -> Option<&Assessment> {
        self.receiver.as_deref()
    }

    /// Replaces the findings with `summary`, one that stands for them (a caller that keeps
    /// many reports and has no room for their diagnostics); the verdicts stay, and so does
    /// nothing to mask.
    pub fn condense(&mut self, summary: Diagnostic) {
        self.diagnostics = vec![summary];
        self.redactions = Vec::new();
    }

    /// A report of `diagnostics` (valid when none is an error), in the order given.
    #[must_use]
    pub fn from_diagnostics(diagnostics: Vec<Diagnostic>) -> Self {
        let valid = !diagnostics.iter().any(|d| d.severity == Severity::Error);
        let conformant = !diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error && d.code.decides_conformance());
        Self {
            valid,
            conformant,
            diagnostics,
            redactions: Vec::new(),
            receiver: None,
        }
    }

    /// The report for an input that could not be read (HCR005); `reason` says why, e.g.
    /// "`records/a.json` is not a regular file (a FIFO)".
    #[must_use]
    pub fn unreadable(reason: impl Into<String>) -> Self {
        Self::from_diagnostics(vec![Diagnostic::new(
            Code::Hcr005,
            JsonPointer::root(),
            reason,
        )])
    }

    /// How many diagnostics have `severity`.
    #[must_use]
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .count()
    }

    /// Keeps only the diagnostics `keep` accepts (a baseline's known findings are removed);
    /// validity follows what is left, except that a report whose findings went past the
    /// per-record limit (HCR006) stays invalid, the findings not shown being unknown. Never
    /// changes [`Report::conformant`], which is the contract's.
    pub fn retain(&mut self, keep: impl FnMut(&Diagnostic) -> bool) {
        let truncated = !self.valid && self.has(Code::Hcr006);
        self.diagnostics.retain(keep);
        self.valid = !truncated && self.count(Severity::Error) == 0;
    }

    /// Applies `selection` to a report made without one (a linter's): findings of codes it
    /// turns off are dropped, the rest take the severity it gives; validity follows, as in
    /// [`Report::retain`]. Never changes [`Report::conformant`].
    pub fn select(&mut self, selection: &crate::Selection) {
        self.diagnostics
            .retain_mut(|d| match selection.adjust(d.code, d.severity) {
                Some(severity) => {
                    d.severity = severity;
                    true
                }
                None => false,
            });
        let truncated = !self.valid && self.has(Code::Hcr006);
        self.valid = !truncated && self.count(Severity::Error) == 0;
    }

    /// Whether the record is valid when warnings count as errors.
    #[must_use]
    pub fn is_valid_denying_warnings(&self) -> bool {
        self.valid && self.count(Severity::Warning) == 0
    }

    /// Whether any diagnostic has `code`.
    #[must_use]
    pub fn has(&self, code: Code) -> bool {
        self.diagnostics.iter().any(|d| d.code == code)
    }

    /// The distinct codes reported, in order of first appearance.
    #[must_use]
    pub fn codes(&self) -> Vec<Code> {
        let mut codes = Vec::new();
        for d in &self.diagnostics {
            if !codes.contains(&d.code) {
                codes.push(d.code);
            }
        }
        codes
    }
}
