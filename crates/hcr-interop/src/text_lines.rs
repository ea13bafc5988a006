//! The lines of a Markdown document, with the positions diagnostics point at.

use hcr_validate::{Position, Span};

/// A line of the document: its 1-based number, byte range and text (without the line end).
pub(crate) struct Line<'a> {
    pub(crate) number: u32,
    pub(crate) start: usize,
    pub(crate) text: &'a str,
}

pub(crate) fn lines(text: &str) -> Vec<Line<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, raw) in text.split('\n').enumerate() {
        out.push(Line {
            number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            start,
            text: raw.trim_end_matches('\r'),
        });
        start += raw.len() + 1;
    }
    out
}

pub(crate) fn span(line: &Line<'_>) -> Span {
    let end_column = u32::try_from(line.text.chars().count() + 1).unwrap_or(u32::MAX);
    Span {
        start: Position {
            line: line.number,
            column: 1,
            offset: line.start,
        },
        end: Position {
            line: line.number,
            column: end_column,
            offset: line.start + line.text.len(),
        },
    }
}
