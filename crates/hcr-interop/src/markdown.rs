//! A record as a readable Markdown page (`hcr render --as markdown`), every record string
//! escaped so that nothing in it becomes a link, HTML or a heading.

use std::fmt::Write as _;

use hcr_escape::{markdown_code as code, markdown_text as md};
use hcr_types::{Actor, Record};

fn actor(a: &Actor) -> String {
    match &a.display_name {
        Some(name) => format!("{} (`{}`, {})", md(name), code(&a.id), a.actor_type),
        None => format!("`{}` ({})", code(&a.id), a.actor_type),
    }
}

fn list(out: &mut String, title: &str, items: &hcr_types::TextList) {
    if items.is_empty() {
        return;
    }
    let _ = writeln!(out, "**{title}**\n");
    for item in items {
        let _ = writeln!(out, "- {}", md(item));
    }
    out.push('\n');
}

/// The record as a page for people.
#[must_use]
pub fn render(record: &Record) -> String {
    let mut out = String::new();
    let title = record
        .record_id
        .as_ref()
        .map_or_else(|| "Handoff".to_owned(), |id| md(id));
    let revision = record
        .revision()
        .map_or_else(String::new, |r| format!(", revision {r}"));
    let _ = writeln!(out, "# {title}{revision}\n");
    if let Some(p) = &record.provenance {
        let _ = writeln!(
            out,
            "Written by {} at {}.\n",
            actor(&p.created_by),
            md(p.created_at.as_str())
        );
    }
    let _ = writeln!(out, "## Objective\n\n{}\n", md(&record.objective.summary));
    list(
        &mut out,
        "Acceptance criteria",
        &record.objective.acceptance_criteria,
    );
    let _ = writeln!(out, "## Current state\n");
    list(&mut out, "Complete", &record.current_state.complete);
    list(&mut out, "In progress", &record.current_state.in_progress);
    list(&mut out, "Blocked", &record.current_state.blocked);
    list(&mut out, "Unverified", &record.current_state.unverified);
    if !record.decisions.is_empty() {
        let _ = writeln!(out, "## Decisions\n");
        for d in &record.decisions {
            let supersedes = d
                .supersedes
                .as_ref()
                .map_or_else(String::new, |s| format!(" Supersedes: {}.", md(s)));
            let _ = writeln!(
                out,
                "- **{}** ({}): {}{supersedes}",
                md(&d.summary),
                d.status,
                md(&d.rationale)
            );
        }
        out.push('\n');
    }
    if !record.evidence.is_empty() {
        let _ = writeln!(out, "## Evidence\n");
        for e in &record.evidence {
            let mut parts = Vec::new();
            if let Some(a) = &e.artifact_ref {
                parts.push(format!("artifact `{}`", code(a)));
            }
            if let Some(u) = &e.uri {
                parts.push(format!("uri `{}`", code(u.as_str())));
            }
            if let Some(d) = &e.sha256 {
                parts.push(format!("sha256 `{d}`"));
            }
            let claim = e
                .claim
                .as_ref()
                .map_or_else(String::new, |c| format!(": {}", md(c)));
            let _ = writeln!(
                out,
                "- **{}** (`{}`){claim} ({})",
                md(&e.label),
                code(&e.id),
                parts.join(", ")
            );
        }
        out.push('\n');
    }
    if !record.constraints.is_empty() {
        let _ = writeln!(out, "## Constraints\n");
        for c in &record.constraints {
            let _ = writeln!(out, "- *{}*: {}", c.kind, md(&c.text));
        }
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "## Next action\n\n{}\n",
        md(&record.next_action.summary)
    );
    let _ = writeln!(
        out,
        "Verification: {}\n",
        md(&record.next_action.verification)
    );
    if let Some(due) = &record.next_action.due_at {
        let _ = writeln!(out, "Due: {}\n", md(due.as_str()));
    }
    let _ = writeln!(
        out,
        "## Ownership\n\nNext actor: {}\n",
        actor(&record.ownership.next_actor)
    );
    if let Some(reviewers) = record
        .ownership
        .reviewers
        .as_ref()
        .filter(|r| !r.is_empty())
    {
        let names: Vec<String> = reviewers.iter().map(actor).collect();
        let _ = writeln!(out, "Reviewers: {}\n", names.join(", "));
    }
    if !record.open_review.is_empty() {
        let _ = writeln!(out, "## Reviews\n");
        for r in &record.open_review {
            let by = crate::markdown::resolved_by(r);
            let _ = writeln!(
                out,
                "- `{}` ({}{by}): {}",
                code(&r.id),
                r.status,
                md(&r.summary)
            );
        }
        out.push('\n');
    }
    if let Some(extensions) = record.extensions.as_ref().filter(|e| !e.is_empty()) {
        let _ = writeln!(out, "## Extensions\n");
        for key in extensions.keys() {
            let _ = writeln!(out, "- `{}`", code(key));
        }
        out.push('\n');
    }
    out
}

/// ` by revision N` for a review item resolved by a linked revision, or nothing.
pub(crate) fn resolved_by(review: &hcr_types::ReviewItem) -> String {
    review
        .resolved_by_revision
        .as_ref()
        .map_or_else(String::new, |b| format!(" by revision {b}"))
}
