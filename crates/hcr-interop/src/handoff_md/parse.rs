//! A `HANDOFF.md` read into its title and `##` sections, with what the lint and the draft
//! need from each: paragraphs, bullets, the four state buckets, paths and links.
//!
//! HTML comments (the template's placeholders) are read as blank, and nothing inside a
//! fenced code block is a heading.

use std::ops::Range;

use crate::text_lines::{Line, lines};

/// Which of the publisher's layouts a file follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// The `handoff` skill's `HANDOFF.md`.
    Skill,
    /// The Markdown template (`agent-handoff-template.md`).
    Template,
}

impl Layout {
    /// The sections the layout requires, in its order.
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
        }
    }
}

/// One `## ` section: its heading, the line it is on and its body's lines.
#[derive(Clone, Debug)]
pub struct Section {
    /// The heading's text.
    pub heading: String,
    /// The heading's line (an index into the document's lines).
    pub line: usize,
    /// The body's lines (indices), up to the next section.
    pub body: Range<usize>,
}

/// The document: its text (HTML comments blanked), its lines and its sections.
pub struct Document {
    text: String,
    /// Each line's byte range in `text` (without the line end).
    spans: Vec<Range<usize>>,
    /// The `##` sections, in order.
    pub sections: Vec<Section>,
    /// The layout it follows.
    pub layout: Layout,
    title: Option<usize>,
}

/// A state bucket of Current state.
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

    /// The bucket a label names (`Complete`, `Done`, `In progress`, `Active`, …).
    fn of(label: &str) -> Option<Self> {
        match label.trim().to_ascii_lowercase().as_str() {
            "complete" | "completed" | "done" => Some(Self::Complete),
            "in progress" | "in-progress" | "active" => Some(Self::InProgress),
            "blocked" => Some(Self::Blocked),
            "unverified" | "not verified" => Some(Self::Unverified),
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
}

/// `text` with every HTML comment replaced by spaces (line breaks kept), so that offsets and
/// line numbers stay those of the file.
fn blank_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<!--") {
        out.push_str(&rest[..start]);
        let comment = &rest[start..];
        let end = comment.find("-->").map_or(comment.len(), |e| e + 3);
        for c in comment[..end].chars() {
            if c == '\n' {
                out.push('\n');
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        }
        rest = &comment[end..];
    }
    out.push_str(rest);
    out
}

/// A bullet's text: `- x`, `* x`, `+ x` or `1. x`, with a task box (`[ ]`, `[x]`) removed;
/// `None` for a line that is not a bullet.
pub(crate) fn bullet(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    let text = trimmed
        .strip_prefix("- ")
        .or_else(|| trimmed.strip_prefix("* "))
        .or_else(|| trimmed.strip_prefix("+ "))
        .or_else(|| {
            let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
            (digits > 0)
                .then(|| trimmed[digits..].strip_prefix(". "))
                .flatten()
        })?;
    Some(
        text.strip_prefix("[ ] ")
            .or_else(|| text.strip_prefix("[x] "))
            .or_else(|| text.strip_prefix("[X] "))
            .unwrap_or(text)
            .trim(),
    )
}

/// Whether a bullet is an unchecked task box.
pub(crate) fn unchecked(line: &str) -> bool {
    let trimmed = line.trim_start();
    ["- [ ]", "* [ ]", "+ [ ]"]
        .iter()
        .any(|b| trimmed.starts_with(b))
}

/// The path or link an item names: a URL, a backticked path, or a word that looks like a
/// path (`src/lib.rs`, `Cargo.toml`).
#[must_use]
pub(crate) fn location(item: &str) -> Option<String> {
    let trim = |w: &str| {
        w.trim_matches(|c: char| matches!(c, '(' | ')' | '<' | '>' | ',' | ';' | '"' | '\''))
            .trim_end_matches(['.', ':'])
            .to_owned()
    };
    if let Some(url) = item
        .split_whitespace()
        .find(|w| w.contains("://"))
        .map(|w| trim(w.trim_matches('`')))
    {
        // A Markdown link's target: `[text](url)`.
        let url = url
            .rsplit_once("](")
            .map_or(url.clone(), |(_, u)| u.to_owned());
        return Some(url);
    }
    let looks_like_path = |w: &str| {
        !w.is_empty()
            && !w.contains(char::is_whitespace)
            && (w.contains('/')
                || w.rsplit_once('.').is_some_and(|(stem, ext)| {
                    !stem.is_empty()
                        && (1..=5).contains(&ext.len())
                        && ext.bytes().all(|b| b.is_ascii_alphanumeric())
                        && ext.bytes().any(|b| b.is_ascii_alphabetic())
                }))
    };
    let mut parts = item.split('`');
    parts.next();
    while let Some(code) = parts.next() {
        if looks_like_path(code) {
            return Some(code.to_owned());
        }
        parts.next();
    }
    item.split_whitespace()
        .map(trim)
        .find(|w| looks_like_path(w) && w.contains('/'))
}

impl Document {
    /// Reads `text` into sections.
    #[must_use]
    pub fn parse(text: &str) -> Self {
        let blanked = blank_comments(text);
        let lines: Vec<Line<'_>> = lines(&blanked);
        let spans: Vec<Range<usize>> = lines
            .iter()
            .map(|l| l.start..l.start + l.text.len())
            .collect();
        let mut sections: Vec<Section> = Vec::new();
        let mut title = None;
        let mut fenced = false;
        for (i, line) in lines.iter().enumerate() {
            let text = line.text.trim_end();
            if text.trim_start().starts_with("```") {
                fenced = !fenced;
                continue;
            }
            if fenced {
                continue;
            }
            if let Some(heading) = text.strip_prefix("## ") {
                if let Some(last) = sections.last_mut() {
                    last.body.end = i;
                }
                sections.push(Section {
                    heading: heading.trim().trim_end_matches(':').to_owned(),
                    line: i,
                    body: i + 1..lines.len(),
                });
            } else if title.is_none() && sections.is_empty() && text.starts_with("# ") {
                title = Some(i);
            }
        }
        let template = [
            "Handoff checklist",
            "Objective",
            "Ownership",
            "Receiver verification",
            "Handoff result",
        ];
        let layout = if sections.iter().any(|s| template.iter().any(|t| s.is(t))) {
            Layout::Template
        } else {
            Layout::Skill
        };
        drop(lines);
        Self {
            text: blanked,
            spans,
            sections,
            layout,
            title,
        }
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

    /// The section with this heading (case-insensitive).
    #[must_use]
    pub fn section(&self, heading: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.is(heading))
    }

    /// Goal (the skill) or Objective (the template).
    #[must_use]
    pub fn goal(&self) -> Option<&Section> {
        self.section("Goal").or_else(|| self.section("Objective"))
    }

    /// The `# ` title's text.
    #[must_use]
    pub fn title(&self) -> Option<String> {
        self.title
            .map(|i| self.line(i).text.trim_start_matches("# ").trim().to_owned())
    }

    /// The text between the title and the first section.
    #[must_use]
    pub fn preamble(&self) -> String {
        let end = self.sections.first().map_or(self.line_count(), |s| s.line);
        (0..end)
            .filter(|i| Some(*i) != self.title)
            .map(|i| self.line(i).text)
            .collect::<Vec<_>>()
            .join("\n")
            .trim()
            .to_owned()
    }
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
        self.lines(doc)
            .iter()
            .map(|l| l.text)
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Whether the body holds nothing but blank lines (comments count as blank).
    #[must_use]
    pub fn is_blank(&self, doc: &Document) -> bool {
        self.lines(doc).iter().all(|l| l.text.trim().is_empty())
    }

    /// The bullets' texts, in order.
    #[must_use]
    pub fn items(&self, doc: &Document) -> Vec<String> {
        self.lines(doc)
            .iter()
            .filter_map(|l| bullet(l.text))
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
            .collect()
    }

    /// The first paragraph (lines that are not bullets, up to a blank line), and the bullets
    /// and lines after an `Acceptance criteria:` label.
    #[must_use]
    pub fn paragraph_and_items(&self, doc: &Document) -> (Option<String>, Vec<String>) {
        self.paragraph_and_labelled(doc, &[])
    }

    /// [`Section::paragraph_and_items`], where a line that starts with one of `labels`
    /// (`Verification:`) is an item of its own even inside the paragraph.
    pub(crate) fn paragraph_and_labelled(
        &self,
        doc: &Document,
        labels: &[&str],
    ) -> (Option<String>, Vec<String>) {
        let mut paragraph: Vec<&str> = Vec::new();
        let mut items = Vec::new();
        let mut in_paragraph = true;
        for line in &self.lines(doc) {
            let text = line.text.trim();
            if labels.iter().any(|label| text.starts_with(label)) {
                in_paragraph = paragraph.is_empty();
                items.push(text.to_owned());
            } else if let Some(item) = bullet(line.text) {
                in_paragraph = false;
                if !item.is_empty() {
                    items.push(item.to_owned());
                }
            } else if text.is_empty() {
                if !paragraph.is_empty() {
                    in_paragraph = false;
                }
            } else if text.eq_ignore_ascii_case("Acceptance criteria:") {
                in_paragraph = false;
            } else if in_paragraph {
                paragraph.push(text);
            } else {
                items.push(text.to_owned());
            }
        }
        let paragraph = (!paragraph.is_empty()).then(|| paragraph.join(" "));
        (paragraph, items)
    }

    /// The state buckets that Current state names, each with its items (inline text after
    /// the label, or nested bullets; `none` is no item), in order of appearance.
    #[must_use]
    pub fn buckets(&self, doc: &Document) -> Vec<(Bucket, Vec<String>)> {
        self.buckets_and_strays(doc).0
    }

    /// [`Section::buckets`], and the lines no bucket holds (their indices).
    pub(crate) fn buckets_and_strays(
        &self,
        doc: &Document,
    ) -> (Vec<(Bucket, Vec<String>)>, Vec<usize>) {
        let mut found: Vec<(Bucket, Vec<String>)> = Vec::new();
        let mut strays = Vec::new();
        // Whether the last bucket takes the bullets that follow its label: not once it was
        // said to be empty (`Blocked: none`), nor after a labelled bullet that is no bucket.
        let mut open = false;
        for (index, line) in self.body.clone().zip(&self.lines(doc)) {
            let text = line.text.trim();
            let label_text = bullet(line.text)
                .filter(|_| !line.text.starts_with("  "))
                .unwrap_or(text);
            let heading = text.strip_prefix("### ").map(|h| h.trim_end_matches(':'));
            let labelled = heading.map(|h| (h, "")).or_else(|| {
                let (label, rest) = label_text.split_once(':')?;
                Some((label, rest))
            });
            if let Some((label, rest)) = labelled
                && let Some(bucket) = Bucket::of(label)
            {
                let mut items = Vec::new();
                let rest = rest.trim();
                open = !is_none(rest);
                if !rest.is_empty() && open {
                    items.push(rest.to_owned());
                }
                found.push((bucket, items));
                continue;
            }
            let top_level = bullet(line.text).is_some() && !line.text.starts_with([' ', '\t']);
            let label_like = labelled.is_some_and(|(label, _)| {
                let label = label.trim();
                !label.is_empty()
                    && label.len() <= 30
                    && label.split_whitespace().count() <= 3
                    && label
                        .chars()
                        .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '-'))
            });
            if top_level && label_like {
                // `- Notes: …`: a label of its own, no bucket's item.
                open = false;
            }
            match (bullet(line.text), found.last_mut()) {
                (Some(item), Some((_, items))) if open && !item.is_empty() && !is_none(item) => {
                    items.push(item.to_owned());
                }
                _ if text.is_empty() || is_none(text) || bullet(text).is_some_and(is_none) => {}
                _ => strays.push(index),
            }
        }
        (found, strays)
    }

    /// The lines of the body that are not bullets (their indices), blank lines and "none"
    /// aside: what [`Section::items`] does not read.
    pub(crate) fn non_items(&self, doc: &Document) -> Vec<usize> {
        self.body
            .clone()
            .zip(&self.lines(doc))
            .filter(|(_, l)| {
                let t = l.text.trim();
                !t.is_empty() && !is_none(t) && bullet(l.text).is_none()
            })
            .map(|(i, _)| i)
            .collect()
    }
}

/// `none`, `n/a`, `—`: an explicit "nothing here".
pub(crate) fn is_none(text: &str) -> bool {
    matches!(
        text.trim()
            .trim_end_matches('.')
            .to_ascii_lowercase()
            .as_str(),
        "none" | "none known" | "n/a" | "nothing" | "-" | "—"
    )
}
