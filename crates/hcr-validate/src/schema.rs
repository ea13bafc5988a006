//! The `schema` level: the canonical v1.0 schema, compiled once, with `format` asserted.
//!
//! Each `jsonschema` error kind maps to one code. Messages are built from the kind and the
//! pointer, never from the crate's `Display`, which repeats the offending value.

use std::sync::OnceLock;

use hcr_types::JsonPointer;
use jsonschema::error::{TypeKind, ValidationErrorKind};
use serde_json::Value;

use crate::diagnostic::Anchor;
use crate::rules::Sink;
use crate::{Code, Diagnostic};

/// The canonical HCR v1.0 JSON Schema, as shipped in `protocol/v1/schema.json`.
pub const SCHEMA_JSON: &str = include_str!("../schema/hcr-v1.schema.json");

/// The embedded schema as a value.
fn schema() -> &'static Value {
    static SCHEMA: OnceLock<Value> = OnceLock::new();
    SCHEMA.get_or_init(|| {
        serde_json::from_str(SCHEMA_JSON)
            .unwrap_or_else(|e| unreachable!("the embedded schema is JSON: {e}"))
    })
}

fn validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        jsonschema::options()
            .with_draft(jsonschema::Draft::Draft202012)
            .should_validate_formats(true)
            .build(schema())
            .unwrap_or_else(|e| unreachable!("the embedded schema compiles: {e}"))
    })
}

/// The properties the schema defines for the object at `pointer` (following `properties`,
/// `items` and local `$ref`s), for "did you mean".
fn defined_properties(pointer: &JsonPointer) -> Vec<&'static str> {
    let root = schema();
    let resolve = |mut node: &'static Value| {
        // The schema's references are local (`#/$defs/name`) and never chain far.
        for _ in 0..8 {
            let Some(reference) = node.get("$ref").and_then(Value::as_str) else {
                break;
            };
            match reference.strip_prefix('#').and_then(|p| root.pointer(p)) {
                Some(target) => node = target,
                None => break,
            }
        }
        node
    };
    let mut node = resolve(root);
    for token in pointer.unescaped_tokens() {
        let next = node
            .get("properties")
            .and_then(|p| p.get(token.as_str()))
            .or_else(|| node.get("items"));
        match next {
            Some(next) => node = resolve(next),
            None => return Vec::new(),
        }
    }
    node.get("properties")
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// Compiles the schema now rather than on first use.
pub(crate) fn warm_up() {
    validator();
}

/// Writes the schema-level diagnostics of `value` to `out`.
pub(crate) fn check(value: &Value, out: &mut Sink) {
    if !validator().is_valid(value) {
        for error in validator().iter_errors(value) {
            if !out.has_room() {
                // Past the limit, only the count matters.
                let count = match error.kind() {
                    ValidationErrorKind::AdditionalProperties { unexpected } => unexpected.len(),
                    _ => 1,
                };
                let code = code_of(error.kind());
                for _ in 0..count {
                    out.omit(code, crate::Severity::Error);
                }
                continue;
            }
            let pointer = JsonPointer::parse(error.instance_path().as_str()).unwrap_or_default();
            map_error(error.kind(), pointer, error.instance(), out);
        }
    }
}

/// The code a schema error is reported with.
fn code_of(kind: &ValidationErrorKind) -> Code {
    match kind {
        ValidationErrorKind::Required { .. } => Code::Hcr101,
        ValidationErrorKind::AdditionalProperties { .. } => Code::Hcr102,
        ValidationErrorKind::MinLength { .. } => Code::Hcr104,
        ValidationErrorKind::Enum { .. } => Code::Hcr105,
        ValidationErrorKind::Constant { .. } => Code::Hcr106,
        ValidationErrorKind::AnyOf { .. } => Code::Hcr107,
        ValidationErrorKind::Pattern { .. } => Code::Hcr108,
        ValidationErrorKind::UniqueItems => Code::Hcr109,
        ValidationErrorKind::Minimum { .. } => Code::Hcr110,
        ValidationErrorKind::MaxLength { .. } => Code::Hcr111,
        ValidationErrorKind::Format { format } if format == "date-time" => Code::Hcr112,
        ValidationErrorKind::Format { .. } => Code::Hcr113,
        _ => Code::Hcr103,
    }
}

/// A field name for messages: the pointer in backticks, or "the record" for the root.
pub(crate) fn field(pointer: &JsonPointer) -> String {
    if pointer.is_root() {
        "the record".to_owned()
    } else {
        format!("`{pointer}`")
    }
}

fn map_error(kind: &ValidationErrorKind, pointer: JsonPointer, instance: &Value, out: &mut Sink) {
    let at = field(&pointer);
    let diagnostic = match kind {
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let (code, help) = if pointer.is_root() && name == "schemaVersion" {
                (Code::Hcr101, "add \"schemaVersion\": \"1.0\"".to_owned())
            } else {
                (
                    Code::Hcr101,
                    format!("add `{name}`; the v1.0 schema requires it here"),
                )
            };
            Diagnostic::new(
                code,
                pointer,
                format!("{at} is missing the required property `{name}`"),
            )
            .help(help)
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            let known = defined_properties(&pointer);
            for name in unexpected {
                let member = pointer.key(name);
                out.push(
                    Diagnostic::new(
                        Code::Hcr102,
                        member,
                        format!("{at} has a property the schema does not define: `{name}`"),
                    )
                    .help(crate::hints::unknown_property(
                        name,
                        &known,
                        pointer.is_root(),
                    ))
                    .anchor(Anchor::Key),
                );
            }
            return;
        }
        ValidationErrorKind::Type { kind } => {
            let expected = match kind {
                TypeKind::Single(t) => t.to_string(),
                TypeKind::Multiple(types) => types
                    .iter()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" or "),
            };
            let article = if expected.starts_with(['a', 'e', 'i', 'o', 'u']) {
                "an"
            } else {
                "a"
            };
            let found = json_type(instance);
            let mut message = format!("{at} must be {article} {expected}, not {found}");
            let mut help = format!("write {at} as {article} {expected}");
            if expected == "integer" && found == "a number" {
                message = format!("{at} must be an integer, not a number with a fraction");
                help = "revisions are whole numbers such as 3 (3.0 is also accepted)".into();
            } else if instance.is_null() {
                help = format!("omit {at} instead of writing null, if it is optional");
            }
            Diagnostic::new(Code::Hcr103, pointer, message).help(help)
        }
        ValidationErrorKind::MinLength { .. } => {
            Diagnostic::new(Code::Hcr104, pointer, format!("{at} must not be empty"))
        }
        ValidationErrorKind::Enum { options } => {
            let allowed = options
                .as_array()
                .map(|values| {
                    values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(|v| format!("`{v}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                })
                .unwrap_or_default();
            Diagnostic::new(
                Code::Hcr105,
                pointer,
                format!("{at} must be one of {allowed}"),
            )
            .help(format!("use one of {allowed} (values are case-sensitive)"))
        }
        ValidationErrorKind::Constant { .. } => Diagnostic::new(
            Code::Hcr106,
            pointer,
            format!("{at} must be the string \"1.0\""),
        ),
        ValidationErrorKind::AnyOf { .. } => Diagnostic::new(
            Code::Hcr107,
            pointer,
            format!("evidence item {at} has neither `uri` nor `artifactRef`"),
        ),
        ValidationErrorKind::Pattern { .. } => Diagnostic::new(
            Code::Hcr108,
            pointer,
            format!("{at} must be 64 hexadecimal digits"),
        ),
        ValidationErrorKind::UniqueItems => {
            let (pointer, first) = first_repeat(&pointer, instance);
            let repeat = field(&pointer);
            Diagnostic::new(
                Code::Hcr109,
                pointer,
                format!("{repeat} repeats item {first} of the list"),
            )
        }
        ValidationErrorKind::Minimum { .. } => {
            Diagnostic::new(Code::Hcr110, pointer, format!("{at} must be at least 1"))
        }
        ValidationErrorKind::MaxLength { .. } => Diagnostic::new(
            Code::Hcr111,
            pointer,
            format!(
                "{at} is {} characters long; the limit is 200",
                instance.as_str().map_or(0, |s| s.chars().count())
            ),
        ),
        ValidationErrorKind::Format { format } if format == "date-time" => Diagnostic::new(
            Code::Hcr112,
            pointer,
            format!("{at} is not an RFC 3339 date-time"),
        ),
        ValidationErrorKind::Format { .. } => Diagnostic::new(
            Code::Hcr113,
            pointer,
            format!("{at} is not an RFC 3986 URI reference"),
        ),
        // The v1.0 schema uses no other keyword; should a future schema, report it plainly.
        other => Diagnostic::new(
            Code::Hcr103,
            pointer,
            format!("{at} breaks the schema's `{}` keyword", other.keyword()),
        ),
    };
    out.push(diagnostic);
}

fn json_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(n) if n.is_f64() => "a number",
        Value::Number(_) => "an integer",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The pointer of the first item that repeats an earlier one, and that earlier index.
fn first_repeat(list: &JsonPointer, value: &Value) -> (JsonPointer, usize) {
    let items = value.as_array().map_or(&[][..], Vec::as_slice);
    // Strings (what the schema's unique lists hold) through a map, so that a list of
    // thousands of items costs linear time; anything else against the earlier non-strings.
    let mut strings: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut others: Vec<usize> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let first = match item.as_str() {
            Some(text) => strings.get(text).copied(),
            None => others.iter().copied().find(|&j| items[j] == *item),
        };
        if let Some(first) = first {
            return (list.index(i), first);
        }
        match item.as_str() {
            Some(text) => {
                strings.insert(text, i);
            }
            None => others.push(i),
        }
    }
    (list.clone(), 0)
}
