//! Resource limits: every input gets an answer in bounded time and memory.

use std::fmt;

/// The limits applied while reading and checking one record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Bytes per record (16 MiB). Larger inputs are refused before parsing.
    pub max_record_bytes: usize,
    /// Nesting depth of objects and arrays (64; at most [`Limits::DEPTH_CEILING`]). A valid
    /// record needs 4 outside `extensions`.
    pub max_depth: usize,
    /// Bytes per string or key (1 MiB).
    pub max_string_bytes: usize,
    /// Items per array (10,000).
    pub max_array_items: usize,
    /// Members per object (10,000).
    pub max_object_members: usize,
    /// Diagnostics reported per record (100); the rest are summed up in one HCR006.
    pub max_diagnostics: usize,
    /// How messages name the setting that raises a limit, in the words of the surface that
    /// runs the validator.
    pub spelling: Spelling,
}

/// How messages name a setting: each surface has its own words for the same [`Limits`]
/// field, and only the surface knows which it uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Spelling {
    /// The field's own name, `max_depth` (the Rust and Python APIs).
    #[default]
    Field,
    /// A command-line option, `--max-depth`.
    Option,
    /// A JSON member, `maxDepth` (the MCP tools' arguments).
    Member,
}

impl Spelling {
    /// `setting` (a field name such as `max_depth`) as this surface spells it.
    #[must_use]
    pub fn spell(self, setting: &str) -> String {
        match self {
            Self::Field => setting.to_owned(),
            Self::Option => format!("--{}", setting.replace('_', "-")),
            Self::Member => {
                let mut out = String::with_capacity(setting.len());
                let mut upper = false;
                for c in setting.chars() {
                    if c == '_' {
                        upper = true;
                    } else if upper {
                        out.extend(c.to_uppercase());
                        upper = false;
                    } else {
                        out.push(c);
                    }
                }
                out
            }
        }
    }
}

impl Limits {
    /// The deepest nesting any configuration may allow.
    pub const DEPTH_CEILING: usize = 128;
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            max_record_bytes: 16 * 1024 * 1024,
            max_depth: 64,
            max_string_bytes: 1024 * 1024,
            max_array_items: 10_000,
            max_object_members: 10_000,
            max_diagnostics: 100,
            spelling: Spelling::Field,
        }
    }
}

/// One of the limits, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// [`Limits::max_record_bytes`].
    RecordBytes,
    /// [`Limits::max_depth`].
    Depth,
    /// [`Limits::max_string_bytes`].
    StringBytes,
    /// [`Limits::max_array_items`].
    ArrayItems,
    /// [`Limits::max_object_members`].
    ObjectMembers,
    /// Numbers beyond the range of an IEEE 754 double.
    NumberRange,
}

impl Limit {
    /// The [`Limits`] field that sets the limit (`None` for the number range, which no
    /// setting raises).
    #[must_use]
    pub const fn setting(self) -> Option<&'static str> {
        match self {
            Self::RecordBytes => Some("max_record_bytes"),
            Self::Depth => Some("max_depth"),
            Self::StringBytes => Some("max_string_bytes"),
            Self::ArrayItems => Some("max_array_items"),
            Self::ObjectMembers => Some("max_object_members"),
            Self::NumberRange => None,
        }
    }

    /// A sentence stating the limit, e.g. "the nesting depth limit is 64".
    #[must_use]
    pub fn describe(self, limits: &Limits) -> String {
        match self {
            Self::RecordBytes => {
                format!("the record size limit is {} bytes", limits.max_record_bytes)
            }
            Self::Depth => format!("the nesting depth limit is {}", limits.max_depth),
            Self::StringBytes => format!(
                "the string length limit is {} bytes",
                limits.max_string_bytes
            ),
            Self::ArrayItems => {
                format!("the array length limit is {} items", limits.max_array_items)
            }
            Self::ObjectMembers => format!(
                "the object size limit is {} members",
                limits.max_object_members
            ),
            Self::NumberRange => "numbers must fit an IEEE 754 double (about ±1.8e308)".into(),
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::RecordBytes => "record size",
            Self::Depth => "nesting depth",
            Self::StringBytes => "string length",
            Self::ArrayItems => "array length",
            Self::ObjectMembers => "object size",
            Self::NumberRange => "number range",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Spelling;

    #[test]
    fn each_surface_spells_a_setting_its_own_way() {
        assert_eq!(
            Spelling::Field.spell("max_record_bytes"),
            "max_record_bytes"
        );
        assert_eq!(
            Spelling::Option.spell("max_record_bytes"),
            "--max-record-bytes"
        );
        assert_eq!(Spelling::Member.spell("max_record_bytes"), "maxRecordBytes");
    }
}
