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

/// An item of a top-level array: where it is, its pointer built only when asked for.
pub(crate) fn duplicate_ids(
    input: &Input<'_, '_>,
    key: &'static str,
    what: &str,
    sink: &mut Findings<'_>,
) {
    /// Lists up to this long are compared pair by pair, which is cheaper than hashing.
    const PAIRWISE: usize = 16;
    // Each id with its item and its node (where a repeat is reported), with room for every
    // item at once: collected from a filter, the list grew four times for forty items.
    let (room, objects) = objects_counted(input.root(), key);
    let mut ids: Vec<(&str, Item, usize)> = Vec::with_capacity(room);
    ids.extend(objects.filter_map(|(at, item)| {
        let id = item.get("id")?;
        Some((id.as_str()?, at, id.index))
    }));
    // A map for longer lists: a record may hold thousands of items, and comparing each with
    // every earlier one was the largest cost of validating a record with long evidence lists.
    let mut seen: HashMap<&str, Item> = HashMap::default();
    if ids.len() > PAIRWISE {
        seen.reserve(ids.len());
    }
    for (i, &(id, at, node)) in ids.iter().enumerate() {
        let first = if ids.len() <= PAIRWISE {
            ids[..i]
                .iter()
                .find(|(earlier, ..)| *earlier == id)
                .map(|&(_, first, _)| first)
        } else {
            seen.get(id).copied()
        };
        match first {
            Some(first) => repeated_id(what, at, node, first, sink),
            None if ids.len() > PAIRWISE => {
                seen.insert(id, at);
            }
            None => {}
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
