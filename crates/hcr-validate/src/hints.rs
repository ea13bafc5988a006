//! Help where users go wrong: a misspelt or borrowed property name, a `$schema` key, a JSON
//! Lines or YAML file read as one record. Each hint is a help line for a diagnostic that is
//! reported anyway; none changes a verdict.

use crate::suggest::nearest;

/// Names the publisher's `handover-record` skill tells agents to use for the record's groups
/// (it describes the record in its own words), with the v1.0 property each stands for.
const SKILL_NAMES: &[(&str, &str)] = &[
    ("state", "currentState"),
    ("artifacts", "evidence"),
    ("questions", "openReview"),
    ("next_actions", "nextAction"),
    ("nextActions", "nextAction"),
];

/// The help for an unknown property `name` in an object whose schema defines `known`;
/// `at_root` when the object is the record itself.
pub(crate) fn unknown_property(name: &str, known: &[&str], at_root: bool) -> String {
    if at_root && name == "$schema" {
        return "the v1.0 schema does not allow `$schema` in a record; remove it, and point \
                your editor at the schema instead (VS Code: a `json.schemas` entry mapping \
                your records' file pattern to the schema that `hcr schema` prints)"
            .to_owned();
    }
    if at_root && let Some((_, property)) = SKILL_NAMES.iter().find(|(n, _)| *n == name) {
        let one = if *property == "nextAction" {
            " (one action, with its verification)"
        } else {
            ""
        };
        return format!(
            "did you mean `{property}`{one}? `{name}` is the handover-record skill's word for \
             it; the v1.0 property is `{property}`"
        );
    }
    match nearest(name, known) {
        Some(property) => format!("did you mean `{property}`?"),
        None => "remove the property, or move implementation data under `extensions` with a \
                 namespaced key"
            .to_owned(),
    }
}

/// The help for a document that is not one JSON value, when it looks like something else
/// users hand hcr: JSON Lines (several values, one per line) or YAML.
pub(crate) fn not_one_value(text: &str) -> Option<&'static str> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    let first = lines.next()?;
    let second = lines.next();
    let object_line = |l: &str| l.starts_with('{') && l.ends_with('}');
    if object_line(first) && second.is_some_and(object_line) {
        return Some(
            "this looks like JSON Lines (one record per line): read it with `--jsonl`, or \
             name the file `*.jsonl`",
        );
    }
    let yaml_key = |l: &str| {
        l.split_once(':').is_some_and(|(key, rest)| {
            !key.is_empty()
                && key
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-'))
                && (rest.is_empty() || rest.starts_with(' '))
        })
    };
    if first == "---" || (!first.starts_with(['{', '[', '"']) && yaml_key(first)) {
        return Some(
            "this looks like YAML; a Handoff Continuity Record is JSON (convert it, e.g. with \
             `yq -o json`)",
        );
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_users_reach_for_get_the_schema_s_name() {
        let root = [
            "schemaVersion",
            "currentState",
            "nextAction",
            "openReview",
            "evidence",
        ];
        assert_eq!(
            unknown_property("next_action", &root, true),
            "did you mean `nextAction`?"
        );
        assert!(unknown_property("state", &root, true).starts_with("did you mean `currentState`"));
        assert!(
            unknown_property("questions", &root, true).starts_with("did you mean `openReview`")
        );
        assert!(unknown_property("$schema", &root, true).contains("json.schemas"));
        assert!(unknown_property("priority", &root, true).starts_with("remove the property"));
        // The skill's words are only the record's groups.
        assert!(unknown_property("state", &["summary"], false).starts_with("remove the property"));
        assert_eq!(
            unknown_property("sumary", &["summary"], false),
            "did you mean `summary`?"
        );
    }

    #[test]
    fn json_lines_and_yaml_are_recognised() {
        assert!(not_one_value("{\"a\": 1}\n{\"a\": 2}\n").is_some_and(|h| h.contains("--jsonl")));
        assert!(
            not_one_value("schemaVersion: \"1.0\"\nobjective:\n")
                .is_some_and(|h| h.contains("YAML"))
        );
        assert!(not_one_value("---\nschemaVersion: 1.0\n").is_some_and(|h| h.contains("YAML")));
        assert_eq!(not_one_value("{\"a\": 1,}"), None);
        assert_eq!(not_one_value("{\n  \"a\": 1\n"), None);
    }
}
