//! `hcr.toml`: a project's settings, found from the current folder upward to the repository
//! root.
//!
//! ```toml
//! level = "normative"          # schema, normative or receiver
//! glob = "*.json"              # which files to check in folders
//! deny-warnings = false
//! select = ["all"]             # codes, names or groups
//! ignore = ["extension-not-namespaced"]
//! warn = []
//! error = ["duplicate-evidence-id"]
//!
//! [limits]
//! max-record-bytes = 16777216
//! max-diagnostics = 100
//!
//! [[overrides]]
//! paths = ["legacy/**"]        # globs, relative to the folder holding this file
//! ignore = ["hcr"]
//! ```
//!
//! Within one table the changes apply in the order `select`, `ignore`, `warn`, `error`; the
//! overrides whose paths match a record apply after the top level, in file order; the
//! command line's options apply last. Unknown keys are errors naming the key and the file.

use std::fmt;
use std::path::{Path, PathBuf};

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};
use hcr_validate::{Action, Level, SelectionError, Target, parse_targets};
use serde::Deserialize;
use toml::Spanned;

use crate::rules::{Change, Layer};

/// The file names looked for in each folder, in this order.
pub const FILE_NAMES: [&str; 2] = ["hcr.toml", ".hcr.toml"];

/// A configuration file is read whole; past this size it is refused.
pub const MAX_CONFIG_BYTES: usize = 1024 * 1024;

/// A configuration file, read and checked.
#[derive(Clone, Debug)]
pub struct Config {
    /// The file it was read from.
    pub path: PathBuf,
    /// `level`.
    pub level: Option<Level>,
    /// `glob`.
    pub glob: Option<String>,
    /// `deny-warnings`.
    pub deny_warnings: Option<bool>,
    /// `[limits]`.
    pub limits: LimitSettings,
    /// The top level's `select`, `ignore`, `warn`, `error`.
    pub(crate) layer: Layer,
    /// `[[overrides]]`, in file order.
    pub(crate) overrides: Vec<Override>,
}

/// `[limits]`: each the same as the command-line option of the same name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct LimitSettings {
    /// `--max-record-bytes`.
    pub max_record_bytes: Option<usize>,
    /// `--max-depth`.
    pub max_depth: Option<usize>,
    /// `--max-string-bytes`.
    pub max_string_bytes: Option<usize>,
    /// `--max-array-items`.
    pub max_array_items: Option<usize>,
    /// `--max-object-members`.
    pub max_object_members: Option<usize>,
    /// `--max-diagnostics`.
    pub max_diagnostics: Option<usize>,
    /// `--max-files`.
    pub max_files: Option<usize>,
    /// `--max-artifact-bytes`.
    pub max_artifact_bytes: Option<u64>,
}

impl LimitSettings {
    /// The record limits in force: for each limit, `base`'s value when `explicit` says the
    /// caller gave it (the command line's `max_depth`, say), else the configured one, else
    /// `base`'s. `base.spelling` is kept.
    #[must_use]
    pub fn record_limits(
        &self,
        base: hcr_validate::Limits,
        explicit: impl Fn(&str) -> bool,
    ) -> hcr_validate::Limits {
        let pick = |id: &str, given: usize, configured: Option<usize>| {
            if explicit(id) {
                given
            } else {
                configured.unwrap_or(given)
            }
        };
        hcr_validate::Limits {
            max_record_bytes: pick(
                "max_record_bytes",
                base.max_record_bytes,
                self.max_record_bytes,
            ),
            max_depth: pick("max_depth", base.max_depth, self.max_depth),
            max_string_bytes: pick(
                "max_string_bytes",
                base.max_string_bytes,
                self.max_string_bytes,
            ),
            max_array_items: pick(
                "max_array_items",
                base.max_array_items,
                self.max_array_items,
            ),
            max_object_members: pick(
                "max_object_members",
                base.max_object_members,
                self.max_object_members,
            ),
            max_diagnostics: pick(
                "max_diagnostics",
                base.max_diagnostics,
                self.max_diagnostics,
            ),
            spelling: base.spelling,
        }
    }
}

/// `[[overrides]]`: changes for the records under some paths.
#[derive(Clone, Debug)]
pub(crate) struct Override {
    /// The globs as written.
    pub(crate) patterns: Vec<String>,
    pub(crate) paths: GlobSet,
    pub(crate) layer: Layer,
}

/// The file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct File {
    level: Option<Spanned<String>>,
    glob: Option<Spanned<String>>,
    deny_warnings: Option<bool>,
    #[serde(default)]
    limits: LimitSettings,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    warn: Option<Vec<Spanned<String>>>,
    error: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    overrides: Vec<OverrideFile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OverrideFile {
    paths: Spanned<Vec<Spanned<String>>>,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    warn: Option<Vec<Spanned<String>>>,
    error: Option<Vec<Spanned<String>>>,
}

/// `select`, `ignore`, `warn`, `error` as written (serde's `flatten` cannot be combined with
/// `deny_unknown_fields`, so each table lists them).
type Changes = [(&'static str, Action, Option<Vec<Spanned<String>>>); 4];

fn changes(
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    warn: Option<Vec<Spanned<String>>>,
    error: Option<Vec<Spanned<String>>>,
) -> Changes {
    [
        ("select", Action::Select, select),
        ("ignore", Action::Ignore, ignore),
        ("warn", Action::Warn, warn),
        ("error", Action::Error, error),
    ]
}

/// A configuration file could not be found, read or understood.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigError {
    /// It could not be read.
    #[error("{0}")]
    Read(#[from] hcr_fs::InputError),
    /// It is not TOML of the expected shape (the message names the key).
    #[error("`{}`: {message}", hcr_escape::path(.path))]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The TOML reader's message, with the line and column.
        message: String,
    },
    /// A setting's value is wrong.
    #[error("`{}`, line {line}, column {column}: `{key}`: {problem}", hcr_escape::path(.path))]
    Value {
        /// The file.
        path: PathBuf,
        /// The key.
        key: &'static str,
        /// 1-based.
        line: usize,
        /// 1-based, in characters.
        column: usize,
        /// What is wrong.
        problem: String,
    },
    /// A folder holds both `hcr.toml` and `.hcr.toml`.
    #[error("`{}` holds both hcr.toml and .hcr.toml: keep one", hcr_escape::path(.0))]
    Ambiguous(PathBuf),
}

/// Where a setting is in the file, for messages.
struct At<'a> {
    path: &'a Path,
    text: &'a str,
}

impl At<'_> {
    fn error(
        &self,
        key: &'static str,
        span: std::ops::Range<usize>,
        problem: impl fmt::Display,
    ) -> ConfigError {
        let before = &self.text[..span.start.min(self.text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        ConfigError::Value {
            path: self.path.to_path_buf(),
            key,
            line,
            column,
            problem: problem.to_string(),
        }
    }
}

impl Config {
    /// Reads and checks the configuration file `path`.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file, and for a bad setting its key and place.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        let limit = hcr_fs::Limit::new(MAX_CONFIG_BYTES, "a smaller configuration file");
        let text = hcr_fs::read_text(path, &limit)?;
        Self::parse(path, &text)
    }

    /// Checks the configuration `text`, read from `path` (named in errors; overrides' paths
    /// are relative to its folder).
    ///
    /// # Errors
    /// [`ConfigError::Syntax`] or [`ConfigError::Value`].
    pub fn parse(path: &Path, text: &str) -> Result<Self, ConfigError> {
        let file: File = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            path: path.to_path_buf(),
            message: e.to_string().trim_end().to_owned(),
        })?;
        let at = At { path, text };
        let level = match file.level {
            Some(level) => {
                let span = level.span();
                Some(level.into_inner().parse::<Level>().map_err(|_| {
                    at.error(
                        "level",
                        span,
                        "not a level: use schema, normative or receiver",
                    )
                })?)
            }
            None => None,
        };
        let glob = match file.glob {
            Some(glob) => {
                let span = glob.span();
                let glob = glob.into_inner();
                if let Err(e) = globset::Glob::new(&glob) {
                    return Err(at.error("glob", span, format!("not a glob: {}", e.kind())));
                }
                Some(glob)
            }
            None => None,
        };
        let top = layer(
            &at,
            changes(file.select, file.ignore, file.warn, file.error),
        )?;
        let mut overrides = Vec::new();
        for entry in file.overrides {
            let span = entry.paths.span();
            let patterns = entry.paths.into_inner();
            if patterns.is_empty() {
                return Err(at.error("paths", span, "an override needs at least one path"));
            }
            let mut set = GlobSetBuilder::new();
            let mut written = Vec::new();
            for pattern in patterns {
                let span = pattern.span();
                let pattern = pattern.into_inner();
                let glob = GlobBuilder::new(pattern.trim_start_matches("./"))
                    .literal_separator(true)
                    .build()
                    .map_err(|e| at.error("paths", span, format!("not a glob: {}", e.kind())))?;
                set.add(glob);
                written.push(pattern);
            }
            let paths = set
                .build()
                .map_err(|e| at.error("paths", 0..0, format!("not a glob: {}", e.kind())))?;
            overrides.push(Override {
                patterns: written,
                paths,
                layer: layer(
                    &at,
                    changes(entry.select, entry.ignore, entry.warn, entry.error),
                )?,
            });
        }
        if let Some(depth) = file.limits.max_depth
            && !(1..=hcr_validate::Limits::DEPTH_CEILING).contains(&depth)
        {
            return Err(ConfigError::Value {
                path: path.to_path_buf(),
                key: "max-depth",
                line: 0,
                column: 0,
                problem: format!(
                    "{depth} is out of range: 1 to {}",
                    hcr_validate::Limits::DEPTH_CEILING
                ),
            });
        }
        Ok(Self {
            path: path.to_path_buf(),
            level,
            glob,
            deny_warnings: file.deny_warnings,
            limits: file.limits,
            layer: top,
            overrides,
        })
    }

    /// The folder the file is in: overrides' paths are relative to it.
    #[must_use]
    pub fn root(&self) -> &Path {
        self.path.parent().unwrap_or_else(|| Path::new("."))
    }

    /// The overrides' path patterns, as written, in file order.
    pub fn override_patterns(&self) -> impl Iterator<Item = &[String]> {
        self.overrides.iter().map(|o| o.patterns.as_slice())
    }
}

/// The changes of one table, checked, in the order they apply.
fn layer(at: &At<'_>, changes: Changes) -> Result<Layer, ConfigError> {
    let mut layer = Vec::new();
    for (key, action, items) in changes {
        let Some(items) = items else { continue };
        let mut targets: Vec<Target> = Vec::new();
        for item in items {
            let span = item.span();
            let parsed = parse_targets(item.get_ref())
                .map_err(|e: SelectionError| at.error(key, span, e))?;
            targets.extend(parsed);
        }
        layer.push(Change { action, targets });
    }
    Ok(layer)
}

/// Finds the configuration file for a run started in `start`: the first folder, from `start`
/// upward, that holds `hcr.toml` or `.hcr.toml`, stopping after the repository root (the
/// first folder holding `.git`) or at the file system's root.
///
/// # Errors
/// [`ConfigError::Ambiguous`] when one folder holds both names.
pub fn discover(start: &Path) -> Result<Option<PathBuf>, ConfigError> {
    for dir in start.ancestors() {
        let found: Vec<PathBuf> = FILE_NAMES
            .iter()
            .map(|name| dir.join(name))
            .filter(|path| path.is_file())
            .collect();
        match found.len() {
            0 => {}
            1 => return Ok(found.into_iter().next()),
            _ => return Err(ConfigError::Ambiguous(dir.to_path_buf())),
        }
        if dir.join(".git").exists() {
            break;
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(Path::new("proj/hcr.toml"), text)
    }

    #[test]
    fn a_full_file_reads() {
        let config = parse(
            r#"
level = "receiver"
glob = "**/*.hcr.json"
deny-warnings = true
select = ["all"]
ignore = ["HCR203", "hcr"]
error = ["duplicate-evidence-id"]

[limits]
max-diagnostics = 20
max-files = 10

[[overrides]]
paths = ["legacy/**", "old/*.json"]
ignore = ["schema"]
"#,
        )
        .expect("valid");
        assert_eq!(config.level, Some(Level::Receiver));
        assert_eq!(config.limits.max_diagnostics, Some(20));
        assert_eq!(config.layer.len(), 3);
        assert_eq!(config.overrides.len(), 1);
        assert!(config.overrides[0].paths.is_match("legacy/a/b.json"));
        assert!(!config.overrides[0].paths.is_match("old/a/b.json"));
        assert_eq!(config.root(), Path::new("proj"));
    }

    #[test]
    fn every_bad_setting_names_its_key_and_place() {
        for (text, wanted) in [
            ("colour = true", "unknown field `colour`"),
            ("[limits]\nmax-bytes = 3", "unknown field `max-bytes`"),
            (
                "[[overrides]]\npaths = [\"a/**\"]\nlevel = \"schema\"",
                "unknown field `level`",
            ),
            ("[[overrides]]\nignore = [\"hcr\"]", "missing field `paths`"),
            ("select = \"HCR205\"", "invalid type"),
            (
                "level = \"strict\"",
                "line 1, column 9: `level`: not a level",
            ),
            (
                "ignore = [\"HCR2O5\"]",
                "line 1, column 11: `ignore`: `HCR2O5` is not a code, a code name or a group (did you mean `HCR205`?)",
            ),
            ("warn = [\"HCR001\"]", "`warn`: HCR001 cannot be changed"),
            ("glob = \"[\"", "`glob`: not a glob"),
            (
                "[[overrides]]\npaths = []",
                "`paths`: an override needs at least one path",
            ),
            ("[[overrides]]\npaths = [\"a/[\"]", "`paths`: not a glob"),
            (
                "[limits]\nmax-depth = 500",
                "`max-depth`: 500 is out of range",
            ),
            ("level = ", "proj/hcr.toml"),
        ] {
            let error = parse(text).expect_err(text).to_string();
            assert!(error.contains(wanted), "{text}: {error}");
            assert!(
                error.contains("proj/hcr.toml"),
                "{text}: names the file: {error}"
            );
        }
    }

    #[test]
    fn discovery_stops_at_the_repository_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let repo = dir.path().join("repo");
        let deep = repo.join("a/b");
        std::fs::create_dir_all(&deep).expect("dirs");
        std::fs::write(dir.path().join("hcr.toml"), "").expect("write");
        std::fs::create_dir(repo.join(".git")).expect("git");
        assert_eq!(discover(&deep).expect("ok"), None, "outside the repository");
        std::fs::write(repo.join(".hcr.toml"), "").expect("write");
        assert_eq!(discover(&deep).expect("ok"), Some(repo.join(".hcr.toml")));
        std::fs::write(repo.join("a/hcr.toml"), "").expect("write");
        assert_eq!(discover(&deep).expect("ok"), Some(repo.join("a/hcr.toml")));
        std::fs::write(repo.join("a/.hcr.toml"), "").expect("write");
        assert!(matches!(discover(&deep), Err(ConfigError::Ambiguous(_))));
    }
}
