//! What every check shares: the record it reads ([`Input`]), where it writes ([`Sink`]), and
//! the few ways of naming a place in a message and reading an item the checks have in common.

use hcr_json::{Json, Overwritten, Tree};
use hcr_types::JsonPointer;

use crate::secrets::Collector;
use crate::{Code, Diagnostic, Selection, Severity};

/// What a rule reads.
pub(crate) struct Input<'t, 'a> {
    /// The document.
    pub(crate) tree: &'t Tree<'a>,
    /// Values that repeated keys overwrote.
    pub(crate) overwritten: &'t [Overwritten],
}

impl<'t, 'a> Input<'t, 'a> {
    /// The document as `JSON.parse` reads it.
    pub(crate) fn root(&self) -> Json<'t, 'a> {
        self.tree.root()
    }
}

/// Where checks write: diagnostics up to the record's limit (past it they are only
/// counted, so that a record with a million findings costs a million counts, not a million
/// messages), and every secret found, for masking.
pub(crate) struct Sink {
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// Secrets found, so that no output repeats them.
    pub(crate) secrets: Collector,
    /// Whether the secret scan ran over the parsed record.
    pub(crate) scanned: bool,
    /// Diagnostics found past the limit, by severity.
    pub(crate) omitted: Omitted,
    /// Whether a finding the contract decides (or a limit) was an error, whatever the
    /// selection made of it: the record is then not conformant.
    pub(crate) nonconformant: bool,
    /// How messages name the settings that raise limits.
    pub(crate) spelling: crate::Spelling,
    selection: Selection,
    limit: usize,
}

/// Diagnostics counted but not kept.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Omitted {
    pub(crate) errors: usize,
    pub(crate) warnings: usize,
    pub(crate) infos: usize,
}

impl Omitted {
    pub(crate) fn total(self) -> usize {
        self.errors + self.warnings + self.infos
    }
}

impl Sink {
    /// A sink that keeps at most `limit` diagnostics, reported as `selection` says.
    pub(crate) fn new(limit: usize, selection: Selection, spelling: crate::Spelling) -> Self {
        Self {
            diagnostics: Vec::new(),
            secrets: Collector::default(),
            scanned: false,
            omitted: Omitted::default(),
            nonconformant: false,
            spelling,
            selection,
            limit,
        }
    }

    /// Whether `code` is reported at all.
    pub(crate) fn wants(&self, code: Code) -> bool {
        self.selection.enabled(code)
    }

    /// Whether one more diagnostic would be kept.
    pub(crate) fn has_room(&self) -> bool {
        self.diagnostics.len() < self.limit
    }

    /// Notes a finding of `code` at the severity its check gives, for conformance; returns
    /// the severity it is reported at, if it is reported.
    fn judge(&mut self, code: Code, severity: Severity) -> Option<Severity> {
        if severity == Severity::Error && code.decides_conformance() {
            self.nonconformant = true;
        }
        self.selection.adjust(code, severity)
    }

    /// Keeps `diagnostic` (at the severity the selection gives it), or counts it past the
    /// limit; drops it when its code is not selected.
    pub(crate) fn push(&mut self, mut diagnostic: Diagnostic) {
        let Some(severity) = self.judge(diagnostic.code, diagnostic.severity) else {
            return;
        };
        diagnostic.severity = severity;
        if self.has_room() {
            self.diagnostics.push(diagnostic);
        } else {
            self.count_omitted(severity);
        }
    }

    /// Counts a finding of `code` and `severity` that was not built, the limit being reached.
    pub(crate) fn omit(&mut self, code: Code, severity: Severity) {
        if let Some(severity) = self.judge(code, severity) {
            self.count_omitted(severity);
        }
    }

    fn count_omitted(&mut self, severity: Severity) {
        match severity {
            Severity::Error => self.omitted.errors += 1,
            Severity::Warning => self.omitted.warnings += 1,
            Severity::Info => self.omitted.infos += 1,
        }
    }
}

#[derive(Clone, Copy)]
pub(crate) struct Item {
    array: &'static str,
    pub(crate) index: usize,
}

impl Item {
    /// The item's pointer, e.g. `/evidence/2`.
    pub(crate) fn pointer(self) -> JsonPointer {
        JsonPointer::root().key(self.array).index(self.index)
    }

    /// The pointer of the item's member `key`.
    pub(crate) fn key(self, key: &str) -> JsonPointer {
        self.pointer().key(key)
    }
}

/// The objects in the array at `/key`, with where they are; other items are skipped.
pub(crate) fn objects<'t, 'a>(
    value: Json<'t, 'a>,
    key: &'static str,
) -> impl Iterator<Item = (Item, Json<'t, 'a>)> {
    value
        .get(key)
        .and_then(Json::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter(|(_, item)| item.is_object())
        .map(move |(index, item)| (Item { array: key, index }, item))
}

/// A revision number, if `value` is one (1 to 2^53 − 1, integral).
pub(crate) fn revision(value: Option<Json<'_, '_>>) -> Option<u64> {
    value
        .and_then(Json::as_number)
        .and_then(hcr_types::revision_value)
}

/// Reports the second and later items of `key` whose `id` repeats an earlier item's.
/// A field name for messages: the pointer in backticks, or "the record" for the root.
pub(crate) fn field(pointer: &JsonPointer) -> String {
    if pointer.is_root() {
        "the record".to_owned()
    } else {
        format!("`{pointer}`")
    }
}
