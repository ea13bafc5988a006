//! The tools' arguments: serde types whose JSON Schemas the tools list shows. Unknown
//! arguments are refused, so a misspelt option is an error, not a silent default; an
//! argument that cannot be read is named in the error ([`Named`]), which the client shows the
//! model as a tool error.

use std::borrow::Cow;

use rmcp::schemars::{self, JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer};

/// Reads a tool's arguments, naming the argument that does not fit (`` `old.record`: invalid
/// type: … ``) where serde alone names none.
///
/// # Errors
/// The first argument that does not fit, with its path.
pub fn read<T: DeserializeOwned>(arguments: serde_json::Value) -> Result<T, String> {
    serde_path_to_error::deserialize(arguments).map_err(|e| explained(&e))
}

/// A path-tracking error as one message: the argument's path, then serde's words.
fn explained<E: std::fmt::Display>(error: &serde_path_to_error::Error<E>) -> String {
    let path = error.path().to_string();
    let inner = hcr_validate::secrets::quote(&error.inner().to_string(), 200);
    if path == "." {
        inner
    } else {
        format!("`{path}`: {inner}")
    }
}

/// A tool's arguments, read as [`read`] reads them: the server's tools take `Named<T>` so
/// that an argument of the wrong type is named in the tool error.
#[derive(Clone, Debug)]
pub struct Named<T>(pub T);

impl<'de, T: DeserializeOwned> Deserialize<'de> for Named<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        serde_path_to_error::deserialize(deserializer)
            .map(Named)
            .map_err(|e| D::Error::custom(explained(&e)))
    }
}

impl<T: JsonSchema> JsonSchema for Named<T> {
    fn schema_name() -> Cow<'static, str> {
        T::schema_name()
    }

    fn schema_id() -> Cow<'static, str> {
        T::schema_id()
    }

    fn inline_schema() -> bool {
        T::inline_schema()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        T::json_schema(generator)
    }
}

/// A record (or a source) as an argument: its text, or, for a JSON record, the JSON value
/// itself (`{"record": {"schemaVersion": "1.0", …}}`), which is checked as the text
/// `serde_json` writes of it, two-space indented, whose lines and columns the diagnostics
/// give. A name the client's JSON reader merged can no longer be seen: send the text to
/// have duplicate names found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordText(pub String);

impl RecordText {
    /// The text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::ops::Deref for RecordText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for RecordText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        match serde_json::Value::deserialize(deserializer)? {
            serde_json::Value::String(text) => Ok(Self(text)),
            value => serde_json::to_string_pretty(&value)
                .map(Self)
                .map_err(D::Error::custom),
        }
    }
}

impl JsonSchema for RecordText {
    fn schema_name() -> Cow<'static, str> {
        "RecordText".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The record's JSON text, or the record itself as a JSON object.",
            "type": ["string", "object"]
        })
    }
}

/// A record, given as its text or as the path of a file beneath a root.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordArg {
    /// The record's JSON text, or the record as a JSON object.
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the record's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
}

/// The level a record is checked at.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum LevelArg {
    /// JSON and the canonical schema.
    Schema,
    /// The schema and the v1.0 README's rules (the default).
    Normative,
    /// Also the receiver's checks: evidence digests, review links, the due date, the actor.
    Receiver,
}

impl From<LevelArg> for hcr_validate::Level {
    fn from(level: LevelArg) -> Self {
        match level {
            LevelArg::Schema => Self::Schema,
            LevelArg::Normative => Self::Normative,
            LevelArg::Receiver => Self::Receiver,
        }
    }
}

/// What the receiver has at hand.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReceiverArgs {
    /// The folder `artifactRef` paths are resolved in, beneath a root; its files are hashed.
    #[serde(default)]
    pub artifacts: Option<String>,
    /// A folder of earlier revisions of the record, beneath a root.
    #[serde(default)]
    pub revisions: Option<String>,
    /// The time the due date is compared with (RFC 3339; default: now).
    #[serde(default)]
    pub now: Option<String>,
    /// The receiver's actor id, compared with `ownership.nextActor.id`.
    #[serde(default, rename = "as")]
    pub as_actor: Option<String>,
}

/// `validate`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ValidateParams {
    /// A record to check: its JSON text, or the record as a JSON object.
    #[serde(default)]
    pub record: Option<RecordText>,
    /// Files, folders (walked for `*.json`, or the project's glob) and JSON Lines files to
    /// check, beneath the roots.
    #[serde(default)]
    pub paths: Vec<String>,
    /// Read each file as JSON Lines: one record per line.
    #[serde(default)]
    pub jsonl: bool,
    /// The level (default: the project's, else `normative`; `receiver` when a receiver
    /// argument is given).
    #[serde(default)]
    pub level: Option<LevelArg>,
    /// Codes, names or groups to report (as `--select`), applied first.
    #[serde(default)]
    pub select: Vec<String>,
    /// Codes, names or groups not to report (as `--ignore`), applied second.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Codes to report as warnings (as `--warn`), applied third.
    #[serde(default)]
    pub warn: Vec<String>,
    /// Codes to report as errors (as `--error`), applied last.
    #[serde(default)]
    pub error: Vec<String>,
    /// Use the project's `hcr.toml` found in the first root (default true).
    #[serde(default)]
    pub config: Option<bool>,
    /// Warnings fail the record too.
    #[serde(default)]
    pub deny_warnings: bool,
    /// The receiver's context (implies `level: receiver`).
    #[serde(default)]
    pub receiver: Option<ReceiverArgs>,
}

/// `explain`'s arguments.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExplainParams {
    /// A code (`HCR204`) or its name (`secret-in-record`).
    pub code: String,
}

/// `rules`' arguments: none.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct NoParams {}

/// `receive`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReceiveParams {
    /// The record's JSON text, or the record as a JSON object (give this or `path`).
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the record's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
    /// The receiver's context: the artifacts and revisions folders, the time, the actor.
    #[serde(default)]
    pub receiver: Option<ReceiverArgs>,
    /// Codes, names or groups to report (as `--select`), applied first.
    #[serde(default)]
    pub select: Vec<String>,
    /// Codes, names or groups not to report (as `--ignore`), applied second.
    #[serde(default)]
    pub ignore: Vec<String>,
    /// Codes to report as warnings (as `--warn`), applied third.
    #[serde(default)]
    pub warn: Vec<String>,
    /// Codes to report as errors (as `--error`), applied last.
    #[serde(default)]
    pub error: Vec<String>,
    /// Use the project's `hcr.toml` found in the first root (default true).
    #[serde(default)]
    pub config: Option<bool>,
}

/// `continue`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ContinueParams {
    /// The record's JSON text, or the record as a JSON object (give this or `path`).
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the record's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
    /// Who writes the successor: `ACTOR_ID` or `ACTOR_ID:TYPE` (agent, human, service).
    pub by: String,
    /// Top-level properties that replace the predecessor's whole property (`null` removes
    /// an optional one).
    #[serde(default)]
    pub patch: Option<serde_json::Value>,
    /// `inProgress` items (exact text) to move to `complete`.
    #[serde(default)]
    pub complete: Vec<String>,
    /// Review ids to mark resolved by the new revision.
    #[serde(default)]
    pub resolve: Vec<String>,
    /// Decision summaries (exact text) to mark superseded.
    #[serde(default)]
    pub supersede: Vec<String>,
    /// The successor's time (RFC 3339; default: now).
    #[serde(default)]
    pub now: Option<String>,
    /// Accept a predecessor without a revision number: the successor is revision 1.
    #[serde(default)]
    pub first: bool,
    /// Write the successor here, beneath a root: a new file, or a folder to write
    /// `{recordId}.r{revision}.json` in. Needs the server's `--allow-write`; never overwrites.
    #[serde(default)]
    pub write: Option<String>,
}

/// Two records, old and new.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DiffParams {
    /// The older record.
    pub old: RecordArg,
    /// The newer record.
    pub new: RecordArg,
}

/// The forms `render` writes.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum RenderAs {
    /// The goal-handover note (at most 4,096 bytes).
    GoalHandover,
    /// The note inside the reference agent's `<untrusted_handover>` block.
    UntrustedBlock,
    /// A Markdown page for people.
    Markdown,
    /// The publisher's `HANDOFF.md` shape.
    HandoffMd,
}

impl From<RenderAs> for hcr_interop::forms::Form {
    fn from(form: RenderAs) -> Self {
        match form {
            RenderAs::GoalHandover => Self::GoalHandover,
            RenderAs::UntrustedBlock => Self::UntrustedBlock,
            RenderAs::Markdown => Self::Markdown,
            RenderAs::HandoffMd => Self::HandoffMd,
        }
    }
}

/// `render`'s arguments.
#[derive(Clone, Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RenderParams {
    /// The record's JSON text, or the record as a JSON object (give this or `path`).
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the record's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
    /// The form.
    #[serde(rename = "as")]
    pub form: RenderAs,
}

/// The formats `convert` reads.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ConvertFrom {
    /// A goal-handover note.
    GoalHandover,
    /// A spec-handoff/v1 artifact (`handoff.md`).
    SpecHandoff,
    /// The publisher's `HANDOFF.md`.
    HandoffMd,
    /// The hosted service's JSON brief.
    HandoverBrief,
}

impl From<ConvertFrom> for hcr_interop::source::SourceFormat {
    fn from(format: ConvertFrom) -> Self {
        match format {
            ConvertFrom::GoalHandover => Self::GoalHandover,
            ConvertFrom::SpecHandoff => Self::SpecHandoff,
            ConvertFrom::HandoffMd => Self::HandoffMd,
            ConvertFrom::HandoverBrief => Self::HandoverBrief,
        }
    }
}

/// The formats `convert` writes from a record.
#[derive(Clone, Copy, Debug, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum ConvertTo {
    /// The hosted service's JSON brief.
    HandoverBrief,
    /// A spec-handoff/v1 payload (written into `target_repo` with `write`).
    SpecHandoff,
}

/// `convert`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ConvertParams {
    /// The source's text (a JSON source may be given as a JSON object; give this or `path`).
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the source's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
    /// The source's format, to draft a record from it.
    #[serde(default)]
    pub from: Option<ConvertFrom>,
    /// The format to write from a valid record.
    #[serde(default)]
    pub to: Option<ConvertTo>,
    /// `to: spec-handoff`: the repository the artifact belongs to, beneath a root.
    #[serde(default)]
    pub target_repo: Option<String>,
    /// `to: spec-handoff`: the workspace folder's name.
    #[serde(default)]
    pub workspace_slug: Option<String>,
    /// `to: spec-handoff`: write the artifact into `target_repo` (needs `--allow-write`).
    #[serde(default)]
    pub write: bool,
}

/// `digest`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DigestParams {
    /// Files to hash (SHA-256), beneath the roots.
    #[serde(default)]
    pub files: Vec<String>,
    /// A record file whose evidence digests are filled from `artifacts`.
    #[serde(default)]
    pub fill: Option<String>,
    /// The artifacts folder for `fill`.
    #[serde(default)]
    pub artifacts: Option<String>,
    /// Write the missing digests into the record file (needs `--allow-write`).
    #[serde(default)]
    pub write: bool,
}

/// `fix`'s arguments.
#[derive(Clone, Debug, Default, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FixParams {
    /// The record's JSON text, or the record as a JSON object (give this or `path`).
    #[serde(default)]
    pub record: Option<RecordText>,
    /// The path of the record's file, beneath a root (relative paths from the first root).
    #[serde(default)]
    pub path: Option<String>,
    /// Apply the unsafe fixes too: those that change structure or content (the
    /// handover-record skill's groups mapped to v1.0's, a whitespace-only item removed, a
    /// resolved review without its revision set back to open).
    #[serde(default)]
    pub unsafe_fixes: bool,
    /// Write the fixed record over `path` (needs `--allow-write`; only when it changed and is
    /// no worse).
    #[serde(default)]
    pub write: bool,
}
