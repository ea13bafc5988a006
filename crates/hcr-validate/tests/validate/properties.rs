//! Arbitrary input: never a panic, always a deterministic answer.

use hcr_validate::{Level, Validator};
use proptest::prelude::*;

fn example_bytes() -> Vec<Vec<u8>> {
    hcr_testkit::examples()
        .into_iter()
        .filter_map(|(path, _)| std::fs::read(path).ok())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_get_an_answer(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        for level in Level::ALL {
            let report = Validator::new(level).validate_bytes(&bytes);
            prop_assert!(report.valid || !report.diagnostics.is_empty());
        }
    }

    #[test]
    fn mutated_records_get_a_deterministic_answer(
        which in 0usize..6,
        edits in prop::collection::vec((any::<prop::sample::Index>(), any::<u8>(), 0u8..3), 1..8),
    ) {
        let examples = example_bytes();
        let mut bytes = examples[which % examples.len()].clone();
        for (index, byte, op) in edits {
            if bytes.is_empty() { break; }
            let at = index.index(bytes.len());
            match op {
                0 => bytes[at] = byte,
                1 => { bytes.remove(at); }
                _ => bytes.insert(at, byte),
            }
        }
        let validator = Validator::new(Level::Normative);
        let first = validator.validate_bytes(&bytes);
        let second = validator.validate_bytes(&bytes);
        prop_assert_eq!(&first, &second);
        // Every diagnostic is located inside the input.
        for d in &first.diagnostics {
            let span = d.span.expect("located");
            prop_assert!(span.start.offset <= bytes.len() && span.end.offset <= bytes.len());
            prop_assert!(span.start.line >= 1 && span.start.column >= 1);
        }
        // And in document order.
        let offsets: Vec<usize> = first.diagnostics.iter().filter_map(|d| d.span.map(|s| s.start.offset)).collect();
        prop_assert!(offsets.windows(2).all(|w| w[0] <= w[1]));
    }
}

#[test]
fn deep_and_wide_inputs_are_refused_quickly() {
    let validator = Validator::new(Level::Normative);
    let deep = "[".repeat(100_000);
    assert!(
        validator
            .validate_str(&deep)
            .has(hcr_validate::Code::Hcr003)
    );
    let wide = format!("[{}0]", "0,".repeat(5_000_000));
    let report = validator.validate_str(&wide);
    assert!(report.has(hcr_validate::Code::Hcr003), "{report:#?}");
}
