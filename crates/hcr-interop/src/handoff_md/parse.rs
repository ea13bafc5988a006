//! A `HANDOFF.md` read as a reader reads it: headings at any level (ATX or Setext), and bold
//! or `Label:` labels that name a section of the table ([`super::headings`]), each a
//! [`Section`] with its [`Role`] and the blocks of its body (paragraphs, list items with
//! their nesting and task boxes, table rows, code).
//!
//! HTML comments are read as blank (offsets and line numbers stay the file's) and kept
//! verbatim in [`Document::comments`]; a `<!--` inside a code span or a fenced block is no
//! comment, and nothing inside a fenced block is a heading.

use std::ops::Range;

use super::headings::{Role, label_role, role_named, role_of, status_mark};
use super::months;
use crate::text_lines::{Line, lines};

/// Which of the publisher's layouts a file follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The `handoff` skill's `HANDOFF.md`.
    Skill,
    /// The Markdown template (`agent-handoff-template.md`).
    Template,
    /// Neither: a handoff in a layout of its own, read by its headings' meaning.
    Other,
}

impl Layout {
    /// The sections the layout requires, in its order (none for [`Layout::Other`]).
    #[must_use]
    pub const fn sections(self) -> &'static [&'static str] {
        match self {
            Self::Skill => &[
                "Goal",
                "Current state",
                "Decisions",
                "Evidence",
                "Next action",
                "Open risks and questions",
                "Relevant artifacts",
            ],
            Self::Template => &[
                "Objective",
                "Current state",
                "Decisions",
                "Evidence",
                "Constraints",
                "Next action",
                "Ownership",
                "Receiver verification",
                "Handoff result",
            ],
            Self::Other => &[],
        }
    }
}

/// How a section starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A `#`…`######` or Setext heading.
    Heading,
    /// A line that opens with a bold label (`**Goal**: …`) or a `Label:` that names a role.
    Label,
}

/// One section: a heading (any level) or a label, its body up to the next one, and what it
/// holds.
#[derive(Clone, Debug)]
pub struct Section {
    /// The heading's or label's text, its markup (`#`, `**`, a trailing colon) removed.
    pub heading: String,
    /// A heading's level (1–6); a label is one level below the section it sits in.
    pub level: u8,
    /// Heading or label.
    pub kind: Kind,
    /// The heading's line (an index into the document's lines).
    pub line: usize,
    /// The body's lines (indices), up to the next heading or label.
    pub body: Range<usize>,
    /// A label's text on its own line (`**Goal**: Ship it.` → `Ship it.`).
    pub inline: Option<String>,
    /// What the heading names ([`role_of`]), read in its place: a `Verification` label
    /// inside a next action is the action's verification.
    pub role: Option<Role>,
    /// The role of the nearest enclosing section that has one, when this one has none of
    /// its own: a `### Use Postgres` under `## Decisions` is a decision.
    pub within: Option<Role>,
    /// The enclosing section (an index into [`Document::sections`]).
    pub parent: Option<usize>,
}

/// An HTML comment, verbatim, with the line it starts on and the section it is in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The 0-based line it starts on.
    pub line: usize,
    /// The comment, `<!--` to `-->`.
    pub text: String,
}

/// The document: its text (HTML comments blanked), its lines and its sections.
pub struct Document {
    text: String,
    /// Each line's byte range in `text` (without the line end).
    spans: Vec<Range<usize>>,
    /// Every heading and label, in order.
    pub sections: Vec<Section>,
    /// The layout it follows.
    pub layout: Layout,
    /// The title's section (a first `#` heading that names no role).
    title: Option<usize>,
    /// The HTML comments, in order.
    pub comments: Vec<Comment>,
    /// The front matter, delimiters included (`---` / `updated: …` / `---`), read as blank.
    pub front_matter: Option<String>,
    /// Where each line stands to the fenced code blocks ([`fence_lines`]).
    fenced: Vec<Option<InFence>>,
}

/// A state bucket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bucket {
    /// `Complete:`.
    Complete,
    /// `In progress:`.
    InProgress,
    /// `Blocked:`.
    Blocked,
    /// `Unverified:`.
    Unverified,
}

impl Bucket {
    /// Every bucket, in the skill's order.
    pub const ALL: [Self; 4] = [
        Self::Complete,
        Self::InProgress,
        Self::Blocked,
        Self::Unverified,
    ];

    /// The bucket a role is.
    #[must_use]
    pub const fn of_role(role: Role) -> Option<Self> {
        match role {
            Role::Complete => Some(Self::Complete),
            Role::InProgress => Some(Self::InProgress),
            Role::Blocked => Some(Self::Blocked),
            Role::Unverified => Some(Self::Unverified),
            _ => None,
        }
    }

    /// The label as the skill writes it.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Complete => "Complete",
            Self::InProgress => "In progress",
            Self::Blocked => "Blocked",
            Self::Unverified => "Unverified",
        }
    }

    /// The record's key.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            Self::Complete => "complete",
            Self::InProgress => "inProgress",
            Self::Blocked => "blocked",
            Self::Unverified => "unverified",
        }
    }
}

/// A list item of a section's body.
#[derive(Clone, Debug)]
pub struct Item {
    /// Its first line (index).
    pub line: usize,
    /// Every line it covers (indices): continuation lines included, nested items not.
    pub lines: Vec<usize>,
    /// Its text (continuation lines joined), the marker and task box removed.
    pub text: String,
    /// `Some(true)` for `[x]`, `Some(false)` for `[ ]`.
    pub checked: Option<bool>,
    /// How deep it is nested (0 at the top).
    pub depth: usize,
}

/// A block of a section's body.
#[derive(Clone, Debug)]
pub enum Block {
    /// Lines of text up to a blank line (quote markers removed).
    Paragraph {
        /// Its lines (indices).
        lines: Vec<usize>,
        /// The lines joined by spaces.
        text: String,
    },
    /// A list item.
    Item(Item),
    /// A table's row (the header and the rule below it are not rows).
    Row {
        /// The row's line.
        line: usize,
        /// Its cells, trimmed.
        cells: Vec<String>,
        /// The header's cells.
        header: Vec<String>,
    },
    /// A table's header and rule: kept as it is.
    Verbatim {
        /// Its lines (indices).
        lines: Vec<usize>,
    },
    /// A fenced code block: kept as it is.
    Code(Code),
}

/// A fenced code block's opening line, as CommonMark (and GitHub) reads one: a run of three
/// or more backticks or tildes, then its info string (a backtick fence's holds no backtick:
/// ```` ```x``` ```` is a code span). Its indentation is free: a fence in a list item is
/// indented.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fence {
    /// `` ` `` or `~`.
    mark: char,
    /// How many marks open it: a line of at least as many closes it.
    run: usize,
    /// The opening's indentation in bytes; the code's lines lose as much of their own.
    pub indent: usize,
    /// The info string's first word, as written (`bash`, `text`; empty when there is none).
    pub info: String,
}

impl Fence {
    /// `line` (its quote markers removed) read as a fence's opening.
    #[must_use]
    pub fn open(line: &str) -> Option<Self> {
        let fence = line.trim_start();
        let mark = fence.chars().next().filter(|c| matches!(c, '`' | '~'))?;
        let run = fence.len() - fence.trim_start_matches(mark).len();
        let info = &fence[run..];
        (run >= 3 && !(mark == '`' && info.contains('`'))).then(|| Self {
            mark,
            run,
            indent: line.len() - fence.len(),
            info: info.split_whitespace().next().unwrap_or("").to_owned(),
        })
    }

    /// The line that closes it: its marks, as many.
    #[must_use]
    pub fn closing(&self) -> String {
        std::iter::repeat_n(self.mark, self.run).collect()
    }

    /// Whether `line` (its quote markers removed) closes the fence: its marks alone, at least
    /// as many (```` ```bash ```` inside a ```` ````markdown ```` fence is its text).
    #[must_use]
    pub fn closes(&self, line: &str) -> bool {
        let t = line.trim();
        t.len() >= self.run && t.chars().all(|c| c == self.mark)
    }
}

/// A fenced code block of a section's body.
#[derive(Clone, Debug)]
pub struct Code {
    /// Its opening.
    pub fence: Fence,
    /// Its lines (indices): the opening, the code, and the closing line when there is one
    /// (a fence left open runs to the section's end).
    pub lines: Vec<usize>,
    /// Whether its last line closes it.
    pub closed: bool,
}

impl Code {
    /// The code's lines (indices), without the fence's lines.
    #[must_use]
    pub fn body(&self) -> &[usize] {
        let end = self.lines.len() - usize::from(self.closed && self.lines.len() > 1);
        self.lines.get(1..end).unwrap_or_default()
    }
}

/// Where a line stands to the fenced code blocks of the lines read before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum InFence {
    /// It opens one.
    Opens,
    /// It lies inside one.
    Inside,
    /// It closes one.
    Closes,
}

/// Which lines of a text lie in fenced code blocks, read line by line ([`fence_lines`]
/// reads a whole text).
///
/// A fence of Markdown (` ```markdown `, ` ```md `) that quotes fences of its own marks,
/// as an example document or a prompt does, is read as its author wrote it: each fence
/// opened inside closes inside (GitHub ends the outer one at the first line of bare marks,
/// and shows the rest of the example as text).
#[derive(Default)]
struct Fences {
    /// The block open at the last line read.
    open: Option<Fence>,
    /// How many fences opened inside a Markdown fence are open.
    nested: usize,
    /// Whether the open block is read as CommonMark reads it, its own fences not nested.
    flat: bool,
    /// Whether a fence was opened inside the open block.
    nests: bool,
}

impl Fences {
    /// Where `line` (its quote markers removed) stands, read after the lines before it;
    /// `None` outside every fenced code block. A block it opens is read flat when `flat`.
    fn read(&mut self, line: &str, flat: bool) -> Option<InFence> {
        let Some(fence) = &self.open else {
            self.open = Fence::open(line);
            self.flat = flat;
            self.nests = false;
            return self.open.as_ref().map(|_| InFence::Opens);
        };
        if fence.closes(line) {
            if self.nested == 0 {
                self.open = None;
                return Some(InFence::Closes);
            }
            self.nested -= 1;
        } else if !self.flat
            && (fence.info.eq_ignore_ascii_case("markdown")
                || fence.info.eq_ignore_ascii_case("md"))
        {
            // (A fence of the outer one's marks, at least as many, with an info string: it
            // would close the outer one if it were bare.)
            let inner = Fence::open(line)
                .filter(|f| f.mark == fence.mark && f.run >= fence.run && !f.info.is_empty());
            self.nested += usize::from(inner.is_some());
            self.nests |= inner.is_some();
        }
        Some(InFence::Inside)
    }
}

/// Where each of a text's `lines` (quote markers removed) stands to its fenced code blocks.
///
/// A Markdown fence with fences of its own that is still open where the text ends (an
/// example left unbalanced) is read again from its opening line as CommonMark reads it,
/// closed by the first line of bare marks, so that it swallows nothing after it. Each such reading reads
/// on to the end: after a few, every fence is read so, and the work stays linear.
pub(crate) fn fence_lines(lines: &[&str]) -> Vec<Option<InFence>> {
    /// The readings again from a Markdown fence left open, at most.
    const AGAIN: usize = 4;
    let mut out = Vec::with_capacity(lines.len());
    let mut fences = Fences::default();
    let mut flat_at = None;
    let mut again = 0;
    let mut opened = 0;
    let mut i = 0;
    while i < lines.len() {
        let at = fences.read(lines[i], again > AGAIN || flat_at == Some(i));
        if at == Some(InFence::Opens) {
            opened = i;
        }
        out.push(at);
        i += 1;
        if i == lines.len() && fences.open.is_some() && fences.nests && again <= AGAIN {
            again += 1;
            flat_at = Some(opened);
            out.truncate(opened);
            fences = Fences::default();
            i = opened;
        }
    }
    out
}

impl Block {
    /// The lines the block covers.
    #[must_use]
    pub fn lines(&self) -> Vec<usize> {
        match self {
            Self::Paragraph { lines, .. }
            | Self::Verbatim { lines }
            | Self::Code(Code { lines, .. }) => lines.clone(),
            Self::Item(item) => item.lines.clone(),
            Self::Row { line, .. } => vec![*line],
        }
    }
}

/// Where a front matter block that opens the text ends (after its closing line's break):
/// `---` on the first line, `key: value` lines, then `---` or `...` (`+++` for TOML), within
/// the first 200 lines.
fn front_matter(text: &str) -> Option<usize> {
    let text_start = text.strip_prefix('\u{feff}').map_or(0, |_| 3);
    let mut lines = text[text_start..].split_inclusive('\n');
    let open = lines.next()?.trim_end();
    if open != "---" && open != "+++" {
        return None;
    }
    let mut end = text_start + open.len();
    end += text[end..].find('\n')? + 1;
    for (body, line) in lines.take(200).enumerate() {
        let trimmed = line.trim_end();
        end += line.len();
        if trimmed == open || (open == "---" && trimmed == "...") {
            return (body > 0).then_some(end);
        }
        // (A block of labels under a rule is no front matter: its lines are keys written as
        // names, `updated:`, `session_by:`, `tags =`, and the lists and lines under them;
        // not `Goal: …`, `Next step: …` or `# Handoff`.)
        let key = trimmed.split_once([':', '=']).is_some_and(|(k, _)| {
            let k = k.trim_end();
            k.starts_with(|c: char| c.is_ascii_lowercase())
                && k.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
        });
        // (A TOML or YAML list's or table's closing bracket ends what its key opened:
        // `linked_specs = [` … `]`.)
        let under_key = body > 0
            && (line.starts_with([' ', '\t'])
                || trimmed.starts_with("- ")
                || matches!(trimmed, "]" | "]," | "}" | "},"));
        if !(trimmed.is_empty() || key || under_key) {
            return None;
        }
    }
    None
}

/// The first `end` bytes of `text` replaced by spaces, line breaks kept (every byte keeps
/// its place).
fn blank_start(text: &mut String, end: usize) {
    let mut blanked = String::with_capacity(end);
    blank(&mut blanked, &text[..end]);
    text.replace_range(..end, &blanked);
}

/// Whether a label names files or links (`Key files`, `Dateien`), not a topic (`Docs`).
fn names_files(name: &str) -> bool {
    super::headings::normalize(name).split(' ').any(|w| {
        matches!(
            w,
            "file"
                | "files"
                | "artifact"
                | "artifacts"
                | "path"
                | "paths"
                | "link"
                | "links"
                | "dateien"
                | "fichiers"
                | "archivos"
                | "arquivos"
                | "soubory"
                | "文件"
        )
    })
}

/// Where `mark` first stands in `line[from..]` (relative to `from`), not escaped: not after
/// an odd number of backslashes.
fn unescaped(line: &str, from: usize, mark: &str) -> Option<usize> {
    let mut at = from;
    while let Some(found) = line[at..].find(mark) {
        let start = at + found;
        let slashes = line.as_bytes()[..start]
            .iter()
            .rev()
            .take_while(|&&b| b == b'\\')
            .count();
        if slashes % 2 == 0 {
            return Some(start - from);
        }
        at = start + mark.len();
    }
    None
}

/// The next unescaped `mark` at or after `from` (relative to it), kept in `cache` as its
/// place in the line until `from` passes it.
fn next_mark(
    cache: &mut Option<Option<usize>>,
    line: &str,
    from: usize,
    mark: &str,
) -> Option<usize> {
    let at = match *cache {
        Some(Some(at)) if at >= from => Some(at),
        Some(None) => None,
        _ => {
            let found = unescaped(line, from, mark).map(|r| from + r);
            *cache = Some(found);
            found
        }
    };
    at.map(|at| at - from)
}

/// `text` with every HTML comment replaced by spaces (line breaks kept), and the comments;
/// a `<!--` inside a code span or a fenced block is text.
fn blank_comments(text: &str) -> (String, Vec<Comment>) {
    let mut out = String::with_capacity(text.len());
    let mut comments = Vec::new();
    let raws: Vec<&str> = text.split_inclusive('\n').collect();
    let unquoted: Vec<&str> = raws.iter().map(|raw| unquote(raw)).collect();
    let fenced = fence_lines(&unquoted);
    let mut open: Option<(usize, String)> = None;
    for (number, raw) in raws.into_iter().enumerate() {
        let mut rest = raw;
        if open.is_none() && fenced[number].is_some() {
            out.push_str(raw);
            continue;
        }
        // Each mark's next place, found once and kept until the line's reading passes it
        // (so a line of many escaped marks is read once, not once per mark).
        let (mut next_comment, mut next_code) = (None, None);
        while !rest.is_empty() {
            if let Some((start, comment)) = &mut open {
                let (taken, closed) = match rest.find("-->") {
                    Some(end) => (&rest[..end + 3], true),
                    None => (rest, false),
                };
                comment.push_str(taken);
                blank(&mut out, taken);
                rest = &rest[taken.len()..];
                if closed {
                    comments.push(Comment {
                        line: *start,
                        text: std::mem::take(comment),
                    });
                    open = None;
                }
                continue;
            }
            // The next comment or code span, whichever opens first (a mark after a
            // backslash is text: `\<!--`, as a rendering writes it).
            let before = raw.len() - rest.len();
            let comment = next_mark(&mut next_comment, raw, before, "<!--");
            let code = next_mark(&mut next_code, raw, before, "`");
            match (comment, code) {
                (Some(c), Some(b)) if b < c => {
                    let run = rest[b..].bytes().take_while(|&x| x == b'`').count();
                    let ticks = &rest[b..b + run];
                    let after = b + run;
                    let end = rest[after..].find(ticks).map_or(after, |e| after + e + run);
                    out.push_str(&rest[..end]);
                    rest = &rest[end..];
                }
                (Some(c), _) => {
                    out.push_str(&rest[..c]);
                    rest = &rest[c..];
                    open = Some((number, String::new()));
                }
                (None, _) => {
                    out.push_str(rest);
                    rest = "";
                }
            }
        }
    }
    if let Some((line, text)) = open {
        // An unclosed comment runs to the end, as in HTML.
        comments.push(Comment { line, text });
    }
    (out, comments)
}

fn blank(out: &mut String, text: &str) {
    for c in text.chars() {
        if matches!(c, '\n' | '\r') {
            out.push(c);
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
}

/// A list marker's length and the text after it: `- x`, `* x`, `+ x`, `1. x`, `1) x`.
pub(crate) fn marker(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    for m in ["- ", "* ", "+ ", "• "] {
        if let Some(rest) = trimmed.strip_prefix(m) {
            return Some(rest);
        }
    }
    if matches!(trimmed, "-" | "*" | "+") {
        return Some("");
    }
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 9 {
        return None;
    }
    trimmed[digits..]
        .strip_prefix(". ")
        .or_else(|| trimmed[digits..].strip_prefix(") "))
}

/// A task box at the start of an item's text: `[x] done` → `(Some(true), "done")`.
/// (After the marker's spaces, however many: `1.  [x] Audit the code`.)
fn task(text: &str) -> (Option<bool>, &str) {
    for (b, checked) in [("[ ]", false), ("[x]", true), ("[X]", true)] {
        if let Some(rest) = text.trim_start().strip_prefix(b) {
            return (Some(checked), rest.trim_start());
        }
    }
    (None, text)
}

/// A bullet's text (`- x`, `* x`, `+ x` or `1. x`, a task box removed); `None` for a line
/// that is not a bullet.
/// Whether a line is a thematic break: three or more `-`, `*` or `_`, alike, spaces between.
pub(crate) fn is_rule(line: &str) -> bool {
    let mut marks = line.trim().chars().filter(|c| !c.is_whitespace());
    let Some(first) = marks.next().filter(|c| matches!(c, '-' | '*' | '_')) else {
        return false;
    };
    let mut count = 1;
    for c in marks {
        if c != first {
            return false;
        }
        count += 1;
    }
    count >= 3
}

pub(crate) fn bullet(line: &str) -> Option<&str> {
    marker(line).map(|rest| task(rest).1.trim())
}

/// Whether a bullet is an unchecked task box.
pub(crate) fn unchecked(line: &str) -> bool {
    marker(line).is_some_and(|rest| task(rest).0 == Some(false))
}

/// Markdown's backslash escapes undone: `\_` → `_` (what the renderer escapes).
#[must_use]
pub(crate) fn unescape(text: &str) -> String {
    // (Most texts escape nothing: one search for a backslash, then one copy.)
    if !text.contains('\\') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\'
            && let Some(&next) = chars.peek()
            && next.is_ascii_punctuation()
        {
            out.push(next);
            chars.next();
            continue;
        }
        out.push(c);
    }
    out
}

/// Whether a word is a commit or a range of commits (`3f2a9c1`, `a1b2c3d..e4f5a6b`).
fn is_revision(word: &str) -> bool {
    let hex = |w: &str| (7..=40).contains(&w.len()) && w.bytes().all(|b| b.is_ascii_hexdigit());
    let digits = |w: &str| w.bytes().all(|b| b.is_ascii_digit());
    // (Both forms start with seven hex digits or more: most words are read by their first.)
    if word.len() < 7 || !word.as_bytes()[0].is_ascii_hexdigit() {
        return false;
    }
    match word.split_once("..") {
        Some((a, b)) => {
            let b = b.strip_prefix('.').unwrap_or(b);
            hex(a) && hex(b)
        }
        None => hex(word) && !digits(word) && word.bytes().any(|b| b.is_ascii_digit()),
    }
}

/// The path, link or revision an item names: a URL (a Markdown link's target), a code span
/// that looks like a path (`src/lib.rs`, `C:\work\a.txt`, `Cargo.toml`) or a revision, or a
/// bare word that does.
#[must_use]
pub(crate) fn location(item: &str) -> Option<String> {
    // (Brackets and punctuation around a word, in any order: `(3.9/5).`.)
    fn trim(w: &str) -> &str {
        let mark = |c: char| {
            matches!(
                c,
                '(' | ')' | '<' | '>' | ',' | ';' | '"' | '\'' | '*' | '`'
            )
        };
        w.trim_start_matches(mark)
            .trim_end_matches(|c: char| mark(c) || matches!(c, '.' | ':'))
    }
    // A Markdown link's target first: `[text](url)`.
    if let Some(start) = item.find("](") {
        let rest = &item[start + 2..];
        if let Some(end) = rest.find(')') {
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            if !target.is_empty() && !target.starts_with('#') {
                return Some(target.to_owned());
            }
        }
    }
    if let Some(url) = item
        .split_whitespace()
        .find(|w| w.contains("://"))
        .map(|w| trim(w.trim_matches('`')))
    {
        return Some(url.to_owned());
    }
    let looks_like_path = |w: &str| {
        !w.is_empty()
            && !w.contains(char::is_whitespace)
            // (A count or a score is no path: `32/32`, `3.9/5`, `12/12`.)
            && !w
                .bytes()
                .all(|b| b.is_ascii_digit() || matches!(b, b'/' | b'.' | b'%' | b'-' | b'+'))
            && !w.contains("..")
            && (w.contains('/')
                || (w.contains('\\') && w.len() > 3)
                || w.rsplit_once('.').is_some_and(|(stem, ext)| {
                    !stem.is_empty()
                        && (1..=5).contains(&ext.len())
                        && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                        && ext.bytes().any(|b| b.is_ascii_alphabetic())
                        && !stem.bytes().all(|b| b.is_ascii_digit())
                }))
    };
    let mut parts = item.split('`');
    parts.next();
    while let Some(code) = parts.next() {
        let code = code.trim();
        if looks_like_path(code) || is_revision(code) {
            return Some(code.to_owned());
        }
        // A command's path argument: `cat logs/a.txt`.
        if let Some(word) = code
            .split_whitespace()
            .find(|w| looks_like_path(w) && w.contains('/'))
        {
            return Some(word.to_owned());
        }
        parts.next();
    }
    // (Words as a reader splits them: `tests、app/server` is two.)
    item.split(|c: char| c.is_whitespace() || matches!(c, '、' | '，' | '；' | '。'))
        .map(trim)
        .find(|w| {
            // (Outside code, a path has a separator: a word without one, as most are, is
            // only asked whether it is a revision.)
            if !(w.contains('/') || w.contains('\\')) {
                return is_revision(w);
            }
            // (A word of prose with a slash in it is no path: `成功/失败测试卡`, `i18n/翻訳
            // パスは…`; a file's name in any script is: `docs/交接.md`.)
            let file = w.rsplit_once('.').is_some_and(|(_, ext)| {
                (1..=5).contains(&ext.len())
                    && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                    && ext.bytes().any(|b| b.is_ascii_alphabetic())
            });
            // (Outside code, a path shows it is one: a file's name, two separators or more,
            // a trailing one, or a relative start; `iOS/Android`, `Read/write`, `w/o`,
            // `45ms/120ms` are prose.)
            let shaped = file
                || (w.matches(['/', '\\']).count() >= 2 && folders(w))
                || w.ends_with('/')
                || ["./", "../", "~/"].iter().any(|p| w.starts_with(p));
            (looks_like_path(w)
                && !w.starts_with('/')
                && !w.contains('`')
                && shaped
                && (w.is_ascii() || file))
                || is_revision(w)
        })
        .map(str::to_owned)
}

/// Whether a bare word of three parts or more reads as folders (`src/app/routes`,
/// `api/v1/users`, `web/pages/checkout`, `com/acme/billing`), not as a list said with
/// slashes (`iOS/Android/Web`, `read/write/execute`, `build/test/deploy`,
/// `client/server/worker`): it starts with a folder a tree starts with, or two of its parts
/// are usual folders, or a part is written as names are (a digit after a letter, `-`, `_`
/// or `.` inside it).
fn folders(word: &str) -> bool {
    const ROOTS: [&str; 44] = [
        "src",
        "lib",
        "libs",
        "docs",
        "doc",
        "tests",
        "spec",
        "specs",
        "app",
        "apps",
        "pkg",
        "packages",
        "crates",
        "cmd",
        "internal",
        "scripts",
        "config",
        "configs",
        "bin",
        "public",
        "assets",
        "components",
        "api",
        "tools",
        "examples",
        "dist",
        "include",
        "modules",
        "services",
        "migrations",
        "templates",
        "static",
        "utils",
        "fixtures",
        "home",
        "usr",
        "var",
        "etc",
        "opt",
        "web",
        "pages",
        "handlers",
        "com",
        "proto",
    ];
    // (Not the words of a pipeline or a topology: `build`, `test`, `client`, `server`.)
    const USUAL: [&str; 8] = [
        "core", "main", "gen", "views", "models", "routes", "hooks", "auth",
    ];
    let parts: Vec<&str> = word.split(['/', '\\']).filter(|p| !p.is_empty()).collect();
    let usual = |p: &&str| ROOTS.contains(p) || USUAL.contains(p);
    parts.first().is_some_and(|p| ROOTS.contains(p))
        || parts.iter().filter(|p| usual(p)).count() >= 2
        || parts.iter().any(|part| {
            part.starts_with('.')
                || part
                    .char_indices()
                    .skip(1)
                    .any(|(_, c)| matches!(c, '-' | '_' | '.'))
                || part
                    .as_bytes()
                    .windows(2)
                    .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_digit())
        })
}

/// A label at the start of a line that is no bullet: `**Goal**: text`, `**Goal:** text`,
/// `__Goal__`, or `Goal: text` (a short label), with the text after it.
fn label(line: &str) -> Option<(&str, &str)> {
    if line.starts_with([' ', '\t']) || marker(line).is_some() {
        return None;
    }
    let line = line.trim_end();
    for strong in ["**", "__"] {
        if let Some(rest) = line.strip_prefix(strong)
            && let Some(end) = rest.find(strong)
        {
            let name = rest[..end].trim().trim_end_matches([':', '：', '.']).trim();
            let after = rest[end + 2..].trim_start();
            let after = after
                .strip_prefix(':')
                .or_else(|| after.strip_prefix('：'))
                .unwrap_or(after)
                .trim();
            return (!name.is_empty()).then_some((name, after));
        }
    }
    // A name of the table alone on its line (`Goals`, `Next Steps`), as plain-text notes
    // write their sections.
    // (A bare title may end in its qualifier: `Pitfalls encountered (and lessons)`.)
    if line.split_whitespace().count() <= 4
        && !line.ends_with(['.', ':', '：', ',', ';', '!', '?'])
        && (super::headings::is_whole_name(line) && !line.ends_with(')') || bare_title(line))
    {
        return Some((line.trim(), ""));
    }
    // (And a title over what follows with a full-width colon: `下一步方向：`.)
    let (name, rest) = line
        .split_once(':')
        .or_else(|| line.strip_suffix('：').map(|name| (name, "")))?;
    // (A label alone on its line may end in a qualifier in parentheses: `Closed in this arc
    // (no longer carry-forward):`.)
    let named = match name
        .trim_end()
        .strip_suffix(')')
        .and_then(|open| open.rsplit_once(" ("))
    {
        Some((named, qualifier))
            if rest.trim().is_empty() && !qualifier.contains(['(', '`', '[']) =>
        {
            named
        }
        _ => name,
    };
    let short = !named.is_empty()
        && named.chars().count() <= 40
        && named.split_whitespace().count() <= 5
        && !named.contains(['`', '[', '(', '.'])
        // (A slash names a path before text, `src/app: …`, but joins two names alone on
        // their line: `已知待办/可选：`, `Risks / open questions:`.)
        && (!named.contains('/') || rest.trim().is_empty())
        && !rest.starts_with("//");
    short.then(|| (name.trim(), rest.trim()))
}

/// Whether a line is in bold whole: `**Status: COMPLETED & COMMITTED**`.
fn bold_line(line: &str) -> bool {
    let t = line.trim();
    ["**", "__"].iter().any(|strong| {
        t.len() > 4
            && t.starts_with(strong)
            && t.ends_with(strong)
            && !t[2..t.len() - 2].contains(strong)
    })
}

/// Whether a line is a GitHub alert's mark alone: `[!NOTE]`, `[!WARNING]`.
fn is_alert_mark(line: &str) -> bool {
    matches!(
        line.trim_end().to_ascii_uppercase().as_str(),
        "[!NOTE]" | "[!TIP]" | "[!IMPORTANT]" | "[!WARNING]" | "[!CAUTION]"
    )
}

/// Whether a line opens with a bold label: `**Build:** …`, `**Status**: …`.
fn bold_label(line: &str) -> bool {
    let Some((label, after)) = line
        .strip_prefix("**")
        .and_then(|rest| rest.split_once("**"))
    else {
        return false;
    };
    !label.trim().is_empty()
        && label.chars().count() <= 60
        && (label.ends_with([':', '：']) || after.starts_with([':', '：']))
}

/// Whether a table row's cells are its delimiter row (`---`, `:---:`): each cell holds
/// only dashes, colons and spaces.
fn is_delimiter_row(cells: &[String]) -> bool {
    cells
        .iter()
        .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

/// A table row's cells, trimmed: split at each `|` but an escaped one (`\|`, a bar of the
/// cell's text, as GitHub reads it), the row's outer bars dropped.
fn table_cells(row: &str) -> Vec<String> {
    let mut cells = vec![String::new()];
    let mut chars = row.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\\' if chars.peek() == Some(&'|') => {
                chars.next();
                if let Some(cell) = cells.last_mut() {
                    cell.push('|');
                }
            }
            '|' => cells.push(String::new()),
            c => {
                if let Some(cell) = cells.last_mut() {
                    cell.push(c);
                }
            }
        }
    }
    // (`| a | b |`: nothing before the first bar nor after the last.)
    if cells.first().is_some_and(|c| c.trim().is_empty()) && row.starts_with('|') {
        cells.remove(0);
    }
    if cells.len() > 1 && cells.last().is_some_and(|c| c.trim().is_empty()) && row.ends_with('|') {
        cells.pop();
    }
    cells.into_iter().map(|c| c.trim().to_owned()).collect()
}

/// A numbered title alone on its line, over a list at the margin: `1) Repo base state`
/// then `- Current branch: …` (a list item of its own would hold the list indented). The
/// title without its number.
fn numbered_title<'a>(lines: &[Line<'a>], i: usize) -> Option<&'a str> {
    let raw = lines.get(i)?.text;
    let after_blank = i == 0 || lines[i - 1].text.trim().is_empty();
    let digits = raw.bytes().take_while(u8::is_ascii_digit).count();
    if !after_blank || !(1..=2).contains(&digits) {
        return None;
    }
    let title = raw[digits..]
        .strip_prefix(") ")
        .or_else(|| raw[digits..].strip_prefix(". "))?
        .trim();
    let plain_title = !title.is_empty()
        && title.chars().count() <= 60
        && title.split_whitespace().count() <= 8
        && !title.ends_with(['.', ':', '：', ',', ';', '!', '?'])
        && !title.contains(['*', '`', '[', '_']);
    let list_below = lines
        .get(i + 1)
        .is_some_and(|next| ["- ", "* ", "+ "].iter().any(|m| next.text.starts_with(m)));
    (plain_title && list_below).then_some(title)
}

/// A short title written as a plain line (`Planned Changes`, `Context`): capitalised words,
/// no markup or code. (Only a section when a list follows it.)
fn bare_title(line: &str) -> bool {
    let line = line.trim();
    line.chars().count() <= 40
        && line.chars().next().is_some_and(|c| c.is_uppercase())
        && line
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '&' | '\'' | '/' | '(' | ')'))
}

/// The text of a heading line: `## 2. Current state ##` → `2. Current state`.
fn atx(line: &str) -> Option<(u8, &str)> {
    let trimmed = line
        .strip_prefix("   ")
        .or_else(|| line.strip_prefix("  "))
        .or_else(|| line.strip_prefix(' '))
        .unwrap_or(line);
    let hashes = trimmed.bytes().take_while(|&b| b == b'#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let rest = &trimmed[hashes..];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let text = rest.trim().trim_end_matches('#').trim();
    Some((u8::try_from(hashes).unwrap_or(6), text))
}

/// A heading's or label's text without its emphasis and trailing colon.
fn plain(text: &str) -> String {
    let text = text.trim();
    let text = ["**", "__"].iter().fold(text, |t, s| {
        t.strip_prefix(s)
            .and_then(|t| t.strip_suffix(s))
            .unwrap_or(t)
    });
    text.trim().trim_end_matches([':', '：']).trim().to_owned()
}

/// A Setext underline: `===` or `---`.
fn setext(line: &str) -> Option<u8> {
    let t = line.trim();
    if t.len() >= 2 && t.bytes().all(|b| b == b'=') {
        Some(1)
    } else if t.len() >= 3 && t.bytes().all(|b| b == b'-') {
        Some(2)
    } else {
        None
    }
}

impl Document {
    /// Reads `text` into sections.
    #[must_use]
    #[allow(clippy::too_many_lines)]
    pub fn parse(text: &str) -> Self {
        let (mut blanked, mut comments) = blank_comments(text);
        // (Kept as the source wrote it, comments included, without a byte order mark.)
        let front_matter = front_matter(&blanked).map(|end| {
            let block = text[..end].trim_start_matches('\u{feff}').to_owned();
            blank_start(&mut blanked, end);
            block
        });
        // (A comment inside the front matter is kept with it, once.)
        if let Some(block) = &front_matter {
            let lines = block.lines().count();
            comments.retain(|c| c.line >= lines);
        }
        let lines: Vec<Line<'_>> = lines(&blanked);
        let spans: Vec<Range<usize>> = lines
            .iter()
            .map(|l| l.start..l.start + l.text.len())
            .collect();
        let unquoted: Vec<&str> = lines.iter().map(|l| unquote(l.text)).collect();
        let fenced = fence_lines(&unquoted);
        let mut sections: Vec<Section> = Vec::new();
        // The sections still open, each of a lower level than the next (indices).
        let mut open: Vec<usize> = Vec::new();
        let mut starts = |sections: &mut Vec<Section>, mut section: Section| {
            if let Some(last) = sections.last_mut() {
                last.body.end = last.body.end.min(section.line);
            }
            // The enclosing section: the nearest before it of a lower level.
            while open
                .last()
                .is_some_and(|&o| sections[o].level >= section.level)
            {
                open.pop();
            }
            section.parent = open.last().copied();
            open.push(sections.len());
            sections.push(section);
        };
        let n = lines.len();
        // Numbered titles over lists (`1) Repo base state` then `- …`), when a file writes
        // two or more of them: its sections, written without `#`.
        let numbered_titles = {
            (0..n)
                .filter(|&i| fenced[i].is_none() && numbered_title(&lines, i).is_some())
                .nth(1)
                .is_some()
        };
        let mut i = 0;
        // The last heading read (a label's parents are walked from it).
        let mut last_heading: Option<usize> = None;
        while i < n {
            let raw = unquote(lines[i].text);
            if fenced[i].is_some() {
                i += 1;
                continue;
            }
            // A banner: a title between two rules of `=` (`=====` / `1. OVERVIEW` / `=====`),
            // as plain-text handover notes write their sections.
            let banner = (setext(raw) == Some(1) && raw.trim().len() >= 3)
                .then(|| {
                    Some((
                        unquote(lines.get(i + 1)?.text).trim(),
                        unquote(lines.get(i + 2)?.text),
                    ))
                })
                .flatten()
                .filter(|(title, below)| {
                    !title.is_empty() && setext(title).is_none() && setext(below) == Some(1)
                })
                .map(|(title, _)| (2, title, i + 1, i + 3));
            // A heading: its level, text, line and where its body starts.
            let heading = banner
                .or_else(|| atx(raw).map(|(level, text)| (level, text, i, i + 1)))
                .or_else(|| {
                    numbered_titles
                        .then(|| numbered_title(&lines, i))
                        .flatten()
                        .map(|text| (6, text, i, i + 1))
                })
                .or_else(|| {
                    // Setext: a paragraph's one line, then `===` or `---`.
                    let next = lines.get(i + 1)?;
                    let level = setext(next.text)?;
                    let before_blank = i == 0 || lines[i - 1].text.trim().is_empty();
                    (before_blank
                        && !raw.trim().is_empty()
                        && marker(raw).is_none()
                        && !raw.starts_with([' ', '\t', '|', '>']))
                    .then(|| (level, raw.trim(), i, i + 2))
                });
            if let Some((level, text, line, body_start)) = heading {
                starts(
                    &mut sections,
                    Section {
                        heading: plain(text),
                        level,
                        kind: Kind::Heading,
                        line,
                        body: body_start.min(n)..n,
                        inline: None,
                        // A level-1 heading is mostly the file's title (`# ReviewGate —
                        // Next-Session Handoff`): only a name of the table makes it a section.
                        role: if level == 1 {
                            role_named(text)
                        } else {
                            role_of(text)
                        },
                        within: None,
                        parent: None,
                    },
                );
                // A banner's opening rule is no text of the section before it.
                if line > i
                    && let Some(before) = sections.len().checked_sub(2)
                {
                    sections[before].body.end = sections[before].body.end.min(i);
                }
                last_heading = sections.len().checked_sub(1);
                i = body_start;
                continue;
            }
            // A label starts a paragraph or follows another labelled line: a bold phrase
            // that a wrapped line of a paragraph starts with (`**never writes it back**. So
            // …`) is its text.
            let starts_paragraph = i == 0 || {
                let before = unquote(lines[i - 1].text).trim();
                before.is_empty()
                    || before.starts_with(['*', '#', '-', '+', '|', '>'])
                    || label(before).is_some()
                    || setext(before).is_some()
                    || marker(before).is_some()
            };
            // Whether a list starts on the next line, and whether this line is a plain title
            // over it that starts a paragraph (`Context` then `- …`).
            let list_below = || {
                lines
                    .get(i + 1)
                    .is_some_and(|next| marker(unquote(next.text)).is_some())
            };
            let titles_a_list = || starts_paragraph && bare_title(raw) && list_below();
            // (A plain title of five or six words is one only over a list: `Open issues /
            // Next actions (prioritized)` over `1) Fix duplicate global definitions`.)
            let titled = || {
                ((5..=6).contains(&raw.split_whitespace().count()) && titles_a_list())
                    .then(|| (raw.trim(), ""))
            };
            // (Inside a paragraph only a name of the table is a label: `Verification: …` on
            // the line after the action.)
            if let Some((name, rest)) = label(raw).or_else(titled).filter(|(name, _)| {
                starts_paragraph || (role_named(name).is_some() && raw.contains([':', '：']))
            }) {
                // The role of the nearest open section that has one (roles are inherited
                // after the parse: walk the parents read so far).
                // (A label before this one is its sibling: labels close at the next label.)
                let mut at = last_heading;
                let mut enclosing: Option<Option<Role>> = None;
                for _ in 0..16 {
                    let Some(i) = at else { break };
                    if sections[i].role.is_some() {
                        enclosing = Some(sections[i].role);
                        break;
                    }
                    at = sections[i].parent;
                }
                // A label names a section only when it names a role; a bullet label of a
                // state section stays its item. A bare title over a list (`Context` then
                // `- …`, in notes written without `#`) is a section of its own, so that
                // the list is not read as the section before it; it names a role as a
                // heading does (`High-level status`, `Pitfalls encountered (and lessons)`).
                let bare_title = rest.is_empty() && titles_a_list();
                // In a state section, a label alone on its line over a list names its bucket
                // as a heading would (`已知待办/可选：` after `已完成：`'s list): its list is not
                // the label's before it. (Only a bucket of the state: elsewhere such a line is
                // as often a condition, `Bij blockers:`, `When done:`.)
                // (And only after a bucket's label has opened one there: the state's own text
                // before any label stays the state's.)
                // (Or, first under the state's heading, one of a few words that says its
                // list's state as a bucket's name would: `Archivos finalizados y aprobados:`
                // then `Todavía por implementar:`.)
                let colon_title = rest.is_empty()
                    && starts_paragraph
                    && raw.trim_end().ends_with([':', '：'])
                    && enclosing.flatten() == Some(Role::State)
                    && (sections.last().is_some_and(|s| {
                        s.kind == Kind::Label
                            && s.role.is_some_and(Role::is_bucket)
                            && last_heading.is_none_or(|h| s.line > sections[h].line)
                    }) || (last_heading.is_some_and(|h| {
                        sections.len() == h + 1
                            && lines[sections[h].body.start.min(i)..i]
                                .iter()
                                .all(|l| l.text.trim().is_empty())
                    }) && (2..=5).contains(
                        &super::headings::before_qualifier(name)
                            .split_whitespace()
                            .count(),
                    ) && role_of(super::headings::before_qualifier(name))
                        .is_some_and(Role::is_bucket)
                        && super::headings::status_suffix(name).is_none()))
                    && list_below();
                let role = label_role(name)
                    .or_else(|| bare_title.then(|| role_of(name)).flatten())
                    .or_else(|| {
                        colon_title
                            .then(|| role_of(name))
                            .flatten()
                            .filter(|r| r.is_bucket())
                    })
                    .map(|role| in_place(role, name, enclosing.flatten()))
                    // (`Stand: 24. Juli 2026 · Branch main` says as of when, no state; nor
                    // is `Próxima revisão: 08/11/2025` a step.)
                    .filter(|&role| {
                        !matches!(role, Role::State | Role::NextAction)
                            || !date_and_place_only(rest)
                    })
                    // A step's `**Status**: blocked on …` is the step's, not the file's state;
                    // an issue's `**Problem:**` under what is not working is no goal.
                    .filter(|&role| match enclosing.flatten() {
                        Some(Role::NextAction) => role != Role::State,
                        // (`**Documentation:**` over some of the criteria names their
                        // topic, not the files to read.)
                        // (Not a list of files: `**Key files:** …`, `**Files:**`.)
                        Some(Role::Criteria) => {
                            !matches!(role, Role::Goal | Role::Summary)
                                && (role != Role::Artifacts
                                    || !rest.is_empty()
                                    || names_files(name))
                        }
                        // (`**What:** switch storage` under a decision is its text.)
                        Some(around) if !matches!(around, Role::Goal | Role::Summary) => {
                            !matches!(role, Role::Goal | Role::Summary)
                        }
                        _ => true,
                    })
                    // A numbered task that says no state (`**Task 1 — run the server on a
                    // fixed IP.**`), where no section around it names another role: a step.
                    .or_else(|| {
                        (super::headings::numbered_task(name)
                            && super::headings::status_suffix(name).is_none()
                            && matches!(
                                enclosing.flatten(),
                                None | Some(Role::NextAction | Role::Remaining)
                            ))
                        .then_some(Role::NextAction)
                    });
                // A bold title over a list after a label's list closes that label's section
                // (`**Current state:**` …, then `**Key config:**` …): its list is not the
                // state's.
                let closes_label = rest.is_empty()
                    && starts_paragraph
                    && raw.trim_start().starts_with("**")
                    // (Two words or more: `**Frontend**`, `**Security**` over their lists
                    // are the label's own groups.)
                    && (2..=8).contains(&name.split_whitespace().count())
                    // (Only a title over a list of its own: `**Decision**: Rust` then
                    // `**Why**:` and its list is one decision.)
                    && sections.last().is_some_and(|s| {
                        s.kind == Kind::Label
                            && s.inline.is_none()
                            && last_heading.is_none_or(|h| s.line > sections[h].line)
                    })
                    && list_below();
                // A state's or a step's label in bold with its text inside (`**Progress: Phase
                // 1 - 25% Complete (5/20 services)**`, `**Recommended first action next
                // session: cut the patch tag.**`): the label and its text, and the line's
                // text after the bold with it (`**Status: M1-M3 done.** This file's body …`).
                let (name, rest) = match name.split_once([':', '：']) {
                    Some((label, text))
                        if (if rest.is_empty() {
                            bold_line(raw)
                        } else {
                            ["**", "__"].iter().any(|b| raw.trim_start().starts_with(b))
                        }) && matches!(role, Some(Role::State | Role::NextAction))
                            && label_role(label.trim()) == role
                            && match role {
                                // (Not under work of a bucket: there `**Status: COMPLETED &
                                // COMMITTED**` names that work's state, and the text after it
                                // stays that work's. Nor a state alone: it says the state of
                                // what follows, as the whole label does.)
                                Some(Role::State) => {
                                    !enclosing.flatten().is_some_and(Role::is_bucket)
                                        && !text.trim().is_empty()
                                        && label_role(text.trim()).is_none_or(|r| !r.is_bucket())
                                }
                                // (Not a pointer: `**Next steps: see below**`.)
                                _ => {
                                    text.split_whitespace().count() >= 2
                                        && !text.trim_start().to_lowercase().starts_with("see ")
                                }
                            } =>
                    {
                        let text = text.trim();
                        let text = if rest.is_empty() {
                            std::borrow::Cow::Borrowed(text)
                        } else {
                            // (With the period the label's name was cut before: `**Status:
                            // M1-M3 done.**` then `This file's …` are two sentences. The text
                            // is looked for after the label's own words: `**Status: at.**`.)
                            let period = raw
                                .find(label)
                                .map(|at| at + label.len())
                                .and_then(|from| raw[from..].find(text).map(|at| from + at))
                                .is_some_and(|at| raw[at + text.len()..].starts_with('.'));
                            // (Punctuation after the bold joins its text as written: `**Status:
                            // M1 done**, M2 next.`; a second period is none, but an ellipsis
                            // stays whole: `**Status: M1 done.** ... more`.)
                            let rest = if period && !rest.starts_with("..") {
                                rest.strip_prefix('.').unwrap_or(rest).trim_start()
                            } else {
                                rest
                            };
                            let period = if period { "." } else { "" };
                            let gap = if rest
                                .starts_with(['.', ',', ';', ':', '!', '?', '。', '，', '；', '：'])
                            {
                                ""
                            } else {
                                " "
                            };
                            std::borrow::Cow::Owned(format!("{text}{period}{gap}{rest}"))
                        };
                        (label.trim(), text)
                    }
                    _ => (name, std::borrow::Cow::Borrowed(rest)),
                };
                // (A name joined by a slash is a label only in notes or a state: under steps,
                // `Tests/checks to run:` is a step's own words.)
                // (A bucket's names are a label anywhere: `Blocked/waiting:`.)
                let slashed = name.contains('/')
                    && !raw.trim_start().starts_with(['*', '_'])
                    && !role.is_some_and(Role::is_bucket)
                    && !matches!(enclosing.flatten(), None | Some(Role::State));
                if (role.is_some() || bare_title || closes_label) && !slashed {
                    starts(
                        &mut sections,
                        Section {
                            heading: name.to_owned(),
                            // Below every heading (levels 1–6).
                            level: 7,
                            kind: Kind::Label,
                            line: i,
                            body: i + 1..n,
                            inline: (!rest.is_empty()).then(|| rest.into_owned()),
                            role,
                            within: None,
                            parent: None,
                        },
                    );
                }
            }
            i += 1;
        }
        // A label's level is one below its heading's; labels close at the next label.
        for s in &mut sections {
            if s.kind == Kind::Label {
                s.level = 7;
            }
        }
        // A file's one `#` heading that names the next session (`# 📋 Próxima Sessão -
        // PanelBox`) is its title when it holds what steps never do (the state, work done,
        // the goal or decisions: `## 📊 Métricas de Progresso`) and its steps under a heading
        // of their own (`## 🎯 Opções para Próxima Sessão`). Else all of them would be read
        // as steps. (`# Next steps - making the template live` over `## ✅ What's been set
        // up` names its steps, and so does `# Next session` over `## Current state` and
        // `## Plan`.)
        // (The file's one `#` heading, first.)
        let one_title = sections.first().is_some_and(|first| {
            first.kind == Kind::Heading
                && first.level == 1
                && sections[1..]
                    .iter()
                    .all(|s| s.kind != Kind::Heading || s.level > 1)
        });
        if one_title
            && let Some(first) = sections.first()
            && matches!(first.role, Some(Role::NextAction | Role::Remaining))
            && super::headings::names_a_session(&first.heading)
            && sections[1..].iter().any(|s| {
                s.kind == Kind::Heading
                    && s.role.is_some_and(|r| {
                        matches!(
                            r,
                            Role::Complete
                                | Role::InProgress
                                | Role::Unverified
                                | Role::State
                                | Role::Goal
                                | Role::Summary
                                | Role::Decisions
                        )
                    })
            })
            && sections[1..]
                .iter()
                .any(|s| s.kind == Kind::Heading && s.role == Some(Role::NextAction))
        {
            sections[0].role = None;
        }
        // A file's one `#` heading that names the state (`# Aktueller Stand — Übergabe an
        // einen neuen Chat`) over sections that a state never holds (decisions, the goal,
        // the next step: `## Architekturentscheidungen`, `## Nächster Schritt: …`) is the
        // state only in its own body: its sections are the file's, each read by its own
        // heading. Else each of them would be read as a piece of the state.
        if one_title
            && sections[0].role == Some(Role::State)
            && sections[1..].iter().any(|s| {
                s.kind == Kind::Heading
                    && s.role.is_some_and(|r| {
                        matches!(r, Role::Decisions | Role::Goal | Role::NextAction)
                    })
            })
        {
            for s in &mut sections[1..] {
                if s.kind == Kind::Heading && s.parent == Some(0) {
                    s.parent = None;
                }
            }
        }
        // Whether a section says the next steps by itself, under none that names work (a
        // title that names the summary is no such one: `# Handoff summary`).
        let steps_of_their_own = sections.iter().any(|s| {
            s.role == Some(Role::NextAction)
                && s.parent
                    .is_none_or(|p| sections[p].role.is_none_or(|r| !r.is_bucket()))
        });
        // The role each section is read in: its own, in its place, else its enclosing one's.
        for index in 0..sections.len() {
            let parent_role = sections[index]
                .parent
                .and_then(|p| sections[p].role.or(sections[p].within));
            let section = &mut sections[index];
            // Under a list of work (a state, a queue, next steps), a subheading that only
            // holds a role's word names a piece of work: `### v1.4.0 - Validation &
            // Constraints` in a task queue is a task, not the constraints.
            // So is one under decisions (`#### 1. Bilingual docs (Separated Files)` is a
            // decision, not the files). A heading of a word or two (`### 🔧 已知限制`) still
            // names its role.
            if section.kind == Kind::Heading
                && parent_role.is_some_and(|p| {
                    p == Role::State
                        || p == Role::NextAction
                        || p == Role::Decisions
                        || p.is_bucket()
                })
                && section
                    .role
                    .is_some_and(|r| !r.is_bucket() && r != Role::State)
                // (Steps under the work left are its steps when no section of their own says
                // the next steps, by their name: `### Pasos para la próxima sesión` under `## Lo único que
                // falta`; not `### Priority 3 — science next steps` beside `## 7. How to pick
                // up`.)
                && !(parent_role == Some(Role::Remaining)
                    && section.role == Some(Role::NextAction)
                    && !steps_of_their_own
                    // (A heading that names steps, not a piece of work that holds `next`:
                    // `### 1. Ship the next release`.)
                    && names_steps(&section.heading))
                && ((!super::headings::leads_with_name(&section.heading)
                    && !short_name(&section.heading))
                    // A numbered step whose topic is a word of files or proofs: `### 2.
                    // Documentation`, `### 3. Tests` under next steps are steps (not `### 2.
                    // Constraints`, `### 3. How to verify`, `### 1. Known issues`).
                    || (parent_role.is_some_and(|p| p == Role::NextAction || p == Role::Remaining)
                        && section
                            .role
                            .is_some_and(|r| matches!(r, Role::Artifacts | Role::Evidence))
                        && short_name(&section.heading)
                        && numbered_step(&section.heading)))
            {
                section.role = None;
            }
            // Under next steps, a subheading that says what its steps are for is a group of
            // them, not the work left: `### To finish T28 (community-operators)` under `##
            // Next-session entry points`.
            if section.kind == Kind::Heading
                && parent_role == Some(Role::NextAction)
                && section.role == Some(Role::Remaining)
                && says_what_for(&section.heading)
            {
                section.role = None;
            }
            // Under the state, a heading's last status mark says the state of the work it
            // names: `### Payment integration 🚧`, `### Invoice export 🚫`. (Not under a
            // bucket, whose state its heading says; nor a name of a list, of facts or of one
            // word: `### Release checklist 🚧`, `### Environment info ⏳`, `### Notes ⏳`.)
            if section.kind == Kind::Heading
                && section.role.is_none()
                && parent_role == Some(Role::State)
                && !names_information(&section.heading)
                && let Some((role, name)) = super::headings::status_in_state(&section.heading)
                && !super::headings::names_a_list(name)
                && super::headings::normalize(name).split(' ').nth(1).is_some()
            {
                section.role = Some(role);
            }
            if let Some(role) = section.role {
                section.role = Some(in_place(role, &section.heading, parent_role));
            } else {
                // (A section of facts about the work is no piece of it: `## Session
                // Information` under `# Plan - Remaining Tasks`, `### Environment info` under
                // `## Current State`.)
                section.within = parent_role.filter(|r| {
                    inherits(*r)
                        && !((r.is_bucket() || *r == Role::State)
                            && names_information(&section.heading))
                });
            }
        }
        // The title: a first heading of level 1 that names nothing, before any other.
        let title = sections
            .first()
            .filter(|s| s.kind == Kind::Heading && s.level == 1 && s.role.is_none())
            .map(|_| 0);
        let has = |names: &[&str]| {
            sections
                .iter()
                .filter(|s| s.kind == Kind::Heading)
                .filter(|s| names.iter().any(|n| s.heading.eq_ignore_ascii_case(n)))
                .count()
        };
        let template = [
            "Handoff checklist",
            "Objective",
            "Ownership",
            "Receiver verification",
            "Handoff result",
        ];
        let layout = if has(&template) >= 2 {
            Layout::Template
        } else if has(Layout::Skill.sections()) >= 4 {
            Layout::Skill
        } else {
            Layout::Other
        };
        drop(lines);
        Self {
            text: blanked,
            spans,
            sections,
            layout,
            title,
            comments,
            front_matter,
            fenced,
        }
    }

    /// Where line `i` stands to the text's fenced code blocks (`None` outside them).
    pub(crate) fn fence(&self, i: usize) -> Option<InFence> {
        self.fenced.get(i).copied().flatten()
    }

    /// Line `i` (0-based), with its position.
    pub(crate) fn line(&self, i: usize) -> Line<'_> {
        let span = self.spans[i].clone();
        Line {
            number: u32::try_from(i + 1).unwrap_or(u32::MAX),
            start: span.start,
            text: &self.text[span],
        }
    }

    /// How many lines the document has.
    pub(crate) fn line_count(&self) -> usize {
        self.spans.len()
    }

    /// The first section with this heading (case-insensitive), as written.
    #[must_use]
    pub fn section(&self, heading: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.is(heading))
    }

    /// The sections read in `role` (their own role, not one they are within).
    pub fn with_role(&self, role: Role) -> impl Iterator<Item = &Section> {
        self.sections.iter().filter(move |s| s.role == Some(role))
    }

    /// The first section read in `role`.
    #[must_use]
    pub fn first(&self, role: Role) -> Option<&Section> {
        self.with_role(role).next()
    }

    /// The title's section, if the file has one.
    #[must_use]
    pub fn title_section(&self) -> Option<&Section> {
        self.title.map(|t| &self.sections[t])
    }

    /// The title's text.
    #[must_use]
    pub fn title(&self) -> Option<String> {
        self.title_section().map(|s| s.heading.clone())
    }

    /// The text before the first section, and the title's own body.
    #[must_use]
    pub fn preamble_lines(&self) -> Range<usize> {
        match (self.title_section(), self.sections.first()) {
            (Some(title), _) => title.body.clone(),
            (None, Some(first)) => 0..first.line,
            (None, None) => 0..self.line_count(),
        }
    }

    /// The preamble as text: the text before the first section, and the title's own body.
    /// (With a title, the text before it too: `note = "…"` lines over `# Title` are the
    /// file's, never dropped.)
    #[must_use]
    pub fn preamble(&self) -> String {
        let own = self.text_of(self.preamble_lines());
        let before = match self.title_section() {
            Some(title) => self.text_of(0..title.line),
            None => String::new(),
        };
        match (before.trim(), own.trim()) {
            ("", own) => own.to_owned(),
            (before, "") => before.to_owned(),
            (before, own) => format!("{before}\n\n{own}"),
        }
    }

    /// Lines as text, joined by line ends.
    pub(crate) fn text_of(&self, lines: Range<usize>) -> String {
        lines
            .map(|i| self.line(i).text)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The section a line is in (the last one starting at or before it).
    #[must_use]
    pub fn section_at(&self, line: usize) -> Option<usize> {
        // Sections are in the order of their lines.
        self.sections
            .partition_point(|s| s.line <= line)
            .checked_sub(1)
    }
}

/// A role read in its place: `Verification` or `Done when` inside a next action is how that
/// action is checked; a bucket label anywhere is its bucket.
fn in_place(role: Role, heading: &str, enclosing: Option<Role>) -> Role {
    match (role, enclosing) {
        // (How the step is checked: `### Verification after build` under `## Your immediate
        // task`; not `### Verification results` nor `### Tests`, which may hold proof of work
        // done.)
        (Role::Evidence | Role::Criteria, Some(Role::NextAction | Role::Verification))
            if {
                let name = super::headings::normalize(super::headings::before_qualifier(heading));
                matches!(name.as_str(), "verification" | "done when" | "validation")
                    || ["verification after ", "validation after "]
                        .iter()
                        .any(|w| name.starts_with(w))
            } =>
        {
            Role::Verification
        }
        // (How the criteria are checked, among them: `**Validation:**` over `- [ ] \`npm run
        // compile\` succeeds` under `## Success Criteria`.)
        (Role::Evidence | Role::Verification, Some(Role::Criteria))
            if matches!(
                super::headings::normalize(heading).as_str(),
                "verification" | "validation" | "tests" | "testing"
            ) =>
        {
            Role::Criteria
        }
        _ => role,
    }
}

/// Whether a heading opens by saying what it is for, and what: `To finish T28`, `Para
/// terminar el importador`, `Pour finir …` (not a name of the work left: `To do`, `To fix`,
/// `To be done`).
fn says_what_for(heading: &str) -> bool {
    let lower = heading
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    ["to ", "para ", "pour ", "per "]
        .iter()
        .any(|w| lower.starts_with(w))
        && super::headings::normalize(super::headings::before_qualifier(heading))
            .split(' ')
            .count()
            >= 3
        && !super::headings::is_name(heading)
}

/// The columns a line's start takes, as CommonMark counts them: a character one column, a
/// tab to the next multiple of four.
fn columns(start: &str) -> usize {
    start.chars().fold(0, |col, c| {
        if c == '\t' {
            col + 4 - col % 4
        } else {
            col + 1
        }
    })
}

/// Whether a heading names information about the work as a whole, by one of a few names
/// (`Session Information`, `Project info`, `Metadata`): not a piece of work that holds the
/// word (`Missing information`, `Update contact info`, `Build info`).
fn names_information(heading: &str) -> bool {
    matches!(
        super::headings::normalize(heading).as_str(),
        "session information"
            | "session info"
            | "session details"
            | "project information"
            | "project info"
            | "general information"
            | "general info"
            | "environment information"
            | "environment info"
            | "contact information"
            | "contact info"
            | "document information"
            | "metadata"
            | "meta"
            | "informationen"
            | "información de la sesión"
            | "informações da sessão"
    )
}

/// Whether a section without a role of its own is read in `role`, its enclosing section's:
/// lists are (a subheading of Decisions is a decision), the goal and the owner are not.
fn inherits(role: Role) -> bool {
    !matches!(
        role,
        Role::Goal | Role::Summary | Role::Owner | Role::Verification
    )
}

impl Section {
    /// Whether the heading is `name` (case-insensitive).
    #[must_use]
    pub fn is(&self, name: &str) -> bool {
        self.heading.eq_ignore_ascii_case(name)
    }

    /// The body's lines.
    pub(crate) fn lines<'d>(&self, doc: &'d Document) -> Vec<Line<'d>> {
        self.body.clone().map(|i| doc.line(i)).collect()
    }

    /// The body as text.
    #[must_use]
    pub fn text(&self, doc: &Document) -> String {
        doc.text_of(self.body.clone())
    }

    /// Whether the section says nothing: no inline text, and a body of blank lines
    /// (comments count as blank).
    #[must_use]
    pub fn is_blank(&self, doc: &Document) -> bool {
        self.inline.is_none() && self.lines(doc).iter().all(|l| l.text.trim().is_empty())
    }

    /// The body read into blocks, in order.
    #[must_use]
    pub fn blocks(&self, doc: &Document) -> Vec<Block> {
        let mut blocks: Vec<Block> = Vec::new();
        let mut code: Option<Code> = None;
        let mut header: Option<Vec<String>> = None;
        let mut item_indent: Vec<usize> = Vec::new();
        let mut in_paragraph = false;
        let mut last_item: Option<usize> = None;
        // The column the last item's text starts at, and whether a blank line has come since
        // it: past a blank line, only a line indented to that column continues the item.
        let mut item_column = 0;
        let mut blank_since_item = false;
        // Whether the lines read last are a list written as lines led by status marks.
        let mut marked_run = false;
        for i in self.body.clone() {
            let raw = unquote(doc.line(i).text);
            let trimmed = raw.trim_start();
            match doc.fence(i) {
                Some(InFence::Opens) => {
                    code = Fence::open(raw).map(|fence| Code {
                        fence,
                        lines: vec![i],
                        closed: false,
                    });
                    in_paragraph = false;
                    continue;
                }
                Some(at) => {
                    if let Some(open) = &mut code {
                        open.lines.push(i);
                        open.closed = at == InFence::Closes;
                    }
                    if at == InFence::Closes {
                        blocks.extend(code.take().map(Block::Code));
                    }
                    continue;
                }
                None => {}
            }
            if trimmed.is_empty() {
                in_paragraph = false;
                marked_run = false;
                header = None;
                blank_since_item = true;
                continue;
            }
            // A GitHub alert's mark (`> [!NOTE]`): the kind of the quote below, no text.
            if is_alert_mark(trimmed) {
                in_paragraph = false;
                continue;
            }
            // `---` after a blank line: a rule between parts, no text of any field.
            if !in_paragraph && is_rule(trimmed) {
                last_item = None;
                continue;
            }
            // A row: a line that opens with a bar, or any line with one in a table begun
            // without them (`Step | Status` over `--- | ---`, as GitHub reads it).
            // (A list item is never one: it ends the table, as on GitHub.)
            let row = trimmed.starts_with('|')
                || (trimmed.contains('|')
                    && marker(raw).is_none()
                    && (header.is_some() || self.opens_table(doc, i, trimmed))
                    && !(last_item.is_some() && raw.starts_with([' ', '\t'])));
            if row {
                in_paragraph = false;
                last_item = None;
                let cells = table_cells(trimmed.trim_end());
                let rule = is_delimiter_row(&cells);
                match &header {
                    None => {
                        header = Some(cells);
                        blocks.push(Block::Verbatim { lines: vec![i] });
                    }
                    Some(_) if rule => {
                        if let Some(Block::Verbatim { lines }) = blocks.last_mut() {
                            lines.push(i);
                        }
                    }
                    Some(h) => blocks.push(Block::Row {
                        line: i,
                        cells,
                        header: h.clone(),
                    }),
                }
                continue;
            }
            header = None;
            if let Some(rest) = marker(raw) {
                in_paragraph = false;
                marked_run = false;
                let indent = raw.len() - trimmed.len();
                while item_indent
                    .last()
                    .is_some_and(|&d| d >= indent + 2 || d > indent)
                {
                    item_indent.pop();
                }
                if item_indent.last() != Some(&indent) {
                    item_indent.push(indent);
                }
                item_column = columns(&raw[..raw.len() - rest.trim_start().len()]);
                blank_since_item = false;
                let (checked, text) = task(rest);
                blocks.push(Block::Item(Item {
                    line: i,
                    lines: vec![i],
                    text: text.trim().to_owned(),
                    checked,
                    depth: item_indent.len() - 1,
                }));
                last_item = Some(blocks.len() - 1);
                continue;
            }
            let text = trimmed.trim_start_matches('>').trim();
            // A line indented under an item continues it; past a blank line, only one
            // indented to the item's text (`  - src/config.ts — …`, a blank line, then `  Still
            // to do:` is a paragraph of its own, as CommonMark reads it).
            let indent = columns(&raw[..raw.len() - raw.trim_start_matches([' ', '\t']).len()]);
            if let Some(at) = last_item
                && raw.starts_with([' ', '\t'])
                && (!blank_since_item || indent >= item_column)
                && let Block::Item(item) = &mut blocks[at]
            {
                item.lines.push(i);
                if !text.is_empty() {
                    item.text.push(' ');
                    item.text.push_str(text);
                }
                continue;
            }
            // Lines that each open with a status mark are a list written without markers
            // (`✅ Landing page — fully working` over `⚠️ Full game flow — not yet tested`):
            // each line an item, not one paragraph.
            let marked = |line: &str| status_mark(unquote(line)).is_some();
            // (Only from a paragraph's first line: a wrapped line of prose that happens to
            // start with one, `✅ means verified on staging`, is prose.)
            // (Another marked line follows within a few lines of the paragraph.)
            let another = || {
                (i + 1..self.body.end.min(i + 9))
                    .map(|j| doc.line(j).text)
                    .take_while(|l| !l.trim().is_empty())
                    .any(marked)
            };
            if marked(text) && (marked_run || (!in_paragraph && another())) {
                in_paragraph = false;
                marked_run = true;
                item_indent.clear();
                item_column = columns(&raw[..raw.len() - trimmed.len()]) + 1;
                blank_since_item = false;
                blocks.push(Block::Item(Item {
                    line: i,
                    lines: vec![i],
                    text: text.to_owned(),
                    checked: None,
                    depth: 0,
                }));
                last_item = Some(blocks.len() - 1);
                continue;
            }
            // A line without a mark in such a list continues its item, as a list item's
            // lazy line does (`✅ Export` / `CSV path still crashes on empty rows`).
            if marked_run
                && let Some(at) = last_item
                && let Block::Item(item) = &mut blocks[at]
            {
                item.lines.push(i);
                item.text.push(' ');
                item.text.push_str(text);
                continue;
            }
            last_item = None;
            item_indent.clear();
            // Lines that each open with a bold label (`**Build:** CLEAN` over `**GPU path:**
            // WORKING at 200K`) are lines of their own, as their writer set them, not one
            // paragraph.
            let labels_lines = || {
                bold_label(text)
                    && i.checked_sub(1)
                        .is_some_and(|b| bold_label(unquote(doc.line(b).text).trim()))
            };
            if in_paragraph
                && !labels_lines()
                && let Some(Block::Paragraph { lines, text: t }) = blocks.last_mut()
            {
                lines.push(i);
                t.push(' ');
                t.push_str(text);
                continue;
            }
            in_paragraph = true;
            blocks.push(Block::Paragraph {
                lines: vec![i],
                text: text.to_owned(),
            });
        }
        blocks.extend(code.map(Block::Code));
        blocks
    }

    /// Whether line `i`, which holds a bar but does not open with one, heads a table: the
    /// next line of the body is a delimiter row (`--- | :---:`) of as many cells.
    fn opens_table(&self, doc: &Document, i: usize, line: &str) -> bool {
        let next = i + 1;
        if next >= self.body.end {
            return false;
        }
        let delimiter = unquote(doc.line(next).text).trim();
        if !delimiter.contains('|') {
            return false;
        }
        let cells = table_cells(delimiter);
        // (Each cell with a dash: a row of colons alone rules no table.)
        is_delimiter_row(&cells)
            && cells.iter().all(|c| c.contains('-'))
            && cells.len() == table_cells(line.trim_end()).len()
    }

    /// The bullets' texts, in order (nested ones included).
    #[must_use]
    pub fn items(&self, doc: &Document) -> Vec<String> {
        self.blocks(doc)
            .into_iter()
            .filter_map(|b| match b {
                Block::Item(item) if !item.text.is_empty() => Some(item.text),
                _ => None,
            })
            .collect()
    }
}

/// Whether a heading is numbered as a step: `2. Documentation`, `3) Tests`, `Step 2: Docs`.
fn numbered_step(heading: &str) -> bool {
    let t = heading
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    (1..=2).contains(&digits) && t[digits..].starts_with(['.', ')', ' ', ':'])
        || super::headings::numbered_task(t)
}

/// Whether a heading names steps or actions by a word of its own (`Pasos para la próxima
/// sesión`, `Next steps`, `下一步行动`, `Next target: …`), not only a piece of work (`Ship the
/// next release`).
fn names_steps(heading: &str) -> bool {
    // (Words of Chinese, written without spaces, are read where a word ends, below.)
    const STEPS: [&str; 14] = [
        "step",
        "steps",
        "actions",
        "pasos",
        "paso",
        "passos",
        "étapes",
        "schritte",
        "acciones",
        "ações",
        "шаги",
        "ステップ",
        "단계",
        "kroky",
    ];
    let name = super::headings::normalize(heading);
    // (`Next target: Phase 3 - REST API` names the next piece of work as a step.)
    name.contains("next target")
        || name
            .split(' ')
            .any(|w| STEPS.contains(&w) || w.ends_with("步骤") || w.ends_with("行动"))
}

/// A heading of a word or two (`Gotchas`, `🔧 已知限制`): a role's word in it is its name,
/// not a topic's.
fn short_name(heading: &str) -> bool {
    let name = super::headings::normalize(heading);
    // Words where a script spaces them (`Als nächstes`), characters where it does not.
    if name.chars().all(|c| c < '\u{2e80}') {
        name.split(' ').count() <= 2
    } else {
        // (Or a few more that end with a name, its words before it only saying which:
        // `重要な決定事項`, `未解決・既知リスク`.)
        let chars: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
        // (Not after words that undo it: `却下された決定事項`, `旧リスク`, `解決済みの既知リスク`.)
        const UNDOING: [&str; 15] = [
            "却下",
            "旧",
            "済",
            "不採用",
            "廃止",
            "過去",
            "过去",
            "已",
            "否决",
            "弃用",
            "放弃",
            "해결",
            "폐기",
            "기각",
            "이전",
        ];
        chars.len() <= 6
            || (chars.len() <= 10
                && (1..chars.len() - 1).any(|at| {
                    let before: String = chars[..at].iter().collect();
                    !UNDOING.iter().any(|w| before.contains(w))
                        && super::headings::is_name(&chars[at..].iter().collect::<String>())
                }))
    }
}

/// A line without its block quote's markers: a handoff written inside a quote (`> ## Where
/// we are`, `> 1. **Session H**`) reads as the same handoff outside one.
pub(crate) fn unquote(line: &str) -> &str {
    let mut rest = line;
    loop {
        let trimmed = rest.trim_start_matches(' ');
        if rest.len() - trimmed.len() > 3 {
            return rest;
        }
        match trimmed.strip_prefix('>') {
            Some(inner) => rest = inner.strip_prefix(' ').unwrap_or(inner),
            None => return rest,
        }
    }
}

/// `none`, `n/a`, `—`: an explicit "nothing here", alone or before its reason (`None --
/// the build passes`).
pub(crate) fn is_none(text: &str) -> bool {
    // (An item is asked this by several readings in turn: the last few answers are kept.)
    thread_local! {
        static RECENT: std::cell::RefCell<super::recent::Recent<bool, 4>> =
            const { std::cell::RefCell::new(super::recent::Recent::new()) };
    }
    super::recent::recall(&RECENT, text, says_nothing_here)
}

/// [`is_none`], read anew.
fn says_nothing_here(text: &str) -> bool {
    let t = text.trim();
    // (A sentence of no blocker in other words is short: read before the length test, for
    // the few texts that start as one does.)
    if t.len() <= 120
        && t.get(..2).is_some_and(|h| {
            matches!(
                h,
                "ne" | "Ne" | "NE" | "ni" | "Ni" | "NI" | "au" | "Au" | "AU"
            )
        })
        && none_alone(t)
    {
        return true;
    }
    // (A head that is "nothing here" is short: the separators are looked for in the first
    // bytes only, all of them in one pass, never through a long text once per separator.)
    let mut end = t.len().min(NONE_MAX);
    while !t.is_char_boundary(end) {
        end -= 1;
    }
    let first = first_separators(&t.as_bytes()[..end]);
    // Every "nothing here" is a short head: a text whose first 32 bytes hold none of the
    // separators is one only when it is short itself (read in constant time per item).
    if t.len() > 32 {
        let mut head = 32;
        while !t.is_char_boundary(head) {
            head -= 1;
        }
        let in_head = first
            .iter()
            .zip(SEPARATORS)
            .any(|(at, sep)| at.is_some_and(|at| at + sep.len() <= head));
        if !in_head {
            return false;
        }
    }
    if first.iter().flatten().any(|&at| none_alone(&t[..at])) {
        return true;
    }
    none_alone(t)
}

/// What ends a "nothing here" before its reason (`None -- the build passes`), in the order
/// they are tried.
const SEPARATORS: [&str; 8] = [" -- ", " — ", " – ", " - ", ": ", ". ", ", ", " ("];

/// Where each of [`SEPARATORS`] first occurs in `bytes`, found in one pass.
fn first_separators(bytes: &[u8]) -> [Option<usize>; 8] {
    let mut first = [None; 8];
    for (at, &b) in bytes.iter().enumerate() {
        // Every separator starts with a space, a colon, a full stop or a comma, and the
        // byte after it tells which separators can start there.
        let candidates: &[usize] = match (b, bytes.get(at + 1)) {
            (b' ', Some(b'-')) => &[0, 3],
            (b' ', Some(0xE2)) => &[1, 2],
            (b' ', Some(b'(')) => &[7],
            (b':', Some(b' ')) => &[4],
            (b'.', Some(b' ')) => &[5],
            (b',', Some(b' ')) => &[6],
            _ => continue,
        };
        for &i in candidates {
            if first[i].is_none() && bytes[at..].starts_with(SEPARATORS[i].as_bytes()) {
                first[i] = Some(at);
            }
        }
    }
    first
}

/// The longest text, in bytes, that [`none_alone`] can read as "nothing here" (its longest
/// phrase is a no-blocker sentence of five words).
const NONE_MAX: usize = 128;

/// Every "nothing here" said alone, lowercase.
const NONE_PHRASES: &[&str] = &[
    "none",
    "none known",
    "none yet",
    "none so far",
    "none identified",
    "no blockers",
    "no known blockers",
    "n/a",
    "na",
    "nothing",
    "nothing yet",
    "-",
    "—",
    "нет",
    "无",
    "없음",
    "なし",
    "keine",
    "žádné",
    "não aplicável",
    "nao aplicavel",
    "no aplica",
    "no aplicable",
    "non applicable",
    "nicht zutreffend",
    "不适用",
    "該当なし",
    "no",
    "none at the moment",
    "none for now",
    "none currently",
    "nothing blocking",
    "–",
];

/// The most letters a phrase of [`NONE_PHRASES`] has (`none at the moment`).
const NONE_PHRASE_CHARS: usize = 18;

/// Whether a text starts as a no-blocker sentence's first word does, lowercase (`nen…`,
/// `nin…`, `auc…`).
fn no_blocker_head(text: &str) -> bool {
    // (Three ASCII bytes are three letters, each lowercased to one.)
    if let Some(&[a, b, c]) = text.as_bytes().get(..3)
        && [a, b, c].is_ascii()
    {
        let head = [a, b, c].map(|b| b.to_ascii_lowercase());
        return matches!(&head, b"nen" | b"nin" | b"auc");
    }
    let mut head = ['\0'; 3];
    for (slot, c) in head
        .iter_mut()
        .zip(text.chars().take(3).flat_map(char::to_lowercase))
    {
        *slot = c;
    }
    matches!(head, ['n', 'e', 'n'] | ['n', 'i', 'n'] | ['a', 'u', 'c'])
}

/// The first letter of every phrase [`none_alone`] reads, lowercase: of [`NONE_PHRASES`] and
/// of the no-blocker sentences (`nenhum`, `ningún`, `aucun`).
fn none_initial(c: char) -> bool {
    matches!(
        c,
        'n' | 'N'
            | 'a'
            | 'A'
            | 'k'
            | 'K'
            | '\u{212A}' // the Kelvin sign, whose lowercase is `k`
            | 'ž'
            | 'Ž'
            | 'н'
            | 'Н'
            | '-'
            | '—'
            | '–'
            | '无'
            | '없'
            | 'な'
            | '不'
            | '該'
    )
}

/// Whether a number and its period before a month's name is a date's day (`Stand: 24. Juli
/// 2026`, `am 3. März`, `1. května`): an ordinal, no sentence's end.
pub(crate) fn day_of_month(before: &str, after: &str) -> bool {
    let day = before
        .rsplit(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap_or("");
    let lead = &before[..before.len() - day.len()];
    if !(1..=2).contains(&day.len())
        || lead
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '.')
    {
        return false;
    }
    let after = after.trim_start();
    let month_len = after
        .find(|c: char| !c.is_alphabetic())
        .unwrap_or(after.len());
    let month = after[..month_len].to_lowercase();
    if months::NATIVE.contains(&month.as_str()) {
        return true;
    }
    let year = after[month_len..]
        .trim_start_matches('.')
        .trim_start()
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .unwrap_or("");
    months::SHARED.contains(&month.as_str()) && year.len() == 4
}

/// Whether a text is only a date and facts of where the work stands (`24. Juli 2026 ·
/// Branch main · letzter Commit e88451a`, `2026-07-24`): a label over it says when, not
/// what (`Stand: 24. Juli 2026 …` is "as of", no state; `Status: 2026-07-24 — blocked on
/// review` says a state after its date).
pub(crate) fn date_and_place_only(text: &str) -> bool {
    let text = text.trim_start_matches(['*', '_']).trim_start();
    let first_end = text.find(char::is_whitespace).unwrap_or(text.len());
    let first = &text[..first_end];
    let digits = first.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return false;
    }
    // A day and its period, then a month's name and a year; or numbers joined by `-`, `.`
    // or `/`, the year among them.
    let rest = if first.len() == digits + 1 && first.ends_with('.') {
        if !day_of_month(&first[..digits], &text[first_end..]) {
            return false;
        }
        // (Past the month's name, and its year if one follows.)
        fn past_word(s: &str) -> &str {
            let s = s.trim_start();
            s[s.find(char::is_whitespace).unwrap_or(s.len())..].trim_start()
        }
        let rest = past_word(&text[first_end..]);
        let year = rest.split_whitespace().next().is_some_and(|w| {
            w.trim_end_matches([',', '.'])
                .bytes()
                .all(|b| b.is_ascii_digit())
        });
        if year { past_word(rest) } else { rest }
    } else {
        let parts: Vec<&str> = first
            .trim_end_matches([',', '.', ':', ';', '*', '_'])
            .split(['-', '.', '/'])
            .collect();
        let dated = parts.len() == 3
            && parts
                .iter()
                .all(|p| (1..=4).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
            && parts.iter().any(|p| p.len() == 4)
            && (parts[0].len() == 4 || parts[2].len() == 4);
        if !dated {
            return false;
        }
        &text[first_end..]
    };
    // What follows names a branch, a commit or a time, in parts between `·`, `|` or `,`.
    rest.trim_matches(['*', '_', ' '])
        .split(['·', '|', ','])
        .map(|part| part.trim().trim_matches(['*', '_']).to_lowercase())
        .filter(|part| !part.is_empty())
        .all(|part| {
            // (A fact of a few words, `Branch main`, `letzter Commit e88451a`, `14:02 UTC`;
            // not `3 integration tests to fix before the deploy`.)
            let words: Vec<&str> = part.split_whitespace().collect();
            let first = words.first().copied().unwrap_or("");
            let named = matches!(
                first,
                "branch"
                    | "commit"
                    | "head"
                    | "letzter"
                    | "last"
                    | "latest"
                    | "on"
                    | "auf"
                    | "um"
                    | "at"
                    | "às"
                    | "utc"
                    | "version"
                    | "v"
            );
            // (A time, its half of the day and its zone: `9:15 PM EST`, `14:02 MESZ`.)
            let timed = first.bytes().next().is_some_and(|b| b.is_ascii_digit())
                && words.len() <= 3
                && words.iter().skip(1).all(|w| {
                    matches!(
                        *w,
                        "utc"
                            | "uhr"
                            | "h"
                            | "am"
                            | "pm"
                            | "a.m."
                            | "p.m."
                            | "cet"
                            | "cest"
                            | "mez"
                            | "mesz"
                            | "gmt"
                            | "bst"
                            | "est"
                            | "edt"
                            | "pst"
                            | "pdt"
                            | "jst"
                            | "kst"
                    )
                });
            (named && words.len() <= 4) || timed
        })
}

pub(crate) fn none_alone(text: &str) -> bool {
    if text.len() > NONE_MAX {
        return false;
    }
    let t = bare_phrase(text);
    // (Read before the text is lowercased: most texts start with no such letter, and a
    // lowercase text has at least as many letters as its text.)
    // (The head first: it is three letters, where the count reads up to nineteen.)
    if !t.chars().next().is_some_and(none_initial)
        || (!no_blocker_head(t) && t.chars().nth(NONE_PHRASE_CHARS).is_some())
    {
        return false;
    }
    says_none(&t.to_lowercase())
}

/// A short text without its emphasis and its closing stop: `**None.**` → `None`.
fn bare_phrase(text: &str) -> &str {
    text.trim()
        .trim_matches(|c: char| matches!(c, '*' | '_' | '`'))
        .trim_end_matches(['.', '!'])
}

/// Whether a bare, lowercase text says "nothing here": one of [`NONE_PHRASES`], or a
/// no-blocker sentence.
fn says_none(t: &str) -> bool {
    // `Nenhum bloqueio técnico imediato`, `Ningún bloqueo`, `Aucun blocage`: the no-word, then
    // the word for a block, and nothing said after it (`Ningún test pasa; bloqueado por …`
    // and `Aucun problème de build, mais bloqué …` are blocks).
    let mut words = t.split_whitespace();
    let no_blocker = words.next().is_some_and(|w| {
        matches!(
            w,
            "nenhum" | "nenhuma" | "ningún" | "ninguno" | "ninguna" | "aucun" | "aucune"
        )
    }) && words.next().is_some_and(|w| {
        ["bloque", "blocage", "impedimento"]
            .iter()
            .any(|b| w.starts_with(b))
    }) && words.count() <= 3
        && !t.contains([',', ';', ':', '，', '；', '：']);
    no_blocker || NONE_PHRASES.contains(&t)
}

/// A placeholder for what is still to be written: `TBD`, `TODO`, `…`, `Nothing required`.
pub(crate) fn is_placeholder_text(text: &str) -> bool {
    let bare = bare_phrase(text);
    // (A text of more letters than the longest placeholder below, not in brackets, is none
    // of them: lowercasing never writes fewer letters.)
    if !bare.starts_with('(') && bare.chars().nth(18).is_some() {
        return is_none(text);
    }
    let t = bare.to_lowercase();
    // (`(fill in)`, `(TBD)`, `(list fixes here)`; not `(full list here: docs/fixes.md)`.)
    let fill = t.starts_with('(')
        && t.ends_with(')')
        && (["fill", "todo", "tbd", "placeholder"]
            .iter()
            .any(|w| t.contains(w))
            || (t.ends_with(" here)")
                && [
                    "(list ",
                    "(add ",
                    "(describe ",
                    "(insert ",
                    "(write ",
                    "(put ",
                    "(paste ",
                ]
                .iter()
                .any(|w| t.starts_with(w))));
    fill || is_none(text)
        || matches!(
            t.as_str(),
            "tbd"
                | "tba"
                | "todo"
                | "to do"
                | "…"
                | "..."
                | "?"
                | "???"
                | "nothing required"
                | "nothing to do"
                | "no action"
                | "no action required"
                | "no next action"
                | "xxx"
                | "fill in"
                | "fill me in"
        )
}

#[cfg(test)]
mod tests {
    use super::{
        Block, Document, Fence, NONE_PHRASES, Role, blank_comments, date_and_place_only,
        day_of_month, fence_lines, is_none, location, none_initial,
    };

    #[test]
    fn a_label_over_a_date_and_where_the_work_stands_says_when() {
        for text in [
            "24. Juli 2026 · Branch `main` · letzter Commit `e88451a`",
            "3. März",
            "1. května 2026",
            "2026-07-24",
            "24.07.2026 · Branch main",
            "07/24/2026, 14:02 UTC",
            "2026-08-30, 14:02 MESZ",
            "2026-08-30 · 9:15 PM EST",
            "2026-08-30 · 10:30 a.m.",
            "**2026-07-24** · on `main`",
            "24. August 2026",
            "\u{3000}1. Juli 2026",
        ] {
            assert!(date_and_place_only(text), "{text}");
        }
        for text in [
            "2026-07-24 — blocked on review of PR #12",
            "02.09.2026 · Branch `dotnet-migration` · nichts gepusht (kein Upstream)",
            "2024.10.1 deployed to prod, smoke tests green.",
            "24 tests pass",
            "3. Phase",
            "1.2.3",
            "2026",
            "100. Juli",
            "24. August",
            "in progress since 2026-07-24",
            "_\u{3000}1. Juli 2026 blocked_",
            "",
        ] {
            assert!(!date_and_place_only(text), "{text}");
        }
        // A day's number is one or two digits of its own, before a month's name.
        assert!(day_of_month("Stand: 24", " Juli 2026"));
        assert!(!day_of_month("v1.24", " Juli"));
        assert!(!day_of_month("Phase 2", " Next"));
        assert!(!day_of_month("", " Juli"));
        // A month that is an English word, only with its year: `Tests passed: 12. June data`.
        assert!(!day_of_month(
            "Tests passed: 12",
            " June data not yet imported."
        ));
        assert!(day_of_month("am 12", " June 2026"));
        assert!(day_of_month("24", " Aug. 2026"));
    }

    /// `is_none` as it read before its separators were found in one pass and its texts
    /// lowercased only when they can be a phrase: the oracle of the one below. (What a
    /// lowercase text says, `says_none`, did not change and is shared.)
    fn is_none_before(text: &str) -> bool {
        fn alone(text: &str) -> bool {
            text.len() <= super::NONE_MAX
                && super::says_none(&super::bare_phrase(text).to_lowercase())
        }
        let t = text.trim();
        if t.len() <= 120
            && t.get(..2).is_some_and(|h| {
                matches!(
                    h,
                    "ne" | "Ne" | "NE" | "ni" | "Ni" | "NI" | "au" | "Au" | "AU"
                )
            })
            && alone(t)
        {
            return true;
        }
        if t.len() > 32 {
            let mut end = 32;
            while !t.is_char_boundary(end) {
                end -= 1;
            }
            let head = &t[..end];
            if !super::SEPARATORS.iter().any(|sep| head.contains(sep)) {
                return false;
            }
        }
        let mut end = t.len().min(super::NONE_MAX);
        while !t.is_char_boundary(end) {
            end -= 1;
        }
        let window = &t[..end];
        for sep in super::SEPARATORS {
            if let Some(at) = window.find(sep)
                && alone(&t[..at])
            {
                return true;
            }
        }
        alone(t)
    }

    #[test]
    fn none_phrase_chars_is_the_longest_phrase() {
        let longest = NONE_PHRASES.iter().map(|p| p.chars().count()).max();
        assert_eq!(longest, Some(super::NONE_PHRASE_CHARS));
    }

    #[test]
    fn every_none_phrase_starts_with_an_initial_read_first() {
        for phrase in NONE_PHRASES.iter().chain(&[
            "nenhum", "nenhuma", "ningún", "ninguno", "ninguna", "aucun", "aucune",
        ]) {
            let Some(first) = phrase.chars().next() else {
                panic!("an empty phrase")
            };
            assert!(none_initial(first), "{phrase}");
            for upper in first.to_uppercase() {
                assert!(none_initial(upper), "{phrase}: {upper}");
            }
        }
        // Every letter whose lowercase starts with such an initial is read as one.
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            if c.to_lowercase().next().is_some_and(none_initial) {
                assert!(none_initial(c), "{c:?}");
            }
        }
    }

    #[test]
    fn is_none_reads_as_before() {
        // Heads, separators and tails put together at every length around the two limits
        // (32 and 128 bytes), with multi-byte letters on the boundaries.
        let heads = [
            "None",
            "none",
            "N/A",
            "**None**",
            "Nothing yet",
            "Keine",
            "Ningún bloqueo",
            "Aucun blocage",
            "Nenhum bloqueio técnico imediato",
            "NINGUNA bloqueo activo",
            "Aucune blocage ici",
            "None at the moment",
            "NONE FOR NOW",
            "nenhuma impedimento aqui",
            "нет",
            "无",
            "なし",
            "—",
            "-",
            "no",
            "Never run step 0 by hand",
            "Notes",
            "",
            "  None  ",
            "Kelvin",
            "\u{212A}eine",
            "Ž",
            "žádné",
            "NA.",
            "none!",
        ];
        let separators = [
            "", " -- ", " — ", " – ", " - ", ": ", ". ", ", ", " (", " ", ";", ":", ".",
        ];
        let tails = [
            "",
            "the build passes",
            "Full suite: 0 passed.",
            "é",
            "日本語のテキスト",
            "none -- but see below",
        ];
        let mut texts = Vec::new();
        for head in heads {
            for sep in separators {
                for tail in tails {
                    for pad in [
                        0, 1, 2, 3, 20, 28, 29, 30, 31, 32, 33, 100, 120, 126, 127, 128, 129,
                    ] {
                        for fill in ["x", "é", "日"] {
                            let filler = fill.repeat(pad / fill.len());
                            texts.push(format!("{head}{sep}{tail}"));
                            texts.push(format!("{head}{filler}{sep}{tail}"));
                            texts.push(format!("{head}{sep}{filler}{tail}"));
                            texts.push(format!("{filler}{head}{sep}{tail}"));
                            // A phrase in emphasis, so that its separator can end on
                            // either side of the 32nd byte.
                            let stars = "*".repeat(pad.min(64) / 2);
                            texts.push(format!("{stars}{head}{stars}{sep}{tail}{filler}"));
                        }
                    }
                }
            }
        }
        let mut agreed = 0;
        for text in &texts {
            assert_eq!(is_none(text), is_none_before(text), "{text:?}");
            agreed += usize::from(is_none(text));
        }
        // (The texts hold "nothing here" in many forms: the test compares both answers.)
        assert!(agreed > 1000, "{agreed} of {}", texts.len());
    }

    #[test]
    fn front_matter_is_kept_and_read_as_blank() {
        let text = "---\nupdated: 2026-07-20\nbranch: main\ntags: [a, b]\n---\n\n# Handoff\n";
        let doc = Document::parse(text);
        assert_eq!(
            doc.front_matter.as_deref(),
            Some("---\nupdated: 2026-07-20\nbranch: main\ntags: [a, b]\n---\n")
        );
        // Every byte keeps its place: the title is still on line 7.
        assert_eq!(doc.sections[0].line, 6);
        // A rule over prose, or one never closed, opens no front matter.
        for text in [
            "---\nThis handoff covers the export work.\n---\n",
            "---\nGoal: make the importer read BOMs\nDecision: keep the csv crate\n---\n",
            "---\n# Handoff\n- Done: the parser\n---\n",
            "---\nupdated: 2026-07-20\n# Handoff\n",
            "# Handoff\n---\nbranch: main\n---\n",
        ] {
            assert_eq!(Document::parse(text).front_matter, None, "{text:?}");
        }
        // TOML's list, closed by its bracket on a line of its own.
        let text = "+++\nid = \"H-1\"\nspecs = [\n  \"S-6\",\n]\nprs = []\n+++\n\n# Handoff\n";
        assert_eq!(
            Document::parse(text).front_matter.as_deref(),
            Some("+++\nid = \"H-1\"\nspecs = [\n  \"S-6\",\n]\nprs = []\n+++\n")
        );
    }

    #[test]
    fn text_before_the_title_is_the_preamble_s() {
        // (Not dropped: a block that is no front matter, over the title.)
        let text =
            "+++\nid = \"H-1\"\n\n# Handoff\n\nThe export work.\n\n## Current state\n- done\n";
        let doc = Document::parse(text);
        assert_eq!(doc.title().as_deref(), Some("Handoff"));
        assert_eq!(doc.preamble(), "+++\nid = \"H-1\"\n\nThe export work.");
        let doc = Document::parse("Draft, not reviewed.\n# Handoff\n## Current state\n- done\n");
        assert_eq!(doc.preamble(), "Draft, not reviewed.");
    }

    #[test]
    fn comments_are_kept_and_only_outside_code() {
        let text =
            "a <!-- one -->\n`<!-- code -->`\n```\n<!-- fenced -->\n```\n<!-- two\nlines -->x\n";
        let (blanked, comments) = blank_comments(text);
        assert_eq!(blanked.len(), text.len());
        let texts: Vec<&str> = comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["<!-- one -->", "<!-- two\nlines -->"]);
        assert!(blanked.contains("`<!-- code -->`"));
        assert!(blanked.contains("<!-- fenced -->"));
        assert_eq!(comments[1].line, 5);
        // A fence of four marks goes on past a line of three.
        let (_, comments) = blank_comments("````\n```\n<!-- fenced -->\n````\n<!-- out -->\n");
        let texts: Vec<&str> = comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["<!-- out -->"]);
        // A mark after a backslash is text (a rendering escapes a source's `<!--` so);
        // after two, the backslash is the escaped one.
        let text = "- \\<!-- kept as text --\\>\n- \\`<!-- a -->\n\\\\<!-- b -->\n";
        let (blanked, comments) = blank_comments(text);
        let texts: Vec<&str> = comments.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(texts, ["<!-- a -->", "<!-- b -->"]);
        assert!(blanked.starts_with("- \\<!-- kept as text --\\>\n"));
    }

    /// Which lines of `text` lie in fenced code blocks, as `0`/`1` marks, and each code
    /// block's body as a section holds it (its lines joined).
    fn fenced(text: &str) -> (String, Vec<String>) {
        let lines: Vec<&str> = text.lines().collect();
        let marks = fence_lines(&lines)
            .iter()
            .map(|at| if at.is_some() { '1' } else { '0' })
            .collect();
        let doc = Document::parse(&format!("# Notes\n{text}"));
        let bodies = doc.sections[0]
            .blocks(&doc)
            .iter()
            .filter_map(|b| match b {
                Block::Code(code) => Some(
                    code.body()
                        .iter()
                        .map(|&l| doc.line(l).text)
                        .collect::<Vec<_>>()
                        .join("|"),
                ),
                _ => None,
            })
            .collect();
        (marks, bodies)
    }

    #[test]
    fn fences_open_and_close_as_commonmark_reads_them() {
        for (text, marks, bodies) in [
            ("a\n```\nb\n```\nc", "01110", vec!["b"]),
            // A run of backticks with backticks after it is a code span.
            ("```x``` y\nb", "00", vec![]),
            // A closing line holds only the marks, at least as many, of the same kind.
            ("````\n```\n~~~~\n````", "1111", vec!["```|~~~~"]),
            ("~~~\n```bash\n~~~~~ \nc", "1110", vec!["```bash"]),
            (
                "```bash\n```python\nx\n```\nc",
                "11110",
                vec!["```python|x"],
            ),
            // Indented in a list item, and left open to the end.
            (
                "- step\n  ```sh\n  make\n  ```\n```\ntail",
                "011111",
                vec!["  make", "tail"],
            ),
            // A Markdown fence quoting fences of its own marks runs to its own closing line.
            (
                "```markdown\n# T\n```bash\nmake\n```\n## U\n```\nafter",
                "11111110",
                vec!["# T|```bash|make|```|## U"],
            ),
            (
                "````md\n```sh\nx\n```\n````\n# H",
                "111110",
                vec!["```sh|x|```"],
            ),
            // Unless its own fences are left open: then as CommonMark reads it, and what
            // follows is read.
            ("```md\n```sh\n```\n\n# B\ntext", "111000", vec!["```sh"]),
        ] {
            let want: Vec<String> = bodies.into_iter().map(str::to_owned).collect();
            assert_eq!(fenced(text), (marks.to_owned(), want), "{text:?}");
        }
        let fence = Fence::open("  ````text more").expect("a fence");
        assert_eq!((fence.indent, fence.info.as_str()), (2, "text"));
        assert_eq!(fence.closing(), "````");
        assert_eq!(Fence::open("``"), None);
    }

    #[test]
    fn headings_labels_and_setext_are_sections() {
        let text = "Project handoff\n===============\n\n**Goal**: Ship it.\n\n## 2. 📋 Current State Summary\n\n### Not Started\n- later\n\nNext steps:\n- one\n\nStatus\n------\n";
        let doc = Document::parse(text);
        let seen: Vec<(String, Option<Role>)> = doc
            .sections
            .iter()
            .map(|s| (s.heading.clone(), s.role))
            .collect();
        assert_eq!(
            seen,
            [
                ("Project handoff".to_owned(), None),
                ("Goal".to_owned(), Some(Role::Goal)),
                ("2. 📋 Current State Summary".to_owned(), Some(Role::State)),
                ("Not Started".to_owned(), Some(Role::Remaining)),
                ("Next steps".to_owned(), Some(Role::NextAction)),
                ("Status".to_owned(), Some(Role::State)),
            ]
        );
        assert_eq!(doc.sections[1].inline.as_deref(), Some("Ship it."));
        assert_eq!(doc.title().as_deref(), Some("Project handoff"));
    }

    #[test]
    fn a_state_label_in_bold_with_its_text_inside_keeps_the_line_after_it() {
        let doc = Document::parse(
            "# UnoDOS\n\n> **Status: M1-M3 done, full parity.** This file's body documents M1.\n",
        );
        let status = &doc.sections[1];
        assert_eq!(
            (status.heading.as_str(), status.role),
            ("Status", Some(Role::State))
        );
        assert_eq!(
            status.inline.as_deref(),
            Some("M1-M3 done, full parity. This file's body documents M1.")
        );
        // Punctuation after the bold joins as written; the label's own words hold no text.
        for (line, inline) in [
            ("**Status: M1 done**, M2 next.", "M1 done, M2 next."),
            ("**Status: M1 done.**. Then more.", "M1 done. Then more."),
            ("**Status: at.** x", "at. x"),
        ] {
            let doc = Document::parse(&format!("# H\n\n{line}\n"));
            assert_eq!(doc.sections[1].inline.as_deref(), Some(inline), "{line}");
        }
    }

    #[test]
    fn locations_are_paths_links_and_revisions() {
        for (item, want) in [
            ("see [the log](logs/a.txt)", Some("logs/a.txt")),
            (
                "`C:\\work\\build.log` shows it",
                Some("C:\\work\\build.log"),
            ),
            ("commits a1b2c3d..e4f5a6b", Some("a1b2c3d..e4f5a6b")),
            ("`src/lib.rs`: the parser", Some("src/lib.rs")),
            (
                "https://example.com/x, the dashboard",
                Some("https://example.com/x"),
            ),
            ("None", None),
            ("version 1.2 is out", None),
            // A count or a score is no path; a path in brackets before a stop is one.
            ("Final verdict: PASS (3.9/5).", None),
            ("red-team `32/32`, benchmark 6/6", None),
            ("(see logs/a.txt).", Some("logs/a.txt")),
            ("成功/失败测试卡、3D 验证", None),
            ("交接文档见 docs/交接.md。", Some("docs/交接.md")),
            ("works on iOS/Android, read/write w/o locks", None),
            ("p95 45ms/120ms, v1.2/v1.3", None),
            ("the plans live in docs/plans/", Some("docs/plans/")),
            // Three parts: folders when a part reads as one, a list said with slashes else.
            ("on iOS/Android/Web with read/write/execute", None),
            ("see src/app/routes first", Some("src/app/routes")),
            ("GET api/v1/users now pages", Some("api/v1/users")),
            ("in crates/hcr-cli/tests", Some("crates/hcr-cli/tests")),
            (
                "see web/pages/checkout and com/acme/billing",
                Some("web/pages/checkout"),
            ),
            ("the build/test/deploy stages on client/server/worker", None),
        ] {
            assert_eq!(location(item).as_deref(), want, "{item}");
        }
    }
}
