//! The one error type of the typed SDK.

use std::fmt;

use crate::JsonPointer;

/// What went wrong reading, building or writing a record.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// A value does not meet its type's constraint (an empty text, a malformed digest, ...).
    #[error("{what} {problem}")]
    InvalidValue {
        /// The kind of value, e.g. `sha256`.
        what: &'static str,
        /// The constraint it breaks.
        problem: &'static str,
    },
    /// A document could not be read as a record; `pointer` is where the problem is.
    #[error("{message} (at {})", At(.pointer))]
    Read {
        /// Where the first problem is ("" for the whole document).
        pointer: JsonPointer,
        /// What the problem is.
        message: String,
    },
    /// The builder lacks required parts or was given invalid ones.
    #[error("the record cannot be built: {}", Problems(.0))]
    Build(Vec<Problem>),
    /// Serializing failed (only possible for a broken writer).
    #[error("could not write JSON: {0}")]
    Write(#[source] serde_json::Error),
    /// Reading a file (an artifact to digest) failed.
    #[error("could not read {path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

impl From<std::io::Error> for Error {
    fn from(source: std::io::Error) -> Self {
        Self::Io {
            path: std::path::PathBuf::new(),
            source,
        }
    }
}

/// One reason a record could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The field at fault.
    pub pointer: JsonPointer,
    /// What is wrong with it.
    pub message: String,
}

/// A pointer as a message names it: the root is "the top level".
struct At<'a>(&'a JsonPointer);

impl fmt::Display for At<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_root() {
            f.write_str("the top level")
        } else {
            write!(f, "{}", self.0)
        }
    }
}

struct Problems<'a>(&'a [Problem]);

impl fmt::Display for Problems<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{} {}", problem.pointer, problem.message)?;
        }
        Ok(())
    }
}

impl Error {
    pub(crate) const fn invalid(what: &'static str, problem: &'static str) -> Self {
        Self::InvalidValue { what, problem }
    }
}
