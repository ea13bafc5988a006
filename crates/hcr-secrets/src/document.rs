//! Secrets in a parsed record: in every string, in every key the schema does not define, in a
//! credential's name and value (`{"password": …}`, `{"name": "DB_PASSWORD", "value": …}`),
//! and split across neighbouring items of an array (a PEM block one line per item, a token
//! cut in two). Strings are read decoded, so escapes in the source change nothing.

use std::ops::Range;

use hcr_json::{Anchor, FlatNode, JsonPointer, JsonView, KeyTable, Kind, NOT_A_KEY, Segment, Tree};
use serde_json::Value;

use super::names::{NameClass, classify};
use super::rules::{self, RULES};
use super::scanner::{self, Hit};
use super::values;

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

/// What [`walk`] reports for each secret: everything a caller needs to name it, built
/// without allocating (the pointer only when asked for).
pub struct Event<'e> {
    /// The rule that found it: an index into [`RULES`].
    pub rule: usize,
    /// Where it was found.
    pub shape: Shape,
    /// Where the walk started.
    pub base: &'e JsonPointer,
    /// The path from `base` to the string holding the secret.
    pub path: &'e [Segment<'e>],
    /// The part of the member meant (its key for a secret in a key).
    pub anchor: Anchor,
    /// The secret as it stands in each string that holds part of it.
    pub pieces: &'e [&'e str],
    /// For a secret split across array items, the first and last item.
    pub items: Option<(usize, usize)>,
}

impl Event<'_> {
    /// The pointer of the string holding the secret (built only when asked for).
    #[must_use]
    pub fn pointer(&self) -> JsonPointer {
        JsonPointer::from_steps(self.base, self.path)
    }

    /// The finding, owned.
    #[must_use]
    pub fn finding(&self) -> DocumentFinding {
        DocumentFinding {
            rule: RULES[self.rule].id,
            kind: RULES[self.rule].kind,
            shape: self.shape,
            pointer: self.pointer(),
            items: self.items,
        }
    }
}

/// Walks `value`, which sits at `base`, calling `on` for each secret; `occurrence` is set for
/// a value a repeated key overwrote (the `n`th occurrence of its member). A key `fixed`
/// holds is a fixed word of the format (a schema's property name), never a secret.
pub fn walk<'v>(
    value: impl JsonView<'v>,
    base: &JsonPointer,
    occurrence: Option<usize>,
    fixed: &KeyTable,
    on: &mut dyn FnMut(&Event<'_>),
) {
    let mut walker = Walker {
        base,
        occurrence,
        fixed,
        on,
        scratch: Scratch::default(),
    };
    let mut path = Vec::new();
    walker.value(value, &mut path);
}

/// [`walk`] over node `at` of `tree`, read from the tree's flat list of nodes rather than
/// through [`JsonView`]: the same events, in the same order (an object with a repeated key is
/// read as `JSON.parse` reads it, through the view).
pub fn walk_tree(
    tree: &Tree<'_>,
    at: usize,
    base: &JsonPointer,
    occurrence: Option<usize>,
    fixed: &KeyTable,
    on: &mut dyn FnMut(&Event<'_>),
) {
    let mut flat = Flat {
        walker: Walker {
            base,
            occurrence,
            fixed,
            on,
            scratch: Scratch::take(),
        },
        tree,
        numbered: std::ptr::eq(fixed, tree.keys()),
        probed: tree.probed_with(&crate::ANCHOR_PROBE),
        quiet: false,
        path: Vec::new(),
        items: Vec::new(),
    };
    // A quiet container holds nothing this walk can report (see `Flat::quiet`).
    flat.quiet = flat.probed && flat.numbered;
    flat.value(at);
    flat.walker.scratch.put_back();
}

/// The walk of [`walk_tree`]: [`Walker`]'s, each node read from the flat list.
struct Flat<'w, 't, 'a> {
    walker: Walker<'w>,
    tree: &'t Tree<'a>,
    /// Whether the keys' numbers are those of `walker.fixed` (else each key is looked up).
    numbered: bool,
    /// Whether the parser made [`crate::ANCHOR_PROBE`] of every string value (see
    /// [`Probed`]).
    probed: bool,
    /// Whether a container the tree says is quiet ([`Tree::quiet`]) is passed over: with the
    /// tree probed and its keys numbered from `walker.fixed`, its subtree holds no string an
    /// anchor starts in, no key that is not a fixed word, no array's string item and no
    /// repeated key, so no secret of any shape (each needs an anchor in a string, or a key
    /// that is no fixed word).
    quiet: bool,
    path: Vec<Segment<'t>>,
    /// The items of the arrays being walked, each item's text when it is a string: each
    /// array's after those of the arrays it is inside.
    items: Vec<Option<&'t str>>,
}

/// What the parser's probe ([`crate::ANCHOR_PROBE`]) said of a string value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Probed {
    /// Not probed (an array's item, a key, a tree read otherwise): scanned whole.
    Unknown,
    /// No anchor starts in it but those the scanner finds nothing at: it holds no secret of
    /// its own.
    Clean,
    /// No anchor starts before this place: its search starts here.
    From(usize),
}

impl<'t> Flat<'_, 't, '_> {
    /// What the parser's probe said of the string value at node `at`.
    #[inline]
    fn probed(&self, at: usize) -> Probed {
        if !self.probed {
            return Probed::Unknown;
        }
        match self.tree.probed(at) {
            None => Probed::Unknown,
            Some(None) => Probed::Clean,
            Some(Some(first)) => Probed::From(first),
        }
    }

    /// The value at node `at`; the node after it.
    fn value(&mut self, at: usize) -> usize {
        match self.tree.node(at) {
            FlatNode::String(text) => {
                let anchor = self.walker.value_anchor(&self.path);
                let probed = self.probed(at);
                self.walker
                    .string(text, probed, &self.path, Shape::Value, anchor);
                at + 1
            }
            FlatNode::Array { end, .. } | FlatNode::Object { end, .. }
                if self.quiet && self.tree.quiet(at) =>
            {
                end
            }
            FlatNode::Array { items, end } => {
                self.array(at, items);
                end
            }
            FlatNode::Object {
                members,
                end,
                repeats,
            } => {
                self.object(at, members, repeats, None);
                end
            }
            FlatNode::Scalar | FlatNode::Key(..) => at + 1,
        }
    }

    /// The object at node `at` (see [`Walker::object`]).
    fn object(&mut self, at: usize, members: usize, repeats: bool, parent: Option<NameClass>) {
        if repeats {
            // Read as `JSON.parse` reads it: each key once, with its last value.
            self.walker.object(self.tree.at(at), &mut self.path, parent);
            return;
        }
        let mut named: Option<Option<NameClass>> = None;
        let mut key_at = at + 1;
        for _ in 0..members {
            let FlatNode::Key(key, number) = self.tree.node(key_at) else {
                return;
            };
            let value_at = key_at + 1;
            self.path.push(Segment::Key(key));
            // A property name of the schema is a fixed word, never a secret.
            let number = if self.numbered {
                number
            } else {
                self.walker.fixed.number_of(key)
            };
            let schema_key = number != NOT_A_KEY;
            if !schema_key {
                self.walker
                    .string(key, Probed::Unknown, &self.path, Shape::Key, Anchor::Key);
            }
            key_at = match self.tree.node(value_at) {
                FlatNode::String(text) => {
                    let tree = self.tree;
                    let probed = self.probed(value_at);
                    // A fixed word's value the probe found clean: `member_string` would find
                    // no secret of its own, and a fixed word names no credential, so it would
                    // do nothing (most of a record's strings beside one that holds an anchor).
                    if !(schema_key && probed == Probed::Clean) {
                        self.walker.member_string(
                            key,
                            text,
                            probed,
                            schema_key,
                            &self.path,
                            &mut named,
                            || object_name(tree.at(at), parent),
                        );
                    }
                    value_at + 1
                }
                FlatNode::Array { end, .. } | FlatNode::Object { end, .. }
                    if self.quiet && self.tree.quiet(value_at) =>
                {
                    end
                }
                FlatNode::Object {
                    members,
                    end,
                    repeats,
                } => {
                    let parent = if schema_key { None } else { classify(key) };
                    self.object(value_at, members, repeats, parent);
                    end
                }
                FlatNode::Array { items, end } => {
                    self.array(value_at, items);
                    end
                }
                FlatNode::Scalar | FlatNode::Key(..) => value_at + 1,
            };
            self.path.pop();
        }
    }

    /// The array at node `at`, of `count` items (see [`Walker::array`]).
    fn array(&mut self, at: usize, count: usize) {
        let first = self.items.len();
        let mut item_at = at + 1;
        for i in 0..count {
            if let FlatNode::String(text) = self.tree.node(item_at) {
                self.items.push(Some(text));
                item_at += 1;
            } else {
                self.items.push(None);
                self.path.push(Segment::Index(i));
                item_at = self.value(item_at);
                self.path.pop();
            }
        }
        // An array's string items are not probed (see `hcr_json`'s parser): a run of them is
        // searched joined, as before.
        self.walker
            .string_items(&self.items[first..], &mut self.path);
        self.items.truncate(first);
    }
}

/// Every secret in `value` (the keys `fixed` holds are fixed words, never secrets).
#[must_use]
pub fn scan_value(value: &Value, fixed: &KeyTable) -> Vec<DocumentFinding> {
    let mut found = Vec::new();
    walk(value, &JsonPointer::root(), None, fixed, &mut |event| {
        found.push(event.finding());
    });
    found
}

struct Walker<'w> {
    base: &'w JsonPointer,
    occurrence: Option<usize>,
    fixed: &'w KeyTable,
    on: &'w mut dyn FnMut(&Event<'_>),
    scratch: Scratch,
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

    /// Scans one string (as `probed` allows); whether it held a secret.
    fn string(
        &mut self,
        text: &str,
        probed: Probed,
        path: &[Segment<'_>],
        shape: Shape,
        anchor: Anchor,
    ) -> bool {
        if probed == Probed::Clean {
            return false;
        }
        let hits = scan_probed(text, probed);
        for hit in &hits {
            self.emit(hit, text, shape, path, anchor);
        }
        !hits.is_empty()
    }

    fn value<'v>(&mut self, value: impl JsonView<'v>, path: &mut Vec<Segment<'v>>) {
        match value.kind() {
            Kind::String => {
                let anchor = self.value_anchor(path);
                let text = value.as_str().unwrap_or_default();
                self.string(text, Probed::Unknown, path, Shape::Value, anchor);
            }
            Kind::Array => self.array(value, path),
            Kind::Object => self.object(value, path, None),
            _ => {}
        }
    }

    /// An object; `parent` is what the key holding it says (`{"secret": {"value": …}}`).
    fn object<'v, V: JsonView<'v>>(
        &mut self,
        map: V,
        path: &mut Vec<Segment<'v>>,
        parent: Option<NameClass>,
    ) {
        // What the object's name says, read only when a member like `value` needs it.
        let mut named: Option<Option<NameClass>> = None;
        for (key, child) in map.members() {
            path.push(Segment::Key(key));
            // A property name of the schema is a fixed word, never a secret.
            let schema_key = child.key_number(self.fixed, key) != NOT_A_KEY;
            if !schema_key {
                self.string(key, Probed::Unknown, path, Shape::Key, Anchor::Key);
            }
            match child.kind() {
                Kind::String => {
                    let text = child.as_str().unwrap_or_default();
                    let probed = Probed::Unknown;
                    self.member_string(key, text, probed, schema_key, path, &mut named, || {
                        object_name(map, parent)
                    });
                }
                Kind::Object if !schema_key => {
                    self.object(child, path, classify(key));
                }
                _ => self.value(child, path),
            }
            path.pop();
        }
    }

    /// The string value `text` of member `key` at `path` (`schema_key`: the key is a fixed
    /// word): its own secrets, then, when it holds none, the credential its key (or, for a
    /// member like `value`, the object's name, `named` once read) says it is.
    #[allow(clippy::too_many_arguments)]
    fn member_string(
        &mut self,
        key: &str,
        text: &str,
        probed: Probed,
        schema_key: bool,
        path: &[Segment<'_>],
        named: &mut Option<Option<NameClass>>,
        object_name: impl FnOnce() -> Option<NameClass>,
    ) {
        let anchor = self.value_anchor(path);
        let found = self.string(text, probed, path, Shape::Value, anchor);
        let class = if found || schema_key {
            None
        } else if matches!(key, "value" | "Value" | "current" | "plaintext" | "data") {
            named
                .get_or_insert_with(object_name)
                .or_else(|| classify(key))
        } else {
            classify(key)
        };
        if let Some(class) = class {
            for hit in pair(class, text) {
                self.emit(&hit, text, Shape::Pair, path, anchor);
            }
        }
    }

    /// An array: its items, then the secrets that span neighbouring string items (a PEM
    /// block one line per item, a token cut in two). A secret found inside one item that
    /// such a span contains is reported as the span.
    fn array<'v>(&mut self, array: impl JsonView<'v>, path: &mut Vec<Segment<'v>>) {
        // Each item's text, if it is a string; other items are walked first.
        let mut texts: Vec<Option<&'v str>> = Vec::with_capacity(array.len());
        for (i, item) in array.items().enumerate() {
            texts.push(item.as_str());
            if item.as_str().is_none() {
                path.push(Segment::Index(i));
                self.value(item, path);
                path.pop();
            }
        }
        self.string_items(&texts, path);
    }

    /// The string items of an array at `path`, each item's text when it is a string (the
    /// other items walked already): their own secrets, then the secrets that span neighbouring
    /// items.
    fn string_items<'v>(&mut self, texts: &[Option<&'v str>], path: &mut Vec<Segment<'v>>) {
        // Each item's own secrets, once one is found.
        let mut own: Vec<Vec<Hit>> = Vec::new();
        let mut spans = Vec::new();
        let mut i = 0;
        while i < texts.len() {
            let run_start = i;
            while i < texts.len() && texts[i].is_some() {
                i += 1;
            }
            if i > run_start {
                let run = &texts[run_start..i];
                spans.extend(run_secrets(run, run_start, &mut own, &mut self.scratch));
            }
            i += 1;
        }
        self.scratch.release_large();
        let anchor = self.value_anchor(path);
        for (i, hits) in own.iter().enumerate() {
            if let Some(text) = texts[i] {
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

/// Buffers an array's runs are joined in, kept from one array to the next while small.
struct Scratch {
    joined: String,
    starts: Vec<usize>,
    /// The anchors of the joined text, in the order they end.
    found: Vec<scanner::Found>,
    /// The most anchors of a run kept to be scanned from (see [`MAX_FOUND`]).
    cap: usize,
}

impl Default for Scratch {
    fn default() -> Self {
        Self {
            joined: String::new(),
            starts: Vec::new(),
            found: Vec::new(),
            cap: MAX_FOUND,
        }
    }
}

thread_local! {
    /// The buffers of the thread's last walk over a tree, kept for its next (one walk a
    /// record): their room was allocated and grown again for every record.
    static SCRATCH: std::cell::Cell<Option<Scratch>> = const { std::cell::Cell::new(None) };
}

impl Scratch {
    /// The most text kept for the next array: a record's usual arrays fit, and a huge one's
    /// joined text is not held through the rest of the walk.
    const KEEP: usize = 64 * 1024;

    /// The thread's buffers (new ones if a walk on this thread holds them). Every use
    /// clears what it reads first.
    fn take() -> Self {
        SCRATCH.take().unwrap_or_default()
    }

    /// Keeps these buffers for the thread's next walk (a huge array's dropped first).
    fn put_back(mut self) {
        self.release_large();
        SCRATCH.set(Some(self));
    }

    fn release_large(&mut self) {
        if self.joined.capacity() > Self::KEEP {
            *self = Self {
                cap: self.cap,
                ..Self::default()
            };
        }
    }
}

/// The secrets of a run of consecutive string items (every one `Some`) starting at index
/// `first`: each item's own (into `own`, indexed from the array's start and grown to hold
/// them), and those that span items.
///
/// The run is joined and searched for anchors once. An item holds an anchor of its own
/// exactly where the joined text holds one inside the item, so only those items are scanned
/// alone, from those anchors; the joined text is scanned from all of them; and without any
/// anchor no secret can span items.
fn run_secrets<'v>(
    run: &[Option<&'v str>],
    first: usize,
    own: &mut Vec<Vec<Hit>>,
    scratch: &mut Scratch,
) -> Vec<Span<'v>> {
    let keep = |own: &mut Vec<Vec<Hit>>, at: usize, hits: Vec<Hit>| {
        if !hits.is_empty() {
            if own.len() <= at {
                own.resize(first + run.len(), Vec::new());
            }
            own[at] = hits;
        }
    };
    if let [only] = run {
        keep(own, first, scanner::scan(only.unwrap_or_default()));
        return Vec::new();
    }
    let Scratch {
        joined,
        starts,
        found,
        cap,
    } = scratch;
    joined.clear();
    starts.clear();
    // Exactly the run's length: growing by doubling would keep twice the longest run.
    joined.reserve_exact(run.iter().flatten().map(|text| text.len()).sum());
    for text in run.iter().flatten() {
        starts.push(joined.len());
        joined.push_str(text);
    }
    found.clear();
    let all = scanner::anchors_in(joined, found, *cap);
    if all && found.is_empty() {
        return Vec::new();
    }
    if !all {
        // Text dense with anchors (a megabyte of `password=`): too many to keep, so each item
        // holding one is scanned alone and the joined text again, each finding its anchors
        // anew (linear, in bounded memory).
        let mut holds = vec![false; run.len()];
        scanner::for_each_anchor(joined, |start, end| {
            let item = item_of(starts, start);
            if item == item_of(starts, end - 1) {
                holds[item] = true;
            }
        });
        for (j, text) in run.iter().enumerate() {
            if holds[j] {
                keep(own, first + j, scanner::scan(text.unwrap_or_default()));
            }
        }
        return joined_secrets(joined, starts, run, first, own, None);
    }
    // Words in prose: neither an item's scan nor the joined scan finds anything at them.
    scanner::pass_over_prose(joined, starts, found);
    if found.is_empty() {
        return Vec::new();
    }
    for (j, text) in run.iter().enumerate() {
        let text = text.unwrap_or_default();
        let (start, end) = (starts[j], starts[j] + text.len());
        // The anchors that end inside the item, found by their ends (in order): those that
        // also start inside it are its own (`scan_found` keeps those, and an item without
        // one costs nothing more).
        let from = found.partition_point(|&(_, _, stop)| stop <= start);
        let to = found.partition_point(|&(_, _, stop)| stop <= end);
        keep(
            own,
            first + j,
            scanner::scan_found(text, &[], &found[from..to], start),
        );
    }
    joined_secrets(joined, starts, run, first, own, Some(found))
}

/// `text`'s secrets, scanned as the parser's probe allows (nothing for [`Probed::Clean`]).
fn scan_probed(text: &str, probed: Probed) -> Vec<Hit> {
    match probed {
        Probed::Unknown => scanner::scan(text),
        Probed::Clean => Vec::new(),
        Probed::From(first) => scanner::scan_from(text, first),
    }
}

/// The most anchors of a run kept to be scanned from (24 KiB); a record's runs hold a few.
const MAX_FOUND: usize = 1024;

/// A span as a test compares it: its rule, first and last items, and pieces.
#[cfg(test)]
pub(super) type SpanSeen = (usize, usize, usize, Vec<String>);

/// The secrets of `items` as an array's run with at most `cap` anchors kept: each item's own
/// hits, and each span's rule, items and pieces. For the tests, which hold the two ways of
/// scanning a run (from anchors kept, or found anew) to one answer.
#[cfg(test)]
pub(super) fn run_with_cap(items: &[&str], cap: usize) -> (Vec<Vec<Hit>>, Vec<SpanSeen>) {
    let run: Vec<Option<&str>> = items.iter().copied().map(Some).collect();
    let mut own = Vec::new();
    let mut scratch = Scratch {
        cap,
        ..Scratch::default()
    };
    let spans = run_secrets(&run, 0, &mut own, &mut scratch)
        .into_iter()
        .map(|span| {
            let pieces = span.pieces.iter().map(|p| (*p).to_owned()).collect();
            (span.rule, span.from, span.to, pieces)
        })
        .collect();
    own.resize(items.len(), Vec::new());
    (own, spans)
}

/// What an object's name says (`{"name": "DB_PASSWORD", "value": "…"}`, an environment
/// list's entry): the first of these members the object has as a string, in this order, or
/// what the key holding the object says.
fn object_name<'v>(map: impl JsonView<'v>, parent: Option<NameClass>) -> Option<NameClass> {
    let rank = |key: &str| match key {
        "name" => Some(0),
        "key" => Some(1),
        "Name" => Some(2),
        "Key" => Some(3),
        "variable" => Some(4),
        _ => None,
    };
    let mut naming: Option<(usize, &str)> = None;
    for (key, child) in map.members() {
        if let (Some(rank), Some(text)) = (rank(key), child.as_str())
            && naming.is_none_or(|(best, _)| rank < best)
        {
            naming = Some((rank, text));
        }
    }
    naming.and_then(|(_, text)| classify(text)).or(parent)
}

/// Calls `on` with the pieces of each secret that spans neighbouring `items`.
pub(crate) fn split_pieces(items: &[&str], on: &mut dyn FnMut(&[&str])) {
    let run: Vec<Option<&str>> = items.iter().copied().map(Some).collect();
    let mut own = Vec::new();
    for span in run_secrets(&run, 0, &mut own, &mut Scratch::default()) {
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

/// The secrets that cross an item boundary of `texts`, consecutive string items starting at
/// index `first` and joined into `joined` at `starts`; the items' own hits (`own`, indexed from
/// the array's start) that a span contains are removed, and a span that only partly overlaps
/// an item's own hit is dropped. `found`: the joined text's anchors, when they were kept.
fn joined_secrets<'v>(
    joined: &str,
    starts: &[usize],
    texts: &[Option<&'v str>],
    first: usize,
    own: &mut [Vec<Hit>],
    found: Option<&[scanner::Found]>,
) -> Vec<Span<'v>> {
    let mut spans = Vec::new();
    let hits = match found {
        Some(found) => scanner::scan_found(joined, &starts[1..], found, 0),
        None => scanner::scan_joined(joined, &starts[1..]),
    };
    for hit in hits {
        let (from, to) = (
            item_of(starts, hit.range.start),
            item_of(starts, hit.range.end - 1),
        );
        if from == to {
            continue;
        }
        let in_joined = |j: usize, h: &Hit| starts[j] + h.range.start..starts[j] + h.range.end;
        let partly = (from..=to).any(|j| {
            hits_of(own, first + j).iter().any(|h| {
                let r = in_joined(j, h);
                overlaps(&r, &hit.range) && !(hit.range.start <= r.start && r.end <= hit.range.end)
            })
        });
        if partly {
            continue;
        }
        for j in from..=to {
            let range = |h: &Hit| in_joined(j, h);
            if let Some(hits) = own.get_mut(first + j) {
                hits.retain(|h| !overlaps(&range(h), &hit.range));
            }
        }
        let pieces = (from..=to)
            .map(|j| {
                let text = texts[j].unwrap_or_default();
                let start = hit.range.start.max(starts[j]) - starts[j];
                let end = hit.range.end.min(starts[j] + text.len()) - starts[j];
                &text[start..end]
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

/// The item of a joined run, whose items start at `starts`, that holds byte `offset`.
fn item_of(starts: &[usize], offset: usize) -> usize {
    starts.partition_point(|&s| s <= offset).saturating_sub(1)
}

/// The hits of item `at` in `own` (none if it was never grown to hold them).
fn hits_of(own: &[Vec<Hit>], at: usize) -> &[Hit] {
    own.get(at).map_or(&[], Vec::as_slice)
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
