//! hcr against the conformance suite: every case's verdict at every level, and its codes.

use std::collections::BTreeMap;
use std::path::PathBuf;

use hcr_types::DateTime;
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};
use hcr_validate::{Code, CodeLevel, Level, ReceiverContext, Validator};
use serde_json::Value;

fn suite_root() -> PathBuf {
    hcr_testkit::workspace_root().join("conformance-suite")
}

fn context(manifest: &Value, name: &str) -> ReceiverContext {
    let root = suite_root();
    let spec = &manifest["contexts"][name];
    let text = |key: &str| {
        spec[key]
            .as_str()
            .unwrap_or_else(|| panic!("context {name} has {key}"))
    };
    ReceiverContext::new()
        .artifacts(
            ArtifactStore::open(&root.join(text("artifacts")), 1 << 20).expect("artifacts folder"),
        )
        .revisions(RevisionIndex::open(&root.join(text("revisions"))).expect("revisions folder"))
        .now(DateTime::parse(text("now")).expect("date-time"))
        .receiver(text("as"))
}

/// Whether `code` is decided at `level` or below.
fn applies(code: Code, level: Level) -> bool {
    match code.level() {
        CodeLevel::Parse | CodeLevel::Schema => true,
        CodeLevel::Normative => level >= Level::Normative,
        CodeLevel::Receiver => level == Level::Receiver,
        CodeLevel::Artifact => false,
    }
}

#[test]
fn hcr_passes_every_case_at_every_level() {
    let manifest: Value = serde_json::from_slice(
        &std::fs::read(suite_root().join("manifest.json")).expect("manifest"),
    )
    .expect("JSON");
    let cases = manifest["cases"].as_array().expect("cases");
    assert!(cases.len() >= 200, "at least 200 cases");
    let mut contexts = BTreeMap::new();
    let clock = DateTime::parse(
        manifest["contexts"]["default"]["now"]
            .as_str()
            .expect("now"),
    )
    .expect("date-time");
    let mut failures = Vec::new();
    let mut covered = std::collections::BTreeSet::new();
    for case in cases {
        let id = case["id"].as_str().expect("id");
        let bytes = std::fs::read(suite_root().join(case["file"].as_str().expect("file")))
            .expect("case file");
        let expected: Vec<Code> = case["codes"]
            .as_array()
            .expect("codes")
            .iter()
            .map(|c| {
                c.as_str()
                    .and_then(|c| c.parse().ok())
                    .expect("a known code")
            })
            .collect();
        covered.extend(expected.iter().copied());
        for level in Level::ALL {
            // Receiver cases run in their context; the others with the suite's clock only, so
            // that no verdict depends on the day the tests run.
            let receiver = match case["context"].as_str() {
                Some(name) => contexts
                    .entry(name.to_owned())
                    .or_insert_with(|| context(&manifest, name))
                    .clone(),
                None => ReceiverContext::new().now(clock.clone()),
            };
            let validator = Validator::new(level).with_receiver(receiver);
            let report = validator.validate_bytes(&bytes);
            let verdict = if report.valid { "valid" } else { "invalid" };
            if case["expected"][level.as_str()] != verdict {
                failures.push(format!(
                    "{id} at {level}: expected {}, got {verdict}: {:?}",
                    case["expected"][level.as_str()],
                    report.codes()
                ));
            }
            let mut found = report.codes();
            found.sort();
            let wanted: Vec<Code> = expected
                .iter()
                .copied()
                .filter(|c| applies(*c, level))
                .collect();
            if found != wanted {
                failures.push(format!(
                    "{id} at {level}: expected codes {wanted:?}, got {found:?}"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    // Every code a document can show is exercised by the suite.
    for info in hcr_validate::registry() {
        if !matches!(info.code, Code::Hcr005 | Code::Hcr006 | Code::Hcr309)
            && info.level != CodeLevel::Artifact
        {
            assert!(
                covered.contains(&info.code),
                "no case reports {}",
                info.code
            );
        }
    }
}
