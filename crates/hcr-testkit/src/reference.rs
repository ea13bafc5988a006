//! An independent model of the publisher's reference validator (`validate.mjs`), written from
//! `../shared/reference/hcr-v1/REFERENCE-VALIDATOR.md`, not from hcr's rules.
//!
//! It returns the reference validator's verdict as a list of `$.path message` errors. Tests use
//! it to prove that whatever hcr accepts at the normative level, the reference accepts too.

use serde_json::{Map, Value};

/// JavaScript's `String.prototype.trim` whitespace (written out again on purpose).
fn js_space(c: char) -> bool {
    matches!(
        c,
        '\t' | '\n' | '\u{b}' | '\u{c}' | '\r' | ' ' | '\u{a0}' | '\u{1680}' | '\u{2000}'
            ..='\u{200a}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202f}'
                | '\u{205f}'
                | '\u{3000}'
                | '\u{feff}'
    )
}

/// JavaScript truthiness.
fn truthy(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(Value::Number(n)) => n.as_f64().is_some_and(|f| f != 0.0),
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

struct Checker {
    errors: Vec<String>,
}

impl Checker {
    fn fail(&mut self, path: &str, message: &str) {
        self.errors.push(format!("{path} {message}"));
    }

    fn text(&mut self, value: Option<&Value>, path: &str) {
        match value {
            Some(Value::String(s)) if !s.chars().all(js_space) => {}
            _ => self.fail(path, "must be a non-empty string"),
        }
    }

    fn object<'v>(
        &mut self,
        value: Option<&'v Value>,
        path: &str,
    ) -> Option<&'v Map<String, Value>> {
        let found = value.and_then(Value::as_object);
        if found.is_none() {
            self.fail(path, "must be an object");
        }
        found
    }

    fn array<'v>(&mut self, value: Option<&'v Value>, path: &str) -> &'v [Value] {
        match value.and_then(Value::as_array) {
            Some(items) => items,
            None => {
                self.fail(path, "must be an array");
                &[]
            }
        }
    }

    fn text_list(&mut self, value: Option<&Value>, path: &str) {
        for (i, item) in self.array(value, path).iter().enumerate() {
            self.text(Some(item), &format!("{path}[{i}]"));
        }
    }

    fn one_of(&mut self, value: Option<&Value>, allowed: &[&str], path: &str) {
        if !value
            .and_then(Value::as_str)
            .is_some_and(|v| allowed.contains(&v))
        {
            self.fail(path, "is not an allowed value");
        }
    }

    fn actor(&mut self, value: Option<&Value>, path: &str) {
        if let Some(actor) = self.object(value, path) {
            self.text(actor.get("id"), &format!("{path}.id"));
            self.one_of(
                actor.get("type"),
                &["human", "agent", "service"],
                &format!("{path}.type"),
            );
        }
    }
}

const REQUIRED: [&str; 9] = [
    "schemaVersion",
    "objective",
    "currentState",
    "decisions",
    "evidence",
    "constraints",
    "nextAction",
    "ownership",
    "openReview",
];

/// The reference validator's errors for `record`; empty when it accepts the record.
#[must_use]
pub fn errors(record: &Value) -> Vec<String> {
    let mut c = Checker { errors: Vec::new() };
    let Some(root) = record.as_object() else {
        c.fail("$", "must be an object");
        return c.errors;
    };
    let missing: Vec<&str> = REQUIRED
        .iter()
        .copied()
        .filter(|k| !root.contains_key(*k))
        .collect();
    if !missing.is_empty() {
        for key in missing {
            c.fail(&format!("$.{key}"), "is required");
        }
        return c.errors;
    }
    if root.get("schemaVersion") != Some(&Value::String("1.0".into())) {
        c.fail("$.schemaVersion", "must be \"1.0\"");
    }
    if let Some(objective) = c.object(root.get("objective"), "$.objective") {
        c.text(objective.get("summary"), "$.objective.summary");
        c.text_list(
            objective.get("acceptanceCriteria"),
            "$.objective.acceptanceCriteria",
        );
    }
    if let Some(state) = c.object(root.get("currentState"), "$.currentState") {
        for list in ["complete", "inProgress", "blocked", "unverified"] {
            c.text_list(state.get(list), &format!("$.currentState.{list}"));
        }
    }
    for (i, item) in c
        .array(root.get("decisions"), "$.decisions")
        .iter()
        .enumerate()
    {
        let path = format!("$.decisions[{i}]");
        if let Some(d) = c.object(Some(item), &path) {
            c.text(d.get("summary"), &format!("{path}.summary"));
            c.text(d.get("rationale"), &format!("{path}.rationale"));
            c.one_of(
                d.get("status"),
                &["active", "superseded"],
                &format!("{path}.status"),
            );
        }
    }
    for (i, item) in c
        .array(root.get("evidence"), "$.evidence")
        .iter()
        .enumerate()
    {
        let path = format!("$.evidence[{i}]");
        if let Some(e) = c.object(Some(item), &path) {
            c.text(e.get("id"), &format!("{path}.id"));
            c.text(e.get("label"), &format!("{path}.label"));
            if !truthy(e.get("uri")) && !truthy(e.get("artifactRef")) {
                c.fail(&path, "needs uri or artifactRef");
            }
            if let Some(digest) = e.get("sha256") {
                let ok = digest
                    .as_str()
                    .is_some_and(|d| d.len() == 64 && d.bytes().all(|b| b.is_ascii_hexdigit()));
                if !ok {
                    c.fail(&format!("{path}.sha256"), "must be 64 hex characters");
                }
            }
        }
    }
    for (i, item) in c
        .array(root.get("constraints"), "$.constraints")
        .iter()
        .enumerate()
    {
        let path = format!("$.constraints[{i}]");
        if let Some(k) = c.object(Some(item), &path) {
            c.one_of(
                k.get("kind"),
                &[
                    "permission",
                    "safety",
                    "deadline",
                    "budget",
                    "dependency",
                    "exclusion",
                    "other",
                ],
                &format!("{path}.kind"),
            );
            c.text(k.get("text"), &format!("{path}.text"));
        }
    }
    if let Some(next) = c.object(root.get("nextAction"), "$.nextAction") {
        c.text(next.get("summary"), "$.nextAction.summary");
        c.text(next.get("verification"), "$.nextAction.verification");
    }
    if let Some(ownership) = c.object(root.get("ownership"), "$.ownership") {
        c.actor(ownership.get("nextActor"), "$.ownership.nextActor");
        if let Some(reviewers) = ownership.get("reviewers") {
            for (i, reviewer) in c
                .array(Some(reviewers), "$.ownership.reviewers")
                .iter()
                .enumerate()
            {
                c.actor(Some(reviewer), &format!("$.ownership.reviewers[{i}]"));
            }
        }
    }
    for (i, item) in c
        .array(root.get("openReview"), "$.openReview")
        .iter()
        .enumerate()
    {
        let path = format!("$.openReview[{i}]");
        if let Some(r) = c.object(Some(item), &path) {
            c.text(r.get("id"), &format!("{path}.id"));
            c.text(r.get("summary"), &format!("{path}.summary"));
            c.one_of(
                r.get("status"),
                &["open", "resolved"],
                &format!("{path}.status"),
            );
            if let Some(assignee) = r.get("assignee") {
                c.actor(Some(assignee), &format!("{path}.assignee"));
            }
            if r.get("status").and_then(Value::as_str) == Some("resolved")
                && !truthy(r.get("resolvedByRevision"))
            {
                c.fail(
                    &format!("{path}.resolvedByRevision"),
                    "is required when resolved",
                );
            }
        }
    }
    c.errors
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn accepts_the_examples_and_rejects_what_it_documents() {
        for (_, example) in crate::examples() {
            assert_eq!(super::errors(&example), Vec::<String>::new());
        }
        let mut record = crate::examples()[0].1.clone();
        record["objective"]["summary"] = json!("\u{feff} ");
        assert_eq!(
            super::errors(&record),
            ["$.objective.summary must be a non-empty string"]
        );
        record["objective"]["summary"] = json!("\u{85}");
        assert!(super::errors(&record).is_empty(), "U+0085 is not trimmed");
        record["evidence"] = json!([{"id": "e", "label": "E", "uri": ""}]);
        assert_eq!(
            super::errors(&record),
            ["$.evidence[0] needs uri or artifactRef"]
        );
    }
}
