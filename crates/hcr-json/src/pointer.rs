//! RFC 6901 JSON Pointers.

use std::fmt;

/// An RFC 6901 JSON Pointer such as `/evidence/0/sha256`.
///
/// The empty pointer (`""`) designates the whole document. Segments are escaped on the way in
/// (`~` becomes `~0`, `/` becomes `~1`) and unescaped on the way out, so a key may hold any text.
#[derive(Clone, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct JsonPointer(String);

/// Whether `key` holds a `~` or a `/`, which a pointer escapes. Most keys are a few bytes
/// (`evidence`, `id`, `sha256`): from 4 to 31 bytes they are tested eight at a time, in
/// reads of a fixed size that may overlap (4 to 7 bytes as their first four and last four in
/// one word; 8 to 16 as their first eight and last eight; longer ones as whole words and
/// the last eight), a handful of instructions where a loop over the bytes took seven a
/// byte; up to 3 bytes, a byte at a time; a long key is searched with `memchr2`.
fn needs_escape(key: &[u8]) -> bool {
    let n = key.len();
    match n {
        0..4 => key.iter().any(|&b| b == b'~' || b == b'/'),
        4..8 => {
            let first = u64::from(u32::from_le_bytes(bytes_at(key, 0)));
            let last = u64::from(u32::from_le_bytes(bytes_at(key, n - 4)));
            word_holds_tilde_or_slash(first | last << 32)
        }
        8..=16 => {
            word_holds_tilde_or_slash(word_at(key, 0))
                | word_holds_tilde_or_slash(word_at(key, n - 8))
        }
        17..32 => {
            // Whole words, then the last eight bytes (which may repeat some already tested).
            (0..n / 8).any(|i| word_holds_tilde_or_slash(word_at(key, 8 * i)))
                || word_holds_tilde_or_slash(word_at(key, n - 8))
        }
        _ => memchr::memchr2(b'~', b'/', key).is_some(),
    }
}

/// The `N` bytes of `key` from `at` (which the caller keeps within it).
#[inline(always)]
fn bytes_at<const N: usize>(key: &[u8], at: usize) -> [u8; N] {
    let mut bytes = [0u8; N];
    bytes.copy_from_slice(&key[at..at + N]);
    bytes
}

/// The eight bytes of `key` from `at` as a word.
#[inline(always)]
fn word_at(key: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes_at(key, at))
}

/// Whether a byte of `word` is `~` or `/`. A byte of `word ^ pattern` is zero exactly where
/// `word` has the pattern's byte, and `(x - 0x01…01) & !x & 0x80…80` is non-zero exactly
/// when `x` has a zero byte (its lowest flagged byte is a zero one; borrows flag only bytes
/// above it), so the answer is exact, not a guess to confirm.
#[inline(always)]
fn word_holds_tilde_or_slash(word: u64) -> bool {
    const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
    const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);
    let has_zero = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    has_zero(word ^ (ONES * u64::from(b'~'))) | has_zero(word ^ (ONES * u64::from(b'/'))) != 0
}

/// One step of a [`JsonPointer`]: an object key or an array index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Segment<'a> {
    /// An object member name.
    Key(&'a str),
    /// An array index.
    Index(usize),
}

impl JsonPointer {
    /// The pointer to the whole document.
    #[must_use]
    pub const fn root() -> Self {
        Self(String::new())
    }

    /// The pointer to the whole document, with room for `bytes` of segments: a pointer
    /// built in steps (a diagnostic's, for every finding) then allocates once.
    #[must_use]
    pub fn with_capacity(bytes: usize) -> Self {
        Self(String::with_capacity(bytes))
    }

    /// Parses an escaped pointer (`/a~1b/0`); `None` unless it is empty or starts with `/` and
    /// every `~` is followed by `0` or `1`.
    #[must_use]
    pub fn parse(escaped: &str) -> Option<Self> {
        if !(escaped.is_empty() || escaped.starts_with('/')) {
            return None;
        }
        let bytes = escaped.as_bytes();
        for (i, &b) in bytes.iter().enumerate() {
            if b == b'~' && !matches!(bytes.get(i + 1), Some(b'0' | b'1')) {
                return None;
            }
        }
        Some(Self(escaped.to_owned()))
    }

    /// Appends an object key, escaping it.
    pub fn push_key(&mut self, key: &str) {
        // Most keys need no escape: copied whole, by code that keeps few registers (the
        // escaping loop, which decodes characters, is out of line).
        if needs_escape(key.as_bytes()) {
            self.push_escaped_key(key);
            return;
        }
        self.0.reserve(key.len() + 1);
        self.0.push('/');
        self.0.push_str(key);
    }

    /// [`JsonPointer::push_key`] for a key that holds a `~` or a `/`.
    #[cold]
    #[inline(never)]
    fn push_escaped_key(&mut self, key: &str) {
        self.0.reserve(key.len() + 1);
        self.0.push('/');
        for c in key.chars() {
            match c {
                '~' => self.0.push_str("~0"),
                '/' => self.0.push_str("~1"),
                c => self.0.push(c),
            }
        }
    }

    /// The pointer `base` followed by `steps`, built in one allocation: a pointer pushed
    /// step by step from the root grew its text at each of its first steps (a diagnostic's
    /// pointer is built for every finding).
    #[must_use]
    pub fn from_steps(base: &Self, steps: &[Segment<'_>]) -> Self {
        let room = steps.iter().map(Segment::room).sum::<usize>();
        let mut pointer = Self(String::with_capacity(base.0.len() + room));
        pointer.0.push_str(&base.0);
        for step in steps {
            step.push_onto(&mut pointer);
        }
        pointer
    }

    /// Appends every segment of `suffix` (RFC 6901 pointers concatenate).
    pub fn append(&mut self, suffix: &Self) {
        self.0.push_str(&suffix.0);
    }

    /// Appends an array index.
    pub fn push_index(&mut self, index: usize) {
        // Without the formatting machinery: a diagnostic's pointer is built for every finding.
        let mut digits = itoa::Buffer::new();
        let digits = digits.format(index);
        self.0.reserve(digits.len() + 1);
        self.0.push('/');
        self.0.push_str(digits);
    }

    /// This pointer with a key appended.
    #[must_use]
    pub fn key(&self, key: &str) -> Self {
        let mut next = Self(String::with_capacity(self.0.len() + key.len() + 1));
        next.0.push_str(&self.0);
        next.push_key(key);
        next
    }

    /// This pointer with an index appended.
    #[must_use]
    pub fn index(&self, index: usize) -> Self {
        let mut next = Self(String::with_capacity(self.0.len() + 21));
        next.0.push_str(&self.0);
        next.push_index(index);
        next
    }

    /// The escaped text of the pointer, as it appears in JSON output.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether this is the pointer to the whole document.
    #[must_use]
    pub fn is_root(&self) -> bool {
        self.0.is_empty()
    }

    /// The place as people read it: the pointer's text, or `(the whole record)` for the root
    /// (whose text is empty). Every front end that names a place beside a message shows it so.
    #[must_use]
    pub fn shown(&self) -> &str {
        if self.is_root() {
            "(the whole record)"
        } else {
            &self.0
        }
    }

    /// The raw (still escaped) reference tokens.
    pub fn tokens(&self) -> impl Iterator<Item = &str> {
        self.0.split('/').skip(1)
    }

    /// The unescaped reference tokens.
    pub fn unescaped_tokens(&self) -> impl Iterator<Item = String> + '_ {
        self.tokens().map(unescape)
    }

    /// Resolves the pointer in `value`.
    #[must_use]
    pub fn resolve<'v>(&self, value: &'v serde_json::Value) -> Option<&'v serde_json::Value> {
        self.tokens()
            .try_fold(value, |current, token| match current {
                serde_json::Value::Object(map) => map.get(unescape(token).as_str()),
                serde_json::Value::Array(items) => parse_index(token).and_then(|i| items.get(i)),
                _ => None,
            })
    }

    /// The pointer one level up; `None` for the root.
    #[must_use]
    pub fn parent(&self) -> Option<Self> {
        let cut = self.0.rfind('/')?;
        Some(Self(self.0[..cut].to_owned()))
    }

    /// A JavaScript-style path (`$.evidence[0].sha256`), as the publisher's validator prints it.
    #[must_use]
    pub fn to_js_path(&self) -> String {
        let mut out = String::from("$");
        for token in self.unescaped_tokens() {
            if parse_index(&token).is_some() {
                out.push('[');
                out.push_str(&token);
                out.push(']');
            } else {
                out.push('.');
                out.push_str(&token);
            }
        }
        out
    }
}

/// Unescapes one reference token (`~1` to `/`, then `~0` to `~`).
#[must_use]
pub fn unescape(token: &str) -> String {
    if token.contains('~') {
        token.replace("~1", "/").replace("~0", "~")
    } else {
        token.to_owned()
    }
}

/// Reads an array index token: digits without a leading zero (RFC 6901).
#[must_use]
pub fn parse_index(token: &str) -> Option<usize> {
    if token.is_empty() || (token.len() > 1 && token.starts_with('0')) {
        return None;
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse().ok()
}

impl fmt::Display for JsonPointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl serde::Serialize for JsonPointer {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> serde::Deserialize<'de> for JsonPointer {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        Self::parse(&text).ok_or_else(|| serde::de::Error::custom("not an RFC 6901 JSON Pointer"))
    }
}

impl fmt::Debug for JsonPointer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JsonPointer({:?})", self.0)
    }
}

impl<'a> Segment<'a> {
    /// Appends this segment to `pointer`.
    pub fn push_onto(&self, pointer: &mut JsonPointer) {
        match *self {
            Segment::Key(key) => pointer.push_key(key),
            Segment::Index(index) => pointer.push_index(index),
        }
    }

    /// The bytes this segment takes in a pointer's text unless its key needs escapes: a `/`
    /// and the key or the index's digits.
    fn room(&self) -> usize {
        match *self {
            Segment::Key(key) => key.len() + 1,
            Segment::Index(index) => index.checked_ilog10().map_or(1, |log| log as usize + 1) + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// Keys and indexes are appended as escaping each character and formatting the
        /// number would append them.
        #[test]
        fn segments_are_appended_as_escaped_one_by_one(
            base in "(/[a~/\u{e9}0-9]{0,4}){0,3}",
            key in "[a~/\u{e9}0-9]{0,6}",
            index in proptest::prelude::any::<usize>(),
        ) {
            let escaped: String = key
                .chars()
                .map(|c| match c {
                    '~' => "~0".to_owned(),
                    '/' => "~1".to_owned(),
                    c => c.to_string(),
                })
                .collect();
            let pointer = JsonPointer(base.clone());
            proptest::prop_assert_eq!(pointer.key(&key).0, format!("{base}/{escaped}"));
            proptest::prop_assert_eq!(pointer.index(index).0, format!("{base}/{index}"));
            proptest::prop_assert_eq!(pointer.index(index % 10).0, format!("{base}/{}", index % 10));
        }

        /// A pointer built from its steps at once is the one pushed step by step, and its
        /// room was enough unless a key needed escapes.
        #[test]
        fn a_pointer_from_steps_is_the_one_pushed_step_by_step(
            base in "(/[a~/\u{e9}0-9]{0,4}){0,3}",
            keys in proptest::collection::vec("[a~/\u{e9}0-9]{0,6}", 0..4),
            indexes in proptest::collection::vec(proptest::prelude::any::<usize>(), 0..4),
            small in 0usize..1000,
        ) {
            let base = JsonPointer(base);
            let mut steps: Vec<Segment<'_>> = keys.iter().map(|k| Segment::Key(k)).collect();
            steps.extend(indexes.iter().map(|&i| Segment::Index(i)));
            steps.push(Segment::Index(small));
            steps.rotate_left(keys.len() / 2);
            let mut pushed = base.clone();
            for step in &steps {
                step.push_onto(&mut pushed);
            }
            let built = JsonPointer::from_steps(&base, &steps);
            proptest::prop_assert_eq!(&built, &pushed);
            if !keys.iter().any(|k| k.contains(['~', '/'])) {
                proptest::prop_assert!(built.0.capacity() == built.0.len());
            }
        }
    }

    /// The escape test, a word at a time, against a byte at a time: every byte value at
    /// every place of keys of every length from 0 to 40 (both sides of 8, of each word's
    /// end and of 32, where `memchr2` takes over), among filler bytes next to `~` and `/`
    /// in value (a word's borrows run from such bytes) and bytes with the high bit set.
    #[test]
    fn the_escape_test_agrees_with_a_byte_at_a_time_for_every_byte_everywhere() {
        let reference = |key: &[u8]| key.iter().any(|&b| b == b'~' || b == b'/');
        for len in 0..=40 {
            for filler in [
                b'k', 0x00, 0x01, 0x2E, 0x30, 0x7D, 0x7F, 0x80, 0xAF, 0xFE, 0xFF,
            ] {
                let plain = vec![filler; len];
                assert_eq!(needs_escape(&plain), reference(&plain), "{plain:?}");
                for at in 0..len {
                    for byte in 0..=255u8 {
                        let mut key = plain.clone();
                        key[at] = byte;
                        assert_eq!(needs_escape(&key), reference(&key), "{key:?}");
                    }
                }
            }
        }
    }

    proptest::proptest! {
        /// The same over keys drawn from bytes around `~` and `/` in value, in any mix.
        #[test]
        fn the_escape_test_agrees_with_a_byte_at_a_time_on_any_key(
            key in proptest::collection::vec(
                proptest::sample::select(vec![
                    0x00u8, 0x01, 0x2E, b'/', 0x30, 0x5E, 0x7D, b'~', 0x7F, 0x80, 0xAE, 0xAF,
                    0xFE, 0xFF, b'a',
                ]),
                0..48,
            ),
        ) {
            let expected = key.iter().any(|&b| b == b'~' || b == b'/');
            proptest::prop_assert_eq!(needs_escape(&key), expected);
        }
    }

    /// A key is escaped whatever its length and wherever its `~` or `/` is, on both sides
    /// of the length where the search changes.
    #[test]
    fn a_key_is_escaped_wherever_its_tilde_or_slash_is() {
        for len in 0..70 {
            let plain = "k".repeat(len);
            let mut pointer = JsonPointer::root();
            pointer.push_key(&plain);
            assert_eq!(pointer.as_str(), format!("/{plain}"));
            for at in 0..len {
                for (c, escaped) in [('~', "~0"), ('/', "~1")] {
                    let mut key = plain.clone();
                    key.replace_range(at..=at, &c.to_string());
                    let mut pointer = JsonPointer::root();
                    pointer.push_key(&key);
                    let expected = format!("/{}{escaped}{}", &plain[..at], &plain[at + 1..]);
                    assert_eq!(pointer.as_str(), expected, "{key}");
                }
            }
        }
    }

    #[test]
    fn escapes_and_unescapes_rfc6901_examples() {
        let mut pointer = JsonPointer::root();
        pointer.push_key("a/b");
        pointer.push_key("m~n");
        pointer.push_index(0);
        assert_eq!(pointer.as_str(), "/a~1b/m~0n/0");
        assert_eq!(
            pointer.unescaped_tokens().collect::<Vec<_>>(),
            ["a/b", "m~n", "0"]
        );
        // `~01` is `~1` unescaped, not `/`.
        assert_eq!(unescape("~01"), "~1");
    }

    #[test]
    fn resolves_the_rfc6901_document() {
        let doc = serde_json::json!({
            "foo": ["bar", "baz"], "": 0, "a/b": 1, "m~n": 8, " ": 7
        });
        let at = |p: &str| JsonPointer::parse(p).and_then(|p| p.resolve(&doc).cloned());
        assert_eq!(at(""), Some(doc.clone()));
        assert_eq!(at("/foo/0"), Some("bar".into()));
        assert_eq!(at("/"), Some(0.into()));
        assert_eq!(at("/a~1b"), Some(1.into()));
        assert_eq!(at("/m~0n"), Some(8.into()));
        assert_eq!(at("/ "), Some(7.into()));
        assert_eq!(at("/foo/01"), None);
        assert_eq!(at("/foo/2"), None);
    }

    #[test]
    fn rejects_malformed_pointers() {
        assert!(JsonPointer::parse("foo").is_none());
        assert!(JsonPointer::parse("/a~2").is_none());
        assert!(JsonPointer::parse("/a~").is_none());
        assert!(JsonPointer::parse("/a~0~1").is_some());
    }

    #[test]
    fn prints_javascript_paths_like_the_reference_validator() {
        let pointer = JsonPointer::parse("/evidence/0/sha256").expect("valid pointer");
        assert_eq!(pointer.to_js_path(), "$.evidence[0].sha256");
        assert_eq!(JsonPointer::root().to_js_path(), "$");
        assert_eq!(
            JsonPointer::parse("/evidence/0").and_then(|p| p.parent()),
            JsonPointer::parse("/evidence")
        );
    }
}
