//! Interop against the reference implementations' test vectors and behaviour, on real files.

mod goal_handover;
mod handoff_md;
mod handoff_md_real;
mod handover_brief;
mod spec_handoff;

use std::path::PathBuf;

/// The spec-handoff vectors produced by the reference writer (kept in the repository; see
/// `tests/data/spec-handoff-vectors/README.md`).
pub(crate) fn vectors() -> serde_json::Value {
    let path: PathBuf = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/spec-handoff-vectors/vectors.json");
    let text = std::fs::read_to_string(&path).expect("the vectors are in the repository");
    serde_json::from_str(&text).expect("the vectors are JSON")
}

/// Every code of `level` has a failing and a passing example in its explanation, and `lint`
/// gives exactly that code for the failing ones and nothing for the passing ones.
pub(crate) fn examples_lint_as_they_say(
    level: hcr_validate::CodeLevel,
    lint: fn(&str) -> hcr_validate::Report,
) -> usize {
    let infos: Vec<_> = hcr_validate::registry()
        .iter()
        .filter(|i| i.level == level)
        .collect();
    for info in &infos {
        let examples = info.examples();
        assert!(
            examples.iter().any(|e| e.passing) && examples.iter().any(|e| !e.passing),
            "{} needs a failing and a passing example",
            info.code
        );
        for example in examples {
            let codes = lint(example.text).codes();
            if example.passing {
                assert!(codes.is_empty(), "{} passing: {codes:?}", info.code);
            } else {
                assert_eq!(codes, [info.code], "{} failing", info.code);
            }
        }
    }
    infos.len()
}
