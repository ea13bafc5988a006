//! Computing a [`Diff`]: items matched through maps, so that the work grows as n log n with
//! the records' size whatever moved where.

use std::collections::{HashMap, HashSet};

use hcr_types::{CurrentState, DecisionStatus, Evidence, Record, ReviewStatus, TextList};
use hcr_validate::secrets::SecretSet;

use super::{Change, DIFF_VERSION, Diff, NextActionField, Side, StateList, Warning};

fn list(state: &CurrentState, which: StateList) -> &TextList {
    match which {
        StateList::Complete => &state.complete,
        StateList::InProgress => &state.in_progress,
        StateList::Blocked => &state.blocked,
        StateList::Unverified => &state.unverified,
    }
}

/// Texts in `new` and not in `old`, then texts in `old` and not in `new`, in their orders.
fn added_and_removed<'a>(
    old: &'a [String],
    new: &'a [String],
) -> (Vec<&'a String>, Vec<&'a String>) {
    let old_set: HashSet<&str> = old.iter().map(String::as_str).collect();
    let new_set: HashSet<&str> = new.iter().map(String::as_str).collect();
    (
        new.iter()
            .filter(|t| !old_set.contains(t.as_str()))
            .collect(),
        old.iter()
            .filter(|t| !new_set.contains(t.as_str()))
            .collect(),
    )
}

fn same_digest(a: &Evidence, b: &Evidence) -> bool {
    match (&a.sha256, &b.sha256) {
        (Some(x), Some(y)) => x.matches(y),
        (None, None) => true,
        _ => false,
    }
}

/// The first item of `items` for each key.
fn index<'a, T>(items: &'a [T], key: impl Fn(&'a T) -> &'a str) -> HashMap<&'a str, &'a T> {
    let mut map = HashMap::with_capacity(items.len());
    for item in items {
        map.entry(key(item)).or_insert(item);
    }
    map
}

impl Diff {
    /// What changed from `old` to `new`, with every secret either record holds redacted.
    #[must_use]
    pub fn new(old: &Record, new: &Record) -> Self {
        let diff = Self::unredacted(old, new);
        let secrets =
            hcr_validate::secrets::of_record(&serde_json::to_value(old).unwrap_or_default()).union(
                hcr_validate::secrets::of_record(&serde_json::to_value(new).unwrap_or_default()),
            );
        diff.redacted(&secrets)
    }

    /// The diff with every string (and key) passed through `secrets`.
    fn redacted(self, secrets: &SecretSet) -> Self {
        if secrets.is_empty() {
            return self;
        }
        let mut value = serde_json::to_value(&self).unwrap_or_default();
        secrets.redact_value(&mut value);
        // A diff reads back what it wrote; should it not, show only the sides and warnings
        // rather than unredacted text.
        serde_json::from_value(value).unwrap_or(Self {
            changes: Vec::new(),
            ..self
        })
    }

    #[allow(clippy::too_many_lines)]
    fn unredacted(old: &Record, new: &Record) -> Self {
        let side = |r: &Record| Side {
            record_id: r.record_id.as_ref().map(ToString::to_string),
            revision: r.revision(),
        };
        let mut warnings = Vec::new();
        if old.record_id != new.record_id {
            warnings.push(Warning::RecordIdsDiffer);
        }
        match (old.revision(), new.revision()) {
            (Some(from), Some(to)) if to <= from => {
                warnings.push(Warning::RevisionNotIncreasing { from, to });
            }
            (None, _) | (_, None) => warnings.push(Warning::RevisionMissing),
            _ => {}
        }
        let mut changes = Vec::new();

        if old.objective.summary != new.objective.summary {
            changes.push(Change::ObjectiveChanged {
                old: old.objective.summary.to_string(),
                new: new.objective.summary.to_string(),
            });
        }
        let texts = |list: &TextList| list.iter().map(ToString::to_string).collect::<Vec<_>>();
        let (old_criteria, new_criteria) = (
            texts(&old.objective.acceptance_criteria),
            texts(&new.objective.acceptance_criteria),
        );
        let (added, removed) = added_and_removed(&old_criteria, &new_criteria);
        changes.extend(
            added
                .into_iter()
                .map(|t| Change::CriterionAdded { text: t.clone() }),
        );
        changes.extend(
            removed
                .into_iter()
                .map(|t| Change::CriterionRemoved { text: t.clone() }),
        );

        // State: where each item was (its first list) and whether it is still anywhere.
        let mut was: HashMap<&str, StateList> = HashMap::new();
        let mut is: HashSet<&str> = HashSet::new();
        for which in StateList::ALL {
            for item in list(&old.current_state, which).iter() {
                was.entry(item.as_str()).or_insert(which);
            }
            for item in list(&new.current_state, which).iter() {
                is.insert(item.as_str());
            }
        }
        for which in StateList::ALL {
            for item in list(&new.current_state, which).iter() {
                match was.get(item.as_str()) {
                    Some(&from) if from == which => {}
                    Some(&from) => changes.push(Change::StateMoved {
                        item: item.to_string(),
                        from,
                        to: which,
                    }),
                    None => changes.push(Change::StateAdded {
                        item: item.to_string(),
                        to: which,
                    }),
                }
            }
            for item in list(&old.current_state, which).iter() {
                if !is.contains(item.as_str()) {
                    changes.push(Change::StateDropped {
                        item: item.to_string(),
                        from: which,
                    });
                }
            }
        }

        let old_decisions = index(&old.decisions, |d| d.summary.as_str());
        let new_decisions: HashSet<&str> =
            new.decisions.iter().map(|d| d.summary.as_str()).collect();
        for d in &new.decisions {
            let summary = d.summary.to_string();
            match old_decisions.get(d.summary.as_str()) {
                None => changes.push(Change::DecisionAdded { summary }),
                Some(o) if o.status != d.status => {
                    changes.push(if d.status == DecisionStatus::Superseded {
                        Change::DecisionSuperseded { summary }
                    } else {
                        Change::DecisionReactivated { summary }
                    })
                }
                Some(_) => {}
            }
        }
        for o in &old.decisions {
            if !new_decisions.contains(o.summary.as_str()) {
                changes.push(Change::DecisionRemoved {
                    summary: o.summary.to_string(),
                });
            }
        }

        let digest = |e: &Evidence| e.sha256.as_ref().map(ToString::to_string);
        let old_evidence = index(&old.evidence, |e| e.id.as_str());
        let new_evidence: HashSet<&str> = new.evidence.iter().map(|e| e.id.as_str()).collect();
        for e in &new.evidence {
            let id = e.id.to_string();
            match old_evidence.get(e.id.as_str()) {
                None => changes.push(Change::EvidenceAdded {
                    id,
                    sha256: digest(e),
                }),
                Some(o) if !same_digest(o, e) => changes.push(Change::EvidenceDigestChanged {
                    id,
                    old_sha256: digest(o),
                    new_sha256: digest(e),
                }),
                Some(o) if o.uri != e.uri || o.artifact_ref != e.artifact_ref => {
                    changes.push(Change::EvidenceReferenceChanged { id });
                }
                Some(_) => {}
            }
        }
        for o in &old.evidence {
            if !new_evidence.contains(o.id.as_str()) {
                changes.push(Change::EvidenceRemoved {
                    id: o.id.to_string(),
                    sha256: digest(o),
                });
            }
        }

        let constraints = |r: &Record| {
            r.constraints
                .iter()
                .map(|c| format!("{}: {}", c.kind, c.text))
                .collect::<Vec<_>>()
        };
        let (old_constraints, new_constraints) = (constraints(old), constraints(new));
        let (added, removed) = added_and_removed(&old_constraints, &new_constraints);
        changes.extend(
            added
                .into_iter()
                .map(|t| Change::ConstraintAdded { text: t.clone() }),
        );
        changes.extend(
            removed
                .into_iter()
                .map(|t| Change::ConstraintRemoved { text: t.clone() }),
        );

        let old_reviews = index(&old.open_review, |r| r.id.as_str());
        let new_reviews: HashSet<&str> = new.open_review.iter().map(|r| r.id.as_str()).collect();
        for r in &new.open_review {
            let (id, summary) = (r.id.to_string(), r.summary.to_string());
            let by = r
                .resolved_by_revision
                .as_ref()
                .map(hcr_types::Revision::get);
            match (old_reviews.get(r.id.as_str()), r.status) {
                (None, ReviewStatus::Open) => changes.push(Change::ReviewOpened { id, summary }),
                (None, ReviewStatus::Resolved) => changes.push(Change::ReviewAddedResolved {
                    id,
                    summary,
                    resolved_by_revision: by,
                }),
                (Some(o), ReviewStatus::Resolved) if o.status == ReviewStatus::Open => {
                    changes.push(Change::ReviewResolved {
                        id,
                        summary,
                        resolved_by_revision: by,
                    });
                }
                (Some(o), ReviewStatus::Open) if o.status == ReviewStatus::Resolved => {
                    changes.push(Change::ReviewReopened { id, summary });
                }
                _ => {}
            }
        }
        for o in &old.open_review {
            if !new_reviews.contains(o.id.as_str()) {
                changes.push(Change::ReviewRemoved {
                    id: o.id.to_string(),
                    summary: o.summary.to_string(),
                });
            }
        }

        let fields = |r: &Record| {
            [
                (
                    NextActionField::Summary,
                    Some(r.next_action.summary.to_string()),
                ),
                (
                    NextActionField::Verification,
                    Some(r.next_action.verification.to_string()),
                ),
                (
                    NextActionField::DueAt,
                    r.next_action.due_at.as_ref().map(ToString::to_string),
                ),
            ]
        };
        for ((field, old_value), (_, new_value)) in fields(old).into_iter().zip(fields(new)) {
            if old_value != new_value {
                changes.push(Change::NextActionChanged {
                    field,
                    old: old_value,
                    new: new_value,
                });
            }
        }
        if old.ownership.next_actor.id != new.ownership.next_actor.id {
            changes.push(Change::NextActorChanged {
                old: old.ownership.next_actor.id.to_string(),
                new: new.ownership.next_actor.id.to_string(),
            });
        }
        let keys = |r: &Record| {
            r.extensions
                .iter()
                .flat_map(|e| e.keys().map(str::to_owned))
                .collect::<Vec<_>>()
        };
        let (old_keys, new_keys) = (keys(old), keys(new));
        let (added, removed) = added_and_removed(&old_keys, &new_keys);
        changes.extend(
            added
                .into_iter()
                .map(|k| Change::ExtensionAdded { key: k.clone() }),
        );
        changes.extend(
            removed
                .into_iter()
                .map(|k| Change::ExtensionRemoved { key: k.clone() }),
        );

        Self {
            version: DIFF_VERSION,
            old: side(old),
            new: side(new),
            warnings,
            changes,
        }
    }
}
