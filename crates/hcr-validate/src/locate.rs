//! From JSON Pointers back to places in the source text.
//!
//! Runs only when there is something to report: one pass over the source that descends only
//! into containers on the way to a requested pointer and skips everything else.

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use hcr_types::JsonPointer;

use crate::diagnostic::{Anchor, Position};

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
                .found
                .get(path)
                .and_then(|o| o.last())
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
        wanted: paths.iter().cloned().collect(),
        prefixes: paths
            .iter()
            .flat_map(|p| (0..p.len()).map(move |n| p[..n].to_vec()))
            .collect(),
        found: HashMap::new(),
        path: Vec::new(),
    };
    let start = scanner.skip_ws(0);
    if start < src.len() {
        scanner.value(start, None);
    }
    scanner
}

/// Finds the byte range of each `(pointer, anchor)` in `src`, a well-formed JSON text.
pub(crate) fn locate(src: &str, requests: &[(&JsonPointer, Anchor)]) -> Vec<Option<Range<usize>>> {
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
            let occurrences = scanner.found.get(path)?;
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

struct Scanner<'a> {
    src: &'a [u8],
    text: &'a str,
    wanted: HashSet<Vec<String>>,
    prefixes: HashSet<Vec<String>>,
    found: HashMap<Vec<String>, Vec<Occurrence>>,
    path: Vec<String>,
}

impl Scanner<'_> {
    fn skip_ws(&self, mut at: usize) -> usize {
        while at < self.src.len() && matches!(self.src[at], b' ' | b'\t' | b'\n' | b'\r') {
            at += 1;
        }
        at
    }

    /// Scans the value at `at` (the current path), recording it if wanted; returns its end.
    fn value(&mut self, at: usize, key: Option<Range<usize>>) -> usize {
        let descend = self.prefixes.contains(&self.path);
        let end = match self.src.get(at) {
            Some(b'{') if descend => self.object(at),
            Some(b'[') if descend => self.array(at),
            _ => self.skip_value(at),
        };
        if self.wanted.contains(&self.path) {
            self.found
                .entry(self.path.clone())
                .or_default()
                .push(Occurrence {
                    key,
                    value: at..end,
                });
        }
        end
    }

    fn object(&mut self, open: usize) -> usize {
        let mut at = self.skip_ws(open + 1);
        if self.src.get(at) == Some(&b'}') {
            return at + 1;
        }
        while at < self.src.len() {
            let key_end = self.string_end(at);
            let key_range = at..key_end;
            let key: String =
                serde_json::from_str(&self.text[key_range.clone()]).unwrap_or_default();
            at = self.skip_ws(key_end);
            at = self.skip_ws(at + 1); // the colon
            self.path.push(key);
            at = self.value(at, Some(key_range));
            self.path.pop();
            at = self.skip_ws(at);
            match self.src.get(at) {
                Some(b',') => at = self.skip_ws(at + 1),
                _ => return at + 1,
            }
        }
        at
    }

    fn array(&mut self, open: usize) -> usize {
        let mut at = self.skip_ws(open + 1);
        if self.src.get(at) == Some(&b']') {
            return at + 1;
        }
        let mut index = 0usize;
        while at < self.src.len() {
            self.path.push(index.to_string());
            at = self.value(at, None);
            self.path.pop();
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
            match self.src[i] {
                b'\\' => i += 2,
                b'"' => return i + 1,
                _ => i += 1,
            }
        }
        self.src.len()
    }

    /// The end of the value at `at`, without looking inside it.
    fn skip_value(&self, at: usize) -> usize {
        match self.src.get(at) {
            Some(b'"') => self.string_end(at),
            Some(b'{' | b'[') => {
                let mut depth = 0usize;
                let mut i = at;
                while i < self.src.len() {
                    match self.src[i] {
                        b'"' => {
                            i = self.string_end(i);
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                return i + 1;
                            }
                        }
                        _ => {}
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
pub(crate) fn positions(bytes: &[u8], offsets: &[usize]) -> Vec<Position> {
    let mut order: Vec<usize> = (0..offsets.len()).collect();
    order.sort_by_key(|&i| offsets[i]);
    let mut out = vec![
        Position {
            line: 1,
            column: 1,
            offset: 0,
        };
        offsets.len()
    ];
    let (mut at, mut line, mut column) = (0usize, 1u32, 1u32);
    for i in order {
        let target = offsets[i].min(bytes.len());
        while at < target {
            let b = bytes[at];
            let lone_cr = b == b'\r' && bytes.get(at + 1) != Some(&b'\n');
            if b == b'\n' || lone_cr {
                line += 1;
                column = 1;
            } else if b == b'\r' {
                // The CR of a CRLF: the LF ends the line.
            } else if b & 0xC0 != 0x80 {
                column += 1;
            }
            at += 1;
        }
        // `column` counted the lead byte of the character at `at`, if `at` is inside one.
        out[i] = Position {
            line,
            column,
            offset: target,
        };
    }
    out
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
}
