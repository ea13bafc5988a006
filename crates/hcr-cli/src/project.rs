//! The project's choices from the command line: which options were given (the rest may come
//! from `hcr.toml`), the rule-selection options in the order given, the configuration file.

use anyhow::{Context as _, Result};
use clap::ArgMatches;
use clap::parser::ValueSource;
use hcr_project::Config;
use hcr_validate::Action;

use crate::args::{ConfigArgs, SelectionArgs};

/// The options given on the command line, as clap saw them.
pub(crate) struct Given<'a> {
    matches: Option<&'a ArgMatches>,
}

impl<'a> Given<'a> {
    pub(crate) fn new(matches: Option<&'a ArgMatches>) -> Self {
        Self { matches }
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
