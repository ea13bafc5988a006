//! Revision numbers as written: the checks on a revision's JSON number that the schema's
//! `integer` type cannot make.
//!
//! - HCR114: above 2^53 − 1, which not every JSON reader holds exactly (RFC 8259, section 6);
//! - HCR110: written as a fraction or exponent (`1.0000000000000001`) that a double rounds to
//!   an integer, which only the source text shows.

use hcr_types::{JsonPointer, Revision};

use crate::sink::Sink;
use crate::sink::field;
use crate::{Code, Diagnostic};
use hcr_json::Anchor;
use hcr_json::{Json, Tree};

/// Where a revision number is.
#[derive(Clone, Copy)]
pub(crate) enum Place {
    /// `/provenance/sourceRevision`.
    Source,
    /// `/openReview/<index>/<key>`.
    Review(usize, &'static str),
}

impl Place {
    pub(crate) fn pointer(self) -> JsonPointer {
        let root = JsonPointer::root();
        match self {
            Self::Source => root.key("provenance").key("sourceRevision"),
            Self::Review(index, key) => root.key("openReview").index(index).key(key),
        }
    }
}

/// Every revision number of `value` that is a JSON number, with where it is, when one of
/// the checks below could report one: none when no number of the document is one they
/// report wherever it is (nearly every record: its numbers are small integers and
/// fractions such as `12.5`).
pub(crate) fn revision_numbers<'t>(value: Json<'t, '_>) -> Vec<(Place, &'t serde_json::Number)> {
    if value.tree().numbers().iter().all(neither_check_reports) {
        return Vec::new();
    }
    every_revision_number(value)
}

/// Whether neither check reports `n`, wherever it is: [`unsafe_revisions`] reports an
/// integer above 2^53 − 1 (a `u64`, or a double without a fraction) and
/// [`rounded_revisions`] looks only at a double without a fraction (`is_f64`); so an
/// integer of at most 2^53 − 1, a negative integer (`is_i64`, held as no double) and a
/// double with a fraction are reported by neither. Asked of every number of the document
/// (a dozen or so), it spares the walk to the revision numbers (about 3,000 instructions a
/// record).
fn neither_check_reports(n: &serde_json::Number) -> bool {
    match n.as_u64() {
        Some(u) => u <= Revision::MAX,
        None => n.is_i64() || n.as_f64().is_none_or(|f| f.fract() != 0.0),
    }
}

/// Every revision number of `value` that is a JSON number, with where it is.
fn every_revision_number<'t>(value: Json<'t, '_>) -> Vec<(Place, &'t serde_json::Number)> {
    let mut found = Vec::new();
    let source = value
        .at_tokens(["provenance", "sourceRevision"])
        .and_then(Json::as_number);
    if let Some(n) = source {
        found.push((Place::Source, n));
    }
    if let Some(items) = value.get("openReview").and_then(Json::as_array) {
        for (i, item) in items.enumerate() {
            let keys = ["revision", "resolvedByRevision"];
            for (key, value) in keys.into_iter().zip(item.get_each(keys)) {
                if let Some(n) = value.and_then(Json::as_number) {
                    found.push((Place::Review(i, key), n));
                }
            }
        }
    }
    found
}

/// HCR114 for revision numbers the schema accepts but that exceed 2^53 − 1 (RFC 8259,
/// section 6: not every reader holds them exactly).
pub(crate) fn unsafe_revisions(numbers: &[(Place, &serde_json::Number)], out: &mut Sink) {
    for &(place, n) in numbers {
        let max = Revision::MAX;
        #[allow(clippy::cast_precision_loss)] // 2^53 - 1 is exact as a double
        let above = n.as_u64().map_or_else(
            || {
                n.as_f64()
                    .is_some_and(|f| f.fract() == 0.0 && f > max as f64)
            },
            |u| u > max,
        );
        if above {
            let pointer = place.pointer();
            let at = field(&pointer);
            out.push(Diagnostic::new(
                Code::Hcr114,
                pointer,
                format!(
                    "{at} is above {}, beyond what every JSON reader holds exactly",
                    Revision::MAX
                ),
            ));
        }
    }
}

/// HCR110 for revision numbers written as a fraction or exponent that a double rounds to an
/// integer though the number written is not one (`1.0000000000000001`, `0.99999999999999999`).
/// `source` is the text `tree` was parsed from, and `numbers` its revision numbers; the text is
/// read only when such a literal is there, so that valid records pay nothing for this check.
pub(crate) fn rounded_revisions(
    tree: &Tree<'_>,
    source: &str,
    numbers: &[(Place, &serde_json::Number)],
    out: &mut Sink,
) {
    let suspects: Vec<JsonPointer> = numbers
        .iter()
        .filter(|(_, n)| n.is_f64() && n.as_f64().is_some_and(|f| f.fract() == 0.0))
        .map(|&(place, _)| place.pointer())
        .collect();
    if suspects.is_empty() {
        return;
    }
    let text = source;
    let requests: Vec<_> = suspects.iter().map(|p| (p, Anchor::Value)).collect();
    for (pointer, range) in suspects
        .iter()
        .zip(hcr_json::locate_in(tree, text, &requests))
    {
        let literal = range.and_then(|r| text.get(r)).unwrap_or_default();
        if !literal.is_empty() && !is_integer_literal(literal) {
            out.push(
                Diagnostic::new(
                    Code::Hcr110,
                    pointer.clone(),
                    format!(
                        "{} is written as a number that is not an integer, though a double rounds it to one",
                        field(pointer)
                    ),
                )
                .help("write the revision as a plain integer, e.g. 3"),
            );
        }
    }
}

/// Whether a JSON number literal denotes an integer exactly: no nonzero digit is left after
/// the decimal point once the exponent is applied (`3.0`, `3e0`, `30e-1` are; `3.5` is not).
fn is_integer_literal(literal: &str) -> bool {
    let unsigned = literal.trim_start_matches('-');
    let (mantissa, exponent) = match unsigned.split_once(['e', 'E']) {
        Some((m, e)) => {
            let negative = e.starts_with('-');
            let digits = e.trim_start_matches(['+', '-']);
            // An exponent too long for i64 is far beyond any digit count: saturate.
            let magnitude = digits.parse::<i64>().unwrap_or(i64::MAX / 4);
            (m, if negative { -magnitude } else { magnitude })
        }
        None => (unsigned, 0),
    };
    let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits: Vec<u8> = whole.bytes().chain(fraction.bytes()).collect();
    // The position of the decimal point within `digits` once the exponent is applied.
    let point = i64::try_from(whole.len())
        .unwrap_or(i64::MAX / 4)
        .saturating_add(exponent);
    let fractional_from = usize::try_from(point.max(0)).unwrap_or(usize::MAX);
    digits.iter().skip(fractional_from).all(|&d| d == b'0')
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{
        every_revision_number, is_integer_literal, revision_numbers, rounded_revisions,
        unsafe_revisions,
    };
    use crate::sink::Sink;

    /// Number literals of every kind the two checks tell apart: small integers, the largest
    /// safe one and the next, integers a `u64` or only a double holds, negative ones,
    /// fractions and exponents that a double rounds to an integer or not.
    const LITERALS: &[&str] = &[
        "0",
        "3",
        "-2",
        "9007199254740991",
        "9007199254740992",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775809",
        "3.0",
        "1.0000000000000001",
        "3.5",
        "1e3",
        "30e-1",
        "-1.0",
        "12.5",
        "-0.5",
        "1e-3",
        "9007199254740993.5",
    ];

    /// The HCR110 and HCR114 findings of `text`, its revision numbers found by `find`.
    fn findings(
        text: &str,
        find: for<'t> fn(hcr_json::Json<'t, '_>) -> Vec<(super::Place, &'t serde_json::Number)>,
    ) -> Vec<(String, String)> {
        let document = crate::parse::parse(text.as_bytes(), &crate::Limits::default())
            .expect("the document parses");
        let mut sink = Sink::new(
            1000,
            crate::Selection::default(),
            crate::Spelling::default(),
        );
        let numbers = find(document.tree.root());
        unsafe_revisions(&numbers, &mut sink);
        rounded_revisions(&document.tree, text, &numbers, &mut sink);
        sink.diagnostics
            .into_iter()
            .map(|d| (d.pointer.to_string(), d.message))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 1000, .. ProptestConfig::default() })]

        /// Passing over the revision numbers when every number of the document is an
        /// integer of at most 2^53 − 1 finds what the walk to each of them finds, wherever
        /// the numbers are (a revision's place or elsewhere).
        #[test]
        fn the_revision_numbers_are_passed_over_only_when_neither_check_reports_one(
            source in prop::option::of(prop::sample::select(LITERALS)),
            reviews in prop::collection::vec(
                (prop::option::of(prop::sample::select(LITERALS)), prop::option::of(prop::sample::select(LITERALS))),
                0..4,
            ),
            elsewhere in prop::collection::vec(prop::sample::select(LITERALS), 0..3),
        ) {
            let mut text = String::from("{");
            if let Some(source) = source {
                text.push_str(&format!("\"provenance\": {{\"sourceRevision\": {source}}}, "));
            }
            let items: Vec<String> = reviews
                .iter()
                .map(|(revision, resolved)| {
                    let mut members = vec!["\"id\": \"r\"".to_owned()];
                    members.extend(revision.map(|n| format!("\"revision\": {n}")));
                    members.extend(resolved.map(|n| format!("\"resolvedByRevision\": {n}")));
                    format!("{{{}}}", members.join(", "))
                })
                .collect();
            text.push_str(&format!("\"openReview\": [{}], ", items.join(", ")));
            text.push_str(&format!("\"extensions\": {{\"x\": [{}]}}}}", elsewhere.join(", ")));
            prop_assert_eq!(
                findings(&text, revision_numbers),
                findings(&text, every_revision_number),
                "{}",
                text
            );
        }
    }

    #[test]
    fn integer_literals_are_judged_from_their_digits() {
        for literal in [
            "3",
            "-3",
            "3.0",
            "3e0",
            "30e-1",
            "0.3e1",
            "3.000e+0",
            "1E2",
            "0.0e-99999999999999999999",
            "0.1e1000000000000000000000",
        ] {
            assert!(is_integer_literal(literal), "{literal}");
        }
        for literal in [
            "3.5",
            "1.0000000000000001",
            "0.99999999999999999",
            "35e-1",
            "1e-400",
        ] {
            assert!(!is_integer_literal(literal), "{literal}");
        }
    }
}
