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

/// `n` and the noun for it, singular or plural: "1 error", "2 errors", "0 records". Every
/// message that counts something says it this way.
///
/// ```
/// assert_eq!(hcr_codes::counted(1, "error", "errors"), "1 error");
/// assert_eq!(hcr_codes::counted(0, "error", "errors"), "0 errors");
/// ```
#[must_use]
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Severity {
    /// `n` diagnostics of this severity, counted: "1 error", "2 warnings", "3 info".
    #[must_use]
    pub fn counted(self, n: usize) -> String {
        match self {
            Self::Info => counted(n, "info", "info"),
            Self::Warning => counted(n, "warning", "warnings"),
            Self::Error => counted(n, "error", "errors"),
        }
    }
}
