//! Between HCR records and spec-handoff/v1 artifacts.
//!
//! | HCR | spec-handoff | why |
//! |---|---|---|
//! | `objective.summary` | `title` (first line, shortened to 160 units) and `summary` (500) | the artifact's name and its one-sentence summary |
//! | `recordId` | `keywords` (with `hcr`) | discovery searches keywords |
//! | — | `cwd` | HCR has no capture path: `--cwd`, or the target repository |
//! | `nextAction.summary` | `resume_focus` | the next session's objective |
//! | `evidence[].artifactRef` (repository-relative ones) | `source_refs` (`.` when none) | the references a successor reads |
//! | `provenance`, the record digest, evidence digests | `freshness` | snapshot facts |
//! | `currentState.unverified` | `limitations` | claims nobody checked |
//! | every part | readable sections | people read the body |
//! | the whole record | section `HCR record (hcr/v1)`, a JSON code block | nothing is lost: reading the artifact back gives the equal record |
//!
//! Reading an artifact that has no `HCR record` section drafts a record: `summary` becomes the
//! objective, `resume_focus` the next action, `limitations` unverified claims, `source_refs`
//! evidence, and every field and section is kept under the `dev.spec-first.spec-handoff`
//! extension. What HCR requires and the artifact does not give (acceptance criteria, the
//! verification, the next actor) is reported, never invented.

use std::fmt::Write as _;

use hcr_types::Record;
use serde_json::{Map, Value, json};

use crate::draft::Draft;
use crate::spec_handoff::discover::parse_frontmatter;
use crate::spec_handoff::payload::{is_repository_relative, is_single_line, js_length};
use hcr_types::text::is_js_blank;

/// The heading of the section that carries the whole record.
pub const RECORD_SECTION: &str = "HCR record (hcr/v1)";

/// The extension key that keeps an artifact's fields in a drafted record.
pub const SPEC_HANDOFF_EXTENSION: &str = "dev.spec-first.spec-handoff";

const MAX_BODY: usize = 30_000;

/// `text` cut to at most `units` UTF-16 units, with `…` when cut.
fn fit(text: &str, units: usize) -> String {
    if js_length(text) <= units {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        if used + c.len_utf16() > units - 1 {
            break;
        }
        used += c.len_utf16();
        out.push(c);
    }
    out.push('…');
    out
}

fn one_line(text: &str) -> String {
    text.replace(['\r', '\n', '\0'], " ")
}

/// A spec-handoff payload for `record`, and what could not be carried (listed, never
/// dropped silently).
#[must_use]
pub fn to_payload(record: &Record, cwd: &str) -> (Value, Vec<String>) {
    let mut lost = Vec::new();
    let objective = record.objective.summary.as_str();
    let title = fit(
        &one_line(objective.lines().next().unwrap_or(objective)),
        160,
    );
    let mut keywords = vec!["hcr".to_owned()];
    if let Some(id) = &record.record_id
        && is_single_line(id)
        && js_length(id) <= 80
    {
        keywords.push(id.to_string());
    }
    let mut source_refs: Vec<String> = record
        .evidence
        .iter()
        .filter_map(|e| e.artifact_ref.as_ref().map(ToString::to_string))
        .filter(|r| {
            is_single_line(r)
                && !is_js_blank(r)
                && js_length(r) <= 1000
                && is_repository_relative(r)
        })
        .collect();
    source_refs.dedup();
    source_refs.truncate(50);
    if source_refs.is_empty() {
        source_refs.push(".".into());
    }
    let mut freshness = Vec::new();
    if let Some(p) = &record.provenance {
        let revision = p
            .source_revision
            .as_ref()
            .map_or_else(String::new, |r| format!(" revision {r}"));
        freshness.push(fit(
            &format!(
                "HCR record{revision} written by {} at {}",
                p.created_by.id, p.created_at
            ),
            1000,
        ));
    }
    freshness.push(format!(
        "HCR record digest (RFC 8785, SHA-256) {}",
        record.digest()
    ));
    for e in &record.evidence {
        if let Some(d) = &e.sha256 {
            freshness.push(fit(&format!("evidence {} sha256 {d}", e.id), 1000));
        }
    }
    freshness.truncate(30);
    let mut limitations = vec!["Converted from a Handoff Continuity Record; the section \"HCR record (hcr/v1)\" holds it in full.".to_owned()];
    limitations.extend(
        record
            .current_state
            .unverified
            .iter()
            .map(|u| fit(&format!("Unverified: {u}"), 1000)),
    );
    if limitations.len() > 30 {
        lost.push(format!("{} unverified claims beyond the 30 limitations spec-handoff allows (they stay in the record section)", limitations.len() - 30));
        limitations.truncate(30);
    }
    let mut sections = readable_sections(record);
    let full = serde_json::to_string_pretty(&record.to_value()).unwrap_or_default();
    let body = format!("```json\n{full}\n```");
    if js_length(&body) <= MAX_BODY {
        sections.push(json!({"heading": RECORD_SECTION, "body": body}));
    } else {
        lost.push(format!(
            "the full record ({} characters) does not fit a 30,000-character section: reading the artifact back will not give the same record",
            js_length(&body)
        ));
    }
    let payload = json!({
        "title": if title.trim().is_empty() { "Handoff".to_owned() } else { title },
        "summary": fit(objective, 500),
        "keywords": keywords,
        "cwd": cwd,
        "resume_focus": fit(&record.next_action.summary, 1000),
        "source_refs": source_refs,
        "freshness": freshness,
        "limitations": limitations,
        "sections": sections,
    });
    (payload, lost)
}

fn readable_sections(record: &Record) -> Vec<Value> {
    let list = |items: &mut String, title: &str, texts: &hcr_types::TextList| {
        if !texts.is_empty() {
            let _ = writeln!(items, "{title}:");
            for t in texts {
                let _ = writeln!(items, "- {}", one_line(t));
            }
        }
    };
    let mut sections = Vec::new();
    let mut section = |heading: &str, body: String| {
        if !body.trim().is_empty() {
            sections.push(json!({"heading": heading, "body": fit(&body, MAX_BODY)}));
        }
    };
    let mut objective = format!("{}\n\n", one_line(&record.objective.summary));
    list(
        &mut objective,
        "Acceptance criteria",
        &record.objective.acceptance_criteria,
    );
    section("Objective and current intent", objective);
    let [(complete, complete_items), unfinished @ ..] =
        crate::markdown::state_buckets(&record.current_state);
    let mut done = String::new();
    list(&mut done, complete, complete_items);
    section("Work completed", done);
    let mut open = String::new();
    for (label, items) in unfinished {
        list(&mut open, label, items);
    }
    section("Unfinished work, blockers, and unverified claims", open);
    let mut decisions = String::new();
    for d in &record.decisions {
        let _ = writeln!(
            decisions,
            "- {} ({}): {}",
            one_line(&d.summary),
            d.status,
            one_line(&d.rationale)
        );
    }
    for c in &record.constraints {
        let _ = writeln!(decisions, "- {} constraint: {}", c.kind, one_line(&c.text));
    }
    section(
        "Decisions, constraints, and rejected alternatives",
        decisions,
    );
    let mut references = String::new();
    for e in &record.evidence {
        let mut places: Vec<String> = Vec::new();
        if let Some(artifact) = &e.artifact_ref {
            places.push(format!("`{}`", one_line(artifact)));
        }
        if let Some(uri) = &e.uri {
            places.push(format!("<{uri}>"));
        }
        let _ = writeln!(
            references,
            "- {} ({}): {}",
            one_line(&e.label),
            e.id,
            places.join(", ")
        );
    }
    section("Authoritative references", references);
    let mut next = format!(
        "{}\n\nVerification: {}\n\nNext actor: {} ({})",
        one_line(&record.next_action.summary),
        one_line(&record.next_action.verification),
        record.ownership.next_actor.id,
        record.ownership.next_actor.actor_type
    );
    if let Some(due) = &record.next_action.due_at {
        let _ = write!(next, "\n\nDue: {due}");
    }
    section("Recommended next-session focus", next);
    let mut reviews = String::new();
    for r in &record.open_review {
        let by = crate::markdown::resolved_by(r);
        let _ = writeln!(
            reviews,
            "- {} ({}{by}): {}",
            r.id,
            r.status,
            one_line(&r.summary)
        );
    }
    section("Reviews", reviews);
    sections
}

/// The sections of an artifact's body: (heading, body) pairs.
#[must_use]
pub fn sections(artifact: &str) -> Vec<(String, String)> {
    let body = artifact
        .split_once("\n---\n")
        .map_or(artifact, |(_, rest)| rest);
    let mut sections: Vec<(String, Vec<&str>)> = Vec::new();
    for line in body.split('\n') {
        let line = line.trim_end_matches('\r');
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((heading.to_owned(), Vec::new()));
        } else if let Some((_, lines)) = sections.last_mut() {
            lines.push(line);
        }
    }
    sections
        .into_iter()
        .map(|(h, lines)| (h, lines.join("\n").trim().to_owned()))
        .collect()
}

/// The record a `HCR record (hcr/v1)` section's body carries (a JSON code block), as a draft
/// that lacks and loses nothing.
pub(crate) fn carried_record(body: &str) -> Option<Draft> {
    let json = body
        .trim()
        .trim_start_matches("```json")
        .trim_end_matches("```")
        .trim();
    serde_json::from_str::<Value>(json)
        .ok()
        .map(|record| Draft {
            record,
            ..Draft::default()
        })
}

/// The record an artifact carries, or a draft from its fields (see the module docs).
#[must_use]
pub fn from_artifact(artifact: &str) -> Draft {
    let sections = sections(artifact);
    if let Some(draft) = sections
        .iter()
        .find(|(h, _)| h == RECORD_SECTION)
        .and_then(|(_, body)| carried_record(body))
    {
        return draft;
    }
    let lost = Vec::new();
    let parsed = parse_frontmatter(artifact);
    let fields = parsed.clone().unwrap_or_default();
    let text = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
    let strings = |key: &str| -> Vec<String> {
        fields
            .get(key)
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut missing = vec![
        "/objective/acceptanceCriteria".to_owned(),
        "/nextAction/verification".to_owned(),
        "/ownership/nextActor".to_owned(),
    ];
    let mut objective = json!({"acceptanceCriteria": []});
    match text("summary").or_else(|| text("title")) {
        Some(summary) => objective["summary"] = json!(summary),
        None => missing.insert(0, "/objective/summary".into()),
    }
    let mut next_action = Map::new();
    match text("resume_focus") {
        Some(focus) => {
            next_action.insert("summary".into(), json!(focus));
        }
        None => missing.push("/nextAction/summary".into()),
    }
    let evidence: Vec<Value> = strings("source_refs")
        .iter()
        .enumerate()
        .map(|(i, r)| json!({"id": format!("source-ref-{}", i + 1), "label": r, "artifactRef": r}))
        .collect();
    // Distinct limitations in order (a set, not a scan of the list: a foreign artifact may
    // hold many).
    let mut seen = std::collections::HashSet::new();
    let unverified: Vec<String> = strings("limitations")
        .into_iter()
        .filter(|limitation| seen.insert(limitation.clone()))
        .collect();
    let mut kept = fields.clone();
    // What the fields and sections do not hold is kept as text: front matter that does not
    // parse, and the body before the first `##` section.
    let body = artifact
        .split_once("\n---\n")
        .map_or(artifact, |(_, rest)| rest);
    if parsed.is_none() && artifact.starts_with("---") {
        let (front, _) = artifact.split_once("\n---\n").unwrap_or((artifact, ""));
        kept.insert("frontmatterText".into(), json!(front));
    }
    let preamble = body
        .split('\n')
        .take_while(|line| !line.starts_with("## "))
        .collect::<Vec<_>>()
        .join("\n");
    if !preamble.trim().is_empty() {
        kept.insert("preamble".into(), json!(preamble.trim()));
    }
    kept.insert(
        "sections".into(),
        Value::Array(
            sections
                .iter()
                .map(|(h, b)| json!({"heading": h, "body": b}))
                .collect(),
        ),
    );
    // `kept` always holds the sections, so the extension is always there.
    crate::draft::Parts {
        record_id: None,
        objective,
        current_state: json!({"complete": [], "inProgress": [], "blocked": [], "unverified": unverified}),
        decisions: json!([]),
        evidence: evidence.into(),
        constraints: json!([]),
        next_action: next_action.into(),
        ownership: json!({}),
    }
    .draft(SPEC_HANDOFF_EXTENSION, kept, missing, lost)
}
