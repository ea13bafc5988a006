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

/// One edit of a rendered file, as a person makes it: the text before and after, in the
/// section the edit is in, and what the record must then hold.
struct Edit {
    what: &'static str,
    apply: fn(&str) -> Option<String>,
    expect: fn(&mut serde_json::Value),
    pointer: &'static str,
}

/// The text after `heading`'s blank line, replaced up to the next blank line.
fn replace_paragraph(page: &str, heading: &str, with: &str) -> Option<String> {
    let start = page.find(&format!("{heading}\n\n"))? + heading.len() + 2;
    let end = start + page[start..].find("\n\n")?;
    Some(format!("{}{with}{}", &page[..start], &page[end..]))
}

fn insert_after(page: &str, heading: &str, line: &str) -> Option<String> {
    let start = page.find(&format!("{heading}\n\n"))? + heading.len() + 2;
    Some(format!("{}{line}\n{}", &page[..start], &page[start..]))
}

const EDITS: &[Edit] = &[
    Edit {
        what: "the goal rewritten",
        apply: |page| replace_paragraph(page, "## Goal", "Ship the edited goal."),
        expect: |r| r["objective"]["summary"] = "Ship the edited goal.".into(),
        pointer: "/objective/summary",
    },
    Edit {
        what: "the next action rewritten",
        apply: |page| replace_paragraph(page, "## Next action", "Run the edited action."),
        expect: |r| r["nextAction"]["summary"] = "Run the edited action.".into(),
        pointer: "/nextAction/summary",
    },
    Edit {
        what: "the verification rewritten",
        apply: |page| {
            let start = page.find("\nVerification: ")? + 1;
            let end = start + page[start..].find('\n')?;
            Some(format!(
                "{}Verification: the edited check passes.{}",
                &page[..start],
                &page[end..]
            ))
        },
        expect: |r| r["nextAction"]["verification"] = "the edited check passes.".into(),
        pointer: "/nextAction/verification",
    },
    Edit {
        what: "a decision added",
        apply: |page| {
            insert_after(
                page,
                "## Decisions",
                "- Keep the edited plan. (because: the edit says so.)",
            )
            .or_else(|| {
                replace_paragraph(
                    page,
                    "## Decisions",
                    "- Keep the edited plan. (because: the edit says so.)",
                )
            })
        },
        expect: |r| {
            let decisions = r["decisions"].as_array_mut().expect("decisions");
            decisions.insert(
                0,
                serde_json::json!({
                    "summary": "Keep the edited plan.",
                    "rationale": "the edit says so.",
                    "status": "active",
                }),
            );
        },
        pointer: "/decisions",
    },
    Edit {
        what: "a constraint added",
        apply: |page| {
            insert_after(
                page,
                "## Constraints",
                "- safety: Never touch the edited table.",
            )
        },
        expect: |r| {
            r["constraints"]
                .as_array_mut()
                .expect("constraints")
                .insert(
                    0,
                    serde_json::json!({"kind": "safety", "text": "Never touch the edited table."}),
                );
        },
        pointer: "/constraints",
    },
    Edit {
        what: "a completed step added",
        apply: |page| {
            let at = page.find("\n- Complete:\n")? + "\n- Complete:\n".len();
            Some(format!(
                "{}  - The edited step is done.\n{}",
                &page[..at],
                &page[at..]
            ))
        },
        expect: |r| {
            r["currentState"]["complete"]
                .as_array_mut()
                .expect("complete")
                .insert(0, "The edited step is done.".into());
        },
        pointer: "/currentState/complete",
    },
];

/// A rendering read as Markdown alone (its embedded record cut) gives back every field it
/// shows: the mapping reads the skill's layout exactly, item for item.
#[test]
fn a_rendering_without_its_record_reads_back_what_it_shows() {
    for (path, value) in hcr_testkit::examples() {
        let record = Record::from_value(&value).expect("valid");
        let page = render(&record);
        let (markdown, _) = page
            .split_once("## HCR record")
            .expect("the embedded record");
        let draft = from_handoff_md(markdown);
        let want = serde_json::to_value(&record).expect("JSON");
        let got = &draft.record;
        for pointer in [
            "/objective",
            "/currentState",
            "/constraints",
            "/nextAction",
            "/ownership/nextActor/id",
        ] {
            assert_eq!(
                got.pointer(pointer),
                want.pointer(pointer),
                "{path:?} {pointer}"
            );
        }
        let decisions = |r: &serde_json::Value| -> Vec<(String, String, String)> {
            r["decisions"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|d| {
                    let s = |k: &str| d[k].as_str().unwrap_or_default().to_owned();
                    (s("summary"), s("rationale"), s("status"))
                })
                .collect()
        };
        assert_eq!(decisions(got), decisions(&want), "{path:?} decisions");
        let labels =
            |r: &serde_json::Value| -> usize { r["evidence"].as_array().map_or(0, Vec::len) };
        assert_eq!(labels(got), labels(&want), "{path:?} evidence");
    }
}

/// Record → render → edit a shown field → convert gives the edited record, the change named
/// in `edited`, and everything the Markdown does not show (ids, digests, provenance) kept.
#[test]
fn an_edited_rendering_converts_to_the_edited_record() {
    let mut tried = 0;
    for (path, value) in hcr_testkit::examples() {
        let record = Record::from_value(&value).expect("valid");
        let page = render(&record);
        let original = serde_json::to_value(&record).expect("JSON");
        for edit in EDITS {
            let Some(edited) = (edit.apply)(&page) else {
                continue;
            };
            tried += 1;
            let draft = from_handoff_md(&edited);
            let mut want = original.clone();
            (edit.expect)(&mut want);
            let got = serde_json::to_value(
                Record::from_value(&draft.record)
                    .unwrap_or_else(|e| panic!("{path:?}, {}: not a record: {e:?}", edit.what)),
            )
            .expect("JSON");
            assert_eq!(got, want, "{path:?}, {}", edit.what);
            assert!(
                draft.edited.iter().any(|p| p.starts_with(edit.pointer)),
                "{path:?}, {}: {:?}",
                edit.what,
                draft.edited
            );
            // And lint says the file and its record disagree.
            assert!(
                lint(&edited).codes().contains(&hcr_validate::Code::Hcr608),
                "{path:?}, {}",
                edit.what
            );
        }
    }
    // Every edit was tried on most examples.
    assert!(tried >= EDITS.len() * 4, "{tried}");
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

/// What a front end says about a draft is bounded: each kind of note names at most
/// `MAX_NOTES` and counts the rest.
#[test]
fn a_drafts_notes_are_bounded() {
    let mut text = String::from("# Handoff\n\n## Evidence\n\n");
    for i in 0..50 {
        text.push_str(&format!("- result {i} looked fine\n"));
    }
    let draft = from_handoff_md(&text);
    let checked = draft.check(text.as_bytes());
    let notes = draft.notes(&checked);
    let named = notes
        .iter()
        .filter(|n| n.starts_with("the source does not give"))
        .count();
    assert!(draft.missing.len() > 50, "{:?}", draft.missing);
    assert_eq!(named, hcr_interop::draft::MAX_NOTES, "{notes:#?}");
    let more = format!(
        "and {} more fields the source does not give",
        draft.missing.len() - hcr_interop::draft::MAX_NOTES
    );
    assert!(notes.contains(&more), "{notes:#?}");
}

/// No reading copies a piece of the file into every item: a long label over many items, a
/// long heading over many code blocks, a long deferred heading over many boxes give drafts
/// that grow with the file, not with its square.
#[test]
fn a_draft_grows_with_its_file() {
    let long = "x".repeat(20_000);
    let items = "- x\n".repeat(4_000);
    let blocks = "```\nA = 1\n```\n\n".repeat(4_000);
    let boxes = "- [ ] t\n".repeat(4_000);
    for text in [
        format!("## Evidence\n\n{long}:\n{items}"),
        format!("## Constraints ({long})\n\n{blocks}"),
        format!("## Future work ({long})\n\n{boxes}"),
    ] {
        let draft = from_handoff_md(&text);
        let size = serde_json::to_string(&draft.record).expect("JSON").len();
        assert!(size < 20 * text.len(), "{size} bytes from {}", text.len());
    }
}
