//! Drafting a record from any source format: one entry for every surface (`hcr convert
//! --from`, the MCP `convert` tool, Python's `convert`), above the converters it dispatches to.

use crate::draft::Draft;

/// A format a record is drafted from, named once for every surface (`hcr convert --from`,
/// the MCP `convert` tool, the Python `convert`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceFormat {
    /// A goal-handover note.
    GoalHandover,
    /// A spec-handoff/v1 artifact.
    SpecHandoff,
    /// The publisher's `HANDOFF.md`.
    HandoffMd,
    /// The hosted service's JSON brief.
    HandoverBrief,
}

impl SourceFormat {
    /// Every source format.
    pub const ALL: [Self; 4] = [
        Self::GoalHandover,
        Self::SpecHandoff,
        Self::HandoffMd,
        Self::HandoverBrief,
    ];

    /// The format's name (`goal-handover`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::GoalHandover => "goal-handover",
            Self::SpecHandoff => "spec-handoff",
            Self::HandoffMd => "handoff-md",
            Self::HandoverBrief => "handover-brief",
        }
    }
}

impl std::str::FromStr for SourceFormat {
    type Err = String;

    /// # Errors
    /// A name that is no source format, with the names that are.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|source| source.name() == name)
            .ok_or_else(|| {
                format!(
                    "unknown source format `{}`: goal-handover, spec-handoff, handoff-md or handover-brief",
                    hcr_escape::escape(name)
                )
            })
    }
}

/// Why no draft could be made from a source.
#[derive(Debug)]
pub enum DraftError {
    /// The goal-handover note is blank: there is no handover.
    BlankNote,
    /// The goal-handover note is over its cap.
    TooLong(crate::goal_handover::TooLong),
    /// The brief is not JSON (within the limits): the parser's diagnostic.
    NotJson(Box<hcr_validate::Diagnostic>),
}

/// Drafts a record from `text` in the `source` format (a brief is parsed within `limits`).
///
/// # Errors
/// [`DraftError`]: the source holds no handover to draft from.
pub fn draft_from(
    source: SourceFormat,
    text: &str,
    limits: &hcr_validate::Limits,
) -> Result<Draft, DraftError> {
    let mut draft = drafted(source, text, limits)?;
    let mut cut = 0;
    cap_strings(&mut draft.record, limits.max_string_bytes, &mut cut);
    if cut > 0 {
        draft.lost.push(format!(
            "the end of {cut} texts longer than {} bytes (a record's string holds no more)",
            limits.max_string_bytes
        ));
    }
    Ok(draft)
}

/// Cuts every string of `value` longer than `max` bytes to `max` (on a character boundary),
/// in place; counts the strings cut.
fn cap_strings(value: &mut serde_json::Value, max: usize, cut: &mut usize) {
    match value {
        serde_json::Value::String(text) if text.len() > max => {
            let mut end = max;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
            text.shrink_to_fit();
            *cut += 1;
        }
        serde_json::Value::Array(items) => {
            items
                .iter_mut()
                .for_each(|item| cap_strings(item, max, cut));
        }
        serde_json::Value::Object(map) => {
            map.values_mut()
                .for_each(|item| cap_strings(item, max, cut));
        }
        _ => {}
    }
}

fn drafted(
    source: SourceFormat,
    text: &str,
    limits: &hcr_validate::Limits,
) -> Result<Draft, DraftError> {
    Ok(match source {
        SourceFormat::GoalHandover => {
            let note = crate::goal_handover::normalize(text)
                .map_err(DraftError::TooLong)?
                .ok_or(DraftError::BlankNote)?;
            crate::goal_handover::from_note(&note)
        }
        SourceFormat::SpecHandoff => crate::convert::from_artifact(text),
        SourceFormat::HandoffMd => crate::handoff_md::from_handoff_md(text),
        SourceFormat::HandoverBrief => {
            let value =
                hcr_validate::parse_json(text.as_bytes(), limits).map_err(DraftError::NotJson)?;
            crate::handover_brief::from_brief_owned(value)
        }
    })
}
