//! The table of diagnostic codes: the one place each code is declared.
//!
//! Codes are stable: the conformance suite, SARIF output and users' suppressions depend on
//! them. A released code is never renumbered or reused; a retired one stays in the table.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Severity;

/// Where in the pipeline a code is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CodeLevel {
    /// Reading the bytes as JSON (every level).
    Parse,
    /// The canonical JSON Schema.
    Schema,
    /// The publisher's reference validator and the v1.0 README's producer rules.
    Normative,
    /// Checks that need the receiver's artifacts, revisions or identity.
    Receiver,
    /// Checks of spec-handoff/v1 artifacts (`hcr spec-handoff lint`).
    Artifact,
    /// Checks of `HANDOFF.md` files (`hcr handoff-md lint`).
    HandoffMd,
}

impl CodeLevel {
    /// The lowercase name.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Parse => "parse",
            Self::Schema => "schema",
            Self::Normative => "normative",
            Self::Receiver => "receiver",
            Self::Artifact => "spec-handoff",
            Self::HandoffMd => "handoff-md",
        }
    }
}

/// What a code rests on: the contract (JSON itself, the canonical schema, the publisher's
/// reference validator, the v1.0 README), spec-handoff/v1 for artifact codes, hcr's own
/// recommendation, or one of hcr's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "basis", content = "detail", rename_all = "kebab-case")]
pub enum Basis {
    /// JSON itself (RFC 8259): the section and what it says.
    Json(&'static str),
    /// The canonical JSON Schema: the keyword.
    Schema(&'static str),
    /// The publisher's reference validator (`validate.mjs`): what it rejects.
    Reference(&'static str),
    /// The v1.0 README: the sentence, quoted.
    Readme(&'static str),
    /// spec-handoff/v1, as its reference writer applies it.
    SpecHandoff(&'static str),
    /// The publisher's `handoff` skill and Markdown template: what they require of a
    /// `HANDOFF.md`.
    HandoffMd(&'static str),
    /// hcr's own recommendation, and why: never counted against a record's conformance.
    Hcr(&'static str),
    /// One of hcr's limits (or an input it could not read): the record was not checked.
    Limit(&'static str),
}

impl Basis {
    /// The basis's name: `json`, `schema`, `reference`, `readme`, `spec-handoff`, `hcr`,
    /// `limit`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Json(_) => "json",
            Self::Schema(_) => "schema",
            Self::Reference(_) => "reference",
            Self::Readme(_) => "readme",
            Self::SpecHandoff(_) => "spec-handoff",
            Self::HandoffMd(_) => "handoff-md",
            Self::Hcr(_) => "hcr",
            Self::Limit(_) => "limit",
        }
    }

    /// What it says: the keyword, the rejection, the quoted sentence or the reason.
    #[must_use]
    pub const fn detail(self) -> &'static str {
        match self {
            Self::Json(d)
            | Self::Schema(d)
            | Self::Reference(d)
            | Self::Readme(d)
            | Self::SpecHandoff(d)
            | Self::HandoffMd(d)
            | Self::Hcr(d)
            | Self::Limit(d) => d,
        }
    }

    /// Whether the code comes from the contract, so that its errors make a record
    /// non-conformant (every basis but `hcr` and `limit`).
    #[must_use]
    pub const fn is_contract(self) -> bool {
        !matches!(self, Self::Hcr(_) | Self::Limit(_))
    }

    /// The basis as one sentence for people: "schema: `required`".
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Self::Json(d) => format!("JSON itself: {d}"),
            Self::Schema(d) => format!("the canonical schema: `{d}`"),
            Self::Reference(d) => format!("the publisher's reference validator: {d}"),
            Self::Readme(d) => format!("the v1.0 README: \"{d}\""),
            Self::SpecHandoff(d) => format!("spec-handoff/v1: {d}"),
            Self::HandoffMd(d) => format!("the publisher's handoff skill: {d}"),
            Self::Hcr(d) => format!("hcr's recommendation: {d}"),
            Self::Limit(d) => format!("hcr's limits: {d}"),
        }
    }
}

/// Everything known about a code.
#[derive(Debug)]
pub struct CodeInfo {
    /// The code.
    pub code: Code,
    /// A kebab-case name for the violation, e.g. `secret-in-record`.
    pub name: &'static str,
    /// Where it is decided.
    pub level: CodeLevel,
    /// Its severity unless a rule says otherwise.
    pub severity: Severity,
    /// Whether it is reported by default (a code off by default is reported when selected).
    pub enabled: bool,
    /// What it rests on.
    pub basis: Basis,
    /// One line.
    pub summary: &'static str,
    /// The default help line.
    pub help: &'static str,
    /// The long explanation (Markdown) with a failing and a passing example.
    pub explanation: &'static str,
}

macro_rules! enabled {
    (on) => {
        true
    };
    (off) => {
        false
    };
}

/// Whether every byte of every text is printable ASCII (a space to `~`), at compile time.
const fn all_printable_ascii(texts: &[&str]) -> bool {
    let mut i = 0;
    while i < texts.len() {
        let bytes = texts[i].as_bytes();
        let mut j = 0;
        while j < bytes.len() {
            if bytes[j] < b' ' || bytes[j] > b'~' {
                return false;
            }
            j += 1;
        }
        i += 1;
    }
    true
}

macro_rules! codes {
    ($(
        $variant:ident = $id:literal, $name:literal, $level:ident, $severity:ident,
            $enabled:ident, $basis:ident($why:literal), $summary:literal, $help:literal;
    )+) => {
        /// A stable diagnostic code.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[non_exhaustive]
        pub enum Code {
            $(
                #[doc = $summary]
                $variant,
            )+
        }

        /// Every code, in numeric order.
        pub const ALL_CODES: &[Code] = &[$(Code::$variant),+];

        /// How many codes there are.
        pub const CODE_COUNT: usize = ALL_CODES.len();

        // Every code as written and every code's own help is printable ASCII (a space to
        // `~`), so that a renderer may show them as they are without testing them
        // ([`Diagnostic::has_its_codes_help`]): checked when the crate is compiled.
        const _: () = assert!(
            all_printable_ascii(&[$($id, $help),+]),
            "a code as written or a code's help that is not printable ASCII"
        );

        static INFOS: &[CodeInfo] = &[$(
            CodeInfo {
                code: Code::$variant,
                name: $name,
                level: CodeLevel::$level,
                severity: Severity::$severity,
                enabled: enabled!($enabled),
                basis: Basis::$basis($why),
                summary: $summary,
                help: $help,
                explanation: include_str!(concat!("explain/", $id, ".md")),
            },
        )+];

        impl Code {
            /// The code as written, e.g. `HCR101`.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $id,)+ }
            }
        }
    };
}

codes! {
    Hcr001 = "HCR001", "invalid-json", Parse, Error, on, Json("RFC 8259, section 2: a JSON text is one value written in its grammar"),
        "The input is not JSON (a syntax error or truncated input).",
        "fix the JSON syntax at the position shown; a JSON validator or `jq .` shows the same error";
    Hcr002 = "HCR002", "duplicate-key", Parse, Error, on, Json("RFC 8259, section 4: \"The names within an object SHOULD be unique\"; where they are not, readers disagree on the value, so the record's meaning is unpredictable"),
        "An object has the same key twice.",
        "remove one of the two members; readers disagree on which value wins";
    Hcr003 = "HCR003", "limit-exceeded", Parse, Error, on, Limit("past one of hcr's resource limits the record is not checked, so it cannot be called conformant"),
        "The input is over a resource limit (size, nesting depth, string length, array length).",
        "shrink the record, or raise the limit with the option named in the message";
    Hcr004 = "HCR004", "invalid-encoding", Parse, Error, on, Json("RFC 8259, section 8.1: JSON text exchanged between systems MUST be encoded using UTF-8, without a byte order mark; section 7: an unpaired surrogate escape encodes no character"),
        "The input is not UTF-8 text without a byte-order mark, or holds a lone surrogate escape.",
        "save the file as UTF-8 without a byte-order mark and write characters outside the BMP as surrogate pairs";
    Hcr005 = "HCR005", "unreadable-input", Parse, Error, on, Limit("an input that cannot be read is not checked"),
        "The input could not be read (missing, not permitted, or not a regular file).",
        "check the path and its permissions";
    Hcr006 = "HCR006", "diagnostics-truncated", Parse, Info, on, Limit("the per-record diagnostic limit"),
        "More diagnostics were found than the per-record limit; the rest are not shown.",
        "fix the problems shown and run again, or raise the diagnostics limit";
    Hcr101 = "HCR101", "missing-property", Schema, Error, on, Schema("required"),
        "A required property is missing.",
        "add the property; the v1.0 schema requires it";
    Hcr102 = "HCR102", "unknown-property", Schema, Error, on, Schema("additionalProperties: false"),
        "A property the schema does not define (only `extensions` may hold implementation data).",
        "remove the property, or move implementation data under `extensions` with a namespaced key";
    Hcr103 = "HCR103", "wrong-type", Schema, Error, on, Schema("type"),
        "A value has the wrong JSON type.",
        "give the value the type the schema requires";
    Hcr104 = "HCR104", "empty-text", Schema, Error, on, Schema("minLength: 1"),
        "An empty string where text is required.",
        "write the text, or remove the property if it is optional";
    Hcr105 = "HCR105", "not-in-enum", Schema, Error, on, Schema("enum"),
        "A value outside its enumeration (actor type, constraint kind, decision or review status).",
        "use one of the values listed in the message";
    Hcr106 = "HCR106", "wrong-schema-version", Schema, Error, on, Schema("const: \"1.0\""),
        "`schemaVersion` is not the string \"1.0\".",
        "write \"schemaVersion\": \"1.0\"";
    Hcr107 = "HCR107", "evidence-without-reference", Schema, Error, on, Schema("anyOf: required uri, or required artifactRef"),
        "An evidence item has neither `uri` nor `artifactRef`.",
        "add a `uri` or an `artifactRef` that says where the evidence is";
    Hcr108 = "HCR108", "malformed-sha256", Schema, Error, on, Schema("pattern: ^[a-fA-F0-9]{64}$"),
        "`sha256` is not 64 hexadecimal digits.",
        "write the SHA-256 of the artifact as 64 hex digits, e.g. the output of `hcr digest FILE`";
    Hcr109 = "HCR109", "duplicate-list-item", Schema, Error, on, Schema("uniqueItems: true"),
        "A text list holds the same item twice (`uniqueItems`).",
        "remove the repeated item";
    Hcr110 = "HCR110", "integer-out-of-range", Schema, Error, on, Schema("type: integer, minimum: 1"),
        "An integer is below its minimum, or not an integer (revisions start at 1).",
        "revisions are whole numbers from 1 up";
    Hcr111 = "HCR111", "record-id-too-long", Schema, Error, on, Schema("maxLength: 200"),
        "`recordId` is longer than 200 characters.",
        "use an identifier of at most 200 characters";
    Hcr112 = "HCR112", "invalid-date-time", Schema, Error, on, Schema("format: date-time"),
        "Not an RFC 3339 date-time.",
        "write a date-time like 2026-11-30T09:00:00Z or 2026-11-30T10:00:00+01:00";
    Hcr113 = "HCR113", "invalid-uri-reference", Schema, Error, on, Schema("format: uri-reference"),
        "Not an RFC 3986 URI reference.",
        "percent-encode spaces and other characters URIs do not allow, e.g. `%20` for a space";
    Hcr114 = "HCR114", "revision-beyond-exact-range", Schema, Warning, on, Hcr("the schema sets no maximum, but RFC 8259, section 6, warns that integers beyond 2^53 - 1 are not read the same by every reader, so a revision may be misread"),
        "A revision number is above 2^53 - 1, beyond what every JSON reader holds exactly.",
        "use a revision number from 1 to 9007199254740991";
    Hcr201 = "HCR201", "blank-text", Normative, Error, on, Reference("it trims and rejects empty text at every text field it checks, and rejects an evidence item whose `uri` and `artifactRef` are both empty"),
        "Whitespace-only text where the reference validator requires content, or an empty `uri` that is the evidence's only reference.",
        "write text that says something, or remove the item";
    Hcr202 = "HCR202", "resolved-review-without-revision", Normative, Error, on, Reference("it rejects a review with `status: resolved` and no `resolvedByRevision`; the README: a conforming producer \"links a resolved review item to `resolvedByRevision`\""),
        "A resolved review item does not say which revision resolved it.",
        "add `resolvedByRevision` with the revision that resolved the item, or set `status` to `open`";
    Hcr203 = "HCR203", "extension-not-namespaced", Normative, Warning, on, Hcr("the README lists \"namespaced extensions\" without saying what a namespace is; a reverse domain or an absolute URI keeps the keys of different producers apart"),
        "An extension key is not namespaced (reverse domain like `com.example.x`, or an absolute URI).",
        "rename the key with a namespace you control, e.g. `com.example.ticket`";
    Hcr204 = "HCR204", "secret-in-record", Normative, Error, on, Readme("Never include passwords, access tokens, private keys, session cookies, hidden chain-of-thought, or unnecessary personal data. Refer to approved secret names, not secret values."),
        "A secret (password, token, private key, session cookie) is in the record.",
        "remove the secret and rotate it; refer to the secret by name instead (e.g. `the DEPLOY_TOKEN secret`)";
    Hcr205 = "HCR205", "duplicate-evidence-id", Normative, Warning, on, Hcr("no contract sentence makes evidence ids unique, but a repeated id makes a citation of the evidence ambiguous"),
        "Two evidence items share an `id`.",
        "give each evidence item its own `id`";
    Hcr206 = "HCR206", "duplicate-review-id", Normative, Warning, on, Hcr("no contract sentence makes review ids unique, but a repeated id makes resolving the review ambiguous"),
        "Two review items share an `id`.",
        "give each review item its own `id`";
    Hcr207 = "HCR207", "resolved-before-raised", Normative, Warning, on, Hcr("the contract does not order `revision` and `resolvedByRevision`, but a review resolved before it was raised contradicts itself"),
        "`resolvedByRevision` is earlier than the review's `revision`.",
        "a review can only be resolved by its own revision or a later one";
    Hcr208 = "HCR208", "supersedes-unknown-decision", Normative, Warning, off, Hcr("a decision that supersedes another usually names one that is no longer carried in the record (only current decisions are kept), so realistic records trip this often: off by default"),
        "`supersedes` matches no decision summary in the record.",
        "copy the superseded decision's `summary` exactly, or keep that decision in the record with status `superseded`";
    Hcr209 = "HCR209", "open-review-with-resolution", Normative, Warning, on, Hcr("the contract does not forbid it, but an open review that names the revision resolving it contradicts itself"),
        "An open review item carries `resolvedByRevision`.",
        "set `status` to `resolved`, or remove `resolvedByRevision`";
    Hcr210 = "HCR210", "no-acceptance-criteria", Normative, Warning, on, Hcr("the schema allows an empty list, but a conforming receiver \"identifies the objective and acceptance criteria before acting\", and without criteria completion cannot be checked"),
        "The objective has no acceptance criteria, so the receiver cannot check completion.",
        "add at least one acceptance criterion the next actor can check";
    Hcr211 = "HCR211", "padded-text", Normative, Warning, on, Hcr("the contract does not forbid it, but text that begins or ends with whitespace is almost always a producer's slip (a template's indentation, a trailing newline), and two items that differ only there read as one"),
        "Text begins or ends with whitespace.",
        "remove the whitespace around the text (`hcr fix` does)";
    Hcr301 = "HCR301", "artifact-digest-mismatch", Receiver, Error, on, Readme("A conforming receiver reads the evidence needed for the next action; the record carries \"evidence references and optional integrity digests\""),
        "An artifact's SHA-256 differs from the evidence's `sha256`.",
        "do not trust this evidence: find out whether the artifact or the record is wrong before acting on it";
    Hcr302 = "HCR302", "artifact-missing", Receiver, Error, on, Readme("A conforming receiver reads the evidence needed for the next action"),
        "`artifactRef` names no file under the artifacts folder.",
        "check that the artifacts were handed over with the record, or correct `artifactRef`";
    Hcr303 = "HCR303", "artifact-path-unsafe", Receiver, Error, on, Readme("A conforming receiver reads the evidence needed for the next action; a path that could leave the artifacts folder is never followed (a record is untrusted data), so that evidence cannot be read"),
        "`artifactRef` is not a safe relative path to a regular file under the artifacts folder.",
        "refer to artifacts by a relative path with `/` separators, inside the artifacts folder";
    Hcr304 = "HCR304", "linked-revision-unavailable", Receiver, Error, on, Readme("A conforming receiver does not treat a resolved review item as evidence unless the linked revision is available"),
        "A resolved review's `resolvedByRevision` is not in the revisions folder.",
        "do not treat the review as resolved until the linked revision is available; add it to the revisions folder";
    Hcr305 = "HCR305", "next-action-overdue", Receiver, Warning, on, Hcr("the contract gives the next action a due date but no rule for one that has passed"),
        "`nextAction.dueAt` has passed.",
        "confirm with the previous owner whether the next action still applies";
    Hcr306 = "HCR306", "not-the-next-actor", Receiver, Warning, on, Readme("A conforming receiver confirms the next actor and verification step"),
        "The receiver is not the record's `ownership.nextActor`.",
        "confirm that the work is meant for you before acting";
    Hcr307 = "HCR307", "evidence-not-digested", Receiver, Info, on, Hcr("a digest is optional; without one the evidence's integrity cannot be checked"),
        "Evidence without a `sha256`: its integrity cannot be checked.",
        "add the artifact's sha256 (hcr digest --fill writes it) so that receivers can check it";
    Hcr308 = "HCR308", "record-not-linkable", Receiver, Info, on, Hcr("without a recordId no earlier revision can be looked up"),
        "The record has no `recordId`, so its review links cannot be looked up.",
        "give every revision of the work the same `recordId`";
    Hcr309 = "HCR309", "artifact-unreadable", Receiver, Error, on, Limit("an artifact that could not be read reliably is not checked"),
        "An artifact could not be read reliably (it changed while being hashed, or reading failed).",
        "hand the artifacts over again and rerun the check";
    Hcr501 = "HCR501", "frontmatter-missing", Artifact, Error, on, SpecHandoff("the reference writer always writes a closed frontmatter block"),
        "A spec-handoff artifact does not start with a `---` frontmatter block that closes.",
        "start the file with a `---` line, the metadata lines, and a closing `---` line";
    Hcr502 = "HCR502", "frontmatter-unparseable", Artifact, Error, on, SpecHandoff("the reference writer writes each field as `key: <JSON value>`"),
        "A frontmatter line is not `key: <JSON value>`.",
        "write each metadata line as a lowercase key, a colon, a space and a JSON value";
    Hcr503 = "HCR503", "frontmatter-duplicate-key", Artifact, Error, on, SpecHandoff("the reference writer writes each field once"),
        "A frontmatter key appears twice.",
        "keep one line per key";
    Hcr504 = "HCR504", "wrong-artifact-contract", Artifact, Error, on, SpecHandoff("every artifact declares `artifact_contract: \"spec-handoff/v1\"`"),
        "`artifact_contract` is missing or not \"spec-handoff/v1\".",
        "write artifact_contract: \"spec-handoff/v1\" as the first metadata line";
    Hcr505 = "HCR505", "artifact-field-missing", Artifact, Error, on, SpecHandoff("the reference writer requires the field"),
        "A required frontmatter field is missing.",
        "add the field; spec-handoff/v1 requires it";
    Hcr506 = "HCR506", "artifact-field-invalid", Artifact, Error, on, SpecHandoff("the reference writer's payload rules"),
        "A frontmatter field breaks a spec-handoff/v1 rule (type, length, single line, path).",
        "correct the field as the message says";
    Hcr507 = "HCR507", "artifact-field-empty", Artifact, Warning, on, SpecHandoff("the reference writer omits an optional field that is unavailable"),
        "An optional frontmatter field is present but empty; it should be omitted.",
        "remove the line instead of leaving it empty";
    Hcr508 = "HCR508", "artifact-lifecycle-field", Artifact, Error, on, SpecHandoff("a handoff artifact is an immutable observation, not a workflow state"),
        "The frontmatter has a mutable lifecycle field (`status`, `consumed`, `completed`).",
        "remove the field: a handoff artifact is an immutable observation, not a workflow state";
    Hcr509 = "HCR509", "artifact-without-sections", Artifact, Error, on, SpecHandoff("the reference writer requires at least one section"),
        "The artifact's body has no `## ` section.",
        "add at least one section with a `## heading`";
    Hcr510 = "HCR510", "artifact-field-unknown", Artifact, Warning, on, SpecHandoff("the reference discovery ignores fields it does not define"),
        "A frontmatter field that spec-handoff/v1 does not define.",
        "remove the field, or keep such data in a section of the body";
    Hcr601 = "HCR601", "handoff-section-missing", HandoffMd, Error, on, HandoffMd("the skill's `HANDOFF.md` has fixed sections (the template's too)"),
        "A section the layout requires is missing.",
        "add the section with its heading, as the skill's layout has it";
    Hcr602 = "HCR602", "handoff-section-placeholder", HandoffMd, Error, on, HandoffMd("a handoff is not ready while a section still holds the template's text"),
        "A section is empty or still holds the template's placeholder.",
        "write what this handoff knows, or say plainly that there is none";
    Hcr603 = "HCR603", "handoff-state-not-split", HandoffMd, Error, on, HandoffMd("Current state separates Complete, In progress, Blocked and Unverified"),
        "Current state is not split into Complete, In progress, Blocked and Unverified.",
        "list the state under the four labels `Complete:`, `In progress:`, `Blocked:` and `Unverified:`";
    Hcr604 = "HCR604", "handoff-question-unanswered", HandoffMd, Error, on, HandoffMd("before declaring the handoff ready, verify that it answers the six receiver questions"),
        "The file does not answer one of the skill's six receiver questions.",
        "revise the record until a receiver without the conversation can answer the question";
    Hcr605 = "HCR605", "handoff-evidence-unlocated", HandoffMd, Warning, on, HandoffMd("evidence is a file, URL, command result, test or revision: something the receiver can open"),
        "An evidence item names no path or link.",
        "name the file path or link the receiver can open to check it";
    Hcr606 = "HCR606", "handoff-secret", HandoffMd, Error, on, HandoffMd("keep credentials, secrets, tokens and private keys out of every artifact"),
        "The file holds what looks like a credential.",
        "remove it and rotate it; refer to where it is kept instead";
    Hcr607 = "HCR607", "handoff-result-unverified", HandoffMd, Error, on, HandoffMd("the receiver verification comes before a Pass result"),
        "The handoff result says Pass while a receiver verification box is unchecked.",
        "check each verification step before recording Pass, or record Blocked and why";
    Hcr608 = "HCR608", "handoff-record-disagrees", HandoffMd, Error, on, HandoffMd("a rendered HANDOFF.md is the source of truth for what it shows; the record it carries must agree"),
        "The Markdown of a rendered HANDOFF.md shows a field otherwise than the record it carries.",
        "run `hcr convert --from handoff-md` to take the Markdown's edits into the record, then `hcr render --as handoff-md` again";
}

/// The page that documents every code (`docs/rules.md`); each code has its anchor there.
pub(crate) const RULES_URL: &str = "https://github.com/hcr-dev/hcr/blob/main/docs/rules.md";

impl Code {
    /// The address of this code's entry in the rules page (`docs/rules.md`): what SARIF's
    /// `helpUri` and the language server's `codeDescription` link to.
    #[must_use]
    pub fn docs_url(self) -> String {
        format!("{RULES_URL}#{}", self.as_str().to_ascii_lowercase())
    }

    /// Everything known about this code.
    #[must_use]
    pub fn info(self) -> &'static CodeInfo {
        // INFOS is declared in the same order as the enum.
        &INFOS[self as usize]
    }

    /// The kebab-case name, e.g. `secret-in-record`.
    #[must_use]
    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The severity unless a rule says otherwise.
    #[must_use]
    pub fn default_severity(self) -> Severity {
        self.info().severity
    }

    /// Where the code is decided.
    #[must_use]
    pub fn level(self) -> CodeLevel {
        self.info().level
    }

    /// What the code rests on.
    #[must_use]
    pub fn basis(self) -> Basis {
        self.info().basis
    }

    /// Whether the code says the record could not be read or checked (the parse level, or a
    /// limit): a selection never changes it and a baseline never hides it.
    #[must_use]
    pub fn is_fixed(self) -> bool {
        self.level() == CodeLevel::Parse || matches!(self.basis(), Basis::Limit(_))
    }

    /// Whether the code is hcr's own recommendation (basis `hcr`).
    #[must_use]
    pub fn is_recommendation(self) -> bool {
        matches!(self.basis(), Basis::Hcr(_))
    }

    /// Whether an error of this code makes a record non-conformant: the contract decides it,
    /// or a limit kept the record from being checked. Receiver-level codes judge the
    /// receiver's situation (its artifacts, revisions, clock), not the record, and never
    /// count; nor do hcr's recommendations.
    #[must_use]
    pub fn decides_conformance(self) -> bool {
        self.level() != CodeLevel::Receiver && !self.is_recommendation()
    }
}

/// The minimal valid record that the examples of the code table patch.
pub const EXAMPLE_BASE: &str = r#"{
  "schemaVersion": "1.0",
  "objective": {"summary": "Ship the fix.", "acceptanceCriteria": ["The tests pass."]},
  "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": []},
  "decisions": [],
  "evidence": [],
  "constraints": [],
  "nextAction": {"summary": "Run the tests.", "verification": "CI is green."},
  "ownership": {"nextActor": {"id": "agent:fixer", "type": "agent"}},
  "openReview": []
}"#;

/// The context the receiver-level examples run in, described for people. The tests build it:
/// see `tests/validate/explanations.rs`.
pub const RECEIVER_EXAMPLE_CONTEXT: &str = "The examples run at the receiver level with the \
example context: an artifacts folder holding `logs/build.txt` (the nine bytes `build ok` and a \
newline), a revisions folder holding revision 1 of the record `example`, the clock at \
2026-12-01T00:00:00Z, and the receiver `agent:fixer`.";

/// An example in a code's explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Example {
    /// Whether the example shows the right way (no diagnostic with the code).
    pub passing: bool,
    /// Whether `text` is a whole document rather than a patch of [`EXAMPLE_BASE`].
    pub whole_document: bool,
    /// The example as written in the explanation.
    pub text: &'static str,
    /// The language of its fence: `json` for records, `markdown` for spec-handoff artifacts.
    pub language: &'static str,
    /// For the patch `hcr fix` makes of the explanation's failing example (`json fixed`, or
    /// `json fixed-unsafe` for a fix applied only with `--unsafe-fixes`): whether the fix is
    /// unsafe. `None` for the failing and passing examples.
    pub fixed: Option<bool>,
}

impl Example {
    /// The document the example stands for: `text` itself, or [`EXAMPLE_BASE`] with `text`
    /// applied as a JSON Merge Patch (RFC 7396).
    #[must_use]
    pub fn document(&self) -> String {
        if self.whole_document {
            return self.text.to_owned();
        }
        let (Ok(mut base), Ok(patch)) = (
            serde_json::from_str::<serde_json::Value>(EXAMPLE_BASE),
            serde_json::from_str::<serde_json::Value>(self.text),
        ) else {
            // A patch that is not JSON stands for itself (the tests reject such examples).
            return self.text.to_owned();
        };
        merge_patch(&mut base, &patch);
        serde_json::to_string_pretty(&base).unwrap_or_default()
    }
}

/// RFC 7396: members of `patch` replace those of `target`; `null` removes them.
fn merge_patch(target: &mut serde_json::Value, patch: &serde_json::Value) {
    use serde_json::Value;
    let Value::Object(patch) = patch else {
        *target = patch.clone();
        return;
    };
    if !target.is_object() {
        *target = Value::Object(serde_json::Map::new());
    }
    if let Value::Object(map) = target {
        for (key, value) in patch {
            if value.is_null() {
                map.shift_remove(key);
            } else {
                merge_patch(map.entry(key.clone()).or_insert(Value::Null), value);
            }
        }
    }
}

impl CodeInfo {
    /// How the code is reported unless a project chooses otherwise: `error`, `warning`, or
    /// `warning, off` for a code reported only when selected.
    #[must_use]
    pub fn default_setting(&self) -> String {
        if self.enabled {
            self.severity.as_str().to_owned()
        } else {
            format!("{}, off", self.severity)
        }
    }

    /// One line for people: "`duplicate-evidence-id`: normative level, warning by default;
    /// basis: hcr's recommendation: …".
    #[must_use]
    pub fn headline(&self) -> String {
        format!(
            "`{}`: {} level, {} by default. Basis: {}.",
            self.name,
            self.level.as_str(),
            self.default_setting(),
            self.basis.describe().trim_end_matches('.')
        )
    }

    /// The explanation as Markdown for people, each example introduced by a line that says
    /// whether it fails or passes and whether it is a whole document or a patch.
    #[must_use]
    pub fn explanation_for_people(&self) -> String {
        self.explanation_with(&secret_rules_table())
    }

    /// Everything `hcr explain` prints for people: the code and headline, the summary, the
    /// explanation with its examples, and the help.
    #[must_use]
    pub fn explanation_text(&self) -> String {
        format!(
            "{} {}\n\n{}\n\n{}\n\nhelp: {}\n",
            self.code,
            self.headline(),
            self.summary,
            self.explanation_for_people().trim_end(),
            self.help
        )
    }

    /// The explanation as a report that also carries findings shows it (SARIF's rule help):
    /// the secret rules are listed by name only, so that no report spells out how a found
    /// secret begins.
    #[must_use]
    pub fn explanation_for_reports(&self) -> String {
        self.explanation_with(&secret_rule_names())
    }

    fn explanation_with(&self, secret_rules: &str) -> String {
        self.explanation
            .replace("{{secret-rules}}", secret_rules)
            .replace("{{receiver-example-context}}", RECEIVER_EXAMPLE_CONTEXT)
            .replace(
                "```json failing-document",
                "Failing example (a whole document):\n\n```json",
            )
            .replace(
                "```json passing-document",
                "Passing example (a whole document):\n\n```json",
            )
            .replace(
                "```markdown failing-document",
                "Failing example (a whole artifact):\n\n```markdown",
            )
            .replace(
                "```markdown passing-document",
                "Passing example (a whole artifact):\n\n```markdown",
            )
            .replace(
                "```json fixed-unsafe",
                "Fixed by `hcr fix --unsafe-fixes` (the failing example, repaired):\n\n```json",
            )
            .replace(
                "```json fixed",
                "Fixed by `hcr fix` (the failing example, repaired; a safe fix):\n\n```json",
            )
            .replace(
                "```json failing",
                "Failing example (a patch of the minimal valid record):\n\n```json",
            )
            .replace(
                "```json passing",
                "Passing example (a patch of the minimal valid record):\n\n```json",
            )
    }

    /// The explanation's examples, in order: fenced blocks whose info string is `json failing`,
    /// `json passing`, `json failing-document` / `json passing-document`, or `json fixed` /
    /// `json fixed-unsafe` (what `hcr fix` makes of the failing example).
    #[must_use]
    pub fn examples(&self) -> Vec<Example> {
        let mut examples = Vec::new();
        let mut rest = self.explanation;
        while let Some(start) = rest.find("```") {
            // A longer fence (````) holds a document with fences of its own.
            let run = rest[start..].bytes().take_while(|&b| b == b'`').count();
            let closing = format!("\n{}", "`".repeat(run));
            let fence = &rest[start + run..];
            let Some(space) = fence
                .find(' ')
                .filter(|s| *s < fence.find('\n').unwrap_or(0))
            else {
                rest = fence;
                continue;
            };
            let after = &fence[space + 1..];
            let Some(line_end) = after.find('\n') else {
                break;
            };
            let info = after[..line_end].trim();
            let body = &after[line_end + 1..];
            let Some(close) = body.find(&closing) else {
                break;
            };
            let language = &fence[..space];
            let (passing, whole_document, fixed) = match info {
                "failing" => (false, false, None),
                "passing" => (true, false, None),
                "failing-document" => (false, true, None),
                "passing-document" => (true, true, None),
                "fixed" => (true, false, Some(false)),
                "fixed-unsafe" => (true, false, Some(true)),
                _ => {
                    rest = &body[close..];
                    continue;
                }
            };
            if language != "json" && !whole_document {
                rest = &body[close..];
                continue;
            }
            examples.push(Example {
                passing,
                whole_document,
                text: &body[..close],
                language,
                fixed,
            });
            rest = &body[close + closing.len()..];
        }
        examples
    }
}

/// The secret scanner's rules as a Markdown table (one row per rule id).
fn secret_rules_table() -> String {
    let mut table = String::from("| rule | finds |\n|---|---|\n");
    let mut seen: Vec<&str> = Vec::new();
    for rule in hcr_secrets::RULES {
        if seen.contains(&rule.id) {
            continue;
        }
        seen.push(rule.id);
        let finds: Vec<&str> = hcr_secrets::RULES
            .iter()
            .filter(|r| r.id == rule.id)
            .map(|r| r.finds)
            .collect();
        table.push_str(&format!("| `{}` | {} |\n", rule.id, finds.join("; ")));
    }
    table.trim_end().to_owned()
}

/// The secret scanner's rule ids, comma-separated.
fn secret_rule_names() -> String {
    let mut names: Vec<&str> = hcr_secrets::RULES.iter().map(|r| r.id).collect();
    names.dedup();
    format!(
        "{} (`hcr explain HCR204` says what each finds).",
        names
            .iter()
            .map(|n| format!("`{n}`"))
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Every code's information, in numeric order.
#[must_use]
pub fn registry() -> &'static [CodeInfo] {
    INFOS
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is neither a code (`HCR101`, any case) nor a code name (`missing-property`).
/// Its message quotes the text (masked, at most 60 characters) and names the nearest code or
/// name; each front end says where the list is (`hcr rules`, the MCP `rules` tool).
#[derive(Debug)]
pub struct UnknownCode(pub String);

impl UnknownCode {
    /// The code or name nearest to the text, if one is near enough to be meant.
    #[must_use]
    pub fn nearest(&self) -> Option<&'static str> {
        let candidates: Vec<&'static str> = INFOS
            .iter()
            .flat_map(|info| [info.code.as_str(), info.name])
            .collect();
        crate::suggest::nearest(self.0.trim(), &candidates)
    }
}

impl fmt::Display for UnknownCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not an hcr diagnostic code or code name",
            hcr_secrets::quote(&self.0, 60)
        )?;
        match self.nearest() {
            Some(near) => write!(f, " (did you mean `{near}`?)"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for UnknownCode {}

impl FromStr for Code {
    type Err = UnknownCode;
    fn from_str(text: &str) -> Result<Self, UnknownCode> {
        let wanted = text.trim();
        INFOS
            .iter()
            .find(|info| {
                info.code.as_str().eq_ignore_ascii_case(wanted)
                    || info.name.eq_ignore_ascii_case(wanted)
            })
            .map(|info| info.code)
            .ok_or_else(|| UnknownCode(text.to_owned()))
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Code {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
