//! What every check shares: the record it reads ([`Input`]), where it writes ([`Sink`]), and
//! the few ways of naming a place in a message and reading an item the checks have in common.

use hcr_json::{Items, Json, Overwritten, Tree, plain_ends};
use hcr_types::JsonPointer;

use crate::secrets::Collector;
use crate::{Code, Diagnostic, Selection, Severity};

/// What a rule reads.
pub(crate) struct Input<'t, 'a> {
    /// The document.
    pub(crate) tree: &'t Tree<'a>,
    /// Values that repeated keys overwrote.
    pub(crate) overwritten: &'t [Overwritten],
    /// What one pass over the document's strings found, read the first time a rule asks.
    strings: std::cell::OnceCell<Strings>,
}

/// What one pass over a document's string values (overwritten ones included) found: whether
/// any could be what a rule that walks the text places looks for, so that the rule can skip
/// its walk.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Strings {
    /// Some string is blank (HCR201's whitespace-only text).
    pub(crate) blank: bool,
    /// Some string has whitespace around content (HCR211's padded text).
    pub(crate) padded: bool,
    /// Some string is empty (HCR201's empty `uri`).
    pub(crate) empty: bool,
}

impl<'t, 'a> Input<'t, 'a> {
    /// The record `tree`, with the values repeated keys overwrote.
    pub(crate) fn new(tree: &'t Tree<'a>, overwritten: &'t [Overwritten]) -> Self {
        Self {
            tree,
            overwritten,
            strings: std::cell::OnceCell::new(),
        }
    }

    /// The document as `JSON.parse` reads it.
    pub(crate) fn root(&self) -> Json<'t, 'a> {
        self.tree.root()
    }

    /// What one pass over the strings found (made once, whichever rule asks first).
    pub(crate) fn strings(&self) -> Strings {
        *self.strings.get_or_init(|| {
            let mut found = Strings::default();
            // The parser tested every string as it read it: none is empty, blank or padded
            // (most records).
            if self.tree.plain_strings() {
                return found;
            }
            self.tree.any_string(|text| {
                // Text that starts and ends with a visible ASCII character (most text) is
                // neither, decided from two bytes.
                if plain_ends(text.as_bytes()) {
                    return false;
                }
                if text.is_empty() {
                    found.empty = true;
                    return found.blank && found.padded;
                }
                found.blank |= is_blank(text);
                found.padded |= is_padded(text);
                found.blank && found.padded && found.empty
            });
            found
        })
    }
}

/// Whitespace-only text, as HCR201 reports it: not empty, and blank after JavaScript's
/// `trim`.
pub(crate) fn is_blank(text: &str) -> bool {
    !text.is_empty() && hcr_types::text::is_js_blank(text)
}

/// Text with whitespace around content (JavaScript's `trim` counts it), as HCR211 reports it.
pub(crate) fn is_padded(text: &str) -> bool {
    let trimmed = hcr_types::text::js_trim(text);
    !trimmed.is_empty() && trimmed.len() != text.len()
}

/// Where checks write: diagnostics up to the record's limit (past it they are only
/// counted, so that a record with a million findings costs a million counts, not a million
/// messages), and every secret found, for masking.
pub(crate) struct Sink {
    pub(crate) diagnostics: Vec<Diagnostic>,
    /// For each diagnostic, the tree node whose span is its place, when the check that
    /// found it held that node (its value, reached as `JSON.parse` reads the record): the
    /// place is then read from the node's span instead of walking the pointer.
    pub(crate) nodes: Vec<Option<u32>>,
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
            nodes: Vec::new(),
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
    pub(crate) fn push(&mut self, diagnostic: Diagnostic) {
        self.push_at(diagnostic, None);
    }

    /// [`Sink::push`] for a diagnostic about the value at tree node `node` (its pointer's
    /// value, with [`hcr_json::Anchor::Value`]), when the check holds it.
    pub(crate) fn push_at(&mut self, mut diagnostic: Diagnostic, node: Option<usize>) {
        let Some(severity) = self.judge(diagnostic.code, diagnostic.severity) else {
            return;
        };
        diagnostic.severity = severity;
        if self.has_room() {
            self.diagnostics.push(diagnostic);
            self.nodes
                .push(node.and_then(|node| u32::try_from(node).ok()));
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

/// An item of a top-level array: where it is, its pointer built only when asked for.
#[derive(Clone, Copy)]
pub(crate) struct Item {
    array: &'static str,
    pub(crate) index: usize,
}

impl Item {
    /// The item's pointer, e.g. `/evidence/2`.
    pub(crate) fn pointer(self) -> JsonPointer {
        self.pointer_with_room(0)
    }

    /// The item's pointer, with room for `more` bytes after it (a member's key): built in
    /// one allocation, where a pointer made step by step took one for each step.
    pub(crate) fn pointer_with_room(self, more: usize) -> JsonPointer {
        // A `/`, the array's name, a `/` and up to 20 digits.
        let mut pointer = JsonPointer::with_capacity(self.array.len() + 22 + more);
        pointer.push_key(self.array);
        pointer.push_index(self.index);
        pointer
    }

    /// Pushes the item's pointer (as [`Item::pointer`] writes it) onto `out`.
    pub(crate) fn push_pointer(self, out: &mut String) {
        // An array's name is one of the schema's, which needs no escape (`~`, `/`).
        debug_assert!(!self.array.contains(['~', '/']));
        out.push('/');
        out.push_str(self.array);
        out.push('/');
        out.push_str(itoa::Buffer::new().format(self.index));
    }

    /// The pointer of the item's member `key`.
    pub(crate) fn key(self, key: &str) -> JsonPointer {
        let mut pointer = self.pointer_with_room(key.len() + 1);
        pointer.push_key(key);
        pointer
    }
}

/// The objects in the array at `/key`, with where they are; other items are skipped.
pub(crate) fn objects<'t, 'a>(
    value: Json<'t, 'a>,
    key: &'static str,
) -> impl Iterator<Item = (Item, Json<'t, 'a>)> {
    objects_counted(value, key).1
}

/// [`objects`], with how many items the array has (the most it can give): room for a list
/// of them allocated at once.
pub(crate) fn objects_counted<'t, 'a>(
    value: Json<'t, 'a>,
    key: &'static str,
) -> (usize, Objects<'t, 'a>) {
    let items = value.get(key).and_then(Json::as_array);
    let count = items.as_ref().map_or(0, ExactSizeIterator::len);
    let objects = Objects {
        items,
        array: key,
        index: 0,
    };
    (count, objects)
}

/// The objects of a top-level array, each with its [`Item`] (what [`objects`] gives): one
/// loop over the items, where a chain of adapters (`flatten`, `enumerate`, `filter`, `map`)
/// took a step of each for every item (these lists are read by several rules, for every
/// record).
pub(crate) struct Objects<'t, 'a> {
    /// The array's items; `None` when there is no such array.
    items: Option<Items<'t, 'a>>,
    /// The array's name.
    array: &'static str,
    /// The index of the next item.
    index: usize,
}

impl<'t, 'a> Iterator for Objects<'t, 'a> {
    type Item = (Item, Json<'t, 'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let items = self.items.as_mut()?;
        for item in items.by_ref() {
            let index = self.index;
            self.index += 1;
            if item.is_object() {
                let at = Item {
                    array: self.array,
                    index,
                };
                return Some((at, item));
            }
        }
        None
    }
}

/// A revision number, if `value` is one (1 to 2^53 − 1, integral).
pub(crate) fn revision(value: Option<Json<'_, '_>>) -> Option<u64> {
    value
        .and_then(Json::as_number)
        .and_then(hcr_types::revision_value)
}

/// A field name for messages: the pointer in backticks, or "the record" for the root.
pub(crate) fn field(pointer: &JsonPointer) -> String {
    if pointer.is_root() {
        "the record".to_owned()
    } else {
        // Pushed in parts, with room for the rest of a message (a schema error's is built
        // on it): every finding names its place.
        let text = pointer.as_str();
        let mut field = String::with_capacity(text.len() + 48);
        field.push('`');
        field.push_str(text);
        field.push('`');
        field
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Text made of the characters the two rules tell apart: visible ASCII, ASCII spaces and
    /// controls, and non-ASCII letters and whitespace (a no-break space, an ideographic
    /// space, a line separator).
    fn text() -> impl Strategy<Value = String> {
        prop::collection::vec(
            prop::sample::select(vec![
                "a", "Z", "~", " ", "\t", "\n", "\r", "\u{b}", "\u{c}", "\u{1}", "\u{7f}", "é",
                "\u{a0}", "\u{3000}", "\u{2028}", "\u{feff}",
            ]),
            0..5,
        )
        .prop_map(|pieces| pieces.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, .. ProptestConfig::default() })]

        /// The one pass over the strings says what testing each string with each rule's own
        /// test says.
        #[test]
        fn one_pass_over_the_strings_finds_what_each_rule_s_test_does(
            texts in prop::collection::vec(text(), 0..6),
        ) {
            let value = serde_json::json!({"a": texts, "b": {"c": texts.first()}});
            let tree = Tree::from_value(&value, hcr_json::KeyTable::empty());
            let found = Input::new(&tree, &[]).strings();
            prop_assert_eq!(found.blank, texts.iter().any(|t| is_blank(t)), "{:?}", texts);
            prop_assert_eq!(found.padded, texts.iter().any(|t| is_padded(t)), "{:?}", texts);
            prop_assert_eq!(found.empty, texts.iter().any(String::is_empty), "{:?}", texts);
        }
    }
}
