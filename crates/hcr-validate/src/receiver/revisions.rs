//! The revisions folder: earlier records, indexed by (`recordId`, `provenance.sourceRevision`).
//!
//! The folder is read once, walked through its handle ([`hcr_fs::walk`]): links are not
//! followed, and only regular `*.json` files are opened, each beneath the folder's handle.
//! Files that are not records, or that identify no revision, are listed as problems and
//! otherwise ignored. The index is built in `crate::indexing`, above the validator it reads
//! each file with.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// A file of the revisions folder that is not an available revision, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexProblem {
    /// The file, relative to the folder.
    pub path: PathBuf,
    /// Why it was not indexed.
    pub reason: String,
}

/// The revisions available to the receiver.
#[derive(Debug, Default)]
pub struct RevisionIndex {
    pub(crate) root: PathBuf,
    pub(crate) revisions: HashSet<(String, u64)>,
    pub(crate) problems: Vec<IndexProblem>,
}

impl RevisionIndex {
    /// Whether revision `revision` of the record `record_id` is in the folder.
    #[must_use]
    pub fn contains(&self, record_id: &str, revision: u64) -> bool {
        self.revisions.contains(&(record_id.to_owned(), revision))
    }

    /// How many revisions were indexed.
    #[must_use]
    pub fn len(&self) -> usize {
        self.revisions.len()
    }

    /// Whether no revision was indexed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.revisions.is_empty()
    }

    /// The files that were not indexed, and why.
    #[must_use]
    pub fn problems(&self) -> &[IndexProblem] {
        &self.problems
    }

    /// The folder.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
    }
}
