//! The receiver decides each evidence item's and each review link's status once; the
//! diagnostics, the brief and the digest fill plan all show that one decision.

use hcr_receive::fill::{self, Fill};
use hcr_receive::{Brief, EvidenceStatus, LinkStatus};
use hcr_types::Sha256;
use hcr_validate::receiver::{ArtifactStore, Assessment, RevisionIndex};
use hcr_validate::{Level, ReceiverContext, Severity, Validator};
use serde_json::{Value, json};

const CONTENT: &[u8] = b"build ok\n";

/// One evidence item: its `artifactRef` and `sha256`, then what every view must say of it.
struct Case {
    name: &'static str,
    artifact_ref: Option<&'static str>,
    sha256: Option<String>,
    brief: EvidenceStatus,
    /// The receiver diagnostic at this item, with its severity.
    diagnostic: Option<(&'static str, Severity)>,
    /// The fill plan's outcome (`None`: not in the plan, having no `artifactRef`).
    fill: Option<&'static str>,
}

fn cases() -> Vec<Case> {
    let good = Sha256::of_bytes(CONTENT).to_string();
    let other = "0".repeat(64);
    vec![
        Case {
            name: "digest matches",
            artifact_ref: Some("build.log"),
            sha256: Some(good.clone()),
            brief: EvidenceStatus::Verified,
            diagnostic: None,
            fill: Some("unchanged"),
        },
        Case {
            name: "digest matches in capitals",
            artifact_ref: Some("build.log"),
            sha256: Some(good.to_uppercase()),
            brief: EvidenceStatus::Verified,
            diagnostic: None,
            fill: Some("unchanged"),
        },
        Case {
            name: "digest differs",
            artifact_ref: Some("build.log"),
            sha256: Some(other.clone()),
            brief: EvidenceStatus::Mismatch,
            diagnostic: Some(("HCR301", Severity::Error)),
            fill: Some("mismatch"),
        },
        Case {
            name: "no digest, artifact present",
            artifact_ref: Some("build.log"),
            sha256: None,
            brief: EvidenceStatus::NotDigested,
            diagnostic: Some(("HCR307", Severity::Info)),
            fill: Some("added"),
        },
        Case {
            name: "digest, artifact missing",
            artifact_ref: Some("gone.log"),
            sha256: Some(other),
            brief: EvidenceStatus::Missing,
            diagnostic: Some(("HCR302", Severity::Error)),
            fill: Some("problem"),
        },
        Case {
            name: "no digest, artifact missing",
            artifact_ref: Some("gone.log"),
            sha256: None,
            brief: EvidenceStatus::Missing,
            diagnostic: Some(("HCR302", Severity::Warning)),
            fill: Some("problem"),
        },
        Case {
            name: "unsafe path",
            artifact_ref: Some("../build.log"),
            sha256: Some(good.clone()),
            brief: EvidenceStatus::Unsafe,
            diagnostic: Some(("HCR303", Severity::Error)),
            fill: Some("problem"),
        },
        Case {
            name: "a folder, not a file",
            artifact_ref: Some("logs"),
            sha256: Some(good.clone()),
            brief: EvidenceStatus::Unsafe,
            diagnostic: Some(("HCR303", Severity::Error)),
            fill: Some("problem"),
        },
        Case {
            name: "no artifact, no digest",
            artifact_ref: None,
            sha256: None,
            brief: EvidenceStatus::NotDigested,
            diagnostic: Some(("HCR307", Severity::Info)),
            fill: None,
        },
        Case {
            name: "a digest but no artifact",
            artifact_ref: None,
            sha256: Some(good),
            brief: EvidenceStatus::NotChecked,
            diagnostic: None,
            fill: None,
        },
    ]
}

fn record(evidence: Vec<Value>, extra: &[(&str, Value)]) -> Value {
    let mut record = json!({
        "schemaVersion": "1.0",
        "recordId": "work",
        "objective": {"summary": "Ship it.", "acceptanceCriteria": ["It ships."]},
        "currentState": {"complete": ["Built."], "inProgress": [], "blocked": [], "unverified": []},
        "decisions": [], "constraints": [], "openReview": [],
        "evidence": evidence,
        "nextAction": {"summary": "Publish.", "verification": "It is listed."},
        "ownership": {"nextActor": {"id": "agent:next", "type": "agent"}}
    });
    for (key, value) in extra {
        record[*key] = value.clone();
    }
    record
}

fn evidence_item(i: usize, case: &Case) -> Value {
    let mut item = json!({"id": format!("e{i}"), "label": case.name});
    if let Some(artifact_ref) = case.artifact_ref {
        item["artifactRef"] = json!(artifact_ref);
    } else {
        item["uri"] = json!("https://ci.example/run/1");
    }
    if let Some(sha256) = &case.sha256 {
        item["sha256"] = json!(sha256);
    }
    item
}

fn fill_kind(fill: &Fill) -> &'static str {
    match fill {
        Fill::Added { .. } => "added",
        Fill::Unchanged => "unchanged",
        Fill::Mismatch { .. } => "mismatch",
        Fill::Problem { .. } => "problem",
    }
}

#[test]
fn diagnostics_brief_and_fill_plan_agree_on_every_evidence_status() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("build.log"), CONTENT).expect("artifact");
    std::fs::create_dir(dir.path().join("logs")).expect("folder");
    let cases = cases();
    let value = record(
        cases
            .iter()
            .enumerate()
            .map(|(i, c)| evidence_item(i, c))
            .collect(),
        &[],
    );
    let store = || ArtifactStore::open(dir.path(), 1 << 20).expect("store");
    let context = ReceiverContext::new().artifacts(store());
    let validator = Validator::new(Level::Receiver).with_receiver(context.clone());
    let (record, report) = validator.validate_typed(value.to_string().as_bytes());
    let record = record.expect("the record satisfies the schema");
    let brief = Brief::new(&record, &report);
    let plan = fill::plan(&value, &Assessment::of(&value, &context));

    for (i, case) in cases.iter().enumerate() {
        let at = format!("/evidence/{i}");
        let found: Vec<_> = report
            .diagnostics()
            .iter()
            .filter(|d| d.pointer.as_str().starts_with(&at) && d.code.as_str() != "HCR210")
            .map(|d| (d.code.as_str(), d.severity))
            .collect();
        assert_eq!(
            found,
            case.diagnostic.into_iter().collect::<Vec<_>>(),
            "{}: diagnostics",
            case.name
        );
        assert_eq!(brief.evidence[i].status, case.brief, "{}: brief", case.name);
        let planned = plan
            .iter()
            .find(|item| item.pointer.as_str() == at)
            .map(|item| fill_kind(&item.fill));
        assert_eq!(planned, case.fill, "{}: fill plan", case.name);
    }
    // A failed item means nothing complete counts as verified, and the brief is not ready.
    assert!(brief.verified.is_empty());
    assert_eq!(brief.claimed_complete, ["Built."]);
    assert!(!brief.ready);
}

#[test]
fn only_a_clean_check_reads_as_passed() {
    let good = Sha256::of_bytes(CONTENT).to_string();
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("build.log"), CONTENT).expect("artifact");
    let evidence = vec![
        json!({"id": "log", "label": "Build log", "artifactRef": "build.log", "sha256": good}),
    ];
    let overdue = json!({"summary": "Publish.", "verification": "It is listed.", "dueAt": "2020-01-01T00:00:00Z"});
    let on_time = json!({"summary": "Publish.", "verification": "It is listed.", "dueAt": "2999-01-01T00:00:00Z"});
    for (next_action, as_actor, expected) in [
        (&on_time, "agent:next", "Every receiver check passed."),
        (
            &overdue,
            "agent:next",
            "No receiver check failed, but one gave a warning",
        ),
        (
            &overdue,
            "agent:other",
            "No receiver check failed, but 2 gave warnings",
        ),
    ] {
        let value = record(evidence.clone(), &[("nextAction", next_action.clone())]);
        let context = ReceiverContext::new()
            .artifacts(ArtifactStore::open(dir.path(), 1 << 20).expect("store"))
            .actor_id(as_actor);
        let validator = Validator::new(Level::Receiver).with_receiver(context);
        let (record, report) = validator
            .read_record(value.to_string().as_bytes())
            .expect("valid");
        let brief = Brief::new(&record, &report);
        let markdown = brief.to_markdown();
        assert!(markdown.contains(expected), "{as_actor}: {markdown}");
        assert_eq!(brief.verified, ["Built."]);
        // The brief's overdue flag and next actor are the receiver checks' own.
        assert_eq!(brief.overdue, report.has(hcr_validate::Code::Hcr305));
        assert_eq!(
            brief.next_actor_is_you,
            Some(!report.has(hcr_validate::Code::Hcr306))
        );
    }
}

#[test]
fn review_links_in_the_brief_are_the_link_checks() {
    let revisions = tempfile::tempdir().expect("temp dir");
    let earlier = record(
        Vec::new(),
        &[(
            "provenance",
            json!({"sourceRevision": 2, "createdAt": "2026-01-01T00:00:00Z", "createdBy": {"id": "agent:a", "type": "agent"}}),
        )],
    );
    std::fs::write(revisions.path().join("r2.json"), earlier.to_string()).expect("revision");
    let reviews = json!([
        {"id": "r-open", "summary": "Still open.", "status": "open", "revision": 1},
        {"id": "r-found", "summary": "Fixed in 2.", "status": "resolved", "revision": 1, "resolvedByRevision": 2},
        {"id": "r-lost", "summary": "Fixed in 7.", "status": "resolved", "revision": 1, "resolvedByRevision": 7},
        {"id": "r-self", "summary": "Fixed here.", "status": "resolved", "revision": 1, "resolvedByRevision": 3}
    ]);
    let value = record(
        Vec::new(),
        &[
            ("openReview", reviews),
            (
                "provenance",
                json!({"sourceRevision": 3, "createdAt": "2026-01-02T00:00:00Z", "createdBy": {"id": "agent:a", "type": "agent"}}),
            ),
        ],
    );
    let index = RevisionIndex::open(revisions.path()).expect("revisions folder");
    assert!(index.problems().is_empty(), "{:?}", index.problems());
    let context = ReceiverContext::new().revisions(index);
    let validator = Validator::new(Level::Receiver).with_receiver(context);
    let (record, report) = validator.validate_typed(value.to_string().as_bytes());
    let brief = Brief::new(&record.expect("schema-valid"), &report);
    let links: Vec<_> = brief
        .resolved_reviews
        .iter()
        .map(|r| (r.id.as_str(), r.link))
        .collect();
    assert_eq!(
        links,
        [
            ("r-found", Some(LinkStatus::Available)),
            ("r-lost", Some(LinkStatus::Unavailable)),
            ("r-self", Some(LinkStatus::Available)),
        ]
    );
    let unavailable: Vec<_> = report
        .diagnostics()
        .iter()
        .filter(|d| d.code.as_str() == "HCR304")
        .map(|d| d.pointer.as_str().to_owned())
        .collect();
    assert_eq!(unavailable, ["/openReview/2/resolvedByRevision"]);
    assert_eq!(brief.open_reviews[0].link, None);
}
