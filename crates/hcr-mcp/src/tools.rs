//! What each tool does, without the protocol: arguments in, an [`Output`] (structured and
//! text) or a [`Failure`] out. Every decision is a library's; this module only reads the
//! inputs beneath the roots and shapes the results.

use std::path::{Path, PathBuf};

use hcr_batch::{Options, Outcome, Source, Summary};
use hcr_chain::{
    Continuation, Diff, Refusal, checked_successor_with, parse_actor, revision_file_name,
};
use hcr_interop::forms::Form;
use hcr_interop::source::{DraftError, SourceFormat, draft_from};
use hcr_project::{Config, Request, Resolved};
use hcr_receive::fill::{self, Fill};
use hcr_report::{Context, Format, renderer};
use hcr_types::{DateTime, Record, Sha256};
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};
use hcr_validate::{Action, Code, Level, Limits, ReceiverContext, Severity, Spelling, Validator};
use serde_json::{Value, json};

use crate::params::{
    ContinueParams, ConvertParams, ConvertTo, DiffParams, DigestParams, ExplainParams, FixParams,
    ReceiveParams, ReceiverArgs, RecordArg, RenderParams, ValidateParams,
};
use crate::roots::{PathError, Roots};

/// What the server was started with.
#[derive(Debug)]
pub struct State {
    /// The folders every path is resolved beneath.
    pub roots: Roots,
    /// Whether writing tools may write.
    pub allow_write: bool,
    /// The most bytes any one input (a text argument or a file) may hold.
    pub max_input_bytes: usize,
}

/// A tool's result: structured content, and the short text form beside it.
#[derive(Debug)]
pub struct Output {
    /// The structured result.
    pub structured: Value,
    /// The text form.
    pub text: String,
    /// The tool ran and its answer is a failure (an invalid record, a refused brief).
    pub is_error: bool,
}

/// Why a tool gave no result. The server answers both kinds as tool errors (`isError`, the
/// message as text), which clients show the model so that it can correct the call (MCP
/// 2025-11-25, SEP-1303); JSON-RPC errors are left to what is not a tool call at all.
#[derive(Debug)]
pub enum Failure {
    /// The arguments are wrong (too large, contradictory, missing, an unknown code): the
    /// message names the argument.
    Arguments(String),
    /// The tool could not do what was asked (a path outside the roots, a write without
    /// `--allow-write`): the message names the problem.
    Tool(String),
    /// No tool has this name (only from [`call`]: the server's router answers it itself,
    /// with a JSON-RPC error).
    UnknownTool(String),
}

impl Failure {
    /// The message.
    #[must_use]
    pub fn message(&self) -> &str {
        match self {
            Self::Arguments(message) | Self::Tool(message) | Self::UnknownTool(message) => message,
        }
    }
}

impl From<PathError> for Failure {
    fn from(error: PathError) -> Self {
        match error {
            PathError::TooLarge(..) => Self::Arguments(error.to_string()),
            _ => Self::Tool(error.to_string()),
        }
    }
}

type Result<T> = std::result::Result<T, Failure>;

impl Output {
    fn ok(structured: Value, text: String) -> Self {
        Self {
            structured,
            text,
            is_error: false,
        }
    }
}

impl State {
    /// The record limits of one input: its size is the server's input limit, and messages
    /// name settings as MCP arguments and server options do.
    fn limits(&self) -> Limits {
        Limits {
            max_record_bytes: self.max_input_bytes,
            spelling: Spelling::Member,
            ..Limits::default()
        }
    }

    /// A text argument, refused when larger than an input may be.
    fn text_arg<'a>(&self, name: &str, text: &'a str) -> Result<&'a str> {
        if text.len() > self.max_input_bytes {
            return Err(Failure::Arguments(format!(
                "`{name}` is {} bytes; an input may hold at most {} (the server's --max-input-bytes)",
                text.len(),
                self.max_input_bytes
            )));
        }
        Ok(text)
    }

    /// The bytes of a record given as text or as a path, the path as given, and the
    /// record's admission (held until the call ends).
    fn input(
        &self,
        record: Option<&str>,
        path: Option<&str>,
    ) -> Result<(Vec<u8>, Option<String>, Admitted)> {
        match (record, path) {
            (Some(text), None) => {
                let text = self.text_arg("record", text)?;
                let admitted = admit(text.len());
                Ok((text.as_bytes().to_vec(), None, admitted))
            }
            (None, Some(path)) => {
                let resolved = self.roots.resolve(path)?;
                let opened = resolved.open_file()?;
                let admitted = admit(usize::try_from(opened.metadata.len()).unwrap_or(usize::MAX));
                let bytes = opened
                    .read(self.max_input_bytes)
                    .map_err(|failure| read_failure(path, failure, self.max_input_bytes))?;
                Ok((bytes, Some(path.to_owned()), admitted))
            }
            (Some(_), Some(_)) => Err(Failure::Arguments(
                "give the record as `record` (its text) or as `path`, not both".into(),
            )),
            (None, None) => Err(Failure::Arguments(
                "give the record as `record` (its text) or as `path`".into(),
            )),
        }
    }

    fn writable(&self, what: &str) -> Result<()> {
        if self.allow_write {
            Ok(())
        } else {
            Err(Failure::Tool(format!(
                "{what} writes files, and this server was started without --allow-write; \
                 nothing was written"
            )))
        }
    }

    /// The receiver's context from the arguments, every folder beneath a root; an artifact
    /// is hashed up to `max_artifact_bytes`.
    fn receiver(&self, args: &ReceiverArgs, max_artifact_bytes: u64) -> Result<ReceiverContext> {
        let mut context = ReceiverContext::new();
        if let Some(dir) = &args.artifacts {
            let folder = self.roots.resolve(dir)?.folder()?;
            let store = ArtifactStore::new(folder, max_artifact_bytes);
            context = context.artifacts(store);
        }
        if let Some(dir) = &args.revisions {
            let folder = self.roots.resolve(dir)?.folder()?;
            context = context.revisions(RevisionIndex::of(&folder));
        }
        if let Some(now) = &args.now {
            context = context.now(parse_time(now)?);
        }
        if let Some(actor) = &args.as_actor {
            context = context.actor_id(actor);
        }
        Ok(context)
    }

    /// The project's configuration, unless `wanted` is false: `hcr.toml` or `.hcr.toml` in
    /// the first root itself, read through its handle; nothing above the root is the server's
    /// to read.
    fn configured(&self, wanted: Option<bool>) -> Result<Configured> {
        if wanted == Some(false) {
            return Ok(Configured {
                config: None,
                file: None,
                note: "not read: `config` is false".into(),
            });
        }
        let config = Config::in_folder(self.roots.first_folder())
            .map_err(|e| Failure::Tool(format!("the project's configuration: {e}")))?;
        Ok(match config {
            Some(config) => {
                let file = config
                    .path
                    .strip_prefix(self.roots.first())
                    .unwrap_or(&config.path)
                    .display()
                    .to_string();
                Configured {
                    note: format!("`{}` in the first root, applied", hcr_escape::escape(&file)),
                    file: Some(file),
                    config: Some(config),
                }
            }
            None => Configured {
                config: None,
                file: None,
                note: format!(
                    "none: no hcr.toml or .hcr.toml in the first root, `{}` (a configuration \
                     above a root is never read)",
                    hcr_escape::escape(&self.roots.first().display().to_string())
                ),
            },
        })
    }

    /// The request a checking tool makes: the level and receiver inputs asked for, its
    /// selection, the project's configuration as `configured`, the server's limits as a
    /// ceiling.
    fn resolve(
        &self,
        level: Option<Level>,
        receiver: bool,
        selection: &Selection,
        configured: &Configured,
        deny_warnings: bool,
    ) -> Result<Resolved> {
        Request {
            level,
            receiver,
            selection: selection.changes(),
            config: configured.config.clone(),
            limits: self.limits(),
            deny_warnings,
            ..Request::new(Spelling::Member, self.roots.first())
        }
        .resolve()
        .map_err(|e| Failure::Arguments(e.to_string()))
    }
}

impl State {
    /// The validator of a tool that checks a record (`continue`, `diff`, `render`, `convert`,
    /// `digest` with `fill`) at `level`: the project's configuration in the first root, with
    /// the overrides that match `path`, the server's limits as a ceiling, as `validate`
    /// checks it.
    fn checker(&self, level: Level, path: Option<&str>) -> Result<Validator> {
        let configured = self.configured(None)?;
        let none = Selection {
            select: &[],
            ignore: &[],
            warn: &[],
            error: &[],
        };
        self.resolve(Some(level), false, &none, &configured, false)?
            .validator_for(path.map(Path::new), |_| Ok(ReceiverContext::new()))
    }
}

/// The configuration a call applies, and how its answer names it.
struct Configured {
    config: Option<Config>,
    /// Its file, relative to the first root.
    file: Option<String>,
    /// What was applied, or why nothing was.
    note: String,
}

impl Configured {
    /// The answer's `config` member.
    fn to_value(&self) -> Value {
        json!({ "file": self.file, "note": self.note })
    }

    /// Names the configuration in `output`: its structured `config` member and a last line
    /// of its text.
    fn name_in(&self, output: &mut Output) {
        if let Some(members) = output.structured.as_object_mut() {
            members.insert("config".into(), self.to_value());
        }
        output
            .text
            .push_str(&format!("configuration: {}\n", self.note));
    }
}

/// The selection arguments every checking tool takes, in the order they apply.
struct Selection<'a> {
    select: &'a [String],
    ignore: &'a [String],
    warn: &'a [String],
    error: &'a [String],
}

impl Selection<'_> {
    fn changes(&self) -> Vec<(Action, String)> {
        [
            (Action::Select, self.select),
            (Action::Ignore, self.ignore),
            (Action::Warn, self.warn),
            (Action::Error, self.error),
        ]
        .into_iter()
        .flat_map(|(action, values)| values.iter().map(move |value| (action, value.clone())))
        .collect()
    }
}

fn parse_time(text: &str) -> Result<DateTime> {
    DateTime::parse(text)
        .map_err(|e| Failure::Arguments(format!("`now` is not an RFC 3339 date-time: {e}")))
}

/// Outcomes as structured content (the JSON format's document) and text (the text format).
fn report_output(level: Level, outcomes: &[Outcome]) -> Output {
    let mut listing = Listing::new(level);
    for outcome in outcomes {
        listing.add(outcome);
    }
    listing.finish()
}

/// The most records one answer lists; the rest are counted in its summary.
pub const MAX_LISTED_RECORDS: usize = 1_000;
/// The most diagnostics one answer lists, over all its records.
pub const MAX_LISTED_DIAGNOSTICS: usize = 1_000;

/// A run's answer, rendered as outcomes arrive (the JSON and text formats, as `hcr validate`
/// prints them) and dropped once rendered: an answer lists at most [`MAX_LISTED_RECORDS`]
/// records and [`MAX_LISTED_DIAGNOSTICS`] diagnostics, and counts every record in its
/// summary, so a run of any size costs the answer's size, not the run's.
struct Listing {
    json: hcr_report::JsonDocument,
    text: Box<dyn hcr_report::Render>,
    text_out: Vec<u8>,
    summary: Summary,
    records: usize,
    diagnostics: usize,
    omitted: usize,
}

impl Listing {
    fn new(level: Level) -> Self {
        let mut context = Context::new(level);
        context.color = false;
        let mut listing = Self {
            json: hcr_report::JsonDocument::new(&context),
            text: renderer(Format::Text, context),
            text_out: Vec::new(),
            summary: Summary::default(),
            records: 0,
            diagnostics: 0,
            omitted: 0,
        };
        // Writing to a Vec cannot fail.
        let _ = listing.text.begin(&mut listing.text_out);
        listing
    }

    fn add(&mut self, outcome: &Outcome) {
        self.summary.add(outcome);
        let count = outcome.report.diagnostics().len();
        if self.records < MAX_LISTED_RECORDS && self.diagnostics + count <= MAX_LISTED_DIAGNOSTICS {
            self.records += 1;
            self.diagnostics += count;
            self.json.record(outcome);
            let _ = self.text.record(&mut self.text_out, outcome);
        } else {
            self.omitted += 1;
        }
    }

    fn finish(mut self) -> Output {
        let _ = self.text.finish(&mut self.text_out, &self.summary);
        let mut structured = self.json.finish(&self.summary);
        let mut text = String::from_utf8_lossy(&self.text_out).into_owned();
        if self.omitted > 0 {
            structured["omitted"] = json!(self.omitted);
            text.push_str(&format!(
                "{} more records were checked and counted in the summary, but not listed: an answer lists at most {MAX_LISTED_RECORDS} records and {MAX_LISTED_DIAGNOSTICS} diagnostics\n",
                self.omitted
            ));
        }
        Output {
            structured,
            text,
            is_error: self.summary.invalid > 0 || self.summary.unreadable > 0,
        }
    }
}

/// One record's report as an outcome named by the path given, or, for a record given as
/// text, `<record>` with no file (as `hcr validate` names standard input).
fn outcome(path: Option<&str>, report: hcr_validate::Report, bytes: &[u8]) -> Outcome {
    let source = match path {
        Some(path) => Source {
            path: Some(PathBuf::from(path)),
            line: None,
            label: None,
        },
        None => Source::text(RECORD_TEXT),
    };
    Outcome::new(source, 0, report, Some(bytes))
}

/// What a record given as text is called.
const RECORD_TEXT: &str = "<record>";

/// The tool `name` with `arguments` read as the server reads them (unknown arguments and
/// wrong types are request errors); for callers without the protocol (tests, fuzzing).
///
/// # Errors
/// As the tool; [`Failure::Arguments`] for unreadable arguments, [`Failure::UnknownTool`].
pub fn call(state: &State, name: &str, arguments: Value) -> Result<Output> {
    fn read<T: serde::de::DeserializeOwned>(arguments: Value) -> Result<T> {
        crate::params::read(arguments).map_err(|message| {
            Failure::Arguments(format!("failed to deserialize parameters: {message}"))
        })
    }
    match name {
        "validate" => validate(state, read(arguments)?),
        "explain" => explain(&read(arguments)?),
        "rules" => Ok(rules()),
        "receive" => receive(state, &read(arguments)?),
        "continue" => continue_record(state, read(arguments)?),
        "diff" => diff(state, &read(arguments)?),
        "render" => render_record(state, &read(arguments)?),
        "convert" => convert(state, &read(arguments)?),
        "digest" => digest(state, &read(arguments)?),
        "fix" => fix(state, &read(arguments)?),
        other => Err(Failure::UnknownTool(format!(
            "hcr has no tool `{}`",
            hcr_validate::secrets::quote(other, 60)
        ))),
    }
}

/// A file of `path` that could not be read whole.
fn read_failure(path: &str, failure: hcr_fs::ReadFailure, max: usize) -> PathError {
    match failure {
        hcr_fs::ReadFailure::TooLarge(_) => PathError::TooLarge(path.to_owned(), max),
        other => PathError::Unusable(path.to_owned(), other.to_string()),
    }
}

/// The bytes of input the calls at work hold at once, at most (a call is admitted alone
/// when it is larger): a worst-case record takes about twelve times its size to check, so
/// calls on large records take turns while small ones run side by side.
const INPUT_BUDGET: usize = 16 << 20;

/// The admissions in force, and a signal when one ends.
static ADMISSION: (std::sync::Mutex<usize>, std::sync::Condvar) =
    (std::sync::Mutex::new(0), std::sync::Condvar::new());

/// A call's share of the input budget (16 MiB held by the calls at work), returned when dropped.
#[derive(Debug)]
pub struct Admitted(usize);

/// Waits until `bytes` of input fit beside what the calls at work hold (or nothing is at
/// work), and takes them.
fn admit(bytes: usize) -> Admitted {
    let weight = bytes.min(INPUT_BUDGET);
    let (used, freed) = &ADMISSION;
    let mut used = used
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    while *used > 0 && *used + weight > INPUT_BUDGET {
        used = freed
            .wait(used)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
    }
    *used += weight;
    Admitted(weight)
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let (used, freed) = &ADMISSION;
        let mut used = used
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *used = used.saturating_sub(self.0);
        freed.notify_all();
    }
}

/// `validate`.
pub fn validate(state: &State, params: ValidateParams) -> Result<Output> {
    let configured = state.configured(params.config)?;
    let selection = Selection {
        select: &params.select,
        ignore: &params.ignore,
        warn: &params.warn,
        error: &params.error,
    };
    // The server's limits are a ceiling: a configuration inside the root may only lower them.
    let resolved = state.resolve(
        params.level.map(Level::from),
        params.receiver.is_some(),
        &selection,
        &configured,
        params.deny_warnings,
    )?;
    let level = resolved.level();
    let deny_warnings = resolved.deny_warnings();
    // An artifact is read up to the library's default, whatever the configuration says (as
    // `receive` reads it).
    let validator = resolved.validator(|max_artifact_bytes| {
        state.receiver(
            &params.receiver.clone().unwrap_or_default(),
            max_artifact_bytes,
        )
    })?;

    let mut listing = Listing::new(level);
    match (&params.record, params.paths.is_empty()) {
        (Some(text), true) => {
            let bytes = state.text_arg("record", text)?.as_bytes();
            let _admitted = admit(bytes.len());
            let mut one = outcome(None, validator.validate_bytes(bytes), bytes);
            if deny_warnings {
                one = one.denying_warnings();
            }
            listing.add(&one);
        }
        (None, false) => {
            let mut inputs = Vec::new();
            let mut weight = 0usize;
            for path in &params.paths {
                let resolved = state.roots.resolve(path)?;
                // A folder is walked, a file read: both only beneath the root's handle, and
                // a path that cannot be used is named here.
                weight += if resolved.is_dir()? {
                    INPUT_BUDGET
                } else {
                    usize::try_from(resolved.open_file()?.metadata.len()).unwrap_or(usize::MAX)
                };
                inputs.push(resolved.input());
            }
            // A folder may hold records of any size: its run is admitted alone.
            let _admitted = admit(weight);
            let options = Options {
                jsonl: params.jsonl,
                ..resolved.options()
            };
            let plan = hcr_batch::plan(&inputs, &options)
                .map_err(|e| Failure::Arguments(e.to_string()))?;
            if plan.is_empty() {
                return Err(Failure::Tool(
                    "nothing was checked: the paths given hold no record".into(),
                ));
            }
            let roots: Vec<PathBuf> = state.roots.paths().map(Path::to_path_buf).collect();
            hcr_batch::run(&plan, &validator, &options, &mut |mut outcome| {
                // Paths are shown as the agent knows them: relative to their root.
                if let Some(path) = &outcome.source.path
                    && let Some(relative) = roots.iter().find_map(|r| path.strip_prefix(r).ok())
                {
                    outcome.source.path = Some(relative.to_path_buf());
                }
                listing.add(&outcome);
                Ok(())
            })
            .map_err(|e| Failure::Tool(e.to_string()))?;
            if listing.summary.records == 0 && listing.summary.unreadable == 0 {
                return Err(Failure::Tool(
                    "nothing was checked: the paths given hold no record".into(),
                ));
            }
        }
        (Some(_), false) => {
            return Err(Failure::Arguments(
                "give `record` (a record's text) or `paths`, not both".into(),
            ));
        }
        (None, true) => {
            return Err(Failure::Arguments(
                "give `record` (a record's text) or `paths` (files and folders)".into(),
            ));
        }
    }
    let mut output = listing.finish();
    configured.name_in(&mut output);
    Ok(output)
}

/// One code's entry, as `rules` lists it.
fn code_entry(info: &hcr_validate::CodeInfo) -> Value {
    json!({
        "code": info.code.as_str(),
        "name": info.name,
        "level": info.level.as_str(),
        "severity": info.severity.as_str(),
        "enabled": info.enabled,
        "default": info.default_setting(),
        "basis": info.basis.name(),
        "basisDescription": info.basis.describe(),
        "summary": info.summary,
    })
}

/// `explain`.
pub fn explain(params: &ExplainParams) -> Result<Output> {
    let code: Code = params.code.parse().map_err(|e| {
        Failure::Arguments(format!("`code`: {e}; the `rules` tool lists every code"))
    })?;
    let info = code.info();
    let mut entry = code_entry(info);
    entry["explanation"] = Value::String(info.explanation_for_people());
    entry["help"] = Value::String(info.help.to_owned());
    Ok(Output::ok(entry, info.explanation_text()))
}

/// `rules`: the code table.
#[must_use]
pub fn rules() -> Output {
    let entries: Vec<Value> = hcr_validate::registry().iter().map(code_entry).collect();
    let text = hcr_validate::registry()
        .iter()
        .map(|info| {
            format!(
                "{} {} ({} level, {}; basis: {}): {}\n",
                info.code,
                info.name,
                info.level.as_str(),
                info.default_setting(),
                info.basis.name(),
                info.summary
            )
        })
        .collect();
    Output::ok(json!({ "rules": entries }), text)
}

/// `receive`: the brief, framed as untrusted data; or the diagnostics that say why there is
/// none.
pub fn receive(state: &State, params: &ReceiveParams) -> Result<Output> {
    let configured = state.configured(params.config)?;
    let selection = Selection {
        select: &params.select,
        ignore: &params.ignore,
        warn: &params.warn,
        error: &params.error,
    };
    let resolved = state.resolve(Some(Level::Receiver), true, &selection, &configured, false)?;
    let (bytes, path, _admitted) = state.input(params.record.as_deref(), params.path.as_deref())?;
    // The record's overrides apply to a path; an artifact is read up to the library's
    // default, whatever the configuration says (as `validate` reads it).
    let validator = resolved.validator_for(path.as_deref().map(Path::new), |_| {
        state.receiver(
            &params.receiver.clone().unwrap_or_default(),
            hcr_validate::receiver::DEFAULT_MAX_ARTIFACT_BYTES,
        )
    })?;
    let mut output = received(&validator, &bytes, path.as_deref());
    configured.name_in(&mut output);
    Ok(output)
}

/// The brief of `bytes`, or the report that says why there is none.
fn received(validator: &Validator, bytes: &[u8], path: Option<&str>) -> Output {
    match hcr_receive::receive(validator, bytes) {
        Ok((brief, _)) => {
            let structured = json!({
                "untrusted": hcr_escape::UNTRUSTED_NOTICE,
                "ready": brief.ready,
                "brief": serde_json::to_value(&brief).unwrap_or(Value::Null),
            });
            Output::ok(structured, hcr_escape::untrusted(&brief.to_markdown()))
        }
        Err(report) => {
            let mut one = outcome(path, report, bytes);
            // No brief is given, so the record does not pass, whatever its report says.
            one.valid = false;
            let mut output = report_output(Level::Receiver, std::slice::from_ref(&one));
            output.text.push_str(
                "no brief: the record must be valid at the schema level and hold no secret\n",
            );
            output.is_error = true;
            output
        }
    }
}

/// A record that has the schema's shape, or the report that says why not.
fn schema_shaped(
    state: &State,
    record: Option<&str>,
    path: Option<&str>,
) -> Result<std::result::Result<Record, Output>> {
    let validator = state.checker(Level::Schema, path)?;
    let (bytes, path, _admitted) = state.input(record, path)?;
    let (record, report) = validator.validate_typed(&bytes);
    Ok(match record {
        Some(record) if report.valid() => Ok(record),
        _ => Err(report_output(
            Level::Schema,
            &[outcome(path.as_deref(), report, &bytes)],
        )),
    })
}

/// `continue`.
pub fn continue_record(state: &State, params: ContinueParams) -> Result<Output> {
    if params.write.is_some() {
        state.writable("`continue` with `write`")?;
    }
    let previous = match schema_shaped(state, params.record.as_deref(), params.path.as_deref())? {
        Ok(record) => record,
        Err(mut report) => {
            report
                .text
                .push_str("the predecessor must have the schema's shape to be continued\n");
            return Ok(report);
        }
    };
    let how = Continuation {
        by: Some(parse_actor(&params.by).map_err(|e| Failure::Arguments(format!("`by`: {e}")))?),
        now: params.now.as_deref().map(parse_time).transpose()?,
        patch: params.patch,
        complete: params.complete,
        resolve: params.resolve,
        supersede: params.supersede,
        first: params.first,
    };
    let validator = state.checker(
        Level::Normative,
        params.write.as_deref().or(params.path.as_deref()),
    )?;
    let next = match checked_successor_with(&previous, &how, None, &validator) {
        Ok(next) => next,
        Err(Refusal::Invalid { report, text }) => {
            let mut output = report_output(
                Level::Normative,
                &[Outcome::new(
                    Source::text("<successor>"),
                    0,
                    report,
                    Some(text.as_bytes()),
                )],
            );
            output.text.push_str(
                "the successor is not valid at the normative level; nothing was written\n",
            );
            return Ok(output);
        }
        Err(Refusal::Refused(reason)) => return Err(Failure::Tool(reason)),
        Err(_) => return Err(Failure::Tool("the successor could not be made".into())),
    };
    let written = match &params.write {
        Some(place) => {
            let resolved = state.roots.resolve(place)?;
            let target = if resolved.is_dir().unwrap_or(false) {
                let name = revision_file_name(&next.record);
                let folder = place.trim_end_matches('/');
                if folder == "." || folder.is_empty() {
                    name
                } else {
                    format!("{folder}/{name}")
                }
            } else {
                place.clone()
            };
            state
                .roots
                .resolve(&target)?
                .create_new(next.text.as_bytes())?;
            Some(target)
        }
        None => None,
    };
    let revision = next.record.revision();
    let structured = json!({
        "record": next.record.to_value(),
        "revision": revision,
        "written": written,
    });
    let head = match &written {
        Some(path) => format!("wrote revision {} to {path}\n", revision.unwrap_or(0)),
        None => format!(
            "revision {} (valid at the normative level; not written)\n",
            revision.unwrap_or(0)
        ),
    };
    Ok(Output::ok(structured, format!("{head}{}", next.text)))
}

/// `diff`.
pub fn diff(state: &State, params: &DiffParams) -> Result<Output> {
    let mut records = Vec::new();
    for (name, side) in [("old", &params.old), ("new", &params.new)] {
        let RecordArg { record, path } = side;
        match schema_shaped(state, record.as_deref(), path.as_deref())? {
            Ok(record) => records.push(record),
            Err(mut report) => {
                report.text.push_str(&format!(
                    "`{name}` must have the schema's shape to be compared\n"
                ));
                return Ok(report);
            }
        }
    }
    let diff = Diff::new(&records[0], &records[1]);
    let structured = json!({
        "untrusted": hcr_escape::UNTRUSTED_NOTICE,
        "diff": serde_json::to_value(&diff).unwrap_or(Value::Null),
    });
    Ok(Output::ok(
        structured,
        hcr_escape::untrusted(&diff.to_text()),
    ))
}

/// A record valid at the normative level, or the report that says why not.
fn valid_record(
    state: &State,
    record: Option<&str>,
    path: Option<&str>,
) -> Result<std::result::Result<Record, Output>> {
    let validator = state.checker(Level::Normative, path)?;
    let (bytes, path, _admitted) = state.input(record, path)?;
    Ok(match validator.read_record(&bytes) {
        Ok((record, _)) => Ok(record),
        Err(report) => {
            let mut output = report_output(
                Level::Normative,
                &[outcome(path.as_deref(), report, &bytes)],
            );
            output
                .text
                .push_str("the record must be valid at the normative level\n");
            Err(output)
        }
    })
}

/// `render`: the text framed as untrusted data.
pub fn render_record(state: &State, params: &RenderParams) -> Result<Output> {
    let record = match valid_record(state, params.record.as_deref(), params.path.as_deref())? {
        Ok(record) => record,
        Err(report) => return Ok(report),
    };
    let text = Form::from(params.form).render(&record);
    let structured = json!({
        "untrusted": hcr_escape::UNTRUSTED_NOTICE,
        "text": text,
    });
    Ok(Output::ok(structured, hcr_escape::untrusted(&text)))
}

/// `convert`.
pub fn convert(state: &State, params: &ConvertParams) -> Result<Output> {
    let (record, path) = (params.record.as_deref(), params.path.as_deref());
    match (params.from, params.to) {
        (Some(from), None) => {
            let (bytes, _, _admitted) = state.input(record, path)?;
            let text = String::from_utf8(bytes)
                .map_err(|_| Failure::Tool("the source is not UTF-8 text".into()))?;
            let draft =
                draft_from(SourceFormat::from(from), &text, &state.limits()).map_err(|error| {
                    Failure::Tool(match error {
                        DraftError::BlankNote => "the note is blank: there is no handover".into(),
                        DraftError::TooLong(too_long) => too_long.to_string(),
                        DraftError::NotJson(d) => {
                            format!("the source is not a JSON brief: {} ({})", d.message, d.code)
                        }
                    })
                })?;
            let checked =
                draft.check_with(text.as_bytes(), &state.checker(Level::Normative, None)?);
            let valid = checked.report.valid();
            let errors = checked.report.count(Severity::Error);
            let diagnostics: Vec<Value> = checked
                .report
                .diagnostics()
                .iter()
                .map(|d| serde_json::to_value(d.wire(0)).unwrap_or(Value::Null))
                .collect();
            let (shown, record) = if valid {
                (checked.text.as_str(), &draft.record)
            } else {
                (checked.shown(), checked.shown_record(&draft))
            };
            let structured = json!({
                "valid": valid,
                "complete": checked.complete,
                "record": record,
                "missing": draft.missing,
                "lost": checked.lost,
                "redacted": checked.redacted,
                "kept": checked.kept,
                "edited": draft.edited,
                "diagnostics": diagnostics,
            });
            let mut text = String::new();
            for note in draft.notes(&checked) {
                text.push_str(&note);
                text.push('\n');
            }
            if valid {
                text.push_str("the converted record is valid:\n");
            } else {
                text.push_str(&format!(
                    "the converted record is a draft, not yet valid ({}):\n",
                    Severity::Error.counted(errors)
                ));
            }
            text.push_str(shown);
            Ok(Output {
                structured,
                text,
                is_error: !valid,
            })
        }
        (None, Some(to)) => {
            let record = match valid_record(state, record, path)? {
                Ok(record) => record,
                Err(report) => return Ok(report),
            };
            match to {
                ConvertTo::HandoverBrief => {
                    let (brief, lost) = hcr_interop::handover_brief::to_brief(&record);
                    let text = hcr_escape::json_document(
                        &serde_json::to_string_pretty(&brief).unwrap_or_default(),
                    );
                    Ok(Output::ok(json!({ "brief": brief, "lost": lost }), text))
                }
                ConvertTo::SpecHandoff => to_spec_handoff(state, params, &record),
            }
        }
        (Some(_), Some(_)) => Err(Failure::Arguments(
            "give `from` (to draft a record) or `to` (to write another format), not both".into(),
        )),
        (None, None) => Err(Failure::Arguments("give `from` or `to`".into())),
    }
}

fn to_spec_handoff(state: &State, params: &ConvertParams, record: &Record) -> Result<Output> {
    let target = params
        .target_repo
        .as_deref()
        .ok_or_else(|| Failure::Arguments("`to: spec-handoff` needs `target_repo`".into()))?;
    let resolved = state.roots.resolve(target)?;
    let folder = resolved.folder()?;
    let (payload, lost) =
        hcr_interop::convert::to_payload(record, &resolved.path().display().to_string());
    if !params.write {
        let text =
            hcr_escape::json_document(&serde_json::to_string_pretty(&payload).unwrap_or_default());
        return Ok(Output::ok(
            json!({ "payload": payload, "lost": lost }),
            text,
        ));
    }
    state.writable("`convert` with `write`")?;
    let result = hcr_interop::spec_handoff::write::write_in(
        &folder,
        &hcr_interop::spec_handoff::write::WriteRequest {
            target_repo: folder.path(),
            workspace_slug: params.workspace_slug.as_deref(),
            payload: &payload,
            created_at: None,
        },
    );
    let written = result.written();
    Ok(Output {
        text: result.to_json(),
        structured: json!({ "result": result.0, "lost": lost }),
        is_error: !written,
    })
}

/// `fix`: the record with its mechanical mistakes repaired (the unsafe fixes only when
/// asked), what was fixed and what is left; written over `path` with `write`.
pub fn fix(state: &State, params: &FixParams) -> Result<Output> {
    if params.write {
        if params.path.is_none() {
            return Err(Failure::Arguments("`write` needs `path`".into()));
        }
        state.writable("`fix` with `write`")?;
    }
    let validator = state.checker(Level::Normative, params.path.as_deref())?;
    let (bytes, path, _admitted) = state.input(params.record.as_deref(), params.path.as_deref())?;
    let Ok(text) = String::from_utf8(bytes) else {
        return Err(Failure::Tool("the record is not UTF-8 text".into()));
    };
    let fixed = hcr_fix::fix(
        &text,
        &validator,
        &hcr_fix::Options {
            unsafe_fixes: params.unsafe_fixes,
        },
    );
    let mut written = false;
    if params.write
        && fixed.changed()
        && let Some(path) = &path
    {
        state.roots.resolve(path)?.replace(fixed.text.as_bytes())?;
        written = true;
    }
    // The text handed back hides what the record holds of secrets (the file keeps them).
    let secrets = serde_json::from_str::<Value>(&fixed.text)
        .map(|value| hcr_validate::secrets::of_record(&value))
        .unwrap_or_default();
    let shown = secrets.redact(&fixed.text).into_owned();
    let listed = |fixes: &[hcr_fix::Applied]| -> Vec<Value> {
        fixes
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect()
    };
    let diagnostics: Vec<Value> = fixed
        .report
        .diagnostics()
        .iter()
        .map(|d| serde_json::to_value(d.wire(0)).unwrap_or(Value::Null))
        .collect();
    let structured = json!({
        "untrusted": hcr_escape::UNTRUSTED_NOTICE,
        "text": shown,
        "redacted": shown != fixed.text,
        "changed": fixed.changed(),
        "written": written,
        "applied": listed(&fixed.applied),
        "unsafeAvailable": listed(&fixed.unsafe_available),
        "valid": fixed.report.valid(),
        "diagnostics": diagnostics,
    });
    let mut lines = String::new();
    for a in &fixed.applied {
        lines.push_str(&format!(
            "fixed {} ({}): {}\n",
            a.code,
            a.applicability.as_str(),
            a.title
        ));
    }
    if !fixed.unsafe_available.is_empty() {
        lines.push_str(&format!(
            "{} more with `unsafe_fixes`\n",
            hcr_validate::counted(fixed.unsafe_available.len(), "fix", "fixes")
        ));
    }
    let left = fixed.report.count(Severity::Error);
    if left > 0 {
        lines.push_str(&format!(
            "{} left to fix by hand\n",
            Severity::Error.counted(left)
        ));
    }
    lines.push_str(&hcr_escape::untrusted(&shown));
    Ok(Output {
        structured,
        text: lines,
        is_error: !fixed.report.valid(),
    })
}

/// `digest`: SHA-256 of files, or the fill of a record's evidence digests.
pub fn digest(state: &State, params: &DigestParams) -> Result<Output> {
    match (&params.fill, params.files.is_empty()) {
        (Some(record), true) => fill_record(state, record, params),
        (None, false) => {
            let mut entries = Vec::new();
            let mut text = String::new();
            let mut failed = false;
            for path in &params.files {
                let digest = state
                    .roots
                    .resolve(path)
                    .and_then(|resolved| resolved.open_file())
                    .map_err(|e| e.to_string())
                    .and_then(|opened| {
                        Sha256::of_reader(std::io::BufReader::with_capacity(
                            256 * 1024,
                            opened.file,
                        ))
                        .map_err(|e| format!("`{path}` could not be read: {e}"))
                    });
                match digest {
                    Ok(digest) => {
                        text.push_str(&format!("{digest}  {}\n", hcr_escape::escape(path)));
                        entries.push(json!({ "path": path, "sha256": digest.to_string() }));
                    }
                    Err(error) => {
                        failed = true;
                        text.push_str(&format!("error: {error}\n"));
                        entries.push(json!({ "path": path, "error": error }));
                    }
                }
            }
            Ok(Output {
                structured: json!({ "files": entries }),
                text,
                is_error: failed,
            })
        }
        _ => Err(Failure::Arguments(
            "give `files` to hash, or `fill` (a record) with `artifacts`".into(),
        )),
    }
}

fn fill_record(state: &State, record: &str, params: &DigestParams) -> Result<Output> {
    let artifacts = params
        .artifacts
        .as_deref()
        .ok_or_else(|| Failure::Arguments("`fill` needs `artifacts`".into()))?;
    if params.write {
        state.writable("`digest` with `write`")?;
    }
    let resolved = state.roots.resolve(record)?;
    let opened = resolved.open_file()?;
    let _admitted = admit(usize::try_from(opened.metadata.len()).unwrap_or(usize::MAX));
    let bytes = opened
        .read(state.max_input_bytes)
        .map_err(|failure| read_failure(record, failure, state.max_input_bytes))?;
    let text = String::from_utf8(bytes)
        .map_err(|_| Failure::Tool(format!("`{record}` is not UTF-8 text")))?;
    let folder = state.roots.resolve(artifacts)?.folder()?;
    let store = ArtifactStore::new(folder, hcr_validate::receiver::DEFAULT_MAX_ARTIFACT_BYTES);
    let validator = state.checker(Level::Normative, Some(record))?;
    let (value, items) = match fill::plan_text(&text, &validator, store) {
        Ok(planned) => planned,
        Err(report) => {
            let mut output = report_output(
                Level::Normative,
                &[outcome(Some(record), report, text.as_bytes())],
            );
            output
                .text
                .push_str("only a valid record is filled; nothing was changed\n");
            return Ok(output);
        }
    };
    let added = items
        .iter()
        .filter(|i| matches!(i.fill, Fill::Added { .. }))
        .count();
    let failed = items
        .iter()
        .any(|i| matches!(i.fill, Fill::Mismatch { .. } | Fill::Problem { .. }));
    let mut written = false;
    if params.write && added > 0 {
        let filled = fill::apply(&text, &value, &items)
            .map_err(|e| Failure::Tool(format!("`{record}`: {e}")))?;
        resolved.replace(filled.as_bytes())?;
        written = true;
    }
    let mut lines = String::new();
    for item in &items {
        let what = match &item.fill {
            Fill::Added { sha256 } if written => format!("added {sha256}"),
            Fill::Added { sha256 } => format!("would add {sha256}"),
            Fill::Unchanged => "unchanged (the recorded digest matches)".to_owned(),
            Fill::Mismatch { recorded, actual } => format!(
                "MISMATCH: recorded {recorded}, the artifact hashes to {actual}; not changed"
            ),
            Fill::Problem { reason } => format!("not hashed: {reason}"),
        };
        lines.push_str(&format!(
            "{} `{}`: {what}\n",
            item.pointer,
            hcr_escape::escape(&item.artifact_ref)
        ));
    }
    if items.is_empty() {
        lines.push_str("no evidence item has an artifactRef\n");
    }
    Ok(Output {
        structured: json!({ "items": items, "written": written, "added": added }),
        text: lines,
        is_error: failed,
    })
}
