//! The spec-handoff/v1 payload: what the writer is given, and its validation.
//!
//! The rules are the reference writer's, exactly: lengths in UTF-16 code units (JavaScript's
//! `.length`), "non-empty" after JavaScript's `trim()` (which removes U+FEFF), single-line
//! meaning no CR, LF or NUL, values stored untrimmed, unknown keys ignored. Where the
//! reference writer stops at the first problem, this reports every one, each with its field.

use hcr_types::text::is_js_blank;
use serde::Serialize;
use serde_json::{Map, Value};

/// One section of the artifact's body.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Section {
    /// Single-line, at most 160 UTF-16 units.
    pub heading: String,
    /// At most 30,000 UTF-16 units; written trimmed.
    pub body: String,
}

/// A validated payload.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Payload {
    /// Single-line, at most 160.
    pub title: String,
    /// At most 500.
    pub summary: String,
    /// 1 to 20 single-line keywords of at most 80.
    pub keywords: Vec<String>,
    /// An absolute path, at most 2,000.
    pub cwd: String,
    /// At most 1,000.
    pub resume_focus: String,
    /// Single-line, at most 300.
    pub repository: Option<String>,
    /// Single-line, at most 500.
    pub branch: Option<String>,
    /// Single-line, at most 100.
    pub head: Option<String>,
    /// An absolute path, at most 2,000.
    pub worktree_path: Option<String>,
    /// 1 to 50 single-line repository-relative paths of at most 1,000.
    pub source_refs: Vec<String>,
    /// 1 to 30 texts of at most 1,000.
    pub freshness: Vec<String>,
    /// 1 to 30 texts of at most 1,000.
    pub limitations: Vec<String>,
    /// 1 to 30 sections.
    pub sections: Vec<Section>,
}

/// A problem with a payload: the field and the reference writer's message for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PayloadProblem {
    /// The field, e.g. `keywords[2]` (empty for the payload itself).
    pub field: String,
    /// The message, e.g. "keywords\[2\] must be a non-empty string no longer than 80 characters."
    pub message: String,
}

/// JavaScript's `.length`: UTF-16 code units.
#[must_use]
pub fn js_length(text: &str) -> usize {
    text.encode_utf16().count()
}

/// No CR, LF or NUL.
#[must_use]
pub fn is_single_line(text: &str) -> bool {
    !text.contains(['\r', '\n', '\0'])
}

/// A POSIX absolute path, or a Windows one (`\x`, `\\server`, `C:\`, `C:/`); `C:x` is not.
#[must_use]
pub fn is_absolute_path(text: &str) -> bool {
    let b = text.as_bytes();
    text.starts_with('/')
        || text.starts_with('\\')
        || (b.len() >= 3
            && b[0].is_ascii_alphabetic()
            && b[1] == b':'
            && matches!(b[2], b'\\' | b'/'))
}

/// A path relative to the repository: not absolute, no scheme-like prefix (`https:`, `C:`),
/// no `..` segment (split on `/` and `\`).
#[must_use]
pub fn is_repository_relative(text: &str) -> bool {
    let scheme_like = {
        let mut chars = text.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphabetic())
            && text.find(':').is_some_and(|colon| {
                text[1..colon]
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-'))
            })
    };
    !is_absolute_path(text)
        && !scheme_like
        && !text.split(['/', '\\']).any(|segment| segment == "..")
}

struct Checker {
    problems: Vec<PayloadProblem>,
}

impl Checker {
    fn fail(&mut self, field: &str, message: String) {
        self.problems.push(PayloadProblem {
            field: field.to_owned(),
            message,
        });
    }

    /// A required text: a string, non-blank, within `max`, and (optionally) single-line.
    fn text(
        &mut self,
        value: Option<&Value>,
        field: &str,
        max: usize,
        single_line: bool,
    ) -> Option<String> {
        let text = match value {
            Some(Value::String(text)) if !is_js_blank(text) && js_length(text) <= max => {
                text.clone()
            }
            _ => {
                self.fail(
                    field,
                    format!("{field} must be a non-empty string no longer than {max} characters."),
                );
                return None;
            }
        };
        if single_line && !is_single_line(&text) {
            self.fail(field, format!("{field} must be a single-line string."));
            return None;
        }
        Some(text)
    }

    /// An optional text: absent, `null` and `""` are omitted; anything else must be valid.
    fn optional(&mut self, value: Option<&Value>, field: &str, max: usize) -> Option<String> {
        match value {
            None | Some(Value::Null) => None,
            Some(Value::String(text)) if text.is_empty() => None,
            present => self.text(present, field, max, true),
        }
    }

    fn absolute(&mut self, text: Option<String>, field: &str) -> Option<String> {
        let text = text?;
        if is_absolute_path(&text) {
            Some(text)
        } else {
            self.fail(field, format!("{field} must be an absolute path."));
            None
        }
    }

    /// A list of `min..=max` texts, each checked by `item`.
    fn list(
        &mut self,
        value: Option<&Value>,
        field: &str,
        (min, max): (usize, usize),
        mut item: impl FnMut(&mut Self, &Value, &str) -> Option<String>,
    ) -> Vec<String> {
        let Some(items) = value
            .and_then(Value::as_array)
            .filter(|items| (min..=max).contains(&items.len()))
        else {
            self.fail(
                field,
                format!("{field} must contain between {min} and {max} strings."),
            );
            return Vec::new();
        };
        items
            .iter()
            .enumerate()
            .filter_map(|(i, value)| item(self, value, &format!("{field}[{i}]")))
            .collect()
    }
}

/// Validates a payload, reporting every problem.
///
/// # Errors
/// Every problem, in the reference writer's order (sections first).
pub fn validate(value: &Value) -> Result<Payload, Vec<PayloadProblem>> {
    let mut c = Checker {
        problems: Vec::new(),
    };
    let Some(map) = value.as_object() else {
        c.fail("", "Payload must be an object.".into());
        return Err(c.problems);
    };
    let sections = sections(&mut c, map);
    let title = c.text(map.get("title"), "title", 160, true);
    let summary = c.text(map.get("summary"), "summary", 500, false);
    let keywords = c.list(map.get("keywords"), "keywords", (1, 20), |c, v, f| {
        c.text(Some(v), f, 80, true)
    });
    let cwd = c.text(map.get("cwd"), "cwd", 2000, true);
    let cwd = c.absolute(cwd, "cwd");
    let resume_focus = c.text(map.get("resume_focus"), "resume_focus", 1000, false);
    let repository = c.optional(map.get("repository"), "repository", 300);
    let branch = c.optional(map.get("branch"), "branch", 500);
    let head = c.optional(map.get("head"), "head", 100);
    let worktree = c.optional(map.get("worktree_path"), "worktree_path", 2000);
    let worktree_path = c.absolute(worktree, "worktree_path");
    let source_refs = c.list(map.get("source_refs"), "source_refs", (1, 50), |c, v, f| {
        let text = c.text(Some(v), f, 1000, true)?;
        if is_repository_relative(&text) {
            Some(text)
        } else {
            c.fail(
                f,
                format!("{f} must be a repository-relative path without parent traversal."),
            );
            None
        }
    });
    let freshness = c.list(map.get("freshness"), "freshness", (1, 30), |c, v, f| {
        c.text(Some(v), f, 1000, false)
    });
    let limitations = c.list(map.get("limitations"), "limitations", (1, 30), |c, v, f| {
        c.text(Some(v), f, 1000, false)
    });
    if !c.problems.is_empty() {
        return Err(c.problems);
    }
    match (title, summary, cwd, resume_focus) {
        (Some(title), Some(summary), Some(cwd), Some(resume_focus)) => Ok(Payload {
            title,
            summary,
            keywords,
            cwd,
            resume_focus,
            repository,
            branch,
            head,
            worktree_path,
            source_refs,
            freshness,
            limitations,
            sections,
        }),
        _ => Err(c.problems),
    }
}

fn sections(c: &mut Checker, map: &Map<String, Value>) -> Vec<Section> {
    let Some(items) = map
        .get("sections")
        .and_then(Value::as_array)
        .filter(|items| (1..=30).contains(&items.len()))
    else {
        c.fail(
            "sections",
            "sections must contain between 1 and 30 entries.".into(),
        );
        return Vec::new();
    };
    let mut sections = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let field = format!("sections[{i}]");
        let Some(section) = item.as_object() else {
            c.fail(&field, format!("{field} must be an object."));
            continue;
        };
        let heading = c.text(
            section.get("heading"),
            &format!("{field}.heading"),
            160,
            true,
        );
        let body = c.text(section.get("body"), &format!("{field}.body"), 30_000, false);
        if let (Some(heading), Some(body)) = (heading, body) {
            sections.push(Section { heading, body });
        }
    }
    sections
}

impl Payload {
    /// The payload as the JSON the writer takes (optional fields only when present).
    #[must_use]
    pub fn to_value(&self) -> Value {
        serde_json::to_value(self)
            .map(|mut value| {
                if let Some(map) = value.as_object_mut() {
                    map.retain(|_, v| !v.is_null());
                }
                value
            })
            .unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths() {
        for absolute in ["/x", "\\x", "\\\\server\\share", "C:\\x", "C:/x"] {
            assert!(is_absolute_path(absolute), "{absolute}");
        }
        for relative in ["C:x", "x", "./x", ""] {
            assert!(!is_absolute_path(relative), "{relative}");
        }
        for bad in [
            "../x",
            "a\\..\\b",
            "/x",
            "C:x",
            "mailto:x",
            "https://x.example/y",
        ] {
            assert!(!is_repository_relative(bad), "{bad}");
        }
        for good in ["./x", "..x", "src/main.rs", "a..b/c"] {
            assert!(is_repository_relative(good), "{good}");
        }
    }

    #[test]
    fn lengths_count_utf16_units() {
        assert_eq!(js_length("😀"), 2);
        assert_eq!(js_length("é"), 1);
    }
}
