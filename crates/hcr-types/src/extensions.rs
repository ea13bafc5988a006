//! `extensions`: implementation data, kept exactly as written.

use std::fmt;

use indexmap::IndexMap;
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::Error;

/// Implementation data under `extensions`: any JSON, keys in the order they were written,
/// each value kept exactly as written when read from text (numbers too: `1.50`, `1E2`, `-0`,
/// `123456789012345678901234567890` read back and write out unchanged). Only the whitespace
/// between a value's tokens is dropped; a number beyond the range of a double is refused.
///
/// ```
/// let record = hcr_types::Record::from_json(r#"{"schemaVersion": "1.0",
///   "objective": {"summary": "Ship.", "acceptanceCriteria": ["It ships."]},
///   "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": []},
///   "decisions": [], "evidence": [], "constraints": [], "openReview": [],
///   "nextAction": {"summary": "Tag it.", "verification": "The tag exists."},
///   "ownership": {"nextActor": {"id": "agent:a", "type": "agent"}},
///   "extensions": {"com.example.cost": 1.50, "com.example.big": 123456789012345678901234567890}}"#)?;
/// let extensions = record.extensions.as_ref().expect("extensions");
/// assert_eq!(extensions.get_raw("com.example.cost"), Some("1.50"));
/// assert!(record.to_json_pretty().contains("123456789012345678901234567890"));
/// # Ok::<(), hcr_types::Error>(())
/// ```
#[derive(Clone, Default)]
pub struct Extensions(IndexMap<String, Box<RawValue>>);

/// `text` (JSON) without the whitespace between its tokens; strings untouched.
fn minified(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_string = false;
    let mut escaped = false;
    for c in text.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            out.push(c);
        }
    }
    out
}

/// `text` as a raw value, after checking it is one JSON value (a raw value's reader skips over
/// strings without checking their escapes).
fn raw(text: String) -> Result<Box<RawValue>, Error> {
    let not_json = || Error::invalid("extension value", "must be JSON");
    // A number beyond a double is refused, as `hcr-validate` refuses it (HCR003): no JSON
    // value could hold it, so the record could not be shown as one.
    serde_json::from_str::<Value>(&text).map_err(|_| not_json())?;
    RawValue::from_string(text).map_err(|_| not_json())
}

impl Extensions {
    /// No extensions.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds (or replaces) `key` with `value`.
    pub fn insert(&mut self, key: impl Into<String>, value: Value) {
        // A `Value` always serializes, and its text is JSON.
        if let Ok(value) = RawValue::from_string(value.to_string()) {
            self.0.insert(key.into(), value);
        }
    }

    /// Adds (or replaces) `key` with the JSON text `json`, kept exactly (numbers as written).
    ///
    /// # Errors
    /// `json` is not one JSON value.
    pub fn insert_raw(&mut self, key: impl Into<String>, json: &str) -> Result<(), Error> {
        let value = raw(minified(json))?;
        self.0.insert(key.into(), value);
        Ok(())
    }

    /// The value of `key`, parsed (numbers as `serde_json` holds them; [`Extensions::get_raw`]
    /// gives the exact text).
    #[must_use]
    pub fn get(&self, key: &str) -> Option<Value> {
        self.0
            .get(key)
            .and_then(|v| serde_json::from_str(v.get()).ok())
    }

    /// The JSON text of `key`'s value, exactly as written (whitespace between tokens aside).
    #[must_use]
    pub fn get_raw(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(|v| v.get())
    }

    /// Removes `key`, returning its value.
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.0
            .shift_remove(key)
            .and_then(|v| serde_json::from_str(v.get()).ok())
    }

    /// Whether `key` is present.
    #[must_use]
    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(key)
    }

    /// The keys, in order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.0.keys().map(String::as_str)
    }

    /// Every key with its exact JSON text, in order.
    pub fn iter_raw(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.get()))
    }

    /// Every key with its parsed value, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Value)> {
        self.iter_raw()
            .map(|(k, v)| (k, serde_json::from_str(v).unwrap_or(Value::Null)))
    }

    /// How many extensions there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl PartialEq for Extensions {
    fn eq(&self, other: &Self) -> bool {
        self.0.len() == other.0.len()
            && self
                .0
                .iter()
                .zip(&other.0)
                .all(|((a, x), (b, y))| a == b && x.get() == y.get())
    }
}

impl Eq for Extensions {}

impl fmt::Debug for Extensions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter_raw()).finish()
    }
}

impl Serialize for Extensions {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Extensions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Extensions;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Extensions, A::Error> {
                let mut out = IndexMap::new();
                while let Some(key) = map.next_key::<String>()? {
                    let value: Box<RawValue> = map.next_value()?;
                    let value = raw(minified(value.get())).map_err(serde::de::Error::custom)?;
                    out.insert(key, value);
                }
                Ok(Extensions(out))
            }
        }
        deserializer.deserialize_map(Members)
    }
}

impl FromIterator<(String, Value)> for Extensions {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(items: I) -> Self {
        let mut out = Self::new();
        for (key, value) in items {
            out.insert(key, value);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::minified;

    #[test]
    fn minifying_keeps_strings_and_numbers_as_written() {
        assert_eq!(
            minified(" { \"a b\" : [ 1.50 , -0 , 1E2 ] } "),
            "{\"a b\":[1.50,-0,1E2]}"
        );
        assert_eq!(minified(r#""x \" y""#), r#""x \" y""#);
    }
}
