//! What the schema and the contract say about a place in a record: the subschema at a path,
//! the property names an object may hold, a value's enumeration, and the text that explains a
//! property (its schema description and type, and the contract's own sentence about it, from
//! `protocol/v1/README.md`, embedded through the `contract.md` link).

use std::sync::OnceLock;

use hcr_validate::SCHEMA_JSON;
use serde_json::Value;

use crate::syntax::Step;

/// The contract in our words: `protocol/v1/README.md`.
const CONTRACT: &str = include_str!("../contract.md");

fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| serde_json::from_str(SCHEMA_JSON).unwrap_or(Value::Null))
}

/// `schema` with its `$ref` (local, `#/$defs/…`) followed.
fn resolved(schema: &'static Value) -> &'static Value {
    let mut at = schema;
    for _ in 0..8 {
        match at.get("$ref").and_then(Value::as_str) {
            Some(reference) => match reference.strip_prefix("#/$defs/") {
                Some(name) => match self::schema().get("$defs").and_then(|d| d.get(name)) {
                    Some(found) => at = found,
                    None => return at,
                },
                None => return at,
            },
            None => return at,
        }
    }
    at
}

/// The name of the `$defs` entry `schema` refers to, if any.
fn definition(schema: &Value) -> Option<&str> {
    schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/$defs/"))
        .or_else(|| {
            schema
                .get("items")
                .and_then(|items| items.get("$ref"))
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix("#/$defs/"))
        })
}

/// The subschema at `path` from the record's root (`None` where the schema says nothing:
/// inside `extensions`, or a property it does not declare).
#[must_use]
pub fn at(path: &[Step]) -> Option<&'static Value> {
    let mut at = schema();
    for step in path {
        let here = resolved(at);
        at = match step {
            Step::Key(name) => here.get("properties")?.get(name)?,
            Step::Index(_) => here.get("items")?,
        };
    }
    Some(at)
}

/// The property names the object at `path` declares, in the schema's order, each with
/// whether it is required.
#[must_use]
pub fn properties(path: &[Step]) -> Vec<(&'static str, bool)> {
    let Some(here) = at(path).map(resolved) else {
        return Vec::new();
    };
    let required: Vec<&str> = here
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    here.get("properties")
        .and_then(Value::as_object)
        .map(|p| {
            p.keys()
                .map(|k| (k.as_str(), required.contains(&k.as_str())))
                .collect()
        })
        .unwrap_or_default()
}

/// The values the string at `path` may take (its `enum`, or its `const`).
#[must_use]
pub fn enumeration(path: &[Step]) -> Vec<&'static str> {
    let Some(here) = at(path).map(resolved) else {
        return Vec::new();
    };
    if let Some(values) = here.get("enum").and_then(Value::as_array) {
        return values.iter().filter_map(Value::as_str).collect();
    }
    here.get("const")
        .and_then(Value::as_str)
        .into_iter()
        .collect()
}

/// A type in a few words.
fn type_words(schema: &'static Value) -> String {
    let here = resolved(schema);
    if let Some(values) = here.get("enum").and_then(Value::as_array) {
        let names: Vec<String> = values
            .iter()
            .filter_map(Value::as_str)
            .map(|v| format!("`\"{v}\"`"))
            .collect();
        return format!("one of {}", names.join(", "));
    }
    if let Some(value) = here.get("const") {
        return format!("the constant `{value}`");
    }
    let base = here
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("any value");
    match (base, definition(schema)) {
        ("array", Some(def)) => format!("array of `{def}`"),
        (_, Some(def)) => format!("`{def}` ({base})"),
        _ => base.to_owned(),
    }
}

/// The Markdown that explains the property at `path` (whose last step is its key): its type,
/// whether it is required, the schema's description and the contract's sentences about it.
/// `None` for a place the schema does not declare.
#[must_use]
pub fn describe(path: &[Step]) -> Option<String> {
    let Some((Step::Key(name), parent)) = path.split_last() else {
        return None;
    };
    let schema = at(path)?;
    let required = properties(parent)
        .iter()
        .any(|(n, required)| *n == name && *required);
    let mut out = format!(
        "**`{name}`**: {}{}",
        type_words(schema),
        if required { ", required" } else { ", optional" }
    );
    if let Some(description) = [
        schema.get("description"),
        resolved(schema).get("description"),
    ]
    .into_iter()
    .flatten()
    .find_map(Value::as_str)
    {
        out.push_str("\n\n");
        out.push_str(description);
    }
    if let Some(contract) = contract_text(path) {
        out.push_str("\n\nThe v1.0 contract: ");
        out.push_str(&contract);
    }
    Some(out)
}

/// The contract's words for the property at `path`: its row in the document's table (a
/// top-level property), or its bullet in its section (`### \`objective\``, `### \`decisions[]\``),
/// or the paragraph on actors.
fn contract_text(path: &[Step]) -> Option<String> {
    let keys: Vec<&str> = path
        .iter()
        .filter_map(|s| match s {
            Step::Key(k) => Some(k.as_str()),
            Step::Index(_) => None,
        })
        .collect();
    let name = *keys.last()?;
    if keys.len() == 1 {
        let row = CONTRACT
            .lines()
            .find(|line| line.starts_with(&format!("| `{name}` |")))?;
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        return cells.get(4).map(|meaning| (*meaning).to_owned());
    }
    let parent = resolved(at(&path[..path.len() - 1])?);
    if definition_of(parent) == Some("actor") {
        return CONTRACT
            .split("\n\n")
            .find(|p| p.starts_with("An actor has"))
            .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "));
    }
    let section = keys[0];
    let heading = [format!("### `{section}`"), format!("### `{section}[]`")];
    let body = CONTRACT
        .split("\n### ")
        .map(|s| format!("### {s}"))
        .find(|s| heading.iter().any(|h| s.starts_with(h.as_str())))?;
    let bullet = format!("- `{name}`");
    let mut lines = body.lines().skip_while(|l| !l.starts_with(&bullet));
    let first = lines.next()?;
    let mut text = first.trim_start_matches("- ").to_owned();
    for line in lines.take_while(|l| l.starts_with("  ")) {
        text.push(' ');
        text.push_str(line.trim());
    }
    Some(text)
}

/// The `$defs` name of a resolved subschema.
fn definition_of(resolved: &Value) -> Option<&'static str> {
    schema()
        .get("$defs")?
        .as_object()?
        .iter()
        .find(|(_, v)| std::ptr::eq(*v, resolved))
        .map(|(k, _)| k.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(text: &str) -> Vec<Step> {
        text.split('/')
            .filter(|s| !s.is_empty())
            .map(|s| match s.parse() {
                Ok(i) => Step::Index(i),
                Err(_) => Step::Key(s.to_owned()),
            })
            .collect()
    }

    #[test]
    fn enumerations_at_the_issue_s_places() {
        for (at, wanted) in [
            (
                "/constraints/0/kind",
                "permission safety deadline budget dependency exclusion other",
            ),
            ("/decisions/3/status", "active superseded"),
            ("/openReview/0/status", "open resolved"),
            ("/ownership/nextActor/type", "human agent service"),
            ("/openReview/0/assignee/type", "human agent service"),
            ("/schemaVersion", "1.0"),
            ("/objective/summary", ""),
            ("/extensions/x", ""),
        ] {
            assert_eq!(enumeration(&path(at)).join(" "), wanted, "{at}");
        }
    }

    #[test]
    fn properties_of_objects() {
        let names = |at: &str| {
            properties(&path(at))
                .iter()
                .map(|(n, r)| format!("{n}{}", if *r { "!" } else { "" }))
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names("/constraints/0"), "kind! text!");
        assert_eq!(
            names("/currentState"),
            "complete! inProgress! blocked! unverified!"
        );
        assert_eq!(names("/ownership/nextActor"), "id! displayName type!");
        assert_eq!(names("/objective/summary"), "");
    }

    #[test]
    fn descriptions_carry_the_schema_and_the_contract() {
        let kind = describe(&path("/constraints/0/kind")).expect("declared");
        assert!(kind.contains("one of `\"permission\"`"), "{kind}");
        assert!(kind.contains("required"), "{kind}");
        assert!(kind.contains("The v1.0 contract: `kind`"), "{kind}");
        let criteria = describe(&path("/objective/acceptanceCriteria")).expect("declared");
        assert!(criteria.contains("HCR210"), "{criteria}");
        let top = describe(&path("/currentState")).expect("declared");
        assert!(
            top.contains("what is done, under way, blocked, unverified"),
            "{top}"
        );
        let actor = describe(&path("/provenance/createdBy/type")).expect("declared");
        assert!(actor.contains("An actor has"), "{actor}");
        let extensions = describe(&path("/extensions")).expect("declared");
        assert!(extensions.contains("Namespaced"), "{extensions}");
        assert_eq!(describe(&path("/nope")), None);
    }
}
