//! Building a [`RevisionIndex`]: every `*.json` file of a revisions folder checked at the
//! schema level and read once, by the validator (the index itself, in the receiver's layer
//! below, only holds what was found).

use std::io;
use std::path::{Path, PathBuf};

use hcr_fs::{Folder, Found, Links, WalkOptions};
use hcr_json::Json;

use crate::receiver::{IndexProblem, RevisionIndex};
use crate::{Level, Validator};

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
        let (document, report) = validator.read(&bytes);
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
        // The document the validator read: nothing is parsed twice.
        let Some(document) = document else {
            return problem("it is not JSON".into());
        };
        let root = document.tree.root();
        let id = root.get("recordId").and_then(Json::as_str);
        let revision = root
            .at_tokens(["provenance", "sourceRevision"])
            .and_then(Json::as_number)
            .and_then(hcr_types::revision_value);
        match (id, revision) {
            (Some(id), Some(revision)) => {
                self.revisions.insert((id.to_owned(), revision));
            }
            _ => problem("it has no `recordId` and `provenance.sourceRevision`, so it identifies no revision".into()),
        }
    }
}
