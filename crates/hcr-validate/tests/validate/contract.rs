//! The default verdict is the contract's: on 10,000 generated records, hcr's verdict equals
//! "the canonical schema accepts it, the reference validator accepts it, and it holds no
//! secret", with the ground truth taken from the generator's labels and the two authorities,
//! never from hcr.

use hcr_testkit::corpus::{self, Rng, VARIATIONS, Variation};
use hcr_validate::{Level, Validator};

const RECORDS: usize = 10_000;

#[test]
fn the_default_verdict_is_schema_and_reference_and_no_secret() {
    let canonical = crate::canonical_schema();
    let validator = Validator::new(Level::Normative);
    let mut rng = Rng::new(0xC0_47AC7);
    let (mut valid, mut advised, mut warned) = (0, 0, 0);
    let mut disagreements = Vec::new();
    for index in 0..RECORDS {
        let evidence = 2 + rng.below(5);
        let mut record = corpus::record(&mut rng, index, evidence);
        // Half the records as generated; the rest with one to three labelled changes.
        let mut secret = false;
        let mut labels = Vec::new();
        if rng.below(2) == 0 {
            for _ in 0..=rng.below(3) {
                let which = rng.below(VARIATIONS);
                let variation = corpus::vary(&mut rng, &mut record, which);
                secret |= matches!(variation, Variation::Secret(_));
                labels.push(variation);
            }
        }
        let expected = canonical.is_valid(&record)
            && hcr_testkit::reference::errors(&record).is_empty()
            && !secret;
        // The generator's labels agree with the authorities (a check of the corpus itself).
        if labels.iter().all(|v| matches!(v, Variation::Accepted(_))) {
            assert!(
                expected,
                "an accepted change is rejected by the contract: {labels:?}"
            );
        }
        let bytes = serde_json::to_vec_pretty(&record).expect("serializes");
        let report = validator.validate_bytes(&bytes);
        if report.valid() != expected || report.conformant() != expected {
            disagreements.push(format!(
                "record {index} ({labels:?}): expected {expected}, hcr valid {} conformant {}: {:?}",
                report.valid(),
                report.conformant(),
                report.codes()
            ));
        }
        valid += usize::from(expected);
        if expected && !labels.is_empty() {
            advised += 1;
            warned += usize::from(!report.diagnostics().is_empty());
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {RECORDS} records:\n{}",
        disagreements.len(),
        disagreements[..disagreements.len().min(20)].join("\n")
    );
    // The corpus exercises both sides, and hcr's advice where it applies.
    assert!(
        valid > RECORDS / 2 && valid < RECORDS * 9 / 10,
        "{valid} valid"
    );
    assert!(
        advised > RECORDS / 10,
        "{advised} valid records with changes"
    );
    assert!(
        warned > advised / 2,
        "{warned} of {advised} advised records warned"
    );
}
