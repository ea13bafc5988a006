//! The command line, as clap structs only.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use hcr_report::Format;
use hcr_types::DateTime;
use hcr_validate::{Level, Limits};

/// Validate, explain and certify Handoff Continuity Records (HCR v1.0).
#[derive(Debug, Parser)]
#[command(name = "hcr", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check records: files, folders (recursively), standard input, or JSON Lines.
    Validate(Box<ValidateArgs>),
    /// Explain a diagnostic code, with a failing and a passing example.
    Explain {
        /// A code (`HCR204`) or its name (`secret-in-record`).
        code: String,
    },
    /// List every diagnostic code.
    Rules,
    /// Print the canonical HCR v1.0 JSON Schema that hcr embeds.
    Schema,
    /// Print the SHA-256 of files, or fill in evidence digests of a record (`--fill`).
    Digest(DigestArgs),
    /// Print what a successor must read before acting on a record: the receiver brief.
    Receive(ReceiveArgs),
    /// Repair the mechanical mistakes in records (safe fixes; unsafe ones with
    /// --unsafe-fixes), writing each file only when the result is no worse.
    Fix(FixArgs),
    /// Make the next revision of a record: same recordId, revision plus one, your changes.
    Continue(ContinueArgs),
    /// Show what changed between two revisions of a record.
    Diff(DiffArgs),
    /// spec-handoff/v1 artifacts: write, discover and lint them.
    #[command(subcommand)]
    SpecHandoff(SpecHandoffCommand),
    /// HANDOFF.md files, as the publisher's handoff skill writes them: lint them.
    #[command(subcommand, name = "handoff-md")]
    HandoffMd(HandoffMdCommand),
    /// Render a record as a goal handover note, its untrusted block, a Markdown page or a
    /// HANDOFF.md (--as).
    Render(RenderArgs),
    /// Convert an HCR record to or from another format: a goal handover note, a spec-handoff
    /// artifact, a HANDOFF.md (from) or the hosted service's handover brief (both ways).
    Convert(ConvertArgs),
    /// Certify another implementation (a validator or a producer) against the conformance
    /// suite and write a report.
    Certify(CertifyArgs),
    /// Serve the hcr tools to an agent over the Model Context Protocol (stdio).
    Mcp(McpArgs),
    /// Serve editors over the Language Server Protocol (stdio): diagnostics as `hcr validate`
    /// gives them, hover, completion, outline and code actions for records and HANDOFF.md.
    Server,
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Write what a release attaches besides the binary: DIR/man (a page per command) and
    /// DIR/completions (every shell's script).
    #[command(hide = true)]
    Generate {
        /// The folder to write into.
        dir: std::path::PathBuf,
    },
}

/// When to colour text output.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// When standard output is a terminal and NO_COLOR is unset.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// `hcr validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Files or folders to check; `-` (or nothing, with piped input) reads standard input.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// How much of the contract to check [default: normative, or receiver with --artifacts or
    /// --revisions].
    #[arg(long, value_enum)]
    pub level: Option<Level>,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,

    /// Also append a Markdown summary of the run (`--format markdown`) to this file, whatever
    /// the format: e.g. "$GITHUB_STEP_SUMMARY".
    #[arg(long, value_name = "FILE")]
    pub summary: Option<PathBuf>,

    /// Treat warnings as errors.
    #[arg(long)]
    pub deny_warnings: bool,

    /// Read every input as JSON Lines: one record per line.
    #[arg(long)]
    pub jsonl: bool,

    /// Which files to check in folders (matched below the folder; `/` in the pattern makes
    /// `*` stop at folder boundaries).
    #[arg(long, value_name = "PATTERN", default_value = "*.json")]
    pub glob: String,

    /// Follow symlinks while walking folders.
    #[arg(long)]
    pub follow_links: bool,

    /// Also check what `.gitignore`, `.ignore` and `.git/info/exclude` inside the folders
    /// exclude (ignore files above a folder given are never read).
    #[arg(long)]
    pub no_ignore: bool,

    /// Also check hidden files and folders (names starting with `.`).
    #[arg(long)]
    pub hidden: bool,

    /// Succeed when the paths given hold no record to check (by default that is an error:
    /// a mistyped path or glob would otherwise pass).
    #[arg(long)]
    pub allow_empty: bool,

    /// Files checked per run; past it the walk stops with one HCR003.
    #[arg(long, value_name = "N", default_value_t = hcr_batch::DEFAULT_MAX_FILES)]
    pub max_files: usize,

    /// Worker threads [default: one per core].
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// When to colour text output.
    #[arg(long, value_enum, default_value = "auto")]
    pub color: ColorArg,

    /// What the receiver has at hand (any of these implies --level receiver).
    #[command(flatten)]
    pub receiver: ReceiverArgs,

    /// Resource limits.
    #[command(flatten)]
    pub limits: LimitArgs,

    /// Which codes are reported, and how.
    #[command(flatten)]
    pub selection: SelectionArgs,

    /// The project's settings and known findings.
    #[command(flatten)]
    pub project: ProjectArgs,

    /// Speak the certification protocol on standard input and output instead (JSON lines;
    /// see conformance-suite/README.md), so that `hcr certify --validator-stdio` can run hcr.
    #[arg(long, conflicts_with = "paths")]
    pub protocol_stdio: bool,
}

/// Which codes are reported, and how: each option takes codes (`HCR205`), names
/// (`duplicate-evidence-id`) or groups (`all`, `schema`, `normative`, `receiver`, `hcr`,
/// `contract`, `secrets`), comma-separated and repeatable; later options override earlier
/// ones, and all of them override `hcr.toml`.
#[derive(Debug, Args)]
#[command(next_help_heading = "Rule selection")]
pub struct SelectionArgs {
    /// Report only these codes (codes off by default are turned on).
    #[arg(long, value_name = "CODES")]
    pub select: Vec<String>,

    /// Do not report these codes.
    #[arg(long, value_name = "CODES")]
    pub ignore: Vec<String>,

    /// Report these codes as warnings.
    #[arg(long, value_name = "CODES")]
    pub warn: Vec<String>,

    /// Report these codes as errors.
    #[arg(long, value_name = "CODES")]
    pub error: Vec<String>,
}

/// The project's settings (`hcr.toml`), as every command that reports diagnostics reads them.
#[derive(Debug, Args)]
#[command(next_help_heading = "Project")]
pub struct ConfigArgs {
    /// Read settings from this file instead of the hcr.toml (or .hcr.toml) found from the
    /// current folder upward to the repository root.
    #[arg(long, value_name = "FILE", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Read no configuration file.
    #[arg(long)]
    pub no_config: bool,
}

/// How a command that reads records checks them: the rule selection and the project's
/// settings, as `hcr validate` reads them (the record's overrides included).
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Which codes are reported, and how.
    #[command(flatten)]
    pub selection: SelectionArgs,

    /// The project's settings.
    #[command(flatten)]
    pub config: ConfigArgs,
}

/// The project's settings (`hcr.toml`) and known findings (a baseline).
#[derive(Debug, Args)]
#[command(next_help_heading = "Project")]
pub struct ProjectArgs {
    /// The project's settings.
    #[command(flatten)]
    pub settings: ConfigArgs,

    /// Report only the findings that are not in this baseline.
    #[arg(long, value_name = "FILE", conflicts_with = "write_baseline")]
    pub baseline: Option<PathBuf>,

    /// Record the run's findings in this baseline file (replacing it), and report only what
    /// cannot be baselined (records that could not be read or checked).
    #[arg(long, value_name = "FILE")]
    pub write_baseline: Option<PathBuf>,
}

/// What the receiver has at hand.
#[derive(Clone, Debug, Args)]
pub struct ReceiverArgs {
    /// The folder evidence `artifactRef` paths are relative to.
    #[arg(long, value_name = "DIR")]
    pub artifacts: Option<PathBuf>,

    /// A folder of earlier revisions of the records.
    #[arg(long, value_name = "DIR")]
    pub revisions: Option<PathBuf>,

    /// Your actor id, compared with the record's next actor.
    #[arg(long = "as", value_name = "ACTOR_ID")]
    pub as_actor: Option<String>,

    /// The time to check due dates against (RFC 3339) [default: now].
    #[arg(long, value_name = "RFC3339", value_parser = date_time)]
    pub now: Option<DateTime>,

    /// Bytes read per artifact at most.
    #[arg(long, value_name = "BYTES", default_value_t = hcr_validate::receiver::DEFAULT_MAX_ARTIFACT_BYTES)]
    pub max_artifact_bytes: u64,
}

impl ReceiverArgs {
    /// Whether any receiver input was given.
    #[must_use]
    pub fn any(&self) -> bool {
        self.artifacts.is_some()
            || self.revisions.is_some()
            || self.as_actor.is_some()
            || self.now.is_some()
    }
}

/// `hcr digest`.
#[derive(Debug, Args)]
pub struct DigestArgs {
    /// Files to hash.
    #[arg(
        value_name = "FILE",
        required_unless_present = "fill",
        conflicts_with = "fill"
    )]
    pub files: Vec<PathBuf>,

    /// A record whose evidence digests to compute from --artifacts.
    #[arg(long, value_name = "RECORD", requires = "artifacts")]
    pub fill: Option<PathBuf>,

    /// The folder the record's `artifactRef` paths are relative to.
    #[arg(long, value_name = "DIR", requires = "fill")]
    pub artifacts: Option<PathBuf>,

    /// Write the added digests into the record (otherwise only show them).
    #[arg(long, requires = "fill")]
    pub write: bool,

    /// Bytes read per artifact at most.
    #[arg(long, value_name = "BYTES", default_value_t = hcr_validate::receiver::DEFAULT_MAX_ARTIFACT_BYTES)]
    pub max_artifact_bytes: u64,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the record to fill is checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// Receiver brief formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum BriefFormat {
    /// Markdown for people, every record string escaped.
    Markdown,
    /// A JSON document.
    Json,
}

/// `hcr receive`.
#[derive(Debug, Args)]
pub struct ReceiveArgs {
    /// The record to receive.
    #[arg(value_name = "RECORD")]
    pub record: PathBuf,

    /// What the receiver has at hand.
    #[command(flatten)]
    pub receiver: ReceiverArgs,

    /// Output format.
    #[arg(long, value_enum, default_value = "markdown")]
    pub format: BriefFormat,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the record is checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// `hcr fix`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("mode").args(["diff", "check"]))]
pub struct FixArgs {
    /// Records and folders to fix (folders are walked for `*.json`, or the project's glob);
    /// none or `-`: standard input, the fixed text on standard output.
    #[arg(value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Apply the unsafe fixes too: those that change structure or content (the
    /// handover-record skill's groups mapped to v1.0's, a whitespace-only item removed, a
    /// resolved review without its revision set back to open).
    #[arg(long)]
    pub unsafe_fixes: bool,

    /// Print a unified diff of each fix and write nothing.
    #[arg(long)]
    pub diff: bool,

    /// Write nothing; exit 1 when a fix would apply.
    #[arg(long)]
    pub check: bool,

    /// How the fixes are reported (on standard output; with standard input, on standard
    /// error).
    #[arg(long, value_enum, default_value = "text")]
    pub format: FixFormat,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the records are checked: the findings fixed are the ones reported.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// How `hcr fix` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FixFormat {
    /// A line per fix, for people.
    Text,
    /// One JSON document.
    Json,
}

/// `hcr continue`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("destination").args(["out", "into"]))]
pub struct ContinueArgs {
    /// The record to continue.
    #[arg(value_name = "PREV")]
    pub previous: PathBuf,

    /// A JSON object of top-level properties that replace the predecessor's, whole (`null`
    /// removes an optional one).
    #[arg(long, value_name = "PATCH.json")]
    pub patch: Option<PathBuf>,

    /// Who writes the successor: an actor id, optionally `:human`, `:agent` or `:service`
    /// (otherwise the type follows the id's prefix: `user:` human, `service:` service, else
    /// agent).
    #[arg(long, value_name = "ACTOR_ID[:TYPE]", required = true)]
    pub by: String,

    /// When the successor is written (RFC 3339) [default: now, UTC].
    #[arg(long, value_name = "RFC3339", value_parser = date_time)]
    pub now: Option<DateTime>,

    /// Write the successor to this file (never overwriting one).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Write the successor into this folder as RECORDID.rN.json (never overwriting one).
    #[arg(long, value_name = "DIR")]
    pub into: Option<PathBuf>,

    /// Continue a record without a revision number: the successor is revision 1.
    #[arg(long)]
    pub first: bool,

    /// Move this inProgress item (exact text) to complete; repeatable.
    #[arg(long, value_name = "TEXT")]
    pub complete: Vec<String>,

    /// Mark this review resolved by the new revision; repeatable.
    #[arg(long, value_name = "REVIEW_ID")]
    pub resolve: Vec<String>,

    /// Mark the decision with this summary superseded; repeatable.
    #[arg(long, value_name = "SUMMARY")]
    pub supersede: Vec<String>,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the predecessor and the successor are checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// Diff formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DiffFormat {
    /// A readable summary.
    Text,
    /// A JSON document.
    Json,
    /// Markdown.
    Markdown,
}

/// `hcr diff`.
#[derive(Debug, Args)]
pub struct DiffArgs {
    /// The older revision.
    #[arg(value_name = "OLD")]
    pub old: PathBuf,

    /// The newer revision.
    #[arg(value_name = "NEW")]
    pub new: PathBuf,

    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: DiffFormat,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the two records are checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// The files a linter checks and how it reports.
#[derive(Debug, Args)]
pub struct LintArgs {
    /// The files.
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,
    /// How each file's findings are reported (its overrides included).
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// `hcr handoff-md …`.
#[derive(Debug, Subcommand)]
pub enum HandoffMdCommand {
    /// Check HANDOFF.md files against the skill's sections and receiver questions (HCR6xx).
    Lint(LintArgs),
}

/// `hcr spec-handoff …`.
#[derive(Debug, Subcommand)]
pub enum SpecHandoffCommand {
    /// Write an artifact from a JSON payload, as the reference writer does (a JSON result;
    /// exit 1 when rejected).
    Write {
        /// The payload file.
        #[arg(long, value_name = "PAYLOAD")]
        input: PathBuf,
        /// The repository the artifact belongs to.
        #[arg(long, value_name = "DIR")]
        target_repo: PathBuf,
        /// The workspace folder's name [default: the repository's folder name].
        #[arg(long, value_name = "S")]
        workspace_slug: Option<String>,
        /// The creation time instead of now (for reproducible artifacts).
        #[arg(long, value_name = "ISO", hide = true)]
        created_at: Option<String>,
        /// Accepted for compatibility: the output is always JSON.
        #[arg(long)]
        json: bool,
    },
    /// Find artifacts by their metadata only, as the reference discovery does.
    Discover {
        /// The repository.
        #[arg(long, value_name = "DIR")]
        target_repo: PathBuf,
        /// Search terms.
        #[arg(long, value_name = "TERMS")]
        keywords: Option<String>,
        /// How many candidates (1 to 20, default 5).
        #[arg(long, value_name = "N")]
        limit: Option<String>,
        /// A folder to search instead of the managed one.
        #[arg(long, value_name = "DIR")]
        source_dir: Option<PathBuf>,
        /// The workspace folder's name [default: the repository's folder name].
        #[arg(long, value_name = "S")]
        workspace_slug: Option<String>,
        /// Accepted for compatibility: the output is always JSON.
        #[arg(long)]
        json: bool,
    },
    /// Check existing artifacts (HCR5xx diagnostics).
    Lint(LintArgs),
}

/// What `hcr render` produces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RenderAs {
    /// A handover note of at most 4,096 bytes in the goal-handover convention.
    GoalHandover,
    /// The `<untrusted_handover>` block around that note.
    UntrustedBlock,
    /// A readable Markdown page.
    Markdown,
    /// A HANDOFF.md in the skill's layout, carrying the record (converts back losslessly).
    HandoffMd,
}

/// `hcr render`.
#[derive(Debug, Args)]
pub struct RenderArgs {
    /// What to render.
    #[arg(long = "as", value_enum, value_name = "FORM")]
    pub form: RenderAs,
    /// The record.
    #[arg(value_name = "RECORD")]
    pub record: PathBuf,

    /// How much one input may hold.
    #[command(flatten)]
    pub input: InputArgs,

    /// How the record is checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// Formats `hcr convert` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertFrom {
    /// A goal handover note (plain text).
    GoalHandover,
    /// A spec-handoff/v1 artifact (Markdown).
    SpecHandoff,
    /// The hosted service's brief object (JSON: `{title, summary, note, brief}`).
    HandoverBrief,
    /// A HANDOFF.md (the publisher's handoff skill or its Markdown template).
    HandoffMd,
}

/// Formats `hcr convert` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ConvertTo {
    /// A spec-handoff/v1 artifact, written under --target-repo.
    SpecHandoff,
    /// The hosted service's brief object, to standard output or --out.
    HandoverBrief,
}

/// `hcr convert`.
#[derive(Debug, Args)]
#[command(group = clap::ArgGroup::new("direction").required(true).args(["from", "to"]))]
pub struct ConvertArgs {
    /// Read this format and write an HCR record.
    #[arg(long, value_enum)]
    pub from: Option<ConvertFrom>,
    /// Read an HCR record and write this format.
    #[arg(long, value_enum)]
    pub to: Option<ConvertTo>,
    /// The input file.
    #[arg(value_name = "FILE")]
    pub input: PathBuf,
    /// Where to write the converted record or brief (otherwise standard output).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write nothing; exit 0 when the conversion is complete and lossless, 1 when the draft
    /// lacks what HCR requires (or, to another format, when the conversion would lose
    /// anything), 4 when the draft is complete but would lose text. Standard error says
    /// which.
    #[arg(long)]
    pub check: bool,
    /// The repository to write a spec-handoff artifact into.
    #[arg(long, value_name = "DIR")]
    pub target_repo: Option<PathBuf>,
    /// The artifact's `cwd` [default: the target repository's absolute path].
    #[arg(long, value_name = "PATH")]
    pub cwd: Option<String>,
    /// The workspace folder's name.
    #[arg(long, value_name = "S")]
    pub workspace_slug: Option<String>,

    /// How much one input may hold.
    #[command(flatten)]
    pub limits: InputArgs,

    /// How the record (or the draft) is checked.
    #[command(flatten)]
    pub checking: CheckArgs,
}

/// Report formats of `hcr certify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ReportFormat {
    /// Markdown (suits a GitHub step summary).
    Markdown,
    /// JSON (conformance-suite/report.schema.json).
    Json,
}

/// `hcr certify`.
#[derive(Debug, Args)]
#[command(disable_version_flag = true)]
#[command(group = clap::ArgGroup::new("target").required(true).args(["validator", "validator_stdio", "producer"]))]
pub struct CertifyArgs {
    /// A validator run once per case by `sh -c`: `{}` is the case file; `{artifacts}`,
    /// `{revisions}`, `{now}` and `{as}` give receiver cases their context. Exit status 0
    /// accepts, anything else rejects.
    #[arg(long, value_name = "COMMAND")]
    pub validator: Option<String>,

    /// A validator that stays up and answers one JSON line per case on standard output.
    #[arg(long, value_name = "COMMAND")]
    pub validator_stdio: Option<String>,

    /// A folder of records a producer wrote, each checked at the normative level.
    #[arg(long, value_name = "DIR")]
    pub producer: Option<PathBuf>,

    /// The conformance suite (the folder holding manifest.json).
    #[arg(long, value_name = "DIR", default_value = "conformance-suite")]
    pub suite: PathBuf,

    /// The implementation's name [default: the command's first word].
    #[arg(long)]
    pub name: Option<String>,

    /// The implementation's version.
    #[arg(long, default_value = "unknown")]
    pub version: String,

    /// Report format.
    #[arg(long, value_enum, default_value = "markdown")]
    pub format: ReportFormat,

    /// Write the report here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// Also write a shields.io endpoint badge here.
    #[arg(long, value_name = "FILE")]
    pub badge: Option<PathBuf>,

    /// Seconds allowed per case.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub timeout: f64,

    /// Only this exit status means "rejects"; other non-zero statuses count as crashes.
    #[arg(long, value_name = "N")]
    pub invalid_exit: Option<i32>,

    /// Cases run at once [default: one per core].
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,

    /// Also run the cases whose verdict rests on hcr's resource limits.
    #[arg(long)]
    pub include_limits: bool,

    /// Send receiver cases to the --validator-stdio process too.
    #[arg(long)]
    pub stdio_receiver: bool,
}

/// How much one input file (or standard input) may hold.
#[derive(Clone, Copy, Debug, Args)]
pub struct InputArgs {
    /// Bytes read from any one input; larger inputs are refused from their size, unread.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record_bytes)]
    pub max_input_bytes: usize,
}

/// Limits on what one record may cost.
#[derive(Debug, Args)]
pub struct LimitArgs {
    /// Bytes per record.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record_bytes)]
    pub max_record_bytes: usize,

    /// Nesting depth of objects and arrays (at most 128).
    #[arg(
        long,
        value_name = "N",
        default_value_t = Limits::default().max_depth as u64,
        value_parser = clap::value_parser!(u64).range(1..=Limits::DEPTH_CEILING as u64),
    )]
    pub max_depth: u64,

    /// Bytes per string.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_string_bytes)]
    pub max_string_bytes: usize,

    /// Items per array.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_array_items)]
    pub max_array_items: usize,

    /// Members per object.
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_object_members)]
    pub max_object_members: usize,

    /// Diagnostics shown per record (the rest are counted in one HCR006).
    #[arg(long, value_name = "N", default_value_t = Limits::default().max_diagnostics)]
    pub max_diagnostics: usize,
}

/// An RFC 3339 date-time argument.
fn date_time(text: &str) -> Result<DateTime, String> {
    DateTime::parse(text).map_err(|_| format!("`{text}` is not an RFC 3339 date-time"))
}

/// `hcr mcp`.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// A folder the tools may read (repeatable) [default: the current folder]. Every path an
    /// agent gives is resolved beneath one; relative paths from the first.
    #[arg(long = "root", value_name = "DIR")]
    pub roots: Vec<PathBuf>,
    /// Let `continue`, `convert` and `digest` write beneath the roots (new files only, or
    /// digests filled into a record).
    #[arg(long)]
    pub allow_write: bool,
    /// Bytes any one input (a record's text, a file) may hold.
    #[arg(long, value_name = "BYTES", default_value_t = Limits::default().max_record_bytes)]
    pub max_input_bytes: usize,
}
