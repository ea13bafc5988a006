//! Keeping record text from acting on the reader's terminal or breaking an output format.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Characters that could rewrite or disguise what a terminal shows: C0 and C1 controls (tab
/// excepted), DEL, bidirectional controls, invisible format characters and line separators.
#[must_use]
pub fn is_unsafe(c: char) -> bool {
    (c.is_control() && c != '\t')
        || matches!(
            c,
            '\u{061C}'
                | '\u{180E}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{2069}'
                | '\u{FEFF}'
                | '\u{FFF9}'..='\u{FFFB}'
        )
}

/// `text` with each unsafe character written as `\u{…}`: for messages and names, where
/// length does not matter.
#[must_use]
pub fn escape(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| is_unsafe(c) || c == '\n' || c == '\r') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if is_unsafe(c) || c == '\n' || c == '\r' {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The character shown instead of an unsafe one in a source excerpt, where one character must
/// stay one character so that columns still match.
pub const REPLACEMENT: char = '\u{FFFD}';

/// XML 1.0 text (element content and attribute values): markup characters escaped, characters
/// XML cannot carry written as `\u{…}`.
#[must_use]
pub fn xml(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || matches!(c, '\u{FFFE}' | '\u{FFFF}') || is_unsafe(c) => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

/// A GitHub workflow command's message (`%`, CR and LF encoded).
#[must_use]
pub fn github_data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A GitHub workflow command's property value (also `:` and `,` encoded).
#[must_use]
pub fn github_property(text: &str) -> String {
    github_data(text).replace(':', "%3A").replace(',', "%2C")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_could_act_on_a_terminal() {
        assert_eq!(escape("plain `text`"), "plain `text`");
        assert_eq!(escape("a\u{1b}[2Jb"), "a\\u{1b}[2Jb");
        assert_eq!(escape("abc\u{202e}fed"), "abc\\u{202e}fed");
        assert_eq!(escape("x\ny"), "x\\u{a}y");
        assert_eq!(escape("tab\tkept"), "tab\tkept");
    }

    #[test]
    fn xml_escaping_keeps_documents_well_formed() {
        assert_eq!(
            xml("<a href=\"x\">&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;"
        );
        assert_eq!(xml("]]>\u{0}\u{b}"), "]]&gt;\\u{0}\\u{b}");
    }

    #[test]
    fn github_commands_cannot_be_injected() {
        assert_eq!(github_data("50%\n::error::x"), "50%25%0A::error::x");
        assert_eq!(github_property("a,b:c"), "a%2Cb%3Ac");
    }
}

/// Record text as inert Markdown: on one line, terminal-unsafe characters written as
/// `\u{…}`, inline Markdown punctuation escaped (no emphasis, code, link, image, HTML or
/// entity can form), a leading block marker escaped, autolinks broken.
#[must_use]
pub fn markdown_text(text: &str) -> String {
    let flat = text.replace(['\r', '\n'], " ");
    let safe = escape(&flat);
    let mut out = String::with_capacity(safe.len() + 8);
    for (i, c) in safe.chars().enumerate() {
        let inline = matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&'
        );
        // At the start of a line these open a heading, a list, a quote or a rule.
        let leading = i == 0 && matches!(c, '#' | '-' | '+' | '=' | '>');
        if inline || leading {
            out.push('\\');
        }
        out.push(c);
    }
    // A numbered-list marker (`1.` or `1)`) at the start.
    if let Some(end) = out.find(|c: char| !c.is_ascii_digit())
        && end > 0
        && matches!(out.as_bytes()[end], b'.' | b')')
    {
        out.insert(end, '\\');
    }
    // GitHub turns bare `http://…` and `www.…` into links; a backslash before the slash or dot
    // renders the same characters without a link.
    out.replace("://", ":\\/\\/").replace("www.", "www\\.")
}

/// Record text inside a code span: on one line, unsafe characters escaped, backticks
/// replaced so that the span cannot be closed early.
#[must_use]
pub fn markdown_code(text: &str) -> String {
    let flat = text.replace(['\r', '\n'], " ");
    escape(&flat).replace('`', "'")
}

#[cfg(test)]
mod markdown_tests {
    use super::markdown_text as md;

    #[test]
    fn markdown_cannot_be_injected() {
        assert_eq!(
            md("[click](https://evil.example) <img src=x>"),
            "\\[click\\](https:\\/\\/evil.example) \\<img src=x\\>"
        );
        assert_eq!(
            md("# not a heading\n- not a list"),
            "\\# not a heading - not a list"
        );
        assert_eq!(md("1. not a list"), "1\\. not a list");
        assert_eq!(md("www.evil.example"), "www\\.evil.example");
        assert_eq!(md("a *b* _c_ `d` &lt;"), "a \\*b\\* \\_c\\_ \\`d\\` \\&lt;");
        // Rendered, this reads `\u{1b}[2J\u{202e}`: the characters are named, not sent.
        assert_eq!(md("\u{1b}[2J\u{202e}"), "\\\\u{1b}\\[2J\\\\u{202e}");
    }
}
