//! Building records in code.

use serde_json::Value;

use crate::{
    Actor, Constraint, ConstraintKind, CurrentState, DateTime, Decision, Error, Evidence,
    Extensions, JsonPointer, NextAction, NonEmptyText, Objective, Ownership, Problem, Provenance,
    Record, RecordId, ReviewItem, SchemaVersion, TextList,
};

/// Builds a [`Record`] that the v1.0 schema accepts.
///
/// Methods that take plain text check it when [`RecordBuilder::build`] runs, which reports every
/// problem at once with the field it concerns.
///
/// What `build` guarantees: the record satisfies the canonical schema, and the contract rules
/// that need no scanner hold (no whitespace-only text where the reference validator requires
/// content, no resolved review without `resolvedByRevision`). What it does not check: secrets
/// in text (HCR204) and hcr's own recommendations (repeated ids, …); run
/// `hcr_validate::Validator::validate_record` for those. The record's fields stay public, so a
/// caller can break these guarantees after `build`. The objective, the next action and the next actor
/// are required; everything else starts empty.
///
/// ```
/// use hcr_types::{Actor, ConstraintKind, Evidence, Record};
///
/// let record = Record::builder()
///     .record_id("billing-fix")
///     .objective("Stop double charges", ["No customer is charged twice for one order."])
///     .complete("Reproduced the double charge in staging.")
///     .evidence(Evidence::uri("repro", "Staging reproduction", "https://ci.example/runs/7")?)
///     .constraint(ConstraintKind::Safety, "Do not replay production payments.")
///     .next_action("Make the charge call idempotent.", "The replay test charges once.")
///     .next_actor(Actor::agent("agent:billing")?)
///     .build()?;
/// assert_eq!(record.objective.acceptance_criteria.len(), 1);
/// # Ok::<(), hcr_types::Error>(())
/// ```
#[derive(Debug, Default)]
#[must_use]
pub struct RecordBuilder {
    record_id: Option<String>,
    objective: Option<(String, Vec<String>)>,
    state: [Vec<String>; 4],
    decisions: Vec<Decision>,
    evidence: Vec<Evidence>,
    constraints: Vec<(ConstraintKind, String)>,
    next_action: Option<(String, String)>,
    due_at: Option<DateTime>,
    next_actor: Option<Actor>,
    reviewers: Option<Vec<Actor>>,
    reviews: Vec<ReviewItem>,
    provenance: Option<Provenance>,
    extensions: Option<Extensions>,
}

impl Record {
    /// Starts building a record.
    pub fn builder() -> RecordBuilder {
        RecordBuilder::default()
    }
}

impl RecordBuilder {
    /// Sets `recordId` (1 to 200 characters).
    pub fn record_id(mut self, id: impl Into<String>) -> Self {
        self.record_id = Some(id.into());
        self
    }

    /// Sets `recordId` when `id` is `Some`, clears it otherwise.
    pub fn maybe_record_id(mut self, id: Option<impl Into<String>>) -> Self {
        self.record_id = id.map(Into::into);
        self
    }

    /// Sets the objective and its acceptance criteria.
    pub fn objective<I, S>(mut self, summary: impl Into<String>, criteria: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.objective = Some((
            summary.into(),
            criteria.into_iter().map(Into::into).collect(),
        ));
        self
    }

    /// Adds an item to `currentState.complete`.
    pub fn complete(mut self, text: impl Into<String>) -> Self {
        self.state[0].push(text.into());
        self
    }

    /// Adds an item to `currentState.inProgress`.
    pub fn in_progress(mut self, text: impl Into<String>) -> Self {
        self.state[1].push(text.into());
        self
    }

    /// Adds an item to `currentState.blocked`.
    pub fn blocked(mut self, text: impl Into<String>) -> Self {
        self.state[2].push(text.into());
        self
    }

    /// Adds an item to `currentState.unverified`.
    pub fn unverified(mut self, text: impl Into<String>) -> Self {
        self.state[3].push(text.into());
        self
    }

    /// Adds a decision.
    pub fn decision(mut self, decision: Decision) -> Self {
        self.decisions.push(decision);
        self
    }

    /// Adds an evidence item.
    pub fn evidence(mut self, evidence: Evidence) -> Self {
        self.evidence.push(evidence);
        self
    }

    /// Adds every evidence item of `items`.
    pub fn evidence_items(mut self, items: impl IntoIterator<Item = Evidence>) -> Self {
        self.evidence.extend(items);
        self
    }

    /// Adds every decision of `decisions`.
    pub fn decisions(mut self, decisions: impl IntoIterator<Item = Decision>) -> Self {
        self.decisions.extend(decisions);
        self
    }

    /// Adds every review item of `items`.
    pub fn reviews(mut self, items: impl IntoIterator<Item = ReviewItem>) -> Self {
        self.reviews.extend(items);
        self
    }

    /// Adds every `(kind, text)` constraint of `constraints`.
    pub fn constraints<S: Into<String>>(
        mut self,
        constraints: impl IntoIterator<Item = (ConstraintKind, S)>,
    ) -> Self {
        self.constraints
            .extend(constraints.into_iter().map(|(k, t)| (k, t.into())));
        self
    }

    /// Adds a constraint.
    pub fn constraint(mut self, kind: ConstraintKind, text: impl Into<String>) -> Self {
        self.constraints.push((kind, text.into()));
        self
    }

    /// Sets the next action and how it will be verified.
    pub fn next_action(
        mut self,
        summary: impl Into<String>,
        verification: impl Into<String>,
    ) -> Self {
        self.next_action = Some((summary.into(), verification.into()));
        self
    }

    /// Sets `nextAction.dueAt`.
    pub fn due_at(mut self, due: DateTime) -> Self {
        self.due_at = Some(due);
        self
    }

    /// Sets `nextAction.dueAt` when `due` is `Some`, clears it otherwise.
    pub fn maybe_due_at(mut self, due: Option<DateTime>) -> Self {
        self.due_at = due;
        self
    }

    /// Sets the provenance when `provenance` is `Some`, clears it otherwise.
    pub fn maybe_provenance(mut self, provenance: Option<Provenance>) -> Self {
        self.provenance = provenance;
        self
    }

    /// Sets `ownership.nextActor`.
    pub fn next_actor(mut self, actor: Actor) -> Self {
        self.next_actor = Some(actor);
        self
    }

    /// Adds a reviewer to `ownership.reviewers`.
    pub fn reviewer(mut self, actor: Actor) -> Self {
        self.reviewers.get_or_insert_with(Vec::new).push(actor);
        self
    }

    /// Adds a review item to `openReview`.
    pub fn review(mut self, item: ReviewItem) -> Self {
        self.reviews.push(item);
        self
    }

    /// Sets the provenance.
    pub fn provenance(mut self, provenance: Provenance) -> Self {
        self.provenance = Some(provenance);
        self
    }

    /// Adds (or replaces) an extension under a namespaced `key`, e.g. `com.example.ticket`.
    pub fn extension(mut self, key: impl Into<String>, value: Value) -> Self {
        self.extensions
            .get_or_insert_with(Extensions::new)
            .insert(key.into(), value);
        self
    }

    /// Builds the record, or reports every missing or invalid part.
    ///
    /// # Errors
    /// [`Error::Build`] listing each problem with the field it concerns.
    pub fn build(self) -> Result<Record, Error> {
        let mut problems = Problems::default();
        let root = JsonPointer::root();

        let record_id = self
            .record_id
            .and_then(|id| problems.take(root.key("recordId"), RecordId::new(id)));

        let objective = match self.objective {
            None => problems.missing(root.key("objective")),
            Some((summary, criteria)) => {
                let at = root.key("objective");
                let summary = problems.take(at.key("summary"), NonEmptyText::new(summary));
                let acceptance_criteria = problems.list(at.key("acceptanceCriteria"), criteria);
                summary.map(|summary| Objective {
                    summary,
                    acceptance_criteria,
                })
            }
        };

        let state_at = root.key("currentState");
        let [complete, in_progress, blocked, unverified] = self.state;
        let current_state = CurrentState {
            complete: problems.list(state_at.key("complete"), complete),
            in_progress: problems.list(state_at.key("inProgress"), in_progress),
            blocked: problems.list(state_at.key("blocked"), blocked),
            unverified: problems.list(state_at.key("unverified"), unverified),
        };

        for (i, item) in self.evidence.iter().enumerate() {
            problems.take(root.key("evidence").index(i), item.check());
        }

        let constraints = self
            .constraints
            .into_iter()
            .enumerate()
            .filter_map(|(i, (kind, text))| {
                problems.take(
                    root.key("constraints").index(i).key("text"),
                    Constraint::new(kind, text),
                )
            })
            .collect();

        let next_action = match self.next_action {
            None => problems.missing(root.key("nextAction")),
            Some((summary, verification)) => {
                let at = root.key("nextAction");
                let summary = problems.take(at.key("summary"), NonEmptyText::new(summary));
                let verification =
                    problems.take(at.key("verification"), NonEmptyText::new(verification));
                summary
                    .zip(verification)
                    .map(|(summary, verification)| NextAction {
                        summary,
                        verification,
                        due_at: self.due_at,
                    })
            }
        };

        let next_actor = match self.next_actor {
            None => problems.missing(root.key("ownership").key("nextActor")),
            actor => actor,
        };

        problems.finish()?;
        let (Some(objective), Some(next_action), Some(next_actor)) =
            (objective, next_action, next_actor)
        else {
            // `finish` fails whenever one of them is missing.
            return Err(Error::Build(Vec::new()));
        };
        let record = Record {
            schema_version: SchemaVersion,
            record_id,
            objective,
            current_state,
            decisions: self.decisions,
            evidence: self.evidence,
            constraints,
            next_action,
            ownership: Ownership {
                next_actor,
                reviewers: self.reviewers,
            },
            open_review: self.reviews,
            provenance: self.provenance,
            extensions: self.extensions,
        };
        contract_problems(&record)?;
        Ok(record)
    }
}

/// The contract rules that need no scanner ([`crate::contract`]): whitespace-only text where
/// the reference validator requires content, a resolved review without the revision that
/// resolved it.
fn contract_problems(record: &Record) -> Result<(), Error> {
    let value = record.to_value();
    let mut problems = Problems::default();
    crate::contract::for_each_blank_text(&value, &mut |at, _| {
        problems.0.push(Problem {
            pointer: at(),
            message: "holds only whitespace".into(),
        });
    });
    for index in crate::contract::resolved_without_revision(&value) {
        problems.0.push(Problem {
            pointer: JsonPointer::root()
                .key("openReview")
                .index(index)
                .key("resolvedByRevision"),
            message: "is required when the review is resolved".into(),
        });
    }
    problems.finish()
}

#[derive(Default)]
struct Problems(Vec<Problem>);

impl Problems {
    fn take<T>(&mut self, pointer: JsonPointer, result: Result<T, Error>) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(error) => {
                self.0.push(Problem {
                    pointer,
                    message: error.to_string(),
                });
                None
            }
        }
    }

    fn missing<T>(&mut self, pointer: JsonPointer) -> Option<T> {
        self.0.push(Problem {
            pointer,
            message: "is required".into(),
        });
        None
    }

    /// The valid items of `items` as a list; each invalid one is recorded as a problem.
    fn list(&mut self, pointer: JsonPointer, items: Vec<String>) -> TextList {
        let mut list = TextList::new();
        for (i, item) in items.into_iter().enumerate() {
            let pushed = NonEmptyText::new(item).and_then(|text| list.push(text));
            self.take(pointer.index(i), pushed);
        }
        list
    }

    fn finish(self) -> Result<(), Error> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(Error::Build(self.0))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reports_every_missing_and_invalid_part() {
        let Err(Error::Build(problems)) = Record::builder()
            .record_id("")
            .complete("same")
            .complete("same")
            .constraint(ConstraintKind::Other, "")
            .build()
        else {
            panic!("an incomplete record must not build");
        };
        let at: Vec<_> = problems.iter().map(|p| p.pointer.as_str()).collect();
        assert_eq!(
            at,
            [
                "/recordId",
                "/objective",
                "/currentState/complete/1",
                "/constraints/0/text",
                "/nextAction",
                "/ownership/nextActor",
            ]
        );
    }

    #[test]
    fn catches_evidence_whose_reference_was_removed() {
        let mut evidence = Evidence::uri("e", "E", "https://x.example").expect("valid");
        evidence.uri = None;
        let result = Record::builder()
            .objective("o", ["c"])
            .evidence(evidence)
            .next_action("a", "v")
            .next_actor(Actor::human("h").expect("valid"))
            .build();
        assert!(matches!(result, Err(Error::Build(p)) if p[0].pointer.as_str() == "/evidence/0"));
    }
}
