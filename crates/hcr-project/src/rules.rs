//! Which codes a record is checked with: the code table's defaults, then the configuration's
//! top level, then the overrides that match the record's path, then the command line, each
//! change applied over the ones before.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

use hcr_validate::Selection;

use crate::change::{Change, Layer, apply};
use crate::config::Config;

/// The choices of codes for a run: a configuration (if any) and the command line's changes.
#[derive(Clone, Debug, Default)]
pub struct Choices {
    config: Option<Config>,
    /// The configuration's folder, absolute, for matching overrides.
    root: PathBuf,
    /// Where relative record paths start (the current folder).
    cwd: PathBuf,
    command_line: Layer,
    /// The selection of a record no override matches.
    plain: Selection,
    /// The selection for each set of matching overrides met so far (records in one folder
    /// match the same ones): decided once per set, not once per record.
    cache: std::sync::Arc<std::sync::Mutex<HashMap<Vec<usize>, Selection>>>,
}

/// The most sets of matching overrides remembered.
const MAX_CACHED: usize = 1024;

impl Choices {
    /// The choices of `config` (if any) and then `command_line`, for records whose relative
    /// paths start at `cwd`.
    #[must_use]
    pub fn new(config: Option<Config>, command_line: Vec<Change>, cwd: &Path) -> Self {
        let root = config
            .as_ref()
            .map(|c| normalize(&cwd.join(c.root())))
            .unwrap_or_default();
        let mut plain = Selection::default();
        if let Some(config) = &config {
            apply(&mut plain, &config.layer);
        }
        apply(&mut plain, &command_line);
        Self {
            config,
            root,
            cwd: normalize(cwd),
            command_line,
            plain,
            cache: std::sync::Arc::default(),
        }
    }

    /// The selection for records that no override names (and for standard input).
    #[must_use]
    pub fn selection(&self) -> Selection {
        self.plain
    }

    /// Whether any override could change a record's selection.
    #[must_use]
    pub fn has_overrides(&self) -> bool {
        self.config
            .as_ref()
            .is_some_and(|c| !c.overrides.is_empty())
    }

    /// The selection for the record file `path` (relative to the current folder, or absolute).
    #[must_use]
    pub fn selection_for(&self, path: &Path) -> Selection {
        let Some(config) = &self.config else {
            return self.plain;
        };
        let absolute = normalize(&self.cwd.join(path));
        let Ok(relative) = absolute.strip_prefix(&self.root) else {
            return self.plain;
        };
        let matching = config.matcher.matching(relative);
        if matching.is_empty() {
            return self.plain;
        }
        if let Ok(cache) = self.cache.lock()
            && let Some(found) = cache.get(&matching)
        {
            return *found;
        }
        let mut selection = Selection::default();
        apply(&mut selection, &config.layer);
        for entry in &matching {
            apply(&mut selection, &config.overrides[*entry].layer);
        }
        apply(&mut selection, &self.command_line);
        if let Ok(mut cache) = self.cache.lock()
            && cache.len() < MAX_CACHED
        {
            cache.insert(matching, selection);
        }
        selection
    }

    /// The configuration in force.
    #[must_use]
    pub fn config(&self) -> Option<&Config> {
        self.config.as_ref()
    }
}

/// `path` without `.` segments and with `..` applied, lexically (nothing is read).
pub(crate) fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use hcr_validate::{Action, Code, Severity};

    #[test]
    fn overrides_apply_after_the_top_level_and_before_the_command_line() {
        let config = Config::parse(
            Path::new("/work/proj/hcr.toml"),
            r#"
ignore = ["HCR203"]
[[overrides]]
paths = ["legacy/**"]
ignore = ["hcr"]
error = ["HCR203"]
[[overrides]]
paths = ["legacy/keep/**"]
warn = ["HCR210"]
"#,
        )
        .expect("valid");
        let cli = vec![Change::parse(Action::Error, "HCR205").expect("valid")];
        let choices = Choices::new(Some(config), cli, Path::new("/work/proj/sub"));
        let plain = choices.selection_for(Path::new("a.json"));
        assert_eq!(plain.severity(Code::Hcr203), None);
        assert_eq!(plain.severity(Code::Hcr205), Some(Severity::Error));
        let legacy = choices.selection_for(Path::new("../legacy/x/a.json"));
        assert_eq!(legacy.severity(Code::Hcr203), Some(Severity::Error));
        assert_eq!(legacy.severity(Code::Hcr210), None);
        assert_eq!(
            legacy.severity(Code::Hcr205),
            Some(Severity::Error),
            "the command line wins"
        );
        let keep = choices.selection_for(Path::new("/work/proj/legacy/keep/a.json"));
        assert_eq!(keep.severity(Code::Hcr210), Some(Severity::Warning));
        assert_eq!(
            choices.selection_for(Path::new("/elsewhere/legacy/a.json")),
            plain
        );
    }

    #[test]
    fn paths_normalize_lexically() {
        assert_eq!(normalize(Path::new("/a/./b/../c")), PathBuf::from("/a/c"));
        assert_eq!(normalize(Path::new("../x")), PathBuf::from("../x"));
    }
}
