//! hcr against the conformance suite: every case's verdict at every level (the code table's
//! defaults), its codes (every code selected), and verdicts that only the contract decides.

use std::collections::BTreeMap;
use std::path::PathBuf;

use hcr_types::DateTime;
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};
use hcr_validate::{Code, CodeLevel, Level, ReceiverContext, Selection, Severity, Validator};
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
        .actor_id(text("as"))
}

fn manifest() -> Value {
    serde_json::from_slice(&std::fs::read(suite_root().join("manifest.json")).expect("manifest"))
        .expect("JSON")
}

/// The codes a case of the manifest lists.
fn case_codes(case: &Value) -> Vec<Code> {
    case["codes"]
        .as_array()
        .expect("codes")
        .iter()
        .map(|c| {
            c.as_str()
                .and_then(|c| c.parse().ok())
                .expect("a known code")
        })
        .collect()
}

/// Whether `code` is decided at `level` or below.
fn applies(code: Code, level: Level) -> bool {
    match code.level() {
        CodeLevel::Parse | CodeLevel::Schema => true,
        CodeLevel::Normative => level >= Level::Normative,
        CodeLevel::Receiver => level == Level::Receiver,
        CodeLevel::Artifact | CodeLevel::HandoffMd => false,
    }
}

#[test]
fn hcr_passes_every_case_at_every_level() {
    let manifest = manifest();
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
        let expected = case_codes(case);
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
            let verdict = if report.valid() { "valid" } else { "invalid" };
            if case["expected"][level.as_str()] != verdict {
                failures.push(format!(
                    "{id} at {level}: expected {}, got {verdict}: {:?}",
                    case["expected"][level.as_str()],
                    report.codes()
                ));
            }
            let mut found = validator
                .clone()
                .with_selection(Selection::all())
                .validate_bytes(&bytes)
                .codes();
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
            && !matches!(info.level, CodeLevel::Artifact | CodeLevel::HandoffMd)
        {
            assert!(
                covered.contains(&info.code),
                "no case reports {}",
                info.code
            );
        }
    }
}

/// Whether `code` can make a record invalid at `level`: an error the contract decides (or a
/// limit, or the receiver's own findings) at that level or below.
fn can_invalidate(code: Code, level: Level) -> bool {
    applies(code, level) && code.default_severity() == Severity::Error && !code.is_recommendation()
}

#[test]
fn every_code_states_its_basis_and_only_the_contract_decides_verdicts() {
    for info in hcr_validate::registry() {
        assert!(
            !info.basis.detail().is_empty(),
            "{} has no basis",
            info.code
        );
        if info.code.is_recommendation() {
            assert_ne!(
                info.severity,
                Severity::Error,
                "{} is hcr's recommendation: a warning or off by default",
                info.code
            );
        }
    }
    let manifest = manifest();
    let mut recommendations = 0;
    for case in manifest["cases"].as_array().expect("cases") {
        let id = case["id"].as_str().expect("id");
        let codes = case_codes(case);
        let tagged = case["tags"]
            .as_array()
            .is_some_and(|tags| tags.iter().any(|t| t == "hcr-recommendation"));
        let only_advice = !codes.is_empty() && codes.iter().all(|c| c.is_recommendation());
        assert_eq!(
            tagged, only_advice,
            "{id}: tagged hcr-recommendation exactly when it shows only hcr's advice"
        );
        recommendations += usize::from(tagged);
        for level in Level::ALL {
            if case["expected"][level.as_str()] == "invalid" {
                assert!(
                    codes.iter().any(|c| can_invalidate(*c, level)),
                    "{id} is invalid at {level} without an error the contract decides: {codes:?}"
                );
            }
            if only_advice {
                assert_eq!(case["expected"][level.as_str()], "valid", "{id} at {level}");
            }
        }
    }
    assert!(
        recommendations >= 10,
        "hcr's recommendations have cases: {recommendations}"
    );
}
