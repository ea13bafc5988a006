//! The normative rules: one file per code, one ordered registry.
//!
//! Each rule reads the parsed value, whatever the schema said about it: it skips what has the
//! wrong type (the schema level reports that) and reports only its own violation.
//! Adding a rule is one file and one line in [`RULES`].

mod acceptance_criteria;
mod blank_text;
mod duplicate_evidence_id;
mod duplicate_review_id;
mod extension_namespace;
mod open_review_resolution;
mod resolved_review_revision;
mod review_revision_order;
mod secrets;
mod supersedes;

use foldhash::HashMap;

use hcr_types::JsonPointer;

use crate::secrets::Collector;
use crate::{Code, Diagnostic, Selection, Severity};
use hcr_json::Overwritten;
use hcr_json::{Json, Tree};

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
    /// What the receiver-level checks found, when they ran.
    pub(crate) receiver: Option<std::sync::Arc<crate::receiver::Assessment>>,
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
            receiver: None,
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

/// A normative rule.
pub(crate) struct Rule {
    /// The code it reports.
    pub(crate) code: Code,
    /// The check.
    pub(crate) check: fn(&Input<'_, '_>, &mut Sink),
}

/// Every normative rule, in code order.
pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: Code::Hcr201,
        check: blank_text::check,
    },
    Rule {
        code: Code::Hcr202,
        check: resolved_review_revision::check,
    },
    Rule {
        code: Code::Hcr203,
        check: extension_namespace::check,
    },
    Rule {
        code: Code::Hcr204,
        check: secrets::check,
    },
    Rule {
        code: Code::Hcr205,
        check: duplicate_evidence_id::check,
    },
    Rule {
        code: Code::Hcr206,
        check: duplicate_review_id::check,
    },
    Rule {
        code: Code::Hcr207,
        check: review_revision_order::check,
    },
    Rule {
        code: Code::Hcr208,
        check: supersedes::check,
    },
    Rule {
        code: Code::Hcr209,
        check: open_review_resolution::check,
    },
    Rule {
        code: Code::Hcr210,
        check: acceptance_criteria::check,
    },
];

/// Runs every normative rule.
pub(crate) fn check(input: &Input<'_, '_>, sink: &mut Sink) {
    sink.scanned = true;
    for rule in RULES {
        // hcr's own recommendations that are not selected are not run; the contract's always
        // are (for conformance, and the secret scan for masking).
        if !sink.wants(rule.code) && rule.code.is_recommendation() {
            continue;
        }
        let before = sink.diagnostics.len();
        (rule.check)(input, sink);
        debug_assert!(
            sink.diagnostics[before..]
                .iter()
                .all(|d| d.code == rule.code),
            "a rule reports only its own code"
        );
    }
}

/// An item of a top-level array: where it is, its pointer built only when asked for.
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
pub(crate) fn duplicate_ids(
    input: &Input<'_, '_>,
    key: &'static str,
    code: Code,
    what: &str,
    sink: &mut Sink,
) {
    /// Lists up to this long are compared pair by pair, which is cheaper than hashing.
    const PAIRWISE: usize = 16;
    let ids: Vec<(&str, Item)> = objects(input.root(), key)
        .filter_map(|(at, item)| Some((item.get("id")?.as_str()?, at)))
        .collect();
    // A map for longer lists: a record may hold thousands of items, and comparing each with
    // every earlier one was the largest cost of validating a record with long evidence lists.
    let mut seen: HashMap<&str, Item> = HashMap::default();
    if ids.len() > PAIRWISE {
        seen.reserve(ids.len());
    }
    for (i, &(id, at)) in ids.iter().enumerate() {
        let first = if ids.len() <= PAIRWISE {
            ids[..i]
                .iter()
                .find(|(earlier, _)| *earlier == id)
                .map(|&(_, first)| first)
        } else {
            seen.get(id).copied()
        };
        match first {
            Some(first) => sink.push(Diagnostic::new(
                code,
                at.key("id"),
                format!(
                    "{what} `{}` has the same `id` as `{}`",
                    at.pointer(),
                    first.pointer()
                ),
            )),
            None if ids.len() > PAIRWISE => {
                seen.insert(id, at);
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Code, Level, Validator};

    /// The HCR205 diagnostics of a document whose evidence items have these ids: each item's
    /// index and the message.
    fn repeated_evidence_ids(ids: &[&str]) -> Vec<(String, String)> {
        let evidence: Vec<_> = ids
            .iter()
            .map(|id| serde_json::json!({ "id": id }))
            .collect();
        let text = serde_json::json!({ "evidence": evidence }).to_string();
        Validator::new(Level::Normative)
            .validate_str(&text)
            .diagnostics
            .into_iter()
            .filter(|d| d.code == Code::Hcr205)
            .map(|d| (d.pointer.to_string(), d.message))
            .collect()
    }

    #[test]
    fn a_repeated_id_names_its_first_occurrence_in_short_and_long_lists() {
        // Short lists are compared pair by pair, long ones through a map: the same answer.
        for len in [4, 16, 17, 40] {
            let names: Vec<String> = (0..len).map(|i| format!("e{i}")).collect();
            let mut ids: Vec<&str> = names.iter().map(String::as_str).collect();
            ids[2] = "e1";
            ids[len - 1] = "e1";
            let expected: Vec<(String, String)> = [2, len - 1]
                .iter()
                .map(|i| {
                    (
                        format!("/evidence/{i}/id"),
                        format!("evidence item `/evidence/{i}` has the same `id` as `/evidence/1`"),
                    )
                })
                .collect();
            assert_eq!(repeated_evidence_ids(&ids), expected, "{len} items");
        }
        assert!(repeated_evidence_ids(&["a", "b", "c"]).is_empty());
    }
}
