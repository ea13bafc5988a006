//! A project's choices for hcr: its configuration file (`hcr.toml`: which codes, at which
//! severity, per path; the level, the glob, the limits), its baseline of known findings, and
//! the resolution of a request to validate ([`Request`]) that every front end shares.
//!
//! The front ends (the command line, the MCP server, the Python and Node packages) only parse
//! their arguments into these types ([`frontend`]: what the two packages share); deciding what a record is checked with, and which findings a
//! baseline hides, happens here.
//!
//! ```
//! use std::path::Path;
//! use hcr_project::{Change, Choices, Config};
//! use hcr_validate::{Action, Code, Severity};
//!
//! let config = Config::parse(
//!     Path::new("hcr.toml"),
//!     "ignore = [\"hcr\"]\n[[overrides]]\npaths = [\"legacy/**\"]\nignore = [\"schema\"]\n",
//! )?;
//! let command_line = vec![Change::parse(Action::Warn, "HCR205")?];
//! let choices = Choices::new(Some(config), command_line, Path::new("."));
//! assert_eq!(choices.selection().severity(Code::Hcr205), Some(Severity::Warning));
//! assert_eq!(choices.selection().severity(Code::Hcr210), None);
//! assert_eq!(choices.selection_for(Path::new("legacy/a.json")).severity(Code::Hcr101), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod baseline;
mod change;
pub mod config;
pub mod frontend;
pub mod request;
mod rules;

pub use baseline::{Baseline, BaselineError, Fingerprint};
pub use change::Change;
pub use config::{Config, ConfigError, LimitSettings, discover, discover_within};
pub use request::{Bounds, Request, RequestError, Resolved};
pub use rules::Choices;
