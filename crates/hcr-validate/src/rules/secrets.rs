//! HCR204: no secret anywhere in the record: strings, keys, credential pairs, split array
//! items, extensions and values a duplicate key overwrote (see [`crate::secrets`]).
//!
//! Every secret found is collected for masking; a diagnostic (and its pointer) is only built
//! while the record's diagnostic limit has room.

use super::Findings;
use crate::secrets::{Event, RULES, Shape, redact, walk_tree};
use crate::sink::Input;
use crate::sink::field;

pub(super) fn check(input: &Input<'_, '_>, sink: &mut Findings<'_>) {
    let root = hcr_types::JsonPointer::root();
    let fixed = crate::property_names();
    walk_tree(input.tree, 0, &root, None, fixed, &mut |event| {
        report(event, sink)
    });
    for overwritten in input.overwritten {
        walk_tree(
            input.tree,
            overwritten.value,
            &overwritten.pointer,
            Some(overwritten.occurrence),
            fixed,
            &mut |event| report(event, sink),
        );
    }
}

fn report(event: &Event<'_>, sink: &mut Findings<'_>) {
    sink.secrets().add(event.pieces);
    if !sink.wanted_with_room() {
        sink.omit();
        return;
    }
    let rule = &RULES[event.rule];
    let at = event.pointer();
    let whole: String = event.pieces.concat();
    let shown = redact(&whole);
    let message = match (event.shape, event.items) {
        (Shape::Key, _) => format!(
            "the key of {} contains {} (rule `{}`): {shown}",
            field(&at),
            rule.kind,
            rule.id
        ),
        (Shape::Split, Some((_, last))) => format!(
            "{} and the items after it up to index {last} hold {} split across them (rule `{}`): {shown}",
            field(&at),
            rule.kind,
            rule.id
        ),
        _ => format!(
            "{} contains {} (rule `{}`): {shown}",
            field(&at),
            rule.kind,
            rule.id
        ),
    };
    sink.found_with(at, message, |d| d.anchor(event.anchor));
}
