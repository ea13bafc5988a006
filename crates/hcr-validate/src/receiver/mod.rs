//! The `receiver` level: checks that need what the receiver has at hand.
//!
//! | code | when | default |
//! |---|---|---|
//! | HCR301 | an artifact's digest differs from the evidence `sha256` | error |
//! | HCR302 | `artifactRef` names no file under the artifacts folder | error (warning without `sha256`) |
//! | HCR303 | `artifactRef` is not a safe relative path to a regular file under the folder | error |
//! | HCR304 | a resolved review's `resolvedByRevision` is not in the revisions folder | error |
//! | HCR305 | `nextAction.dueAt` has passed | warning |
//! | HCR306 | the receiver is not `ownership.nextActor` | warning |
//! | HCR307 | evidence without a digest: its integrity cannot be checked | info |
//! | HCR308 | the record has no `recordId`, so its review links cannot be checked | info |
//! | HCR309 | an artifact could not be read reliably | error |
//!
//! Artifact checks run with an artifacts folder, review links with a revisions folder, the
//! due date always (against the receiver's clock), the next actor with the receiver's id.

mod artifacts;
mod revisions;

use std::sync::Arc;

use hcr_types::{DateTime, JsonPointer, Sha256};
use serde_json::Value;

use hcr_json::{Json, Tree};

pub use artifacts::{Artifact, ArtifactStore, DEFAULT_MAX_ARTIFACT_BYTES};
pub use hcr_types::unsafe_reason;
pub use revisions::{IndexProblem, RevisionIndex};

use crate::sink::field;
use crate::sink::{Input, Sink, objects, revision};
use crate::{Code, Diagnostic, Severity};

/// What the receiver has at hand: the artifacts handed over with the record, a folder of
/// earlier revisions, its identity and its clock. Checks that need a missing part are skipped.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ReceiverContext {
    /// The folder `artifactRef` paths are relative to.
    pub artifacts: Option<Arc<ArtifactStore>>,
    /// Earlier records of the same work.
    pub revisions: Option<Arc<RevisionIndex>>,
    /// The receiver's clock (the current time when unset).
    pub now: Option<DateTime>,
    /// The receiver's actor id, compared with `ownership.nextActor.id`.
    pub actor_id: Option<String>,
}

impl ReceiverContext {
    /// A context with nothing at hand.
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// With an artifacts folder.
    #[must_use]
    pub fn artifacts(mut self, store: ArtifactStore) -> Self {
        self.artifacts = Some(Arc::new(store));
        self
    }

    /// With a revisions folder.
    #[must_use]
    pub fn revisions(mut self, index: RevisionIndex) -> Self {
        self.revisions = Some(Arc::new(index));
        self
    }

    /// With a fixed clock.
    #[must_use]
    pub fn now(mut self, now: DateTime) -> Self {
        self.now = Some(now);
        self
    }

    /// With the receiver's actor id.
    #[must_use]
    pub fn actor_id(mut self, actor_id: impl Into<String>) -> Self {
        self.actor_id = Some(actor_id.into());
        self
    }
}

/// What the receiver found: one typed verdict per thing it checked. The receiver-level
/// diagnostics, the receiver brief and the digest fill plan are all derived from it, so they
/// cannot disagree.
///
/// It holds no text from the record (positions, digests, revisions and dates only), so it can
/// be shown without passing through the secret scan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Assessment {
    /// One per evidence item (an object in `evidence`), in record order.
    pub evidence: Vec<EvidenceCheck>,
    /// One per resolved review item that names its `resolvedByRevision`, in record order;
    /// empty without a revisions folder.
    pub reviews: Vec<ReviewCheck>,
    /// The revisions folder was given, reviews were resolved, but the record has no
    /// `recordId` to look their revisions up by.
    pub links_unresolvable: bool,
    /// `nextAction.dueAt` against the receiver's clock, when the record has a due date.
    pub due: Option<DueCheck>,
    /// `ownership.nextActor.id` compared with the receiver's actor id, when both are known.
    pub next_actor: Option<ActorCheck>,
}

/// The digest an evidence item records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recorded {
    /// No `sha256`.
    Absent,
    /// A SHA-256 digest.
    Digest(Sha256),
    /// A `sha256` that is not 64 hexadecimal digits (a schema error): nothing to compare.
    Malformed,
}

/// What the receiver found for one evidence item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvidenceCheck {
    /// Its position in `evidence`.
    pub index: usize,
    /// Whether it has an `artifactRef`.
    pub has_artifact_ref: bool,
    /// The digest it records.
    pub recorded: Recorded,
    /// The outcome.
    pub status: EvidenceStatus,
}

/// The outcome of checking one evidence item against its artifact.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvidenceStatus {
    /// The artifact hashes to the recorded digest.
    Verified(Sha256),
    /// The artifact hashes to this, not to the recorded digest.
    Mismatch(Sha256),
    /// No digest is recorded; the artifact, when it was read, hashes to this.
    NotDigested(Option<Sha256>),
    /// A digest is recorded but cannot be checked here: no artifacts folder, no
    /// `artifactRef`, or a malformed digest.
    NotChecked,
    /// `artifactRef` names no file under the artifacts folder.
    Missing,
    /// `artifactRef` is not a safe relative path to a regular file under the folder: why.
    Unsafe(&'static str),
    /// The artifact is larger than the limit: its length.
    TooLarge(u64),
    /// The artifact could not be read reliably: why.
    Unreadable(String),
}

impl EvidenceStatus {
    /// Whether the evidence failed its check: its artifact differs, is missing, unsafe or
    /// unreadable.
    #[must_use]
    pub fn failed(&self) -> bool {
        matches!(
            self,
            Self::Mismatch(_)
                | Self::Missing
                | Self::Unsafe(_)
                | Self::TooLarge(_)
                | Self::Unreadable(_)
        )
    }

    /// The digest the artifact has, when it was read.
    #[must_use]
    pub fn actual(&self) -> Option<&Sha256> {
        match self {
            Self::Verified(actual) | Self::Mismatch(actual) | Self::NotDigested(Some(actual)) => {
                Some(actual)
            }
            _ => None,
        }
    }

    /// Why the artifact could not be hashed, for the failures that are about the file (not
    /// about its digest).
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        match self {
            Self::Missing => Some("no such file under the artifacts folder".to_owned()),
            Self::Unsafe(reason) => Some(format!("not a safe path: {reason}")),
            Self::TooLarge(length) => Some(format!("{length} bytes, over the artifact size limit")),
            Self::Unreadable(reason) => Some(reason.clone()),
            _ => None,
        }
    }
}

/// What the receiver found for one resolved review item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReviewCheck {
    /// Its position in `openReview`.
    pub index: usize,
    /// Its `resolvedByRevision`.
    pub resolved_by: u64,
    /// Whether that revision is available.
    pub available: bool,
}

/// `nextAction.dueAt` against the receiver's clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueCheck {
    /// The due date.
    pub due: DateTime,
    /// The receiver's clock when it checked.
    pub now: DateTime,
    /// Whether the due date has passed.
    pub passed: bool,
}

/// The record's next actor against the receiver.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActorCheck {
    /// Whether the receiver is the next actor.
    pub is_receiver: bool,
}

impl Assessment {
    /// What the receiver finds in `value` with what `context` has at hand.
    #[must_use]
    pub fn of(value: &Value, context: &ReceiverContext) -> Self {
        Self::of_tree(
            Tree::from_value(value, crate::schema::property_names()).root(),
            context,
        )
    }

    /// [`Assessment::of`] a record as the validator parsed it (see
    /// [`Validator::validate_then`](crate::Validator::validate_then)), read with the schema's
    /// property names.
    #[must_use]
    pub fn of_tree(value: Json<'_, '_>, context: &ReceiverContext) -> Self {
        let (reviews, links_unresolvable) = match &context.revisions {
            Some(index) => links(value, index),
            None => (Vec::new(), false),
        };
        Self {
            evidence: evidence(value, context.artifacts.as_deref()),
            reviews,
            links_unresolvable,
            due: due(value, context),
            next_actor: context.actor_id.as_deref().and_then(|me| {
                let next = value
                    .at_tokens(["ownership", "nextActor", "id"])
                    .and_then(Json::as_str)?;
                Some(ActorCheck {
                    is_receiver: next == me,
                })
            }),
        }
    }

    /// The verdict for the evidence item at `index` of `evidence`, if it is an object.
    #[must_use]
    pub fn evidence_at(&self, index: usize) -> Option<&EvidenceCheck> {
        // In record order, so sorted by index.
        let at = self
            .evidence
            .binary_search_by_key(&index, |e| e.index)
            .ok()?;
        self.evidence.get(at)
    }

    /// The verdict for the resolved review item at `index` of `openReview`, if its link was
    /// checked.
    #[must_use]
    pub fn review_at(&self, index: usize) -> Option<&ReviewCheck> {
        let at = self
            .reviews
            .binary_search_by_key(&index, |r| r.index)
            .ok()?;
        self.reviews.get(at)
    }
}

fn evidence(value: Json<'_, '_>, store: Option<&ArtifactStore>) -> Vec<EvidenceCheck> {
    objects(value, "evidence")
        .map(|(at, item)| {
            let recorded = match item.get("sha256").and_then(Json::as_str) {
                None => Recorded::Absent,
                Some(text) => Sha256::parse(text).map_or(Recorded::Malformed, Recorded::Digest),
            };
            let artifact_ref = item.get("artifactRef").and_then(Json::as_str);
            let status = match (artifact_ref, store) {
                (Some(artifact_ref), Some(store)) => match store.artifact(artifact_ref) {
                    Artifact::Digest(actual) => match &recorded {
                        Recorded::Digest(expected) if expected.matches(&actual) => {
                            EvidenceStatus::Verified(actual)
                        }
                        Recorded::Digest(_) => EvidenceStatus::Mismatch(actual),
                        Recorded::Absent => EvidenceStatus::NotDigested(Some(actual)),
                        Recorded::Malformed => EvidenceStatus::NotChecked,
                    },
                    Artifact::Missing => EvidenceStatus::Missing,
                    Artifact::Unsafe(reason) => EvidenceStatus::Unsafe(reason),
                    Artifact::TooLarge(length) => EvidenceStatus::TooLarge(length),
                    Artifact::Unreadable(reason) => EvidenceStatus::Unreadable(reason),
                },
                _ if recorded == Recorded::Absent => EvidenceStatus::NotDigested(None),
                _ => EvidenceStatus::NotChecked,
            };
            EvidenceCheck {
                index: at.index,
                has_artifact_ref: artifact_ref.is_some(),
                recorded,
                status,
            }
        })
        .collect()
}

fn links(value: Json<'_, '_>, index: &RevisionIndex) -> (Vec<ReviewCheck>, bool) {
    let record_id = value.get("recordId").and_then(Json::as_str);
    let own = revision(value.at_tokens(["provenance", "sourceRevision"]));
    let resolved: Vec<(usize, u64)> = objects(value, "openReview")
        .filter(|(_, item)| item.get("status").and_then(Json::as_str) == Some("resolved"))
        .filter_map(|(at, item)| Some((at.index, revision(item.get("resolvedByRevision"))?)))
        .collect();
    let Some(record_id) = record_id else {
        return (Vec::new(), !resolved.is_empty());
    };
    let checks = resolved
        .into_iter()
        .map(|(at, by)| ReviewCheck {
            index: at,
            resolved_by: by,
            available: own == Some(by) || index.contains(record_id, by),
        })
        .collect();
    (checks, false)
}

fn due(value: Json<'_, '_>, context: &ReceiverContext) -> Option<DueCheck> {
    let due = value
        .at_tokens(["nextAction", "dueAt"])
        .and_then(Json::as_str)
        .and_then(|d| DateTime::parse(d).ok())?;
    let now = context.now.clone().unwrap_or_else(DateTime::now);
    let passed = due.instant() < now.instant();
    Some(DueCheck { due, now, passed })
}

/// The receiver-level checks: the assessment, and the diagnostics derived from it.
pub(crate) fn check(
    input: &Input<'_, '_>,
    context: &ReceiverContext,
    sink: &mut Sink,
) -> Assessment {
    let assessment = Assessment::of_tree(input.root(), context);
    diagnose(input.root(), &assessment, context, sink);
    assessment
}

/// The diagnostics an assessment gives.
fn diagnose(
    value: Json<'_, '_>,
    assessment: &Assessment,
    context: &ReceiverContext,
    sink: &mut Sink,
) {
    if context.artifacts.is_some() {
        for check in &assessment.evidence {
            evidence_diagnostic(check, context, sink);
        }
    }
    if assessment.links_unresolvable {
        sink.push(Diagnostic::new(
            Code::Hcr308,
            JsonPointer::root(),
            "the record has no `recordId`, so the revisions that resolved its reviews cannot be looked up",
        ));
    }
    for review in assessment.reviews.iter().filter(|r| !r.available) {
        let pointer = JsonPointer::root()
            .key("openReview")
            .index(review.index)
            .key("resolvedByRevision");
        sink.push(Diagnostic::new(
            Code::Hcr304,
            pointer.clone(),
            format!(
                "{} names revision {}, which is not in the revisions folder",
                field(&pointer),
                review.resolved_by
            ),
        ));
    }
    if let Some(DueCheck {
        due,
        now,
        passed: true,
    }) = &assessment.due
    {
        let pointer = JsonPointer::root().key("nextAction").key("dueAt");
        sink.push(Diagnostic::new(
            Code::Hcr305,
            pointer,
            format!("`/nextAction/dueAt` ({due}) has passed; it is now {now}"),
        ));
    }
    if let (Some(ActorCheck { is_receiver: false }), Some(me)) =
        (&assessment.next_actor, &context.actor_id)
    {
        let next = value
            .at_tokens(["ownership", "nextActor", "id"])
            .and_then(Json::as_str)
            .unwrap_or_default();
        let pointer = JsonPointer::root()
            .key("ownership")
            .key("nextActor")
            .key("id");
        sink.push(Diagnostic::new(
            Code::Hcr306,
            pointer,
            format!("the record hands the work to `{next}`, not to you (`{me}`)"),
        ));
    }
}

fn evidence_diagnostic(check: &EvidenceCheck, context: &ReceiverContext, sink: &mut Sink) {
    let at = JsonPointer::root().key("evidence").index(check.index);
    let pointer = at.key("artifactRef");
    let name = field(&pointer);
    let no_digest = || {
        Diagnostic::new(
            Code::Hcr307,
            at.clone(),
            format!(
                "evidence item {} has no `sha256`: its integrity cannot be checked",
                field(&at)
            ),
        )
    };
    let diagnostic = match &check.status {
        EvidenceStatus::Verified(_) | EvidenceStatus::NotChecked => return,
        EvidenceStatus::NotDigested(None) if check.has_artifact_ref => return,
        EvidenceStatus::NotDigested(None) => Diagnostic::new(
            Code::Hcr307,
            at.clone(),
            format!(
                "evidence item {} has no artifact and no `sha256`: its integrity cannot be checked",
                field(&at)
            ),
        ),
        EvidenceStatus::NotDigested(Some(actual)) => no_digest().help(format!(
            "add \"sha256\": \"{actual}\" if this file is the evidence (hcr digest --fill writes it)"
        )),
        EvidenceStatus::Mismatch(actual) => {
            let expected = match &check.recorded {
                Recorded::Digest(expected) => expected.to_string(),
                _ => String::new(),
            };
            Diagnostic::new(
                Code::Hcr301,
                at.key("sha256"),
                format!(
                    "the artifact at {name} hashes to {actual}, not to the recorded {expected}"
                ),
            )
        }
        EvidenceStatus::Missing => {
            let severity = if matches!(check.recorded, Recorded::Digest(_)) {
                Severity::Error
            } else {
                Severity::Warning
            };
            Diagnostic::new(
                Code::Hcr302,
                pointer.clone(),
                format!("{name} names no file under the artifacts folder"),
            )
            .severity(severity)
        }
        EvidenceStatus::Unsafe(reason) => Diagnostic::new(
            Code::Hcr303,
            pointer.clone(),
            format!("{name} is not a safe path to a file under the artifacts folder: {reason}"),
        ),
        EvidenceStatus::TooLarge(length) => {
            let limit = context.artifacts.as_ref().map_or(0, |s| s.max_bytes());
            let setting = sink.spelling.spell("max_artifact_bytes");
            Diagnostic::new(
                Code::Hcr003,
                pointer.clone(),
                format!(
                    "the artifact at {name} is {length} bytes long; the artifact size limit is {limit} bytes ({setting})"
                ),
            )
            .help(format!("raise the limit with {setting} if the artifact is expected to be this large"))
        }
        EvidenceStatus::Unreadable(reason) => Diagnostic::new(
            Code::Hcr309,
            pointer.clone(),
            format!("the artifact at {name} could not be read reliably: {reason}"),
        ),
    };
    sink.push(diagnostic);
}
