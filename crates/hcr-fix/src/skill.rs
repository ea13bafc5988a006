//! The unsafe fix of a record written as the publisher's `handover-record` skill describes
//! it: its groups `state`, `artifacts`, `questions` and `next_actions` (and the skill's words
//! inside `provenance`) rewritten as the v1.0 properties, the next action's owner as the next
//! actor, the skill's format version as `schemaVersion`. What has no place in v1.0 goes under
//! `extensions` (`sh.hcr.fix.unmapped`, by its old pointer): nothing is dropped.

use std::collections::BTreeMap;

use hcr_codes::suggest::fold;
use hcr_json::{JsonPointer, member_spans};
use hcr_types::ActorType;
use hcr_validate::{Code, Report};
use serde_json::{Map, Value, json};

use crate::edits::{Edit, indent_of, insert_member, json_at};
use crate::{Applicability, Fix};

/// The extension key that holds what no v1.0 property can.
pub const UNMAPPED: &str = "sh.hcr.fix.unmapped";

/// The skill's groups, with the v1.0 property each becomes.
const GROUPS: &[(&str, &str)] = &[
    ("state", "currentState"),
    ("artifacts", "evidence"),
    ("questions", "openReview"),
    ("next_actions", "nextAction"),
    ("nextActions", "nextAction"),
];

/// Whether `name` is one of the skill's top-level groups.
pub(crate) fn is_skill_name(name: &str) -> bool {
    GROUPS.iter().any(|(skill, _)| *skill == name)
}

/// What the rewrite made of the skill's values.
#[derive(Default)]
struct Mapping {
    /// Values no v1.0 property holds, by their old pointer.
    unmapped: BTreeMap<String, Value>,
    /// The next action's owner, for `ownership.nextActor`.
    owner: Option<Value>,
    /// The skill's format version when it is 1.0, with its pointer, for `schemaVersion`.
    version: Option<(JsonPointer, String)>,
}

impl Mapping {
    fn keep(&mut self, at: &JsonPointer, value: Value) {
        self.unmapped.insert(at.as_str().to_owned(), value);
    }
}

/// The fix, when the record has a skill group the schema reports (HCR102) and no secret (a
/// secret is never moved).
pub(crate) fn propose(text: &str, root: &Value, report: &Report) -> Option<Fix> {
    let object = root.as_object()?;
    if report.has(Code::Hcr204) {
        return None;
    }
    let reported = |name: &str| {
        report
            .diagnostics()
            .iter()
            .any(|d| d.code == Code::Hcr102 && d.pointer == JsonPointer::root().key(name))
    };
    let present: Vec<(&str, &str)> = GROUPS
        .iter()
        .copied()
        .filter(|(skill, _)| object.contains_key(*skill) && reported(skill))
        .collect();
    if present.is_empty() {
        return None;
    }
    let mut pointers: Vec<JsonPointer> = present
        .iter()
        .map(|(skill, _)| JsonPointer::root().key(skill))
        .collect();
    let provenance = JsonPointer::root().key("provenance");
    let extensions = JsonPointer::root().key("extensions");
    pointers.extend([JsonPointer::root(), provenance.clone(), extensions.clone()]);
    let spans = member_spans(text, &pointers.iter().collect::<Vec<_>>());
    let root_span = spans[present.len()].clone()?;

    let mut mapping = Mapping::default();
    let mut edits = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    for ((skill, target), span) in present.iter().zip(&spans) {
        let span = span.clone()?;
        let key = span.key.clone()?;
        let at = JsonPointer::root().key(skill);
        let value = object.get(*skill)?.clone();
        // A target the record already has, or one taken by an earlier group: kept whole.
        if object.contains_key(*target) || taken.contains(target) {
            mapping.keep(&at, value);
            edits.push(Edit::new(
                member_with_separator(text, &key, &span.value),
                "",
            ));
            continue;
        }
        taken.push(target);
        let converted = match *target {
            "currentState" => state(&at, value, &mut mapping),
            "evidence" => evidence(&at, value, &mut mapping),
            "openReview" => questions(&at, value, &mut mapping),
            _ => next_action(&at, value, &mut mapping),
        };
        let indent = indent_of(text, key.start);
        edits.push(Edit::new(
            key.start..span.value.end,
            format!("\"{target}\": {}", json_at(&converted, &indent)),
        ));
    }

    // The skill's words inside `provenance`.
    if let (Some(Value::Object(given)), Some(span)) =
        (object.get("provenance"), spans[present.len() + 1].clone())
        && let Some(rewritten) = provenance_of(given, &provenance, &mut mapping)
    {
        let indent = indent_of(text, span.value.start);
        edits.push(Edit::new(span.value.clone(), json_at(&rewritten, &indent)));
    }

    // New top-level members, inserted together after the last one.
    let mut added: Vec<String> = Vec::new();
    if let Some((at, version)) = mapping.version.take() {
        if object.contains_key("schemaVersion") {
            mapping.keep(&at, json!(version));
        } else {
            added.push("\"schemaVersion\": \"1.0\"".to_owned());
        }
    }
    if !object.contains_key("ownership")
        && let Some(owner) = mapping.owner.take()
    {
        added.push(format!(
            "\"ownership\": {}",
            json_at(&json!({ "nextActor": owner }), "  ")
        ));
    }
    let mut unmapped_pointers = Vec::new();
    if !mapping.unmapped.is_empty() {
        unmapped_pointers = mapping
            .unmapped
            .keys()
            .filter_map(|p| JsonPointer::parse(p))
            .collect();
        let kept = Value::Object(mapping.unmapped.into_iter().collect::<Map<_, _>>());
        match (object.get("extensions"), spans[present.len() + 2].clone()) {
            (Some(Value::Object(existing)), Some(span)) => {
                if existing.contains_key(UNMAPPED) {
                    return None;
                }
                let indent = format!("{}  ", indent_of(text, span.value.start));
                edits.push(insert_member(
                    text,
                    &span.value,
                    &format!("\"{UNMAPPED}\": {}", json_at(&kept, &indent)),
                ));
            }
            (None, _) => added.push(format!(
                "\"extensions\": {}",
                json_at(&json!({ UNMAPPED: kept }), "  ")
            )),
            // `extensions` that is not an object: nowhere to keep the values.
            _ => return None,
        }
    }
    if !added.is_empty() {
        edits.push(insert_member(text, &root_span.value, &added.join(",\n  ")));
    }
    edits.sort_by_key(|e| e.range.start);
    let names: Vec<String> = present
        .iter()
        .map(|(s, t)| format!("`{s}` as `{t}`"))
        .collect();
    Some(Fix {
        code: Code::Hcr102,
        pointer: JsonPointer::root().key(present[0].0),
        applicability: Applicability::Unsafe,
        title: format!(
            "the handover-record skill's groups rewritten as v1.0's: {}{}",
            names.join(", "),
            if unmapped_pointers.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} value(s) with no v1.0 place kept under `extensions.{UNMAPPED}`",
                    unmapped_pointers.len()
                )
            }
        ),
        unmapped: unmapped_pointers,
        edits,
    })
}

/// The range of a member (its key to its value) with one separating comma, to remove it.
fn member_with_separator(
    text: &str,
    key: &std::ops::Range<usize>,
    value: &std::ops::Range<usize>,
) -> std::ops::Range<usize> {
    let whole = key.start..value.end;
    crate::edits::list_item(text, &whole)
}

/// The first string among `names` in `object`, taken out of it.
fn take_text(object: &mut Map<String, Value>, names: &[&str]) -> Option<String> {
    let key = object
        .keys()
        .find(|k| names.iter().any(|n| fold(n) == fold(k)) && object[k.as_str()].is_string())?
        .clone();
    object
        .remove(&key)
        .and_then(|v| v.as_str().map(str::to_owned))
}

/// What is left of `object` (the keys no property took), kept under its pointer.
fn keep_rest(at: &JsonPointer, object: Map<String, Value>, mapping: &mut Mapping) {
    for (key, value) in object {
        mapping.keep(&at.key(&key), value);
    }
}

/// A text list from a skill value: strings kept, an item with a text field taken as its
/// text, anything else kept aside.
fn text_list(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Vec<Value> {
    let items = match value {
        Value::Array(items) => items,
        Value::String(text) => return vec![Value::String(text)],
        other => {
            mapping.keep(at, other);
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        match item {
            Value::String(text) => out.push(Value::String(text)),
            Value::Object(mut fields) => {
                match take_text(&mut fields, &["text", "summary", "description", "item"]) {
                    Some(text) => {
                        out.push(Value::String(text));
                        keep_rest(&at.index(i), fields, mapping);
                    }
                    None => mapping.keep(&at.index(i), Value::Object(fields)),
                }
            }
            other => mapping.keep(&at.index(i), other),
        }
    }
    out
}

/// `state` as `currentState`: its four buckets by the skill's names for them.
fn state(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Value {
    const BUCKETS: &[(&str, &[&str])] = &[
        ("complete", &["complete", "completed", "done", "finished"]),
        (
            "inProgress",
            &["inProgress", "in_progress", "ongoing", "doing", "wip"],
        ),
        ("blocked", &["blocked", "blockers", "blocking"]),
        (
            "unverified",
            &["unverified", "not_verified", "assumptions", "unconfirmed"],
        ),
    ];
    let Value::Object(fields) = value else {
        mapping.keep(at, value);
        return json!({"complete": [], "inProgress": [], "blocked": [], "unverified": []});
    };
    let mut out = Map::new();
    let mut rest = Map::new();
    for (key, value) in fields {
        match BUCKETS
            .iter()
            .find(|(_, names)| names.iter().any(|n| fold(n) == fold(&key)))
        {
            Some((bucket, _)) if !out.contains_key(*bucket) => {
                let list = text_list(&at.key(&key), value, mapping);
                out.insert((*bucket).to_owned(), Value::Array(list));
            }
            _ => {
                rest.insert(key, value);
            }
        }
    }
    keep_rest(at, rest, mapping);
    let mut ordered = Map::new();
    for (bucket, _) in BUCKETS {
        let list = out
            .remove(*bucket)
            .unwrap_or_else(|| Value::Array(Vec::new()));
        ordered.insert((*bucket).to_owned(), list);
    }
    Value::Object(ordered)
}

/// The items of a skill list, or `None` (the value kept aside) when it is not a list.
fn list(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Option<Vec<Value>> {
    match value {
        Value::Array(items) => Some(items),
        other => {
            mapping.keep(at, other);
            None
        }
    }
}

/// `artifacts` as `evidence`: each artifact an evidence item with an id, a label and its
/// reference.
fn evidence(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Value {
    let Some(items) = list(at, value, mapping) else {
        return Value::Array(Vec::new());
    };
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let here = at.index(i);
        let mut evidence = Map::new();
        match item {
            Value::String(reference) => {
                evidence.insert("id".into(), json!(format!("artifact-{}", i + 1)));
                evidence.insert("label".into(), json!(reference));
                let field = if reference.contains("://") {
                    "uri"
                } else {
                    "artifactRef"
                };
                evidence.insert(field.into(), json!(reference));
            }
            Value::Object(mut fields) => {
                let id = take_text(&mut fields, &["id", "name"])
                    .unwrap_or_else(|| format!("artifact-{}", i + 1));
                evidence.insert("id".into(), json!(id));
                let uri = take_text(&mut fields, &["uri", "url", "link", "href"]);
                let reference =
                    take_text(&mut fields, &["artifactRef", "path", "file", "artifact"]);
                let label = take_text(&mut fields, &["label", "title", "description"])
                    .or_else(|| reference.clone())
                    .or_else(|| uri.clone())
                    .unwrap_or_else(|| id.clone());
                evidence.insert("label".into(), json!(label));
                if let Some(claim) = take_text(&mut fields, &["claim", "summary", "note"]) {
                    evidence.insert("claim".into(), json!(claim));
                }
                if let Some(uri) = uri {
                    evidence.insert("uri".into(), json!(uri));
                }
                if let Some(reference) = reference {
                    evidence.insert("artifactRef".into(), json!(reference));
                }
                if let Some(digest) = take_text(&mut fields, &["sha256", "hash", "digest"]) {
                    if digest.len() == 64 && digest.bytes().all(|b| b.is_ascii_hexdigit()) {
                        evidence.insert("sha256".into(), json!(digest));
                    } else {
                        mapping.keep(&here.key("sha256"), json!(digest));
                    }
                }
                if let Some(kind) = take_text(&mut fields, &["contentType", "content_type", "mime"])
                {
                    evidence.insert("contentType".into(), json!(kind));
                }
                keep_rest(&here, fields, mapping);
            }
            other => {
                mapping.keep(&here, other);
                continue;
            }
        }
        out.push(Value::Object(evidence));
    }
    Value::Array(out)
}

/// `questions` as `openReview`: each question an open review item.
fn questions(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Value {
    let Some(items) = list(at, value, mapping) else {
        return Value::Array(Vec::new());
    };
    let mut out = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let here = at.index(i);
        let id = format!("question-{}", i + 1);
        match item {
            Value::String(question) => {
                out.push(json!({"id": id, "summary": question, "status": "open"}));
            }
            Value::Object(mut fields) => {
                let Some(summary) =
                    take_text(&mut fields, &["summary", "question", "text", "title"])
                else {
                    mapping.keep(&here, Value::Object(fields));
                    continue;
                };
                let id = take_text(&mut fields, &["id"]).unwrap_or(id);
                let status = match take_text(&mut fields, &["status"]) {
                    Some(s) if s.eq_ignore_ascii_case("resolved") => {
                        // Resolved needs the revision that resolved it: kept open, the word aside.
                        mapping.keep(&here.key("status"), json!(s));
                        "open"
                    }
                    Some(s) if s.eq_ignore_ascii_case("open") => "open",
                    Some(s) => {
                        mapping.keep(&here.key("status"), json!(s));
                        "open"
                    }
                    None => "open",
                };
                out.push(json!({"id": id, "summary": summary, "status": status}));
                keep_rest(&here, fields, mapping);
            }
            other => mapping.keep(&here, other),
        }
    }
    Value::Array(out)
}

/// `next_actions` as `nextAction`: the first action, with its verification; its owner is the
/// next actor; the later actions are kept aside.
fn next_action(at: &JsonPointer, value: Value, mapping: &mut Mapping) -> Value {
    let (first, first_at) = match value {
        Value::Array(items) => {
            let mut items = items.into_iter().enumerate();
            let Some((_, first)) = items.next() else {
                mapping.keep(at, Value::Array(Vec::new()));
                return json!({});
            };
            for (i, later) in items {
                mapping.keep(&at.index(i), later);
            }
            (first, at.index(0))
        }
        other => (other, at.clone()),
    };
    let mut action = Map::new();
    match first {
        Value::String(summary) => {
            action.insert("summary".into(), json!(summary));
        }
        Value::Object(mut fields) => {
            if let Some(summary) = take_text(
                &mut fields,
                &["summary", "action", "title", "text", "description"],
            ) {
                action.insert("summary".into(), json!(summary));
            }
            if let Some(check) = take_text(
                &mut fields,
                &["verification", "verify", "check", "done_when", "acceptance"],
            ) {
                action.insert("verification".into(), json!(check));
            }
            if let Some(due) = take_text(&mut fields, &["dueAt", "due", "due_at", "deadline"]) {
                action.insert("dueAt".into(), json!(due));
            }
            let owner_key = fields
                .keys()
                .find(|k| {
                    ["owner", "assignee", "assigned_to", "actor"]
                        .iter()
                        .any(|n| fold(n) == fold(k))
                })
                .cloned();
            if let Some(key) = owner_key
                && let Some(owner) = fields.remove(&key)
            {
                match actor(&owner) {
                    Some(actor) => mapping.owner = Some(actor),
                    None => mapping.keep(&first_at.key(&key), owner),
                }
            }
            keep_rest(&first_at, fields, mapping);
        }
        other => mapping.keep(&first_at, other),
    }
    Value::Object(action)
}

/// An actor from the skill's owner: an id whose prefix gives its type, or an object with an
/// id and a type.
fn actor(owner: &Value) -> Option<Value> {
    match owner {
        Value::String(id) => {
            let kind = ActorType::of_id(id)?;
            Some(json!({"id": id, "type": kind.as_str()}))
        }
        Value::Object(fields) => {
            let id = fields.get("id")?.as_str()?;
            let kind = match fields.get("type").and_then(Value::as_str) {
                Some(kind) => kind.to_ascii_lowercase(),
                None => ActorType::of_id(id)?.as_str().to_owned(),
            };
            Some(json!({"id": id, "type": kind}))
        }
        _ => None,
    }
}

/// `provenance` in the skill's words (`actor`, `time`, `format_version`) as v1.0's, when it
/// has any: `None` when it has none.
fn provenance_of(
    given: &Map<String, Value>,
    at: &JsonPointer,
    mapping: &mut Mapping,
) -> Option<Value> {
    const KNOWN: &[&str] = &["createdBy", "createdAt", "sourceRevision"];
    if given.keys().all(|k| KNOWN.contains(&k.as_str())) {
        return None;
    }
    let mut fields = given.clone();
    let mut out = Map::new();
    for known in KNOWN {
        if let Some(value) = fields.remove(*known) {
            out.insert((*known).to_owned(), value);
        }
    }
    if !out.contains_key("createdBy") {
        let key = fields
            .keys()
            .find(|k| {
                ["actor", "producer", "created_by", "author"]
                    .iter()
                    .any(|n| fold(n) == fold(k))
            })
            .cloned();
        if let Some(key) = key
            && let Some(actor) = fields.get(&key).and_then(actor)
        {
            fields.remove(&key);
            out.insert("createdBy".into(), actor);
        }
    }
    if !out.contains_key("createdAt")
        && let Some(time) = take_text(&mut fields, &["time", "created_at", "timestamp", "date"])
    {
        out.insert("createdAt".into(), json!(time));
    }
    let version_key = fields
        .keys()
        .find(|k| {
            ["format_version", "schema_version", "version"]
                .iter()
                .any(|n| fold(n) == fold(k))
        })
        .cloned();
    if let Some(key) = version_key
        && let Some(version) = fields.remove(&key)
    {
        match version.as_str().map(str::trim) {
            // Taken as `schemaVersion` when the record has none.
            Some("1.0" | "1") => {
                let text = version.as_str().unwrap_or_default().to_owned();
                mapping.version = Some((at.key(&key), text));
            }
            _ => mapping.keep(&at.key(&key), version),
        }
    }
    keep_rest(at, fields, mapping);
    Some(Value::Object(out))
}
