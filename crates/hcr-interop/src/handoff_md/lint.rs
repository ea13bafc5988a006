//! `hcr handoff-md lint`: a `HANDOFF.md` checked against the publisher's `handoff` skill (or
//! its Markdown template), with HCR6xx diagnostics that the `hcr validate` renderers print.

use hcr_types::JsonPointer;
use hcr_validate::secrets::SecretSet;
use hcr_validate::{Code, Diagnostic, Report, Span};

use super::headings::Role;
use super::map;
use super::parse::{
    Bucket, Document, Layout, Section, bullet, is_none, is_placeholder_text, location, unchecked,
};
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
    "State the intended outcome and acceptance criteria.",
    "Separate completed, in-progress, blocked, and unverified work.",
    "Record each material decision and why it was made.",
    "Link or attach files, queries, outputs, observations, and source material.",
    "Include permissions, safety rules, deadlines, budgets, and exclusions.",
    "Name the smallest concrete step that moves the work forward.",
    "Name the person or agent responsible for the next action.",
    "Name the person or agent that verified the handoff.",
    "Record why continuation is blocked or confirm the next action.",
];

/// The role a layout's section is found by (any heading the table maps to it); `None` for
/// the template's own sections, found by their names.
fn required_role(name: &str) -> Option<Role> {
    match name {
        "Receiver verification" | "Handoff result" | "Handoff checklist" => None,
        "Ownership" => Some(Role::Owner),
        other => super::headings::role_of(other),
    }
}

/// The section that answers question `q` (0-based), if any.
fn answering(doc: &Document, q: usize) -> Option<&Section> {
    doc.sections
        .iter()
        .find(|s| s.role.and_then(Role::question) == Some(q) && !s.is_blank(doc))
}

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

/// Whether a section says nothing of its own: blank, or only the template's text (its
/// instructions, uncommented, included).
fn is_placeholder(section: &Section, doc: &Document) -> bool {
    let placeholder = |text: &str| {
        let text = text.trim();
        text.is_empty()
            || PLACEHOLDERS.iter().any(|p| {
                text == *p || bullet(text).is_some_and(|b| b == *p || b == p.trim_end_matches(':'))
            })
    };
    // Its lines and its subsections' (labels included), up to the next section of its level.
    let end = doc
        .sections
        .iter()
        .find(|s| s.line > section.line && s.level <= section.level)
        .map_or(doc.line_count(), |s| s.line);
    section.inline.as_deref().is_none_or(placeholder)
        && (section.line + 1..end).all(|i| placeholder(doc.line(i).text))
}

#[allow(clippy::too_many_lines)]
fn check(text: &str) -> Report {
    let doc = Document::parse(text);
    let record_at = doc
        .sections
        .iter()
        .rposition(|s| s.is(crate::convert::RECORD_SECTION));
    // What the lint says about the questions derives from what the conversion reads.
    let mapped = map::map(&doc, record_at);
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
        Layout::Skill | Layout::Other => "the skill's HANDOFF.md",
        Layout::Template => "the handoff template",
    };
    // The section that answers a role: its own heading (any wording the table maps).
    let find = |name: &str| -> Option<&Section> {
        match required_role(name) {
            Some(role) => doc.first(role).or_else(|| {
                (role == Role::Goal)
                    .then(|| doc.first(Role::Summary))
                    .flatten()
            }),
            None => doc.section(name),
        }
    };
    // Sections: missing, or left as the template's text.
    let mut unanswerable = std::collections::HashSet::new();
    // What the conversion reads outside a section of its own answers a question too (a goal
    // in the title, decisions or test results stated in prose, the first thing left to do):
    // the lint and the draft say the same.
    let read = |q: usize| {
        let parts = &mapped.parts;
        match q {
            0 => parts.objective.get("summary").is_some(),
            1 => parts.current_state.as_object().is_some_and(|s| {
                s.values()
                    .any(|b| b.as_array().is_some_and(|b| !b.is_empty()))
            }),
            2 => parts.decisions.as_array().is_some_and(|d| !d.is_empty()),
            3 => parts.evidence.as_array().is_some_and(|e| !e.is_empty()),
            4 => parts.next_action.get("summary").is_some(),
            _ => false,
        }
    };
    if layout == Layout::Other {
        let in_prose: Vec<String> = (0..super::headings::QUESTIONS.len())
            .filter(|&q| answering(&doc, q).is_none() && read(q))
            .map(|q| format!("\"{}\"", super::headings::QUESTIONS[q]))
            .collect();
        let answered: Vec<String> = (0..super::headings::QUESTIONS.len())
            .filter_map(|q| {
                let s = answering(&doc, q)?;
                Some(format!(
                    "\"{}\" (`{}`, line {})",
                    super::headings::QUESTIONS[q],
                    hcr_escape::escape(&s.heading),
                    s.line + 1
                ))
            })
            .collect();
        let mut message = format!(
            "this file is not in the skill's `HANDOFF.md` layout ({})",
            Layout::Skill.sections().join(", ")
        );
        if answered.is_empty() {
            message.push_str("; no section answers a receiver question");
        } else {
            message.push_str(&format!("; it answers {}", answered.join(", ")));
        }
        if !in_prose.is_empty() {
            message.push_str(&format!(
                "; its title or prose answers {}",
                in_prose.join(", ")
            ));
        }
        let mut d = Diagnostic::new(Code::Hcr601, JsonPointer::root(), message);
        if let Some(at) = whole(&doc) {
            d = d.at(at);
        }
        out.push(d);
    } else {
        for name in layout.sections() {
            match find(name) {
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
    }
    // A next action that is no action yet (`TBD`, `None.`, `Nothing required.`).
    if let Some(section) = doc.first(Role::NextAction)
        && !unanswerable.contains("Next action")
        && mapped.missing.iter().any(|m| m == "/nextAction/summary")
        && !is_placeholder(section, &doc)
    {
        unanswerable.insert("Next action");
        out.push(
            Diagnostic::new(
                Code::Hcr602,
                pointer(&section.heading),
                format!(
                    "`{}` names no action yet (a placeholder such as TBD or None)",
                    hcr_escape::escape(&section.heading)
                ),
            )
            .at(heading_span(section)),
        );
    }
    // Current state: the four buckets (the publisher's layouts).
    if layout != Layout::Other
        && let Some(state) = doc.first(Role::State)
        && !unanswerable.contains("Current state")
    {
        let labelled: Vec<Bucket> = Bucket::ALL
            .into_iter()
            .filter(|b| {
                let inside = |s: &Section| {
                    s.parent
                        .is_some_and(|p| std::ptr::eq(&doc.sections[p], state))
                        && s.role.and_then(Bucket::of_role) == Some(*b)
                };
                doc.sections.iter().any(inside)
                    || super::map::entries(state, &doc).iter().any(|e| {
                        super::map::bucket_label(&e.text).and_then(|(r, _)| Bucket::of_role(r))
                            == Some(*b)
                    })
            })
            .collect();
        let absent: Vec<&str> = Bucket::ALL
            .iter()
            .filter(|b| !labelled.contains(b))
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
    // The six questions.
    let mut unanswered = |question: usize, section: Option<&Section>, why: &str| {
        let at = section.map(heading_span).or_else(|| whole(&doc));
        let mut d = Diagnostic::new(
            Code::Hcr604,
            section.map_or_else(JsonPointer::root, |s| pointer(&s.heading)),
            format!(
                "the handoff does not answer \"{}\": {why}",
                super::headings::QUESTIONS[question]
            ),
        );
        if let Some(at) = at {
            d = d.at(at);
        }
        out.push(d);
    };
    if layout == Layout::Other {
        for (q, why) in [
            (0, "no section states the goal"),
            (
                1,
                "no section states what is complete, in progress, blocked or unverified",
            ),
            (2, "no section records decisions"),
            (3, "no section lists evidence"),
            (4, "no section names the next action"),
        ] {
            if answering(&doc, q).is_none() && !read(q) {
                unanswerable.insert(
                    [
                        "Goal",
                        "Current state",
                        "Decisions",
                        "Evidence",
                        "Next action",
                    ][q],
                );
                unanswered(q, None, why);
            }
        }
    }
    if let Some(section) = doc.first(Role::Goal).or_else(|| doc.first(Role::Summary))
        && !unanswerable.contains("Goal")
        && !unanswerable.contains("Objective")
        && mapped
            .missing
            .iter()
            .any(|m| m == "/objective/acceptanceCriteria")
    {
        unanswered(0, Some(section), "the goal states no acceptance criteria");
    }
    if let Some(section) = doc.first(Role::NextAction)
        && !unanswerable.contains("Next action")
        && super::headings::normalize(&section.heading) == "next action"
    {
        let all = super::map::entries(section, &doc);
        if !all.iter().any(|e| e.paragraph) && all.iter().filter(|e| !e.paragraph).count() > 1 {
            unanswered(
                4,
                Some(section),
                "it lists several actions, not one first one",
            );
        }
    }
    let evidence_sections: Vec<&Section> = doc
        .sections
        .iter()
        .filter(|s| matches!(s.role.or(s.within), Some(Role::Evidence | Role::Artifacts)))
        .collect();
    let located = mapped.parts.evidence.as_array().is_some_and(|items| {
        items
            .iter()
            .any(|e| e.get("artifactRef").is_some() || e.get("uri").is_some())
    });
    // "None." in every such section answers the question too: there is nothing to open.
    let none_to_open = !evidence_sections.is_empty()
        && evidence_sections.iter().all(|s| {
            s.items(&doc).iter().all(|i| is_none(i))
                && s.lines(&doc).iter().any(|l| {
                    let t = l.text.trim();
                    is_none(t) || bullet(t).is_some_and(is_none)
                })
        });
    if !located && !none_to_open && !unanswerable.contains("Evidence") {
        unanswered(
            5,
            doc.first(Role::Artifacts).or(doc.first(Role::Evidence)),
            "no evidence item or artifact names a path or link",
        );
    }
    // Evidence that names nothing to open.
    for section in evidence_sections
        .iter()
        .filter(|s| s.role.or(s.within) == Some(Role::Evidence))
    {
        for e in super::map::entries(section, &doc) {
            if !e.paragraph
                && !e.text.is_empty()
                && !is_none(&e.text)
                && !is_placeholder_text(&e.text)
                && location(&e.text).is_none()
                && !PLACEHOLDERS.contains(&e.text.as_str())
            {
                let line = doc.line(e.lines[0]);
                out.push(
                    Diagnostic::new(
                        Code::Hcr605,
                        pointer(&section.heading),
                        "this evidence item names no path or link the receiver can open",
                    )
                    .at(span(&line)),
                );
            }
        }
    }
    // A rendered file whose Markdown says otherwise than the record it carries.
    if let Some(at) = record_at {
        let draft = super::from_handoff_md(text);
        if !draft.edited.is_empty() {
            let fields: Vec<String> = draft.edited.iter().map(|p| format!("`{p}`")).collect();
            out.push(
                Diagnostic::new(
                    Code::Hcr608,
                    pointer(crate::convert::RECORD_SECTION),
                    format!(
                        "the Markdown shows {} otherwise than the record it carries: `hcr convert` takes the Markdown's",
                        fields.join(", ")
                    ),
                )
                .at(heading_span(&doc.sections[at])),
            );
        }
    }
    // The template's result: Pass only after every verification step.
    if let (Some(result), Some(verification)) = (
        doc.section("Handoff result"),
        doc.section("Receiver verification"),
    ) {
        let pass = (result.line..result.body.end.max(result.line + 1))
            .chain(
                doc.sections
                    .iter()
                    .filter(|s| {
                        s.parent
                            .is_some_and(|p| std::ptr::eq(&doc.sections[p], result))
                    })
                    .flat_map(|s| s.line..s.body.end),
            )
            .any(|i| {
                let l = doc.line(i);
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
