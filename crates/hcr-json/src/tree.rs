//! The parsed document every check reads: a flat tree of JSON values over the text.
//!
//! The parser ([`crate::parse`]) writes the values in document order into one vector: a
//! container is followed by its items (an object by its members, each a key then its value)
//! and knows where its subtree ends, so walking it is a loop over a slice. A node is a few
//! plain integers: a string is a range of the source text, or of a buffer of decoded text when
//! it held escapes; a number is an index into the tree's numbers. Nothing is hashed and
//! nothing is allocated per value, which makes building it several times cheaper than a
//! `serde_json::Value`.
//!
//! Objects keep every member, repeated keys included; [`Json`] reads them as `JSON.parse` does
//! (the last value of a repeated key, at its first key's place), and the values repeats
//! overwrote stay in the tree for the secret scan. A `serde_json::Value` a caller holds is
//! read through [`Tree::from_value`], so every check has one implementation.

use std::collections::HashMap;
use std::ops::Range;

use crate::JsonPointer;
use crate::view::{JsonView, Kind};
use serde_json::{Map, Number, Value};

use crate::keys::{KeyTable, NOT_A_KEY, Probe, fingerprint, same_key};
use crate::place::Anchor;

/// What a [`Node`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Tag {
    Null,
    False,
    True,
    /// `a` indexes the tree's numbers.
    Number,
    /// `text` is the string, unless it held escapes (see [`Node::flag`]).
    String,
    /// An object member's key, `text` its text; its value follows.
    Key,
    /// `count` items follow; the subtree ends before node `a`.
    Array,
    /// `count` members follow, each a key and its value; the subtree ends before node `a`.
    Object,
}

/// One value (or key) of a [`Tree`]: plain fields, so that writing one is a few stores.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<'a> {
    pub(crate) tag: Tag,
    /// A string's or key's text is the tree's decoded text number `a`; an object has a
    /// repeated key.
    pub(crate) flag: bool,
    /// A container's items or members; a key's [`fingerprint`]; for a string value of a
    /// probed tree ([`Tree::probed_with`]), its probe's answer: 0 when it was not probed, 1
    /// for none, else the position plus 2.
    pub(crate) count: u64,
    /// A key's name's number among the schema's property names
    /// ([`KeyTable`]).
    pub(crate) property: u8,
    /// A container of a probed tree that is quiet ([`Tree::quiet`]).
    pub(crate) quiet: bool,
    /// A decoded text's or a number's index, or the end of a container's subtree: 32 bits,
    /// so that a node takes 32 bytes (a tree holds one per value and key; a 16 MiB record
    /// can hold millions).
    pub(crate) a: u32,
    /// A string's or key's text, unless it is decoded.
    pub(crate) text: &'a str,
}

// A node is 32 bytes (see `Node::a`).
const _: () = assert!(std::mem::size_of::<Node<'static>>() == 32);

/// An index as a node holds it. A tree of more than 2^32 nodes would need a record of
/// several GiB and hundreds of GiB of memory; the index saturates rather than wraps.
pub(crate) fn index32(index: usize) -> u32 {
    u32::try_from(index).unwrap_or(u32::MAX)
}

/// A node's index back as a `usize`.
pub(crate) fn widen(index: u32) -> usize {
    usize::try_from(index).unwrap_or(usize::MAX)
}

impl Node<'_> {
    /// A container's number of items or members.
    pub(crate) fn items(&self) -> usize {
        usize::try_from(self.count).unwrap_or(usize::MAX)
    }
}

impl<'a> Node<'a> {
    /// A node without payload.
    pub(crate) const fn of(tag: Tag) -> Self {
        Self {
            tag,
            flag: false,
            count: 0,
            property: NOT_A_KEY,
            quiet: false,
            a: 0,
            text: "",
        }
    }

    /// A key whose text is `text`: its fingerprint and its name's number. Inlined into the
    /// parser's string reading: out of line, the call, its saved registers and the node
    /// returned through memory cost about as much as the lookup (8.1 M instructions of 169 M
    /// on 1,000 `standard` records, 4.3 M less in all inlined).
    #[inline]
    fn key(text: &str, keys: &KeyTable) -> Self {
        let count = fingerprint(text);
        Self {
            count,
            property: keys.number(text, count),
            ..Self::of(Tag::Key)
        }
    }

    /// A string or key node for `text`, its text not set: a key keeps its [`fingerprint`] in
    /// `count`, and its name's number.
    #[inline(always)]
    fn without_text(tag: Tag, text: &str, keys: &KeyTable) -> Self {
        if tag == Tag::Key {
            Self::key(text, keys)
        } else {
            Self::of(tag)
        }
    }

    /// A string or key whose text is `text` (see [`Node::without_text`]).
    #[inline(always)]
    pub(crate) fn text(tag: Tag, text: &'a str, keys: &KeyTable) -> Self {
        Self {
            text,
            ..Self::without_text(tag, text, keys)
        }
    }
}

/// The path [`Tree::locate_after`] took for the last pointer it located without a repeated
/// key on the way.
#[derive(Default)]
pub(crate) struct Trail<'p> {
    /// That pointer.
    pointer: &'p str,
    /// Each token's step.
    steps: Vec<Step>,
}

/// One token of a [`Trail`].
struct Step {
    /// Where the token ends in the pointer.
    end: usize,
    /// The member's key node (none for an item).
    key: Option<usize>,
    /// The value's node.
    value: usize,
    /// For an item: its index and node.
    item: Option<(usize, usize)>,
}

/// A pointer's token unescaped (`~1` → `/`, `~0` → `~`); most tokens hold no `~` and are
/// their own unescaped form.
fn unescaped(token: &str) -> std::borrow::Cow<'_, str> {
    if token.as_bytes().contains(&b'~') {
        std::borrow::Cow::Owned(crate::pointer::unescape(token))
    } else {
        std::borrow::Cow::Borrowed(token)
    }
}

/// A parsed JSON document: its values in document order (see the module documentation).
#[derive(Clone, Debug)]
pub struct Tree<'a> {
    /// The names whose numbers the keys carry.
    pub(crate) keys: &'a KeyTable,
    /// The text of strings that held escapes, by number.
    pub(crate) decoded: Vec<String>,
    pub(crate) numbers: Vec<Number>,
    pub(crate) nodes: Vec<Node<'a>>,
    /// Each node's byte range in the source (a string's quotes and a container's brackets
    /// included), when the parser that wrote the tree recorded them.
    pub(crate) spans: Option<Vec<(u32, u32)>>,
    /// Known that every string value, overwritten ones included, is [`plain_ends`]: the
    /// one-pass parser tests each as it reads it; any other reader leaves it unknown (false).
    pub(crate) plain_strings: bool,
    /// The [`Probe`] the one-pass parser made of every string value (overwritten ones
    /// included), each answer kept in its node; none for a tree any other reader wrote.
    pub(crate) probe: Option<&'static Probe>,
    /// The root object's members by their key's number, made the first time a member of the
    /// root is asked for (see [`RootMembers`]).
    root_members: std::sync::OnceLock<RootMembers>,
}

/// The value of each of the root object's members whose key's number is below
/// [`RootMembers::NUMBERS`] (the last one, if repeated), by that number: the rules ask the
/// root for a dozen members a record (`evidence`, `openReview`, `decisions`, ...), and a walk
/// over its members for each cost about 190 instructions. Made with one walk; 0 (the root's
/// own node, never a member's value) where no member has that number.
#[derive(Clone, Debug)]
struct RootMembers([u32; RootMembers::NUMBERS]);

impl RootMembers {
    /// How many key numbers the table holds (the v1.0 schema has 42 property names); a
    /// member whose number is higher is found by a walk.
    const NUMBERS: usize = 64;

    /// The table of `tree`'s root (empty for a root that is no object).
    fn of(tree: &Tree<'_>) -> Self {
        let mut values = [0; Self::NUMBERS];
        for (key, value) in tree.root().all_member_nodes() {
            if let Some(slot) = values.get_mut(usize::from(tree.nodes[key].property)) {
                *slot = index32(value);
            }
        }
        Self(values)
    }
}

/// Whether `text` is not empty and starts and ends with a visible ASCII character (`!` to
/// DEL): text that is neither blank nor padded, and not empty, decided from two bytes.
#[inline(always)]
#[must_use]
pub fn plain_ends(text: &[u8]) -> bool {
    let visible = |byte: u8| byte > b' ' && byte < 0x80;
    match (text.first(), text.last()) {
        (Some(&first), Some(&last)) => visible(first) & visible(last),
        _ => false,
    }
}

impl<'a> Tree<'a> {
    /// An empty tree, room made for `nodes` values (and, for a large tree, as many numbers:
    /// room never used is never touched, while a vector that doubles keeps what it outgrew).
    pub(crate) fn new(nodes: usize, keys: &'a KeyTable) -> Self {
        Self {
            keys,
            decoded: Vec::new(),
            // A record holds a dozen numbers or so (revisions, sizes): room for them at once,
            // rather than growing from nothing three times.
            numbers: Vec::with_capacity(if nodes > 1 << 16 { nodes } else { 16 }),
            nodes: Vec::with_capacity(nodes),
            spans: None,
            plain_strings: false,
            probe: None,
            root_members: std::sync::OnceLock::new(),
        }
    }

    /// Appends a string or key whose text was decoded (held escapes).
    pub(crate) fn push_decoded(&mut self, tag: Tag, text: String) {
        self.nodes.push(Node {
            flag: true,
            a: index32(self.decoded.len()),
            ..Node::without_text(tag, &text, self.keys)
        });
        self.decoded.push(text);
    }

    /// Appends a number.
    #[inline]
    pub(crate) fn push_number(&mut self, number: Number) {
        self.nodes.push(Node {
            a: index32(self.numbers.len()),
            ..Node::of(Tag::Number)
        });
        self.numbers.push(number);
    }

    /// Appends a container (its count and end are written by [`Tree::close`]); its index.
    pub(crate) fn open(&mut self, tag: Tag) -> usize {
        self.nodes.push(Node::of(tag));
        self.nodes.len() - 1
    }

    /// Completes the container at `at` with `count` items or members.
    pub(crate) fn close(&mut self, at: usize, count: usize, repeats: bool) {
        let end = self.nodes.len();
        let node = &mut self.nodes[at];
        node.count = u64::try_from(count).unwrap_or(u64::MAX);
        node.a = index32(end);
        node.flag = repeats;
    }

    /// The text of the key at node `index` (empty for anything else).
    pub(crate) fn key_text(&self, index: usize) -> &str {
        match self.nodes.get(index) {
            Some(node) if node.tag == Tag::Key => self.text(node),
            _ => "",
        }
    }

    /// The text of a string or key node.
    #[inline]
    fn text<'t>(&'t self, node: &'t Node<'a>) -> &'t str {
        if node.flag {
            self.decoded.get(widen(node.a)).map_or("", String::as_str)
        } else {
            node.text
        }
    }

    /// Every number of the document, overwritten ones included, in the order they were
    /// read: what [`Json::as_number`] reads, for a check that can rule itself out by
    /// looking at all of them at once (a record holds a dozen or so).
    #[must_use]
    pub fn numbers(&self) -> &[Number] {
        &self.numbers
    }

    /// Whether any string value of the document, overwritten ones included, satisfies
    /// `test`: one pass over the nodes, for a check that can then skip its walk. Kept out
    /// of line: inlined into its caller (as a change elsewhere in `hcr-validate` once had
    /// the compiler do), the loop took 40% more instructions.
    #[inline(never)]
    pub fn any_string(&self, mut test: impl FnMut(&str) -> bool) -> bool {
        self.nodes
            .iter()
            .any(|node| node.tag == Tag::String && test(self.text(node)))
    }

    /// Whether every string value of the document, overwritten ones included, is known to
    /// be [`plain_ends`] (not empty, its first and last bytes visible ASCII), so that a pass
    /// of [`Tree::any_string`] for empty, blank or padded text can be skipped. Known only
    /// for a tree the one-pass parser wrote (it tests each string as it reads it); false
    /// (unknown) for any other.
    #[must_use]
    pub fn plain_strings(&self) -> bool {
        self.plain_strings
    }

    /// Whether the one-pass parser made `probe` of every string value of the document,
    /// overwritten ones included, so that [`Tree::probed`] answers for each.
    #[inline]
    #[must_use]
    pub fn probed_with(&self, probe: &Probe) -> bool {
        self.probe.is_some_and(|made| std::ptr::eq(made, probe))
    }

    /// The answer the parser's [`Probe`] gave for the string value at node `index`, in a tree
    /// [`Tree::probed_with`] that probe; `None` where it made none (an array's items), for
    /// anything else, or in any other tree.
    #[inline]
    #[must_use]
    pub fn probed(&self, index: usize) -> Option<Option<usize>> {
        match self.nodes.get(index) {
            Some(node) if node.tag == Tag::String && self.probe.is_some() => match node.count {
                0 => None,
                1 => Some(None),
                at => Some(Some(usize::try_from(at - 2).unwrap_or(0))),
            },
            _ => None,
        }
    }

    /// Whether the container at node `index` of a probed tree ([`Tree::probed_with`]) is
    /// quiet: its subtree holds no string value the probe found something in or did not
    /// probe (an array's string items), no key its table does not hold, and no repeated key.
    /// False for anything else, and in any other tree.
    #[inline]
    #[must_use]
    pub fn quiet(&self, index: usize) -> bool {
        self.nodes.get(index).is_some_and(|node| node.quiet)
    }

    /// The number of values and keys.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree holds nothing (a tree the parser wrote holds at least its root).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether the parser recorded every value's span (the one-pass reader does; a tree
    /// read by `serde_json` or from a value does not).
    #[must_use]
    pub fn has_spans(&self) -> bool {
        self.spans.is_some()
    }

    /// The source range of node `index` (a string's quotes and a container's brackets
    /// included): for a value a check reached through [`Json`], what [`Tree::locate`] gives
    /// for its pointer with [`Anchor::Value`], found without walking the pointer. `None`
    /// without spans.
    pub fn node_span(&self, index: usize) -> Option<Range<usize>> {
        self.spans
            .as_ref()?
            .get(index)
            .map(|&(start, end)| widen(start)..widen(end))
    }

    /// Node `index` as a walk over the flat list of nodes reads it (see [`FlatNode`]); a
    /// scalar past the end.
    #[inline]
    #[must_use]
    pub fn node(&self, index: usize) -> FlatNode<'_> {
        let Some(node) = self.nodes.get(index) else {
            return FlatNode::Scalar;
        };
        match node.tag {
            Tag::Null | Tag::False | Tag::True | Tag::Number => FlatNode::Scalar,
            Tag::String => FlatNode::String(self.text(node)),
            Tag::Key => FlatNode::Key(self.text(node), node.property),
            Tag::Array => FlatNode::Array {
                items: node.items(),
                end: widen(node.a),
            },
            Tag::Object => FlatNode::Object {
                members: node.items(),
                end: widen(node.a),
                repeats: node.flag,
            },
        }
    }

    /// The table the keys were numbered from ([`FlatNode::Key`]'s number).
    #[must_use]
    pub fn keys(&self) -> &'a KeyTable {
        self.keys
    }

    /// The document's root value.
    pub fn root(&self) -> Json<'_, 'a> {
        Json {
            tree: self,
            index: 0,
        }
    }

    /// The value at node `index`.
    pub fn at(&self, index: usize) -> Json<'_, 'a> {
        Json { tree: self, index }
    }

    /// The index of the node after the subtree at `index`.
    pub(crate) fn end(&self, index: usize) -> usize {
        match self.nodes.get(index) {
            Some(node) if matches!(node.tag, Tag::Array | Tag::Object) => widen(node.a),
            Some(_) => index + 1,
            None => index,
        }
    }

    /// The source range of what `pointer` and `anchor` designate, as
    /// [`crate::locate`] finds it in the text: the last occurrence of a repeated member, or
    /// the `n`th one the anchor names; a member's key for [`Anchor::Key`] (an array item's or
    /// the root's value). `None` without spans, or when nothing is there.
    pub fn locate(&self, pointer: &JsonPointer, anchor: Anchor) -> Option<Range<usize>> {
        self.locate_after(&mut Trail::default(), pointer, anchor)
    }

    /// [`Tree::locate`], starting where `trail`, the path the previous pointer located took,
    /// shares its first steps with `pointer` (a record's findings come rule by rule, item by
    /// item, through the same lists): those steps are not walked again, nor the items of a
    /// list before the previous pointer's item.
    pub(crate) fn locate_after<'p>(
        &self,
        trail: &mut Trail<'p>,
        pointer: &'p JsonPointer,
        anchor: Anchor,
    ) -> Option<Range<usize>> {
        let spans = self.spans.as_ref()?;
        let span = |node: usize| {
            spans
                .get(node)
                .map(|&(start, end)| widen(start)..widen(end))
        };
        // Most paths go through objects without a repeated key: one occurrence at each step,
        // followed without a list (an object with one is read by the walk below).
        if let Some((key, value)) = self.locate_plain(trail, pointer.as_str()) {
            let value = value?;
            return match anchor {
                Anchor::Value | Anchor::ValueOccurrence(1) => span(value),
                Anchor::Key | Anchor::KeyOccurrence(1) => span(key.unwrap_or(value)),
                Anchor::ValueOccurrence(_) | Anchor::KeyOccurrence(_) | Anchor::Offset(_) => None,
            };
        }
        // Every occurrence of the path, in document order: (key node, value node); the next
        // step's are gathered in a second list, the two swapped after each step.
        let mut found: Vec<(Option<usize>, usize)> = vec![(None, 0)];
        let mut next = Vec::new();
        for token in pointer.tokens() {
            let token = unescaped(token);
            next.clear();
            for &(_, node) in &found {
                let value = self.at(node);
                match self.nodes.get(node)?.tag {
                    Tag::Object => {
                        next.extend(
                            value
                                .all_member_nodes()
                                .filter(value.named(&token))
                                .map(|(key, value)| (Some(key), value)),
                        );
                    }
                    Tag::Array => {
                        if let Some(item) = array_index(&token).and_then(|i| value.items().nth(i)) {
                            next.push((None, item.index));
                        }
                    }
                    _ => {}
                }
            }
            std::mem::swap(&mut found, &mut next);
        }
        let pick = |n: Option<usize>| match n {
            Some(n) => found.get(n.checked_sub(1)?).copied(),
            None => found.last().copied(),
        };
        match anchor {
            Anchor::Value => span(pick(None)?.1),
            Anchor::ValueOccurrence(n) => span(pick(Some(n))?.1),
            Anchor::Key => {
                let (key, value) = pick(None)?;
                span(key.unwrap_or(value))
            }
            Anchor::KeyOccurrence(n) => {
                let (key, value) = pick(Some(n))?;
                span(key.unwrap_or(value))
            }
            Anchor::Offset(_) => None,
        }
    }

    /// [`Tree::locate`]'s walk where no step goes through an object with a repeated key: the
    /// one occurrence of `pointer` as (key node, value node), `(_, None)` when nothing is
    /// there; `None` when a step reaches an object with a repeated key (the walk of every
    /// occurrence then decides).
    fn locate_plain<'p>(
        &self,
        trail: &mut Trail<'p>,
        pointer: &'p str,
    ) -> Option<(Option<usize>, Option<usize>)> {
        // The steps the previous pointer took through the same tokens (`/` and the token,
        // at the same bytes) are this one's: followed from the last of them.
        let mut depth = 0;
        let mut start = 0;
        for &Step { end, .. } in &trail.steps {
            let same = pointer.get(start..end) == trail.pointer.get(start..end)
                && matches!(pointer.as_bytes().get(end), None | Some(b'/'));
            if !same {
                break;
            }
            depth += 1;
            start = end;
        }
        // The item the previous pointer reached in the list where the two part, if they do
        // at a list.
        let earlier_item = trail.steps.get(depth).and_then(|step| step.item);
        trail.steps.truncate(depth);
        trail.pointer = pointer;
        let (mut key, mut at) = trail
            .steps
            .last()
            .map_or((None, 0), |step| (step.key, step.value));
        let mut earlier_item = earlier_item;
        // The tokens, each up to the next `/` (split by bytes: a pointer is short).
        let mut rest = &pointer[start..];
        while let Some(after) = rest.strip_prefix('/') {
            let end = after.bytes().position(|b| b == b'/').unwrap_or(after.len());
            let token = &after[..end];
            rest = &after[end..];
            let Some(node) = self.nodes.get(at) else {
                return Some((key, None));
            };
            let mut item = None;
            match node.tag {
                Tag::Object if node.flag => {
                    trail.steps.clear();
                    return None;
                }
                Tag::Object => {
                    let object = self.at(at);
                    match object
                        .all_member_nodes()
                        .find(object.named(&unescaped(token)))
                    {
                        Some((name, value)) => (key, at) = (Some(name), value),
                        None => return Some((key, None)),
                    }
                }
                Tag::Array => {
                    let Some(index) = array_index(token).filter(|&i| i < node.items()) else {
                        return Some((key, None));
                    };
                    // From the previous pointer's item when it comes before, else the first.
                    let (mut i, mut node) = match earlier_item {
                        Some((j, node)) if j <= index => (j, node),
                        _ => (0, at + 1),
                    };
                    while i < index {
                        node = self.end(node);
                        i += 1;
                    }
                    (key, at) = (None, node);
                    item = Some((index, node));
                }
                _ => return Some((key, None)),
            }
            earlier_item = None;
            trail.steps.push(Step {
                end: pointer.len() - rest.len(),
                key,
                value: at,
                item,
            });
        }
        Some((key, Some(at)))
    }

    /// A tree that reads `value` (its strings borrowed), for checks on an already parsed value.
    pub fn from_value(value: &'a Value, keys: &'a KeyTable) -> Self {
        let mut tree = Tree::new(64, keys);
        tree.push_value(value);
        tree
    }

    fn push_value(&mut self, value: &'a Value) {
        match value {
            Value::Null => self.nodes.push(Node::of(Tag::Null)),
            Value::Bool(false) => self.nodes.push(Node::of(Tag::False)),
            Value::Bool(true) => self.nodes.push(Node::of(Tag::True)),
            Value::Number(n) => self.push_number(n.clone()),
            Value::String(s) => self.nodes.push(Node::text(Tag::String, s, self.keys)),
            Value::Array(items) => {
                let at = self.open(Tag::Array);
                for item in items {
                    self.push_value(item);
                }
                self.close(at, items.len(), false);
            }
            Value::Object(map) => {
                let at = self.open(Tag::Object);
                for (key, member) in map {
                    self.nodes.push(Node::text(Tag::Key, key, self.keys));
                    self.push_value(member);
                }
                self.close(at, map.len(), false);
            }
        }
    }

    /// Node `index` as a reader compares trees: its kind and content, wherever its text is.
    #[cfg(feature = "oracle")]
    pub fn describe(&self, index: usize) -> String {
        let node = &self.nodes[index];
        match node.tag {
            Tag::String | Tag::Key => format!("{:?} {:?}", node.tag, self.text(node)),
            Tag::Number => format!("Number {:?}", self.numbers.get(widen(node.a))),
            Tag::Array | Tag::Object => {
                format!("{:?} {} to {} {}", node.tag, node.count, node.a, node.flag)
            }
            tag => format!("{tag:?}"),
        }
    }
}

/// A node of a [`Tree`] as [`Tree::node`] reads it, for a walk over the flat list of nodes
/// in document order (a container is followed by its items, an object by each member's key
/// and then its value). Unlike [`Json`], it reads an object's members as written, repeated
/// keys included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlatNode<'t> {
    /// `null`, `true`, `false` or a number.
    Scalar,
    /// A string value.
    String(&'t str),
    /// An object member's key: its text and its name's number in the tree's [`KeyTable`]
    /// ([`NOT_A_KEY`] for a name it does not hold). Its value is the next node.
    Key(&'t str, u8),
    /// An array of `items` items, the first of them the next node; its subtree ends before
    /// node `end`.
    Array {
        /// How many items it has.
        items: usize,
        /// The node after its subtree.
        end: usize,
    },
    /// An object of `members` members (each a key and its value, the first key the next
    /// node; a repeated key counted each time); its subtree ends before node `end`.
    Object {
        /// How many members it has, repeats included.
        members: usize,
        /// The node after its subtree.
        end: usize,
        /// Whether a key repeats (then [`Json::members`] reads it as `JSON.parse` does).
        repeats: bool,
    },
}

/// A value of a [`Tree`], read as `JSON.parse` reads it. Cheap to copy.
#[derive(Clone, Copy)]
pub struct Json<'t, 'a> {
    tree: &'t Tree<'a>,
    /// Its node in the tree.
    pub index: usize,
}

impl std::fmt::Debug for Json<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_value())
    }
}

impl<'t, 'a> Json<'t, 'a> {
    fn node(self) -> &'t Node<'a> {
        &self.tree.nodes[self.index]
    }

    /// The tree the value is read from (for a walk over its flat list of nodes,
    /// [`Tree::node`], from [`Json::index`]).
    #[inline]
    #[must_use]
    pub fn tree(self) -> &'t Tree<'a> {
        self.tree
    }

    /// The kind of value.
    #[must_use]
    pub fn kind(self) -> Kind {
        match self.node().tag {
            Tag::Null => Kind::Null,
            Tag::False | Tag::True => Kind::Bool,
            Tag::Number => Kind::Number,
            Tag::String | Tag::Key => Kind::String,
            Tag::Array => Kind::Array,
            Tag::Object => Kind::Object,
        }
    }

    /// The text of a string; `None` for anything else (a key included).
    #[must_use]
    pub fn as_str(self) -> Option<&'t str> {
        let node = self.node();
        (node.tag == Tag::String).then(|| self.tree.text(node))
    }

    /// The value of `true` or `false`.
    #[must_use]
    pub fn as_bool(self) -> Option<bool> {
        match self.node().tag {
            Tag::False => Some(false),
            Tag::True => Some(true),
            _ => None,
        }
    }

    /// A number, as `serde_json` reads it.
    #[must_use]
    pub fn as_number(self) -> Option<&'t Number> {
        let node = self.node();
        match node.tag {
            Tag::Number => self.tree.numbers.get(widen(node.a)),
            _ => None,
        }
    }

    /// Whether this is `null`.
    #[must_use]
    pub fn is_null(self) -> bool {
        self.node().tag == Tag::Null
    }

    /// Whether this is an object.
    #[must_use]
    pub fn is_object(self) -> bool {
        self.node().tag == Tag::Object
    }

    /// Whether this is an array.
    #[must_use]
    pub fn is_array(self) -> bool {
        self.node().tag == Tag::Array
    }

    /// The index of the node after this value's subtree (the next value in document order
    /// that is not inside it).
    #[must_use]
    pub fn end(self) -> usize {
        self.tree.end(self.index)
    }

    /// Whether this is an object with a repeated key (then [`Json::members`] reads it as
    /// `JSON.parse` does, not in document order).
    #[must_use]
    pub fn has_repeated_key(self) -> bool {
        self.repeats()
    }

    /// Whether a member, as (key node, value node), of this object is named `key`
    /// (unescaped): its test, the key's fingerprint taken once.
    fn named<'k>(self, key: &'k str) -> impl Fn(&(usize, usize)) -> bool + use<'t, 'a, 'k> {
        let wanted = fingerprint(key);
        move |&(name, _)| self.is_key(name, wanted, key)
    }

    /// Whether an object has a repeated key.
    fn repeats(self) -> bool {
        let node = self.node();
        node.tag == Tag::Object && node.flag
    }

    /// The number of items or members (`JSON.parse`'s, for an object with repeated keys).
    pub fn len(self) -> usize {
        let node = self.node();
        match node.tag {
            Tag::Object if node.flag => self.members().count(),
            Tag::Array | Tag::Object => node.items(),
            _ => 0,
        }
    }

    /// Whether this has no items or members (or is no array or object).
    #[must_use]
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// An array's items; nothing for anything else.
    pub fn items(self) -> Items<'t, 'a> {
        let node = self.node();
        let (next, left) = match node.tag {
            Tag::Array => (self.index + 1, node.items()),
            _ => (0, 0),
        };
        Items {
            tree: self.tree,
            next,
            left,
        }
    }

    /// The array's items, when it is one.
    pub fn as_array(self) -> Option<Items<'t, 'a>> {
        self.is_array().then(|| self.items())
    }

    /// Every member of an object in document order, repeated keys included: the nodes of its
    /// key and its value.
    fn all_member_nodes(self) -> impl Iterator<Item = (usize, usize)> + 't {
        let tree = self.tree;
        let mut next = self.index + 1;
        let node = self.node();
        let count = if node.tag == Tag::Object {
            node.items()
        } else {
            0
        };
        (0..count).map(move |_| {
            let key = next;
            next = tree.end(key + 1);
            (key, key + 1)
        })
    }

    /// Every member of an object in document order, repeated keys included: the key, and the
    /// value that member wrote.
    pub fn all_members(self) -> AllMembers<'t, 'a> {
        let node = self.node();
        let (next, left) = match node.tag {
            Tag::Object => (self.index + 1, node.items()),
            _ => (0, 0),
        };
        AllMembers {
            tree: self.tree,
            next,
            left,
        }
    }

    /// An object's members as `JSON.parse` sees them: each key once, at its first place, with
    /// its last value.
    pub fn members(self) -> Members<'t, 'a> {
        if !self.repeats() {
            return Members::Plain(self.all_members());
        }
        let mut view: Vec<(&'t str, Json<'t, 'a>)> = Vec::new();
        let mut place: HashMap<&'t str, usize> = HashMap::new();
        for (key, value) in self.all_members() {
            match place.get(key) {
                Some(&i) => view[i].1 = value,
                None => {
                    place.insert(key, view.len());
                    view.push((key, value));
                }
            }
        }
        Members::Repeats(view.into_iter())
    }

    /// For the value of an object's member, the number of its key's name in the [`KeyTable`]
    /// the tree was read with; [`NOT_A_KEY`] for any other
    /// value. (A member's key is the node just before its value; an array item or the root
    /// never follows a key.)
    #[inline]
    pub fn key_number(self) -> u8 {
        match self
            .index
            .checked_sub(1)
            .and_then(|k| self.tree.nodes.get(k))
        {
            Some(node) if node.tag == Tag::Key => node.property,
            _ => NOT_A_KEY,
        }
    }

    /// The value of member `key` (the last, if repeated).
    pub fn get(self, key: &str) -> Option<Self> {
        let repeats = self.repeats();
        let wanted = fingerprint(key);
        if self.index == 0 && self.node().tag == Tag::Object {
            // The root: a name of the table the keys were numbered with is found by its
            // number (every key of the tree carries it), without a walk.
            let number = self.tree.keys.number(key, wanted);
            let members = self
                .tree
                .root_members
                .get_or_init(|| RootMembers::of(self.tree));
            if let Some(&value) = members.0.get(usize::from(number)) {
                return (value != 0).then(|| self.tree.at(widen(value)));
            }
        }
        let mut found = None;
        for (name, value) in self.all_member_nodes() {
            if self.is_key(name, wanted, key) {
                found = Some(self.tree.at(value));
                if !repeats {
                    break;
                }
            }
        }
        found
    }

    /// The values of members `keys` (each the last, if repeated), as [`Json::get`] finds
    /// them one by one, from one walk over the members: a rule that reads two members of
    /// each item of a list (a review's `revision` and `resolvedByRevision`) walks the item
    /// once.
    pub fn get_each<const N: usize>(self, keys: [&str; N]) -> [Option<Self>; N] {
        let repeats = self.repeats();
        let wanted = keys.map(fingerprint);
        let mut found = [None; N];
        let mut left = N;
        for (name, value) in self.all_member_nodes() {
            for (i, key) in keys.iter().enumerate() {
                if self.is_key(name, wanted[i], key) {
                    if found[i].is_none() {
                        left -= 1;
                    }
                    found[i] = Some(self.tree.at(value));
                }
            }
            // Without a repeated key, the first occurrence of each is the last.
            if left == 0 && !repeats {
                break;
            }
        }
        found
    }

    /// Whether the object has a member `key`.
    pub fn contains_key(self, key: &str) -> bool {
        let wanted = fingerprint(key);
        self.all_member_nodes()
            .any(|(name, _)| self.is_key(name, wanted, key))
    }

    /// Whether the key at node `name` is `key` (fingerprint `wanted`).
    #[inline]
    fn is_key(self, name: usize, wanted: u64, key: &str) -> bool {
        let node = &self.tree.nodes[name];
        same_key(node.count, || self.tree.text(node) == key, wanted, key)
    }

    /// The value at `pointer` (tokens unescaped), as `serde_json::Value::pointer` finds it.
    pub fn at_tokens<'k>(self, tokens: impl IntoIterator<Item = &'k str>) -> Option<Self> {
        let mut at = self;
        for token in tokens {
            at = match at.node().tag {
                Tag::Object => at.get(token)?,
                Tag::Array => {
                    let index = array_index(token)?;
                    at.items().nth(index)?
                }
                _ => return None,
            };
        }
        Some(at)
    }

    /// The value as a `serde_json::Value` (`JSON.parse`'s reading).
    pub fn to_value(self) -> Value {
        match self.kind() {
            Kind::Null => Value::Null,
            Kind::Bool => Value::Bool(self.as_bool() == Some(true)),
            Kind::Number => self.as_number().cloned().map_or(Value::Null, Value::Number),
            Kind::String => Value::String(self.tree.text(self.node()).to_owned()),
            Kind::Array => Value::Array(self.items().map(Json::to_value).collect()),
            Kind::Object => {
                let mut map = Map::new();
                for (key, value) in self.members() {
                    map.insert(key.to_owned(), value.to_value());
                }
                Value::Object(map)
            }
        }
    }
}

/// An array index token as RFC 6901 writes one: digits, no leading zero.
fn array_index(token: &str) -> Option<usize> {
    let digits = token.bytes().all(|b| b.is_ascii_digit());
    (digits && !token.is_empty() && (token == "0" || !token.starts_with('0')))
        .then(|| token.parse().ok())
        .flatten()
}

/// The items of an array.
#[derive(Clone)]
pub struct Items<'t, 'a> {
    tree: &'t Tree<'a>,
    next: usize,
    left: usize,
}

impl<'t, 'a> Iterator for Items<'t, 'a> {
    type Item = Json<'t, 'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let item = Json {
            tree: self.tree,
            index: self.next,
        };
        self.next = self.tree.end(self.next);
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for Items<'_, '_> {}

/// Every member of an object, repeats included.
#[derive(Clone)]
pub struct AllMembers<'t, 'a> {
    tree: &'t Tree<'a>,
    next: usize,
    left: usize,
}

impl<'t, 'a> Iterator for AllMembers<'t, 'a> {
    type Item = (&'t str, Json<'t, 'a>);

    fn next(&mut self) -> Option<Self::Item> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let key = self.tree.nodes.get(self.next)?;
        let text = self.tree.text(key);
        let value = self.next + 1;
        self.next = self.tree.end(value);
        Some((
            text,
            Json {
                tree: self.tree,
                index: value,
            },
        ))
    }
}

/// An object's members as `JSON.parse` sees them.
pub enum Members<'t, 'a> {
    /// An object without a repeated key: its members as written.
    Plain(AllMembers<'t, 'a>),
    /// An object with one: each key once, at its first place, with its last value.
    Repeats(std::vec::IntoIter<(&'t str, Json<'t, 'a>)>),
}

impl<'t, 'a> Iterator for Members<'t, 'a> {
    type Item = (&'t str, Json<'t, 'a>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Self::Plain(members) => members.next(),
            Self::Repeats(members) => members.next(),
        }
    }
}

impl<'t> JsonView<'t> for Json<'t, '_> {
    fn kind(self) -> Kind {
        Json::kind(self)
    }

    fn as_str(self) -> Option<&'t str> {
        Json::as_str(self)
    }

    fn get(self, key: &str) -> Option<Self> {
        Json::get(self, key)
    }

    fn members(self) -> impl Iterator<Item = (&'t str, Self)> {
        Json::members(self)
    }

    fn items(self) -> impl Iterator<Item = Self> {
        Json::items(self)
    }

    fn len(self) -> usize {
        Json::len(self)
    }

    fn key_number(self, names: &KeyTable, key: &str) -> u8 {
        if std::ptr::eq(names, self.tree.keys) {
            // The parser numbered the key's name.
            Json::key_number(self)
        } else {
            names.number_of(key)
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_fingerprint_is_the_length_and_the_first_seven_bytes() {
        let long = "x".repeat(300);
        // Every length up to past a word, each byte different (the short keys are read from
        // their two ends).
        let alphabet = "abcdefghijklmnopqrstuvwxyz";
        let prefixes = (0..=20).map(|n| &alphabet[..n]);
        for text in prefixes.chain([
            "",
            "a",
            "id",
            "uri",
            "kind",
            "label",
            "status",
            "summary",
            "revision",
            "recordId",
            "schemaVersion",
            "é",
            "aé",
            "\u{1F600}x",
            &long,
        ]) {
            let mut word = [0u8; 8];
            let head = text.len().min(7);
            word[..head].copy_from_slice(&text.as_bytes()[..head]);
            word[7] = u8::try_from(text.len()).unwrap_or(u8::MAX);
            assert_eq!(fingerprint(text), u64::from_le_bytes(word), "{text:?}");
        }
        assert_ne!(fingerprint("status"), fingerprint("statu"));
        assert_eq!(fingerprint("revision"), fingerprint("revisioN"));
    }

    /// The value `get` must find: the last member named `key`, walked in document order.
    fn last_member(object: Json<'_, '_>, key: &str) -> Option<usize> {
        object
            .all_members()
            .filter(|(name, _)| *name == key)
            .last()
            .map(|(_, value)| value.index)
    }

    /// Member names: short, of 8 to 15 bytes and longer, in the table with a number below
    /// [`RootMembers::NUMBERS`] or above it, or not in it at all.
    const NAMES: [&str; 12] = [
        "id",
        "b",
        "evidence",
        "decisions",
        "acceptanceCriteria",
        "status",
        "revision",
        "openReview",
        "resolvedByRevision",
        "unknownName",
        "zzzNotInTheTableAtAll",
        "",
    ];

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config { cases: 500, .. Default::default() })]

        /// `get` on the root (through its table of members by number) and `get_each` on any
        /// object find what a walk over the members finds, repeated and escaped keys
        /// included, through both parsers and for a root that is no object.
        #[test]
        fn a_member_is_found_by_its_table_and_by_one_walk_as_by_a_walk_each(
            members in proptest::collection::vec((0..NAMES.len(), proptest::bool::ANY, 0u8..3), 0..14),
            array_root in proptest::bool::ANY,
        ) {
            // 70 names between the short ones and `status`: those after them have numbers
            // past the root's table.
            let mut names: Vec<String> = (0..70).map(|i| format!("m{i:02}")).collect();
            names.extend(NAMES.iter().take(9).map(|n| (*n).to_owned()));
            let table = KeyTable::new(names).expect("under 255 names");
            let mut text = String::from("{");
            for (i, &(name, escaped, kind)) in members.iter().enumerate() {
                let name = NAMES[name];
                let key = match name.strip_prefix('e') {
                    Some(rest) if escaped => format!("\\u0065{rest}"),
                    _ => name.to_owned(),
                };
                let value = match kind {
                    0 => format!("{i}"),
                    1 => format!("{{\"{name}\": [{i}]}}"),
                    _ => format!("\"{i}\""),
                };
                if i > 0 {
                    text.push(',');
                }
                text.push_str(&format!("\"{key}\": {value}"));
            }
            text.push('}');
            if array_root {
                text = format!("[{text}]");
            }
            let limits = crate::Limits::default();
            for document in [
                crate::parse(text.as_bytes(), &limits, &table),
                crate::parse_without_spans(text.as_bytes(), &limits, &table),
            ] {
                let document = document.expect("valid JSON");
                let root = document.tree.root();
                let object = root.items().next().unwrap_or(root);
                for key in NAMES {
                    proptest::prop_assert_eq!(root.get(key).map(|j| j.index), last_member(root, key), "{} in {}", key, text);
                    proptest::prop_assert_eq!(object.get(key).map(|j| j.index), last_member(object, key), "{} in {}", key, text);
                    for other in NAMES {
                        let [a, b] = object.get_each([key, other]).map(|j| j.map(|j| j.index));
                        proptest::prop_assert_eq!(a, last_member(object, key), "{} in {}", key, text);
                        proptest::prop_assert_eq!(b, last_member(object, other), "{} in {}", other, text);
                    }
                }
            }
        }
    }

    #[test]
    fn a_value_reads_back_as_itself() {
        let value = json!({
            "a": [1, -2, 3.5, "x", null, true, {"b": []}],
            "c": {"d": {"e": "f"}},
            "": "",
        });
        let tree = Tree::from_value(&value, KeyTable::empty());
        assert_eq!(tree.root().to_value(), value);
        assert_eq!(tree.root().len(), 3);
        assert_eq!(tree.root().get("a").map(|a| a.items().count()), Some(7));
        let e = tree
            .root()
            .at_tokens(["c", "d", "e"])
            .and_then(Json::as_str);
        assert_eq!(e, Some("f"));
        let b = tree.root().at_tokens(["a", "6", "b"]).map(Json::kind);
        assert_eq!(b, Some(Kind::Array));
        assert!(tree.root().at_tokens(["a", "06"]).is_none());
    }
}
