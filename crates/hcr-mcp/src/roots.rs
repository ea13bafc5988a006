//! The folders the server may touch: every path an agent gives is resolved beneath one of
//! them through the root's directory handle ([`hcr_fs::Folder`]), so neither `..` nor a
//! symbolic link leads outside, and nothing is opened twice by name.
//!
//! A relative path is resolved against the first root; an absolute one must lie under a root.
//! Every file or folder is opened in one step beneath the root's handle without following a
//! link anywhere on its path, judged from the open handle (a regular file, its size) and
//! read from that handle; a folder is walked through its own handle. Writing creates new
//! files only (never overwriting), or replaces a file through a new file beside it, renamed
//! in the same folder handle.

use std::fmt;
use std::io;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use hcr_fs::{Folder, Kind, Links, Opened, ReadFailure};

/// One root: the folder as canonical path and as handle.
#[derive(Debug)]
struct Root {
    path: PathBuf,
    folder: Arc<Folder>,
}

/// The roots of a server.
#[derive(Debug)]
pub struct Roots {
    roots: Vec<Root>,
}

/// A path resolved beneath a root.
#[derive(Debug)]
pub struct Resolved<'a> {
    root: &'a Root,
    /// The path relative to the root, without `.` components (empty: the root itself).
    relative: PathBuf,
    /// The path as the agent gave it, for messages.
    given: String,
}

/// Why a path was refused or could not be used. Every message names the path as given.
#[derive(Debug)]
pub enum PathError {
    /// Outside every root, or leading outside through `..`.
    Outside(String),
    /// A symbolic link is on its path: the server follows none.
    Link(String),
    /// Not what the tool needs ("a directory", "a FIFO", …) or not usable; says why.
    Unusable(String, String),
    /// Larger than the limit.
    TooLarge(String, usize),
}

impl fmt::Display for PathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Outside(path) => write!(
                f,
                "`{}` is outside the folders this server may use (its --root folders)",
                hcr_escape::escape(path)
            ),
            Self::Link(path) => write!(
                f,
                "`{}`: a symbolic link is on its path, and this server does not follow links",
                hcr_escape::escape(path)
            ),
            Self::Unusable(path, why) => write!(f, "`{}`: {why}", hcr_escape::escape(path)),
            Self::TooLarge(path, limit) => write!(
                f,
                "`{}` is larger than {limit} bytes (the server's --max-input-bytes)",
                hcr_escape::escape(path)
            ),
        }
    }
}

impl std::error::Error for PathError {}

impl Roots {
    /// Opens every folder of `paths` (the current folder when empty).
    ///
    /// # Errors
    /// A folder that cannot be opened, named.
    pub fn open(paths: &[PathBuf]) -> io::Result<Self> {
        let default = [PathBuf::from(".")];
        let paths = if paths.is_empty() {
            &default[..]
        } else {
            paths
        };
        let roots = paths
            .iter()
            .map(|path| {
                let named = |e: io::Error| {
                    io::Error::new(
                        e.kind(),
                        format!(
                            "the root `{}` cannot be opened: {e}",
                            hcr_escape::path(path)
                        ),
                    )
                };
                let canonical = std::fs::canonicalize(path).map_err(named)?;
                let folder = Folder::open(&canonical).map_err(named)?;
                Ok(Root {
                    path: canonical,
                    folder: Arc::new(folder),
                })
            })
            .collect::<io::Result<_>>()?;
        Ok(Self { roots })
    }

    /// The roots' canonical paths, the first one first.
    pub fn paths(&self) -> impl Iterator<Item = &Path> {
        self.roots.iter().map(|root| root.path.as_path())
    }

    /// The first root, against which relative paths are resolved.
    #[must_use]
    pub fn first(&self) -> &Path {
        &self.roots[0].path
    }

    /// The first root's handle.
    #[must_use]
    pub fn first_folder(&self) -> &Folder {
        &self.roots[0].folder
    }

    /// Resolves `given` beneath a root, lexically: `..` may not climb above the root.
    /// Links are judged when the path is used, through the root's handle (none is followed).
    ///
    /// # Errors
    /// [`PathError::Outside`] or, for an empty path or one holding NUL, [`PathError::Unusable`].
    pub fn resolve(&self, given: &str) -> Result<Resolved<'_>, PathError> {
        if given.is_empty() || given.contains('\0') {
            return Err(PathError::Unusable(
                given.to_owned(),
                "not a usable path".to_owned(),
            ));
        }
        let path = Path::new(given);
        let (root, rest) = if path.is_absolute() {
            self.roots
                .iter()
                .find_map(|root| path.strip_prefix(&root.path).ok().map(|rest| (root, rest)))
                .ok_or_else(|| PathError::Outside(given.to_owned()))?
        } else {
            (&self.roots[0], path)
        };
        let mut relative = PathBuf::new();
        for component in rest.components() {
            match component {
                Component::Normal(part) => relative.push(part),
                Component::CurDir => {}
                Component::ParentDir => {
                    if !relative.pop() {
                        return Err(PathError::Outside(given.to_owned()));
                    }
                }
                Component::RootDir | Component::Prefix(_) => {
                    return Err(PathError::Outside(given.to_owned()));
                }
            }
        }
        Ok(Resolved {
            root,
            relative,
            given: given.to_owned(),
        })
    }
}

impl Resolved<'_> {
    /// The path as the agent gave it.
    #[must_use]
    pub fn given(&self) -> &str {
        &self.given
    }

    /// The full path (the root's canonical path joined with the relative one), for display.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        self.root.path.join(&self.relative)
    }

    /// The path relative to its root.
    #[must_use]
    pub fn relative(&self) -> &Path {
        &self.relative
    }

    /// The root the path lies under.
    #[must_use]
    pub fn root(&self) -> &Path {
        &self.root.path
    }

    /// The path as an input of a run: read beneath the root's handle, links refused.
    #[must_use]
    pub fn input(&self) -> hcr_batch::Input {
        hcr_batch::Input::Beneath {
            folder: Arc::clone(&self.root.folder),
            relative: self.relative.clone(),
        }
    }

    fn error(&self, failure: ReadFailure) -> PathError {
        match failure {
            ReadFailure::Outside => PathError::Outside(self.given.clone()),
            ReadFailure::Link => PathError::Link(self.given.clone()),
            ReadFailure::TooLarge(_) => PathError::TooLarge(self.given.clone(), 0),
            other => PathError::Unusable(self.given.clone(), other.to_string()),
        }
    }

    fn io_error(&self, error: &io::Error) -> PathError {
        match hcr_fs::refusal(error) {
            Some(hcr_fs::Refused::Link) => return PathError::Link(self.given.clone()),
            Some(hcr_fs::Refused::Outside) => return PathError::Outside(self.given.clone()),
            None => {}
        }
        let why = match error.kind() {
            io::ErrorKind::NotFound => "it does not exist".to_owned(),
            io::ErrorKind::PermissionDenied => "permission denied".to_owned(),
            io::ErrorKind::AlreadyExists => {
                "it exists already (hcr never overwrites a record)".to_owned()
            }
            _ => error.to_string(),
        };
        PathError::Unusable(self.given.clone(), why)
    }

    /// Whether the path is a folder beneath the root (a link is not followed: it is refused).
    ///
    /// # Errors
    /// The path cannot be reached beneath the root.
    pub fn is_dir(&self) -> Result<bool, PathError> {
        match self.root.folder.kind(&self.relative) {
            Ok(Kind::Folder) => Ok(true),
            Ok(Kind::Link) => Err(PathError::Link(self.given.clone())),
            Ok(_) => Ok(false),
            Err(failure) => Err(self.error(failure)),
        }
    }

    /// Opens the path as a folder beneath the root, through the root's handle.
    ///
    /// # Errors
    /// Not a folder, or not reachable beneath the root without a link.
    pub fn folder(&self) -> Result<Folder, PathError> {
        match self.root.folder.folder(&self.relative, Links::Refuse) {
            Ok(folder) => Ok(folder),
            Err(ReadFailure::NotRegular(_)) => Err(PathError::Unusable(
                self.given.clone(),
                "it is not a folder".to_owned(),
            )),
            Err(failure) => Err(self.error(failure)),
        }
    }

    /// Opens the path as a regular file beneath the root, without blocking on a FIFO or a
    /// device.
    ///
    /// # Errors
    /// Not a regular file, or not reachable beneath the root.
    pub fn open_file(&self) -> Result<Opened, PathError> {
        self.root
            .folder
            .open_file(&self.relative, Links::Refuse)
            .map_err(|failure| self.error(failure))
    }

    /// Reads the file, at most `max` bytes.
    ///
    /// # Errors
    /// As [`Self::open_file`], or larger than `max`.
    pub fn read(&self, max: usize) -> Result<Vec<u8>, PathError> {
        self.open_file()?
            .read(max)
            .map_err(|failure| match failure {
                ReadFailure::TooLarge(_) => PathError::TooLarge(self.given.clone(), max),
                other => self.error(other),
            })
    }

    /// Creates the file with `bytes`; an existing file is never overwritten.
    ///
    /// # Errors
    /// The file exists, or cannot be created beneath the root.
    pub fn create_new(&self, bytes: &[u8]) -> Result<(), PathError> {
        self.root
            .folder
            .create_new(&self.relative, bytes)
            .map_err(|e| self.io_error(&e))
    }

    /// Replaces the regular file's content with `bytes` through a new file beside it, renamed
    /// over it in the same folder handle, keeping its permissions.
    ///
    /// # Errors
    /// The file is not a regular file beneath the root, or cannot be replaced.
    pub fn replace(&self, bytes: &[u8]) -> Result<(), PathError> {
        self.root
            .folder
            .replace(&self.relative, bytes)
            .map_err(|e| self.io_error(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_held_beneath_the_roots() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("records")).expect("folders");
        std::fs::write(root.join("records/a.json"), "{}").expect("a file");
        std::fs::write(dir.path().join("secret.txt"), "outside").expect("a file");
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), root.join("link.txt"))
            .expect("a link");
        let roots = Roots::open(std::slice::from_ref(&root)).expect("the root opens");
        let canonical = std::fs::canonicalize(&root).expect("canonical");

        let read = |given: &str| roots.resolve(given).and_then(|r| r.read(1 << 20));
        assert_eq!(read("records/a.json").expect("inside"), b"{}");
        assert_eq!(read("./records/../records/a.json").expect("inside"), b"{}");
        let absolute = canonical.join("records/a.json");
        assert_eq!(
            read(absolute.to_str().expect("utf-8")).expect("inside"),
            b"{}"
        );
        for outside in [
            "../secret.txt",
            "records/../../secret.txt",
            "/etc/passwd",
            dir.path().join("secret.txt").to_str().expect("utf-8"),
        ] {
            assert!(
                matches!(read(outside), Err(PathError::Outside(_))),
                "{outside} must be refused"
            );
        }
        #[cfg(unix)]
        assert!(
            matches!(read("link.txt"), Err(PathError::Link(_))),
            "a link that leads outside is refused"
        );
        assert!(matches!(read("records"), Err(PathError::Unusable(..))));
        assert!(matches!(read("missing.json"), Err(PathError::Unusable(..))));
        assert!(matches!(
            roots.resolve("records/a.json").and_then(|r| r.read(1)),
            Err(PathError::TooLarge(..))
        ));
        assert!(matches!(roots.resolve(""), Err(PathError::Unusable(..))));
    }

    #[test]
    fn writing_never_overwrites_and_replacing_keeps_the_file() {
        let dir = tempfile::tempdir().expect("a temporary folder");
        let roots = Roots::open(&[dir.path().to_path_buf()]).expect("the root opens");
        let new = roots.resolve("new.json").expect("inside");
        new.create_new(b"one").expect("created");
        assert!(matches!(
            new.create_new(b"two"),
            Err(PathError::Unusable(..))
        ));
        new.replace(b"three").expect("replaced");
        assert_eq!(
            std::fs::read(dir.path().join("new.json")).expect("read"),
            b"three"
        );
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .expect("listed")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["new.json"], "no temporary file is left");
        assert!(matches!(
            roots.resolve("../escape.json").map(|r| r.create_new(b"x")),
            Err(PathError::Outside(_))
        ));
    }
}
