//! The contract rules that need no secret scanner, decided once: the builder refuses what
//! they find, and `hcr-validate` reports it (HCR201, HCR202).
//!
//! ```
//! use serde_json::json;
//!
//! let value = json!({"objective": {"summary": "  "}, "openReview": [{"id": "r", "status": "resolved"}]});
//! let mut blank = Vec::new();
//! hcr_types::contract::for_each_blank_text(&value, &mut |at, _| blank.push(at().to_string()));
//! assert_eq!(blank, ["/objective/summary"]);
//! assert_eq!(hcr_types::contract::resolved_without_revision(&value).collect::<Vec<_>>(), [0]);
//! ```
//!
//! The rules read a document through [`JsonView`], which `&serde_json::Value` implements and
//! `hcr-validate`'s parsed documents do too, so that the builder and the validator run the
//! same code.

use crate::JsonPointer;
use crate::text::is_js_blank;

/// Exactly the places the publisher's validator trims and rejects when empty, as pointer
/// tokens (`*` is every index).
pub const TEXT_PLACES: &[&[&str]] = &[
    &["objective", "summary"],
    &["objective", "acceptanceCriteria", "*"],
    &["currentState", "complete", "*"],
    &["currentState", "inProgress", "*"],
    &["currentState", "blocked", "*"],
    &["currentState", "unverified", "*"],
    &["decisions", "*", "summary"],
    &["decisions", "*", "rationale"],
    &["evidence", "*", "id"],
    &["evidence", "*", "label"],
    &["constraints", "*", "text"],
    &["nextAction", "summary"],
    &["nextAction", "verification"],
    &["ownership", "nextActor", "id"],
    &["ownership", "reviewers", "*", "id"],
    &["openReview", "*", "assignee", "id"],
    &["openReview", "*", "id"],
    &["openReview", "*", "summary"],
];

/// The read-only view of a JSON value the contract rules read: `&serde_json::Value`, or a
/// node of `hcr-json`'s parsed tree.
pub use hcr_json::JsonView;

/// Calls `f` for every text at a [`TEXT_PLACES`] place that is not empty but holds only
/// whitespace (as JavaScript's `trim` counts it), with a function that builds its pointer
/// (called only when there is something to report) and the text.
pub fn for_each_blank_text<'v, V: JsonView<'v>>(
    value: V,
    f: &mut impl FnMut(&dyn Fn() -> JsonPointer, &'v str),
) {
    // Empty text is the schema's (`minLength`), other types too.
    for_each_text_where(value, |t| !t.is_empty() && is_js_blank(t), f);
}

/// Calls `f` for every string at a [`TEXT_PLACES`] place that `test` accepts, with a
/// function that builds its pointer (called only when there is something to report) and the
/// text.
pub fn for_each_text_where<'v, V: JsonView<'v>>(
    value: V,
    test: impl Fn(&str) -> bool,
    f: &mut impl FnMut(&dyn Fn() -> JsonPointer, &'v str),
) {
    for place in TEXT_PLACES {
        each_match(value, place, &mut |pointer, value| {
            if let Some(text) = value.as_str().filter(|t| test(t)) {
                f(pointer, text);
            }
        });
    }
}

/// The indexes of the `openReview` items that are `resolved` but name no
/// `resolvedByRevision`.
pub fn resolved_without_revision<'v, V: JsonView<'v>>(value: V) -> impl Iterator<Item = usize> {
    value
        .get("openReview")
        .map(JsonView::items)
        .into_iter()
        .flatten()
        .enumerate()
        .filter(|(_, item)| {
            item.get("status").and_then(JsonView::as_str) == Some("resolved")
                && item.get("resolvedByRevision").is_none()
        })
        .map(|(i, _)| i)
}

/// Calls `f` with the value of everything `pattern` matches in `value`, and a function that
/// builds its pointer (only called when there is something to report). A pattern is the tokens
/// of a pointer, where `*` matches every index of an array.
fn each_match<'v, V: JsonView<'v>>(
    value: V,
    pattern: &[&str],
    f: &mut impl FnMut(&dyn Fn() -> JsonPointer, V),
) {
    fn walk<'v, V: JsonView<'v>>(
        value: V,
        tokens: &[&str],
        indexes: &mut Vec<usize>,
        pattern: &[&str],
        f: &mut impl FnMut(&dyn Fn() -> JsonPointer, V),
    ) {
        let Some((first, rest)) = tokens.split_first() else {
            let pointer = || {
                let mut at = JsonPointer::root();
                let mut index = indexes.iter();
                for token in pattern {
                    match *token {
                        "*" => at.push_index(index.next().copied().unwrap_or_default()),
                        key => at.push_key(key),
                    }
                }
                at
            };
            f(&pointer, value);
            return;
        };
        if *first == "*" {
            for (i, item) in value.items().enumerate() {
                indexes.push(i);
                walk(item, rest, indexes, pattern, f);
                indexes.pop();
            }
        } else if let Some(child) = value.get(first) {
            walk(child, rest, indexes, pattern, f);
        }
    }
    walk(value, pattern, &mut Vec::new(), pattern, f);
}
