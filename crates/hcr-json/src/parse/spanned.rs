//! The parser of well-formed documents: one pass over the text that writes the [`Tree`] and
//! the source span of every value and key, so that a diagnostic's place is looked up, never
//! searched for.
//!
//! It answers only for text it can read exactly as `serde_json` would: anything else (a syntax
//! error, a limit reached, a lone surrogate escape, nesting `serde_json` would refuse) makes
//! it give up, and [`super::parse`] reads the text again with `serde_json`, whose errors are
//! the diagnostics. What it accepts, `serde_json` accepts with the same values: strings are
//! decoded by the same rules, and every number but a plain non-negative integer of up to 18
//! digits is read by `serde_json` itself. Tests hold the two parsers together on the
//! conformance suite, JSONTestSuite and generated documents, and a fuzz target on any input.

use crate::JsonPointer;
use serde_json::Number;

use super::{Document, ObjectKeys, Overwritten, Repeat};
use crate::Limits;
use crate::keys::{KeyTable, NOT_A_KEY};
use crate::tree::{Node, Tag, Tree, plain_ends};

/// The parser gave up; `serde_json` decides.
pub(super) struct GiveUp;

type Step<T = ()> = Result<T, GiveUp>;

/// A probed string value's node's count when its probe found nothing.
const NOTHING: u64 = 1;

/// `serde_json` refuses nesting this deep, whatever the limit.
const SERDE_DEPTH: usize = 128;

/// An offset into the text as a span holds it. [`parse`] reads only text shorter than 4 GiB,
/// so every offset into it, its end included, fits: a plain cast, without the saturating
/// test of `index32` (two tests a node, for every value and key).
#[inline(always)]
#[allow(clippy::cast_possible_truncation)] // fits, as above
fn offset32(at: usize) -> u32 {
    debug_assert!(u32::try_from(at).is_ok());
    at as u32
}

/// A node's span from `from` to `to` (see [`offset32`]).
#[inline(always)]
fn span(from: usize, to: usize) -> (u32, u32) {
    (offset32(from), offset32(to))
}

/// Reads `text`, or gives up (see the module documentation).
pub(super) fn parse<'a>(
    text: &'a str,
    limits: &Limits,
    names: &'a KeyTable,
) -> Result<Document<'a>, GiveUp> {
    // Spans are 32-bit offsets.
    if u32::try_from(text.len()).is_err() {
        return Err(GiveUp);
    }
    let capacity = capacity(text.as_bytes());
    let mut tree = Tree::new(capacity, names);
    // Until a string value that is not says otherwise.
    tree.plain_strings = true;
    tree.probe = names.probe();
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        at: 0,
        limits,
        max_depth: limits.max_depth.min(SERDE_DEPTH - 1),
        tree,
        spans: Vec::with_capacity(capacity),
        keys: Vec::with_capacity(32),
        repeats: Vec::new(),
        loud: 0,
    };
    parser.whitespace();
    parser.value(0)?;
    parser.whitespace();
    if parser.at != parser.bytes.len() {
        return Err(GiveUp);
    }
    let mut tree = parser.tree;
    tree.spans = Some(parser.spans);
    // Every container is closed now: each repeat's place is found from the root.
    let overwritten = parser
        .repeats
        .into_iter()
        .map(|(key_node, repeat)| Overwritten {
            pointer: member_pointer(&tree, key_node),
            occurrence: repeat.occurrence,
            value: repeat.value,
        })
        .collect();
    Ok(Document {
        text,
        tree,
        overwritten,
    })
}

/// Room for the tree's nodes and spans. A usual record holds about one value or key per 20
/// bytes of pretty-printed text: a little more than that, so that the vectors rarely grow.
/// A large text gets room for every value and key it can hold, counted from its separators
/// (each value but a container's first follows a `,`, each key precedes a `:`, each container
/// starts with `[` or `{`): a vector that doubles keeps each buffer it outgrew, and for a
/// 16 MiB record of small members that was more than half the memory a run took. Room never
/// used is never touched, so it costs address space, not memory.
fn capacity(bytes: &[u8]) -> usize {
    const LARGE: usize = 1 << 20;
    if bytes.len() < LARGE {
        return (bytes.len() / 16 + 16).min(1 << 16);
    }
    let separators = memchr::memchr3_iter(b',', b':', b'[', bytes).count()
        + memchr::memchr_iter(b'{', bytes).count()
        + 1;
    // No value or key takes less than a byte and a half of text (`[0,0]`, `{"":0}`).
    separators.min(bytes.len() / 3 * 2 + 16)
}

/// The pointer of the member whose key is node `key_node` of a whole tree (every container
/// closed): the path to it from the root, each step's subtree found by its end.
fn member_pointer(tree: &Tree<'_>, key_node: usize) -> JsonPointer {
    let mut pointer = JsonPointer::root();
    let mut at = 0;
    loop {
        let Some(node) = tree.nodes.get(at) else {
            return pointer;
        };
        let mut inside = None;
        match node.tag {
            Tag::Object => {
                let mut key = at + 1;
                for _ in 0..node.items() {
                    let end = tree.end(key + 1);
                    if key_node < end {
                        pointer.push_key(tree.key_text(key));
                        inside = (key_node != key).then_some(key + 1);
                        break;
                    }
                    key = end;
                }
            }
            Tag::Array => {
                let mut item = at + 1;
                for index in 0..node.items() {
                    let end = tree.end(item);
                    if key_node < end {
                        pointer.push_index(index);
                        inside = Some(item);
                        break;
                    }
                    item = end;
                }
            }
            _ => {}
        }
        match inside {
            Some(next) => at = next,
            None => return pointer,
        }
    }
}

struct Parser<'a, 'l> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    limits: &'l Limits,
    max_depth: usize,
    tree: Tree<'a>,
    /// The source range of each node: a key or a value, quotes and brackets included.
    /// Each node's byte range (32 bits: the parser gives up on a text of 4 GiB or more).
    spans: Vec<(u32, u32)>,
    /// The key nodes of the objects being read, innermost last: each object's distinct keys,
    /// at their latest occurrence.
    keys: Vec<usize>,
    /// Each repeated key's node and the value it overwrote, in the order they were read
    /// (their pointers are found once the tree is whole).
    repeats: Vec<(usize, Repeat)>,
    /// How many things a walk for the probe's sake must visit were read so far (see
    /// [`Tree::quiet`]): a container whose subtree added none is quiet.
    loud: u32,
}

impl<'a> Parser<'a, '_> {
    fn peek(&self) -> Step<u8> {
        self.bytes.get(self.at).copied().ok_or(GiveUp)
    }

    fn expect(&mut self, byte: u8) -> Step {
        if self.peek()? == byte {
            self.at += 1;
            Ok(())
        } else {
            Err(GiveUp)
        }
    }

    /// Skips JSON whitespace (see [`whitespace_end`]). Always inlined: it runs between
    /// every two tokens, and out of line its call costs about what it does.
    #[inline(always)]
    fn whitespace(&mut self) {
        // Compact text (JSON Lines) has none: one test.
        if self.bytes.get(self.at).is_none_or(|&b| b > b' ') {
            return;
        }
        self.at = whitespace_end(self.bytes, self.at);
    }

    /// Skips the whitespace after a key's colon: in pretty-printed text one space before the
    /// value, passed with two tests instead of a vector search of sixteen bytes.
    #[inline(always)]
    fn colon_space(&mut self) {
        if let Some(&[b' ', next]) = self.bytes.get(self.at..self.at + 2)
            && next > b' '
        {
            self.at += 1;
            return;
        }
        self.whitespace();
    }

    fn push(&mut self, node: Node<'a>, start: usize) {
        self.tree.nodes.push(node);
        self.spans.push(span(start, self.at));
    }

    fn value(&mut self, depth: usize) -> Step {
        match self.peek()? {
            b'{' => self.object(depth + 1),
            b'[' => self.array(depth + 1),
            b'"' => self.string(Tag::String),
            b't' => self.literal(b"true", Tag::True),
            b'f' => self.literal(b"false", Tag::False),
            b'n' => self.literal(b"null", Tag::Null),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(GiveUp),
        }
    }

    fn literal(&mut self, word: &[u8], tag: Tag) -> Step {
        if !self.bytes[self.at..].starts_with(word) {
            return Err(GiveUp);
        }
        let start = self.at;
        self.at += word.len();
        self.push(Node::of(tag), start);
        Ok(())
    }

    /// A number: its grammar checked here, its value read as `serde_json` reads it.
    fn number(&mut self) -> Step {
        let start = self.at;
        let digits = |bytes: &[u8], at: usize| {
            bytes[at..]
                .iter()
                .position(|b| !b.is_ascii_digit())
                .map_or(bytes.len(), |n| at + n)
        };
        let mut at = start;
        let negative = self.bytes[at] == b'-';
        if negative {
            at += 1;
        }
        let integer_start = at;
        match self.bytes.get(at) {
            Some(b'0') => at += 1,
            Some(b'1'..=b'9') => at = digits(self.bytes, at),
            _ => return Err(GiveUp),
        }
        let integer_end = at;
        let mut plain = true;
        if self.bytes.get(at) == Some(&b'.') {
            plain = false;
            let after = digits(self.bytes, at + 1);
            if after == at + 1 {
                return Err(GiveUp);
            }
            at = after;
        }
        if matches!(self.bytes.get(at), Some(b'e' | b'E')) {
            plain = false;
            at += 1;
            if matches!(self.bytes.get(at), Some(b'+' | b'-')) {
                at += 1;
            }
            let after = digits(self.bytes, at);
            if after == at {
                return Err(GiveUp);
            }
            at = after;
        }
        self.at = at;
        let literal = &self.text[start..at];
        let number = if plain && !negative && integer_end - integer_start <= 18 {
            // At most 18 digits: always a u64, as serde_json reads it.
            Number::from(literal.parse::<u64>().map_err(|_| GiveUp)?)
        } else {
            serde_json::from_str::<Number>(literal).map_err(|_| GiveUp)?
        };
        self.tree.push_number(number);
        self.spans.push(span(start, self.at));
        Ok(())
    }

    /// A string or key (at its opening quote), as a node tagged `tag`: its text a range of
    /// the source unless it holds escapes; a string value probed (see [`crate::Probe`]).
    fn string(&mut self, tag: Tag) -> Step {
        self.string_probed(tag, true)
    }

    /// [`Parser::string`], a string value probed only if `probed`.
    #[inline(always)]
    fn string_probed(&mut self, tag: Tag, probed: bool) -> Step {
        let quote = self.at;
        let start = quote + 1;
        let end = self.plain_run(start);
        match self.bytes.get(end) {
            Some(b'"') => {
                self.at = end + 1;
                self.check_length(end - start)?;
                let text = self.plain_text(start, end);
                let mut node = Node::text(tag, text, self.tree.keys);
                if tag == Tag::String {
                    self.tree.plain_strings &= plain_ends(&self.bytes[start..end]);
                    if probed {
                        node.count = self.probe(text);
                    }
                    self.loud += u32::from(node.count != NOTHING);
                } else {
                    self.loud += u32::from(node.property == NOT_A_KEY);
                }
                self.push(node, quote);
                Ok(())
            }
            Some(b'\\') => {
                let mut decoded = String::with_capacity(end - start + 16);
                decoded.push_str(&self.text[start..end]);
                self.at = end;
                self.escaped(&mut decoded)?;
                self.check_length(decoded.len())?;
                let probed = if tag == Tag::String {
                    self.tree.plain_strings &= plain_ends(decoded.as_bytes());
                    if probed { self.probe(&decoded) } else { 0 }
                } else {
                    0
                };
                self.tree.push_decoded(tag, decoded);
                if let Some(node) = self.tree.nodes.last_mut() {
                    if tag == Tag::String {
                        node.count = probed;
                        self.loud += u32::from(probed != NOTHING);
                    } else {
                        self.loud += u32::from(node.property == NOT_A_KEY);
                    }
                }
                self.spans.push(span(quote, self.at));
                Ok(())
            }
            // A control character or the end of the text.
            _ => Err(GiveUp),
        }
    }

    /// The tree's [`crate::Probe`]'s answer for the string value `text`, as its node keeps
    /// it ([`NOTHING`] for none, else the position plus 2); 0 (not probed) without a probe.
    #[inline(always)]
    fn probe(&self, text: &str) -> u64 {
        match self.tree.probe {
            // (A position past `u64` cannot be: it would read as the text's start.)
            Some(probe) => (probe.0)(text).map_or(NOTHING, |at| u64::try_from(at + 2).unwrap_or(2)),
            None => 0,
        }
    }

    /// The text of a string's run from `start`, just after its opening quote, to `end`, its
    /// closing quote: both are ASCII quotes of the (UTF-8) source, so both ends are character
    /// boundaries, and the slice needs none of `str` indexing's tests of them (a few
    /// instructions for each of a record's two hundred strings and keys).
    #[inline(always)]
    fn plain_text(&self, start: usize, end: usize) -> &'a str {
        debug_assert!(start >= 1 && self.bytes[start - 1] == b'"' && self.bytes[end] == b'"');
        let run = &self.bytes[start..end];
        // SAFETY: `self.bytes` is `self.text`'s UTF-8, and `run` starts after an ASCII byte
        // and ends before one (the quotes), so it is whole characters of it: valid UTF-8.
        #[allow(unsafe_code)]
        unsafe {
            std::str::from_utf8_unchecked(run)
        }
    }

    fn check_length(&self, length: usize) -> Step {
        if length > self.limits.max_string_bytes {
            Err(GiveUp)
        } else {
            Ok(())
        }
    }

    /// The end of the run of bytes from `at` that need no decoding: the first quote,
    /// backslash or control character, or the end of the text.
    fn plain_run(&self, at: usize) -> usize {
        plain_run(self.bytes, at)
    }

    /// Decodes the rest of a string that holds escapes, from a backslash, through its
    /// closing quote.
    fn escaped(&mut self, out: &mut String) -> Step {
        loop {
            match self.peek()? {
                b'"' => {
                    self.at += 1;
                    return Ok(());
                }
                b'\\' => {
                    self.at += 1;
                    let escape = self.peek()?;
                    self.at += 1;
                    match escape {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let unit = self.hex4()?;
                            let c = match unit {
                                // A surrogate pair; a lone one is serde_json's to refuse.
                                0xD800..=0xDBFF => {
                                    self.expect(b'\\')?;
                                    self.expect(b'u')?;
                                    let low = self.hex4()?;
                                    if !(0xDC00..=0xDFFF).contains(&low) {
                                        return Err(GiveUp);
                                    }
                                    0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                                }
                                0xDC00..=0xDFFF => return Err(GiveUp),
                                _ => unit,
                            };
                            out.push(char::from_u32(c).ok_or(GiveUp)?);
                        }
                        _ => return Err(GiveUp),
                    }
                }
                _ => {
                    let end = self.plain_run(self.at);
                    if end == self.at {
                        // A control character.
                        return Err(GiveUp);
                    }
                    out.push_str(&self.text[self.at..end]);
                    self.at = end;
                }
            }
        }
    }

    fn hex4(&mut self) -> Step<u32> {
        let digits = self.bytes.get(self.at..self.at + 4).ok_or(GiveUp)?;
        let mut value = 0;
        for &d in digits {
            let digit = char::from(d).to_digit(16).ok_or(GiveUp)?;
            value = value * 16 + digit;
        }
        self.at += 4;
        Ok(value)
    }

    fn array(&mut self, depth: usize) -> Step {
        if depth > self.max_depth {
            return Err(GiveUp);
        }
        let start = self.at;
        self.at += 1;
        let at = self.tree.open(Tag::Array);
        let loud = self.loud;
        self.spans.push(span(start, start));
        self.whitespace();
        let mut len = 0;
        if self.peek()? == b']' {
            self.at += 1;
        } else {
            loop {
                if len == self.limits.max_array_items {
                    return Err(GiveUp);
                }
                // An array's string items are not probed: the secret walk searches a run of
                // them joined, once.
                if self.peek()? == b'"' {
                    self.string_probed(Tag::String, false)?;
                } else {
                    self.value(depth)?;
                }
                len += 1;
                self.whitespace();
                match self.peek()? {
                    b',' => {
                        self.at += 1;
                        self.whitespace();
                    }
                    b']' => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(GiveUp),
                }
            }
        }
        self.tree.close(at, len, false);
        self.tree.nodes[at].quiet = self.loud == loud && self.tree.probe.is_some();
        self.spans[at].1 = offset32(self.at);
        Ok(())
    }

    fn object(&mut self, depth: usize) -> Step {
        if depth > self.max_depth {
            return Err(GiveUp);
        }
        let start = self.at;
        self.at += 1;
        let at = self.tree.open(Tag::Object);
        let loud = self.loud;
        self.spans.push(span(start, start));
        self.whitespace();
        let mut keys = ObjectKeys::new(&self.keys);
        let mut len = 0;
        if self.peek()? == b'}' {
            self.at += 1;
        } else {
            loop {
                if self.peek()? != b'"' {
                    return Err(GiveUp);
                }
                let key_node = self.tree.nodes.len();
                self.string(Tag::Key)?;
                len += 1;
                if len > self.limits.max_object_members {
                    return Err(GiveUp);
                }
                self.whitespace();
                self.expect(b':')?;
                self.colon_space();
                // A member's string value read without `value`'s dispatch (and its frame).
                if self.peek()? == b'"' {
                    self.string(Tag::String)?;
                } else {
                    self.value(depth)?;
                }
                if let Some(repeat) = keys.add(&self.tree, &mut self.keys, key_node) {
                    // As `serde_json`'s reading into a map would replace it.
                    self.repeats.push((key_node, repeat));
                }
                self.whitespace();
                match self.peek()? {
                    b',' => {
                        self.at += 1;
                        self.whitespace();
                    }
                    b'}' => {
                        self.at += 1;
                        break;
                    }
                    _ => return Err(GiveUp),
                }
            }
        }
        keys.close(&mut self.keys);
        self.tree.close(at, len, keys.repeats());
        self.loud += u32::from(keys.repeats());
        self.tree.nodes[at].quiet = self.loud == loud && self.tree.probe.is_some();
        self.spans[at].1 = offset32(self.at);
        Ok(())
    }
}

/// The end of the run of bytes of `bytes` from `at` that need no decoding: the first quote,
/// backslash or control character, or the end. Sixteen bytes at a time with SSE2 (every
/// x86-64 CPU has it), eight at a time elsewhere and for the last bytes.
fn plain_run(bytes: &[u8], at: usize) -> usize {
    or_words(sse2::plain_run(bytes, at), bytes, plain_run_words)
}

/// A vector search's answer, or where it stopped loading (fewer bytes left than it reads at
/// once), `words`' answer from there.
#[inline(always)]
fn or_words(found: Result<usize, usize>, bytes: &[u8], words: fn(&[u8], usize) -> usize) -> usize {
    match found {
        Ok(found) => found,
        Err(rest) => words(bytes, rest),
    }
}

/// The end of the run of JSON whitespace of `bytes` from `at`: the first byte that is not a
/// space, line feed, carriage return or tab, or the end. Pretty-printed text puts a line
/// break and its indentation between values, which sixteen bytes at a time with SSE2 (every
/// x86-64 CPU has it) read in one step, without a branch per kind of byte; eight spaces at a
/// time elsewhere and for the last bytes.
#[inline(always)]
fn whitespace_end(bytes: &[u8], at: usize) -> usize {
    or_words(sse2::whitespace_end(bytes, at), bytes, whitespace_words)
}

/// [`whitespace_end`] with runs of spaces (indentation) eight at a time.
fn whitespace_words(bytes: &[u8], mut at: usize) -> usize {
    const SPACES: u64 = u64::from_le_bytes([b' '; 8]);
    loop {
        // The spaces from here, eight bytes at a time: a byte of `word ^ SPACES` is zero
        // exactly where the text has a space.
        while let Some(chunk) = bytes.get(at..at + 8) {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            let other = u64::from_le_bytes(word) ^ SPACES;
            if other != 0 {
                at += (other.trailing_zeros() / 8) as usize;
                break;
            }
            at += 8;
        }
        match bytes.get(at) {
            Some(b' ' | b'\n' | b'\r' | b'\t') => at += 1,
            _ => return at,
        }
    }
}

/// [`plain_run`] eight bytes at a time, with the usual bit tricks, then a byte at a time.
fn plain_run_words(bytes: &[u8], mut at: usize) -> usize {
    // A byte below 0x20, or equal to `"` or `\`, sets its high bit in `found`.
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    while let Some(chunk) = bytes.get(at..at + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let x = u64::from_le_bytes(word);
        let control = x.wrapping_sub(ONES * 0x20) & !x & HIGHS;
        let quote = has_zero(x ^ (ONES * u64::from(b'"')));
        let backslash = has_zero(x ^ (ONES * u64::from(b'\\')));
        let found = control | quote | backslash;
        if found != 0 {
            // The lowest flagged byte is exact (borrows only run upward).
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b < 0x20 || b == b'"' || b == b'\\' {
            return at;
        }
        at += 1;
    }
    at
}

/// Elsewhere the vector searches read nothing: the scalar loops read every byte.
#[cfg(not(target_arch = "x86_64"))]
mod sse2 {
    pub(super) fn plain_run(_: &[u8], at: usize) -> Result<usize, usize> {
        Err(at)
    }

    pub(super) fn whitespace_end(_: &[u8], at: usize) -> Result<usize, usize> {
        Err(at)
    }
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod sse2 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8, _mm_xor_si128,
    };

    /// The first byte from `at` that needs decoding, found while sixteen bytes are left to
    /// load, or else where the loads ended (the caller reads the rest).
    pub(super) fn plain_run(bytes: &[u8], at: usize) -> Result<usize, usize> {
        // SAFETY: SSE2 is part of x86-64: every CPU this build runs on has it.
        unsafe { search(bytes, at) }
    }

    #[target_feature(enable = "sse2")]
    fn search(bytes: &[u8], mut at: usize) -> Result<usize, usize> {
        #[allow(clippy::cast_possible_wrap)] // the same bits
        let (flip, backslash, last) = (
            _mm_set1_epi8(0x02),
            _mm_set1_epi8(b'\\' as i8),
            _mm_set1_epi8(0x20),
        );
        while let Some(chunk) = bytes.get(at..at + 16) {
            // SAFETY: `chunk` is sixteen bytes, and the load needs no alignment.
            let x = unsafe { _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>()) };
            // A control character or a quote, in one test: `byte ^ 0x02` is at most 0x20
            // exactly for them (it maps 0x00..=0x1F onto itself and the quote, 0x22, to
            // 0x20; a space becomes 0x22, and every byte from 0x21 up stays above 0x20), and
            // a byte is at most 0x20 when it is its own minimum with 0x20.
            let flipped = _mm_xor_si128(x, flip);
            let control_or_quote = _mm_cmpeq_epi8(_mm_min_epu8(flipped, last), flipped);
            let special = _mm_or_si128(control_or_quote, _mm_cmpeq_epi8(x, backslash));
            let found = _mm_movemask_epi8(special);
            if found != 0 {
                return Ok(at + found.trailing_zeros() as usize);
            }
            at += 16;
        }
        Err(at)
    }

    /// The first byte from `at` that is not JSON whitespace, found while sixteen bytes are
    /// left to load, or else where the loads ended (the caller reads the rest). Always
    /// inlined: it runs between every two tokens of pretty-printed text, and SSE2 is part of
    /// x86-64, so the compiler may place it anywhere.
    #[inline(always)]
    pub(super) fn whitespace_end(bytes: &[u8], mut at: usize) -> Result<usize, usize> {
        // SAFETY: SSE2 is part of x86-64: every CPU this build runs on has it; each load
        // reads the sixteen bytes of `chunk`, and needs no alignment.
        unsafe {
            #[allow(clippy::cast_possible_wrap)] // the same bits
            let (space, line_feed, carriage_return, tab) = (
                _mm_set1_epi8(b' ' as i8),
                _mm_set1_epi8(b'\n' as i8),
                _mm_set1_epi8(b'\r' as i8),
                _mm_set1_epi8(b'\t' as i8),
            );
            while let Some(chunk) = bytes.get(at..at + 16) {
                let x = _mm_loadu_si128(chunk.as_ptr().cast::<__m128i>());
                let blank = _mm_or_si128(
                    _mm_or_si128(_mm_cmpeq_epi8(x, space), _mm_cmpeq_epi8(x, line_feed)),
                    _mm_or_si128(_mm_cmpeq_epi8(x, carriage_return), _mm_cmpeq_epi8(x, tab)),
                );
                // A bit for each of the sixteen bytes that is not whitespace.
                let other = !_mm_movemask_epi8(blank) & 0xFFFF;
                if other != 0 {
                    return Ok(at + other.trailing_zeros() as usize);
                }
                at += 16;
            }
        }
        Err(at)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    #[test]
    fn every_string_is_plain_only_when_each_starts_and_ends_visible() {
        let plain = |text: &str| {
            let keys = crate::KeyTable::empty();
            let limits = crate::Limits::default();
            super::parse(text, &limits, keys)
                .ok()
                .expect("the parser reads it")
                .tree
                .plain_strings()
        };
        // Keys are no string values: a padded key leaves every string plain.
        for text in [
            r#"{"a": "x", "b": ["yes.", "e!", 1, null, {"c": "~"}]}"#,
            r#"{" key ": "x"}"#,
            r#""a\nb""#,
            r#""\u0041b""#,
            r#""\u007f""#,
            r#"{"a": "x", "a": "y"}"#,
            "[]",
            "12",
        ] {
            assert!(plain(text), "{text}");
        }
        for text in [
            r#"["x", ""]"#,
            r#"["x", " "]"#,
            r#"{"a": "x "}"#,
            r#"{"a": "é"}"#,
            r#"{"a": "\u00e9"}"#,
            r#"{"a": "\n"}"#,
            r#"{"a": "x\t"}"#,
            r#"{"a": " x", "a": "y"}"#,
            r#"[" x", "y"]"#,
        ] {
            assert!(!plain(text), "{text}");
        }
    }

    /// A probe that finds something at the first `x` of a text.
    static FIND_X: crate::Probe = crate::Probe(|text| text.find('x'));

    /// Each string value's probe answer, by node, and each container's quietness.
    fn probed(text: &str) -> (Vec<Option<Option<usize>>>, Vec<bool>) {
        let names = crate::KeyTable::new(["a".to_owned(), "b".to_owned()])
            .expect("two names")
            .with_probe(&FIND_X);
        let limits = crate::Limits::default();
        let tree = super::parse(text, &limits, &names)
            .ok()
            .expect("the parser reads it")
            .tree;
        assert!(tree.probed_with(&FIND_X));
        assert!(!tree.probed_with(&crate::Probe(|_| None)));
        let nodes = 0..tree.len();
        (
            nodes.clone().map(|i| tree.probed(i)).collect(),
            nodes.map(|i| tree.quiet(i)).collect(),
        )
    }

    #[test]
    fn string_values_are_probed_and_quiet_containers_hold_nothing_to_visit() {
        // Member values probed (escaped ones decoded first); keys and an array's string
        // items not.
        let (answers, quiet) = probed(r#"{"a": "yes", "b": "xy", "a2": ["x"], "b": 1}"#);
        assert_eq!(answers[2], Some(None));
        assert_eq!(answers[4], Some(Some(0)));
        assert_eq!(answers[7], None);
        assert!([1, 3, 5, 8].iter().all(|&k| answers[k].is_none()));
        assert!(!quiet[0]);
        for (text, expected) in [
            // Only strings in which the probe found nothing, and keys the table holds.
            (
                r#"{"a": "y", "b": {"a": [1, {"b": null}]}}"#,
                vec![true, true, true, true],
            ),
            // A string the probe found something in, at any depth.
            (
                r#"{"a": {"b": [{"a": "..x"}]}}"#,
                vec![false, false, false, false],
            ),
            // A key the table does not hold.
            (r#"{"a": [{"c": 1}]}"#, vec![false, false, false]),
            // An array's string item (never probed).
            (r#"{"a": {"b": ["y"]}}"#, vec![false, false, false]),
            // A repeated key.
            (r#"{"a": {"b": 1, "b": 2}}"#, vec![false, false]),
            // Siblings do not make each other loud.
            (
                r#"[{"a": "x"}, {"b": 1}, []]"#,
                vec![false, false, true, true],
            ),
        ] {
            let (_, quiet) = probed(text);
            let containers: Vec<bool> = quiet
                .iter()
                .zip(probed_tags(text))
                .filter(|(_, container)| *container)
                .map(|(q, _)| *q)
                .collect();
            assert_eq!(containers, expected, "{text}");
        }
        // Without a probe, nothing is probed or quiet.
        let limits = crate::Limits::default();
        let tree = super::parse(r#"{"a": {"b": 1}}"#, &limits, crate::KeyTable::empty())
            .ok()
            .expect("the parser reads it")
            .tree;
        assert!(!tree.probed_with(&FIND_X));
        assert!((0..tree.len()).all(|i| !tree.quiet(i) && tree.probed(i).is_none()));
    }

    /// Whether each node of `text` is a container.
    fn probed_tags(text: &str) -> Vec<bool> {
        let limits = crate::Limits::default();
        let tree = super::parse(text, &limits, crate::KeyTable::empty())
            .ok()
            .expect("the parser reads it")
            .tree;
        (0..tree.len())
            .map(|i| {
                matches!(
                    tree.node(i),
                    crate::FlatNode::Array { .. } | crate::FlatNode::Object { .. }
                )
            })
            .collect()
    }

    /// What [`super::plain_run`] must answer, a byte at a time.
    fn reference(bytes: &[u8], at: usize) -> usize {
        bytes[at..]
            .iter()
            .position(|&b| b < 0x20 || b == b'"' || b == b'\\')
            .map_or(bytes.len(), |n| at + n)
    }

    #[test]
    fn a_plain_run_ends_at_every_kind_of_byte_in_every_place() {
        // Every byte value, at every place of the first two loads and of the tail; plain
        // bytes on both sides, including the high bytes of multi-byte characters.
        for special in 0..=u8::MAX {
            for len in [1, 7, 8, 15, 16, 17, 31, 32, 33, 40] {
                for place in 0..len {
                    for from in [0, 1, 3] {
                        let mut bytes: Vec<u8> = (0..len).map(|i| b'a' + (i % 26) as u8).collect();
                        bytes[place] = special;
                        if place % 3 == 1 {
                            bytes[(place + 1) % len] = 0xC3;
                        }
                        let from = from.min(len);
                        assert_eq!(
                            super::plain_run(&bytes, from),
                            reference(&bytes, from),
                            "byte {special:#04x} at {place} of {len}, from {from}"
                        );
                    }
                }
            }
        }
    }

    /// What [`super::whitespace_end`] must answer, a byte at a time.
    fn blank_reference(bytes: &[u8], at: usize) -> usize {
        bytes[at..]
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\n' | b'\r' | b'\t'))
            .map_or(bytes.len(), |n| at + n)
    }

    #[test]
    fn whitespace_ends_at_every_other_byte_in_every_place() {
        // Every byte value after a run of each kind of whitespace and of them mixed, at every
        // place of the first two loads and of the tail.
        for other in 0..=u8::MAX {
            for len in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40] {
                for place in 0..=len {
                    for from in [0, 1, 3] {
                        let mut bytes: Vec<u8> = (0..len)
                            .map(|i| b" \n\r\t   "[(i * 5 + place) % 7])
                            .collect();
                        if place < len {
                            bytes[place] = other;
                        }
                        let from = from.min(len);
                        assert_eq!(
                            super::whitespace_end(&bytes, from),
                            blank_reference(&bytes, from),
                            "byte {other:#04x} at {place} of {len}, from {from}"
                        );
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn whitespace_ends_where_a_byte_at_a_time_says(
            bytes in proptest::collection::vec(
                prop_oneof![4 => prop::sample::select(vec![b' ', b'\n', b'\r', b'\t']), 1 => any::<u8>()], 0..80),
            from in 0usize..80,
        ) {
            let from = from.min(bytes.len());
            prop_assert_eq!(super::whitespace_end(&bytes, from), blank_reference(&bytes, from));
        }

        #[test]
        fn a_plain_run_ends_where_a_byte_at_a_time_says(
            bytes in proptest::collection::vec(
                prop_oneof![4 => 0x20u8..=0x7E, 1 => any::<u8>()], 0..80),
            from in 0usize..80,
        ) {
            let from = from.min(bytes.len());
            prop_assert_eq!(super::plain_run(&bytes, from), reference(&bytes, from));
        }
    }
}
