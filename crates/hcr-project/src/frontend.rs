//! What the library front ends (the Python and the Node packages) share: their validation
//! arguments as given ([`Settings`]), the configuration named by a file or a folder, the
//! receiver's folders opened, and records given as text or as files checked in order on the
//! CLI's pool ([`Prepared::check`]). Each front end only converts its language's values to
//! these and its errors from [`CallError`].
//!
//! ```
//! use std::path::Path;
//! use hcr_project::frontend::{Given, Settings};
//! use hcr_validate::Spelling;
//!
//! let settings = Settings {
//!     level: Some("schema".into()),
//!     ignore: vec!["HCR101".into()],
//!     ..Settings::default()
//! };
//! let prepared = settings.prepare(Spelling::Field, Path::new("."))?;
//! let [outcome] = prepared
//!     .check(vec![Given::Text(br#"{"schemaVersion": "1.0"}"#.to_vec())], 1)?
//!     .try_into()
//!     .expect("one outcome");
//! assert!(outcome.valid);
//! # Ok::<(), hcr_project::frontend::CallError>(())
//! ```

use std::path::{Path, PathBuf};

use hcr_batch::{Input, Outcome, ReadFailure, Source};
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};
use hcr_validate::{Action, Level, ReceiverContext, Report, Spelling, Validator};

use crate::config::{Config, ConfigError};
use crate::request::{Bounds, Request, Resolved};

/// A library call that cannot be answered, as the front end raises it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CallError {
    /// A wrong argument: an unknown level or code, a configuration that is wrong, receiver
    /// inputs at another level, a folder given as a record.
    #[error("{0}")]
    Usage(String),
    /// A file or folder that could not be read.
    #[error("{message}")]
    Io {
        /// hcr's message.
        message: String,
        /// The path concerned, when one is known.
        path: Option<PathBuf>,
        /// The system's error number, when it gave one.
        errno: Option<i32>,
    },
    /// The run itself failed (the pool could not be started).
    #[error("{0}")]
    Failed(String),
}

impl CallError {
    fn io(message: String, path: &Path, errno: Option<i32>) -> Self {
        Self::Io {
            message,
            path: Some(path.to_owned()),
            errno,
        }
    }
}

/// The system's error number of a read that failed, if it has one.
fn errno(failure: &ReadFailure) -> Option<i32> {
    match failure {
        ReadFailure::Io(e) => e.raw_os_error(),
        _ => None,
    }
}

/// The validation arguments a library front end takes, as given.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// The level asked for, by name.
    pub level: Option<String>,
    /// The selection's changes, applied after the configuration's, in this order: `select`,
    /// `ignore`, `warn`, `error`.
    pub select: Vec<String>,
    /// See [`Settings::select`].
    pub ignore: Vec<String>,
    /// See [`Settings::select`].
    pub warn: Vec<String>,
    /// See [`Settings::select`].
    pub error: Vec<String>,
    /// The configuration: the file, or a folder from which it is found upward; `None` for
    /// none.
    pub config: Option<PathBuf>,
    /// Whether warnings fail a record.
    pub deny_warnings: bool,
    /// The receiver's artifacts folder.
    pub artifacts: Option<PathBuf>,
    /// The receiver's folder of earlier revisions.
    pub revisions: Option<PathBuf>,
}

/// A request resolved and its validator built: what records are checked with.
#[derive(Debug)]
pub struct Prepared {
    resolved: Resolved,
    validator: Validator,
}

impl Settings {
    /// Resolves the settings as the CLI's and the MCP server's are (`hcr-project`'s
    /// [`Request`]; no limits, glob or file count given: the configuration's are in force,
    /// else the defaults) and opens the receiver's folders when the receiver level is in
    /// force; messages spelled as `spelling` says, paths relative to `cwd`.
    ///
    /// # Errors
    /// [`CallError::Usage`] for a wrong argument or configuration, [`CallError::Io`] for a
    /// configuration or folder that cannot be read.
    pub fn prepare(&self, spelling: Spelling, cwd: &Path) -> Result<Prepared, CallError> {
        let config = configuration(self.config.as_deref())?;
        let level = self
            .level
            .as_deref()
            .map(str::parse::<Level>)
            .transpose()
            .map_err(|e| CallError::Usage(e.to_string()))?;
        let mut selection = Vec::new();
        for (action, values) in [
            (Action::Select, &self.select),
            (Action::Ignore, &self.ignore),
            (Action::Warn, &self.warn),
            (Action::Error, &self.error),
        ] {
            selection.extend(values.iter().map(|v| (action, v.clone())));
        }
        let none_given = |_: &str| false;
        let resolved = Request {
            level,
            receiver: self.artifacts.is_some() || self.revisions.is_some(),
            selection,
            config,
            deny_warnings: self.deny_warnings,
            bounds: Bounds::UnlessGiven(&none_given),
            ..Request::new(spelling, cwd)
        }
        .resolve()
        .map_err(|e| CallError::Usage(e.to_string()))?;
        let validator =
            resolved.validator(|max_artifact_bytes| self.receiver_context(max_artifact_bytes))?;
        Ok(Prepared {
            resolved,
            validator,
        })
    }

    /// The receiver's folders, opened.
    fn receiver_context(&self, max_artifact_bytes: u64) -> Result<ReceiverContext, CallError> {
        let mut context = ReceiverContext::new();
        let cannot = |what: &str, dir: &Path, e: std::io::Error| {
            CallError::io(
                format!(
                    "the {what} folder `{}` cannot be opened: {e}",
                    dir.display()
                ),
                dir,
                e.raw_os_error(),
            )
        };
        if let Some(dir) = &self.artifacts {
            let store = ArtifactStore::open(dir, max_artifact_bytes)
                .map_err(|e| cannot("artifacts", dir, e))?;
            context = context.artifacts(store);
        }
        if let Some(dir) = &self.revisions {
            let index = RevisionIndex::open(dir).map_err(|e| cannot("revisions", dir, e))?;
            context = context.revisions(index);
        }
        Ok(context)
    }
}

/// The configuration `config` names: the file itself, or the one found from the folder
/// upward as the CLI finds it from the current folder ([`Config::find`]); none for `None`,
/// or when the folder and those above it to the repository's root hold none.
///
/// # Errors
/// [`CallError::Io`] for a configuration that cannot be read, [`CallError::Usage`] for one
/// that is wrong (its message names the line and key).
pub fn configuration(config: Option<&Path>) -> Result<Option<Config>, CallError> {
    let Some(path) = config else {
        return Ok(None);
    };
    let found = if path.is_dir() {
        Config::find(path)
    } else {
        Config::load(path).map(Some)
    };
    found.map_err(|e| match &e {
        ConfigError::Read(read) => CallError::io(
            e.to_string(),
            read.path.as_deref().unwrap_or(path),
            errno(&read.failure),
        ),
        _ => CallError::Usage(e.to_string()),
    })
}

/// A record as given: its text, or the file that holds it, read as the CLI reads a file,
/// where the configuration's overrides for its path apply.
#[derive(Clone, Debug)]
pub enum Given {
    /// The record's bytes.
    Text(Vec<u8>),
    /// A record file.
    File(PathBuf),
}

/// A report judged as the batch judges one: warnings count as errors when denied.
#[must_use]
pub fn judged(report: Report, deny_warnings: bool) -> Outcome {
    let outcome = Outcome::new(Source::text("<record>"), 0, report, None);
    if deny_warnings {
        outcome.denying_warnings()
    } else {
        outcome
    }
}

impl Prepared {
    /// The request resolved.
    #[must_use]
    pub fn resolved(&self) -> &Resolved {
        &self.resolved
    }

    /// The validator of records given as text.
    #[must_use]
    pub fn validator(&self) -> &Validator {
        &self.validator
    }

    /// One record's text checked and judged (`deny-warnings` applied), on this thread.
    #[must_use]
    pub fn check_text(&self, bytes: &[u8]) -> Outcome {
        judged(
            self.validator.validate_bytes(bytes),
            self.resolved.deny_warnings(),
        )
    }

    /// Records checked on the CLI's pool with `jobs` workers (0: one per core): texts with
    /// the validator, files as `hcr validate` checks them (the selection each path calls
    /// for); one outcome per record, in the order given.
    ///
    /// # Errors
    /// [`CallError::Usage`] for a folder given as a record or files that cannot be planned,
    /// [`CallError::Failed`] when the pool cannot be started.
    pub fn check(&self, records: Vec<Given>, jobs: usize) -> Result<Vec<Outcome>, CallError> {
        let mut texts = Vec::new();
        let mut paths = Vec::new();
        let mut is_file = Vec::with_capacity(records.len());
        for record in records {
            match record {
                Given::Text(bytes) => {
                    texts.push(bytes);
                    is_file.push(false);
                }
                Given::File(path) => {
                    paths.push(path);
                    is_file.push(true);
                }
            }
        }
        let deny = self.resolved.deny_warnings();
        let reports = hcr_batch::validate_records(&texts, &self.validator, jobs)
            .map_err(|e| CallError::Failed(e.to_string()))?;
        let mut from_texts = reports.into_iter().map(|report| judged(report, deny));
        let mut from_files = if paths.is_empty() {
            Vec::new()
        } else {
            self.files(paths, jobs)?
        }
        .into_iter();
        is_file
            .into_iter()
            .map(|file| {
                if file {
                    from_files.next()
                } else {
                    from_texts.next()
                }
                .ok_or_else(|| CallError::Failed("a record was not checked".into()))
            })
            .collect()
    }

    /// Record files checked as `hcr validate` checks them (`hcr-batch`'s plan and run).
    fn files(&self, paths: Vec<PathBuf>, jobs: usize) -> Result<Vec<Outcome>, CallError> {
        if let Some(folder) = paths.iter().find(|p| p.is_dir()) {
            return Err(CallError::Usage(format!(
                "`{}` is a folder: give a record or a record file",
                folder.display()
            )));
        }
        let options = hcr_batch::Options {
            jobs,
            max_files: None,
            ..self.resolved.options()
        };
        let inputs: Vec<Input> = paths.into_iter().map(Input::Path).collect();
        let plan =
            hcr_batch::plan(&inputs, &options).map_err(|e| CallError::Usage(e.to_string()))?;
        let mut outcomes = Vec::with_capacity(inputs.len());
        hcr_batch::run(&plan, &self.validator, &options, &mut |outcome| {
            outcomes.push(outcome);
            Ok(())
        })
        .map_err(|e| CallError::Failed(e.to_string()))?;
        Ok(outcomes)
    }
}

/// A report as the library front ends return it as JSON: `valid` (as judged), `conformant`,
/// and the diagnostics as `hcr validate --format json` writes them.
#[must_use]
pub fn report_json(report: &Report, valid: bool) -> serde_json::Value {
    serde_json::json!({
        "valid": valid,
        "conformant": report.conformant(),
        "diagnostics": report.diagnostics().iter().map(|d| d.wire(0)).collect::<Vec<_>>(),
    })
}
