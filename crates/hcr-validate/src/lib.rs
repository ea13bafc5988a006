//! Validation of [Handoff Continuity Records](https://handover.sh/protocol) v1.0.
//!
//! `hcr-validate` decides whether a record conforms and says exactly why not. Validation never
//! fails: every input, however broken, gives a [`Report`] of [`Diagnostic`]s, each with a
//! stable [`Code`], a [`Severity`], the JSON Pointer of the offending value, its line and
//! column, a one-sentence message and a help line.
//!
//! A record is checked at one of three [`Level`]s, each including the one before:
//!
//! - **schema**: parse-level problems (HCR001–HCR006: syntax, duplicate keys, limits,
//!   encoding) and the canonical JSON Schema with `format` asserted (HCR101–HCR113);
//! - **normative** (the default): also the publisher's reference validator and the v1.0
//!   README's producer rules (HCR201–HCR210), secrets included;
//! - **receiver**: also checks against the receiver's [`ReceiverContext`].
//!
//! ```
//! use hcr_validate::{Code, Level, Severity, Validator};
//!
//! let record = r#"{
//!   "schemaVersion": "1.0",
//!   "objective": {"summary": "Ship the fix.", "acceptanceCriteria": []},
//!   "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": []},
//!   "decisions": [], "evidence": [], "constraints": [],
//!   "nextAction": {"summary": " ", "verification": "CI is green."},
//!   "ownership": {"nextActor": {"id": "agent:fixer", "type": "agent"}},
//!   "openReview": []
//! }"#;
//!
//! // The schema accepts " " as text...
//! assert!(Validator::new(Level::Schema).validate_str(record).valid());
//!
//! // ...the normative level does not, and warns about the missing criteria.
//! let report = Validator::new(Level::Normative).validate_str(record);
//! assert!(!report.valid());
//! let found: Vec<_> = report
//!     .diagnostics()
//!     .iter()
//!     .map(|d| (d.code, d.severity, d.pointer.as_str(), d.line().unwrap_or(0)))
//!     .collect();
//! assert_eq!(found, [
//!     (Code::Hcr210, Severity::Warning, "/objective/acceptanceCriteria", 3),
//!     (Code::Hcr201, Severity::Error, "/nextAction/summary", 6),
//! ]);
//! ```
//!
//! The code table ([`registry`]) carries each code's name, level, default severity, summary,
//! help and a long explanation with a failing and a passing example.

mod hints;
mod indexing;
mod level;
#[cfg(feature = "oracle")]
#[doc(hidden)]
pub mod oracle;
mod parse;
pub mod receiver;
mod report;
mod revision_numbers;
mod rules;
mod schema;
mod sink;
mod validator;

pub use hcr_codes::{
    ALL_CODES, Action, Basis, CODE_COUNT, Code, CodeInfo, CodeLevel, Diagnostic, EXAMPLE_BASE,
    Example, Group, RECEIVER_EXAMPLE_CONTEXT, Selection, SelectionError, Severity, Target,
    UnknownCode, WireDiagnostic, counted, parse_targets, registry,
};
pub use hcr_json::{Limit, Limits, MAX_JSON_VALUES, Position, Span, Spelling, count_values};
pub use level::{Level, UnknownLevel};
pub use receiver::ReceiverContext;
pub use report::Report;
pub use schema::{SCHEMA_JSON, SchemaFacts};
pub use validator::Validator;

/// The secret scanner ([`hcr_secrets`]) as a record is scanned: the schema's property names
/// ([`property_names`]) are fixed words of the format, never secrets.
pub mod secrets {
    pub use hcr_secrets::*;

    /// Every secret in `value`, a record or a part of one.
    ///
    /// ```
    /// use hcr_validate::secrets::{Shape, scan_value};
    ///
    /// let record = serde_json::json!({"extensions": {"com.example/ci": {"password": "Hunter2x9Qzz"}}});
    /// let found = scan_value(&record);
    /// assert_eq!(
    ///     (found[0].shape, found[0].pointer.as_str()),
    ///     (Shape::Pair, "/extensions/com.example~1ci/password")
    /// );
    /// ```
    #[must_use]
    pub fn scan_value(value: &serde_json::Value) -> Vec<DocumentFinding> {
        hcr_secrets::scan_value(value, crate::property_names())
    }

    /// The secrets of `value`, a record or a part of one, ready to be masked in any text.
    #[must_use]
    pub fn of_record(value: &serde_json::Value) -> SecretSet {
        SecretSet::from_value(value, crate::property_names())
    }
}

/// The property names the canonical schema declares, numbered: the fixed words of the format.
/// Every record is read with them ([`hcr_json::KeyTable`]), so that the schema walk finds a
/// member's place, and the secret scan a fixed word, without a lookup.
#[must_use]
pub fn property_names() -> &'static hcr_json::KeyTable {
    schema::property_names()
}

/// Parses `bytes` as one JSON value within `limits` (size, depth, string and array lengths,
/// object members), refusing repeated keys and invalid encodings, without checking it as a
/// record: for JSON that is not a record (a patch, a request argument). The error is the
/// HCR001–HCR004 diagnostic a record would get, without its place.
///
/// ```
/// use hcr_validate::{Code, Limits, parse_json};
///
/// assert_eq!(parse_json(br#"{"a": [1, 2]}"#, &Limits::default())?["a"][1], 2);
/// let repeated = parse_json(br#"{"a": 1, "a": 2}"#, &Limits::default()).unwrap_err();
/// assert_eq!(repeated.code, Code::Hcr002);
/// # Ok::<(), Box<hcr_validate::Diagnostic>>(())
/// ```
///
/// # Errors
/// The diagnostic of the first problem.
pub fn parse_json(bytes: &[u8], limits: &Limits) -> Result<serde_json::Value, Box<Diagnostic>> {
    hcr_json::parse_value(bytes, limits).map_err(|e| parse::diagnostic(*e))
}

/// The validator's phases, one by one, for the benchmarks (`--features internals`). Not a
/// stable API.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod internals {
    use crate::sink::{Input, Sink};
    use hcr_json::Document;

    /// A record parsed into the checks' tree, to time each phase on its own.
    pub struct Parsed<'a>(Document<'a>);

    fn sink() -> Sink {
        Sink::new(
            usize::MAX,
            crate::Selection::default(),
            crate::Spelling::Field,
        )
    }

    impl<'a> Parsed<'a> {
        /// Parses with duplicate detection and limits; `None` for a parse error.
        #[must_use]
        pub fn new(bytes: &'a [u8]) -> Option<Self> {
            crate::parse::parse(bytes, &crate::Limits::default())
                .ok()
                .map(Self)
        }

        /// The number of values.
        #[must_use]
        pub fn values(&self) -> usize {
            self.0.tree.len()
        }

        /// The schema level's walk; the number of diagnostics.
        #[must_use]
        pub fn schema(&self) -> usize {
            let mut sink = sink();
            crate::schema::check(self.0.tree.root(), &mut sink);
            sink.diagnostics.len()
        }

        /// The normative rules, secrets included; the number of diagnostics.
        #[must_use]
        pub fn rules(&self) -> usize {
            let mut sink = sink();
            let input = Input::new(&self.0.tree, &self.0.overwritten);
            crate::rules::check(&input, &mut sink);
            sink.diagnostics.len()
        }

        /// The secret scan alone (HCR204's walk); the number of secrets.
        #[must_use]
        pub fn secrets(&self) -> usize {
            let mut found = 0;
            crate::secrets::walk_tree(
                &self.0.tree,
                0,
                &hcr_types::JsonPointer::root(),
                None,
                crate::property_names(),
                &mut |_| found += 1,
            );
            found
        }
    }
}

/// `record.validate()` for typed records: [`Validator::validate_record`] at the normative
/// level.
///
/// ```
/// use hcr_types::{Actor, Record};
/// use hcr_validate::ValidateRecord as _;
///
/// let record = Record::builder()
///     .objective("Ship the fix.", ["The test passes."])
///     .next_action("Deploy with password=T7x!q9Lm2#vR4zK8", "The deploy log says ok.")
///     .next_actor(Actor::agent("agent:deployer")?)
///     .build()?;
/// // The builder does not scan for secrets; the validator does.
/// let report = record.validate();
/// assert!(!report.valid());
/// assert_eq!(report.codes(), [hcr_validate::Code::Hcr204]);
/// # Ok::<(), hcr_types::Error>(())
/// ```
pub trait ValidateRecord {
    /// The normative-level report on this record.
    fn validate(&self) -> Report;
}

impl ValidateRecord for hcr_types::Record {
    fn validate(&self) -> Report {
        Validator::new(Level::Normative).validate_record(self)
    }
}
