//! The JSON reader of [hcr](https://github.com/hcr-dev/hcr): bytes into one flat [`Tree`] of
//! values over the text, in one pass, with every value's span.
//!
//! - [`parse`] checks the encoding and the [`Limits`] (size, depth, string and array lengths,
//!   object members), reads the text in one pass, and falls back to `serde_json` (through a
//!   visitor that writes the same tree) for anything the fast reader gives up on; every text
//!   `serde_json` refuses is refused, with an [`Error`] of one [`ErrorKind`]. Repeated keys
//!   are kept: [`Json`] reads them as `JSON.parse` does, and [`Document::overwritten`] names
//!   the values they replaced.
//! - Each key is numbered as it is read from a [`KeyTable`] the caller gives (a format's fixed
//!   words), so that later walks look nothing up.
//! - [`locate`] turns a [`JsonPointer`] (and an [`Anchor`]) back into a place in the text, and
//!   [`positions`] byte offsets into lines and columns, in one pass.
//! - [`JsonView`] is one read-only view over a tree node or a `serde_json::Value`.
//!
//! ```
//! use hcr_json::{ErrorKind, JsonView, KeyTable, Limits, parse};
//!
//! let text = br#"{"a": [1, "two"], "a": null}"#;
//! let document = parse(text, &Limits::default(), KeyTable::empty())?;
//! // Read as `JSON.parse` reads it: the last `a` wins...
//! assert!(document.tree.root().get("a").is_some_and(|a| a.is_null()));
//! // ...and the value it overwrote is kept, with its place.
//! assert_eq!(document.overwritten[0].pointer.as_str(), "/a");
//!
//! let error = parse(b"[1, 2", &Limits::default(), KeyTable::empty()).unwrap_err();
//! assert_eq!(error.kind, ErrorKind::Syntax);
//! # Ok::<(), Box<hcr_json::Error>>(())
//! ```

mod hints;
mod keys;
mod limits;
mod locate;
mod parse;
mod place;
pub mod pointer;
mod tree;
mod view;

pub use keys::{KeyTable, NOT_A_KEY, Probe, fingerprint, same_key};
pub use limits::{Limit, Limits, Spelling};
pub use locate::{MemberSpan, locate, locate_in, member_spans, positions};
#[cfg(feature = "oracle")]
pub use parse::both_ways;
pub use parse::{
    Document, Error, ErrorKind, Overwritten, limit_exceeded, parse, parse_without_spans,
};
pub use place::{Anchor, Position, Span};
pub use pointer::{JsonPointer, Segment};
pub use tree::{AllMembers, FlatNode, Items, Json, Members, Tree, plain_ends};
pub use view::{JsonView, Kind};

/// Parses `bytes` as one JSON value within `limits` (size, depth, string and array lengths,
/// object members), refusing repeated keys and invalid encodings, into a
/// `serde_json::Value`: for a document read whole (a patch, a request argument).
///
/// ```
/// use hcr_json::{ErrorKind, Limits, parse_value};
///
/// assert_eq!(parse_value(br#"{"a": [1, 2]}"#, &Limits::default())?["a"][1], 2);
/// let repeated = parse_value(br#"{"a": 1, "a": 2}"#, &Limits::default()).unwrap_err();
/// assert_eq!(repeated.kind, ErrorKind::RepeatedKey);
/// # Ok::<(), Box<hcr_json::Error>>(())
/// ```
///
/// # Errors
/// The first problem.
pub fn parse_value(bytes: &[u8], limits: &Limits) -> Result<serde_json::Value, Box<Error>> {
    within_whole_reading(bytes)?;
    let document = parse::parse_without_spans(bytes, limits, KeyTable::empty())?;
    let text = document.text;
    refuse_repeats(&document)?;
    // The tree decided; it goes before the value is built, so that a large input is never
    // held in both forms. `serde_json` reads what the parser accepted the same way (the
    // parsers agree, as the oracle tests prove); should it not, its error is the answer.
    drop(document);
    serde_json::from_str(text).map_err(|error| {
        Box::new(Error {
            kind: ErrorKind::Syntax,
            pointer: JsonPointer::root(),
            anchor: Anchor::Value,
            message: format!("the input could not be read as JSON: {error}"),
            help: None,
        })
    })
}

/// Parses `bytes` into a tree as [`parse_value`] reads a document whole: refused past
/// [`MAX_JSON_VALUES`] values and keys, or with a repeated key, as well as for what
/// [`parse`] refuses. For a caller that reads a document as a value would be read, without
/// building the value.
///
/// ```
/// use hcr_json::{ErrorKind, KeyTable, Limits, parse_whole};
///
/// let limits = Limits::default();
/// assert!(parse_whole(br#"{"a": 1}"#, &limits, KeyTable::empty()).is_ok());
/// let repeated = parse_whole(br#"{"a": 1, "a": 2}"#, &limits, KeyTable::empty()).unwrap_err();
/// assert_eq!(repeated.kind, ErrorKind::RepeatedKey);
/// ```
///
/// # Errors
/// The first problem.
pub fn parse_whole<'a>(
    bytes: &'a [u8],
    limits: &Limits,
    keys: &'a KeyTable,
) -> Result<Document<'a>, Box<Error>> {
    within_whole_reading(bytes)?;
    let document = parse(bytes, limits, keys)?;
    refuse_repeats(&document)?;
    Ok(document)
}

/// A document read whole holds at most [`MAX_JSON_VALUES`] values and keys.
fn within_whole_reading(bytes: &[u8]) -> Result<(), Box<Error>> {
    // A value costs about a hundred bytes as a `serde_json::Value`: past this many, the
    // document is refused rather than built (a patch or a brief that large is no patch or
    // brief; a record is checked through the tree, which holds millions). Counted from the
    // text's separators first, so that not even the tree is built for a huge one.
    if count_values(bytes) > MAX_JSON_VALUES {
        return Err(Box::new(Error {
            kind: ErrorKind::Limit(Limit::RecordBytes),
            pointer: JsonPointer::root(),
            anchor: Anchor::Value,
            message: format!(
                "the document holds more than {MAX_JSON_VALUES} values and keys, the most one read whole as JSON may hold"
            ),
            help: None,
        }));
    }
    Ok(())
}

/// A document read whole has no repeated key: the first one, as an error.
fn refuse_repeats(document: &Document<'_>) -> Result<(), Box<Error>> {
    let Some(overwritten) = document.overwritten.first() else {
        return Ok(());
    };
    let key = overwritten
        .pointer
        .unescaped_tokens()
        .last()
        .unwrap_or_default();
    Err(Box::new(Error {
        kind: ErrorKind::RepeatedKey,
        pointer: overwritten.pointer.clone(),
        anchor: Anchor::Value,
        message: format!("the key `{}` appears twice in one object", short(&key)),
        help: None,
    }))
}

/// The most values and keys [`parse_value`] builds a `serde_json::Value` of (about 25 MiB of
/// it).
pub const MAX_JSON_VALUES: usize = 250_000;

/// How many values and keys the JSON text `bytes` holds at most: its commas, colons and
/// opening brackets outside strings, and one. One pass, no allocation: for a caller about to
/// read a text whole into values.
///
/// ```
/// // The object, two keys, the array, its two items and the string.
/// assert_eq!(hcr_json::count_values(br#"{"a": [1, 2], "b": "x,y:z"}"#), 7);
/// ```
#[must_use]
pub fn count_values(bytes: &[u8]) -> usize {
    measure(bytes).values
}

/// What one pass over a JSON text's bytes tells of it before it is read: see [`measure`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Measure {
    /// How many values and keys it holds at most ([`count_values`]).
    pub values: usize,
    /// How deeply its arrays and objects nest (1 for a root container; 0 for a scalar), as
    /// [`Limits::max_depth`] counts them.
    pub depth: usize,
}

/// Whether the JSON text `bytes` holds at most `max_values` values and keys and nests at
/// most `max_depth` deep ([`measure`]), answered without the full pass where the text cannot
/// reach either bound: fewer bytes than `max_values`, fewer opening brackets than
/// `max_depth` (counted with `memchr`'s vectorised search).
///
/// ```
/// assert!(hcr_json::fits(br#"{"a": [[1]]}"#, 10, 3));
/// assert!(!hcr_json::fits(br#"{"a": [[1]]}"#, 10, 2));
/// assert!(!hcr_json::fits(br#"[1, 2, 3]"#, 3, 64));
/// ```
#[must_use]
pub fn fits(bytes: &[u8], max_values: usize, max_depth: usize) -> bool {
    let few_values = bytes.len() <= max_values;
    let shallow = memchr::memchr2_iter(b'[', b'{', bytes)
        .nth(max_depth)
        .is_none();
    if few_values && shallow {
        return true;
    }
    let measured = measure(bytes);
    measured.values <= max_values && measured.depth <= max_depth
}

/// The [`Measure`] of the JSON text `bytes`: one pass, no allocation, brackets and
/// separators inside strings skipped.
///
/// ```
/// let measured = hcr_json::measure(br#"{"a": [1, {"b": "[["}]}"#);
/// assert_eq!((measured.values, measured.depth), (7, 3));
/// ```
#[must_use]
pub fn measure(bytes: &[u8]) -> Measure {
    let mut values = 1;
    let mut depth = 0usize;
    let mut deepest = 0;
    let mut in_string = false;
    let mut escaped = false;
    for &b in bytes {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'[' | b'{' => {
                values += 1;
                depth += 1;
                deepest = deepest.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b',' | b':' => values += 1,
            b'"' => in_string = true,
            _ => {}
        }
    }
    Measure {
        values,
        depth: deepest,
    }
}

/// A key for a message: at most 40 characters, so that a message never carries a long value.
fn short(key: &str) -> String {
    match key.char_indices().nth(40) {
        Some((cut, _)) => format!("{}…", &key[..cut]),
        None => key.to_owned(),
    }
}
