//! A deterministic corpus of realistic records, for benchmarks and for the verdict tests:
//! seeded, so every run and every machine gets the same bytes.
//!
//! - [`record`]: one realistic record, valid at every level;
//! - [`spoil`]: one of the realistic ways a record breaks the benchmarks' invalid share;
//! - [`vary`]: a change the contract accepts or rejects, labelled with what it breaks, so that
//!   a test can compare hcr's verdict with the contract's without asking hcr.

use hcr_types::ConstraintKind;
use serde_json::{Value, json};

/// SplitMix64: small, fast, and good enough to vary text.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        usize::try_from(self.next_u64() % n as u64).unwrap_or(0)
    }

    fn range(&mut self, low: usize, high: usize) -> usize {
        low + self.below(high - low + 1)
    }
}

const WORDS: &[&str] = &[
    "export",
    "index",
    "query",
    "latency",
    "cache",
    "replica",
    "migration",
    "schema",
    "deploy",
    "rollback",
    "checkout",
    "invoice",
    "customer",
    "timezone",
    "review",
    "fixture",
    "pipeline",
    "artifact",
    "release",
    "budget",
    "approval",
    "dashboard",
    "snapshot",
    "partition",
    "throughput",
    "retry",
    "timeout",
    "queue",
    "worker",
    "ledger",
    "refund",
    "warehouse",
    "report",
    "alert",
    "threshold",
    "service",
    "cluster",
    "region",
    "tenant",
    "session",
    "token-free",
    "the",
    "a",
    "for",
    "with",
    "before",
    "after",
    "every",
    "each",
    "until",
    "while",
    "and",
    "not",
    "only",
    "when",
];

fn sentence(rng: &mut Rng, low: usize, high: usize) -> String {
    let count = rng.range(low, high);
    let mut words: Vec<&str> = (0..count).map(|_| WORDS[rng.below(WORDS.len())]).collect();
    if let Some(first) = words.first_mut() {
        *first = WORDS[rng.below(40)];
    }
    let mut text = words.join(" ");
    if let Some(first) = text.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    text.push('.');
    text
}

/// Between `min` and `max` distinct sentences.
fn unique(rng: &mut Rng, (min, max): (usize, usize), low: usize, high: usize) -> Vec<String> {
    let count = rng.range(min, max);
    (0..count)
        .map(|i| {
            format!(
                "{} ({})",
                sentence(rng, low, high).trim_end_matches('.'),
                i + 1
            )
        })
        .collect()
}

fn hex(rng: &mut Rng) -> String {
    (0..4).map(|_| format!("{:016x}", rng.next_u64())).collect()
}

fn actor(rng: &mut Rng, prefix: &str) -> Value {
    let kinds = ["agent", "human", "service"];
    json!({"id": format!("{prefix}:{}-{}", WORDS[rng.below(40)], rng.below(100)), "type": kinds[rng.below(3)]})
}

/// One realistic record of roughly `evidence` evidence items; every field present.
#[must_use]
pub fn record(rng: &mut Rng, index: usize, evidence: usize) -> Value {
    let revision = rng.range(1, 40);
    let evidence_items: Vec<Value> = (0..evidence)
        .map(|i| {
            let mut item = json!({
                "id": format!("evidence-{i}"),
                "label": sentence(rng, 2, 5),
                "claim": sentence(rng, 8, 16),
                "contentType": "text/plain",
            });
            if rng.below(2) == 0 {
                item["artifactRef"] = json!(format!("artifacts/{}/{i}.log", WORDS[rng.below(40)]));
                item["sha256"] = json!(hex(rng));
            } else {
                item["uri"] = json!(format!(
                    "https://ci.example.com/{}/runs/{}",
                    WORDS[rng.below(40)],
                    rng.next_u64() % 100_000
                ));
            }
            item
        })
        .collect();
    let decisions: Vec<Value> = (0..rng.range(2, 5))
        .map(|i| json!({"summary": format!("{} ({i})", sentence(rng, 6, 12)), "rationale": sentence(rng, 10, 20), "status": if i == 0 { "superseded" } else { "active" }}))
        .collect();
    let kinds = ConstraintKind::ALL;
    let constraints: Vec<Value> = (0..rng.range(3, 6))
        .map(|i| json!({"kind": kinds[i % kinds.len()].as_str(), "text": sentence(rng, 8, 16)}))
        .collect();
    let reviews: Vec<Value> = (0..rng.range(2, 6))
        .map(|i| {
            let resolved = rng.below(2) == 0;
            let mut item = json!({
                "id": format!("review:{i}"),
                "summary": sentence(rng, 6, 14),
                "status": if resolved { "resolved" } else { "open" },
                "revision": revision.saturating_sub(1).max(1),
                "assignee": actor(rng, "agent"),
            });
            if resolved {
                item["resolvedByRevision"] = json!(revision);
            }
            item
        })
        .collect();
    json!({
        "schemaVersion": "1.0",
        "recordId": format!("bench-{index:06}"),
        "objective": {"summary": sentence(rng, 12, 20), "acceptanceCriteria": unique(rng, (3, 5), 8, 14)},
        "currentState": {
            "complete": unique(rng, (3, 7), 6, 12),
            "inProgress": unique(rng, (1, 4), 6, 12),
            "blocked": unique(rng, (0, 2), 6, 12),
            "unverified": unique(rng, (1, 4), 6, 12),
        },
        "decisions": decisions,
        "evidence": evidence_items,
        "constraints": constraints,
        "nextAction": {"summary": sentence(rng, 10, 18), "verification": sentence(rng, 10, 18), "dueAt": "2026-12-15T09:00:00Z"},
        "ownership": {"nextActor": actor(rng, "agent"), "reviewers": [actor(rng, "user"), actor(rng, "service")]},
        "openReview": reviews,
        "provenance": {"createdBy": actor(rng, "agent"), "createdAt": "2026-11-30T08:00:00Z", "sourceRevision": revision},
        "extensions": {"com.example.run": {"id": rng.next_u64() % 1_000_000, "tags": [WORDS[rng.below(40)], WORDS[rng.below(40)]], "cost": {"tokens": rng.next_u64() % 500_000, "minutes": 12.5}}},
    })
}

/// Spoils a record in one of a few realistic ways.
pub fn spoil(rng: &mut Rng, record: &mut Value) {
    match rng.below(4) {
        0 => record["objective"]["summary"] = json!("   "),
        1 => {
            if let Some(map) = record["nextAction"].as_object_mut() {
                map.remove("verification");
            }
        }
        2 => record["evidence"][0]["sha256"] = json!("not-a-digest"),
        _ => record["openReview"][0]["status"] = json!("closed"),
    }
}

/// What a [`vary`] change does to the contract's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variation {
    /// The contract accepts the record; hcr may advise against it (its own recommendations).
    Accepted(&'static str),
    /// The canonical schema rejects it (the reference validator may too).
    SchemaRejects(&'static str),
    /// Only the reference validator rejects it (the schema accepts it).
    ReferenceRejects(&'static str),
    /// The record holds a credential the v1.0 README forbids (schema and reference accept it).
    Secret(&'static str),
}

/// The number of distinct [`vary`] changes.
pub const VARIATIONS: usize = 21;

/// Applies change number `which` (below [`VARIATIONS`]) to a [`record`] of at least two
/// evidence items, and says what it does to the contract's verdict.
#[allow(clippy::too_many_lines)]
pub fn vary(rng: &mut Rng, record: &mut Value, which: usize) -> Variation {
    use Variation::{Accepted, ReferenceRejects, SchemaRejects, Secret};
    let reviews = record["openReview"].as_array().map_or(0, Vec::len);
    let review = rng.below(reviews.max(1));
    match which {
        0 => {
            let first = record["evidence"][0]["id"].clone();
            record["evidence"][1]["id"] = first;
            Accepted("two evidence items share an id")
        }
        1 => {
            let first = record["openReview"][0]["id"].clone();
            record["openReview"][1]["id"] = first;
            Accepted("two review items share an id")
        }
        2 => {
            let item = &mut record["openReview"][review];
            item["status"] = json!("resolved");
            item["revision"] = json!(7);
            item["resolvedByRevision"] = json!(3);
            Accepted("a review resolved before it was raised")
        }
        3 => {
            record["decisions"][1]["supersedes"] = json!(sentence(rng, 6, 10));
            Accepted("a decision supersedes one the record no longer carries")
        }
        4 => {
            let item = &mut record["openReview"][review];
            item["status"] = json!("open");
            item["resolvedByRevision"] = json!(2);
            Accepted("an open review names the revision resolving it")
        }
        5 => {
            record["extensions"]["ticket"] = json!("OPS-1234");
            Accepted("an extension key without a namespace")
        }
        6 => {
            record["objective"]["acceptanceCriteria"] = json!([]);
            Accepted("no acceptance criteria")
        }
        7 => {
            record["openReview"][review]["revision"] = json!(9_007_199_254_740_993_u64);
            Accepted("a revision above 2^53 - 1")
        }
        8 => {
            record["nextAction"]["dueAt"] = json!("2020-01-01T00:00:00Z");
            Accepted("a next action long overdue")
        }
        9 => {
            record["currentState"]["complete"][0] =
                json!("Rotated the DEPLOY_TOKEN secret; the password policy says monthly.");
            Accepted("secret names, not secret values")
        }
        10 => {
            record["unexpected"] = json!(true);
            SchemaRejects("an unknown top-level property")
        }
        11 => {
            let first = record["currentState"]["complete"][0].clone();
            if let Some(list) = record["currentState"]["complete"].as_array_mut() {
                list.push(first);
            }
            SchemaRejects("a repeated state item")
        }
        12 => {
            record["provenance"]["createdAt"] = json!("30/11/2026 08:00");
            SchemaRejects("a date-time that is not RFC 3339")
        }
        13 => {
            record["openReview"][review]["revision"] = json!(0);
            SchemaRejects("a revision of 0")
        }
        14 => {
            record["recordId"] = json!("r".repeat(201));
            SchemaRejects("a record id over 200 characters")
        }
        15 => {
            record["currentState"]["inProgress"][0] = json!("   ");
            ReferenceRejects("a whitespace-only state item")
        }
        16 => {
            record["decisions"][0]["rationale"] = json!("\t\n");
            ReferenceRejects("a whitespace-only rationale")
        }
        17 => {
            let item = &mut record["openReview"][review];
            item["status"] = json!("resolved");
            if let Some(map) = item.as_object_mut() {
                map.remove("resolvedByRevision");
            }
            // The schema accepts a resolved review without its revision; the reference does not.
            ReferenceRejects("a resolved review without resolvedByRevision")
        }
        18 => {
            record["evidence"][0]["uri"] = json!("");
            if let Some(map) = record["evidence"][0].as_object_mut() {
                map.remove("artifactRef");
            }
            ReferenceRejects("evidence whose only reference is an empty uri")
        }
        19 => {
            let token: String = (0..36)
                .map(|_| {
                    char::from(
                        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                            [rng.below(62)],
                    )
                })
                .collect();
            record["currentState"]["unverified"][0] =
                json!(format!("Pushed with ghp_{token} from the runner."));
            Secret("a GitHub token in a state item")
        }
        _ => {
            let key: String = (0..40)
                .map(|_| {
                    char::from(
                        b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/+"
                            [rng.below(64)],
                    )
                })
                .collect();
            record["extensions"]["com.example.deploy"] = json!({"aws_secret_access_key": key});
            Secret("an AWS secret key in an extension")
        }
    }
}

/// Phrases that start where the secret scanner's anchors start (credential names, provider
/// prefixes, authorization schemes) and are not secrets: what a record about credential
/// work says without holding one.
const NEAR_SECRETS: &[&str] = &[
    "rotated the token after the review",
    "the deploy key for the mirror is managed by the platform team",
    "requests carry an Authorization: Bearer header from the gateway",
    "compared with the sk-learn baseline",
    "the password policy says monthly",
    "the api_key setting is read from the vault",
    "AKIA prefixes are blocked by the proxy",
    "ghp_ tokens are scoped to one repository",
    "Bearer tokens expire after an hour",
    "token refresh runs every 30 minutes",
    "the secret store holds the client_secret for staging",
    "xoxb- bot scopes were narrowed",
    "the session cookie is set by the login service",
    "key rotation is tracked in the runbook",
    "sk- keys are never written to logs",
    "the access token lifetime was shortened",
];

/// The prose fields of a [`record`]: free text the schema asks nothing of but presence.
const PROSE: &[&str] = &[
    "summary",
    "rationale",
    "label",
    "claim",
    "text",
    "verification",
    "acceptanceCriteria",
    "complete",
    "inProgress",
    "blocked",
    "unverified",
];

/// Puts a near-secret phrase into every other prose string of a [`record`] (in document
/// order), after a word of it: the record stays valid, with no secret in it.
pub fn near_secret(rng: &mut Rng, record: &mut Value) {
    fn walk(rng: &mut Rng, value: &mut Value, prose: bool, count: &mut usize) {
        match value {
            Value::String(text) if prose => {
                *count += 1;
                if count.is_multiple_of(2) {
                    let phrase = NEAR_SECRETS[rng.below(NEAR_SECRETS.len())];
                    let spaces: Vec<usize> = text.match_indices(' ').map(|(i, _)| i).collect();
                    let at = if spaces.is_empty() {
                        text.len()
                    } else {
                        spaces[rng.below(spaces.len())]
                    };
                    text.insert_str(at, &format!(" ({phrase})"));
                }
            }
            Value::Array(items) => {
                for item in items {
                    walk(rng, item, prose, count);
                }
            }
            Value::Object(members) => {
                for (key, member) in members.iter_mut() {
                    walk(rng, member, PROSE.contains(&key.as_str()), count);
                }
            }
            _ => {}
        }
    }
    let mut count = 0;
    walk(rng, record, false, &mut count);
}

/// Gives a [`record`] of many evidence items many findings, spread over its lists: every
/// third evidence item repeats the one before's id (a warning each), every third one that
/// names an artifact has a digest that is not one (a schema error each), and every open
/// review names the revision resolving it (a warning each).
pub fn many_findings(rng: &mut Rng, record: &mut Value) {
    if let Some(items) = record["evidence"].as_array_mut() {
        for i in 1..items.len() {
            match i % 3 {
                0 => items[i]["id"] = items[i - 1]["id"].clone(),
                1 if items[i].get("sha256").is_some() => {
                    items[i]["sha256"] = json!("not-a-digest");
                }
                _ => {}
            }
        }
    }
    if let Some(reviews) = record["openReview"].as_array_mut() {
        for review in reviews {
            if review["status"] == "open" {
                review["resolvedByRevision"] = json!(1 + rng.below(3));
            }
        }
    }
}
