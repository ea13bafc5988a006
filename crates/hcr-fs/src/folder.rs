//! Folders opened once, and everything beneath them opened through their handle.
//!
//! A [`Folder`] is a directory handle. A path beneath it is checked as text (relative, no
//! `..`), then opened in one step relative to the handle without following a symbolic link
//! anywhere on the way: `openat2` with `RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS` where the
//! kernel has it, otherwise one `openat` per component with `O_NOFOLLOW`. What was opened is
//! judged from the open handle (`fstat`: a regular file, its size) and read from that
//! handle; nothing is opened again by name, so swapping a checked file or folder for a link
//! between two steps gains nothing. Writes go to a new file beside the target, created
//! exclusively in the same folder handle, then renamed over it there.

use std::ffi::{OsStr, OsString};
use std::fs::File;
use std::io::{self, Write as _};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::read::{Opened, ReadFailure, describe, unopenable};

/// A folder opened once: everything beneath it is opened through this handle.
#[derive(Debug)]
pub struct Folder {
    handle: File,
    path: PathBuf,
}

/// What an entry of a folder is, as listed (a link is not followed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A regular file.
    File,
    /// A folder.
    Folder,
    /// A symbolic link.
    Link,
    /// A FIFO, socket or device.
    Other,
}

/// One entry of a folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Its name.
    pub name: OsString,
    /// What it is (links not followed).
    pub kind: Kind,
}

/// How a path beneath a folder may be resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Links {
    /// No symbolic link anywhere on the path (the default of every policy).
    Refuse,
    /// Links followed wherever they lead: only where the user asked for it
    /// (`--follow-links`).
    Follow,
}

impl Folder {
    /// Opens the folder `path`, as the user named it: the path itself may pass through links
    /// (the user chose it); what lies beneath it is opened through the handle.
    ///
    /// # Errors
    /// The folder cannot be opened, or `path` is not a folder.
    pub fn open(path: &Path) -> io::Result<Self> {
        let handle = sys::open_dir_ambient(path)?;
        Ok(Self {
            handle,
            path: path.to_path_buf(),
        })
    }

    /// The folder's path, as it was named (for messages and display only: never opened again).
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The folder's identity (device and inode), where the system has one.
    #[must_use]
    pub fn identity(&self) -> Option<(u64, u64)> {
        #[cfg(unix)]
        {
            use std::os::unix::fs::MetadataExt as _;
            self.handle.metadata().ok().map(|m| (m.dev(), m.ino()))
        }
        #[cfg(not(unix))]
        {
            None
        }
    }

    /// A second handle on the same folder.
    ///
    /// # Errors
    /// The handle cannot be duplicated.
    pub fn try_clone(&self) -> io::Result<Self> {
        Ok(Self {
            handle: self.handle.try_clone()?,
            path: self.path.clone(),
        })
    }

    /// Opens the folder `relative` beneath this one (the empty path is this folder again).
    ///
    /// # Errors
    /// [`ReadFailure`]: a path that leaves the folder, a link on the way, not a folder.
    pub fn folder(&self, relative: &Path, links: Links) -> Result<Self, ReadFailure> {
        let parts = parts(relative)?;
        let handle = sys::open(&self.handle, &parts, sys::Open::Folder, links).map_err(failure)?;
        let metadata = handle.metadata().map_err(ReadFailure::Io)?;
        if !metadata.is_dir() {
            return Err(ReadFailure::NotRegular(describe(&metadata.file_type())));
        }
        Ok(Self {
            handle,
            path: self.path.join(relative),
        })
    }

    /// What `relative` is, without following a link on its path or at its end.
    ///
    /// # Errors
    /// [`ReadFailure`]: it does not exist, leaves the folder, or a link is on its way.
    pub fn kind(&self, relative: &Path) -> Result<Kind, ReadFailure> {
        let parts = parts(relative)?;
        let Some((last, parents)) = parts.split_last() else {
            return Ok(Kind::Folder);
        };
        let parent =
            sys::open(&self.handle, parents, sys::Open::Folder, Links::Refuse).map_err(failure)?;
        sys::kind_of(&parent, last).map_err(failure)
    }

    /// Opens the regular file `relative` beneath this folder: without blocking (a FIFO or a
    /// device is refused from the open handle's type, never read), without following a link.
    ///
    /// # Errors
    /// [`ReadFailure`]: missing, not permitted, not a regular file, a link on the way.
    pub fn open_file(&self, relative: &Path, links: Links) -> Result<Opened, ReadFailure> {
        let parts = parts(relative)?;
        if parts.is_empty() {
            return Err(ReadFailure::NotRegular("a directory"));
        }
        let file = sys::open(&self.handle, &parts, sys::Open::Read, links).map_err(|error| {
            unopenable(&error, || sys::special(&self.handle, &parts, links))
                .unwrap_or_else(|| failure(error))
        })?;
        Opened::judge(file)
    }

    /// Reads the regular file `relative` whole, refusing from its size one larger than `max`
    /// bytes and stopping at `max` while reading (a file that grows).
    ///
    /// # Errors
    /// As [`Self::open_file`], and [`ReadFailure::TooLarge`].
    pub fn read(&self, relative: &Path, max: usize) -> Result<Vec<u8>, ReadFailure> {
        let opened = self.open_file(relative, Links::Refuse)?;
        opened.read(max)
    }

    /// The entries of this folder, sorted by name as bytes; links are listed as links.
    ///
    /// # Errors
    /// The folder cannot be listed.
    pub fn entries(&self) -> io::Result<Vec<Entry>> {
        let mut entries = sys::entries(&self.handle)?;
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(entries)
    }

    /// Creates the file `relative` with `bytes`; an existing file (or link) is never
    /// overwritten.
    ///
    /// # Errors
    /// It exists ([`io::ErrorKind::AlreadyExists`]), its folder is not reachable without a
    /// link, or it cannot be written.
    pub fn create_new(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        self.create_new_with_mode(relative, bytes, 0o666)
    }

    /// [`Self::create_new`] with the permissions `mode` on Unix (before the umask).
    ///
    /// # Errors
    /// As [`Self::create_new`].
    pub fn create_new_with_mode(&self, relative: &Path, bytes: &[u8], mode: u32) -> io::Result<()> {
        let (parent, name) = self.parent_of(relative)?;
        let mut file = sys::create_new(&parent, &name, mode)?;
        file.write_all(bytes)?;
        file.sync_all()
    }

    /// Sets this folder's permissions to `mode` on Unix (nothing elsewhere).
    ///
    /// # Errors
    /// The permissions cannot be changed.
    pub fn set_mode(&self, mode: u32) -> io::Result<()> {
        sys::set_mode(&self.handle, mode)
    }

    /// Writes `bytes` to `relative`, atomically: a new file beside it in the same folder, then
    /// renamed over it (a reader sees the old file or the new one, never half). An existing
    /// regular file keeps its permissions; anything else in its place (a link, a folder) is
    /// refused.
    ///
    /// # Errors
    /// Its folder is not reachable without a link, what is in its place is not a regular
    /// file, or it cannot be written.
    pub fn write_atomic(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        self.replace_inner(relative, bytes, false)
    }

    /// Replaces the existing regular file `relative` with `bytes`, as [`Self::write_atomic`]
    /// does, keeping its permissions.
    ///
    /// # Errors
    /// It does not exist or is not a regular file, or as [`Self::write_atomic`].
    pub fn replace(&self, relative: &Path, bytes: &[u8]) -> io::Result<()> {
        self.replace_inner(relative, bytes, true)
    }

    fn replace_inner(&self, relative: &Path, bytes: &[u8], must_exist: bool) -> io::Result<()> {
        let (parent, name) = self.parent_of(relative)?;
        let mode = match sys::open(&parent, &[name.as_os_str()], sys::Open::Read, Links::Refuse) {
            Ok(existing) => match Opened::judge(existing) {
                Ok(opened) => sys::mode(&opened.metadata),
                Err(ReadFailure::Io(error)) => return Err(error),
                Err(other) => {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidInput,
                        other.to_string(),
                    ));
                }
            },
            Err(e) if e.kind() == io::ErrorKind::NotFound && !must_exist => 0o666,
            Err(e) => return Err(plain(e)),
        };
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let mut attempts = 0;
        let (temporary, mut file) = loop {
            let temporary = OsString::from(format!(
                ".{}.hcr-{}-{}.tmp",
                name.to_string_lossy(),
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            ));
            match sys::create_new(&parent, &temporary, mode) {
                Ok(file) => break (temporary, file),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempts < 100 => {
                    attempts += 1;
                }
                Err(e) => return Err(e),
            }
        };
        let written = file
            .write_all(bytes)
            .and_then(|()| sys::set_mode(&file, mode))
            .and_then(|()| file.sync_all())
            .and_then(|()| sys::rename(&parent, &temporary, &name));
        if written.is_err() {
            let _ = sys::remove(&parent, &temporary);
        }
        written
    }

    /// Creates the folders of `relative` that are missing (mode `mode` on Unix), refusing a
    /// link or a file on the way; returns the innermost folder and whether it was created.
    ///
    /// # Errors
    /// A component is a link or not a folder, or a folder cannot be created.
    pub fn create_folders(&self, relative: &Path, mode: u32) -> Result<(Self, bool), ReadFailure> {
        let parts = parts(relative)?;
        let mut current = self.try_clone().map_err(ReadFailure::Io)?;
        let mut created = false;
        for part in parts {
            created = match sys::make_dir(&current.handle, part, mode) {
                Ok(()) => true,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => false,
                Err(e) => return Err(failure(e)),
            };
            current = current.folder(Path::new(part), Links::Refuse)?;
        }
        Ok((current, created))
    }

    /// The folder holding `relative` (opened without links) and the file's name.
    fn parent_of(&self, relative: &Path) -> io::Result<(File, OsString)> {
        let parts = parts(relative).map_err(into_io)?;
        let Some((last, parents)) = parts.split_last() else {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "it names the folder itself, not a file",
            ));
        };
        let parent =
            sys::open(&self.handle, parents, sys::Open::Folder, Links::Refuse).map_err(plain)?;
        Ok((parent, (*last).to_owned()))
    }
}

/// The folder holding `path` as the user named it, opened, and the file's name.
fn named_parent(path: &Path) -> io::Result<(Folder, PathBuf)> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "it names no file"))?;
    let parent = match path.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    Ok((Folder::open(parent)?, PathBuf::from(name)))
}

/// Writes `bytes` to the file `path` the user named, atomically ([`Folder::write_atomic`]
/// in its folder): a new file beside it renamed over it, never written through a link.
///
/// # Errors
/// The folder cannot be opened, or the file cannot be written.
pub fn write_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (folder, name) = named_parent(path)?;
    folder.write_atomic(&name, bytes)
}

/// Replaces the existing regular file `path` the user named ([`Folder::replace`]), keeping
/// its permissions.
///
/// # Errors
/// It is not a regular file, or cannot be replaced.
pub fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (folder, name) = named_parent(path)?;
    folder.replace(&name, bytes)
}

/// Creates the file `path` the user named with `bytes`; an existing file (or link) is never
/// overwritten ([`Folder::create_new`]).
///
/// # Errors
/// It exists ([`io::ErrorKind::AlreadyExists`]), or cannot be created.
pub fn create_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (folder, name) = named_parent(path)?;
    folder.create_new(&name, bytes)
}

impl Opened {
    /// Opens the file `path` as the user named it (a link on it is followed: the user chose
    /// it), without blocking on a FIFO or a device, and judges it from the open handle.
    ///
    /// # Errors
    /// [`ReadFailure::Io`] (missing, not permitted, ...) or [`ReadFailure::NotRegular`].
    pub fn named(path: &Path) -> Result<Self, ReadFailure> {
        let file = sys::open_named(path).map_err(|error| {
            unopenable(&error, || {
                std::fs::metadata(path)
                    .ok()
                    .map(|metadata| describe(&metadata.file_type()))
            })
            .unwrap_or(ReadFailure::Io(error))
        })?;
        Self::judge(file)
    }
}

/// The components of a relative path, or why it is not one: absolute, a drive or a `..`.
///
/// # Errors
/// [`ReadFailure::Outside`].
pub fn parts(relative: &Path) -> Result<Vec<&OsStr>, ReadFailure> {
    let mut parts = Vec::new();
    for component in relative.components() {
        match component {
            Component::Normal(part) => parts.push(part),
            Component::CurDir => {}
            Component::ParentDir | Component::RootDir | Component::Prefix(_) => {
                return Err(ReadFailure::Outside);
            }
        }
    }
    Ok(parts)
}

/// An open error as a [`ReadFailure`]: a link on the way, a path that leaves the folder, a
/// component that is not a folder.
fn failure(error: io::Error) -> ReadFailure {
    match sys::classify(&error) {
        Some(Refusal::Link) => ReadFailure::Link,
        Some(Refusal::Outside) => ReadFailure::Outside,
        Some(Refusal::NotFolder) => ReadFailure::Io(io::Error::new(
            io::ErrorKind::NotFound,
            "a part of its path is not a folder",
        )),
        None => ReadFailure::Io(error),
    }
}

/// An open error of a writing function, a refusal of the resolution rules carried as
/// [`Refused`] (see [`refusal`]).
fn plain(error: io::Error) -> io::Error {
    match failure(error) {
        ReadFailure::Io(error) => error,
        other => into_io(other),
    }
}

fn into_io(failure: ReadFailure) -> io::Error {
    match failure {
        ReadFailure::Io(error) => error,
        ReadFailure::Link => io::Error::new(io::ErrorKind::InvalidInput, Refused::Link),
        ReadFailure::Outside => io::Error::new(io::ErrorKind::InvalidInput, Refused::Outside),
        other => io::Error::new(io::ErrorKind::InvalidInput, other.to_string()),
    }
}

/// A path the writing functions refused by the resolution rules (inside their
/// [`io::Error`]; [`refusal`] finds it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// A symbolic link is on the path.
    Link,
    /// The path leads outside the folder.
    Outside,
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Link => ReadFailure::Link.fmt(f),
            Self::Outside => ReadFailure::Outside.fmt(f),
        }
    }
}

impl std::error::Error for Refused {}

/// The refusal an error of a writing function carries, if it is one.
#[must_use]
pub fn refusal(error: &io::Error) -> Option<Refused> {
    error
        .get_ref()
        .and_then(|inner| inner.downcast_ref::<Refused>())
        .copied()
}

/// Why an open was refused by the resolution rules.
enum Refusal {
    Link,
    Outside,
    NotFolder,
}

#[cfg(unix)]
mod sys {
    //! Unix: `openat2` on Linux, `openat` with `O_NOFOLLOW` one component at a time
    //! elsewhere (and where `openat2` is unavailable).

    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::os::unix::ffi::OsStrExt as _;
    use std::os::unix::fs::PermissionsExt as _;
    use std::path::Path;

    use rustix::fs::{AtFlags, FileType, Mode, OFlags};

    use super::{Entry, Kind, Links, Refusal};

    /// What an open is for.
    #[derive(Clone, Copy)]
    pub(super) enum Open {
        Folder,
        Read,
    }

    fn flags(open: Open) -> OFlags {
        let common = OFlags::RDONLY | OFlags::CLOEXEC | OFlags::NOCTTY;
        match open {
            Open::Folder => common | OFlags::DIRECTORY,
            Open::Read => common | OFlags::NONBLOCK,
        }
    }

    pub(super) fn open_dir_ambient(path: &Path) -> io::Result<File> {
        let fd = rustix::fs::open(path, flags(Open::Folder), Mode::empty())?;
        Ok(File::from(fd))
    }

    /// Through the standard library (its errors for a path it cannot pass, a NUL in it), with
    /// the flags of [`Open::Read`] (it adds `O_CLOEXEC` itself).
    pub(super) fn open_named(path: &Path) -> io::Result<File> {
        use std::os::unix::fs::OpenOptionsExt as _;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(flags(Open::Read).bits().cast_signed())
            .open(path)
    }

    /// What the file at the end of `parts` is, when it could not be opened (a socket): found
    /// from its folder's handle, without following a link unless `links` says so.
    pub(super) fn special(dir: &File, parts: &[&OsStr], links: Links) -> Option<&'static str> {
        let (last, parents) = parts.split_last()?;
        let parent = open(dir, parents, Open::Folder, links).ok()?;
        let at = match links {
            Links::Refuse => AtFlags::SYMLINK_NOFOLLOW,
            Links::Follow => AtFlags::empty(),
        };
        let stat = rustix::fs::statat(&parent, *last, at).ok()?;
        match FileType::from_raw_mode(stat.st_mode) {
            FileType::Fifo => Some("a FIFO"),
            FileType::Socket => Some("a socket"),
            FileType::CharacterDevice | FileType::BlockDevice => Some("a device"),
            _ => None,
        }
    }

    pub(super) fn open(dir: &File, parts: &[&OsStr], open: Open, links: Links) -> io::Result<File> {
        let flags = flags(open);
        if parts.is_empty() {
            return Ok(File::from(rustix::fs::openat(
                dir,
                ".",
                flags,
                Mode::empty(),
            )?));
        }
        if links == Links::Follow {
            let joined: std::path::PathBuf = parts.iter().collect();
            return Ok(File::from(rustix::fs::openat(
                dir,
                &joined,
                flags,
                Mode::empty(),
            )?));
        }
        #[cfg(any(target_os = "linux", target_os = "android"))]
        if let Some(opened) = linux::open_beneath(dir, parts, flags) {
            return opened;
        }
        walk(dir, parts, flags)
    }

    /// One component at a time, each opened relative to the last without following a link.
    fn walk(dir: &File, parts: &[&OsStr], last_flags: OFlags) -> io::Result<File> {
        let Some((last, folders)) = parts.split_last() else {
            return Ok(File::from(rustix::fs::openat(
                dir,
                ".",
                last_flags,
                Mode::empty(),
            )?));
        };
        let mut current: Option<File> = None;
        for part in folders {
            let at = current.as_ref().unwrap_or(dir);
            let next = rustix::fs::openat(
                at,
                *part,
                flags(Open::Folder) | OFlags::NOFOLLOW,
                Mode::empty(),
            )?;
            current = Some(File::from(next));
        }
        let at = current.as_ref().unwrap_or(dir);
        Ok(File::from(rustix::fs::openat(
            at,
            *last,
            last_flags | OFlags::NOFOLLOW,
            Mode::empty(),
        )?))
    }

    #[cfg(any(target_os = "linux", target_os = "android"))]
    mod linux {
        use std::ffi::OsStr;
        use std::fs::File;
        use std::io;
        use std::sync::atomic::{AtomicBool, Ordering};

        use rustix::fs::{Mode, OFlags, ResolveFlags};

        /// Set once `openat2` is found missing (an old kernel, a seccomp filter).
        static MISSING: AtomicBool = AtomicBool::new(false);

        /// `openat2` beneath `dir` with no link anywhere; `None` when the kernel lacks it.
        pub(super) fn open_beneath(
            dir: &File,
            parts: &[&OsStr],
            flags: OFlags,
        ) -> Option<io::Result<File>> {
            if MISSING.load(Ordering::Relaxed) {
                return None;
            }
            let joined: std::path::PathBuf = parts.iter().collect();
            let resolve =
                ResolveFlags::BENEATH | ResolveFlags::NO_SYMLINKS | ResolveFlags::NO_MAGICLINKS;
            // The kernel answers EAGAIN when a rename raced the resolution: try again a few
            // times, then take the component walk, which has no such answer.
            for _ in 0..16 {
                match rustix::fs::openat2(dir, &joined, flags, Mode::empty(), resolve) {
                    Ok(fd) => return Some(Ok(File::from(fd))),
                    Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => {}
                    Err(rustix::io::Errno::NOSYS | rustix::io::Errno::PERM) => {
                        MISSING.store(true, Ordering::Relaxed);
                        return None;
                    }
                    Err(e) => return Some(Err(e.into())),
                }
            }
            None
        }
    }

    pub(super) fn classify(error: &io::Error) -> Option<Refusal> {
        match error.raw_os_error() {
            Some(libc::ELOOP) => Some(Refusal::Link),
            Some(libc::EXDEV) => Some(Refusal::Outside),
            Some(libc::ENOTDIR) => Some(Refusal::NotFolder),
            _ => None,
        }
    }

    pub(super) fn kind_of(parent: &File, name: &OsStr) -> io::Result<Kind> {
        let stat = rustix::fs::statat(parent, name, AtFlags::SYMLINK_NOFOLLOW)?;
        Ok(kind(FileType::from_raw_mode(stat.st_mode)))
    }

    fn kind(file_type: FileType) -> Kind {
        match file_type {
            FileType::RegularFile => Kind::File,
            FileType::Directory => Kind::Folder,
            FileType::Symlink => Kind::Link,
            _ => Kind::Other,
        }
    }

    pub(super) fn entries(dir: &File) -> io::Result<Vec<Entry>> {
        let mut list = rustix::fs::Dir::read_from(dir)?;
        let mut entries = Vec::new();
        while let Some(entry) = list.read() {
            let entry = entry?;
            let name = entry.file_name().to_bytes();
            if name == b"." || name == b".." {
                continue;
            }
            let name = OsStr::from_bytes(name).to_owned();
            let kind = match entry.file_type() {
                FileType::Unknown => kind_of(dir, &name).unwrap_or(Kind::Other),
                known => kind(known),
            };
            entries.push(Entry { name, kind });
        }
        Ok(entries)
    }

    pub(super) fn create_new(dir: &File, name: &OsStr, mode: u32) -> io::Result<File> {
        let fd = rustix::fs::openat(
            dir,
            name,
            OFlags::WRONLY | OFlags::CREATE | OFlags::EXCL | OFlags::NOFOLLOW | OFlags::CLOEXEC,
            Mode::from_raw_mode(mode & 0o7777),
        )?;
        Ok(File::from(fd))
    }

    pub(super) fn mode(metadata: &std::fs::Metadata) -> u32 {
        metadata.permissions().mode() & 0o7777
    }

    pub(super) fn set_mode(file: &File, mode: u32) -> io::Result<()> {
        rustix::fs::fchmod(file, Mode::from_raw_mode(mode))?;
        Ok(())
    }

    pub(super) fn rename(dir: &File, from: &OsStr, to: &OsStr) -> io::Result<()> {
        rustix::fs::renameat(dir, from, dir, to)?;
        Ok(())
    }

    pub(super) fn remove(dir: &File, name: &OsString) -> io::Result<()> {
        rustix::fs::unlinkat(dir, name.as_os_str(), AtFlags::empty())?;
        Ok(())
    }

    pub(super) fn make_dir(dir: &File, name: &OsStr, mode: u32) -> io::Result<()> {
        rustix::fs::mkdirat(dir, name, Mode::from_raw_mode(mode))?;
        Ok(())
    }
}

#[cfg(not(unix))]
mod sys {
    //! Elsewhere (Windows): `cap-std`'s sandboxed resolution, which never leaves the folder.

    use std::ffi::{OsStr, OsString};
    use std::fs::File;
    use std::io;
    use std::path::{Path, PathBuf};

    use cap_std::fs::Dir;

    use super::{Entry, Kind, Links, Refusal};

    #[derive(Clone, Copy)]
    pub(super) enum Open {
        Folder,
        Read,
    }

    fn dir(handle: &File) -> io::Result<Dir> {
        Ok(Dir::from_std_file(handle.try_clone()?))
    }

    pub(super) fn open_dir_ambient(path: &Path) -> io::Result<File> {
        Ok(Dir::open_ambient_dir(path, cap_std::ambient_authority())?.into_std_file())
    }

    pub(super) fn open_named(path: &Path) -> io::Result<File> {
        File::open(path)
    }

    /// No file here opens as anything but a regular file or a refusal.
    pub(super) fn special(
        _handle: &File,
        _parts: &[&OsStr],
        _links: Links,
    ) -> Option<&'static str> {
        None
    }

    pub(super) fn open(
        handle: &File,
        parts: &[&OsStr],
        open: Open,
        _links: Links,
    ) -> io::Result<File> {
        let joined: PathBuf = if parts.is_empty() {
            PathBuf::from(".")
        } else {
            parts.iter().collect()
        };
        let dir = dir(handle)?;
        match open {
            Open::Folder => Ok(dir.open_dir(&joined)?.into_std_file()),
            Open::Read => Ok(dir.open(&joined)?.into_std()),
        }
    }

    pub(super) fn classify(error: &io::Error) -> Option<Refusal> {
        error
            .to_string()
            .contains("outside of the filesystem")
            .then_some(Refusal::Outside)
    }

    pub(super) fn kind_of(parent: &File, name: &OsStr) -> io::Result<Kind> {
        let metadata = dir(parent)?.symlink_metadata(name)?;
        Ok(kind(&metadata.file_type()))
    }

    fn kind(file_type: &cap_std::fs::FileType) -> Kind {
        if file_type.is_symlink() {
            Kind::Link
        } else if file_type.is_dir() {
            Kind::Folder
        } else if file_type.is_file() {
            Kind::File
        } else {
            Kind::Other
        }
    }

    pub(super) fn entries(handle: &File) -> io::Result<Vec<Entry>> {
        let mut entries = Vec::new();
        for entry in dir(handle)?.entries()? {
            let entry = entry?;
            let kind = entry.file_type().map_or(Kind::Other, |t| kind(&t));
            entries.push(Entry {
                name: entry.file_name(),
                kind,
            });
        }
        Ok(entries)
    }

    pub(super) fn create_new(handle: &File, name: &OsStr, _mode: u32) -> io::Result<File> {
        let mut options = cap_std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        Ok(dir(handle)?.open_with(name, &options)?.into_std())
    }

    pub(super) fn mode(_metadata: &std::fs::Metadata) -> u32 {
        0o666
    }

    pub(super) fn set_mode(_file: &File, _mode: u32) -> io::Result<()> {
        Ok(())
    }

    pub(super) fn rename(handle: &File, from: &OsStr, to: &OsStr) -> io::Result<()> {
        let dir = dir(handle)?;
        dir.rename(from, &dir, to)
    }

    pub(super) fn remove(handle: &File, name: &OsString) -> io::Result<()> {
        dir(handle)?.remove_file(name)
    }

    pub(super) fn make_dir(handle: &File, name: &OsStr, _mode: u32) -> io::Result<()> {
        dir(handle)?.create_dir(name)
    }
}

#[cfg(all(test, unix))]
mod tests {
    use std::os::unix::fs::{PermissionsExt as _, symlink};

    use super::*;

    /// `root/inside/a.json`, `outside/secret.txt`, and links from the root to both.
    fn layout() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("inside")).expect("dirs");
        std::fs::create_dir_all(dir.path().join("outside")).expect("dirs");
        std::fs::write(root.join("inside/a.json"), "{}").expect("write");
        std::fs::write(dir.path().join("outside/secret.txt"), "SECRET").expect("write");
        symlink("../outside", root.join("out-dir")).expect("link");
        symlink("../outside/secret.txt", root.join("out-file")).expect("link");
        symlink("inside/a.json", root.join("in-file")).expect("link");
        symlink("inside", root.join("in-dir")).expect("link");
        (dir, root)
    }

    #[test]
    fn nothing_is_opened_through_a_link_or_above_the_folder() {
        let (_dir, root) = layout();
        let folder = Folder::open(&root).expect("opens");
        assert_eq!(
            folder.read(Path::new("inside/a.json"), 100).expect("read"),
            b"{}"
        );
        assert_eq!(
            folder
                .read(Path::new("./inside/./a.json"), 100)
                .expect("read"),
            b"{}"
        );
        for (path, wanted) in [
            ("out-file", "symbolic link"),
            ("out-dir/secret.txt", "symbolic link"),
            ("in-file", "symbolic link"),
            ("in-dir/a.json", "symbolic link"),
            ("../outside/secret.txt", "outside"),
            ("inside/../../outside/secret.txt", "outside"),
            ("/etc/passwd", "outside"),
            ("inside", "not a regular file but a directory"),
            ("missing.json", "does not exist"),
            ("inside/a.json/x", "does not exist"),
        ] {
            let error = folder
                .read(Path::new(path), 100)
                .expect_err(path)
                .to_string();
            assert!(error.contains(wanted), "{path}: {error}");
        }
        assert!(matches!(
            folder.folder(Path::new("out-dir"), Links::Refuse),
            Err(ReadFailure::Link)
        ));
        assert!(matches!(
            folder
                .open_file(Path::new("inside/a.json"), Links::Refuse)
                .map(|o| o.read(1)),
            Ok(Err(ReadFailure::TooLarge(Some(2))))
        ));
        assert_eq!(folder.kind(Path::new("out-dir")).expect("kind"), Kind::Link);
        assert_eq!(
            folder.kind(Path::new("inside")).expect("kind"),
            Kind::Folder
        );
        // Followed only when asked.
        assert!(
            folder
                .open_file(Path::new("out-file"), Links::Follow)
                .is_ok()
        );
    }

    #[test]
    fn fifos_are_refused_without_blocking() {
        let (_dir, root) = layout();
        let status = std::process::Command::new("mkfifo")
            .arg(root.join("pipe"))
            .status()
            .expect("mkfifo");
        assert!(status.success());
        let folder = Folder::open(&root).expect("opens");
        let error = folder.read(Path::new("pipe"), 100).expect_err("a FIFO");
        assert!(error.to_string().contains("a FIFO"), "{error}");
    }

    #[test]
    fn writes_stay_in_the_folder_and_never_go_through_a_link() {
        let (dir, root) = layout();
        let folder = Folder::open(&root).expect("opens");
        let secret = dir.path().join("outside/secret.txt");
        // A new file is never written over anything, a link included.
        folder
            .create_new(Path::new("inside/new.json"), b"1")
            .expect("created");
        for existing in ["inside/new.json", "out-file"] {
            let error = folder
                .create_new(Path::new(existing), b"2")
                .expect_err(existing);
            assert_eq!(error.kind(), io::ErrorKind::AlreadyExists, "{existing}");
        }
        let through = folder
            .create_new(Path::new("out-dir/new.txt"), b"x")
            .expect_err("a link on the way");
        assert_eq!(refusal(&through), Some(Refused::Link), "{through}");
        assert!(!dir.path().join("outside/new.txt").exists());
        // Replacing keeps the permissions and leaves no temporary file.
        std::fs::set_permissions(
            root.join("inside/new.json"),
            std::fs::Permissions::from_mode(0o640),
        )
        .expect("chmod");
        folder
            .replace(Path::new("inside/new.json"), b"3")
            .expect("replaced");
        assert_eq!(
            std::fs::read(root.join("inside/new.json")).expect("read"),
            b"3"
        );
        let mode = std::fs::metadata(root.join("inside/new.json"))
            .expect("meta")
            .permissions();
        assert_eq!(mode.mode() & 0o777, 0o640);
        let names: Vec<_> = std::fs::read_dir(root.join("inside"))
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
        // A link in the file's place is refused, never written through.
        for refused in [
            folder.replace(Path::new("out-file"), b"4"),
            folder.write_atomic(Path::new("out-file"), b"5"),
        ] {
            assert_eq!(refusal(&refused.expect_err("a link")), Some(Refused::Link));
        }
        assert_eq!(std::fs::read(&secret).expect("read"), b"SECRET");
        assert!(
            std::fs::symlink_metadata(root.join("out-file"))
                .expect("meta")
                .is_symlink()
        );
        folder
            .write_atomic(Path::new("inside/fresh.json"), b"6")
            .expect("written");
        assert_eq!(
            std::fs::read(root.join("inside/fresh.json")).expect("read"),
            b"6"
        );
        // Folders are made beneath, never through a link.
        let (made, created) = folder
            .create_folders(Path::new("a/b/c"), 0o700)
            .expect("made");
        assert!(created && made.path().ends_with("a/b/c"));
        assert!(matches!(
            folder.create_folders(Path::new("out-dir/x"), 0o700),
            Err(ReadFailure::Link)
        ));
        assert!(!dir.path().join("outside/x").exists());
    }
}
