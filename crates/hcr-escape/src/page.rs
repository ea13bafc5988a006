//! A Markdown page written block by block: the one writer of hcr's Markdown documents (a
//! record as a page, a `HANDOFF.md`, the receiver brief), record text escaped as it goes in.

use std::fmt::{self, Write as _};

use crate::markdown_text;

/// A Markdown page under construction. Headings, paragraphs and lines are hcr's own words,
/// written as given (record text in them escaped by the caller, with [`markdown_text`] or
/// [`crate::markdown_code`]); the items of [`Self::list`] and [`Self::titled_list`] are record
/// text and are escaped here.
///
/// ```
/// let mut page = hcr_escape::MarkdownPage::new();
/// page.heading(2, "Objective");
/// page.titled_list("**Blocked**", ["[a](x)"]);
/// assert_eq!(page.into_string(), "## Objective\n\n**Blocked**\n\n- \\[a\\](x)\n\n");
/// ```
#[derive(Debug, Default)]
pub struct MarkdownPage {
    out: String,
}

impl MarkdownPage {
    /// An empty page.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// A heading of `level` (`#`s), then a blank line.
    pub fn heading(&mut self, level: usize, title: impl fmt::Display) {
        let _ = writeln!(self.out, "{} {title}\n", "#".repeat(level));
    }

    /// A paragraph, then a blank line.
    pub fn paragraph(&mut self, text: impl fmt::Display) {
        let _ = writeln!(self.out, "{text}\n");
    }

    /// One line.
    pub fn line(&mut self, text: impl fmt::Display) {
        let _ = writeln!(self.out, "{text}");
    }

    /// A blank line.
    pub fn blank(&mut self) {
        self.out.push('\n');
    }

    /// Items already written as Markdown, one `- ` line each, then a blank line.
    pub fn bullets(&mut self, items: impl IntoIterator<Item = impl fmt::Display>) {
        for item in items {
            let _ = writeln!(self.out, "- {item}");
        }
        self.blank();
    }

    /// A heading of `level` and items already written as Markdown under it
    /// ([`Self::bullets`]); nothing when there are none.
    pub fn section(
        &mut self,
        level: usize,
        title: &str,
        items: impl IntoIterator<Item = impl fmt::Display>,
    ) {
        let mut items = items.into_iter().peekable();
        if items.peek().is_some() {
            self.heading(level, title);
            self.bullets(items);
        }
    }

    /// Record texts as a list, each escaped, then a blank line.
    pub fn list(&mut self, items: impl IntoIterator<Item = impl AsRef<str>>) {
        self.bullets(items.into_iter().map(|item| markdown_text(item.as_ref())));
    }

    /// Record texts as a list under the line `title` (`**Complete**`, `### Blocked`,
    /// `Acceptance criteria:`) and a blank line; nothing when there are none.
    pub fn titled_list(&mut self, title: &str, items: impl IntoIterator<Item = impl AsRef<str>>) {
        let mut items = items.into_iter().peekable();
        if items.peek().is_some() {
            self.paragraph(title);
            self.list(items);
        }
    }

    /// The page.
    #[must_use]
    pub fn into_string(self) -> String {
        self.out
    }
}
