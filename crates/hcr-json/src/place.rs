//! Places in a JSON text: a position, a span, and which part of a member a pointer means.

use serde::Serialize;

/// A place in the source text: 1-based line and column (columns count Unicode code points) and
/// the 0-based byte offset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Position {
    /// 1-based line number.
    pub line: u32,
    /// 1-based column, in Unicode code points.
    pub column: u32,
    /// 0-based byte offset into the source.
    pub offset: usize,
}

/// A range of the source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    /// Where the value (or key) starts.
    pub start: Position,
    /// Just past where it ends.
    pub end: Position,
}

/// What part of the member at a pointer is meant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The value at the pointer (the last occurrence, when a key is repeated).
    #[default]
    Value,
    /// The member's key rather than its value.
    Key,
    /// The key of the `n`th (1-based) occurrence of a repeated member.
    KeyOccurrence(usize),
    /// The value of the `n`th (1-based) occurrence of a repeated member.
    ValueOccurrence(usize),
    /// A known place in the source (parse errors).
    Offset(usize),
}
