//! Text edits on the source, and the spans they need: a value, a key, a list item with its
//! separator, the end of an object.

use std::ops::Range;

use crate::Fix;

/// One replacement of a byte range of the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edit {
    /// The bytes replaced.
    pub range: Range<usize>,
    /// What replaces them.
    pub replacement: String,
}

impl Edit {
    /// Replaces `range` with `replacement`.
    #[must_use]
    pub fn new(range: Range<usize>, replacement: impl Into<String>) -> Self {
        Self {
            range,
            replacement: replacement.into(),
        }
    }
}

/// `text` with the edits of `fixes` applied, taking the fixes in order and leaving out any
/// whose edits overlap an edit already taken (or each other); with the indexes of the fixes
/// taken.
#[must_use]
pub fn apply(text: &str, fixes: &[Fix]) -> (String, Vec<usize>) {
    let mut taken: Vec<&Edit> = Vec::new();
    let mut used = Vec::new();
    for (index, fix) in fixes.iter().enumerate() {
        let mut mine: Vec<&Edit> = Vec::new();
        let clash = fix.edits.iter().any(|edit| {
            let bad = edit.range.start > edit.range.end
                || edit.range.end > text.len()
                || !text.is_char_boundary(edit.range.start)
                || !text.is_char_boundary(edit.range.end)
                || taken
                    .iter()
                    .chain(&mine)
                    .any(|t| touches(&t.range, &edit.range));
            mine.push(edit);
            bad
        });
        if !clash && !fix.edits.is_empty() {
            taken.extend(mine);
            used.push(index);
        }
    }
    taken.sort_by_key(|e| (e.range.start, e.range.end));
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for edit in taken {
        out.push_str(&text[at..edit.range.start]);
        out.push_str(&edit.replacement);
        at = edit.range.end;
    }
    out.push_str(&text[at..]);
    (out, used)
}

/// Whether two edits would interfere: they overlap, or both insert at the same place.
fn touches(a: &Range<usize>, b: &Range<usize>) -> bool {
    (a.start < b.end && b.start < a.end) || (a.start == b.start && (a.is_empty() || b.is_empty()))
}

/// The range that removes the list item whose value spans `value` in `text`, with one
/// separator: the comma before it (and the whitespace between), or, for the first item, the
/// comma after it and the whitespace up to the next item.
#[must_use]
pub(crate) fn list_item(text: &str, value: &Range<usize>) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut before = value.start;
    while before > 0 && bytes[before - 1].is_ascii_whitespace() {
        before -= 1;
    }
    if before > 0 && bytes[before - 1] == b',' {
        return before - 1..value.end;
    }
    let mut after = value.end;
    while after < bytes.len() && bytes[after].is_ascii_whitespace() {
        after += 1;
    }
    if after < bytes.len() && bytes[after] == b',' {
        after += 1;
        while after < bytes.len() && bytes[after].is_ascii_whitespace() {
            after += 1;
        }
        return value.start..after;
    }
    value.clone()
}

/// Where a new member goes in the object whose value spans `object` in `text`: just after
/// its last member (or its opening brace), and the text to insert there for `member` (a
/// `"key": value` text), with a comma when the object has members.
#[must_use]
pub(crate) fn insert_member(text: &str, object: &Range<usize>, member: &str) -> Edit {
    let bytes = text.as_bytes();
    let mut end = object.end.saturating_sub(1); // the closing brace
    while end > object.start + 1 && bytes[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    let empty = end == object.start + 1;
    let indent = indentation(text, object.start);
    let inserted = if empty {
        format!("\n{indent}  {member}\n{indent}")
    } else {
        format!(",\n{indent}  {member}")
    };
    Edit::new(end..end, inserted)
}

/// The whitespace that starts the line holding `at`.
fn indentation(text: &str, at: usize) -> String {
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    text[line_start..]
        .chars()
        .take_while(|c| *c == ' ' || *c == '\t')
        .collect()
}

/// `value` as JSON text, two-space indented and shifted right by `indent` after its first
/// line, to sit at a member's place.
#[must_use]
pub(crate) fn json_at(value: &serde_json::Value, indent: &str) -> String {
    let pretty = serde_json::to_string_pretty(value).unwrap_or_else(|_| "null".into());
    pretty.replace('\n', &format!("\n{indent}"))
}

/// The indentation of the line holding `at`, for [`json_at`].
#[must_use]
pub(crate) fn indent_of(text: &str, at: usize) -> String {
    indentation(text, at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_item_goes_with_one_separator() {
        let text = r#"["a", " ", "b"]"#;
        let blank = 6..9;
        let range = list_item(text, &blank);
        let mut out = text.to_owned();
        out.replace_range(range, "");
        assert_eq!(out, r#"["a", "b"]"#);
        let first = r#"[" ", "b"]"#;
        let range = list_item(first, &(1..4));
        let mut out = first.to_owned();
        out.replace_range(range, "");
        assert_eq!(out, r#"["b"]"#);
        let only = r#"[ " " ]"#;
        let range = list_item(only, &(2..5));
        let mut out = only.to_owned();
        out.replace_range(range, "");
        assert_eq!(out, "[  ]");
    }

    #[test]
    fn a_member_is_inserted_after_the_last_one() {
        let text = "{\n  \"a\": 1\n}";
        let edit = insert_member(text, &(0..text.len()), "\"b\": 2");
        let mut out = text.to_owned();
        out.replace_range(edit.range, &edit.replacement);
        assert_eq!(out, "{\n  \"a\": 1,\n  \"b\": 2\n}");
        let empty = "{}";
        let edit = insert_member(empty, &(0..2), "\"b\": 2");
        let mut out = empty.to_owned();
        out.replace_range(edit.range, &edit.replacement);
        assert_eq!(out, "{\n  \"b\": 2\n}");
    }
}
