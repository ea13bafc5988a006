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
mod padded_text;
mod resolved_review_revision;
mod review_revision_order;
mod secrets;
mod supersedes;

use std::collections::hash_map::Entry;

use foldhash::HashMap;

use hcr_types::JsonPointer;

use crate::secrets::Collector;
use crate::sink::{Input, Item, Sink, objects_counted};
use crate::{Code, Diagnostic};

/// A normative rule.
pub(crate) struct Rule {
    /// The code it reports: said here alone (a rule writes through [`Findings`], which
    /// gives every diagnostic it makes this code).
    pub(crate) code: Code,
    /// The check.
    pub(crate) check: fn(&Input<'_, '_>, &mut Findings<'_>),
}

/// Where a rule writes: the record's [`Sink`], with the rule's code.
pub(crate) struct Findings<'s> {
    sink: &'s mut Sink,
    code: Code,
}

impl Findings<'_> {
    /// Reports a finding about the value at `at`.
    pub(crate) fn found(&mut self, at: JsonPointer, message: impl Into<String>) {
        self.found_with(at, message, |d| d);
    }

    /// [`Findings::found`], for the value at tree node `node`, which `at` points to as
    /// `JSON.parse` reads the record: its place is then that node's span.
    pub(crate) fn found_at(&mut self, at: JsonPointer, message: impl Into<String>, node: usize) {
        self.sink
            .push_at(Diagnostic::new(self.code, at, message), Some(node));
    }

    /// Reports a finding about the value at `at`, with what `more` adds (help, the part
    /// of the member meant).
    pub(crate) fn found_with(
        &mut self,
        at: JsonPointer,
        message: impl Into<String>,
        more: impl FnOnce(Diagnostic) -> Diagnostic,
    ) {
        self.sink
            .push(more(Diagnostic::new(self.code, at, message)));
    }

    /// Whether a finding would be reported and kept: the rule's code is selected and the
    /// record's limit has room.
    pub(crate) fn wanted_with_room(&self) -> bool {
        self.sink.has_room() && self.sink.wants(self.code)
    }

    /// Counts a finding that was not built (see [`Findings::wanted_with_room`]).
    pub(crate) fn omit(&mut self) {
        self.sink.omit(self.code, self.code.default_severity());
    }

    /// The secrets found, kept for masking whatever is reported.
    pub(crate) fn secrets(&mut self) -> &mut Collector {
        &mut self.sink.secrets
    }
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
    Rule {
        code: Code::Hcr211,
        check: padded_text::check,
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
        (rule.check)(
            input,
            &mut Findings {
                sink,
                code: rule.code,
            },
        );
    }
}

/// Reports the second and later objects of the top-level array `key` whose text `id`
/// repeats an earlier object's (HCR205, HCR206), each naming the first.
pub(crate) fn duplicate_ids(
    input: &Input<'_, '_>,
    key: &'static str,
    what: &str,
    sink: &mut Findings<'_>,
) {
    /// Lists up to this long are compared pair by pair, which is cheaper than hashing.
    const PAIRWISE: usize = 16;
    let (room, objects) = objects_counted(input.root(), key);
    // Each object's id, with its item and its node (where a repeat is reported).
    let ids = objects.filter_map(|(at, item)| {
        let id = item.get("id")?;
        Some((id.as_str()?, at, id.index))
    });
    // Which way a list is read depends on the array's length, not on how many of its items
    // are objects with a text `id`: either way finds each repeat's first earlier item, so
    // the findings are the same.
    if room <= PAIRWISE {
        // Each id compared with the earlier ones.
        let mut earlier: Vec<(&str, Item)> = Vec::with_capacity(room);
        for (id, at, node) in ids {
            match earlier.iter().find(|(seen, _)| *seen == id) {
                Some(&(_, first)) => repeated_id(what, at, node, first, sink),
                None => earlier.push((id, at)),
            }
        }
        return;
    }
    // A map for longer lists: a record may hold thousands of items, and comparing each with
    // every earlier one was the largest cost of validating a record with long evidence lists.
    // Each id is hashed and probed once (its entry), as it is read: the ids were gathered
    // into a list first, then each looked up and, when new, hashed and inserted again.
    let mut seen: HashMap<&str, Item> = HashMap::default();
    seen.reserve(room);
    for (id, at, node) in ids {
        match seen.entry(id) {
            Entry::Occupied(first) => repeated_id(what, at, node, *first.get(), sink),
            Entry::Vacant(slot) => {
                slot.insert(at);
            }
        }
    }
}

/// Reports item `at`, whose id item `first` has already: the message written part by part
/// (it is built for every repeat), out of line so that the walk over the ids stays small.
#[inline(never)]
fn repeated_id(what: &str, at: Item, node: usize, first: Item, sink: &mut Findings<'_>) {
    // Room for the `/id` pushed below.
    let here = at.pointer_with_room(3);
    let mut message = String::with_capacity(what.len() + here.as_str().len() * 2 + 32);
    for part in [what, " `", here.as_str(), "` has the same `id` as `"] {
        message.push_str(part);
    }
    // The earlier item's pointer written into the message, not built on its own.
    first.push_pointer(&mut message);
    message.push('`');
    let mut pointer = here;
    pointer.push_key("id");
    sink.found_at(pointer, message, node);
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

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

    /// An evidence item as the property test below draws it.
    #[derive(Clone, Debug)]
    enum Drawn {
        /// An object with this text `id`.
        Id(&'static str),
        /// An object with a number for its `id`.
        NumberId,
        /// An object without an `id`.
        NoId,
        /// An item that is no object.
        NotObject,
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 500, .. ProptestConfig::default() })]

        /// Short lists (compared pair by pair) and long ones (through a map, each id probed
        /// once) report what comparing every object's text `id` with each earlier one's does:
        /// each repeat, naming the first item with that id, and nothing for items that are
        /// no object or have no text `id`.
        #[test]
        fn repeated_ids_are_those_every_earlier_item_is_compared_for(
            drawn in prop::collection::vec(
                prop_oneof![
                    6 => prop::sample::select(vec!["a", "b", "c", "d", "e", "f", "g", "h"]).prop_map(Drawn::Id),
                    1 => Just(Drawn::NumberId),
                    1 => Just(Drawn::NoId),
                    1 => Just(Drawn::NotObject),
                ],
                0..48,
            ),
        ) {
            let evidence: Vec<serde_json::Value> = drawn
                .iter()
                .map(|d| match d {
                    Drawn::Id(id) => serde_json::json!({ "id": id }),
                    Drawn::NumberId => serde_json::json!({ "id": 7 }),
                    Drawn::NoId => serde_json::json!({ "label": "x" }),
                    Drawn::NotObject => serde_json::json!(3),
                })
                .collect();
            let text = serde_json::json!({ "evidence": evidence }).to_string();
            let limits = crate::Limits {
                max_diagnostics: 100_000,
                ..crate::Limits::default()
            };
            let found: Vec<(String, String)> = Validator::new(Level::Normative)
                .with_limits(limits)
                .validate_str(&text)
                .diagnostics
                .into_iter()
                .filter(|d| d.code == Code::Hcr205)
                .map(|d| (d.pointer.to_string(), d.message))
                .collect();
            let mut expected = Vec::new();
            for (i, d) in drawn.iter().enumerate() {
                let Drawn::Id(id) = d else { continue };
                let first = drawn[..i]
                    .iter()
                    .position(|e| matches!(e, Drawn::Id(earlier) if earlier == id));
                if let Some(first) = first {
                    expected.push((
                        format!("/evidence/{i}/id"),
                        format!("evidence item `/evidence/{i}` has the same `id` as `/evidence/{first}`"),
                    ));
                }
            }
            prop_assert_eq!(found, expected, "{:?}", drawn);
        }
    }
}
