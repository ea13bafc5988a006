//! Finding, reading and validating many records: files, folders, standard input and JSON
//! Lines, checked in parallel and delivered in input order.
//!
//! [`plan`] expands the inputs (folders walked recursively, sorted, filtered by a glob,
//! symlinks skipped unless followed); [`run`] reads and validates them on a thread pool and
//! hands each [`Outcome`] to a sink in input order. Memory stays bounded whatever the input:
//! files are opened a chunk at a time, a file larger than the record limit is refused from its
//! size without being read, and JSON Lines are streamed a batch of lines at a time.
//!
//! ```
//! use hcr_batch::{Input, Options, Summary, plan, run};
//! use hcr_validate::{Level, Validator};
//!
//! let dir = tempfile::tempdir()?;
//! std::fs::write(dir.path().join("a.json"), r#"{"schemaVersion": "1.0"}"#)?;
//! std::fs::write(dir.path().join("notes.txt"), "not a record")?;
//!
//! let options = Options::default();
//! let plan = plan(&[Input::Path(dir.path().to_path_buf())], &options)?;
//! let mut summary = Summary::default();
//! run(&plan, &Validator::new(Level::Normative), &options, &mut |outcome| {
//!     summary.add(&outcome);
//!     Ok(())
//! })?;
//! assert_eq!((summary.files, summary.records, summary.invalid), (1, 1, 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod globs;
mod lines;

use std::borrow::Cow;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hcr_validate::{Code, Diagnostic, Report, Selection, Severity, Validator};
use rayon::prelude::*;

pub use globs::{
    DEFAULT_GLOB, GlobError, MAX_GLOB_BYTES, MAX_GLOB_NESTING, check_glob, file_glob, glob_set,
};

/// The input policy, re-exported (it lives in `hcr-fs`).
pub use hcr_fs as input;
pub use hcr_fs::{Folder, ReadFailure, read_record_file};
use hcr_fs::{Found, Links, Opened, WalkOptions};

/// A pattern as an error may show it: terminal controls escaped, at most 80 characters.
fn shown(pattern: &str) -> String {
    let mut shown: String = hcr_escape::escape(pattern).chars().take(80).collect();
    if shown.len() < pattern.len() {
        shown.push('…');
    }
    shown
}

/// One input as the user named it.
#[derive(Clone, Debug)]
pub enum Input {
    /// A file or a folder, as the user named it (the path itself may pass through links:
    /// the user chose it; a folder is walked through its handle).
    Path(PathBuf),
    /// A file or a folder beneath a folder already opened (an MCP server's root), reached
    /// without a link: nothing outside `folder` is read.
    Beneath {
        /// The folder it is resolved beneath.
        folder: Arc<Folder>,
        /// The path below `folder`.
        relative: PathBuf,
    },
    /// Standard input.
    Stdin,
}

/// How inputs are found and judged.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Treat every input as JSON Lines: one record per line.
    pub jsonl: bool,
    /// Which files in folders to check, matched against the path below the folder
    /// (default `*.json`, which matches at any depth).
    pub glob: Option<String>,
    /// Follow symlinks met while walking folders.
    pub follow_links: bool,
    /// Walk what `.gitignore`, `.ignore` and `.git/info/exclude` files inside the folder
    /// exclude, too (by default it is skipped; ignore files above the folder given are never
    /// read).
    pub no_ignore: bool,
    /// Walk hidden files and folders (names starting with `.`), skipped by default.
    pub hidden: bool,
    /// Worker threads (0: one per core).
    pub jobs: usize,
    /// Count warnings as errors when deciding validity.
    pub deny_warnings: bool,
    /// At most this many files per run (`None`: no limit). Past it, walking stops and the run
    /// reports one HCR003 naming the limit.
    pub max_files: Option<usize>,
    /// The selection of codes per record file, when it depends on the path (a
    /// configuration's overrides); otherwise the validator's own.
    pub selections: Option<PathSelections>,
}

/// The selection of codes to check a record file with, by its path.
#[derive(Clone)]
pub struct PathSelections(Arc<dyn Fn(&Path) -> Selection + Send + Sync>);

impl PathSelections {
    /// Selections given by `choose`.
    pub fn new(choose: impl Fn(&Path) -> Selection + Send + Sync + 'static) -> Self {
        Self(Arc::new(choose))
    }

    /// The selection for the record file `path`.
    #[must_use]
    pub fn selection_for(&self, path: &Path) -> Selection {
        (self.0)(path)
    }
}

impl fmt::Debug for PathSelections {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PathSelections(..)")
    }
}

/// The default for [`Options::max_files`] in the CLI (`--max-files`).
pub const DEFAULT_MAX_FILES: usize = 1_000_000;

/// The inputs could not be planned.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlanError {
    /// The `--glob` pattern is malformed.
    #[error("invalid glob `{pattern}`: {reason}")]
    Glob {
        /// The pattern.
        pattern: String,
        /// Why it is malformed.
        reason: String,
    },
}

/// Where a record came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file, or `None` for standard input.
    pub path: Option<PathBuf>,
    /// The line, for a record read from JSON Lines.
    pub line: Option<u64>,
    /// What an input that is not a file is called (`None`: `<stdin>`); an MCP tool's record
    /// text is `<record>`.
    pub label: Option<&'static str>,
}

impl Source {
    /// A record given as text, not read from a file, shown as `label`.
    #[must_use]
    pub fn text(label: &'static str) -> Self {
        Self {
            path: None,
            line: None,
            label: Some(label),
        }
    }

    /// The file's path as shown to people, or its label (`<stdin>` by default).
    #[must_use]
    pub fn path_display(&self) -> String {
        match &self.path {
            // A path that is UTF-8 (nearly every one) is shown as it is: copied, not written
            // through the formatting machinery (`Path::display` shows the same text), which
            // cost a text report about 1,400 instructions a record.
            Some(path) => path
                .to_str()
                .map_or_else(|| path.display().to_string(), str::to_owned),
            None => self.label.unwrap_or("<stdin>").to_owned(),
        }
    }

    /// The source as shown to people: `path`, `path:LINE` for JSON Lines, or its label.
    #[must_use]
    pub fn display(&self) -> String {
        match self.line {
            Some(line) => format!("{}:{line}", self.path_display()),
            None => self.path_display(),
        }
    }

    /// Lines to add to a record's own line numbers to get the file's (JSON Lines records
    /// start on their line).
    #[must_use]
    pub fn line_offset(&self) -> u64 {
        self.line.map_or(0, |line| line - 1)
    }
}

/// One record's verdict.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Where it came from.
    pub source: Source,
    /// The index (0-based) of the planned input it belongs to.
    pub input_index: usize,
    /// What the validator found.
    pub report: Report,
    /// Valid, counting warnings as errors when the options say so.
    pub valid: bool,
    /// The input could not be read (the report holds one HCR005).
    pub unreadable: bool,
    /// Whether `valid` counts warnings as errors.
    pub deny_warnings: bool,
    /// Findings removed because a baseline knows them.
    pub baselined: usize,
    /// The record's text, kept only when there are diagnostics to show.
    pub text: Option<RecordText>,
}

/// A record's text as an [`Outcome`] keeps it: the bytes (it dereferences to them), shared
/// with the buffer the record was read into, not copied out of it.
///
/// A record file is read into its thread's buffer (`FILE_BUFFER`); when the record has
/// diagnostics, its outcome holds that buffer rather than a copy of the record (a copy cost
/// a `memcpy` of every such record: 4% of the instructions of the `findings` bench corpus).
/// The buffer is read into again only once no outcome holds it (with `--jobs 1`, the
/// outcome is rendered and dropped before the next file is read); while one does, the next
/// file is read into a new buffer. A buffer with far more room than its record (a large
/// record read into it before, see `SHARED_SLACK`) is not handed over: the record is copied
/// out of it, as every record was.
#[derive(Clone)]
pub struct RecordText {
    buffer: Arc<Vec<u8>>,
    /// The record's length: the first `len` bytes of `buffer` (whose room may be longer).
    len: usize,
}

impl RecordText {
    /// The first `len` bytes of `buffer`.
    fn shared(buffer: Arc<Vec<u8>>, len: usize) -> Self {
        debug_assert!(len <= buffer.len());
        Self { buffer, len }
    }
}

impl From<&[u8]> for RecordText {
    /// A copy of `bytes`.
    fn from(bytes: &[u8]) -> Self {
        Self {
            buffer: Arc::new(bytes.to_vec()),
            len: bytes.len(),
        }
    }
}

impl std::ops::Deref for RecordText {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.buffer[..self.len]
    }
}

impl AsRef<[u8]> for RecordText {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl fmt::Debug for RecordText {
    /// The bytes, as a slice of them shows.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl Outcome {
    /// The outcome of checking one record: valid when the report is, with `text` kept only
    /// when there are diagnostics to show beside it.
    #[must_use]
    pub fn new(source: Source, input: usize, report: Report, text: Option<&[u8]>) -> Self {
        let text = text
            .filter(|_| !report.diagnostics().is_empty())
            .map(RecordText::from);
        Self::with_text(source, input, report, text)
    }

    /// [`Outcome::new`] with the record's text, kept as it is given (the caller keeps it
    /// only when there are diagnostics).
    fn with_text(source: Source, input: usize, report: Report, text: Option<RecordText>) -> Self {
        Self {
            source,
            input_index: input,
            valid: report.valid(),
            report,
            unreadable: false,
            deny_warnings: false,
            baselined: 0,
            text,
        }
    }

    /// The same outcome with warnings counted as errors.
    #[must_use]
    pub fn denying_warnings(mut self) -> Self {
        self.deny_warnings = true;
        self.valid = self.report.is_valid_denying_warnings();
        self
    }

    /// Removes the diagnostics `keep` rejects, counting them as baselined; validity follows
    /// (see [`Report::retain`]).
    pub fn retain(&mut self, mut keep: impl FnMut(&hcr_validate::Diagnostic) -> bool) {
        let before = self.report.diagnostics().len();
        self.report.retain(&mut keep);
        self.baselined += before - self.report.diagnostics().len();
        self.valid = if self.deny_warnings {
            self.report.is_valid_denying_warnings()
        } else {
            self.report.valid()
        };
    }

    /// The outcome of an input that could not be read under the input policy: HCR003 when
    /// it is over the size limit (an invalid record), otherwise HCR005 (an unreadable input);
    /// the message names the input, and for the size the limit and the option that raises it.
    #[must_use]
    pub fn unreadable(source: Source, input: usize, error: &input::InputError) -> Self {
        if error.too_large() {
            let diagnostic = Diagnostic::new(Code::Hcr003, Default::default(), error.to_string())
                .help(format!(
                    "shrink the input, or raise the limit with {}",
                    error.limit.option
                ));
            return Self::new(
                source,
                input,
                Report::from_diagnostics(vec![diagnostic]),
                None,
            );
        }
        let mut outcome = Self::new(source, input, Report::unreadable(error.to_string()), None);
        outcome.unreadable = true;
        outcome
    }
}

/// Totals over a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Inputs (files, or standard input) that produced at least one outcome.
    pub files: usize,
    /// Records checked.
    pub records: usize,
    /// Records without errors (and without warnings, when they are denied).
    pub valid: usize,
    /// Other records.
    pub invalid: usize,
    /// Records the contract accepts, whatever the selection of codes.
    pub conformant: usize,
    /// Diagnostics of severity `error`.
    pub errors: usize,
    /// Diagnostics of severity `warning`.
    pub warnings: usize,
    /// Inputs that could not be read.
    pub unreadable: usize,
    /// Findings a baseline knew, not reported.
    pub baselined: usize,
    last_input: Option<usize>,
}

impl Summary {
    /// Counts one outcome (outcomes arrive in input order).
    pub fn add(&mut self, outcome: &Outcome) {
        if self.last_input != Some(outcome.input_index) {
            self.files += 1;
            self.last_input = Some(outcome.input_index);
        }
        // An input that could not be read is no record, valid or invalid.
        if outcome.unreadable {
            self.unreadable += 1;
            self.errors += outcome.report.count(Severity::Error);
            return;
        }
        self.records += 1;
        self.baselined += outcome.baselined;
        self.conformant += usize::from(outcome.report.conformant());
        if outcome.valid {
            self.valid += 1;
        } else {
            self.invalid += 1;
        }
        self.errors += outcome.report.count(Severity::Error);
        self.warnings += outcome.report.count(Severity::Warning);
    }
}

/// Inputs expanded into the units a run reads.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    units: Vec<Unit>,
}

#[derive(Clone, Debug)]
enum Unit {
    /// A file the user named.
    File(PathBuf),
    /// A file found beneath a folder's handle, and its path as shown.
    Beneath {
        folder: Arc<Folder>,
        relative: PathBuf,
        shown: PathBuf,
    },
    Stdin,
    /// A path that could not be expanded, with the reason.
    Broken(PathBuf, String),
    /// The files-per-run limit was reached while expanding this input.
    TooMany(PathBuf, usize),
}

impl Plan {
    /// How many inputs (files, standard input) the run will read.
    #[must_use]
    pub fn len(&self) -> usize {
        self.units.len()
    }

    /// Whether there is nothing to read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The files the run will read, in order (standard input is not listed).
    pub fn files(&self) -> impl Iterator<Item = &Path> {
        self.units.iter().filter_map(|unit| match unit {
            Unit::File(path) | Unit::Beneath { shown: path, .. } => Some(path.as_path()),
            _ => None,
        })
    }
}

/// Expands `inputs`: files are kept as given, folders walked recursively in name order
/// for files that match the glob (symlinks skipped unless `follow_links`; what ignore files
/// inside the folder exclude, and hidden entries, skipped unless `no_ignore` and `hidden`).
///
/// # Errors
/// [`PlanError::Glob`] for a malformed pattern.
pub fn plan(inputs: &[Input], options: &Options) -> Result<Plan, PlanError> {
    let glob = file_glob(options.glob.as_deref()).map_err(|e| PlanError::Glob {
        pattern: shown(options.glob.as_deref().unwrap_or(DEFAULT_GLOB)),
        reason: e.reason,
    })?;
    let mut units = Units {
        units: Vec::new(),
        files: 0,
        max_files: options.max_files.unwrap_or(usize::MAX),
    };
    for input in inputs {
        let more = match input {
            Input::Stdin => {
                units.units.push(Unit::Stdin);
                true
            }
            Input::Path(path) if path.is_dir() => match Folder::open(path) {
                Ok(folder) => walk(&Arc::new(folder), &glob, options, &mut units),
                Err(error) => {
                    units.units.push(Unit::Broken(
                        path.clone(),
                        ReadFailure::Io(error).to_string(),
                    ));
                    true
                }
            },
            Input::Path(path) => units.file(path, Unit::File(path.clone())),
            Input::Beneath { folder, relative } => {
                let shown = folder.path().join(relative);
                match folder.kind(relative) {
                    Ok(hcr_fs::Kind::Folder) => match folder.folder(relative, Links::Refuse) {
                        Ok(inner) => walk(&Arc::new(inner), &glob, options, &mut units),
                        Err(failure) => {
                            units.units.push(Unit::Broken(shown, failure.to_string()));
                            true
                        }
                    },
                    Ok(_) => units.file(
                        &shown.clone(),
                        Unit::Beneath {
                            folder: Arc::clone(folder),
                            relative: relative.clone(),
                            shown,
                        },
                    ),
                    Err(failure) => {
                        units.units.push(Unit::Broken(shown, failure.to_string()));
                        true
                    }
                }
            }
        };
        if !more {
            break;
        }
    }
    Ok(Plan { units: units.units })
}

/// The units planned so far, counting files against the limit.
struct Units {
    units: Vec<Unit>,
    files: usize,
    max_files: usize,
}

impl Units {
    /// Adds a file (found under `input`); false when the limit stops the run here.
    fn file(&mut self, input: &Path, unit: Unit) -> bool {
        if self.files == self.max_files {
            self.units
                .push(Unit::TooMany(input.to_path_buf(), self.max_files));
            return false;
        }
        self.files += 1;
        self.units.push(unit);
        true
    }
}

/// Walks `root` through its handle ([`hcr_fs::walk`]); false when the files limit stopped
/// it. Ignore files are read only inside `root` (never its parents, nor the user's global git
/// excludes): nothing outside the folder given decides what is checked.
fn walk(root: &Arc<Folder>, glob: &globset::GlobSet, options: &Options, units: &mut Units) -> bool {
    let walk_options = WalkOptions {
        hidden: options.hidden,
        ignore_files: !options.no_ignore,
        links: links(options),
    };
    let mut more = true;
    hcr_fs::walk(root, &walk_options, &mut |found| match found {
        Found::File(relative) => {
            if !glob.is_match(&relative) {
                return true;
            }
            let shown = root.path().join(&relative);
            more = units.file(
                root.path(),
                Unit::Beneath {
                    folder: Arc::clone(root),
                    relative,
                    shown,
                },
            );
            more
        }
        Found::Problem(relative, reason) => {
            units
                .units
                .push(Unit::Broken(root.path().join(relative), reason));
            true
        }
    });
    more
}

/// How links met beneath a folder are treated.
fn links(options: &Options) -> Links {
    if options.follow_links {
        Links::Follow
    } else {
        Links::Refuse
    }
}

/// The threads a run uses for `jobs`: one per core for 0, and never more than the machine
/// has cores (a thread more per core only takes turns).
#[must_use]
pub fn threads(jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if jobs == 0 { cores } else { jobs.min(cores) }
}

/// The worker pool every run validates on: [`threads`] for `jobs`.
fn pool(jobs: usize) -> io::Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads(jobs))
        .build()
        .map_err(io::Error::other)
}

/// The most diagnostics a caller that keeps every report of a run (the Python package's
/// `validate_many`) holds, over all its records: about 100 MiB.
pub const MAX_KEPT_DIAGNOSTICS: usize = 250_000;

/// A bound on the diagnostics kept over a run whose reports are all held at once. Reports
/// keep theirs while the bound allows; past it, a report keeps its verdicts (`valid`,
/// `conformant`) and one HCR006 that counts the errors and warnings it had, so memory stays
/// bounded whatever the number of records.
#[derive(Clone, Copy, Debug)]
pub struct Retention {
    left: usize,
    max: usize,
}

impl Retention {
    /// At most `max` diagnostics kept.
    #[must_use]
    pub fn new(max: usize) -> Self {
        Self { left: max, max }
    }

    /// Whether the bound was reached.
    #[must_use]
    pub fn exhausted(&self) -> bool {
        self.left == 0
    }

    /// Keeps `report`'s diagnostics within what is left of the bound, or replaces them with
    /// one HCR006 that counts them.
    pub fn keep(&mut self, report: &mut Report) {
        let count = report.diagnostics().len();
        if count <= self.left {
            self.left -= count;
            return;
        }
        self.left = 0;
        let errors = report.count(Severity::Error);
        let warnings = report.count(Severity::Warning);
        let message = format!(
            "{} were found ({}, {}); not kept: a run keeps at most {} diagnostics over all its records",
            hcr_validate::counted(count, "diagnostic", "diagnostics"),
            Severity::Error.counted(errors),
            Severity::Warning.counted(warnings),
            self.max
        );
        let summary = Diagnostic::new(Code::Hcr006, Default::default(), message)
            .help("check fewer records at a time, or read the verdicts alone (valid, conformant)");
        report.condense(summary);
    }
}

/// Validates records already in memory (one document each) on the pool `run` uses, with
/// `jobs` threads (0: one per core); the reports are in the records' order. For callers that
/// hold the records themselves: the Python package, Arrow arrays.
///
/// ```
/// use hcr_validate::{Level, Validator};
///
/// let validator = Validator::new(Level::Normative);
/// let reports = hcr_batch::validate_records(&["{}", "[]", "not json"], &validator, 2)?;
/// assert_eq!(reports.len(), 3);
/// assert!(reports.iter().all(|report| !report.valid()));
/// assert_eq!(reports[2].diagnostics()[0].code.as_str(), "HCR001");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// # Errors
/// The pool cannot be started.
pub fn validate_records<T: AsRef<[u8]> + Sync>(
    records: &[T],
    validator: &Validator,
    jobs: usize,
) -> io::Result<Vec<Report>> {
    let mut retention = Retention::new(MAX_KEPT_DIAGNOSTICS);
    let mut reports = Vec::with_capacity(records.len());
    map_records(records, validator, jobs, &mut |mut report| {
        retention.keep(&mut report);
        reports.push(report);
    })?;
    Ok(reports)
}

/// Validates records already in memory on the pool, handing each report to `each` in the
/// records' order, a few chunks at a time: a caller that keeps only what it needs of each
/// (verdict columns for an Arrow array) holds no more reports than the pool's window.
///
/// # Errors
/// The pool cannot be started.
pub fn map_records<T: AsRef<[u8]> + Sync>(
    records: &[T],
    validator: &Validator,
    jobs: usize,
    each: &mut dyn FnMut(Report),
) -> io::Result<()> {
    let pool = pool(jobs)?;
    if pool.current_num_threads() == 1 {
        for record in records {
            each(validator.validate_bytes(record.as_ref()));
        }
        return Ok(());
    }
    let window = pool.current_num_threads() * AHEAD * CHUNK;
    for batch in records.chunks(window) {
        let reports: Vec<Report> = pool.install(|| {
            batch
                .par_iter()
                .map(|record| validator.validate_bytes(record.as_ref()))
                .collect()
        });
        reports.into_iter().for_each(&mut *each);
    }
    Ok(())
}

/// Reads and validates every input of `plan`, calling `sink` with each outcome in input order.
/// Stops early only if `sink` fails (a closed output, for instance).
///
/// # Errors
/// The first error `sink` returns.
pub fn run(
    plan: &Plan,
    validator: &Validator,
    options: &Options,
    sink: &mut dyn FnMut(Outcome) -> io::Result<()>,
) -> io::Result<()> {
    let pool = pool(options.jobs)?;
    let judge = Judge { validator, options };
    let mut units = plan.units.iter().enumerate().peekable();
    while let Some((input, unit)) = units.next() {
        if let Some(file) = FileRef::of(unit) {
            if options.jsonl {
                // One file of lines.
                let path = file.shown();
                match file.open(links(options)) {
                    Ok(opened) => {
                        let validator = judge.validator_for(path);
                        let judge = Judge {
                            validator: &validator,
                            options,
                        };
                        judge.lines(input, Some(path), opened, &pool, sink)?;
                    }
                    Err(failure) => sink(judge.unreadable(input, Some(path), failure))?,
                }
                continue;
            }
            // A run of files, checked together.
            let mut files = vec![(input, file)];
            while let Some(file) = units.peek().and_then(|(_, unit)| FileRef::of(unit)) {
                files.push((units.next().map_or(input, |(input, _)| input), file));
            }
            judge.files(&files, &pool, sink)?;
            continue;
        }
        match unit {
            Unit::File(_) | Unit::Beneath { .. } => {}
            Unit::Stdin if options.jsonl => {
                judge.lines(input, None, io::stdin().lock(), &pool, sink)?;
            }
            Unit::Stdin => {
                let max = validator.limits().max_record_bytes;
                let source = Source {
                    path: None,
                    line: None,
                    label: None,
                };
                let outcome = match hcr_fs::read_capped(io::stdin().lock(), max, 1 << 16) {
                    Ok(bytes) => judge.bytes(input, source, &bytes),
                    Err(ReadFailure::TooLarge(length)) => {
                        let report = validator.oversized(length);
                        judge.outcome(input, source, report, None)
                    }
                    Err(failure) => judge.unreadable(input, None, failure),
                };
                sink(outcome)?;
            }
            Unit::Broken(path, reason) => {
                sink(judge.unreadable(input, Some(path), ReadFailure::Walk(reason.clone())))?;
            }
            Unit::TooMany(path, max) => {
                let source = Source {
                    path: Some(path.clone()),
                    line: None,
                    label: None,
                };
                let setting = judge.validator.limits().spelling.spell("max_files");
                let message = format!(
                    "more than {max} files to check; the run stops at the limit ({setting})"
                );
                let diagnostic = Diagnostic::new(Code::Hcr003, Default::default(), message).help(
                    format!("check fewer files per run, or raise the limit with {setting}"),
                );
                let report = Report::from_diagnostics(vec![diagnostic]);
                sink(judge.outcome(input, source, report, None))?;
            }
        }
    }
    Ok(())
}

/// A file of the plan: named by the user, or found beneath a folder's handle.
#[derive(Clone, Copy, Debug)]
enum FileRef<'a> {
    Named(&'a Path),
    Beneath {
        folder: &'a Folder,
        relative: &'a Path,
        shown: &'a Path,
    },
}

impl<'a> FileRef<'a> {
    fn of(unit: &'a Unit) -> Option<Self> {
        match unit {
            Unit::File(path) => Some(Self::Named(path)),
            Unit::Beneath {
                folder,
                relative,
                shown,
            } => Some(Self::Beneath {
                folder,
                relative,
                shown,
            }),
            _ => None,
        }
    }

    /// The path as shown (and as a configuration's overrides match it).
    fn shown(self) -> &'a Path {
        match self {
            Self::Named(path) | Self::Beneath { shown: path, .. } => path,
        }
    }

    /// Opens the regular file, through its folder's handle when it has one.
    fn open(self, links: Links) -> Result<std::fs::File, ReadFailure> {
        match self {
            Self::Named(path) => hcr_fs::open_regular(path).map(|(file, _)| file),
            Self::Beneath {
                folder, relative, ..
            } => folder.open_file(relative, links).map(|opened| opened.file),
        }
    }

    /// Reads the file whole, at most `max` bytes, into `buffer` ([`Opened::read_into`]):
    /// its length.
    fn read_into(
        self,
        max: usize,
        links: Links,
        buffer: &mut Vec<u8>,
    ) -> Result<usize, ReadFailure> {
        let opened = match self {
            Self::Named(path) => Opened::named(path)?,
            Self::Beneath {
                folder, relative, ..
            } => folder.open_file(relative, links)?,
        };
        opened.read_into(max, buffer)
    }
}

thread_local! {
    /// The bytes of the record file a thread is checking, kept from file to file: one
    /// allocation per thread, not one per file.
    /// The outcome of a record with diagnostics holds it ([`RecordText`]) instead of a copy
    /// of the record; the next file is read into it again once no outcome does.
    static FILE_BUFFER: std::cell::RefCell<Arc<Vec<u8>>> = std::cell::RefCell::new(Arc::new(Vec::new()));
}

/// The largest file buffer kept for the next file (1 MiB): a larger one is freed after its
/// record.
const KEPT_BUFFER: usize = 1 << 20;

/// The most room past twice its record's length a file buffer may have and still be handed
/// to the record's outcome ([`RecordText`]); from a buffer with more (a large record read
/// into it before) the record is copied out, and the buffer is not kept for the next file.
/// An outcome waiting in the pool's window then holds no more than this beyond twice its
/// record.
const SHARED_SLACK: usize = 64 * 1024;

/// Files per job of the pool: enough to make a job's hand-over cheap, few enough to keep the
/// workers even at the end.
const CHUNK: usize = 16;
/// The bytes of JSON Lines per job (at least one line; no more than a block holds): a job's
/// hand-over (waking a worker, then this thread) costs the same whatever the lines' size.
const CHUNK_BYTES: usize = 256 * 1024;
/// The most lines per job of JSON Lines: the outcomes of a job are held until handed over,
/// and a line's outcome (its report, the text kept beside its diagnostics) can be many times
/// the line.
const CHUNK_LINES: usize = 512;
/// Jobs queued per worker ahead of the one whose outcomes are being handed over.
const AHEAD: usize = 4;

/// Work for the pool: the outcomes of a few inputs, in order.
type Job<'a> = Box<dyn FnOnce() -> Vec<Outcome> + Send + 'a>;

/// Runs `jobs` on `pool` and hands their outcomes to `sink` in order, on this thread.
///
/// Up to [`AHEAD`] jobs per worker are queued ahead of the one being handed over, so the
/// workers always have a job to take and never wait for `sink` (rendering), and no more
/// outcomes than that are in memory. `jobs` is drawn on this thread as the window frees (a
/// JSON Lines input reads its next block then). If `sink` fails, no further job is started;
/// those queued finish first.
fn in_order<'a>(
    pool: &rayon::ThreadPool,
    mut jobs: impl Iterator<Item = Job<'a>>,
    sink: &mut dyn FnMut(Outcome) -> io::Result<()>,
) -> io::Result<()> {
    let window = pool.current_num_threads() * AHEAD;
    pool.in_place_scope(|scope| {
        let mut in_flight = std::collections::VecDeque::with_capacity(window);
        loop {
            while in_flight.len() < window {
                let Some(job) = jobs.next() else { break };
                let (done, outcomes) = std::sync::mpsc::sync_channel(1);
                scope.spawn(move |_| {
                    // The receiver is gone only if `sink` failed.
                    let _ = done.send(job());
                });
                in_flight.push_back(outcomes);
            }
            let Some(next) = in_flight.pop_front() else {
                return Ok(());
            };
            // A job sends nothing only if it panicked (the scope re-raises the panic).
            let outcomes = next
                .recv()
                .map_err(|_| io::Error::other("a worker stopped while checking records"))?;
            outcomes.into_iter().try_for_each(&mut *sink)?;
        }
    })
}

/// Validates inputs and wraps the reports into outcomes.
struct Judge<'a> {
    validator: &'a Validator,
    options: &'a Options,
}

impl Judge<'_> {
    /// The validator for the record file `path`: the run's, with the selection the path
    /// calls for.
    fn validator_for(&self, path: &Path) -> Cow<'_, Validator> {
        match &self.options.selections {
            Some(selections) => {
                let selection = selections.selection_for(path);
                if selection == *self.validator.selection() {
                    Cow::Borrowed(self.validator)
                } else {
                    Cow::Owned(self.validator.clone().with_selection(selection))
                }
            }
            None => Cow::Borrowed(self.validator),
        }
    }

    fn outcome(
        &self,
        input: usize,
        source: Source,
        report: Report,
        text: Option<&[u8]>,
    ) -> Outcome {
        self.deny(Outcome::new(source, input, report, text))
    }

    /// `outcome`, counting warnings as errors when the options say so.
    fn deny(&self, outcome: Outcome) -> Outcome {
        if self.options.deny_warnings {
            outcome.denying_warnings()
        } else {
            outcome
        }
    }

    fn bytes(&self, input: usize, source: Source, bytes: &[u8]) -> Outcome {
        let report = self.validator.validate_bytes(bytes);
        self.outcome(input, source, report, Some(bytes))
    }

    fn file(&self, input: usize, file: FileRef<'_>) -> Outcome {
        let validator = self.validator_for(file.shown());
        if let Cow::Owned(validator) = &validator {
            let judge = Judge {
                validator,
                options: self.options,
            };
            return judge.file_with_own_validator(input, file);
        }
        self.file_with_own_validator(input, file)
    }

    fn file_with_own_validator(&self, input: usize, file: FileRef<'_>) -> Outcome {
        let path = file.shown();
        let source = Source {
            path: Some(path.to_path_buf()),
            line: None,
            label: None,
        };
        let max = self.validator.limits().max_record_bytes;
        FILE_BUFFER.with_borrow_mut(|shared| {
            // The buffer the last record's outcome still holds is left to it.
            if Arc::get_mut(shared).is_none() {
                *shared = Arc::new(Vec::new());
            }
            let Some(buffer) = Arc::get_mut(shared) else {
                unreachable!("a new buffer is held nowhere else")
            };
            let outcome = match file.read_into(max, links(self.options), buffer) {
                Ok(length) => {
                    let report = self.validator.validate_bytes(&buffer[..length]);
                    // The record's text, for its diagnostics: the buffer itself, not a copy
                    // (unless the buffer has much more room than the record needs).
                    let text = (!report.diagnostics().is_empty()).then(|| {
                        if shared.capacity() <= 2 * length + SHARED_SLACK {
                            return RecordText::shared(Arc::clone(shared), length);
                        }
                        // Room a larger record left: the record copied out, and the room not
                        // kept (the records after it are handed their buffer again).
                        let text = RecordText::from(&shared[..length]);
                        *shared = Arc::new(Vec::new());
                        text
                    });
                    self.deny(Outcome::with_text(source, input, report, text))
                }
                Err(ReadFailure::TooLarge(length)) => {
                    let report = self.validator.oversized(length);
                    self.outcome(input, source, report, None)
                }
                Err(failure) => self.unreadable(input, Some(path), failure),
            };
            // A large record's room is not kept for the small ones after it (its outcome
            // may still hold it).
            if shared.capacity() > KEPT_BUFFER {
                *shared = Arc::new(Vec::new());
            }
            outcome
        })
    }

    fn unreadable(&self, input: usize, path: Option<&Path>, failure: ReadFailure) -> Outcome {
        let source = Source {
            path: path.map(Path::to_path_buf),
            line: None,
            label: None,
        };
        let error = input::InputError {
            path: source.path.clone(),
            failure,
            limit: input::Limit::new(
                self.validator.limits().max_record_bytes,
                self.validator.limits().spelling.spell("max_record_bytes"),
            ),
        };
        Outcome::unreadable(source, input, &error)
    }

    /// Checks `files` (each with its input's index), handing their outcomes to `sink` in
    /// order: on the pool ([`in_order`]) in chunks of a few files, or with one worker each
    /// here (a single worker would only take turns with this thread).
    fn files(
        &self,
        files: &[(usize, FileRef<'_>)],
        pool: &rayon::ThreadPool,
        sink: &mut dyn FnMut(Outcome) -> io::Result<()>,
    ) -> io::Result<()> {
        if pool.current_num_threads() == 1 {
            return files
                .iter()
                .try_for_each(|(input, file)| sink(self.file(*input, *file)));
        }
        let jobs = files.chunks(CHUNK).map(|chunk| -> Job<'_> {
            Box::new(move || {
                chunk
                    .iter()
                    .map(|(input, file)| self.file(*input, *file))
                    .collect()
            })
        });
        in_order(pool, jobs, sink)
    }

    /// Validates every line of a JSON Lines input, in order, read in blocks of about 1 MiB.
    /// With more than one worker, the lines go to the pool in chunks of about [`CHUNK_BYTES`]
    /// ([`in_order`]), and this thread reads the next block when the window has room; with
    /// one, each line is checked here.
    fn lines(
        &self,
        input: usize,
        path: Option<&Path>,
        reader: impl io::Read,
        pool: &rayon::ThreadPool,
        sink: &mut dyn FnMut(Outcome) -> io::Result<()>,
    ) -> io::Result<()> {
        /// Large enough to make reads few, small enough to keep memory flat.
        const BLOCK_BYTES: usize = 1024 * 1024;
        let max = self.validator.limits().max_record_bytes;
        let mut blocks = lines::LineBlocks::new(reader, max, BLOCK_BYTES);
        if pool.current_num_threads() == 1 {
            loop {
                match blocks.next_block() {
                    Ok(Some(block)) => {
                        for line in &block.lines {
                            sink(self.line(input, path, &block, line))?;
                        }
                    }
                    Ok(None) => return Ok(()),
                    Err(e) => return sink(self.unreadable(input, path, ReadFailure::Io(e))),
                }
            }
        }
        // The block being cut into chunks, and where the next chunk starts.
        let mut current: Option<(Arc<lines::Block>, usize)> = None;
        let mut finished = false;
        let jobs = std::iter::from_fn(|| -> Option<Job<'_>> {
            loop {
                if let Some((block, at)) = &mut current
                    && *at < block.lines.len()
                {
                    let chunk = *at..block.end_of_chunk(*at, CHUNK_BYTES, CHUNK_LINES);
                    *at = chunk.end;
                    let block = Arc::clone(block);
                    return Some(Box::new(move || {
                        block.lines[chunk]
                            .iter()
                            .map(|line| self.line(input, path, &block, line))
                            .collect()
                    }));
                }
                if finished {
                    return None;
                }
                match blocks.next_block() {
                    Ok(Some(block)) => current = Some((Arc::new(block), 0)),
                    Ok(None) => finished = true,
                    Err(e) => {
                        finished = true;
                        let outcome = self.unreadable(input, path, ReadFailure::Io(e));
                        return Some(Box::new(move || vec![outcome]));
                    }
                }
            }
        });
        in_order(pool, jobs, sink)
    }

    /// The outcome of one line of `block`.
    fn line(
        &self,
        input: usize,
        path: Option<&Path>,
        block: &lines::Block,
        (number, piece): &(u64, lines::Piece),
    ) -> Outcome {
        let source = Source {
            path: path.map(Path::to_path_buf),
            line: Some(*number),
            label: None,
        };
        match piece {
            lines::Piece::Text(range) => self.bytes(input, source, &block.bytes[range.clone()]),
            lines::Piece::TooLong(length) => {
                let report = self.validator.oversized(Some(*length));
                self.outcome(input, source, report, None)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::Source;

    /// A source with `path`.
    fn at(path: PathBuf) -> Source {
        Source {
            path: Some(path),
            line: None,
            label: None,
        }
    }

    /// A path is shown as `Path::display` shows it, whether it is UTF-8 (copied as it is)
    /// or not (written through `display`, with replacement characters).
    #[test]
    fn a_path_is_shown_as_display_shows_it() {
        let mut paths: Vec<PathBuf> = ["a.json", "records/000/é 1.json", "", "../x/\u{202e}.json"]
            .into_iter()
            .map(PathBuf::from)
            .collect();
        #[cfg(unix)]
        {
            use std::os::unix::ffi::OsStrExt as _;
            paths.push(PathBuf::from(std::ffi::OsStr::from_bytes(
                b"bad\xff\xfe.json",
            )));
        }
        for path in paths {
            let expected = path.display().to_string();
            assert_eq!(at(path.clone()).path_display(), expected, "{path:?}");
        }
        let stdin = Source {
            path: None,
            line: None,
            label: None,
        };
        assert_eq!(stdin.path_display(), "<stdin>");
    }
}
