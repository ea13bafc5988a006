//! The revisions folder: earlier records, indexed by (`recordId`, `provenance.sourceRevision`).
//!
//! The folder is read once, walked through its handle ([`hcr_fs::walk`]): links are not
//! followed, and only regular `*.json` files are opened, each beneath the folder's handle.
//! Files that are not records, or that identify no revision, are listed as problems and
//! otherwise ignored.

use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

use hcr_fs::{Folder, Found, Links, WalkOptions};
use serde_json::Value;

use crate::{Level, Validator};

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
    root: PathBuf,
    revisions: HashSet<(String, u64)>,
    problems: Vec<IndexProblem>,
}

impl RevisionIndex {
    /// Reads every `*.json` file under `root` (recursively, links not followed).
    ///
    /// # Errors
    /// The folder itself cannot be opened.
    pub fn open(root: &Path) -> io::Result<Self> {
        Ok(Self::of(&Folder::open(root)?))
    }

    /// Reads every `*.json` file beneath the folder already opened (beneath an MCP server's
    /// root, say).
    #[must_use]
    pub fn of(folder: &Folder) -> Self {
        let mut index = Self {
            root: folder.path().to_path_buf(),
            ..Self::default()
        };
        let validator = Validator::new(Level::Schema);
        let options = WalkOptions {
            hidden: true,
            ignore_files: false,
            links: Links::Refuse,
        };
        hcr_fs::walk(folder, &options, &mut |found| {
            match found {
                Found::File(path) if path.extension().is_some_and(|e| e == "json") => {
                    let read = folder
                        .read(&path, validator.limits().max_record_bytes)
                        .map_err(|failure| match failure {
                            hcr_fs::ReadFailure::TooLarge(_) => {
                                "it is larger than the record limit".to_owned()
                            }
                            other => other.to_string(),
                        });
                    index.add(read, path, &validator);
                }
                Found::File(_) => {}
                Found::Problem(path, reason) => index.problems.push(IndexProblem { path, reason }),
            }
            true
        });
        index.problems.sort_by(|a, b| a.path.cmp(&b.path));
        index
    }

    fn add(&mut self, read: Result<Vec<u8>, String>, path: PathBuf, validator: &Validator) {
        let mut problem = |reason: String| {
            self.problems.push(IndexProblem {
                path: path.clone(),
                reason,
            });
        };
        let bytes = match read {
            Ok(bytes) => bytes,
            Err(reason) => return problem(reason),
        };
        let report = validator.validate_bytes(&bytes);
        if let Some(first) = report
            .diagnostics
            .iter()
            .find(|d| d.severity == crate::Severity::Error)
        {
            return problem(format!(
                "it is not a valid record ({} at {})",
                first.code, first.pointer
            ));
        }
        let Ok(value) = serde_json::from_slice::<Value>(&bytes) else {
            return problem("it is not JSON".into());
        };
        let id = value.get("recordId").and_then(Value::as_str);
        let revision = value
            .pointer("/provenance/sourceRevision")
            .and_then(Value::as_number)
            .and_then(hcr_types::revision_value);
        match (id, revision) {
            (Some(id), Some(revision)) => {
                self.revisions.insert((id.to_owned(), revision));
            }
            _ => problem("it has no `recordId` and `provenance.sourceRevision`, so it identifies no revision".into()),
        }
    }

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
