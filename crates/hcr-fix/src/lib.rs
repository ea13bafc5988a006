//! Repairs for the mechanical mistakes in Handoff Continuity Records, in the terms ruff and
//! `cargo fix` use.
//!
//! Every [`Fix`] belongs to one diagnostic and has an [`Applicability`]:
//! - **safe**: the record's meaning is unchanged: an enumeration value in the wrong case
//!   (HCR105), `schemaVersion` written as `1.0` or `"1"` (HCR106), a misspelt property renamed
//!   to the one name it can be when that name is absent (HCR102), whitespace around text
//!   removed (HCR211);
//! - **unsafe**: structure or content changes: the `handover-record` skill's groups (`state`,
//!   `artifacts`, `questions`, `next_actions`) rewritten as the schema's (HCR102 at the top
//!   level), a whitespace-only list item removed (HCR201), a resolved review without its
//!   revision set back to `open` (HCR202). They apply only when asked for.
//!
//! A fix is a set of text edits on the source's own spans: every byte outside them stays as
//! it was (indentation, key order, escapes, numbers as written). Fixes never overlap; [`fix`]
//! applies them in passes until nothing changes (at most [`MAX_PASSES`]), and keeps a pass
//! only when its result is no worse: no code is reported more often than before. Nothing is
//! lost: a value a fix cannot place goes under `extensions` (`sh.hcr.fix.unmapped`, by its
//! old pointer), and the fix names it. A secret is never moved, copied or shown: no fix
//! touches HCR204, no edit reaches into a secret's span, and no title quotes record text
//! other than a schema word it matched.
//!
//! ```
//! use hcr_fix::{Options, fix};
//! use hcr_validate::{Level, Validator};
//!
//! let text = hcr_validate::EXAMPLE_BASE.replace("\"1.0\"", "1.0");
//! let validator = Validator::new(Level::Normative);
//! let fixed = fix(&text, &validator, &Options::default());
//! assert_eq!(fixed.text, hcr_validate::EXAMPLE_BASE);
//! assert_eq!(fixed.applied[0].code.as_str(), "HCR106");
//! assert!(fixed.report.valid());
//! ```

mod edits;
mod rules;
mod skill;

pub use skill::UNMAPPED;

use std::collections::HashMap;
use std::ops::Range;

use hcr_types::JsonPointer;
use hcr_validate::{Code, Report, Validator};
use serde::Serialize;

pub use edits::{Edit, apply};

/// Whether a fix keeps the record's meaning.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// The meaning is unchanged: applied by default.
    Safe,
    /// Structure or content changes: applied only with `--unsafe-fixes`.
    Unsafe,
}

impl Applicability {
    /// `safe` or `unsafe`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Safe => "safe",
            Self::Unsafe => "unsafe",
        }
    }
}

/// One repair of one diagnostic: what it does and its edits of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fix {
    /// The code of the diagnostic it repairs.
    pub code: Code,
    /// Where the diagnostic is.
    pub pointer: JsonPointer,
    /// Whether it keeps the meaning.
    pub applicability: Applicability,
    /// What it does, in one sentence that quotes no record text but schema words.
    pub title: String,
    /// The pointers (in the source) of values it placed under `extensions`.
    pub unmapped: Vec<JsonPointer>,
    /// Its edits, in source order, none overlapping.
    pub edits: Vec<Edit>,
}

/// A fix as it is reported: everything but its edits.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Applied {
    /// The code of the diagnostic it repairs.
    pub code: Code,
    /// Where the diagnostic was.
    pub pointer: JsonPointer,
    /// Whether it kept the meaning.
    pub applicability: Applicability,
    /// What it did.
    pub title: String,
    /// The pointers (in the source it was applied to) of values placed under `extensions`.
    pub unmapped: Vec<JsonPointer>,
}

impl From<&Fix> for Applied {
    fn from(fix: &Fix) -> Self {
        Self {
            code: fix.code,
            pointer: fix.pointer.clone(),
            applicability: fix.applicability,
            title: fix.title.clone(),
            unmapped: fix.unmapped.clone(),
        }
    }
}

/// What [`fix`] applies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Apply unsafe fixes too.
    pub unsafe_fixes: bool,
}

/// The outcome of [`fix`].
#[derive(Clone, Debug)]
pub struct Fixed {
    /// The fixed text (the input itself when nothing applied).
    pub text: String,
    /// The fixes applied, in the order applied.
    pub applied: Vec<Applied>,
    /// The unsafe fixes that would apply with [`Options::unsafe_fixes`] (after the safe ones).
    pub unsafe_available: Vec<Applied>,
    /// The report of the fixed text, by the validator given.
    pub report: Report,
}

impl Fixed {
    /// Whether the text changed.
    #[must_use]
    pub fn changed(&self) -> bool {
        !self.applied.is_empty()
    }
}

/// The most passes [`fix`] makes: a fix can reveal another (a renamed property's enum value),
/// never a chain longer than this.
pub const MAX_PASSES: usize = 8;

/// The codes whose findings mean the text cannot be edited safely: it is not JSON, holds a
/// repeated name, or could not be read whole.
const UNEDITABLE: [Code; 6] = [
    Code::Hcr001,
    Code::Hcr002,
    Code::Hcr003,
    Code::Hcr004,
    Code::Hcr005,
    Code::Hcr006,
];

/// The fixes `report` (the report of `text`) offers, of both applicabilities, in source
/// order; none for a text that cannot be edited safely (not JSON, a repeated name, over a
/// limit), and none whose edits reach into a secret.
#[must_use]
pub fn fixes(text: &str, report: &Report) -> Vec<Fix> {
    if report
        .diagnostics()
        .iter()
        .any(|d| UNEDITABLE.contains(&d.code))
    {
        return Vec::new();
    }
    // The validator accepted the text within its limits, so it parses.
    let Ok(root) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    let mut found = rules::propose(text, &root, report.diagnostics());
    if let Some(skill) = skill::propose(text, &root, report) {
        found.push(skill);
    }
    let secrets = report.redactions();
    found.retain(|fix| {
        fix.code != Code::Hcr204
            && fix
                .edits
                .iter()
                .all(|edit| !secrets.iter().any(|s| overlaps(s, &edit.range)))
    });
    found.sort_by_key(|fix| fix.edits.first().map_or(0, |e| e.range.start));
    found
}

/// Applies the fixes `validator` finds in `text` (the unsafe ones only with
/// [`Options::unsafe_fixes`]), pass after pass until none applies or [`MAX_PASSES`], keeping
/// a pass only when its result is no worse; a pass that would be worse is retried one fix at
/// a time, each kept only when no worse.
#[must_use]
pub fn fix(text: &str, validator: &Validator, options: &Options) -> Fixed {
    let mut current = text.to_owned();
    let mut report = validator.validate_str(&current);
    let mut applied: Vec<Applied> = Vec::new();
    for _ in 0..MAX_PASSES {
        let wanted: Vec<Fix> = fixes(&current, &report)
            .into_iter()
            .filter(|f| options.unsafe_fixes || f.applicability == Applicability::Safe)
            .collect();
        if wanted.is_empty() {
            break;
        }
        let (next, used) = apply(&current, &wanted);
        let next_report = validator.validate_str(&next);
        if !worse(&report, &next_report) {
            applied.extend(used.iter().map(|&i| Applied::from(&wanted[i])));
            current = next;
            report = next_report;
            continue;
        }
        // Some fix makes it worse: each alone, kept only when no worse.
        let mut any = false;
        for one in &wanted {
            let (next, used) = apply(&current, std::slice::from_ref(one));
            if used.is_empty() {
                continue;
            }
            let next_report = validator.validate_str(&next);
            if !worse(&report, &next_report) {
                applied.push(Applied::from(one));
                current = next;
                report = next_report;
                any = true;
                // The spans of the other fixes are stale now: the next pass finds them again.
                break;
            }
        }
        if !any {
            break;
        }
    }
    let unsafe_available = if options.unsafe_fixes {
        Vec::new()
    } else {
        fixes(&current, &report)
            .iter()
            .filter(|f| f.applicability == Applicability::Unsafe)
            .map(Applied::from)
            .collect()
    };
    Fixed {
        text: current,
        applied,
        unsafe_available,
        report,
    }
}

/// Whether `after` reports some code more often than `before`.
fn worse(before: &Report, after: &Report) -> bool {
    let mut counts: HashMap<Code, isize> = HashMap::new();
    for d in before.diagnostics() {
        *counts.entry(d.code).or_default() += 1;
    }
    for d in after.diagnostics() {
        *counts.entry(d.code).or_default() -= 1;
    }
    counts.values().any(|&n| n < 0) || (before.valid() && !after.valid())
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}
