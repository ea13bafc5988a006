//! The hosted service's brief: `{title, summary, note, brief: {objective, currentState,
//! decisions, openQuestions, nextSteps}}`, as its `handover.create` and `handover.continue`
//! tools take it, to and from HCR records.
//!
//! | HCR | brief | back |
//! |---|---|---|
//! | `objective.summary` | `brief.objective` (first paragraph), `title` (first line, 120 characters), `summary` | `brief.objective`'s first paragraph |
//! | `objective.acceptanceCriteria` | `brief.objective`, after `Acceptance criteria:` | the same lines |
//! | `currentState` (four lists) | `brief.currentState`, one labelled block per list (`Complete:`, `In progress:`, `Blocked:`, `Unverified:`) | the blocks; a string without them is one unverified claim |
//! | `decisions` | `brief.decisions`: `summary (because: rationale)`, `Superseded: …` | the same; a plain string is a decision whose rationale is reported missing |
//! | open `openReview` items | `brief.openQuestions`: `Review ID: summary` | kept under the `sh.handover.brief` extension (a question is not a review item) |
//! | `nextAction.summary` | `brief.nextSteps[0]` (`{id: "next-action", status: "open"}`) | the first open step; other open steps are kept in the extension, done steps become `complete` |
//! | `nextAction.verification`, `dueAt` | `note` (`Verify: …`, `Due: …`) | the same lines |
//! | `evidence`, `constraints`, `ownership`, resolved reviews, `provenance`, `recordId`, `extensions` | — | reported by name: the brief has no place for them |
//!
//! Nothing is dropped silently: [`to_brief`] names every part of the record the brief cannot
//! hold, and [`from_brief`] keeps every member it does not map under the extension.

use std::fmt::Write as _;

use hcr_types::{DecisionStatus, Record, ReviewStatus};
use serde_json::{Map, Value, json};

use crate::draft::Draft;
use crate::draft::Parts;

/// The extension key under which a drafted record keeps what of a brief HCR has no place for.
pub const BRIEF_EXTENSION: &str = "sh.handover.brief";

const LISTS: [(&str, &str); 4] = [
    ("Complete:", "complete"),
    ("In progress:", "inProgress"),
    ("Blocked:", "blocked"),
    ("Unverified:", "unverified"),
];

fn first_line(text: &str, chars: usize) -> String {
    let line = text.lines().next().unwrap_or(text);
    match line.char_indices().nth(chars) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line.to_owned(),
    }
}

/// A bullet's text on one line (a line break would start another bullet).
fn bullet(text: &str) -> String {
    hcr_escape::one_line(text)
}

/// The brief for `record`, and the parts of the record it cannot hold, by name.
#[must_use]
pub fn to_brief(record: &Record) -> (Value, Vec<String>) {
    let mut lost = Vec::new();
    let mut objective = record.objective.summary.to_string();
    if !record.objective.acceptance_criteria.is_empty() {
        objective.push_str("\n\nAcceptance criteria:");
        for c in &record.objective.acceptance_criteria {
            let _ = write!(objective, "\n- {}", bullet(c));
        }
    }
    let state = &record.current_state;
    let mut current = String::new();
    for ((label, _), items) in LISTS.iter().zip([
        &state.complete,
        &state.in_progress,
        &state.blocked,
        &state.unverified,
    ]) {
        if items.is_empty() {
            continue;
        }
        if !current.is_empty() {
            current.push('\n');
        }
        current.push_str(label);
        for item in items {
            let _ = write!(current, "\n- {}", bullet(item));
        }
    }
    let decisions: Vec<String> = record
        .decisions
        .iter()
        .map(|d| {
            let text = format!("{} (because: {})", bullet(&d.summary), bullet(&d.rationale));
            match d.status {
                DecisionStatus::Active => text,
                DecisionStatus::Superseded => format!("Superseded: {text}"),
            }
        })
        .collect();
    if record.decisions.iter().any(|d| d.supersedes.is_some()) {
        lost.push("decisions[].supersedes".to_owned());
    }
    let questions: Vec<String> = record
        .open_review
        .iter()
        .filter(|r| r.status == ReviewStatus::Open)
        .map(|r| format!("Review {}: {}", bullet(&r.id), bullet(&r.summary)))
        .collect();
    if record.open_review.iter().any(|r| {
        r.status == ReviewStatus::Open && (r.assignee.is_some() || r.artifact_ref.is_some())
    }) {
        lost.push("openReview[].assignee and artifactRef".to_owned());
    }
    if record
        .open_review
        .iter()
        .any(|r| r.status == ReviewStatus::Open)
    {
        lost.push("openReview[].revision".to_owned());
    }
    let mut note = format!("Verify: {}", bullet(&record.next_action.verification));
    if let Some(due) = &record.next_action.due_at {
        let _ = write!(note, "\nDue: {due}");
    }
    for (present, name) in [
        (!record.evidence.is_empty(), "evidence"),
        (!record.constraints.is_empty(), "constraints"),
        (true, "ownership"),
        (
            record
                .open_review
                .iter()
                .any(|r| r.status == ReviewStatus::Resolved),
            "resolved openReview items",
        ),
        (record.provenance.is_some(), "provenance"),
        (record.record_id.is_some(), "recordId"),
        (record.extensions.is_some(), "extensions"),
    ] {
        if present {
            lost.push(name.to_owned());
        }
    }
    let brief = json!({
        "title": first_line(&record.objective.summary, 120),
        "summary": first_line(&record.objective.summary, 500),
        "note": note,
        "brief": {
            "objective": objective,
            "currentState": current,
            "decisions": decisions,
            "openQuestions": questions,
            "nextSteps": [{"id": "next-action", "text": record.next_action.summary.as_str(), "status": "open"}],
        },
    });
    (brief, lost)
}

fn strings(value: Option<&Value>) -> Vec<String> {
    value
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// Drafts a record from a brief object (the whole tool argument, or just its `brief`). What HCR
/// requires and the brief does not give is listed in [`Draft::missing`], never invented; every
/// member the mapping does not use is kept under [`BRIEF_EXTENSION`]; what cannot be read at
/// all (a value of the wrong type) is named in [`Draft::lost`].
#[must_use]
pub fn from_brief(value: &Value) -> Draft {
    from_brief_owned(value.clone())
}

/// [`from_brief`] of a value the caller gives up: its members are moved into the draft,
/// never copied (a brief may be megabytes).
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn from_brief_owned(value: Value) -> Draft {
    let mut missing = Vec::new();
    let mut lost = Vec::new();
    let mut kept = Map::new();
    let brief = match value {
        Value::Object(outer) if outer.contains_key("brief") => {
            let mut brief = Value::Null;
            for (key, member) in outer {
                if key == "brief" {
                    brief = member;
                } else {
                    kept.insert(key, member);
                }
            }
            brief
        }
        other => other,
    };
    let outer_note = kept.get("note").cloned();
    let brief_members = match brief {
        Value::Object(members) => members,
        _ => {
            lost.push("the brief is not an object".to_owned());
            Map::new()
        }
    };
    let mut brief = Map::new();
    for (key, member) in brief_members {
        if ["objective", "currentState", "decisions", "nextSteps"].contains(&key.as_str()) {
            brief.insert(key, member);
        } else {
            kept.insert(key, member);
        }
    }
    // The objective, and acceptance criteria after their label.
    let mut objective = Map::new();
    let mut criteria = Vec::new();
    match brief.get("objective").and_then(Value::as_str) {
        Some(text) => {
            let (summary, rest) = text
                .split_once("\n\nAcceptance criteria:")
                .unwrap_or((text, ""));
            objective.insert("summary".into(), json!(summary.trim()));
            criteria = rest
                .lines()
                .filter_map(|l| l.trim().strip_prefix("- "))
                .map(hcr_escape::unescape_line)
                .collect();
        }
        None => missing.push("/objective/summary".to_owned()),
    }
    if criteria.is_empty() {
        missing.push("/objective/acceptanceCriteria".to_owned());
    }
    objective.insert("acceptanceCriteria".into(), json!(criteria));
    // The current state: labelled blocks, or one claim.
    let mut state: Map<String, Value> = LISTS
        .iter()
        .map(|(_, k)| ((*k).to_owned(), json!([])))
        .collect();
    let mut seen = std::collections::HashSet::new();
    let mut add = |state: &mut Map<String, Value>, list: &str, text: String| {
        if !text.is_empty()
            && seen.insert((list.to_owned(), text.clone()))
            && let Some(Value::Array(items)) = state.get_mut(list)
        {
            items.push(Value::String(text));
        }
    };
    if let Some(text) = brief.get("currentState").and_then(Value::as_str) {
        let labelled = text
            .lines()
            .any(|l| LISTS.iter().any(|(label, _)| l.trim() == *label));
        if labelled {
            let mut list = None;
            for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
                if let Some((_, key)) = LISTS.iter().find(|(label, _)| line == *label) {
                    list = Some(*key);
                } else {
                    let item = hcr_escape::unescape_line(line.strip_prefix("- ").unwrap_or(line));
                    add(&mut state, list.unwrap_or("unverified"), item);
                }
            }
        } else {
            add(&mut state, "unverified", text.trim().to_owned());
        }
    }
    // Decisions.
    let mut decisions = Vec::new();
    for text in strings(brief.get("decisions")) {
        let (status, text) = match text.strip_prefix("Superseded: ") {
            Some(rest) => ("superseded", rest.to_owned()),
            None => ("active", text),
        };
        match text.rsplit_once(" (because: ") {
            Some((summary, why)) => decisions.push(json!({
                "summary": hcr_escape::unescape_line(summary),
                "rationale": hcr_escape::unescape_line(why.trim_end_matches(')')),
                "status": status,
            })),
            None => {
                missing.push(format!("/decisions/{}/rationale", decisions.len()));
                decisions.push(json!({"summary": text, "status": status}));
            }
        }
    }
    // Next steps: the first open one is the next action; done ones are complete.
    let mut next_action = Map::new();
    let mut further = Vec::new();
    for step in brief
        .get("nextSteps")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        let Some(text) = step.get("text").and_then(Value::as_str) else {
            lost.push(format!(
                "a next step without text: {}",
                hcr_escape::one_line(&step.to_string())
            ));
            continue;
        };
        match step.get("status").and_then(Value::as_str) {
            Some("done") => add(&mut state, "complete", text.to_owned()),
            _ if !next_action.contains_key("summary") => {
                next_action.insert("summary".into(), json!(text));
            }
            _ => further.push(step.clone()),
        }
    }
    if let Some(steps) = brief.remove("nextSteps") {
        kept.insert("nextSteps".into(), steps);
    }
    if !further.is_empty() {
        kept.insert("furtherSteps".into(), json!(further));
    }
    if !next_action.contains_key("summary") {
        missing.push("/nextAction/summary".to_owned());
    }
    // Verification and due date from the note.
    let note = outer_note
        .as_ref()
        .and_then(Value::as_str)
        .unwrap_or_default();
    for line in note.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix("Verify: ") {
            next_action.insert("verification".into(), json!(v));
        } else if let Some(d) = line
            .strip_prefix("Due: ")
            .filter(|d| hcr_types::is_rfc3339(d))
        {
            next_action.insert("dueAt".into(), json!(d));
        }
    }
    if !next_action.contains_key("verification") {
        missing.push("/nextAction/verification".to_owned());
    }
    missing.push("/ownership/nextActor".to_owned());
    Parts {
        record_id: None,
        objective: objective.into(),
        current_state: state.into(),
        decisions: decisions.into(),
        evidence: json!([]),
        constraints: json!([]),
        next_action: next_action.into(),
        ownership: json!({}),
    }
    .draft(BRIEF_EXTENSION, kept, missing, lost)
}
