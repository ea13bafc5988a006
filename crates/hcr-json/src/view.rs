//! [`JsonView`]: one read-only view of a JSON value, so that a check or a scan is written once
//! for the parsed [`Tree`](crate::Tree) and for a `serde_json::Value` a caller holds.

use serde_json::Value;

use crate::keys::KeyTable;

/// The kind of a JSON value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A JSON value read without being copied: [`Json`](crate::Json) (a node of a parsed tree) or
/// `&serde_json::Value`.
///
/// ```
/// use hcr_json::{JsonView, Kind};
///
/// fn strings<'v>(value: impl JsonView<'v>, out: &mut Vec<&'v str>) {
///     match value.kind() {
///         Kind::String => out.extend(value.as_str()),
///         Kind::Array => value.items().for_each(|item| strings(item, out)),
///         Kind::Object => value.members().for_each(|(_, member)| strings(member, out)),
///         _ => {}
///     }
/// }
///
/// let value = serde_json::json!({"a": ["x", 1, {"b": "y"}]});
/// let mut found = Vec::new();
/// strings(&value, &mut found);
/// assert_eq!(found, ["x", "y"]);
/// ```
pub trait JsonView<'v>: Copy {
    /// The kind of value.
    fn kind(self) -> Kind;
    /// The text of a string; `None` for anything else.
    fn as_str(self) -> Option<&'v str>;
    /// An object's member `key` (its last occurrence, as `JSON.parse` reads a repeated key);
    /// `None` for anything else.
    fn get(self, key: &str) -> Option<Self>;
    /// An object's members as `JSON.parse` reads them; nothing for anything else.
    fn members(self) -> impl Iterator<Item = (&'v str, Self)>;
    /// An array's items, in order; nothing for anything else.
    fn items(self) -> impl Iterator<Item = Self>;
    /// The number of items or members; 0 for anything else.
    fn len(self) -> usize;
    /// Whether this has no items or members (or is no array or object).
    fn is_empty(self) -> bool {
        self.len() == 0
    }
    /// Whether this is an array.
    fn is_array(self) -> bool {
        self.kind() == Kind::Array
    }
    /// The number `names` gives the key `key` of the member this value is (see
    /// [`KeyTable`]): a tree read with `names` recorded it, so nothing is looked up.
    fn key_number(self, names: &KeyTable, key: &str) -> u8 {
        names.number_of(key)
    }
}

impl<'v> JsonView<'v> for &'v Value {
    fn kind(self) -> Kind {
        match self {
            Value::Null => Kind::Null,
            Value::Bool(_) => Kind::Bool,
            Value::Number(_) => Kind::Number,
            Value::String(_) => Kind::String,
            Value::Array(_) => Kind::Array,
            Value::Object(_) => Kind::Object,
        }
    }

    fn as_str(self) -> Option<&'v str> {
        Value::as_str(self)
    }

    fn get(self, key: &str) -> Option<Self> {
        self.as_object().and_then(|map| map.get(key))
    }

    fn members(self) -> impl Iterator<Item = (&'v str, Self)> {
        self.as_object()
            .into_iter()
            .flatten()
            .map(|(key, value)| (key.as_str(), value))
    }

    fn items(self) -> impl Iterator<Item = Self> {
        self.as_array().into_iter().flatten()
    }

    fn len(self) -> usize {
        match self {
            Value::Array(items) => items.len(),
            Value::Object(members) => members.len(),
            _ => 0,
        }
    }
}
