//! rustc-style text: each diagnostic with its source line and a caret, then a summary.

use std::borrow::Cow;
use std::io::{self, Write};
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Group, Level, Origin, Renderer, Snippet};
use hcr_validate::{Diagnostic, Severity};

use crate::{Context, Outcome, Render, Summary, place, summary_line};
use hcr_escape::{REPLACEMENT, escape, is_unsafe};

pub(crate) struct Text {
    context: Context,
    renderer: Renderer,
    /// A record's rendered diagnostics, written out together; its room is kept from one
    /// record to the next (up to [`Text::KEEP`]).
    buffer: String,
}

impl Text {
    pub(crate) fn new(context: Context) -> Self {
        let renderer = if context.color {
            Renderer::styled()
        } else {
            Renderer::plain()
        }
        .term_width(context.width);
        Self {
            context,
            renderer,
            buffer: String::new(),
        }
    }

    /// Rendered text past this many bytes is written out before the next diagnostic, and a
    /// buffer past it is not kept for the next record.
    const KEEP: usize = 1 << 16;
}

impl Render for Text {
    fn begin(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn record(&mut self, out: &mut dyn Write, outcome: &Outcome) -> io::Result<()> {
        let diagnostics = outcome.report.diagnostics();
        if diagnostics.is_empty() {
            return Ok(());
        }
        // The file as shown, escaped once for all of the record's diagnostics (and whether
        // annotate-snippets prints it as it is, asked once).
        let file = escape(&outcome.source.path_display()).into_owned();
        let file_plain = plain_word(&file);
        // Each diagnostic rendered into one buffer, not a string of its own: the usual one
        // is written there directly.
        let mut buffer = std::mem::take(&mut self.buffer);
        buffer.clear();
        for diagnostic in diagnostics {
            render_one(
                &self.renderer,
                &self.context,
                outcome,
                (&file, file_plain),
                diagnostic,
                &mut buffer,
            );
            buffer.push_str("\n\n");
            if buffer.len() > Self::KEEP {
                out.write_all(buffer.as_bytes())?;
                buffer.clear();
            }
        }
        let written = out.write_all(buffer.as_bytes());
        if buffer.capacity() <= Self::KEEP {
            self.buffer = buffer;
        }
        written
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &Summary) -> io::Result<()> {
        writeln!(out, "{}", summary_line(summary, &self.context))
    }
}

fn render_one(
    renderer: &Renderer,
    context: &Context,
    outcome: &Outcome,
    (file, file_plain): (&str, bool),
    diagnostic: &Diagnostic,
    out: &mut String,
) {
    // A code as written is printable ASCII, and so is a code's own help (which most
    // diagnostics have): `hcr-codes` checks both when it is compiled, so neither is tested
    // here for each diagnostic.
    let code = diagnostic.code.as_str();
    let (message, message_plain) = shown_word(&diagnostic.message);
    let (pointer, pointer_plain) = shown_word(diagnostic.pointer.shown());
    let (help, help_plain) = if diagnostic.has_its_codes_help() {
        (Cow::Borrowed(&*diagnostic.help), true)
    } else {
        shown_word(&diagnostic.help)
    };
    let shown = Shown {
        severity: diagnostic.severity,
        code,
        message,
        pointer,
        help,
        file,
        texts_plain: message_plain && pointer_plain && help_plain,
        file_plain,
    };
    let place = place(outcome, diagnostic);
    let excerpt =
        outcome
            .text
            .as_deref()
            .zip(place)
            .zip(diagnostic.span)
            .map(|((text, place), span)| {
                let excerpt = Excerpt::new(
                    text,
                    span.start.offset,
                    span.end.offset,
                    outcome.report.redactions(),
                );
                (excerpt, place.line)
            });
    match excerpt {
        // A window of a long line: the header gives the place, a note the text around it.
        Some((excerpt, line)) if excerpt.cut => {
            let column = place.map_or(1, |p| p.column as usize);
            let at = Some((usize::try_from(line).unwrap_or(usize::MAX), column));
            out.push_str(&shown.placed(
                renderer,
                context.color,
                shown.file,
                at,
                Some(&excerpt.line),
            ));
        }
        Some((excerpt, line)) => {
            if context.color || !shown.plain(&excerpt, line, context.width, out) {
                out.push_str(&shown.snippet(renderer, excerpt, line));
            }
        }
        None => {
            let file = shown.file;
            let path = match outcome.source.line {
                Some(line) => format!("{file}:{line}"),
                None => file.to_owned(),
            };
            let at = place.map(|place| {
                (
                    usize::try_from(place.line).unwrap_or(usize::MAX),
                    place.column as usize,
                )
            });
            out.push_str(&shown.placed(renderer, context.color, &path, at, None));
        }
    }
}

/// What a diagnostic shows, escaped for the terminal.
struct Shown<'a> {
    severity: Severity,
    code: &'a str,
    message: Cow<'a, str>,
    pointer: Cow<'a, str>,
    help: Cow<'a, str>,
    file: &'a str,
    /// Whether the code, message, pointer and help are each a [`plain_word`].
    texts_plain: bool,
    /// Whether `file` is a [`plain_word`].
    file_plain: bool,
}

/// Leading spaces annotate-snippets shows in full (more are trimmed to fit the width).
const PLAIN_INDENT: usize = 20;

impl Shown<'_> {
    /// The diagnostic rendered by annotate-snippets: the title, what `body` adds to it (the
    /// place), then the pointer and the help.
    fn annotated<'g>(
        &'g self,
        renderer: &Renderer,
        body: impl FnOnce(Group<'g>) -> Group<'g>,
    ) -> String {
        let level = match self.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
            Severity::Info => Level::INFO,
        };
        let title = level.primary_title(&*self.message).id(self.code);
        let group = body(Group::with_title(title))
            .element(
                Level::NOTE
                    .with_name(Some("pointer"))
                    .message(&*self.pointer),
            )
            .element(Level::HELP.message(&*self.help));
        renderer.render(&[group])
    }

    /// The diagnostic with its one-line excerpt, by annotate-snippets.
    fn snippet(&self, renderer: &Renderer, excerpt: Excerpt<'_>, line: u64) -> String {
        self.annotated(renderer, |title| {
            title.element(
                Snippet::source(excerpt.line)
                    .line_start(usize::try_from(line).unwrap_or(usize::MAX))
                    .path(self.file)
                    .annotation(AnnotationKind::Primary.span(excerpt.mark)),
            )
        })
    }

    /// The diagnostic with its place (`path`, and a line and column) and, for a window of a
    /// long line, the `source` note.
    fn placed(
        &self,
        renderer: &Renderer,
        color: bool,
        path: &str,
        at: Option<(usize, usize)>,
        source: Option<&str>,
    ) -> String {
        if !color && let Some(text) = self.plain_placed(path, at, source) {
            return text;
        }
        self.annotated_placed(renderer, path, at, source)
    }

    /// [`Shown::placed`] by annotate-snippets.
    fn annotated_placed(
        &self,
        renderer: &Renderer,
        path: &str,
        at: Option<(usize, usize)>,
        source: Option<&str>,
    ) -> String {
        let mut origin = Origin::path(path);
        if let Some((line, column)) = at {
            origin = origin.line(line).char_column(column);
        }
        self.annotated(renderer, |title| {
            let title = title.element(origin);
            match source {
                Some(source) => {
                    title.element(Level::NOTE.with_name(Some("source")).message(source))
                }
                None => title,
            }
        })
    }

    /// [`Shown::annotated_placed`] written directly, without colour, when every word is one
    /// annotate-snippets prints as it is: byte for byte its rendering (the differential tests
    /// below hold it to that), at a fraction of the cost (a diagnostic of a JSON Lines record
    /// took annotate-snippets about 120,000 instructions); `None` for anything else.
    fn plain_placed(
        &self,
        path: &str,
        at: Option<(usize, usize)>,
        source: Option<&str>,
    ) -> Option<String> {
        if !(self.texts_plain && plain_word(path) && plain_word(source.unwrap_or_default())) {
            return None;
        }
        /// Without line numbers, annotate-snippets' gutter is two spaces wide.
        const GUTTER: &str = "  ";
        let mut out = String::with_capacity(
            path.len()
                + self.message.len()
                + self.pointer.len()
                + self.help.len()
                + source.map_or(0, str::len)
                + 96,
        );
        self.write_title(&mut out, GUTTER);
        out.push_str(path);
        if let Some((line, column)) = at {
            out.push(':');
            push_number(&mut out, line);
            out.push(':');
            push_number(&mut out, column);
        }
        if let Some(source) = source {
            out.push('\n');
            out.push_str(GUTTER);
            out.push_str("= source: ");
            out.push_str(source);
        }
        self.write_notes(&mut out, GUTTER);
        Some(out)
    }

    /// The title line and the start of the place's line (`-->`), as annotate-snippets writes
    /// them beside a gutter of `gutter`.
    fn write_title(&self, out: &mut String, gutter: &str) {
        let severity = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        };
        for part in [
            severity,
            "[",
            self.code,
            "]: ",
            &self.message,
            "\n",
            &gutter[1..],
            "--> ",
        ] {
            out.push_str(part);
        }
    }

    /// The pointer and help notes that end every diagnostic, beside a gutter of `gutter`.
    fn write_notes(&self, out: &mut String, gutter: &str) {
        for part in [
            "\n",
            gutter,
            "= pointer: ",
            &self.pointer,
            "\n",
            gutter,
            "= help: ",
            &self.help,
        ] {
            out.push_str(part);
        }
    }

    /// The common case of [`Shown::snippet`] without colour, written directly: a line of
    /// printable ASCII that fits `width`, words without characters annotate-snippets reshapes.
    /// Byte for byte what annotate-snippets prints for it (the differential test below holds
    /// it to that), at a fraction of the cost, pushed onto `out`; false (and nothing pushed)
    /// for anything else.
    fn plain(&self, excerpt: &Excerpt<'_>, number: u64, width: usize, out: &mut String) -> bool {
        let line: &str = &excerpt.line;
        let Some(digits) = number.checked_ilog10() else {
            return false;
        };
        let digits = digits as usize + 1;
        // The leading spaces counted a byte at a time (`trim_start_matches` decoded each as
        // a character).
        let indent = line.bytes().position(|b| b != b' ').unwrap_or(line.len());
        let mark = &excerpt.mark;
        if mark.is_empty()
            || mark.end > line.len()
            || indent > PLAIN_INDENT
            || line.ends_with(' ')
            || !(excerpt.printable || printable(line))
            || !(self.texts_plain && self.file_plain)
        {
            return false;
        }
        // A line wider than the room beside a gutter of `digits` and ` | ` is shown as the
        // part annotate-snippets keeps of it; a line that fits (nearly every one), whole.
        let window = if line.len() + digits + 3 > width {
            match Window::of(line.len(), indent, mark, width.saturating_sub(digits + 3)) {
                Some(window) => Some(window),
                None => return false,
            }
        } else {
            None
        };
        // A line number has at most 20 digits.
        let gutter = &SPACES[..=digits];
        out.reserve(
            4 * line.len()
                + self.file.len()
                + self.message.len()
                + self.pointer.len()
                + self.help.len()
                + 128,
        );
        self.write_title(out, gutter);
        out.push_str(self.file);
        out.push(':');
        push_number(out, number);
        out.push(':');
        push_number(out, mark.start + 1);
        for part in ["\n", gutter, "|\n"] {
            out.push_str(part);
        }
        push_number(out, number);
        let left = match window {
            None => {
                for part in [" | ", line, "\n", gutter, "| "] {
                    out.push_str(part);
                }
                0
            }
            Some(window) => {
                out.push_str(" | ");
                window.push_line(out, line);
                for part in ["\n", gutter, "| "] {
                    out.push_str(part);
                }
                window.left
            }
        };
        push_repeated(out, SPACES, mark.start - left);
        push_repeated(out, CARETS, mark.len());
        for part in ["\n", gutter, "|"] {
            out.push_str(part);
        }
        self.write_notes(out, gutter);
        true
    }
}

/// What annotate-snippets shows of a line of printable ASCII (a column a byte) wider than
/// the room beside the gutter, indented by no more than [`PLAIN_INDENT`] spaces: the part
/// its margin keeps (the columns `left..right`), with `...` over the first three where it
/// cut on the left and over the last three where it cut on the right. Such a line (a
/// `recordId` of 201 characters, say) went through all of annotate-snippets' rendering,
/// about 220,000 instructions a diagnostic.
#[derive(Clone, Copy, Debug)]
struct Window {
    left: usize,
    right: usize,
    cut_left: bool,
    cut_right: bool,
}

impl Window {
    /// The window of a line of `len` columns (more than `room`) indented by `indent`
    /// spaces, for `mark`, in `room` columns: annotate-snippets' `Margin` arithmetic for one
    /// annotation without a label; `None` where its rendering may do more than cut the line
    /// (a mark wider than twice the room has its middle elided), and for a window of fewer
    /// than six columns or a mark that starts left of it, which it is not worth following
    /// there.
    fn of(len: usize, indent: usize, mark: &Range<usize>, room: usize) -> Option<Self> {
        debug_assert!(len > room, "a line that fits is shown whole");
        /// Room annotate-snippets leaves for its `...` around the spans.
        const PASSING: usize = 6;
        if indent > PLAIN_INDENT || mark.len() > room * 2 {
            return None;
        }
        // Indentation of at most 20 (less the passing) is never trimmed on its own.
        let whitespace = indent.saturating_sub(PASSING);
        let span_left = mark.start.saturating_sub(PASSING);
        // The span's right and its label's (it has none) are the same.
        let span_right = mark.end + PASSING;
        let (left, right) =
            if span_right.saturating_sub(whitespace) <= room && span_right >= whitespace {
                (whitespace, whitespace + room)
            } else if span_right - span_left <= room {
                // (Without a label, this is the first reading's case and the next's alike.)
                let padding = (room - (span_right - span_left)) / 2;
                let left = span_left.saturating_sub(padding);
                (left, left + room)
            } else {
                (span_left, span_right)
            };
        let cut_left = left > 0;
        let left = left.min(len);
        let right = if len.saturating_sub(left) <= room {
            len
        } else {
            len.min(right)
        };
        if right < left + 6 || mark.start < left {
            return None;
        }
        Some(Self {
            left,
            right,
            cut_left,
            cut_right: len > right,
        })
    }

    /// Pushes what the window shows of `line`.
    #[cold]
    fn push_line(self, out: &mut String, line: &str) {
        let shown = &line[self.left..self.right];
        let from = if self.cut_left { 3 } else { 0 };
        let to = if self.cut_right {
            shown.len() - 3
        } else {
            shown.len()
        };
        if self.cut_left {
            out.push_str("...");
        }
        out.push_str(&shown[from..to]);
        if self.cut_right {
            out.push_str("...");
        }
    }
}

/// Enough spaces for any gutter.
const SPACES: &str = "                        ";

/// Pushes `count` copies of `unit`'s one character, a run of it at a time.
// Always inlined: a call for each (three numbers and two runs a diagnostic) cost more
// than the writes.
#[inline(always)]
fn push_repeated(out: &mut String, unit: &str, mut count: usize) {
    while count > 0 {
        let run = count.min(unit.len());
        out.push_str(&unit[..run]);
        count -= run;
    }
}

/// A run of carets, for the mark under a span.
const CARETS: &str = "^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^";

/// A word as shown (escaped) and whether annotate-snippets prints it as it is: printable
/// ASCII (most words) is both without a second look.
fn shown_word(text: &str) -> (Cow<'_, str>, bool) {
    if printable(text) {
        return (Cow::Borrowed(text), true);
    }
    let shown = escape(text);
    let plain = plain_word(&shown);
    (shown, plain)
}

/// Printable ASCII.
fn printable(text: &str) -> bool {
    hcr_escape::is_printable_ascii(text.as_bytes())
}

/// Writes `number` in decimal.
// Always inlined: a call for each (three numbers and two runs a diagnostic) cost more
// than the writes.
#[inline(always)]
fn push_number(out: &mut String, number: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(number));
}

/// A word (not a snippet's line, whose columns count) annotate-snippets prints as it is: no
/// control character, tab or character it replaces (the unsafe ones).
fn plain_word(text: &str) -> bool {
    printable(text) || !text.chars().any(|c| c.is_control() || is_unsafe(c))
}

/// Lines longer than this many bytes are shown as a window around the span: rendering a
/// whole multi-megabyte line (a one-line record) for each diagnostic would be quadratic.
const LONG_LINE: usize = 400;

/// Bytes shown either side of the span in a window, and at most this much of the span.
const CONTEXT: usize = 60;

/// The source line of a diagnostic, made safe to print, and the range to underline in it.
struct Excerpt<'t> {
    /// The line as shown: the record's own text where that is what is shown (a whole line
    /// of printable ASCII without a secret, nearly every line), so that it is not copied.
    line: Cow<'t, str>,
    mark: Range<usize>,
    /// `line` is a window cut out of a longer line, marked with `…` where it was cut.
    cut: bool,
    /// `line` is known to be printable ASCII: the record's own line, tested as it was read
    /// (then [`Shown::plain`] does not test it again); false says nothing.
    printable: bool,
}

impl<'t> Excerpt<'t> {
    /// The line of `text` holding byte `start` (or a window of it, when long), with unsafe
    /// characters replaced and secrets masked one character for one, so that columns still
    /// match the diagnostic's. Work is bounded by [`LONG_LINE`], not by the line's length.
    fn new(text: &'t [u8], start: usize, end: usize, redactions: &[Range<usize>]) -> Self {
        Self::read(text, start, end, redactions, true)
    }

    /// [`Excerpt::new`]; `whole` lets a line of printable ASCII without a secret be shown
    /// as it is (the tests compare that with the walk over each character).
    fn read(
        text: &'t [u8],
        start: usize,
        end: usize,
        redactions: &[Range<usize>],
        whole: bool,
    ) -> Self {
        let start = start.min(text.len());
        // Look for the line's ends no further than LONG_LINE bytes away.
        let back = start.saturating_sub(LONG_LINE);
        // Lines end at LF, CRLF or a lone CR.
        let line_start = memchr::memrchr2(b'\n', b'\r', &text[back..start]).map(|i| back + i + 1);
        let ahead = start.saturating_add(LONG_LINE).min(text.len());
        let line_end = memchr::memchr2(b'\n', b'\r', &text[start..ahead]).map(|i| start + i);
        let (line_start, line_end, cut) = match (line_start, line_end) {
            (Some(s), Some(e)) if e - s <= LONG_LINE => (s, e, false),
            (None, Some(e)) if back == 0 && e <= LONG_LINE => (0, e, false),
            (Some(s), None) if ahead == text.len() && text.len() - s <= LONG_LINE => {
                (s, text.len(), false)
            }
            (None, None) if back == 0 && ahead == text.len() => (0, text.len(), false),
            (s, e) => (s.unwrap_or(0), e.unwrap_or(text.len()), true),
        };
        let (from, to) = if cut {
            let mark_end = end.clamp(start, start + CONTEXT).min(line_end);
            (
                boundary(text, start.saturating_sub(CONTEXT).max(line_start)),
                boundary(text, (mark_end + CONTEXT).min(line_end)),
            )
        } else {
            (line_start, line_end)
        };
        let raw = &text[from..to];
        let raw = if to == line_end {
            raw.strip_suffix(b"\r").unwrap_or(raw)
        } else {
            raw
        };
        // Printable ASCII with no secret in it (nearly every line) is shown as it is: the
        // record's own text (a copy only for a window's `…`), instead of a test per
        // character, the marks where the bytes are.
        let clean = redactions
            .get(redactions.partition_point(|r| r.end <= from))
            .is_none_or(|r| r.start >= to);
        if whole
            && clean
            && hcr_escape::is_printable_ascii(raw)
            && let Ok(shown) = std::str::from_utf8(raw)
        {
            let (before, after) = (from > line_start, to < line_end);
            let offset = if before { '…'.len_utf8() } else { 0 };
            let line = if before || after {
                let mut line = String::with_capacity(raw.len() + 6);
                if before {
                    line.push('…');
                }
                line.push_str(shown);
                if after {
                    line.push('…');
                }
                Cow::Owned(line)
            } else {
                Cow::Borrowed(shown)
            };
            let past = from + raw.len();
            let mark_start = (from..past).contains(&start).then(|| offset + start - from);
            let mark_end = (from..=past).contains(&end).then(|| offset + end - from);
            let printable = matches!(line, Cow::Borrowed(_));
            let mut excerpt = Self::marked(line, mark_start, mark_end, start, end, cut);
            excerpt.printable = printable;
            return excerpt;
        }
        let mut line = String::with_capacity(raw.len() + 6);
        if from > line_start {
            line.push('…');
        }
        let mut mark_start = None;
        let mut mark_end = None;
        // Walk the raw bytes as (lossy) characters, keeping their offsets in the record.
        let mut at = from;
        for chunk in raw.utf8_chunks() {
            for c in chunk.valid().chars() {
                let masked = masked(redactions, at);
                if at == start {
                    mark_start = Some(line.len());
                }
                if at == end {
                    mark_end = Some(line.len());
                }
                let shown = if masked && c != '"' {
                    '*'
                } else if is_unsafe(c) {
                    REPLACEMENT
                } else {
                    c
                };
                line.push(shown);
                at += c.len_utf8();
            }
            for _ in chunk.invalid() {
                if at == start {
                    mark_start = Some(line.len());
                }
                // A byte of a secret is masked even where it is not text: the replacement
                // characters would spell the secret as the set knows it.
                line.push(if masked(redactions, at) {
                    '*'
                } else {
                    REPLACEMENT
                });
                at += 1;
            }
        }
        if at == end {
            mark_end = Some(line.len());
        }
        if to < line_end {
            line.push('…');
        }
        Self::marked(Cow::Owned(line), mark_start, mark_end, start, end, cut)
    }

    /// The excerpt of `line`, where the span `start..end` of the record begins at byte
    /// `mark_start` of it and ends at `mark_end` (`None` where the line does not hold it).
    fn marked(
        line: Cow<'t, str>,
        mark_start: Option<usize>,
        mark_end: Option<usize>,
        start: usize,
        end: usize,
        cut: bool,
    ) -> Self {
        let mark_start = mark_start.unwrap_or(line.len());
        // A span that runs past this line (an object, an array) is marked by its first
        // character; an empty one (the end of the input) by the position alone.
        let mark_end = match mark_end {
            Some(e) if end > start && e >= mark_start => e,
            _ if end > start => line[mark_start..]
                .chars()
                .next()
                .map_or(mark_start, |c| mark_start + c.len_utf8()),
            _ => mark_start,
        };
        Self {
            line,
            mark: mark_start..mark_end,
            cut,
            printable: false,
        }
    }
}

/// Whether byte `at` lies in one of `redactions` (sorted and disjoint).
fn masked(redactions: &[Range<usize>], at: usize) -> bool {
    let after = redactions.partition_point(|r| r.start <= at);
    after > 0 && redactions[after - 1].contains(&at)
}

/// `at`, moved forward to the start of a UTF-8 character (past continuation bytes).
fn boundary(text: &[u8], mut at: usize) -> usize {
    while at < text.len() && (0x80..0xC0).contains(&text[at]) {
        at += 1;
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig { cases: 3000, .. ProptestConfig::default() })]

        /// A line of printable ASCII without a secret is copied whole: the same line and
        /// marks as the walk over each character, for any span and any redactions, on lines
        /// short and long (cut into a window), with and without other characters.
        #[test]
        fn an_excerpt_copied_whole_is_the_excerpt_read_by_character(
            pieces in prop::collection::vec(
                prop_oneof![
                    6 => "[ -~]{0,40}",
                    1 => Just("\n".to_owned()),
                    1 => Just("\r\n".to_owned()),
                    1 => Just("\r".to_owned()),
                    1 => "[é€\u{1b}\t\u{202e}]{1,2}",
                    1 => "[a-z]{300,500}",
                ],
                0..12,
            ),
            invalid in prop::option::of(0usize..2000),
            start in 0usize..2000,
            length in 0usize..200,
            redactions in prop::collection::vec((0usize..2000, 0usize..30), 0..3),
        ) {
            let mut text = pieces.concat().into_bytes();
            if let Some(at) = invalid.filter(|&at| at < text.len()) {
                text[at] = 0xFF;
            }
            let start = start % (text.len() + 1);
            let end = (start + length).min(text.len());
            let mut ranges: Vec<Range<usize>> =
                redactions.into_iter().map(|(at, len)| at..at + len + 1).collect();
            ranges.sort_by_key(|r| r.start);
            let mut disjoint: Vec<Range<usize>> = Vec::new();
            for range in ranges {
                if disjoint.last().is_none_or(|last| last.end < range.start) {
                    disjoint.push(range);
                }
            }
            let whole = Excerpt::read(&text, start, end, &disjoint, true);
            let by_character = Excerpt::read(&text, start, end, &disjoint, false);
            prop_assert_eq!(
                (&whole.line, &whole.mark, whole.cut),
                (&by_character.line, &by_character.mark, by_character.cut)
            );
            // A line said to be printable ASCII is (the direct rendering trusts it).
            prop_assert!(!whole.printable || printable(&whole.line), "{:?}", whole.line);
        }
    }

    /// A record's text report with each diagnostic's help as `help` gives it (`None`: as
    /// the validator gave it), from a file or a JSON Lines line.
    fn rendered_with_help(
        text: &str,
        help: impl Fn(&Diagnostic) -> Option<Cow<'static, str>>,
        line: Option<u64>,
    ) -> String {
        use hcr_batch::Source;
        use hcr_validate::{Level, Report, Validator};
        let report = Validator::new(Level::Normative).validate_str(text);
        let diagnostics: Vec<Diagnostic> = report
            .diagnostics()
            .iter()
            .map(|d| match help(d) {
                Some(help) => d.clone().help(help),
                None => d.clone(),
            })
            .collect();
        let source = Source {
            path: Some(std::path::PathBuf::from("records/a \"b\".json")),
            line,
            label: None,
        };
        let outcome = Outcome::new(
            source,
            0,
            Report::from_diagnostics(diagnostics),
            Some(text.as_bytes()),
        );
        let mut out = Vec::new();
        Text::new(Context::new(Level::Normative))
            .record(&mut out, &outcome)
            .expect("a Vec");
        String::from_utf8(out).expect("UTF-8")
    }

    /// A code as written and a code's own help are shown without a test (`hcr-codes` checks
    /// them when it is compiled): every code's are printable ASCII, a diagnostic has its
    /// code's help only as the validator gives it, and any other help (the same text copied,
    /// a `'static` text, texts at the edges of what is escaped: controls, line breaks, DEL
    /// and C1 controls, bidirectional and invisible characters, quotes and backslashes,
    /// non-ASCII, a long one) is shown as before: escaped where it must be, and rendered by
    /// annotate-snippets where the direct rendering does not apply.
    #[test]
    fn a_codes_own_help_is_shown_as_any_other_help_is() {
        // Findings of several codes, each on a line of its own.
        let text = concat!(
            "{\n  \"schemaVersion\": \"2.0\",\n  \"recordId\": 7,\n  \"evidence\": [\n",
            "    {\"id\": \"e1\", \"kind\": \"log\", \"sha256\": \"nope\"},\n",
            "    {\"id\": \"e1\", \"kind\": \"log\", \"uri\": \"\"}\n  ]\n}"
        );
        let report =
            hcr_validate::Validator::new(hcr_validate::Level::Normative).validate_str(text);
        let codes: Vec<_> = report.diagnostics().iter().map(|d| d.code).collect();
        // Some with their code's own help and some with a help of their own.
        let own = report
            .diagnostics()
            .iter()
            .filter(|d| d.has_its_codes_help())
            .count();
        assert!(own >= 4 && codes.len() >= own + 4, "{own} of {codes:?}");
        let pointer = report.diagnostics()[0].pointer.clone();
        for &code in hcr_validate::ALL_CODES {
            assert_eq!(
                shown_word(code.as_str()),
                (Cow::Borrowed(code.as_str()), true)
            );
            let help = code.info().help;
            assert_eq!(shown_word(help), (Cow::Borrowed(help), true), "{code:?}");
            let d = Diagnostic::new(code, pointer.clone(), "m");
            assert!(d.has_its_codes_help(), "{code:?}");
            assert!(!d.clone().help(help.to_owned()).has_its_codes_help());
            assert!(!d.help("another help").has_its_codes_help());
        }
        let edges: [&'static str; 16] = [
            "",
            "a \"quoted\" `help` with \\ and 'quotes'",
            "a tab\there",
            "an escape \u{1b}[2J here",
            "a line\nbreak",
            "a carriage\rreturn and CRLF\r\n",
            "a NUL \u{0} and BEL \u{7}",
            "DEL \u{7f}",
            "a C1 control \u{85} and \u{9b}",
            "bidirectional \u{202e}reversed\u{202c} and \u{2066}isolated\u{2069}",
            "zero width \u{200b} and BOM \u{feff}",
            "caf\u{e9}, \u{1f600}, \u{2192}",
            "\u{e9}",
            "~ ",
            " leading and trailing ",
            "\u{1b}",
        ];
        let long = format!("{} \u{1b} {}", "x".repeat(500), "\u{e9}".repeat(200));
        for line in [None, Some(12)] {
            let own = rendered_with_help(text, |_| None, line);
            // Each help copied (the code's own one then no longer is): the same text,
            // tested, shown the same.
            let copied = rendered_with_help(text, |d| Some(Cow::Owned(d.help.to_string())), line);
            assert_eq!(own, copied);
            for help in edges.iter().map(|&h| h.to_owned()).chain([long.clone()]) {
                let owned = rendered_with_help(text, |_| Some(Cow::Owned(help.clone())), line);
                let leaked: &'static str = Box::leak(help.clone().into_boxed_str());
                let borrowed = rendered_with_help(text, |_| Some(Cow::Borrowed(leaked)), line);
                assert_eq!(owned, borrowed, "{help:?}");
                // Each diagnostic ends with the help as shown (escaped).
                let shown = shown_word(&help).0;
                let ending = format!("= help: {shown}\n\n");
                assert_eq!(
                    owned.matches(&ending).count(),
                    codes.len(),
                    "{help:?}: {owned}"
                );
                // Nothing that acts on a terminal is shown as it is.
                assert!(
                    !owned
                        .chars()
                        .any(|c| (is_unsafe(c) && c != '\n') || c == '\r'),
                    "{help:?}: {owned:?}"
                );
            }
        }
    }

    fn excerpt(text: &str, span: Range<usize>, redactions: &[Range<usize>]) -> (String, String) {
        let e = Excerpt::new(text.as_bytes(), span.start, span.end, redactions);
        let marked = e.line[e.mark.clone()].to_owned();
        (e.line.into_owned(), marked)
    }

    fn shown<'a>(severity: Severity, words: [&'a str; 5]) -> Shown<'a> {
        let [code, message, pointer, help, file] = words;
        Shown {
            severity,
            code,
            message: message.into(),
            pointer: pointer.into(),
            help: help.into(),
            file,
            texts_plain: [code, message, pointer, help].into_iter().all(plain_word),
            file_plain: plain_word(file),
        }
    }

    /// Both renderings of one excerpt: the direct one (if it applies) and annotate-snippets'.
    fn both(
        shown: &Shown<'_>,
        line: &str,
        mark: Range<usize>,
        number: u64,
        width: usize,
    ) -> (Option<String>, String) {
        let excerpt = || Excerpt {
            line: Cow::Borrowed(line),
            mark: mark.clone(),
            cut: false,
            printable: false,
        };
        let renderer = Renderer::plain().term_width(width);
        let mut direct = String::new();
        (
            shown
                .plain(&excerpt(), number, width, &mut direct)
                .then_some(direct),
            shown.snippet(&renderer, excerpt(), number),
        )
    }

    #[test]
    fn the_direct_rendering_is_annotate_snippets_own_for_ordinary_lines() {
        let words = [
            "HCR110",
            "`/openReview/2/revision` must be at least 1",
            "/openReview/2/revision",
            "revisions are whole numbers from 1 up",
            "records/000/000001.json",
        ];
        for (severity, line, number) in [
            (Severity::Error, "      \"revision\": 0,", 160),
            (Severity::Warning, "{\"a\": 1}", 1),
            (
                Severity::Info,
                "  \"createdAt\": \"30/11/2026 08:00\",",
                99_999,
            ),
        ] {
            let start = line.find(':').expect("a colon") + 2;
            let (plain, annotated) = both(
                &shown(severity, words),
                line,
                start..line.len() - 1,
                number,
                120,
            );
            assert_eq!(plain.as_deref(), Some(annotated.as_str()));
        }
    }

    #[test]
    fn lines_annotate_snippets_would_reshape_are_left_to_it() {
        let words = ["HCR001", "a message", "/a", "a help", "a.json"];
        let shown = shown(Severity::Error, words);
        let long = format!("\"{}\"", "x".repeat(300));
        for (line, mark) in [
            // A mark wider than twice the room (its middle elided).
            (long.as_str(), 0..long.len()),
            (&*format!("{}\"deep\": 1", " ".repeat(40)), 40..46),
            ("\ttab", 1..4),
            ("\"é\": 1", 0..4),
            ("trailing ", 0..3),
        ] {
            assert_eq!(both(&shown, line, mark, 1, 120).0, None, "{line:?}");
        }
    }

    #[test]
    fn a_line_wider_than_the_room_is_cut_as_annotate_snippets_cuts_it() {
        let words = [
            "HCR111",
            "`/recordId` is 201 characters long; the limit is 200",
            "/recordId",
            "use an identifier of at most 200 characters",
            "records/000/000051.json",
        ];
        let shown = shown(Severity::Error, words);
        let record_id = format!("  \"recordId\": \"{}\",", "r".repeat(201));
        let long = format!("\"{}\"", "x".repeat(200));
        let indented = format!("{}\"{}\": 1", " ".repeat(12), "k".repeat(150));
        for (line, mark, width) in [
            // Cut on the left only (the mark wider than the room).
            (record_id.as_str(), 14..record_id.len() - 1, 120),
            // On the right only.
            (long.as_str(), 0..3, 120),
            // On both sides.
            (long.as_str(), 90..100, 60),
            // Indentation kept, then the right cut.
            (indented.as_str(), 12..20, 80),
            (indented.as_str(), 150..160, 80),
        ] {
            let (plain, annotated) = both(&shown, line, mark.clone(), 3, width);
            assert_eq!(
                plain.as_deref(),
                Some(annotated.as_str()),
                "{mark:?} {width}"
            );
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2048))]
        /// A line wider than the room beside the gutter is shown as annotate-snippets shows
        /// it whenever the direct rendering takes it: long lines, marks anywhere, any width.
        #[test]
        fn the_direct_rendering_of_a_wide_line_never_differs(
            indent in 0usize..24,
            body in "[!-~]([ -~]{0,300}[!-~])?",
            span in (0usize..320, 0usize..320),
            digits in 1u32..8,
            width in 8usize..150,
        ) {
            let words = ["HCR111", "a message", "/recordId", "a help", "a.json"];
            let line = format!("{}{body}", " ".repeat(indent));
            let start = span.0 % (line.len() + 1);
            let end = (start + span.1).min(line.len());
            let number = 10u64.pow(digits - 1) + span.1 as u64;
            let (plain, annotated) = both(&shown(Severity::Error, words), &line, start..end, number, width);
            if let Some(plain) = plain {
                proptest::prop_assert_eq!(plain, annotated);
            }
        }

        /// Whenever the direct rendering applies, it is annotate-snippets' rendering exactly:
        /// around every limit (indentation, width, trailing spaces, line numbers of any
        /// length, empty words).
        #[test]
        fn the_direct_rendering_never_differs(
            indent in 0usize..32,
            body in "[!-~]([ -~]{0,90}[!-~])?|[ -~]{0,12}",
            span in (0usize..128, 0usize..128),
            digits in 1u32..12,
            width in 16usize..150,
            severity in proptest::sample::select(vec![Severity::Error, Severity::Warning, Severity::Info]),
            words in proptest::array::uniform5("[!-~]([ -~…é漢]{0,30}[!-~])?|[ -~\t\u{200d}\u{202e}…]{0,3}"),
        ) {
            let line = format!("{}{body}", " ".repeat(indent));
            let start = span.0 % (line.len() + 1);
            let end = (start + span.1 % 40).min(line.len());
            let number = 10u64.pow(digits - 1) + span.1 as u64;
            let words = words.each_ref().map(String::as_str);
            let (plain, annotated) = both(&shown(severity, words), &line, start..end, number, width);
            if let Some(plain) = plain {
                proptest::prop_assert_eq!(plain, annotated);
            }
        }

        /// The same for a diagnostic shown by its place (and a window of its long line):
        /// whatever the words, the place and the width.
        #[test]
        fn the_direct_rendering_of_a_place_never_differs(
            at in proptest::option::of((0usize..2_000_000, 0usize..100_000)),
            width in 16usize..150,
            severity in proptest::sample::select(vec![Severity::Error, Severity::Warning, Severity::Info]),
            words in proptest::array::uniform5("[!-~]([ -~…é漢]{0,30}[!-~])?|[ -~\t\u{200d}\u{202e}…]{0,3}"),
            source in proptest::option::of("…?[ -~é漢\u{200d}\u{fffd}]{0,140}…? {0,2}|[ -~\t\r\n]{0,4}"),
        ) {
            let words = words.each_ref().map(String::as_str);
            let shown = shown(severity, words);
            let renderer = Renderer::plain().term_width(width);
            let source = source.as_deref();
            let plain = shown.plain_placed(words[4], at, source);
            if let Some(plain) = plain {
                let annotated = shown.annotated_placed(&renderer, words[4], at, source);
                proptest::prop_assert_eq!(plain, annotated);
            }
        }
    }

    #[test]
    fn the_direct_rendering_of_a_place_is_annotate_snippets_own() {
        let words = [
            "HCR101",
            "`/nextAction` is missing the required property `verification`",
            "/nextAction",
            "add `verification`; the v1.0 schema requires it here",
            "records.jsonl",
        ];
        let window = "…\"}],\"nextAction\":{\"summary\":\"Report the latency\",\"dueAt\":\"2…";
        let renderer = Renderer::plain().term_width(100);
        for severity in [Severity::Error, Severity::Warning, Severity::Info] {
            let shown = shown(severity, words);
            for (path, at, source) in [
                ("records.jsonl", Some((14, 3966)), Some(window)),
                ("records.jsonl:7", Some((1, 1)), None),
                ("records.jsonl", None, None),
                ("a b.json", Some((123_456, 2)), Some("…é漢 wide…")),
                ("a.json", Some((2, 0)), Some("ends in spaces  ")),
                ("a.json", Some((2, 3)), Some("")),
            ] {
                let plain = shown.plain_placed(path, at, source);
                let annotated = shown.annotated_placed(&renderer, path, at, source);
                assert_eq!(plain.as_deref(), Some(annotated.as_str()), "{path} {at:?}");
            }
        }
        // A word annotate-snippets reshapes is left to it.
        let tab = shown(
            Severity::Error,
            ["HCR001", "a\tmessage", "/a", "help", "a.json"],
        );
        assert_eq!(tab.plain_placed("a.json", Some((1, 1)), None), None);
        let control = shown(Severity::Error, words);
        assert_eq!(control.plain_placed("a.json", None, Some("\u{7}")), None);
    }

    #[test]
    fn takes_the_line_and_marks_the_span() {
        let text = "{\n  \"a\": \"xyz\",\n  \"b\": 1\n}";
        let start = text.find("\"xyz\"").expect("present");
        assert_eq!(
            excerpt(text, start..start + 5, &[]),
            ("  \"a\": \"xyz\",".into(), "\"xyz\"".into())
        );
        // A multi-line span is marked by its first character.
        assert_eq!(excerpt(text, 0..text.len(), &[]), ("{".into(), "{".into()));
    }

    #[test]
    fn masks_secrets_and_replaces_unsafe_characters_one_for_one() {
        let text = "{\"k\": \"ghp_secret\u{202e}\", \"x\": \"\u{1b}[2J\"}";
        let secret = text.find("\"ghp").expect("present");
        let end = text[secret + 1..].find('"').expect("closing quote") + secret + 2;
        let redactions = std::iter::once(secret..end).collect::<Vec<_>>();
        let (line, marked) = excerpt(text, secret..end, &redactions);
        assert!(!line.contains("ghp_secret"));
        assert!(!line.contains('\u{202e}') && !line.contains('\u{1b}'));
        assert_eq!(marked, "\"***********\"");
        assert_eq!(line.chars().count(), text.chars().count());
    }

    #[test]
    fn masks_the_invalid_bytes_of_a_secret_too() {
        let text = b"{\"k\": \"pw: **\xff\xfe*\", \"x\": \"\xff\"}";
        let secret = 11..16;
        assert_eq!(&text[secret.clone()], b"**\xff\xfe*");
        let e = Excerpt::new(text, 0, 1, std::slice::from_ref(&secret));
        assert!(e.line.contains("pw: *****\""), "{}", e.line);
        // Outside a secret, an invalid byte is shown as the replacement character.
        assert!(
            e.line.ends_with(&format!("\"{REPLACEMENT}\"}}")),
            "{}",
            e.line
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_bounded_window_around_the_span() {
        let text = format!(
            "{{\"pad\": \"{}\", \"bad\": \"here\", \"more\": \"{}\"}}",
            "p".repeat(5000),
            "q".repeat(5000)
        );
        let start = text.find("\"here\"").expect("present");
        let e = Excerpt::new(text.as_bytes(), start, start + 6, &[]);
        assert!(e.cut);
        assert!(
            e.line.starts_with('…') && e.line.ends_with('…'),
            "{}",
            e.line
        );
        assert!(e.line.len() <= 2 * CONTEXT + 6 + 2 * '…'.len_utf8());
        assert_eq!(&e.line[e.mark.clone()], "\"here\"");
        // A window that reaches the line's start is not marked as cut there.
        let e = Excerpt::new(text.as_bytes(), 1, 6, &[]);
        assert!(e.cut && e.line.starts_with("{\"pad\"") && e.line.ends_with('…'));
    }

    #[test]
    fn a_window_masks_secrets_and_never_splits_a_character() {
        let secret = "\"ghp_0123456789abcdef\"";
        let text = format!(
            "[\"{}\", {secret}, \"{}\"]",
            "é".repeat(3000),
            "ß".repeat(3000)
        );
        let start = text.find(secret).expect("present");
        let redactions = std::iter::once(start..start + secret.len()).collect::<Vec<_>>();
        // Start the span at odd offsets too, so that the window's edges fall inside `é`/`ß`.
        for shift in 0..3 {
            let s = start - shift;
            let e = Excerpt::new(text.as_bytes(), s, s + secret.len(), &redactions);
            assert!(e.cut);
            assert!(!e.line.contains("ghp_"), "{}", e.line);
            assert!(!e.line.contains(REPLACEMENT), "{}", e.line);
            assert!(e.line.contains("\"********************\""));
        }
    }

    #[test]
    fn a_span_past_a_window_is_marked_by_its_first_character() {
        let text = format!("[\"{}\"]", "x".repeat(10_000));
        let e = Excerpt::new(text.as_bytes(), 1, text.len() - 1, &[]);
        assert!(e.cut);
        assert_eq!(&e.line[e.mark.clone()], "\"");
        assert!(e.line.len() <= 2 * CONTEXT + 2 + 2 * '…'.len_utf8());
    }
}
