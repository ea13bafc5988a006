//! Agreement with the two authorities: the canonical schema and the reference validator.

use hcr_validate::{Code, Level, Validator, registry};
use serde_json::Value;

/// Every document the agreement tests run over: examples, their single-place mutations, the
/// code table's examples and the conformance suite.
fn corpus() -> &'static [Vec<u8>] {
    static CORPUS: std::sync::OnceLock<Vec<Vec<u8>>> = std::sync::OnceLock::new();
    CORPUS.get_or_init(build_corpus)
}

fn build_corpus() -> Vec<Vec<u8>> {
    let mut documents = Vec::new();
    for (_, example) in hcr_testkit::examples() {
        for mutated in hcr_testkit::mutations(&example) {
            documents.push(serde_json::to_vec_pretty(&mutated).unwrap_or_default());
        }
        documents.push(serde_json::to_vec_pretty(&example).unwrap_or_default());
    }
    for info in registry() {
        for example in info.examples() {
            documents.push(example.document().into_bytes());
        }
    }
    documents.extend(
        hcr_testkit::suite_cases()
            .into_iter()
            .map(|(_, bytes)| bytes),
    );
    documents
}

/// A record hcr calls valid at the normative level passes the reference validator (modelled
/// independently in hcr-testkit from its documented behaviour).
#[test]
fn normative_valid_implies_reference_valid() {
    let validator = Validator::new(Level::Normative);
    let (mut accepted, mut rejected_by_reference) = (0, 0);
    for bytes in corpus() {
        let report = validator.validate_bytes(bytes);
        let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
            assert!(!report.valid());
            continue;
        };
        let reference = hcr_testkit::reference::errors(&value);
        if report.valid() {
            accepted += 1;
            assert!(
                reference.is_empty(),
                "hcr accepts what the reference rejects ({reference:?}):\n{}",
                String::from_utf8_lossy(bytes)
            );
        } else if !reference.is_empty() {
            rejected_by_reference += 1;
        }
    }
    assert!(
        accepted > 500 && rejected_by_reference > 500,
        "{accepted} {rejected_by_reference}"
    );
}

/// hcr's schema level says what the jsonschema crate says with the canonical schema, except
/// for what the parse level refuses (duplicate keys, encodings, limits).
#[test]
fn schema_level_agrees_with_the_canonical_schema() {
    let canonical = crate::canonical_schema();
    let ours = Validator::new(Level::Schema);
    for bytes in corpus() {
        let report = ours.validate_bytes(bytes);
        let parse_level = report.diagnostics().iter().any(|d| {
            matches!(
                d.code,
                Code::Hcr001 | Code::Hcr002 | Code::Hcr003 | Code::Hcr004
            )
        });
        let Ok(value) = serde_json::from_slice::<Value>(bytes) else {
            continue;
        };
        if parse_level {
            continue;
        }
        assert_eq!(
            report.valid(),
            canonical.is_valid(&value),
            "{report:#?}\n{}",
            String::from_utf8_lossy(bytes)
        );
    }
}

/// Every normative rule is exercised by the corpus, in both directions.
#[test]
fn the_corpus_exercises_every_normative_code() {
    let validator = Validator::new(Level::Normative).with_selection(hcr_validate::Selection::all());
    let reports: Vec<_> = corpus()
        .iter()
        .map(|b| validator.validate_bytes(b))
        .collect();
    for info in registry() {
        if matches!(info.code, Code::Hcr005 | Code::Hcr006)
            || matches!(
                info.level,
                hcr_validate::CodeLevel::Receiver
                    | hcr_validate::CodeLevel::Artifact
                    | hcr_validate::CodeLevel::HandoffMd
            )
        {
            continue;
        }
        assert!(
            reports.iter().any(|r| r.has(info.code)),
            "{} never fires",
            info.code
        );
    }
}
