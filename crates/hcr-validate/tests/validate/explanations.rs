//! Every code's explanation has a failing and a passing example, and they do what they say.

use hcr_types::DateTime;
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};
use hcr_validate::{Code, CodeLevel, Level, ReceiverContext, Selection, Validator, registry};

use crate::codes;

/// Codes about the input rather than a document, which no example can show.
const WITHOUT_EXAMPLES: &[(Code, &str)] = &[
    (Code::Hcr005, "concerns reading the file, not its content"),
    (Code::Hcr006, "depends on the --max-diagnostics limit"),
    (
        Code::Hcr309,
        "depends on timing or on the file system failing",
    ),
];

/// The context `hcr_validate::RECEIVER_EXAMPLE_CONTEXT` describes, built in `dir`.
fn example_context(dir: &std::path::Path) -> ReceiverContext {
    let artifacts = dir.join("artifacts");
    let revisions = dir.join("revisions");
    std::fs::create_dir_all(artifacts.join("logs")).expect("mkdir");
    std::fs::create_dir_all(&revisions).expect("mkdir");
    std::fs::write(artifacts.join("logs/build.txt"), "build ok\n").expect("write");
    let mut first: serde_json::Value =
        serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("JSON");
    first["recordId"] = "example".into();
    first["provenance"] = serde_json::json!({
        "createdBy": {"id": "agent:fixer", "type": "agent"},
        "createdAt": "2026-11-20T00:00:00Z",
        "sourceRevision": 1
    });
    std::fs::write(revisions.join("example.r1.json"), first.to_string()).expect("write");
    ReceiverContext::new()
        .artifacts(ArtifactStore::open(&artifacts, 1 << 20).expect("artifacts folder"))
        .revisions(RevisionIndex::open(&revisions).expect("revisions folder"))
        .now(DateTime::parse("2026-12-01T00:00:00Z").expect("date-time"))
        .actor_id("agent:fixer")
}

#[test]
fn every_example_shows_its_code() {
    let dir = tempfile::tempdir().expect("tempdir");
    for info in registry() {
        // Artifact codes are shown by hcr-interop's tests, which lint their examples.
        if matches!(info.level, CodeLevel::Artifact | CodeLevel::HandoffMd) {
            continue;
        }
        let examples = info.examples();
        if WITHOUT_EXAMPLES.iter().any(|(code, _)| *code == info.code) {
            assert!(examples.is_empty(), "{} has no example", info.code);
            continue;
        }
        assert!(
            examples.iter().any(|e| e.passing) && examples.iter().any(|e| !e.passing),
            "{} needs a failing and a passing example",
            info.code
        );
        // Every code selected, so that codes off by default show their examples too.
        let validator = match info.level {
            CodeLevel::Parse | CodeLevel::Schema | CodeLevel::Normative => {
                Validator::new(Level::Normative)
            }
            CodeLevel::Receiver | CodeLevel::Artifact | CodeLevel::HandoffMd => {
                Validator::new(Level::Receiver).with_receiver(example_context(dir.path()))
            }
        }
        .with_selection(Selection::all());
        for (i, example) in examples.iter().enumerate() {
            // A failing example that `hcr fix` repairs (a `fixed` example follows it before
            // the next failing one) may also miss the property the fix restores (HCR101):
            // `hcr fix` renames what stands in its place.
            let repaired = examples[i + 1..]
                .iter()
                .take_while(|e| e.passing)
                .any(|e| e.fixed.is_some());
            let document = example.document();
            if !example.whole_document {
                assert!(
                    serde_json::from_str::<serde_json::Value>(example.text).is_ok(),
                    "{}: a patch example is JSON",
                    info.code
                );
            }
            let report = validator.validate_str(&document);
            if example.passing {
                assert!(
                    !report.has(info.code),
                    "{} passing example reports it: {report:#?}",
                    info.code
                );
                if !example.whole_document {
                    assert!(
                        report.diagnostics().is_empty(),
                        "{} passing example is clean: {report:#?}",
                        info.code
                    );
                }
            } else if example.whole_document {
                assert!(
                    report.has(info.code),
                    "{} failing example reports it: {report:#?}",
                    info.code
                );
            } else if repaired {
                let mut found = codes(&report);
                found.retain(|code| *code != "HCR101");
                assert_eq!(
                    found,
                    vec![info.code.as_str()],
                    "{} failing example reports its code (and only HCR101 besides)",
                    info.code
                );
            } else {
                assert_eq!(
                    codes(&report),
                    vec![info.code.as_str()],
                    "{} failing example reports exactly its code",
                    info.code
                );
            }
        }
    }
}

#[test]
fn the_example_base_is_a_clean_record() {
    let dir = tempfile::tempdir().expect("tempdir");
    let context = example_context(dir.path());
    let report = Validator::new(Level::Receiver)
        .with_receiver(context)
        .validate_str(hcr_validate::EXAMPLE_BASE);
    assert!(
        report.valid() && report.diagnostics().is_empty(),
        "{report:#?}"
    );
}
