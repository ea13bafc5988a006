//! The tools' output schemas (`outputSchema` in the tools list), from
//! `output-schemas.json`: one per tool, each carrying the shared `$defs`.

use std::sync::{Arc, LazyLock};

use rmcp::model::JsonObject;
use serde_json::Value;

/// The embedded document: `$defs` and one schema per tool under `tools`.
static DOCUMENT: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(include_str!("output-schemas.json"))
        .expect("output-schemas.json is JSON (checked by this module's tests)")
});

/// The output schema of the tool `name`, with the shared `$defs`; an empty object (any
/// content) for a tool the document does not name (a test checks that every tool is named).
#[must_use]
pub fn output(name: &str) -> Arc<JsonObject> {
    let mut schema = match &DOCUMENT["tools"][name] {
        Value::Object(schema) => schema.clone(),
        _ => JsonObject::new(),
    };
    schema.insert("$defs".into(), DOCUMENT["$defs"].clone());
    Arc::new(schema)
}

/// The tools the document gives a schema for.
#[must_use]
pub fn tools() -> Vec<&'static str> {
    DOCUMENT["tools"]
        .as_object()
        .map(|tools| tools.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_schema_is_an_object_schema_that_compiles() {
        for tool in super::tools() {
            let schema = serde_json::Value::Object((*super::output(tool)).clone());
            assert_eq!(schema["type"], "object", "{tool}");
            jsonschema::validator_for(&schema).unwrap_or_else(|e| panic!("{tool}: {e}"));
        }
    }
}
