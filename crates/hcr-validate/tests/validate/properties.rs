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
            prop_assert!(report.valid() || !report.diagnostics().is_empty());
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
        for d in first.diagnostics() {
            let span = d.span.expect("located");
            prop_assert!(span.start.offset <= bytes.len() && span.end.offset <= bytes.len());
            prop_assert!(span.start.line >= 1 && span.start.column >= 1);
        }
        // And in document order.
        let offsets: Vec<usize> = first.diagnostics().iter().filter_map(|d| d.span.map(|s| s.start.offset)).collect();
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

/// Whether a diagnostic at `found` belongs to a mutation at `place`: at the place, inside it,
/// at one of its ancestors (a parent that now lacks or repeats something), or elsewhere in the
/// same top-level member (rules that compare siblings: duplicate ids, `supersedes`, ordering
/// of revisions within a review item).
fn belongs(found: &str, place: &str) -> bool {
    let top = |p: &str| p.split('/').nth(1).map(str::to_owned);
    place.starts_with(found) || found.starts_with(place) || top(found) == top(place)
}

fn valid_examples() -> Vec<serde_json::Value> {
    hcr_testkit::examples()
        .into_iter()
        .map(|(_, value)| value)
        .collect()
}

fn pointers_of(value: &serde_json::Value) -> Vec<String> {
    let mut pointers = Vec::new();
    hcr_testkit::collect_pointers(value, String::new(), &mut pointers);
    pointers.retain(|p| !p.is_empty());
    pointers
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    /// A valid record changed in one place gets diagnostics for that place and nowhere else.
    #[test]
    fn a_change_in_one_place_is_reported_only_there(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        probe in any::<prop::sample::Index>(),
        text in "\\PC{0,12}",
        op in 0u8..4,
    ) {
        let examples = valid_examples();
        let example = which.get(&examples);
        let pointers = pointers_of(example);
        let place = at.get(&pointers).clone();
        let mut mutated = example.clone();
        let probes = hcr_testkit::probes();
        match op {
            0 => *mutated.pointer_mut(&place).expect("present") = probe.get(&probes).clone(),
            1 => *mutated.pointer_mut(&place).expect("present") = text.clone().into(),
            2 => {
                // Remove the member or item at the place.
                let (parent, last) = place.rsplit_once('/').expect("not the root");
                let key = last.replace("~1", "/").replace("~0", "~");
                match mutated.pointer_mut(parent).expect("parent") {
                    serde_json::Value::Object(map) => { map.shift_remove(&key); }
                    serde_json::Value::Array(items) => { items.remove(key.parse::<usize>().expect("index")); }
                    _ => unreachable!("a parent is a container"),
                }
            }
            _ => {
                if let Some(serde_json::Value::Object(map)) = mutated.pointer_mut(&place) {
                    map.insert("unexpected".into(), text.clone().into());
                }
            }
        }
        let text = serde_json::to_string_pretty(&mutated).expect("JSON");
        let report = Validator::new(Level::Normative).validate_str(&text);
        for d in report.diagnostics() {
            prop_assert!(
                belongs(d.pointer.as_str(), &place),
                "a change at {place} was reported at {}: {} {}",
                d.pointer.as_str(), d.code.as_str(), d.message
            );
        }
    }
}
