//! Source text as the scanner reads it: JSON string literals unescaped, so that
//! `"\u0067hp_…"` and `"https:\/\/user:pass@host"` are read as what they say, whether or not
//! the text parses, with a map from the decoded text back to source offsets.

use std::borrow::Cow;
use std::ops::Range;

/// Where the decoded text and the source stop advancing together: an escape sequence (or an
/// invalid byte) of `raw_len` source bytes decoded into `view_len` bytes.
#[derive(Clone, Copy, Debug)]
struct Step {
    view: usize,
    raw: usize,
    raw_len: u8,
    view_len: u8,
}

/// The decoded text of a source, and how to map it back.
#[derive(Debug)]
pub(crate) struct View<'s> {
    pub(crate) text: Cow<'s, str>,
    steps: Vec<Step>,
    /// The source ranges of string literals' contents (between their quotes), for a text
    /// that needed decoding; a text read as it is finds them again when asked (a record of
    /// millions of keys does not hold a range for each).
    strings: Vec<Range<usize>>,
    /// The same, in the decoded text, when they differ (`None`: the text decoded is the
    /// source, and so are the ranges; a record of millions of keys does not hold them twice).
    decoded: Option<Vec<Range<usize>>>,
}

impl<'s> View<'s> {
    /// Decodes `raw`. String literals are read as JSON reads them, leniently: an invalid
    /// escape is kept as written, a lone surrogate becomes U+FFFD, and a literal ends at its
    /// closing quote, a raw line break or the end of the input. Invalid UTF-8 becomes U+FFFD.
    pub(crate) fn new(raw: &'s [u8]) -> Self {
        let mut strings = Vec::new();
        // Fast path: valid UTF-8 without a backslash reads as itself.
        if let Ok(text) = std::str::from_utf8(raw)
            && memchr::memchr(b'\\', raw).is_none()
        {
            return Self {
                text: Cow::Borrowed(text),
                steps: Vec::new(),
                decoded: None,
                strings,
            };
        }
        let mut out = String::with_capacity(raw.len());
        let mut steps = Vec::new();
        let mut at = 0;
        let mut in_string = false;
        let mut string_start = 0;
        let mut decoded_start = 0;
        let mut decoded_strings = Vec::new();
        while at < raw.len() {
            let b = raw[at];
            if !b.is_ascii() {
                // A whole character, or one invalid byte shown as U+FFFD.
                let width = utf8_width(b);
                match raw
                    .get(at..at + width)
                    .and_then(|c| std::str::from_utf8(c).ok())
                {
                    Some(c) => {
                        out.push_str(c);
                        at += width;
                    }
                    None => {
                        steps.push(Step {
                            view: out.len(),
                            raw: at,
                            raw_len: 1,
                            view_len: 3,
                        });
                        out.push('\u{FFFD}');
                        at += 1;
                    }
                }
                continue;
            }
            if !in_string {
                if b == b'"' {
                    in_string = true;
                    string_start = at + 1;
                    decoded_start = out.len() + 1;
                }
                out.push(char::from(b));
                at += 1;
                continue;
            }
            match b {
                b'"' | b'\n' => {
                    in_string = false;
                    strings.push(string_start..at);
                    decoded_strings.push(decoded_start..out.len());
                    out.push(char::from(b));
                    at += 1;
                }
                b'\\' => {
                    let (decoded, raw_len) = unescape(&raw[at..]);
                    match decoded {
                        Some(c) => {
                            let view = out.len();
                            out.push(c);
                            steps.push(Step {
                                view,
                                raw: at,
                                raw_len: u8::try_from(raw_len).unwrap_or(u8::MAX),
                                view_len: u8::try_from(c.len_utf8()).unwrap_or(4),
                            });
                            at += raw_len;
                        }
                        None => {
                            out.push('\\');
                            at += 1;
                        }
                    }
                }
                _ => {
                    out.push(char::from(b));
                    at += 1;
                }
            }
        }
        if in_string {
            strings.push(string_start..raw.len());
            decoded_strings.push(decoded_start..out.len());
        }
        Self {
            text: Cow::Owned(out),
            steps,
            strings,
            decoded: Some(decoded_strings),
        }
    }

    /// Markdown source as its reader sees it: a backslash before ASCII punctuation dropped
    /// (`ghp\_…` reads `ghp_…`) and HTML character references decoded (`&#103;`, `&#x67;`,
    /// `&lowbar;`, …), with the map back to the source. No string literals are listed.
    pub(crate) fn markdown(raw: &'s str) -> Self {
        if !raw.contains(['\\', '&']) {
            return Self {
                text: Cow::Borrowed(raw),
                steps: Vec::new(),
                strings: Vec::new(),
                decoded: None,
            };
        }
        let bytes = raw.as_bytes();
        let mut out = String::with_capacity(raw.len());
        let mut steps = Vec::new();
        let mut at = 0;
        while at < raw.len() {
            let decoded = match bytes[at] {
                b'\\' => bytes
                    .get(at + 1)
                    .filter(|b| b.is_ascii_punctuation())
                    .map(|b| (char::from(*b), 2)),
                b'&' => character_reference(&raw[at..]),
                _ => None,
            };
            match decoded {
                Some((c, raw_len)) => {
                    steps.push(Step {
                        view: out.len(),
                        raw: at,
                        raw_len: u8::try_from(raw_len).unwrap_or(u8::MAX),
                        view_len: u8::try_from(c.len_utf8()).unwrap_or(4),
                    });
                    out.push(c);
                    at += raw_len;
                }
                None => {
                    // The next character whole (`at` is always on a character boundary).
                    let c = raw[at..].chars().next().unwrap_or('\u{FFFD}');
                    out.push(c);
                    at += c.len_utf8().max(1);
                }
            }
        }
        Self {
            text: Cow::Owned(out),
            steps,
            strings: Vec::new(),
            decoded: None,
        }
    }

    /// Whether the decoded text differs from the source.
    pub(crate) fn decodes(&self) -> bool {
        !self.steps.is_empty()
    }

    /// The string literals' content ranges in the source.
    pub(crate) fn strings(&self) -> Cow<'_, [Range<usize>]> {
        if self.decoded.is_some() {
            Cow::Borrowed(&self.strings)
        } else {
            let mut strings = Vec::new();
            literals(self.text.as_bytes(), &mut strings);
            Cow::Owned(strings)
        }
    }

    /// The string literals' content ranges in the decoded text (for a text read as it is,
    /// the source's, found as they are walked).
    fn for_each_decoded_string(&self, each: &mut dyn FnMut(Range<usize>)) {
        match &self.decoded {
            Some(decoded) => decoded.iter().cloned().for_each(each),
            None => each_literal(self.text.as_bytes(), each),
        }
    }

    /// Each run of at least two string literals separated only by commas and whitespace
    /// (the items of an array, in text that may not parse), as the literals' ranges in the
    /// decoded text, handed to `each` one run at a time (only the run being read is held). A
    /// literal followed by a colon is a key, never an item: a member's value and the next
    /// member's key (`"…", "status": …`) are not neighbours of one array. (Only the later of
    /// two literals needs the test: the earlier is followed by the commas and whitespace
    /// between them.)
    pub(crate) fn for_each_run(&self, each: &mut dyn FnMut(&[Range<usize>])) {
        let mut run: Vec<Range<usize>> = Vec::new();
        self.for_each_decoded_string(&mut |literal| {
            let adjacent = !self.is_key(&literal)
                && run.last().is_some_and(|previous| {
                    self.text
                        .get(previous.end + 1..literal.start.saturating_sub(1))
                        .unwrap_or("x")
                        .bytes()
                        .all(|b| b == b',' || b.is_ascii_whitespace())
                });
            if !adjacent {
                if run.len() >= 2 {
                    each(&run);
                }
                run.clear();
            }
            run.push(literal);
        });
        if run.len() >= 2 {
            each(&run);
        }
    }

    /// Whether the literal at `literal` (a decoded range) is followed, past whitespace, by
    /// a colon.
    fn is_key(&self, literal: &Range<usize>) -> bool {
        self.text
            .get(literal.end + 1..)
            .and_then(|rest| rest.bytes().find(|b| !b.is_ascii_whitespace()))
            == Some(b':')
    }

    /// The source range of the decoded range `range`, widened to whole escapes.
    pub(crate) fn source_range(&self, range: &Range<usize>) -> Range<usize> {
        self.start(range.start)..self.end(range.end)
    }

    fn start(&self, view: usize) -> usize {
        let after = self.steps.partition_point(|s| s.view <= view);
        match after.checked_sub(1).map(|i| self.steps[i]) {
            None => view,
            Some(s) if view < s.view + usize::from(s.view_len) => s.raw,
            Some(s) => s.raw + usize::from(s.raw_len) + (view - s.view - usize::from(s.view_len)),
        }
    }

    fn end(&self, view: usize) -> usize {
        let after = self.steps.partition_point(|s| s.view < view);
        match after.checked_sub(1).map(|i| self.steps[i]) {
            None => view,
            Some(s) if view <= s.view + usize::from(s.view_len) => s.raw + usize::from(s.raw_len),
            Some(s) => s.raw + usize::from(s.raw_len) + (view - s.view - usize::from(s.view_len)),
        }
    }
}

/// The string literals' content ranges of escape-free text.
fn literals(raw: &[u8], strings: &mut Vec<Range<usize>>) {
    each_literal(raw, &mut |range| strings.push(range));
}

/// Each string literal's content range of escape-free text, in order.
fn each_literal(raw: &[u8], each: &mut dyn FnMut(Range<usize>)) {
    let mut open: Option<usize> = None;
    for at in memchr::memchr2_iter(b'"', b'\n', raw) {
        match (open, raw[at]) {
            (None, b'"') => open = Some(at + 1),
            (Some(start), _) => {
                each(start..at);
                open = None;
            }
            (None, _) => {}
        }
    }
    if let Some(start) = open {
        each(start..raw.len());
    }
}

/// Named references a token could be spelled with (HTML's names for ASCII punctuation, and
/// the usual ones); the rest are read as written.
const NAMED: [(&str, char); 40] = [
    ("amp", '&'),
    ("lt", '<'),
    ("gt", '>'),
    ("quot", '"'),
    ("apos", '\''),
    ("nbsp", ' '),
    ("lowbar", '_'),
    ("UnderBar", '_'),
    ("hyphen", '-'),
    ("dash", '-'),
    ("minus", '-'),
    ("period", '.'),
    ("colon", ':'),
    ("semi", ';'),
    ("comma", ','),
    ("sol", '/'),
    ("bsol", '\\'),
    ("equals", '='),
    ("plus", '+'),
    ("commat", '@'),
    ("num", '#'),
    ("dollar", '$'),
    ("percnt", '%'),
    ("excl", '!'),
    ("quest", '?'),
    ("ast", '*'),
    ("midast", '*'),
    ("lpar", '('),
    ("rpar", ')'),
    ("lsqb", '['),
    ("rsqb", ']'),
    ("lbrack", '['),
    ("rbrack", ']'),
    ("lcub", '{'),
    ("rcub", '}'),
    ("lbrace", '{'),
    ("rbrace", '}'),
    ("verbar", '|'),
    ("vert", '|'),
    ("grave", '`'),
];

/// The character an HTML character reference at the start of `raw` (an `&`) stands for, and
/// its length: `&#NNN;`, `&#xHHH;` or a name of [`NAMED`].
fn character_reference(raw: &str) -> Option<(char, usize)> {
    let end = raw.get(..raw.len().min(12))?.find(';')?;
    let body = &raw[1..end];
    let c = if let Some(number) = body.strip_prefix('#') {
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) if !hex.is_empty() && hex.bytes().all(|b| b.is_ascii_hexdigit()) => {
                u32::from_str_radix(hex, 16).ok()?
            }
            _ if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) => {
                number.parse().ok()?
            }
            _ => return None,
        };
        char::from_u32(code).filter(|c| *c != '\0')?
    } else {
        NAMED.iter().find(|(name, _)| *name == body)?.1
    };
    Some((c, end + 1))
}

fn utf8_width(lead: u8) -> usize {
    match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => 1,
    }
}

/// The character an escape at the start of `raw` (a backslash) stands for, and its length;
/// `None` for an escape JSON does not have.
fn unescape(raw: &[u8]) -> (Option<char>, usize) {
    let simple = match raw.get(1) {
        Some(b'"') => '"',
        Some(b'\\') => '\\',
        Some(b'/') => '/',
        Some(b'b') => '\u{8}',
        Some(b'f') => '\u{c}',
        Some(b'n') => '\n',
        Some(b'r') => '\r',
        Some(b't') => '\t',
        Some(b'u') => return unicode(raw),
        _ => return (None, 1),
    };
    (Some(simple), 2)
}

fn hex4(raw: &[u8]) -> Option<u32> {
    let digits = raw.get(..4)?;
    let text = std::str::from_utf8(digits).ok()?;
    if !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    u32::from_str_radix(text, 16).ok()
}

/// `\uXXXX`, with a surrogate pair read as one character and a lone surrogate as U+FFFD.
fn unicode(raw: &[u8]) -> (Option<char>, usize) {
    let Some(first) = hex4(&raw[2..]) else {
        return (None, 1);
    };
    if (0xD800..0xDC00).contains(&first) {
        if raw.get(6..8) == Some(b"\\u")
            && let Some(second) = hex4(&raw[8..])
            && (0xDC00..0xE000).contains(&second)
        {
            let code = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
            return (char::from_u32(code), 12);
        }
        return (Some('\u{FFFD}'), 6);
    }
    (Some(char::from_u32(first).unwrap_or('\u{FFFD}')), 6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unescapes_string_literals_and_maps_back() {
        let raw = br#"{"k": "\u0067hp_x \/ \ud83d\ude00 done", "n": 1}"#;
        let view = View::new(raw);
        assert_eq!(view.text, "{\"k\": \"ghp_x / \u{1F600} done\", \"n\": 1}");
        let ghp = view.text.find("ghp").expect("decoded");
        assert_eq!(&raw[view.source_range(&(ghp..ghp + 3))], b"\\u0067hp");
        let done = view.text.find("done").expect("decoded");
        assert_eq!(&raw[view.source_range(&(done..done + 4))], b"done");
        let emoji = view.text.find('\u{1F600}').expect("decoded");
        assert_eq!(
            &raw[view.source_range(&(emoji..emoji + 4))],
            br"\ud83d\ude00"
        );
        assert_eq!(view.strings().len(), 3);
    }

    /// The literals of each run, as text.
    fn runs(raw: &str) -> Vec<Vec<&str>> {
        let view = View::new(raw.as_bytes());
        let mut runs = Vec::new();
        view.for_each_run(&mut |run| {
            runs.push(run.iter().map(|r| &raw[r.clone()]).collect());
        });
        runs
    }

    #[test]
    fn runs_are_an_array_s_neighbouring_items_never_a_key() {
        assert_eq!(runs(r#"["a", "b" ,"c"]"#), [["a", "b", "c"]]);
        // A member's value and the next member's key are not items of one array.
        assert_eq!(
            runs(r#"{"x": "a", "status": "open"}"#),
            Vec::<Vec<&str>>::new()
        );
        assert_eq!(
            runs("{\"x\": \"a\",\n  \"k\" :\t1}"),
            Vec::<Vec<&str>>::new()
        );
        // In text that does not parse too: the key ends the run before it, and literals
        // after its value may start another.
        assert_eq!(
            runs(r#"["a", "b", "c": "d", "e""#),
            [["a", "b"], ["d", "e"]]
        );
    }

    #[test]
    fn survives_broken_text() {
        for raw in [
            &b"\"abc\\"[..],
            b"\"\\u12",
            b"\"\\ud800x\"",
            b"\xff\xfe\"a\\nb",
            b"\"unterminated\nnext \\u0041",
        ] {
            let view = View::new(raw);
            let whole = view.source_range(&(0..view.text.len()));
            assert!(whole.end <= raw.len(), "{raw:?}");
        }
    }
}
