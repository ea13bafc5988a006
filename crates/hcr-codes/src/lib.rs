//! The diagnostic codes of [hcr](https://github.com/hcr-dev/hcr): what can be said about a
//! Handoff Continuity Record, each thing once.
//!
//! - [`Code`] and the code table ([`registry`]): each code's name, level, default severity, on
//!   or off by default, its **basis** (the contract's sentence or keyword, or hcr's reason for
//!   its own advice), a summary, help, and a long explanation with a failing and a passing
//!   example (`src/explain/HCRxxx.md`).
//! - [`Diagnostic`]: one finding as data (code, severity, pointer, span, message, help), and
//!   [`WireDiagnostic`], the one JSON shape every output writes.
//! - [`Selection`]: which codes a project reports, and how seriously.
//!
//! ```
//! use hcr_codes::{Basis, Code, Diagnostic, Severity};
//! use hcr_json::JsonPointer;
//!
//! let found = Diagnostic::new(Code::Hcr205, JsonPointer::root().key("evidence"), "a repeated id");
//! assert_eq!(found.severity, Code::Hcr205.default_severity());
//! assert!(matches!(Code::Hcr101.info().basis, Basis::Schema(_)));
//! assert_eq!("duplicate-evidence-id".parse::<Code>()?, Code::Hcr205);
//! # let _ = Severity::Error;
//! # Ok::<(), hcr_codes::UnknownCode>(())
//! ```

mod code;
mod diagnostic;
mod selection;
mod severity;
pub mod suggest;

pub use code::{
    ALL_CODES, Basis, CODE_COUNT, Code, CodeInfo, CodeLevel, EXAMPLE_BASE, Example,
    RECEIVER_EXAMPLE_CONTEXT, UnknownCode, registry,
};
pub use diagnostic::{Diagnostic, WireDiagnostic};
pub use selection::{Action, Group, Selection, SelectionError, Target, parse_targets};
pub use severity::{Severity, counted};
