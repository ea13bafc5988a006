//! From JSON Pointers back to places in the source text.
//!
//! Runs only when there is something to report: one pass over the source that descends only
//! into containers on the way to a requested pointer and skips everything else.

use std::collections::HashMap;
use std::ops::Range;

use crate::JsonPointer;

use crate::place::{Anchor, Position};

/// Where one occurrence of a member sits in the source.
#[derive(Clone, Debug)]
struct Occurrence {
    key: Option<Range<usize>>,
    value: Range<usize>,
}

/// Where a member sits in the source: its key (none for an array item or the root) and its
/// value, as byte ranges. With a repeated key, the last occurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MemberSpan {
    /// The key, quotes included.
    pub key: Option<Range<usize>>,
    /// The value.
    pub value: Range<usize>,
}

/// The source spans of `pointers` in `src`, a well-formed JSON text (for example a record
/// that parsed), in one pass; `None` for a pointer that designates nothing.
#[must_use]
pub fn member_spans(src: &str, pointers: &[&JsonPointer]) -> Vec<Option<MemberSpan>> {
    let paths: Vec<Vec<String>> = pointers
        .iter()
        .map(|p| p.unescaped_tokens().collect())
        .collect();
    let scanner = scan(src, &paths);
    paths
        .iter()
        .map(|path| {
            scanner
                .found(path)
                .and_then(<[Occurrence]>::last)
                .map(|o| MemberSpan {
                    key: o.key.clone(),
                    value: o.value.clone(),
                })
        })
        .collect()
}

fn scan<'a>(src: &'a str, paths: &[Vec<String>]) -> Scanner<'a> {
    let mut scanner = Scanner {
        src: src.as_bytes(),
        text: src,
        nodes: vec![Node::default()],
        index: String::new(),
    };
    for path in paths {
        let mut node = 0;
        for token in path {
            node = match scanner.nodes[node].children.get(token.as_str()) {
                Some(&child) => child,
                None => {
                    scanner.nodes.push(Node::default());
                    let child = scanner.nodes.len() - 1;
                    scanner.nodes[node].children.insert(token.clone(), child);
                    child
                }
            };
        }
        scanner.nodes[node].wanted = true;
    }
    let start = scanner.skip_ws(0);
    if start < src.len() {
        scanner.value(start, None, 0);
    }
    scanner
}

impl Scanner<'_> {
    /// The occurrences of `path`, in source order; `None` when it was not requested or is
    /// not in the document.
    fn found(&self, path: &[String]) -> Option<&[Occurrence]> {
        let mut node = 0;
        for token in path {
            node = *self.nodes[node].children.get(token.as_str())?;
        }
        let found = &self.nodes[node].found;
        (!found.is_empty()).then_some(found.as_slice())
    }
}

/// Finds the byte range of each `(pointer, anchor)` in `src`, a well-formed JSON text that
/// `tree` was read from: from the tree's spans when its parser recorded them (nothing is
/// searched), otherwise with [`locate`].
pub fn locate_in(
    tree: &crate::tree::Tree<'_>,
    src: &str,
    requests: &[(&JsonPointer, Anchor)],
) -> Vec<Option<Range<usize>>> {
    if tree.spans.is_none() {
        return locate(src, requests);
    }
    let mut trail = crate::tree::Trail::default();
    requests
        .iter()
        .map(|&(pointer, anchor)| match anchor {
            Anchor::Offset(offset) => Some(char_range(src, offset)),
            _ => tree.locate_after(&mut trail, pointer, anchor),
        })
        .collect()
}

/// Finds the byte range of each `(pointer, anchor)` in `src`, a well-formed JSON text.
pub fn locate(src: &str, requests: &[(&JsonPointer, Anchor)]) -> Vec<Option<Range<usize>>> {
    let paths: Vec<Vec<String>> = requests
        .iter()
        .map(|(pointer, _)| pointer.unescaped_tokens().collect())
        .collect();
    let scanner = scan(src, &paths);
    requests
        .iter()
        .zip(&paths)
        .map(|((_, anchor), path)| {
            if let Anchor::Offset(offset) = *anchor {
                return Some(char_range(src, offset));
            }
            let occurrences = scanner.found(path)?;
            let pick = |n: Option<usize>| match n {
                Some(n) => occurrences.get(n.checked_sub(1)?),
                None => occurrences.last(),
            };
            match *anchor {
                Anchor::Value => pick(None).map(|o| o.value.clone()),
                Anchor::ValueOccurrence(n) => pick(Some(n)).map(|o| o.value.clone()),
                Anchor::Key => pick(None).map(|o| o.key.clone().unwrap_or_else(|| o.value.clone())),
                Anchor::KeyOccurrence(n) => {
                    pick(Some(n)).map(|o| o.key.clone().unwrap_or_else(|| o.value.clone()))
                }
                Anchor::Offset(_) => None,
            }
        })
        .collect()
}

/// The range of the character at `offset` (empty at the end of the text).
fn char_range(src: &str, offset: usize) -> Range<usize> {
    let offset = offset.min(src.len());
    let len = src[offset..].chars().next().map_or(0, char::len_utf8);
    offset..offset + len
}

/// One prefix of the requested paths: the members to descend into, and whether the prefix
/// itself was requested (then where it occurs).
#[derive(Default)]
struct Node {
    children: HashMap<String, usize>,
    wanted: bool,
    found: Vec<Occurrence>,
}

/// One pass over the source, guided by the requested paths as a trie: a member is looked up
/// by its key alone in its parent's node, and a member no path goes through is skipped
/// without being read (its strings found with `memchr`), so the cost is the bytes skipped and
/// the keys on the way, never a hash of a whole path.
struct Scanner<'a> {
    src: &'a [u8],
    text: &'a str,
    nodes: Vec<Node>,
    /// A buffer for array indexes as tokens.
    index: String,
}

impl Scanner<'_> {
    fn skip_ws(&self, mut at: usize) -> usize {
        while at < self.src.len() && matches!(self.src[at], b' ' | b'\t' | b'\n' | b'\r') {
            at += 1;
        }
        at
    }

    /// Scans the value at `at` (trie node `node`), recording it if wanted; returns its end.
    fn value(&mut self, at: usize, key: Option<Range<usize>>, node: usize) -> usize {
        let descend = !self.nodes[node].children.is_empty();
        let end = match self.src.get(at) {
            Some(b'{') if descend => self.object(at, node),
            Some(b'[') if descend => self.array(at, node),
            _ => self.skip_value(at),
        };
        if self.nodes[node].wanted {
            self.nodes[node].found.push(Occurrence {
                key,
                value: at..end,
            });
        }
        end
    }

    fn object(&mut self, open: usize, node: usize) -> usize {
        let mut at = self.skip_ws(open + 1);
        if self.src.get(at) == Some(&b'}') {
            return at + 1;
        }
        while at < self.src.len() {
            let key_end = self.string_end(at);
            let key_range = at..key_end;
            let child = self.child(node, key_range.clone());
            at = self.skip_ws(key_end);
            at = self.skip_ws(at + 1); // the colon
            at = match child {
                Some(child) => self.value(at, Some(key_range), child),
                None => self.skip_value(at),
            };
            at = self.skip_ws(at);
            match self.src.get(at) {
                Some(b',') => at = self.skip_ws(at + 1),
                _ => return at + 1,
            }
        }
        at
    }

    /// The child of `node` for the key written at `key` (quotes included), read without an
    /// allocation unless it holds an escape.
    fn child(&self, node: usize, key: Range<usize>) -> Option<usize> {
        let children = &self.nodes[node].children;
        let inner = self.text.get(key.start + 1..key.end.saturating_sub(1))?;
        if inner.contains('\\') {
            let decoded: String = serde_json::from_str(self.text.get(key)?).ok()?;
            children.get(decoded.as_str()).copied()
        } else {
            children.get(inner).copied()
        }
    }

    fn array(&mut self, open: usize, node: usize) -> usize {
        let mut at = self.skip_ws(open + 1);
        if self.src.get(at) == Some(&b']') {
            return at + 1;
        }
        let mut index = 0usize;
        while at < self.src.len() {
            self.index.clear();
            let _ = std::fmt::Write::write_fmt(&mut self.index, format_args!("{index}"));
            at = match self.nodes[node].children.get(self.index.as_str()).copied() {
                Some(child) => self.value(at, None, child),
                None => self.skip_value(at),
            };
            index += 1;
            at = self.skip_ws(at);
            match self.src.get(at) {
                Some(b',') => at = self.skip_ws(at + 1),
                _ => return at + 1,
            }
        }
        at
    }

    /// The end of the string starting at `at` (just past its closing quote).
    fn string_end(&self, at: usize) -> usize {
        let mut i = at + 1;
        while i < self.src.len() {
            match memchr::memchr2(b'\\', b'"', &self.src[i..]) {
                Some(k) if self.src[i + k] == b'\\' => i += k + 2,
                Some(k) => return i + k + 1,
                None => break,
            }
        }
        self.src.len()
    }

    /// The end of the value at `at`, without looking inside it.
    fn skip_value(&self, at: usize) -> usize {
        match self.src.get(at) {
            Some(b'"') => self.string_end(at),
            // In well-formed JSON, braces balance among themselves and brackets among
            // themselves, so a container's end is found by counting its own kind only.
            Some(&open @ (b'{' | b'[')) => {
                let close = if open == b'{' { b'}' } else { b']' };
                let mut depth = 0usize;
                let mut i = at;
                while let Some(k) = memchr::memchr3(b'"', open, close, &self.src[i..]) {
                    i += k;
                    match self.src[i] {
                        b'"' => {
                            i = self.string_end(i);
                            continue;
                        }
                        c if c == open => depth += 1,
                        _ => {
                            depth -= 1;
                            if depth == 0 {
                                return i + 1;
                            }
                        }
                    }
                    i += 1;
                }
                self.src.len()
            }
            _ => {
                let mut i = at;
                while i < self.src.len()
                    && !matches!(
                        self.src[i],
                        b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'
                    )
                {
                    i += 1;
                }
                i
            }
        }
    }
}

/// Line and column (in code points of UTF-8 text) of each byte offset. Lines end at LF, CRLF
/// or a lone CR.
///
/// One pass up to the last offset: line breaks are counted (found one by one only where
/// there are CRs), and each byte is counted towards a column at most once.
pub fn positions(bytes: &[u8], offsets: &[usize]) -> Vec<Position> {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    // A caller that gives its offsets in order (a report's spans sorted, none inside
    // another) is not sorted again.
    if !offsets.is_sorted() {
        order.sort_by_key(|&i| offsets[i]);
    }
    let mut out = vec![
        Position {
            line: 1,
            column: 1,
            offset: 0,
        };
        offsets.len()
    ];
    // `column` is 1 + the characters of the current line before `at`.
    let (mut at, mut line, mut column) = (0usize, 1u32, 1u32);
    // Whether a CR comes before the last offset: asked once, not for each segment.
    let last = order.last().map_or(0, |&i| offsets[i].min(bytes.len()));
    let crs = memchr::memchr(b'\r', &bytes[..last]).is_some();
    for i in order {
        let target = offsets[i].min(bytes.len());
        if target > at {
            let segment = &bytes[at..target];
            let mut line_start = None;
            if !crs && segment.len() <= SHORT_SEGMENT {
                // A span's own text, mostly: ASCII without a line break (a string's text
                // holds none) advances the column by its length, decided eight bytes at a
                // time; anything else in one pass, without the calls' set-up.
                if ascii_without_breaks(segment) {
                    column =
                        column.saturating_add(u32::try_from(segment.len()).unwrap_or(u32::MAX));
                } else {
                    for &b in segment {
                        if b == b'\n' {
                            line = line.saturating_add(1);
                            column = 1;
                        } else if b & 0xC0 != 0x80 {
                            column = column.saturating_add(1);
                        }
                    }
                }
                at = target;
                out[i] = Position {
                    line,
                    column,
                    offset: target,
                };
                continue;
            }
            if !crs {
                // Only LFs (the usual text): counted in one vectorised pass.
                let breaks = line_feeds(segment);
                line = line.saturating_add(u32::try_from(breaks).unwrap_or(u32::MAX));
                line_start = memchr::memrchr(b'\n', segment).map(|k| at + k + 1);
            } else {
                for k in memchr::memchr2_iter(b'\n', b'\r', segment) {
                    let pos = at + k;
                    // The CR of a CRLF does not end the line; its LF does.
                    if bytes[pos] == b'\n' || bytes.get(pos + 1) != Some(&b'\n') {
                        line = line.saturating_add(1);
                        line_start = Some(pos + 1);
                    }
                }
            }
            let counted_from = match line_start {
                Some(start) => {
                    column = 1;
                    start
                }
                None => at,
            };
            // The line's text before `target` (no LF in it): without CRs, ASCII (the usual
            // indentation and key) is a character a byte.
            let part = &bytes[counted_from..target];
            let columns = if !crs && ascii_without_breaks(part) {
                u32::try_from(part.len()).unwrap_or(u32::MAX)
            } else {
                characters(part)
            };
            column = column.saturating_add(columns);
        }
        at = at.max(target);
        // `column` counted the lead byte of the character at `at`, if `at` is inside one.
        out[i] = Position {
            line,
            column,
            offset: target,
        };
    }
    out
}

/// The longest segment between two offsets [`positions`] reads a byte at a time (longer
/// ones are searched for line breaks with `memchr`).
const SHORT_SEGMENT: usize = 64;

/// Whether `segment` is ASCII without a line feed (then each byte is a column of one line),
/// tested eight bytes at a time: a word's high bits say a byte is not ASCII, and the bytes
/// of the word XOR-ed with LFs, where a zero byte is an LF, are tested for one with the
/// usual borrow trick (exact for a word whose bytes are all ASCII).
fn ascii_without_breaks(segment: &[u8]) -> bool {
    const ONES: u64 = u64::from_le_bytes([1; 8]);
    const HIGH: u64 = u64::from_le_bytes([0x80; 8]);
    const LFS: u64 = u64::from_le_bytes([b'\n'; 8]);
    let (words, rest) = segment.as_chunks::<8>();
    let mut found = 0;
    for word in words {
        let word = u64::from_le_bytes(*word);
        let lfs = word ^ LFS;
        found |= word | (lfs.wrapping_sub(ONES) & !lfs);
    }
    found & HIGH == 0 && rest.iter().all(|&b| b.is_ascii() && b != b'\n')
}

/// The line feeds in `bytes`: with AVX2, 128 bytes a step with no byte-at-a-time head or
/// tail; elsewhere `memchr`'s count.
fn line_feeds(bytes: &[u8]) -> usize {
    #[cfg(target_arch = "x86_64")]
    if let Some(cpu) = avx2::Avx2::detect() {
        return cpu.line_feeds(bytes);
    }
    memchr::memchr_iter(b'\n', bytes).count()
}

/// [`line_feeds`] with AVX2: each of four byte counters a 32-byte lane takes the LFs of its
/// quarter of a 128-byte block (at most 255 blocks before the counters are summed), then
/// whole 32-byte vectors, then the last bytes as the end of a vector that overlaps the ones
/// already counted.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_add_epi64, _mm256_cmpeq_epi8, _mm256_extract_epi64, _mm256_loadu_si256,
        _mm256_movemask_epi8, _mm256_sad_epu8, _mm256_set1_epi8, _mm256_setzero_si256,
        _mm256_sub_epi8,
    };

    /// Proof that this CPU runs AVX2 and POPCNT: made only by [`Avx2::detect`].
    #[derive(Clone, Copy)]
    pub(super) struct Avx2(());

    impl Avx2 {
        /// The proof, where the CPU has both.
        #[inline]
        pub(super) fn detect() -> Option<Self> {
            (std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt"))
                .then_some(Self(()))
        }

        /// The line feeds in `bytes`.
        #[inline]
        pub(super) fn line_feeds(self, bytes: &[u8]) -> usize {
            // SAFETY: an `Avx2` exists only where `detect` found both features.
            unsafe { line_feeds(bytes) }
        }
    }

    /// The most blocks the byte counters take before they are summed: a counter gains at
    /// most one a block.
    const GROUP: usize = 255;

    #[target_feature(enable = "avx2,popcnt")]
    fn line_feeds(bytes: &[u8]) -> usize {
        if bytes.len() < 32 {
            return bytes.iter().filter(|&&b| b == b'\n').count();
        }
        #[allow(clippy::cast_possible_wrap)] // the same bits
        let lf = _mm256_set1_epi8(b'\n' as i8);
        // A vector's LFs as a bit each.
        let found = |vector: &[u8; 32]| -> u32 {
            // SAFETY: the 32 bytes are a whole array, and the load needs no alignment.
            let x = unsafe { _mm256_loadu_si256(vector.as_ptr().cast::<__m256i>()) };
            #[allow(clippy::cast_sign_loss)] // 32 bits
            {
                _mm256_movemask_epi8(_mm256_cmpeq_epi8(x, lf)) as u32
            }
        };
        let (blocks, rest) = bytes.as_chunks::<128>();
        let mut total = 0usize;
        for group in blocks.chunks(GROUP) {
            let mut counts = [_mm256_setzero_si256(); 4];
            for block in group {
                let (vectors, _) = block.as_chunks::<32>();
                for (count, vector) in counts.iter_mut().zip(vectors) {
                    // SAFETY: as above.
                    let x = unsafe { _mm256_loadu_si256(vector.as_ptr().cast::<__m256i>()) };
                    // An LF compares to all ones, -1: subtracted, one more.
                    *count = _mm256_sub_epi8(*count, _mm256_cmpeq_epi8(x, lf));
                }
            }
            let zero = _mm256_setzero_si256();
            let [a, b, c, d] = counts.map(|count| _mm256_sad_epu8(count, zero));
            let sums = _mm256_add_epi64(_mm256_add_epi64(a, b), _mm256_add_epi64(c, d));
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // small counts
            {
                total += (_mm256_extract_epi64::<0>(sums)
                    + _mm256_extract_epi64::<1>(sums)
                    + _mm256_extract_epi64::<2>(sums)
                    + _mm256_extract_epi64::<3>(sums)) as usize;
            }
        }
        let (vectors, tail) = rest.as_chunks::<32>();
        for vector in vectors {
            total += found(vector).count_ones() as usize;
        }
        if !tail.is_empty() {
            // The last 32 bytes of the text, of which the first `32 - tail.len()` were
            // counted above: their bits shifted out.
            let last: &[u8; 32] = bytes[bytes.len() - 32..]
                .try_into()
                .unwrap_or_else(|_| unreachable!("32 bytes"));
            total += (found(last) >> (32 - tail.len())).count_ones() as usize;
        }
        total
    }
}

/// The columns `segment` (a part of one line) advances: its characters (lead bytes), without
/// the CR of a CRLF.
fn characters(segment: &[u8]) -> u32 {
    let leads = segment
        .iter()
        .filter(|&&b| b & 0xC0 != 0x80 && b != b'\r')
        .count();
    u32::try_from(leads).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(src: &str, pointer: &str, anchor: Anchor) -> Option<String> {
        let pointer = JsonPointer::parse(pointer).expect("pointer");
        locate(src, &[(&pointer, anchor)])[0]
            .clone()
            .map(|r| src[r].to_owned())
    }

    #[test]
    fn finds_values_keys_and_repeated_members() {
        let src = r#"{"a": {"b": [10, {"c": "x"}], "a~b": true, "s/t": null}, "k": 1, "k": 2}"#;
        assert_eq!(at(src, "", Anchor::Value).as_deref(), Some(src));
        assert_eq!(at(src, "/a/b/1/c", Anchor::Value).as_deref(), Some("\"x\""));
        assert_eq!(at(src, "/a/b/0", Anchor::Value).as_deref(), Some("10"));
        assert_eq!(at(src, "/a/a~0b", Anchor::Key).as_deref(), Some("\"a~b\""));
        assert_eq!(at(src, "/a/s~1t", Anchor::Value).as_deref(), Some("null"));
        assert_eq!(at(src, "/k", Anchor::Value).as_deref(), Some("2"));
        assert_eq!(
            at(src, "/k", Anchor::ValueOccurrence(1)).as_deref(),
            Some("1")
        );
        assert_eq!(
            at(src, "/k", Anchor::KeyOccurrence(2)).as_deref(),
            Some("\"k\"")
        );
        assert_eq!(at(src, "/missing", Anchor::Value), None);
        assert_eq!(at(src, "/a/b/7", Anchor::Value), None);
    }

    #[test]
    fn matches_keys_after_unescaping() {
        let src = r#"{"\u0067hp": "v", "q\"uote": [1]}"#;
        assert_eq!(at(src, "/ghp", Anchor::Value).as_deref(), Some("\"v\""));
        assert_eq!(at(src, "/q\"uote/0", Anchor::Value).as_deref(), Some("1"));
    }

    #[test]
    fn counts_columns_in_code_points() {
        let src = "{\n  \"é😀\": \"x\"\n}";
        let range = src.find("\"x\"").expect("present");
        let p = positions(src.as_bytes(), &[range])[0];
        assert_eq!((p.line, p.column), (2, 9));
        let p = positions(src.as_bytes(), &[0, src.len()]);
        assert_eq!((p[0].line, p[0].column), (1, 1));
        assert_eq!((p[1].line, p[1].column), (3, 2));
        // CRLF and a lone CR end lines too.
        for src in ["{\r\n  \"a\": \"x\"\r\n}", "{\r  \"a\": \"x\"\r}"] {
            let at = src.find("\"x\"").expect("present");
            let p = positions(src.as_bytes(), &[at])[0];
            assert_eq!((p.line, p.column), (2, 8), "{src:?}");
        }
    }

    /// The byte-at-a-time reading of lines and columns `positions` replaced: the oracle.
    fn positions_by_bytes(bytes: &[u8], offsets: &[usize]) -> Vec<(u32, u32, usize)> {
        offsets
            .iter()
            .map(|&offset| {
                let target = offset.min(bytes.len());
                let (mut line, mut column) = (1u32, 1u32);
                for at in 0..target {
                    let b = bytes[at];
                    let lone_cr = b == b'\r' && bytes.get(at + 1) != Some(&b'\n');
                    if b == b'\n' || lone_cr {
                        line += 1;
                        column = 1;
                    } else if b != b'\r' && b & 0xC0 != 0x80 {
                        column += 1;
                    }
                }
                (line, column, target)
            })
            .collect()
    }

    /// Line feeds counted one byte at a time: the oracle of [`line_feeds`].
    fn line_feeds_by_bytes(bytes: &[u8]) -> usize {
        bytes.iter().filter(|&&b| b == b'\n').count()
    }

    #[test]
    fn line_feeds_are_counted_at_every_length_and_past_a_counters_limit() {
        // Every length up to a few blocks, each with LFs nowhere, everywhere, and at a
        // pseudo-random third of the places; then texts around a group of 255 blocks of 128
        // bytes, where the byte counters are summed, all of them LFs (a counter's most).
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut random = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for len in 0..=700 {
            let none = vec![b'a'; len];
            let all = vec![b'\n'; len];
            let some: Vec<u8> = (0..len)
                .map(|_| match random() % 6 {
                    0 | 1 => b'\n',
                    2 => b'\r',
                    3 => 0xC3,
                    _ => b' ',
                })
                .collect();
            for text in [&none, &all, &some] {
                assert_eq!(
                    line_feeds(text),
                    line_feeds_by_bytes(text),
                    "{len} {text:?}"
                );
                // And from every start within a vector, the loads unaligned.
                for start in 0..text.len().min(33) {
                    let text = &text[start..];
                    assert_eq!(line_feeds(text), line_feeds_by_bytes(text), "{len} {start}");
                }
            }
        }
        for len in [
            255 * 128 - 1,
            255 * 128,
            255 * 128 + 1,
            255 * 128 + 127,
            2 * 255 * 128 + 70,
        ] {
            let all = vec![b'\n'; len];
            assert_eq!(line_feeds(&all), len, "{len}");
            let mut some = all.clone();
            for k in (0..len).step_by(3) {
                some[k] = b'x';
            }
            assert_eq!(line_feeds(&some), line_feeds_by_bytes(&some), "{len}");
        }
    }

    #[test]
    fn positions_at_the_edges_agree_with_reading_byte_by_byte() {
        // Long texts (segments between offsets past the short path's 64 bytes, and past a
        // group of the vectorised count's blocks) with LF, CRLF or lone CR line ends,
        // non-ASCII before the offsets, the offsets at and past the end of the text, inside
        // a character, repeated, and asked for in any order.
        let line = |end: &str, k: usize| {
            format!("  \"ké{k}\": \"😀 value → {}\",{end}", "x".repeat(k % 90))
        };
        for end in ["\n", "\r\n", "\r", "\n\r", "\r\r\n"] {
            for lines in [1, 3, 40, 900] {
                let mut text = String::from("{");
                text.push_str(end);
                for k in 0..lines {
                    text.push_str(&line(end, k));
                }
                text.push('}');
                let bytes = text.as_bytes();
                let len = bytes.len();
                let mut offsets: Vec<usize> = vec![len, 0, len + 7, len - 1, len / 2];
                // Every place a line ends or starts, and inside a character.
                offsets
                    .extend((0..len).filter(|&i| matches!(bytes[i], b'\n' | b'\r' | 0xC3 | 0xF0)));
                offsets.extend((0..len).filter(|&i| bytes[i] & 0xC0 == 0x80).take(50));
                offsets.extend((0..len).step_by(61));
                offsets.push(len / 3);
                offsets.push(len / 3);
                let got = |offsets: &[usize]| -> Vec<(u32, u32, usize)> {
                    positions(bytes, offsets)
                        .into_iter()
                        .map(|p| (p.line, p.column, p.offset))
                        .collect()
                };
                // In the order made (out of order), sorted, reversed, and each alone.
                let mut sorted = offsets.clone();
                sorted.sort_unstable();
                let mut reversed = sorted.clone();
                reversed.reverse();
                for asked in [&offsets, &sorted, &reversed] {
                    assert_eq!(
                        got(asked),
                        positions_by_bytes(bytes, asked),
                        "{end:?} {lines}"
                    );
                }
                for &offset in offsets.iter().step_by(7) {
                    assert_eq!(got(&[offset]), positions_by_bytes(bytes, &[offset]));
                }
            }
        }
    }

    proptest::proptest! {
        /// Long texts of line ends of every kind, non-ASCII and runs of plain bytes, with
        /// offsets anywhere (past the end too) in any order: what reading byte by byte says.
        #[test]
        fn positions_of_long_texts_agree_with_reading_byte_by_byte(
            pieces in proptest::collection::vec(
                proptest::prop_oneof![
                    3 => proptest::strategy::Just("\n"),
                    1 => proptest::strategy::Just("\r\n"),
                    1 => proptest::strategy::Just("\r"),
                    1 => proptest::strategy::Just("é"),
                    1 => proptest::strategy::Just("😀"),
                    2 => proptest::strategy::Just("    \"key\": "),
                    2 => proptest::strategy::Just("abcdefghijklmnopqrstuvwxyz0123456789"),
                    1 => proptest::strategy::Just(
                        "a run of plain text longer than one vector of thirty-two bytes, \
                         and longer than the short path's sixty-four bytes as well",
                    ),
                ],
                0..200,
            ),
            lf_only in proptest::bool::ANY,
            offsets in proptest::collection::vec(0usize..8000, 0..40),
        ) {
            let mut text: String = pieces.concat();
            if lf_only {
                text = text.replace('\r', "");
            }
            let len = text.len();
            // Most offsets inside the text, a few past its end.
            let offsets: Vec<usize> =
                offsets.iter().map(|&o| if o % 16 == 0 { o } else { o % (len + 1) }).collect();
            let got: Vec<_> = positions(text.as_bytes(), &offsets)
                .into_iter()
                .map(|p| (p.line, p.column, p.offset))
                .collect();
            proptest::prop_assert_eq!(got, positions_by_bytes(text.as_bytes(), &offsets));
        }

        /// Eight bytes at a time, what testing each byte says.
        #[test]
        fn ascii_without_breaks_is_each_byte_ascii_and_no_lf(
            bytes in proptest::collection::vec(
                proptest::prop_oneof![
                    8 => 0x20u8..0x7F,
                    1 => proptest::strategy::Just(b'\n'),
                    1 => proptest::strategy::Just(b'\r'),
                    1 => proptest::strategy::Just(0x0Bu8),
                    1 => proptest::strategy::Just(0x09u8),
                    1 => 0x80u8..=0xFF,
                    1 => 0u8..0x20,
                ],
                0..40,
            ),
        ) {
            let expected = bytes.iter().all(|&b| b.is_ascii() && b != b'\n');
            proptest::prop_assert_eq!(ascii_without_breaks(&bytes), expected, "{:?}", bytes);
        }

        #[test]
        fn positions_agree_with_reading_byte_by_byte(
            // Text with CRs and without (read two ways).
            // Long enough for whole blocks of the vectorised count.
            text in "[a\\r\\n\"{}é😀 ]{0,200}|[a\\n\"{}é😀 ]{0,200}|[a\\n\"{} ]{0,200}",
            offsets in proptest::collection::vec(0usize..210, 0..8),
        ) {
            let got: Vec<_> = positions(text.as_bytes(), &offsets)
                .into_iter()
                .map(|p| (p.line, p.column, p.offset))
                .collect();
            proptest::prop_assert_eq!(got, positions_by_bytes(text.as_bytes(), &offsets));
        }

        #[test]
        fn every_member_of_a_document_is_located(
            value in crate::locate::tests::json_value(),
        ) {
            let text = serde_json::to_string_pretty(&value).expect("serializes");
            let mut pointers = Vec::new();
            collect_pointers(&value, JsonPointer::root(), &mut pointers);
            let requests: Vec<_> = pointers.iter().map(|p| (p, Anchor::Value)).collect();
            for ((pointer, _), range) in requests.iter().zip(locate(&text, &requests)) {
                let range = range.expect("located");
                let found: serde_json::Value =
                    serde_json::from_str(&text[range]).expect("a value's text");
                proptest::prop_assert_eq!(Some(&found), value.pointer(pointer.as_str()));
            }
        }
    }

    /// Values with nested objects and arrays, keys that need escapes included.
    pub(super) fn json_value() -> impl proptest::strategy::Strategy<Value = serde_json::Value> {
        use proptest::prelude::*;
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i32>().prop_map(serde_json::Value::from),
            "[a-z\"\\\\{}\\[\\] ]{0,8}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(4, 40, 5, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::from),
                proptest::collection::btree_map("[a-z~/\"\\\\]{0,4}", inner, 0..5)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    fn collect_pointers(value: &serde_json::Value, at: JsonPointer, out: &mut Vec<JsonPointer>) {
        out.push(at.clone());
        match value {
            serde_json::Value::Object(map) => {
                for (key, member) in map {
                    let mut next = at.clone();
                    next.push_key(key);
                    collect_pointers(member, next, out);
                }
            }
            serde_json::Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    let mut next = at.clone();
                    next.push_index(index);
                    collect_pointers(item, next, out);
                }
            }
            _ => {}
        }
    }
}
