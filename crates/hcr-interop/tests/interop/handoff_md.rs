//! `HANDOFF.md`: a folder of files with the codes each must get, the codes' own examples, and
//! records round-tripping through the rendered form.

use std::path::PathBuf;

use hcr_interop::handoff_md::{from_handoff_md, lint, render};
use hcr_types::Record;

fn cases() -> Vec<(PathBuf, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/handoff-md");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the case folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("UTF-8");
            (p, text)
        })
        .collect()
}

/// Each file's first line says which codes it must get: `<!-- expect: HCR601 HCR604 -->`.
#[test]
fn every_case_gets_exactly_its_codes() {
    let cases = cases();
    assert!(cases.len() >= 10, "{}", cases.len());
    for (path, text) in cases {
        let expected: Vec<&str> = text
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("<!-- expect:"))
            .and_then(|l| l.strip_suffix("-->"))
            .unwrap_or_else(|| panic!("{path:?} has no expect line"))
            .split_whitespace()
            .collect();
        let report = lint(&text);
        let mut got: Vec<&str> = report
            .diagnostics()
            .iter()
            .map(|d| d.code.as_str())
            .collect();
        got.sort_unstable();
        let mut want = expected.clone();
        want.sort_unstable();
        assert_eq!(got, want, "{path:?}: {:#?}", report.diagnostics());
        for d in report.diagnostics() {
            assert!(d.span.is_some(), "{path:?}: {} has no place", d.code);
        }
    }
}

#[test]
fn a_secret_is_reported_but_never_repeated() {
    let (_, text) = cases()
        .into_iter()
        .find(|(p, _)| p.ends_with("skill-secret.md"))
        .expect("the case");
    let report = lint(&text);
    let shown = serde_json::to_string(&report).expect("JSON");
    assert!(!shown.contains("AKIAIOSFODNN7"), "{shown}");
    assert!(!shown.contains("wJalrXUtnFEMI"), "{shown}");
    assert!(!report.redactions().is_empty());
}

#[test]
fn every_handoff_md_code_has_examples_that_lint_as_they_say() {
    let codes = crate::examples_lint_as_they_say(hcr_validate::CodeLevel::HandoffMd, lint);
    assert_eq!(codes, 8);
}

#[test]
fn records_round_trip_through_handoff_md_and_render_clean() {
    for (path, value) in hcr_testkit::examples() {
        let record = Record::from_value(&value).expect("valid");
        let text = render(&record);
        let report = lint(&text);
        let codes = report.codes();
        // A record without acceptance criteria gives a file that says so (HCR604).
        let allowed: &[hcr_validate::Code] = if record.objective.acceptance_criteria.is_empty() {
            &[hcr_validate::Code::Hcr604]
        } else {
            &[]
        };
        assert_eq!(codes, allowed, "{path:?}");
        let draft = from_handoff_md(&text);
        assert!(
            draft.missing.is_empty() && draft.lost.is_empty(),
            "{path:?}"
        );
        let back = Record::from_value(&draft.record).expect("a record");
        assert!(back == record, "{path:?} did not round-trip");
    }
}

#[test]
fn a_hand_written_handoff_drafts_a_record_that_reports_what_it_lacks() {
    let (_, text) = cases()
        .into_iter()
        .find(|(p, _)| p.ends_with("skill-complete.md"))
        .expect("the case");
    let draft = from_handoff_md(&text);
    let record = &draft.record;
    assert_eq!(
        record["objective"]["summary"],
        "Make the nightly export finish before 06:00 UTC."
    );
    assert_eq!(
        record["objective"]["acceptanceCriteria"],
        serde_json::json!(["The export finishes before 06:00 UTC on three nights in a row."])
    );
    assert_eq!(
        record["currentState"]["inProgress"],
        serde_json::json!(["Adding an index on orders.created_at."])
    );
    assert_eq!(record["currentState"]["blocked"], serde_json::json!([]));
    assert_eq!(record["evidence"][0]["artifactRef"], "logs/slow-query.txt");
    assert_eq!(
        record["nextAction"]["summary"],
        "Create the index concurrently and rerun the export."
    );
    assert_eq!(record["ownership"]["nextActor"]["id"], "agent:exporter");
    let kept = &record["extensions"][hcr_interop::handoff_md::HANDOFF_MD_EXTENSION];
    assert_eq!(kept["sections"][0]["heading"], "Open risks and questions");
    // The owner's type, from its id as `hcr continue --by` reads it.
    assert_eq!(record["ownership"]["nextActor"]["type"], "agent");
    // `…, because …` gives the decision its rationale.
    assert_eq!(
        record["decisions"][0]["rationale"],
        "the filter is on created_at."
    );
    assert!(
        draft
            .missing
            .iter()
            .any(|p| p == "/nextAction/verification"),
        "{:?}",
        draft.missing
    );
}

/// No line is dropped in silence: what the mapping does not read in a mapped section is kept
/// under the extension with its line number, and every other section is kept whole.
#[test]
fn lines_the_mapping_does_not_read_are_kept() {
    let text = "# Handoff\n\nWritten after the outage.\n\n## Goal\n\nShip it.\n\n- It ships.\n\n## Current state\n\nMostly fine.\n- Complete: Built.\n- In progress: none\n- Blocked: none\n- Unverified: none\nA stray remark.\n\n## Decisions\n\nWe argued a lot.\n- Use Postgres (because: we run it)\n\n## Evidence\n\nSee below.\n- `build.log`\n\n## Next action\n\nDeploy.\n\n## Open risks and questions\n\n- The cache.\n\n## Relevant artifacts\n\n- `build.log`\n\n## Ownership\n\nagent:deployer\nBackup: agent:other\n\n## Appendix\n\nAnything at all.\n";
    let draft = from_handoff_md(text);
    let kept = &draft.record["extensions"][hcr_interop::handoff_md::HANDOFF_MD_EXTENSION];
    let unmapped: Vec<&str> = kept["unmapped"]
        .as_array()
        .expect("unmapped lines")
        .iter()
        .map(|l| l["text"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        unmapped,
        [
            "Mostly fine.",
            "A stray remark.",
            "We argued a lot.",
            "See below.",
            "Backup: agent:other"
        ]
    );
    assert_eq!(kept["preamble"], "Written after the outage.");
    let headings: Vec<&str> = kept["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .map(|s| s["heading"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(headings, ["Open risks and questions", "Appendix"]);
    assert!(draft.lost.is_empty());
}

/// `tests/data/handoff-md-drafts/`: each file's draft as it may be shown (its secrets
/// redacted), with what it lacks and what it lost, held by a snapshot named after the file.
#[test]
fn each_draft_case_drafts_as_its_snapshot_says() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/handoff-md-drafts");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the case folder")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    files.sort();
    assert!(files.len() >= 5, "{}", files.len());
    for path in files {
        let text = std::fs::read_to_string(&path).expect("UTF-8");
        let draft = from_handoff_md(&text);
        let checked = draft.check(text.as_bytes());
        let name = path.file_stem().and_then(|s| s.to_str()).expect("a name");
        insta::assert_json_snapshot!(
            format!("draft_{name}"),
            serde_json::json!({
                "record": checked.shown_record(&draft),
                "missing": draft.missing,
                "lost": checked.lost,
            })
        );
    }
}
