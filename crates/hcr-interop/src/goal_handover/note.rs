//! HCR records as handover notes, and notes back as record drafts.
//!
//! The note follows the goal-handover design's content convention, one labelled part per
//! line group:
//!
//! ```text
//! Objective: Fix the nightly export job so it finishes before the business day.
//! State:
//! - blocked: …
//! - in progress: Adding an index.
//! - evidence: slow-query logs/slow-query.txt sha256 f9132559…
//! - done: Found the slow query.
//! Decisions:
//! - Add an index on orders.created_at. (because: the export filters on it)
//! - superseded: Run it at 02:00. (because: less load)
//! Next steps:
//! - Create the index concurrently and rerun the export.
//! - due: 2026-12-10T06:00:00Z
//! - next actor: agent:exporter (agent)
//! Risks / open questions:
//! - open review review:index-name: Name the index after the convention.
//! - unverified: The index fits in the buffer cache.
//! Carried limits:
//! - completion: The export finishes before 06:00 UTC.
//! - safety: Do not lock the orders table during business hours.
//! - verify: The export log shows completion before 06:00 UTC.
//! Record: suite-base revision 2 (HCR v1.0)
//! ```
//!
//! Under the 4,096-byte cap the note keeps, in this order: the objective, the next action and
//! its verification, the acceptance criteria, every constraint, the due date, the next actor,
//! open reviews, blocked and unverified items, in-progress work, decisions, evidence, and the
//! completed items last; a final line counts what was omitted by kind (`+27 completed items,
//! +3 evidence links omitted to fit 4096 bytes.`).

use std::fmt::Write as _;

use hcr_types::{ConstraintKind, DecisionStatus, Record, ReviewStatus};
use serde_json::{Map, Value, json};

use super::MAX_HANDOVER_BYTES;
use crate::draft::Draft;

/// One line of the note: its part, its text, its rank (lower is kept longer) and what kind of
/// item it is, for the line that counts what was omitted.
struct Item {
    part: usize,
    text: String,
    rank: u8,
    what: Kind,
}

/// The kinds of item a note may omit, with their names in the omission line (one, many).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Criterion,
    Constraint,
    NextStep,
    NextActor,
    OpenReview,
    Blocked,
    Unverified,
    InProgress,
    Decision,
    Superseded,
    Evidence,
    Completed,
}

impl Kind {
    fn name(self, n: usize) -> &'static str {
        let (one, many) = match self {
            Self::Criterion => ("acceptance criterion", "acceptance criteria"),
            Self::Constraint => ("constraint", "constraints"),
            Self::NextStep => ("next-step line", "next-step lines"),
            Self::NextActor => ("next actor", "next actors"),
            Self::OpenReview => ("open review", "open reviews"),
            Self::Blocked => ("blocked item", "blocked items"),
            Self::Unverified => ("unverified claim", "unverified claims"),
            Self::InProgress => ("in-progress item", "in-progress items"),
            Self::Decision => ("decision", "decisions"),
            Self::Superseded => ("superseded decision", "superseded decisions"),
            Self::Evidence => ("evidence link", "evidence links"),
            Self::Completed => ("completed item", "completed items"),
        };
        if n == 1 { one } else { many }
    }
}

const PARTS: [&str; 5] = [
    "State:",
    "Decisions:",
    "Next steps:",
    "Risks / open questions:",
    "Carried limits:",
];
const STATE: usize = 0;
const DECISIONS: usize = 1;
const NEXT: usize = 2;
const RISKS: usize = 3;
const LIMITS: usize = 4;

/// Record text as part of one line of the note: a line break or control character in it is
/// escaped, so that no item can start a line (a part, a list entry) of its own, and reading the
/// note back gives the item's own text.
fn line(text: &impl std::fmt::Display) -> String {
    hcr_escape::one_line(&text.to_string())
}

/// Every line the record gives, each with its rank: what a clean-context successor must
/// respect comes first (the criteria, every constraint, the next action and its verification,
/// the next actor, open reviews, blocked and unverified items), then in-progress work,
/// decisions and evidence, and the completed items last.
fn items(record: &Record) -> Vec<Item> {
    let mut items = Vec::new();
    let mut push = |part, text: String, rank, what| {
        items.push(Item {
            part,
            text,
            rank,
            what,
        });
    };
    for text in &record.objective.acceptance_criteria {
        push(
            LIMITS,
            format!("- completion: {}", line(text)),
            1,
            Kind::Criterion,
        );
    }
    for c in &record.constraints {
        push(
            LIMITS,
            format!("- {}: {}", c.kind, line(&c.text)),
            2,
            Kind::Constraint,
        );
    }
    push(
        NEXT,
        format!("- {}", line(&record.next_action.summary)),
        0,
        Kind::NextStep,
    );
    push(
        LIMITS,
        format!("- verify: {}", line(&record.next_action.verification)),
        0,
        Kind::NextStep,
    );
    if let Some(due) = &record.next_action.due_at {
        push(NEXT, format!("- due: {due}"), 3, Kind::NextStep);
    }
    let actor = &record.ownership.next_actor;
    push(
        NEXT,
        format!(
            "- next actor: {} ({})",
            line(&actor.id),
            actor.actor_type.as_str()
        ),
        4,
        Kind::NextActor,
    );
    for r in &record.open_review {
        if r.status == ReviewStatus::Open {
            push(
                RISKS,
                format!("- open review {}: {}", line(&r.id), line(&r.summary)),
                5,
                Kind::OpenReview,
            );
        }
    }
    for text in &record.current_state.blocked {
        push(
            STATE,
            format!("- blocked: {}", line(text)),
            6,
            Kind::Blocked,
        );
    }
    for text in &record.current_state.unverified {
        push(
            RISKS,
            format!("- unverified: {}", line(text)),
            6,
            Kind::Unverified,
        );
    }
    for text in &record.current_state.in_progress {
        push(
            STATE,
            format!("- in progress: {}", line(text)),
            7,
            Kind::InProgress,
        );
    }
    for d in &record.decisions {
        match d.status {
            DecisionStatus::Active => push(
                DECISIONS,
                format!("- {} (because: {})", line(&d.summary), line(&d.rationale)),
                8,
                Kind::Decision,
            ),
            DecisionStatus::Superseded => push(
                DECISIONS,
                format!(
                    "- superseded: {} (because: {})",
                    line(&d.summary),
                    line(&d.rationale)
                ),
                9,
                Kind::Superseded,
            ),
        }
    }
    for e in &record.evidence {
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
        push(
            STATE,
            format!("- evidence: {} {}{digest}", line(&e.id), line(&place)),
            10,
            Kind::Evidence,
        );
    }
    for text in &record.current_state.complete {
        push(
            STATE,
            format!("- done: {}", line(text)),
            11,
            Kind::Completed,
        );
    }
    items
}

fn assemble(record: &Record, items: &[&Item], omitted: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Objective: {}", line(&record.objective.summary));
    for (index, part) in PARTS.iter().enumerate() {
        let mut lines = items.iter().filter(|i| i.part == index).peekable();
        if lines.peek().is_none() {
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
    if !omitted.is_empty() {
        let _ = write!(out, "\n{omitted}");
    }
    out
}

/// The line that says what did not fit, by count and kind, in rank order:
/// `+27 completed items, +3 evidence links omitted to fit 4096 bytes.`
fn omission_line(dropped: &[&Item], shortened: bool) -> String {
    let mut counts: Vec<(Kind, usize)> = Vec::new();
    for item in dropped {
        match counts.iter_mut().find(|(k, _)| *k == item.what) {
            Some((_, n)) => *n += 1,
            None => counts.push((item.what, 1)),
        }
    }
    counts.sort_by_key(|(kind, _)| std::cmp::Reverse(*kind));
    let mut parts: Vec<String> = counts
        .iter()
        .map(|(kind, n)| format!("+{n} {}", kind.name(*n)))
        .collect();
    if shortened {
        parts.push("the end of long lines".to_owned());
    }
    if parts.is_empty() {
        return String::new();
    }
    format!(
        "{} omitted to fit {MAX_HANDOVER_BYTES} bytes.",
        parts.join(", ")
    )
}

/// The record as a handover note of at most 4,096 bytes. When the whole record does not fit,
/// lines are kept in rank order (see `items`): the objective, the criteria and every
/// constraint, the next action with its verification and due date, the next actor, open
/// reviews, blocked and unverified items, then in-progress work, decisions and evidence, and
/// the completed items last. The last line counts what was omitted by kind; as a last resort,
/// long lines are shortened with `…`.
#[must_use]
pub fn to_note(record: &Record) -> String {
    let all = items(record);
    // Positions in `all`, in rank order (record order within a rank).
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by_key(|&i| all[i].rank);
    let whole = assemble(record, &all.iter().collect::<Vec<_>>(), "");
    if whole.len() <= MAX_HANDOVER_BYTES {
        return whole;
    }
    // Keep the longest prefix of the rank order that fits, counting each part's heading once
    // and leaving room for the omission line; then check the assembled note, and give up
    // items from the end while it is still too long.
    let fixed = assemble(record, &[], "").len();
    let mut used = fixed;
    let mut headed = [false; PARTS.len()];
    let mut kept = 0;
    for item in order.iter().map(|&i| &all[i]) {
        let heading = if headed[item.part] {
            0
        } else {
            PARTS[item.part].len() + 1
        };
        let cost = item.text.len() + 1 + heading;
        // Room for the omission line: at most one entry per kind.
        if used + cost + 400 > MAX_HANDOVER_BYTES {
            break;
        }
        used += cost;
        headed[item.part] = true;
        kept += 1;
    }
    loop {
        let mut chosen: Vec<usize> = order[..kept].to_vec();
        // Back in record order, part by part.
        chosen.sort_unstable();
        let chosen: Vec<&Item> = chosen.iter().map(|&i| &all[i]).collect();
        let dropped: Vec<&Item> = order[kept..].iter().map(|&i| &all[i]).collect();
        let note = assemble(record, &chosen, &omission_line(&dropped, false));
        if note.len() <= MAX_HANDOVER_BYTES {
            return note;
        }
        if kept == 0 {
            break;
        }
        kept -= 1;
    }
    // Not even the objective and the next action fit: shorten the long lines.
    let mut width = 400;
    loop {
        let short: Vec<Item> = all
            .iter()
            .filter(|i| i.rank == 0)
            .map(|i| Item {
                part: i.part,
                text: shorten(&i.text, width),
                rank: i.rank,
                what: i.what,
            })
            .collect();
        let refs: Vec<&Item> = short.iter().collect();
        let dropped: Vec<&Item> = all.iter().filter(|i| i.rank != 0).collect();
        let mut shortened = record.clone();
        shortened.objective.summary =
            hcr_types::NonEmptyText::new(shorten(record.objective.summary.as_str(), width))
                .unwrap_or_else(|_| record.objective.summary.clone());
        let note = assemble(&shortened, &refs, &omission_line(&dropped, true));
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

/// The extension key under which a drafted record keeps what of a note has no place in HCR.
pub const GOAL_HANDOVER_EXTENSION: &str = "sh.hcr.goal-handover";

/// The labels a note's parts may start with, the convention's own and the short forms agents
/// write on one line (`State: … Next: …`), with the part each opens.
const LABELS: &[(&str, usize)] = &[
    ("State:", STATE),
    ("Decisions:", DECISIONS),
    ("Next steps:", NEXT),
    ("Next:", NEXT),
    ("Risks / open questions:", RISKS),
    ("Open questions:", RISKS),
    ("Risks:", RISKS),
    ("Carried limits:", LIMITS),
    ("Limits:", LIMITS),
];

/// A line split at the part labels it holds: `State: a. Next: b.` is two segments. A line
/// that starts with no label is one segment without a part.
fn segments(line: &str) -> Vec<(Option<usize>, &str)> {
    let starts_label = |at: usize| {
        LABELS.iter().find_map(|(label, part)| {
            let head = line.get(at..)?.get(..label.len())?;
            head.eq_ignore_ascii_case(label)
                .then_some((label.len(), *part))
        })
    };
    let mut cuts: Vec<(usize, usize, usize)> = Vec::new();
    let mut free = 0;
    for (at, _) in line.char_indices() {
        if at >= free
            && (at == 0 || line[..at].ends_with(' '))
            && let Some((length, part)) = starts_label(at)
        {
            cuts.push((at, length, part));
            free = at + length;
        }
    }
    if cuts.first().is_none_or(|(at, _, _)| *at != 0) {
        // Inline labels count only in a line that starts with one.
        return vec![(None, line)];
    }
    cuts.iter()
        .enumerate()
        .map(|(i, &(at, length, part))| {
            let end = cuts.get(i + 1).map_or(line.len(), |next| next.0);
            (Some(part), line[at + length..end].trim())
        })
        .collect()
}

/// Drafts a record from a note written in the convention (or on one line with its labels).
/// Lines that fit no part of the convention go to `currentState.unverified`; required fields
/// the note does not give are listed in [`Draft::missing`] and left out, never invented.
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn from_note(note: &str) -> Draft {
    let mut state: Map<String, Value> = ["complete", "inProgress", "blocked", "unverified"]
        .iter()
        .map(|k| ((*k).to_owned(), json!([])))
        .collect();
    let mut decisions = Vec::new();
    let mut missing = Vec::new();
    let mut lost = Vec::new();
    let mut steps: Vec<String> = Vec::new();
    let mut verification = None;
    let mut criteria = Vec::new();
    let mut constraints = Vec::new();
    let mut evidence = Vec::new();
    let mut next_actor = None;
    let mut objective = None;
    let mut due = None;
    let mut record_id = None;
    let mut part = None;
    // What the draft keeps under the extension, and the evidence digests' prefixes.
    let mut kept = Map::new();
    let mut prefixes = Map::new();
    // Items already placed, per list (a set: the schema's lists are unique).
    let mut placed: std::collections::HashSet<(String, String)> = std::collections::HashSet::new();
    let mut push = |state: &mut Map<String, Value>, list: &str, text: &str| {
        let text = unescape(text);
        if text.is_empty() {
            return;
        }
        if placed.insert((list.to_owned(), text.clone()))
            && let Some(Value::Array(items)) = state.get_mut(list)
        {
            items.push(Value::String(text));
        }
    };
    for (number, raw) in note.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("Objective: ") {
            objective = Some(unescape(rest));
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
        if line.starts_with("Dropped to fit ")
            || (line.starts_with('+')
                && line.ends_with(&format!("omitted to fit {MAX_HANDOVER_BYTES} bytes.")))
        {
            kept.insert("omitted".into(), json!(line));
            continue;
        }
        for (label, segment) in segments(line) {
            if label.is_some() {
                part = label;
            }
            if segment.is_empty() {
                continue;
            }
            let item = segment.strip_prefix("- ").unwrap_or(segment);
            let labelled = |label: &str| item.strip_prefix(label).map(str::trim);
            match part {
                Some(STATE) => {
                    if let Some(text) = labelled("done:") {
                        push(&mut state, "complete", text);
                    } else if let Some(text) = labelled("in progress:") {
                        push(&mut state, "inProgress", text);
                    } else if let Some(text) = labelled("blocked:") {
                        push(&mut state, "blocked", text);
                    } else if let Some(text) = labelled("evidence:") {
                        let mut words = text.split_whitespace();
                        let (Some(id), Some(place)) = (words.next(), words.next()) else {
                            push(&mut state, "unverified", item);
                            continue;
                        };
                        let at = format!("/evidence/{}", evidence.len());
                        let mut entry = json!({"id": unescape(id)});
                        let place = unescape(place);
                        let key = if place.contains("://") {
                            "uri"
                        } else {
                            "artifactRef"
                        };
                        entry[key] = json!(place);
                        missing.push(format!("{at}/label"));
                        if let (Some("sha256"), Some(prefix)) = (words.next(), words.next()) {
                            // The note keeps only the digest's first characters: not a
                            // digest the record can hold, so they are kept aside.
                            prefixes.insert(unescape(id), json!(prefix));
                        }
                        if let Some(rest) = words.next() {
                            lost.push(format!(
                                "line {}: `{rest}…` after the evidence reference",
                                number + 1
                            ));
                        }
                        evidence.push(entry);
                    } else {
                        push(&mut state, "unverified", item);
                    }
                }
                Some(DECISIONS) => {
                    let (status, text) = match labelled("superseded:") {
                        Some(text) => ("superseded", text),
                        None => ("active", item),
                    };
                    if let Some((summary, rationale)) = text.rsplit_once(" (because: ") {
                        decisions.push(json!({"summary": unescape(summary), "rationale": unescape(rationale.trim_end_matches(')')), "status": status}));
                    } else if status == "superseded" {
                        let at = format!("/decisions/{}/rationale", decisions.len());
                        decisions.push(json!({"summary": unescape(text), "status": status}));
                        missing.push(at);
                    } else {
                        // A plain bullet is a decision whose reason the note does not give.
                        let at = format!("/decisions/{}/rationale", decisions.len());
                        decisions.push(json!({"summary": unescape(item), "status": "active"}));
                        missing.push(at);
                    }
                }
                Some(NEXT) => {
                    if let Some(date) = labelled("due:").filter(|d| hcr_types::is_rfc3339(d)) {
                        due = Some(date.to_owned());
                    } else if let Some(actor) = labelled("next actor:") {
                        let (id, kind) = match actor.rsplit_once(" (") {
                            Some((id, kind)) => (id, kind.trim_end_matches(')')),
                            None => (actor, ""),
                        };
                        next_actor = Some(match hcr_types::ActorType::parse(kind) {
                            Some(kind) => json!({"id": unescape(id), "type": kind.as_str()}),
                            None => json!({"id": unescape(id)}),
                        });
                    } else {
                        steps.push(unescape(item));
                    }
                }
                Some(LIMITS) => {
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
                _ => {
                    if let Some(text) = labelled("unverified:") {
                        push(&mut state, "unverified", text);
                    } else if let Some(rest) = labelled("open review ")
                        .or_else(|| item.strip_prefix("open review "))
                        .and_then(|r| r.split_once(": "))
                    {
                        push(
                            &mut state,
                            "unverified",
                            &format!("open review {}: {}", rest.0, rest.1),
                        );
                    } else {
                        push(&mut state, "unverified", item);
                    }
                }
            }
        }
    }
    let mut objective_value = Map::new();
    match objective {
        Some(summary) => {
            objective_value.insert("summary".into(), json!(summary));
        }
        None => missing.insert(0, "/objective/summary".to_owned()),
    }
    objective_value.insert("acceptanceCriteria".into(), json!(criteria));
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
    let ownership = match next_actor {
        Some(actor) => {
            if actor.get("type").is_none() {
                missing.push("/ownership/nextActor/type".into());
            }
            json!({"nextActor": actor})
        }
        None => {
            missing.push("/ownership/nextActor".into());
            json!({})
        }
    };
    if steps.len() > 1 {
        kept.insert("furtherSteps".into(), json!(steps[1..]));
    }
    if !prefixes.is_empty() {
        kept.insert("evidenceDigestPrefixes".into(), Value::Object(prefixes));
    }
    crate::draft::Parts {
        record_id: record_id.map(|id| json!(id)),
        objective: objective_value.into(),
        current_state: state.into(),
        decisions: json!(decisions),
        evidence: json!(evidence),
        constraints: json!(constraints),
        next_action: next_action.into(),
        ownership,
    }
    .draft(GOAL_HANDOVER_EXTENSION, kept, missing, lost)
}

/// An item's text as the note's line stands for it (see `line`).
fn unescape(text: &str) -> String {
    hcr_escape::unescape_line(text)
}

fn constraint_kind(label: &str) -> Option<ConstraintKind> {
    ConstraintKind::parse(label.trim())
}
