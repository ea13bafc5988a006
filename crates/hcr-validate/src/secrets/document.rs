//! Secrets in a parsed record: in every string, in every key the schema does not define, in a
//! credential's name and value (`{"password": …}`, `{"name": "DB_PASSWORD", "value": …}`),
//! and split across neighbouring items of an array (a PEM block one line per item, a token
//! cut in two). Strings are read decoded, so escapes in the source change nothing.

use std::ops::Range;

use hcr_types::JsonPointer;
use serde_json::{Map, Value};

use super::names::{NameClass, classify};
use super::rules::{self, RULES};
use super::scanner::{self, Hit};
use super::values;
use crate::diagnostic::Anchor;

/// Where in a document a secret was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Shape {
    /// Inside a string value.
    Value,
    /// Inside an object key.
    Key,
    /// A value given to a key that names a credential (`{"password": …}`).
    Pair,
    /// Across neighbouring string items of an array.
    Split,
}

impl Shape {
    /// The kebab-case name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Value => "value",
            Self::Key => "key",
            Self::Pair => "pair",
            Self::Split => "split",
        }
    }
}

/// A secret found in a document.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DocumentFinding {
    /// The rule's id, e.g. `github-token`.
    pub rule: &'static str,
    /// What it is, e.g. "a GitHub token".
    pub kind: &'static str,
    /// Where it was found.
    pub shape: Shape,
    /// The string (or, for a key, the member) holding it; for a split secret, the first item.
    pub pointer: JsonPointer,
    /// For a split secret, the indexes of the first and last items it spans.
    pub items: Option<(usize, usize)>,
}

/// One step below the walk's base.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

/// What the walk reports for each secret.
pub(crate) struct Event<'e> {
    pub(crate) rule: usize,
    pub(crate) shape: Shape,
    pub(crate) base: &'e JsonPointer,
    pub(crate) path: &'e [Step<'e>],
    pub(crate) anchor: Anchor,
    /// The secret as it stands in each string that holds part of it.
    pub(crate) pieces: &'e [&'e str],
    pub(crate) items: Option<(usize, usize)>,
}

impl Event<'_> {
    /// The pointer of the string holding the secret (built only when asked for).
    pub(crate) fn pointer(&self) -> JsonPointer {
        let mut pointer = self.base.clone();
        for step in self.path {
            match *step {
                Step::Key(key) => pointer.push_key(key),
                Step::Index(index) => pointer.push_index(index),
            }
        }
        pointer
    }

    /// The public form.
    pub(crate) fn finding(&self) -> DocumentFinding {
        DocumentFinding {
            rule: RULES[self.rule].id,
            kind: RULES[self.rule].kind,
            shape: self.shape,
            pointer: self.pointer(),
            items: self.items,
        }
    }
}

/// Whether `key` is a property name of the v1.0 schema: a fixed word, never a secret.
fn is_schema_key(key: &str) -> bool {
    matches!(
        key,
        "schemaVersion"
            | "recordId"
            | "objective"
            | "currentState"
            | "decisions"
            | "evidence"
            | "constraints"
            | "nextAction"
            | "ownership"
            | "openReview"
            | "provenance"
            | "extensions"
            | "summary"
            | "acceptanceCriteria"
            | "complete"
            | "inProgress"
            | "blocked"
            | "unverified"
            | "rationale"
            | "status"
            | "supersedes"
            | "id"
            | "label"
            | "claim"
            | "uri"
            | "artifactRef"
            | "contentType"
            | "sha256"
            | "kind"
            | "text"
            | "verification"
            | "dueAt"
            | "nextActor"
            | "reviewers"
            | "displayName"
            | "type"
            | "revision"
            | "assignee"
            | "resolvedByRevision"
            | "createdBy"
            | "createdAt"
            | "sourceRevision"
    )
}

/// Walks `value`, which sits at `base`; `occurrence` is set for a value a repeated key
/// overwrote (the `n`th occurrence of its member).
pub(crate) fn walk(
    value: &Value,
    base: &JsonPointer,
    occurrence: Option<usize>,
    on: &mut dyn FnMut(&Event<'_>),
) {
    let mut walker = Walker {
        base,
        occurrence,
        on,
    };
    let mut path = Vec::new();
    walker.value(value, &mut path);
}

/// Every secret in `value`, for callers outside the validator.
#[must_use]
pub fn scan_value(value: &Value) -> Vec<DocumentFinding> {
    let mut found = Vec::new();
    walk(value, &JsonPointer::root(), None, &mut |event| {
        found.push(event.finding());
    });
    found
}

struct Walker<'w> {
    base: &'w JsonPointer,
    occurrence: Option<usize>,
    on: &'w mut dyn FnMut(&Event<'_>),
}

impl Walker<'_> {
    fn value_anchor(&self, path: &[Step<'_>]) -> Anchor {
        match self.occurrence {
            Some(n) if path.is_empty() => Anchor::ValueOccurrence(n),
            _ => Anchor::Value,
        }
    }

    fn emit(&mut self, hit: &Hit, text: &str, shape: Shape, path: &[Step<'_>], anchor: Anchor) {
        let piece = &text[hit.range.clone()];
        (self.on)(&Event {
            rule: hit.rule,
            shape,
            base: self.base,
            path,
            anchor,
            pieces: &[piece],
            items: None,
        });
    }

    /// Scans one string; whether it held a secret.
    fn string(&mut self, text: &str, path: &[Step<'_>], shape: Shape, anchor: Anchor) -> bool {
        let hits = scanner::scan(text);
        for hit in &hits {
            self.emit(hit, text, shape, path, anchor);
        }
        !hits.is_empty()
    }

    fn value<'v>(&mut self, value: &'v Value, path: &mut Vec<Step<'v>>) {
        match value {
            Value::String(text) => {
                let anchor = self.value_anchor(path);
                self.string(text, path, Shape::Value, anchor);
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    path.push(Step::Index(i));
                    self.value(item, path);
                    path.pop();
                }
                self.split(items, path);
            }
            Value::Object(map) => self.object(map, path),
            _ => {}
        }
    }

    fn object<'v>(&mut self, map: &'v Map<String, Value>, path: &mut Vec<Step<'v>>) {
        // `{"name": "DB_PASSWORD", "value": "…"}`: an environment list's entry.
        let named = ["name", "key", "Name", "Key", "variable"]
            .iter()
            .find_map(|k| map.get(*k).and_then(Value::as_str))
            .and_then(classify);
        for (key, child) in map {
            path.push(Step::Key(key));
            let schema_key = is_schema_key(key);
            if !schema_key {
                self.string(key, path, Shape::Key, Anchor::Key);
            }
            match child {
                Value::String(text) => {
                    let anchor = self.value_anchor(path);
                    let found = self.string(text, path, Shape::Value, anchor);
                    let class = if schema_key {
                        None
                    } else if matches!(key.as_str(), "value" | "Value") {
                        named.or_else(|| classify(key))
                    } else {
                        classify(key)
                    };
                    if let (false, Some(class)) = (found, class) {
                        for hit in pair(class, text) {
                            self.emit(&hit, text, Shape::Pair, path, anchor);
                        }
                    }
                }
                other => self.value(other, path),
            }
            path.pop();
        }
    }

    /// Secrets that span neighbouring string items: the runs of consecutive strings are
    /// joined and scanned, and what crosses an item boundary is reported once, with its
    /// piece in each item.
    fn split<'v>(&mut self, items: &'v [Value], path: &mut Vec<Step<'v>>) {
        let mut i = 0;
        while i < items.len() {
            let run_start = i;
            while i < items.len() && items[i].is_string() {
                i += 1;
            }
            if i - run_start >= 2 {
                self.joined(&items[run_start..i], run_start, path);
            }
            i += 1;
        }
    }

    fn joined<'v>(&mut self, run: &'v [Value], first: usize, path: &mut Vec<Step<'v>>) {
        let texts: Vec<&str> = run.iter().filter_map(Value::as_str).collect();
        let mut joined = String::with_capacity(texts.iter().map(|t| t.len()).sum());
        let mut starts = Vec::with_capacity(texts.len());
        for text in &texts {
            starts.push(joined.len());
            joined.push_str(text);
        }
        if !scanner::has_anchor(&joined) {
            return;
        }
        let item_of = |offset: usize| starts.partition_point(|&s| s <= offset).saturating_sub(1);
        for hit in scanner::scan(&joined) {
            let (from, to) = (item_of(hit.range.start), item_of(hit.range.end - 1));
            if from == to {
                continue;
            }
            // An item that holds a secret of its own is reported as such.
            if (from..=to).any(|j| {
                let own = starts[j]..starts[j] + texts[j].len();
                scanner::scan(texts[j]).iter().any(|h| {
                    overlaps(
                        &(own.start + h.range.start..own.start + h.range.end),
                        &hit.range,
                    )
                })
            }) {
                continue;
            }
            let pieces: Vec<&str> = (from..=to)
                .map(|j| {
                    let start = hit.range.start.max(starts[j]) - starts[j];
                    let end = hit.range.end.min(starts[j] + texts[j].len()) - starts[j];
                    &texts[j][start..end]
                })
                .collect();
            path.push(Step::Index(first + from));
            (self.on)(&Event {
                rule: hit.rule,
                shape: Shape::Split,
                base: self.base,
                path,
                anchor: Anchor::Value,
                pieces: &pieces,
                items: Some((first + from, first + to)),
            });
            path.pop();
        }
    }
}

fn overlaps(a: &Range<usize>, b: &Range<usize>) -> bool {
    a.start < b.end && b.start < a.end
}

/// The secrets in `value`, given to a key whose name says `class`.
pub(crate) fn pair(class: NameClass, value: &str) -> Vec<Hit> {
    let trimmed = value.trim();
    let start = value.len() - value.trim_start().len();
    let range = start..start + trimmed.len();
    match class {
        NameClass::Password | NameClass::Secret => {
            if values::is_credential(class, trimmed, false) {
                vec![Hit::new(rules::ASSIGNMENT, range)]
            } else {
                Vec::new()
            }
        }
        NameClass::Authorization => scanner::authorization_value(value),
        NameClass::Cookie => scanner::cookie_secrets(value, 0..value.len())
            .into_iter()
            .map(|r| Hit::new(rules::COOKIE, r))
            .collect(),
    }
}
