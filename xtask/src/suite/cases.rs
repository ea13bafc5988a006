//! The conformance cases, written by hand: each with what it probes, the level it tests, the
//! codes hcr must report and (derived from those codes, or stated) the verdict at each level.
//!
//! Most cases are single edits of one realistic base record; parse-level cases are raw bytes.

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

/// How a case's document is made.
pub(crate) enum Body {
    /// The base record with edits: `(pointer, Some(value))` sets (adding to arrays with `-`),
    /// `(pointer, None)` removes.
    Edit(Vec<(&'static str, Option<Value>)>),
    /// A whole value.
    Value(Value),
    /// Raw bytes (not necessarily JSON).
    Raw(Vec<u8>),
    /// The base record serialized, then a text substitution (for what values cannot express:
    /// duplicate keys, escapes).
    Text(&'static str, String),
}

/// One case.
pub(crate) struct Case {
    pub(crate) id: String,
    pub(crate) level: &'static str,
    pub(crate) description: String,
    pub(crate) body: Body,
    pub(crate) codes: Vec<&'static str>,
    /// Stated verdicts (schema, normative, receiver) when not derived from `codes`.
    pub(crate) verdicts: Option<[bool; 3]>,
    /// Needs the receiver context.
    pub(crate) receiver: bool,
    pub(crate) tags: Vec<&'static str>,
}

fn case(
    level: &'static str,
    id: &str,
    description: &str,
    body: Body,
    codes: &[&'static str],
) -> Case {
    Case {
        id: id.to_owned(),
        level,
        description: description.to_owned(),
        body,
        codes: codes.to_vec(),
        verdicts: None,
        receiver: level == "receiver",
        tags: Vec::new(),
    }
}

fn set(pointer: &'static str, value: Value) -> Body {
    Body::Edit(vec![(pointer, Some(value))])
}

fn remove(pointer: &'static str) -> Body {
    Body::Edit(vec![(pointer, None)])
}

fn raw(text: &str) -> Body {
    Body::Raw(text.as_bytes().to_vec())
}

/// `text` with its first `from` replaced by raw bytes.
fn bytes_replace(text: &str, from: &str, to: &[u8]) -> Body {
    let at = text.find(from).unwrap_or(0);
    let mut bytes = text.as_bytes()[..at].to_vec();
    bytes.extend_from_slice(to);
    bytes.extend_from_slice(&text.as_bytes()[at + from.len()..]);
    Body::Raw(bytes)
}

fn nested(depth: usize) -> Value {
    (1..depth).fold(json!([]), |inner, _| json!([inner]))
}

impl Case {
    fn tagged(mut self, tag: &'static str) -> Self {
        self.tags.push(tag);
        self
    }

    fn verdicts(mut self, schema: bool, normative: bool, receiver: bool) -> Self {
        self.verdicts = Some([schema, normative, receiver]);
        self
    }
}

/// Every case, in the order of the manifest.
#[allow(clippy::too_many_lines)]
pub(crate) fn all() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(parse_cases());
    cases.extend(schema_cases());
    cases.extend(format_cases());
    cases.extend(normative_cases());
    cases.extend(receiver_cases());
    cases.extend(valid_cases());
    cases
}

fn parse_cases() -> Vec<Case> {
    let base = serde_json::to_string_pretty(&base()).unwrap_or_default();
    let minimal = r#"{"schemaVersion": "1.0"}"#;
    let mut utf16 = vec![0xFF, 0xFE];
    utf16.extend(minimal.encode_utf16().flat_map(u16::to_le_bytes));
    let utf16be: Vec<u8> = minimal.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let mut bom = vec![0xEF, 0xBB, 0xBF];
    bom.extend(base.as_bytes());
    let text = |from: &'static str, to: &str| Body::Text(from, to.to_owned());
    vec![
        case(
            "parse",
            "empty-file",
            "An empty file is not a JSON document.",
            raw(""),
            &["HCR001"],
        ),
        case(
            "parse",
            "whitespace-only",
            "Whitespace alone is not a JSON document.",
            raw(" \n\t\n"),
            &["HCR001"],
        ),
        case(
            "parse",
            "truncated",
            "A record cut off in the middle.",
            Body::Raw(base.as_bytes()[..base.len() / 2].to_vec()),
            &["HCR001"],
        ),
        case(
            "parse",
            "trailing-comma",
            "A comma after the last member is not JSON.",
            text("\"OPS-1234\"", "\"OPS-1234\","),
            &["HCR001"],
        ),
        case(
            "parse",
            "single-quotes",
            "Strings in single quotes are not JSON.",
            raw("{'schemaVersion': '1.0'}"),
            &["HCR001"],
        ),
        case(
            "parse",
            "comment",
            "Comments are not JSON.",
            Body::Raw(format!("// handoff\n{base}").into_bytes()),
            &["HCR001"],
        ),
        case(
            "parse",
            "two-documents",
            "Two records in one file are not one JSON document.",
            Body::Raw(format!("{base}\n{base}").into_bytes()),
            &["HCR001"],
        ),
        case(
            "parse",
            "nan",
            "NaN is not a JSON number.",
            text("\"sourceRevision\": 2", "\"sourceRevision\": NaN"),
            &["HCR001"],
        ),
        case(
            "parse",
            "leading-zero",
            "Numbers do not start with 0 followed by digits.",
            text("\"sourceRevision\": 2", "\"sourceRevision\": 02"),
            &["HCR001"],
        ),
        case(
            "parse",
            "raw-control-character",
            "A raw tab inside a string is not JSON.",
            text("Fix the nightly", "Fix\tthe nightly"),
            &["HCR001"],
        ),
        case(
            "parse",
            "invalid-escape",
            "\\x is not a JSON escape.",
            text("Fix the nightly", "Fix \\x41 the nightly"),
            &["HCR001"],
        ),
        case(
            "parse",
            "unquoted-key",
            "Object keys are strings.",
            text("\"recordId\"", "recordId"),
            &["HCR001"],
        ),
        case(
            "parse",
            "duplicate-top-level-key",
            "A record with two `objective` members.",
            text(
                "\"currentState\": {",
                "\"objective\": {\"summary\": \"Other work.\", \"acceptanceCriteria\": [\"Done.\"]},\n  \"currentState\": {",
            ),
            &["HCR002"],
        ),
        case(
            "parse",
            "duplicate-nested-key",
            "An evidence item with two `id` members.",
            text(
                "\"label\": \"Slow query log\"",
                "\"id\": \"other\",\n      \"label\": \"Slow query log\"",
            ),
            &["HCR002"],
        ),
        case(
            "parse",
            "duplicate-key-after-unescaping",
            "`\\u0069d` and `id` are the same key.",
            text(
                "\"label\": \"Slow query log\"",
                "\"\\u0069d\": \"slow-query\",\n      \"label\": \"Slow query log\"",
            ),
            &["HCR002"],
        ),
        case(
            "parse",
            "duplicate-key-same-value",
            "A repeated key is refused even when both values agree.",
            text(
                "\"recordId\": \"suite-base\",",
                "\"recordId\": \"suite-base\",\n  \"recordId\": \"suite-base\",",
            ),
            &["HCR002"],
        ),
        case(
            "parse",
            "utf8-byte-order-mark",
            "A UTF-8 byte-order mark before the record.",
            Body::Raw(bom),
            &["HCR004"],
        ),
        case(
            "parse",
            "latin1",
            "A Latin-1 é (byte E9) is not UTF-8.",
            bytes_replace(&base, "Fix the", b"Fix th\xE9"),
            &["HCR004"],
        ),
        case(
            "parse",
            "overlong-utf8",
            "An overlong encoding of `/` (C0 AF) is not UTF-8.",
            bytes_replace(&base, "Fix the", b"Fix \xC0\xAF the"),
            &["HCR004"],
        ),
        case(
            "parse",
            "utf16le-with-bom",
            "UTF-16 text, little-endian with a byte-order mark.",
            Body::Raw(utf16),
            &["HCR004"],
        ),
        case(
            "parse",
            "utf16be-without-bom",
            "UTF-16 text, big-endian without a byte-order mark.",
            Body::Raw(utf16be),
            &["HCR004"],
        ),
        case(
            "parse",
            "lone-high-surrogate",
            "`\\ud83d` alone encodes no character.",
            text("\"OPS-1234\"", "\"OPS-1234 \\ud83d\""),
            &["HCR004"],
        ),
        case(
            "parse",
            "lone-low-surrogate",
            "`\\ude00` alone encodes no character.",
            text("\"OPS-1234\"", "\"OPS-1234 \\ude00\""),
            &["HCR004"],
        ),
        case(
            "parse",
            "reversed-surrogates",
            "A low surrogate before a high one encodes no character.",
            text("\"OPS-1234\"", "\"\\ude00\\ud83d\""),
            &["HCR004"],
        ),
        case(
            "parse",
            "nesting-64-deep",
            "The deepest nesting hcr accepts: 64 levels, the record and `extensions` included.",
            set("/extensions/com.example.deep", nested(62)),
            &[],
        ),
        case(
            "parse",
            "nesting-65-deep",
            "One level deeper than hcr's nesting limit of 64.",
            set("/extensions/com.example.deep", nested(63)),
            &["HCR003"],
        )
        .tagged("implementation-limit"),
        case(
            "parse",
            "array-10000-items",
            "The longest array hcr accepts: 10,000 items.",
            set(
                "/extensions/com.example.samples",
                Value::Array(vec![json!(0); 10_000]),
            ),
            &[],
        ),
        case(
            "parse",
            "array-10001-items",
            "One item over hcr's array limit of 10,000.",
            set(
                "/extensions/com.example.samples",
                Value::Array(vec![json!(0); 10_001]),
            ),
            &["HCR003"],
        )
        .tagged("implementation-limit"),
        case(
            "parse",
            "number-beyond-double",
            "1e400 does not fit a double.",
            text("\"OPS-1234\"", "1e400"),
            &["HCR003"],
        )
        .tagged("implementation-limit"),
    ]
}

fn schema_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for key in [
        "schemaVersion",
        "objective",
        "currentState",
        "decisions",
        "evidence",
        "constraints",
        "nextAction",
        "ownership",
        "openReview",
    ] {
        let pointer: &'static str = Box::leak(format!("/{key}").into_boxed_str());
        cases.push(case(
            "schema",
            &format!("missing-{}", kebab(key)),
            &format!("A record without `{key}`."),
            remove(pointer),
            &["HCR101"],
        ));
    }
    for (pointer, what) in [
        ("/objective/summary", "an objective without `summary`"),
        (
            "/objective/acceptanceCriteria",
            "an objective without `acceptanceCriteria`",
        ),
        ("/currentState/blocked", "a current state without `blocked`"),
        ("/decisions/0/rationale", "a decision without `rationale`"),
        ("/decisions/0/status", "a decision without `status`"),
        ("/evidence/0/label", "evidence without `label`"),
        ("/constraints/0/kind", "a constraint without `kind`"),
        (
            "/nextAction/verification",
            "a next action without `verification`",
        ),
        ("/ownership/nextActor", "ownership without `nextActor`"),
        ("/ownership/nextActor/type", "an actor without `type`"),
        ("/openReview/0/status", "a review item without `status`"),
        ("/provenance/createdAt", "provenance without `createdAt`"),
        ("/provenance/createdBy/id", "an actor without `id`"),
    ] {
        cases.push(case(
            "schema",
            &format!("missing-{}", kebab(pointer)),
            &format!("Required: {what}."),
            remove(pointer),
            &["HCR101"],
        ));
    }
    for (pointer, value, what) in [
        ("/priority", json!("high"), "an unknown top-level property"),
        (
            "/objective/owner",
            json!("ops"),
            "an unknown property in `objective`",
        ),
        (
            "/ownership/nextActor/email",
            json!("x@example.com"),
            "an unknown property in an actor",
        ),
        (
            "/evidence/0/hash",
            json!("abc"),
            "`hash` instead of `sha256`",
        ),
        (
            "/openReview/0/resolved",
            json!(false),
            "an unknown property in a review item",
        ),
        (
            "/provenance/tool",
            json!("exporter 1.2"),
            "an unknown property in `provenance`",
        ),
        (
            "/currentState/done",
            json!([]),
            "`done` instead of `complete`",
        ),
        (
            "/nextAction/dueDate",
            json!("2026-12-01T00:00:00Z"),
            "`dueDate` instead of `dueAt`",
        ),
    ] {
        cases.push(case(
            "schema",
            &format!("unknown-{}", kebab(pointer)),
            &format!("Closed objects: {what}."),
            set(pointer, value),
            &["HCR102"],
        ));
    }
    for (id, pointer, value, what) in [
        ("record-is-array", "", json!([]), "the record is an array"),
        ("record-is-null", "", Value::Null, "the record is null"),
        (
            "objective-string",
            "/objective",
            json!("Fix the export."),
            "`objective` is a string",
        ),
        (
            "decisions-object",
            "/decisions",
            json!({}),
            "`decisions` is an object",
        ),
        (
            "criterion-number",
            "/objective/acceptanceCriteria/0",
            json!(6),
            "an acceptance criterion is a number",
        ),
        (
            "complete-string",
            "/currentState/complete",
            json!("Found it."),
            "`complete` is a string",
        ),
        (
            "evidence-item-array",
            "/evidence/1",
            json!(["dashboard"]),
            "an evidence item is an array",
        ),
        (
            "revision-string",
            "/openReview/0/revision",
            json!("2"),
            "a revision written as a string",
        ),
        (
            "revision-fraction",
            "/openReview/0/revision",
            json!(2.5),
            "a revision with a fraction",
        ),
        (
            "source-revision-boolean",
            "/provenance/sourceRevision",
            json!(true),
            "`sourceRevision` is a boolean",
        ),
        (
            "reviewers-object",
            "/ownership/reviewers",
            json!({"id": "user:dba", "type": "human"}),
            "`reviewers` is an object",
        ),
        (
            "due-at-number",
            "/nextAction/dueAt",
            json!(1_764_547_200),
            "`dueAt` is a number",
        ),
        (
            "extensions-array",
            "/extensions",
            json!([]),
            "`extensions` is an array",
        ),
        (
            "record-id-null",
            "/recordId",
            Value::Null,
            "`recordId` is null",
        ),
        (
            "provenance-null",
            "/provenance",
            Value::Null,
            "`provenance` is null",
        ),
        (
            "sha256-number",
            "/evidence/0/sha256",
            json!(0),
            "`sha256` is a number",
        ),
        (
            "summary-boolean",
            "/nextAction/summary",
            json!(true),
            "`nextAction.summary` is a boolean",
        ),
    ] {
        let pointer: &'static str = Box::leak(pointer.to_owned().into_boxed_str());
        let body = if pointer.is_empty() {
            Body::Value(value)
        } else {
            set(pointer, value)
        };
        cases.push(case(
            "schema",
            &format!("type-{id}"),
            &format!("Wrong type: {what}."),
            body,
            &["HCR103"],
        ));
    }
    for (pointer, what) in [
        ("/objective/summary", "the objective summary"),
        ("/objective/acceptanceCriteria/1", "an acceptance criterion"),
        ("/ownership/nextActor/id", "the next actor's id"),
        ("/evidence/1/id", "an evidence id"),
        ("/recordId", "`recordId`"),
        ("/evidence/0/artifactRef", "an `artifactRef`"),
        ("/evidence/0/contentType", "a `contentType`"),
        ("/ownership/reviewers/0/displayName", "a display name"),
        ("/decisions/0/supersedes", "`supersedes`"),
    ] {
        cases.push(case(
            "schema",
            &format!("empty-{}", kebab(pointer)),
            &format!("Empty text: {what}."),
            set(pointer, json!("")),
            &["HCR104"],
        ));
    }
    for (id, pointer, value) in [
        ("actor-type-bot", "/ownership/nextActor/type", "bot"),
        (
            "actor-type-capitalized",
            "/ownership/nextActor/type",
            "Agent",
        ),
        ("constraint-kind-legal", "/constraints/0/kind", "legal"),
        ("decision-status-draft", "/decisions/0/status", "draft"),
        ("review-status-closed", "/openReview/0/status", "closed"),
        ("review-status-padded", "/openReview/0/status", "open "),
    ] {
        let pointer: &'static str = Box::leak(pointer.to_owned().into_boxed_str());
        cases.push(case(
            "schema",
            &format!("enum-{id}"),
            &format!("`{value}` is not an allowed value at `{pointer}`."),
            set(pointer, json!(value)),
            &["HCR105"],
        ));
    }
    for (id, value) in [
        ("number", json!(1.0)),
        ("one", json!("1")),
        ("semver", json!("1.0.0")),
        ("v-prefix", json!("v1.0")),
        ("padded", json!(" 1.0")),
        ("future", json!("2.0")),
    ] {
        cases.push(case(
            "schema",
            &format!("schema-version-{id}"),
            &format!("`schemaVersion` is {value}, not \"1.0\"."),
            set("/schemaVersion", value),
            &["HCR106"],
        ));
    }
    cases.push(case(
        "schema",
        "evidence-without-reference",
        "Evidence with neither `uri` nor `artifactRef`.",
        set(
            "/evidence/1",
            json!({"id": "dashboard", "label": "Dashboard"}),
        ),
        &["HCR107"],
    ));
    cases.push(case(
        "schema",
        "evidence-claim-only",
        "Evidence with a claim but nowhere to find it.",
        set(
            "/evidence/1",
            json!({"id": "dashboard", "label": "Dashboard", "claim": "Exports got slower."}),
        ),
        &["HCR107"],
    ));
    cases.push(case(
        "schema",
        "evidence-digest-without-reference",
        "Evidence with a digest but no reference.",
        remove("/evidence/0/artifactRef"),
        &["HCR107"],
    ));
    for (id, value) in [
        ("63-digits", "f".repeat(63)),
        ("65-digits", "f".repeat(65)),
        ("non-hex", format!("{}g", "f".repeat(63))),
        ("prefixed", format!("sha256:{}", "f".repeat(64))),
        ("trailing-newline", format!("{}\n", "f".repeat(64))),
        (
            "base64",
            "+RMlWXv7lfzhVqMI+OnvDPbkdfYhX2SoMFyLcN0fwVI=".to_owned(),
        ),
    ] {
        cases.push(case(
            "schema",
            &format!("sha256-{id}"),
            "`sha256` is not 64 hex digits.",
            set("/evidence/0/sha256", json!(value)),
            &["HCR108"],
        ));
    }
    for (id, pointer, list, codes) in [
        (
            "criteria",
            "/objective/acceptanceCriteria",
            json!(["Done.", "Done."]),
            &["HCR109"][..],
        ),
        (
            "complete",
            "/currentState/complete",
            json!(["Found it.", "Found it."]),
            &["HCR109"][..],
        ),
        (
            "unverified",
            "/currentState/unverified",
            json!(["Maybe.", "Maybe.", "Maybe."]),
            &["HCR109"][..],
        ),
        (
            "case-differs",
            "/currentState/complete",
            json!(["Found it.", "found it."]),
            &[][..],
        ),
        (
            "space-differs",
            "/currentState/complete",
            json!(["Found it.", "Found it. "]),
            &[][..],
        ),
    ] {
        let pointer: &'static str = Box::leak(pointer.to_owned().into_boxed_str());
        let description = if codes.is_empty() {
            "List items that differ are distinct."
        } else {
            "A list repeats an item."
        };
        cases.push(case(
            "schema",
            &format!("unique-{id}"),
            description,
            set(pointer, list),
            codes,
        ));
    }
    for (id, pointer, value, codes) in [
        (
            "revision-0",
            "/openReview/0/revision",
            json!(0),
            &["HCR110"][..],
        ),
        (
            "resolved-by-0",
            "/openReview/1/resolvedByRevision",
            json!(0),
            &["HCR110"][..],
        ),
        (
            "source-revision-negative",
            "/provenance/sourceRevision",
            json!(-1),
            &["HCR110"][..],
        ),
        ("revision-1", "/openReview/0/revision", json!(1), &[][..]),
        (
            "revision-3-point-0",
            "/openReview/0/revision",
            json!(3.0),
            &[][..],
        ),
        (
            "revision-3e0",
            "/openReview/0/revision",
            json!(3e0),
            &[][..],
        ),
        (
            "revision-max-safe",
            "/openReview/0/revision",
            json!(9_007_199_254_740_991_u64),
            &[][..],
        ),
    ] {
        let pointer: &'static str = Box::leak(pointer.to_owned().into_boxed_str());
        cases.push(case(
            "schema",
            &format!("integer-{id}"),
            &format!("`{pointer}` is {value}."),
            set(pointer, value),
            codes,
        ));
    }
    cases.push(case(
        "schema",
        "integer-beyond-max-safe",
        "A revision above 2^53 - 1: an integer the schema accepts, that not every JSON reader holds exactly (RFC 8259, section 6).",
        set("/openReview/0/revision", json!(9_007_199_254_740_992_u64)),
        &["HCR114"],
    ));
    for (id, value, codes) in [
        ("200-ascii", "a".repeat(200), &[][..]),
        ("201-ascii", "a".repeat(201), &["HCR111"][..]),
        ("200-accented", "é".repeat(200), &[][..]),
        ("201-accented", "é".repeat(201), &["HCR111"][..]),
        ("200-emoji", "😀".repeat(200), &[][..]),
        ("201-emoji", "😀".repeat(201), &["HCR111"][..]),
    ] {
        cases.push(case(
            "schema",
            &format!("record-id-{id}"),
            "`recordId` length is counted in code points; the limit is 200.",
            set("/recordId", json!(value)),
            codes,
        ));
    }
    cases
}

fn format_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (id, value, valid) in [
        ("uppercase", "2026-12-01T17:00:00Z", true),
        ("lowercase-t-z", "2026-12-01t17:00:00z", true),
        ("fraction", "2026-12-01T17:00:00.123456789Z", true),
        ("offset", "2026-12-01T22:30:00+05:30", true),
        ("negative-offset", "2026-12-01T12:00:00-05:00", true),
        ("leap-second", "2016-12-31T23:59:60Z", true),
        ("leap-second-with-offset", "2016-12-31T18:59:60-05:00", true),
        ("leap-day", "2028-02-29T00:00:00Z", true),
        ("date-only", "2026-12-01", false),
        ("space-separator", "2026-12-01 17:00:00Z", false),
        ("no-offset", "2026-12-01T17:00:00", false),
        ("hour-24", "2026-12-01T24:00:00Z", false),
        ("february-30", "2026-02-30T00:00:00Z", false),
        ("not-a-leap-year", "2027-02-29T00:00:00Z", false),
        ("compact-offset", "2026-12-01T17:00:00+0100", false),
        ("leap-second-at-noon", "2016-12-31T12:00:60Z", false),
        ("empty-fraction", "2026-12-01T17:00:00.Z", false),
        ("words", "tomorrow", false),
    ] {
        let codes: &[&str] = if valid { &[] } else { &["HCR112"] };
        cases.push(case(
            "format",
            &format!("date-time-{id}"),
            &format!("`provenance.createdAt` is `{value}`."),
            set("/provenance/createdAt", json!(value)),
            codes,
        ));
    }
    cases.push(case(
        "format",
        "date-time-due-at",
        "`nextAction.dueAt` is not a date-time.",
        set("/nextAction/dueAt", json!("next Monday")),
        &["HCR112"],
    ));
    for (id, value, valid) in [
        ("empty-with-artifact", "", true),
        ("relative-path", "../logs/export.txt", true),
        ("fragment", "#section-2", true),
        ("urn", "urn:isbn:0451450523", true),
        ("mailto", "mailto:dba@example.com", true),
        ("network-path", "//grafana.example.com/d/export", true),
        ("ipv6", "http://[::1]:3000/d/export", true),
        ("percent-encoded", "https://example.com/a%20b", true),
        ("space", "https://example.com/a b", false),
        ("space-in-host", "https://exa mple.com/", false),
        ("bad-percent", "https://example.com/%zz", false),
        ("backslash", "C:\\logs\\export.txt", false),
        ("non-ascii", "https://example.com/résumé", false),
        ("unclosed-ipv6", "http://[::1/", false),
    ] {
        let codes: &[&str] = if valid { &[] } else { &["HCR113"] };
        let body = if id == "empty-with-artifact" {
            set("/evidence/0/uri", json!(value))
        } else {
            set("/evidence/1/uri", json!(value))
        };
        cases.push(case(
            "format",
            &format!("uri-{id}"),
            &format!("An evidence `uri` of `{value}`."),
            body,
            codes,
        ));
    }
    cases
}

fn normative_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for (id, pointer, value) in [
        ("summary-spaces", "/objective/summary", " "),
        ("criterion-tab", "/objective/acceptanceCriteria/0", "\t"),
        ("complete-nbsp", "/currentState/complete/0", "\u{a0}"),
        (
            "in-progress-ideographic-space",
            "/currentState/inProgress/0",
            "\u{3000}",
        ),
        ("unverified-bom", "/currentState/unverified/0", "\u{feff}"),
        (
            "blocked-line-separator",
            "/currentState/blocked/-",
            "\u{2028}",
        ),
        ("decision-summary-newline", "/decisions/0/summary", "\n"),
        ("rationale-spaces", "/decisions/0/rationale", "   "),
        ("evidence-id-space", "/evidence/0/id", " "),
        ("evidence-label-em-space", "/evidence/1/label", "\u{2003}"),
        ("constraint-text", "/constraints/0/text", " \r\n "),
        ("next-action-summary", "/nextAction/summary", "\u{205f}"),
        ("verification", "/nextAction/verification", "\u{1680}"),
        ("next-actor-id", "/ownership/nextActor/id", " "),
        ("reviewer-id", "/ownership/reviewers/0/id", "\u{202f}"),
        ("assignee-id", "/openReview/0/assignee/id", " "),
        ("review-id", "/openReview/1/id", "\u{b}"),
        ("review-summary", "/openReview/0/summary", "\u{c}"),
    ] {
        cases.push(case(
            "normative",
            &format!("blank-{id}"),
            &format!("`{pointer}` holds only whitespace (JavaScript's trim)."),
            set(Box::leak(pointer.to_owned().into_boxed_str()), json!(value)),
            &["HCR201"],
        ));
    }
    cases.push(case(
        "normative",
        "blank-empty-uri-only-reference",
        "An evidence item whose only reference is an empty `uri`.",
        set("/evidence/1/uri", json!("")),
        &["HCR201"],
    ));
    for (id, pointer, value, what) in [
        (
            "next-line-is-content",
            "/objective/summary",
            "\u{85}",
            "U+0085 is not trimmed by JavaScript",
        ),
        (
            "zero-width-space-is-content",
            "/objective/summary",
            "\u{200b}",
            "U+200B is not whitespace to JavaScript",
        ),
        (
            "blank-artifact-ref-unchecked",
            "/evidence/1/artifactRef",
            " ",
            "the reference validator does not trim `artifactRef`",
        ),
        (
            "blank-display-name-unchecked",
            "/ownership/nextActor/displayName",
            " ",
            "display names are not trimmed",
        ),
        (
            "blank-claim-unchecked",
            "/evidence/0/claim",
            " ",
            "claims are not trimmed",
        ),
    ] {
        cases.push(case(
            "normative",
            id,
            &format!("Not blank: {what}."),
            set(Box::leak(pointer.to_owned().into_boxed_str()), json!(value)),
            &[],
        ));
    }
    cases.push(case(
        "normative",
        "resolved-without-revision",
        "A resolved review item without `resolvedByRevision`.",
        remove("/openReview/1/resolvedByRevision"),
        &["HCR202"],
    ));
    cases.push(case(
        "normative",
        "resolved-without-revision-no-revision",
        "A resolved review item with neither revision.",
        Body::Edit(vec![
            ("/openReview/1/resolvedByRevision", None),
            ("/openReview/1/revision", None),
        ]),
        &["HCR202"],
    ));
    for (id, key, codes) in [
        ("bare-word", "ticket", &["HCR203"][..]),
        ("single-label", "example", &["HCR203"][..]),
        ("leading-dot", ".com.example", &["HCR203"][..]),
        ("reverse-domain", "org.example.ticket", &[][..]),
        (
            "absolute-uri",
            "https://schemas.example.org/hcr/ticket",
            &[][..],
        ),
        ("urn", "urn:example:ticket", &[][..]),
    ] {
        let escaped = key.replace('~', "~0").replace('/', "~1");
        let pointer: &'static str = Box::leak(format!("/extensions/{escaped}").into_boxed_str());
        cases.push(case(
            "normative",
            &format!("extension-{id}"),
            &format!("An extension key `{key}`."),
            set(pointer, json!("OPS-1234")),
            codes,
        ));
    }
    let secrets = [
        (
            "private-key",
            "/evidence/0/claim",
            "Key: -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n-----END RSA PRIVATE KEY-----",
        ),
        (
            "aws-access-key-id",
            "/constraints/1/text",
            "Use AKIA2E0A8F3B244C9986 for the bucket.",
        ),
        (
            "github-token",
            "/nextAction/summary",
            "Push with ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u",
        ),
        (
            "github-fine-grained-token",
            "/currentState/unverified/0",
            "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEF",
        ),
        (
            "gitlab-token",
            "/decisions/0/rationale",
            "Cloned with glpat-x8Rk2LmQ9vT4zN7wP1yS",
        ),
        (
            "slack-token",
            "/ownership/reviewers/0/displayName",
            "xoxb-2048561234-4096123456789-Qx8Rk2LmQ9vT4zN7",
        ),
        (
            "slack-webhook",
            "/evidence/1/uri",
            "https://hooks.slack.com/services/T024BE7LD/B01ABC2DEF3/Qx8Rk2LmQ9vT4zN7wP1yS3",
        ),
        (
            "stripe-key",
            "/extensions/com.example.ticket",
            "sk_live_51HqLyjWDarjtT1zdp7dcXYZ",
        ),
        (
            "openai-key",
            "/currentState/complete/0",
            "Tested with sk-proj-Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB6n",
        ),
        (
            "anthropic-key",
            "/currentState/inProgress/0",
            "sk-ant-api03-Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB6n",
        ),
        (
            "google-api-key",
            "/objective/acceptanceCriteria/0",
            "Maps key AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY works.",
        ),
        (
            "npm-token",
            "/nextAction/verification",
            "npm whoami with npm_Qx8Rk2LmQ9vT4zN7wP1yS3dF5hJ0cG8aE2uB",
        ),
        (
            "jwt",
            "/openReview/0/summary",
            "Session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        ),
        (
            "uri-credentials",
            "/evidence/1/uri",
            "https://deploy:s3cr3t-Pa55@ci.example.com/runs/1",
        ),
        (
            "password-assignment",
            "/constraints/0/text",
            "Connect with password=T7x!q9Lm2#vR4zK8",
        ),
        (
            "token-in-json",
            "/currentState/unverified/0",
            "{\"api_key\": \"Qx8Rk2LmQ9vT4zN7wP1y\"}",
        ),
        (
            "bearer-header",
            "/evidence/0/claim",
            "Authorization: Bearer Qx8Rk2LmQ9vT4zN7wP1yS3dF",
        ),
        (
            "cookie-header",
            "/evidence/0/claim",
            "Cookie: theme=dark; sessionid=8f14e45fceea167a5a36dedd4bea2543",
        ),
        (
            "set-cookie-header",
            "/evidence/0/claim",
            "Set-Cookie: sid=Zx9Qw8Er7Ty6Ui5O; Path=/; HttpOnly",
        ),
    ];
    for (id, pointer, value) in secrets {
        cases.push(case(
            "normative",
            &format!("secret-{id}"),
            &format!(
                "A secret at `{pointer}` (rule `{}`).",
                id.trim_end_matches("-header")
            ),
            set(Box::leak(pointer.to_owned().into_boxed_str()), json!(value)),
            &["HCR204"],
        ));
    }
    cases.push(case(
        "normative",
        "secret-in-extension-key",
        "A token used as an extension key.",
        set(
            "/extensions/com.example.ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u",
            json!(1),
        ),
        &["HCR204"],
    ));
    cases.push(case(
        "normative",
        "secret-escaped",
        "A token written with a `\\u` escape is still a token.",
        Body::Text(
            "\"OPS-1234\"",
            "\"\\u0067hp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u\"".to_owned(),
        ),
        &["HCR204"],
    ));
    cases.push(case("normative", "secret-in-overwritten-value", "A token in a value that a repeated key overwrote.", Body::Text("\"recordId\": \"suite-base\",", "\"recordId\": \"ghp_R8x2Lk9QvT4mZ7wN1pY6sB3dF5hJ0cG8aE2u\",\n  \"recordId\": \"suite-base\",".to_owned()), &["HCR002", "HCR204"]));
    for (id, value) in [
        ("named-secret", "Deploy with the secret named DEPLOY_TOKEN."),
        ("actions-expression", "token: ${{ secrets.DEPLOY_TOKEN }}"),
        ("masked", "password: ********"),
        (
            "documentation-key",
            "AKIAIOSFODNN7EXAMPLE is the key AWS documents.",
        ),
        (
            "publishable-key",
            "pk_live_51HqLyjWDarjtT1zdp7dcXYZ is publishable.",
        ),
        ("scikit-learn", "pip install scikit-learn"),
    ] {
        cases.push(case(
            "normative",
            &format!("not-a-secret-{id}"),
            &format!("Not a secret: `{value}`."),
            set("/constraints/1/text", json!(value)),
            &[],
        ));
    }
    cases.push(case(
        "normative",
        "duplicate-evidence-id",
        "Two evidence items share an id.",
        set("/evidence/1/id", json!("slow-query")),
        &["HCR205"],
    ));
    cases.push(case(
        "normative",
        "duplicate-evidence-id-three",
        "Three evidence items share an id.",
        Body::Edit(vec![
            ("/evidence/1/id", Some(json!("slow-query"))),
            (
                "/evidence/-",
                Some(json!({"id": "slow-query", "label": "Copy", "uri": "#copy"})),
            ),
        ]),
        &["HCR205"],
    ));
    cases.push(case(
        "normative",
        "evidence-ids-differ-in-case",
        "Evidence ids that differ in case are distinct.",
        set("/evidence/1/id", json!("Slow-Query")),
        &[],
    ));
    cases.push(case(
        "normative",
        "duplicate-review-id",
        "Two review items share an id.",
        set("/openReview/1/id", json!("review:index-name")),
        &["HCR206"],
    ));
    cases.push(case(
        "normative",
        "resolved-before-raised",
        "`resolvedByRevision` 1 is earlier than `revision` 2.",
        Body::Edit(vec![
            ("/openReview/1/revision", Some(json!(2))),
            ("/openReview/1/resolvedByRevision", Some(json!(1))),
        ]),
        &["HCR207"],
    ));
    cases.push(case(
        "normative",
        "resolved-in-same-revision",
        "A review resolved by the revision it was raised against.",
        Body::Edit(vec![
            ("/openReview/1/revision", Some(json!(2))),
            ("/openReview/1/resolvedByRevision", Some(json!(2))),
        ]),
        &[],
    ));
    cases.push(case(
        "normative",
        "supersedes-unknown",
        "`supersedes` names no decision of the record.",
        set(
            "/decisions/0/supersedes",
            json!("Rewrite the export in Go."),
        ),
        &["HCR208"],
    ));
    cases.push(case(
        "normative",
        "supersedes-itself",
        "A decision cannot supersede itself.",
        set(
            "/decisions/0/supersedes",
            json!("Add an index on orders.created_at."),
        ),
        &["HCR208"],
    ));
    cases.push(case("normative", "supersedes-known", "`supersedes` names a superseded decision of the record.", Body::Edit(vec![("/decisions/0/supersedes", Some(json!("Run the export at 02:00."))), ("/decisions/-", Some(json!({"summary": "Run the export at 02:00.", "rationale": "Less load.", "status": "superseded"})))]), &[]));
    cases.push(case(
        "normative",
        "open-review-with-resolution",
        "An open review item with `resolvedByRevision`.",
        set("/openReview/0/resolvedByRevision", json!(3)),
        &["HCR209"],
    ));
    cases.push(case(
        "normative",
        "no-acceptance-criteria",
        "An objective without acceptance criteria.",
        set("/objective/acceptanceCriteria", json!([])),
        &["HCR210"],
    ));
    cases.push(case(
        "normative",
        "several-problems",
        "Three normative problems in one record, reported in document order.",
        Body::Edit(vec![
            ("/objective/summary", Some(json!(" "))),
            ("/evidence/1/id", Some(json!("slow-query"))),
            ("/openReview/1/resolvedByRevision", None),
        ]),
        &["HCR201", "HCR205", "HCR202"],
    ));
    cases
}

fn receiver_cases() -> Vec<Case> {
    vec![
        case(
            "receiver",
            "digest-matches",
            "The artifact's digest matches `sha256`.",
            Body::Edit(vec![]),
            &[],
        ),
        case(
            "receiver",
            "digest-matches-uppercase",
            "Digests compare without regard to case.",
            set(
                "/evidence/0/sha256",
                json!(SLOW_QUERY_SHA256.to_uppercase()),
            ),
            &[],
        ),
        case(
            "receiver",
            "digest-mismatch",
            "The artifact's digest differs from `sha256`.",
            set("/evidence/0/sha256", json!("0".repeat(64))),
            &["HCR301"],
        ),
        case(
            "receiver",
            "artifact-missing-with-digest",
            "A digested artifact that is not in the folder.",
            set("/evidence/0/artifactRef", json!("logs/missing.txt")),
            &["HCR302"],
        ),
        case(
            "receiver",
            "artifact-missing-without-digest",
            "An undigested artifact that is not in the folder: a warning.",
            Body::Edit(vec![
                ("/evidence/0/artifactRef", Some(json!("logs/missing.txt"))),
                ("/evidence/0/sha256", None),
            ]),
            &["HCR302"],
        )
        .verdicts(true, true, true),
        case(
            "receiver",
            "artifact-parent-segment",
            "`..` leaves the artifacts folder.",
            set(
                "/evidence/0/artifactRef",
                json!("../revisions/suite-base.r1.json"),
            ),
            &["HCR303"],
        ),
        case(
            "receiver",
            "artifact-absolute",
            "An absolute path.",
            set("/evidence/0/artifactRef", json!("/etc/passwd")),
            &["HCR303"],
        ),
        case(
            "receiver",
            "artifact-drive-letter",
            "A Windows drive letter.",
            set("/evidence/0/artifactRef", json!("C:/logs/slow-query.txt")),
            &["HCR303"],
        ),
        case(
            "receiver",
            "artifact-unc",
            "A UNC path.",
            set(
                "/evidence/0/artifactRef",
                json!("\\\\fileserver\\logs\\slow-query.txt"),
            ),
            &["HCR303"],
        ),
        case(
            "receiver",
            "artifact-backslash",
            "A backslash separator.",
            set("/evidence/0/artifactRef", json!("logs\\slow-query.txt")),
            &["HCR303"],
        ),
        case(
            "receiver",
            "artifact-symlink-outside",
            "A symlink in the folder that leads outside it.",
            set("/evidence/0/artifactRef", json!("escape.txt")),
            &["HCR303"],
        )
        .tagged("symlink"),
        case(
            "receiver",
            "artifact-folder",
            "A folder is not an artifact.",
            set("/evidence/0/artifactRef", json!("logs")),
            &["HCR303"],
        ),
        case(
            "receiver",
            "revision-available",
            "The linked revision is in the revisions folder.",
            set("/openReview/1/resolvedByRevision", json!(1)),
            &[],
        ),
        case(
            "receiver",
            "revision-own",
            "A review resolved by the record's own revision.",
            Body::Edit(vec![]),
            &[],
        ),
        case(
            "receiver",
            "revision-unavailable",
            "The linked revision is not in the revisions folder.",
            Body::Edit(vec![
                ("/openReview/1/resolvedByRevision", Some(json!(3))),
                ("/provenance/sourceRevision", Some(json!(4))),
            ]),
            &["HCR304"],
        ),
        case(
            "receiver",
            "record-without-id",
            "Without `recordId` the links cannot be looked up.",
            remove("/recordId"),
            &["HCR308"],
        ),
        case(
            "receiver",
            "due-passed",
            "`dueAt` is before the receiver's clock.",
            set("/nextAction/dueAt", json!("2026-11-30T23:59:59Z")),
            &["HCR305"],
        ),
        case(
            "receiver",
            "due-now",
            "`dueAt` equal to the receiver's clock has not passed.",
            set("/nextAction/dueAt", json!("2026-12-01T01:00:00+01:00")),
            &[],
        ),
        case(
            "receiver",
            "due-later",
            "`dueAt` after the receiver's clock.",
            set("/nextAction/dueAt", json!("2026-12-08T09:00:00Z")),
            &[],
        ),
        case(
            "receiver",
            "not-the-next-actor",
            "The record hands the work to someone else.",
            set("/ownership/nextActor/id", json!("agent:someone-else")),
            &["HCR306"],
        ),
        case(
            "receiver",
            "evidence-not-digested",
            "Evidence without a digest cannot be checked (information).",
            remove("/evidence/0/sha256"),
            &["HCR307"],
        ),
    ]
}

fn valid_cases() -> Vec<Case> {
    let mut unicode = base();
    for (pointer, text) in [
        (
            "/objective/summary",
            "修复夜间导出任务 — réparer l'export nocturne 🌙",
        ),
        (
            "/objective/acceptanceCriteria/0",
            "Экспорт завершается до 06:00 UTC.",
        ),
        ("/currentState/complete/0", "تم العثور على الاستعلام البطيء"),
        ("/currentState/unverified/0", "ה-index נכנס לזיכרון"),
        (
            "/decisions/0/summary",
            "Índice en orders.created_at (ñ, ü, ç)",
        ),
        ("/decisions/0/rationale", "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̜ combining marks are text."),
        ("/evidence/0/label", "スロークエリログ"),
        (
            "/constraints/0/text",
            "영업 시간에는 테이블을 잠그지 마십시오.",
        ),
        ("/nextAction/summary", "Δημιουργία ευρετηρίου"),
        ("/nextAction/verification", "✅ Export log ≤ 06:00 UTC"),
        ("/ownership/nextActor/displayName", "Агент экспорта"),
        ("/openReview/0/summary", "🔍 Index naming"),
    ] {
        if let Some(slot) = unicode.pointer_mut(pointer) {
            *slot = json!(text);
        }
    }
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
    let mut long_text = base();
    long_text["currentState"]["unverified"] = json!(["The full query plan follows. ".repeat(4000)]);
    let mut optional_free = base();
    for key in ["recordId", "provenance", "extensions"] {
        if let Some(map) = optional_free.as_object_mut() {
            map.shift_remove(key);
        }
    }
    optional_free["ownership"] = json!({"nextActor": {"id": "user:ana", "type": "human"}});
    optional_free["openReview"] = json!([]);
    let mut all_optional = base();
    all_optional["nextAction"]["dueAt"] = json!("2026-12-10T06:00:00Z");
    if let Some(decisions) = all_optional["decisions"].as_array_mut() {
        decisions.push(json!({"summary": "Run the export at 02:00.", "rationale": "Less load at night.", "status": "superseded"}));
    }
    all_optional["decisions"][0]["supersedes"] = json!("Run the export at 02:00.");
    all_optional["openReview"][0]["artifactRef"] = json!("logs/slow-query.txt");
    let mut cases = vec![
        case(
            "schema",
            "valid-base",
            "The base record of the suite.",
            Body::Value(base()),
            &[],
        ),
        case(
            "schema",
            "valid-unicode-everywhere",
            "Unicode in every text field.",
            Body::Value(unicode),
            &[],
        ),
        case(
            "schema",
            "valid-large-lists",
            "500 evidence items and 2,000 complete items.",
            Body::Value(large),
            &[],
        ),
        case(
            "schema",
            "valid-long-text",
            "A 116,000-character unverified claim.",
            Body::Value(long_text),
            &[],
        ),
        case(
            "schema",
            "valid-required-only",
            "Only the required properties.",
            Body::Value(optional_free),
            &[],
        ),
        case(
            "schema",
            "valid-every-optional-property",
            "Every optional property present.",
            Body::Value(all_optional),
            &[],
        ),
        case(
            "schema",
            "valid-empty-lists",
            "Every list empty but the acceptance criteria.",
            Body::Edit(vec![
                (
                    "/currentState",
                    Some(
                        json!({"complete": [], "inProgress": [], "blocked": [], "unverified": []}),
                    ),
                ),
                ("/decisions", Some(json!([]))),
                ("/evidence", Some(json!([]))),
                ("/constraints", Some(json!([]))),
                ("/openReview", Some(json!([]))),
                ("/ownership/reviewers", Some(json!([]))),
                ("/extensions", Some(json!({}))),
            ]),
            &[],
        ),
        case(
            "schema",
            "valid-minified",
            "The base record on one line.",
            Body::Raw(serde_json::to_vec(&base()).unwrap_or_default()),
            &[],
        ),
        case(
            "schema",
            "valid-crlf",
            "The base record with CRLF line endings.",
            Body::Raw(
                serde_json::to_string_pretty(&base())
                    .unwrap_or_default()
                    .replace('\n', "\r\n")
                    .into_bytes(),
            ),
            &[],
        ),
    ];
    for example in [
        "bug-fix",
        "research",
        "blocked-deployment",
        "human-to-agent",
        "extensions-and-digests",
        "minimal",
    ] {
        let path = crate::workspace_root().join(format!("protocol/v1/examples/{example}.json"));
        let bytes = std::fs::read(&path).unwrap_or_default();
        cases.push(case(
            "schema",
            &format!("valid-example-{example}"),
            &format!("The protocol example `{example}.json`."),
            Body::Raw(bytes),
            &[],
        ));
    }
    // The minimal example has no acceptance-criteria warning; the examples are all clean.
    cases
}

fn kebab(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else if c == '/' {
            out.push('-');
        } else {
            out.push(c);
        }
    }
    out.trim_start_matches('-').to_owned()
}
