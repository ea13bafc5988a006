//! The hosted service's brief, to and from records: what maps comes back equal, and every
//! loss in either direction is named.

use hcr_interop::handover_brief::{BRIEF_EXTENSION, from_brief, to_brief};
use hcr_types::Record;
use serde_json::json;

#[test]
fn records_to_briefs_and_back_keep_what_the_brief_can_hold() {
    for (path, value) in hcr_testkit::examples() {
        let record = Record::from_value(&value).expect("valid");
        let (brief, lost) = to_brief(&record);
        // What the brief cannot hold is named, never dropped in silence.
        assert!(lost.contains(&"ownership".to_owned()), "{path:?}");
        assert_eq!(
            lost.contains(&"evidence".to_owned()),
            !record.evidence.is_empty()
        );
        assert_eq!(
            lost.contains(&"constraints".to_owned()),
            !record.constraints.is_empty()
        );
        let draft = from_brief(&brief);
        let back = &draft.record;
        assert_eq!(back["objective"], value["objective"], "{path:?}");
        assert_eq!(
            back["currentState"]["inProgress"],
            value["currentState"]["inProgress"]
        );
        assert_eq!(
            back["currentState"]["blocked"],
            value["currentState"]["blocked"]
        );
        assert_eq!(
            back["currentState"]["unverified"],
            value["currentState"]["unverified"]
        );
        assert_eq!(
            back["currentState"]["complete"],
            value["currentState"]["complete"]
        );
        for (ours, theirs) in back["decisions"]
            .as_array()
            .into_iter()
            .flatten()
            .zip(value["decisions"].as_array().into_iter().flatten())
        {
            for key in ["summary", "rationale", "status"] {
                assert_eq!(ours[key], theirs[key], "{path:?} {key}");
            }
        }
        assert_eq!(
            back["nextAction"]["summary"],
            value["nextAction"]["summary"]
        );
        assert_eq!(
            back["nextAction"]["verification"],
            value["nextAction"]["verification"]
        );
        assert_eq!(
            back["nextAction"].get("dueAt"),
            value["nextAction"].get("dueAt")
        );
        assert!(draft.lost.is_empty(), "{:?}", draft.lost);
        assert_eq!(draft.missing, ["/ownership/nextActor"], "{path:?}");
    }
}

#[test]
fn the_publishers_brief_drafts_a_record_that_keeps_everything() {
    let create = json!({
        "title": "End-to-end MCP handoff",
        "summary": "A multi-file continuity test with review and correction.",
        "note": "Published the initial analysis package for independent review.",
        "brief": {
            "objective": "Verify that another authenticated actor can review, correct, and continue this analysis.",
            "currentState": "Initial analysis published; denominator logic needs independent review.",
            "decisions": [
                "Preserve Markdown, SQL, and JSON as separate source artifacts.",
                "Require a later immutable revision for any correction."
            ],
            "openQuestions": ["Should cancelled trials be included in trial_count?"],
            "nextSteps": [
                {"id": "step_review_denominator", "text": "Review the SQL denominator and evidence claim.", "status": "done"},
                {"id": "step_successor_continue", "text": "Use the corrected query in the next analysis run.", "status": "open"}
            ]
        }
    });
    let draft = from_brief(&create);
    let record = &draft.record;
    assert_eq!(
        record["objective"]["summary"],
        "Verify that another authenticated actor can review, correct, and continue this analysis."
    );
    // A state given as one string is a claim nobody checked.
    assert_eq!(
        record["currentState"]["unverified"],
        json!(["Initial analysis published; denominator logic needs independent review."])
    );
    assert_eq!(
        record["currentState"]["complete"],
        json!(["Review the SQL denominator and evidence claim."])
    );
    assert_eq!(
        record["nextAction"]["summary"],
        "Use the corrected query in the next analysis run."
    );
    assert_eq!(record["decisions"][0]["status"], "active");
    let kept = &record["extensions"][BRIEF_EXTENSION];
    assert_eq!(kept["title"], "End-to-end MCP handoff");
    assert_eq!(
        kept["openQuestions"][0],
        "Should cancelled trials be included in trial_count?"
    );
    assert_eq!(kept["nextSteps"][0]["id"], "step_review_denominator");
    assert_eq!(
        draft.missing,
        [
            "/objective/acceptanceCriteria",
            "/decisions/0/rationale",
            "/decisions/1/rationale",
            "/nextAction/verification",
            "/ownership/nextActor"
        ]
    );
    assert!(draft.lost.is_empty());
    // A value of the wrong type cannot be read, and says so.
    let odd = from_brief(&json!({"brief": {"objective": "x", "nextSteps": [{"id": 1}]}}));
    assert_eq!(odd.lost.len(), 1, "{:?}", odd.lost);
}
