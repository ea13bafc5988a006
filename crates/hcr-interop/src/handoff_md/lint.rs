//! `hcr handoff-md lint`: a `HANDOFF.md` checked against the publisher's `handoff` skill (or
//! its Markdown template), with HCR6xx diagnostics that the `hcr validate` renderers print.

use hcr_types::JsonPointer;
use hcr_validate::secrets::SecretSet;
use hcr_validate::{Code, Diagnostic, Report, Span};

use super::parse::{Bucket, Document, Layout, Section, bullet, is_none, location, unchecked};
use crate::text_lines::span;

/// The template's example text, which a section still holding it has not been written.
const PLACEHOLDERS: &[&str] = &[
    "The intended outcome and acceptance criteria.",
    "Decision, reason, and consequence.",
    "File, URL, command result, test, revision, or other original artifact.",
    "The smallest useful next step, with an owner when known.",
    "Anything that could change the next action.",
    "Exact paths or links the next actor should inspect.",
    "Complete:",
    "In progress:",
    "Blocked:",
    "Unverified:",
    "**Status:** Pass / Blocked",
    "**Receiver:**",
    "**Blocker or acknowledgement:**",
];

/// The skill's six receiver questions.
const QUESTIONS: [&str; 6] = [
    "What outcome is required?",
    "What is complete, active, blocked, and unverified?",
    "Which decisions must not be repeated?",
    "Which evidence supports the current state?",
    "What is the first bounded action?",
    "Where are the original artifacts?",
];

fn pointer(heading: &str) -> JsonPointer {
    JsonPointer::root().key(heading)
}

/// Lints one `HANDOFF.md`. No message repeats a secret the file holds, and the report masks
/// them for renderers that show its lines.
#[must_use]
pub fn lint(text: &str) -> Report {
    let mut report = check(text);
    report.redact_secrets(text.as_bytes());
    report
}

/// Whether a section says nothing of its own: blank, or only the template's text.
fn is_placeholder(section: &Section, doc: &Document) -> bool {
    section.lines(doc).iter().all(|line| {
        let text = line.text.trim();
        text.is_empty()
            || PLACEHOLDERS.iter().any(|p| {
                text == *p || bullet(text).is_some_and(|b| b == *p || b == p.trim_end_matches(':'))
            })
    })
}

#[allow(clippy::too_many_lines)]
fn check(text: &str) -> Report {
    let doc = Document::parse(text);
    let mut out: Vec<Diagnostic> = Vec::new();
    let whole = |doc: &Document| {
        if doc.line_count() == 0 {
            None
        } else {
            Some(span(&doc.line(0)))
        }
    };
    let heading_span = |s: &Section| span(&doc.line(s.line));
    let layout = doc.layout;
    let kind = match layout {
        Layout::Skill => "the skill's HANDOFF.md",
        Layout::Template => "the handoff template",
    };
    // Sections: missing, or left as the template's text.
    let mut unanswerable = std::collections::HashSet::new();
    for name in layout.sections() {
        match doc.section(name) {
            None => {
                unanswerable.insert(*name);
                let mut d = Diagnostic::new(
                    Code::Hcr601,
                    pointer(name),
                    format!("the `## {name}` section of {kind} is missing"),
                );
                if let Some(at) = whole(&doc) {
                    d = d.at(at);
                }
                out.push(d);
            }
            Some(section) if is_placeholder(section, &doc) => {
                unanswerable.insert(*name);
                out.push(
                    Diagnostic::new(
                        Code::Hcr602,
                        pointer(name),
                        format!("`## {name}` is empty or still holds the template's text"),
                    )
                    .at(heading_span(section)),
                );
            }
            Some(_) => {}
        }
    }
    // Current state: the four buckets.
    if let Some(state) = doc.section("Current state")
        && !unanswerable.contains("Current state")
    {
        let buckets = state.buckets(&doc);
        let absent: Vec<&str> = Bucket::ALL
            .iter()
            .filter(|b| !buckets.iter().any(|(found, _)| found == *b))
            .map(|b| b.label())
            .collect();
        if !absent.is_empty() {
            unanswerable.insert("Current state");
            out.push(
                Diagnostic::new(
                    Code::Hcr603,
                    pointer("Current state"),
                    format!(
                        "`## Current state` does not separate {} from the rest",
                        absent.join(", ")
                    ),
                )
                .at(heading_span(state)),
            );
        }
    }
    // The six questions, where the sections that answer them are there.
    let goal = if layout == Layout::Skill {
        "Goal"
    } else {
        "Objective"
    };
    let mut unanswered = |question: usize, section: Option<&Section>, why: &str| {
        let at = section.map(heading_span).or_else(|| whole(&doc));
        let mut d = Diagnostic::new(
            Code::Hcr604,
            section.map_or_else(JsonPointer::root, |s| pointer(&s.heading)),
            format!(
                "the handoff does not answer \"{}\": {why}",
                QUESTIONS[question]
            ),
        );
        if let Some(at) = at {
            d = d.at(at);
        }
        out.push(d);
    };
    if let Some(section) = doc.section(goal)
        && !unanswerable.contains(goal)
        && section.paragraph_and_items(&doc).1.is_empty()
    {
        unanswered(0, Some(section), "the goal states no acceptance criteria");
    }
    if let Some(section) = doc.section("Next action")
        && !unanswerable.contains("Next action")
    {
        let (first, items) = section.paragraph_and_items(&doc);
        if first.is_none() && items.len() > 1 {
            unanswered(
                4,
                Some(section),
                "it lists several actions, not one first one",
            );
        }
    }
    let located = ["Evidence", "Relevant artifacts"].iter().any(|name| {
        doc.section(name)
            .is_some_and(|s| s.items(&doc).iter().any(|i| location(i).is_some()))
    });
    // "None." in both sections answers the question too: there is nothing to open.
    let none_to_open = ["Evidence", "Relevant artifacts"].iter().all(|name| {
        doc.section(name).is_none_or(|s| {
            s.items(&doc).is_empty() && s.lines(&doc).iter().any(|l| is_none(l.text.trim()))
        })
    });
    let located = located || none_to_open;
    if !located && !unanswerable.contains("Evidence") {
        unanswered(
            5,
            doc.section("Relevant artifacts")
                .or(doc.section("Evidence")),
            "no evidence item or artifact names a path or link",
        );
    }
    // Evidence that names nothing to open.
    if let Some(section) = doc.section("Evidence") {
        for line in section.lines(&doc) {
            if let Some(item) = bullet(line.text)
                && !item.is_empty()
                && !is_none(item)
                && location(item).is_none()
                && !PLACEHOLDERS.contains(&item)
            {
                out.push(
                    Diagnostic::new(
                        Code::Hcr605,
                        pointer("Evidence"),
                        "this evidence item names no path or link the receiver can open",
                    )
                    .at(span(&line)),
                );
            }
        }
    }
    // The template's result: Pass only after every verification step.
    if let (Some(result), Some(verification)) = (
        doc.section("Handoff result"),
        doc.section("Receiver verification"),
    ) {
        let pass = result.lines(&doc).iter().any(|l| {
            let t = l.text.trim().trim_start_matches("**Status:**").trim();
            l.text.contains("Status:") && t.eq_ignore_ascii_case("pass")
        });
        if pass {
            for line in verification.lines(&doc) {
                if unchecked(line.text) {
                    out.push(
                        Diagnostic::new(
                            Code::Hcr607,
                            pointer("Receiver verification"),
                            "the result says Pass, but this verification step is unchecked",
                        )
                        .at(span(&line)),
                    );
                }
            }
        }
    }
    // Secrets: located, never repeated.
    let secrets = SecretSet::from_markdown(text);
    // At most as many as a report shows (each is located by counting lines).
    for range in secrets.mask_markdown(text).into_iter().take(100) {
        out.push(
            Diagnostic::new(
                Code::Hcr606,
                JsonPointer::root(),
                "this line holds what looks like a credential (not shown)",
            )
            .at(Span {
                start: position(text, range.start),
                end: position(text, range.end),
            }),
        );
    }
    out.sort_by_key(|d| (d.span.map_or(0, |s| s.start.offset), d.code));
    out.dedup_by(|a, b| a.code == b.code && a.span == b.span && a.message == b.message);
    Report::from_diagnostics(out)
}

/// The position of byte `offset` (a character boundary) in `text`.
fn position(text: &str, offset: usize) -> hcr_validate::Position {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    let number = before.matches('\n').count() + 1;
    hcr_validate::Position {
        line: u32::try_from(number).unwrap_or(u32::MAX),
        column: u32::try_from(column).unwrap_or(u32::MAX),
        offset,
    }
}
