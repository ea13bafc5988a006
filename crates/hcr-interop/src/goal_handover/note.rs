//! HCR records as handover notes, and notes back as record drafts.
//!
//! The note follows the goal-handover design's content convention, one labelled part per
//! line group:
//!
//! ```text
//! State:
//! - done: Found the slow query. [evidence: slow-query logs/slow-query.txt sha256 f9132559…]
//! - in progress: Adding an index.
//! - blocked: …
//! Decisions:
//! - Add an index on orders.created_at. (because: the export filters on it)
//! Next steps:
//! - Create the index concurrently and rerun the export.
//! Risks / open questions:
//! - unverified: The index fits in the buffer cache.
//! - open review review:index-name: Name the index after the convention.
//! Carried limits:
//! - budget: …
//! - verify: The export log shows completion before 06:00 UTC.
//! - completion: The export finishes before 06:00 UTC.
//! - safety: Do not lock the orders table during business hours.
//! Record: suite-base revision 2 (HCR v1.0)
//! ```

use std::fmt::Write as _;

use hcr_types::{ConstraintKind, DecisionStatus, Record, ReviewStatus};
use serde_json::{Map, Value, json};

use super::MAX_HANDOVER_BYTES;

/// One line of the note, with how important it is to keep (higher is kept longer).
struct Item {
    part: usize,
    text: String,
    keep: u8,
    what: &'static str,
}

const PARTS: [&str; 5] = [
    "State:",
    "Decisions:",
    "Next steps:",
    "Risks / open questions:",
    "Carried limits:",
];

/// Record text as part of one line of the note: a line break or control character in it is
/// escaped, so that no item can start a line (a part, a list entry) of its own, and reading the
/// note back gives the item's own text.
fn line(text: &impl std::fmt::Display) -> String {
    hcr_escape::one_line(&text.to_string())
}

fn items(record: &Record) -> Vec<Item> {
    let mut items = Vec::new();
    let mut push = |part, text: String, keep, what| {
        items.push(Item {
            part,
            text,
            keep,
            what,
        })
    };
    let pointers: Vec<String> = record
        .evidence
        .iter()
        .map(|e| {
            let place = e
                .artifact_ref
                .as_ref()
                .map(ToString::to_string)
                .or_else(|| e.uri.as_ref().map(ToString::to_string))
                .unwrap_or_default();
            let digest = e
                .sha256
                .as_ref()
                .map_or_else(String::new, |d| format!(" sha256 {}", &d.as_str()[..12]));
            format!("{} {}{digest}", line(&e.id), line(&place))
        })
        .collect();
    for text in &record.current_state.complete {
        push(0, format!("- done: {}", line(text)), 9, "completed items");
    }
    if !pointers.is_empty() {
        push(
            0,
            format!("- evidence: {}", pointers.join("; ")),
            6,
            "evidence pointers",
        );
    }
    for text in &record.current_state.in_progress {
        push(
            0,
            format!("- in progress: {}", line(text)),
            8,
            "work in progress",
        );
    }
    for text in &record.current_state.blocked {
        push(0, format!("- blocked: {}", line(text)), 8, "blocked items");
    }
    for d in &record.decisions {
        match d.status {
            DecisionStatus::Active => push(
                1,
                format!("- {} (because: {})", line(&d.summary), line(&d.rationale)),
                7,
                "decisions",
            ),
            DecisionStatus::Superseded => push(
                1,
                format!("- superseded: {}", line(&d.summary)),
                2,
                "superseded decisions",
            ),
        }
    }
    push(
        2,
        format!("- {}", line(&record.next_action.summary)),
        10,
        "the next step",
    );
    if let Some(due) = &record.next_action.due_at {
        push(2, format!("- due: {due}"), 9, "the due date");
    }
    for text in &record.current_state.unverified {
        push(
            3,
            format!("- unverified: {}", line(text)),
            5,
            "unverified claims",
        );
    }
    for r in &record.open_review {
        if r.status == ReviewStatus::Open {
            push(
                3,
                format!("- open review {}: {}", line(&r.id), line(&r.summary)),
                5,
                "open reviews",
            );
        }
    }
    for c in record
        .constraints
        .iter()
        .filter(|c| c.kind == ConstraintKind::Budget)
    {
        push(4, format!("- budget: {}", line(&c.text)), 9, "budget");
    }
    push(
        4,
        format!("- verify: {}", line(&record.next_action.verification)),
        10,
        "the verification",
    );
    for text in &record.objective.acceptance_criteria {
        push(
            4,
            format!("- completion: {}", line(text)),
            9,
            "completion criteria",
        );
    }
    for c in record
        .constraints
        .iter()
        .filter(|c| c.kind != ConstraintKind::Budget)
    {
        push(
            4,
            format!("- {}: {}", c.kind, line(&c.text)),
            7,
            "constraints",
        );
    }
    items
}

fn assemble(record: &Record, items: &[&Item], dropped: &[&'static str]) -> String {
    let mut out = String::new();
    for (index, part) in PARTS.iter().enumerate() {
        let lines: Vec<&&Item> = items.iter().filter(|i| i.part == index).collect();
        if lines.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{part}");
        for item in lines {
            let _ = writeln!(out, "{}", item.text);
        }
    }
    let id = record
        .record_id
        .as_ref()
        .map_or_else(|| "(no recordId)".to_owned(), line);
    let revision = record
        .revision()
        .map_or_else(String::new, |r| format!(" revision {r}"));
    let _ = write!(out, "Record: {id}{revision} (HCR v1.0)");
    if !dropped.is_empty() {
        let _ = write!(
            out,
            "\nDropped to fit {MAX_HANDOVER_BYTES} bytes: {}.",
            dropped.join(", ")
        );
    }
    out
}

/// The record as a handover note of at most 4,096 bytes. When the whole record does not fit,
/// the least important detail goes first (superseded decisions, then unverified claims and
/// open reviews, evidence pointers, constraints, decisions, …) and the last line says what
/// was dropped; as a last resort long lines are shortened with `…`.
#[must_use]
pub fn to_note(record: &Record) -> String {
    let all = items(record);
    let mut kept: Vec<&Item> = all.iter().collect();
    let mut dropped: Vec<&'static str> = Vec::new();
    for level in 0..=10u8 {
        let note = assemble(record, &kept, &dropped);
        if note.len() <= MAX_HANDOVER_BYTES {
            return note;
        }
        if level == 10 {
            break;
        }
        for item in kept.iter().filter(|i| i.keep == level) {
            if !dropped.contains(&item.what) {
                dropped.push(item.what);
            }
        }
        kept.retain(|i| i.keep > level);
    }
    // Only the most important lines are left and still too long: shorten them.
    let mut width = 400;
    loop {
        let short: Vec<Item> = all
            .iter()
            .filter(|i| i.keep == 10)
            .map(|i| Item {
                part: i.part,
                text: shorten(&i.text, width),
                keep: i.keep,
                what: i.what,
            })
            .collect();
        let refs: Vec<&Item> = short.iter().collect();
        let mut marks = dropped.clone();
        marks.push("the end of long lines");
        let note = assemble(record, &refs, &marks);
        if note.len() <= MAX_HANDOVER_BYTES || width <= 40 {
            return shorten(&note, MAX_HANDOVER_BYTES / 4);
        }
        width /= 2;
    }
}

fn shorten(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// A record drafted from a note, with what the note did not give.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    /// The draft (not necessarily a valid record).
    pub record: Value,
    /// Required fields the note does not give, as JSON Pointers; left for the user to fill.
    pub missing: Vec<String>,
}

/// Drafts a record from a note written in the convention. Lines that fit no part of the
/// convention go to `currentState.unverified`; required fields the note does not give are
/// listed in [`Draft::missing`] and left out, never invented.
#[must_use]
pub fn from_note(note: &str) -> Draft {
    let mut state: Map<String, Value> = ["complete", "inProgress", "blocked", "unverified"]
        .iter()
        .map(|k| ((*k).to_owned(), json!([])))
        .collect();
    let mut decisions = Vec::new();
    let mut steps: Vec<String> = Vec::new();
    let mut verification = None;
    let mut criteria = Vec::new();
    let mut constraints = Vec::new();
    let mut due = None;
    let mut record_id = None;
    let mut part = None;
    // Items already placed, per list (a set: the lists are the schema's unique lists).
    let mut placed: std::collections::HashSet<(String, String)> = std::collections::HashSet::new();
    let mut push = |state: &mut Map<String, Value>, list: &str, text: &str| {
        let text = unescape(text);
        if placed.insert((list.to_owned(), text.clone()))
            && let Some(Value::Array(items)) = state.get_mut(list)
        {
            items.push(Value::String(text));
        }
    };
    for raw in note.lines() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(index) = PARTS.iter().position(|p| line.eq_ignore_ascii_case(p)) {
            part = Some(index);
            continue;
        }
        if let Some(rest) = line.strip_prefix("Record: ") {
            record_id = rest
                .split_whitespace()
                .next()
                .filter(|id| !id.starts_with('('))
                .map(unescape);
            continue;
        }
        if line.starts_with("Dropped to fit ") {
            continue;
        }
        let item = line.strip_prefix("- ").unwrap_or(line);
        let labelled = |label: &str| item.strip_prefix(label).map(str::trim);
        match part {
            Some(0) => {
                if let Some(text) = labelled("done:") {
                    push(&mut state, "complete", text);
                } else if let Some(text) = labelled("in progress:") {
                    push(&mut state, "inProgress", text);
                } else if let Some(text) = labelled("blocked:") {
                    push(&mut state, "blocked", text);
                } else {
                    push(&mut state, "unverified", item);
                }
            }
            Some(1) => match item.rsplit_once(" (because: ") {
                Some((summary, rationale)) => {
                    decisions.push(json!({"summary": unescape(summary), "rationale": unescape(rationale.trim_end_matches(')')), "status": "active"}));
                }
                None => push(&mut state, "unverified", item),
            },
            Some(2) => match labelled("due:") {
                Some(date) if hcr_types::is_rfc3339(date) => due = Some(date.to_owned()),
                _ => steps.push(unescape(item)),
            },
            Some(4) => {
                if let Some(text) = labelled("verify:") {
                    verification = Some(unescape(text));
                } else if let Some(text) = labelled("completion:") {
                    criteria.push(unescape(text));
                } else if let Some((kind, text)) = item
                    .split_once(": ")
                    .and_then(|(k, t)| Some((constraint_kind(k)?, t)))
                {
                    constraints.push(json!({"kind": kind.as_str(), "text": unescape(text)}));
                } else {
                    push(&mut state, "unverified", item);
                }
            }
            _ => push(&mut state, "unverified", item),
        }
    }
    let mut missing = vec!["/objective/summary".to_owned()];
    let mut record = json!({"schemaVersion": "1.0"});
    if let Some(id) = record_id {
        record["recordId"] = json!(id);
    }
    record["objective"] = json!({"acceptanceCriteria": criteria});
    record["currentState"] = Value::Object(state);
    record["decisions"] = json!(decisions);
    record["evidence"] = json!([]);
    record["constraints"] = json!(constraints);
    let mut next_action = Map::new();
    match steps.first() {
        Some(first) => {
            next_action.insert("summary".into(), json!(first));
        }
        None => missing.push("/nextAction/summary".into()),
    }
    match verification {
        Some(v) => {
            next_action.insert("verification".into(), json!(v));
        }
        None => missing.push("/nextAction/verification".into()),
    }
    if let Some(due) = due {
        next_action.insert("dueAt".into(), json!(due));
    }
    record["nextAction"] = Value::Object(next_action);
    missing.push("/ownership/nextActor".into());
    record["ownership"] = json!({});
    record["openReview"] = json!([]);
    if steps.len() > 1 {
        record["extensions"] = json!({"sh.hcr.goal-handover": {"furtherSteps": steps[1..]}});
    }
    Draft { record, missing }
}

/// An item's text as the note's line stands for it (see `line`).
fn unescape(text: &str) -> String {
    hcr_escape::unescape_line(text)
}

fn constraint_kind(label: &str) -> Option<ConstraintKind> {
    ConstraintKind::parse(label.trim())
}
