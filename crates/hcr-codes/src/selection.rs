//! Which codes are reported, and how seriously: the defaults of the code table, changed by a
//! project's choices (`--select`, `--ignore`, `--warn`, `--error`, `hcr.toml`).
//!
//! Changes apply in order, each over the result of the ones before:
//!
//! - `select`: only the codes named are reported (off-by-default codes named are turned on);
//! - `ignore`: the codes named are not reported;
//! - `warn`: the codes named are reported as warnings;
//! - `error`: the codes named are reported as errors.
//!
//! A target is a code (`HCR205`), its name (`duplicate-evidence-id`) or a group: `all`,
//! `schema`, `normative`, `receiver`, `hcr` (hcr's own recommendations), `contract` (the codes
//! the contract decides), `secrets` (HCR204). The codes that say a record could not be read or
//! checked (HCR001 to HCR006, HCR309) are never changed: a selection cannot make an unreadable
//! record valid.
//!
//! Selection changes a report and its verdict, never its conformance, which is the
//! contract's ([`Code::decides_conformance`]).
//!
//! ```
//! use hcr_codes::{Code, Selection, Severity};
//!
//! let mut selection = Selection::default();
//! selection.apply_text("ignore", "hcr")?;
//! selection.apply_text("error", "duplicate-evidence-id")?;
//! assert_eq!(selection.severity(Code::Hcr210), None);
//! assert_eq!(selection.severity(Code::Hcr205), Some(Severity::Error));
//! # Ok::<(), hcr_codes::SelectionError>(())
//! ```

use std::fmt;

use crate::Severity;
use crate::code::{ALL_CODES, CODE_COUNT, Code, CodeLevel, registry};

/// How one code is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setting {
    /// Not reported.
    Off,
    /// At the severity the check gives it (usually the code's default).
    Default,
    /// At this severity.
    Forced(Severity),
}

/// Which codes are reported, and at which severity (small and `Copy`: one setting per code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selection {
    settings: [Setting; CODE_COUNT],
}

impl Default for Selection {
    /// The code table's defaults: every code on at its default severity but those off by
    /// default.
    fn default() -> Self {
        let mut settings = [Setting::Default; CODE_COUNT];
        for (setting, info) in settings.iter_mut().zip(registry()) {
            if !info.enabled {
                *setting = Setting::Off;
            }
        }
        Self { settings }
    }
}

/// A group of codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    /// Every code.
    All,
    /// Schema-level codes (HCR1xx).
    Schema,
    /// Normative codes (HCR2xx).
    Normative,
    /// Receiver-level codes (HCR3xx).
    Receiver,
    /// hcr's own recommendations (basis `hcr`).
    Hcr,
    /// Codes the contract decides (JSON, the schema, the reference validator, the README).
    Contract,
    /// The secret scanner (HCR204).
    Secrets,
}

impl Group {
    const ALL: [(&'static str, Self); 7] = [
        ("all", Self::All),
        ("schema", Self::Schema),
        ("normative", Self::Normative),
        ("receiver", Self::Receiver),
        ("hcr", Self::Hcr),
        ("contract", Self::Contract),
        ("secrets", Self::Secrets),
    ];

    fn contains(self, code: Code) -> bool {
        match self {
            Self::All => true,
            Self::Schema => code.level() == CodeLevel::Schema,
            Self::Normative => code.level() == CodeLevel::Normative,
            Self::Receiver => code.level() == CodeLevel::Receiver,
            Self::Hcr => code.is_recommendation(),
            Self::Contract => code.basis().is_contract(),
            Self::Secrets => code == Code::Hcr204,
        }
    }
}

/// What a change names: a code or a group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// One code.
    Code(Code),
    /// A group of codes.
    Group(Group),
}

impl Target {
    fn contains(self, code: Code) -> bool {
        match self {
            Self::Code(c) => c == code,
            Self::Group(g) => g.contains(code),
        }
    }
}

/// A selection option or setting could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SelectionError {
    /// Not a code, a code's name or a group.
    /// What was given is quoted with secrets redacted: a token pasted in the wrong place
    /// is not shown back.
    #[error("`{}` is not a code, a code name or a group{}", hcr_secrets::quote(given, 60), suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    Unknown {
        /// What was given.
        given: String,
        /// The closest known target.
        suggestion: Option<String>,
    },
    /// A code that cannot be changed.
    #[error("{0} cannot be changed: it says the record could not be read or checked")]
    Fixed(Code),
    /// Not one of `select`, `ignore`, `warn`, `error`.
    #[error("`{}` is not a selection (select, ignore, warn or error)", hcr_secrets::quote(.0, 60))]
    Action(String),
}

/// The targets named in `text`: comma-separated codes, names or groups.
///
/// # Errors
/// [`SelectionError::Unknown`], with the closest known target as a suggestion.
pub fn parse_targets(text: &str) -> Result<Vec<Target>, SelectionError> {
    text.split(',')
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(|item| {
            if let Some((_, group)) = Group::ALL
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(item))
            {
                return Ok(Target::Group(*group));
            }
            match item.parse::<Code>() {
                Ok(code) if code.is_fixed() => Err(SelectionError::Fixed(code)),
                Ok(code) => Ok(Target::Code(code)),
                Err(_) => Err(SelectionError::Unknown {
                    given: item.to_owned(),
                    suggestion: suggest(item),
                }),
            }
        })
        .collect()
}

/// The known target nearest to `given` (by edit distance, ignoring case), if near enough.
fn suggest(given: &str) -> Option<String> {
    let given = given.to_ascii_lowercase();
    let names = Group::ALL
        .iter()
        .map(|(n, _)| (*n).to_owned())
        .chain(
            registry()
                .iter()
                .map(|i| i.code.as_str().to_ascii_lowercase()),
        )
        .chain(registry().iter().map(|i| i.name.to_owned()));
    names
        .map(|name| (crate::suggest::distance(&given, &name), name))
        .filter(|(d, name)| *d <= 2.max(name.len() / 4))
        .min_by_key(|(d, _)| *d)
        .map(|(_, name)| {
            name.parse::<Code>()
                .ok()
                .filter(|c| c.as_str().eq_ignore_ascii_case(&name))
                .map_or(name.clone(), |c| c.as_str().to_owned())
        })
}

/// One change.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Report only these.
    Select,
    /// Do not report these.
    Ignore,
    /// Report these as warnings.
    Warn,
    /// Report these as errors.
    Error,
}

impl std::str::FromStr for Action {
    type Err = SelectionError;
    fn from_str(text: &str) -> Result<Self, SelectionError> {
        match text {
            "select" => Ok(Self::Select),
            "ignore" => Ok(Self::Ignore),
            "warn" => Ok(Self::Warn),
            "error" => Ok(Self::Error),
            other => Err(SelectionError::Action(other.to_owned())),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Select => "select",
            Self::Ignore => "ignore",
            Self::Warn => "warn",
            Self::Error => "error",
        })
    }
}

impl Selection {
    /// Every code on, at its default severity (`--select all`).
    #[must_use]
    pub fn all() -> Self {
        Self {
            settings: [Setting::Default; CODE_COUNT],
        }
    }

    /// Applies one change over the current selection.
    pub fn apply(&mut self, action: Action, targets: &[Target]) {
        for (index, code) in ALL_CODES.iter().enumerate() {
            if code.is_fixed() {
                continue;
            }
            let named = targets.iter().any(|t| t.contains(*code));
            let setting = &mut self.settings[index];
            match action {
                Action::Select if !named => *setting = Setting::Off,
                Action::Select if *setting == Setting::Off => *setting = Setting::Default,
                Action::Ignore if named => *setting = Setting::Off,
                Action::Warn if named => *setting = Setting::Forced(Severity::Warning),
                Action::Error if named => *setting = Setting::Forced(Severity::Error),
                _ => {}
            }
        }
    }

    /// Applies a change given as text (`"ignore"`, `"hcr,HCR203"`).
    ///
    /// # Errors
    /// An unknown action or target.
    pub fn apply_text(&mut self, action: &str, targets: &str) -> Result<(), SelectionError> {
        let action: Action = action.parse()?;
        self.apply(action, &parse_targets(targets)?);
        Ok(())
    }

    /// Whether `code` is reported.
    #[must_use]
    pub fn enabled(&self, code: Code) -> bool {
        self.settings[code as usize] != Setting::Off
    }

    /// The severity `code` is reported at by default, or `None` when it is not reported.
    #[must_use]
    pub fn severity(&self, code: Code) -> Option<Severity> {
        match self.settings[code as usize] {
            Setting::Off => None,
            Setting::Default => Some(code.default_severity()),
            Setting::Forced(severity) => Some(severity),
        }
    }

    /// The severity of a finding of `code` that its check gave `given`, or `None` when the
    /// code is not reported.
    #[must_use]
    pub fn adjust(&self, code: Code, given: Severity) -> Option<Severity> {
        match self.settings[code as usize] {
            Setting::Off => None,
            Setting::Default => Some(given),
            Setting::Forced(severity) => Some(severity),
        }
    }

    /// Whether this is the code table's default.
    #[must_use]
    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_changes_override_earlier_ones() {
        let mut s = Selection::default();
        assert_eq!(s.severity(Code::Hcr208), None, "off by default");
        s.apply_text("select", "normative").expect("valid");
        assert_eq!(
            s.severity(Code::Hcr208),
            Some(Severity::Warning),
            "selected: on"
        );
        assert_eq!(s.severity(Code::Hcr102), None, "not selected: off");
        assert_eq!(
            s.severity(Code::Hcr001),
            Some(Severity::Error),
            "never changed"
        );
        s.apply_text("warn", "HCR204").expect("valid");
        s.apply_text("error", "secret-in-record").expect("valid");
        assert_eq!(s.severity(Code::Hcr204), Some(Severity::Error));
        s.apply_text("ignore", "secrets").expect("valid");
        assert_eq!(s.severity(Code::Hcr204), None);
    }

    #[test]
    fn unknown_targets_get_a_suggestion_and_fixed_codes_refuse() {
        let e = parse_targets("HCR2O5").expect_err("unknown");
        assert!(e.to_string().contains("did you mean `HCR205`"), "{e}");
        let e = parse_targets("duplicate-evidence").expect_err("unknown");
        assert!(
            e.to_string()
                .contains("did you mean `duplicate-evidence-id`"),
            "{e}"
        );
        let e = parse_targets("HCR001").expect_err("fixed");
        assert!(e.to_string().contains("cannot be changed"), "{e}");
        assert_eq!(parse_targets(" hcr , HCR210 ").expect("valid").len(), 2);
    }
}
