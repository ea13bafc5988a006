//! A record as a `HANDOFF.md` in the skill's layout, with the record itself in a last
//! section, so that reading the file back gives the equal record.

use hcr_escape::{MarkdownPage, markdown_code as code, markdown_text as md};
use hcr_types::{DecisionStatus, Record, ReviewStatus};

use crate::convert::RECORD_SECTION;
use crate::markdown::{objective, state_buckets};

/// The record as a `HANDOFF.md`: the skill's sections (Goal, Current state, Decisions,
/// Evidence, Next action, Open risks and questions, Relevant artifacts), then Constraints and
/// the Next actor, then the record as JSON. Every record string is escaped.
#[must_use]
pub fn render(record: &Record) -> String {
    let mut page = MarkdownPage::new();
    let title = record
        .record_id
        .as_ref()
        .map_or_else(|| "Handoff".to_owned(), |id| format!("Handoff: {}", md(id)));
    page.heading(1, title);
    objective(&mut page, "Goal", "Acceptance criteria:", &record.objective);
    page.heading(2, "Current state");
    let state = &record.current_state;
    for (label, items) in state_buckets(state) {
        if items.is_empty() {
            page.line(format_args!("- {label}: none"));
        } else {
            page.line(format_args!("- {label}:"));
            for item in items {
                page.line(format_args!("  - {}", md(item)));
            }
        }
    }
    page.blank();
    page.heading(2, "Decisions");
    if record.decisions.is_empty() {
        page.line("None.");
    }
    page.bullets(record.decisions.iter().map(|d| {
        let superseded = if d.status == DecisionStatus::Superseded {
            "Superseded: "
        } else {
            ""
        };
        format!(
            "{superseded}{} (because: {})",
            md(&d.summary),
            md(&d.rationale)
        )
    }));
    page.heading(2, "Evidence");
    if record.evidence.is_empty() {
        page.line("None.");
    }
    let place = |e: &hcr_types::Evidence| {
        e.artifact_ref
            .as_ref()
            .map(ToString::to_string)
            .or_else(|| e.uri.as_ref().map(ToString::to_string))
            .unwrap_or_default()
    };
    page.bullets(record.evidence.iter().map(|e| {
        let claim = e
            .claim
            .as_ref()
            .map_or_else(String::new, |c| format!(": {}", md(c)));
        format!("`{}` {}{claim}", code(&place(e)), md(&e.label))
    }));
    page.heading(2, "Next action");
    page.paragraph(md(&record.next_action.summary));
    page.line(format_args!(
        "Verification: {}",
        md(&record.next_action.verification)
    ));
    if let Some(due) = &record.next_action.due_at {
        page.blank();
        page.line(format_args!("Due: {due}"));
    }
    page.blank();
    page.heading(2, "Open risks and questions");
    let open: Vec<String> = record
        .open_review
        .iter()
        .filter(|r| r.status == ReviewStatus::Open)
        .map(|r| format!("Open review `{}`: {}", code(&r.id), md(&r.summary)))
        .chain(
            state
                .unverified
                .iter()
                .map(|u| format!("Unverified: {}", md(u))),
        )
        .collect();
    if open.is_empty() {
        page.line("None known.");
    }
    page.bullets(open);
    page.heading(2, "Relevant artifacts");
    let mut seen = std::collections::HashSet::new();
    let artifacts: Vec<String> = record
        .evidence
        .iter()
        .map(place)
        .filter(|p| seen.insert(p.clone()))
        .map(|p| format!("`{}`", code(&p)))
        .collect();
    if artifacts.is_empty() {
        page.line("None.");
    }
    page.bullets(artifacts);
    page.section(
        2,
        "Constraints",
        record
            .constraints
            .iter()
            .map(|c| format!("{}: {}", c.kind, md(&c.text))),
    );
    let actor = &record.ownership.next_actor;
    page.heading(2, "Next actor");
    page.paragraph(format_args!(
        "`{}` ({})",
        code(&actor.id),
        actor.actor_type.as_str()
    ));
    let json = serde_json::to_string_pretty(record).unwrap_or_default();
    page.heading(2, RECORD_SECTION);
    page.line(format_args!(
        "```json\n{}\n```",
        hcr_escape::json_text(&json)
    ));
    page.into_string()
}
