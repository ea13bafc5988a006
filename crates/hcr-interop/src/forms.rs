//! The forms a valid record is rendered in, named once for every surface (`hcr render --as`,
//! the MCP `render` tool, the Python `render`).

use std::fmt;
use std::str::FromStr;

use hcr_types::Record;

/// A form a valid record is rendered in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// The goal-handover note (at most 4,096 bytes).
    GoalHandover,
    /// That note inside the reference agent's `<untrusted_handover>` block.
    UntrustedBlock,
    /// A Markdown page for people.
    Markdown,
    /// The publisher's `HANDOFF.md` shape, carrying the record.
    HandoffMd,
}

impl Form {
    /// Every form, in the order they are listed.
    pub const ALL: [Self; 4] = [
        Self::GoalHandover,
        Self::UntrustedBlock,
        Self::Markdown,
        Self::HandoffMd,
    ];

    /// The form's name (`goal-handover`, …).
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::GoalHandover => "goal-handover",
            Self::UntrustedBlock => "untrusted-block",
            Self::Markdown => "markdown",
            Self::HandoffMd => "handoff-md",
        }
    }

    /// `record` in this form.
    #[must_use]
    pub fn render(self, record: &Record) -> String {
        use crate::goal_handover::{to_note, untrusted_block};
        match self {
            Self::GoalHandover => format!("{}\n", to_note(record)),
            Self::UntrustedBlock => untrusted_block(Some(&to_note(record))),
            Self::Markdown => crate::markdown::render(record),
            Self::HandoffMd => crate::handoff_md::render(record),
        }
    }
}

/// A name that is no form; says which are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownForm(pub String);

impl fmt::Display for UnknownForm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown form `{}`: goal-handover, untrusted-block, markdown or handoff-md",
            hcr_escape::escape(&self.0)
        )
    }
}

impl std::error::Error for UnknownForm {}

impl FromStr for Form {
    type Err = UnknownForm;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|form| form.name() == name)
            .ok_or_else(|| UnknownForm(name.to_owned()))
    }
}
