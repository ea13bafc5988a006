//! Reading bytes into one JSON value that every check shares.
//!
//! One pass of `serde_json` through a visitor that enforces the limits and records repeated
//! keys (with the values they overwrote, which the secret scan still reads). Problems found
//! before or during parsing become HCR001–HCR004 diagnostics.

use std::fmt;

use hcr_types::JsonPointer;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::map::Entry;
use serde_json::{Map, Number, Value};

use crate::diagnostic::Anchor;
use crate::{Code, Diagnostic, Limit, Limits};

/// A parsed document.
#[derive(Debug)]
pub(crate) struct Document {
    /// The value as `JSON.parse` sees it: the last of repeated keys wins.
    pub(crate) value: Value,
    /// Values that a repeated key overwrote, in document order.
    pub(crate) overwritten: Vec<Overwritten>,
}

/// A member value that a later member with the same key replaced.
#[derive(Debug)]
pub(crate) struct Overwritten {
    /// The member.
    pub(crate) pointer: JsonPointer,
    /// Which occurrence of the key held it (1 for the first).
    pub(crate) occurrence: usize,
    /// The value it held.
    pub(crate) value: Value,
}

impl Overwritten {
    /// HCR002: the key that overwrote this value repeats an earlier one, pointing at the
    /// repeating occurrence.
    pub(crate) fn diagnostic(&self) -> Diagnostic {
        let key = self.pointer.unescaped_tokens().last().unwrap_or_default();
        let parent = self.pointer.parent().unwrap_or_default();
        let message = format!("{} repeats the key `{key}`", crate::schema::field(&parent));
        Diagnostic::new(Code::Hcr002, self.pointer.clone(), message)
            .anchor(Anchor::KeyOccurrence(self.occurrence + 1))
    }
}

/// Parses `bytes`, or explains why they are not a JSON document within `limits`.
pub(crate) fn parse(bytes: &[u8], limits: &Limits) -> Result<Document, Box<Diagnostic>> {
    if bytes.len() > limits.max_record_bytes {
        return Err(Box::new(limit_exceeded(
            Limit::RecordBytes,
            limits,
            JsonPointer::root(),
            0,
            format!("the record is {} bytes long", bytes.len()),
        )));
    }
    let text = decode(bytes)?;
    let mut state = State {
        limits,
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
    .and_then(|value| deserializer.end().map(|()| value));
    match parsed {
        Ok(value) => Ok(Document {
            value,
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
fn decode(bytes: &[u8]) -> Result<&str, Box<Diagnostic>> {
    let encoding = |offset: usize, message: &str| {
        Box::new(
            Diagnostic::new(Code::Hcr004, JsonPointer::root(), message)
                .anchor(Anchor::Offset(offset)),
        )
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

pub(crate) fn limit_exceeded(
    limit: Limit,
    limits: &Limits,
    pointer: JsonPointer,
    offset: usize,
    what: String,
) -> Diagnostic {
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
    Diagnostic::new(Code::Hcr003, pointer, message)
        .help(help)
        .anchor(Anchor::Offset(offset))
}

/// Turns a `serde_json` error (or a limit the visitor hit) into a diagnostic.
fn syntax_error(text: &str, error: &serde_json::Error, state: &State<'_>) -> Diagnostic {
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
        return Diagnostic::new(
            Code::Hcr004,
            pointer,
            format!("a string escape encodes no character ({reason})"),
        )
        .anchor(Anchor::Offset(offset));
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
    let diagnostic = Diagnostic::new(Code::Hcr001, pointer, message).anchor(Anchor::Offset(offset));
    match crate::hints::not_one_value(text) {
        Some(hint) => diagnostic.help(hint),
        None => diagnostic,
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
    value: Value,
}

struct State<'l> {
    limits: &'l Limits,
    overwritten: Vec<PendingOverwrite>,
    /// The limit the visitor stopped at, and what exceeded it.
    limit: Option<(Limit, String)>,
    /// Where parsing stopped, from the innermost value up to the root.
    error_path: Reversed,
}

impl State<'_> {
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

/// Deserializes one value at nesting `depth` (the number of enclosing containers).
struct Seed<'s, 'l> {
    state: &'s mut State<'l>,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Seed<'_, '_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_, '_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::Number(v.into()))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // serde_json never yields a non-finite number.
        Ok(Number::from_f64(v).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Value, E> {
        check_string(self.state, v)?;
        Ok(Value::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Value, E> {
        check_string(self.state, &v)?;
        Ok(Value::String(v))
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let state = self.state;
        let depth = self.depth + 1;
        if depth > state.limits.max_depth {
            return Err(state.fail(
                Limit::Depth,
                format!("an array is nested {depth} levels deep"),
            ));
        }
        let mut items = Vec::new();
        loop {
            let index = items.len();
            if index == state.limits.max_array_items {
                // One more item would exceed the limit; a closing bracket is fine.
                let next = access.next_element_seed(Seed {
                    state: &mut *state,
                    depth,
                });
                return match next {
                    Ok(None) => Ok(Value::Array(items)),
                    Ok(Some(_)) => Err(state.fail(
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
                Ok(Some(item)) => {
                    if state.overwritten.len() > mark {
                        state.attach(mark, || JsonPointer::root().index(index));
                    }
                    items.push(item);
                }
                Ok(None) => return Ok(Value::Array(items)),
                Err(e) => {
                    state.error_path.push(JsonPointer::root().index(index));
                    return Err(e);
                }
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut access: A) -> Result<Value, A::Error> {
        let state = self.state;
        let depth = self.depth + 1;
        if depth > state.limits.max_depth {
            return Err(state.fail(
                Limit::Depth,
                format!("an object is nested {depth} levels deep"),
            ));
        }
        let mut map = Map::new();
        // Occurrence counts, only for keys seen more than once.
        let mut repeats: Vec<(String, usize)> = Vec::new();
        let mut members = 0usize;
        while let Some(key) = access.next_key_seed(KeySeed { state: &mut *state })? {
            members += 1;
            if members > state.limits.max_object_members {
                return Err(state.fail(
                    Limit::ObjectMembers,
                    format!(
                        "an object has more than {} members",
                        state.limits.max_object_members
                    ),
                ));
            }
            let mark = state.overwritten.len();
            let value = match access.next_value_seed(Seed {
                state: &mut *state,
                depth,
            }) {
                Ok(value) => value,
                Err(e) => {
                    state.error_path.push(JsonPointer::root().key(&key));
                    return Err(e);
                }
            };
            if state.overwritten.len() > mark {
                state.attach(mark, || JsonPointer::root().key(&key));
            }
            match map.entry(key) {
                Entry::Vacant(slot) => {
                    slot.insert(value);
                }
                Entry::Occupied(mut slot) => {
                    let key = slot.key().clone();
                    let occurrence = match repeats.iter_mut().find(|(k, _)| *k == key) {
                        Some((_, count)) => {
                            *count += 1;
                            *count
                        }
                        None => {
                            repeats.push((key.clone(), 1));
                            1
                        }
                    };
                    let old = slot.insert(value);
                    state.overwritten.push(PendingOverwrite {
                        path: vec![JsonPointer::root().key(&key)],
                        occurrence,
                        value: old,
                    });
                }
            }
        }
        Ok(Value::Object(map))
    }
}

fn check_string<E: de::Error>(state: &mut State<'_>, text: &str) -> Result<(), E> {
    if text.len() > state.limits.max_string_bytes {
        return Err(state.fail(
            Limit::StringBytes,
            format!("a string is {} bytes long", text.len()),
        ));
    }
    Ok(())
}

/// Reads an object key, enforcing the string limit.
struct KeySeed<'s, 'l> {
    state: &'s mut State<'l>,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_, '_> {
    type Value = String;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<String, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_, '_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an object key")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<String, E> {
        check_string(self.state, v)?;
        Ok(v.to_owned())
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<String, E> {
        check_string(self.state, &v)?;
        Ok(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_default(text: &str) -> Result<Document, Box<Diagnostic>> {
        parse(text.as_bytes(), &Limits::default())
    }

    #[test]
    fn records_overwritten_values_with_their_paths() {
        let doc = parse_default(
            r#"{"a": [{"k": 1, "k": 2, "\u006b": 3}], "b": {"x": {"y": 0, "y": 9}}}"#,
        )
        .expect("parses");
        assert_eq!(doc.value["a"][0]["k"], 3);
        let found: Vec<_> = doc
            .overwritten
            .iter()
            .map(|o| (o.pointer.as_str().to_owned(), o.occurrence, o.value.clone()))
            .collect();
        assert_eq!(
            found,
            [
                ("/a/0/k".to_owned(), 1, Value::from(1)),
                ("/a/0/k".to_owned(), 2, Value::from(2)),
                ("/b/x/y".to_owned(), 1, Value::from(0)),
            ]
        );
    }

    #[test]
    fn enforces_depth_at_the_limit_and_not_before() {
        let limits = Limits {
            max_depth: 3,
            ..Limits::default()
        };
        assert!(parse(b"[[[1]]]", &limits).is_ok());
        let error = parse(b"[[[[1]]]]", &limits).expect_err("too deep");
        assert_eq!(error.code, Code::Hcr003);
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
        assert!(parse(br#"["abc", "d"]"#, &limits).is_ok());
        let too_many = parse(br#"{"a": [1, 2, 3]}"#, &limits).expect_err("too many items");
        assert_eq!(
            (too_many.code, too_many.pointer.as_str()),
            (Code::Hcr003, "/a")
        );
        let too_long = parse(br#"{"a": ["abcd"]}"#, &limits).expect_err("too long");
        assert_eq!(
            (too_long.code, too_long.pointer.as_str()),
            (Code::Hcr003, "/a/0")
        );
        let long_key = parse(br#"{"abcd": 1}"#, &limits).expect_err("key too long");
        assert_eq!(long_key.code, Code::Hcr003);
    }

    #[test]
    fn refuses_oversized_input_before_parsing() {
        let limits = Limits {
            max_record_bytes: 4,
            ..Limits::default()
        };
        // Not even JSON: the size check comes first.
        let error = parse(b"{{{{{", &limits).expect_err("too big");
        assert_eq!(error.code, Code::Hcr003);
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
            let error = parse(bytes, &Limits::default()).expect_err("bad encoding");
            assert_eq!(error.code, Code::Hcr004, "{bytes:?}: {}", error.message);
        }
    }

    #[test]
    fn classifies_syntax_problems() {
        for (text, code) in [
            ("{", Code::Hcr001),
            ("{\"a\" 1}", Code::Hcr001),
            ("[1,]", Code::Hcr001),
            ("{} {}", Code::Hcr001),
            ("", Code::Hcr001),
            ("[1e400]", Code::Hcr003),
        ] {
            let error = parse_default(text).expect_err("not JSON");
            assert_eq!(error.code, code, "{text}: {}", error.message);
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
}
