//! The artifacts folder: `artifactRef` paths resolved safely beneath it and hashed.
//!
//! Paths are checked as text first (absolute, drive letter, UNC, `..`, backslash, NUL), then
//! opened relative to a directory handle that cannot be escaped (`cap-std`): a symlink that
//! leads outside the folder is refused before anything outside is opened. FIFOs, devices and
//! folders are refused from the opened handle's type, opened without blocking.

use std::collections::HashMap;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use cap_std::ambient_authority;
use cap_std::fs::{Dir, OpenOptions, OpenOptionsExt as _};
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
    dir: Dir,
    root: PathBuf,
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
        let dir = Dir::open_ambient_dir(root, ambient_authority())?;
        Ok(Self {
            dir,
            root: root.to_path_buf(),
            max_bytes,
            cache: Mutex::new(HashMap::new()),
        })
    }

    /// The folder.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root
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
        let mut options = OpenOptions::new();
        options.read(true);
        #[cfg(unix)]
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
        let file = match self.dir.open_with(relative, &options) {
            Ok(file) => file,
            Err(e) => return open_error(&e),
        };
        let before = match file.metadata() {
            Ok(metadata) => metadata,
            Err(e) => return Artifact::Unreadable(e.to_string()),
        };
        if !before.is_file() {
            return Artifact::Unsafe(describe(&before.file_type()));
        }
        if before.len() > self.max_bytes {
            return Artifact::TooLarge(before.len());
        }
        let mut hasher = sha2::Sha256::new();
        let mut buffer = vec![0u8; 256 * 1024];
        let mut read = 0u64;
        // No more than the size it had when opened, and one byte to tell that it grew: a file
        // that keeps growing is not read forever.
        let mut reader = (&file).take(before.len() + 1);
        loop {
            match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    hasher.update(&buffer[..n]);
                    read += n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Artifact::Unreadable(e.to_string()),
            }
        }
        let changed = read != before.len()
            || file.metadata().map_or(true, |after| {
                after.len() != before.len() || after.modified().ok() != before.modified().ok()
            });
        if changed {
            return Artifact::Unreadable("it changed while it was being hashed".into());
        }
        Artifact::Digest(Sha256::from_array(hasher.finalize().into()))
    }
}

fn open_error(error: &io::Error) -> Artifact {
    let text = error.to_string();
    if error.kind() == io::ErrorKind::NotFound {
        Artifact::Missing
    } else if text.contains("outside of the filesystem") {
        Artifact::Unsafe("a symlink on the path leads outside the artifacts folder")
    } else if error.raw_os_error() == Some(libc::ELOOP) {
        Artifact::Unsafe("it is a symlink loop")
    } else if error.raw_os_error() == Some(libc::ENOTDIR) {
        Artifact::Missing
    } else if error.raw_os_error() == Some(libc::ENAMETOOLONG)
        || error.kind() == io::ErrorKind::InvalidFilename
    {
        // No file can have this name here, so none was handed over: it names nothing.
        Artifact::Unsafe("it names a path too long for the file system")
    } else {
        Artifact::Unreadable(text)
    }
}

fn describe(file_type: &cap_std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use cap_std::fs::FileTypeExt as _;
        if file_type.is_fifo() {
            return "it is a FIFO, not a regular file";
        }
        if file_type.is_socket() {
            return "it is a socket, not a regular file";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "it is a device, not a regular file";
        }
    }
    if file_type.is_dir() {
        "it is a folder, not a regular file"
    } else {
        "it is not a regular file"
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
