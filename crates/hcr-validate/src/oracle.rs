//! The validator's fast paths beside the references they must agree with, for the tests and
//! the fuzz targets that hold them together (the `oracle` feature; not a stable API):
//!
//! - the schema walk and the `jsonschema` crate: the same diagnostics, in the same order;
//! - the one-pass parser and `serde_json`: whatever the first accepts, the second accepts, with
//!   the same values and the same overwritten repeats;
//! - the spans the parser records and the ones [`hcr_json::locate`] finds in the text.

use hcr_types::JsonPointer;
use serde_json::Value;

use crate::Limits;
use hcr_json::Anchor;
use hcr_json::Document;

/// Both readings of `bytes`, keys numbered as a record's are.
fn both_ways<'a>(
    bytes: &'a [u8],
    limits: &Limits,
) -> (
    Option<Document<'a>>,
    Result<Document<'a>, Box<hcr_json::Error>>,
) {
    hcr_json::both_ways(bytes, limits, crate::schema::property_names())
}
use hcr_json::Tree;

pub use crate::schema::oracle::{
    fast_accepts, fast_accepts_text, fast_failure_agrees, jsonschema_accepts,
    jsonschema_diagnostics, readings_agree, schema_accepts, schema_diagnostics,
    schema_diagnostics_of_text,
};

/// Whether the one-pass parser and `serde_json` agree on `bytes` within `limits`: `Ok(true)`
/// when the parser read it, `Ok(false)` when it gave up; `Err` says how they disagree.
///
/// # Errors
/// The disagreement.
pub fn parsers_agree(bytes: &[u8], limits: &Limits) -> Result<bool, String> {
    let (spanned, serde) = both_ways(bytes, limits);
    let Some(spanned) = spanned else {
        return Ok(false);
    };
    let serde = serde.map_err(|d| {
        format!(
            "the one-pass parser accepted what serde_json refuses ({:?}: {})",
            d.kind, d.message
        )
    })?;
    let shown = |document: &Document<'_>| {
        let nodes: Vec<String> = (0..document.tree.len())
            .map(|i| document.tree.describe(i))
            .collect();
        let overwritten: Vec<String> = document
            .overwritten
            .iter()
            .map(|o| format!("{} {} {}", o.pointer, o.occurrence, o.value))
            .collect();
        (nodes, overwritten)
    };
    if shown(&spanned) != shown(&serde) {
        return Err(format!(
            "the trees differ:\n one-pass: {:?}\n serde_json: {:?}",
            shown(&spanned),
            shown(&serde)
        ));
    }
    if spanned.tree.root().to_value() != serde.tree.root().to_value() {
        return Err("the values differ".to_owned());
    }
    plain_strings_agree(&spanned.tree, &serde.tree)?;
    Ok(true)
}

/// Whether the one-pass parser's word that every string is plain (`Tree::plain_strings`,
/// which lets the validator skip its pass for empty, blank and padded text) is exact,
/// against `serde_json`'s tree of the same text read string by string: when it says so, no
/// string value (overwritten ones included) is empty or has anything JavaScript's `trim`
/// removes; and it says so exactly when every string starts and ends with a visible ASCII
/// character.
fn plain_strings_agree(spanned: &Tree<'_>, serde: &Tree<'_>) -> Result<(), String> {
    let said = spanned.plain_strings();
    let trimmable = serde
        .any_string(|text| text.is_empty() || hcr_types::text::js_trim(text).len() != text.len());
    if said && trimmable {
        return Err("the parser said every string is plain, and one is empty or padded".to_owned());
    }
    let odd = serde.any_string(|text| !hcr_json::plain_ends(text.as_bytes()));
    if said == odd {
        return Err(format!(
            "the parser said every string plain: {said}; a string that is not: {odd}"
        ));
    }
    Ok(())
}

/// Whether the spans the one-pass parser recorded for `bytes` are those [`hcr_json::locate`]
/// finds in the text, for every value and key of the document (and every occurrence of a
/// repeated key); `Ok` with the number of places compared, 0 when the parser gave up.
///
/// # Errors
/// The first place where they differ.
pub fn spans_agree(bytes: &[u8]) -> Result<usize, String> {
    let (Some(document), _) = both_ways(bytes, &Limits::default()) else {
        return Ok(0);
    };
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let mut requests: Vec<(JsonPointer, Anchor)> = Vec::new();
    places(&document.tree, 0, &JsonPointer::root(), &mut requests);
    let asked: Vec<(&JsonPointer, Anchor)> = requests.iter().map(|(p, a)| (p, *a)).collect();
    let searched = hcr_json::locate(text, &asked);
    // Each place alone, then all of them in one call (each from the path the one before it
    // took) in document order and backwards.
    let in_order = hcr_json::locate_in(&document.tree, text, &asked);
    let backwards: Vec<(&JsonPointer, Anchor)> = asked.iter().rev().copied().collect();
    let mut from_the_end = hcr_json::locate_in(&document.tree, text, &backwards);
    from_the_end.reverse();
    for (i, ((pointer, anchor), expected)) in asked.iter().zip(&searched).enumerate() {
        let recorded = document.tree.locate(pointer, *anchor);
        for (how, got) in [
            ("alone", &recorded),
            ("after the place before it", &in_order[i]),
            ("after the place after it", &from_the_end[i]),
        ] {
            if got != expected {
                return Err(format!(
                    "{pointer} ({anchor:?}), located {how}: recorded {got:?}, found in the text {expected:?}"
                ));
            }
        }
    }
    // Each value as `JSON.parse` reads the record, the nodes the checks reach and report
    // at (`Sink::push_at`): its node's span is where the text puts its pointer's value.
    let mut read = Vec::new();
    read_values(document.tree.root(), &JsonPointer::root(), &mut read);
    let values: Vec<(&JsonPointer, Anchor)> =
        read.iter().map(|(p, _)| (p, Anchor::Value)).collect();
    let searched_values = hcr_json::locate(text, &values);
    for ((pointer, node), expected) in read.iter().zip(&searched_values) {
        let spanned = document.tree.node_span(*node);
        if &spanned != expected {
            return Err(format!(
                "{pointer}, read as JSON.parse reads it: node {node}'s span {spanned:?}, found in the text {expected:?}"
            ));
        }
    }
    Ok(asked.len() + values.len())
}

/// Every value under `value` as `JSON.parse` reads it (each member through `get`, the
/// last of a repeated key's values), with its pointer and node.
fn read_values(
    value: hcr_json::Json<'_, '_>,
    pointer: &JsonPointer,
    out: &mut Vec<(JsonPointer, usize)>,
) {
    out.push((pointer.clone(), value.index));
    if value.is_array() {
        for (i, item) in value.items().enumerate() {
            read_values(item, &pointer.index(i), out);
        }
    } else if value.is_object() {
        for (key, _) in value.members() {
            if let Some(member) = value.get(key) {
                read_values(member, &pointer.key(key), out);
            }
        }
    }
}

/// Every place of the document under node `node` (at `pointer`): the value, the key of a
/// member, and each occurrence of a repeated member; and places that are not there (a
/// member no object has, an item past a list's end, a step below a scalar, occurrences 0
/// and one past a member's), which neither way finds.
fn places(
    tree: &Tree<'_>,
    node: usize,
    pointer: &JsonPointer,
    out: &mut Vec<(JsonPointer, Anchor)>,
) {
    out.push((pointer.clone(), Anchor::Value));
    out.push((pointer.clone(), Anchor::Key));
    out.push((pointer.clone(), Anchor::ValueOccurrence(1)));
    out.push((pointer.clone(), Anchor::KeyOccurrence(2)));
    let value = tree.at(node);
    if value.is_array() {
        let mut count = 0;
        for (i, item) in value.items().enumerate() {
            places(tree, item.index, &pointer.index(i), out);
            count += 1;
        }
        out.push((pointer.index(count), Anchor::Value));
        out.push((pointer.key("01"), Anchor::Value));
    } else if value.is_object() {
        let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for (key, member) in value.all_members() {
            let occurrence = seen.entry(key).or_default();
            *occurrence += 1;
            let at = pointer.key(key);
            out.push((at.clone(), Anchor::KeyOccurrence(*occurrence)));
            out.push((at.clone(), Anchor::ValueOccurrence(*occurrence)));
            out.push((at.clone(), Anchor::ValueOccurrence(*occurrence + 1)));
            out.push((at.clone(), Anchor::KeyOccurrence(0)));
            places(tree, member.index, &at, out);
        }
        out.push((pointer.key("~not/there"), Anchor::Key));
        out.push((pointer.key("~not/there").index(0), Anchor::Value));
    } else {
        out.push((pointer.index(0), Anchor::Value));
        out.push((pointer.key("a"), Anchor::Key));
    }
}

/// One secret event as the two secret walks are compared: rule, shape, pointer, anchor,
/// pieces and items.
type SecretSeen = (
    usize,
    String,
    String,
    String,
    Vec<String>,
    Option<(usize, usize)>,
);

/// The events of one secret walk over `document` (its root, then each overwritten value),
/// through the view ([`crate::secrets::walk`]) or over the flat node list
/// ([`crate::secrets::walk_tree`]), the keys `fixed` holds being fixed words.
fn secret_events(
    document: &Document<'_>,
    fixed: &hcr_json::KeyTable,
    flat: bool,
) -> Vec<SecretSeen> {
    let mut seen = Vec::new();
    let mut on = |event: &crate::secrets::Event<'_>| {
        seen.push((
            event.rule,
            event.shape.as_str().to_owned(),
            event.pointer().as_str().to_owned(),
            format!("{:?}", event.anchor),
            event.pieces.iter().map(|p| (*p).to_owned()).collect(),
            event.items,
        ));
    };
    let root = JsonPointer::root();
    let starts = std::iter::once((0, &root, None)).chain(
        document
            .overwritten
            .iter()
            .map(|o| (o.value, &o.pointer, Some(o.occurrence))),
    );
    for (at, base, occurrence) in starts {
        if flat {
            crate::secrets::walk_tree(&document.tree, at, base, occurrence, fixed, &mut on);
        } else {
            crate::secrets::walk(document.tree.at(at), base, occurrence, fixed, &mut on);
        }
    }
    seen
}

/// Whether the secret walk over the tree's flat node list reports, for `bytes` read by either
/// parser, the events the walk through the view reports, in the same order: with the
/// schema's property names the tree was numbered with, and with another table (each key
/// looked up). `Ok` with the number of events, 0 when neither parser reads `bytes`.
///
/// # Errors
/// The first difference.
pub fn secret_walks_agree(bytes: &[u8]) -> Result<usize, String> {
    let (spanned, serde) = both_ways(bytes, &Limits::default());
    let mut events = 0;
    for document in spanned.iter().chain(serde.as_ref().ok()) {
        for fixed in [crate::schema::property_names(), hcr_json::KeyTable::empty()] {
            let view = secret_events(document, fixed, false);
            let flat = secret_events(document, fixed, true);
            if view != flat {
                return Err(format!(
                    "the secret walks differ:\n view: {view:?}\n flat: {flat:?}"
                ));
            }
            events += view.len();
        }
    }
    Ok(events)
}

/// A value read from `bytes` (as `JSON.parse` keeps it), when either parser reads it.
#[must_use]
pub fn value_of(bytes: &[u8]) -> Option<Value> {
    let (spanned, serde) = both_ways(bytes, &Limits::default());
    spanned
        .or(serde.ok())
        .map(|document| document.tree.root().to_value())
}
