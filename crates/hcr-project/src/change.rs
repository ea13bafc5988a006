//! A change of the selection (an action over some codes) and the layers they come in: what a
//! configuration and a command line both say.

use hcr_validate::{Action, Selection, SelectionError, Target, parse_targets};

/// One change: an action over some targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// What to do.
    pub action: Action,
    /// To which codes.
    pub targets: Vec<Target>,
}

impl Change {
    /// A change given as text, as on the command line: `ignore` and `hcr,HCR203`.
    ///
    /// # Errors
    /// An unknown target, with a suggestion, or one that cannot be changed.
    pub fn parse(action: Action, targets: &str) -> Result<Self, SelectionError> {
        Ok(Self {
            action,
            targets: parse_targets(targets)?,
        })
    }
}

/// Changes in the order they apply.
pub(crate) type Layer = Vec<Change>;

pub(crate) fn apply(selection: &mut Selection, layer: &[Change]) {
    for change in layer {
        selection.apply(change.action, &change.targets);
    }
}
