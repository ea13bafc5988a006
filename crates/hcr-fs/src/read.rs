//! Reading inputs safely: regular files only, never more than the limit allows.

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
        }
    }
}

/// Opens `path` for reading if it is a regular file, without blocking on a FIFO or device
/// (the type is checked on the opened file, so a swap between check and open is caught).
///
/// # Errors
/// [`ReadFailure::Io`] or [`ReadFailure::NotRegular`].
pub fn open_regular(path: &Path) -> Result<(File, std::fs::Metadata), ReadFailure> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(ReadFailure::Io)?;
    let metadata = file.metadata().map_err(ReadFailure::Io)?;
    let file_type = metadata.file_type();
    if file_type.is_file() {
        Ok((file, metadata))
    } else {
        Err(ReadFailure::NotRegular(describe(&file_type)))
    }
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

/// Reads a whole record file, refusing from its size one larger than `max` bytes.
///
/// # Errors
/// Any [`ReadFailure`].
pub fn read_record_file(path: &Path, max: usize) -> Result<Vec<u8>, ReadFailure> {
    let (file, metadata) = open_regular(path)?;
    let length = metadata.len();
    if length > max as u64 {
        return Err(ReadFailure::TooLarge(Some(length)));
    }
    // The size is a hint (the file may change while it is read); one spare byte lets the
    // final zero-length read land without growing the buffer.
    let hint = usize::try_from(length).unwrap_or(max).min(max);
    read_capped(file, max, hint + 1)
}

/// Reads at most `max` bytes, starting with room for `capacity`; more is
/// [`ReadFailure::TooLarge`].
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
