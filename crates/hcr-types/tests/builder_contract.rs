//! What the builder refuses, one contract rule at a time, every problem at once, each named by
//! the field it concerns; and the helpers a producer reaches for.

use hcr_types::{
    Actor, ConstraintKind, DateTime, Decision, Error, Evidence, NonEmptyText, Record, RecordId,
    ReviewItem, Revision, Sha256,
};

fn base() -> hcr_types::RecordBuilder {
    Record::builder()
        .objective("Ship the fix.", ["The test passes."])
        .next_action("Deploy it.", "The deploy log says ok.")
        .next_actor(Actor::agent("agent:deployer").expect("valid"))
}

fn problems(builder: hcr_types::RecordBuilder) -> Vec<(String, String)> {
    match builder.build() {
        Err(Error::Build(problems)) => problems
            .into_iter()
            .map(|p| (p.pointer.to_string(), p.message))
            .collect(),
        other => panic!("expected build problems, got {other:?}"),
    }
}

#[test]
fn whitespace_only_text_is_refused_wherever_the_reference_validator_requires_content() {
    let cases: Vec<(&str, hcr_types::RecordBuilder)> = vec![
        ("/currentState/complete/0", base().complete("   ")),
        ("/currentState/unverified/0", base().unverified("\t")),
        (
            "/decisions/0/rationale",
            base().decision(Decision::active("Use the cache.", " ").expect("not empty")),
        ),
        (
            "/constraints/0/text",
            base().constraint(ConstraintKind::Safety, "\u{a0}"),
        ),
        (
            "/openReview/0/summary",
            base().review(ReviewItem::open("r1", "  ").expect("not empty")),
        ),
        (
            "/evidence/0/label",
            base().evidence(Evidence::uri("e1", " ", "https://ci.example/1").expect("not empty")),
        ),
    ];
    for (pointer, builder) in cases {
        assert_eq!(
            problems(builder),
            [(pointer.to_owned(), "holds only whitespace".to_owned())],
            "{pointer}"
        );
    }
}

#[test]
fn a_resolved_review_needs_the_revision_that_resolved_it() {
    let mut item = ReviewItem::open("r1", "Check the index name.").expect("valid");
    item.status = hcr_types::ReviewStatus::Resolved;
    assert_eq!(
        problems(base().review(item)),
        [(
            "/openReview/0/resolvedByRevision".to_owned(),
            "is required when the review is resolved".to_owned()
        )]
    );
    // `resolve` sets both fields together.
    let mut item = ReviewItem::open("r1", "Check the index name.").expect("valid");
    item.resolve(Revision::new(3).expect("valid"));
    let record = base().review(item).build().expect("resolved properly");
    assert_eq!(
        record.open_review[0]
            .resolved_by_revision
            .as_ref()
            .map(Revision::get),
        Some(3)
    );
}

#[test]
fn every_problem_is_reported_at_once_at_the_field_itself() {
    let found = problems(
        Record::builder()
            .objective("Ship.", ["  "])
            .next_action("", "ok")
            .complete(" "),
    );
    let at: Vec<&str> = found.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(at, ["/nextAction/summary", "/ownership/nextActor"]);
    // Once the schema-level problems are fixed, the contract ones show.
    let found = problems(base().complete(" ").unverified(" "));
    assert_eq!(found.len(), 2);
}

#[test]
fn errors_name_the_argument_at_fault() {
    let error = Evidence::uri("", "Build log", "https://ci.example/1").expect_err("empty id");
    assert_eq!(error.to_string(), "evidence id must not be empty");
    let error = Evidence::uri("e1", "", "https://ci.example/1").expect_err("empty label");
    assert_eq!(error.to_string(), "evidence label must not be empty");
    let error = Decision::active("Use it.", "").expect_err("empty rationale");
    assert_eq!(error.to_string(), "decision rationale must not be empty");
}

#[test]
fn newtypes_parse_from_text() {
    let text: NonEmptyText = "Ship it.".parse().expect("text");
    assert_eq!(text.as_str(), "Ship it.");
    assert!("".parse::<NonEmptyText>().is_err());
    let id: RecordId = "billing-fix".parse().expect("id");
    assert_eq!(id.as_str(), "billing-fix");
    let at: DateTime = "2026-12-01T00:00:00Z".parse().expect("date-time");
    assert_eq!(
        DateTime::try_from("2026-12-01T00:00:00Z").expect("same"),
        at
    );
    assert!("yesterday".parse::<DateTime>().is_err());
    let digest: Sha256 = "a".repeat(64).parse().expect("digest");
    assert_eq!(
        Sha256::try_from("a".repeat(64).as_str()).expect("same"),
        digest
    );
}

#[test]
fn helpers_for_decisions_evidence_and_values() {
    let mut record = base()
        .decision(Decision::active("Run at 02:00.", "Less load.").expect("valid"))
        .build()
        .expect("valid");
    let found = record
        .supersede_decision(
            "Run at 02:00.",
            Decision::active("Run at 04:00.", "The backup runs at 02:00.").expect("valid"),
        )
        .expect("supersedes");
    assert!(found);
    assert_eq!(
        record.decisions[0].status,
        hcr_types::DecisionStatus::Superseded
    );
    assert_eq!(
        record.decisions[1]
            .supersedes
            .as_ref()
            .map(NonEmptyText::as_str),
        Some("Run at 02:00.")
    );
    let dir = tempfile::tempdir().expect("dir");
    std::fs::write(dir.path().join("build.log"), "build ok\n").expect("write");
    let evidence = Evidence::from_file("log", "Build log", dir.path(), "build.log").expect("read");
    assert_eq!(evidence.sha256, Some(Sha256::of_bytes(b"build ok\n")));
    for escaping in ["../build.log", "/etc/passwd", "a\\b"] {
        assert!(
            Evidence::from_file("log", "Build log", dir.path(), escaping).is_err(),
            "{escaping}"
        );
    }
    assert!(matches!(
        Evidence::from_file("log", "Build log", dir.path(), "missing.log"),
        Err(Error::Io { .. })
    ));
    let value: hcr_types::serde_json::Value = record.clone().into();
    assert_eq!(value["decisions"][1]["summary"], "Run at 04:00.");
    let more = base()
        .evidence_items([
            evidence.clone(),
            Evidence::uri("ci", "CI", "https://ci.example/2").expect("valid"),
        ])
        .maybe_record_id(Some("fix-1"))
        .maybe_due_at(None)
        .build()
        .expect("valid");
    assert_eq!(more.evidence.len(), 2);
    assert_eq!(more.record_id.as_ref().map(RecordId::as_str), Some("fix-1"));
}
