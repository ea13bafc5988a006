//! Secrets in a parsed record: in every string, in every key the schema does not define, in a
//! credential's name and value (`{"password": …}`, `{"name": "DB_PASSWORD", "value": …}`),
//! and split across neighbouring items of an array (a PEM block one line per item, a token
//! cut in two). Strings are read decoded, so escapes in the source change nothing.

use std::ops::Range;

use hcr_types::{JsonPointer, Segment};
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

/// What the walk reports for each secret.
pub(crate) struct Event<'e> {
    pub(crate) rule: usize,
    pub(crate) shape: Shape,
    pub(crate) base: &'e JsonPointer,
    pub(crate) path: &'e [Segment<'e>],
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
            step.push_onto(&mut pointer);
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
    fn value_anchor(&self, path: &[Segment<'_>]) -> Anchor {
        match self.occurrence {
            Some(n) if path.is_empty() => Anchor::ValueOccurrence(n),
            _ => Anchor::Value,
        }
    }

    fn emit(&mut self, hit: &Hit, text: &str, shape: Shape, path: &[Segment<'_>], anchor: Anchor) {
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
    fn string(&mut self, text: &str, path: &[Segment<'_>], shape: Shape, anchor: Anchor) -> bool {
        let hits = scanner::scan(text);
        for hit in &hits {
            self.emit(hit, text, shape, path, anchor);
        }
        !hits.is_empty()
    }

    fn value<'v>(&mut self, value: &'v Value, path: &mut Vec<Segment<'v>>) {
        match value {
            Value::String(text) => {
                let anchor = self.value_anchor(path);
                self.string(text, path, Shape::Value, anchor);
            }
            Value::Array(items) => self.array(items, path),
            Value::Object(map) => self.object(map, path, None),
            _ => {}
        }
    }

    /// An object; `parent` is what the key holding it says (`{"secret": {"value": …}}`).
    fn object<'v>(
        &mut self,
        map: &'v Map<String, Value>,
        path: &mut Vec<Segment<'v>>,
        parent: Option<NameClass>,
    ) {
        // `{"name": "DB_PASSWORD", "value": "…"}`: an environment list's entry.
        let named = ["name", "key", "Name", "Key", "variable"]
            .iter()
            .find_map(|k| map.get(*k).and_then(Value::as_str))
            .and_then(classify)
            .or(parent);
        for (key, child) in map {
            path.push(Segment::Key(key));
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
                    } else if matches!(
                        key.as_str(),
                        "value" | "Value" | "current" | "plaintext" | "data"
                    ) {
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
                Value::Object(inner) if !schema_key => {
                    self.object(inner, path, classify(key));
                }
                other => self.value(other, path),
            }
            path.pop();
        }
    }

    /// An array: its items, then the secrets that span neighbouring string items (a PEM
    /// block one line per item, a token cut in two). A secret found inside one item that
    /// such a span contains is reported as the span.
    fn array<'v>(&mut self, items: &'v [Value], path: &mut Vec<Segment<'v>>) {
        let mut own: Vec<Vec<Hit>> = Vec::with_capacity(items.len());
        for (i, item) in items.iter().enumerate() {
            match item {
                Value::String(text) => own.push(scanner::scan(text)),
                other => {
                    path.push(Segment::Index(i));
                    self.value(other, path);
                    path.pop();
                    own.push(Vec::new());
                }
            }
        }
        let mut spans = Vec::new();
        let mut i = 0;
        while i < items.len() {
            let run_start = i;
            while i < items.len() && items[i].is_string() {
                i += 1;
            }
            if i - run_start >= 2 {
                spans.extend(joined(&items[run_start..i], run_start, &mut own));
            }
            i += 1;
        }
        let anchor = self.value_anchor(path);
        for (i, hits) in own.iter().enumerate() {
            if let Some(text) = items[i].as_str() {
                path.push(Segment::Index(i));
                for hit in hits {
                    self.emit(hit, text, Shape::Value, path, anchor);
                }
                path.pop();
            }
        }
        for span in spans {
            path.push(Segment::Index(span.from));
            (self.on)(&Event {
                rule: span.rule,
                shape: Shape::Split,
                base: self.base,
                path,
                anchor,
                pieces: &span.pieces,
                items: Some((span.from, span.to)),
            });
            path.pop();
        }
    }
}

/// Calls `on` with the pieces of each secret that spans neighbouring `items`.
pub(crate) fn split_pieces(items: &[&str], on: &mut dyn FnMut(&[&str])) {
    let values: Vec<Value> = items
        .iter()
        .map(|t| Value::String((*t).to_owned()))
        .collect();
    let mut own: Vec<Vec<Hit>> = items.iter().map(|t| scanner::scan(t)).collect();
    for span in joined(&values, 0, &mut own) {
        on(&span.pieces);
    }
}

/// A secret across items `from..=to` of an array: its piece in each.
struct Span<'v> {
    rule: usize,
    from: usize,
    to: usize,
    pieces: Vec<&'v str>,
}

/// The secrets that cross an item boundary of `run`, consecutive string items starting at
/// index `first`; the items' own hits (`own`, indexed from the array's start) that a span
/// contains are removed, and a span that only partly overlaps an item's own hit is dropped.
fn joined<'v>(run: &'v [Value], first: usize, own: &mut [Vec<Hit>]) -> Vec<Span<'v>> {
    let texts: Vec<&str> = run.iter().filter_map(Value::as_str).collect();
    let mut joined = String::with_capacity(texts.iter().map(|t| t.len()).sum());
    let mut starts = Vec::with_capacity(texts.len());
    for text in &texts {
        starts.push(joined.len());
        joined.push_str(text);
    }
    if !scanner::has_anchor(&joined) {
        return Vec::new();
    }
    let item_of = |offset: usize| starts.partition_point(|&s| s <= offset).saturating_sub(1);
    let mut spans = Vec::new();
    for hit in scanner::scan_joined(&joined, &starts[1..]) {
        let (from, to) = (item_of(hit.range.start), item_of(hit.range.end - 1));
        if from == to {
            continue;
        }
        let in_joined = |j: usize, h: &Hit| starts[j] + h.range.start..starts[j] + h.range.end;
        let partly = (from..=to).any(|j| {
            own[first + j].iter().any(|h| {
                let r = in_joined(j, h);
                overlaps(&r, &hit.range) && !(hit.range.start <= r.start && r.end <= hit.range.end)
            })
        });
        if partly {
            continue;
        }
        for j in from..=to {
            let range = |h: &Hit| in_joined(j, h);
            own[first + j].retain(|h| !overlaps(&range(h), &hit.range));
        }
        let pieces = (from..=to)
            .map(|j| {
                let start = hit.range.start.max(starts[j]) - starts[j];
                let end = hit.range.end.min(starts[j] + texts[j].len()) - starts[j];
                &texts[j][start..end]
            })
            .collect();
        spans.push(Span {
            rule: hit.rule,
            from: first + from,
            to: first + to,
            pieces,
        });
    }
    spans
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
