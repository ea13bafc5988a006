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

use globset::GlobSet;
use hcr_fs::ReadFailure;
use hcr_validate::{Action, Level, SelectionError, Target, parse_targets};
use serde::Deserialize;
use toml::Spanned;

use crate::change::{Change, Layer};

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
    /// Every override's patterns as one set.
    pub(crate) matcher: OverrideMatcher,
}

/// The overrides' patterns compiled together: one pass over a path finds every override it
/// matches, however many there are.
#[derive(Clone, Debug, Default)]
pub(crate) struct OverrideMatcher {
    set: GlobSet,
    /// The override each pattern of `set` belongs to.
    owners: Vec<usize>,
}

impl OverrideMatcher {
    /// The overrides `path` matches, in file order, each once.
    pub(crate) fn matching(&self, path: &Path) -> Vec<usize> {
        let mut found: Vec<usize> = self
            .set
            .matches(path)
            .into_iter()
            .filter_map(|pattern| self.owners.get(pattern).copied())
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }
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

impl LimitSettings {
    /// The record limits in force where `ceiling` is the most a caller allows (an MCP
    /// server's limits): each configured limit lowers its ceiling, none raises it.
    /// `ceiling.spelling` is kept.
    #[must_use]
    pub fn within(&self, ceiling: hcr_validate::Limits) -> hcr_validate::Limits {
        let lower = |ceiling: usize, configured: Option<usize>| {
            configured.map_or(ceiling, |value| value.min(ceiling))
        };
        hcr_validate::Limits {
            max_record_bytes: lower(ceiling.max_record_bytes, self.max_record_bytes),
            max_depth: lower(ceiling.max_depth, self.max_depth),
            max_string_bytes: lower(ceiling.max_string_bytes, self.max_string_bytes),
            max_array_items: lower(ceiling.max_array_items, self.max_array_items),
            max_object_members: lower(ceiling.max_object_members, self.max_object_members),
            max_diagnostics: lower(ceiling.max_diagnostics, self.max_diagnostics),
            spelling: ceiling.spelling,
        }
    }

    /// The files per run in force under the ceiling `max_files`: the configured value lowers
    /// it, never raises it.
    #[must_use]
    pub fn files_within(&self, max_files: usize) -> usize {
        self.max_files
            .map_or(max_files, |value| value.min(max_files))
    }

    /// The bytes read per artifact in force under the ceiling `max_bytes`.
    #[must_use]
    pub fn artifact_bytes_within(&self, max_bytes: u64) -> u64 {
        self.max_artifact_bytes
            .map_or(max_bytes, |value| value.min(max_bytes))
    }
}

/// `[[overrides]]`: changes for the records under some paths.
#[derive(Clone, Debug)]
pub(crate) struct Override {
    /// The globs as written.
    pub(crate) patterns: Vec<String>,
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
    limits: LimitsFile,
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    warn: Option<Vec<Spanned<String>>>,
    error: Option<Vec<Spanned<String>>>,
    #[serde(default)]
    overrides: Vec<OverrideFile>,
}

/// `[limits]` as written: each value with its place, for the error that refuses it.
#[derive(Default, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct LimitsFile {
    max_record_bytes: Option<Spanned<u64>>,
    max_depth: Option<Spanned<u64>>,
    max_string_bytes: Option<Spanned<u64>>,
    max_array_items: Option<Spanned<u64>>,
    max_object_members: Option<Spanned<u64>>,
    max_diagnostics: Option<Spanned<u64>>,
    max_files: Option<Spanned<u64>>,
    max_artifact_bytes: Option<Spanned<u64>>,
}

impl LimitsFile {
    /// The settings, each checked where it is written: a limit of 0 would fail every record,
    /// file or artifact, and a depth past the reader's ceiling cannot be read.
    fn check(self, at: &At<'_>) -> Result<LimitSettings, ConfigError> {
        let any =
            |key: &'static str, value: Option<Spanned<u64>>| checked(at, key, value, u64::MAX);
        let size = |key: &'static str, value: Option<Spanned<u64>>| {
            any(key, value).map(|v| v.map(|n| usize::try_from(n).unwrap_or(usize::MAX)))
        };
        let depth_ceiling = hcr_validate::Limits::DEPTH_CEILING as u64;
        Ok(LimitSettings {
            max_record_bytes: size("max-record-bytes", self.max_record_bytes)?,
            max_depth: checked(at, "max-depth", self.max_depth, depth_ceiling)?
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            max_string_bytes: size("max-string-bytes", self.max_string_bytes)?,
            max_array_items: size("max-array-items", self.max_array_items)?,
            max_object_members: size("max-object-members", self.max_object_members)?,
            max_diagnostics: size("max-diagnostics", self.max_diagnostics)?,
            max_files: size("max-files", self.max_files)?,
            max_artifact_bytes: any("max-artifact-bytes", self.max_artifact_bytes)?,
        })
    }
}

/// A limit's value, refused at its place when it is 0 or above `most`.
fn checked(
    at: &At<'_>,
    key: &'static str,
    value: Option<Spanned<u64>>,
    most: u64,
) -> Result<Option<u64>, ConfigError> {
    let Some(value) = value else {
        return Ok(None);
    };
    let span = value.span();
    match value.into_inner() {
        0 => Err(at.error(
            key,
            span,
            "0 would fail every input: give at least 1, or leave it out for the default",
        )),
        number if number > most => {
            Err(at.error(key, span, format!("{number} is out of range: 1 to {most}")))
        }
        number => Ok(Some(number)),
    }
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
    #[error(transparent)]
    Read(#[from] hcr_fs::InputError),
    /// It is not TOML of the expected shape (the message names the key, never quotes the
    /// line).
    #[error("`{}`, line {line}, column {column}: {message}", hcr_escape::path(.path))]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based.
        line: usize,
        /// 1-based, in characters.
        column: usize,
        /// What the TOML reader expected, with what it quotes of the file redacted, escaped
        /// and short.
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

/// The most characters of the file an error message quotes.
const QUOTED_CHARS: usize = 120;

impl At<'_> {
    /// The 1-based line and column (in characters) of byte `offset`.
    fn place(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &self.text[..offset];
        let line = before.bytes().filter(|b| *b == b'\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |at| at + 1);
        (line, before[line_start..].chars().count() + 1)
    }

    fn error(
        &self,
        key: &'static str,
        span: std::ops::Range<usize>,
        problem: impl fmt::Display,
    ) -> ConfigError {
        let (line, column) = self.place(span.start);
        ConfigError::Value {
            path: self.path.to_path_buf(),
            key,
            line,
            column,
            problem: quoted(&problem.to_string()),
        }
    }

    fn syntax(&self, error: &toml::de::Error) -> ConfigError {
        let start = error.span().map_or(0, |span| span.start);
        let (line, column) = self.place(start);
        let message = quoted(error.message().trim_end());
        let message = match self.key_at(start) {
            Some(key) => format!("`{key}`: {message}"),
            None => format!("TOML parse error: {message}"),
        };
        ConfigError::Syntax {
            path: self.path.to_path_buf(),
            line,
            column,
            message,
        }
    }

    /// The key of the `key = value` line holding byte `offset`, when the offset is in its
    /// value and the key is a plain one (never more than a short, escaped excerpt).
    fn key_at(&self, offset: usize) -> Option<String> {
        let offset = offset.min(self.text.len());
        let line_start = self.text.get(..offset)?.rfind('\n').map_or(0, |at| at + 1);
        let before = self.text.get(line_start..offset)?;
        let (key, _) = before.split_once('=')?;
        let key = key.trim();
        let plain = !key.is_empty()
            && key.len() <= 64
            && key
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
        plain.then(|| hcr_validate::secrets::quote(key, QUOTED_CHARS))
    }
}

/// A message that may hold text of the file: secrets redacted, terminal controls escaped, at
/// most a short excerpt.
fn quoted(message: &str) -> String {
    hcr_validate::secrets::quote(message, QUOTED_CHARS * 2)
}

impl Config {
    /// Reads and checks the configuration file `path`.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file, and for a bad setting its key and place.
    pub fn load(path: &Path) -> Result<Self, ConfigError> {
        let text = hcr_fs::read_text(path, &limit())?;
        Self::parse(path, &text)
    }

    /// Finds and reads the configuration for a run started in `start` ([`discover`]): the
    /// file found is opened beneath its folder's handle, and a symbolic link in its place is
    /// refused (a configuration hcr finds is never read through a link; one named explicitly
    /// is, with [`Config::load`]).
    ///
    /// # Errors
    /// [`ConfigError`] naming the file.
    pub fn find(start: &Path) -> Result<Option<Self>, ConfigError> {
        Self::find_within(start, None)
    }

    /// As [`Config::find`], the search also stopping after `stop` (an editor's workspace
    /// folder): nothing above it is looked at ([`discover_within`]).
    ///
    /// # Errors
    /// [`ConfigError`] naming the file.
    pub fn find_within(start: &Path, stop: Option<&Path>) -> Result<Option<Self>, ConfigError> {
        let Some(path) = discover_within(start, stop)? else {
            return Ok(None);
        };
        let folder = path.parent().unwrap_or_else(|| Path::new("."));
        let name = path.file_name().map(Path::new).unwrap_or(path.as_path());
        let opened =
            hcr_fs::Folder::open(folder).map_err(|e| read_error(&path, ReadFailure::Io(e)))?;
        read_beneath(&opened, name, &path).map(Some)
    }

    /// The configuration of the folder `folder` alone (an MCP server's root): `hcr.toml` or
    /// `.hcr.toml` in it, read through its handle without following a link; nothing above it
    /// is looked at.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file; [`ConfigError::Ambiguous`] when both names are there.
    pub fn in_folder(folder: &hcr_fs::Folder) -> Result<Option<Self>, ConfigError> {
        let found: Vec<&str> = FILE_NAMES
            .into_iter()
            .filter(|name| folder.kind(Path::new(name)).is_ok())
            .collect();
        match found.as_slice() {
            [] => Ok(None),
            [name] => {
                let path = folder.path().join(name);
                read_beneath(folder, Path::new(name), &path).map(Some)
            }
            _ => Err(ConfigError::Ambiguous(folder.path().to_path_buf())),
        }
    }

    /// Checks the configuration `text`, read from `path` (named in errors; overrides' paths
    /// are relative to its folder).
    ///
    /// # Errors
    /// [`ConfigError::Syntax`] or [`ConfigError::Value`].
    pub fn parse(path: &Path, text: &str) -> Result<Self, ConfigError> {
        let at = At { path, text };
        let file: File = toml::from_str(text).map_err(|e| at.syntax(&e))?;
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
                if let Err(e) = hcr_batch::glob_set([(glob.as_str(), glob.contains('/'))]) {
                    return Err(at.error("glob", span, format!("not a glob: {}", e.reason)));
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
        // Every override's patterns, with their places, matched together as one set.
        let mut all: Vec<(String, std::ops::Range<usize>)> = Vec::new();
        let mut owners = Vec::new();
        for entry in file.overrides {
            let span = entry.paths.span();
            let patterns = entry.paths.into_inner();
            if patterns.is_empty() {
                return Err(at.error("paths", span, "an override needs at least one path"));
            }
            let mut written = Vec::new();
            for pattern in patterns {
                let span = pattern.span();
                let pattern = pattern.into_inner();
                hcr_batch::check_glob(pattern.trim_start_matches("./"), true)
                    .map_err(|e| at.error("paths", span.clone(), format!("not a glob: {e}")))?;
                all.push((pattern.clone(), span));
                owners.push(overrides.len());
                written.push(pattern);
            }
            overrides.push(Override {
                patterns: written,
                layer: layer(
                    &at,
                    changes(entry.select, entry.ignore, entry.warn, entry.error),
                )?,
            });
        }
        let matcher = hcr_batch::glob_set(
            all.iter()
                .map(|(pattern, _)| (pattern.trim_start_matches("./"), true)),
        )
        .map_err(|e| {
            let span = all.get(e.index).map_or(0..0, |(_, span)| span.clone());
            at.error("paths", span, format!("not a glob: {}", e.reason))
        })?;
        let overrides_matcher = OverrideMatcher {
            set: matcher,
            owners,
        };
        let limits = file.limits.check(&at)?;
        Ok(Self {
            path: path.to_path_buf(),
            level,
            glob,
            deny_warnings: file.deny_warnings,
            limits,
            layer: top,
            overrides,
            matcher: overrides_matcher,
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

fn limit() -> hcr_fs::Limit {
    hcr_fs::Limit::new(MAX_CONFIG_BYTES, "a smaller configuration file")
}

fn read_error(path: &Path, failure: ReadFailure) -> ConfigError {
    ConfigError::Read(hcr_fs::InputError {
        path: Some(path.to_path_buf()),
        failure,
        limit: limit(),
    })
}

/// Reads the configuration file `name` beneath `folder` (no link followed), named `path`.
fn read_beneath(folder: &hcr_fs::Folder, name: &Path, path: &Path) -> Result<Config, ConfigError> {
    let bytes = folder
        .read(name, MAX_CONFIG_BYTES)
        .map_err(|failure| read_error(path, failure))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        read_error(
            path,
            ReadFailure::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!(
                    "it is not UTF-8 text (bad byte at offset {})",
                    e.utf8_error().valid_up_to()
                ),
            )),
        )
    })?;
    Config::parse(path, &text)
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
    discover_within(start, None)
}

/// As [`discover`], stopping also after the folder `stop` (when `start` is beneath it).
///
/// # Errors
/// [`ConfigError::Ambiguous`] when one folder holds both names.
pub fn discover_within(start: &Path, stop: Option<&Path>) -> Result<Option<PathBuf>, ConfigError> {
    for dir in start.ancestors() {
        // A link counts as found (and is refused when read): it never lets a file further
        // up take its place.
        let found: Vec<PathBuf> = FILE_NAMES
            .iter()
            .map(|name| dir.join(name))
            .filter(|path| std::fs::symlink_metadata(path).is_ok_and(|m| !m.is_dir()))
            .collect();
        match found.len() {
            0 => {}
            1 => return Ok(found.into_iter().next()),
            _ => return Err(ConfigError::Ambiguous(dir.to_path_buf())),
        }
        if dir.join(".git").exists() || stop == Some(dir) {
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
        assert_eq!(config.matcher.matching(Path::new("legacy/a/b.json")), [0]);
        assert!(
            config
                .matcher
                .matching(Path::new("old/a/b.json"))
                .is_empty()
        );
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
                "line 2, column 13: `max-depth`: 500 is out of range: 1 to 128",
            ),
            (
                "[limits]\nmax-depth = 1000",
                "line 2, column 13: `max-depth`: 1000 is out of range",
            ),
            (
                "[limits]\nmax-files = 10\nmax-record-bytes = 0",
                "line 3, column 20: `max-record-bytes`: 0 would fail every input",
            ),
            (
                "[limits]\nmax-artifact-bytes = 0",
                "line 2, column 22: `max-artifact-bytes`: 0 would fail every input",
            ),
            ("level = ", "proj/hcr.toml"),
        ] {
            let error = parse(text).expect_err(text).to_string();
            assert!(error.contains(wanted), "{text}: {error}");
            assert!(!error.contains("line 0"), "{text}: a real place: {error}");
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
