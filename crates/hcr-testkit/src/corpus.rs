//! A deterministic corpus of realistic records for benchmarks: seeded, so every run and every
//! machine gets the same bytes.

use hcr_types::ConstraintKind;
use serde_json::{Value, json};

/// SplitMix64: small, fast, and good enough to vary text.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub(crate) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub(crate) fn below(&mut self, n: usize) -> usize {
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
pub(crate) fn record(rng: &mut Rng, index: usize, evidence: usize) -> Value {
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
pub(crate) fn spoil(rng: &mut Rng, record: &mut Value) {
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
