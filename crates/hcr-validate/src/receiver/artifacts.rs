//! The artifacts folder: `artifactRef` paths resolved safely beneath it and hashed.
//!
//! Paths are checked as text first (absolute, drive letter, UNC, `..`, backslash, NUL), then
//! opened in one step relative to the folder's handle without following a symbolic link
//! anywhere on the way ([`hcr_fs::Folder`]): a link, wherever it leads, is refused before
//! anything it names is opened. FIFOs, devices and folders are refused from the opened
//! handle's type, opened without blocking, and the file is hashed from that handle
//! ([`hcr_fs::Opened::read_each`]: no larger than the limit, as it was when opened).

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::Mutex;

use hcr_fs::{Folder, Links, ReadFailure};
use hcr_types::Sha256;
use sha2::Digest as _;

/// What reading one artifact found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Artifact {
    /// The artifact's SHA-256.
    Digest(Sha256),
    /// No file at that path under the folder.
    Missing,
    /// The path is not a safe relative path to a regular file under the folder; says why.
    Unsafe(&'static str),
    /// Larger than the limit: its length.
    TooLarge(u64),
    /// It could not be read reliably; says why.
    Unreadable(String),
}

/// A folder of artifacts, hashed on demand (each path once per run).
#[derive(Debug)]
pub struct ArtifactStore {
    folder: Folder,
    max_bytes: u64,
    cache: Mutex<HashMap<String, Artifact>>,
}

/// The default limit on bytes read per artifact (4 GiB).
pub const DEFAULT_MAX_ARTIFACT_BYTES: u64 = 4 * 1024 * 1024 * 1024;

impl ArtifactStore {
    /// Opens the artifacts folder `root`; artifacts larger than `max_bytes` are not read.
    ///
    /// # Errors
    /// The folder cannot be opened.
    pub fn open(root: &Path, max_bytes: u64) -> io::Result<Self> {
        Ok(Self::new(Folder::open(root)?, max_bytes))
    }

    /// The artifacts folder already opened (beneath an MCP server's root, say).
    #[must_use]
    pub fn new(folder: Folder, max_bytes: u64) -> Self {
        Self {
            folder,
            max_bytes,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The folder, as it was named.
    #[must_use]
    pub fn root(&self) -> &Path {
        self.folder.path()
    }

    /// The byte limit per artifact.
    #[must_use]
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Resolves and hashes `artifact_ref`.
    #[must_use]
    pub fn artifact(&self, artifact_ref: &str) -> Artifact {
        if let Ok(cache) = self.cache.lock()
            && let Some(found) = cache.get(artifact_ref)
        {
            return found.clone();
        }
        let found = match hcr_types::unsafe_reason(artifact_ref) {
            Some(reason) => Artifact::Unsafe(reason),
            None => self.hash(artifact_ref),
        };
        if let Ok(mut cache) = self.cache.lock() {
            cache.insert(artifact_ref.to_owned(), found.clone());
        }
        found
    }

    fn hash(&self, relative: &str) -> Artifact {
        let opened = match self.folder.open_file(Path::new(relative), Links::Refuse) {
            Ok(opened) => opened,
            Err(failure) => return open_failure(failure),
        };
        let mut hasher = sha2::Sha256::new();
        // Refused from its size, and read no further than the size it had when opened.
        match opened.read_each(self.max_bytes, |piece| hasher.update(piece)) {
            Ok(()) => {}
            Err(ReadFailure::TooLarge(length)) => {
                return Artifact::TooLarge(length.unwrap_or(self.max_bytes));
            }
            Err(ReadFailure::Changed) => {
                return Artifact::Unreadable("it changed while it was being hashed".into());
            }
            Err(ReadFailure::Io(e)) => return Artifact::Unreadable(e.to_string()),
            Err(other) => return Artifact::Unreadable(other.to_string()),
        }
        Artifact::Digest(Sha256::from_array(hasher.finalize().into()))
    }
}

fn open_failure(failure: ReadFailure) -> Artifact {
    match failure {
        ReadFailure::Link => Artifact::Unsafe(
            "a symbolic link is on its path, and hcr does not follow links in the artifacts folder",
        ),
        ReadFailure::Outside => Artifact::Unsafe("it leads outside the artifacts folder"),
        ReadFailure::NotRegular(kind) => Artifact::Unsafe(match kind {
            "a FIFO" => "it is a FIFO, not a regular file",
            "a socket" => "it is a socket, not a regular file",
            "a device" => "it is a device, not a regular file",
            "a directory" => "it is a folder, not a regular file",
            _ => "it is not a regular file",
        }),
        ReadFailure::Io(error) if error.kind() == io::ErrorKind::NotFound => Artifact::Missing,
        ReadFailure::Io(error)
            if error.raw_os_error() == Some(libc::ENAMETOOLONG)
                || error.kind() == io::ErrorKind::InvalidFilename =>
        {
            // No file can have this name here, so none was handed over: it names nothing.
            Artifact::Unsafe("it names a path too long for the file system")
        }
        other => Artifact::Unreadable(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use hcr_types::unsafe_reason;

    #[test]
    fn refuses_paths_that_could_leave_the_folder() {
        for (path, reason) in [
            ("", "it is empty"),
            ("/etc/passwd", "it is an absolute path"),
            ("C:/x", "it starts with a drive letter"),
            ("c:x", "it starts with a drive letter"),
            ("\\\\server\\share", "it is a UNC or network path"),
            ("//server/share", "it is a UNC or network path"),
            ("a\\b", "it contains a backslash"),
            ("a/../../b", "it has a `..` segment"),
            ("..", "it has a `..` segment"),
            ("a\0b", "it contains a NUL character"),
        ] {
            assert_eq!(unsafe_reason(path), Some(reason), "{path:?}");
        }
        for path in [
            "a",
            "logs/build.txt",
            "./a",
            "..a",
            "a..",
            "a/.../b",
            "%2e%2e/x",
            "a\u{2215}..\u{2215}b",
        ] {
            assert_eq!(unsafe_reason(path), None, "{path:?}");
        }
    }
}
