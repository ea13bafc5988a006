//! A record as a `HANDOFF.md` in the skill's layout, with the record itself in a last
//! section, so that reading the file back gives the equal record.

use hcr_escape::{MarkdownPage, markdown_code as code, markdown_text as md};
use hcr_types::{DecisionStatus, Record, ReviewStatus};

use serde_json::{Map, Value};

use super::parse::{Fence, InFence, fence_lines, unquote};
use crate::convert::RECORD_SECTION;
use crate::markdown::{objective, state_buckets};

/// The record as a `HANDOFF.md`: the skill's sections (Goal, Current state, Decisions,
/// Evidence, Next action, Open risks and questions, Relevant artifacts), then Constraints and
/// the Next actor, then the record as JSON. Every record string is escaped.
#[must_use]
pub fn render(record: &Record) -> String {
    let mut page = MarkdownPage::new();
    let kept: Map<String, Value> = serde_json::to_value(record)
        .ok()
        .and_then(|mut v| {
            v["extensions"][super::HANDOFF_MD_EXTENSION]
                .as_object_mut()
                .map(std::mem::take)
        })
        .unwrap_or_default();
    let title = match (kept.get("title").and_then(Value::as_str), &record.record_id) {
        (Some(title), _) => hcr_escape::escape(title).replace(['\r', '\n'], " "),
        (None, Some(id)) => format!("Handoff: {}", md(id)),
        (None, None) => "Handoff".to_owned(),
    };
    // The front matter first, where it stands in the source.
    if let Some(front) = kept.get("frontMatter").and_then(Value::as_str) {
        for line in front.lines() {
            page.line(hcr_escape::escape(line));
        }
        page.blank();
    }
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
    let texts = |key: &str| -> Vec<String> {
        kept.get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(|i| i.as_str().or_else(|| i["text"].as_str()))
                    .map(md)
                    .collect()
            })
            .unwrap_or_default()
    };
    let further = texts("furtherSteps");
    if !further.is_empty() {
        page.bullets(further);
    }
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
    let kept_sections: Vec<&Value> = kept
        .get("sections")
        .and_then(Value::as_array)
        .map(|s| s.iter().collect())
        .unwrap_or_default();
    let is_risks = |s: &&Value| {
        s["heading"]
            .as_str()
            .is_some_and(|h| super::headings::normalize(h) == "open risks and questions")
    };
    let risks_kept: Vec<&Value> = kept_sections.iter().copied().filter(is_risks).collect();
    if open.is_empty() && risks_kept.is_empty() {
        page.line("None known.");
    }
    let derived: Vec<String> = open.iter().map(|o| format!("- {o}")).collect();
    page.bullets(open);
    for section in &risks_kept {
        verbatim(
            &mut page,
            section["body"].as_str().unwrap_or_default(),
            &derived,
        );
    }
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
    let not_started = texts("notStarted");
    if !not_started.is_empty() {
        page.heading(2, "Not started");
        page.bullets(not_started);
    }
    // The source's other sections, as it wrote them (terminal controls escaped).
    for section in kept_sections.iter().filter(|s| !is_risks(s)) {
        // As the source wrote it, terminal controls escaped.
        let heading = hcr_escape::escape(section["heading"].as_str().unwrap_or("Notes"))
            .replace(['\r', '\n'], " ");
        let level = section["level"].as_u64().unwrap_or(2);
        match usize::try_from(level).ok().filter(|l| (1..=6).contains(l)) {
            Some(level) => page.heading(level.max(2), heading),
            None => {
                let inline = section["inline"].as_str().map(md).unwrap_or_default();
                page.paragraph(format_args!("**{heading}**: {inline}"));
            }
        }
        verbatim(&mut page, section["body"].as_str().unwrap_or_default(), &[]);
    }
    let notes = texts("unmapped");
    if !notes.is_empty() {
        page.heading(2, "Notes kept from the source");
        page.bullets(notes);
    }
    if let Some(preamble) = kept.get("preamble").and_then(Value::as_str) {
        page.heading(2, "Preamble kept from the source");
        verbatim(&mut page, preamble, &[]);
    }
    if let Some(comments) = kept.get("comments").and_then(Value::as_array) {
        for comment in comments.iter().filter_map(|c| c["text"].as_str()) {
            page.paragraph(hcr_escape::escape(comment));
        }
    }
    let json = serde_json::to_string_pretty(record).unwrap_or_default();
    page.heading(2, RECORD_SECTION);
    page.line(format_args!(
        "```json\n{}\n```",
        hcr_escape::json_text(&json)
    ));
    page.into_string()
}

/// A kept section's body as the source wrote it: terminal controls escaped, the lines
/// `skip` (what the renderer derived itself) left out, and a fence it opens closed, so that
/// nothing after it is swallowed.
fn verbatim(page: &mut MarkdownPage, body: &str, skip: &[String]) {
    let lines: Vec<&str> = body
        .lines()
        .filter(|line| !skip.iter().any(|s| s == line.trim()))
        .collect();
    let unquoted: Vec<&str> = lines.iter().map(|line| unquote(line)).collect();
    let fenced = fence_lines(&unquoted);
    for line in &lines {
        page.line(hcr_escape::escape(line));
    }
    // The fence the last lines leave open, closed with its marks (and its opening's quote
    // marks, `> ` for a fence in a quote).
    let open = fenced
        .iter()
        .rposition(|at| matches!(at, Some(InFence::Opens | InFence::Closes)))
        .filter(|&at| fenced[at] == Some(InFence::Opens));
    if let Some(fence) = open.and_then(|at| {
        let quoted = &lines[at][..lines[at].len() - unquoted[at].len()];
        Fence::open(unquoted[at]).map(|fence| format!("{quoted}{}", fence.closing()))
    }) {
        page.line(fence);
    }
    if !lines.is_empty() {
        page.blank();
    }
}

#[cfg(test)]
mod tests {
    use super::{MarkdownPage, verbatim};

    /// A kept body as it is rendered, `skip` left out.
    fn rendered(body: &str) -> String {
        let mut page = MarkdownPage::new();
        verbatim(&mut page, body, &[]);
        page.into_string()
    }

    #[test]
    fn a_fence_left_open_is_closed_with_its_own_marks() {
        assert_eq!(rendered("a\n~~~~\nx\n```\n"), "a\n~~~~\nx\n```\n~~~~\n\n");
        assert_eq!(rendered("```sh\nmake\n```\n"), "```sh\nmake\n```\n\n");
        assert_eq!(rendered("````md\n```sh\n````\n"), "````md\n```sh\n````\n\n");
        // A Markdown fence whose own fence is left open, as it is read.
        assert_eq!(rendered("```md\n```sh\n"), "```md\n```sh\n```\n\n");
        // In a quote, closed in the quote.
        assert_eq!(rendered("> ```sh\n> make\n"), "> ```sh\n> make\n> ```\n\n");
    }
}
