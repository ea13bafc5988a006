//! Reading JSON Lines in blocks: many whole lines in one buffer, so that a block can be
//! validated in parallel while the next one is read, in bounded memory.
//!
//! Lines end with LF or CRLF; the last line may have no ending. A line longer than the record
//! limit is never held in memory: its bytes are counted and dropped.

use std::io::{self, Read};
use std::ops::Range;

/// One line of a block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    /// Where the line's bytes (without the ending) are in [`Block::bytes`].
    Text(Range<usize>),
    /// Longer than the record limit: its length (the bytes were not kept).
    TooLong(u64),
}

impl Piece {
    /// The bytes of the line the block holds: none for a line too long to keep.
    pub(crate) fn held(&self) -> usize {
        match self {
            Self::Text(range) => range.len(),
            Self::TooLong(_) => 0,
        }
    }
}

/// Whole lines read together.
#[derive(Debug, Default)]
pub(crate) struct Block {
    /// The lines' bytes.
    pub(crate) bytes: Vec<u8>,
    /// Every line that is not blank, with its 1-based number in the input.
    pub(crate) lines: Vec<(u64, Piece)>,
}

impl Block {
    /// The end of the run of lines from index `from` that holds about `bytes` bytes and at
    /// most `lines` lines: at least one line, and past `bytes` by less than the last line's
    /// length. (Each line's outcome is kept until it is handed over: a run of tiny invalid
    /// lines costs its outcomes' size, not its bytes.)
    pub(crate) fn end_of_chunk(&self, from: usize, bytes: usize, lines: usize) -> usize {
        let mut held = 0;
        let mut end = from;
        while let Some((_, piece)) = self.lines.get(end) {
            if end > from && (held >= bytes || end - from >= lines) {
                break;
            }
            held += piece.held();
            end += 1;
        }
        end
    }
}

/// Splits a reader into [`Block`]s of about `target` bytes.
pub(crate) struct LineBlocks<R> {
    reader: R,
    /// The record limit: longer lines become [`Piece::TooLong`].
    max: usize,
    /// How many bytes a block holds before it is handed out (more if one line is longer).
    target: usize,
    /// How many bytes one read asks for.
    chunk: usize,
    /// The start of a line that the last block did not finish.
    carry: Vec<u8>,
    /// The number of lines seen so far.
    number: u64,
    /// Set while a too-long line is being skipped: its length so far.
    skipping: Option<u64>,
    /// The last byte of the line being skipped, to drop a CR before its LF.
    skipped_last: Option<u8>,
    eof: bool,
}

impl<R: Read> LineBlocks<R> {
    /// Blocks of about `target` bytes from `reader`, with lines of at most `max` bytes.
    pub(crate) fn new(reader: R, max: usize, target: usize) -> Self {
        let target = target.max(1);
        Self {
            reader,
            max,
            target,
            chunk: target.min(256 * 1024),
            carry: Vec::new(),
            number: 0,
            skipping: None,
            skipped_last: None,
            eof: false,
        }
    }

    /// The next block, or `None` at the end of the input.
    ///
    /// # Errors
    /// A read error; the lines before it were handed out in earlier blocks.
    pub(crate) fn next_block(&mut self) -> io::Result<Option<Block>> {
        let mut block = Block {
            bytes: std::mem::take(&mut self.carry),
            lines: Vec::new(),
        };
        // Room for the whole block at once: growing it read by read would copy it each time.
        block.bytes.reserve(self.target + self.chunk);
        // Where the unfinished line starts, and how far it has been searched for an LF.
        let mut line_start = 0;
        let mut searched = block.bytes.len();
        loop {
            // Finish the lines in what has been read.
            while let Some(offset) = memchr::memchr(b'\n', &block.bytes[searched..]) {
                let end = searched + offset;
                self.number += 1;
                if let Some(length) = self.skipping.take() {
                    let length = length + end as u64 - line_start as u64;
                    let cr = if end > line_start {
                        block.bytes[end - 1] == b'\r'
                    } else {
                        self.skipped_last == Some(b'\r')
                    };
                    block
                        .lines
                        .push((self.number, Piece::TooLong(length - u64::from(cr))));
                    block.bytes.drain(line_start..=end);
                    searched = line_start;
                    continue;
                }
                self.push_text(&mut block, line_start..end);
                line_start = end + 1;
                searched = line_start;
            }
            searched = block.bytes.len();
            // Drop the unfinished line once it is longer than any record can be (one byte of
            // slack for a CR before its LF).
            let unfinished = block.bytes.len() - line_start;
            if self.skipping.is_some() || unfinished > self.max + 1 {
                *self.skipping.get_or_insert(0) += unfinished as u64;
                if unfinished > 0 {
                    self.skipped_last = block.bytes.last().copied();
                }
                block.bytes.truncate(line_start);
                searched = line_start;
            }
            if self.eof {
                if let Some(length) = self.skipping.take() {
                    self.number += 1;
                    let cr = u64::from(self.skipped_last == Some(b'\r'));
                    block.lines.push((self.number, Piece::TooLong(length - cr)));
                } else if line_start < block.bytes.len() {
                    self.number += 1;
                    let end = block.bytes.len();
                    self.push_text(&mut block, line_start..end);
                }
                break;
            }
            if !block.lines.is_empty() && block.bytes.len() >= self.target {
                self.carry = block.bytes.split_off(line_start);
                break;
            }
            // Read into the spare room as it is (`read_to_end` does not zero it first, as a
            // buffer handed to `read` must be), stopping after `chunk` bytes or at the end.
            let start = block.bytes.len();
            let chunk = self.chunk as u64;
            match (&mut self.reader).take(chunk).read_to_end(&mut block.bytes) {
                Ok(read) => self.eof = (read as u64) < chunk,
                Err(e) => {
                    block.bytes.truncate(start);
                    return Err(e);
                }
            }
        }
        if block.lines.is_empty() && self.eof && self.carry.is_empty() {
            return Ok(None);
        }
        Ok(Some(block))
    }

    /// Adds the line at `range` unless it is blank; a CR before the LF is not part of it.
    fn push_text(&self, block: &mut Block, mut range: Range<usize>) {
        if block.bytes[range.clone()].last() == Some(&b'\r') {
            range.end -= 1;
        }
        let text = &block.bytes[range.clone()];
        if text.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let piece = if text.len() > self.max {
            Piece::TooLong(text.len() as u64)
        } else {
            Piece::Text(range)
        };
        block.lines.push((self.number, piece));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line of `input` as text, with its number, read in blocks of `target` bytes.
    fn lines(input: &[u8], max: usize, target: usize) -> Vec<String> {
        let mut blocks = LineBlocks::new(input, max, target);
        let mut out = Vec::new();
        while let Some(block) = blocks.next_block().expect("in memory") {
            for (number, piece) in &block.lines {
                out.push(match piece {
                    Piece::Text(range) => {
                        format!(
                            "{number}:{}",
                            String::from_utf8_lossy(&block.bytes[range.clone()])
                        )
                    }
                    Piece::TooLong(n) => format!("{number}:<{n} bytes>"),
                });
            }
        }
        out
    }

    #[test]
    fn splits_lines_numbers_them_and_skips_blank_ones() {
        for target in [1, 2, 3, 5, 64] {
            assert_eq!(
                lines(b"ab\r\ncd\n\n  \nef", 10, target),
                ["1:ab", "2:cd", "5:ef"],
                "target {target}"
            );
            assert!(lines(b"", 5, target).is_empty());
            assert!(lines(b"\n\r\n", 5, target).is_empty());
        }
    }

    #[test]
    fn counts_and_drops_lines_longer_than_the_limit() {
        for target in [1, 2, 3, 4, 7, 64] {
            assert_eq!(
                lines(b"abcdefghij\nxy\n", 5, target),
                ["1:<10 bytes>", "2:xy"],
                "target {target}"
            );
            assert_eq!(
                lines(b"abcde\r\n", 5, target),
                ["1:abcde"],
                "target {target}"
            );
            assert_eq!(
                lines(b"abcdef\r\n", 5, target),
                ["1:<6 bytes>"],
                "target {target}"
            );
            assert_eq!(
                lines(b"x\nabcdefghij", 5, target),
                ["1:x", "2:<10 bytes>"],
                "target {target}"
            );
            assert_eq!(
                lines(b"abcdefghij\r\n\r\nok", 5, target),
                ["1:<10 bytes>", "3:ok"],
                "target {target}"
            );
        }
    }

    #[test]
    fn a_small_target_splits_the_input_between_lines() {
        let input = b"one\ntwo\nthree\nfour\n";
        let mut blocks = LineBlocks::new(&input[..], 100, 6);
        let mut per_block = Vec::new();
        while let Some(block) = blocks.next_block().expect("in memory") {
            let texts: Vec<String> = block
                .lines
                .iter()
                .map(|(_, piece)| match piece {
                    Piece::Text(range) => {
                        String::from_utf8_lossy(&block.bytes[range.clone()]).into()
                    }
                    Piece::TooLong(n) => format!("<{n} bytes>"),
                })
                .collect();
            per_block.push(texts);
        }
        assert_eq!(per_block, [["one"], ["two"], ["three"], ["four"]]);
    }

    /// A reader that hands out at most `step` bytes per read, is interrupted before every
    /// other read, and fails once it has handed out `fail_at` bytes.
    struct Trickle<'a> {
        input: &'a [u8],
        step: usize,
        interrupt: bool,
        fail_at: Option<usize>,
        given: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            if self.fail_at.is_some_and(|at| self.given >= at) {
                return Err(io::Error::other("the disk went away"));
            }
            let n = self.step.min(buf.len()).min(self.input.len());
            buf[..n].copy_from_slice(&self.input[..n]);
            self.input = &self.input[n..];
            self.given += n;
            Ok(n)
        }
    }

    #[test]
    fn short_and_interrupted_reads_give_the_same_lines() {
        let input = b"ab\r\ncd\n\n  \nefghijklmnop\nqr\nlast";
        for step in [1, 2, 3, 7, 100] {
            for target in [1, 3, 8, 64] {
                let reader = Trickle {
                    input,
                    step,
                    interrupt: false,
                    fail_at: None,
                    given: 0,
                };
                let mut blocks = LineBlocks::new(reader, 6, target);
                let mut got = Vec::new();
                while let Some(block) = blocks.next_block().expect("no failure") {
                    got.extend(block.lines.iter().map(|(n, piece)| match piece {
                        Piece::Text(range) => {
                            format!(
                                "{n}:{}",
                                String::from_utf8_lossy(&block.bytes[range.clone()])
                            )
                        }
                        Piece::TooLong(len) => format!("{n}:<{len} bytes>"),
                    }));
                }
                assert_eq!(got, lines(input, 6, target), "step {step}, target {target}");
                assert_eq!(got, ["1:ab", "2:cd", "5:<12 bytes>", "6:qr", "7:last"]);
            }
        }
    }

    #[test]
    fn a_read_error_is_returned_after_the_lines_before_it() {
        let input = b"one\ntwo\nthree\n";
        let reader = Trickle {
            input,
            step: 4,
            interrupt: false,
            fail_at: Some(8),
            given: 0,
        };
        let mut blocks = LineBlocks::new(reader, 100, 4);
        let mut seen = Vec::new();
        let error = loop {
            match blocks.next_block() {
                Ok(Some(block)) => seen.extend(block.lines.into_iter().map(|(n, _)| n)),
                Ok(None) => panic!("the reader fails before the end"),
                Err(e) => break e,
            }
        };
        assert_eq!(seen, [1, 2]);
        assert_eq!(error.to_string(), "the disk went away");
    }

    #[test]
    fn a_block_is_cut_into_chunks_of_about_the_bytes_asked_for() {
        // Lines of 1 to 9 bytes, a blank one (not a line of the block) and a too-long one
        // (no bytes kept), cut into chunks of about 10 bytes.
        let input = b"1\n22\n333\n4444\n\n55555\n666666666666\n7777777\n88888888\n999999999\n";
        let mut blocks = LineBlocks::new(&input[..], 10, 1 << 20);
        let block = blocks.next_block().expect("in memory").expect("a block");
        let mut chunks = Vec::new();
        let mut at = 0;
        while at < block.lines.len() {
            let end = block.end_of_chunk(at, 10, usize::MAX);
            chunks.push(block.lines[at..end].iter().map(|l| l.0).collect::<Vec<_>>());
            at = end;
        }
        // Each chunk reaches 10 bytes with its last line, and not before it (the last chunk
        // holds what is left).
        assert_eq!(chunks, [vec![1, 2, 3, 4], vec![6, 7, 8], vec![9, 10]]);
        let total: usize = block.lines.iter().map(|(_, piece)| piece.held()).sum();
        assert_eq!(total, 1 + 2 + 3 + 4 + 5 + 7 + 8 + 9);
        // A chunk has a line even when one line is larger than asked for.
        assert_eq!(block.end_of_chunk(0, 0, usize::MAX), 1);
        assert_eq!(
            block.end_of_chunk(block.lines.len(), 10, usize::MAX),
            block.lines.len()
        );
        // And no more lines than asked for, however short they are.
        assert_eq!(block.end_of_chunk(0, 1 << 20, 3), 3);
        assert_eq!(block.end_of_chunk(0, 1 << 20, 0), 1);
    }

    #[test]
    fn memory_stays_bounded_by_the_limit_and_the_target() {
        // A 10 MB line with a 1 KB limit is counted, not kept.
        let mut input = vec![b'x'; 10_000_000];
        input.extend_from_slice(b"\n{}\n");
        let mut blocks = LineBlocks::new(&input[..], 1024, 4096);
        let mut seen = Vec::new();
        while let Some(block) = blocks.next_block().expect("in memory") {
            assert!(
                block.bytes.capacity() < 1024 * 1024,
                "{}",
                block.bytes.capacity()
            );
            seen.extend(
                block
                    .lines
                    .into_iter()
                    .map(|(n, p)| (n, matches!(p, Piece::TooLong(_)))),
            );
        }
        assert_eq!(seen, [(1, true), (2, false)]);
    }
}
