//! The fixes of single diagnostics: each reads the diagnostic's value in the parsed record and
//! edits its span in the source.

use hcr_codes::suggest::{distance, fold};
use hcr_json::{JsonPointer, MemberSpan, member_spans};
use hcr_types::text::js_trim;
use hcr_validate::{Code, Diagnostic, SchemaFacts};
use serde_json::Value;

use crate::edits::{Edit, list_item};
use crate::{Applicability, Fix};

/// What a diagnostic's fix needs of the source: the span of one member.
struct Wanted<'d> {
    diagnostic: &'d Diagnostic,
    /// The member whose span the edit replaces.
    at: JsonPointer,
}

/// The fixes of `diagnostics`, about `root` read from `text`.
pub(crate) fn propose(text: &str, root: &Value, diagnostics: &[Diagnostic]) -> Vec<Fix> {
    let wanted: Vec<Wanted<'_>> = diagnostics
        .iter()
        .filter_map(|diagnostic| {
            let at = match diagnostic.code {
                Code::Hcr102 | Code::Hcr105 | Code::Hcr106 | Code::Hcr201 | Code::Hcr211 => {
                    diagnostic.pointer.clone()
                }
                Code::Hcr202 => diagnostic.pointer.key("status"),
                _ => return None,
            };
            Some(Wanted { diagnostic, at })
        })
        .collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let pointers: Vec<&JsonPointer> = wanted.iter().map(|w| &w.at).collect();
    let spans = member_spans(text, &pointers);
    wanted
        .iter()
        .zip(spans)
        .filter_map(|(w, span)| {
            let span = span?;
            let d = w.diagnostic;
            let value = d.pointer.resolve(root)?;
            let fix = |applicability, title: String, edits| Fix {
                code: d.code,
                pointer: d.pointer.clone(),
                applicability,
                title,
                unmapped: Vec::new(),
                edits,
            };
            match d.code {
                Code::Hcr105 => enum_case(&d.pointer, value, &span)
                    .map(|(title, edit)| fix(Applicability::Safe, title, vec![edit])),
                Code::Hcr106 => schema_version(value, &span)
                    .map(|(title, edit)| fix(Applicability::Safe, title, vec![edit])),
                Code::Hcr102 => rename(&d.pointer, root, &span)
                    .map(|(title, edit)| fix(Applicability::Safe, title, vec![edit])),
                Code::Hcr211 => trim(&d.pointer, value, &span)
                    .map(|(title, edit)| fix(Applicability::Safe, title, vec![edit])),
                Code::Hcr201 => remove_blank_item(text, &d.pointer, &span)
                    .map(|(title, edit)| fix(Applicability::Unsafe, title, vec![edit])),
                Code::Hcr202 => reopen(&d.pointer, value, &span)
                    .map(|(title, edit)| fix(Applicability::Unsafe, title, vec![edit])),
                _ => None,
            }
        })
        .collect()
}

/// A JSON string's text.
fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_default()
}

/// HCR105: a string that is one allowed value but for its case (or whitespace around it).
fn enum_case(pointer: &JsonPointer, value: &Value, span: &MemberSpan) -> Option<(String, Edit)> {
    let given = js_trim(value.as_str()?);
    let allowed = SchemaFacts::at(pointer).allowed;
    let mut matching = allowed.iter().filter(|a| a.eq_ignore_ascii_case(given));
    let only = *matching.next()?;
    if matching.next().is_some() {
        return None;
    }
    Some((
        format!("`{pointer}` set to `{only}`, the schema's spelling of the value"),
        Edit::new(span.value.clone(), quoted(only)),
    ))
}

/// HCR106: `schemaVersion` written as a number or a near spelling of "1.0".
fn schema_version(value: &Value, span: &MemberSpan) -> Option<(String, Edit)> {
    let means_one = match value {
        Value::Number(n) => n.as_f64() == Some(1.0),
        Value::String(s) => matches!(
            js_trim(s).to_ascii_lowercase().as_str(),
            "1" | "1.0" | "1.00" | "v1" | "v1.0"
        ),
        _ => false,
    };
    means_one.then(|| {
        (
            "`/schemaVersion` set to the string \"1.0\"".to_owned(),
            Edit::new(span.value.clone(), "\"1.0\""),
        )
    })
}

/// HCR102: a property renamed to the one defined name it is nearest to, when the object does
/// not have that name already (the skill's top-level groups are the unsafe fix's).
fn rename(pointer: &JsonPointer, root: &Value, span: &MemberSpan) -> Option<(String, Edit)> {
    let parent = pointer.parent()?;
    let name = pointer.unescaped_tokens().last()?;
    if parent.is_root() && crate::skill::is_skill_name(&name) {
        return None;
    }
    let object = parent.resolve(root)?.as_object()?;
    let free: Vec<&str> = SchemaFacts::at(&parent)
        .properties
        .into_iter()
        .filter(|p| !object.contains_key(*p))
        .collect();
    let target = hcr_codes::suggest::nearest(&name, &free)?;
    // The one name it can be: no other free name as near.
    let folded = fold(&name);
    let near = distance(&folded, &fold(target));
    let rivals = free
        .iter()
        .filter(|p| distance(&folded, &fold(p)) == near)
        .count();
    if rivals != 1 {
        return None;
    }
    let key = span.key.clone()?;
    Some((
        format!("`{pointer}` renamed to `{target}`"),
        Edit::new(key, quoted(target)),
    ))
}

/// HCR211: whitespace removed around a text.
fn trim(pointer: &JsonPointer, value: &Value, span: &MemberSpan) -> Option<(String, Edit)> {
    let text = value.as_str()?;
    let trimmed = js_trim(text);
    (trimmed.len() != text.len() && !trimmed.is_empty()).then(|| {
        (
            format!("`{pointer}`: the whitespace around the text removed"),
            Edit::new(span.value.clone(), quoted(trimmed)),
        )
    })
}

/// HCR201: a whitespace-only item of a text list removed (a blank property value is left:
/// removing it could leave a required property missing).
fn remove_blank_item(
    text: &str,
    pointer: &JsonPointer,
    span: &MemberSpan,
) -> Option<(String, Edit)> {
    let last = pointer.tokens().last()?;
    if span.key.is_some() || hcr_json::pointer::parse_index(last).is_none() {
        return None;
    }
    Some((
        format!("`{pointer}`: the whitespace-only item removed"),
        Edit::new(list_item(text, &span.value), ""),
    ))
}

/// HCR202: a review marked resolved with no resolving revision set back to `open`.
fn reopen(pointer: &JsonPointer, value: &Value, span: &MemberSpan) -> Option<(String, Edit)> {
    (value.get("status")?.as_str()? == "resolved").then(|| {
        (
            format!(
                "review item `{pointer}` set back to `open`: it names no revision that resolved it"
            ),
            Edit::new(span.value.clone(), "\"open\""),
        )
    })
}
