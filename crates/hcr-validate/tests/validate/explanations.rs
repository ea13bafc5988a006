//! Every code's explanation has a failing and a passing example, and they do what they say.

use hcr_validate::{Code, CodeLevel, Level, Validator, registry};

use crate::codes;

/// Codes about the input rather than a document, which no example can show.
const WITHOUT_EXAMPLES: &[(Code, &str)] = &[
    (Code::Hcr005, "concerns reading the file, not its content"),
    (Code::Hcr006, "depends on the --max-diagnostics limit"),
];

#[test]
fn every_example_shows_its_code() {
    for info in registry() {
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
        let level = match info.level {
            CodeLevel::Parse | CodeLevel::Schema | CodeLevel::Normative => Level::Normative,
            CodeLevel::Receiver => Level::Receiver,
        };
        for example in examples {
            let document = example.document();
            if !example.whole_document {
                assert!(
                    serde_json::from_str::<serde_json::Value>(example.text).is_ok(),
                    "{}: a patch example is JSON",
                    info.code
                );
            }
            let report = Validator::new(level).validate_str(&document);
            if example.passing {
                assert!(
                    !report.has(info.code),
                    "{} passing example reports it: {report:#?}",
                    info.code
                );
                if !example.whole_document {
                    assert!(
                        report.diagnostics.is_empty(),
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
    let report = Validator::new(Level::Receiver).validate_str(hcr_validate::EXAMPLE_BASE);
    assert!(report.valid && report.diagnostics.is_empty(), "{report:#?}");
}
