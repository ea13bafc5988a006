//! A record's secrets, searched for all at once wherever its text is shown again: source
//! excerpts, messages, pointers, diffs, drafts.
//!
//! A secret found once is masked wherever its value recurs, even where the text around it no
//! longer says it is one (`{"password": "X", "note": "X"}`), and each piece of a secret split
//! across array items is masked on its own.

use std::borrow::Cow;
use std::ops::Range;

use aho_corasick::AhoCorasick;
use serde_json::Value;

use hcr_json::{JsonPointer, KeyTable};

use super::document;
use super::scanner;
use super::source::View;

/// Most secrets one set holds; a record with more is masked wholesale (see
/// [`SecretSet::overflowed`]).
pub(crate) const MAX_SECRETS: usize = 4096;
const MAX_SECRET_BYTES: usize = 1 << 20;

/// Split pieces shorter than this are not searched for: alone, a piece that short (a line
/// break's remainder, a word of a sentence) would mask the text around it wholesale.
const MIN_PIECE: usize = 5;
/// Whole secrets shorter than this are not searched for either (they would mask half the
/// text).
const MIN_SECRET: usize = 3;

/// Collects the secrets a walk finds, bounded, into a [`SecretSet`].
#[derive(Debug, Default)]
pub struct Collector {
    secrets: Vec<String>,
    bytes: usize,
    overflow: bool,
}

impl Collector {
    /// Adds the pieces of one secret (one piece unless it was split).
    pub fn add(&mut self, pieces: &[&str]) {
        let min = if pieces.len() > 1 {
            MIN_PIECE
        } else {
            MIN_SECRET
        };
        for piece in pieces {
            // A piece of only whitespace (an item of a split block that is blank, or the
            // indentation a broken record's items were read with) shows nothing of the
            // secret, and searching for it would mask every indentation of that width.
            if piece.chars().count() < min || piece.trim().is_empty() {
                continue;
            }
            if self.secrets.len() == MAX_SECRETS || self.bytes + piece.len() > MAX_SECRET_BYTES {
                self.overflow = true;
                return;
            }
            self.bytes += piece.len();
            self.secrets.push((*piece).to_owned());
        }
    }

    /// The set of what was added.
    #[must_use]
    pub fn finish(self) -> SecretSet {
        SecretSet::new(self.secrets, self.overflow)
    }
}

/// The secrets of one record (or of the records a command shows), ready to be masked in any
/// text.
///
/// ```
/// use hcr_json::KeyTable;
/// use hcr_secrets::SecretSet;
///
/// let record = serde_json::json!({"extensions": {"com.example/db": {"password": "Hunter2x9Qzz"}},
///                                 "note": "Hunter2x9Qzz was rotated"});
/// let secrets = SecretSet::from_value(&record, KeyTable::empty());
/// assert_eq!(secrets.redact("see Hunter2x9Qzz"), "see (12 characters, redacted)");
/// ```
#[derive(Debug, Default)]
pub struct SecretSet {
    secrets: Vec<String>,
    automaton: Option<Search>,
    overflow: bool,
}

/// Up to this many secrets are searched for one by one ([`Search::Few`]): a record with
/// secrets usually holds one or two, and building an automaton for them took longer than
/// every search the record's diagnostics make.
const FEW: usize = 8;

/// How a set finds its secrets in a text: every occurrence of each, overlapping.
#[derive(Debug)]
enum Search {
    /// A substring search per secret.
    Few(Vec<memchr::memmem::Finder<'static>>),
    /// One automaton for them all.
    Many(AhoCorasick),
}

impl Search {
    /// Every occurrence of every secret in `text` (unsorted).
    fn ranges(&self, text: &str, out: &mut Vec<Range<usize>>) {
        match self {
            Self::Few(finders) => {
                for finder in finders {
                    let (bytes, length) = (text.as_bytes(), finder.needle().len());
                    let mut from = 0;
                    while let Some(found) = bytes.get(from..).and_then(|rest| finder.find(rest)) {
                        let start = from + found;
                        out.push(start..start + length);
                        from = start + 1;
                    }
                }
            }
            Self::Many(automaton) => {
                out.extend(automaton.find_overlapping_iter(text).map(|m| m.range()));
            }
        }
    }
}

impl SecretSet {
    fn new(mut secrets: Vec<String>, overflow: bool) -> Self {
        // A secret holding `~` or `/` appears escaped in a JSON Pointer (`~0`, `~1`), and
        // pointers are quoted in messages.
        let escaped: Vec<String> = secrets
            .iter()
            .filter(|s| s.contains(['~', '/']))
            .map(|s| s.replace('~', "~0").replace('/', "~1"))
            .collect();
        secrets.extend(escaped);
        secrets.sort_unstable();
        secrets.dedup();
        // Patterns that cannot be compiled (never expected) leave the set without a search;
        // it then masks wholesale, as for too many secrets.
        // A contiguous NFA: a set is built per record that holds secrets and searches only that
        // record's text and messages, where a DFA's longer build does not pay for itself.
        let automaton = if secrets.is_empty() {
            None
        } else if secrets.len() <= FEW {
            Some(Search::Few(
                secrets
                    .iter()
                    .map(|s| memchr::memmem::Finder::new(s.as_bytes()).into_owned())
                    .collect(),
            ))
        } else {
            AhoCorasick::builder()
                .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
                .build(&secrets)
                .ok()
                .map(Search::Many)
        };
        let overflow = overflow || (!secrets.is_empty() && automaton.is_none());
        Self {
            secrets,
            automaton,
            overflow,
        }
    }

    /// The secrets of a parsed document: every string and key, credential pairs and split
    /// items (see [`scan_value`](super::scan_value)).
    #[must_use]
    pub fn from_value(value: &Value, fixed: &KeyTable) -> Self {
        let mut collector = Collector::default();
        document::walk(value, &JsonPointer::root(), None, fixed, &mut |event| {
            collector.add(event.pieces);
        });
        collector.finish()
    }

    /// The secrets of source text, whether or not it parses (string literals unescaped).
    #[must_use]
    pub fn from_source(raw: &[u8]) -> Self {
        let view = View::new(raw);
        let mut collector = Collector::default();
        for hit in scanner::scan(&view.text) {
            collector.add(&[&view.text[hit.range]]);
        }
        // Secrets split across the items of what reads as an array.
        view.for_each_run(&mut |run| {
            let items: Vec<&str> = run
                .iter()
                .filter_map(|r| view.text.get(r.clone()))
                .collect();
            document::split_pieces(&items, &mut |pieces| collector.add(pieces));
        });
        collector.finish()
    }

    /// The secrets of Markdown text (a `HANDOFF.md`): as [`SecretSet::from_source`] reads
    /// it, and as its reader sees it, with backslash escapes and HTML character references
    /// decoded (`ghp\_…`, `&#103;hp_…`); each secret found that way is kept both decoded and
    /// as written, so that either form is masked wherever it is shown.
    #[must_use]
    pub fn from_markdown(text: &str) -> Self {
        let written = Self::from_source(text.as_bytes());
        let view = View::markdown(text);
        if !view.decodes() {
            return written;
        }
        let mut collector = Collector::default();
        for hit in scanner::scan(&view.text) {
            collector.add(&[&view.text[hit.range.clone()]]);
            if let Some(as_written) = text.get(view.source_range(&hit.range)) {
                collector.add(&[as_written]);
            }
        }
        written.union(collector.finish())
    }

    /// The ranges of Markdown `text` to mask: as [`SecretSet::mask_source`] finds them, and
    /// every secret as its reader sees it, mapped back to the escapes that spell it.
    #[must_use]
    pub fn mask_markdown(&self, text: &str) -> Vec<Range<usize>> {
        let mut ranges = self.mask_source(text.as_bytes());
        if self.is_empty() {
            return ranges;
        }
        let view = View::markdown(text);
        if view.decodes() {
            ranges.extend(self.ranges(&view.text).iter().map(|r| view.source_range(r)));
        }
        merged(ranges)
    }

    /// No secret was found.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.secrets.is_empty() && !self.overflow
    }

    /// More secrets were found than one set holds: masking is then wholesale (every string
    /// literal of an excerpt, every generated-looking word of a message).
    #[must_use]
    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// The secrets searched for, in no particular order (with the pointer-escaped forms of
    /// those holding `~` or `/`); for tests that check an output repeats none of them.
    pub fn secrets(&self) -> impl Iterator<Item = &str> {
        self.secrets.iter().map(String::as_str)
    }

    /// Adds the secrets of `other`.
    #[must_use]
    pub fn union(self, other: Self) -> Self {
        let overflow = self.overflow || other.overflow;
        let mut secrets = self.secrets;
        secrets.extend(other.secrets);
        if secrets.len() > MAX_SECRETS {
            secrets.truncate(MAX_SECRETS);
            return Self::new(secrets, true);
        }
        Self::new(secrets, overflow)
    }

    /// The ranges of `text` that hold a secret, sorted, merged.
    #[must_use]
    pub fn ranges(&self, text: &str) -> Vec<Range<usize>> {
        let mut ranges: Vec<Range<usize>> = Vec::new();
        if let Some(search) = &self.automaton {
            search.ranges(text, &mut ranges);
        }
        if self.overflow {
            ranges.extend(scanner::scan(text).into_iter().map(|h| h.range));
            ranges.extend(generated_words(text));
        }
        merged(ranges)
    }

    /// `text` with every secret replaced by its [`redact`](super::redact)ed form.
    #[must_use]
    pub fn redact<'t>(&self, text: &'t str) -> Cow<'t, str> {
        if self.is_empty() {
            return Cow::Borrowed(text);
        }
        let ranges = self.ranges(text);
        if ranges.is_empty() {
            return Cow::Borrowed(text);
        }
        let mut out = String::with_capacity(text.len());
        let mut at = 0;
        for range in ranges {
            out.push_str(&text[at..range.start]);
            out.push_str(&super::redact(&text[range.clone()]));
            at = range.end;
        }
        out.push_str(&text[at..]);
        Cow::Owned(out)
    }

    /// Redacts every string and key of `value`; returns how many changed.
    pub fn redact_value(&self, value: &mut Value) -> usize {
        if self.is_empty() {
            return 0;
        }
        match value {
            Value::String(text) => match self.redact(text) {
                Cow::Owned(redacted) => {
                    *text = redacted;
                    1
                }
                Cow::Borrowed(_) => 0,
            },
            Value::Array(items) => items.iter_mut().map(|v| self.redact_value(v)).sum(),
            Value::Object(map) => {
                let mut changed = 0;
                if map.keys().any(|key| !self.ranges(key).is_empty()) {
                    let entries = std::mem::take(map);
                    for (key, item) in entries {
                        let key = match self.redact(&key) {
                            Cow::Owned(redacted) => {
                                changed += 1;
                                redacted
                            }
                            Cow::Borrowed(_) => key,
                        };
                        map.insert(key, item);
                    }
                }
                changed
                    + map
                        .values_mut()
                        .map(|v| self.redact_value(v))
                        .sum::<usize>()
            }
            _ => 0,
        }
    }

    /// The source ranges to mask where `raw` is shown: every occurrence of a secret (string
    /// literals read unescaped), or, when the set overflowed, every string literal's content.
    #[must_use]
    pub fn mask_source(&self, raw: &[u8]) -> Vec<Range<usize>> {
        if self.is_empty() {
            return Vec::new();
        }
        let view = View::new(raw);
        let mut ranges: Vec<Range<usize>> = self
            .ranges(&view.text)
            .iter()
            .map(|r| view.source_range(r))
            .collect();
        if self.overflow {
            ranges.extend(view.strings().iter().cloned());
        }
        merged(ranges)
    }
}

/// Words of `text` that look generated (for wholesale masking).
pub(crate) fn generated_words(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let separator = c.is_whitespace() || matches!(c, '`' | '/' | '"' | '\'');
        match (start, separator) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                let word = &text[s..i];
                if word.len() >= 8 && super::values::looks_generated(word) {
                    out.push(s..i);
                }
                start = None;
            }
            _ => {}
        }
    }
    out
}

/// `ranges` sorted by start, overlapping and touching ones merged.
#[must_use]
pub fn merged(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_by_key(|r| r.start);
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

#[cfg(test)]
mod search_tests {
    use proptest::prelude::*;

    use super::{AhoCorasick, Search};

    proptest! {
        /// A few secrets searched one by one find every occurrence the automaton finds,
        /// overlapping ones and those of one secret inside another included.
        #[test]
        fn the_few_search_finds_what_the_automaton_finds(
            secrets in proptest::collection::vec("[ab\u{e9}~/]{1,4}", 1..=super::FEW),
            text in "[ab\u{e9}~/ ]{0,40}",
        ) {
            let few = Search::Few(
                secrets
                    .iter()
                    .map(|s| memchr::memmem::Finder::new(s.as_bytes()).into_owned())
                    .collect(),
            );
            let many = Search::Many(
                AhoCorasick::builder()
                    .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
                    .build(&secrets)
                    .expect("builds"),
            );
            let (mut a, mut b) = (Vec::new(), Vec::new());
            few.ranges(&text, &mut a);
            many.ranges(&text, &mut b);
            let key = |r: &std::ops::Range<usize>| (r.start, r.end);
            a.sort_by_key(key);
            a.dedup();
            b.sort_by_key(key);
            b.dedup();
            prop_assert_eq!(a, b);
        }
    }
}
