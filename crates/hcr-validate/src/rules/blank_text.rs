//! HCR201: whitespace-only text where the reference validator requires content, and an empty
//! `uri` that is an evidence item's only reference.

use super::Findings;
use crate::sink::field;
use crate::sink::{Input, objects};
use hcr_json::Json;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    // A text place can hold blank text only if some string of the document is blank, and a
    // `uri` be empty only if some string is: one pass over the strings (shared with HCR211)
    // spares most records the walk of every place and of every evidence item.
    let strings = input.strings();
    if strings.blank {
        blank_texts(input, sink);
    }
    if strings.empty {
        empty_uris(input, sink);
    }
}

/// Whitespace-only text at the places the reference validator requires content.
fn blank_texts(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    hcr_types::contract::for_each_blank_text(input.root(), &mut |pointer, text| {
        let kind = if text.chars().all(|c| c == ' ') {
            "spaces"
        } else {
            "whitespace"
        };
        let at = pointer();
        let message = format!("{} holds only {kind}", field(&at));
        sink.found(at, message);
    });
}

/// An empty `uri` that is an evidence item's only reference.
fn empty_uris(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    for (at, item) in objects(input.root(), "evidence") {
        let empty_uri = item.get("uri").and_then(Json::as_str) == Some("");
        if empty_uri && !item.contains_key("artifactRef") {
            let uri = at.key("uri");
            let message = format!(
                "{} is empty and the evidence item has no `artifactRef`",
                field(&uri)
            );
            sink.found_with(uri, message, |d| {
                d.help("give the evidence a `uri` that points somewhere, or an `artifactRef`")
            });
        }
    }
}
