//! How serious a diagnostic is.

use std::fmt;

use serde::Serialize;

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; never affects validity.
    Info,
    /// Probably a mistake; affects validity only when warnings are denied.
    Warning,
    /// The record does not conform.
    Error,
}

impl Severity {
    /// Every severity, from the most serious.
    pub const ALL: [Self; 3] = [Self::Error, Self::Warning, Self::Info];

    /// The lowercase name used in every output format.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warning => "warning",
            Self::Error => "error",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
