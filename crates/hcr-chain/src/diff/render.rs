//! Rendering a [`Diff`]: one renderer per format, record text escaped for its medium.

use std::fmt::Write as _;

use hcr_escape::{escape, markdown_text};

use super::{Change, Diff, Side};

/// How record text and headings look in one format.
struct Style {
    quote: fn(&str) -> String,
    heading: fn(&str) -> String,
    item: &'static str,
}

const TEXT: Style = Style {
    quote: |t| format!("\"{}\"", escape(t)),
    heading: |t| t.to_owned(),
    item: "  ",
};

const MARKDOWN: Style = Style {
    quote: markdown_text,
    heading: |t| format!("### {t}\n"),
    item: "- ",
};

/// The sections of a rendering, in order.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    Objective,
    Criteria,
    State,
    Decisions,
    Evidence,
    Constraints,
    Reviews,
    NextAction,
    NextActor,
    Extensions,
}

impl Section {
    fn title(self) -> &'static str {
        match self {
            Self::Objective => "",
            Self::Criteria => "Acceptance criteria",
            Self::State => "State",
            Self::Decisions => "Decisions",
            Self::Evidence => "Evidence",
            Self::Constraints => "Constraints",
            Self::Reviews => "Reviews",
            Self::NextAction => "Next action",
            Self::NextActor => "Next actor",
            Self::Extensions => "Extensions",
        }
    }
}

/// The section a change belongs to, and its line.
fn line(change: &Change, q: fn(&str) -> String) -> (Section, String) {
    let none = |v: &Option<String>| v.as_deref().map_or_else(|| "(none)".to_owned(), q);
    let digest = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".to_owned());
    let review = |change: &str, id: &str, summary: &str, by: &Option<u64>| match by {
        Some(by) => format!("{change} by revision {by}: {} ({})", q(id), q(summary)),
        None => format!("{change}: {} ({})", q(id), q(summary)),
    };
    match change {
        Change::ObjectiveChanged { .. } => (Section::Objective, String::new()),
        Change::CriterionAdded { text } => (Section::Criteria, format!("added: {}", q(text))),
        Change::CriterionRemoved { text } => (Section::Criteria, format!("removed: {}", q(text))),
        Change::StateMoved { item, from, to } => (
            Section::State,
            format!("moved {} -> {}: {}", from.name(), to.name(), q(item)),
        ),
        Change::StateAdded { item, to } => (
            Section::State,
            format!("added to {}: {}", to.name(), q(item)),
        ),
        Change::StateDropped { item, from } => (
            Section::State,
            format!("dropped from {}: {}", from.name(), q(item)),
        ),
        Change::DecisionAdded { summary } => (Section::Decisions, format!("added: {}", q(summary))),
        Change::DecisionRemoved { summary } => {
            (Section::Decisions, format!("removed: {}", q(summary)))
        }
        Change::DecisionSuperseded { summary } => {
            (Section::Decisions, format!("superseded: {}", q(summary)))
        }
        Change::DecisionReactivated { summary } => {
            (Section::Decisions, format!("reactivated: {}", q(summary)))
        }
        Change::EvidenceAdded { id, .. } => (Section::Evidence, format!("added: {}", q(id))),
        Change::EvidenceRemoved { id, .. } => (Section::Evidence, format!("removed: {}", q(id))),
        Change::EvidenceDigestChanged {
            id,
            old_sha256,
            new_sha256,
        } => (
            Section::Evidence,
            format!(
                "digest changed: {} {} -> {}",
                q(id),
                digest(old_sha256),
                digest(new_sha256)
            ),
        ),
        Change::EvidenceReferenceChanged { id } => {
            (Section::Evidence, format!("reference-changed: {}", q(id)))
        }
        Change::ConstraintAdded { text } => (Section::Constraints, format!("added: {}", q(text))),
        Change::ConstraintRemoved { text } => {
            (Section::Constraints, format!("removed: {}", q(text)))
        }
        Change::ReviewOpened { id, summary } => {
            (Section::Reviews, review("opened", id, summary, &None))
        }
        Change::ReviewResolved {
            id,
            summary,
            resolved_by_revision,
        } => (
            Section::Reviews,
            review("resolved", id, summary, resolved_by_revision),
        ),
        Change::ReviewReopened { id, summary } => {
            (Section::Reviews, review("reopened", id, summary, &None))
        }
        Change::ReviewAddedResolved {
            id,
            summary,
            resolved_by_revision,
        } => (
            Section::Reviews,
            review("added-resolved", id, summary, resolved_by_revision),
        ),
        Change::ReviewRemoved { id, summary } => {
            (Section::Reviews, review("removed", id, summary, &None))
        }
        Change::NextActionChanged { field, old, new } => (
            Section::NextAction,
            format!("{}: {} -> {}", field.label(), none(old), none(new)),
        ),
        Change::NextActorChanged { old, new } => {
            (Section::NextActor, format!("{} -> {}", q(old), q(new)))
        }
        Change::ExtensionAdded { key } => (Section::Extensions, format!("added: {}", q(key))),
        Change::ExtensionRemoved { key } => (Section::Extensions, format!("removed: {}", q(key))),
    }
}

fn name(side: &Side) -> String {
    let id = side
        .record_id
        .as_deref()
        .map_or_else(|| "(no recordId)".to_owned(), |id| escape(id).into_owned());
    match side.revision {
        Some(r) => format!("{id} r{r}"),
        None => id,
    }
}

impl Diff {
    /// The JSON document written in place of a diff that could not be made: `version`, the
    /// `error`, the `input` at fault when one is, and its `diagnostics` (in the shape every
    /// JSON output gives them) when it was read but is not a record.
    #[must_use]
    pub fn failure_json(
        error: &str,
        input: Option<&str>,
        diagnostics: &[hcr_validate::Diagnostic],
    ) -> String {
        let document = serde_json::json!({
            "version": super::DIFF_VERSION,
            "error": error,
            "input": input,
            "diagnostics": diagnostics.iter().map(|d| d.wire(0)).collect::<Vec<_>>(),
        });
        hcr_escape::json_document(&serde_json::to_string_pretty(&document).unwrap_or_default())
    }

    /// The diff as JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        hcr_escape::json_document(&serde_json::to_string_pretty(self).unwrap_or_default())
    }

    /// A readable summary for a terminal (record text escaped).
    #[must_use]
    pub fn to_text(&self) -> String {
        self.render(&TEXT)
    }

    /// The summary as Markdown (record text escaped).
    #[must_use]
    pub fn to_markdown(&self) -> String {
        self.render(&MARKDOWN)
    }

    fn render(&self, style: &Style) -> String {
        let q = style.quote;
        let mut out = String::new();
        let title = format!("hcr diff: {} -> {}", name(&self.old), name(&self.new));
        let _ = writeln!(out, "{}\n", (style.heading)(&title).trim_end());
        for warning in &self.warnings {
            let _ = writeln!(out, "warning: {warning}");
        }
        if !self.warnings.is_empty() {
            out.push('\n');
        }
        let mut open: Option<Section> = None;
        for change in &self.changes {
            if let Change::ObjectiveChanged { old, new } = change {
                let _ = writeln!(out, "!! The objective changed: this is a different job.");
                let _ = writeln!(out, "{}was: {}", style.item, q(old));
                let _ = writeln!(out, "{}now: {}\n", style.item, q(new));
                continue;
            }
            let (section, line) = line(change, q);
            if open != Some(section) {
                if open.is_some() {
                    out.push('\n');
                }
                let _ = writeln!(out, "{}", (style.heading)(section.title()));
                open = Some(section);
            }
            let _ = writeln!(out, "{}{line}", style.item);
        }
        if open.is_some() {
            out.push('\n');
        }
        if self.is_empty() {
            let _ = writeln!(out, "Nothing a successor relies on changed.");
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use hcr_types::Record;

    use crate::Diff;

    fn record(patch: serde_json::Value) -> Record {
        let mut value: serde_json::Value =
            serde_json::from_str(hcr_validate::EXAMPLE_BASE).expect("JSON");
        for (key, v) in patch.as_object().expect("object") {
            value[key] = v.clone();
        }
        Record::from_value(&value).expect("a record")
    }

    #[test]
    fn a_record_compared_with_itself_has_no_change() {
        let r = record(serde_json::json!({}));
        let diff = Diff::new(&r, &r);
        assert!(diff.is_empty());
        assert!(
            diff.to_text()
                .ends_with("Nothing a successor relies on changed.\n")
        );
    }

    #[test]
    fn moved_added_and_dropped_state_items_are_told_apart() {
        let old = record(
            serde_json::json!({"currentState": {"complete": ["a"], "inProgress": ["b", "c"], "blocked": [], "unverified": []}}),
        );
        let new = record(
            serde_json::json!({"currentState": {"complete": ["a", "b"], "inProgress": [], "blocked": ["d"], "unverified": []}}),
        );
        let text = Diff::new(&old, &new).to_text();
        assert!(text.contains("State\n  moved inProgress -> complete: \"b\"\n  dropped from inProgress: \"c\"\n  added to blocked: \"d\"\n"), "{text}");
    }

    #[test]
    fn the_json_form_is_a_typed_list_of_changes() {
        let old = record(serde_json::json!({}));
        let new = record(
            serde_json::json!({"nextAction": {"summary": "Ship it.", "verification": "CI is green.", "dueAt": "2026-12-03T12:00:00Z"}}),
        );
        let json: serde_json::Value =
            serde_json::from_str(&Diff::new(&old, &new).to_json()).expect("JSON");
        assert_eq!(
            json["changes"],
            serde_json::json!([
                {"change": "next-action-changed", "field": "summary", "old": "Run the tests.", "new": "Ship it."},
                {"change": "next-action-changed", "field": "dueAt", "old": null, "new": "2026-12-03T12:00:00Z"},
            ])
        );
        assert_eq!(json["version"], 2);
    }

    #[test]
    fn secrets_of_either_record_are_redacted_in_the_data() {
        let old = record(serde_json::json!({}));
        let new = record(serde_json::json!({
            "currentState": {"complete": [], "inProgress": [], "blocked": [], "unverified": ["AKIA2E0A8", "F3B244C9986", "password=Qz7#mK2pX9wL4vTr"]},
        }));
        let diff = Diff::new(&old, &new);
        let json = diff.to_json();
        for fragment in ["AKIA2E0A8", "F3B244C9986", "Qz7#mK2pX9wL4vTr"] {
            assert!(
                !json.contains(fragment) && !diff.to_markdown().contains(fragment),
                "{json}"
            );
        }
    }

    #[test]
    fn the_work_grows_linearly_with_moved_items() {
        // 20,000 items moved between lists: answered (the matching is by maps, not scans).
        let items: Vec<String> = (0..20_000).map(|i| format!("item {i}")).collect();
        let old = record(
            serde_json::json!({"currentState": {"complete": [], "inProgress": items, "blocked": [], "unverified": []}}),
        );
        let new = record(
            serde_json::json!({"currentState": {"complete": items, "inProgress": [], "blocked": [], "unverified": []}}),
        );
        assert_eq!(Diff::new(&old, &new).changes.len(), 20_000);
    }
}
