//! Help where users go wrong: a misspelt or borrowed property name, a `$schema` key, a JSON
//! Lines or YAML file read as one record. Each hint is a help line for a diagnostic that is
//! reported anyway; none changes a verdict.

use hcr_codes::suggest::nearest;

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
}
