//! The policy for one file, wherever it was opened from: regular files only, opened without
//! blocking, judged from the open handle, and read within a limit.
//!
//! Every file hcr reads is an [`Opened`]: opened as the user named it ([`Opened::named`]) or
//! beneath a folder's handle ([`crate::Folder::open_file`]), both with the same flags
//! (read-only, non-blocking, no controlling terminal, closed on exec; `O_NOFOLLOW` and
//! `openat2`'s resolution beneath a folder), then judged by `fstat` on the open handle: a
//! FIFO, a device, a socket or a folder is [`ReadFailure::NotRegular`], never read. Its size
//! is checked against the limit from that `fstat` before reading, and again while reading.

use std::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// Why an input could not be read.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadFailure {
    /// The operating system refused (missing, not permitted, ...).
    Io(io::Error),
    /// Not a regular file; names what it is.
    NotRegular(&'static str),
    /// Larger than the record limit: the length, when known.
    TooLarge(Option<u64>),
    /// The folder walk failed here.
    Walk(String),
    /// A symbolic link is on its path, and links are not followed here.
    Link,
    /// The path leads outside the folder it is resolved beneath (absolute, or `..`).
    Outside,
    /// Its size or modification time changed while it was read whole
    /// ([`Opened::read_each`]).
    Changed,
}

impl fmt::Display for ReadFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Io(e) => match e.kind() {
                io::ErrorKind::NotFound => f.write_str("it does not exist"),
                io::ErrorKind::PermissionDenied => f.write_str("permission denied"),
                _ => write!(f, "{e}"),
            },
            Self::NotRegular(kind) => write!(f, "it is not a regular file but {kind}"),
            Self::TooLarge(Some(length)) => write!(f, "it is {length} bytes long"),
            Self::TooLarge(None) => f.write_str("it is larger than the record limit"),
            Self::Walk(reason) => f.write_str(reason),
            Self::Link => {
                f.write_str("a symbolic link is on its path, and hcr does not follow links here")
            }
            Self::Outside => f.write_str("it leads outside the folder it must be beneath"),
            Self::Changed => f.write_str("it changed while it was being read"),
        }
    }
}

/// A regular file opened under the policy, with its metadata from the open handle.
#[derive(Debug)]
pub struct Opened {
    /// The open file.
    pub file: File,
    /// Its metadata, from the open handle (`fstat`) when it was opened.
    pub metadata: std::fs::Metadata,
}

impl Opened {
    /// Judges a file just opened from its handle: regular files only.
    pub(crate) fn judge(file: File) -> Result<Self, ReadFailure> {
        let metadata = file.metadata().map_err(ReadFailure::Io)?;
        if metadata.is_file() {
            Ok(Self { file, metadata })
        } else {
            Err(ReadFailure::NotRegular(describe(&metadata.file_type())))
        }
    }

    /// Its size when opened, refused when larger than `max`.
    fn within(&self, max: u64) -> Result<u64, ReadFailure> {
        let length = self.metadata.len();
        if length > max {
            return Err(ReadFailure::TooLarge(Some(length)));
        }
        Ok(length)
    }

    /// Reads the file whole: refused from its size when larger than `max`, and never more than
    /// `max` bytes read (a file that grows).
    ///
    /// # Errors
    /// [`ReadFailure::TooLarge`] or a read error.
    pub fn read(self, max: usize) -> Result<Vec<u8>, ReadFailure> {
        let mut bytes = Vec::new();
        let length = self.read_into(max, &mut bytes)?;
        bytes.truncate(length);
        Ok(bytes)
    }

    /// Reads the file whole into `buffer` (kept from file to file: its bytes past the
    /// length returned are left over from earlier files), as [`Self::read`] does; returns
    /// its length.
    ///
    /// The file is read with one `read` of one byte more than its size when opened: fewer
    /// bytes back than asked for, exactly that size, is the whole file (a regular file
    /// returns a short read only at its end), without the zero-length read that would say
    /// so again. Anything else (a file that grew, shrank, or was read short) is read on to
    /// its end, never more than `max` bytes.
    ///
    /// # Errors
    /// [`ReadFailure::TooLarge`] or a read error.
    pub fn read_into(mut self, max: usize, buffer: &mut Vec<u8>) -> Result<usize, ReadFailure> {
        let length = self.within(max as u64)?;
        let hint = usize::try_from(length).unwrap_or(max).min(max);
        if buffer.len() < hint + 1 {
            buffer.resize(hint + 1, 0);
        }
        let first = loop {
            match self.file.read(&mut buffer[..=hint]) {
                Ok(read) => break read,
                Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
                Err(error) => return Err(ReadFailure::Io(error)),
            }
        };
        if first == hint {
            return Ok(hint);
        }
        buffer.truncate(first);
        (&mut self.file)
            .take((max + 1 - first) as u64)
            .read_to_end(buffer)
            .map_err(ReadFailure::Io)?;
        if buffer.len() > max {
            return Err(ReadFailure::TooLarge(None));
        }
        Ok(buffer.len())
    }

    /// Reads at most the first `max` bytes of the file, however long it is.
    ///
    /// # Errors
    /// A read error.
    pub fn read_prefix(self, max: u64) -> io::Result<Vec<u8>> {
        let mut bytes = Vec::new();
        self.file.take(max).read_to_end(&mut bytes)?;
        Ok(bytes)
    }

    /// Reads the file whole as it was when opened, handing `each` its bytes in pieces (to hash
    /// a large file without holding it): refused from its size when larger than `max`; never
    /// more than that size and one byte read (a file that keeps growing is not read forever).
    ///
    /// # Errors
    /// [`ReadFailure::TooLarge`], a read error, or [`ReadFailure::Changed`]: its size or
    /// modification time is not what it was when opened.
    pub fn read_each(self, max: u64, mut each: impl FnMut(&[u8])) -> Result<(), ReadFailure> {
        let length = self.within(max)?;
        let mut buffer = vec![0u8; usize::try_from(length + 1).map_or(PIECE, |n| n.min(PIECE))];
        let mut read = 0u64;
        let mut reader = (&self.file).take(length + 1);
        loop {
            match reader.read(&mut buffer) {
                Ok(0) => break,
                Ok(n) => {
                    each(&buffer[..n]);
                    read += n as u64;
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(ReadFailure::Io(e)),
            }
        }
        let changed = read != length
            || self.file.metadata().map_or(true, |after| {
                after.len() != length || after.modified().ok() != self.metadata.modified().ok()
            });
        if changed {
            return Err(ReadFailure::Changed);
        }
        Ok(())
    }
}

/// The pieces [`Opened::read_each`] reads.
const PIECE: usize = 256 * 1024;

/// An open that failed because the file cannot be opened at all as what it is (`ENXIO`: a
/// socket, a device without its driver) as [`ReadFailure::NotRegular`], like every other file
/// that is not regular; `kind` tells what it is.
pub(crate) fn unopenable(
    error: &io::Error,
    kind: impl FnOnce() -> Option<&'static str>,
) -> Option<ReadFailure> {
    #[cfg(unix)]
    if error.raw_os_error() == Some(libc::ENXIO) {
        return Some(ReadFailure::NotRegular(kind().unwrap_or("a special file")));
    }
    #[cfg(not(unix))]
    let _ = (error, kind);
    None
}

/// Opens `path` for reading if it is a regular file ([`Opened::named`]), as the file and its
/// metadata.
///
/// # Errors
/// [`ReadFailure::Io`] or [`ReadFailure::NotRegular`].
pub fn open_regular(path: &Path) -> Result<(File, std::fs::Metadata), ReadFailure> {
    Opened::named(path).map(|opened| (opened.file, opened.metadata))
}

/// What a file that is not a regular file is, for messages ("a FIFO", "a device", …).
#[must_use]
pub fn describe(file_type: &std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_socket() {
            return "a socket";
        }
        if file_type.is_block_device() || file_type.is_char_device() {
            return "a device";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// Reads a whole record file the user named ([`Opened::named`], [`Opened::read`]), refusing
/// from its size one larger than `max` bytes.
///
/// # Errors
/// Any [`ReadFailure`].
pub fn read_record_file(path: &Path, max: usize) -> Result<Vec<u8>, ReadFailure> {
    Opened::named(path)?.read(max)
}

/// Reads at most `max` bytes, starting with room for `capacity`; more is
/// [`ReadFailure::TooLarge`].
///
/// # Errors
/// A read error, or [`ReadFailure::TooLarge`].
pub fn read_capped(reader: impl Read, max: usize, capacity: usize) -> Result<Vec<u8>, ReadFailure> {
    let mut bytes = Vec::with_capacity(capacity);
    reader
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadFailure::Io)?;
    if bytes.len() > max {
        return Err(ReadFailure::TooLarge(None));
    }
    Ok(bytes)
}

#[cfg(all(test, unix))]
mod tests {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    use std::path::PathBuf;

    use super::*;
    use crate::{Folder, Links};

    /// One buffer read into from file to file: each length is the file's own, its bytes
    /// first in the buffer, whatever the files before left after them; the limit holds.
    #[test]
    fn files_are_read_whole_into_one_buffer() {
        let dir = tempfile::tempdir().expect("tempdir");
        let files: [&[u8]; 4] = [b"a longer file first", b"", b"short", b"{\"x\": 1}\n"];
        let mut buffer = Vec::new();
        for (i, content) in files.iter().enumerate() {
            let path = dir.path().join(format!("{i}.json"));
            std::fs::write(&path, content).expect("writes");
            let opened = Opened::named(&path).expect("opens");
            let length = opened.read_into(64, &mut buffer).expect("reads");
            assert_eq!(&buffer[..length], *content);
        }
        let path = dir.path().join("large.json");
        std::fs::write(&path, [b' '; 65]).expect("writes");
        let opened = Opened::named(&path).expect("opens");
        assert!(matches!(
            opened.read_into(64, &mut buffer),
            Err(ReadFailure::TooLarge(Some(65)))
        ));
    }

    /// A folder holding `fifo`, `socket`, `folder`, `small.txt` ("12345") and `link` (to
    /// `small.txt`).
    fn specials() -> (tempfile::TempDir, std::os::unix::net::UnixListener) {
        let dir = tempfile::tempdir().expect("tempdir");
        let status = std::process::Command::new("mkfifo")
            .arg(dir.path().join("fifo"))
            .status()
            .expect("mkfifo");
        assert!(status.success());
        let socket =
            std::os::unix::net::UnixListener::bind(dir.path().join("socket")).expect("socket");
        std::fs::create_dir(dir.path().join("folder")).expect("folder");
        std::fs::write(dir.path().join("small.txt"), "12345").expect("write");
        std::os::unix::fs::symlink("small.txt", dir.path().join("link")).expect("link");
        (dir, socket)
    }

    /// Opened as named and beneath the folder (links refused), the same answer.
    fn both(dir: &Path, name: &str) -> [Result<Opened, ReadFailure>; 2] {
        let folder = Folder::open(dir).expect("opens");
        [
            Opened::named(&dir.join(name)),
            folder.open_file(Path::new(name), Links::Refuse),
        ]
    }

    fn message(opened: Result<Opened, ReadFailure>) -> String {
        opened.expect_err("refused").to_string()
    }

    #[test]
    fn only_regular_files_open_the_same_way_everywhere() {
        let (dir, _socket) = specials();
        for (name, what) in [
            ("fifo", "a FIFO"),
            ("socket", "a socket"),
            ("folder", "a directory"),
        ] {
            for opened in both(dir.path(), name) {
                assert_eq!(
                    message(opened),
                    format!("it is not a regular file but {what}"),
                    "{name}"
                );
            }
        }
        for opened in both(Path::new("/dev"), "zero") {
            assert_eq!(message(opened), "it is not a regular file but a device");
        }
        for opened in both(dir.path(), "missing") {
            assert_eq!(message(opened), "it does not exist");
        }
        // A link is followed where the user named it, refused beneath a folder.
        let [named, beneath] = both(dir.path(), "link");
        assert_eq!(named.expect("followed").read(5).expect("read"), b"12345");
        assert!(matches!(beneath, Err(ReadFailure::Link)));
        let followed = Folder::open(dir.path())
            .expect("opens")
            .open_file(Path::new("link"), Links::Follow);
        assert!(followed.is_ok(), "followed when asked");
    }

    #[test]
    fn a_fifo_with_a_writer_is_refused_without_reading() {
        let (dir, _socket) = specials();
        // A writer that never writes: a blocking read would wait for it forever.
        let fifo = dir.path().join("fifo");
        let _reader = std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(&fifo)
            .expect("reader");
        let _writer = std::fs::OpenOptions::new()
            .write(true)
            .open(&fifo)
            .expect("writer");
        for opened in both(dir.path(), "fifo") {
            assert!(matches!(opened, Err(ReadFailure::NotRegular("a FIFO"))));
        }
        assert!(matches!(
            read_record_file(&fifo, 10),
            Err(ReadFailure::NotRegular("a FIFO"))
        ));
    }

    #[test]
    fn sizes_are_capped_from_the_metadata_and_while_reading() {
        let (dir, _socket) = specials();
        for opened in both(dir.path(), "small.txt") {
            assert!(matches!(
                opened.expect("opens").read(4),
                Err(ReadFailure::TooLarge(Some(5)))
            ));
        }
        for opened in both(dir.path(), "small.txt") {
            assert!(matches!(
                opened.expect("opens").read_each(4, |_| {}),
                Err(ReadFailure::TooLarge(Some(5)))
            ));
        }
        for opened in both(dir.path(), "small.txt") {
            assert_eq!(opened.expect("opens").read_prefix(3).expect("read"), b"123");
        }
        let mut pieces = Vec::new();
        let [opened, _] = both(dir.path(), "small.txt");
        opened
            .expect("opens")
            .read_each(5, |piece| pieces.extend_from_slice(piece))
            .expect("read");
        assert_eq!(pieces, b"12345");
    }

    #[test]
    fn a_file_growing_while_read_is_read_no_further_than_the_limit() {
        let (dir, _socket) = specials();
        let path: PathBuf = dir.path().join("small.txt");
        let grow = || {
            std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .expect("append")
                .write_all(b"6789")
                .expect("grows");
        };
        // Within the limit when opened, over it when read.
        let opened = Opened::named(&path).expect("opens");
        grow();
        assert!(matches!(opened.read(6), Err(ReadFailure::TooLarge(None))));
        // Read whole as it is now, when the limit allows it.
        let opened = Opened::named(&path).expect("opens");
        grow();
        assert_eq!(opened.read(100).expect("read"), b"1234567896789");
        // Read in pieces: never past the size it had when opened, and the change is told.
        let opened = Opened::named(&path).expect("opens");
        grow();
        let mut read = 0;
        let changed = opened.read_each(1 << 20, |piece| read += piece.len());
        assert!(matches!(changed, Err(ReadFailure::Changed)));
        assert_eq!(read, 14, "the size when opened and one byte");
    }
}
