//! The conformance cases: the table is data (`cases.json`), read here.
//!
//! Each case says what it probes, the level it tests, the codes hcr must report and
//! (derived from those codes, or stated) the verdict at each level, and how its document is
//! made from the base record below:
//!
//! - `"patch"`: an RFC 6902 JSON Patch applied to the base record;
//! - `"text"`: the base record's pretty text with one substitution (`replace` → `with`), for
//!   what a value cannot express (repeated keys, escapes, invalid JSON);
//! - `"raw"`: the document's text, whole;
//! - `"file"`: a file of the workspace (the protocol's examples);
//! - `"built-in"`: bytes made by [`built_in`], for what is not text or too large to write
//!   out (invalid UTF-8, UTF-16, 10,000-item arrays).

use anyhow::{Context as _, Result, bail};
use serde::Deserialize;
use serde_json::{Value, json};

/// The record most cases edit. Valid at every level in the default receiver context.
pub(crate) fn base() -> Value {
    json!({
        "schemaVersion": "1.0",
        "recordId": "suite-base",
        "objective": {
            "summary": "Fix the nightly export job so it finishes before the business day.",
            "acceptanceCriteria": [
                "The export finishes before 06:00 UTC on three consecutive nights.",
                "The exported row count matches the source table."
            ]
        },
        "currentState": {
            "complete": ["Found the slow query in the export log."],
            "inProgress": ["Adding an index on orders.created_at."],
            "blocked": [],
            "unverified": ["The new index fits in the buffer cache."]
        },
        "decisions": [
            {
                "summary": "Add an index on orders.created_at.",
                "rationale": "The export filters on created_at and scans 40 million rows without one.",
                "status": "active"
            }
        ],
        "evidence": [
            {
                "id": "slow-query",
                "label": "Slow query log",
                "claim": "The export filter scans 40 million rows.",
                "artifactRef": "logs/slow-query.txt",
                "contentType": "text/plain",
                "sha256": SLOW_QUERY_SHA256
            },
            {
                "id": "dashboard",
                "label": "Export duration dashboard",
                "uri": "https://grafana.example.com/d/export?from=now-7d",
                "sha256": "6d3bb5ec1a1f0bbd5fa1b4c3c04c4d9e0f2a1d3c5b7e9f1a3c5e7092b4d6f8a0"
            }
        ],
        "constraints": [
            {"kind": "safety", "text": "Do not lock the orders table during business hours."},
            {"kind": "permission", "text": "Index changes need the DBA's approval."}
        ],
        "nextAction": {
            "summary": "Create the index concurrently and rerun the export.",
            "verification": "The export log shows completion before 06:00 UTC."
        },
        "ownership": {
            "nextActor": {"id": "agent:exporter", "displayName": "Export agent", "type": "agent"},
            "reviewers": [{"id": "user:dba", "displayName": "On-call DBA", "type": "human"}]
        },
        "openReview": [
            {
                "id": "review:index-name",
                "summary": "Name the index after the convention.",
                "status": "open",
                "revision": 2,
                "assignee": {"id": "agent:exporter", "type": "agent"}
            },
            {
                "id": "review:timeout",
                "summary": "Raise the statement timeout for the export role.",
                "status": "resolved",
                "revision": 1,
                "resolvedByRevision": 2
            }
        ],
        "provenance": {
            "createdBy": {"id": "agent:investigator", "type": "agent"},
            "createdAt": "2026-11-20T08:00:00Z",
            "sourceRevision": 2
        },
        "extensions": {"com.example.ticket": "OPS-1234"}
    })
}

/// The SHA-256 of `contexts/default/artifacts/logs/slow-query.txt`.
pub(crate) const SLOW_QUERY_SHA256: &str =
    "f91325597fbd7815e6a9303f8e9e05c1d6228dffd38fa5e9d5008ac0d71fc152";

/// The content of that artifact.
pub(crate) const SLOW_QUERY_LOG: &str = "Seq Scan on orders  (cost=0.00..1893457.00 rows=40211933 width=64)\n  Filter: (created_at >= (now() - interval 1 day))\nexecution time: 5412.88 s\n";

/// The case table.
const TABLE: &str = include_str!("cases.json");

/// How a case's document is made (see the module documentation).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Document {
    /// An RFC 6902 patch of the base record.
    Patch(json_patch::Patch),
    /// A substitution in the base record's pretty text.
    Text {
        /// What to replace (its first occurrence).
        replace: String,
        /// The replacement.
        with: String,
    },
    /// The whole text.
    Raw(String),
    /// A workspace file.
    File(String),
    /// Bytes made by [`built_in`].
    BuiltIn(bool),
}

/// The verdict stated at each level, for cases whose codes do not decide it.
#[derive(Clone, Copy, Debug, Deserialize)]
pub(crate) struct Verdicts {
    pub(crate) schema: bool,
    pub(crate) normative: bool,
    pub(crate) receiver: bool,
}

/// One case of the table.
#[derive(Debug, Deserialize)]

pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) level: String,
    pub(crate) description: String,
    #[serde(flatten)]
    pub(crate) document: Document,
    pub(crate) codes: Vec<String>,
    /// Stated verdicts when not derived from `codes`.
    #[serde(default)]
    pub(crate) verdicts: Option<Verdicts>,
    /// Needs the receiver context (default: when the level is `receiver`).
    #[serde(default)]
    receiver: Option<bool>,
    #[serde(default)]
    pub(crate) tags: Vec<String>,
}

impl Case {
    /// Whether the case runs in the receiver context.
    pub(crate) fn receiver(&self) -> bool {
        self.receiver.unwrap_or(self.level == "receiver")
    }

    /// The document's bytes.
    pub(crate) fn bytes(&self) -> Result<Vec<u8>> {
        Ok(match &self.document {
            Document::Patch(patch) => {
                let mut value = base();
                for operation in &patch.0 {
                    apply(&mut value, operation).with_context(|| {
                        format!("case {}: `{operation}` does not apply", self.id)
                    })?;
                }
                pretty(&value)
            }
            Document::Text { replace, with } => {
                let text = String::from_utf8(pretty(&base()))?;
                if !text.contains(replace.as_str()) {
                    bail!(
                        "case {}: the base record has no `{replace}` to replace",
                        self.id
                    );
                }
                text.replacen(replace.as_str(), with, 1).into_bytes()
            }
            Document::Raw(text) => text.clone().into_bytes(),
            Document::File(path) => {
                let path = crate::workspace_root().join(path);
                std::fs::read(&path).with_context(|| format!("reading {}", path.display()))?
            }
            Document::BuiltIn(_) => built_in(&self.id)
                .with_context(|| format!("case {} is built in, but no document is", self.id))?,
        })
    }
}

/// Applies one RFC 6902 operation. `json_patch` reads the operations; they are applied here
/// because its `remove` moves the last member of an object into the removed one's place,
/// and the suite's documents keep the base record's member order.
fn apply(value: &mut Value, operation: &json_patch::PatchOperation) -> Result<()> {
    use hcr_types::pointer::{parse_index, unescape};
    use json_patch::PatchOperation as Op;
    let path = operation.path().to_string();
    if path.is_empty() {
        match operation {
            Op::Replace(op) => *value = op.value.clone(),
            _ => bail!("only `replace` applies to the whole document"),
        }
        return Ok(());
    }
    let (parent, last) = path.rsplit_once('/').context("a pointer starts with /")?;
    let last = unescape(last);
    let target = value.pointer_mut(parent).context("no such parent")?;
    match (target, operation) {
        (Value::Object(map), Op::Add(op)) => {
            map.insert(last, op.value.clone());
        }
        (Value::Object(map), Op::Replace(op)) => {
            *map.get_mut(&last).context("no such member")? = op.value.clone();
        }
        (Value::Object(map), Op::Remove(_)) => {
            map.shift_remove(&last).context("no such member")?;
        }
        (Value::Array(items), Op::Add(op)) if last == "-" => items.push(op.value.clone()),
        (Value::Array(items), Op::Add(op)) => {
            let index = parse_index(&last).filter(|i| *i <= items.len());
            items.insert(index.context("no such index")?, op.value.clone());
        }
        (Value::Array(items), Op::Replace(op)) => {
            let index = parse_index(&last).context("not an index")?;
            *items.get_mut(index).context("no such index")? = op.value.clone();
        }
        (Value::Array(items), Op::Remove(_)) => {
            let index = parse_index(&last).filter(|i| *i < items.len());
            items.remove(index.context("no such index")?);
        }
        (_, Op::Move(_) | Op::Copy(_) | Op::Test(_)) => {
            bail!("the suite's patches use only add, remove and replace")
        }
        _ => bail!("the parent is not a container"),
    }
    Ok(())
}

/// Every case, in the order of the manifest.
pub(crate) fn all() -> Result<Vec<Case>> {
    serde_json::from_str(TABLE).context("reading conformance-suite/generator/src/cases.json")
}

/// The base record as the suite writes it: pretty, with a final newline.
pub(crate) fn pretty(value: &Value) -> Vec<u8> {
    let mut bytes = serde_json::to_vec_pretty(value).unwrap_or_default();
    bytes.push(b'\n');
    bytes
}

/// The ids of the built-in documents, for the check that each is used.
pub(crate) const BUILT_IN: &[&str] = &[
    "truncated",
    "comment",
    "two-documents",
    "utf8-byte-order-mark",
    "latin1",
    "overlong-utf8",
    "utf16le-with-bom",
    "utf16be-without-bom",
    "nesting-64-deep",
    "nesting-65-deep",
    "array-10000-items",
    "array-10001-items",
    "valid-large-lists",
    "valid-long-text",
    "valid-minified",
    "valid-crlf",
];

/// The documents that are bytes rather than text, or too large to write out.
pub(crate) fn built_in(id: &str) -> Option<Vec<u8>> {
    // The base record as `to_string_pretty` writes it, without the final newline.
    let text = serde_json::to_string_pretty(&base()).unwrap_or_default();
    let minimal = r#"{"schemaVersion": "1.0"}"#;
    let with = |pointer: &str, value: Value| {
        let mut record = base();
        if let Some(slot) = record.pointer_mut(pointer.rsplit_once('/').map_or("", |(p, _)| p))
            && let (Some(map), Some((_, key))) = (slot.as_object_mut(), pointer.rsplit_once('/'))
        {
            map.insert(key.to_owned(), value);
        }
        pretty(&record)
    };
    let nested = |depth: usize| (1..depth).fold(json!([]), |inner, _| json!([inner]));
    let replaced = |from: &str, to: &[u8]| {
        let at = text.find(from).unwrap_or(0);
        let mut bytes = text.as_bytes()[..at].to_vec();
        bytes.extend_from_slice(to);
        bytes.extend_from_slice(&text.as_bytes()[at + from.len()..]);
        bytes
    };
    Some(match id {
        "truncated" => text.as_bytes()[..text.len() / 2].to_vec(),
        "comment" => format!("// handoff\n{text}").into_bytes(),
        "two-documents" => format!("{text}\n{text}").into_bytes(),
        "utf8-byte-order-mark" => [&[0xEF, 0xBB, 0xBF][..], text.as_bytes()].concat(),
        "latin1" => replaced("Fix the", b"Fix th\xE9"),
        "overlong-utf8" => replaced("Fix the", b"Fix \xC0\xAF the"),
        "utf16le-with-bom" => [0xFF, 0xFE]
            .into_iter()
            .chain(minimal.encode_utf16().flat_map(u16::to_le_bytes))
            .collect(),
        "utf16be-without-bom" => minimal.encode_utf16().flat_map(u16::to_be_bytes).collect(),
        "nesting-64-deep" => with("/extensions/com.example.deep", nested(62)),
        "nesting-65-deep" => with("/extensions/com.example.deep", nested(63)),
        "array-10000-items" => with(
            "/extensions/com.example.samples",
            Value::Array(vec![json!(0); 10_000]),
        ),
        "array-10001-items" => with(
            "/extensions/com.example.samples",
            Value::Array(vec![json!(0); 10_001]),
        ),
        "valid-large-lists" => {
            let mut large = base();
            large["evidence"] = Value::Array(
                (0..500)
                    .map(|i| json!({"id": format!("run-{i}"), "label": format!("Export run {i}"), "uri": format!("https://ci.example.com/runs/{i}")}))
                    .collect(),
            );
            large["currentState"]["complete"] = Value::Array(
                (0..2000)
                    .map(|i| json!(format!("Checked partition {i}.")))
                    .collect(),
            );
            pretty(&large)
        }
        "valid-long-text" => {
            let mut long_text = base();
            long_text["currentState"]["unverified"] =
                json!(["The full query plan follows. ".repeat(4000)]);
            pretty(&long_text)
        }
        "valid-minified" => serde_json::to_vec(&base()).unwrap_or_default(),
        "valid-crlf" => serde_json::to_string_pretty(&base())
            .unwrap_or_default()
            .replace('\n', "\r\n")
            .into_bytes(),
        _ => return None,
    })
}
