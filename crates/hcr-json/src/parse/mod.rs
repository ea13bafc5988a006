//! Reading bytes into the one [`Tree`] every check shares.
//!
//! The encoding is checked first. Then [`spanned`] reads the text in one pass, writing the
//! tree with every value's source span; for anything it cannot read exactly as `serde_json`
//! would, it gives up and the text is read again by `serde_json` through a visitor that writes
//! the tree (without spans, which are then found in the text when needed), enforces the limits
//! and records repeated keys (with the values they overwrote, which stay in the tree for the
//! secret scan). `serde_json` decides every text it refuses: its errors, and the limits the
//! visitor reaches, become an [`Error`] of one [`ErrorKind`].

mod spanned;

use std::collections::HashMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::Number;

use crate::keys::{KeyTable, same_key};
use crate::place::Anchor;
use crate::tree::{Node, Tag, Tree};
use crate::{JsonPointer, Limit, Limits};

/// A parsed document.
#[derive(Debug)]
pub struct Document<'a> {
    /// The source text (the input, known to be UTF-8).
    pub text: &'a str,
    /// The values, read as `JSON.parse` reads them through [`Tree::root`].
    pub tree: Tree<'a>,
    /// Values that a repeated key overwrote, in document order.
    pub overwritten: Vec<Overwritten>,
}

/// A member value that a later member with the same key replaced.
#[derive(Clone, Debug)]
pub struct Overwritten {
    /// The member.
    pub pointer: JsonPointer,
    /// Which occurrence of the key held it (1 for the first).
    pub occurrence: usize,
    /// The node of the value it held ([`Tree::at`]).
    pub value: usize,
}

/// What kind of problem keeps bytes from being one JSON document within the limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// Not JSON: the grammar is broken, or more than one value (RFC 8259).
    Syntax,
    /// An object repeats a key (only [`parse_value`](crate::parse_value) refuses this; [`parse`] keeps both, in
    /// [`Document::overwritten`]).
    RepeatedKey,
    /// A [`Limit`] was reached.
    Limit(Limit),
    /// Not UTF-8, a byte-order mark, or an escape that encodes no character.
    Encoding,
}

/// Why bytes are not one JSON document within the limits: where, and in words that never
/// repeat the document's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The kind of problem.
    pub kind: ErrorKind,
    /// The value being read when it was found.
    pub pointer: JsonPointer,
    /// The place in the source ([`Anchor::Offset`] for a byte offset).
    pub anchor: Anchor,
    /// One sentence.
    pub message: String,
    /// What to do about it, when there is more to say than the message.
    pub help: Option<String>,
}

impl Error {
    fn new(
        kind: ErrorKind,
        pointer: JsonPointer,
        offset: usize,
        message: impl Into<String>,
    ) -> Self {
        Self {
            kind,
            pointer,
            anchor: Anchor::Offset(offset),
            message: message.into(),
            help: None,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Parses `bytes` (numbering each key from `keys`), or explains why they are not a JSON
/// document within `limits`.
///
/// # Errors
/// The first problem found.
pub fn parse<'a>(
    bytes: &'a [u8],
    limits: &Limits,
    keys: &'a KeyTable,
) -> Result<Document<'a>, Box<Error>> {
    let text = admit(bytes, limits)?;
    if let Ok(document) = spanned::parse(text, limits, keys) {
        return Ok(document);
    }
    read_with_serde(text, limits, keys)
}

/// [`parse`]'s verdict and tree without the spans, for callers that need no positions: the
/// smaller tree, read by `serde_json` (the reading the one-pass parser must agree with).
///
/// # Errors
/// The first problem found.
pub fn parse_without_spans<'a>(
    bytes: &'a [u8],
    limits: &Limits,
    keys: &'a KeyTable,
) -> Result<Document<'a>, Box<Error>> {
    read_with_serde(admit(bytes, limits)?, limits, keys)
}

/// The text of `bytes`, if their size and encoding may be read as a record.
fn admit<'a>(bytes: &'a [u8], limits: &Limits) -> Result<&'a str, Box<Error>> {
    if bytes.len() > limits.max_record_bytes {
        return Err(Box::new(limit_exceeded(
            Limit::RecordBytes,
            limits,
            JsonPointer::root(),
            0,
            format!("the record is {} bytes long", bytes.len()),
        )));
    }
    decode(bytes)
}

/// Reads `bytes` both ways, for the oracle: the one-pass parser's answer (`None` when it gave
/// up) and `serde_json`'s.
#[cfg(feature = "oracle")]
#[doc(hidden)]
pub fn both_ways<'a>(
    bytes: &'a [u8],
    limits: &Limits,
    keys: &'a KeyTable,
) -> (Option<Document<'a>>, Result<Document<'a>, Box<Error>>) {
    let Ok(text) = decode(bytes) else {
        return (None, parse(bytes, limits, keys));
    };
    (
        spanned::parse(text, limits, keys).ok(),
        read_with_serde(text, limits, keys),
    )
}

/// Reads `text` with `serde_json`: the reading of record for what [`spanned`] gives up on,
/// and the source of every parse-level diagnostic.
fn read_with_serde<'a>(
    text: &'a str,
    limits: &Limits,
    keys: &'a KeyTable,
) -> Result<Document<'a>, Box<Error>> {
    let mut state = State {
        limits,
        // About one value per 24 bytes of a pretty-printed record.
        tree: Tree::new((text.len() / 24).min(1 << 16), keys),
        keys: Vec::new(),
        overwritten: Vec::new(),
        limit: None,
        error_path: Vec::new(),
    };
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let parsed = Seed {
        state: &mut state,
        depth: 0,
    }
    .deserialize(&mut deserializer)
    .and_then(|()| deserializer.end());
    match parsed {
        Ok(()) => Ok(Document {
            text,
            tree: state.tree,
            overwritten: state
                .overwritten
                .into_iter()
                .map(|o| Overwritten {
                    pointer: pointer_from_reversed(&o.path),
                    occurrence: o.occurrence,
                    value: o.value,
                })
                .collect(),
        }),
        Err(error) => Err(Box::new(syntax_error(text, &error, &state))),
    }
}

/// Checks the encoding and returns the text.
fn decode(bytes: &[u8]) -> Result<&str, Box<Error>> {
    let encoding = |offset: usize, message: &str| {
        Box::new(Error::new(
            ErrorKind::Encoding,
            JsonPointer::root(),
            offset,
            message,
        ))
    };
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(encoding(
            0,
            "the input starts with a UTF-8 byte-order mark, which JSON text must not have",
        ));
    }
    if bytes.starts_with(&[0xFE, 0xFF]) || bytes.starts_with(&[0xFF, 0xFE]) {
        return Err(encoding(
            0,
            "the input starts with a UTF-16 or UTF-32 byte-order mark; JSON text must be UTF-8",
        ));
    }
    // RFC 4627, section 3: JSON text starts with two ASCII characters, so the pattern of NUL
    // bytes in the first four tells UTF-16 and UTF-32 apart from UTF-8.
    if let Some(encoding_name) = utf16_or_32(bytes) {
        return Err(encoding(
            0,
            &format!(
                "the input looks like {encoding_name} text (NUL bytes among the first four); JSON text must be UTF-8"
            ),
        ));
    }
    // The vectorised check answers valid records; std's finds where an invalid one breaks.
    if let Ok(text) = simdutf8::basic::from_utf8(bytes) {
        return Ok(text);
    }
    std::str::from_utf8(bytes).map_err(|e| {
        encoding(
            e.valid_up_to(),
            &format!(
                "the input is not valid UTF-8 (bad byte at offset {})",
                e.valid_up_to()
            ),
        )
    })
}

/// The encoding the first four bytes suggest, when one of UTF-16 or UTF-32.
fn utf16_or_32(bytes: &[u8]) -> Option<&'static str> {
    let nul = |i: usize| bytes.get(i) == Some(&0);
    let some = |i: usize| bytes.get(i).is_some_and(|b| *b != 0);
    match () {
        () if nul(0) && nul(1) && nul(2) && some(3) => Some("UTF-32 (big-endian)"),
        () if some(0) && nul(1) && nul(2) && nul(3) => Some("UTF-32 (little-endian)"),
        () if nul(0) && some(1) => Some("UTF-16 (big-endian)"),
        () if some(0) && nul(1) => Some("UTF-16 (little-endian)"),
        () => None,
    }
}

/// The error of `limit` reached at `pointer` (`offset` in the source): `what` exceeded it; the
/// message names the setting that raises it, as `limits.spelling` spells it.
#[must_use]
pub fn limit_exceeded(
    limit: Limit,
    limits: &Limits,
    pointer: JsonPointer,
    offset: usize,
    what: String,
) -> Error {
    let mut message = format!("{what}; {}", limit.describe(limits));
    let setting = limit.setting().map(|s| limits.spelling.spell(s));
    let help = match &setting {
        Some(setting) => format!("shrink the record, or raise the limit with {setting}"),
        None => {
            "write the number within the range of a double, or as a string if it is an identifier"
                .into()
        }
    };
    if let Some(setting) = &setting {
        message.push_str(&format!(" ({setting})"));
    }
    Error {
        help: Some(help),
        ..Error::new(ErrorKind::Limit(limit), pointer, offset, message)
    }
}

/// Turns a `serde_json` error (or a limit the visitor hit) into a diagnostic.
fn syntax_error(text: &str, error: &serde_json::Error, state: &State<'_, '_>) -> Error {
    let offset = error_offset(text, error.line(), error.column());
    let pointer = pointer_from_reversed(&state.error_path);
    if let Some((limit, what)) = &state.limit {
        return limit_exceeded(*limit, state.limits, pointer, offset, what.clone());
    }
    let full = error.to_string();
    // serde_json appends " at line L column C"; the diagnostic carries the position itself.
    let reason = full
        .rsplit_once(" at line ")
        .map_or(full.as_str(), |(reason, _)| reason);
    // serde_json says "unexpected end of hex escape" only where a leading surrogate lacks its
    // trailing `\u` escape.
    if reason.contains("surrogate")
        || reason.contains("unexpected end of hex escape")
        || reason.contains("invalid unicode code point")
    {
        return Error::new(
            ErrorKind::Encoding,
            pointer,
            offset,
            format!("a string escape encodes no character ({reason})"),
        );
    }
    if reason.contains("number out of range") {
        return limit_exceeded(
            Limit::NumberRange,
            state.limits,
            pointer,
            offset,
            "a number is out of range".into(),
        );
    }
    if reason.contains("recursion limit exceeded") {
        return limit_exceeded(
            Limit::Depth,
            state.limits,
            pointer,
            offset,
            "the document is nested too deeply".into(),
        );
    }
    let message = if error.is_eof() {
        format!("the input ends before the JSON document does ({reason})")
    } else {
        format!("the input is not valid JSON: {reason}")
    };
    Error {
        help: crate::hints::not_one_value(text).map(str::to_owned),
        ..Error::new(ErrorKind::Syntax, pointer, offset, message)
    }
}

/// The byte offset of `serde_json`'s (line, byte column) position, on a character boundary.
fn error_offset(text: &str, line: usize, column: usize) -> usize {
    let line_start = if line <= 1 {
        0
    } else {
        text.bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(line - 2)
            .map_or(text.len(), |(i, _)| i + 1)
    };
    let mut offset = (line_start + column.saturating_sub(1)).min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

/// A path recorded while unwinding, one single-segment pointer per step, innermost first.
type Reversed = Vec<JsonPointer>;

fn pointer_from_reversed(path: &[JsonPointer]) -> JsonPointer {
    let mut pointer = JsonPointer::root();
    for step in path.iter().rev() {
        pointer.append(step);
    }
    pointer
}

struct PendingOverwrite {
    /// From the member up to the root.
    path: Reversed,
    occurrence: usize,
    /// The node of the value overwritten.
    value: usize,
}

struct State<'l, 'de> {
    limits: &'l Limits,
    /// The tree being written.
    /// The tree being written.
    tree: Tree<'de>,
    /// The key nodes of the objects being read, innermost last (each object truncates back to
    /// where it started): how a repeated key is found without hashing small objects.
    keys: Vec<usize>,
    overwritten: Vec<PendingOverwrite>,
    /// The limit the visitor stopped at, and what exceeded it.
    limit: Option<(Limit, String)>,
    /// Where parsing stopped, from the innermost value up to the root.
    error_path: Reversed,
}

impl State<'_, '_> {
    fn fail<E: de::Error>(&mut self, limit: Limit, what: String) -> E {
        self.limit = Some((limit, what));
        E::custom(format_args!("{limit} limit exceeded"))
    }

    /// Gives the overwrites recorded since `mark` (inside a child value) the child's step.
    fn attach(&mut self, mark: usize, step: impl Fn() -> JsonPointer) {
        for pending in &mut self.overwritten[mark..] {
            pending.path.push(step());
        }
    }
}

/// Deserializes one value at nesting `depth` (the number of enclosing containers) into the
/// tree.
struct Seed<'s, 'l, 'de> {
    state: &'s mut State<'l, 'de>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Seed<'_, '_, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_any(self)
    }
}

/// How many keys an object compares a new key with before it looks them up by name.
const LINEAR_KEYS: usize = 16;

/// The keys of one object as a reader reads them: whether a key repeats an earlier one, and
/// which occurrence it is. Both readers use it, so that they agree on every repeat and on the
/// value it overwrote.
///
/// The reader keeps one stack of key nodes for all the objects it is inside; this object's
/// entries start at `from`, one per distinct key, the node of its latest occurrence.
struct ObjectKeys {
    from: usize,
    /// A bit per distinct key seen, picked by its fingerprint (a one-word Bloom filter): a key
    /// whose bit is clear is new, without a comparison.
    seen: u64,
    /// What only an object with many keys or a repeated key needs, made the first time it
    /// does: most objects have a few distinct keys, and an object's set-up and drop are then
    /// a few stores and a test, with no call to drop a map and a list.
    rare: Option<Box<RareKeys>>,
}

impl Drop for ObjectKeys {
    /// A test, and a call only for an object that needed [`RareKeys`]: the drop glue of the
    /// box was called for every object.
    #[inline(always)]
    fn drop(&mut self) {
        if let Some(rare) = self.rare.take() {
            drop_rare(rare);
        }
    }
}

/// Drops the [`RareKeys`] an object needed.
#[cold]
#[inline(never)]
fn drop_rare(rare: Box<RareKeys>) {
    drop(rare);
}

/// The parts of [`ObjectKeys`] most objects never need.
#[derive(Default)]
struct RareKeys {
    /// Past [`LINEAR_KEYS`] distinct keys, their entries by name.
    by_name: Option<HashMap<String, usize>>,
    /// Occurrence counts, only for keys seen more than once.
    repeats: Vec<(String, usize)>,
}

/// A key that repeats an earlier one of its object.
struct Repeat {
    /// Which occurrence of the key wrote the value it overwrote (1 for the first).
    occurrence: usize,
    /// The node of that value.
    value: usize,
}

impl ObjectKeys {
    /// An object whose entries start at the top of `keys`.
    fn new(keys: &[usize]) -> Self {
        Self {
            from: keys.len(),
            seen: 0,
            rare: None,
        }
    }

    /// Notes the key at `key_node` (its value just read); a repeat takes the place of the
    /// earlier occurrence in `keys` and says what it overwrote.
    #[inline]
    fn add(&mut self, tree: &Tree<'_>, keys: &mut Vec<usize>, key_node: usize) -> Option<Repeat> {
        let wanted = tree.nodes[key_node].count;
        // The fingerprint's top six bits after a multiply (Fibonacci hashing) pick the bit.
        let bit = 1u64 << (wanted.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58);
        let new = self.seen & bit == 0;
        self.seen |= bit;
        let by_name = self.rare.as_ref().and_then(|rare| rare.by_name.as_ref());
        if new && by_name.is_none() && keys.len() - self.from != LINEAR_KEYS {
            // A new key of an object of a few: nothing reads its text (taken only past here,
            // where it is compared or kept: about twenty instructions a member).
            keys.push(key_node);
            return None;
        }
        let key = tree.key_text(key_node);
        let earlier = match by_name {
            _ if new => None,
            Some(names) => names.get(key).copied(),
            None => (self.from..keys.len()).find(|&entry| {
                let other = keys[entry];
                same_key(
                    tree.nodes[other].count,
                    || tree.key_text(other) == key,
                    wanted,
                    key,
                )
            }),
        };
        let Some(entry) = earlier else {
            let entry = keys.len();
            keys.push(key_node);
            if let Some(names) = self.rare.as_mut().and_then(|rare| rare.by_name.as_mut()) {
                names.insert(key.to_owned(), entry);
            } else if entry - self.from == LINEAR_KEYS {
                self.rare.get_or_insert_default().by_name = Some(
                    (self.from..keys.len())
                        .map(|e| (tree.key_text(keys[e]).to_owned(), e))
                        .collect(),
                );
            }
            return None;
        };
        let repeats = &mut self.rare.get_or_insert_default().repeats;
        let occurrence = match repeats.iter_mut().find(|(k, _)| k == key) {
            Some((_, count)) => {
                *count += 1;
                *count
            }
            None => {
                repeats.push((key.to_owned(), 1));
                1
            }
        };
        // The value the earlier occurrence wrote is overwritten by this one.
        let value = keys[entry] + 1;
        keys[entry] = key_node;
        Some(Repeat { occurrence, value })
    }

    /// Whether a key repeated.
    fn repeats(&self) -> bool {
        self.rare
            .as_ref()
            .is_some_and(|rare| !rare.repeats.is_empty())
    }

    /// Drops this object's entries from `keys`.
    fn close(&self, keys: &mut Vec<usize>) {
        keys.truncate(self.from);
    }
}

impl<'de> Visitor<'de> for Seed<'_, '_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<(), E> {
        let tag = if v { Tag::True } else { Tag::False };
        self.state.tree.nodes.push(Node::of(tag));
        Ok(())
    }

    fn visit_i64<E>(self, v: i64) -> Result<(), E> {
        self.state.tree.push_number(v.into());
        Ok(())
    }

    fn visit_u64<E>(self, v: u64) -> Result<(), E> {
        self.state.tree.push_number(v.into());
        Ok(())
    }

    fn visit_f64<E>(self, v: f64) -> Result<(), E> {
        // serde_json never yields a non-finite number.
        match Number::from_f64(v) {
            Some(n) => self.state.tree.push_number(n),
            None => self.state.tree.nodes.push(Node::of(Tag::Null)),
        }
        Ok(())
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<(), E> {
        check_string(self.state, v)?;
        self.state
            .tree
            .nodes
            .push(Node::text(Tag::String, v, self.state.tree.keys));
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        check_string(self.state, v)?;
        self.state.tree.push_decoded(Tag::String, v.to_owned());
        Ok(())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<(), E> {
        check_string(self.state, &v)?;
        self.state.tree.push_decoded(Tag::String, v);
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        self.state.tree.nodes.push(Node::of(Tag::Null));
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<(), A::Error> {
        let state = self.state;
        let depth = self.depth + 1;
        if depth > state.limits.max_depth {
            return Err(state.fail(
                Limit::Depth,
                format!("an array is nested {depth} levels deep"),
            ));
        }
        let at = state.tree.open(Tag::Array);
        let mut index = 0;
        loop {
            if index == state.limits.max_array_items {
                // One more item would exceed the limit; a closing bracket is fine.
                let next = access.next_element_seed(Seed {
                    state: &mut *state,
                    depth,
                });
                return match next {
                    Ok(None) => {
                        state.tree.close(at, index, false);
                        Ok(())
                    }
                    Ok(Some(())) => Err(state.fail(
                        Limit::ArrayItems,
                        format!("an array has more than {index} items"),
                    )),
                    Err(e) => {
                        state.error_path.push(JsonPointer::root().index(index));
                        Err(e)
                    }
                };
            }
            let mark = state.overwritten.len();
            match access.next_element_seed(Seed {
                state: &mut *state,
                depth,
            }) {
                Ok(Some(())) => {
                    if state.overwritten.len() > mark {
                        state.attach(mark, || JsonPointer::root().index(index));
                    }
                    index += 1;
                }
                Ok(None) => {
                    state.tree.close(at, index, false);
                    return Ok(());
                }
                Err(e) => {
                    state.error_path.push(JsonPointer::root().index(index));
                    return Err(e);
                }
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<(), A::Error> {
        let state = self.state;
        let depth = self.depth + 1;
        if depth > state.limits.max_depth {
            return Err(state.fail(
                Limit::Depth,
                format!("an object is nested {depth} levels deep"),
            ));
        }
        let at = state.tree.open(Tag::Object);
        let mut keys = ObjectKeys::new(&state.keys);
        let mut members = 0usize;
        loop {
            let key_node = state.tree.nodes.len();
            match access.next_key_seed(KeySeed { state: &mut *state }) {
                Ok(Some(())) => {}
                Ok(None) => break,
                Err(e) => {
                    keys.close(&mut state.keys);
                    return Err(e);
                }
            }
            members += 1;
            if members > state.limits.max_object_members {
                keys.close(&mut state.keys);
                return Err(state.fail(
                    Limit::ObjectMembers,
                    format!(
                        "an object has more than {} members",
                        state.limits.max_object_members
                    ),
                ));
            }
            let mark = state.overwritten.len();
            if let Err(e) = access.next_value_seed(Seed {
                state: &mut *state,
                depth,
            }) {
                let key = state.tree.key_text(key_node).to_owned();
                state.error_path.push(JsonPointer::root().key(&key));
                keys.close(&mut state.keys);
                return Err(e);
            }
            if state.overwritten.len() > mark {
                let key = state.tree.key_text(key_node).to_owned();
                state.attach(mark, || JsonPointer::root().key(&key));
            }
            if let Some(repeat) = keys.add(&state.tree, &mut state.keys, key_node) {
                let key = state.tree.key_text(key_node);
                state.overwritten.push(PendingOverwrite {
                    path: vec![JsonPointer::root().key(key)],
                    occurrence: repeat.occurrence,
                    value: repeat.value,
                });
            }
        }
        keys.close(&mut state.keys);
        state.tree.close(at, members, keys.repeats());
        Ok(())
    }
}

fn check_string<E: de::Error>(state: &mut State<'_, '_>, text: &str) -> Result<(), E> {
    if text.len() > state.limits.max_string_bytes {
        return Err(state.fail(
            Limit::StringBytes,
            format!("a string is {} bytes long", text.len()),
        ));
    }
    Ok(())
}

/// Reads an object key into the tree, enforcing the string limit.
struct KeySeed<'s, 'l, 'de> {
    state: &'s mut State<'l, 'de>,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_, '_, 'de> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<(), D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_, '_, 'de> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_borrowed_str<E: de::Error>(self, v: &'de str) -> Result<(), E> {
        check_string(self.state, v)?;
        self.state
            .tree
            .nodes
            .push(Node::text(Tag::Key, v, self.state.tree.keys));
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        check_string(self.state, v)?;
        self.state.tree.push_decoded(Tag::Key, v.to_owned());
        Ok(())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<(), E> {
        check_string(self.state, &v)?;
        self.state.tree.push_decoded(Tag::Key, v);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_default(text: &str) -> Result<Document<'_>, Box<Error>> {
        parse(text.as_bytes(), &Limits::default(), KeyTable::empty())
    }

    /// Each overwritten member of a document: its pointer, occurrence and the value it held.
    fn overwritten_values(doc: &Document<'_>) -> Vec<(String, usize, serde_json::Value)> {
        doc.overwritten
            .iter()
            .map(|o| {
                let value = doc.tree.at(o.value).to_value();
                (o.pointer.as_str().to_owned(), o.occurrence, value)
            })
            .collect()
    }

    #[test]
    fn records_overwritten_values_with_their_paths() {
        let doc = parse_default(
            r#"{"a": [{"k": 1, "k": 2, "\u006b": 3}], "b": {"x": {"y": 0, "y": 9}}}"#,
        )
        .expect("parses");
        let value = doc.tree.root().to_value();
        assert_eq!(value["a"][0]["k"], 3);
        assert_eq!(
            serde_json::to_string(&value).expect("JSON"),
            r#"{"a":[{"k":3}],"b":{"x":{"y":9}}}"#
        );
        assert_eq!(
            overwritten_values(&doc),
            [
                ("/a/0/k".to_owned(), 1, serde_json::Value::from(1)),
                ("/a/0/k".to_owned(), 2, serde_json::Value::from(2)),
                ("/b/x/y".to_owned(), 1, serde_json::Value::from(0)),
            ]
        );
    }

    #[test]
    fn enforces_depth_at_the_limit_and_not_before() {
        let limits = Limits {
            max_depth: 3,
            ..Limits::default()
        };
        assert!(parse(b"[[[1]]]", &limits, KeyTable::empty()).is_ok());
        let error = parse(b"[[[[1]]]]", &limits, KeyTable::empty()).expect_err("too deep");
        assert_eq!(error.kind, ErrorKind::Limit(Limit::Depth));
        assert_eq!(error.pointer.as_str(), "/0/0/0");
        assert!(
            error.message.contains("nesting depth limit is 3"),
            "{}",
            error.message
        );
    }

    #[test]
    fn enforces_array_and_string_limits() {
        let limits = Limits {
            max_array_items: 2,
            max_string_bytes: 3,
            ..Limits::default()
        };
        assert!(parse(br#"["abc", "d"]"#, &limits, KeyTable::empty()).is_ok());
        let too_many =
            parse(br#"{"a": [1, 2, 3]}"#, &limits, KeyTable::empty()).expect_err("too many items");
        assert_eq!(
            (too_many.kind, too_many.pointer.as_str()),
            (ErrorKind::Limit(Limit::ArrayItems), "/a")
        );
        let too_long =
            parse(br#"{"a": ["abcd"]}"#, &limits, KeyTable::empty()).expect_err("too long");
        assert_eq!(
            (too_long.kind, too_long.pointer.as_str()),
            (ErrorKind::Limit(Limit::StringBytes), "/a/0")
        );
        let long_key =
            parse(br#"{"abcd": 1}"#, &limits, KeyTable::empty()).expect_err("key too long");
        assert_eq!(long_key.kind, ErrorKind::Limit(Limit::StringBytes));
    }

    #[test]
    fn refuses_oversized_input_before_parsing() {
        let limits = Limits {
            max_record_bytes: 4,
            ..Limits::default()
        };
        // Not even JSON: the size check comes first.
        let error = parse(b"{{{{{", &limits, KeyTable::empty()).expect_err("too big");
        assert_eq!(error.kind, ErrorKind::Limit(Limit::RecordBytes));
    }

    #[test]
    fn classifies_encoding_problems() {
        for bytes in [
            &b"\xEF\xBB\xBF{}"[..],
            b"\xFF\xFE{\x00}\x00",
            b"{\x00}\x00",
            b"\x00{\x00}",
            b"\x00\x00\x00{\x00\x00\x00}",
            b"{\x00\x00\x00}\x00\x00\x00",
            b"{\"a\": \"\xE9\"}",
            br#"{"a": "\ud800"}"#,
            br#"{"a": "\udc00\ud800"}"#,
        ] {
            let error =
                parse(bytes, &Limits::default(), KeyTable::empty()).expect_err("bad encoding");
            assert_eq!(
                error.kind,
                ErrorKind::Encoding,
                "{bytes:?}: {}",
                error.message
            );
        }
    }

    #[test]
    fn classifies_syntax_problems() {
        for (text, code) in [
            ("{", ErrorKind::Syntax),
            ("{\"a\" 1}", ErrorKind::Syntax),
            ("[1,]", ErrorKind::Syntax),
            ("{} {}", ErrorKind::Syntax),
            ("", ErrorKind::Syntax),
            ("[1e400]", ErrorKind::Limit(Limit::NumberRange)),
        ] {
            let error = parse_default(text).expect_err("not JSON");
            assert_eq!(error.kind, code, "{text}: {}", error.message);
            assert!(!error.message.contains(" at line "), "{}", error.message);
        }
    }

    #[test]
    fn positions_syntax_errors() {
        let text = "{\n  \"é\": 1,\n  \"b\" 2\n}";
        let error = parse_default(text).expect_err("missing colon");
        let Anchor::Offset(offset) = error.anchor else {
            panic!("syntax errors carry an offset");
        };
        assert_eq!(&text[offset..offset + 1], "2");
    }

    /// The one-pass parser's reading of `text` and `serde_json`'s, held together: either the
    /// parser gives up (and `serde_json` decides), or both read the same values, the same
    /// overwritten members (pointer, occurrence, the value's node) and nodes of the same
    /// kinds. Each string node's span is its quotes.
    fn agree(text: &str) {
        let limits = Limits::default();
        let keys = KeyTable::empty();
        let serde = read_with_serde(text, &limits, keys);
        let Ok(fast) = spanned::parse(text, &limits, keys) else {
            return;
        };
        let serde = serde.unwrap_or_else(|e| panic!("{text:?}: serde_json refuses: {e}"));
        assert_eq!(
            fast.tree.root().to_value(),
            serde.tree.root().to_value(),
            "{text:?}"
        );
        let overwritten = |doc: &Document<'_>| -> Vec<(String, usize, usize)> {
            doc.overwritten
                .iter()
                .map(|o| (o.pointer.as_str().to_owned(), o.occurrence, o.value))
                .collect()
        };
        assert_eq!(overwritten(&fast), overwritten(&serde), "{text:?}");
        assert_eq!(fast.tree.len(), serde.tree.len(), "{text:?}");
        let spans = fast.tree.spans.as_ref().expect("the parser records spans");
        for (i, node) in fast.tree.nodes.iter().enumerate() {
            assert_eq!(node.tag, serde.tree.nodes[i].tag, "{text:?} node {i}");
            assert_eq!(node.flag, serde.tree.nodes[i].flag, "{text:?} node {i}");
            if matches!(node.tag, Tag::String | Tag::Key) {
                let (from, to) = spans[i];
                let (from, to) = (from as usize, to as usize);
                assert_eq!(&text[from..=from], "\"", "{text:?} node {i}");
                assert_eq!(&text[to - 1..to], "\"", "{text:?} node {i}");
            }
        }
    }

    /// Objects of every number of distinct keys around where [`ObjectKeys`] starts looking
    /// keys up by name ([`LINEAR_KEYS`]), a key repeated once or three times at the start,
    /// the middle, the end and past the switch, nested, with keys that share a fingerprint
    /// (the same length and first seven bytes): every repeat, its occurrence and the value
    /// it overwrote as `serde_json`'s reading gives them.
    #[test]
    fn repeated_keys_agree_around_the_switch_to_lookup_by_name() {
        let name = |k: usize| {
            if k.is_multiple_of(2) {
                format!("k{k}")
            } else {
                // Longer than seven bytes, sharing their first seven with each other.
                format!("samehead{k}")
            }
        };
        for distinct in [0usize, 1, 2, 7, 15, 16, 17, 18, 33, 40] {
            let mut positions = vec![0, distinct / 2, distinct.saturating_sub(1), 16, 17];
            positions.retain(|&p| p < distinct);
            positions.dedup();
            for &repeated in &positions {
                for times in [1, 3] {
                    for place in [0, distinct / 2, distinct] {
                        let mut members: Vec<(String, String)> =
                            (0..distinct).map(|k| (name(k), k.to_string())).collect();
                        for t in 0..times {
                            let at = (place + t).min(members.len());
                            members.insert(at, (name(repeated), format!("\"r{t}\"")));
                        }
                        let object = format!(
                            "{{{}}}",
                            members
                                .iter()
                                .map(|(k, v)| format!("\"{k}\": {v}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        );
                        agree(&object);
                        // What `JSON.parse` overwrites, found without `ObjectKeys` (which
                        // both readers share): each earlier occurrence of the repeated key,
                        // in order, as the next one is read.
                        let occurrences: Vec<&String> = members
                            .iter()
                            .filter(|(k, _)| *k == name(repeated))
                            .map(|(_, v)| v)
                            .collect();
                        let expected: Vec<(String, usize, serde_json::Value)> = occurrences
                            [..occurrences.len() - 1]
                            .iter()
                            .enumerate()
                            .map(|(i, v)| {
                                let value = serde_json::from_str(v).expect("JSON");
                                (format!("/{}", name(repeated)), i + 1, value)
                            })
                            .collect();
                        let doc = spanned::parse(&object, &Limits::default(), KeyTable::empty())
                            .ok()
                            .expect("the parser reads it");
                        assert_eq!(overwritten_values(&doc), expected, "{object}");
                        agree(&format!(
                            "{{\"outer\": {object}, \"outer\": [{object}, {{}}]}}"
                        ));
                    }
                }
            }
            if positions.is_empty() {
                agree(&format!(
                    "{{{}}}",
                    (0..distinct)
                        .map(|k| format!("\"{}\": {k}", name(k)))
                        .collect::<Vec<_>>()
                        .join(",")
                ));
            }
            // Every key distinct: nothing overwritten.
            let object = format!(
                "{{{}}}",
                (0..distinct)
                    .map(|k| format!("\"{}\": {k}", name(k)))
                    .collect::<Vec<_>>()
                    .join(",")
            );
            let doc = spanned::parse(&object, &Limits::default(), KeyTable::empty())
                .ok()
                .expect("the parser reads it");
            assert!(doc.overwritten.is_empty(), "{object}");
        }
    }

    /// Strings with an escape, a control character, a quote, a many-byte character or a lone
    /// surrogate at every place around the vector search's sixteen-byte loads, as keys, member
    /// values and array items, and strings cut off at the text's end: the parser reads them
    /// as `serde_json` does, or gives up.
    #[test]
    fn strings_agree_with_serde_at_every_place_around_the_loads() {
        let specials = [
            r"\n",
            r#"\""#,
            r"\\",
            r"\/",
            r"\u00e9",
            r"\ud83d\ude00",
            r"\ud800",
            r"\udc00x",
            r"\ud800\u0041",
            r"\x",
            "\u{1}",
            "\u{1f}",
            "\t",
            "\u{7f}",
            "é",
            "😀",
            " ",
            "\"",
        ];
        for special in specials {
            for len in [0, 1, 14, 15, 16, 17, 31, 32, 33, 47] {
                for place in (0..=len).filter(|p| *p < 3 || p + 3 >= len || p % 16 >= 14) {
                    let mut body: String = (0..len)
                        .map(|i| char::from(b'a' + (i % 26) as u8))
                        .collect();
                    body.insert_str(place, special);
                    for text in [
                        format!("\"{body}\""),
                        format!("{{\"{body}\": \"{body}\", \"a\": [\"{body}\", 1]}}"),
                        format!("[\"{body}\",\"{body}\"]"),
                        // Cut off: no closing quote, at the text's end.
                        format!("\"{body}"),
                        format!("[\"{body}"),
                        format!("{{\"{body}"),
                    ] {
                        agree(&text);
                    }
                }
            }
        }
    }

    /// Nesting up to and past `serde_json`'s limit, a string of a megabyte, and an object and
    /// an array of many members: read as `serde_json` reads them, or given up.
    #[test]
    fn deep_and_large_texts_agree_with_serde() {
        for depth in [1, 2, 126, 127, 128, 129, 300] {
            agree(&format!("{}{}", "[".repeat(depth), "]".repeat(depth)));
            agree(&format!(
                "{}1{}",
                "{\"a\": ".repeat(depth),
                "}".repeat(depth)
            ));
        }
        let long = "x".repeat((1 << 20) + 17);
        agree(&format!("{{\"a\": \"{long}\", \"b\": [\"{long}\\n\"]}}"));
        let members: Vec<String> = (0..3000)
            .map(|k| format!("\"m{}\": {k}", k % 2500))
            .collect();
        agree(&format!("{{{}}}", members.join(",\n  ")));
        let items: Vec<String> = (0..5000).map(|k| format!("\"i{k}\"")).collect();
        agree(&format!("[{}]", items.join(", ")));
    }
}
