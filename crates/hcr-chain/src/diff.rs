//! `hcr diff`: what changed between two revisions, in the terms a successor cares about.

use std::fmt::Write as _;

use hcr_report::escape::{escape, markdown_text};
use hcr_types::{CurrentState, Record, ReviewStatus};
use hcr_validate::secrets::redact_all;
use serde::Serialize;

/// Which state list an item is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
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
    const ALL: [Self; 4] = [
        Self::Complete,
        Self::InProgress,
        Self::Blocked,
        Self::Unverified,
    ];

    fn name(self) -> &'static str {
        match self {
            Self::Complete => "complete",
            Self::InProgress => "inProgress",
            Self::Blocked => "blocked",
            Self::Unverified => "unverified",
        }
    }

    fn items(self, state: &CurrentState) -> Vec<String> {
        let list = match self {
            Self::Complete => &state.complete,
            Self::InProgress => &state.in_progress,
            Self::Blocked => &state.blocked,
            Self::Unverified => &state.unverified,
        };
        list.iter().map(ToString::to_string).collect()
    }
}

/// A state item that changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct StateChange {
    /// The item's text.
    pub item: String,
    /// Where it was (absent when added).
    pub from: Option<StateList>,
    /// Where it is (absent when dropped).
    pub to: Option<StateList>,
}

/// A text that was added, removed or changed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Texts {
    /// Added.
    pub added: Vec<String>,
    /// Removed.
    pub removed: Vec<String>,
}

/// A value that changed: (old, new).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Changed<T> {
    /// Before.
    pub old: T,
    /// After.
    pub new: T,
}

/// A review item that changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReviewChange {
    /// Its id.
    pub id: String,
    /// `opened`, `resolved`, `reopened`, `added-resolved` or `removed`.
    pub change: &'static str,
    /// The revision that resolved it, for `resolved` and `added-resolved`.
    pub resolved_by_revision: Option<u64>,
    /// Its summary.
    pub summary: String,
}

/// An evidence item that changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EvidenceChange {
    /// Its id.
    pub id: String,
    /// `added`, `removed`, `digest-changed` or `reference-changed`.
    pub change: &'static str,
    /// The digest before, for `digest-changed`.
    pub old_sha256: Option<String>,
    /// The digest after.
    pub new_sha256: Option<String>,
}

/// A decision that changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DecisionChange {
    /// Its summary.
    pub summary: String,
    /// `added`, `removed`, `superseded` or `reactivated`.
    pub change: &'static str,
}

/// Which revision a side of the diff is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Side {
    /// `recordId`.
    pub record_id: Option<String>,
    /// `provenance.sourceRevision`.
    pub revision: Option<u64>,
}

/// What changed between two revisions (the JSON form of `hcr diff --format json`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Diff {
    /// The document's version.
    pub version: u32,
    /// The older revision.
    pub old: Side,
    /// The newer revision.
    pub new: Side,
    /// Reasons to doubt that `new` continues `old`.
    pub warnings: Vec<String>,
    /// The objective's summary, when it changed: a changed objective is a different job.
    pub objective: Option<Changed<String>>,
    /// Acceptance criteria added and removed.
    pub acceptance_criteria: Texts,
    /// State items that moved, appeared or disappeared.
    pub state: Vec<StateChange>,
    /// Decisions added, removed, superseded or reactivated.
    pub decisions: Vec<DecisionChange>,
    /// Evidence added, removed, or with a changed digest or reference.
    pub evidence: Vec<EvidenceChange>,
    /// Constraints added and removed (`kind: text`).
    pub constraints: Texts,
    /// Reviews opened, resolved, reopened or removed.
    pub reviews: Vec<ReviewChange>,
    /// The next action's summary, verification and due date, when they changed.
    pub next_action: Option<Changed<[Option<String>; 3]>>,
    /// The next actor, when it changed.
    pub next_actor: Option<Changed<String>>,
    /// Extension keys added and removed.
    pub extensions: Texts,
}

fn texts_diff(old: &[String], new: &[String]) -> Texts {
    Texts {
        added: new.iter().filter(|t| !old.contains(t)).cloned().collect(),
        removed: old.iter().filter(|t| !new.contains(t)).cloned().collect(),
    }
}

impl Diff {
    /// What changed from `old` to `new`.
    #[must_use]
    #[allow(clippy::too_many_lines)]
    pub fn new(old: &Record, new: &Record) -> Self {
        let side = |r: &Record| Side {
            record_id: r.record_id.as_ref().map(ToString::to_string),
            revision: r.revision(),
        };
        let mut warnings = Vec::new();
        if old.record_id != new.record_id {
            warnings.push(
                "the recordIds differ: these may not be revisions of the same work".to_owned(),
            );
        }
        match (old.revision(), new.revision()) {
            (Some(a), Some(b)) if b <= a => {
                warnings.push(format!("the revision does not increase ({a} to {b})"))
            }
            (None, _) | (_, None) => warnings.push("a revision number is missing".to_owned()),
            _ => {}
        }

        let mut state = Vec::new();
        for list in StateList::ALL {
            for item in list.items(&new.current_state) {
                let from = StateList::ALL
                    .into_iter()
                    .find(|l| l.items(&old.current_state).contains(&item));
                if from != Some(list) {
                    state.push(StateChange {
                        item,
                        from,
                        to: Some(list),
                    });
                }
            }
            for item in list.items(&old.current_state) {
                let present = StateList::ALL
                    .iter()
                    .any(|l| l.items(&new.current_state).contains(&item));
                if !present {
                    state.push(StateChange {
                        item,
                        from: Some(list),
                        to: None,
                    });
                }
            }
        }

        let mut decisions = Vec::new();
        for d in &new.decisions {
            match old.decisions.iter().find(|o| o.summary == d.summary) {
                None => decisions.push(DecisionChange {
                    summary: d.summary.to_string(),
                    change: "added",
                }),
                Some(o) if o.status != d.status => decisions.push(DecisionChange {
                    summary: d.summary.to_string(),
                    change: if d.status == hcr_types::DecisionStatus::Superseded {
                        "superseded"
                    } else {
                        "reactivated"
                    },
                }),
                Some(_) => {}
            }
        }
        for o in &old.decisions {
            if !new.decisions.iter().any(|d| d.summary == o.summary) {
                decisions.push(DecisionChange {
                    summary: o.summary.to_string(),
                    change: "removed",
                });
            }
        }

        let mut evidence = Vec::new();
        let digest = |e: &hcr_types::Evidence| e.sha256.as_ref().map(ToString::to_string);
        for e in &new.evidence {
            let change = |change| EvidenceChange {
                id: e.id.to_string(),
                change,
                old_sha256: None,
                new_sha256: None,
            };
            match old.evidence.iter().find(|o| o.id == e.id) {
                None => evidence.push(EvidenceChange {
                    new_sha256: digest(e),
                    ..change("added")
                }),
                Some(o) if !same_digest(o, e) => evidence.push(EvidenceChange {
                    old_sha256: digest(o),
                    new_sha256: digest(e),
                    ..change("digest-changed")
                }),
                Some(o) if o.uri != e.uri || o.artifact_ref != e.artifact_ref => {
                    evidence.push(change("reference-changed"))
                }
                Some(_) => {}
            }
        }
        for o in &old.evidence {
            if !new.evidence.iter().any(|e| e.id == o.id) {
                evidence.push(EvidenceChange {
                    id: o.id.to_string(),
                    change: "removed",
                    old_sha256: digest(o),
                    new_sha256: None,
                });
            }
        }

        let mut reviews = Vec::new();
        for r in &new.open_review {
            let change = |change, by: Option<u64>| ReviewChange {
                id: r.id.to_string(),
                change,
                resolved_by_revision: by,
                summary: r.summary.to_string(),
            };
            let by = r
                .resolved_by_revision
                .as_ref()
                .map(hcr_types::Revision::get);
            match (old.open_review.iter().find(|o| o.id == r.id), r.status) {
                (None, ReviewStatus::Open) => reviews.push(change("opened", None)),
                (None, ReviewStatus::Resolved) => reviews.push(change("added-resolved", by)),
                (Some(o), ReviewStatus::Resolved) if o.status == ReviewStatus::Open => {
                    reviews.push(change("resolved", by))
                }
                (Some(o), ReviewStatus::Open) if o.status == ReviewStatus::Resolved => {
                    reviews.push(change("reopened", None))
                }
                _ => {}
            }
        }
        for o in &old.open_review {
            if !new.open_review.iter().any(|r| r.id == o.id) {
                reviews.push(ReviewChange {
                    id: o.id.to_string(),
                    change: "removed",
                    resolved_by_revision: None,
                    summary: o.summary.to_string(),
                });
            }
        }

        let action = |r: &Record| {
            [
                Some(r.next_action.summary.to_string()),
                Some(r.next_action.verification.to_string()),
                r.next_action.due_at.as_ref().map(ToString::to_string),
            ]
        };
        let constraints = |r: &Record| {
            r.constraints
                .iter()
                .map(|c| format!("{}: {}", c.kind, c.text))
                .collect::<Vec<_>>()
        };
        let criteria = |r: &Record| {
            r.objective
                .acceptance_criteria
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
        };
        let extension_keys = |r: &Record| {
            r.extensions
                .iter()
                .flat_map(|e| e.keys().cloned())
                .collect::<Vec<_>>()
        };
        Self {
            version: 1,
            old: side(old),
            new: side(new),
            warnings,
            objective: (old.objective.summary != new.objective.summary).then(|| Changed {
                old: old.objective.summary.to_string(),
                new: new.objective.summary.to_string(),
            }),
            acceptance_criteria: texts_diff(&criteria(old), &criteria(new)),
            state,
            decisions,
            evidence,
            constraints: texts_diff(&constraints(old), &constraints(new)),
            reviews,
            next_action: (action(old) != action(new)).then(|| Changed {
                old: action(old),
                new: action(new),
            }),
            next_actor: (old.ownership.next_actor.id != new.ownership.next_actor.id).then(|| {
                Changed {
                    old: old.ownership.next_actor.id.to_string(),
                    new: new.ownership.next_actor.id.to_string(),
                }
            }),
            extensions: texts_diff(&extension_keys(old), &extension_keys(new)),
        }
    }

    /// Whether nothing a successor cares about changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.objective.is_none()
            && self.acceptance_criteria == Texts::default()
            && self.state.is_empty()
            && self.decisions.is_empty()
            && self.evidence.is_empty()
            && self.constraints == Texts::default()
            && self.reviews.is_empty()
            && self.next_action.is_none()
            && self.next_actor.is_none()
            && self.extensions == Texts::default()
    }

    /// The diff as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut value = serde_json::to_value(self).unwrap_or_default();
        hcr_validate::secrets::redact_value(&mut value);
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_default();
        text.push('\n');
        text
    }

    /// A readable summary for a terminal (record text escaped).
    #[must_use]
    pub fn to_text(&self) -> String {
        self.render(&Style {
            quote: |t| format!("\"{}\"", escape(&redact_all(t))),
            heading: |t| t.to_owned(),
            item: "  ",
        })
    }

    /// The summary as Markdown (record text escaped).
    #[must_use]
    pub fn to_markdown(&self) -> String {
        self.render(&Style {
            quote: |t| markdown_text(&redact_all(t)),
            heading: |t| format!("### {t}\n"),
            item: "- ",
        })
    }

    /// The rendering, with any secret the records hold redacted.
    fn render(&self, style: &Style) -> String {
        redact_all(&self.render_raw(style)).into_owned()
    }

    fn render_raw(&self, style: &Style) -> String {
        let q = style.quote;
        let mut out = String::new();
        let name = |s: &Side| {
            let id = s
                .record_id
                .as_deref()
                .map_or_else(|| "(no recordId)".to_owned(), |id| escape(id).into_owned());
            match s.revision {
                Some(r) => format!("{id} r{r}"),
                None => id,
            }
        };
        let _ = writeln!(
            out,
            "{}\n",
            (style.heading)(&format!(
                "hcr diff: {} -> {}",
                name(&self.old),
                name(&self.new)
            ))
            .trim_end()
        );
        for warning in &self.warnings {
            let _ = writeln!(out, "warning: {warning}");
        }
        if !self.warnings.is_empty() {
            out.push('\n');
        }
        if let Some(objective) = &self.objective {
            let _ = writeln!(out, "!! The objective changed: this is a different job.");
            let _ = writeln!(out, "{}was: {}", style.item, q(&objective.old));
            let _ = writeln!(out, "{}now: {}\n", style.item, q(&objective.new));
        }
        let mut section = |title: &str, lines: Vec<String>| {
            if !lines.is_empty() {
                let _ = writeln!(out, "{}", (style.heading)(title));
                for line in lines {
                    let _ = writeln!(out, "{}{line}", style.item);
                }
                out.push('\n');
            }
        };
        let mut criteria: Vec<String> = self
            .acceptance_criteria
            .added
            .iter()
            .map(|t| format!("added: {}", q(t)))
            .collect();
        criteria.extend(
            self.acceptance_criteria
                .removed
                .iter()
                .map(|t| format!("removed: {}", q(t))),
        );
        section("Acceptance criteria", criteria);
        section(
            "State",
            self.state
                .iter()
                .map(|c| match (c.from, c.to) {
                    (Some(from), Some(to)) => {
                        format!("moved {} -> {}: {}", from.name(), to.name(), q(&c.item))
                    }
                    (None, Some(to)) => format!("added to {}: {}", to.name(), q(&c.item)),
                    (Some(from), None) => format!("dropped from {}: {}", from.name(), q(&c.item)),
                    (None, None) => String::new(),
                })
                .collect(),
        );
        section(
            "Decisions",
            self.decisions
                .iter()
                .map(|d| format!("{}: {}", d.change, q(&d.summary)))
                .collect(),
        );
        section(
            "Evidence",
            self.evidence
                .iter()
                .map(|e| match e.change {
                    "digest-changed" => format!(
                        "digest changed: {} {} -> {}",
                        q(&e.id),
                        e.old_sha256.as_deref().unwrap_or("(none)"),
                        e.new_sha256.as_deref().unwrap_or("(none)")
                    ),
                    change => format!("{change}: {}", q(&e.id)),
                })
                .collect(),
        );
        let mut constraints: Vec<String> = self
            .constraints
            .added
            .iter()
            .map(|t| format!("added: {}", q(t)))
            .collect();
        constraints.extend(
            self.constraints
                .removed
                .iter()
                .map(|t| format!("removed: {}", q(t))),
        );
        section("Constraints", constraints);
        section(
            "Reviews",
            self.reviews
                .iter()
                .map(|r| match r.resolved_by_revision {
                    Some(by) => format!(
                        "{} by revision {by}: {} ({})",
                        r.change,
                        q(&r.id),
                        q(&r.summary)
                    ),
                    None => format!("{}: {} ({})", r.change, q(&r.id), q(&r.summary)),
                })
                .collect(),
        );
        if let Some(action) = &self.next_action {
            let labels = ["summary", "verification", "due"];
            let lines = labels
                .iter()
                .enumerate()
                .filter(|(i, _)| action.old[*i] != action.new[*i])
                .map(|(i, label)| {
                    let show =
                        |v: &Option<String>| v.as_deref().map_or_else(|| "(none)".to_owned(), q);
                    format!(
                        "{label}: {} -> {}",
                        show(&action.old[i]),
                        show(&action.new[i])
                    )
                })
                .collect();
            section("Next action", lines);
        }
        if let Some(actor) = &self.next_actor {
            section(
                "Next actor",
                vec![format!("{} -> {}", q(&actor.old), q(&actor.new))],
            );
        }
        let mut extensions: Vec<String> = self
            .extensions
            .added
            .iter()
            .map(|t| format!("added: {}", q(t)))
            .collect();
        extensions.extend(
            self.extensions
                .removed
                .iter()
                .map(|t| format!("removed: {}", q(t))),
        );
        section("Extensions", extensions);
        if self.is_empty() {
            let _ = writeln!(out, "Nothing a successor relies on changed.");
        }
        out
    }
}

struct Style {
    quote: fn(&str) -> String,
    heading: fn(&str) -> String,
    item: &'static str,
}

fn same_digest(a: &hcr_types::Evidence, b: &hcr_types::Evidence) -> bool {
    match (&a.sha256, &b.sha256) {
        (Some(x), Some(y)) => x.matches(y),
        (None, None) => true,
        _ => false,
    }
}
