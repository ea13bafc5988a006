//! A record as a readable Markdown page (`hcr render --as markdown`), every record string
//! escaped so that nothing in it becomes a link, HTML or a heading; written with
//! [`MarkdownPage`], as the `HANDOFF.md` and the receiver brief are, and the part of a record
//! every writer shows alike (`state_buckets`).

use hcr_escape::{MarkdownPage, markdown_code as code, markdown_text as md};
use hcr_types::{Actor, Record};

fn actor(a: &Actor) -> String {
    match &a.display_name {
        Some(name) => format!("{} (`{}`, {})", md(name), code(&a.id), a.actor_type),
        None => format!("`{}` ({})", code(&a.id), a.actor_type),
    }
}

/// The state buckets with the labels every record writer gives them, in the schema's order.
pub(crate) fn state_buckets(
    state: &hcr_types::CurrentState,
) -> [(&'static str, &hcr_types::TextList); 4] {
    [
        ("Complete", &state.complete),
        ("In progress", &state.in_progress),
        ("Blocked", &state.blocked),
        ("Unverified", &state.unverified),
    ]
}

/// The objective under the heading `heading`: its summary, then its acceptance criteria
/// under the line `criteria` (when there are any).
pub(crate) fn objective(
    page: &mut MarkdownPage,
    heading: &str,
    criteria: &str,
    objective: &hcr_types::Objective,
) {
    page.heading(2, heading);
    page.paragraph(md(&objective.summary));
    page.titled_list(criteria, &objective.acceptance_criteria);
}

/// The record as a page for people.
#[must_use]
pub fn render(record: &Record) -> String {
    let mut page = MarkdownPage::new();
    let title = record
        .record_id
        .as_ref()
        .map_or_else(|| "Handoff".to_owned(), |id| md(id));
    let revision = record
        .revision()
        .map_or_else(String::new, |r| format!(", revision {r}"));
    page.heading(1, format_args!("{title}{revision}"));
    if let Some(p) = &record.provenance {
        page.paragraph(format_args!(
            "Written by {} at {}.",
            actor(&p.created_by),
            md(p.created_at.as_str())
        ));
    }
    objective(
        &mut page,
        "Objective",
        "**Acceptance criteria**",
        &record.objective,
    );
    page.heading(2, "Current state");
    for (label, items) in state_buckets(&record.current_state) {
        page.titled_list(&format!("**{label}**"), items);
    }
    page.section(
        2,
        "Decisions",
        record.decisions.iter().map(|d| {
            let supersedes = d
                .supersedes
                .as_ref()
                .map_or_else(String::new, |s| format!(" Supersedes: {}.", md(s)));
            format!(
                "**{}** ({}): {}{supersedes}",
                md(&d.summary),
                d.status,
                md(&d.rationale)
            )
        }),
    );
    page.section(
        2,
        "Evidence",
        record.evidence.iter().map(|e| {
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
            format!(
                "**{}** (`{}`){claim} ({})",
                md(&e.label),
                code(&e.id),
                parts.join(", ")
            )
        }),
    );
    page.section(
        2,
        "Constraints",
        record
            .constraints
            .iter()
            .map(|c| format!("*{}*: {}", c.kind, md(&c.text))),
    );
    page.heading(2, "Next action");
    page.paragraph(md(&record.next_action.summary));
    page.paragraph(format_args!(
        "Verification: {}",
        md(&record.next_action.verification)
    ));
    if let Some(due) = &record.next_action.due_at {
        page.paragraph(format_args!("Due: {}", md(due.as_str())));
    }
    page.heading(2, "Ownership");
    page.paragraph(format_args!(
        "Next actor: {}",
        actor(&record.ownership.next_actor)
    ));
    if let Some(reviewers) = record
        .ownership
        .reviewers
        .as_ref()
        .filter(|r| !r.is_empty())
    {
        let names: Vec<String> = reviewers.iter().map(actor).collect();
        page.paragraph(format_args!("Reviewers: {}", names.join(", ")));
    }
    page.section(
        2,
        "Reviews",
        record.open_review.iter().map(|r| {
            format!(
                "`{}` ({}{}): {}",
                code(&r.id),
                r.status,
                resolved_by(r),
                md(&r.summary)
            )
        }),
    );
    if let Some(extensions) = &record.extensions {
        page.section(
            2,
            "Extensions",
            extensions.keys().map(|key| format!("`{}`", code(key))),
        );
    }
    page.into_string()
}

/// ` by revision N` for a review item resolved by a linked revision, or nothing.
pub(crate) fn resolved_by(review: &hcr_types::ReviewItem) -> String {
    review
        .resolved_by_revision
        .as_ref()
        .map_or_else(String::new, |b| format!(" by revision {b}"))
}
