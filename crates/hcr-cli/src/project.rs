//! The project's choices from the command line: which options were given (the rest may come
//! from `hcr.toml`), the rule-selection options in the order given, the configuration file.

use std::path::Path;

use anyhow::{Context as _, Result};
use clap::ArgMatches;
use clap::parser::ValueSource;
use hcr_project::{Bounds, Config, Request, Resolved};
use hcr_validate::{Action, Level, ReceiverContext, Spelling, Validator};

use crate::args::{CheckArgs, ConfigArgs, InputArgs, SelectionArgs};

/// The options given on the command line, as clap saw them.
pub(crate) struct Given<'a> {
    matches: Option<&'a ArgMatches>,
}

impl<'a> Given<'a> {
    pub(crate) fn new(matches: Option<&'a ArgMatches>) -> Self {
        Self { matches }
    }

    /// The options of the subcommand `matches` runs (`hcr handoff-md lint`'s, say).
    pub(crate) fn of_command(matches: &'a ArgMatches) -> Self {
        let mut leaf = matches;
        while let Some((_, inner)) = leaf.subcommand() {
            leaf = inner;
        }
        Self::new(Some(leaf))
    }

    /// Whether the option `id` (the argument's field name) was given on the command line
    /// rather than left at its default.
    pub(crate) fn explicit(&self, id: &str) -> bool {
        // A command without the option (`receive` has no `--max-depth`) never gave it; clap
        // panics when asked of an id it does not know.
        self.matches
            .filter(|m| m.ids().any(|known| known.as_str() == id))
            .and_then(|m| m.value_source(id))
            .is_some_and(|source| source == ValueSource::CommandLine)
    }

    /// The rule-selection options in the order they were given, as written (read by
    /// [`hcr_project::Request::resolve`]).
    pub(crate) fn changes(&self, args: &SelectionArgs) -> Vec<(Action, String)> {
        let lists = [
            ("select", Action::Select, &args.select),
            ("ignore", Action::Ignore, &args.ignore),
            ("warn", Action::Warn, &args.warn),
            ("error", Action::Error, &args.error),
        ];
        let mut given: Vec<(usize, Action, &str)> = Vec::new();
        for (id, action, values) in lists {
            let indices: Vec<usize> = self
                .matches
                .and_then(|m| m.indices_of(id))
                .map(Iterator::collect)
                .unwrap_or_default();
            for (n, value) in values.iter().enumerate() {
                // Without matches (never from `main`), the options keep the table's order.
                let index = indices.get(n).copied().unwrap_or(usize::MAX);
                given.push((index, action, value.as_str()));
            }
        }
        given.sort_by_key(|(index, ..)| *index);
        given
            .into_iter()
            .map(|(_, action, value)| (action, value.to_owned()))
            .collect()
    }
}

/// The configuration in force: `--config FILE`, none with `--no-config`, otherwise the one
/// found from the current folder upward.
pub(crate) fn config(args: &ConfigArgs) -> Result<Option<Config>> {
    if args.no_config {
        return Ok(None);
    }
    match &args.config {
        Some(path) => Ok(Some(Config::load(path)?)),
        None => {
            let cwd = std::env::current_dir().context("the current folder cannot be read")?;
            Ok(Config::find(&cwd)?)
        }
    }
}

/// The request of a command that reads records (`receive`, `continue`, `diff`, `render`,
/// `convert`, `digest --fill`, the linters), resolved by `hcr-project` as `hcr validate`'s
/// is: `level` (the command's own), the project's settings and the command line's selection;
/// the record's size is `--max-input-bytes`, the other limits the configuration's.
pub(crate) fn resolve(
    check: &CheckArgs,
    given: &Given<'_>,
    level: Level,
    input: &InputArgs,
    receiver: Option<u64>,
) -> Result<Resolved> {
    let cwd = std::env::current_dir().context("the current folder cannot be read")?;
    // Here the record's size limit is `--max-input-bytes`.
    let on_command_line = |id: &str| {
        given.explicit(if id == "max_record_bytes" {
            "max_input_bytes"
        } else {
            id
        })
    };
    let mut request = Request {
        level: Some(level),
        receiver: receiver.is_some(),
        selection: given.changes(&check.selection),
        config: config(&check.config)?,
        limits: crate::input::record_limits(input),
        bounds: Bounds::UnlessGiven(&on_command_line),
        ..Request::new(Spelling::Option, &cwd)
    };
    if let Some(max_artifact_bytes) = receiver {
        request.max_artifact_bytes = max_artifact_bytes;
    }
    Ok(request.resolve()?)
}

/// The validator of a command that checks the record at `path` (standard input: `None`) at
/// `level`, below the receiver's: as [`resolve`] decides, with the overrides that match
/// `path`.
pub(crate) fn checker(
    check: &CheckArgs,
    given: &Given<'_>,
    level: Level,
    input: &InputArgs,
    path: Option<&Path>,
) -> Result<Validator> {
    let resolved = resolve(check, given, level, input, None)?;
    resolved.validator_for(path, |_| Ok(ReceiverContext::new()))
}
