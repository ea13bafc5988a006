//! Positions and edits: the validator speaks byte offsets, LSP speaks lines and UTF-16 code
//! units. Line breaks are `\n`, `\r\n` and a lone `\r`, as LSP and `hcr-json` both count them.

use lsp_types::{Position, Range, TextDocumentContentChangeEvent};

/// Where each line of a text starts (byte offsets), for converting many offsets at once.
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`'s lines.
    #[must_use]
    pub fn new(text: &str) -> Self {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut at = 0;
        while let Some(found) = memchr2(b'\n', b'\r', &bytes[at..]) {
            let i = at + found;
            let next = if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i + 2
            } else {
                i + 1
            };
            starts.push(next);
            at = next;
        }
        Self { starts }
    }

    /// The LSP position (UTF-16 columns) of the byte `offset` of `text` (clamped to the text,
    /// and back to the start of a character it falls inside).
    #[must_use]
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let offset = floor_char_boundary(text, offset.min(text.len()));
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts[line];
        let character = utf16_len(&text[start..offset]);
        Position::new(
            u32::try_from(line).unwrap_or(u32::MAX),
            u32::try_from(character).unwrap_or(u32::MAX),
        )
    }

    /// The byte offset of the LSP position `position` in `text`: a line past the end is the
    /// end of the text, a column past the line's end is the line's end (before its break), and
    /// a column inside a surrogate pair is the character's start.
    #[must_use]
    pub fn offset(&self, text: &str, position: Position) -> usize {
        let line = position.line as usize;
        let Some(&start) = self.starts.get(line) else {
            return text.len();
        };
        let end = self.line_end(text, line);
        let mut units = 0usize;
        for (i, c) in text[start..end].char_indices() {
            let next = units + c.len_utf16();
            if next > position.character as usize {
                return start + i;
            }
            units = next;
        }
        end
    }

    /// The LSP range of the byte range `start..end` of `text`.
    #[must_use]
    pub fn range(&self, text: &str, start: usize, end: usize) -> Range {
        Range::new(self.position(text, start), self.position(text, end))
    }

    /// Where line `line`'s text ends, before its break.
    fn line_end(&self, text: &str, line: usize) -> usize {
        let bytes = text.as_bytes();
        let mut end = self.starts.get(line + 1).copied().unwrap_or(text.len());
        if end > self.starts[line] && bytes.get(end - 1) == Some(&b'\n') {
            end -= 1;
        }
        if end > self.starts[line] && bytes.get(end - 1) == Some(&b'\r') {
            end -= 1;
        }
        end
    }
}

/// The UTF-16 length of `text`.
#[must_use]
pub fn utf16_len(text: &str) -> usize {
    text.chars().map(char::len_utf16).sum()
}

/// The largest character boundary of `text` at or before `offset`.
fn floor_char_boundary(text: &str, mut offset: usize) -> usize {
    while offset > 0 && !text.is_char_boundary(offset) {
        offset -= 1;
    }
    offset
}

fn memchr2(a: u8, b: u8, haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&c| c == a || c == b)
}

/// Applies one change of `textDocument/didChange` to `text`: a range replaced, or (without a
/// range) the whole text. Positions outside the text are clamped, never refused: a client
/// out of step gets the nearest reading, and the next full change sets it right.
pub fn apply_change(text: &mut String, change: &TextDocumentContentChangeEvent) {
    match change.range {
        None => change.text.clone_into(text),
        Some(range) => {
            let index = LineIndex::new(text);
            let start = index.offset(text, range.start);
            let end = index.offset(text, range.end).max(start);
            text.replace_range(start..end, &change.text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (text, byte offset, line, UTF-16 column)
    const POSITIONS: &[(&str, usize, u32, u32)] = &[
        ("abc", 0, 0, 0),
        ("abc", 3, 0, 3),
        ("a\nb", 2, 1, 0),
        ("a\r\nb", 3, 1, 0),
        ("a\rb", 2, 1, 0),
        ("é😀x", 2, 0, 1),
        ("é😀x", 6, 0, 3),
        ("é😀x", 7, 0, 4),
        ("\u{1F600}\n\u{1F600}z", 10, 1, 3),
    ];

    #[test]
    fn offsets_and_positions_agree() {
        for &(text, offset, line, character) in POSITIONS {
            let index = LineIndex::new(text);
            let position = index.position(text, offset);
            assert_eq!(
                (position.line, position.character),
                (line, character),
                "{text:?} at {offset}"
            );
            assert_eq!(index.offset(text, position), offset, "{text:?} at {offset}");
        }
    }

    #[test]
    fn positions_outside_the_text_are_clamped() {
        let text = "ab\r\ncd";
        let index = LineIndex::new(text);
        assert_eq!(index.offset(text, Position::new(0, 99)), 2);
        assert_eq!(index.offset(text, Position::new(9, 0)), text.len());
        // Inside the astral character's surrogate pair: its start.
        let text = "😀";
        assert_eq!(LineIndex::new(text).offset(text, Position::new(0, 1)), 0);
        // Inside a UTF-8 sequence: the character's start.
        assert_eq!(LineIndex::new("é").position("é", 1), Position::new(0, 0));
    }

    #[test]
    fn edits_apply_in_utf16() {
        let change = |l1, c1, l2, c2, new: &str| TextDocumentContentChangeEvent {
            range: Some(Range::new(Position::new(l1, c1), Position::new(l2, c2))),
            range_length: None,
            text: new.to_owned(),
        };
        let mut text = "{\"a\": \"😀x\"}\n{}".to_owned();
        apply_change(&mut text, &change(0, 9, 0, 10, "y"));
        assert_eq!(text, "{\"a\": \"😀y\"}\n{}");
        apply_change(&mut text, &change(0, 12, 1, 1, ""));
        assert_eq!(text, "{\"a\": \"😀y\"}}");
        apply_change(
            &mut text,
            &TextDocumentContentChangeEvent {
                range: None,
                range_length: None,
                text: "new".to_owned(),
            },
        );
        assert_eq!(text, "new");
    }
}
