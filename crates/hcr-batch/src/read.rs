//! Reading inputs safely: regular files only, never more than the limit allows.

use std::fmt;
use std::fs::File;
use std::io::{self, BufRead, Read};
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
        }
    }
}

/// Opens `path` for reading if it is a regular file, without blocking on a FIFO or device
/// (the type is checked on the opened file, so a swap between check and open is caught).
///
/// # Errors
/// [`ReadFailure::Io`] or [`ReadFailure::NotRegular`].
pub(crate) fn open_regular(path: &Path) -> Result<File, ReadFailure> {
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(ReadFailure::Io)?;
    let file_type = file.metadata().map_err(ReadFailure::Io)?.file_type();
    if file_type.is_file() {
        Ok(file)
    } else {
        Err(ReadFailure::NotRegular(describe(&file_type)))
    }
}

fn describe(file_type: &std::fs::FileType) -> &'static str {
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
    let file = open_regular(path)?;
    let length = file.metadata().map_err(ReadFailure::Io)?.len();
    if length > max as u64 {
        return Err(ReadFailure::TooLarge(Some(length)));
    }
    read_capped(file, max)
}

/// Reads at most `max` bytes; more is [`ReadFailure::TooLarge`].
pub(crate) fn read_capped(reader: impl Read, max: usize) -> Result<Vec<u8>, ReadFailure> {
    let mut bytes = Vec::new();
    reader
        .take(max as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(ReadFailure::Io)?;
    if bytes.len() > max {
        return Err(ReadFailure::TooLarge(None));
    }
    Ok(bytes)
}

/// One line of a JSON Lines input.
#[derive(Debug)]
pub(crate) enum Line {
    /// Its bytes, without the line ending.
    Text(Vec<u8>),
    /// Longer than the record limit: its length (the bytes were not kept).
    TooLong(u64),
}

impl Line {
    pub(crate) fn is_blank(&self) -> bool {
        matches!(self, Self::Text(bytes) if bytes.iter().all(u8::is_ascii_whitespace))
    }

    pub(crate) fn len(&self) -> usize {
        match self {
            Self::Text(bytes) => bytes.len(),
            Self::TooLong(_) => 0,
        }
    }
}

/// The next line of `reader` (LF or CRLF endings), keeping at most `max` bytes of it.
pub(crate) fn next_line(reader: &mut impl BufRead, max: usize) -> io::Result<Option<Line>> {
    let mut kept = Vec::new();
    let mut length = 0u64;
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            break;
        }
        any = true;
        let newline = memchr::memchr(b'\n', available);
        let part = &available[..newline.unwrap_or(available.len())];
        length += part.len() as u64;
        if !too_long {
            // One byte of slack for a CR before the LF.
            if kept.len() + part.len() > max + 1 {
                too_long = true;
                kept = Vec::new();
            } else {
                kept.extend_from_slice(part);
            }
        }
        let consumed = newline.map_or(available.len(), |i| i + 1);
        reader.consume(consumed);
        if newline.is_some() {
            break;
        }
    }
    if !any {
        return Ok(None);
    }
    if kept.last() == Some(&b'\r') {
        kept.pop();
        length -= 1;
    }
    if too_long || kept.len() > max {
        return Ok(Some(Line::TooLong(length)));
    }
    Ok(Some(Line::Text(kept)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<String> {
        let mut reader = io::BufReader::with_capacity(4, input);
        let mut out = Vec::new();
        while let Some(line) = next_line(&mut reader, max).expect("in memory") {
            out.push(match line {
                Line::Text(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Line::TooLong(n) => format!("<{n} bytes>"),
            });
        }
        out
    }

    #[test]
    fn splits_lines_and_bounds_them() {
        assert_eq!(lines(b"ab\r\ncd\n\nef", 10), ["ab", "cd", "", "ef"]);
        assert_eq!(lines(b"abcdefghij\nxy\n", 5), ["<10 bytes>", "xy"]);
        assert_eq!(lines(b"abcde\r\n", 5), ["abcde"]);
        assert!(lines(b"", 5).is_empty());
    }
}
