//! The record and one type per `$defs` entry of the v1.0 schema.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::strict;
use crate::{
    DateTime, Error, JsonPointer, NonEmptyText, RecordId, Revision, Sha256, TextList, UriReference,
};

pub use crate::extensions::Extensions;

/// The `schemaVersion` constant: always the string `"1.0"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct SchemaVersion;

impl SchemaVersion {
    /// The only version this crate reads and writes.
    pub const V1_0: &'static str = "1.0";
}

impl Serialize for SchemaVersion {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(Self::V1_0)
    }
}

impl<'de> Deserialize<'de> for SchemaVersion {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let version = String::deserialize(deserializer)?;
        if version == Self::V1_0 {
            Ok(Self)
        } else {
            Err(serde::de::Error::custom("schemaVersion must be \"1.0\""))
        }
    }
}

/// A Handoff Continuity Record v1.0.
///
/// Read one with [`Record::from_json`], build one with [`Record::builder`], write it with
/// [`Record::to_json_pretty`]. Reading then writing gives back the same JSON value, spellings
/// included (digest case, timestamps, `3.0`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Record {
    /// Always `"1.0"`.
    pub schema_version: SchemaVersion,
    /// A stable identifier shared by every revision of the same work.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub record_id: Option<RecordId>,
    /// What the work is for and how completion is judged.
    #[serde(deserialize_with = "strict::object")]
    pub objective: Objective,
    /// What is done, under way, blocked, or claimed without verification.
    #[serde(deserialize_with = "strict::object")]
    pub current_state: CurrentState,
    /// Decisions taken, active or superseded, with their rationale.
    #[serde(deserialize_with = "strict::objects")]
    pub decisions: Vec<Decision>,
    /// References to the evidence behind the state.
    #[serde(deserialize_with = "strict::objects")]
    pub evidence: Vec<Evidence>,
    /// Rules the next actor must observe.
    #[serde(deserialize_with = "strict::objects")]
    pub constraints: Vec<Constraint>,
    /// The one next action and how it will be verified.
    #[serde(deserialize_with = "strict::object")]
    pub next_action: NextAction,
    /// Who acts next, and who reviews.
    #[serde(deserialize_with = "strict::object")]
    pub ownership: Ownership,
    /// Review items, open or resolved.
    #[serde(deserialize_with = "strict::objects")]
    pub open_review: Vec<ReviewItem>,
    /// Who produced this record, when, and from which revision.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present_object"
    )]
    pub provenance: Option<Provenance>,
    /// Namespaced implementation data.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub extensions: Option<Extensions>,
}

/// `$defs/objective`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Objective {
    /// What the work must achieve.
    pub summary: NonEmptyText,
    /// How a receiver tells that it is achieved.
    pub acceptance_criteria: TextList,
}

impl Objective {
    /// An objective with its acceptance criteria.
    ///
    /// # Errors
    /// An empty summary or criterion, or a repeated criterion.
    pub fn new<I, S>(summary: impl Into<String>, criteria: I) -> Result<Self, Error>
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        Ok(Self {
            summary: NonEmptyText::named("objective summary", summary)?,
            acceptance_criteria: TextList::from_texts(criteria)?,
        })
    }
}

/// `$defs/currentState`: four lists of distinct texts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CurrentState {
    /// Work finished (and, ideally, backed by evidence).
    pub complete: TextList,
    /// Work under way.
    pub in_progress: TextList,
    /// Work that cannot proceed.
    pub blocked: TextList,
    /// Claims nobody has verified.
    pub unverified: TextList,
}

/// `$defs/actor`: a human, agent or service.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Actor {
    /// A stable identifier such as `agent:inventory-corrector`.
    pub id: NonEmptyText,
    /// A name for people.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub display_name: Option<NonEmptyText>,
    /// What kind of actor this is.
    #[serde(rename = "type")]
    pub actor_type: ActorType,
}

crate::string_enum! {
    /// `$defs/actor/properties/type`.
    pub enum ActorType {
        /// A person.
        Human = "human",
        /// An AI agent.
        Agent = "agent",
        /// An automated service.
        Service = "service",
    }
}

impl ActorType {
    /// The type an actor id's prefix names: `user:` and `human:` humans, `agent:` agents,
    /// `service:` services; `None` for an id without one of these prefixes. Every reader of
    /// an actor id (`hcr continue --by`, a `HANDOFF.md`'s owner) decides it here.
    ///
    /// ```
    /// use hcr_types::ActorType;
    /// assert_eq!(ActorType::of_id("agent:fixer"), Some(ActorType::Agent));
    /// assert_eq!(ActorType::of_id("user:ana"), Some(ActorType::Human));
    /// assert_eq!(ActorType::of_id("ana"), None);
    /// ```
    #[must_use]
    pub fn of_id(id: &str) -> Option<Self> {
        let (prefix, _) = id.split_once(':')?;
        match prefix {
            "user" | "human" => Some(Self::Human),
            "agent" => Some(Self::Agent),
            "service" => Some(Self::Service),
            _ => None,
        }
    }
}

impl Actor {
    /// An actor of `actor_type` with identifier `id`.
    ///
    /// # Errors
    /// An empty `id`.
    pub fn new(actor_type: ActorType, id: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            id: NonEmptyText::named("actor id", id)?,
            display_name: None,
            actor_type,
        })
    }

    /// A human actor.
    ///
    /// # Errors
    /// An empty `id`.
    pub fn human(id: impl Into<String>) -> Result<Self, Error> {
        Self::new(ActorType::Human, id)
    }

    /// An agent actor.
    ///
    /// # Errors
    /// An empty `id`.
    pub fn agent(id: impl Into<String>) -> Result<Self, Error> {
        Self::new(ActorType::Agent, id)
    }

    /// A service actor.
    ///
    /// # Errors
    /// An empty `id`.
    pub fn service(id: impl Into<String>) -> Result<Self, Error> {
        Self::new(ActorType::Service, id)
    }

    /// This actor with a display name.
    ///
    /// # Errors
    /// An empty `name`.
    pub fn with_display_name(mut self, name: impl Into<String>) -> Result<Self, Error> {
        self.display_name = Some(NonEmptyText::named("actor display name", name)?);
        Ok(self)
    }
}

/// `$defs/decision`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Decision {
    /// What was decided.
    pub summary: NonEmptyText,
    /// Why.
    pub rationale: NonEmptyText,
    /// Whether the decision still holds.
    pub status: DecisionStatus,
    /// The summary of the decision this one replaces.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub supersedes: Option<NonEmptyText>,
}

crate::string_enum! {
    /// `$defs/decision/properties/status`.
    pub enum DecisionStatus {
        /// The decision holds.
        Active = "active",
        /// A later decision replaced it.
        Superseded = "superseded",
    }
}

impl Decision {
    /// An active decision.
    ///
    /// # Errors
    /// An empty summary or rationale.
    pub fn active(summary: impl Into<String>, rationale: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            summary: NonEmptyText::named("decision summary", summary)?,
            rationale: NonEmptyText::named("decision rationale", rationale)?,
            status: DecisionStatus::Active,
            supersedes: None,
        })
    }

    /// This decision, noting that it replaces the decision summarized as `summary`.
    ///
    /// # Errors
    /// An empty `summary`.
    pub fn superseding(mut self, summary: impl Into<String>) -> Result<Self, Error> {
        self.supersedes = Some(NonEmptyText::named(
            "superseded decision's summary",
            summary,
        )?);
        Ok(self)
    }
}

/// `$defs/evidence`: a reference to something that backs a claim.
///
/// The schema requires a `uri`, an `artifactRef`, or both; the constructors and reading enforce
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", try_from = "EvidenceFields")]
pub struct Evidence {
    /// Unique within the record (HCR205).
    pub id: NonEmptyText,
    /// A short name for people.
    pub label: NonEmptyText,
    /// What the evidence shows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<NonEmptyText>,
    /// Where it can be fetched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uri: Option<UriReference>,
    /// Where it is among the handed-over artifacts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact_ref: Option<NonEmptyText>,
    /// Its media type.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub content_type: Option<NonEmptyText>,
    /// The SHA-256 digest of the artifact's bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sha256: Option<Sha256>,
}

/// The fields of [`Evidence`] before the `uri`-or-`artifactRef` check.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct EvidenceFields {
    id: NonEmptyText,
    label: NonEmptyText,
    #[serde(default, deserialize_with = "strict::present")]
    claim: Option<NonEmptyText>,
    #[serde(default, deserialize_with = "strict::present")]
    uri: Option<UriReference>,
    #[serde(default, deserialize_with = "strict::present")]
    artifact_ref: Option<NonEmptyText>,
    #[serde(default, deserialize_with = "strict::present")]
    content_type: Option<NonEmptyText>,
    #[serde(default, deserialize_with = "strict::present")]
    sha256: Option<Sha256>,
}

impl TryFrom<EvidenceFields> for Evidence {
    type Error = Error;
    fn try_from(fields: EvidenceFields) -> Result<Self, Error> {
        let evidence = Self {
            id: fields.id,
            label: fields.label,
            claim: fields.claim,
            uri: fields.uri,
            artifact_ref: fields.artifact_ref,
            content_type: fields.content_type,
            sha256: fields.sha256,
        };
        evidence.check()?;
        Ok(evidence)
    }
}

impl Evidence {
    fn bare(id: impl Into<String>, label: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            id: NonEmptyText::named("evidence id", id)?,
            label: NonEmptyText::named("evidence label", label)?,
            claim: None,
            uri: None,
            artifact_ref: None,
            content_type: None,
            sha256: None,
        })
    }

    /// Evidence found among the handed-over artifacts at `artifact_ref`.
    ///
    /// # Errors
    /// An empty `id`, `label` or `artifact_ref`.
    pub fn artifact(
        id: impl Into<String>,
        label: impl Into<String>,
        artifact_ref: impl Into<String>,
    ) -> Result<Self, Error> {
        let mut evidence = Self::bare(id, label)?;
        evidence.artifact_ref = Some(NonEmptyText::named("evidence artifactRef", artifact_ref)?);
        Ok(evidence)
    }

    /// Evidence read from the file `artifact_ref` under the artifacts folder `root`, with its
    /// SHA-256 computed from the file's bytes.
    ///
    /// ```
    /// # let dir = tempfile::tempdir()?;
    /// std::fs::write(dir.path().join("build.log"), "build ok\n")?;
    /// let evidence = hcr_types::Evidence::from_file("log", "Build log", dir.path(), "build.log")?;
    /// assert_eq!(evidence.artifact_ref.as_ref().map(ToString::to_string).as_deref(), Some("build.log"));
    /// assert!(evidence.sha256.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// An empty `id` or `label`; an `artifact_ref` that is not a safe relative path below
    /// `root` ([`crate::unsafe_reason`]); a file that cannot be read
    /// ([`Error::Io`]).
    pub fn from_file(
        id: impl Into<String>,
        label: impl Into<String>,
        root: &std::path::Path,
        artifact_ref: impl Into<String>,
    ) -> Result<Self, Error> {
        let artifact_ref = artifact_ref.into();
        if crate::unsafe_reason(&artifact_ref).is_some() {
            return Err(Error::invalid(
                "evidence artifactRef",
                "must be a relative path below the artifacts folder",
            ));
        }
        let mut evidence = Self::artifact(id, label, artifact_ref.clone())?;
        let path = root.join(&artifact_ref);
        let file = std::fs::File::open(&path).map_err(|source| Error::Io {
            path: path.clone(),
            source,
        })?;
        let digest = Sha256::of_reader(std::io::BufReader::new(file))
            .map_err(|source| Error::Io { path, source })?;
        evidence.sha256 = Some(digest);
        Ok(evidence)
    }

    /// Evidence fetched from `uri`.
    ///
    /// # Errors
    /// An empty `id` or `label`, or a `uri` that is not an RFC 3986 URI reference.
    pub fn uri(
        id: impl Into<String>,
        label: impl Into<String>,
        uri: impl Into<String>,
    ) -> Result<Self, Error> {
        let mut evidence = Self::bare(id, label)?;
        evidence.uri = Some(UriReference::parse(uri)?);
        Ok(evidence)
    }

    /// This evidence with the claim it supports.
    ///
    /// # Errors
    /// An empty `claim`.
    pub fn with_claim(mut self, claim: impl Into<String>) -> Result<Self, Error> {
        self.claim = Some(NonEmptyText::named("evidence claim", claim)?);
        Ok(self)
    }

    /// This evidence with a media type.
    ///
    /// # Errors
    /// An empty `content_type`.
    pub fn with_content_type(mut self, content_type: impl Into<String>) -> Result<Self, Error> {
        self.content_type = Some(NonEmptyText::named("evidence contentType", content_type)?);
        Ok(self)
    }

    /// This evidence with a digest of its artifact.
    #[must_use]
    pub fn with_sha256(mut self, digest: Sha256) -> Self {
        self.sha256 = Some(digest);
        self
    }

    /// Fails unless the evidence has a `uri` or an `artifactRef` (the schema's `anyOf`).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when both are missing.
    pub fn check(&self) -> Result<(), Error> {
        if self.uri.is_none() && self.artifact_ref.is_none() {
            return Err(Error::invalid("evidence", "needs a uri or an artifactRef"));
        }
        Ok(())
    }
}

/// `$defs/constraint`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Constraint {
    /// What sort of rule this is.
    pub kind: ConstraintKind,
    /// The rule.
    pub text: NonEmptyText,
}

crate::string_enum! {
    /// `$defs/constraint/properties/kind`.
    pub enum ConstraintKind {
        /// Who may do what.
        Permission = "permission",
        /// What must not be broken.
        Safety = "safety",
        /// When something is due.
        Deadline = "deadline",
        /// How much may be spent.
        Budget = "budget",
        /// What the work depends on.
        Dependency = "dependency",
        /// What is out of scope.
        Exclusion = "exclusion",
        /// Anything else.
        Other = "other",
    }
}

impl Constraint {
    /// A constraint of `kind`.
    ///
    /// # Errors
    /// An empty `text`.
    pub fn new(kind: ConstraintKind, text: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            kind,
            text: NonEmptyText::named("constraint text", text)?,
        })
    }
}

/// `$defs/nextAction`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NextAction {
    /// What to do next.
    pub summary: NonEmptyText,
    /// How to tell it was done.
    pub verification: NonEmptyText,
    /// When it is due.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub due_at: Option<DateTime>,
}

impl NextAction {
    /// A next action and its verification.
    ///
    /// # Errors
    /// An empty summary or verification.
    pub fn new(summary: impl Into<String>, verification: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            summary: NonEmptyText::named("next action summary", summary)?,
            verification: NonEmptyText::named("next action verification", verification)?,
            due_at: None,
        })
    }
}

/// `$defs/ownership`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Ownership {
    /// Who acts next.
    #[serde(deserialize_with = "strict::object")]
    pub next_actor: Actor,
    /// Who reviews.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present_objects"
    )]
    pub reviewers: Option<Vec<Actor>>,
}

/// `$defs/reviewItem`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReviewItem {
    /// Unique within the record (HCR206).
    pub id: NonEmptyText,
    /// What the review says.
    pub summary: NonEmptyText,
    /// Open or resolved.
    pub status: ReviewStatus,
    /// The artifact the review is about.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub artifact_ref: Option<NonEmptyText>,
    /// The revision the review was raised against.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub revision: Option<Revision>,
    /// Who should address it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present_object"
    )]
    pub assignee: Option<Actor>,
    /// The revision that resolved it.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub resolved_by_revision: Option<Revision>,
}

crate::string_enum! {
    /// `$defs/reviewItem/properties/status`.
    pub enum ReviewStatus {
        /// Still to be addressed.
        Open = "open",
        /// Addressed by `resolvedByRevision`.
        Resolved = "resolved",
    }
}

impl ReviewItem {
    /// An open review item.
    ///
    /// # Errors
    /// An empty `id` or `summary`.
    pub fn open(id: impl Into<String>, summary: impl Into<String>) -> Result<Self, Error> {
        Ok(Self {
            id: NonEmptyText::named("review id", id)?,
            summary: NonEmptyText::named("review summary", summary)?,
            status: ReviewStatus::Open,
            artifact_ref: None,
            revision: None,
            assignee: None,
            resolved_by_revision: None,
        })
    }

    /// A review item resolved by revision `by`.
    ///
    /// # Errors
    /// An empty `id` or `summary`.
    pub fn resolved(
        id: impl Into<String>,
        summary: impl Into<String>,
        by: Revision,
    ) -> Result<Self, Error> {
        let mut item = Self::open(id, summary)?;
        item.status = ReviewStatus::Resolved;
        item.resolved_by_revision = Some(by);
        Ok(item)
    }

    /// Resolves this item by revision `by`: sets `status` to `resolved` and
    /// `resolvedByRevision` together, as the contract requires.
    pub fn resolve(&mut self, by: Revision) {
        self.status = ReviewStatus::Resolved;
        self.resolved_by_revision = Some(by);
    }

    /// This item, raised against `revision`.
    #[must_use]
    pub fn at_revision(mut self, revision: Revision) -> Self {
        self.revision = Some(revision);
        self
    }

    /// This item, assigned to `assignee`.
    #[must_use]
    pub fn assigned_to(mut self, assignee: Actor) -> Self {
        self.assignee = Some(assignee);
        self
    }

    /// This item, about the artifact at `artifact_ref`.
    ///
    /// # Errors
    /// An empty `artifact_ref`.
    pub fn about(mut self, artifact_ref: impl Into<String>) -> Result<Self, Error> {
        self.artifact_ref = Some(NonEmptyText::named("review artifactRef", artifact_ref)?);
        Ok(self)
    }
}

/// `$defs/provenance`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Provenance {
    /// Who wrote the record.
    #[serde(deserialize_with = "strict::object")]
    pub created_by: Actor,
    /// When.
    pub created_at: DateTime,
    /// Which revision of the work this record is.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "strict::present"
    )]
    pub source_revision: Option<Revision>,
}

impl Provenance {
    /// Provenance without a revision number.
    #[must_use]
    pub fn new(created_by: Actor, created_at: DateTime) -> Self {
        Self {
            created_by,
            created_at,
            source_revision: None,
        }
    }

    /// This provenance, for revision `revision`.
    #[must_use]
    pub fn revision(mut self, revision: Revision) -> Self {
        self.source_revision = Some(revision);
        self
    }
}

impl Record {
    /// Reads a record from JSON text.
    ///
    /// This is the structural (schema-level) reading: it accepts exactly what the v1.0 schema
    /// accepts. It does not detect duplicate keys inside `extensions` or apply the normative
    /// rules; for untrusted input, validate with `hcr-validate` first.
    ///
    /// # Errors
    /// [`Error::Read`] with the pointer of the first problem.
    pub fn from_json(text: &str) -> Result<Self, Error> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        let record = read(&mut deserializer)?;
        deserializer.end().map_err(|e| Error::Read {
            pointer: JsonPointer::root(),
            message: value_free(&e.to_string()),
        })?;
        Ok(record)
    }

    /// Reads a record from a parsed JSON value.
    ///
    /// # Errors
    /// [`Error::Read`] with the pointer of the first problem.
    pub fn from_value(value: &Value) -> Result<Self, Error> {
        // Extension values are kept as JSON text, which only a text reader gives; the places
        // its errors name are in that text, which nobody wrote, so only the pointer is kept.
        Self::from_json(&value.to_string()).map_err(|error| match error {
            Error::Read { pointer, message } => Error::Read {
                pointer,
                message: without_place(&message).to_owned(),
            },
            other => other,
        })
    }

    /// The record as a JSON value.
    #[must_use]
    pub fn to_value(&self) -> Value {
        // Every part serializes to JSON infallibly: string keys, finite numbers.
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// The record as JSON with two-space indentation and a final newline.
    #[must_use]
    pub fn to_json_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).unwrap_or_default();
        text.push('\n');
        text
    }

    /// The record in RFC 8785 canonical form (JSON Canonicalization Scheme): sorted keys,
    /// no whitespace, ECMAScript number formatting. Equal records have equal canonical forms.
    #[must_use]
    pub fn canonical_json(&self) -> String {
        serde_json_canonicalizer::to_string(&self.to_value()).unwrap_or_default()
    }

    /// The SHA-256 of [`Record::canonical_json`]: a content address for this revision.
    #[must_use]
    pub fn digest(&self) -> Sha256 {
        Sha256::of_bytes(self.canonical_json().as_bytes())
    }

    /// Supersedes the active decision whose summary is `old` by `new`: `old` becomes
    /// `superseded`, `new` names it in `supersedes` and is added. Returns whether `old` was
    /// found (when it was not, `new` is added with `supersedes` set all the same).
    ///
    /// # Errors
    /// None in practice: `old` is a decision's summary, never empty.
    pub fn supersede_decision(&mut self, old: &str, new: Decision) -> Result<bool, Error> {
        let found = self
            .decisions
            .iter_mut()
            .find(|d| d.summary.as_str() == old && d.status == DecisionStatus::Active);
        let known = found.is_some();
        if let Some(decision) = found {
            decision.status = DecisionStatus::Superseded;
        }
        self.decisions.push(new.superseding(old)?);
        Ok(known)
    }

    /// The revision number (`provenance.sourceRevision`), if the record has one.
    #[must_use]
    pub fn revision(&self) -> Option<u64> {
        self.provenance
            .as_ref()
            .and_then(|p| p.source_revision.as_ref())
            .map(Revision::get)
    }

    /// Checks the constraints that public fields could break after construction (evidence
    /// needs a `uri` or an `artifactRef`).
    ///
    /// # Errors
    /// [`Error::Build`] listing each offending evidence item.
    pub fn check(&self) -> Result<(), Error> {
        let problems: Vec<_> = self
            .evidence
            .iter()
            .enumerate()
            .filter_map(|(i, item)| {
                item.check().err().map(|e| crate::Problem {
                    pointer: JsonPointer::root().key("evidence").index(i),
                    message: e.to_string(),
                })
            })
            .collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(Error::Build(problems))
        }
    }
}

fn read<'de, D>(deserializer: D) -> Result<Record, Error>
where
    D: serde::Deserializer<'de>,
    D::Error: std::fmt::Display,
{
    serde_path_to_error::deserialize(deserializer)
        .map(|strict::AsObject(record)| record)
        .map_err(|e| {
            let mut pointer = JsonPointer::root();
            for segment in e.path().iter() {
                match segment {
                    serde_path_to_error::Segment::Seq { index } => pointer.push_index(*index),
                    serde_path_to_error::Segment::Map { key } => pointer.push_key(key),
                    serde_path_to_error::Segment::Enum { .. }
                    | serde_path_to_error::Segment::Unknown => {}
                }
            }
            Error::Read {
                pointer,
                message: value_free(&e.inner().to_string()),
            }
        })
}

/// A reader's message without the place serde_json adds at its end (` at line 1 column 20`).
fn without_place(message: &str) -> &str {
    let Some((before, place)) = message.rsplit_once(" at line ") else {
        return message;
    };
    let numbers = place.split_once(" column ").is_some_and(|(line, column)| {
        [line, column]
            .iter()
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    });
    if numbers { before } else { message }
}

/// A reader's message without the value it quotes: serde writes `invalid type: string "…"`,
/// `unknown variant `…``, `unknown field `…``, and a record's values (a secret among them)
/// must not travel in error messages. The names it expects are kept.
fn value_free(message: &str) -> String {
    let mut out = message.to_owned();
    for (lead, open, close) in [
        ("string \"", '"', '"'),
        ("char \"", '"', '"'),
        ("unknown variant `", '`', '`'),
        ("unknown field `", '`', '`'),
    ] {
        if let Some(at) = out.find(lead) {
            let value_start = at + lead.len();
            let value_end =
                find_close(&out[value_start..], close).map_or(out.len(), |i| value_start + i + 1);
            let kept = &lead[..lead.len() - open.len_utf8()];
            out = format!("{}{}{}", &out[..at], kept.trim_end(), &out[value_end..]);
        }
    }
    out
}

/// The offset of the unescaped `close` that ends a quoted value.
fn find_close(text: &str, close: char) -> Option<usize> {
    let mut escaped = false;
    for (i, c) in text.char_indices() {
        match c {
            '\\' if !escaped => escaped = true,
            c if c == close && !escaped => return Some(i),
            _ => escaped = false,
        }
    }
    None
}

#[cfg(test)]
mod value_free_tests {
    #[test]
    fn messages_keep_what_was_expected_and_drop_the_value() {
        assert_eq!(
            super::value_free(r#"invalid type: string "ghp_secret", expected struct Objective"#),
            "invalid type: string, expected struct Objective"
        );
        assert_eq!(
            super::value_free(
                "unknown variant `Agent`, expected one of `human`, `agent`, `service`"
            ),
            "unknown variant, expected one of `human`, `agent`, `service`"
        );
        assert_eq!(
            super::value_free("unknown field `ghp_x`, expected `id`"),
            "unknown field, expected `id`"
        );
        assert_eq!(
            super::value_free("missing field `id`"),
            "missing field `id`"
        );
    }
}
