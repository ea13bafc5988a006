//! A record as a `HANDOFF.md` in the skill's layout, with the record itself in a last
//! section, so that reading the file back gives the equal record.

use std::fmt::Write as _;

use hcr_escape::{markdown_code as code, markdown_text as md};
use hcr_types::{DecisionStatus, Record, ReviewStatus};

use crate::convert::RECORD_SECTION;

fn bullets(out: &mut String, items: impl IntoIterator<Item = String>) {
    for item in items {
        let _ = writeln!(out, "- {item}");
    }
}

/// The record as a `HANDOFF.md`: the skill's sections (Goal, Current state, Decisions,
/// Evidence, Next action, Open risks and questions, Relevant artifacts), then Constraints and
/// the Next actor, then the record as JSON. Every record string is escaped.
#[must_use]
pub fn render(record: &Record) -> String {
    let mut out = String::new();
    let title = record
        .record_id
        .as_ref()
        .map_or_else(|| "Handoff".to_owned(), |id| format!("Handoff: {}", md(id)));
    let _ = writeln!(out, "# {title}\n");
    let _ = writeln!(out, "## Goal\n\n{}\n", md(&record.objective.summary));
    if !record.objective.acceptance_criteria.is_empty() {
        let _ = writeln!(out, "Acceptance criteria:\n");
        bullets(
            &mut out,
            record.objective.acceptance_criteria.iter().map(|c| md(c)),
        );
        out.push('\n');
    }
    let _ = writeln!(out, "## Current state\n");
    let state = &record.current_state;
    for (label, items) in [
        ("Complete", &state.complete),
        ("In progress", &state.in_progress),
        ("Blocked", &state.blocked),
        ("Unverified", &state.unverified),
    ] {
        if items.is_empty() {
            let _ = writeln!(out, "- {label}: none");
        } else {
            let _ = writeln!(out, "- {label}:");
            for item in items {
                let _ = writeln!(out, "  - {}", md(item));
            }
        }
    }
    let _ = writeln!(out, "\n## Decisions\n");
    if record.decisions.is_empty() {
        let _ = writeln!(out, "None.");
    }
    bullets(
        &mut out,
        record.decisions.iter().map(|d| {
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
        }),
    );
    let _ = writeln!(out, "\n## Evidence\n");
    if record.evidence.is_empty() {
        let _ = writeln!(out, "None.");
    }
    let place = |e: &hcr_types::Evidence| {
        e.artifact_ref
            .as_ref()
            .map(ToString::to_string)
            .or_else(|| e.uri.as_ref().map(ToString::to_string))
            .unwrap_or_default()
    };
    bullets(
        &mut out,
        record.evidence.iter().map(|e| {
            let claim = e
                .claim
                .as_ref()
                .map_or_else(String::new, |c| format!(": {}", md(c)));
            format!("`{}` {}{claim}", code(&place(e)), md(&e.label))
        }),
    );
    let _ = writeln!(
        out,
        "\n## Next action\n\n{}\n\nVerification: {}",
        md(&record.next_action.summary),
        md(&record.next_action.verification)
    );
    if let Some(due) = &record.next_action.due_at {
        let _ = writeln!(out, "\nDue: {due}");
    }
    let _ = writeln!(out, "\n## Open risks and questions\n");
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
        let _ = writeln!(out, "None known.");
    }
    bullets(&mut out, open);
    let _ = writeln!(out, "\n## Relevant artifacts\n");
    let mut seen = std::collections::HashSet::new();
    let artifacts: Vec<String> = record
        .evidence
        .iter()
        .map(place)
        .filter(|p| seen.insert(p.clone()))
        .map(|p| format!("`{}`", code(&p)))
        .collect();
    if artifacts.is_empty() {
        let _ = writeln!(out, "None.");
    }
    bullets(&mut out, artifacts);
    if !record.constraints.is_empty() {
        let _ = writeln!(out, "\n## Constraints\n");
        bullets(
            &mut out,
            record
                .constraints
                .iter()
                .map(|c| format!("{}: {}", c.kind, md(&c.text))),
        );
    }
    let actor = &record.ownership.next_actor;
    let _ = writeln!(
        out,
        "\n## Next actor\n\n`{}` ({})",
        code(&actor.id),
        actor.actor_type.as_str()
    );
    let json = serde_json::to_string_pretty(record).unwrap_or_default();
    let _ = writeln!(
        out,
        "\n## {RECORD_SECTION}\n\n```json\n{}\n```",
        hcr_escape::json_text(&json)
    );
    out
}
