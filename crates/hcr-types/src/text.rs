//! Text newtypes and the JavaScript notion of "blank".

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Error;

/// Whether `c` is removed by JavaScript's `String.prototype.trim` (ECMAScript `WhiteSpace` and
/// `LineTerminator`).
///
/// This differs from [`char::is_whitespace`] in two places, and both matter for compatibility
/// with the publisher's validator: U+FEFF (ZERO WIDTH NO-BREAK SPACE) *is* trimmed, U+0085
/// (NEXT LINE) is *not*.
#[must_use]
pub const fn is_js_whitespace(c: char) -> bool {
    matches!(
        c,
        '\u{0009}'
            | '\u{000A}'
            | '\u{000B}'
            | '\u{000C}'
            | '\u{000D}'
            | '\u{0020}'
            | '\u{00A0}'
            | '\u{1680}'
            | '\u{2000}'
            ..='\u{200A}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202F}'
                | '\u{205F}'
                | '\u{3000}'
                | '\u{FEFF}'
    )
}

/// `text` with JavaScript `trim()` applied.
#[must_use]
#[inline]
pub fn js_trim(text: &str) -> &str {
    // Most text starts and ends with a visible ASCII character: nothing to trim, decided
    // from two bytes.
    if let (Some(&first), Some(&last)) = (text.as_bytes().first(), text.as_bytes().last())
        && visible_ascii(first)
        && visible_ascii(last)
    {
        return text;
    }
    text.trim_matches(is_js_whitespace)
}

/// Whether JavaScript would consider `text` empty after `trim()`.
#[must_use]
#[inline]
pub fn is_js_blank(text: &str) -> bool {
    // Text that starts with a visible ASCII character is not blank: one byte decides.
    if text.as_bytes().first().is_some_and(|&b| visible_ascii(b)) {
        return false;
    }
    text.chars().all(is_js_whitespace)
}

/// An ASCII byte that is no [`is_js_whitespace`] character, nor part of a longer one.
#[inline(always)]
const fn visible_ascii(byte: u8) -> bool {
    byte > b' ' && byte < 0x80
}

/// A string with at least one character (`$defs/nonEmptyText`: `minLength: 1`).
///
/// The schema only asks for one code point: `" "` is a valid `NonEmptyText`, although the
/// publisher's validator and `hcr-validate` reject whitespace-only text in most places (HCR201).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NonEmptyText(String);

impl NonEmptyText {
    /// Wraps `text`, or fails naming `what` it is (`evidence label must not be empty`).
    ///
    /// # Errors
    /// An empty `text`.
    pub fn named(what: &'static str, text: impl Into<String>) -> Result<Self, Error> {
        Self::new(text).map_err(|_| Error::invalid(what, "must not be empty"))
    }

    /// Wraps `text`, or fails when it is empty.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `text` is empty.
    pub fn new(text: impl Into<String>) -> Result<Self, Error> {
        let text = text.into();
        if text.is_empty() {
            return Err(Error::invalid("text", "must not be empty"));
        }
        Ok(Self(text))
    }

    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    #[must_use]
    pub fn into_string(self) -> String {
        self.0
    }
}

newtype!(NonEmptyText { text: 0, check: Self::new }:
    Deref, AsRef, Display, Debug, TryFromStr, TryFromString, Serialize, Deserialize, FromStr);

impl PartialEq<str> for NonEmptyText {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for NonEmptyText {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// A list of distinct non-empty texts (`$defs/textList`: `uniqueItems: true`).
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct TextList(Vec<NonEmptyText>);

impl TextList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> Self {
        Self(Vec::new())
    }

    /// Builds a list, failing on an empty or repeated item.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] naming the first offending item.
    pub fn from_texts<I, S>(items: I) -> Result<Self, Error>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        let mut list = Self::new();
        for item in items {
            list.push(NonEmptyText::new(item)?)?;
        }
        Ok(list)
    }

    /// Appends `item`, failing if the list already holds it.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `item` is already in the list.
    pub fn push(&mut self, item: NonEmptyText) -> Result<(), Error> {
        if self.contains(&item) {
            return Err(Error::invalid("text list", "items must be unique"));
        }
        self.0.push(item);
        Ok(())
    }

    /// Removes and returns the item equal to `text`, if any.
    pub fn remove(&mut self, text: &str) -> Option<NonEmptyText> {
        let at = self.0.iter().position(|item| item.as_str() == text)?;
        Some(self.0.remove(at))
    }

    /// Whether the list holds `text`.
    #[must_use]
    pub fn contains(&self, text: &str) -> bool {
        self.0.iter().any(|item| item.as_str() == text)
    }

    /// The items in order.
    #[must_use]
    pub fn as_slice(&self) -> &[NonEmptyText] {
        &self.0
    }

    /// The items, owned.
    #[must_use]
    pub fn into_vec(self) -> Vec<NonEmptyText> {
        self.0
    }
}

impl Deref for TextList {
    type Target = [NonEmptyText];
    fn deref(&self) -> &[NonEmptyText] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a TextList {
    type Item = &'a NonEmptyText;
    type IntoIter = std::slice::Iter<'a, NonEmptyText>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Debug for TextList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.0).finish()
    }
}

impl Serialize for TextList {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for TextList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items = Vec::<NonEmptyText>::deserialize(deserializer)?;
        let mut list = Self(Vec::with_capacity(items.len()));
        for item in items {
            list.push(item).map_err(serde::de::Error::custom)?;
        }
        Ok(list)
    }
}

/// A record identifier: 1 to 200 characters (Unicode code points, as JSON Schema counts).
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct RecordId(String);

impl RecordId {
    /// The most characters a record id may hold.
    pub const MAX_CHARS: usize = 200;

    /// Wraps `id`, or fails when it is empty or longer than 200 characters.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when the length is out of range.
    pub fn new(id: impl Into<String>) -> Result<Self, Error> {
        let id = id.into();
        if id.is_empty() {
            return Err(Error::invalid("recordId", "must not be empty"));
        }
        if id.chars().count() > Self::MAX_CHARS {
            return Err(Error::invalid(
                "recordId",
                "must be at most 200 characters long",
            ));
        }
        Ok(Self(id))
    }

    /// The identifier.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

newtype!(RecordId { text: 0, check: Self::new }:
    Deref, Display, Debug, Serialize, Deserialize, FromStr, TryFromStr);

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The one-byte shortcuts answer what the character tests answer.
        #[test]
        fn trim_and_blank_shortcuts_agree_with_the_characters(
            text in "[ a.\t\n\u{b}\u{c}\r\u{a0}\u{85}\u{2000}\u{feff}\u{3000}\u{e9}~\u{7f}]{0,6}",
        ) {
            proptest::prop_assert_eq!(js_trim(&text), text.trim_matches(is_js_whitespace));
            proptest::prop_assert_eq!(is_js_blank(&text), text.chars().all(is_js_whitespace));
        }
    }

    #[test]
    fn js_trim_strips_bom_but_not_next_line() {
        assert_eq!(js_trim("\u{FEFF} a \u{3000}"), "a");
        assert!(is_js_blank("\u{FEFF}\u{00A0}\t\n\u{2028}"));
        assert!(!is_js_blank("\u{0085}"));
        assert!(!is_js_blank("\u{180E}"));
        assert!(!is_js_blank("\u{200B}"));
        // Rust's notion differs on exactly these two.
        assert!('\u{0085}'.is_whitespace() && !is_js_whitespace('\u{0085}'));
        assert!(!'\u{FEFF}'.is_whitespace() && is_js_whitespace('\u{FEFF}'));
    }

    #[test]
    fn every_unicode_white_space_but_next_line_is_js_whitespace() {
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if c.is_whitespace() && c != '\u{0085}' {
                assert!(is_js_whitespace(c), "{:?}", c);
            }
        }
    }

    #[test]
    fn text_lists_reject_repeats_and_empties() {
        assert!(TextList::from_texts(["a", "b"]).is_ok());
        assert!(TextList::from_texts(["a", "a"]).is_err());
        assert!(TextList::from_texts([""]).is_err());
        let list: Result<TextList, _> = serde_json::from_str(r#"["x","x"]"#);
        assert!(list.is_err());
    }

    #[test]
    fn record_ids_count_code_points() {
        assert!(RecordId::new("é".repeat(200)).is_ok());
        assert!(RecordId::new("é".repeat(201)).is_err());
        assert!(RecordId::new("").is_err());
    }
}
