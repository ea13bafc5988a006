//! The receiver's context: what the `receiver` level checks a record against.

use std::path::PathBuf;

use hcr_types::DateTime;

/// What the receiver has at hand: the artifacts handed over with the record, a folder of
/// earlier revisions, its identity and its clock. Checks that need a missing part are skipped.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct ReceiverContext {
    /// The folder `artifactRef` paths are relative to.
    pub artifacts: Option<PathBuf>,
    /// A folder of earlier records of the same work.
    pub revisions: Option<PathBuf>,
    /// The receiver's clock (defaults to the current time).
    pub now: Option<DateTime>,
    /// The receiver's actor id, compared with `ownership.nextActor`.
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
    pub fn artifacts(mut self, dir: impl Into<PathBuf>) -> Self {
        self.artifacts = Some(dir.into());
        self
    }

    /// With a revisions folder.
    #[must_use]
    pub fn revisions(mut self, dir: impl Into<PathBuf>) -> Self {
        self.revisions = Some(dir.into());
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
}
