//! One request to validate, resolved once for every front end (`hcr validate`, the MCP
//! `validate` tool, Python's `validate`, `validate_many` and `validate_arrow`): the level,
//! the refusal of receiver inputs at another level, the selection, the limits, the glob and
//! `deny-warnings`, then the [`Validator`] and the batch [`Options`].
//!
//! The level's one precedence: the level asked for, else the receiver's when receiver inputs
//! are given, else the configuration's, else normative. Receiver inputs with a level asked
//! for that is not the receiver's are refused ([`RequestError::ReceiverNeedsLevel`]), before
//! any folder is opened. Messages name arguments in the caller's words ([`Spelling`]).
//!
//! ```
//! use std::path::Path;
//! use hcr_project::{Request, RequestError};
//! use hcr_validate::{Action, Level, Spelling};
//!
//! let cwd = Path::new(".");
//! let request = Request {
//!     receiver: true,
//!     selection: vec![(Action::Ignore, "HCR205".into())],
//!     ..Request::new(Spelling::Option, cwd)
//! };
//! let resolved = request.resolve()?;
//! assert_eq!(resolved.level(), Level::Receiver);
//!
//! let refused = Request {
//!     level: Some(Level::Normative),
//!     receiver: true,
//!     ..Request::new(Spelling::Option, cwd)
//! }
//! .resolve()
//! .expect_err("receiver inputs need the receiver level");
//! assert_eq!(
//!     refused.to_string(),
//!     "--artifacts, --revisions, --as and --now need --level receiver"
//! );
//! # Ok::<(), RequestError>(())
//! ```

use std::path::Path;

use hcr_batch::{Options, PathSelections};
use hcr_validate::receiver::DEFAULT_MAX_ARTIFACT_BYTES;
use hcr_validate::{Action, Level, Limits, ReceiverContext, SelectionError, Spelling, Validator};

use crate::change::Change;
use crate::config::Config;
use crate::rules::Choices;

/// How the caller's settings meet the configuration's.
#[derive(Clone, Copy)]
pub enum Bounds<'a> {
    /// The caller's limits are a ceiling (a server's): the configuration lowers each, never
    /// raises one; its glob is used.
    Ceiling,
    /// The caller's own settings (a command line's): each one `given(field)` says the caller
    /// gave (`max_depth`, `max_files`, `max_artifact_bytes`, `glob`) is in force; for the
    /// others, the configuration's, else the caller's (its defaults).
    UnlessGiven(&'a dyn Fn(&str) -> bool),
}

impl std::fmt::Debug for Bounds<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Ceiling => "Ceiling",
            Self::UnlessGiven(_) => "UnlessGiven(..)",
        })
    }
}

/// A request to validate, as any front end has it, before anything is decided or opened.
#[derive(Debug)]
pub struct Request<'a> {
    /// The level asked for, if any.
    pub level: Option<Level>,
    /// Whether receiver inputs were given: the artifacts or revisions folder, the time or the
    /// actor (each front end knows its own: the MCP `receiver` argument counts when present,
    /// even empty). Nothing is opened before the request is resolved.
    pub receiver: bool,
    /// The selection's changes in the order given: an action and its targets as written
    /// (`hcr,HCR203`); they apply after the configuration's.
    pub selection: Vec<(Action, String)>,
    /// The configuration in force, if any.
    pub config: Option<Config>,
    /// The caller's record limits (their `spelling` is replaced by [`Request::spelling`]).
    pub limits: Limits,
    /// The caller's most files per run.
    pub max_files: usize,
    /// The caller's most bytes read per artifact.
    pub max_artifact_bytes: u64,
    /// The caller's glob for folders (`None`: the batch default, `*.json`).
    pub glob: Option<String>,
    /// Whether the caller asked for warnings to fail a record (the configuration may too).
    pub deny_warnings: bool,
    /// How the caller's settings meet the configuration's.
    pub bounds: Bounds<'a>,
    /// The caller's words for its arguments, in messages.
    pub spelling: Spelling,
    /// Where relative record paths start (overrides are matched from it).
    pub cwd: &'a Path,
}

impl<'a> Request<'a> {
    /// A request with nothing asked for: no level, no receiver inputs, no selection, no
    /// configuration, the default limits as a ceiling, spelled `spelling`, from `cwd`.
    #[must_use]
    pub fn new(spelling: Spelling, cwd: &'a Path) -> Self {
        Self {
            level: None,
            receiver: false,
            selection: Vec::new(),
            config: None,
            limits: Limits::default(),
            max_files: hcr_batch::DEFAULT_MAX_FILES,
            max_artifact_bytes: DEFAULT_MAX_ARTIFACT_BYTES,
            glob: None,
            deny_warnings: false,
            bounds: Bounds::Ceiling,
            spelling,
            cwd,
        }
    }

    /// Decides everything once: the level, the selection, the limits, the glob,
    /// `deny-warnings`.
    ///
    /// # Errors
    /// [`RequestError::ReceiverNeedsLevel`] for receiver inputs with a level asked for that
    /// is not the receiver's (decided first); [`RequestError::Selection`] for a selection
    /// that cannot be read.
    pub fn resolve(self) -> Result<Resolved, RequestError> {
        let configured = self.config.as_ref().and_then(|c| c.level);
        let level = level(self.level, self.receiver, configured)
            .ok_or(RequestError::ReceiverNeedsLevel(self.spelling))?;
        let mut changes = Vec::with_capacity(self.selection.len());
        for (action, targets) in self.selection {
            match Change::parse(action, &targets) {
                Ok(change) => changes.push(change),
                Err(problem) => {
                    return Err(RequestError::Selection {
                        spelling: self.spelling,
                        action,
                        targets,
                        problem,
                    });
                }
            }
        }
        let settings = self.config.as_ref().map(|c| c.limits).unwrap_or_default();
        let base = Limits {
            spelling: self.spelling,
            ..self.limits
        };
        let configured_glob = self.config.as_ref().and_then(|c| c.glob.clone());
        let (limits, max_files, max_artifact_bytes, glob) = match self.bounds {
            Bounds::Ceiling => (
                settings.within(base),
                settings.files_within(self.max_files),
                settings.artifact_bytes_within(self.max_artifact_bytes),
                configured_glob.or(self.glob),
            ),
            Bounds::UnlessGiven(given) => (
                settings.record_limits(base, given),
                pick(given("max_files"), self.max_files, settings.max_files),
                pick(
                    given("max_artifact_bytes"),
                    self.max_artifact_bytes,
                    settings.max_artifact_bytes,
                ),
                pick(given("glob"), self.glob, configured_glob.map(Some)),
            ),
        };
        let deny_warnings =
            self.deny_warnings || self.config.as_ref().and_then(|c| c.deny_warnings) == Some(true);
        Ok(Resolved {
            level,
            choices: Choices::new(self.config, changes, self.cwd),
            limits,
            max_files,
            max_artifact_bytes,
            glob,
            deny_warnings,
        })
    }
}

/// The caller's value when it gave it, else the configured one, else the caller's.
fn pick<T>(given: bool, caller: T, configured: Option<T>) -> T {
    if given {
        caller
    } else {
        configured.unwrap_or(caller)
    }
}

/// The level in force: the one asked for, else the receiver's with receiver inputs, else
/// the configuration's, else normative; `None` for receiver inputs with another level asked
/// for.
fn level(asked: Option<Level>, receiver: bool, configured: Option<Level>) -> Option<Level> {
    match (asked, receiver) {
        (Some(level), true) if level != Level::Receiver => None,
        (Some(level), _) => Some(level),
        (None, true) => Some(Level::Receiver),
        (None, false) => Some(configured.unwrap_or(Level::Normative)),
    }
}

/// A request that cannot be resolved: the caller's mistake, to be shown in its words.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RequestError {
    /// Receiver inputs came with a level asked for that is not the receiver's.
    #[error("{}", receiver_needs_level(*.0))]
    ReceiverNeedsLevel(Spelling),
    /// A selection's targets cannot be read.
    #[error("{}", selection_message(*spelling, *action, targets, problem))]
    Selection {
        /// The caller's words.
        spelling: Spelling,
        /// The selection's action.
        action: Action,
        /// Its targets, as written.
        targets: String,
        /// What is wrong with them.
        problem: SelectionError,
    },
}

/// The refusal of receiver inputs at another level, in the caller's words.
fn receiver_needs_level(spelling: Spelling) -> &'static str {
    match spelling {
        Spelling::Option => "--artifacts, --revisions, --as and --now need --level receiver",
        Spelling::Member => "`receiver` needs `level: receiver`",
        _ => "artifacts and revisions need level=\"receiver\"",
    }
}

/// A selection that cannot be read, named in the caller's words.
fn selection_message(
    spelling: Spelling,
    action: Action,
    targets: &str,
    problem: &SelectionError,
) -> String {
    // The targets as written, secrets redacted and controls escaped.
    let targets = hcr_validate::secrets::quote(targets, 200);
    match spelling {
        Spelling::Option => format!("--{action} {targets}: {problem}"),
        Spelling::Member => format!("`{action}`: {targets}: {problem}"),
        _ => format!("{targets}: {problem}"),
    }
}

/// A request resolved: what a run is checked with.
#[derive(Clone, Debug)]
pub struct Resolved {
    level: Level,
    choices: Choices,
    limits: Limits,
    max_files: usize,
    max_artifact_bytes: u64,
    glob: Option<String>,
    deny_warnings: bool,
}

impl Resolved {
    /// The level in force.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Whether the receiver's checks run, and so its context is wanted.
    #[must_use]
    pub fn receiver(&self) -> bool {
        self.level == Level::Receiver
    }

    /// The selection: the configuration's (with its overrides), then the request's.
    #[must_use]
    pub fn choices(&self) -> &Choices {
        &self.choices
    }

    /// The record limits in force, spelled as the caller spells them.
    #[must_use]
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The most files per run.
    #[must_use]
    pub fn max_files(&self) -> usize {
        self.max_files
    }

    /// The most bytes read per artifact.
    #[must_use]
    pub fn max_artifact_bytes(&self) -> u64 {
        self.max_artifact_bytes
    }

    /// The glob for folders (`None`: the batch default).
    #[must_use]
    pub fn glob(&self) -> Option<&str> {
        self.glob.as_deref()
    }

    /// Whether warnings fail a record.
    #[must_use]
    pub fn deny_warnings(&self) -> bool {
        self.deny_warnings
    }

    /// The validator: the level, the limits, the selection of a record no override names,
    /// and, at the receiver level only, the context `open` gives (called with
    /// [`Resolved::max_artifact_bytes`]; the caller opens its folders its own way).
    ///
    /// # Errors
    /// What `open` returns.
    pub fn validator<E>(
        &self,
        open: impl FnOnce(u64) -> Result<ReceiverContext, E>,
    ) -> Result<Validator, E> {
        let validator = Validator::new(self.level)
            .with_limits(self.limits)
            .with_selection(self.choices.selection());
        Ok(if self.receiver() {
            validator.with_receiver(open(self.max_artifact_bytes)?)
        } else {
            validator
        })
    }

    /// The validator for one record: as [`Resolved::validator`], with the selection of the
    /// overrides that match `path` (a record given as text matches none).
    ///
    /// # Errors
    /// What `open` returns.
    pub fn validator_for<E>(
        &self,
        path: Option<&Path>,
        open: impl FnOnce(u64) -> Result<ReceiverContext, E>,
    ) -> Result<Validator, E> {
        let validator = self.validator(open)?;
        Ok(match path {
            Some(path) if self.choices.has_overrides() => {
                validator.with_selection(self.choices.selection_for(path))
            }
            _ => validator,
        })
    }

    /// The configuration in force: its file, if any.
    #[must_use]
    pub fn config_file(&self) -> Option<&Path> {
        self.choices.config().map(|c| c.path.as_path())
    }

    /// The batch options the request decides (the glob, `deny-warnings`, the most files, the
    /// selection per path when overrides can change it); the caller's own (JSON Lines, the
    /// walk, the jobs) are the defaults, to be set beside them.
    #[must_use]
    pub fn options(&self) -> Options {
        Options {
            glob: self.glob.clone(),
            deny_warnings: self.deny_warnings,
            max_files: Some(self.max_files),
            selections: self.choices.has_overrides().then(|| {
                let choices = self.choices.clone();
                PathSelections::new(move |path| choices.selection_for(path))
            }),
            ..Options::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcr_validate::{Code, Severity};

    const SCHEMA: Option<Level> = Some(Level::Schema);
    const NORMATIVE: Option<Level> = Some(Level::Normative);
    const RECEIVER: Option<Level> = Some(Level::Receiver);

    /// Every combination of a level asked for, receiver inputs and a configured level: the
    /// level in force, or the refusal (`None`).
    #[test]
    fn one_precedence_and_one_refusal() {
        /// A level asked for, receiver inputs, a configured level, and the level in force.
        type Case = (Option<Level>, bool, Option<Level>, Option<Level>);
        let table: &[Case] = &[
            // asked, receiver inputs, configured => in force
            (None, false, None, NORMATIVE),
            (None, false, SCHEMA, SCHEMA),
            (None, false, RECEIVER, RECEIVER),
            (None, true, None, RECEIVER),
            (None, true, SCHEMA, RECEIVER),
            (None, true, NORMATIVE, RECEIVER),
            (SCHEMA, false, RECEIVER, SCHEMA),
            (NORMATIVE, false, SCHEMA, NORMATIVE),
            (RECEIVER, false, None, RECEIVER),
            (RECEIVER, true, SCHEMA, RECEIVER),
            (SCHEMA, true, None, None),
            (NORMATIVE, true, None, None),
            (NORMATIVE, true, RECEIVER, None),
        ];
        for &(asked, receiver, configured, wanted) in table {
            let config = configured.map(|level| {
                Config::parse(
                    Path::new("hcr.toml"),
                    &format!("level = \"{}\"\n", level.as_str()),
                )
                .expect("valid")
            });
            for spelling in [Spelling::Field, Spelling::Option, Spelling::Member] {
                let resolved = Request {
                    level: asked,
                    receiver,
                    config: config.clone(),
                    ..Request::new(spelling, Path::new("."))
                }
                .resolve();
                let case = format!("{asked:?} {receiver} {configured:?} {spelling:?}");
                match (resolved, wanted) {
                    (Ok(resolved), Some(level)) => assert_eq!(resolved.level(), level, "{case}"),
                    (Err(RequestError::ReceiverNeedsLevel(s)), None) => {
                        assert_eq!(s, spelling, "{case}");
                    }
                    (other, _) => panic!("{case}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn messages_are_in_the_callers_words() {
        let refusal = |spelling| {
            Request {
                level: SCHEMA,
                receiver: true,
                ..Request::new(spelling, Path::new("."))
            }
            .resolve()
            .expect_err("refused")
            .to_string()
        };
        assert_eq!(
            refusal(Spelling::Option),
            "--artifacts, --revisions, --as and --now need --level receiver"
        );
        assert_eq!(
            refusal(Spelling::Member),
            "`receiver` needs `level: receiver`"
        );
        assert_eq!(
            refusal(Spelling::Field),
            "artifacts and revisions need level=\"receiver\""
        );
        let unknown = |spelling| {
            Request {
                selection: vec![
                    (Action::Ignore, "HCR205".into()),
                    (Action::Select, "HCR2O5".into()),
                ],
                ..Request::new(spelling, Path::new("."))
            }
            .resolve()
            .expect_err("unknown")
            .to_string()
        };
        let problem = "`HCR2O5` is not a code, a code name or a group (did you mean `HCR205`?)";
        for (spelling, wanted) in [
            (Spelling::Option, format!("--select HCR2O5: {problem}")),
            (Spelling::Member, format!("`select`: HCR2O5: {problem}")),
            (Spelling::Field, format!("HCR2O5: {problem}")),
        ] {
            assert_eq!(unknown(spelling), wanted);
        }
    }

    #[test]
    fn the_refusal_comes_before_the_selection_and_nothing_is_opened() {
        let error = Request {
            level: NORMATIVE,
            receiver: true,
            selection: vec![(Action::Select, "HCR999".into())],
            ..Request::new(Spelling::Member, Path::new("."))
        }
        .resolve()
        .expect_err("refused");
        assert!(matches!(error, RequestError::ReceiverNeedsLevel(_)));
        let resolved = Request::new(Spelling::Field, Path::new("."))
            .resolve()
            .expect("resolves");
        let validator = resolved
            .validator(|_| -> Result<ReceiverContext, ()> {
                panic!("opened below the receiver level")
            })
            .expect("built");
        assert_eq!(validator.level(), Level::Normative);
    }

    #[test]
    fn the_receiver_level_opens_with_the_bytes_in_force() {
        let config = Config::parse(Path::new("hcr.toml"), "[limits]\nmax-artifact-bytes = 10\n")
            .expect("valid");
        let resolved = Request {
            receiver: true,
            config: Some(config),
            max_artifact_bytes: 100,
            ..Request::new(Spelling::Member, Path::new("."))
        }
        .resolve()
        .expect("resolves");
        let mut asked = None;
        let validator = resolved
            .validator(|bytes| {
                asked = Some(bytes);
                Ok::<_, ()>(ReceiverContext::new())
            })
            .expect("built");
        assert_eq!(asked, Some(10));
        assert!(validator.receiver().is_some());
    }

    #[test]
    fn a_ceiling_is_lowered_never_raised_and_given_settings_win() {
        let config = Config::parse(
            Path::new("hcr.toml"),
            "glob = \"*.hcr.json\"\ndeny-warnings = true\n[limits]\nmax-depth = 10\nmax-diagnostics = 500\nmax-files = 7\n",
        )
        .expect("valid");
        let ceiling = Request {
            config: Some(config.clone()),
            ..Request::new(Spelling::Member, Path::new("."))
        }
        .resolve()
        .expect("resolves");
        assert_eq!(ceiling.limits().max_depth, 10);
        assert_eq!(ceiling.limits().max_diagnostics, 100, "never raised");
        assert_eq!(ceiling.limits().spelling, Spelling::Member);
        assert_eq!(ceiling.max_files(), 7);
        assert_eq!(ceiling.glob(), Some("*.hcr.json"));
        assert!(ceiling.deny_warnings());

        let given = |id: &str| matches!(id, "max_depth" | "glob");
        let command_line = Request {
            config: Some(config),
            limits: Limits {
                max_depth: 20,
                ..Limits::default()
            },
            glob: Some("*.json".into()),
            bounds: Bounds::UnlessGiven(&given),
            ..Request::new(Spelling::Option, Path::new("."))
        }
        .resolve()
        .expect("resolves");
        assert_eq!(command_line.limits().max_depth, 20, "given");
        assert_eq!(command_line.limits().max_diagnostics, 500, "configured");
        assert_eq!(command_line.limits().spelling, Spelling::Option);
        assert_eq!(command_line.max_files(), 7);
        assert_eq!(command_line.glob(), Some("*.json"));
        let options = command_line.options();
        assert_eq!(options.max_files, Some(7));
        assert!(options.deny_warnings && options.selections.is_none());
    }

    #[test]
    fn the_selection_applies_after_the_configuration() {
        let config = Config::parse(
            Path::new("hcr.toml"),
            "ignore = [\"HCR205\"]\n[[overrides]]\npaths = [\"legacy/**\"]\nignore = [\"hcr\"]\n",
        )
        .expect("valid");
        let resolved = Request {
            config: Some(config),
            selection: vec![(Action::Warn, "HCR205".into())],
            ..Request::new(Spelling::Field, Path::new("/proj"))
        }
        .resolve()
        .expect("resolves");
        let validator = resolved
            .validator(|_| Ok::<_, ()>(ReceiverContext::new()))
            .expect("built");
        assert_eq!(
            validator.selection().severity(Code::Hcr205),
            Some(Severity::Warning)
        );
        assert!(resolved.options().selections.is_some(), "overrides");
    }
}
