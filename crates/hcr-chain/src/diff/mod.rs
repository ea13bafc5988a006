//! `hcr diff`: what changed between two revisions, in the terms a successor cares about.
//!
//! A [`Diff`] is data: the two sides, warnings about whether one continues the other, and a
//! list of typed [`Change`]s in the order a successor reads them (objective, criteria, state,
//! decisions, evidence, constraints, reviews, next action, next actor, extensions). It is
//! computed in O(n log n) (items are matched through maps, never by nested scans), and any
//! secret the records hold is redacted when it is built, so every rendering
//! ([`Diff::to_text`], [`Diff::to_markdown`], [`Diff::to_json`]) shows only redacted text.

mod compute;
mod render;

use serde::{Deserialize, Serialize};

/// Which state list an item is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum StateList {
    /// `complete`.
    Complete,
    /// `inProgress`.
    InProgress,
    /// `blocked`.
    Blocked,
    /// `unverified`.
    Unverified,
}

impl StateList {
    /// Every list, in the schema's order.
    pub const ALL: [Self; 4] = [
        Self::Complete,
        Self::InProgress,
        Self::Blocked,
        Self::Unverified,
    ];

    /// The property name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Self::Complete => "complete",
            Self::InProgress => "inProgress",
            Self::Blocked => "blocked",
            Self::Unverified => "unverified",
        }
    }
}

/// A field of the next action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum NextActionField {
    /// `summary`.
    Summary,
    /// `verification`.
    Verification,
    /// `dueAt`.
    DueAt,
}

impl NextActionField {
    /// The label shown in text.
    #[must_use]
    pub const fn label(self) -> &'static str {
        match self {
            Self::Summary => "summary",
            Self::Verification => "verification",
            Self::DueAt => "due",
        }
    }
}

/// One change a successor cares about. Serialized with a kebab-case `change` tag.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Change {
    /// The objective's summary changed: a different job.
    #[serde(rename_all = "camelCase")]
    ObjectiveChanged {
        /// Before.
        old: String,
        /// After.
        new: String,
    },
    /// An acceptance criterion was added.
    CriterionAdded {
        /// Its text.
        text: String,
    },
    /// An acceptance criterion was removed.
    CriterionRemoved {
        /// Its text.
        text: String,
    },
    /// A state item moved from one list to another.
    StateMoved {
        /// Its text.
        item: String,
        /// Where it was.
        from: StateList,
        /// Where it is.
        to: StateList,
    },
    /// A state item appeared.
    StateAdded {
        /// Its text.
        item: String,
        /// Where it is.
        to: StateList,
    },
    /// A state item disappeared.
    StateDropped {
        /// Its text.
        item: String,
        /// Where it was.
        from: StateList,
    },
    /// A decision was added.
    DecisionAdded {
        /// Its summary.
        summary: String,
    },
    /// A decision was removed.
    DecisionRemoved {
        /// Its summary.
        summary: String,
    },
    /// A decision became superseded.
    DecisionSuperseded {
        /// Its summary.
        summary: String,
    },
    /// A superseded decision became active again.
    DecisionReactivated {
        /// Its summary.
        summary: String,
    },
    /// An evidence item was added.
    EvidenceAdded {
        /// Its id.
        id: String,
        /// Its digest.
        sha256: Option<String>,
    },
    /// An evidence item was removed.
    EvidenceRemoved {
        /// Its id.
        id: String,
        /// Its digest.
        sha256: Option<String>,
    },
    /// An evidence item's digest changed (or appeared, or disappeared).
    #[serde(rename_all = "camelCase")]
    EvidenceDigestChanged {
        /// Its id.
        id: String,
        /// Before.
        old_sha256: Option<String>,
        /// After.
        new_sha256: Option<String>,
    },
    /// An evidence item's `uri` or `artifactRef` changed.
    EvidenceReferenceChanged {
        /// Its id.
        id: String,
    },
    /// A constraint was added.
    ConstraintAdded {
        /// `kind: text`.
        text: String,
    },
    /// A constraint was removed.
    ConstraintRemoved {
        /// `kind: text`.
        text: String,
    },
    /// A review item was opened.
    ReviewOpened {
        /// Its id.
        id: String,
        /// Its summary.
        summary: String,
    },
    /// An open review item was resolved.
    #[serde(rename_all = "camelCase")]
    ReviewResolved {
        /// Its id.
        id: String,
        /// Its summary.
        summary: String,
        /// The revision that resolved it.
        resolved_by_revision: Option<u64>,
    },
    /// A resolved review item was reopened.
    ReviewReopened {
        /// Its id.
        id: String,
        /// Its summary.
        summary: String,
    },
    /// A review item appeared already resolved.
    #[serde(rename_all = "camelCase")]
    ReviewAddedResolved {
        /// Its id.
        id: String,
        /// Its summary.
        summary: String,
        /// The revision that resolved it.
        resolved_by_revision: Option<u64>,
    },
    /// A review item disappeared.
    ReviewRemoved {
        /// Its id.
        id: String,
        /// Its summary.
        summary: String,
    },
    /// A field of the next action changed.
    NextActionChanged {
        /// Which.
        field: NextActionField,
        /// Before.
        old: Option<String>,
        /// After.
        new: Option<String>,
    },
    /// The next actor changed.
    NextActorChanged {
        /// Before.
        old: String,
        /// After.
        new: String,
    },
    /// An extension key appeared.
    ExtensionAdded {
        /// The key.
        key: String,
    },
    /// An extension key disappeared.
    ExtensionRemoved {
        /// The key.
        key: String,
    },
}

/// A reason to doubt that the newer record continues the older.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "warning", rename_all = "kebab-case")]
pub enum Warning {
    /// The `recordId`s differ.
    RecordIdsDiffer,
    /// The revision does not increase.
    RevisionNotIncreasing {
        /// The older revision.
        from: u64,
        /// The newer one.
        to: u64,
    },
    /// A side has no revision number.
    RevisionMissing,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::RecordIdsDiffer => {
                f.write_str("the recordIds differ: these may not be revisions of the same work")
            }
            Self::RevisionNotIncreasing { from, to } => {
                write!(f, "the revision does not increase ({from} to {to})")
            }
            Self::RevisionMissing => f.write_str("a revision number is missing"),
        }
    }
}

/// Which revision a side of the diff is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    /// `recordId`.
    pub record_id: Option<String>,
    /// `provenance.sourceRevision`.
    pub revision: Option<u64>,
}

/// What changed between two revisions (the JSON form of `hcr diff --format json`). Record
/// text in it has every secret either record holds redacted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diff {
    /// The version of this document's shape.
    pub version: u32,
    /// The older revision.
    pub old: Side,
    /// The newer revision.
    pub new: Side,
    /// Reasons to doubt that `new` continues `old`.
    pub warnings: Vec<Warning>,
    /// What changed, in the order a successor reads it.
    pub changes: Vec<Change>,
}

/// The version of [`Diff`]'s JSON shape (2: a typed list of changes).
pub const DIFF_VERSION: u32 = 2;

impl Diff {
    /// Whether nothing a successor cares about changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The changes that say the objective changed.
    #[must_use]
    pub fn objective_changed(&self) -> bool {
        self.changes
            .iter()
            .any(|c| matches!(c, Change::ObjectiveChanged { .. }))
    }
}
