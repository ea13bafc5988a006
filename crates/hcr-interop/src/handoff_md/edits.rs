//! A rendered `HANDOFF.md` stays the source of truth for what it shows: the record it
//! carries supplies what the Markdown cannot show (ids, digests, provenance, review items),
//! and every field whose visible text a person or an agent changed is taken from the
//! Markdown, and named.
//!
//! The comparison is made in one representation: the file's Markdown is mapped
//! ([`super::map`]), and so is the Markdown [`super::render()`] writes for the carried
//! record. Where the two agree, the record stands; where they differ, the file was edited.

use serde_json::{Map, Value, json};

use super::map::Mapped;
use super::parse::Document;
use crate::draft::Draft;

/// The fields a rendering shows, compared one by one.
const SHOWN: [&str; 13] = [
    "/objective/summary",
    "/objective/acceptanceCriteria",
    "/currentState/complete",
    "/currentState/inProgress",
    "/currentState/blocked",
    "/currentState/unverified",
    "/decisions",
    "/evidence",
    "/constraints",
    "/nextAction/summary",
    "/nextAction/verification",
    "/nextAction/dueAt",
    "/ownership/nextActor",
];

/// The record `carried` with the edits `visible` (the file's Markdown, mapped) makes to
/// what a rendering of it shows.
pub(crate) fn apply(carried: Value, visible: Mapped, extension: &str) -> Draft {
    let record = match hcr_types::Record::from_value(&carried) {
        Ok(record) => record,
        Err(_) => {
            // Not a record: there is no rendering to compare with; the carried value is
            // returned for the validator to report, and the Markdown kept beside it.
            let mut draft = Draft {
                record: carried,
                ..Draft::default()
            };
            draft.lost.push(
                "the record section does not hold a valid record, so the Markdown's edits could not be compared with it".to_owned(),
            );
            return draft;
        }
    };
    let rendered = super::render(&record);
    let document = Document::parse(&rendered);
    let skip = document
        .sections
        .iter()
        .rposition(|s| s.is(crate::convert::RECORD_SECTION));
    let expected = super::prompt::read(&document, skip).draft(extension);
    let missing_before = visible.missing.clone();
    let visible = visible.draft(extension);
    let mut out = carried;
    let mut edited = Vec::new();
    for pointer in SHOWN {
        let seen = visible.record.pointer(pointer);
        let shown = expected.record.pointer(pointer);
        if seen == shown {
            continue;
        }
        edited.push(pointer.to_owned());
        let merged = match pointer {
            "/decisions" => merge_list(
                &out,
                &expected.record,
                &visible.record,
                pointer,
                same_decision,
            ),
            "/evidence" => Some(merge_evidence(&out, &expected.record, &visible.record)),
            "/constraints" => {
                merge_list(&out, &expected.record, &visible.record, pointer, |a, b| {
                    a["text"] == b["text"]
                })
            }
            _ => seen.cloned(),
        };
        set(&mut out, pointer, merged);
    }
    // What the Markdown holds beyond the fields: kept under the extension as the file has it.
    let ext_pointer = format!(
        "/extensions/{}",
        extension.replace('~', "~0").replace('/', "~1")
    );
    let seen_ext = visible
        .record
        .pointer(&ext_pointer)
        .and_then(Value::as_object);
    let shown_ext = expected
        .record
        .pointer(&ext_pointer)
        .and_then(Value::as_object);
    let empty = Map::new();
    let (seen_ext, shown_ext) = (seen_ext.unwrap_or(&empty), shown_ext.unwrap_or(&empty));
    let keys: std::collections::BTreeSet<&String> =
        seen_ext.keys().chain(shown_ext.keys()).collect();
    for key in keys {
        if key == "title"
            || seen_ext.get(key).map(without_lines) == shown_ext.get(key).map(without_lines)
        {
            continue;
        }
        edited.push(format!("{ext_pointer}/{key}"));
        let target = &mut out["extensions"][extension];
        if !target.is_object() {
            *target = json!({});
        }
        match seen_ext.get(key) {
            Some(value) => target[key.as_str()] = value.clone(),
            None => {
                if let Some(map) = target.as_object_mut() {
                    map.remove(key.as_str());
                }
            }
        }
    }
    // What an edit left without a value the record needs is reported, never invented.
    let missing = missing_before
        .into_iter()
        .filter(|m| edited.iter().any(|e| m.starts_with(e.as_str())))
        .collect();
    // What the Markdown keeps outside the fields is named when it changed (a section
    // added by hand); a faithful rendering's kept text is the record's own.
    let kept = if edited.iter().any(|e| e.starts_with("/extensions")) {
        visible.kept
    } else {
        Vec::new()
    };
    Draft {
        record: out,
        missing,
        lost: visible.lost,
        kept,
        edited,
    }
}

fn same_decision(a: &Value, b: &Value) -> bool {
    a["summary"] == b["summary"]
}

/// Sets (or, for `None`, removes) the value at `pointer` (whose parent exists).
fn set(target: &mut Value, pointer: &str, value: Option<Value>) {
    let (parent, key) = pointer.rsplit_once('/').unwrap_or(("", pointer));
    let Some(Value::Object(map)) = target.pointer_mut(parent) else {
        return;
    };
    match value {
        Some(value) => {
            map.insert(key.to_owned(), value);
        }
        None => {
            map.remove(key);
        }
    }
}

/// A list edited in the Markdown: each visible item that shows one of the record's items
/// unchanged keeps that item whole (with what the Markdown cannot show); an item matched by
/// `same` takes the visible fields over the record's; the others are new.
fn merge_list(
    record: &Value,
    expected: &Value,
    visible: &Value,
    pointer: &str,
    same: fn(&Value, &Value) -> bool,
) -> Option<Value> {
    let ours = record
        .pointer(pointer)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let shown = expected
        .pointer(pointer)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let seen = visible
        .pointer(pointer)
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let merged = seen
        .into_iter()
        .map(|item| {
            if let Some(at) = shown.iter().position(|s| *s == item)
                && let Some(original) = ours.get(at)
            {
                return original.clone();
            }
            match ours.iter().find(|o| same(o, &item)) {
                Some(original) => {
                    let mut merged = original.clone();
                    if let (Some(m), Some(v)) = (merged.as_object_mut(), item.as_object()) {
                        for (k, value) in v {
                            m.insert(k.clone(), value.clone());
                        }
                    }
                    merged
                }
                None => item,
            }
        })
        .collect();
    Some(Value::Array(merged))
}

/// Evidence edited in the Markdown. A rendering lists each item twice (Evidence, and its
/// place under Relevant artifacts); an item matched by its place keeps its id and digest,
/// with the label and claim the Markdown shows.
fn merge_evidence(record: &Value, expected: &Value, visible: &Value) -> Value {
    let ours = record["evidence"].as_array().cloned().unwrap_or_default();
    let shown = expected["evidence"].as_array().cloned().unwrap_or_default();
    let seen = visible["evidence"].as_array().cloned().unwrap_or_default();
    let place = |v: &Value| {
        v.get("artifactRef")
            .or_else(|| v.get("uri"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    let mut out: Vec<Value> = Vec::new();
    let mut ids: std::collections::HashSet<String> = ours
        .iter()
        .filter_map(|e| e["id"].as_str().map(str::to_owned))
        .collect();
    let mut places_done = std::collections::HashSet::new();
    for item in seen {
        let label = item["label"].as_str().unwrap_or_default().to_owned();
        let at = place(&item);
        // Relevant artifacts: a bare place, already listed.
        if let Some(p) = &at
            && label.trim_matches('`') == p
            && places_done.contains(p)
        {
            continue;
        }
        if let Some(i) = shown.iter().position(|s| *s == item)
            && let Some(original) = ours.get(i)
        {
            if let Some(p) = place(original) {
                places_done.insert(p);
            }
            out.push(original.clone());
            continue;
        }
        let original = at.as_ref().and_then(|p| {
            ours.iter()
                .find(|o| place(o).as_ref() == Some(p) && !out.iter().any(|d| d["id"] == o["id"]))
        });
        match original {
            Some(original) => {
                let mut merged = original.clone();
                let rest = label
                    .strip_prefix(&format!("`{}`", at.clone().unwrap_or_default()))
                    .map_or(label.as_str(), str::trim);
                let claim = original["claim"].as_str().map(str::to_owned);
                match claim
                    .as_deref()
                    .and_then(|c| rest.strip_suffix(&format!(": {c}")))
                {
                    Some(new_label) => merged["label"] = json!(new_label),
                    None => match rest.split_once(": ") {
                        Some((l, c)) if claim.is_some() => {
                            merged["label"] = json!(l);
                            merged["claim"] = json!(c);
                        }
                        _ => {
                            merged["label"] = json!(rest);
                            if let Some(m) = merged.as_object_mut() {
                                m.remove("claim");
                            }
                        }
                    },
                }
                if let Some(p) = &at {
                    places_done.insert(p.clone());
                }
                out.push(merged);
            }
            None => {
                let mut fresh = item.clone();
                let mut n = out.len() + 1;
                while ids.contains(&format!("evidence-{n}")) {
                    n += 1;
                }
                ids.insert(format!("evidence-{n}"));
                fresh["id"] = json!(format!("evidence-{n}"));
                if let Some(p) = &at {
                    places_done.insert(p.clone());
                }
                out.push(fresh);
            }
        }
    }
    Value::Array(out)
}

/// `value` without its `line` members: an edit above a kept line moves it, and that is no
/// edit of the line.
fn without_lines(value: &Value) -> Value {
    match value {
        Value::Array(items) => Value::Array(items.iter().map(without_lines).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(k, _)| *k != "line")
                .map(|(k, v)| (k.clone(), without_lines(v)))
                .collect(),
        ),
        other => other.clone(),
    }
}
