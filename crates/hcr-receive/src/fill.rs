//! `hcr digest --fill`: evidence digests computed from the artifacts and written into the
//! record's text, touching nothing else.
//!
//! Only missing digests are added. A recorded digest that differs from the artifact is
//! reported, never overwritten: overwriting would hide exactly what a receiver must see.

use hcr_json::member_spans;
use hcr_types::JsonPointer;
use hcr_validate::receiver::{Assessment, EvidenceStatus, Recorded};
use serde::Serialize;
use serde_json::Value;

/// What filling found for one evidence item with an `artifactRef`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", rename_all = "kebab-case")]
pub enum Fill {
    /// No `sha256` yet: this one is added.
    Added {
        /// The artifact's digest.
        sha256: String,
    },
    /// The recorded digest matches the artifact.
    Unchanged,
    /// The recorded digest differs from the artifact's: reported, not written.
    Mismatch {
        /// What the record says.
        recorded: String,
        /// What the artifact hashes to.
        actual: String,
    },
    /// The artifact could not be hashed.
    Problem {
        /// Why.
        reason: String,
    },
}

/// One evidence item's outcome.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FillItem {
    /// The evidence item.
    pub pointer: JsonPointer,
    /// Its `id`.
    pub id: String,
    /// Its `artifactRef`.
    pub artifact_ref: String,
    /// What was found.
    #[serde(flatten)]
    pub fill: Fill,
}

/// Why the filled text could not be produced.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FillError {
    /// The record's text does not hold the evidence where its parsed value does.
    #[error("the record's text could not be edited at {0}")]
    NotLocated(JsonPointer),
    /// The edited text does not read back as the expected record (a bug; nothing is written).
    #[error("the edited record does not read back as expected")]
    Verification,
}

/// The outcome for every evidence item of `record` that has an `artifactRef`, derived from
/// the receiver's verdict on it (`assessment`, made with the artifacts folder at hand).
#[must_use]
pub fn plan(record: &Value, assessment: &Assessment) -> Vec<FillItem> {
    let Some(items) = record.get("evidence").and_then(Value::as_array) else {
        return Vec::new();
    };
    assessment
        .evidence
        .iter()
        .filter_map(|check| {
            let item = items.get(check.index)?;
            let artifact_ref = item.get("artifactRef")?.as_str()?;
            let recorded = item
                .get("sha256")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let fill = match &check.status {
                EvidenceStatus::NotDigested(Some(actual)) => Fill::Added {
                    sha256: actual.to_string(),
                },
                EvidenceStatus::Verified(_) => Fill::Unchanged,
                EvidenceStatus::Mismatch(actual) => Fill::Mismatch {
                    recorded: recorded.to_owned(),
                    actual: actual.to_string(),
                },
                EvidenceStatus::NotChecked if check.recorded == Recorded::Malformed => {
                    Fill::Problem {
                        reason: "the recorded sha256 is not a SHA-256 digest".into(),
                    }
                }
                EvidenceStatus::NotDigested(None) | EvidenceStatus::NotChecked => Fill::Problem {
                    reason: "not checked: no artifacts folder".into(),
                },
                failure => Fill::Problem {
                    reason: failure.problem().unwrap_or_default(),
                },
            };
            Some(FillItem {
                pointer: JsonPointer::root().key("evidence").index(check.index),
                id: item
                    .get("id")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .to_owned(),
                artifact_ref: artifact_ref.to_owned(),
                fill,
            })
        })
        .collect()
}

/// `text` with a `"sha256"` member added to each evidence item the plan adds one to, after
/// its last member, in the layout of the object (its indentation when it spans lines, on the
/// same line otherwise). Everything else stays byte for byte.
///
/// # Errors
/// [`FillError`] when the text cannot be edited; nothing should be written then.
pub fn apply(text: &str, record: &Value, items: &[FillItem]) -> Result<String, FillError> {
    let additions: Vec<(&FillItem, &str)> = items
        .iter()
        .filter_map(|item| match &item.fill {
            Fill::Added { sha256 } => Some((item, sha256.as_str())),
            _ => None,
        })
        .collect();
    let mut edits = Vec::new();
    for (item, sha256) in &additions {
        let last_key = item
            .pointer
            .resolve(record)
            .and_then(Value::as_object)
            .and_then(|object| object.keys().next_back())
            .ok_or_else(|| FillError::NotLocated(item.pointer.clone()))?;
        let last = item.pointer.key(last_key);
        let spans = member_spans(text, &[&item.pointer, &last]);
        let (Some(object), Some(member)) = (&spans[0], &spans[1]) else {
            return Err(FillError::NotLocated(item.pointer.clone()));
        };
        let insertion = if text[object.value.clone()].contains('\n') {
            let key = member
                .key
                .clone()
                .ok_or_else(|| FillError::NotLocated(last.clone()))?;
            let line_start = text[..key.start].rfind('\n').map_or(0, |i| i + 1);
            let indent = &text[line_start..key.start];
            format!(",\n{indent}\"sha256\": \"{sha256}\"")
        } else {
            format!(", \"sha256\": \"{sha256}\"")
        };
        edits.push((member.value.end, insertion));
    }
    edits.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    let mut out = text.to_owned();
    for (at, insertion) in edits {
        out.insert_str(at, &insertion);
    }
    // The edited text must read back as the record plus the added digests, nothing else.
    let mut expected = record.clone();
    for (item, sha256) in &additions {
        if let Some(Value::Object(object)) = expected.pointer_mut(item.pointer.as_str()) {
            object.insert("sha256".into(), Value::String((*sha256).to_owned()));
        }
    }
    let reread: Value = serde_json::from_str(&out).map_err(|_| FillError::Verification)?;
    if reread != expected {
        return Err(FillError::Verification);
    }
    Ok(out)
}

/// Validates the record `text` with `validator` (the normative level, or a project's
/// validator at it: its limits and selection) and plans its fill against the artifacts in
/// `store`: the parsed record and the plan. Only a valid record is filled.
///
/// # Errors
/// The report, when the record is not valid.
pub fn plan_text(
    text: &str,
    validator: &hcr_validate::Validator,
    store: hcr_validate::receiver::ArtifactStore,
) -> Result<(Value, Vec<FillItem>), hcr_validate::Report> {
    use hcr_validate::ReceiverContext;
    let context = ReceiverContext::new().artifacts(store);
    // One parse: the checks', and the record the plan reads.
    let (report, planned) = validator.validate_then(text.as_bytes(), |root| {
        let assessment = Assessment::of_tree(root, &context);
        let record = root.to_value();
        let items = plan(&record, &assessment);
        (record, items)
    });
    planned.ok_or(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill_one(text: &str, sha: &str) -> String {
        let record: Value = serde_json::from_str(text).expect("JSON");
        let items = vec![FillItem {
            pointer: JsonPointer::parse("/evidence/0").expect("pointer"),
            id: "e".into(),
            artifact_ref: "a".into(),
            fill: Fill::Added { sha256: sha.into() },
        }];
        apply(text, &record, &items).expect("edits")
    }

    #[test]
    fn keeps_the_layout_of_each_object() {
        let pretty = "{\n  \"evidence\": [\n    {\n      \"id\": \"e\",\n      \"artifactRef\": \"a\"\n    }\n  ]\n}\n";
        assert_eq!(
            fill_one(pretty, "ab"),
            "{\n  \"evidence\": [\n    {\n      \"id\": \"e\",\n      \"artifactRef\": \"a\",\n      \"sha256\": \"ab\"\n    }\n  ]\n}\n"
        );
        let compact = "{\"evidence\": [{\"id\": \"e\", \"artifactRef\": \"a\"}], \"x\": 1}";
        assert_eq!(
            fill_one(compact, "ab"),
            "{\"evidence\": [{\"id\": \"e\", \"artifactRef\": \"a\", \"sha256\": \"ab\"}], \"x\": 1}"
        );
        let tabs = "{\"evidence\":[{\n\t\"artifactRef\": \"a\",\n\t\"id\": \"e\" }]}";
        assert_eq!(
            fill_one(tabs, "ab"),
            "{\"evidence\":[{\n\t\"artifactRef\": \"a\",\n\t\"id\": \"e\",\n\t\"sha256\": \"ab\" }]}"
        );
    }
}
