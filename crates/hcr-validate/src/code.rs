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
    /// One line.
    pub summary: &'static str,
    /// The default help line.
    pub help: &'static str,
    /// The long explanation (Markdown) with a failing and a passing example.
    pub explanation: &'static str,
}

macro_rules! codes {
    ($(
        $variant:ident = $id:literal, $name:literal, $level:ident, $severity:ident,
            $summary:literal, $help:literal;
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

        static INFOS: &[CodeInfo] = &[$(
            CodeInfo {
                code: Code::$variant,
                name: $name,
                level: CodeLevel::$level,
                severity: Severity::$severity,
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
    Hcr001 = "HCR001", "invalid-json", Parse, Error,
        "The input is not JSON (a syntax error or truncated input).",
        "fix the JSON syntax at the position shown; a JSON validator or `jq .` shows the same error";
    Hcr002 = "HCR002", "duplicate-key", Parse, Error,
        "An object has the same key twice.",
        "remove one of the two members; readers disagree on which value wins";
    Hcr003 = "HCR003", "limit-exceeded", Parse, Error,
        "The input is over a resource limit (size, nesting depth, string length, array length).",
        "shrink the record, or raise the limit with the option named in the message";
    Hcr004 = "HCR004", "invalid-encoding", Parse, Error,
        "The input is not UTF-8 text without a byte-order mark, or holds a lone surrogate escape.",
        "save the file as UTF-8 without a byte-order mark and write characters outside the BMP as surrogate pairs";
    Hcr005 = "HCR005", "unreadable-input", Parse, Error,
        "The input could not be read (missing, not permitted, or not a regular file).",
        "check the path and its permissions";
    Hcr006 = "HCR006", "diagnostics-truncated", Parse, Info,
        "More diagnostics were found than the per-record limit; the rest are not shown.",
        "fix the problems shown and run again, or raise the limit with --max-diagnostics";
    Hcr101 = "HCR101", "missing-property", Schema, Error,
        "A required property is missing.",
        "add the property; the v1.0 schema requires it";
    Hcr102 = "HCR102", "unknown-property", Schema, Error,
        "A property the schema does not define (only `extensions` may hold implementation data).",
        "remove the property, or move implementation data under `extensions` with a namespaced key";
    Hcr103 = "HCR103", "wrong-type", Schema, Error,
        "A value has the wrong JSON type.",
        "give the value the type the schema requires";
    Hcr104 = "HCR104", "empty-text", Schema, Error,
        "An empty string where text is required.",
        "write the text, or remove the property if it is optional";
    Hcr105 = "HCR105", "not-in-enum", Schema, Error,
        "A value outside its enumeration (actor type, constraint kind, decision or review status).",
        "use one of the values listed in the message";
    Hcr106 = "HCR106", "wrong-schema-version", Schema, Error,
        "`schemaVersion` is not the string \"1.0\".",
        "write \"schemaVersion\": \"1.0\"";
    Hcr107 = "HCR107", "evidence-without-reference", Schema, Error,
        "An evidence item has neither `uri` nor `artifactRef`.",
        "add a `uri` or an `artifactRef` that says where the evidence is";
    Hcr108 = "HCR108", "malformed-sha256", Schema, Error,
        "`sha256` is not 64 hexadecimal digits.",
        "write the SHA-256 of the artifact as 64 hex digits, e.g. the output of `hcr digest FILE`";
    Hcr109 = "HCR109", "duplicate-list-item", Schema, Error,
        "A text list holds the same item twice (`uniqueItems`).",
        "remove the repeated item";
    Hcr110 = "HCR110", "integer-out-of-range", Schema, Error,
        "An integer is out of range (revisions run from 1 to 2^53 - 1).",
        "revisions start at 1; use an integer from 1 to 9007199254740991";
    Hcr111 = "HCR111", "record-id-too-long", Schema, Error,
        "`recordId` is longer than 200 characters.",
        "use an identifier of at most 200 characters";
    Hcr112 = "HCR112", "invalid-date-time", Schema, Error,
        "Not an RFC 3339 date-time.",
        "write a date-time like 2026-11-30T09:00:00Z or 2026-11-30T10:00:00+01:00";
    Hcr113 = "HCR113", "invalid-uri-reference", Schema, Error,
        "Not an RFC 3986 URI reference.",
        "percent-encode spaces and other characters URIs do not allow, e.g. `%20` for a space";
    Hcr201 = "HCR201", "blank-text", Normative, Error,
        "Whitespace-only text where the reference validator requires content, or an empty `uri` that is the evidence's only reference.",
        "write text that says something, or remove the item";
    Hcr202 = "HCR202", "resolved-review-without-revision", Normative, Error,
        "A resolved review item does not say which revision resolved it.",
        "add `resolvedByRevision` with the revision that resolved the item, or set `status` to `open`";
    Hcr203 = "HCR203", "extension-not-namespaced", Normative, Warning,
        "An extension key is not namespaced (reverse domain like `com.example.x`, or an absolute URI).",
        "rename the key with a namespace you control, e.g. `com.example.ticket`";
    Hcr204 = "HCR204", "secret-in-record", Normative, Error,
        "A secret (password, token, private key, session cookie) is in the record.",
        "remove the secret and rotate it; refer to the secret by name instead (e.g. `the DEPLOY_TOKEN secret`)";
    Hcr205 = "HCR205", "duplicate-evidence-id", Normative, Error,
        "Two evidence items share an `id`.",
        "give each evidence item its own `id`";
    Hcr206 = "HCR206", "duplicate-review-id", Normative, Error,
        "Two review items share an `id`.",
        "give each review item its own `id`";
    Hcr207 = "HCR207", "resolved-before-raised", Normative, Error,
        "`resolvedByRevision` is earlier than the review's `revision`.",
        "a review can only be resolved by its own revision or a later one";
    Hcr208 = "HCR208", "supersedes-unknown-decision", Normative, Warning,
        "`supersedes` matches no decision summary in the record.",
        "copy the superseded decision's `summary` exactly, or keep that decision in the record with status `superseded`";
    Hcr209 = "HCR209", "open-review-with-resolution", Normative, Warning,
        "An open review item carries `resolvedByRevision`.",
        "set `status` to `resolved`, or remove `resolvedByRevision`";
    Hcr210 = "HCR210", "no-acceptance-criteria", Normative, Warning,
        "The objective has no acceptance criteria, so the receiver cannot check completion.",
        "add at least one acceptance criterion the next actor can check";
    Hcr301 = "HCR301", "artifact-digest-mismatch", Receiver, Error,
        "An artifact's SHA-256 differs from the evidence's `sha256`.",
        "do not trust this evidence: find out whether the artifact or the record is wrong before acting on it";
    Hcr302 = "HCR302", "artifact-missing", Receiver, Error,
        "`artifactRef` names no file under the artifacts folder.",
        "check that the artifacts were handed over with the record, or correct `artifactRef`";
    Hcr303 = "HCR303", "artifact-path-unsafe", Receiver, Error,
        "`artifactRef` is not a safe relative path to a regular file under the artifacts folder.",
        "refer to artifacts by a relative path with `/` separators, inside the artifacts folder";
    Hcr304 = "HCR304", "linked-revision-unavailable", Receiver, Error,
        "A resolved review's `resolvedByRevision` is not in the revisions folder.",
        "do not treat the review as resolved until the linked revision is available; add it to the revisions folder";
    Hcr305 = "HCR305", "next-action-overdue", Receiver, Warning,
        "`nextAction.dueAt` has passed.",
        "confirm with the previous owner whether the next action still applies";
    Hcr306 = "HCR306", "not-the-next-actor", Receiver, Warning,
        "The receiver is not the record's `ownership.nextActor`.",
        "confirm that the work is meant for you before acting";
    Hcr307 = "HCR307", "evidence-not-digested", Receiver, Info,
        "Evidence without a `sha256`: its integrity cannot be checked.",
        "add the artifact's sha256 (hcr digest --fill writes it) so that receivers can check it";
    Hcr308 = "HCR308", "record-not-linkable", Receiver, Info,
        "The record has no `recordId`, so its review links cannot be looked up.",
        "give every revision of the work the same `recordId`";
    Hcr309 = "HCR309", "artifact-unreadable", Receiver, Error,
        "An artifact could not be read reliably (it changed while being hashed, or reading failed).",
        "hand the artifacts over again and rerun the check";
    Hcr501 = "HCR501", "frontmatter-missing", Artifact, Error,
        "A spec-handoff artifact does not start with a `---` frontmatter block that closes.",
        "start the file with a `---` line, the metadata lines, and a closing `---` line";
    Hcr502 = "HCR502", "frontmatter-unparseable", Artifact, Error,
        "A frontmatter line is not `key: <JSON value>`.",
        "write each metadata line as a lowercase key, a colon, a space and a JSON value";
    Hcr503 = "HCR503", "frontmatter-duplicate-key", Artifact, Error,
        "A frontmatter key appears twice.",
        "keep one line per key";
    Hcr504 = "HCR504", "wrong-artifact-contract", Artifact, Error,
        "`artifact_contract` is missing or not \"spec-handoff/v1\".",
        "write artifact_contract: \"spec-handoff/v1\" as the first metadata line";
    Hcr505 = "HCR505", "artifact-field-missing", Artifact, Error,
        "A required frontmatter field is missing.",
        "add the field; spec-handoff/v1 requires it";
    Hcr506 = "HCR506", "artifact-field-invalid", Artifact, Error,
        "A frontmatter field breaks a spec-handoff/v1 rule (type, length, single line, path).",
        "correct the field as the message says";
    Hcr507 = "HCR507", "artifact-field-empty", Artifact, Warning,
        "An optional frontmatter field is present but empty; it should be omitted.",
        "remove the line instead of leaving it empty";
    Hcr508 = "HCR508", "artifact-lifecycle-field", Artifact, Error,
        "The frontmatter has a mutable lifecycle field (`status`, `consumed`, `completed`).",
        "remove the field: a handoff artifact is an immutable observation, not a workflow state";
    Hcr509 = "HCR509", "artifact-without-sections", Artifact, Error,
        "The artifact's body has no `## ` section.",
        "add at least one section with a `## heading`";
    Hcr510 = "HCR510", "artifact-field-unknown", Artifact, Warning,
        "A frontmatter field that spec-handoff/v1 does not define.",
        "remove the field, or keep such data in a section of the body";
}

impl Code {
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
    /// The explanation as Markdown for people, each example introduced by a line that says
    /// whether it fails or passes and whether it is a whole document or a patch.
    #[must_use]
    pub fn explanation_for_people(&self) -> String {
        self.explanation_with(&secret_rules_table())
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
                "```json failing",
                "Failing example (a patch of the minimal valid record):\n\n```json",
            )
            .replace(
                "```json passing",
                "Passing example (a patch of the minimal valid record):\n\n```json",
            )
    }

    /// The explanation's examples, in order: fenced blocks whose info string is `json failing`,
    /// `json passing`, or `json failing-document` / `json passing-document`.
    #[must_use]
    pub fn examples(&self) -> Vec<Example> {
        let mut examples = Vec::new();
        let mut rest = self.explanation;
        while let Some(start) = rest.find("```") {
            let fence = &rest[start + 3..];
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
            let Some(close) = body.find("\n```") else {
                break;
            };
            let language = &fence[..space];
            let (passing, whole_document) = match info {
                "failing" => (false, false),
                "passing" => (true, false),
                "failing-document" => (false, true),
                "passing-document" => (true, true),
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
            });
            rest = &body[close + 4..];
        }
        examples
    }
}

/// The secret scanner's rules as a Markdown table (one row per rule id).
fn secret_rules_table() -> String {
    let mut table = String::from("| rule | finds |\n|---|---|\n");
    let mut seen: Vec<&str> = Vec::new();
    for rule in crate::secrets::RULES {
        if seen.contains(&rule.id) {
            continue;
        }
        seen.push(rule.id);
        let finds: Vec<&str> = crate::secrets::RULES
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
    let mut names: Vec<&str> = crate::secrets::RULES.iter().map(|r| r.id).collect();
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
#[derive(Debug, thiserror::Error)]
#[error("`{0}` is not an hcr diagnostic code (try `hcr rules`)")]
pub struct UnknownCode(pub String);

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
