//! `hcr spec-handoff lint`: an existing artifact checked against spec-handoff/v1, with
//! HCR5xx diagnostics that the `hcr validate` renderers print.

use hcr_types::JsonPointer;
use hcr_validate::{Code, Diagnostic, Report};
use serde_json::{Map, Value};

use super::discover::MAX_FRONTMATTER_LINES;
use super::payload::{PayloadProblem, validate};
use super::render::CONTRACT;
use crate::text_lines::{Line, lines, span};

/// Every field spec-handoff/v1 defines, in the writer's order.
pub const FIELDS: [&str; 14] = [
    "artifact_contract",
    "created_at",
    "title",
    "summary",
    "keywords",
    "cwd",
    "resume_focus",
    "repository",
    "branch",
    "head",
    "worktree_path",
    "source_refs",
    "freshness",
    "limitations",
];

const OPTIONAL: [&str; 4] = ["repository", "branch", "head", "worktree_path"];
const LIFECYCLE: [&str; 3] = ["status", "consumed", "completed"];

fn pointer(key: &str) -> JsonPointer {
    JsonPointer::root().key(key)
}

/// Lints one artifact. The report masks, for renderers that show the artifact's lines,
/// every secret the artifact holds, and no message repeats one.
#[must_use]
pub fn lint(text: &str) -> Report {
    let mut report = check(text);
    report.redact_secrets(text.as_bytes());
    report
}

fn check(text: &str) -> Report {
    let lines = lines(text);
    let mut out = Vec::new();
    let first = &lines[0];
    if first.text != "---" {
        out.push(
            Diagnostic::new(
                Code::Hcr501,
                JsonPointer::root(),
                "the artifact does not start with a `---` frontmatter line",
            )
            .at(span(first)),
        );
        return Report::from_diagnostics(out);
    }
    let Some(close) = lines
        .iter()
        .skip(1)
        .position(|l| l.text == "---")
        .map(|i| i + 1)
    else {
        out.push(
            Diagnostic::new(
                Code::Hcr501,
                JsonPointer::root(),
                "the frontmatter has no closing `---` line",
            )
            .at(span(first)),
        );
        return Report::from_diagnostics(out);
    };
    if lines[close].number as usize > MAX_FRONTMATTER_LINES {
        out.push(
            Diagnostic::new(
                Code::Hcr501,
                JsonPointer::root(),
                format!(
                    "the frontmatter closes on line {}, after line {MAX_FRONTMATTER_LINES}, so discovery cannot read it",
                    lines[close].number
                ),
            )
            .at(span(&lines[close])),
        );
    }
    let mut fields = Map::new();
    let mut located: Vec<(String, usize)> = Vec::new();
    // Keys on lines that did not parse: reported once (HCR502), not again as missing.
    let mut unparsed: Vec<&str> = Vec::new();
    for (index, line) in lines.iter().enumerate().take(close).skip(1) {
        if line.text.trim().is_empty() {
            continue;
        }
        let parsed = line.text.split_once(": ").and_then(|(key, value)| {
            let key_ok =
                !key.is_empty() && key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_');
            key_ok
                .then_some(key)
                .zip(serde_json::from_str::<Value>(value).ok())
        });
        let Some((key, value)) = parsed else {
            if let Some((key, _)) = line.text.split_once(':') {
                unparsed.push(key.trim());
            }
            out.push(
                Diagnostic::new(
                    Code::Hcr502,
                    JsonPointer::root(),
                    format!(
                        "frontmatter line {} is not `key: <JSON value>`",
                        line.number
                    ),
                )
                .at(span(line)),
            );
            continue;
        };
        if fields.contains_key(key) {
            out.push(
                Diagnostic::new(
                    Code::Hcr503,
                    pointer(key),
                    format!("the frontmatter repeats `{key}`"),
                )
                .at(span(line)),
            );
            continue;
        }
        fields.insert(key.to_owned(), value);
        located.push((key.to_owned(), index));
    }
    let at = |key: &str| {
        located
            .iter()
            .find(|(k, _)| k == key)
            .map_or_else(|| span(&lines[0]), |(_, i)| span(&lines[*i]))
    };

    match fields.get("artifact_contract") {
        Some(Value::String(contract)) if contract == CONTRACT => {}
        Some(_) => out.push(
            Diagnostic::new(
                Code::Hcr504,
                pointer("artifact_contract"),
                "`artifact_contract` is not \"spec-handoff/v1\"",
            )
            .at(at("artifact_contract")),
        ),
        None => out.push(
            Diagnostic::new(
                Code::Hcr504,
                pointer("artifact_contract"),
                "`artifact_contract` is missing",
            )
            .at(span(first)),
        ),
    }
    match fields.get("created_at") {
        Some(Value::String(created)) if hcr_types::is_rfc3339(created) => {}
        Some(_) => out.push(
            Diagnostic::new(
                Code::Hcr506,
                pointer("created_at"),
                "`created_at` is not an ISO 8601 UTC timestamp",
            )
            .at(at("created_at")),
        ),
        None => out.push(
            Diagnostic::new(
                Code::Hcr505,
                pointer("created_at"),
                "the frontmatter has no `created_at`",
            )
            .at(span(first)),
        ),
    }
    for (key, _) in &located {
        if LIFECYCLE.contains(&key.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::Hcr508,
                    pointer(key),
                    format!("`{key}` is a mutable lifecycle field"),
                )
                .at(at(key)),
            );
        } else if !FIELDS.contains(&key.as_str()) {
            out.push(
                Diagnostic::new(
                    Code::Hcr510,
                    pointer(key),
                    format!("`{key}` is not a spec-handoff/v1 field"),
                )
                .at(at(key)),
            );
        } else if OPTIONAL.contains(&key.as_str()) && is_empty(fields.get(key.as_str())) {
            out.push(
                Diagnostic::new(
                    Code::Hcr507,
                    pointer(key),
                    format!("`{key}` is empty; omit it instead"),
                )
                .at(at(key)),
            );
        }
    }

    // The payload rules, with the sections read from the body.
    let mut payload = Map::new();
    for key in FIELDS.iter().skip(2) {
        if let Some(value) = fields.get(*key) {
            payload.insert((*key).to_owned(), value.clone());
        }
    }
    let sections = sections(&lines[close + 1..]);
    let no_sections = sections.is_empty();
    if no_sections {
        out.push(
            Diagnostic::new(
                Code::Hcr509,
                pointer("sections"),
                "the body has no `## ` section",
            )
            .at(span(&lines[close])),
        );
    }
    payload.insert("sections".into(), Value::Array(sections));
    if let Err(problems) = validate(&Value::Object(payload)) {
        for PayloadProblem { field, message } in problems {
            let key = field
                .split(['[', '.'])
                .next()
                .unwrap_or_default()
                .to_owned();
            if field == "sections" && no_sections {
                continue;
            }
            if unparsed.contains(&key.as_str()) {
                continue;
            }
            let (code, message) = if fields.contains_key(&key) || key == "sections" {
                (Code::Hcr506, message)
            } else {
                (Code::Hcr505, format!("the frontmatter has no `{key}`"))
            };
            let place = if key == "sections" {
                span(&lines[close])
            } else {
                at(&key)
            };
            out.push(Diagnostic::new(code, pointer(&key), message).at(place));
        }
    }
    out.sort_by_key(|d| (d.span.map_or(0, |s| s.start.offset), d.code));
    Report::from_diagnostics(out)
}

/// `null` or `""`.
fn is_empty(value: Option<&Value>) -> bool {
    matches!(value, Some(Value::Null)) || value.and_then(Value::as_str) == Some("")
}

/// The `## ` sections of the body, as payload sections.
fn sections(body: &[Line<'_>]) -> Vec<Value> {
    let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
    for line in body {
        if let Some(heading) = line.text.strip_prefix("## ") {
            sections.push((heading.to_owned(), Vec::new()));
        } else if let Some((_, text)) = sections.last_mut() {
            text.push(line.text);
        }
    }
    sections
        .into_iter()
        .map(|(heading, text)| serde_json::json!({"heading": heading, "body": text.join("\n")}))
        .collect()
}
