//! `HANDOFF.md`, the Markdown handoff the publisher's `handoff` skill tells agents to write
//! (and its Markdown template's variant): read into sections, linted with HCR6xx
//! diagnostics, drafted into records, and rendered from them.
//!
//! | HANDOFF.md (skill / template) | HCR | back |
//! |---|---|---|
//! | `# Handoff` title | — | kept under the `sh.hcr.handoff-md` extension |
//! | Goal / Objective: the first paragraph | `objective.summary` | the same |
//! | Goal / Objective: bullets, or lines after `Acceptance criteria:` | `objective.acceptanceCriteria` | the same |
//! | Current state: `Complete:`, `In progress:`, `Blocked:`, `Unverified:` / `Not verified:` (inline or nested bullets; `none` is no item, and the bucket takes no bullet after it; a bullet with a label of its own is no bucket's) | `currentState` | the same |
//! | Decisions: bullets, `summary (because: rationale)` | `decisions` (active) | a bullet without `(because: …)` is a decision whose rationale is reported missing |
//! | Evidence and Relevant artifacts: bullets with a path or link | `evidence` (`artifactRef` or `uri`, the bullet as `label`) | an item with neither is reported |
//! | Constraints (template): `kind: text` bullets | `constraints` (`other` when the kind is not one of the schema's) | the same |
//! | Next action: the first paragraph or bullet; `Verification:` / `Expected result:` and `Owner:` (inline, or on a line of their own, blank line or not) | `nextAction.summary`, `verification`; `ownership.nextActor.id`, and its `type` when the id's prefix names one (`agent:`, `user:`, `service:`, as `hcr continue --by` reads it) | what is absent is reported, never invented |
//! | Ownership (template): the first line | `ownership.nextActor.id` | the same |
//! | Open risks and questions, checklists, the result, any other section or text | — | kept under the extension, by heading |
//! | section `HCR record (hcr/v1)`: a JSON code block | the whole record | written by [`render()`]: reading it back gives the equal record |

mod lint;
mod parse;
mod render;

pub use lint::lint;
pub use parse::{Bucket, Document, Layout, Section};
pub use render::render;

use serde_json::{Map, Value, json};

use crate::convert::RECORD_SECTION;
use crate::draft::Draft;
use crate::draft::Parts;

/// The extension key under which a drafted record keeps what of a `HANDOFF.md` has no place
/// in HCR.
pub const HANDOFF_MD_EXTENSION: &str = "sh.hcr.handoff-md";

/// Drafts a record from a `HANDOFF.md` (see the module's table). A file that carries its
/// record (the `HCR record (hcr/v1)` section [`render()`] writes) gives that record back.
#[must_use]
#[allow(clippy::too_many_lines)]
pub fn from_handoff_md(text: &str) -> Draft {
    let document = Document::parse(text);
    if let Some(draft) = document
        .section(RECORD_SECTION)
        .and_then(|section| crate::convert::carried_record(&section.text(&document)))
    {
        return draft;
    }
    let mut missing = Vec::new();
    let mut lost = Vec::new();
    let mut kept = Map::new();
    if let Some(title) = document.title() {
        kept.insert("title".into(), json!(title));
    }
    let preamble = document.preamble();
    if !preamble.is_empty() {
        kept.insert("preamble".into(), json!(preamble));
    }
    // The objective and its criteria.
    let mut objective = Map::new();
    let mut criteria = Vec::new();
    match document.goal() {
        Some(goal) => {
            let (summary, items) = goal.paragraph_and_items(&document);
            match summary {
                Some(summary) => {
                    objective.insert("summary".into(), json!(summary));
                }
                None => missing.push("/objective/summary".to_owned()),
            }
            criteria = items;
        }
        None => missing.push("/objective/summary".to_owned()),
    }
    if criteria.is_empty() {
        missing.push("/objective/acceptanceCriteria".to_owned());
    }
    objective.insert(
        "acceptanceCriteria".into(),
        json!(capped(dedup(criteria), "acceptance criteria", &mut lost)),
    );
    // The state.
    let mut state = Map::new();
    let buckets = document
        .section("Current state")
        .map(|s| s.buckets(&document))
        .unwrap_or_default();
    for (key, bucket) in [
        ("complete", parse::Bucket::Complete),
        ("inProgress", parse::Bucket::InProgress),
        ("blocked", parse::Bucket::Blocked),
        ("unverified", parse::Bucket::Unverified),
    ] {
        let items: Vec<String> = buckets
            .iter()
            .filter(|(b, _)| *b == bucket)
            .flat_map(|(_, items)| items.iter().cloned())
            .collect();
        state.insert(key.into(), json!(capped(dedup(items), key, &mut lost)));
    }
    if let Some(section) = document.section("Current state")
        && buckets.is_empty()
    {
        let text = section.text(&document);
        if !text.trim().is_empty() {
            // Unsplit state is a claim nobody checked.
            state.insert("unverified".into(), json!([text.trim()]));
        }
    }
    // Decisions.
    let mut decisions = Vec::new();
    let decision_items = document
        .section("Decisions")
        .map(|s| s.items(&document))
        .unwrap_or_default();
    for item in capped(decision_items, "decisions", &mut lost) {
        match item.rsplit_once(" (because: ") {
            Some((summary, why)) => decisions.push(json!({
                "summary": summary, "rationale": why.trim_end_matches(')'), "status": "active"
            })),
            None => {
                missing.push(format!("/decisions/{}/rationale", decisions.len()));
                decisions.push(json!({"summary": item, "status": "active"}));
            }
        }
    }
    // Evidence, and the artifacts the receiver should inspect.
    let mut evidence = Vec::new();
    let evidence_items: Vec<String> = ["Evidence", "Relevant artifacts"]
        .iter()
        .flat_map(|heading| {
            document
                .section(heading)
                .map(|s| s.items(&document))
                .unwrap_or_default()
        })
        .collect();
    for item in capped(evidence_items, "evidence", &mut lost) {
        let at = evidence.len();
        let mut entry = json!({"id": format!("evidence-{}", at + 1), "label": item});
        match parse::location(&item) {
            Some(place) if place.contains("://") => entry["uri"] = json!(place),
            Some(place) => entry["artifactRef"] = json!(place),
            None => missing.push(format!("/evidence/{at}/artifactRef")),
        }
        evidence.push(entry);
    }
    // Constraints (the template).
    let constraint_items = document
        .section("Constraints")
        .map(|s| s.items(&document))
        .unwrap_or_default();
    let constraints: Vec<Value> = capped(constraint_items, "constraints", &mut lost)
        .into_iter()
        .map(|item| {
            match item
                .split_once(": ")
                .and_then(|(k, t)| Some((hcr_types::ConstraintKind::parse(k.trim())?, t)))
            {
                Some((kind, text)) => json!({"kind": kind.as_str(), "text": text}),
                None => json!({"kind": "other", "text": item}),
            }
        })
        .collect();
    // The next action, its verification, and the next actor.
    let mut next_action = Map::new();
    let mut owner = None;
    if let Some(section) = document.section("Next action") {
        let (summary, items) = section.paragraph_and_labelled(&document, &NEXT_ACTION_LABELS);
        let mut lines: Vec<String> = summary.into_iter().chain(items).collect();
        lines.retain(|line| {
            for label in ["Verification:", "Expected result:", "Verify:"] {
                if let Some(v) = line.strip_prefix(label) {
                    next_action.insert("verification".into(), json!(v.trim()));
                    return false;
                }
            }
            // `Owner: agent:x` on a line of its own names the next actor.
            if let Some(who) = line.strip_prefix("Owner:") {
                let who = who.trim().trim_end_matches('.');
                if !who.is_empty() && owner.is_none() {
                    owner = Some(who.to_owned());
                    return false;
                }
            }
            true
        });
        if let Some(first) = lines.first_mut() {
            if let Some((action, who)) = first.split_once(" Owner: ") {
                owner = Some(who.trim().trim_end_matches('.').to_owned());
                *first = action.trim().to_owned();
            }
            next_action.insert("summary".into(), json!(first));
        }
        if lines.len() > 1 {
            let further = capped(lines.split_off(1), "further steps", &mut lost);
            kept.insert("furtherSteps".into(), json!(further));
        }
    }
    if !next_action.contains_key("summary") {
        missing.push("/nextAction/summary".to_owned());
    }
    if !next_action.contains_key("verification") {
        missing.push("/nextAction/verification".to_owned());
    }
    if let Some(section) = document.section("Ownership") {
        let (first, _) = section.paragraph_and_items(&document);
        owner = owner.or(first);
    }
    let ownership = match owner {
        // The type as `hcr continue --by` reads it from the id's prefix; never guessed.
        Some(id) => match hcr_types::ActorType::of_id(&id) {
            Some(kind) => json!({"nextActor": {"id": id, "type": kind.as_str()}}),
            None => {
                missing.push("/ownership/nextActor/type".to_owned());
                json!({"nextActor": {"id": id}})
            }
        },
        None => {
            missing.push("/ownership/nextActor".to_owned());
            json!({})
        }
    };
    // Lines of the mapped sections that the mapping does not read are kept, by line.
    let mut strays: Vec<usize> = Vec::new();
    for heading in ["Decisions", "Evidence", "Relevant artifacts", "Constraints"] {
        if let Some(section) = document.section(heading) {
            strays.extend(section.non_items(&document));
        }
    }
    if let Some(section) = document.section("Current state")
        && !buckets.is_empty()
    {
        strays.extend(section.buckets_and_strays(&document).1);
    }
    if let Some(section) = document.section("Ownership") {
        let first = section
            .body
            .clone()
            .find(|&i| !document.line(i).text.trim().is_empty());
        strays.extend(
            section
                .body
                .clone()
                .filter(|&i| Some(i) != first && !document.line(i).text.trim().is_empty()),
        );
    }
    strays.sort_unstable();
    let strays = capped(strays, "lines the mapping does not read", &mut lost);
    if !strays.is_empty() {
        let unmapped: Vec<Value> = strays
            .iter()
            .map(|&i| json!({"line": i + 1, "text": document.line(i).text.trim()}))
            .collect();
        kept.insert("unmapped".into(), json!(unmapped));
    }
    // Every other section is kept whole, by heading.
    let mapped = [
        "Goal",
        "Objective",
        "Current state",
        "Decisions",
        "Evidence",
        "Relevant artifacts",
        "Constraints",
        "Next action",
        "Ownership",
    ];
    let others: Vec<&parse::Section> = document
        .sections
        .iter()
        .filter(|s| !mapped.iter().any(|m| s.is(m)))
        .collect();
    let others: Vec<Value> = capped(others, "other sections", &mut lost)
        .into_iter()
        .map(|s| json!({"heading": s.heading, "body": s.text(&document).trim()}))
        .collect();
    if !others.is_empty() {
        kept.insert("sections".into(), json!(others));
    }
    Parts {
        record_id: None,
        objective: objective.into(),
        current_state: state.into(),
        decisions: decisions.into(),
        evidence: evidence.into(),
        constraints: constraints.into(),
        next_action: next_action.into(),
        ownership,
    }
    .draft(HANDOFF_MD_EXTENSION, kept, missing, lost)
}

/// The labels of the Next action section that start a line of their own, even without a
/// blank line before them.
const NEXT_ACTION_LABELS: [&str; 4] = ["Verification:", "Expected result:", "Verify:", "Owner:"];

/// The most items a list of the draft carries: a record's arrays hold at most this many
/// (the validator's default limit), so more would only make a draft no check accepts, at
/// the cost of memory for each.
const MAX_ITEMS: usize = 10_000;

/// `items`, at most [`MAX_ITEMS`] of them; the rest are counted in `lost`.
fn capped<T>(mut items: Vec<T>, what: &str, lost: &mut Vec<String>) -> Vec<T> {
    if items.len() > MAX_ITEMS {
        lost.push(format!(
            "{} more {what}: a list of a record holds at most {MAX_ITEMS} items",
            items.len() - MAX_ITEMS
        ));
        items.truncate(MAX_ITEMS);
    }
    items
}

/// `items` without repeats, first occurrence kept (the schema's lists are unique).
fn dedup(items: Vec<String>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    items
        .into_iter()
        .filter(|i| seen.insert(i.clone()))
        .collect()
}
