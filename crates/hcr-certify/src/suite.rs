//! The conformance suite as data: the manifest and its cases.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

/// What a conformance case tests.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "lowercase")]
pub enum CaseLevel {
    /// Reading the bytes as JSON.
    Parse,
    /// The core schema.
    Schema,
    /// The `date-time` and `uri-reference` formats.
    Format,
    /// The reference validator's rules and the producer rules.
    Normative,
    /// Checks against the receiver's context.
    Receiver,
}

impl CaseLevel {
    /// Every level, in report order.
    pub const ALL: [Self; 5] = [
        Self::Parse,
        Self::Schema,
        Self::Format,
        Self::Normative,
        Self::Receiver,
    ];

    /// The lowercase name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Parse => "parse",
            Self::Schema => "schema",
            Self::Format => "format",
            Self::Normative => "normative",
            Self::Receiver => "receiver",
        }
    }
}

/// A verdict: the record conforms or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Accepted.
    Valid,
    /// Rejected.
    Invalid,
}

/// The expected verdict at each of hcr's levels.
#[derive(Clone, Copy, Debug, Deserialize)]
pub struct Expected {
    /// At the schema level.
    pub schema: Verdict,
    /// At the normative level.
    pub normative: Verdict,
    /// At the receiver level.
    pub receiver: Verdict,
}

/// One case.
#[derive(Clone, Debug, Deserialize)]
pub struct Case {
    /// Unique id.
    pub id: String,
    /// The case file, relative to the suite root.
    pub file: PathBuf,
    /// What it probes.
    pub description: String,
    /// What it tests.
    pub level: CaseLevel,
    /// Verdicts at hcr's levels.
    pub expected: Expected,
    /// Codes hcr reports.
    pub codes: Vec<String>,
    /// The receiver context it needs.
    #[serde(default)]
    pub context: Option<String>,
    /// Tags (`implementation-limit`, `hcr-recommendation`, `symlink`).
    #[serde(default)]
    pub tags: Vec<String>,
}

impl Case {
    /// The verdict the case is scored against: its level's (`parse` and `format` cases are
    /// scored at the schema level).
    #[must_use]
    pub fn scored_verdict(&self) -> Verdict {
        match self.level {
            CaseLevel::Parse | CaseLevel::Schema | CaseLevel::Format => self.expected.schema,
            CaseLevel::Normative => self.expected.normative,
            CaseLevel::Receiver => self.expected.receiver,
        }
    }

    /// The hcr level its verdict is scored at: `schema` for parse, schema and format cases.
    #[must_use]
    pub fn scored_level(&self) -> &'static str {
        match self.level {
            CaseLevel::Parse | CaseLevel::Schema | CaseLevel::Format => "schema",
            CaseLevel::Normative => "normative",
            CaseLevel::Receiver => "receiver",
        }
    }

    /// Whether the case shows only hcr's own recommendations: the contract accepts it, and
    /// it is reported apart, never scored.
    #[must_use]
    pub fn is_recommendation(&self) -> bool {
        self.tags.iter().any(|t| t == "hcr-recommendation")
    }

    /// Whether the case's verdict rests on hcr's resource limits rather than the contract.
    #[must_use]
    pub fn is_implementation_limit(&self) -> bool {
        self.tags.iter().any(|t| t == "implementation-limit")
    }
}

/// A receiver context.
#[derive(Clone, Debug, Deserialize)]
pub struct Context {
    /// The artifacts folder, relative to the suite root.
    pub artifacts: PathBuf,
    /// The revisions folder, relative to the suite root.
    pub revisions: PathBuf,
    /// The clock.
    pub now: String,
    /// The receiver's actor id.
    #[serde(rename = "as")]
    pub receiver: String,
}

#[derive(Deserialize)]
struct Manifest {
    version: String,
    contexts: BTreeMap<String, Context>,
    cases: Vec<Case>,
}

/// The suite could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SuiteError {
    /// The manifest is missing or unreadable.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The manifest's path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The manifest is not the suite's format.
    #[error("{path} is not a conformance-suite manifest: {source}")]
    Format {
        /// The manifest's path.
        path: PathBuf,
        /// Why.
        source: serde_json::Error,
    },
}

/// A loaded conformance suite.
#[derive(Clone, Debug)]
pub struct Suite {
    root: PathBuf,
    /// The suite's version.
    pub version: String,
    /// Its cases, in manifest order.
    pub cases: Vec<Case>,
    contexts: BTreeMap<String, Context>,
}

/// The most bytes a suite file (the manifest, a case) may hold.
pub(crate) const MAX_SUITE_FILE_BYTES: usize = 64 << 20;

impl Suite {
    /// Loads the suite whose `manifest.json` is in `root`.
    ///
    /// # Errors
    /// [`SuiteError`] when the manifest cannot be read or is malformed.
    pub fn load(root: &Path) -> Result<Self, SuiteError> {
        let path = root.join("manifest.json");
        // The input policy: a regular file, opened without blocking, within a bound.
        let text = hcr_fs::read_record_file(&path, MAX_SUITE_FILE_BYTES).map_err(|failure| {
            SuiteError::Read {
                path: path.clone(),
                source: std::io::Error::other(failure.to_string()),
            }
        })?;
        let manifest: Manifest =
            serde_json::from_slice(&text).map_err(|source| SuiteError::Format { path, source })?;
        Ok(Self {
            root: std::path::absolute(root).unwrap_or_else(|_| root.to_path_buf()),
            version: manifest.version,
            cases: manifest.cases,
            contexts: manifest.contexts,
        })
    }

    /// The absolute path of a case's file.
    #[must_use]
    pub fn path(&self, case: &Case) -> PathBuf {
        self.root.join(&case.file)
    }

    /// A case's receiver context, with absolute folders.
    #[must_use]
    pub fn context(&self, case: &Case) -> Option<Context> {
        self.named_context(case.context.as_deref()?)
    }

    /// A case's receiver context, or the `default` one for a case without: what command
    /// templates are filled with, so that one template serves every case.
    #[must_use]
    pub fn context_or_default(&self, case: &Case) -> Option<Context> {
        self.named_context(case.context.as_deref().unwrap_or("default"))
    }

    fn named_context(&self, name: &str) -> Option<Context> {
        let mut context = self.contexts.get(name)?.clone();
        context.artifacts = self.root.join(&context.artifacts);
        context.revisions = self.root.join(&context.revisions);
        Some(context)
    }
}
