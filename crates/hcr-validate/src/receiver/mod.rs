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

use hcr_types::{DateTime, JsonPointer};
use serde_json::Value;

pub use artifacts::{Artifact, ArtifactStore, DEFAULT_MAX_ARTIFACT_BYTES, unsafe_reason};
pub use revisions::{IndexProblem, RevisionIndex};

use crate::rules::{Input, Sink, objects, revision};
use crate::schema::field;
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
    pub receiver: Option<String>,
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
    pub fn receiver(mut self, actor_id: impl Into<String>) -> Self {
        self.receiver = Some(actor_id.into());
        self
    }

    /// Whether the review item resolved by `resolved_by` is available: in the revisions folder,
    /// or the record itself (`own_revision`). `None` when there is no revisions folder or the
    /// record has no id to look it up by.
    #[must_use]
    pub fn revision_available(
        &self,
        record_id: Option<&str>,
        own_revision: Option<u64>,
        resolved_by: u64,
    ) -> Option<bool> {
        let index = self.revisions.as_ref()?;
        let id = record_id?;
        Some(own_revision == Some(resolved_by) || index.contains(id, resolved_by))
    }
}

/// The receiver-level checks.
pub(crate) fn check(input: &Input<'_>, context: &ReceiverContext, sink: &mut Sink) {
    if let Some(store) = &context.artifacts {
        artifacts_check(input.value, store, sink);
    }
    if context.revisions.is_some() {
        links_check(input.value, context, sink);
    }
    due_check(input.value, context, sink);
    if let Some(receiver) = &context.receiver {
        actor_check(input.value, receiver, sink);
    }
}

fn artifacts_check(value: &Value, store: &ArtifactStore, sink: &mut Sink) {
    for (at, item) in objects(value, "evidence") {
        let at = at.pointer();
        let expected = item
            .get("sha256")
            .and_then(Value::as_str)
            .and_then(|d| hcr_types::Sha256::parse(d).ok());
        let Some(artifact_ref) = item.get("artifactRef").and_then(Value::as_str) else {
            if expected.is_none() {
                sink.push(Diagnostic::new(
                    Code::Hcr307,
                    at.clone(),
                    format!("evidence item {} has no artifact and no `sha256`: its integrity cannot be checked", field(&at)),
                ));
            }
            continue;
        };
        let pointer = at.key("artifactRef");
        let name = field(&pointer);
        match store.artifact(artifact_ref) {
            Artifact::Digest(actual) => match &expected {
                Some(expected) if !expected.matches(&actual) => sink.push(Diagnostic::new(
                    Code::Hcr301,
                    at.key("sha256"),
                    format!(
                        "the artifact at {name} hashes to {actual}, not to the recorded {expected}"
                    ),
                )),
                Some(_) => {}
                None => sink.push(
                    Diagnostic::new(
                        Code::Hcr307,
                        at.clone(),
                        format!("evidence item {} has no `sha256`: its integrity cannot be checked", field(&at)),
                    )
                    .help(format!("add \"sha256\": \"{actual}\" if this file is the evidence (hcr digest --fill writes it)")),
                ),
            },
            Artifact::Missing => {
                let severity = if expected.is_some() { Severity::Error } else { Severity::Warning };
                sink.push(
                    Diagnostic::new(Code::Hcr302, pointer.clone(), format!("{name} names no file under the artifacts folder"))
                        .severity(severity),
                );
            }
            Artifact::Unsafe(reason) => sink.push(Diagnostic::new(
                Code::Hcr303,
                pointer.clone(),
                format!("{name} is not a safe path to a file under the artifacts folder: {reason}"),
            )),
            Artifact::TooLarge(length) => sink.push(
                Diagnostic::new(
                    Code::Hcr003,
                    pointer.clone(),
                    format!(
                        "the artifact at {name} is {length} bytes long; the artifact size limit is {} bytes (--max-artifact-bytes)",
                        store.max_bytes()
                    ),
                )
                .help("raise the limit with --max-artifact-bytes if the artifact is expected to be this large"),
            ),
            Artifact::Unreadable(reason) => sink.push(Diagnostic::new(
                Code::Hcr309,
                pointer.clone(),
                format!("the artifact at {name} could not be read reliably: {reason}"),
            )),
        }
    }
}

fn links_check(value: &Value, context: &ReceiverContext, sink: &mut Sink) {
    let record_id = value.get("recordId").and_then(Value::as_str);
    let own = revision(value.pointer("/provenance/sourceRevision"));
    let resolved: Vec<_> = objects(value, "openReview")
        .filter(|(_, item)| item.get("status").and_then(Value::as_str) == Some("resolved"))
        .filter_map(|(at, item)| Some((at.pointer(), revision(item.get("resolvedByRevision"))?)))
        .collect();
    if resolved.is_empty() {
        return;
    }
    if record_id.is_none() {
        sink.push(Diagnostic::new(
            Code::Hcr308,
            JsonPointer::root(),
            "the record has no `recordId`, so the revisions that resolved its reviews cannot be looked up",
        ));
        return;
    }
    for (at, by) in resolved {
        if context.revision_available(record_id, own, by) == Some(false) {
            let pointer = at.key("resolvedByRevision");
            sink.push(Diagnostic::new(
                Code::Hcr304,
                pointer.clone(),
                format!(
                    "{} names revision {by}, which is not in the revisions folder",
                    field(&pointer)
                ),
            ));
        }
    }
}

fn due_check(value: &Value, context: &ReceiverContext, sink: &mut Sink) {
    let Some(due) = value
        .pointer("/nextAction/dueAt")
        .and_then(Value::as_str)
        .and_then(|d| DateTime::parse(d).ok())
    else {
        return;
    };
    let now = context.now.clone().unwrap_or_else(DateTime::now);
    if due.instant() < now.instant() {
        let pointer = JsonPointer::root().key("nextAction").key("dueAt");
        sink.push(Diagnostic::new(
            Code::Hcr305,
            pointer,
            format!("`/nextAction/dueAt` ({due}) has passed; it is now {now}"),
        ));
    }
}

fn actor_check(value: &Value, receiver: &str, sink: &mut Sink) {
    let Some(next) = value
        .pointer("/ownership/nextActor/id")
        .and_then(Value::as_str)
    else {
        return;
    };
    if next != receiver {
        let pointer = JsonPointer::root()
            .key("ownership")
            .key("nextActor")
            .key("id");
        sink.push(Diagnostic::new(
            Code::Hcr306,
            pointer,
            format!("the record hands the work to `{next}`, not to you (`{receiver}`)"),
        ));
    }
}
