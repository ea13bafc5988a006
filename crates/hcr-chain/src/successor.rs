//! `hcr continue`: the successor of a record.
//!
//! The rule is the goal-handover design's: the caller's explicit input wins; otherwise the
//! successor inherits the immediate predecessor; one hop per transition, never a chain of
//! older revisions. Concretely:
//!
//! - `recordId` is kept; `provenance.sourceRevision` becomes the predecessor's plus one;
//!   `provenance.createdBy` and `createdAt` are the successor's author and time.
//! - A patch is a JSON object of top-level properties; each one present replaces the
//!   predecessor's *whole* property (no deep merge: a patched `evidence` is the new list, not
//!   the old one with additions). `null` removes an optional property. `schemaVersion`,
//!   `recordId` and `provenance` are managed and cannot be patched.
//! - Then the helpers run, in this order: move items from `inProgress` to `complete`, resolve
//!   reviews by the new revision, mark decisions superseded.

use hcr_types::{Actor, DateTime, DecisionStatus, Provenance, Record, ReviewStatus, Revision};
use serde_json::Value;

/// What the successor changes.
#[derive(Clone, Debug, Default)]
pub struct Continuation {
    /// Who writes the successor.
    pub by: Option<Actor>,
    /// When (the current time if unset).
    pub now: Option<DateTime>,
    /// Top-level properties that replace the predecessor's.
    pub patch: Option<Value>,
    /// `inProgress` items (exact text) to move to `complete`.
    pub complete: Vec<String>,
    /// Review ids to mark resolved by the new revision.
    pub resolve: Vec<String>,
    /// Decision summaries (exact text) to mark superseded.
    pub supersede: Vec<String>,
    /// Accept a predecessor without a revision number: the successor is revision 1.
    pub first: bool,
}

/// Why no successor could be made.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ContinueError {
    /// `--by` is required: a record says who produced it.
    #[error("the successor needs an author (--by ACTOR_ID[:TYPE])")]
    NoAuthor,
    /// The predecessor has no `recordId`.
    #[error(
        "the predecessor has no recordId, so its successor cannot be linked to it (with --first, a patch may give one)"
    )]
    NoRecordId,
    /// The predecessor has no revision number.
    #[error(
        "the predecessor has no provenance.sourceRevision (use --first to make the successor revision 1)"
    )]
    NoRevision,
    /// The patch is not an object or touches a managed property.
    #[error("the patch {0}")]
    Patch(String),
    /// A helper names an item that is not there.
    #[error("{0}")]
    Helper(String),
    /// The patched record does not have the schema's shape.
    #[error("the successor is not a record: {0}")]
    Shape(hcr_types::Error),
}

/// The managed properties a patch may not touch.
const MANAGED: [&str; 3] = ["schemaVersion", "recordId", "provenance"];

/// Makes the successor of `previous`.
///
/// # Errors
/// [`ContinueError`] when the predecessor cannot be continued or an input is wrong; nothing is
/// made then.
pub fn successor(previous: &Record, how: &Continuation) -> Result<Record, ContinueError> {
    let by = how.by.clone().ok_or(ContinueError::NoAuthor)?;
    let mut value = previous.to_value();
    if let Some(patch) = &how.patch {
        // A first revision may name the work it starts.
        let may_name = how.first && previous.record_id.is_none();
        apply_patch(&mut value, patch, may_name)?;
    }
    let mut next = Record::from_value(&value).map_err(ContinueError::Shape)?;
    // Extensions the patch leaves alone keep their exact JSON (a `Value` would round numbers).
    if how
        .patch
        .as_ref()
        .is_none_or(|p| p.get("extensions").is_none())
    {
        next.extensions.clone_from(&previous.extensions);
    }
    if next.record_id.is_none() {
        return Err(ContinueError::NoRecordId);
    }
    let revision = match previous
        .provenance
        .as_ref()
        .and_then(|p| p.source_revision.as_ref())
    {
        Some(revision) => revision.next(),
        None if how.first => Revision::new(1),
        None => return Err(ContinueError::NoRevision),
    }
    .map_err(|_| {
        ContinueError::Helper("the predecessor's revision is the largest there can be".into())
    })?;
    let now = how.now.clone().unwrap_or_else(DateTime::now);
    next.provenance = Some(Provenance::new(by, now).revision(revision.clone()));

    for text in &how.complete {
        let item = next.current_state.in_progress.remove(text).ok_or_else(|| {
            ContinueError::Helper(format!("no inProgress item reads exactly {text:?}"))
        })?;
        next.current_state
            .complete
            .push(item)
            .map_err(|_| ContinueError::Helper(format!("{text:?} is already in complete")))?;
    }
    for id in &how.resolve {
        let review = next
            .open_review
            .iter_mut()
            .find(|r| r.id.as_str() == id)
            .ok_or_else(|| ContinueError::Helper(format!("no review item has the id {id:?}")))?;
        if review.status == ReviewStatus::Resolved {
            return Err(ContinueError::Helper(format!(
                "review {id:?} is already resolved"
            )));
        }
        review.status = ReviewStatus::Resolved;
        review.resolved_by_revision = Some(revision.clone());
    }
    for summary in &how.supersede {
        let decision = next
            .decisions
            .iter_mut()
            .find(|d| d.summary.as_str() == summary)
            .ok_or_else(|| {
                ContinueError::Helper(format!("no decision reads exactly {summary:?}"))
            })?;
        decision.status = DecisionStatus::Superseded;
    }
    Ok(next)
}

/// Replaces each top-level property the patch gives; `null` removes one.
fn apply_patch(value: &mut Value, patch: &Value, may_name: bool) -> Result<(), ContinueError> {
    let Value::Object(patch) = patch else {
        return Err(ContinueError::Patch("is not a JSON object".into()));
    };
    let Value::Object(record) = value else {
        return Err(ContinueError::Patch("applies to a record object".into()));
    };
    for (key, new) in patch {
        if MANAGED.contains(&key.as_str()) && !(may_name && key == "recordId") {
            return Err(ContinueError::Patch(format!(
                "cannot set `{key}`: hcr continue manages it"
            )));
        }
        if new.is_null() {
            record.shift_remove(key);
        } else {
            record.insert(key.clone(), new.clone());
        }
    }
    Ok(())
}

/// Parses `ACTOR_ID[:TYPE]`. Ids often contain `:` (`agent:fixer`), so only a last part that
/// is a type (`human`, `agent`, `service`) is read as one; without it the type follows the
/// id's prefix (`user:` and `human:` are humans, `service:` services, anything else agents).
///
/// # Errors
/// An empty id.
pub fn parse_actor(spec: &str) -> Result<Actor, hcr_types::Error> {
    if let Some((id, kind)) = spec.rsplit_once(':')
        && let Some(kind) = hcr_types::ActorType::parse(kind)
    {
        return Actor::new(kind, id);
    }
    let kind = hcr_types::ActorType::of_id(spec).unwrap_or(hcr_types::ActorType::Agent);
    Actor::new(kind, spec)
}

/// A successor that passed the checks every surface makes before showing or writing one.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The successor.
    pub record: Record,
    /// Its pretty JSON text, as it is written.
    pub text: String,
}

/// Why [`checked_successor`] gives no successor.
#[derive(Debug)]
#[non_exhaustive]
pub enum Refusal {
    /// No successor could be made; the message never repeats a secret of the predecessor or
    /// the patch.
    Refused(String),
    /// The successor was made but is not valid at the normative level: the report about
    /// `text`. Nothing may be written.
    Invalid {
        /// The normative-level report.
        report: hcr_validate::Report,
        /// The successor's text the report's lines refer to.
        text: String,
    },
}

/// The text a patch was read from, and its name as messages show it (a path, escaped).
#[derive(Clone, Copy, Debug)]
pub struct PatchText<'a> {
    /// The name, e.g. `` `patch.json` ``.
    pub name: &'a str,
    /// The text.
    pub text: &'a str,
}

/// Makes the successor of `previous` as [`successor`] does, then validates it at the
/// normative level: only a valid successor is given.
///
/// # Errors
/// [`Refusal`]: why there is no successor.
pub fn checked_successor(previous: &Record, how: &Continuation) -> Result<Checked, Refusal> {
    checked_successor_in(previous, how, None)
}

/// [`checked_successor`] for a patch read from a file (`patch`, the text `how.patch` was
/// parsed from): a value of the patch the record cannot hold is named by its line and column
/// in that text.
///
/// # Errors
/// [`Refusal`]: why there is no successor.
pub fn checked_successor_in(
    previous: &Record,
    how: &Continuation,
    patch: Option<PatchText<'_>>,
) -> Result<Checked, Refusal> {
    use hcr_validate::{Level, Validator};
    checked_successor_with(previous, how, patch, &Validator::new(Level::Normative))
}

/// [`checked_successor_in`], the successor checked by `validator` (a project's: its level,
/// normative or above, its limits and its selection) rather than by the code table's
/// defaults at the normative level.
///
/// # Errors
/// [`Refusal`]: why there is no successor.
pub fn checked_successor_with(
    previous: &Record,
    how: &Continuation,
    patch: Option<PatchText<'_>>,
    validator: &hcr_validate::Validator,
) -> Result<Checked, Refusal> {
    // What the predecessor and the patch hold is never repeated, not even in an error.
    let next = successor(previous, how).map_err(|error| {
        let secrets = hcr_validate::secrets::of_record(&previous.to_value()).union(
            how.patch
                .as_ref()
                .map(hcr_validate::secrets::of_record)
                .unwrap_or_default(),
        );
        let message = match &error {
            ContinueError::Shape(hcr_types::Error::Read { pointer, message })
                if patched(how.patch.as_ref(), pointer) =>
            {
                in_patch(pointer, message, patch)
            }
            _ => error.to_string(),
        };
        Refusal::Refused(secrets.redact(&message).into_owned())
    })?;
    let text = next.to_json_pretty();
    let report = validator.validate_str(&text);
    if report.valid() {
        Ok(Checked { record: next, text })
    } else {
        Err(Refusal::Invalid { report, text })
    }
}

/// The file name a revision is written under: `{recordId}.r{revision}.json`, the id's
/// characters outside `[A-Za-z0-9._-]` as `_` (a name that would be empty or hidden starts
/// with `record`).
#[must_use]
pub fn revision_file_name(record: &Record) -> String {
    let id = record
        .record_id
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    let name: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '_'
            }
        })
        .collect();
    let name = if name.is_empty() || name.starts_with('.') {
        format!("record{name}")
    } else {
        name
    };
    format!("{name}.r{}.json", record.revision().unwrap_or(0))
}

/// Whether `pointer` (into the successor) is in a property the patch gave.
fn patched(patch: Option<&Value>, pointer: &hcr_types::JsonPointer) -> bool {
    let Some(Value::Object(patch)) = patch else {
        return false;
    };
    pointer
        .unescaped_tokens()
        .next()
        .is_some_and(|key| patch.get(&key).is_some_and(|value| !value.is_null()))
}

/// The message for a value of the patch the record cannot hold: where it is in the patch (its
/// line and column in `patch_text`, the nearest enclosing value the text holds), then what is
/// wrong.
fn in_patch(
    pointer: &hcr_types::JsonPointer,
    message: &str,
    patch: Option<PatchText<'_>>,
) -> String {
    let Some(patch) = patch else {
        return format!("the patch: `{pointer}`: {message}");
    };
    let mut at = pointer.clone();
    let place = loop {
        let found = hcr_json::locate(patch.text, &[(&at, hcr_json::Anchor::Value)])
            .pop()
            .flatten();
        if let Some(range) = found {
            break hcr_json::positions(patch.text.as_bytes(), &[range.start]).pop();
        }
        match at.parent() {
            Some(parent) => at = parent,
            None => break None,
        }
    };
    match place {
        Some(place) => format!(
            "the patch {}, line {}, column {}: `{pointer}`: {message}",
            patch.name, place.line, place.column
        ),
        None => format!("the patch {}: `{pointer}`: {message}", patch.name),
    }
}
