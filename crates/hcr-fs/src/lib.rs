//! The one input policy of every hcr command that reads a file or standard input.
//!
//! - Regular files only: a FIFO, a device, a socket or a folder is refused without blocking
//!   (the file is opened non-blocking, then judged from the opened handle's type).
//! - At most a limit of bytes: checked from the file's size before reading, and enforced
//!   while reading (a file that grows, standard input), so that `/dev/zero` or a 300 MB file
//!   costs nothing.
//! - The same error everywhere, naming the input, the limit and the option that raises it.
//!
//! ```
//! use hcr_fs::{Limit, read_input};
//!
//! let dir = tempfile::tempdir()?;
//! let path = dir.path().join("note.txt");
//! std::fs::write(&path, "State: done.")?;
//! let limit = Limit::new(1024, "--max-input-bytes");
//! assert_eq!(read_input(&path, &limit)?, b"State: done.");
//!
//! let small = Limit::new(4, "--max-input-bytes");
//! let error = read_input(&path, &small).unwrap_err();
//! assert!(error.to_string().contains("the limit is 4 bytes (--max-input-bytes)"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::io::{self, BufRead, Read};
use std::path::{Path, PathBuf};

mod folder;
mod read;
mod walk;

pub use folder::{
    Entry, Folder, Kind, Links, Refused, create_file, parts, refusal, replace_file, write_file,
};
pub use read::{Opened, ReadFailure, describe, open_regular, read_capped, read_record_file};
pub use walk::{Found, MAX_IGNORE_FILE_BYTES, MAX_WALK_DEPTH, WalkOptions, walk};

/// How much one input may hold, and what raises it (for messages).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// Bytes.
    pub max_bytes: usize,
    /// What raises the limit, in the caller's words: a command-line option such as
    /// `--max-record-bytes`, a setting's name, or advice.
    pub option: std::borrow::Cow<'static, str>,
}

impl Limit {
    /// A limit of `max_bytes`, raised with `option`.
    #[must_use]
    pub fn new(max_bytes: usize, option: impl Into<std::borrow::Cow<'static, str>>) -> Self {
        Self {
            max_bytes,
            option: option.into(),
        }
    }
}

/// An input that could not be read under the policy.
#[derive(Debug)]
pub struct InputError {
    /// The file, or `None` for standard input.
    pub path: Option<PathBuf>,
    /// Why.
    pub failure: ReadFailure,
    /// The limit in force.
    pub limit: Limit,
}

impl InputError {
    /// Whether the input was over the limit.
    #[must_use]
    pub fn too_large(&self) -> bool {
        matches!(self.failure, ReadFailure::TooLarge(_))
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.path.as_ref().map_or_else(
            || "standard input".to_owned(),
            |p| format!("`{}`", hcr_escape::path(p)),
        );
        let Limit { max_bytes, option } = &self.limit;
        match &self.failure {
            ReadFailure::TooLarge(Some(length)) => write!(
                f,
                "{name} is {length} bytes long; the limit is {max_bytes} bytes ({option})"
            ),
            ReadFailure::TooLarge(None) => write!(
                f,
                "{name} is longer than the limit; the limit is {max_bytes} bytes ({option})"
            ),
            other => write!(f, "{name} could not be read: {other}"),
        }
    }
}

impl std::error::Error for InputError {}

/// Reads the input `path` whole under the policy; `-` is standard input.
///
/// # Errors
/// [`InputError`]: not a regular file, missing, not permitted, or over the limit.
pub fn read_input(path: &Path, limit: &Limit) -> Result<Vec<u8>, InputError> {
    if path.as_os_str() == "-" {
        return read_stdin(limit);
    }
    read_record_file(path, limit.max_bytes).map_err(|failure| InputError {
        path: Some(path.to_path_buf()),
        failure,
        limit: limit.clone(),
    })
}

/// Reads the input `path` as UTF-8 text under the policy (invalid UTF-8 is an I/O error
/// naming the input).
///
/// # Errors
/// As [`read_input`], and invalid UTF-8.
pub fn read_text(path: &Path, limit: &Limit) -> Result<String, InputError> {
    let bytes = read_input(path, limit)?;
    String::from_utf8(bytes).map_err(|e| InputError {
        path: (path.as_os_str() != "-").then(|| path.to_path_buf()),
        failure: ReadFailure::Io(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "it is not UTF-8 text (bad byte at offset {})",
                e.utf8_error().valid_up_to()
            ),
        )),
        limit: limit.clone(),
    })
}

/// Reads standard input whole, at most the limit.
///
/// # Errors
/// [`InputError`] with no path.
pub fn read_stdin(limit: &Limit) -> Result<Vec<u8>, InputError> {
    read_capped(io::stdin().lock(), limit.max_bytes, 1 << 16).map_err(|failure| InputError {
        path: None,
        failure,
        limit: limit.clone(),
    })
}

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its LF or CRLF) in the buffer.
    Text,
    /// A line longer than the limit: its length; its bytes were read and dropped.
    TooLong(u64),
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes into `buffer` (cleared first), returning as soon
/// as its LF arrives (so that a request-answer protocol never waits for more); a longer line
/// is read through and dropped in bounded pieces.
///
/// # Errors
/// A read error.
pub fn read_line(reader: &mut impl BufRead, max: usize, buffer: &mut Vec<u8>) -> io::Result<Line> {
    buffer.clear();
    let read = reader
        .by_ref()
        .take(max as u64 + 1)
        .read_until(b'\n', buffer)?;
    if read == 0 {
        return Ok(Line::End);
    }
    if buffer.last() == Some(&b'\n') {
        buffer.pop();
        if buffer.last() == Some(&b'\r') {
            buffer.pop();
        }
        return Ok(Line::Text);
    }
    if buffer.len() <= max {
        // The input ended without a line break.
        return Ok(Line::Text);
    }
    // Too long: drop the rest of the line without holding it.
    let mut length = buffer.len() as u64;
    buffer.clear();
    loop {
        let available = reader.fill_buf()?;
        if available.is_empty() {
            break;
        }
        match memchr::memchr(b'\n', available) {
            Some(at) => {
                length += at as u64;
                reader.consume(at + 1);
                break;
            }
            None => {
                let n = available.len();
                length += n as u64;
                reader.consume(n);
            }
        }
    }
    Ok(Line::TooLong(length))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded_and_returned_as_they_arrive() {
        let mut input = io::Cursor::new(b"short\r\nxxxxxxxxxxxxxxxxxxxxxxxx\nlast".to_vec());
        let mut buffer = Vec::new();
        assert_eq!(
            read_line(&mut input, 8, &mut buffer).expect("read"),
            Line::Text
        );
        assert_eq!(buffer, b"short");
        assert_eq!(
            read_line(&mut input, 8, &mut buffer).expect("read"),
            Line::TooLong(24)
        );
        assert_eq!(
            read_line(&mut input, 8, &mut buffer).expect("read"),
            Line::Text
        );
        assert_eq!(buffer, b"last");
        assert_eq!(
            read_line(&mut input, 8, &mut buffer).expect("read"),
            Line::End
        );
    }

    #[cfg(unix)]
    #[test]
    fn fifos_and_devices_are_refused_without_blocking() {
        let dir = tempfile::tempdir().expect("tempdir");
        let fifo = dir.path().join("fifo");
        let status = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo");
        assert!(status.success());
        let limit = Limit::new(1024, "--max-input-bytes");
        for path in [fifo.as_path(), Path::new("/dev/zero"), dir.path()] {
            let error = read_input(path, &limit).expect_err("not a regular file");
            assert!(error.to_string().contains("not a regular file"), "{error}");
        }
    }
}
