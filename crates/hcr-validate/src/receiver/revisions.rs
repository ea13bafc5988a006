//! The revisions folder: earlier records, indexed by (`recordId`, `provenance.sourceRevision`).
//!
//! The folder is read once, beneath a directory handle that cannot be escaped: symlinks are
//! not followed, and only regular `*.json` files are opened. Files that are not records, or
//! that identify no revision, are listed as problems and otherwise ignored.

use std::collections::HashSet;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions, OpenOptionsExt as _};
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
    /// Reads every `*.json` file under `root` (recursively, symlinks not followed).
    ///
    /// # Errors
    /// The folder itself cannot be opened.
    pub fn open(root: &Path) -> io::Result<Self> {
        let dir = Dir::open_ambient_dir(root, ambient_authority())?;
        let mut index = Self {
            root: root.to_path_buf(),
            ..Self::default()
        };
        let validator = Validator::new(Level::Schema);
        index.walk(&dir, PathBuf::new(), &validator, 0)?;
        index.problems.sort_by(|a, b| a.path.cmp(&b.path));
        Ok(index)
    }

    fn walk(
        &mut self,
        dir: &Dir,
        at: PathBuf,
        validator: &Validator,
        depth: usize,
    ) -> io::Result<()> {
        const MAX_DEPTH: usize = 32;
        let mut entries: Vec<_> = dir.entries()?.filter_map(Result::ok).collect();
        entries.sort_by_key(cap_std::fs::DirEntry::file_name);
        for entry in entries {
            let name = entry.file_name();
            let path = at.join(&name);
            let Ok(file_type) = entry.file_type() else {
                continue;
            };
            if file_type.is_dir() {
                if depth < MAX_DEPTH
                    && let Ok(sub) = entry.open_dir()
                {
                    self.walk(&sub, path, validator, depth + 1)?;
                }
            } else if file_type.is_file()
                && Path::new(&name).extension().is_some_and(|e| e == "json")
            {
                self.add(dir, &name, path, validator);
            }
        }
        Ok(())
    }

    fn add(&mut self, dir: &Dir, name: &std::ffi::OsStr, path: PathBuf, validator: &Validator) {
        let mut problem = |reason: String| {
            self.problems.push(IndexProblem {
                path: path.clone(),
                reason,
            });
        };
        let max = validator.limits().max_record_bytes;
        let bytes = match read_regular(dir, name, max) {
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

fn read_regular(dir: &Dir, name: &std::ffi::OsStr, max: usize) -> Result<Vec<u8>, String> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    options.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW | libc::O_NOCTTY);
    let file = dir.open_with(name, &options).map_err(|e| e.to_string())?;
    let metadata = file.metadata().map_err(|e| e.to_string())?;
    if !metadata.is_file() {
        return Err("it is not a regular file".into());
    }
    if metadata.len() > max as u64 {
        return Err(format!(
            "it is {} bytes long, over the record limit",
            metadata.len()
        ));
    }
    let mut bytes = Vec::new();
    (&file)
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| e.to_string())?;
    Ok(bytes)
}
