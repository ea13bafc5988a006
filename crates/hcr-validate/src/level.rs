//! Validation levels.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How much of the contract to check; each level includes the one before.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Level {
    /// Parse-level problems and what a strict Draft 2020-12 validator says about the document
    /// against the canonical schema, with `format` asserted.
    #[cfg_attr(
        feature = "clap",
        value(help = "The canonical JSON Schema, formats asserted, plus parse-level problems.")
    )]
    Schema,
    /// Also everything the publisher's reference validator rejects and the producer rules of
    /// the v1.0 README. A record valid here passes both the schema and the reference validator.
    #[default]
    #[cfg_attr(
        feature = "clap",
        value(help = "Also the reference validator's rules and the producer rules (the default).")
    )]
    Normative,
    /// Also the checks that need the receiver's context: artifacts, earlier revisions, the
    /// receiver's identity and clock (see [`ReceiverContext`](crate::ReceiverContext)).
    #[cfg_attr(
        feature = "clap",
        value(help = "Also checks against the receiver's artifacts and revisions.")
    )]
    Receiver,
}

impl Level {
    /// Every level, in order.
    pub const ALL: [Self; 3] = [Self::Schema, Self::Normative, Self::Receiver];

    /// The lowercase name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Schema => "schema",
            Self::Normative => "normative",
            Self::Receiver => "receiver",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Not one of `schema`, `normative`, `receiver`.
#[derive(Debug, thiserror::Error)]
#[error("unknown level `{0}` (expected schema, normative or receiver)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(text: &str) -> Result<Self, UnknownLevel> {
        Self::ALL
            .into_iter()
            .find(|level| level.as_str().eq_ignore_ascii_case(text))
            .ok_or_else(|| UnknownLevel(text.to_owned()))
    }
}
