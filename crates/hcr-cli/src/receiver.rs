//! The receiver's context from the command line, shared by `validate` and `receive`.

use std::io::{self, Write};

use anyhow::{Context as _, Result};
use hcr_validate::ReceiverContext;
use hcr_validate::receiver::{ArtifactStore, RevisionIndex};

use crate::args::ReceiverArgs;

/// Opens the folders (reading at most `max_artifact_bytes` per artifact) and reads the clock
/// and identity; notes on standard error the files of the revisions folder that are not
/// revisions.
pub(crate) fn context(args: &ReceiverArgs, max_artifact_bytes: u64) -> Result<ReceiverContext> {
    let mut context = ReceiverContext::new();
    if let Some(dir) = &args.artifacts {
        let store = ArtifactStore::open(dir, max_artifact_bytes).with_context(|| {
            format!("the artifacts folder `{}` cannot be opened", dir.display())
        })?;
        context = context.artifacts(store);
    }
    if let Some(dir) = &args.revisions {
        let index = RevisionIndex::open(dir).with_context(|| {
            format!("the revisions folder `{}` cannot be opened", dir.display())
        })?;
        let mut stderr = io::stderr().lock();
        for problem in index.problems() {
            writeln!(
                stderr,
                "hcr: note: ignoring `{}` in the revisions folder: {}",
                hcr_escape::escape(&problem.path.display().to_string()),
                problem.reason
            )?;
        }
        context = context.revisions(index);
    }
    if let Some(now) = &args.now {
        context = context.now(now.clone());
    }
    if let Some(actor) = &args.as_actor {
        context = context.actor_id(actor);
    }
    Ok(context)
}
